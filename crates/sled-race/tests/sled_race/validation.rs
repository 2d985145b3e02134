//! Impossible saved races are refused (issue #28): each with the path of
//! the field and the rule; one regression test per item.

use feldherr_play::Game;
use feldherr_sled_race::{Race, RaceState};
use feldherr_table::Table;
use serde_json::{Value, json};

use super::game::example_race;

/// The problems of the example race changed by `change`, as (path, rule,
/// message); a load error counts as a problem at "load".
fn problems_after(change: impl FnOnce(&mut Value)) -> Vec<(String, Option<String>, String)> {
    let (race, table) = example_race();
    let mut json = serde_json::to_value(&race).expect("json");
    change(&mut json);
    problems_of(json, &table)
}

fn problems_of(json: Value, table: &Table) -> Vec<(String, Option<String>, String)> {
    match serde_json::from_value::<Race>(json) {
        Ok(race) => race
            .problems(table)
            .into_iter()
            .map(|p| (p.path, p.rule, p.message))
            .collect(),
        Err(e) => vec![("load".into(), None, e.to_string())],
    }
}

fn check(change: impl FnOnce(&mut Value), path: &str, rule: &str, words: &str) {
    let found = problems_after(change);
    assert!(
        found
            .iter()
            .any(|(p, r, m)| p == path && r.as_deref() == Some(rule) && m.contains(words)),
        "expected {path} ({rule}) \"{words}\" among {found:#?}"
    );
}

#[test]
fn the_example_race_and_the_example_document_are_sound() {
    let (race, table) = example_race();
    assert_eq!(race.problems(&table), []);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/documents/sled-race.json"
    );
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("document")).expect("json");
    let mut game = doc["game"].clone();
    game.as_object_mut().expect("an object").remove("system");
    let table: Table = serde_json::from_value(doc["table"].clone()).expect("table");
    assert_eq!(problems_of(game, &table), []);
}

#[test]
fn five_of_three_sled_wounds() {
    check(
        |j| j["state"]["sleds"][0]["sled_wounds"] = json!(5),
        "state.sleds[0].sled_wounds",
        "S14",
        "sled has 5 of 3 wounds",
    );
}

#[test]
fn a_speed_of_a_billion() {
    check(
        |j| j["state"]["sleds"][1]["speed"] = json!(1_000_000_000),
        "state.sleds[1].speed",
        "PS3",
        "speed 1000000000; a speed is at most 60 either way",
    );
}

#[test]
fn movement_dice_7_0_99() {
    for (i, face) in [(0, 7), (1, 0), (2, 99)] {
        check(
            |j| j["state"]["sleds"][2]["dice"] = json!([7, 0, 99]),
            &format!("state.sleds[2].dice[{i}]"),
            "S2",
            &format!("movement die shows {face}; a D6 shows 1 to 6"),
        );
    }
    // The Elf (Toughness 3) holds at most three dice.
    check(
        |j| j["state"]["sleds"][0]["dice"] = json!([1, 2, 3, 4]),
        "state.sleds[0].dice",
        "S2",
        "holds 4 movement dice; Toughness 3",
    );
}

#[test]
fn two_sleds_with_one_id() {
    check(
        |j| j["state"]["sleds"][1]["id"] = j["state"]["sleds"][0]["id"].clone(),
        "state.sleds[1].id",
        "S3",
        "two sleds have the id #1",
    );
}

#[test]
fn an_order_naming_sled_99() {
    check(
        |j| j["state"]["order"][0] = json!(99),
        "state.order[0]",
        "S3",
        "the order names sled #99, which is not in the race",
    );
}

#[test]
fn round_7_of_3() {
    check(
        |j| j["state"]["round"] = json!(7),
        "state.round",
        "S2",
        "round 7 of 3",
    );
}

#[test]
fn a_negative_sled_length() {
    check(
        |j| {
            j["settings"]["sled_length"] = json!(-4.0);
            j["state"]["settings"]["sled_length"] = json!(-4.0);
        },
        "settings",
        "PS3",
        "settings.sled_length: -4",
    );
}

#[test]
fn a_turn_counter_that_would_wrap() {
    check(
        |j| j["state"]["turn"] = json!(u32::MAX),
        "state.turn",
        "PS3",
        "turn 4294967295; a race lasts at most 99 turns",
    );
    // The round count never wraps round to a small or plausible number.
    let (race, _) = example_race();
    let mut st: RaceState = race.state().expect("started").clone();
    st.turn = u32::MAX / 3 + 2;
    st.round = 3;
    assert_eq!(st.race_round(), u32::MAX);
}

#[test]
fn more_than_16_entrants() {
    check(
        |j| {
            let entrants = j["entrants"].as_array_mut().expect("entrants");
            for i in 0..14u64 {
                entrants.push(json!({"id": 100 + i, "player": format!("Extra {i}")}));
            }
        },
        "entrants",
        "PS3",
        "18 entrants; a race takes at most 16",
    );
}

#[test]
fn a_state_that_its_resolutions_do_not_give() {
    check(
        |j| j["state"]["sleds"][0]["speed"] = json!(4),
        "state",
        "S3",
        "the running race is not what its resolutions give",
    );
    check(
        |j| j["resolutions"][3]["id"] = j["resolutions"][2]["id"].clone(),
        "resolutions[3].id",
        "S3",
        "resolution id #3 is used twice",
    );
}

/// A driver's problems come all at once, typed, in the form's order; the
/// first is what `validate` refuses (N6 for a mounted character).
#[test]
fn every_problem_of_a_driver_at_once() {
    use feldherr_sled_race::{Driver, DriverField, DriverProblem, Mount};
    let mut d = Driver::on_foot("", "Anna", [11, 4, 0, 4, 2]);
    d.armour_save = Some(7);
    d.mount = Mount::Mounted;
    assert_eq!(
        d.problems(),
        [
            DriverProblem::Empty {
                field: DriverField::Name
            },
            DriverProblem::OutOfRange {
                field: DriverField::Toughness,
                value: 11,
                min: 1,
                max: 10
            },
            DriverProblem::OutOfRange {
                field: DriverField::Strength,
                value: 0,
                min: 1,
                max: 10
            },
            DriverProblem::OutOfRange {
                field: DriverField::ArmourSave,
                value: 7,
                min: 1,
                max: 6
            },
            DriverProblem::NotOnFoot(Mount::Mounted),
        ]
    );
    let err = d.validate().expect_err("refused");
    assert!(err.to_string().contains("driver.name"), "{err}");
    let good = Driver::on_foot("Elf hero", "Anna", [3, 6, 4, 5, 2]);
    assert!(good.problems().is_empty());
    assert!(good.validate().is_ok());
}
