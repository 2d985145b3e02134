//! H4: saves, T loss, the crit choice, DA and EP, Regeneration.

use feldherr_dice::step::{Answer, Driver};
use feldherr_play::Id;
use feldherr_warheim::attack::{
    Attack, AttackSpec, Combatant, ReactionSpec, Strike, TargetSpec, fall,
};
use feldherr_warheim::roll::Pool;
use feldherr_warheim::{AttackOutcome, DamageType, Fall};

fn who(id: u64, t: i32, arm: i32, regeneration: u32) -> Combatant {
    Combatant {
        id: Id(id),
        name: format!("f{id}"),
        arm,
        t,
        regeneration,
        beast: false,
        ..Default::default()
    }
}

/// One die against 15 at a target with `t`, Arm 1 and `regen`; strength
/// 15 so the save needs 14.
fn spec(t: i32, regen: u32, damage_type: DamageType) -> AttackSpec {
    AttackSpec {
        attacker: who(1, 5, 0, 0),
        strike: Strike {
            strength: 15,
            damage_bonus: 2,
            damage_type,
        },
        targets: vec![TargetSpec {
            target: who(2, t, 1, regen),
            pool: Pool::new(1, 15, 0).unwrap(),
            template: false,
            reaction: ReactionSpec::None,
        }],
        heavy_charge: false,
        ..Default::default()
    }
}

fn run(spec: AttackSpec, answers: &[Answer]) -> AttackOutcome {
    let driver = Driver::replay(Attack::new(spec), answers).unwrap();
    driver
        .outcome()
        .cloned()
        .unwrap_or_else(|| panic!("unfinished: {:?}", driver.prompt()))
}

fn d(f: u32) -> Answer {
    Answer::Dice(vec![f])
}

#[test]
fn exactly_the_save_number_stops_the_hit() {
    let o = run(spec(5, 0, DamageType::Normal), &[d(10), d(14)]);
    let c = o.change(Id(2)).unwrap();
    assert_eq!((c.hits, c.saved, c.t_lost, c.t_after), (1, 1, 0, 5));
    // One below loses one T.
    let o = run(spec(5, 0, DamageType::Normal), &[d(10), d(13)]);
    assert_eq!(o.change(Id(2)).unwrap().t_lost, 1);
}

#[test]
fn t_to_zero_is_unconscious() {
    let c = run(spec(5, 0, DamageType::Normal), &[d(10), d(9)])
        .change(Id(2))
        .cloned()
        .unwrap();
    assert_eq!(
        (c.t_after, c.fall, c.nerves_penalty),
        (0, Fall::Unconscious, None)
    );
}

#[test]
fn t_to_minus_one_with_and_without_regeneration() {
    let dead = run(spec(5, 0, DamageType::Normal), &[d(10), d(8)]);
    assert_eq!(dead.change(Id(2)).unwrap().fall, Fall::Dead);
    let held = run(spec(5, 1, DamageType::Normal), &[d(10), d(8)]);
    assert_eq!(held.change(Id(2)).unwrap().fall, Fall::Unconscious);
    // Regeneration 1 does not hold -2.
    let deeper = run(spec(5, 1, DamageType::Normal), &[d(10), d(7)]);
    assert_eq!(deeper.change(Id(2)).unwrap().fall, Fall::Dead);
    assert_eq!(fall(-2, 2), Fall::Unconscious);
    assert_eq!(fall(1, 0), Fall::Standing);
}

#[test]
fn damage_and_saves_call_for_nerves() {
    let hurt = run(spec(9, 0, DamageType::Normal), &[d(10), d(11)]);
    assert_eq!(hurt.change(Id(2)).unwrap().nerves_penalty, Some(3));
    let missed = run(spec(9, 0, DamageType::Normal), &[d(18)]);
    assert_eq!(missed.change(Id(2)).unwrap().nerves_penalty, None);
}

#[test]
fn crit_choice_save_or_direct_damage() {
    // The die shows 15 against 15: a crit. Option 0: the save as usual.
    let saved = run(
        spec(5, 0, DamageType::Normal),
        &[d(15), Answer::Choice(0), d(20)],
    );
    let c = saved.change(Id(2)).unwrap();
    assert_eq!((c.crits, c.saved, c.t_lost), (1, 1, 0));
    // Option 1: 1 + damage bonus 2 = 3 T, no save rolled.
    let direct = run(spec(5, 0, DamageType::Normal), &[d(15), Answer::Choice(1)]);
    let c = direct.change(Id(2)).unwrap();
    assert_eq!((c.t_lost, c.t_after, c.saved), (3, 2, 0));
}

#[test]
fn da_crit_is_one_effect_and_a_save() {
    let o = run(spec(5, 0, DamageType::Da), &[d(15), d(12)]);
    let c = o.change(Id(2)).unwrap();
    assert_eq!((c.crit_effects, c.t_lost), (1, 2));
}

#[test]
fn ep_crit_is_three_effects() {
    let o = run(spec(5, 0, DamageType::Ep), &[d(15)]);
    let c = o.change(Id(2)).unwrap();
    assert_eq!((c.crit_effects, c.t_lost, c.saved), (3, 0, 0));
}

#[test]
fn every_save_prompt_carries_exact_odds() {
    let driver = Driver::replay(Attack::new(spec(5, 0, DamageType::Normal)), &[d(10)]).unwrap();
    let Some(feldherr_dice::step::Prompt::Roll(request)) = driver.prompt() else {
        panic!()
    };
    assert_eq!(request.rule.as_deref(), Some("H4"));
    let total: f64 = request.odds.iter().map(|l| l.probability).sum();
    assert!((total - 1.0).abs() < 1e-12);
    // The odds are how the fighter ends, not the T lost: T 5 against
    // 14+: 14-20 stop (7), 10-13 lose 1-4 and he stands (4), 9 loses 5:
    // unconscious (1), 1-8 lose 6 or more: dead (8).
    let label = |l: &str| {
        request
            .odds
            .iter()
            .find(|o| o.label == l)
            .map(|o| o.probability)
            .unwrap()
    };
    assert!((label("stands") - 11.0 / 20.0).abs() < 1e-12);
    assert!((label("unconscious") - 1.0 / 20.0).abs() < 1e-12);
    assert!((label("dead") - 8.0 / 20.0).abs() < 1e-12);
    assert_eq!(request.odds.len(), 3);
}

#[test]
fn attacks_are_bounded() {
    let mut s = spec(5, 0, DamageType::Normal);
    let one = s.targets[0].clone();
    s.targets = (0..41)
        .map(|i| TargetSpec {
            target: who(100 + i, 5, 1, 0),
            ..one.clone()
        })
        .collect();
    assert!(s.check().unwrap_err().to_string().contains("at most 40"));
    let mut twice = spec(5, 0, DamageType::Normal);
    twice.targets.push(one);
    assert!(twice.check().unwrap_err().to_string().contains("twice"));
}
