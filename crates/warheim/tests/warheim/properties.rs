//! Issue #28: random sequences of edits never leave a game that
//! `problems()` refuses. Each step builds an edit from the game as it is
//! (so most of them are valid), applies it, and when it is taken checks
//! the game; refused edits must change nothing.

use feldherr_dice::step::{Answer, Prompt};
use feldherr_play::{Game, Id};
use feldherr_table::geometry::Point;
use feldherr_warheim::activation::{Declaration, ReactionDecl};
use feldherr_warheim::on_table::{BUILDING_KIND, MoveKind, MovePath, WALL_KIND};
use feldherr_warheim::{
    ActionPlan, AttackOrder, CastOrder, Condition, Counter, FullAction, MoraleKind, ReactionChoice,
    ShortAction, Source, Warheim, WarheimEdit,
};
use proptest::prelude::*;

use super::{add_rect, roster, three_players};

const SHORT: [ShortAction; 8] = [
    ShortAction::Move,
    ShortAction::Attack,
    ShortAction::Shoot,
    ShortAction::Special,
    ShortAction::Hide,
    ShortAction::Reload,
    ShortAction::Dodge,
    ShortAction::Channel,
];

const FULL: [FullAction; 4] = [
    FullAction::Charge,
    FullAction::Climb,
    FullAction::StealthMove,
    FullAction::CastSpell,
];

fn fighters(game: &Warheim) -> Vec<(usize, Id)> {
    game.rosters
        .iter()
        .enumerate()
        .flat_map(|(p, r)| r.fighters.iter().map(move |f| (p, f.id)))
        .collect()
}

fn pick<T: Copy>(items: &[T], n: u32) -> Option<T> {
    (!items.is_empty()).then(|| items[n as usize % items.len()])
}

/// The edit that step `(op, a, b, c)` makes of `game`.
fn edit_of(
    game: &Warheim,
    table: &feldherr_table::Table,
    op: u8,
    a: u32,
    b: u32,
    c: u32,
) -> Option<WarheimEdit> {
    let all = fighters(game);
    let fighter = pick(&all, a).map(|(_, id)| id);
    let enemy = |of: Id| -> Option<Id> {
        let side = all.iter().find(|(_, id)| *id == of)?.0;
        let others: Vec<Id> = all
            .iter()
            .filter(|(p, _)| *p != side)
            .map(|(_, id)| *id)
            .collect();
        pick(&others, b)
    };
    let acting: Vec<Id> = game
        .turn
        .as_ref()
        .and_then(|t| t.active.and_then(|i| t.groups.get(i)))
        .map(|g| g.fighters.clone())
        .unwrap_or_default();
    let source = [Source::Pool, Source::Own, Source::CommanderExtra][(b % 3) as usize];
    let point = |x: u32, y: u32| {
        Point::new(
            1.0 + f64::from(x % 340) / 10.0,
            1.0 + f64::from(y % 340) / 10.0,
        )
    };
    Some(match op % 34 {
        0 => {
            let name = ["witch_hunter.json", "orcs.json", "bright_wizard.json"][(b % 3) as usize];
            WarheimEdit::SetRoster {
                player: (a % 3) as usize,
                roster: roster(name),
            }
        }
        1 => WarheimEdit::StartTurn,
        2 => {
            let turn = game.turn.as_ref()?;
            let open: Vec<usize> = turn
                .groups
                .iter()
                .enumerate()
                .filter(|(_, g)| g.player == turn.chooser && g.remaining() > 0)
                .map(|(i, _)| i)
                .collect();
            WarheimEdit::ChooseGroup {
                player: turn.chooser,
                group: pick(&open, a).unwrap_or((a % 8) as usize),
            }
        }
        3 => WarheimEdit::Activate {
            fighter: pick(&acting, a)?,
            source,
            plan: ActionPlan::Short(pick(&SHORT, c)?, None),
        },
        4 => WarheimEdit::EndGroup,
        5 => WarheimEdit::EndTurn,
        6 => WarheimEdit::Place {
            fighter: fighter?,
            at: point(b, c),
            facing: f64::from(c % 360),
        },
        7 => {
            let f = game
                .activation()
                .map(|x| x.fighter)
                .filter(|_| a.is_multiple_of(2))
                .or(fighter)?;
            let kinds = [
                MoveKind::Move,
                MoveKind::SecondMove,
                MoveKind::Charge,
                MoveKind::Climb,
                MoveKind::Flee,
            ];
            WarheimEdit::DrawMove {
                fighter: f,
                path: MovePath {
                    kind: pick(&kinds, c)?,
                    points: vec![match game.piece_of(table, f) {
                        Some(piece) if !c.is_multiple_of(4) => {
                            let at = piece.center();
                            Point::new(
                                at.x + f64::from(b % 61) / 10.0 - 3.0,
                                at.y + f64::from(c % 61) / 10.0 - 3.0,
                            )
                        }
                        _ => point(b, c / 7),
                    }],
                    rise: f64::from(c % 3),
                    facing: None,
                },
            }
        }
        8 => {
            let f = fighter?;
            let target = enemy(f)?;
            let (p, fi) = all.iter().find(|(_, id)| *id == f).copied()?;
            let roster = &game.rosters[p];
            let ftr = roster.fighter(fi)?;
            let mut order = AttackOrder::new(
                f,
                0,
                vec![feldherr_warheim::TargetOrder::new(
                    target,
                    1,
                    f64::from(c % 3),
                    ReactionChoice::None,
                )],
            );
            order.targets[0].dice = order.pool_size(ftr).unwrap_or(1);
            if c.is_multiple_of(2) {
                order.targets[0].reaction = ReactionChoice::Dodge;
            }
            WarheimEdit::Attack(order)
        }
        9..=11 => return None, // answered in the loop
        12 => {
            let done: Vec<Id> = game
                .resolutions
                .iter()
                .filter(|r| r.finished() && !r.applied())
                .map(|r| r.id())
                .collect();
            WarheimEdit::Apply(pick(&done, a)?)
        }
        13 => WarheimEdit::SetCondition {
            fighter: fighter?,
            condition: [
                Condition::Panic,
                Condition::Stupor,
                Condition::Hidden,
                Condition::Unconscious,
            ][(b % 4) as usize],
            on: !c.is_multiple_of(3),
        },
        14 => WarheimEdit::Hide {
            fighter: fighter?,
            overrule: c.is_multiple_of(2),
        },
        15 => WarheimEdit::Spot {
            spotter: fighter?,
            target: enemy(fighter?)?,
            overrule: c.is_multiple_of(2),
        },
        16 => WarheimEdit::SetElevation {
            fighter: fighter?,
            elevation: f64::from(b % 6),
        },
        17 => WarheimEdit::Morale {
            fighter: fighter?,
            kind: if b.is_multiple_of(2) {
                MoraleKind::Nerves
            } else {
                MoraleKind::Flight
            },
            penalty: (c % 6) as i32,
        },
        18 => WarheimEdit::RecordResult(if b.is_multiple_of(4) {
            None
        } else {
            Some((a % 3) as usize)
        }),
        19 => WarheimEdit::BeginActivation {
            fighter: pick(&acting, a)?,
            source,
        },
        20 => WarheimEdit::Declare(if c.is_multiple_of(3) {
            Declaration::full(pick(&FULL, b)?)
        } else {
            Declaration::short(pick(&SHORT, b)?).with_weapon(0)
        }),
        21 => {
            let act = game.activation()?;
            let active = act.fighter;
            WarheimEdit::React {
                fighter: pick(&act.seers(), a).or(fighter)?,
                reaction: match c % 3 {
                    0 => ReactionDecl::Pass,
                    1 => ReactionDecl::Delay,
                    _ => ReactionDecl::React {
                        action: ShortAction::Dodge,
                        against: active,
                        weapon: None,
                        spell: None,
                    },
                },
            }
        }
        22 => WarheimEdit::DeclareSecond(Declaration::short(pick(&SHORT, b)?).with_weapon(0)),
        23 => WarheimEdit::EndActivation,
        24 => {
            let target = enemy(Id(31))?;
            WarheimEdit::Cast(CastOrder {
                caster: Id(31),
                spell: (b % 4) as usize,
                target: Some(feldherr_warheim::TargetOrder::new(
                    target,
                    1,
                    6.0,
                    ReactionChoice::None,
                )),
                others: Vec::new(),
                counter: [Counter::None, Counter::Dispel, Counter::Overpower][(c % 3) as usize],
                as_reaction: false,
                overrule: false,
            })
        }
        25 => WarheimEdit::SetHeight {
            piece: u64::from(a % 4) + 1,
            height: (!b.is_multiple_of(3)).then(|| f64::from(c % 8)),
        },
        26 => WarheimEdit::Reload {
            fighter: fighter?,
            weapon: (b % 2) as usize,
        },
        27 => WarheimEdit::Throw {
            fighter: fighter?,
            target: enemy(fighter?)?,
        },
        28 => WarheimEdit::Fall {
            fighter: fighter?,
            height: f64::from(b % 12),
        },
        29 => WarheimEdit::Special {
            fighter: fighter?,
            ability: "Roar".into(),
        },
        30 => {
            let act = game.activation()?;
            let seer = enemy(act.fighter)?;
            WarheimEdit::SeenBy(vec![feldherr_warheim::activation::Sighting {
                fighter: seer,
                saw: vec![act.fighter],
            }])
        }
        31 => {
            let f = fighter?;
            WarheimEdit::Reveal(AttackOrder::new(
                f,
                (b % 2) as usize,
                vec![feldherr_warheim::TargetOrder::new(
                    enemy(f)?,
                    2,
                    3.0,
                    ReactionChoice::None,
                )],
            ))
        }
        32 => WarheimEdit::BeginSquadOrder,
        _ => WarheimEdit::Hide {
            fighter: fighter?,
            overrule: true,
        },
    })
}

/// Answers one open resolution with faces (or a choice) from `n`.
fn answer(game: &mut Warheim, a: u32, n: u32) {
    let open: Vec<usize> = (0..game.resolutions.len())
        .filter(|&i| !game.resolutions[i].finished())
        .collect();
    let Some(i) = pick(&open, a) else { return };
    let answer = match game.resolutions[i].resolution().prompt() {
        Some(Prompt::Roll(r)) => Answer::Dice(
            (0..r.dice.len())
                .map(|k| (n.wrapping_mul(7).wrapping_add(k as u32 * 13)) % 20 + 1)
                .collect(),
        ),
        Some(Prompt::Choice(q)) => Answer::Choice(n as usize % q.options.len()),
        None => return,
    };
    game.resolutions_mut().answer_at(i, answer).unwrap();
}

/// Steps weighted towards the turn and the activation's flow.
fn step() -> impl Strategy<Value = (u8, u32, u32, u32)> {
    let op = prop_oneof![
        3 => Just(1u8), 4 => Just(2u8), 3 => Just(3u8), 2 => Just(4u8), 1 => Just(5u8),
        4 => Just(6u8), 3 => Just(7u8), 3 => Just(8u8), 6 => Just(9u8), 2 => Just(12u8),
        1 => Just(13u8), 1 => Just(14u8), 1 => Just(15u8), 1 => Just(16u8), 1 => Just(17u8),
        1 => Just(18u8), 4 => Just(19u8), 4 => Just(20u8), 4 => Just(21u8), 3 => Just(22u8),
        3 => Just(23u8), 2 => Just(24u8), 1 => Just(25u8), 1 => Just(0u8),
        1 => Just(26u8), 1 => Just(27u8), 1 => Just(28u8), 1 => Just(29u8), 2 => Just(30u8),
        1 => Just(31u8), 2 => Just(32u8), 1 => Just(33u8),
    ];
    (op, any::<u32>(), any::<u32>(), any::<u32>())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn valid_edits_never_make_an_impossible_game(
        steps in proptest::collection::vec(step(), 1..90)
    ) {
        let (mut game, mut table) = three_players();
        add_rect(&mut table, WALL_KIND, 18.0, 18.0, 0.5, 6.0, 0.0, feldherr_table::Layer::Terrain);
        add_rect(&mut table, BUILDING_KIND, 8.0, 28.0, 4.0, 4.0, 0.0, feldherr_table::Layer::Terrain);
        prop_assert_eq!(game.problems(&table), Vec::new());
        for (op, a, b, c) in steps {
            if matches!(op % 34, 9..=11) {
                answer(&mut game, a, b);
            } else if let Some(edit) = edit_of(&game, &table, op, a, b, c) {
                let (before, before_table) = (game.clone(), table.clone());
                if game.apply(&edit, &mut table).is_err() {
                    prop_assert!(game == before && table == before_table, "a refused {:?} changed the game", edit);
                    continue;
                }
            }
            let problems = game.problems(&table);
            prop_assert!(problems.is_empty(), "{:#?}", problems);
        }
    }
}
