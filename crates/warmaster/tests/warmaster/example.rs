//! The complete example game of `fixtures/warmaster/example_game.json`,
//! replayed step by step; its saved document is
//! `fixtures/warmaster/example_game.saved.json` (rewritten when
//! `WARMASTER_BLESS=1`).

use feldherr_dice::step::Answer;
use feldherr_play::{Game, GameReport};
use feldherr_table::Table;
use feldherr_warmaster::{
    GameEnd, Player, Scenario, SpecialRule, Verdict, VpLineKind, WarmasterEdit, WarmasterGame,
};
use serde::{Deserialize, Serialize};

use super::fixtures;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Step {
    Edit(WarmasterEdit),
    Answer { index: usize, answer: Answer },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Expected {
    starting_player: Player,
    scenario: Scenario,
    special_rule: SpecialRule,
    break_points: [u32; 2],
    ep: [i32; 2],
    vp: [i64; 2],
    verdict: Verdict,
    end: GameEnd,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    #[allow(dead_code, reason = "documentation in the fixture")]
    about: String,
    steps: Vec<Step>,
    expected: Expected,
}

/// The saved document: game and table.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    pub game: WarmasterGame,
    pub table: Table,
}

/// Replays the example game.
pub fn play() -> (WarmasterGame, Table) {
    let text = std::fs::read_to_string(fixtures().join("example_game.json")).expect("fixture");
    let fixture: Fixture = serde_json::from_str(&text).expect("fixture parses");
    let mut game = WarmasterGame::new_game();
    let mut table = WarmasterGame::default_table();
    for (i, step) in fixture.steps.into_iter().enumerate() {
        match step {
            Step::Edit(edit) => {
                if let Err(e) = game.apply(&edit, &mut table) {
                    panic!("step {i}: {edit:?} refused: {e}");
                }
            }
            Step::Answer { index, answer } => game
                .resolutions_mut()
                .answer_at(index, answer)
                .unwrap_or_else(|e| panic!("step {i}: {e}")),
        }
    }
    (game, table)
}

/// The example game's report.
pub fn report() -> GameReport {
    play().0.report().expect("a report")
}

#[test]
fn the_example_game_plays_to_its_result() {
    let text = std::fs::read_to_string(fixtures().join("example_game.json")).expect("fixture");
    let fixture: Fixture = serde_json::from_str(&text).expect("fixture parses");
    let x = fixture.expected;
    let (game, table) = play();
    assert_eq!(game.starting_player, Some(x.starting_player));
    assert_eq!(game.scenario, Some(x.scenario));
    assert_eq!(game.special_rule, Some(x.special_rule));
    assert_eq!(
        [
            game.break_point(Player::A).value,
            game.break_point(Player::B).value
        ],
        x.break_points
    );
    assert_eq!([game.ep(Player::A), game.ep(Player::B)], x.ep);
    let v = game.victory();
    assert_eq!([v.sides[0].total, v.sides[1].total], x.vp);
    assert_eq!(v.verdict, x.verdict);
    assert_eq!(game.end.as_ref(), Some(&x.end));
    // Every W1 distance held during the alternating placement; the
    // impassable pieces were pushed away from the markers (W3).
    let problems: Vec<String> = game
        .errors(&table)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(problems.is_empty(), "{problems:?}");
    let warnings: Vec<String> = game
        .warnings(&table)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(warnings.is_empty(), "{warnings:?}");

    // The sheet's material: the VP calculation line by line, EP per turn.
    let mut sheet = String::new();
    for side in &v.sides {
        sheet.push_str(&format!("{}:\n", game.player(side.player).name));
        for line in &side.lines {
            let what = match &line.kind {
                VpLineKind::Destroyed { name, cost, .. } => format!("{name} destroyed ({cost})"),
                VpLineKind::HalfLost {
                    name,
                    cost,
                    stands,
                    lost,
                    exact,
                    ..
                } => {
                    format!("{name} lost {lost} of {stands} stands: half of {cost} = {exact}")
                }
                VpLineKind::EpBonus {
                    ep,
                    game_size,
                    exact,
                } => {
                    format!("{ep} EP x 25 per 1000 of {game_size} = {exact}")
                }
                VpLineKind::ConditionBonus {
                    conditions,
                    game_size,
                    exact,
                } => {
                    format!("{conditions:?} x 50 per 1000 of {game_size} = {exact}")
                }
            };
            sheet.push_str(&format!("  {what:<60} {:>5}\n", line.points));
        }
        sheet.push_str(&format!("  {:<60} {:>5}\n", "total", side.total));
    }
    sheet.push_str("EP per player turn (gained A/B, total A/B):\n");
    for t in game.ep_per_turn() {
        sheet.push_str(&format!(
            "  turn {} {:?}: {}/{}  {}/{}\n",
            t.round, t.turn_of, t.gained[0], t.gained[1], t.total[0], t.total[1]
        ));
    }
    let clock = game.clock.view(5_200_000);
    sheet.push_str(&format!("clock left: {:?} ms\n", clock.remaining_ms));
    insta::assert_snapshot!("example_game_sheet", sheet);

    // The saved document loads back to the same game (resolutions replayed).
    let saved = Saved { game, table };
    let json = serde_json::to_string_pretty(&saved).expect("save");
    let path = fixtures().join("example_game.saved.json");
    if std::env::var_os("WARMASTER_BLESS").is_some() {
        std::fs::write(&path, format!("{json}\n")).expect("bless");
    }
    let stored = std::fs::read_to_string(&path).expect("saved fixture");
    let loaded: Saved = serde_json::from_str(&stored).expect("loads");
    assert_eq!(
        loaded, saved,
        "the saved example is out of date (WARMASTER_BLESS=1)"
    );
}

#[test]
fn a_bad_saved_answer_fails_the_load() {
    let stored =
        std::fs::read_to_string(fixtures().join("example_game.saved.json")).expect("saved");
    let mut value: serde_json::Value = serde_json::from_str(&stored).expect("json");
    let die = value
        .pointer_mut("/game/resolutions/0/answers/0/dice/1")
        .expect("the roll-off's first answer");
    *die = serde_json::json!(7);
    let err = serde_json::from_value::<Saved>(value).expect_err("a D6 shows no 7");
    assert!(err.to_string().contains('7'), "{err}");
}
