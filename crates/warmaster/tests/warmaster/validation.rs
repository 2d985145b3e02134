//! Issue 28: every impossible state of a loaded game or tournament is
//! refused with its path and rule (`fixtures/warmaster/impossible.json`,
//! one regression case per item), problem lists are capped, and sums do
//! not overflow.

use feldherr_play::{Game, Problem, Role, Seat};
use feldherr_table::{Layer, Piece, Table};
use feldherr_warmaster::{
    MAX_PROBLEMS, TerrainRecord, TerrainType, WarmasterGame, WarmasterTournament, terrain_piece,
};
use serde::Deserialize;
use serde_json::Value;

use super::example::Saved;
use super::fixtures;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    doc: String,
    #[serde(default)]
    pointer: Option<String>,
    #[serde(default)]
    value: Option<Value>,
    #[serde(default)]
    append_players: Option<usize>,
    path: String,
    #[serde(default)]
    rule: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    #[allow(dead_code, reason = "documentation in the fixture")]
    about: String,
    cases: Vec<Case>,
}

fn base_game() -> Value {
    let text = std::fs::read_to_string(fixtures().join("example_game.saved.json")).expect("saved");
    serde_json::from_str(&text).expect("json")
}

fn base_tournament() -> Value {
    let (event, _) = super::tournament::run();
    serde_json::to_value(&event).expect("json")
}

/// The problems the check finds in `doc` after the case's change.
fn check(case: &Case) -> Result<Vec<Problem>, String> {
    let mut doc = match case.doc.as_str() {
        "game" => base_game(),
        "tournament" => base_tournament(),
        other => return Err(format!("unknown doc {other}")),
    };
    if let Some(pointer) = &case.pointer {
        let value = case.value.clone().ok_or("a value")?;
        match doc.pointer_mut(pointer) {
            Some(slot) => *slot = value,
            None => {
                // A key left out when empty: set it in its object.
                let (parent, key) = pointer.rsplit_once('/').ok_or("a pointer")?;
                doc.pointer_mut(parent)
                    .and_then(Value::as_object_mut)
                    .ok_or_else(|| format!("no {parent}"))?
                    .insert(key.to_owned(), value);
            }
        }
    }
    if let Some(n) = case.append_players {
        let players = doc
            .pointer_mut("/players")
            .and_then(Value::as_array_mut)
            .ok_or("players")?;
        for i in 1..=n {
            players.push(serde_json::json!({"id": format!("p{i}"), "name": format!("P{i}")}));
        }
    }
    Ok(match case.doc.as_str() {
        "game" => {
            let saved: Saved = serde_json::from_value(doc).map_err(|e| e.to_string())?;
            saved.game.errors(&saved.table)
        }
        _ => {
            let event: WarmasterTournament =
                serde_json::from_value(doc).map_err(|e| e.to_string())?;
            // The standings never panic nor wrap, whatever was loaded.
            let _ = event.standings();
            event.errors()
        }
    })
}

#[test]
fn the_example_documents_are_sound() {
    let saved: Saved = serde_json::from_value(base_game()).expect("loads");
    assert!(saved.game.errors(&saved.table).is_empty());
    let event: WarmasterTournament = serde_json::from_value(base_tournament()).expect("loads");
    assert!(event.errors().is_empty(), "{:?}", event.errors());
}

#[test]
fn every_impossible_state_is_refused_with_its_path_and_rule() {
    let text = std::fs::read_to_string(fixtures().join("impossible.json")).expect("fixture");
    let fixture: Fixture = serde_json::from_str(&text).expect("parses");
    assert!(fixture.cases.len() >= 30);
    let mut failures = Vec::new();
    for case in &fixture.cases {
        match check(case) {
            Err(e) => failures.push(format!("{}: {e}", case.name)),
            Ok(problems) => {
                let hit = problems.iter().any(|p| {
                    p.path == case.path
                        && (case.rule.is_none() || p.rule.as_deref() == case.rule.as_deref())
                });
                if !hit {
                    let got: Vec<String> = problems.iter().map(ToString::to_string).collect();
                    failures.push(format!(
                        "{}: no problem at {} ({:?}); got {got:?}",
                        case.name, case.path, case.rule
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_standings_refuse_sums_that_overflow() {
    let mut doc = base_tournament();
    for pointer in [
        "/round_list/0/pairings/1/result/a/vp",
        "/round_list/1/pairings/0/result/b/vp",
    ] {
        *doc.pointer_mut(pointer).expect("vp") = serde_json::json!(i64::MAX);
    }
    let event: WarmasterTournament = serde_json::from_value(doc).expect("loads");
    let err = event.standings().expect_err("overflow");
    assert!(err.to_string().contains("Clara"), "{err}");
}

/// A game with `n` terrain pieces on one spot: 2,000 once printed 240 MB
/// of problems (issue 28).
fn crowded(n: usize) -> (WarmasterGame, Table) {
    let mut game = WarmasterGame::new_game();
    let mut pieces = Vec::with_capacity(n);
    for i in 0..n {
        let id = i as u64 + 1;
        let p: Piece = terrain_piece(
            TerrainType::Wood,
            id,
            &format!("Wood {id}"),
            feldherr_table::geometry::Point::new(90.0, 60.0),
        )
        .expect("piece");
        assert_eq!(p.layer, Layer::Terrain);
        pieces.push(p);
        game.terrain.push(TerrainRecord {
            piece: id,
            terrain: TerrainType::Wood,
        });
    }
    let mut table = WarmasterGame::default_table();
    for p in pieces {
        table.add(p).expect("added");
    }
    (game, table)
}

#[test]
fn problem_lists_are_capped() {
    let (game, table) = crowded(2_000);
    let errors = game.errors(&table);
    assert!(errors.len() <= MAX_PROBLEMS + 1, "{}", errors.len());
    assert!(
        errors[0]
            .message
            .contains("2000 terrain pieces; at most 100"),
        "{:?}",
        errors[0]
    );
    let warnings = game.warnings(&table);
    assert!(warnings.len() <= MAX_PROBLEMS + 1, "{}", warnings.len());
    let last = warnings.last().expect("a count of the rest");
    assert!(last.message.starts_with("… and "), "{last:?}");
    let printed: usize = errors
        .iter()
        .chain(&warnings)
        .map(|p| p.to_string().len())
        .sum();
    assert!(printed < 64 * 1024, "{printed} bytes");
    // A tournament of 5,000 players is capped too.
    let mut doc = base_tournament();
    let players = doc
        .pointer_mut("/players")
        .and_then(Value::as_array_mut)
        .expect("players");
    for i in 0..5_000 {
        players.push(serde_json::json!({"id": "dup", "name": format!("P{i}")}));
    }
    let event: WarmasterTournament = serde_json::from_value(doc).expect("loads");
    assert!(event.errors().len() <= MAX_PROBLEMS + 1);
}

#[test]
fn the_limits_edits_enforce_are_checked_on_load() {
    use feldherr_warmaster::{MAX_TERRAIN, WarmasterEdit};
    // One piece more than an edit accepts.
    let (mut game, mut table) = crowded(MAX_TERRAIN);
    assert!(
        game.errors(&table)
            .iter()
            .all(|p| !p.message.contains("terrain pieces;"))
    );
    let err = game
        .apply(
            &WarmasterEdit::PlaceTerrain {
                player: None,
                terrain: TerrainType::Hill,
                at: feldherr_table::geometry::Point::new(30.0, 30.0),
                shape: None,
                name: None,
            },
            &mut table,
        )
        .expect_err("full");
    assert!(
        err.to_string().contains("at most 100 terrain pieces"),
        "{err}"
    );
    let (game, table) = crowded(MAX_TERRAIN + 1);
    assert!(
        game.errors(&table)
            .iter()
            .any(|p| p.message.contains("101 terrain pieces; at most 100"))
    );
}

/// The app's example documents (`fixtures/documents/`): their Warmaster
/// parts load and are sound, and the hosted game fits its pairing.
#[test]
fn the_example_documents_of_the_app_are_sound() {
    let docs = fixtures().join("../documents");
    let read = |name: &str| -> Value {
        serde_json::from_str(&std::fs::read_to_string(docs.join(name)).expect("document"))
            .expect("json")
    };
    let strip = |mut v: Value, tag: &str| {
        v.as_object_mut().expect("object").remove(tag);
        v
    };
    let doc = read("warmaster-game.json");
    let game: WarmasterGame =
        serde_json::from_value(strip(doc["game"].clone(), "system")).expect("the game loads");
    let table: Table = serde_json::from_value(doc["table"].clone()).expect("the table loads");
    assert!(game.errors(&table).is_empty(), "{:?}", game.errors(&table));
    let doc = read("warmaster-tournament.json");
    let event: WarmasterTournament =
        serde_json::from_value(strip(doc["event"].clone(), "event")).expect("the tournament loads");
    assert!(event.errors().is_empty(), "{:?}", event.errors());
    for hosted in doc["hosted"].as_array().expect("hosted") {
        let role: Role = serde_json::from_value(hosted["role"].clone()).expect("role");
        let seats: Vec<Seat> = serde_json::from_value(hosted["seats"].clone()).unwrap_or_default();
        let game: WarmasterGame =
            serde_json::from_value(strip(hosted["game"]["game"].clone(), "system"))
                .expect("the hosted game loads");
        let table: Table =
            serde_json::from_value(hosted["game"]["table"].clone()).expect("its table loads");
        assert!(game.errors(&table).is_empty());
        assert!(
            event.check_hosted(&role, &seats, &game).is_empty(),
            "{:?}",
            event.check_hosted(&role, &seats, &game)
        );
    }
}
