//! The app's example document, `fixtures/documents/confrontation-game.json`:
//! its game and table are the crate's example played on: two sides, a
//! charge on the Felsspalter met by its counter-fire, the Panzerwagen
//! earning its speed marker, and, in round 2, the goblin crew leaving the
//! gun and a dwarf Thallion capturing it. The game reports no problem about
//! its own example: no overlapping pieces, every mine within 20 cm of its
//! machine and set off by nobody.

use feldherr_confrontation::ConfrontationGame;
use feldherr_confrontation::crew::Role;
use feldherr_confrontation::game::{ChargeOrder, Charger, FigureStats, Phase};
use feldherr_confrontation::{ConfrontationEdit, ConfrontationOutcome};
use feldherr_play::Game;
use feldherr_table::Table;
use feldherr_table::geometry::{Point, overlaps};
use serde_json::{Value, json};

use super::support::{
    Example, FELSSPALTER, GOBLINS, GRIZHOU, GUIGNE, HENN, PANZERWAGEN, ZWERGE, example_game,
    to_phase,
};

const DOCUMENT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../fixtures/documents/confrontation-game.json"
);

/// The dwarf Thallion's piece.
const THALLION: u64 = 10;

/// The example document's game and table, built through the game's edits.
fn played() -> Example {
    let mut game = example_game();
    let mut dwarf = FigureStats::new(5, ZWERGE);
    dwarf.str = Some(5);
    dwarf.fer = Some(3);
    dwarf.dis = Some(3);
    game.add_figure(THALLION, "Thallion", Point::new(62.0, 72.0), dwarf);
    // Round 1: the Panzerwagen drives 30 cm and takes its speed marker.
    game.edit(ConfrontationEdit::Activate {
        machine: PANZERWAGEN,
        side: ZWERGE,
    })
    .expect("activated");
    game.edit(ConfrontationEdit::DriveMachine {
        machine: PANZERWAGEN,
        path: vec![Point::new(20.0, 20.0), Point::new(50.0, 20.0)],
        take_marker: true,
        movers: None,
    })
    .expect("drives");
    game.edit(ConfrontationEdit::EndActivation).expect("ended");
    // The Thallion charges the Felsspalter; its counter-fire wounds him.
    game.move_piece(THALLION, Point::new(25.25, 60.0));
    let charge = ChargeOrder {
        charger: Charger::Figure(THALLION),
        target: FELSSPALTER,
        from: Point::new(62.0, 72.0),
        first_sight: None,
    };
    let kind = game
        .game
        .counter_fire_inputs(&game.table, &charge, None, None)
        .expect("counter-fire");
    let id = game.resolve(kind, &[&[3], &[2, 3]]);
    game.apply_result(id);
    to_phase(&mut game, Phase::End);
    game.edit(ConfrontationEdit::EndRound {
        touching: Vec::new(),
    })
    .expect("round 2");
    game.edit(ConfrontationEdit::NextPhase).expect("movement");
    // Round 2: the goblin crew leave their gun; the Thallion captures it.
    game.edit(ConfrontationEdit::Activate {
        machine: FELSSPALTER,
        side: GOBLINS,
    })
    .expect("activated");
    for crew in [GUIGNE, HENN] {
        game.edit(ConfrontationEdit::SetCrew {
            crew,
            in_contact: false,
            engaged: false,
            fleeing: false,
        })
        .expect("crew");
    }
    game.move_piece(GRIZHOU, Point::new(20.0, 80.0));
    game.edit(ConfrontationEdit::EndActivation).expect("ended");
    game.edit(ConfrontationEdit::Capture {
        machine: FELSSPALTER,
        captors: vec![THALLION],
        holders_far: true,
    })
    .expect("captured");
    game
}

/// The document as the app saves it (keys sorted).
fn document(example: &Example) -> Value {
    let mut game = serde_json::to_value(&example.game).expect("game");
    game["system"] = json!(ConfrontationGame::SYSTEM);
    json!({
        "format": "feldherr",
        "game": game,
        "kind": "game",
        "name": "Fortification example",
        "notes": "",
        "schema_version": 3,
        "table": serde_json::to_value(&example.table).expect("table"),
    })
}

#[test]
fn the_example_document_is_the_played_example_and_sound() {
    let example = played();
    let expected = document(&example);
    if std::env::var_os("FELDHERR_BLESS").is_some() {
        let text = serde_json::to_string_pretty(&expected).expect("json");
        std::fs::write(DOCUMENT, text + "\n").expect("write document");
    }
    let saved: Value =
        serde_json::from_str(&std::fs::read_to_string(DOCUMENT).expect("document")).expect("json");
    assert_eq!(saved, expected);
    // Its game (without the host's tag) and its table load.
    let mut game_value = saved["game"].clone();
    game_value.as_object_mut().expect("object").remove("system");
    let game: ConfrontationGame = serde_json::from_value(game_value).expect("game loads");
    let table: Table = serde_json::from_value(saved["table"].clone()).expect("table loads");
    assert_eq!(game, example.game);
    // No problem about its own example.
    assert!(
        game.problems(&table).is_empty(),
        "{:?}",
        game.problems(&table)
    );
    let models: Vec<_> = table
        .pieces()
        .iter()
        .filter(|p| p.layer == feldherr_table::Layer::Model)
        .collect();
    for (i, a) in models.iter().enumerate() {
        for b in &models[i + 1..] {
            assert!(
                !overlaps(&a.shape, &b.shape),
                "{} overlaps {}",
                a.name,
                b.name
            );
        }
    }
    for mine in game.mine_status(&table) {
        assert!(mine.placement_ok, "{} lies too far", mine.name);
        assert!(mine.triggered_by.is_empty(), "{} is set off", mine.name);
    }
    // Two sides, a capture and a counter-fire.
    assert_eq!(game.sides.len(), 2);
    let gun = game.machine(FELSSPALTER).expect("Felsspalter");
    assert_eq!((gun.side, gun.held_by), (GOBLINS, Some(ZWERGE)));
    assert!(
        game.crew_of(FELSSPALTER)
            .any(|c| c.role == Role::Auxiliary && c.piece == Some(THALLION))
    );
    assert!(
        game.resolutions
            .iter()
            .any(|r| r.applied()
                && matches!(r.outcome(), Some(ConfrontationOutcome::CounterFire(_))))
    );
}

/// The example document as it was saved before sides, rounds and crew
/// figures (`fixtures/confrontation/saved_before_sides.json`, the app's
/// schema 2 document of that time) still loads, as PC1 says: sides A and
/// B, everything A's, round 1's movement phase, the card crew as figures
/// (Henn touching the Felsspalter, as its old list said); it reports no
/// problem, saves and loads back equal.
#[test]
fn a_document_saved_before_sides_still_loads() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/confrontation/saved_before_sides.json"
    );
    let saved: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("document")).expect("json");
    let mut game_value = saved["game"].clone();
    game_value.as_object_mut().expect("object").remove("system");
    let game: ConfrontationGame = serde_json::from_value(game_value).expect("game loads");
    let table: Table = serde_json::from_value(saved["table"].clone()).expect("table loads");
    let names: Vec<&str> = game.sides.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["A", "B"]);
    assert_eq!((game.round.number, game.round.phase), (1, Phase::Movement));
    assert!(game.machines.iter().all(|m| m.side == GOBLINS));
    let henn = game.crew.iter().find(|c| c.name() == "Henn").expect("Henn");
    assert!(henn.in_contact && henn.machine == FELSSPALTER);
    assert_eq!(game.crew.len(), 8);
    let problems = game.problems(&table);
    assert!(problems.is_empty(), "{problems:?}");
    let text = serde_json::to_string(&game).expect("json");
    let back: ConfrontationGame = serde_json::from_str(&text).expect("loads");
    assert_eq!(back, game);
}
