//! A three-player skirmish with a mage (`fixtures/warheim/skirmish_three.json`):
//! the witch hunter, the two orcs and the bright wizard with his
//! apprentice on a table with a building, a wall, a swamp, vegetation and
//! a ladder. One turn's opening played through the activations: the
//! wizard's Fireball kills the orcs' commander through his dispel; the
//! groups break; the other orc must test flight.

use feldherr_dice::step::Answer;
use feldherr_play::{Game, Id};
use feldherr_table::Table;
use feldherr_table::geometry::Point;
use feldherr_warheim::activation::{Declaration, ReactionDecl};
use feldherr_warheim::on_table::{MoveKind, MovePath};
use feldherr_warheim::{
    CastOrder, Condition, Counter, FullAction, MoraleKind, ReactionChoice, ShortAction, Source,
    Warheim, WarheimEdit, WarheimKind,
};

use super::{answer_all, dice, fixture};

fn load() -> (Warheim, Table) {
    let doc = fixture("skirmish_three.json");
    let game: Warheim = serde_json::from_value(doc["game"].clone()).unwrap();
    let table: Table = serde_json::from_value(doc["table"].clone()).unwrap();
    (game, table)
}

fn apply(game: &mut Warheim, table: &mut Table, edit: WarheimEdit) {
    game.apply(&edit, table)
        .unwrap_or_else(|e| panic!("{edit:?}: {e}"));
}

/// Every seer of the running activation passes.
fn all_pass(game: &mut Warheim, table: &mut Table) {
    for s in game.activation().unwrap().seers() {
        apply(
            game,
            table,
            WarheimEdit::React {
                fighter: s,
                reaction: ReactionDecl::Pass,
            },
        );
    }
}

fn group_of(game: &Warheim, fighter: u64) -> usize {
    game.turn
        .as_ref()
        .unwrap()
        .groups
        .iter()
        .position(|g| g.fighters.contains(&Id(fighter)))
        .unwrap()
}

#[test]
fn the_fixture_is_sound() {
    let (game, table) = load();
    assert_eq!(game.rosters.len(), 3);
    assert!(game.rosters[2].fighters[0].profile.is_mage());
    assert_eq!(game.problems(&table), Vec::new());
    // Saved and loaded, it is the same game.
    let again: Warheim = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
    assert_eq!(again, game);
}

#[test]
fn a_turn_of_three_players() {
    let (mut game, mut table) = load();
    apply(&mut game, &mut table, WarheimEdit::StartTurn);
    // Player 1: the hunter walks up behind the wall and prays.
    let g = group_of(&game, 1);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::ChooseGroup {
            player: 0,
            group: g,
        },
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::BeginActivation {
            fighter: Id(1),
            source: Source::Pool,
        },
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Declare(Declaration::short(ShortAction::Move)),
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::DrawMove {
            fighter: Id(1),
            path: MovePath {
                kind: MoveKind::Move,
                points: vec![Point::new(8.0, 9.0)],
                rise: 0.0,
                facing: Some(90.0),
            },
        },
    );
    all_pass(&mut game, &mut table);
    let mut prayer = Declaration::short(ShortAction::Special);
    prayer.ability = Some("Prayer".into());
    apply(&mut game, &mut table, WarheimEdit::DeclareSecond(prayer));
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Special {
            fighter: Id(1),
            ability: "Prayer".into(),
        },
    );
    answer_all(&mut game, 0, dice(&[&[4, 9]]));
    apply(&mut game, &mut table, WarheimEdit::EndActivation);
    apply(&mut game, &mut table, WarheimEdit::EndGroup);
    // Player 2: both orcs stay and watch; the commander's extra is kept.
    let g = group_of(&game, 12);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::ChooseGroup {
            player: 1,
            group: g,
        },
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::BeginActivation {
            fighter: Id(12),
            source: Source::Pool,
        },
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Declare(Declaration::short(ShortAction::Special)),
    );
    all_pass(&mut game, &mut table);
    apply(&mut game, &mut table, WarheimEdit::EndActivation);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::BeginActivation {
            fighter: Id(11),
            source: Source::Pool,
        },
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Declare(Declaration::short(ShortAction::Special)),
    );
    all_pass(&mut game, &mut table);
    apply(&mut game, &mut table, WarheimEdit::EndActivation);
    apply(&mut game, &mut table, WarheimEdit::EndGroup);
    // Player 3: the wizard casts Fireball at the upper orc, the orcs'
    // commander, who saw him and answers with a dispel.
    assert_eq!(game.turn.as_ref().unwrap().chooser, 2);
    let g = group_of(&game, 31);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::ChooseGroup {
            player: 2,
            group: g,
        },
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::BeginActivation {
            fighter: Id(31),
            source: Source::Pool,
        },
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Declare(
            Declaration::full(FullAction::CastSpell)
                .with_spell(0)
                .at(&[Id(11)]),
        ),
    );
    let seers = game.activation().unwrap().seers();
    assert!(seers.contains(&Id(11)), "{seers:?}");
    for s in seers {
        let reaction = if s == Id(11) {
            ReactionDecl::React {
                action: ShortAction::Overcome,
                against: Id(31),
                weapon: None,
                spell: None,
            }
        } else {
            ReactionDecl::Pass
        };
        apply(
            &mut game,
            &mut table,
            WarheimEdit::React {
                fighter: s,
                reaction,
            },
        );
    }
    let mut target = game
        .target_order(&table, Id(31), Id(11), ReactionChoice::None)
        .unwrap()
        .unwrap();
    target.dice = 1;
    let distance = target.distance;
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Cast(CastOrder {
            caster: Id(31),
            spell: 0,
            target: Some(target),
            others: Vec::new(),
            counter: Counter::Dispel,
            as_reaction: false,
            overrule: false,
        }),
    );
    let index = game.resolutions.len() - 1;
    let WarheimKind::Cast(spec) = game.resolutions[index].kind() else {
        panic!()
    };
    // The orc knows no fire: Mor 10 - 3 x 2 = 4. The effect at WIP 14,
    // -3 beyond 12 in.
    assert_eq!(spec.counter.as_ref().unwrap().pool.value, 4);
    assert!(distance > 12.0 && distance <= 24.0, "{distance}");
    assert_eq!(spec.effect.as_ref().unwrap().targets[0].pool.value, 11);
    // WIP 4; the orc's 2 falls to it: cast. The effect 5 hits; the orc's
    // save 3 against 13 loses 10: T 5 to -5, beyond Regeneration 1: dead.
    answer_all(
        &mut game,
        index,
        vec![
            Answer::Dice(vec![4]),
            Answer::Dice(vec![2]),
            Answer::Dice(vec![5]),
            Answer::Dice(vec![3]),
        ],
    );
    apply(&mut game, &mut table, WarheimEdit::EndActivation);
    let orcs = &game.rosters[1];
    assert!(orcs.fighter(Id(11)).unwrap().has(Condition::Dead));
    assert!(
        orcs.commander_lost,
        "the commander died: the groups break (line 251)"
    );
    // The lower orc saw his boss die within his move: a flight test.
    let flight = game.resolutions.iter().find_map(|r| match r.kind() {
        WarheimKind::Morale(m) if m.kind == MoraleKind::Flight => Some(m.fighter),
        _ => None,
    });
    assert_eq!(flight, Some(Id(12)));
    assert_eq!(game.problems(&table), Vec::new());
}
