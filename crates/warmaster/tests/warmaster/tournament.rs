//! The 3-round example tournament of `fixtures/warmaster/tournament.json`.

use feldherr_play::{EventRules, Game, MatchResult, PlayError, Role, Seat};
use feldherr_warmaster::{
    PlaceDecided, Player, TieBreak, TournamentEdit, TournamentPairing, TournamentPoints,
    TournamentResult, TournamentSide, TournamentStandings, WarmasterGame, WarmasterTournament,
    tournament_role,
};
use serde::Deserialize;

use super::example::report;
use super::fixtures;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Step {
    Edit(TournamentEdit),
    FeedExampleGame { role: Role },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expected {
    pairings: Vec<Vec<[String; 2]>>,
    /// place, id, points, VP difference
    places: Vec<(u32, String, i64, i64)>,
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

/// The standings as a plain table, for the snapshot.
pub fn standings_text(s: &TournamentStandings) -> String {
    let mut out = String::from("Place  Name    Points  Rounds     VP difference  EP  Decided by\n");
    for r in &s.rows {
        let rounds: Vec<String> = r.per_round.iter().map(ToString::to_string).collect();
        let decided = match r.decided {
            PlaceDecided::Points => "points".to_owned(),
            PlaceDecided::Shared => "shared".to_owned(),
            PlaceDecided::TieBreak { by, value, versus } => {
                format!("{by:?} {value:+} vs {versus:+}")
            }
        };
        out.push_str(&format!(
            "{:>4}   {:<7} {:>6}  {:<10} {:>13}  {:>2}  {decided}{}\n",
            r.place,
            r.name,
            r.points,
            rounds.join(" + "),
            r.vp_difference,
            r.ep,
            r.dropped_after
                .map(|a| format!(" (dropped out after round {a})"))
                .unwrap_or_default()
        ));
    }
    out
}

pub fn run() -> (WarmasterTournament, Expected) {
    let text = std::fs::read_to_string(fixtures().join("tournament.json")).expect("fixture");
    let f: Fixture = serde_json::from_str(&text).expect("parses");
    let mut event = WarmasterTournament::new(f.name, f.rounds);
    for (i, step) in f.steps.into_iter().enumerate() {
        let edit = match step {
            Step::Edit(e) => e,
            Step::FeedExampleGame { role } => event
                .feed(&role, &[], &report())
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
    let places: Vec<(u32, String, i64, i64)> = standings
        .rows
        .iter()
        .map(|r| (r.place, r.player.clone(), r.points, r.vp_difference))
        .collect();
    assert_eq!(places, x.places);
    assert_eq!(
        standings.rows[0].decided,
        PlaceDecided::TieBreak {
            by: TieBreak::VpDifference,
            value: 390,
            versus: 360
        }
    );
    assert!(event.errors().is_empty(), "{:?}", event.errors());
    insta::assert_snapshot!("tournament_standings", standings_text(&standings));
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
    assert_eq!(slots[0].role, tournament_role(1, 1));
    assert_eq!(slots[0].role.to_string(), "round-1/table-1");
    assert_eq!(slots[0].system, "warmaster");
    assert_eq!(slots[0].names(), ["Anna", "Bernd"]);
    let mut unfinished = report();
    unfinished.finished = false;
    assert_eq!(
        event.feed(&tournament_role(1, 1), &[], &unfinished),
        Ok(None)
    );
    assert!(matches!(
        event.feed(&tournament_role(9, 1), &[], &report()),
        Err(PlayError::Invalid { .. })
    ));
    assert!(matches!(
        event.feed(&Role::shared("final"), &[], &report()),
        Err(PlayError::NotFound { .. })
    ));
    // The report's players must be the pairing's.
    assert!(event.feed(&tournament_role(2, 2), &[], &report()).is_err());
}

#[test]
fn a_hosted_game_seats_the_pairings_players_in_order() {
    let (event, _) = run();
    let slot = &event.slots()[0];
    let mut game = WarmasterGame::new_game();
    let mut table = WarmasterGame::default_table();
    game.seat(&slot.names(), &mut table).unwrap();
    assert_eq!(game.player(Player::A).name, "Anna");
    assert_eq!(game.player(Player::B).name, "Bernd");
    // Names the game had before do not clash.
    let mut other = WarmasterGame::new_game();
    other
        .seat(&["Player B".to_owned(), "Player A".to_owned()], &mut table)
        .expect("seated");
    assert_eq!(other.player(Player::A).name, "Player B");
    assert!(
        other
            .seat(&["Eve".to_owned(), "Eve".to_owned()], &mut table)
            .is_err(),
        "two players of one name"
    );
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
    assert_eq!(c.row_of("c").expect("c").points, 3);
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
    let bad = TournamentResult::new(side(300, MatchResult::Win), side(100, MatchResult::Win));
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
    let good = TournamentResult::new(side(300, MatchResult::Win), side(100, MatchResult::Loss));
    event
        .apply(&TournamentEdit::RecordResult {
            round: 1,
            table: 1,
            result: good,
        })
        .expect("recorded");
    let standings = event.standings().expect("standings");
    assert_eq!(standings.rows[0].player, "a");
    assert_eq!(standings.rows[0].points, 2);
    // The other table has no result yet: not done, not impossible; 0
    // points meanwhile.
    assert!(event.errors().is_empty());
    assert_eq!(event.warnings().len(), 1);
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
            result: TournamentResult::new(
                side(300, MatchResult::Win),
                side(100, MatchResult::Loss),
            ),
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
    assert_eq!(b.points, 3);
    assert_eq!((b.vp_difference, b.ep, b.byes, b.games), (-200, 1, 1, 1));
    // A bye named by hand must be a player who is not also paired.
    let err = event
        .apply(&TournamentEdit::SetPairings {
            round: 2,
            pairings: round.pairings.clone(),
            bye: Some("a".into()),
        })
        .expect_err("paired twice");
    assert!(err.to_string().contains("A is paired twice"), "{err}");
}

fn add(event: &mut WarmasterTournament, id: &str, name: &str) {
    event
        .apply(&TournamentEdit::AddPlayer {
            id: id.into(),
            name: name.into(),
        })
        .expect("added");
}

fn refused(event: &mut WarmasterTournament, edit: TournamentEdit) -> String {
    let before = event.clone();
    let msg = event.apply(&edit).expect_err("refused").to_string();
    assert_eq!(*event, before, "a refused edit changed the tournament");
    msg
}

#[test]
fn a_tournament_with_a_drop_out_a_clock_win_and_prescribed_options() {
    use feldherr_play::Lang;
    use feldherr_warmaster::{
        ClockEdit, GameTerms, GuardiansOptions, LineOutcome, Scenario, Settings,
        WarmasterEdit as E, WinBy,
    };
    // Its own name, editable (issue 25).
    let mut event = WarmasterTournament::new("New tournament", 3);
    event
        .apply(&TournamentEdit::Rename {
            name: "  Guardians Cup 2026 ".into(),
        })
        .expect("renamed");
    assert_eq!(event.name(), "Guardians Cup 2026");
    assert!(refused(&mut event, TournamentEdit::Rename { name: " ".into() }).starts_with("name:"));
    // The game size and Guardians options for all its games (text line
    // 266: "oder die Turnierorganisation dies vorschreibt").
    let terms = GameTerms {
        game_size: 1250,
        options: GuardiansOptions {
            arrogant: true,
            destructive: true,
            dying_race: false,
        },
    };
    event
        .apply(&TournamentEdit::SetTerms { terms })
        .expect("terms");
    for (id, name) in [
        ("p1", "Anna"),
        ("p2", "Bernd"),
        ("p3", "Clara"),
        ("p4", "Dieter"),
    ] {
        add(&mut event, id, name);
    }
    event
        .apply(&TournamentEdit::RenamePlayer {
            id: "p4".into(),
            name: "Dieter K.".into(),
        })
        .expect("renamed");
    let msg = refused(
        &mut event,
        TournamentEdit::RenamePlayer {
            id: "p3".into(),
            name: "Anna".into(),
        },
    );
    assert!(msg.contains("two players of one name"), "{msg}");
    event
        .apply(&TournamentEdit::PairRound { round: 1 })
        .expect("paired");
    let slots = event.slots();
    assert_eq!(slots[1].names(), ["Clara", "Dieter K."]);
    assert_eq!(slots[1].players[0], Seat::new("p3", "Clara"));

    // The hosted game takes the terms and keeps them.
    let role = &slots[0].role;
    let mut game = WarmasterGame::new_game();
    let mut table = WarmasterGame::default_table();
    event.seat(role, &mut game, &mut table).expect("seated");
    assert_eq!(
        (
            game.player(Player::A).name.as_str(),
            game.player(Player::B).name.as_str()
        ),
        ("Anna", "Bernd")
    );
    assert_eq!(game.settings.game_size, 1250);
    assert_eq!(game.settings.options, terms.options);
    assert_eq!(game.prescribed, Some(terms));
    let other_size = Settings {
        game_size: 2000,
        options: terms.options,
        ..Settings::default()
    };
    let msg = game
        .apply(&E::SetSettings(other_size), &mut table)
        .expect_err("prescribed")
        .to_string();
    assert!(msg.contains("prescribes 1250 points"), "{msg}");
    // The players add a clock of 10 minutes; the terms stay.
    let settings = Settings {
        game_size: 1250,
        options: terms.options,
        clock: true,
        clock_minutes: 10,
        ..Settings::default()
    };
    super::battle::set_up_game(&mut game, &mut table, Scenario::Outflanked, None, settings);
    super::ok(
        &mut game,
        &mut table,
        E::Clock(ClockEdit::Start {
            player: Player::A,
            now_ms: 0,
        }),
    );
    for player in Player::BOTH {
        super::ok(
            &mut game,
            &mut table,
            E::Deployed {
                player,
                now_ms: Some(0),
            },
        );
    }
    assert!(
        event
            .check_hosted(role, &slots[0].players, &game)
            .is_empty(),
        "{:?}",
        event.check_hosted(role, &slots[0].players, &game)
    );
    // Anna ends her turn after a minute; Bernd's ten minutes run out
    // while she has nine left: she wins on the clock (W9), at 0 : 0 VP.
    super::ok(
        &mut game,
        &mut table,
        E::EndTurn {
            now_ms: Some(60_000),
        },
    );
    super::ok(
        &mut game,
        &mut table,
        E::Clock(ClockEdit::Tick { now_ms: 660_001 }),
    );
    let fed = event
        .feed(role, &slots[0].players, &game.report().expect("report"))
        .expect("fits")
        .expect("finished");
    let TournamentEdit::RecordResult { result, .. } = &fed else {
        panic!("{fed:?}");
    };
    assert!(result.clock, "a win at 0 : 0 VP is a clock win");
    assert_eq!(Some(*result), TournamentResult::from_game(&game));
    // Anna renamed after her game was seated: her seat still finds her
    // side in the report, and the game still fits its pairing (issue 21).
    let mut renamed = event.clone();
    renamed
        .apply(&TournamentEdit::RenamePlayer {
            id: slots[0].players[0].id.clone(),
            name: "Anna Kurz".into(),
        })
        .expect("renamed");
    assert_eq!(
        renamed.feed(role, &slots[0].players, &game.report().expect("report")),
        Ok(Some(fed.clone()))
    );
    assert!(
        renamed
            .check_hosted(role, &slots[0].players, &game)
            .is_empty()
    );
    assert!(
        renamed
            .feed(role, &[], &game.report().expect("report"))
            .is_err(),
        "without the seats the new name is not in the report"
    );
    event.apply(&fed).expect("recorded");
    assert!(
        event
            .check_hosted(role, &slots[0].players, &game)
            .is_empty()
    );
    let side = |vp, result| TournamentSide { vp, ep: 0, result };
    event
        .apply(&TournamentEdit::RecordResult {
            round: 1,
            table: 2,
            result: TournamentResult::new(
                side(400, MatchResult::Win),
                side(200, MatchResult::Loss),
            ),
        })
        .expect("recorded");
    // A clock win must say so: 0 : 0 "on points" is no result the rules
    // give (W8, W9).
    let msg = refused(
        &mut event,
        TournamentEdit::RecordResult {
            round: 1,
            table: 1,
            result: TournamentResult::new(side(0, MatchResult::Win), side(0, MatchResult::Loss)),
        },
    );
    assert!(msg.contains("win on the clock only"), "{msg}");

    // Round lines name the winner and how.
    let lines = event.round_lines(1).expect("lines");
    assert_eq!(
        lines[0].outcome,
        LineOutcome::Win {
            winner: "Anna".into(),
            by: WinBy::Clock
        }
    );
    let catalogue = |lang| {
        feldherr_play::Catalogue::parse("warmaster", WarmasterGame::messages(lang))
            .expect("catalogue")
    };
    let rendered: Vec<String> = lines
        .iter()
        .map(|l| {
            format!(
                "{}: {} - {}: {}",
                l.table,
                l.a.1,
                l.b.1,
                catalogue(Lang::En).render(&l.message()).expect("renders")
            )
        })
        .collect();
    assert_eq!(
        rendered,
        [
            "1: Anna - Bernd: Anna wins on the clock (W9)",
            "2: Clara - Dieter K.: Clara wins on victory points, 400 : 200"
        ]
    );
    assert_eq!(
        catalogue(Lang::De).render(&lines[0].message()).as_deref(),
        Some("Anna gewinnt auf Zeit (W9)")
    );

    // Bernd drops out: he keeps his result and is not paired again; the
    // terms cannot change now that results are in.
    event
        .apply(&TournamentEdit::DropPlayer { id: "p2".into() })
        .expect("dropped");
    let msg = refused(&mut event, TournamentEdit::DropPlayer { id: "p2".into() });
    assert_eq!(msg, "Bernd dropped out after round 1 already");
    let msg = refused(&mut event, TournamentEdit::RemovePlayer { id: "p2".into() });
    assert!(msg.starts_with("Bernd is paired"), "{msg}");
    assert!(!msg.contains("p2"), "{msg}");
    let msg = refused(
        &mut event,
        TournamentEdit::SetTerms {
            terms: GameTerms::default(),
        },
    );
    assert!(msg.contains("results are in"), "{msg}");
    event
        .apply(&TournamentEdit::PairRound { round: 2 })
        .expect("paired");
    let round2 = &event.round_list[1];
    assert_eq!(round2.pairings.len(), 1);
    let in_round2: Vec<&str> = round2
        .pairings
        .iter()
        .flat_map(|p| [p.a.as_str(), p.b.as_str()])
        .chain(round2.bye.as_deref())
        .collect();
    assert!(!in_round2.contains(&"p2"), "{in_round2:?}");
    assert_eq!(in_round2.len(), 3);
    // Pairing him by hand is refused, by name.
    let msg = refused(
        &mut event,
        TournamentEdit::SetPairings {
            round: 2,
            pairings: vec![TournamentPairing {
                table: 1,
                a: "p2".into(),
                b: "p1".into(),
                result: None,
            }],
            bye: None,
        },
    );
    assert!(msg.contains("Bernd dropped out after round 1"), "{msg}");
    let standings = event.standings().expect("standings");
    let bernd = standings.row_of("p2").expect("Bernd");
    assert_eq!(
        (bernd.points, bernd.games, bernd.dropped_after),
        (0, 1, Some(1))
    );
    // Nothing impossible; the open results are named by name.
    assert!(event.errors().is_empty(), "{:?}", event.errors());
    let warnings: Vec<String> = event.warnings().iter().map(ToString::to_string).collect();
    assert!(
        warnings
            .iter()
            .all(|w| !w.contains("p1") && !w.contains("p3") && !w.contains("p4")),
        "{warnings:?}"
    );
    // Saved and loaded.
    let json = serde_json::to_string(&event).expect("save");
    let back: WarmasterTournament = serde_json::from_str(&json).expect("load");
    assert_eq!(back, event);
    // The printed round and standings.
    let mut sheet = format!("{}\nRound 1\n", event.name());
    for l in &rendered {
        sheet.push_str(l);
        sheet.push('\n');
    }
    sheet.push_str(&standings_text(&standings));
    insta::assert_snapshot!("tournament_drop_out_clock_terms", sheet);
}

#[test]
fn a_hosted_game_is_checked_against_its_pairing() {
    let (event, _) = run();
    let (game, _) = super::example::play();
    assert!(
        event
            .check_hosted(&tournament_role(1, 1), &[], &game)
            .is_empty()
    );
    let problems: Vec<String> = event
        .check_hosted(&tournament_role(2, 2), &[], &game)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems[0].starts_with(
            "players[0].name: round 2 table 2 is Dieter against Bernd; the game has Anna there"
        ),
        "{problems:?}"
    );
    assert!(
        problems[1].starts_with(
            "end: the game ended 605 : 205 VP (A won), but the tournament has 500 : 100 VP"
        ),
        "{problems:?}"
    );
    let mut other = game.clone();
    other.settings.game_size = 2000;
    assert!(
        event
            .check_hosted(&tournament_role(1, 1), &[], &other)
            .iter()
            .any(|p| p.rule.as_deref() == Some("W11"))
    );
    assert_eq!(
        event.check_hosted(&Role::shared("final"), &[], &game).len(),
        1
    );
}
