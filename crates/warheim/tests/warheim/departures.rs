//! The departures from the text that issue #22 lists, each fixed with the
//! line of `warheim.ru.txt` it follows.

use feldherr_play::{Game, Id};
use feldherr_warheim::actions::check_plan;
use feldherr_warheim::{
    ActionPlan, Condition, DamageType, Discipline, FighterState, FullAction, Group, ModelType,
    NaturalAttack, ReactionChoice, ShortAction, Skill, SkillKind, WarheimEdit, Weapon,
};

use super::{example_game, order, roster, target};

/// Line 125: "базовая величина которой - три бойца": three is the base
/// size of a group, not its limit.
#[test]
fn line_125_a_group_may_hold_more_than_three() {
    let mut orcs = roster("orcs.json");
    let template = orcs.fighters[0].clone();
    for id in 13..=15 {
        let mut f = template.clone();
        f.id = Id(id);
        f.name = format!("Orc {id}");
        orcs.fighters.push(f);
    }
    orcs.groups = vec![Group {
        id: Id(1),
        name: "Mob".into(),
        members: vec![Id(11), Id(12), Id(13), Id(14), Id(15)],
    }];
    orcs.check().unwrap();
    orcs.groups[0].members.clear();
    let e = orcs.check().unwrap_err().to_string();
    assert!(e.contains("groups[0].members"), "{e}");
}

/// Line 295: "не может ничего кроме движения": a fighter in stupor may
/// make every kind of movement, and nothing else.
#[test]
fn line_295_stupor_allows_every_kind_of_movement() {
    let mut orc = roster("orcs.json").fighters[0].clone();
    orc.state = Some(FighterState {
        t: 5,
        conditions: [Condition::Stupor].into(),
        ..FighterState::default()
    });
    let d = Discipline::Disciplined;
    for full in [
        FullAction::Climb,
        FullAction::Jump { up: false },
        FullAction::Jump { up: true },
        FullAction::StealthMove,
    ] {
        check_plan(&orc, d, ActionPlan::Full(full)).unwrap();
    }
    check_plan(
        &orc,
        d,
        ActionPlan::Short(ShortAction::Move, Some(ShortAction::SecondMove)),
    )
    .unwrap();
    for refused in [
        ActionPlan::Full(FullAction::Charge),
        ActionPlan::Short(ShortAction::Hide, None),
        ActionPlan::Short(ShortAction::Move, Some(ShortAction::Attack)),
    ] {
        let e = check_plan(&orc, d, refused).unwrap_err().to_string();
        assert!(e.contains("Upper orc") && e.contains("stupor"), "{e}");
    }
}

fn beast_with(natural: NaturalAttack) -> feldherr_warheim::Fighter {
    let mut f = roster("orcs.json").fighters[0].clone();
    f.types = vec![ModelType::Beast];
    f.weapons = vec![Weapon {
        name: format!("{natural:?}"),
        attacks: 1,
        bands: vec![
            feldherr_warheim::RangeBand {
                up_to: 0.0,
                modifier: -3,
            },
            feldherr_warheim::RangeBand {
                up_to: 1.0,
                modifier: -3,
            },
        ],
        strength_bonus: 1,
        damage_type: DamageType::Normal,
        natural: Some(natural),
        ..Weapon::default()
    }];
    f
}

/// Line 263: "Bite, Claws имеют DA тип и дистанции -3 считают 0": only a
/// Beast's Bite and Claws, not his other natural attacks.
#[test]
fn line_263_beast_rules_are_for_bite_and_claws_only() {
    let (game, _) = example_game();
    let spec_of = |natural| {
        let mut rosters = game.rosters.clone();
        rosters[1].fighters[0] = beast_with(natural);
        order(11, vec![target(1, 1, 0.5, ReactionChoice::None)])
            .build(&rosters)
            .unwrap()
    };
    for natural in [NaturalAttack::Bite, NaturalAttack::Claws] {
        let spec = spec_of(natural);
        assert_eq!(spec.targets[0].pool.value, 12, "{natural:?}: -3 counts 0");
        assert_eq!(spec.strike.damage_type, DamageType::Da, "{natural:?}");
    }
    for natural in [
        NaturalAttack::Gore,
        NaturalAttack::Pincer,
        NaturalAttack::Unarmed,
    ] {
        let spec = spec_of(natural);
        assert_eq!(spec.targets[0].pool.value, 9, "{natural:?}: -3 stays");
        assert_eq!(spec.strike.damage_type, DamageType::Normal, "{natural:?}");
    }
    // Saved games of earlier versions say `"natural": true`: Unarmed.
    let w: Weapon = serde_json::from_str(
        r#"{"name":"Fists","attacks":1,"bands":[{"up_to":0.0,"modifier":0}],"strength_bonus":0,"natural":true}"#,
    )
    .unwrap();
    assert_eq!(w.natural, Some(NaturalAttack::Unarmed));
}

/// The orcs with the lower orc a Slave (`discipline`), the upper orc a
/// Leader or not, and a boss in a group of his own as the commander, who
/// then dies.
fn slave_after_the_boss_dies(leader: bool, discipline: Discipline) -> feldherr_warheim::Roster {
    let (mut game, mut table) = example_game();
    let mut orcs = game.rosters[1].clone();
    if leader {
        orcs.fighters[0].skills.push(Skill {
            kind: SkillKind::Leadership,
            level: 1,
        });
    }
    orcs.fighters[1].types.push(ModelType::Slave);
    orcs.fighters[1].discipline = discipline;
    let mut boss = orcs.fighters[0].clone();
    boss.id = Id(13);
    boss.name = "Boss".into();
    boss.skills.clear();
    orcs.fighters.push(boss);
    orcs.groups.push(Group {
        id: Id(2),
        name: "Boss".into(),
        members: vec![Id(13)],
    });
    orcs.commander = Some(Id(13));
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
            fighter: Id(13),
            condition: Condition::Dead,
            on: true,
        },
        &mut table,
    )
    .unwrap();
    assert!(game.rosters[1].commander_lost);
    game.rosters[1].clone()
}

/// Line 271 with line 251: a Slave flees once he becomes Disorganized;
/// the text makes fighters Disorganized only when the loss of the
/// commander breaks a group without a Leader (PH13).
#[test]
fn line_271_a_slave_flees_only_when_his_group_breaks() {
    let panics = |r: &feldherr_warheim::Roster| r.fighter(Id(12)).unwrap().has(Condition::Panic);
    // His group has no Leader: it breaks, he becomes Disorganized, he flees.
    let r = slave_after_the_boss_dies(false, Discipline::Disciplined);
    assert_eq!(r.discipline_of(Id(12)), Discipline::Disorganized);
    assert!(panics(&r));
    // A Leader keeps the group together: the Slave stays.
    let r = slave_after_the_boss_dies(true, Discipline::Disciplined);
    assert_eq!(r.discipline_of(Id(12)), Discipline::Disciplined);
    assert!(!panics(&r));
    // Undisciplined all along, in a group that stays: he becomes nothing
    // new and stays too.
    let r = slave_after_the_boss_dies(true, Discipline::Undisciplined);
    assert_eq!(r.discipline_of(Id(12)), Discipline::Undisciplined);
    assert!(!panics(&r));
}

/// Line 251: the loss of the commander breaks the groups; the report
/// (`Roster::group_of`) no longer lists their fighters in them.
#[test]
fn line_251_broken_groups_leave_the_report() {
    let (mut game, mut table) = example_game();
    assert_eq!(game.rosters[1].group_of(Id(12)).map(|g| g.id), Some(Id(1)));
    game.apply(
        &WarheimEdit::SetCondition {
            fighter: Id(11),
            condition: Condition::Panic,
            on: true,
        },
        &mut table,
    )
    .unwrap();
    let orcs = &game.rosters[1];
    assert_eq!(orcs.group_of(Id(12)), None);
    assert_eq!(orcs.discipline_of(Id(12)), Discipline::Disorganized);
    assert_eq!(orcs.listed_group_of(Id(12)).map(|g| g.id), Some(Id(1)));
    assert!(
        game.problems(&table).is_empty(),
        "{:?}",
        game.problems(&table)
    );
}

/// The lower orc of the example made Elite: both sides may add 1.
fn elite_orcs() -> (feldherr_warheim::Warheim, feldherr_table::Table) {
    let (mut game, mut table) = example_game();
    let mut orcs = game.rosters[1].clone();
    orcs.fighters[1].types.push(ModelType::Elite);
    game.apply(
        &WarheimEdit::SetRoster {
            player: 1,
            roster: orcs,
        },
        &mut table,
    )
    .unwrap();
    (game, table)
}

fn prompt_of(game: &feldherr_warheim::Warheim, index: usize) -> feldherr_dice::step::Prompt {
    game.resolutions[index]
        .resolution()
        .prompt()
        .cloned()
        .expect("a prompt")
}

/// Lines 275 and 281 ("может добавить 1 к любому результату броска") with
/// line 55 ("сначала модифицирует активный игрок"): the +1 is optional,
/// chosen once the dice are down, on the die the player picks, the active
/// player first; a natural crit is never offered (it would fail).
#[test]
fn line_281_the_plus_one_is_chosen_after_the_roll() {
    use feldherr_dice::step::{Answer, Prompt};
    let (mut game, mut table) = elite_orcs();
    let o = order(
        1,
        vec![target(
            12,
            3,
            0.0,
            ReactionChoice::Attack {
                weapon: 0,
                martial: None,
            },
        )],
    );
    game.apply(&WarheimEdit::Attack(o), &mut table).unwrap();
    // The hunter at 17: 16, 17 (a natural crit) and 3; the orc at 15: 14.
    for faces in [vec![16, 17, 3], vec![14]] {
        game.resolutions_mut()
            .answer_at(0, Answer::Dice(faces))
            .unwrap();
    }
    // The active player (the hunter) first: his 16 may become a crit; the
    // natural 17 is not offered, nor the 3 (it changes nothing).
    let Prompt::Choice(q) = prompt_of(&game, 0) else {
        panic!("the hunter's +1 first")
    };
    assert!(q.question.contains("Witch hunter"), "{}", q.question);
    let labels: Vec<&str> = q.options.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(labels, ["no", "die 1: 16 counts 17"]);
    game.resolutions_mut()
        .answer_at(0, Answer::Choice(1))
        .unwrap();
    // Then the orc: his 14 may become a 15, a crit at his 15.
    let Prompt::Choice(q) = prompt_of(&game, 0) else {
        panic!("the orc's +1 next")
    };
    assert!(q.question.contains("Lower orc"), "{}", q.question);
    game.resolutions_mut()
        .answer_at(0, Answer::Choice(1))
        .unwrap();
    // Crits on both sides: nobody scores (H3); no save is left to roll.
    let Some(feldherr_warheim::WarheimOutcome::Attack(out)) = game.resolutions[0].outcome() else {
        panic!("finished: {:?}", prompt_of(&game, 0))
    };
    let ex = &out.exchanges[0];
    assert_eq!(ex.hits, feldherr_warheim::roll::Hits { a: 0, b: 0 });
    assert_eq!((ex.plus_one, ex.reaction_plus_one), (Some(0), Some(0)));
}

/// Odds after each die: the reaction's prompt carries the odds of the
/// exchange given the attacker's faces, not the odds before any die.
#[test]
fn the_odds_follow_each_roll() {
    use feldherr_dice::step::{Answer, Prompt};
    let (mut game, mut table) = example_game();
    let o = order(
        1,
        vec![target(
            12,
            3,
            0.0,
            ReactionChoice::Attack {
                weapon: 0,
                martial: None,
            },
        )],
    );
    game.apply(&WarheimEdit::Attack(o), &mut table).unwrap();
    let Prompt::Roll(before) = prompt_of(&game, 0) else {
        panic!()
    };
    game.resolutions_mut()
        .answer_at(0, Answer::Dice(vec![16, 17, 20]))
        .unwrap();
    let Prompt::Roll(after) = prompt_of(&game, 0) else {
        panic!()
    };
    assert_ne!(before.odds, after.odds);
    // Given 16, a crit at 17 and a fail, the orc at 15 (faces 1-14 succeed, 15 a
    // crit, 16-20 fail) scores nothing; only his crit cancels both dice.
    let p = |label: &str| {
        after
            .odds
            .iter()
            .find(|l| l.label == label)
            .map_or(0.0, |l| l.probability)
    };
    assert!((p("2 : 0") - 19.0 / 20.0).abs() < 1e-12, "{:?}", after.odds);
    assert!((p("0 : 0") - 1.0 / 20.0).abs() < 1e-12, "{:?}", after.odds);
    assert_eq!(after.odds.len(), 2);
    // The prompt says what the roll needs, crit included (H1).
    assert!(
        after.purpose.contains("15 or less, 15 is a crit"),
        "{}",
        after.purpose
    );
}
