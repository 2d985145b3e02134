//! The 3-round example tournament of `fixtures/warmaster/tournament.json`.

use feldherr_play::{EventRules, Game, MatchResult, PlayError};
use feldherr_warmaster::{
    Player, TournamentEdit, TournamentPoints, TournamentResult, TournamentSide, WarmasterGame,
    WarmasterTournament,
};
use serde::Deserialize;

use super::example::report;
use super::fixtures;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Step {
    Edit(TournamentEdit),
    FeedExampleGame { role: String },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Expected {
    pairings: Vec<Vec<[String; 2]>>,
    /// place, id, points, VP difference
    places: Vec<(usize, String, i64, f64)>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    #[allow(dead_code, reason = "documentation in the fixture")]
    about: String,
    name: String,
    rounds: u32,
    steps: Vec<Step>,
    expected: Expected,
}

fn run() -> (WarmasterTournament, Expected) {
    let text = std::fs::read_to_string(fixtures().join("tournament.json")).expect("fixture");
    let f: Fixture = serde_json::from_str(&text).expect("parses");
    let mut event = WarmasterTournament::new(f.name, f.rounds);
    for (i, step) in f.steps.into_iter().enumerate() {
        let edit = match step {
            Step::Edit(e) => e,
            Step::FeedExampleGame { role } => event
                .feed(&role, &report())
                .unwrap_or_else(|e| panic!("step {i}: {e}"))
                .expect("a finished game gives a result"),
        };
        event
            .apply(&edit)
            .unwrap_or_else(|e| panic!("step {i}: {edit:?}: {e}"));
    }
    (event, f.expected)
}

#[test]
fn three_rounds_paired_fed_and_ranked() {
    let (event, x) = run();
    let pairings: Vec<Vec<[String; 2]>> = event
        .round_list
        .iter()
        .map(|r| {
            r.pairings
                .iter()
                .map(|p| [p.a.clone(), p.b.clone()])
                .collect()
        })
        .collect();
    assert_eq!(pairings, x.pairings);
    // The example game's result came from its report.
    let r = event.round_list[0].pairings[0].result.expect("fed");
    assert_eq!((r.a.vp, r.a.ep, r.a.result), (605, 10, MatchResult::Win));
    assert_eq!((r.b.vp, r.b.ep, r.b.result), (205, 3, MatchResult::Loss));
    let standings = event.standings().expect("standings");
    let places: Vec<(usize, String, i64, f64)> = standings
        .rows()
        .iter()
        .map(|r| (r.place, r.id.clone(), r.total, r.tie_values[0]))
        .collect();
    assert_eq!(places, x.places);
    assert!(matches!(
        &standings.rows()[0].decided_by,
        feldherr_scoring::Decision::TieBreaker { key, .. } if key == "vp_difference"
    ));
    assert!(event.problems().is_empty(), "{:?}", event.problems());
    insta::assert_snapshot!("tournament_standings", standings.to_string());
    // Saved and loaded.
    let json = serde_json::to_string(&event).expect("save");
    let back: WarmasterTournament = serde_json::from_str(&json).expect("load");
    assert_eq!(back, event);
}

#[test]
fn slots_and_feeding() {
    let (event, _) = run();
    let slots = event.slots();
    assert_eq!(slots.len(), 6);
    assert_eq!(slots[0].role, "round-1/table-1");
    assert_eq!(slots[0].system, "warmaster");
    assert_eq!(
        slots[0].players,
        vec!["Anna".to_owned(), "Bernd".to_owned()]
    );
    let mut unfinished = report();
    unfinished.finished = false;
    assert_eq!(event.feed("round-1/table-1", &unfinished), Ok(None));
    assert!(matches!(
        event.feed("round-9/table-1", &report()),
        Err(PlayError::Invalid { .. })
    ));
    assert!(matches!(
        event.feed("final", &report()),
        Err(PlayError::NotFound { .. })
    ));
    // The report's players must be the pairing's.
    assert!(event.feed("round-2/table-2", &report()).is_err());
}

#[test]
fn a_hosted_game_seats_the_pairings_players_in_order() {
    let (event, _) = run();
    let slot = &event.slots()[0];
    let mut game = WarmasterGame::new_game();
    let mut table = WarmasterGame::default_table();
    game.seat(&slot.players, &mut table).unwrap();
    assert_eq!(game.player(Player::A).name, "Anna");
    assert_eq!(game.player(Player::B).name, "Bernd");
    // Anything but a pair is refused and seats nobody.
    let mut fresh = WarmasterGame::new_game();
    let err = fresh
        .seat(&["Anna".to_owned()], &mut table)
        .unwrap_err()
        .to_string();
    assert!(err.contains("players") && err.contains('1'), "{err}");
    assert_eq!(fresh, WarmasterGame::new_game());
    // A name the game refuses is refused as a whole, too.
    let err = fresh
        .seat(&["Anna".to_owned(), "  ".to_owned()], &mut table)
        .unwrap_err()
        .to_string();
    assert!(err.contains("name"), "{err}");
    assert_eq!(fresh, WarmasterGame::new_game());
}

#[test]
fn results_and_points_are_validated() {
    let mut event = WarmasterTournament::new("Cup", 1);
    for (id, name) in [("a", "A"), ("b", "B"), ("c", "C")] {
        event
            .apply(&TournamentEdit::AddPlayer {
                id: id.into(),
                name: name.into(),
            })
            .expect("added");
    }
    // Three players: the last in the list has the bye (PW15) and scores a
    // win's points for it (PW14).
    event
        .apply(&TournamentEdit::PairRound { round: 1 })
        .expect("odd count with a bye");
    assert_eq!(event.round_list[0].bye.as_deref(), Some("c"));
    assert_eq!(event.round_list[0].pairings.len(), 1);
    let c = event.standings().expect("standings");
    assert_eq!(c.row_of("c").expect("c").total, 3);
    event
        .apply(&TournamentEdit::AddPlayer {
            id: "d".into(),
            name: "D".into(),
        })
        .expect("added");
    event
        .apply(&TournamentEdit::PairRound { round: 1 })
        .expect("paired");
    let side = |vp, result| TournamentSide { vp, ep: 0, result };
    let bad = TournamentResult {
        a: side(300, MatchResult::Win),
        b: side(100, MatchResult::Win),
    };
    let err = event
        .apply(&TournamentEdit::RecordResult {
            round: 1,
            table: 1,
            result: bad,
        })
        .expect_err("two winners");
    assert!(err.to_string().starts_with("result:"), "{err}");
    // Configurable points: a win is 2 here.
    event
        .apply(&TournamentEdit::SetPoints {
            points: TournamentPoints {
                win: 2,
                draw: 1,
                loss: 0,
                ..TournamentPoints::default()
            },
        })
        .expect("points");
    let good = TournamentResult {
        a: side(300, MatchResult::Win),
        b: side(100, MatchResult::Loss),
    };
    event
        .apply(&TournamentEdit::RecordResult {
            round: 1,
            table: 1,
            result: good,
        })
        .expect("recorded");
    let standings = event.standings().expect("standings");
    assert_eq!(standings.rows()[0].id, "a");
    assert_eq!(standings.rows()[0].total, 2);
    // The other table has no result yet: a problem, and 0 points meanwhile.
    assert_eq!(event.problems().len(), 1);
    assert!(
        event
            .apply(&TournamentEdit::RemovePlayer { id: "a".into() })
            .is_err()
    );
    assert!(
        event
            .apply(&TournamentEdit::SetRounds { rounds: 0 })
            .is_err()
    );
}

#[test]
fn a_bye_goes_to_a_player_without_one_and_scores_pw14() {
    let mut event = WarmasterTournament::new("Cup", 2);
    for (id, name) in [("a", "A"), ("b", "B"), ("c", "C")] {
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
    assert_eq!(event.round_list[0].bye.as_deref(), Some("c"));
    let side = |vp, result| TournamentSide { vp, ep: 1, result };
    event
        .apply(&TournamentEdit::RecordResult {
            round: 1,
            table: 1,
            result: TournamentResult {
                a: side(300, MatchResult::Win),
                b: side(100, MatchResult::Loss),
            },
        })
        .expect("recorded");
    event
        .apply(&TournamentEdit::PairRound { round: 2 })
        .expect("paired");
    // C had the bye: now the lowest of the others, B, sits out.
    let round = &event.round_list[1];
    assert_eq!(round.bye.as_deref(), Some("b"));
    let p = &round.pairings[0];
    assert_eq!((p.a.as_str(), p.b.as_str()), ("a", "c"));
    // A bye is a win's points with no VP and no EP (PW14).
    let s = event.standings().expect("standings");
    let b = s.row_of("b").expect("b");
    assert_eq!(b.total, 3);
    assert_eq!(b.tie_values, vec![-200.0, 1.0]);
    // A bye named by hand must be a player who is not also paired.
    let err = event
        .apply(&TournamentEdit::SetPairings {
            round: 2,
            pairings: round.pairings.clone(),
            bye: Some("a".into()),
        })
        .expect_err("paired twice");
    assert!(err.to_string().contains("paired twice"), "{err}");
}
