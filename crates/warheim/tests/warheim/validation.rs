//! Issue #28: `problems()` refuses every impossible state with the path of
//! the field and the rule; a saved game that is sound has none.

use feldherr_play::{Game, Id};
use feldherr_table::Table;
use feldherr_warheim::activation::Declaration;
use feldherr_warheim::{MoraleKind, ShortAction, Source, Warheim, WarheimEdit};
use serde_json::Value;

use super::{example_game, fixture, place};

/// A sound game in the middle of a turn: the three placed, two morale
/// tests saved, the hunter's activation running with the orcs as seers.
fn base() -> (Warheim, Table) {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 14.0, 10.0, 180.0);
    place(&mut game, &mut table, 12, 14.0, 12.0, 180.0);
    for fighter in [11, 12] {
        game.apply(
            &WarheimEdit::Morale {
                fighter: Id(fighter),
                kind: MoraleKind::Flight,
                penalty: 0,
            },
            &mut table,
        )
        .unwrap();
    }
    game.apply(&WarheimEdit::StartTurn, &mut table).unwrap();
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: 0,
            group: 0,
        },
        &mut table,
    )
    .unwrap();
    game.apply(
        &WarheimEdit::BeginActivation {
            fighter: Id(1),
            source: Source::Pool,
        },
        &mut table,
    )
    .unwrap();
    game.apply(
        &WarheimEdit::Declare(Declaration::short(ShortAction::Special)),
        &mut table,
    )
    .unwrap();
    (game, table)
}

/// Sets `pointer` in `doc` to `value`, adding the key to an object.
fn set(doc: &mut Value, pointer: &str, value: Value) {
    if let Some(slot) = doc.pointer_mut(pointer) {
        *slot = value;
        return;
    }
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    if doc.pointer_mut(parent).is_none() {
        set(doc, parent, Value::Object(serde_json::Map::new()));
    }
    match doc.pointer_mut(parent).unwrap() {
        Value::Object(map) => {
            map.insert(key.to_owned(), value);
        }
        other => panic!("cannot set {pointer} in {other}"),
    }
}

#[test]
fn the_base_is_sound() {
    let (game, table) = base();
    assert_eq!(game.problems(&table), Vec::new());
    assert_eq!(game.activation().unwrap().seers(), vec![Id(11), Id(12)]);
}

#[test]
fn every_impossible_state_is_refused_with_its_path_and_rule() {
    let (game, table) = base();
    let doc = serde_json::to_value(&game).unwrap();
    for case in fixture("impossible_states.json").as_array().unwrap() {
        let name = case["case"].as_str().unwrap();
        let mut bad = doc.clone();
        set(
            &mut bad,
            case["pointer"].as_str().unwrap(),
            case["value"].clone(),
        );
        let game: Warheim = serde_json::from_value(bad)
            .unwrap_or_else(|e| panic!("{name}: the document does not load: {e}"));
        let problems = game.problems(&table);
        let path = case["path"].as_str().unwrap();
        let rule = case["rule"].as_str().unwrap();
        assert!(
            problems
                .iter()
                .any(|p| p.path == path && p.rule.as_deref() == Some(rule)),
            "{name}: expected {path} ({rule}), got {problems:#?}"
        );
    }
}

/// Found by the property test: the commander falling in the middle of an
/// activation breaks his groups, but the activation finishes first; the
/// game stays sound.
#[test]
fn the_commander_lost_during_an_activation() {
    let (mut game, mut table) = base();
    game.apply(
        &WarheimEdit::SetCondition {
            fighter: Id(1),
            condition: feldherr_warheim::Condition::Panic,
            on: true,
        },
        &mut table,
    )
    .unwrap();
    assert!(game.rosters[0].commander_lost);
    assert_eq!(game.problems(&table), Vec::new());
    for s in [11, 12] {
        game.apply(
            &WarheimEdit::React {
                fighter: Id(s),
                reaction: feldherr_warheim::activation::ReactionDecl::Pass,
            },
            &mut table,
        )
        .unwrap();
    }
    game.apply(&WarheimEdit::EndActivation, &mut table).unwrap();
    assert_eq!(
        game.turn.as_ref().unwrap().active,
        None,
        "the broken group is done"
    );
    assert_eq!(game.problems(&table), Vec::new());
}

/// Found by the property test: a reactor's step aside after his dodge is
/// his own move, not one of the acting models'.
#[test]
fn a_reactors_step_aside_is_not_an_activation_move() {
    use feldherr_table::geometry::Point;
    use feldherr_warheim::activation::ReactionDecl;
    use feldherr_warheim::on_table::{MoveKind, MovePath};
    let (mut game, mut table) = base();
    game.apply(
        &WarheimEdit::React {
            fighter: Id(11),
            reaction: ReactionDecl::React {
                action: ShortAction::Dodge,
                against: Id(1),
                weapon: None,
                spell: None,
            },
        },
        &mut table,
    )
    .unwrap();
    game.apply(
        &WarheimEdit::DrawMove {
            fighter: Id(11),
            path: MovePath {
                kind: MoveKind::Aside,
                points: vec![Point::new(14.0, 8.5)],
                rise: 0.0,
                facing: None,
            },
        },
        &mut table,
    )
    .unwrap();
    assert!(game.activation().unwrap().moves.is_empty());
    assert_eq!(game.problems(&table), Vec::new());
}
