//! The example game in `fixtures/wh40k-ffa/example_game.json`: three
//! players, deployment, two rounds, a three-sided combat. Set
//! `FELDHERR_BLESS=1` to rewrite it after a deliberate change.

use feldherr_dice::step::Answer;
use feldherr_play::{Game, Id};
use feldherr_wh40k_ffa::{EngagedUnit, FfaEdit, FfaOutcome, FreeForAll, SideEntry, ZoneSlot};

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
    // Round 2, Ben's turn: all three meet in the centre.
    let side = |seat: usize, caused: u32, units: &[(u64, u32)]| SideEntry {
        seat,
        casualties_caused: caused,
        units: units
            .iter()
            .map(|&(unit, models)| EngagedUnit {
                unit: Id(unit),
                models,
            })
            .collect(),
    };
    ok(
        &mut g,
        &mut table,
        FfaEdit::StartCombat {
            sides: vec![
                side(1, 4, &[(21, 8), (22, 5)]),
                side(0, 2, &[(11, 6)]),
                side(2, 1, &[(31, 3)]),
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
