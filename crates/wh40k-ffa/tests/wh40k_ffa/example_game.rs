//! The example game in `fixtures/wh40k-ffa/example_game.json`: three
//! players, deployment, two rounds, a three-sided combat. Set
//! `FELDHERR_BLESS=1` to rewrite it after a deliberate change.

use feldherr_dice::step::Answer;
use feldherr_play::{Game, Id};
use feldherr_wh40k_ffa::{
    Cause, EngagedUnit, FfaEdit, FfaOutcome, FreeForAll, SideEntry, UnitStatus, ZoneSlot,
};

use crate::common::{game, ok};

const PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../fixtures/wh40k-ffa/example_game.json"
);

fn build() -> FreeForAll {
    let (mut g, mut table) = game(3);
    for (seat, slot) in [
        (0, ZoneSlot::BottomLeft),
        (1, ZoneSlot::TopEdge),
        (2, ZoneSlot::BottomRight),
    ] {
        ok(&mut g, &mut table, FfaEdit::ChooseZone { seat, slot });
    }
    ok(&mut g, &mut table, FfaEdit::StartRollOff);
    g.resolutions_mut()
        .answer_at(0, Answer::Dice(vec![5, 5, 2]))
        .expect("the answer fits");
    g.resolutions_mut()
        .answer_at(0, Answer::Dice(vec![1, 4]))
        .expect("the answer fits");
    ok(&mut g, &mut table, FfaEdit::Apply(Id(1)));
    ok(&mut g, &mut table, FfaEdit::StartDraw);
    g.resolutions_mut()
        .answer_at(1, Answer::Dice(vec![2]))
        .expect("the answer fits");
    ok(&mut g, &mut table, FfaEdit::Apply(Id(2)));
    ok(&mut g, &mut table, FfaEdit::TypeDraw { seat: 0 });
    ok(&mut g, &mut table, FfaEdit::TypeDraw { seat: 2 });
    ok(&mut g, &mut table, FfaEdit::TypeDraw { seat: 1 });
    // Round 2, Ben's turn: all three meet in the centre. Each unit fights
    // with the models the game knows, less the casualties of this round.
    let side = |seat: usize, caused: u32, units: &[(u64, u32)]| SideEntry {
        seat,
        casualties_caused: caused,
        units: units
            .iter()
            .map(|&(unit, lost)| EngagedUnit::new(Id(unit), lost))
            .collect(),
    };
    ok(
        &mut g,
        &mut table,
        FfaEdit::StartCombat {
            sides: vec![
                side(1, 4, &[(21, 2), (22, 0)]),
                side(0, 2, &[(11, 4)]),
                side(2, 1, &[(31, 7)]),
            ],
        },
    );
    for answer in [
        Answer::Dice(vec![6, 5]),
        Answer::Dice(vec![6, 6]),
        Answer::Choice(0),
        Answer::Dice(vec![3, 1]),
        Answer::Dice(vec![1, 3]),
    ] {
        g.resolutions_mut()
            .answer_at(2, answer)
            .expect("the answer fits");
    }
    ok(&mut g, &mut table, FfaEdit::Apply(Id(3)));
    g
}

#[test]
fn example_game_loads_and_replays() {
    let built = build();
    if std::env::var_os("FELDHERR_BLESS").is_some() {
        std::fs::write(PATH, serde_json::to_string_pretty(&built).unwrap() + "\n").unwrap();
    }
    let text = std::fs::read_to_string(PATH).expect("fixture exists");
    let loaded: FreeForAll = serde_json::from_str(&text).expect("the example loads");
    assert_eq!(loaded, built);
    assert_eq!(
        loaded.turn_order().unwrap().rounds,
        [vec![1, 2, 0], vec![2, 1]]
    );
    assert_eq!(
        loaded.deployment().and_then(|d| d.zone_of(1)),
        Some(ZoneSlot::TopEdge)
    );
    let Some(FfaOutcome::Combat(combat)) = loaded.saved()[2].outcome() else {
        panic!("combat finished")
    };
    assert_eq!(combat.winners, [1]);
    assert_eq!(combat.fleeing, [Id(11)]);
    assert_eq!(combat.destroyed, [Id(31)]);
    // The units carry the result: Anna's unit flees with 6 models, Cem's
    // was caught by Ben's sweeping advance.
    let anna = loaded.unit_state(Id(11)).expect("unit");
    assert_eq!(anna.models_left, 6);
    assert!(matches!(
        anna.status,
        UnitStatus::Fleeing {
            combat: Id(3),
            round: 2
        }
    ));
    let cem = loaded.unit_state(Id(31)).expect("unit");
    assert_eq!(
        cem.status,
        UnitStatus::Destroyed {
            round: 2,
            turn_of: 1,
            by: vec![1],
            cause: Cause::SweepingAdvance { combat: Id(3) }
        }
    );
    assert_eq!(loaded.record().len(), 1);
    assert!(
        loaded
            .problems(&FreeForAll::default_table())
            .iter()
            .all(|p| p.path.ends_with(".piece"))
    );
}

#[test]
fn a_saved_game_with_a_bad_answer_or_unknown_key_does_not_load() {
    let text = std::fs::read_to_string(PATH).expect("fixture exists");
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["resolutions"][0]["answers"][0] = serde_json::json!({"dice": [7, 5, 2]});
    assert!(serde_json::from_value::<FreeForAll>(json).is_err());
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["mystery"] = serde_json::json!(1);
    let err = serde_json::from_value::<FreeForAll>(json).unwrap_err();
    assert!(err.to_string().contains("mystery"), "{err}");
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["players"][1]["army"][0]["leadership"] = serde_json::json!(0);
    let err = serde_json::from_value::<FreeForAll>(json).unwrap_err();
    assert!(
        err.to_string().contains("players[1].army[0].leadership"),
        "{err}"
    );
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["deployment"]["choices"][1]["slot"] = serde_json::json!("top_left");
    let err = serde_json::from_value::<FreeForAll>(json).unwrap_err();
    assert!(err.to_string().contains("deployment.choices[1]"), "{err}");
}

#[test]
fn the_example_document_is_sound_and_saves_to_the_same_text() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/documents/wh40k-ffa-game.json"
    );
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("document")).expect("json");
    let mut part = doc["game"].clone();
    part.as_object_mut().expect("an object").remove("system");
    let game: FreeForAll = serde_json::from_value(part.clone()).expect("the game loads");
    let table: feldherr_table::Table =
        serde_json::from_value(doc["table"].clone()).expect("the table loads");
    assert!(
        game.problems(&table).is_empty(),
        "{:?}",
        game.problems(&table)
    );
    assert_eq!(serde_json::to_value(&game).expect("saves"), part);
    // The units carry the two combats of round 1.
    let rows = game.unit_rows();
    let left: Vec<(u32, u32)> = rows
        .iter()
        .map(|r| (r.models_at_start, r.models_left))
        .collect();
    assert_eq!(left, [(10, 7), (5, 5), (5, 2), (4, 1)]);
    assert!(matches!(rows[2].status, UnitStatus::Fleeing { .. }));
    assert_eq!(game.engagements().len(), 1);
}
