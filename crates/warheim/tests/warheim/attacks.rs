//! Building attacks: every modifier the text lists, reactions, pools.

use feldherr_play::{Game, Id};
use feldherr_warheim::attack::ReactionSpec;
use feldherr_warheim::modifiers::{Facing, Terrain};
use feldherr_warheim::roll::Hits;
use feldherr_warheim::{
    AttackOrder, Condition, MartialUse, ModelType, RangeBand, ReactionChoice, Template, Warheim,
    WarheimEdit, Weapon, WeaponKind,
};

use super::{dice, example_game, order, resolve, target};

fn bow() -> Weapon {
    Weapon {
        name: "Bow".into(),
        kind: WeaponKind::Ranged,
        attacks: 1,
        bands: vec![RangeBand {
            up_to: 24.0,
            modifier: 0,
        }],
        strength_bonus: 1,
        damage_bonus: 0,
        damage_type: Default::default(),
        reload: false,
        template: None,
        bow: true,
        natural: None,
        shield_arm: 0,
        ..Default::default()
    }
}

/// The example game with `change` applied to the hero and the upper orc.
fn game_with(
    change: impl Fn(&mut feldherr_warheim::Fighter, &mut feldherr_warheim::Fighter),
) -> Warheim {
    let (mut game, mut table) = example_game();
    let mut hunters = game.rosters[0].clone();
    let mut orcs = game.rosters[1].clone();
    change(&mut hunters.fighters[0], &mut orcs.fighters[0]);
    game.apply(
        &WarheimEdit::SetRoster {
            player: 0,
            roster: hunters,
        },
        &mut table,
    )
    .unwrap();
    game.apply(
        &WarheimEdit::SetRoster {
            player: 1,
            roster: orcs,
        },
        &mut table,
    )
    .unwrap();
    game
}

/// The hero's value at the upper orc with `terrain` and `wall`.
fn value(game: &Warheim, weapon: usize, distance: f64, terrain: Vec<Terrain>, wall: bool) -> i32 {
    let mut t = target(11, 3, distance, ReactionChoice::None);
    t.terrain = terrain;
    t.wall = wall;
    let mut o = order(1, vec![t]);
    o.weapon = weapon;
    if weapon == 1 {
        o.targets[0].dice = 2;
    }
    o.build(&game.rosters).unwrap().targets[0].pool.value
}

#[test]
fn range_bands_wall_and_terrain_on_the_hit_value() {
    let game = game_with(|hero, _| hero.weapons.push(bow()));
    // Sword in base contact: WS 14 + 3.
    assert_eq!(value(&game, 0, 0.0, vec![], false), 17);
    assert_eq!(value(&game, 0, 0.5, vec![], false), 14);
    assert_eq!(value(&game, 0, 1.5, vec![], false), 11);
    assert_eq!(value(&game, 0, 0.0, vec![], true), 14, "wall -3");
    assert_eq!(value(&game, 0, 0.0, vec![Terrain::Darkness], false), 14);
    assert_eq!(
        value(&game, 0, 0.0, vec![Terrain::Fog], false),
        17,
        "fog spares WS"
    );
    assert_eq!(value(&game, 0, 0.0, vec![Terrain::Vegetation], false), 17);
    assert_eq!(value(&game, 0, 0.0, vec![Terrain::Swamp], false), 14);
    assert_eq!(value(&game, 0, 0.0, vec![Terrain::Ice], false), 16);
    assert_eq!(value(&game, 0, 0.0, vec![Terrain::Sand], false), 14);
    // Bow: Prec 12.
    assert_eq!(value(&game, 1, 6.0, vec![], false), 12);
    assert_eq!(value(&game, 1, 6.0, vec![Terrain::Darkness], false), 9);
    assert_eq!(value(&game, 1, 6.0, vec![Terrain::Fog], false), 9);
    assert_eq!(
        value(&game, 1, 12.0, vec![Terrain::Fog], false),
        6,
        "fog at 12\" or more: -6 (PH5)"
    );
    assert_eq!(value(&game, 1, 6.0, vec![Terrain::Vegetation], false), 9);
    assert_eq!(value(&game, 1, 6.0, vec![Terrain::Sand], false), 12);
}

#[test]
fn lowering_is_capped_at_twelve() {
    let game = game_with(|_, _| {});
    let all = vec![
        Terrain::Darkness,
        Terrain::Swamp,
        Terrain::Sand,
        Terrain::Ice,
    ];
    // 14 - 3 (band) - 3 (wall) - 3 - 3 - 3 - 1 = -2 uncapped; H2: 14 - 12 = 2.
    assert_eq!(value(&game, 0, 1.5, all, true), 2);
}

#[test]
fn cover_adds_three_arm() {
    let game = game_with(|_, _| {});
    let mut t = target(11, 3, 0.0, ReactionChoice::None);
    t.cover = true;
    let mut o = order(1, vec![t]);
    o.attacker_cover = true;
    let spec = o.build(&game.rosters).unwrap();
    assert_eq!(spec.targets[0].target.arm, 4);
    assert_eq!(spec.attacker.arm, 5);
}

fn dodge_value(
    game: &Warheim,
    reaction: ReactionChoice,
    template: bool,
    facing: Facing,
    saw: bool,
) -> Result<ReactionSpec, String> {
    let mut t = target(11, 3, 0.0, reaction);
    t.facing = facing;
    t.saw_active = saw;
    let mut o = order(1, vec![t]);
    if template {
        o.weapon = 1;
    }
    o.build(&game.rosters)
        .map(|s| s.targets[0].reaction.clone())
        .map_err(|e| e.to_string())
}

fn flamer() -> Weapon {
    Weapon {
        name: "Flamer".into(),
        template: Some(Template::Teardrop),
        bands: vec![RangeBand {
            up_to: 8.0,
            modifier: 0,
        }],
        ..bow()
    }
}

#[test]
fn dodges_turns_and_model_types() {
    let pool = |r: ReactionSpec| match r {
        ReactionSpec::Dodge { pool } | ReactionSpec::Turn { pool } => pool.value,
        other => panic!("{other:?}"),
    };
    let plain = game_with(|hero, _| hero.weapons.push(flamer()));
    assert_eq!(
        pool(dodge_value(&plain, ReactionChoice::Dodge, false, Facing::Front, true).unwrap()),
        12
    );
    assert_eq!(
        pool(dodge_value(&plain, ReactionChoice::Turn, false, Facing::Front, true).unwrap()),
        9
    );
    assert_eq!(
        pool(dodge_value(&plain, ReactionChoice::Dodge, true, Facing::Front, true).unwrap()),
        9,
        "template -3"
    );
    for (ty, v) in [
        (ModelType::Cavalry, 9),
        (ModelType::Monster, 9),
        (ModelType::Skirmisher, 15),
    ] {
        let g = game_with(|_, orc| orc.types.push(ty));
        assert_eq!(
            pool(dodge_value(&g, ReactionChoice::Dodge, false, Facing::Front, true).unwrap()),
            v,
            "{ty:?}"
        );
    }
}

#[test]
fn who_may_react_and_how() {
    let game = game_with(|_, _| {});
    // From the rear the orc did not see the hero: he may only turn.
    assert!(dodge_value(&game, ReactionChoice::Turn, false, Facing::Rear, false).is_ok());
    let e = dodge_value(&game, ReactionChoice::Dodge, false, Facing::Rear, false).unwrap_err();
    assert!(e.contains("Upper orc") && e.contains("saw"), "{e}");
    // No shield, no block; a block never helps from the rear.
    assert!(
        dodge_value(&game, ReactionChoice::Block, false, Facing::Front, true)
            .unwrap_err()
            .contains("shield")
    );
    let shielded = game_with(|_, orc| {
        orc.weapons.push(Weapon {
            name: "Shield".into(),
            shield_arm: 3,
            ..orc.weapons[0].clone()
        })
    });
    assert_eq!(
        dodge_value(&shielded, ReactionChoice::Block, false, Facing::Front, true).unwrap(),
        ReactionSpec::Block {
            value: 12,
            shield_arm: 3
        }
    );
    assert!(
        dodge_value(&shielded, ReactionChoice::Block, false, Facing::Rear, true)
            .unwrap_err()
            .contains("sight")
    );
    // A panicking fighter only dodges.
    let panicked = game_with(|_, orc| {
        orc.state = Some(feldherr_warheim::FighterState {
            t: 5,
            mor: 10,
            conditions: [Condition::Panic].into(),
            ..Default::default()
        })
    });
    assert!(
        dodge_value(
            &panicked,
            ReactionChoice::Attack {
                weapon: 0,
                martial: None
            },
            false,
            Facing::Front,
            true
        )
        .is_err()
    );
    assert!(dodge_value(&panicked, ReactionChoice::Dodge, false, Facing::Front, true).is_ok());
}

#[test]
fn pool_sizes_hero_assault_martial_squad() {
    let game = game_with(|_, _| {});
    let hero = game.rosters[0].fighter(Id(1)).unwrap();
    let mut o: AttackOrder = order(1, vec![target(11, 3, 0.0, ReactionChoice::None)]);
    assert_eq!(o.pool_size(hero).unwrap(), 3, "sword 2 + Hero 1");
    o.charge = true;
    assert_eq!(o.pool_size(hero).unwrap(), 3, "not Assault");
    o.martial = Some(MartialUse::Dice);
    assert_eq!(o.pool_size(hero).unwrap(), 4, "Martial 1 as a die");
    o.squad_order = true;
    assert_eq!(
        o.pool_size(hero).unwrap(),
        3,
        "squad order: Attacks count 1"
    );
    let assault = game_with(|hero, _| hero.types.push(ModelType::Assault));
    let hero = assault.rosters[0].fighter(Id(1)).unwrap();
    let mut o = order(1, vec![target(11, 4, 0.0, ReactionChoice::None)]);
    o.charge = true;
    assert_eq!(o.pool_size(hero).unwrap(), 4, "Assault +1 on a charge");
    assert_eq!(o.build(&assault.rosters).unwrap().targets[0].pool.dice, 4);
    // The split must add up.
    let mut bad = o.clone();
    bad.targets[0].dice = 3;
    assert!(
        bad.build(&assault.rosters)
            .unwrap_err()
            .to_string()
            .contains("add up")
    );
}

#[test]
fn elite_and_solo_plus_one() {
    // Lines 275, 281: the +1 is the fighter's, not declared: an Elite or
    // a Solo outside a group may place it after the roll.
    let game = game_with(|_, _| {});
    let t = target(1, 1, 0.0, ReactionChoice::None);
    let spec = order(11, vec![t.clone()]).build(&game.rosters).unwrap();
    assert_eq!(spec.targets[0].pool.bonus, 0, "the orc is neither");
    assert!(!spec.attacker.plus_one);
    let solo = game_with(|_, orc| orc.types.push(ModelType::Solo));
    let spec = order(11, vec![t]).build(&solo.rosters).unwrap();
    assert_eq!(spec.targets[0].pool.bonus, 1);
    assert!(spec.targets[0].pool.after_roll);
    assert!(spec.attacker.plus_one, "his save too");
}

#[test]
fn hidden_targets_and_reach() {
    let hidden = game_with(|_, orc| {
        orc.state = Some(feldherr_warheim::FighterState {
            t: 5,
            mor: 10,
            conditions: [Condition::Hidden].into(),
            ..Default::default()
        })
    });
    let e = order(1, vec![target(11, 3, 0.0, ReactionChoice::None)])
        .build(&hidden.rosters)
        .unwrap_err()
        .to_string();
    assert!(e.contains("hidden"), "{e}");
    let game = game_with(|_, _| {});
    let e = order(1, vec![target(11, 3, 2.5, ReactionChoice::None)])
        .build(&game.rosters)
        .unwrap_err()
        .to_string();
    assert!(e.contains("reach"), "{e}");
    let e = order(1, vec![target(1, 3, 0.0, ReactionChoice::None)])
        .build(&game.rosters)
        .unwrap_err()
        .to_string();
    assert!(e.contains("same side"), "{e}");
}

#[test]
fn ambush_strikes_from_a_marker() {
    let (mut game, mut table) = example_game();
    let mut o = order(
        1,
        vec![target(
            11,
            3,
            0.0,
            ReactionChoice::Attack {
                weapon: 0,
                martial: None,
            },
        )],
    );
    o.ambush = true;
    assert!(o.build(&game.rosters).is_err(), "not hidden");
    game.apply(
        &WarheimEdit::SetCondition {
            fighter: Id(1),
            condition: Condition::Hidden,
            on: true,
        },
        &mut table,
    )
    .unwrap();
    let spec = o.build(&game.rosters).unwrap();
    match &spec.targets[0].reaction {
        ReactionSpec::Attack { pool, .. } => assert_eq!(pool.value, 12 + 3 - 6),
        other => panic!("{other:?}"),
    }
    game.apply(&WarheimEdit::Attack(o), &mut table).unwrap();
    assert!(
        !game.rosters[0]
            .fighter(Id(1))
            .unwrap()
            .has(Condition::Hidden),
        "the ambush reveals him"
    );
}

#[test]
fn templates_hit_unless_dodged() {
    let (mut game, mut table) = example_game();
    let mut hunters = game.rosters[0].clone();
    hunters.fighters[0].weapons.push(flamer());
    game.apply(
        &WarheimEdit::SetRoster {
            player: 0,
            roster: hunters,
        },
        &mut table,
    )
    .unwrap();
    let mut o = order(
        1,
        vec![
            target(11, 0, 4.0, ReactionChoice::Dodge),
            target(12, 0, 4.0, ReactionChoice::None),
        ],
    );
    o.weapon = 1;
    let odds = game.preview(&o).unwrap();
    // Dodge at Ph 12 - 3 = 9: faces 1-9 avoid the template.
    assert!((odds[0].hits.prob_of(&Hits { a: 0, b: 0 }) - 0.45).abs() < 1e-12);
    assert!((odds[1].hits.prob_of(&Hits { a: 1, b: 0 }) - 1.0).abs() < 1e-12);
    // Dodge roll 5 avoids; the other orc is hit and saves with 20.
    let out = resolve(&mut game, &mut table, o, dice(&[&[5], &[20]]));
    assert!(out.exchanges[0].evaded);
    assert_eq!(out.change(Id(11)).unwrap().hits, 0);
    assert_eq!(out.change(Id(12)).unwrap().saved, 1);
}

#[test]
fn block_adds_the_shield() {
    let (mut game, mut table) = example_game();
    let mut orcs = game.rosters[1].clone();
    let shield = Weapon {
        name: "Shield".into(),
        shield_arm: 4,
        ..orcs.fighters[0].weapons[0].clone()
    };
    orcs.fighters[0].weapons.push(shield);
    game.apply(
        &WarheimEdit::SetRoster {
            player: 1,
            roster: orcs,
        },
        &mut table,
    )
    .unwrap();
    // Block 5 (under WS 12) succeeds; the hero hits twice (3, 4), misses 19;
    // strength 12 + 2 = 14, Arm 1 + 4: saves need 9: 9 holds, 8 loses 1.
    let out = resolve(
        &mut game,
        &mut table,
        order(1, vec![target(11, 3, 0.0, ReactionChoice::Block)]),
        dice(&[&[5], &[3, 4, 19], &[9], &[8]]),
    );
    assert!(out.exchanges[0].blocked);
    let c = out.change(Id(11)).unwrap();
    assert_eq!((c.hits, c.saved, c.t_lost), (2, 1, 1));
}

#[test]
fn a_dodge_only_cancels() {
    let (mut game, mut table) = example_game();
    // Hero 3 dice at 17: 5, 9, 20(fail); the orc dodges at 12 with 10:
    // the 5 and 9 are beaten; nothing hits either way.
    let mut answers = dice(&[&[5, 9, 20], &[10]]);
    answers.push(feldherr_dice::step::Answer::Choice(0));
    let out = resolve(
        &mut game,
        &mut table,
        order(1, vec![target(11, 3, 0.0, ReactionChoice::Dodge)]),
        answers,
    );
    assert_eq!(out.exchanges[0].hits, Hits { a: 0, b: 0 });
    assert!(out.exchanges[0].evaded);
    // The hunter (Elite) may add 1 to his 9: it ties the orc's 10, the
    // dodge no longer stands, still nothing hits (PH2, H3).
    let (mut game, mut table) = example_game();
    let mut answers = dice(&[&[5, 9, 20], &[10]]);
    answers.push(feldherr_dice::step::Answer::Choice(1));
    let out = resolve(
        &mut game,
        &mut table,
        order(1, vec![target(11, 3, 0.0, ReactionChoice::Dodge)]),
        answers,
    );
    assert_eq!(out.exchanges[0].hits, Hits { a: 0, b: 0 });
    assert_eq!(out.exchanges[0].plus_one, Some(1));
    assert!(!out.exchanges[0].evaded);
}

#[test]
fn heavy_charge_throws_back() {
    let (mut game, mut table) = example_game();
    let mut hunters = game.rosters[0].clone();
    hunters.fighters[0].types.push(ModelType::Heavy);
    game.apply(
        &WarheimEdit::SetRoster {
            player: 0,
            roster: hunters,
        },
        &mut table,
    )
    .unwrap();
    let mut o = order(1, vec![target(11, 3, 0.0, ReactionChoice::None)]);
    o.charge = true;
    let out = resolve(
        &mut game,
        &mut table,
        o.clone(),
        dice(&[&[3, 19, 19], &[20]]),
    );
    assert!(out.exchanges[0].thrown_back);
    let missed = resolve(&mut game, &mut table, o, dice(&[&[19, 19, 19]]));
    assert!(!missed.exchanges[0].thrown_back);
}

#[test]
fn a_reaction_strike_has_one_attack() {
    let (game, _) = example_game();
    // The lower orc strikes at the active hero as a reaction: 1 die.
    let mut o = order(12, vec![target(1, 1, 0.0, ReactionChoice::None)]);
    o.as_reaction = true;
    assert_eq!(o.build(&game.rosters).unwrap().targets[0].pool.dice, 1);
    o.targets[0].dice = 2;
    assert!(o.build(&game.rosters).is_err());
}

#[test]
fn h1_for_every_face_of_an_attack_die() {
    use feldherr_dice::step::{Answer, Driver};
    use feldherr_warheim::attack::{Attack, AttackSpec, Combatant, Strike, TargetSpec};
    use feldherr_warheim::roll::Pool;
    let who = |id| Combatant {
        id: Id(id),
        name: "x".into(),
        arm: 0,
        t: 30,
        regeneration: 0,
        beast: false,
        ..Default::default()
    };
    for v in [12, 20, 23, 25] {
        for face in 1..=20u32 {
            let spec = AttackSpec {
                attacker: who(1),
                strike: Strike {
                    strength: 5,
                    damage_bonus: 0,
                    damage_type: Default::default(),
                },
                targets: vec![TargetSpec {
                    target: who(2),
                    pool: Pool::new(1, v, 0).unwrap(),
                    template: false,
                    reaction: ReactionSpec::None,
                }],
                heavy_charge: false,
                ..Default::default()
            };
            // Any save face will do: strength 5 is stopped by 5 and more.
            let mut answers = vec![
                Answer::Dice(vec![face]),
                Answer::Choice(0),
                Answer::Dice(vec![20]),
            ];
            let expected = feldherr_warheim::roll::evaluate(v, 0, face).unwrap();
            if !matches!(expected, feldherr_warheim::d20::D20Result::Crit(_)) {
                answers.remove(1);
            }
            if !expected.succeeded() {
                answers.truncate(1);
            }
            let d = Driver::replay(Attack::new(spec), &answers).unwrap();
            let c = d
                .outcome()
                .unwrap_or_else(|| panic!("v {v} face {face}: {:?}", d.prompt()))
                .change(Id(2))
                .cloned()
                .unwrap();
            assert_eq!(c.hits, u32::from(expected.succeeded()), "v {v} face {face}");
            assert_eq!(
                c.crits == 1,
                matches!(expected, feldherr_warheim::d20::D20Result::Crit(_)),
                "v {v} face {face}"
            );
        }
    }
}
