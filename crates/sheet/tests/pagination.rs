//! Tables flow over pages with the header repeated; footers count pages.

mod common;

use feldherr_sheet::{Block, Document, Footer, Layout, Paragraph, SheetError, Title};

fn ok<T>(r: Result<T, SheetError>) -> T {
    match r {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    }
}

fn texts(layout: &Layout, page: usize) -> Vec<String> {
    layout.pages()[page]
        .texts()
        .map(|(_, _, t)| t.to_owned())
        .collect()
}

#[test]
fn long_table_flows_with_header_repeated_and_page_numbers() {
    let doc = Document::new()
        .with_footer(Footer::new("WFB New Year", "2026-01-03"))
        .block(Title::new("Standings"))
        .block(common::standings(64));
    let layout = ok(doc.layout());
    assert_eq!(layout.page_count(), 2);
    for page in 0..2 {
        let t = texts(&layout, page);
        assert!(t.iter().any(|s| s == "Player"), "header on page {page}");
        assert!(t.iter().any(|s| s == "WFB New Year"));
        assert!(t.iter().any(|s| s == "2026-01-03"));
    }
    assert!(texts(&layout, 0).iter().any(|s| s == "page 1 of 2"));
    assert!(texts(&layout, 1).iter().any(|s| s == "page 2 of 2"));
    let outline = layout.text_outline();
    assert!(outline.contains("page 1 of 2 (595 x 842 pt)"));
    assert!(outline.contains("page 2 of 2 (595 x 842 pt)"));

    // Every rank appears exactly once over both pages, in order.
    let ranks: Vec<usize> = (0..2)
        .flat_map(|p| {
            layout.pages()[p]
                .texts()
                .filter(|(x, _, _)| *x < 70.0)
                .filter_map(|(_, _, t)| t.parse::<usize>().ok())
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(ranks, (1..=64).collect::<Vec<_>>());

    // Nothing runs into the footer: all body text sits above it.
    for page in layout.pages() {
        let footer_y = page
            .texts()
            .find(|(_, _, t)| t.starts_with("page "))
            .map(|(_, y, _)| y)
            .expect("footer");
        for (_, y, t) in page.texts() {
            if t.parse::<usize>().is_ok() {
                assert!(y < footer_y - 15.0, "{t} at {y}");
            }
        }
    }
}

#[test]
fn header_not_repeated_when_turned_off() {
    let doc = Document::new().block(common::standings(80).repeat_header(false));
    let layout = ok(doc.layout());
    assert_eq!(layout.page_count(), 2);
    assert!(texts(&layout, 0).iter().any(|s| s == "Player"));
    assert!(!texts(&layout, 1).iter().any(|s| s == "Player"));
}

#[test]
fn page_label_template_and_page_break() {
    let doc = Document::new()
        .with_footer(Footer::new("Neujahr", "3. Januar").page_label("Seite {page} von {pages}"))
        .block(Paragraph::new("one"))
        .block(Block::PageBreak)
        .block(Block::PageBreak)
        .block(Paragraph::new("two"));
    let layout = ok(doc.layout());
    assert_eq!(layout.page_count(), 2);
    assert!(texts(&layout, 1).iter().any(|s| s == "Seite 2 von 2"));
    assert!(texts(&layout, 1).iter().any(|s| s == "two"));
}

#[test]
fn heading_stays_with_its_table() {
    // Fill the first page so that only the heading would fit at its bottom.
    let mut doc = Document::new();
    doc.push(Block::Spacer(700.0));
    doc.push(Paragraph::heading("Standings"));
    doc.push(common::standings(5));
    let layout = ok(doc.layout());
    assert_eq!(layout.page_count(), 2);
    assert!(texts(&layout, 0).is_empty());
    let second = texts(&layout, 1);
    assert_eq!(second.first().map(String::as_str), Some("Standings"));
}

#[test]
fn a_heading_goes_with_a_whole_table_that_moves_to_the_next_page() {
    // Room for the heading and a few rows, not for the 20-row table, which
    // is never split (it fits a page): the heading moves with it instead of
    // staying alone at the bottom of the first page.
    let mut doc = Document::new();
    doc.push(Block::Spacer(500.0));
    doc.push(Paragraph::heading("Second army"));
    doc.push(common::standings(20));
    let layout = ok(doc.layout());
    assert_eq!(layout.page_count(), 2);
    assert!(texts(&layout, 0).is_empty(), "{:?}", texts(&layout, 0));
    assert_eq!(
        texts(&layout, 1).first().map(String::as_str),
        Some("Second army")
    );
}

#[test]
fn empty_document_has_one_page() {
    let layout = ok(Document::new().with_footer(Footer::new("E", "D")).layout());
    assert_eq!(layout.page_count(), 1);
    assert!(texts(&layout, 0).iter().any(|s| s == "page 1 of 1"));
}

#[test]
fn long_event_name_moves_the_date_beside_it() {
    let event = "Grand Open Warhammer Fantasy Battle New Year Championship of the Southern Leagues";
    let layout = ok(Document::new()
        .with_footer(Footer::new(event, "2026-01-03"))
        .layout());
    let t = texts(&layout, 0);
    assert!(t.contains(&format!("{event} · 2026-01-03")), "{t:?}");
    assert!(t.iter().any(|s| s == "page 1 of 1"));
}

#[test]
fn a_block_that_fits_a_page_is_never_split() {
    // Half a page gone: a 20-row table (shorter than a page, longer than
    // what is left) starts on the next page whole (issue 10).
    let mut doc = Document::new();
    doc.push(Block::Spacer(500.0));
    doc.push(common::standings(20));
    let layout = ok(doc.layout());
    assert_eq!(layout.page_count(), 2);
    assert!(texts(&layout, 0).is_empty());
    assert!(!texts(&layout, 1).is_empty());
}

#[test]
fn a_block_longer_than_a_page_still_splits() {
    let mut doc = Document::new();
    doc.push(Block::Spacer(500.0));
    doc.push(common::standings(120));
    let layout = ok(doc.layout());
    // It starts on the first page below the spacer.
    assert!(!texts(&layout, 0).is_empty());
    assert!(layout.page_count() >= 3);
}
