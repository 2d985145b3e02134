//! H5: groups and activations, alternating players, the commander's extra
//! activation, Warband, Undisciplined and Disorganized; actions.

use feldherr_play::{Game, Id};
use feldherr_table::Table;
use feldherr_warheim::{
    ActionPlan, Discipline, Fighter, FullAction, Group, ModelType, Roster, ShortAction, Source,
    Warheim, WarheimEdit,
};

use super::{game_of, roster};

fn orc(id: u64, discipline: Discipline, types: &[ModelType]) -> Fighter {
    let mut f = roster("orcs.json").fighters[0].clone();
    f.id = Id(id);
    f.name = format!("orc {id}");
    f.discipline = discipline;
    f.types = types.to_vec();
    if f.is(ModelType::Warband) {
        f.company = Some("Red Axes".into());
    }
    f
}

fn group(id: u64, members: &[u64]) -> Group {
    Group {
        id: Id(id),
        name: format!("group {id}"),
        members: members.iter().map(|&m| Id(m)).collect(),
    }
}

fn side(player: &str, fighters: Vec<Fighter>, groups: Vec<Group>, commander: u64) -> Roster {
    let mut r = Roster::new(player, fighters);
    r.groups = groups;
    r.commander = Some(Id(commander));
    r
}

/// Player 1: a commander's group of three Disciplined (3 + 1), a Warband
/// pair (2 + 1), an Undisciplined with a Disciplined (1 + own 1), and a
/// Disorganized fighter (1). Player 2: two groups.
fn game() -> (Warheim, Table) {
    let p1 = side(
        "one",
        vec![
            orc(1, Discipline::Disciplined, &[]),
            orc(2, Discipline::Disciplined, &[]),
            orc(3, Discipline::Disciplined, &[]),
            orc(4, Discipline::Disciplined, &[ModelType::Warband]),
            orc(5, Discipline::Disciplined, &[ModelType::Warband]),
            orc(6, Discipline::Undisciplined, &[]),
            orc(7, Discipline::Disciplined, &[]),
            orc(8, Discipline::Disorganized, &[]),
        ],
        vec![group(1, &[1, 2, 3]), group(2, &[4, 5]), group(3, &[6, 7])],
        2,
    );
    let p2 = side(
        "two",
        vec![
            orc(21, Discipline::Disciplined, &[]),
            orc(22, Discipline::Disciplined, &[]),
        ],
        vec![group(1, &[21]), group(2, &[22])],
        21,
    );
    game_of(vec![p1, p2])
}

fn start(game: &mut Warheim, table: &mut Table) {
    game.apply(&WarheimEdit::StartTurn, table).unwrap();
}

/// Player, group, and the activations it spends.
type Step = (usize, usize, &'static [(u64, Source)]);

const MOVE: ActionPlan = ActionPlan::Short(ShortAction::Move, None);

fn act(game: &mut Warheim, table: &mut Table, fighter: u64, source: Source) -> Result<(), String> {
    game.apply(
        &WarheimEdit::Activate {
            fighter: Id(fighter),
            source,
            plan: MOVE,
        },
        table,
    )
    .map_err(|e| e.to_string())
}

#[test]
fn counting_activations() {
    let (mut game, mut table) = game();
    start(&mut game, &mut table);
    let turn = game.turn.as_ref().unwrap();
    let remaining: Vec<(usize, u32)> = turn
        .groups
        .iter()
        .map(|g| (g.player, g.remaining()))
        .collect();
    // Commander's group 3 + 1; Warband pair 2 + 1; Undisciplined 1 own +
    // 1 pool; the Disorganized a group of one; player 2: 1 + 1 (commander), 1.
    assert_eq!(
        remaining,
        vec![(0, 4), (0, 3), (0, 2), (0, 1), (1, 2), (1, 1)]
    );
    // Player 1 does not see player 2's commander's extra, and the reverse.
    let seen = |viewer| -> Vec<u32> {
        game.turn_view(viewer)
            .unwrap()
            .groups
            .iter()
            .map(|g| g.remaining)
            .collect()
    };
    assert_eq!(seen(0), vec![4, 3, 2, 1, 1, 1]);
    assert_eq!(seen(1), vec![3, 3, 2, 1, 2, 1]);
    assert_eq!(
        (turn.groups[2].pool, turn.groups[2].own.clone()),
        (1, vec![Id(6)])
    );
    assert_eq!(turn.groups[3].fighters, vec![Id(8)]);
}

#[test]
fn warband_of_two_companies_gets_no_bonus() {
    let (mut game, mut table) = game();
    let mut p1 = game.rosters[0].clone();
    p1.fighters[4].company = Some("Blue Axes".into());
    game.apply(
        &WarheimEdit::SetRoster {
            player: 0,
            roster: p1,
        },
        &mut table,
    )
    .unwrap();
    start(&mut game, &mut table);
    assert_eq!(game.turn_view(0).unwrap().groups[1].remaining, 2);
}

#[test]
fn the_commanders_extra_is_hidden_until_used() {
    let (mut game, mut table) = game();
    start(&mut game, &mut table);
    // The opponent sees 3 where the owner sees 4.
    assert_eq!(game.turn_view(0).unwrap().groups[0].remaining, 4);
    assert_eq!(game.turn_view(1).unwrap().groups[0].remaining, 3);
    assert_eq!(game.commander_seen(0, 1), None);
    assert_eq!(game.commander_seen(0, 0), Some(Id(2)));
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: 0,
            group: 0,
        },
        &mut table,
    )
    .unwrap();
    act(&mut game, &mut table, 1, Source::Pool).unwrap();
    act(&mut game, &mut table, 1, Source::CommanderExtra).unwrap();
    // Used: he is revealed and the opponent sees the true count.
    assert_eq!(game.commander_seen(0, 1), Some(Id(2)));
    assert_eq!(game.turn_view(1).unwrap().groups[0].remaining, 2);
    assert!(act(&mut game, &mut table, 2, Source::CommanderExtra).is_err());
}

#[test]
fn players_alternate_whole_groups() {
    let (mut game, mut table) = game();
    start(&mut game, &mut table);
    assert_eq!(game.turn_view(1).unwrap().chooser, 0, "player 1 starts");
    let e = game
        .apply(
            &WarheimEdit::ChooseGroup {
                player: 1,
                group: 4,
            },
            &mut table,
        )
        .unwrap_err();
    // The chooser by name (issue #27), not "player 1".
    let chooser = format!("{}'s choice", game.rosters[0].player);
    assert!(e.to_string().contains(&chooser), "{e}");
    // Player 1 picks the Disorganized single: one activation, then the
    // choice passes.
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: 0,
            group: 3,
        },
        &mut table,
    )
    .unwrap();
    act(&mut game, &mut table, 8, Source::Pool).unwrap();
    let view = game.turn_view(0).unwrap();
    assert_eq!((view.chooser, view.active), (1, None));
    // Player 2 picks his commander's group: spends the pool, declines the
    // extra (keeps him hidden) and ends the group.
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: 1,
            group: 4,
        },
        &mut table,
    )
    .unwrap();
    act(&mut game, &mut table, 21, Source::Pool).unwrap();
    assert!(
        game.apply(
            &WarheimEdit::ChooseGroup {
                player: 0,
                group: 0
            },
            &mut table
        )
        .is_err(),
        "group 4 still acts"
    );
    game.apply(&WarheimEdit::EndGroup, &mut table).unwrap();
    assert!(!game.rosters[1].commander_revealed);
    assert_eq!(game.turn_view(0).unwrap().chooser, 0);
    // A group with activations left cannot be ended.
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: 0,
            group: 2,
        },
        &mut table,
    )
    .unwrap();
    assert!(
        game.apply(&WarheimEdit::EndGroup, &mut table)
            .unwrap_err()
            .to_string()
            .contains("still has")
    );
}

#[test]
fn undisciplined_spend_their_own_and_may_use_the_pool() {
    let (mut game, mut table) = game();
    start(&mut game, &mut table);
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: 0,
            group: 2,
        },
        &mut table,
    )
    .unwrap();
    // The Disciplined one cannot take the Undisciplined one's activation.
    assert!(
        act(&mut game, &mut table, 7, Source::Own)
            .unwrap_err()
            .contains("Undisciplined")
    );
    act(&mut game, &mut table, 6, Source::Pool).unwrap();
    act(&mut game, &mut table, 6, Source::Own).unwrap();
    // Spent: the group ended by itself.
    assert_eq!(game.turn_view(0).unwrap().active, None);
    assert_eq!(game.turn_view(0).unwrap().groups[2].remaining, 0);
}

#[test]
fn the_turn_runs_out_and_ends() {
    let (mut game, mut table) = game();
    start(&mut game, &mut table);
    assert!(game.apply(&WarheimEdit::EndTurn, &mut table).is_err());
    let plan: [Step; 6] = [
        (
            0,
            0,
            &[
                (1, Source::Pool),
                (2, Source::Pool),
                (3, Source::Pool),
                (2, Source::CommanderExtra),
            ],
        ),
        (1, 4, &[(21, Source::Pool), (21, Source::CommanderExtra)]),
        (
            0,
            1,
            &[(4, Source::Pool), (5, Source::Pool), (4, Source::Pool)],
        ),
        (1, 5, &[(22, Source::Pool)]),
        (0, 2, &[(6, Source::Own), (7, Source::Pool)]),
        (0, 3, &[(8, Source::Pool)]),
    ];
    for (player, group, acts) in plan {
        game.apply(&WarheimEdit::ChooseGroup { player, group }, &mut table)
            .unwrap();
        for (f, s) in acts {
            act(&mut game, &mut table, *f, *s).unwrap();
        }
    }
    assert!(game.turn.as_ref().unwrap().finished());
    game.apply(&WarheimEdit::EndTurn, &mut table).unwrap();
    assert_eq!(game.turns_played, 1);
}

#[test]
fn three_players_cycle() {
    let (mut game, mut table) = game();
    let third = side(
        "three",
        vec![orc(31, Discipline::Disciplined, &[])],
        vec![group(1, &[31])],
        31,
    );
    game.apply(
        &WarheimEdit::SetRoster {
            player: 2,
            roster: third,
        },
        &mut table,
    )
    .unwrap();
    start(&mut game, &mut table);
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: 0,
            group: 3,
        },
        &mut table,
    )
    .unwrap();
    act(&mut game, &mut table, 8, Source::Pool).unwrap();
    assert_eq!(game.turn_view(0).unwrap().chooser, 1);
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: 1,
            group: 5,
        },
        &mut table,
    )
    .unwrap();
    act(&mut game, &mut table, 22, Source::Pool).unwrap();
    assert_eq!(game.turn_view(0).unwrap().chooser, 2);
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: 2,
            group: 6,
        },
        &mut table,
    )
    .unwrap();
    act(&mut game, &mut table, 31, Source::Pool).unwrap();
    act(&mut game, &mut table, 31, Source::CommanderExtra).unwrap();
    // Player 3 is out of groups: the choice skips him from now on.
    assert_eq!(game.turn_view(0).unwrap().chooser, 0);
}

#[test]
fn fighters_down_give_no_activation() {
    let (mut game, mut table) = game();
    game.apply(
        &WarheimEdit::SetCondition {
            fighter: Id(3),
            condition: feldherr_warheim::Condition::Dead,
            on: true,
        },
        &mut table,
    )
    .unwrap();
    start(&mut game, &mut table);
    assert_eq!(game.turn_view(0).unwrap().groups[0].remaining, 3);
}

#[test]
fn squad_orders() {
    let (mut game, mut table) = game();
    start(&mut game, &mut table);
    // The Warband pair has no commander: no squad order.
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: 0,
            group: 1,
        },
        &mut table,
    )
    .unwrap();
    let order = WarheimEdit::SquadOrder {
        first: ShortAction::Move,
        second: ShortAction::Attack,
    };
    assert!(game.apply(&order, &mut table).is_err());
    act(&mut game, &mut table, 4, Source::Pool).unwrap();
    act(&mut game, &mut table, 4, Source::Pool).unwrap();
    act(&mut game, &mut table, 4, Source::Pool).unwrap();
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: 1,
            group: 5,
        },
        &mut table,
    )
    .unwrap();
    act(&mut game, &mut table, 22, Source::Pool).unwrap();
    // The commander's group: once a turn, one pool activation.
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: 0,
            group: 0,
        },
        &mut table,
    )
    .unwrap();
    game.apply(&order, &mut table).unwrap();
    assert_eq!(game.turn.as_ref().unwrap().groups[0].pool, 2);
    assert!(game.apply(&order, &mut table).is_err(), "once a turn");
    // Two attacks never pair.
    let twice = WarheimEdit::SquadOrder {
        first: ShortAction::Attack,
        second: ShortAction::Shoot,
    };
    assert!(game.apply(&twice, &mut table).is_err());
}

#[test]
fn skirmishers_break_squad_orders() {
    let (mut game, mut table) = game();
    let mut p1 = game.rosters[0].clone();
    p1.fighters[0].types = vec![ModelType::Skirmisher];
    game.apply(
        &WarheimEdit::SetRoster {
            player: 0,
            roster: p1,
        },
        &mut table,
    )
    .unwrap();
    start(&mut game, &mut table);
    assert!(!game.turn.as_ref().unwrap().groups[0].squad_order);
}

#[test]
fn short_and_full_actions() {
    use feldherr_warheim::actions::{check_plan, may_order};
    let plain = orc(1, Discipline::Disciplined, &[]);
    let d = Discipline::Disciplined;
    assert!(
        check_plan(
            &plain,
            d,
            ActionPlan::Short(ShortAction::Attack, Some(ShortAction::Shoot))
        )
        .is_err()
    );
    // Line 179: a shot and a reload pair unless they are of the same
    // weapon, which the activation checks.
    assert!(
        check_plan(
            &plain,
            d,
            ActionPlan::Short(ShortAction::Shoot, Some(ShortAction::Reload))
        )
        .is_ok()
    );
    assert!(
        check_plan(
            &plain,
            d,
            ActionPlan::Short(ShortAction::Move, Some(ShortAction::Attack))
        )
        .is_ok()
    );
    assert!(
        check_plan(
            &plain,
            d,
            ActionPlan::Short(ShortAction::Move, Some(ShortAction::SecondMove))
        )
        .is_ok()
    );
    for full in [
        FullAction::Manoeuvre,
        FullAction::Order,
        FullAction::ShootReload,
        FullAction::IntuitiveAttack,
        FullAction::Volley,
    ] {
        assert!(
            check_plan(&plain, d, ActionPlan::Full(full)).is_err(),
            "{full:?}"
        );
    }
    assert!(check_plan(&plain, d, ActionPlan::Full(FullAction::Charge)).is_ok());
    let mut cavalry = plain.clone();
    cavalry.types.push(ModelType::Cavalry);
    assert!(check_plan(&cavalry, d, ActionPlan::Full(FullAction::Jump { up: true })).is_err());
    assert!(
        check_plan(
            &cavalry,
            d,
            ActionPlan::Full(FullAction::Jump { up: false })
        )
        .is_ok()
    );
    let mut stupor = plain.clone();
    stupor.state = Some(feldherr_warheim::FighterState {
        t: 5,
        mor: 0,
        conditions: [feldherr_warheim::Condition::Stupor].into(),
        ..Default::default()
    });
    assert!(
        check_plan(
            &stupor,
            d,
            ActionPlan::Short(ShortAction::Move, Some(ShortAction::SecondMove))
        )
        .is_ok()
    );
    assert!(
        check_plan(
            &stupor,
            d,
            ActionPlan::Short(ShortAction::Move, Some(ShortAction::Attack))
        )
        .is_err()
    );
    let hunter = roster("witch_hunter.json").fighters[0].clone();
    assert!(
        check_plan(&hunter, d, ActionPlan::Full(FullAction::Order)).is_ok(),
        "Leadership orders"
    );
    assert!(may_order(&hunter, &plain));
    assert!(!may_order(&plain, &hunter), "a Hero takes no orders");
}

#[test]
fn a_solo_joins_a_group_for_the_turn() {
    let (mut game, mut table) = game();
    let mut p1 = game.rosters[0].clone();
    let mut solo = orc(9, Discipline::Disciplined, &[ModelType::Solo]);
    solo.name = "lone orc".into();
    p1.fighters.push(solo);
    game.apply(
        &WarheimEdit::SetRoster {
            player: 0,
            roster: p1,
        },
        &mut table,
    )
    .unwrap();
    assert!(game.problems(&table).is_empty(), "a Solo needs no group");
    start(&mut game, &mut table);
    let lone = game
        .turn_view(0)
        .unwrap()
        .groups
        .iter()
        .position(|g| g.fighters == [Id(9)])
        .unwrap();
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: 0,
            group: 1,
        },
        &mut table,
    )
    .unwrap();
    // Not a Solo: refused.
    assert!(
        game.apply(&WarheimEdit::SoloJoins(Id(8)), &mut table)
            .is_err()
    );
    game.apply(&WarheimEdit::SoloJoins(Id(9)), &mut table)
        .unwrap();
    let view = game.turn_view(0).unwrap();
    assert_eq!(view.groups[1].remaining, 4, "Warband pair 3 + the Solo");
    assert_eq!(view.groups[lone].remaining, 0);
    act(&mut game, &mut table, 9, Source::Pool).unwrap();
    // Joined: no +1 to a result this turn (line 275).
    let mut o = super::order(
        9,
        vec![super::target(
            21,
            1,
            0.0,
            feldherr_warheim::ReactionChoice::None,
        )],
    );
    o.targets[0].dice = 1;
    assert_eq!(game.preview(&o).map(|_| ()), Ok(()));
    let spec = o
        .build_in(
            &game.rosters,
            feldherr_warheim::attack_order::Context {
                joined: game.joined(),
                hidden_targets: false,
                marker: None,
            },
        )
        .unwrap();
    assert_eq!(spec.targets[0].pool.bonus, 0, "joined: no +1");
    assert_eq!(
        o.build(&game.rosters).unwrap().targets[0].pool.bonus,
        1,
        "alone: +1"
    );
    // Joining once the group has started is refused.
    let (mut game, mut table) = self::game();
    let mut p1 = game.rosters[0].clone();
    p1.fighters
        .push(orc(9, Discipline::Disciplined, &[ModelType::Solo]));
    game.apply(
        &WarheimEdit::SetRoster {
            player: 0,
            roster: p1,
        },
        &mut table,
    )
    .unwrap();
    start(&mut game, &mut table);
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: 0,
            group: 1,
        },
        &mut table,
    )
    .unwrap();
    act(&mut game, &mut table, 4, Source::Pool).unwrap();
    assert!(
        game.apply(&WarheimEdit::SoloJoins(Id(9)), &mut table)
            .unwrap_err()
            .to_string()
            .contains("start")
    );
}

#[test]
fn a_group_nobody_can_act_in_may_end() {
    let (mut game, mut table) = game();
    start(&mut game, &mut table);
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: 0,
            group: 2,
        },
        &mut table,
    )
    .unwrap();
    // Both panic: the pool and the own activation cannot be spent.
    for f in [6, 7] {
        game.apply(
            &WarheimEdit::SetCondition {
                fighter: Id(f),
                condition: feldherr_warheim::Condition::Panic,
                on: true,
            },
            &mut table,
        )
        .unwrap();
    }
    assert!(
        act(&mut game, &mut table, 6, Source::Own)
            .unwrap_err()
            .contains("panicking")
    );
    game.apply(&WarheimEdit::EndGroup, &mut table).unwrap();
    assert_eq!(game.turn_view(0).unwrap().chooser, 1);
}

#[test]
fn problems_and_report() {
    let (mut game, mut table) = game();
    let mut p1 = game.rosters[0].clone();
    p1.groups.pop();
    p1.commander = None;
    game.apply(
        &WarheimEdit::SetRoster {
            player: 0,
            roster: p1,
        },
        &mut table,
    )
    .unwrap();
    let problems = game.problems(&table);
    assert!(
        problems
            .iter()
            .any(|p| p.path == "rosters[0].commander" && p.rule.as_deref() == Some("H5"))
    );
    assert!(
        problems
            .iter()
            .any(|p| p.path == "rosters[0].groups" && p.message.contains("orc 6"))
    );
    assert!(
        game.apply(&WarheimEdit::StartTurn, &mut table)
            .unwrap_err()
            .to_string()
            .contains("no commander")
    );
    assert_eq!(game.report(), None);
    game.apply(&WarheimEdit::RecordResult(Some(1)), &mut table)
        .unwrap();
    let report = game.report().unwrap();
    assert_eq!(
        report.sides[1].result,
        Some(feldherr_play::MatchResult::Win)
    );
    assert_eq!(
        report.sides[0].result,
        Some(feldherr_play::MatchResult::Loss)
    );
    assert!(
        game.apply(&WarheimEdit::RecordResult(Some(5)), &mut table)
            .is_err()
    );
}

#[test]
fn stupor_ends_with_the_turn() {
    let (mut game, mut table) = game();
    game.apply(
        &WarheimEdit::SetCondition {
            fighter: Id(22),
            condition: feldherr_warheim::Condition::Stupor,
            on: true,
        },
        &mut table,
    )
    .unwrap();
    start(&mut game, &mut table);
    let plan: [Step; 6] = [
        (
            0,
            0,
            &[
                (1, Source::Pool),
                (2, Source::Pool),
                (3, Source::Pool),
                (2, Source::CommanderExtra),
            ],
        ),
        (1, 4, &[(21, Source::Pool), (21, Source::CommanderExtra)]),
        (
            0,
            1,
            &[(4, Source::Pool), (5, Source::Pool), (4, Source::Pool)],
        ),
        (1, 5, &[]),
        (0, 2, &[(6, Source::Own), (7, Source::Pool)]),
        (0, 3, &[(8, Source::Pool)]),
    ];
    for (player, group, acts) in plan {
        game.apply(&WarheimEdit::ChooseGroup { player, group }, &mut table)
            .unwrap();
        if acts.is_empty() {
            // In stupor he only moves.
            let attack = ActionPlan::Short(ShortAction::Attack, None);
            assert!(
                game.apply(
                    &WarheimEdit::Activate {
                        fighter: Id(22),
                        source: Source::Pool,
                        plan: attack
                    },
                    &mut table
                )
                .is_err()
            );
            act(&mut game, &mut table, 22, Source::Pool).unwrap();
        }
        for (f, s) in acts {
            act(&mut game, &mut table, *f, *s).unwrap();
        }
    }
    game.apply(&WarheimEdit::EndTurn, &mut table).unwrap();
    assert!(
        !game.rosters[1]
            .fighter(Id(22))
            .unwrap()
            .has(feldherr_warheim::Condition::Stupor)
    );
}
