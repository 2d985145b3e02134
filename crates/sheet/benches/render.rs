//! Renders and encodes an A4 standings page at 300 DPI: the RGBA path
//! (`render_page` + `to_png`) and the greyscale path the command line and
//! the app's export take (`to_png_pages`, `png_set`), one page and a set
//! of 16 sheets of 2 pages encoded on every core; and the PDFs of that
//! set (`pdf_set`).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use feldherr_sheet::{Align, Column, Document, Footer, Paragraph, Table, pdf_set, png_set};

/// A standings sheet: one A4 page holding a 64-row table in 7 pt.
fn standings_sheet() -> Document {
    standings_sheet_of(64)
}

/// A standings sheet of `rows` rows (64 fill one page).
fn standings_sheet_of(rows: usize) -> Document {
    let mut table = Table::new([
        Column::new("#", 0.06).align(Align::Right),
        Column::new("Player", 0.30),
        Column::new("Army", 0.24),
        Column::new("Games", 0.09).align(Align::Centre),
        Column::new("Wins", 0.09).align(Align::Centre),
        Column::new("VP", 0.11).align(Align::Right),
        Column::new("Points", 0.11).align(Align::Right),
    ])
    .zebra(true)
    .font_size(7.0)
    .row_padding(1.0);
    for i in 0..rows {
        table.push_row(
            [
                (i + 1).to_string(),
                format!("Spieler Größe {i} / Игрок {i}"),
                ["Empire", "Dwarfs", "Orcs & Goblins", "Kislev"][i % 4].to_owned(),
                "5".to_owned(),
                (i % 6).to_string(),
                (9000 - 97 * i).to_string(),
                (100 - i).to_string(),
            ],
            false,
        );
    }
    Document::new()
        .with_footer(Footer::new("WFB New Year 2026", "2026-01-03"))
        .block(Paragraph::heading("Event standings after round 5"))
        .block(table)
}

fn bench(c: &mut Criterion) {
    let doc = standings_sheet();
    let layout = match doc.layout() {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(
        layout.page_count(),
        1,
        "the bench page must hold all 64 rows"
    );
    c.bench_function("layout 64-row standings", |b| {
        b.iter(|| black_box(doc.layout()).is_ok())
    });
    c.bench_function("render A4 300dpi 64-row table", |b| {
        b.iter(|| black_box(layout.render_page(0)).is_ok())
    });
    let page = match layout.render_page(0) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    };
    c.bench_function("encode A4 300dpi PNG", |b| {
        b.iter(|| black_box(page.to_png()).is_ok())
    });
    c.bench_function("layout+render+encode A4 300dpi 64-row table", |b| {
        b.iter(|| {
            let png = doc
                .layout()
                .and_then(|l| l.render_page(0))
                .and_then(|p| p.to_png());
            black_box(png).is_ok()
        })
    });
}

fn bench_sets(c: &mut Criterion) {
    let doc = standings_sheet();
    let layout = match doc.layout() {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    c.bench_function("greyscale page: to_png_pages A4 300dpi 64-row table", |b| {
        b.iter(|| black_box(layout.to_png_pages()).is_ok())
    });
    // 16 sheets of two pages each (120 rows), as an event export.
    let set: Vec<Document> = (0..16).map(|_| standings_sheet_of(120)).collect();
    let mut group = c.benchmark_group("set of 16 sheets, 32 pages");
    group.sample_size(10);
    group.bench_function("png_set (layout + greyscale PNG, all cores)", |b| {
        b.iter(|| black_box(png_set(&set)).is_ok())
    });
    group.bench_function(
        "pdf_set (layout + 16 PDFs + all-sheets PDF, all cores)",
        |b| b.iter(|| black_box(pdf_set(&set)).is_ok()),
    );
    group.finish();
}

criterion_group!(benches, bench, bench_sets);
criterion_main!(benches);
