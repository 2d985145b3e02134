//! Data-driven tests of the WFB New Year event rules: battle results (N1-N3),
//! treasure line (N4), treasure recovery (N5), sled race (N6) from
//! `fixtures/wfb-newyear/cases.json`, and the example event (N7) from
//! `fixtures/wfb-newyear/event.json` (see `event.rs`).

mod day_two;
mod event;
mod event_day;
mod generated;
mod print;
mod result_entry;
mod rules;
mod validation;

use feldherr_scoring::Decision;
use feldherr_wfb_newyear::{
    BattleKind, Event, EventTieBreaker, PlayingTable, RecoveryCheck, SideResult, SledRace,
    TreasureLine,
};
use serde::Deserialize;

/// One thing to evaluate; `check` turns its result (or error) into text.
#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
enum Input {
    /// Score a battle game.
    Battle {
        game: BattleKind,
        a: SideResult,
        b: SideResult,
    },
    /// The score preview: the scored game and the band edges the rulings
    /// decide (issue 26), in English.
    Preview {
        game: BattleKind,
        a: SideResult,
        b: SideResult,
    },
    /// Place the treasure line.
    TreasureLine {
        #[serde(default)]
        table: PlayingTable,
        movement_a: u32,
        movement_b: u32,
    },
    /// May a unit recover a treasure?
    Recovery(RecoveryCheck),
    /// Score the sled race.
    SledRace(SledRace),
    /// An event's standings with these tie-breakers (`None`: the saved ones).
    Standings {
        event: Box<Event>,
        tie_breakers: Option<Vec<EventTieBreaker>>,
    },
}

#[derive(Deserialize)]
struct Case {
    note: String,
    input: Input,
    expected: String,
}

#[derive(Deserialize)]
struct Cases {
    cases: Vec<Case>,
}

pub(crate) fn fixture(name: &str) -> String {
    let path = format!(
        "{}/../../fixtures/wfb-newyear/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `1 lena (treasures_recovered); 2 uwe (...)`: place, id and what decided it.
fn places_text(standings: &feldherr_scoring::Standings) -> String {
    standings
        .rows()
        .iter()
        .map(|row| {
            let decided = match &row.decided_by {
                Decision::Total => "total",
                Decision::TieBreaker { key, .. } => key.as_str(),
                Decision::Shared => "shared",
            };
            format!("{} {} ({decided})", row.place, row.id)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Evaluates `input` and compares its text with `expected`; errors are
/// compared as `error: <message>`.
fn check(input: &Input, expected: &str) {
    let got = match input {
        Input::Battle { game, a, b } => game.score(a, b).map(|o| o.to_string()),
        Input::Preview { game, a, b } => game.preview(a, b).map(|preview| {
            let english = feldherr_wfb_newyear::catalogue(feldherr_play::Lang::En);
            std::iter::once(preview.outcome.to_string())
                .chain(
                    preview
                        .notes
                        .iter()
                        .map(|n| english.render(&n.message()).unwrap_or_default()),
                )
                .collect::<Vec<_>>()
                .join(" | ")
        }),
        Input::TreasureLine {
            table,
            movement_a,
            movement_b,
        } => TreasureLine::place(*table, *movement_a, *movement_b).map(|l| l.to_string()),
        Input::Recovery(check) => Ok(check.answer().to_string()),
        Input::SledRace(race) => race.score().map(|scores| {
            scores
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        }),
        Input::Standings {
            event,
            tie_breakers,
        } => match tie_breakers {
            Some(tbs) => event.standings_with(tbs),
            None => event.standings(),
        }
        .map(|s| places_text(&s)),
    };
    let got = got.unwrap_or_else(|e| format!("error: {e}"));
    assert_eq!(got, expected, "input: {input:?}");
}

#[test]
fn fixture_cases() {
    let cases: Cases = serde_json::from_str(&fixture("cases.json")).unwrap();
    let mut counts = std::collections::BTreeMap::new();
    for case in &cases.cases {
        let op = match case.input {
            Input::Battle { .. } => "battle",
            Input::Preview { .. } => "preview",
            Input::TreasureLine { .. } => "treasure_line",
            Input::Recovery(_) => "recovery",
            Input::SledRace(_) => "sled_race",
            Input::Standings { .. } => "standings",
        };
        *counts.entry(op).or_insert(0) += 1;
        eprintln!("{}", case.note);
        check(&case.input, &case.expected);
    }
    // Guards against a fixture that silently lost its cases.
    assert_eq!(counts.get("battle"), Some(&85));
    assert_eq!(counts.get("treasure_line"), Some(&9));
    assert_eq!(counts.get("recovery"), Some(&17));
    assert_eq!(counts.get("sled_race"), Some(&8));
    assert_eq!(counts.get("preview"), Some(&10));
}

#[test]
fn battle_band_edges_in_detail() {
    // Every band edge of N1 and N3 and its neighbours, checked field by
    // field (the fixture checks the text).
    let n1 = [
        (399, 0, 0),
        (400, 2, 4),
        (401, 2, 4),
        (599, 2, 4),
        (600, 3, 6),
        (899, 3, 6),
        (900, 4, 8), // N1: 900-998 belong to 900-1299
        (950, 4, 8),
        (1299, 4, 8),
        (1300, 5, 10),
        (1301, 5, 10),
    ];
    for (difference, winner, loser) in n1 {
        let outcome = BattleKind::RaeuberWarhammer
            .score(
                &SideResult::new(500 + difference, 0),
                &SideResult::new(500, 0),
            )
            .unwrap();
        assert_eq!(
            (outcome.a.event_points, outcome.b.event_points),
            (winner, loser),
            "N1 difference {difference}"
        );
    }
    let n3 = [
        (399, 3, 3),
        (400, 4, 2),
        (599, 4, 2),
        (600, 4, 2),
        (799, 4, 2),
        (800, 5, 1),
        (899, 5, 1),
        (900, 5, 1),
        (950, 5, 1),
        (1199, 5, 1),
        (1200, 6, 0),
        (1299, 6, 0),
        (1300, 6, 0),
    ];
    for (difference, winner, loser) in n3 {
        // B leads here, so the columns swap.
        let outcome = BattleKind::NewYearScenario
            .score(
                &SideResult::new(500, 0),
                &SideResult::new(500 + difference, 0),
            )
            .unwrap();
        assert_eq!(
            (outcome.b.event_points, outcome.a.event_points),
            (winner, loser),
            "N3 difference {difference}"
        );
    }
}

#[test]
fn standards_bonus_fields() {
    let outcome = BattleKind::RaeuberWarhammer
        .score(&SideResult::new(1000, 0), &SideResult::new(950, 3))
        .unwrap();
    assert_eq!(outcome.a.standards_bonus, 0);
    assert_eq!(outcome.b.standards_bonus, 100);
    assert_eq!(outcome.b.total_vp, 1050);
    assert_eq!(outcome.vp_margin(feldherr_scoring::Side::B), 50);
    assert_eq!(outcome.vp_margin(feldherr_scoring::Side::A), -50);
}
