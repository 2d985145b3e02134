//! Printing (issue 26): no word broken in the middle of the standings,
//! a card or sheet that fits one page is never split.

use feldherr_play::Lang;
use feldherr_sheet::{Block, Document, Layout, MIN_CELL_GAP, PageSize, SheetOptions};
use feldherr_wfb_newyear::{catalogue, rules_cards, sled_race_sheet, standings_sheet};

use crate::event::event;

fn a(page: PageSize) -> SheetOptions {
    SheetOptions {
        page,
        ..SheetOptions::default()
    }
}

/// Every quoted text of an outline.
fn texts_of(outline: &str) -> Vec<String> {
    outline
        .split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The index of the first block of `doc` that `is` picks.
fn block_index(doc: &Document, is: impl Fn(&Block) -> bool) -> usize {
    doc.blocks().iter().position(is).expect("the block")
}

/// No header cell of `layout` is cut short (the layout says which cells
/// it cut).
fn assert_headers_whole(layout: &Layout, what: &str) {
    let cut: Vec<&str> = layout
        .cut_cells()
        .filter(|c| c.row.is_none())
        .map(|c| c.text.as_str())
        .collect();
    assert!(cut.is_empty(), "{what}: headers cut {cut:?}");
}

/// No two neighbouring cells of a row of `layout` come closer than the
/// sheet crate's smallest gap.
fn assert_gaps(layout: &Layout, what: &str) {
    for (n, page) in layout.pages().iter().enumerate() {
        if let Some(gap) = page.tightest_cell_gap() {
            assert!(
                gap >= MIN_CELL_GAP - 1e-3,
                "{what}, page {}: cells {gap} pt apart:\n{}",
                n + 1,
                layout.text_outline()
            );
        }
    }
}

#[test]
fn printed_sled_sheet_keeps_its_columns_apart() {
    let e = event();
    for lang in [Lang::De, Lang::En] {
        let words = catalogue(lang);
        for page in [PageSize::A4, PageSize::A5] {
            let layout = sled_race_sheet(&words, &e, a(page))
                .expect("sheet")
                .layout()
                .expect("layout");
            assert_headers_whole(&layout, &format!("{lang:?} {page:?}"));
            assert_gaps(&layout, &format!("sled sheet {lang:?} {page:?}"));
        }
    }
}

#[test]
fn printed_standings_break_no_word_and_headers_fit() {
    let mut e = event();
    // A long name without a space where a column is narrow.
    e.players[0].name = "Vampirfuerstenkoenigsgraf Drakenhof".into();
    for lang in [Lang::De, Lang::En] {
        let words = catalogue(lang);
        for page in [PageSize::A4, PageSize::A5] {
            let sheet = standings_sheet(&words, &e, a(page)).expect("sheet");
            let layout = sheet.layout().expect("layout");
            let outline = layout.text_outline();
            let printed = texts_of(&outline);
            // No header is cut and no two cells' texts touch.
            assert_headers_whole(&layout, &format!("{lang:?} {page:?}"));
            assert_gaps(&layout, &format!("standings {lang:?} {page:?}"));
            // The legend that explains the short headers is on the page
            // where the table ends.
            let table = block_index(&sheet, |b| matches!(b, Block::Table(_)));
            let legend = block_index(
                &sheet,
                |b| matches!(b, Block::Paragraph(p) if p.text() == words.t("sheet.col.legend")),
            );
            let (_, table_ends) = layout.block_pages(table).expect("table printed");
            let (legend_on, _) = layout.block_pages(legend).expect("legend printed");
            assert_eq!(legend_on, table_ends, "{lang:?} {page:?}:\n{outline}");
            // Every printed piece of a name is a whole word of it or a
            // word cut short with "…".
            for player in &e.players {
                for word in player.name.split_whitespace() {
                    let found = printed.iter().any(|t| {
                        t.split_whitespace().any(|w| {
                            w == word
                                || (w.ends_with('…') && word.starts_with(w.trim_end_matches('…')))
                        })
                    });
                    assert!(found, "{word} of {} broken:\n{outline}", player.name);
                }
            }
        }
    }
}

#[test]
fn a_card_or_sheet_that_fits_a_page_is_never_split() {
    let e = event();
    for lang in [Lang::De, Lang::En] {
        let words = catalogue(lang);
        let sled = sled_race_sheet(&words, &e, a(PageSize::A5)).expect("sled");
        let layout = sled.layout().expect("layout");
        assert_eq!(layout.page_count(), 1, "{}", layout.text_outline());
        for page in [PageSize::A4, PageSize::A5] {
            let doc = rules_cards(&words, &e, a(page));
            let cards = doc.layout().expect("layout");
            // Each card is a group; each starts and ends on one page.
            let groups: Vec<usize> = doc
                .blocks()
                .iter()
                .enumerate()
                .filter(|(_, b)| matches!(b, Block::Group(_)))
                .map(|(i, _)| i)
                .collect();
            assert_eq!(groups.len(), feldherr_wfb_newyear::RULE_CARDS.len());
            for index in groups {
                let (first, last) = cards.block_pages(index).expect("card printed");
                assert_eq!(
                    first,
                    last,
                    "card {index} split over pages ({page:?}, {lang:?}):\n{}",
                    cards.text_outline()
                );
            }
        }
    }
}

/// A shared event's slip carries its table's code, and the pairings wall
/// sheet a code column (issue 30); without codes neither shows one.
#[test]
fn a_shared_events_slip_and_pairings_sheet_carry_the_table_code() {
    use feldherr_wfb_newyear::{
        BattleKind, pairings_wall_sheet, pairings_wall_sheet_coded, slip, slip_coded,
    };
    let e = event();
    let kind = BattleKind::RaeuberWarhammer;
    let pairing = e.game(kind).pairings.first().expect("a pairing").clone();
    let code = |k: BattleKind, table: u32| (k == kind).then(|| format!("K{table:02}XY7"));
    for lang in [Lang::De, Lang::En] {
        let words = catalogue(lang);
        let expected = format!("K{:02}XY7", pairing.table);
        let outline = |doc: feldherr_sheet::Document| doc.layout().expect("layout").text_outline();
        let coded = outline(
            slip_coded(&words, &e, kind, &pairing, a(PageSize::A5), Some(&expected)).expect("slip"),
        );
        assert!(coded.contains(&expected), "{coded}");
        let plain = outline(slip(&words, &e, kind, &pairing, a(PageSize::A5)).expect("slip"));
        assert!(!plain.contains("XY7"), "{plain}");
        let wall = outline(pairings_wall_sheet_coded(
            &words,
            &e,
            kind,
            a(PageSize::A4),
            &code,
        ));
        for p in &e.game(kind).pairings {
            assert!(wall.contains(&format!("K{:02}XY7", p.table)), "{wall}");
        }
        let wall = outline(pairings_wall_sheet(&words, &e, kind, a(PageSize::A4)));
        assert!(!wall.contains("XY7"), "{wall}");
    }
}
