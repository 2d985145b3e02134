//! Printing (issue 26): no word broken in the middle of the standings,
//! a card or sheet that fits one page is never split.

use feldherr_play::Lang;
use feldherr_sheet::{PageSize, SheetOptions};
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

#[test]
fn printed_standings_break_no_word_and_headers_fit() {
    let mut e = event();
    // A long name without a space where a column is narrow.
    e.players[0].name = "Vampirfuerstenkoenigsgraf Drakenhof".into();
    for lang in [Lang::De, Lang::En] {
        let words = catalogue(lang);
        for page in [PageSize::A4, PageSize::A5] {
            let sheet = standings_sheet(&words, &e, a(page)).expect("sheet");
            let outline = sheet.layout().expect("layout").text_outline();
            let printed = texts_of(&outline);
            for header in ["Platz", "Summe", "Place", "Total"] {
                if words.t("standings.place") == header || words.t("standings.total") == header {
                    assert!(
                        printed.iter().any(|t| t == header),
                        "{header} whole:\n{outline}"
                    );
                }
            }
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
            let cards = rules_cards(&words, &e, a(page)).layout().expect("layout");
            let outline = cards.text_outline();
            // Each card's heading and its last line are on the same page.
            let pages: Vec<&str> = outline.split("page ").skip(1).collect();
            for (title, body) in feldherr_wfb_newyear::RULE_CARDS {
                let heading = words.t(title);
                let last = words.t(body).lines().last().expect("a line").to_owned();
                let last_word = last.split_whitespace().last().expect("a word");
                // The heading's first words (it may wrap).
                let start: String = heading
                    .split_whitespace()
                    .take(2)
                    .collect::<Vec<_>>()
                    .join(" ");
                let on = pages
                    .iter()
                    .position(|p| p.contains(&start))
                    .unwrap_or_else(|| panic!("{heading} printed"));
                assert!(
                    pages[on].contains(last_word),
                    "{heading} split over pages ({page:?}):\n{outline}"
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
