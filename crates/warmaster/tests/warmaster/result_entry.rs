//! Results reported by the players (issue 30): every round's tables with
//! the result form's fields, checked as a typed result (W8, W9).

use feldherr_play::{EventRules, ReportValues};
use feldherr_warmaster::{TournamentEdit, WarmasterTournament};

fn cup() -> WarmasterTournament {
    let mut event = WarmasterTournament::new("Cup", 3);
    for (id, name) in [("a", "Anna"), ("b", "Bernd")] {
        event
            .apply(&TournamentEdit::AddPlayer {
                id: id.into(),
                name: name.into(),
            })
            .expect("added");
    }
    event
        .apply(&TournamentEdit::PairRound { round: 1 })
        .expect("paired");
    event
}

fn values(a_vp: i64, b_vp: i64, winner: i64, clock: i64) -> ReportValues {
    [
        ("a.vp", a_vp),
        ("a.ep", 2),
        ("b.vp", b_vp),
        ("b.ep", 0),
        ("winner", winner),
        ("clock", clock),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect()
}

#[test]
fn every_rounds_tables_are_offered_with_vp_ep_winner_and_clock() {
    let tables = EventRules::entry_tables(&cup());
    assert_eq!(tables.len(), 1);
    assert_eq!(tables[0].round, "round-1");
    let keys: Vec<&str> = tables[0].fields.iter().map(|f| f.key.as_str()).collect();
    assert_eq!(keys, ["a.vp", "a.ep", "b.vp", "b.ep", "winner", "clock"]);
    assert_eq!(tables[0].fields[4].choices.len(), 3);
}

#[test]
fn a_reported_result_gives_the_tournament_points_and_is_recorded() {
    let mut event = cup();
    let table = EventRules::entry_tables(&event)[0].table;
    let check =
        EventRules::check_report(&event, "round-1", table, &values(400, 100, 1, 0)).expect("valid");
    let points: Vec<i64> = check.points.iter().map(|(_, p)| *p).collect();
    assert_eq!(points, [event.points.win, event.points.loss]);
    EventRules::apply(&mut event, &check.edit).expect("recorded");
    let entered = EventRules::entry_tables(&event)[0]
        .entered
        .clone()
        .expect("entered");
    assert_eq!(entered["a.vp"], 400);
}

#[test]
fn a_reported_result_the_rules_do_not_give_is_refused() {
    let event = cup();
    let table = EventRules::entry_tables(&event)[0].table;
    // A win by 20 VP is only a clock win (W8, W9).
    let err =
        EventRules::check_report(&event, "round-1", table, &values(120, 100, 1, 0)).unwrap_err();
    assert!(err.to_string().contains("clock"), "{err}");
    assert!(EventRules::check_report(&event, "round-1", table, &values(120, 100, 1, 1)).is_ok());
    // A draw 200 VP apart; a winner value out of its choices; a round not played.
    assert!(EventRules::check_report(&event, "round-1", table, &values(300, 100, 0, 0)).is_err());
    assert!(EventRules::check_report(&event, "round-1", table, &values(300, 100, 3, 0)).is_err());
    assert!(EventRules::check_report(&event, "round-2", table, &values(300, 100, 1, 0)).is_err());
}

/// A shared tournament's slip carries its table's code and the round's
/// sheet a code column (issue 30); without codes neither shows one.
#[test]
fn a_shared_tournaments_slip_and_round_sheet_carry_the_table_code() {
    use feldherr_play::Lang;
    use feldherr_sheet::SheetOptions;
    let event = cup();
    let pairing = event.round_list[0].pairings[0].clone();
    let code = format!("R1T{}XY", pairing.table);
    let codes = |round: u32, table: u32| (round == 1).then(|| format!("R1T{table}XY"));
    for lang in [Lang::En, Lang::De] {
        let words = feldherr_play::Catalogue::parse(
            "warmaster",
            <feldherr_warmaster::WarmasterGame as feldherr_play::Game>::messages(lang),
        )
        .expect("catalogue");
        let outline =
            |sheet: feldherr_sheet::Document| sheet.layout().expect("layout").text_outline();
        let options = SheetOptions::default();
        let slip = outline(feldherr_warmaster::slip_coded(
            &words,
            &event,
            1,
            &pairing,
            options,
            Some(&code),
        ));
        assert!(slip.contains(&code), "{slip}");
        let plain = outline(feldherr_warmaster::slip(
            &words, &event, 1, &pairing, options,
        ));
        assert!(!plain.contains("XY"), "{plain}");
        let round = outline(
            feldherr_warmaster::round_sheet_coded(&words, &event, 1, options, &codes)
                .expect("round sheet"),
        );
        assert!(round.contains(&code), "{round}");
        let all = feldherr_warmaster::tournament_sheets_coded(&event, &words, options, &codes)
            .expect("sheets");
        assert!(all.iter().any(|s| s.name.starts_with("slip-")));
    }
}
