//! The new abilities: Fechtmeister (the text's example), Von den Goettern
//! geliebt/verdammt, Gegenangriff, Schlagabfolge, Meisterschuetze, Finte,
//! Konzentration and Instabil (exact odds and Monte Carlo).

#![expect(
    clippy::unwrap_used,
    reason = "a test fails loudly on an unexpected error"
)]

use approx::assert_abs_diff_eq;
use feldherr_confrontation::ConfrontationResult::{self, Fumble, Total};
use feldherr_confrontation::ConfrontationRoll;
use feldherr_confrontation::abilities::{
    Luck, attack_roll, counter_attack_against, counter_attack_difficulty, defence_roll,
    extra_die_cost, ranged_attacks, roll_for,
};
use feldherr_confrontation::{Concentration, Feint, InstabilRoll, Instability, WoundLevel};
use feldherr_dice::step::Driver;
use feldherr_dice::{Dice, Dist};

fn check(roll: ConfrontationRoll, faces: &[u32], expected: ConfrontationResult) {
    assert_eq!(
        roll.evaluate(faces).unwrap(),
        expected,
        "{roll:?} {faces:?}"
    );
}

#[test]
fn fechtmeister_example_of_the_text() {
    // A critically wounded fighter (-3) against a Fechtmeister (-1) needs a
    // 6 to get 2: 6 - 1 - 3 = 2; and the 6 still re-rolls.
    let parry = defence_roll(-3, true, Luck::Ordinary).unwrap();
    assert_eq!(parry.modifier(), -4);
    for f in 1..=5 {
        check(parry, &[f], Fumble);
    }
    check(parry, &[6, 2], Total(4));
    check(parry, &[6, 1], Fumble);
    // The same roll without a re-roll shows the 2 of the text.
    check(parry.without_reroll(), &[6], Total(2));
    // Without the Fechtmeister a 5 gives 2.
    check(
        defence_roll(-3, false, Luck::Ordinary).unwrap(),
        &[5],
        Total(2),
    );
    // Odds: 1/6 x 4/5 that the parry die is not a fumble.
    let d = parry.distribution();
    assert_abs_diff_eq!(1.0 - d.prob_of(&Fumble), 2.0 / 15.0, epsilon = 1e-12);
}

#[test]
fn fechtmeister_attack_and_the_gods() {
    let fm = attack_roll(0, true, Luck::Ordinary).unwrap();
    check(fm, &[5, 1], Total(7)); // 5 counts 6, the 1 on the re-roll adds
    check(fm, &[6, 5, 3], Total(15));
    check(fm, &[1], Fumble);
    check(
        attack_roll(0, false, Luck::Ordinary).unwrap(),
        &[6, 1],
        Fumble,
    );
    check(
        attack_roll(0, false, Luck::Ordinary).unwrap(),
        &[5],
        Total(5),
    );
    // Beloved: 4 and 5 count 6; with Fechtmeister still from 4.
    let beloved = roll_for(Luck::Beloved, 0).unwrap();
    check(beloved, &[4, 1], Total(7));
    check(
        attack_roll(0, true, Luck::Beloved).unwrap(),
        &[4, 2],
        Total(8),
    );
    // Damned: never re-rolls, not even a Fechtmeister's 5.
    let damned = attack_roll(0, true, Luck::Damned).unwrap();
    check(damned, &[5], Total(6));
    check(roll_for(Luck::Damned, 0).unwrap(), &[6], Total(6));
    // No counter-attack against a Fechtmeister.
    assert!(counter_attack_against(true).is_err());
    assert!(counter_attack_against(false).is_ok());
    // Monte Carlo of the Fechtmeister attack's exact odds.
    let d = fm.distribution();
    let mut dice = Dice::seeded(3);
    feldherr_dice::monte_carlo::check(&d, 30_000, || fm.roll(&mut dice, "attack")).unwrap();
}

#[test]
fn counter_attacks_extra_dice_and_master_shooters() {
    assert_eq!(counter_attack_difficulty(true, false).unwrap(), 2);
    assert_eq!(counter_attack_difficulty(true, true).unwrap(), 1);
    assert_eq!(counter_attack_difficulty(false, true).unwrap(), 2);
    assert!(counter_attack_difficulty(false, false).is_err());
    // Schlagabfolge.
    assert_eq!(extra_die_cost(false, true, 0).unwrap(), 2);
    assert!(extra_die_cost(false, true, 1).is_err());
    assert!(extra_die_cost(false, false, 0).is_err());
    assert_eq!(extra_die_cost(true, true, 0).unwrap(), 1);
    assert_eq!(extra_die_cost(true, true, 1).unwrap(), 2);
    assert_eq!(extra_die_cost(true, false, 0).unwrap(), 2);
    // Meisterschuetze: one ranged attack more.
    assert_eq!(ranged_attacks(1, true).unwrap(), 2);
    assert_eq!(ranged_attacks(1, false).unwrap(), 1);
    assert!(ranged_attacks(11, true).is_err());
}

#[test]
fn feints() {
    let mut f = Feint::new(3, 2, 1).unwrap();
    f.cancel_attack().unwrap();
    f.cancel_defence().unwrap();
    let err = f.cancel_defence().unwrap_err();
    assert!(err.to_string().contains("no DEF die left"), "{err}");
    assert_eq!(
        (f.attacks_left(), f.opponent_attack(), f.opponent_defence()),
        (1, 1, 0)
    );
    f.finish();
    assert!(f.cancel_attack().is_err());
    let mut none = Feint::new(0, 2, 2).unwrap();
    assert!(none.cancel_attack().is_err());
    assert!(Feint::new(21, 0, 0).is_err());
}

#[test]
fn concentration_points() {
    let mut c = Concentration::new(3, &["ATT", "BEW"]).unwrap();
    c.spend("BEW", 1).unwrap();
    c.used("BEW"); // measured
    assert!(c.spend("BEW", 1).is_err());
    c.spend("ATT", 1).unwrap();
    c.spend("ATT", 1).unwrap(); // one at a time
    assert_eq!(c.left(), 0);
    assert!(
        c.spend("ATT", 1)
            .unwrap_err()
            .to_string()
            .contains("0 left")
    );
    assert_eq!(c.bonus("ATT"), 2);
    c.new_round();
    assert_eq!((c.bonus("ATT"), c.left()), (0, 3));
    c.spend("BEW", 3).unwrap();
    assert!(Concentration::new(0, &[]).is_err());
}

#[test]
fn instabil_repeats_until_below_x_or_gone() {
    // A structure with 2 SP, Instabil/4: 4 and 6 take both SP; no more roll.
    let mut d = Driver::new(InstabilRoll::new(4, Instability::Structure(2)).unwrap());
    d.answer_dice(vec![4]).unwrap();
    d.answer_dice(vec![6]).unwrap();
    let out = d.outcome().unwrap();
    assert_eq!((out.hits, out.after), (2, Instability::Structure(0)));
    // A critically wounded figure dies on its first hit.
    let mut d =
        Driver::new(InstabilRoll::new(5, Instability::Figure(WoundLevel::Critical)).unwrap());
    d.answer_dice(vec![5]).unwrap();
    assert_eq!(
        d.outcome().unwrap().after,
        Instability::Figure(WoundLevel::Killed)
    );
    assert!(InstabilRoll::new(1, Instability::Structure(1)).is_err());
    assert!(!InstabilRoll::may_regenerate(true));
    // Odds of the number of hits on a healthy figure, Instabil/5 (p = 1/3):
    // k < 4 hits: p^k (1 - p); 4 (killed): p^4.
    let p: f64 = 1.0 / 3.0;
    let dist = Dist::from_weights((0..=4u32).map(|k| {
        let w = if k < 4 {
            p.powi(k as i32) * (1.0 - p)
        } else {
            p.powi(4)
        };
        (k, w)
    }));
    let r = InstabilRoll::new(5, Instability::Figure(WoundLevel::None)).unwrap();
    assert_abs_diff_eq!(r.hit_probability(), p, epsilon = 1e-12);
    let mut dice = Dice::seeded(8);
    feldherr_dice::monte_carlo::check(&dist, 20_000, || {
        Driver::new(r).run_to_end(&mut dice, |_| 0).map(|o| o.hits)
    })
    .unwrap();
}
