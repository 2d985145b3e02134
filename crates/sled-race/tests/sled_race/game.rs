//! The race through the `Game` contract: setup, N6, start, resolutions,
//! undo, saving, replay, report, the example fixture.

use feldherr_dice::Dice;
use feldherr_dice::step::{Answer, ChoiceRequest};
use feldherr_geometry::{Angle, Point};
use feldherr_play::{Game, Id, PlayError};
use feldherr_sled_race::{
    Driver, Mount, NextStep, Race, RaceEdit, SledStatus, StepInput, TerrainKind,
};
use feldherr_table::{Table, TableEdit};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../fixtures/sled-race/example_race.json"
);

fn add(race: &mut Race, table: &mut Table, player: &str, name: &str, t: u32) {
    let driver = Driver::on_foot(name, player, [t, 4, 4, 4, 2]);
    race.apply(
        &RaceEdit::AddEntrant {
            player: player.into(),
            driver: Some(driver),
        },
        table,
    )
    .expect("entrant");
}

/// A table with a few terrain pieces in the middle.
fn track_table() -> Table {
    let mut table = Race::default_table();
    let rules = Race::table_rules();
    let mut put = |kind: TerrainKind, x: f64, y: f64, facing: Option<f64>| {
        let t = rules.type_def(kind.type_id()).expect("type");
        let mut p = t
            .piece(table.next_id(), kind.label(), Point::new(x, y))
            .expect("piece");
        if let Some(f) = facing {
            p = p.with_facing(Angle::from_degrees(f).expect("angle"));
        }
        table.apply(TableEdit::Add(p)).expect("add");
    };
    put(TerrainKind::Wood, 30.0, 12.0, None);
    put(TerrainKind::Hedge, 45.0, 36.0, None);
    put(TerrainKind::Ice, 55.0, 20.0, None);
    put(TerrainKind::Rocks, 20.0, 30.0, None);
    put(TerrainKind::FlatSlope, 40.0, 24.0, Some(180.0));
    table
}

fn last(c: &ChoiceRequest) -> usize {
    c.options.len() - 1
}

/// Plays a seeded race to its end: every choice its last option, a
/// standing sled faces downhill, no turns.
pub fn play_out(race: &mut Race, table: &mut Table, seed: u64) -> Result<(), PlayError> {
    let mut dice = Dice::seeded(seed);
    for _ in 0..500 {
        let input = match race.next_step() {
            Some(NextStep::Over) | None => return Ok(()),
            Some(NextStep::Move(id)) => StepInput::Move {
                facing: race
                    .state()
                    .and_then(|s| s.sled(id))
                    .is_some_and(|s| s.speed == 0)
                    .then_some(0.0),
            },
            Some(NextStep::Turn(_)) => StepInput::Turn { angle: 10.0 },
            Some(_) => StepInput::Draw,
        };
        race.play_next(table, &mut dice, last, input)?;
    }
    Ok(())
}

pub fn example_race() -> (Race, Table) {
    let mut table = track_table();
    let mut race = Race::new_game();
    add(&mut race, &mut table, "Anna", "Elf hero", 3);
    add(&mut race, &mut table, "Ben", "Ogre hero", 5);
    add(&mut race, &mut table, "Carl", "Dwarf thane", 5);
    race.apply(
        &RaceEdit::AddEntrant {
            player: "Dora".into(),
            driver: None,
        },
        &mut table,
    )
    .expect("entrant without driver");
    race.apply(&RaceEdit::Start, &mut table).expect("start");
    play_out(&mut race, &mut table, 2026).expect("race");
    (race, table)
}

#[test]
fn n6_mounted_and_chariot_refused_with_reason() {
    let mut table = Race::default_table();
    let mut race = Race::new_game();
    for (mount, word) in [(Mount::Mounted, "mounted"), (Mount::Chariot, "chariot")] {
        let mut d = Driver::on_foot("Knight", "Eva", [4, 4, 4, 4, 2]);
        d.mount = mount;
        let err = race
            .apply(
                &RaceEdit::AddEntrant {
                    player: "Eva".into(),
                    driver: Some(d),
                },
                &mut table,
            )
            .expect_err("refused");
        let text = err.to_string();
        assert!(text.contains(word) && text.contains("N6"), "{text}");
    }
    assert!(race.entrants.is_empty());
    // A bad profile names the field.
    let d = Driver::on_foot("X", "Eva", [0, 4, 4, 4, 2]);
    let err = race
        .apply(
            &RaceEdit::AddEntrant {
                player: "Eva".into(),
                driver: Some(d),
            },
            &mut table,
        )
        .expect_err("T 0");
    assert!(err.to_string().contains("driver.toughness"), "{err}");
    // Nobody with a driver: the race cannot start.
    race.apply(
        &RaceEdit::AddEntrant {
            player: "Eva".into(),
            driver: None,
        },
        &mut table,
    )
    .expect("no driver");
    assert!(race.apply(&RaceEdit::Start, &mut table).is_err());
}

#[test]
fn n6_s15_full_race_reports_placings_and_rounds() {
    let (race, _) = example_race();
    let report = race.report().expect("report");
    assert!(report.finished);
    let dora = report
        .sides
        .iter()
        .find(|s| s.player == "Dora")
        .expect("Dora");
    assert_eq!(dora.placing, None, "no character on foot: does not start");
    let placed: Vec<_> = report.sides.iter().filter_map(|s| s.placing).collect();
    let st = race.state().expect("state");
    let finished = st
        .sleds
        .iter()
        .filter(|s| matches!(s.status, SledStatus::Finished { .. }))
        .count();
    assert_eq!(placed.len(), finished);
    let mut sorted = placed.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (1..=finished as u32).collect::<Vec<_>>());
    // Finishing rounds never decrease with the placing.
    let mut by_place: Vec<_> = report
        .sides
        .iter()
        .filter_map(|s| Some((s.placing?, s.finished_round?)))
        .collect();
    by_place.sort_unstable();
    assert!(by_place.windows(2).all(|w| w[0].1 <= w[1].1));
}

#[test]
fn fixture_example_race_replays_exactly() {
    let (race, _) = example_race();
    let json = serde_json::to_string(&race).expect("json");
    if std::env::var_os("SLED_WRITE_FIXTURE").is_some() {
        std::fs::write(FIXTURE, &json).expect("write fixture");
    }
    let saved = std::fs::read_to_string(FIXTURE).expect("fixture present");
    let loaded: Race = serde_json::from_str(&saved).expect("replays");
    assert_eq!(loaded, race, "the same seed gives the same race");
    assert_eq!(loaded.report(), race.report());
    // Every resolution replays to the state the next one starts from.
    for pair in loaded.resolutions.windows(2) {
        let after = &pair[0].outcome().expect("finished").after;
        let next = pair[1].kind().before();
        assert_eq!(after.sleds.len(), next.sleds.len());
        assert_eq!(after.turn, next.turn);
    }
}

#[test]
fn saved_race_refuses_unknown_fields_and_bad_answers() {
    let (race, _) = example_race();
    let mut v = serde_json::to_value(&race).expect("json");
    v["surprise"] = serde_json::json!(1);
    assert!(serde_json::from_value::<Race>(v).is_err());
    let mut v = serde_json::to_value(&race).expect("json");
    v["settings"]["sled_colour"] = serde_json::json!("red");
    assert!(serde_json::from_value::<Race>(v).is_err());
    // A die face of 7 in a saved answer fails the load.
    let mut v = serde_json::to_value(&race).expect("json");
    v["resolutions"][1]["answers"][0] = serde_json::json!({"dice": [7, 1, 1]});
    assert!(serde_json::from_value::<Race>(v).is_err());
}

#[test]
fn every_step_can_be_taken_back() {
    let mut table = track_table();
    let mut race = Race::new_game();
    add(&mut race, &mut table, "Anna", "Elf hero", 3);
    add(&mut race, &mut table, "Ben", "Ogre hero", 5);
    race.apply(&RaceEdit::Start, &mut table).expect("start");
    let mut dice = Dice::seeded(5);
    for _ in 0..6 {
        let input = match race.next_step().expect("started") {
            NextStep::Move(_) => StepInput::Move { facing: None },
            NextStep::Turn(_) => StepInput::Turn { angle: 0.0 },
            _ => StepInput::Draw,
        };
        race.play_next(&mut table, &mut dice, last, input)
            .expect("step");
    }
    let (race_before, table_before) = (race.clone(), table.clone());
    let input = match race.next_step().expect("started") {
        NextStep::Move(_) => StepInput::Move { facing: None },
        NextStep::Turn(_) => StepInput::Turn { angle: 0.0 },
        _ => StepInput::Draw,
    };
    race.play_next(&mut table, &mut dice, last, input)
        .expect("step");
    assert_ne!(race, race_before);
    race.apply(&RaceEdit::Undo, &mut table).expect("undo");
    assert_eq!(race.state, race_before.state);
    assert_eq!(table, table_before);
    // Its answers can now be taken back one by one, then it is removed.
    let n = race.resolutions.len() - 1;
    while race.resolutions_mut().take_back_at(n).expect("take back") {}
    assert!(race.resolutions[n].answers().is_empty());
    race.resolutions_mut().remove_at(n).expect("remove");
    assert_eq!(race.resolutions, race_before.resolutions);
    // Undo all the way to the start: no sled on the table.
    while race.apply(&RaceEdit::Undo, &mut table).is_ok() {
        let n = race.resolutions.len() - 1;
        race.resolutions_mut().remove_at(n).expect("remove");
    }
    assert!(table.pieces().iter().all(|p| p.kind != "sled"));
}

#[test]
fn steps_are_refused_out_of_order() {
    let mut table = track_table();
    let mut race = Race::new_game();
    add(&mut race, &mut table, "Anna", "Elf hero", 3);
    assert!(
        race.apply(&RaceEdit::Open(StepInput::Draw), &mut table)
            .is_err(),
        "not started"
    );
    race.apply(&RaceEdit::Start, &mut table).expect("start");
    assert!(
        race.apply(
            &RaceEdit::AddEntrant {
                player: "X".into(),
                driver: None
            },
            &mut table
        )
        .is_err()
    );
    let wrong = race.apply(
        &RaceEdit::Open(StepInput::Move { facing: None }),
        &mut table,
    );
    assert!(wrong.is_err());
    race.apply(&RaceEdit::Open(StepInput::Draw), &mut table)
        .expect("draw");
    // A second open while one is unapplied is refused.
    assert!(
        race.apply(&RaceEdit::Open(StepInput::Draw), &mut table)
            .is_err()
    );
    // Only one sled: the start draw needs no die and is finished at once.
    assert!(race.resolutions[0].finished());
    race.apply(&RaceEdit::Apply(Id(1)), &mut table)
        .expect("apply");
    assert!(
        race.apply(&RaceEdit::Apply(Id(1)), &mut table).is_err(),
        "applied twice"
    );
    assert_eq!(
        table.pieces().iter().filter(|p| p.kind == "sled").count(),
        1
    );
    // Movement dice through the list, typed in.
    race.apply(&RaceEdit::Open(StepInput::Draw), &mut table)
        .expect("dice");
    race.resolutions_mut()
        .answer_at(1, Answer::Dice(vec![7, 1, 1]))
        .expect_err("7 is no face of a D6");
    race.resolutions_mut()
        .answer_at(1, Answer::Dice(vec![6, 1, 1]))
        .expect("typed");
    race.apply(&RaceEdit::Apply(Id(2)), &mut table)
        .expect("apply");
    race.apply(&RaceEdit::Open(StepInput::Draw), &mut table)
        .expect("order");
    race.apply(&RaceEdit::Apply(Id(3)), &mut table)
        .expect("apply");
    // A moving sled cannot be faced anew; a turn over 180° is refused.
    let s = race.state().expect("state").sleds[0].clone();
    assert_eq!(s.speed, 0);
    let err = race.apply(
        &RaceEdit::Open(StepInput::Move {
            facing: Some(f64::NAN),
        }),
        &mut table,
    );
    assert!(err.is_err());
    race.apply(
        &RaceEdit::Open(StepInput::Move { facing: Some(10.0) }),
        &mut table,
    )
    .expect("move");
    let prompt = race
        .resolutions()
        .resolution_at(3)
        .and_then(|r| r.prompt().cloned());
    assert!(matches!(
        prompt,
        Some(feldherr_dice::step::Prompt::Choice(_))
    ));
}

#[test]
fn plan_shows_terrain_per_inch() {
    let mut table = track_table();
    let mut race = Race::new_game();
    add(&mut race, &mut table, "Anna", "Elf hero", 3);
    race.apply(&RaceEdit::Start, &mut table).expect("start");
    let mut dice = Dice::seeded(1);
    race.play_next(&mut table, &mut dice, last, StepInput::Draw)
        .expect("draw");
    let id = race.state().expect("state").sleds[0].id;
    // The single sled stands at y 24, facing downhill: the flat slope at
    // x 40 (8 wide across y, 3 along x) lies on its way.
    let plan = race.plan(id, Some(0.0), 45);
    assert_eq!(plan.len(), 45);
    assert!(
        plan.iter()
            .any(|i| i.terrain.contains(&TerrainKind::FlatSlope))
    );
    assert!(plan[0].terrain.is_empty());
    assert!(
        race.problems(&table).is_empty(),
        "{:?}",
        race.problems(&table)
    );
}

#[test]
fn problems_name_unknown_terrain_and_slopes_without_facing() {
    let mut table = Race::default_table();
    let race = Race::new_game();
    let lake = feldherr_table::Piece::new(
        table.next_id(),
        "Pond",
        "pond",
        feldherr_table::Layer::Terrain,
        feldherr_geometry::Shape::Circle(
            feldherr_geometry::Circle::new(Point::new(30.0, 20.0), 3.0).expect("circle"),
        ),
    );
    table.apply(TableEdit::Add(lake)).expect("add");
    let problems = race.problems(&table);
    assert!(
        problems.iter().any(|p| p.message.contains("pond")),
        "{problems:?}"
    );
    // A slope without a facing has no uphill direction (S8).
    let slope = feldherr_table::Piece::new(
        table.next_id(),
        "Slope",
        "slope_flat",
        feldherr_table::Layer::Terrain,
        feldherr_geometry::Shape::Circle(
            feldherr_geometry::Circle::new(Point::new(40.0, 20.0), 3.0).expect("circle"),
        ),
    );
    table.apply(TableEdit::Add(slope)).expect("add");
    let problems = race.problems(&table);
    assert!(
        problems.iter().any(|p| p.rule.as_deref() == Some("S8")),
        "{problems:?}"
    );
}

#[test]
fn a_whole_race_is_loaded_with_its_table_and_a_changed_track_is_refused() {
    let text = std::fs::read_to_string(FIXTURE).expect("fixture");
    let played: Race = serde_json::from_str(&text).expect("race");
    let track = played.state().expect("started").track.clone();
    // Its own table: the terrain it started with.
    let mut own = Race::default_table();
    for t in &track.terrain {
        let p = feldherr_table::Piece::new(
            t.piece,
            &t.name,
            t.kind.type_id(),
            feldherr_table::Layer::Terrain,
            t.shape.clone(),
        );
        let p = match t.uphill {
            Some(a) => p.with_facing(a),
            None => p,
        };
        own.apply(TableEdit::Add(p)).expect("terrain");
    }
    let mut race = Race::new_game();
    let mut table = Race::default_table();
    race.apply(
        &RaceEdit::Load {
            race: Box::new(played.clone()),
            table: Box::new(own.clone()),
        },
        &mut table,
    )
    .expect("loaded");
    assert_eq!(race, played);
    assert_eq!(table, own);
    // On a bare table its track no longer matches (S1): refused, nothing
    // changes.
    let mut fresh = Race::new_game();
    let mut bare = Race::default_table();
    let err = fresh
        .apply(
            &RaceEdit::Load {
                race: Box::new(played),
                table: Box::new(Race::default_table()),
            },
            &mut bare,
        )
        .unwrap_err();
    assert!(err.to_string().contains("cannot be taken in"), "{err}");
    assert!(err.to_string().contains("S1"), "{err}");
    assert_eq!(fresh, Race::new_game());
}

/// Once the race has started the track is fixed (S1): a hand edit of a
/// terrain piece, a new terrain piece, the table's size and a sled's piece
/// are refused, naming the piece or the driver; a marker is free. Before
/// the start every edit is let through.
#[test]
fn s1_hand_edits_of_the_track_are_refused_once_the_race_runs() {
    let (race, table) = example_race();
    let rocks = table
        .pieces()
        .iter()
        .find(|p| p.kind == TerrainKind::Rocks.type_id())
        .expect("rocks")
        .clone();
    let sled = race
        .state()
        .expect("started")
        .sleds
        .iter()
        .find(|s| s.piece.is_some_and(|p| table.piece(p).is_some()))
        .expect("a sled on the table")
        .clone();
    let refused = |edit: TableEdit| -> String {
        let e = race.check_table_edit(&edit, &table).expect_err("refused");
        assert_eq!(e.rule(), Some("S1"), "{e}");
        e.to_string()
    };
    let to = Point::new(10.0, 10.0);
    for edit in [
        TableEdit::Move { id: rocks.id, to },
        TableEdit::Rotate {
            id: rocks.id,
            facing: Angle::from_degrees(45.0).expect("angle"),
        },
        TableEdit::Delete { id: rocks.id },
        TableEdit::Rename {
            id: rocks.id,
            name: "Scree".into(),
        },
    ] {
        let e = refused(edit);
        assert!(e.contains(&rocks.name), "{e}");
        assert!(e.contains("part of the track"), "{e}");
    }
    let mut wood = rocks.clone();
    wood.id = table.next_id();
    wood.name = "Dark wood".into();
    let e = refused(TableEdit::Add(wood));
    assert!(e.contains("Dark wood is not placed"), "{e}");
    let e = refused(TableEdit::SetTableSize {
        width: 80.0,
        depth: 48.0,
    });
    assert!(e.contains("size"), "{e}");
    let e = refused(TableEdit::Move {
        id: sled.piece.expect("piece"),
        to,
    });
    assert!(e.contains(&sled.driver.name), "{e}");
    // A marker is no part of the track.
    let marker = feldherr_table::Piece::new(
        table.next_id(),
        "Finish flag",
        "flag",
        feldherr_table::Layer::Marker,
        feldherr_geometry::Shape::Circle(
            feldherr_geometry::Circle::new(Point::new(70.0, 2.0), 1.0).expect("circle"),
        ),
    );
    race.check_table_edit(&TableEdit::Add(marker), &table)
        .expect("a marker is free");
    // Before the start the track is the organiser's to set up.
    let fresh = Race::new_game();
    fresh
        .check_table_edit(&TableEdit::Delete { id: rocks.id }, &table)
        .expect("setup");
}
