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

/// A page nearly full of lines, then a card of a heading and six lines.
fn card_doc(grouped: bool) -> (Document, usize) {
    let mut doc = Document::new().with_page_size(feldherr_sheet::PageSize::A5);
    for n in 0..19 {
        doc = doc.block(Paragraph::new(format!("Filler line {n}")));
    }
    let card = [Block::from(Paragraph::heading("Das Schlittenrennen"))]
        .into_iter()
        .chain((0..6).map(|n| Block::from(Paragraph::new(format!("Card line {n}")))));
    let index = doc.blocks().len();
    if grouped {
        let mut group = feldherr_sheet::Group::new();
        for block in card {
            group.push(block);
        }
        doc = doc.block(group);
    } else {
        for block in card {
            doc = doc.block(block);
        }
    }
    (doc, index)
}

#[test]
fn a_group_that_fits_a_page_is_never_split_over_two() {
    // Without the group the card's lines are split over the page break
    // (the test would pass vacuously if they were not).
    let (loose, first) = card_doc(false);
    let layout = ok(loose.layout());
    let (start, _) = layout.block_pages(first).expect("heading printed");
    let (_, end) = layout.block_pages(first + 6).expect("last line printed");
    assert_ne!(
        start,
        end,
        "the loose card is split:\n{}",
        layout.text_outline()
    );
    // As a group the whole card goes to the next page.
    let (grouped, index) = card_doc(true);
    let layout = ok(grouped.layout());
    assert_eq!(
        layout.block_pages(index),
        Some((1, 1)),
        "{}",
        layout.text_outline()
    );
    assert_eq!(layout.block_pages(index - 1), Some((0, 0)));
}

#[test]
fn the_layout_says_which_cells_it_cut_and_keeps_cells_apart() {
    use feldherr_sheet::{Column, MIN_CELL_GAP, Table};
    let table = Table::new([Column::new("Ergebnis", 0.5), Column::new("Punktezahl", 0.5)])
        .row(["Vampirfuerstenkoenigsgraf", "7"]);
    let doc = Document::new()
        .with_page_size(feldherr_sheet::PageSize::Custom {
            width: 200.0,
            height: 300.0,
        })
        .with_margins(feldherr_sheet::Margins::uniform(10.0))
        .block(table);
    let layout = ok(doc.layout());
    let cut: Vec<(Option<usize>, usize)> = layout.cut_cells().map(|c| (c.row, c.column)).collect();
    assert_eq!(cut, vec![(Some(0), 0)], "{}", layout.text_outline());
    let gap = layout.pages()[0]
        .tightest_cell_gap()
        .expect("two cells in a row");
    assert!(gap >= MIN_CELL_GAP - 1e-3, "{gap}");
}
