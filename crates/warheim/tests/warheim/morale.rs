//! Morale: nerves, flight, the loss of the commander and regrouping.

use feldherr_dice::step::Answer;
use feldherr_play::{Game, Id};
use feldherr_table::Table;
use feldherr_warheim::{
    Condition, Discipline, ModelType, MoraleKind, MoraleSpec, Skill, SkillKind, Warheim,
    WarheimEdit, WarheimOutcome,
};

use super::{example_game, resolve};

fn morale(
    game: &mut Warheim,
    table: &mut Table,
    fighter: u64,
    kind: MoraleKind,
    penalty: i32,
    face: u32,
) -> bool {
    game.apply(
        &WarheimEdit::Morale {
            fighter: Id(fighter),
            kind,
            penalty,
        },
        table,
    )
    .unwrap();
    let index = game.resolutions.len() - 1;
    game.resolutions_mut()
        .answer_at(index, Answer::Dice(vec![face]))
        .unwrap();
    let id = game.resolutions[index].id();
    let panic = match game.resolutions[index].outcome() {
        Some(WarheimOutcome::Morale(o)) => o.panic,
        other => panic!("{other:?}"),
    };
    game.apply(&WarheimEdit::Apply(id), table).unwrap();
    panic
}

#[test]
fn nerves_after_the_example() {
    let (mut game, mut table) = example_game();
    resolve(
        &mut game,
        &mut table,
        super::example::hero_attack(),
        super::example_answers(),
    );
    game.apply(&WarheimEdit::Apply(Id(1)), &mut table).unwrap();
    // The queued nerves test of the upper orc: Mor 10, no penalty.
    let nerves = &game.resolutions[1];
    let prompt = nerves.resolution().prompt().cloned();
    let Some(feldherr_dice::step::Prompt::Roll(request)) = prompt else {
        panic!()
    };
    assert_eq!(request.rule.as_deref(), Some("H1"));
    let pass: f64 = request
        .odds
        .iter()
        .filter(|l| l.label != "fail")
        .map(|l| l.probability)
        .sum();
    assert!((pass - 0.5).abs() < 1e-12, "1-9 succeed, 10 is a crit");
    game.resolutions_mut()
        .answer_at(1, Answer::Dice(vec![11]))
        .unwrap();
    game.apply(&WarheimEdit::Apply(Id(2)), &mut table).unwrap();
    assert!(
        game.rosters[1]
            .fighter(Id(11))
            .unwrap()
            .has(Condition::Panic)
    );
}

#[test]
fn nerves_penalty_is_the_t_lost_with_the_cap() {
    let spec = |penalty| MoraleSpec {
        fighter: Id(1),
        name: "x".into(),
        kind: MoraleKind::Nerves,
        mor: 10,
        penalty,
        wip: false,
    };
    assert_eq!(spec(3).value().unwrap(), 7);
    assert!((spec(3).pass_chance().unwrap() - 0.35).abs() < 1e-12);
    // H2: lowered by at most 12.
    assert_eq!(spec(15).value().unwrap(), -2);
    assert_eq!(spec(15).pass_chance().unwrap(), 0.0);
    assert!(spec(-1).value().is_err());
}

#[test]
fn beasts_are_shakier_after_damage() {
    use feldherr_dice::step::Driver;
    use feldherr_warheim::attack::{
        Attack, AttackSpec, Combatant, ReactionSpec, Strike, TargetSpec,
    };
    use feldherr_warheim::roll::Pool;
    let who = |id, beast| Combatant {
        id: Id(id),
        name: "b".into(),
        arm: 0,
        t: 9,
        regeneration: 0,
        beast,
        ..Default::default()
    };
    let spec = |beast| AttackSpec {
        attacker: who(1, false),
        strike: Strike {
            strength: 12,
            damage_bonus: 0,
            damage_type: Default::default(),
        },
        targets: vec![TargetSpec {
            target: who(2, beast),
            pool: Pool::new(1, 15, 0).unwrap(),
            template: false,
            reaction: ReactionSpec::None,
        }],
        heavy_charge: false,
        ..Default::default()
    };
    let answers = [Answer::Dice(vec![3]), Answer::Dice(vec![10])];
    let penalty = |beast| {
        Driver::replay(Attack::new(spec(beast)), &answers)
            .unwrap()
            .outcome()
            .unwrap()
            .change(Id(2))
            .unwrap()
            .nerves_penalty
    };
    assert_eq!(penalty(false), Some(2));
    assert_eq!(penalty(true), Some(5));
}

#[test]
fn flight_test_panics_on_failure() {
    let (mut game, mut table) = example_game();
    assert!(!morale(&mut game, &mut table, 12, MoraleKind::Flight, 0, 9));
    assert!(
        !game.rosters[1]
            .fighter(Id(12))
            .unwrap()
            .has(Condition::Panic)
    );
    assert!(morale(&mut game, &mut table, 12, MoraleKind::Flight, 0, 15));
    assert!(
        game.rosters[1]
            .fighter(Id(12))
            .unwrap()
            .has(Condition::Panic)
    );
}

#[test]
fn losing_the_commander_breaks_the_groups() {
    let (mut game, mut table) = example_game();
    game.apply(&WarheimEdit::StartTurn, &mut table).unwrap();
    // The orcs' commander (the upper orc) panics.
    assert!(morale(&mut game, &mut table, 11, MoraleKind::Nerves, 0, 20));
    let orcs = &game.rosters[1];
    assert!(orcs.commander_lost);
    assert_eq!(orcs.discipline_of(Id(12)), Discipline::Disorganized);
    // Their group lost what it had left this turn.
    let view = game.turn_view(1).unwrap();
    assert!(
        view.groups
            .iter()
            .filter(|g| g.player == 1)
            .all(|g| g.remaining == 0)
    );
    // Nobody can take command (no Leadership, Tactician, Strategist,
    // Veteran): the next turn starts with the orcs as groups of one.
    let hunter_group = view.groups.iter().position(|g| g.player == 0).unwrap();
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: 0,
            group: hunter_group,
        },
        &mut table,
    )
    .unwrap();
    for source in [
        feldherr_warheim::Source::Pool,
        feldherr_warheim::Source::CommanderExtra,
    ] {
        game.apply(
            &WarheimEdit::Activate {
                fighter: Id(1),
                source,
                plan: feldherr_warheim::ActionPlan::Short(
                    feldherr_warheim::ShortAction::Move,
                    None,
                ),
            },
            &mut table,
        )
        .unwrap();
    }
    game.apply(&WarheimEdit::EndTurn, &mut table).unwrap();
    assert!(
        !game.rosters[1]
            .fighter(Id(11))
            .unwrap()
            .has(Condition::Panic),
        "panic ends with the turn"
    );
    game.apply(&WarheimEdit::StartTurn, &mut table).unwrap();
    let singles: Vec<_> = game
        .turn_view(1)
        .unwrap()
        .groups
        .into_iter()
        .filter(|g| g.player == 1)
        .collect();
    assert_eq!(singles.len(), 2);
    assert!(
        singles
            .iter()
            .all(|g| g.group.is_none() && g.remaining == 1)
    );
}

#[test]
fn regrouping_under_a_new_commander() {
    let (mut game, mut table) = example_game();
    let mut orcs = game.rosters[1].clone();
    orcs.fighters[1].skills.push(Skill {
        kind: SkillKind::Veteran,
        level: 1,
    });
    game.apply(
        &WarheimEdit::SetRoster {
            player: 1,
            roster: orcs,
        },
        &mut table,
    )
    .unwrap();
    game.apply(
        &WarheimEdit::SetCondition {
            fighter: Id(11),
            condition: Condition::Unconscious,
            on: true,
        },
        &mut table,
    )
    .unwrap();
    assert!(game.rosters[1].commander_lost);
    // A Veteran is there: the turn waits for the new commander.
    let e = game.apply(&WarheimEdit::StartTurn, &mut table).unwrap_err();
    assert!(e.to_string().contains("new commander"), "{e}");
    // The unconscious orc cannot command.
    let groups = vec![feldherr_warheim::Group {
        id: Id(2),
        name: "rest".into(),
        members: vec![Id(12)],
    }];
    assert!(
        game.apply(
            &WarheimEdit::AppointCommander {
                player: 1,
                commander: Id(11),
                groups: groups.clone()
            },
            &mut table
        )
        .is_err()
    );
    game.apply(
        &WarheimEdit::AppointCommander {
            player: 1,
            commander: Id(12),
            groups,
        },
        &mut table,
    )
    .unwrap();
    let orcs = &game.rosters[1];
    assert!(!orcs.commander_lost && orcs.broken.is_empty());
    game.apply(&WarheimEdit::StartTurn, &mut table).unwrap();
    let view = game.turn_view(1).unwrap();
    let rest = view.groups.iter().find(|g| g.group == Some(Id(2))).unwrap();
    assert_eq!(rest.remaining, 2, "one orc + the commander's extra");
}

#[test]
fn a_leader_keeps_his_group_and_slaves_run() {
    let (mut game, mut table) = example_game();
    let mut orcs = game.rosters[1].clone();
    orcs.fighters[1].skills.push(Skill {
        kind: SkillKind::Leadership,
        level: 1,
    });
    game.apply(
        &WarheimEdit::SetRoster {
            player: 1,
            roster: orcs.clone(),
        },
        &mut table,
    )
    .unwrap();
    game.apply(
        &WarheimEdit::SetCondition {
            fighter: Id(11),
            condition: Condition::Dead,
            on: true,
        },
        &mut table,
    )
    .unwrap();
    assert!(game.rosters[1].commander_lost);
    assert_eq!(
        game.rosters[1].discipline_of(Id(12)),
        Discipline::Disciplined
    );
    // Without the leader, a Slave in the broken group flees.
    let (mut game, mut table) = example_game();
    let mut orcs = game.rosters[1].clone();
    orcs.fighters[1].types.push(ModelType::Slave);
    game.apply(
        &WarheimEdit::SetRoster {
            player: 1,
            roster: orcs,
        },
        &mut table,
    )
    .unwrap();
    game.apply(
        &WarheimEdit::SetCondition {
            fighter: Id(11),
            condition: Condition::Dead,
            on: true,
        },
        &mut table,
    )
    .unwrap();
    assert!(
        game.rosters[1]
            .fighter(Id(12))
            .unwrap()
            .has(Condition::Panic)
    );
}

#[test]
fn a_hero_falling_is_a_loss_of_command_too() {
    let (mut game, mut table) = example_game();
    let mut hunters = game.rosters[0].clone();
    let mut squire = hunters.fighters[0].clone();
    squire.id = Id(2);
    squire.name = "Squire".into();
    squire.types = vec![ModelType::Infantry];
    squire.skills.clear();
    hunters.fighters.push(squire);
    hunters.groups[0].members.push(Id(2));
    hunters.commander = Some(Id(2));
    game.apply(
        &WarheimEdit::SetRoster {
            player: 0,
            roster: hunters,
        },
        &mut table,
    )
    .unwrap();
    game.apply(
        &WarheimEdit::SetCondition {
            fighter: Id(1),
            condition: Condition::Unconscious,
            on: true,
        },
        &mut table,
    )
    .unwrap();
    assert!(game.rosters[0].commander_lost, "the Hero fell");
}

#[test]
fn h1_for_every_face_of_a_morale_test() {
    use feldherr_dice::step::Driver;
    use feldherr_warheim::morale::MoraleTest;
    for v in [12, 20, 23, 25] {
        for face in 1..=20 {
            let spec = MoraleSpec {
                fighter: Id(1),
                name: "x".into(),
                kind: MoraleKind::Nerves,
                mor: v,
                penalty: 0,
                wip: false,
            };
            let d = Driver::replay(MoraleTest(spec), &[Answer::Dice(vec![face])]).unwrap();
            let o = d.outcome().unwrap();
            assert_eq!(
                o.result,
                feldherr_warheim::roll::evaluate(v, 0, face).unwrap(),
                "v {v} face {face}"
            );
            assert_eq!(o.panic, v <= 20 && face as i32 > v, "v {v} face {face}");
        }
    }
}

#[test]
fn flight_candidates_are_able_friends() {
    let (mut game, mut table) = example_game();
    game.apply(
        &WarheimEdit::SetCondition {
            fighter: Id(12),
            condition: Condition::Dead,
            on: true,
        },
        &mut table,
    )
    .unwrap();
    assert_eq!(game.flight_candidates(Id(12)), vec![Id(11)]);
    assert!(game.flight_candidates(Id(1)).is_empty());
    // Fighters down take no morale test.
    assert!(
        game.apply(
            &WarheimEdit::Morale {
                fighter: Id(12),
                kind: MoraleKind::Flight,
                penalty: 0
            },
            &mut table
        )
        .is_err()
    );
}
