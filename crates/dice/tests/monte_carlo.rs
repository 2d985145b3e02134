//! Every exact distribution cross-checked against sampling through the
//! mechanic's own `roll` with seeded random dice. The tolerance per outcome
//! is derived from the sample size (see `feldherr_dice::monte_carlo`).

use feldherr_dice::mechanics::*;
use feldherr_dice::monte_carlo::{check, tolerance};
use feldherr_dice::{Dice, Die, Dist};

const N: usize = 100_000;

fn assert_mc<T: Ord + Clone + std::fmt::Debug>(
    name: &str,
    dist: &Dist<T>,
    samples: usize,
    seed: u64,
    mut sample: impl FnMut(&mut Dice) -> T,
) {
    let mut dice = Dice::seeded(seed);
    if let Err(problems) = check(dist, samples, || Ok::<T, ()>(sample(&mut dice))) {
        panic!("{name}:\n{problems}");
    }
}

#[test]
fn tolerance_shrinks_with_samples() {
    assert!(tolerance(0.5, 1_000_000) < tolerance(0.5, 10_000));
    assert!((tolerance(0.5, 10_000) - (5.0 * 0.005 + 0.0001)).abs() < 1e-12);
}

#[test]
fn check_detects_a_wrong_distribution() {
    // A loaded claim: a D6 that shows 6 half the time.
    let wrong = Dist::from_weights((1..=6u32).map(|f| (f, if f == 6 { 0.5 } else { 0.1 })));
    let mut dice = Dice::seeded(1);
    assert!(check(&wrong, 10_000, || dice.roll(Die::D6, "x")).is_err());
    // An outcome the distribution calls impossible is reported too.
    let narrow = Dist::uniform(1..=5u32);
    let mut dice = Dice::seeded(1);
    assert!(check(&narrow, 1_000, || dice.roll(Die::D6, "x")).is_err());
}

#[test]
fn sums_and_extremes() {
    assert_mc("2D6", &Dist::sum_of(2, Die::D6), N, 1, |d| {
        d.roll_many(2, Die::D6, "x").unwrap().iter().sum()
    });
    assert_mc("max 3D6", &Dist::max_of(3, Die::D6), N, 2, |d| {
        d.roll_many(3, Die::D6, "x")
            .unwrap()
            .into_iter()
            .max()
            .unwrap()
    });
    assert_mc("min 2D20", &Dist::min_of(2, Die::D20), N, 3, |d| {
        d.roll_many(2, Die::D20, "x")
            .unwrap()
            .into_iter()
            .min()
            .unwrap()
    });
}

#[test]
fn conditioned_outcomes() {
    // Sum of 2D6 given a double: sample, keep only doubles.
    let pair = Die::D6
        .dist()
        .product(&Die::D6.dist(), |a, b| (a + b, a == b));
    let given = pair.given(|&(_, d)| d).unwrap().map(|&(s, _)| s);
    assert_mc("2D6 | double", &given, 20_000, 4, |d| {
        loop {
            let f = d.roll_many(2, Die::D6, "x").unwrap();
            if f[0] == f[1] {
                break f[0] + f[1];
            }
        }
    });
}

#[test]
fn d6_tests() {
    for (target, modifier) in [(3, 0), (3, -2), (4, -5), (2, 4)] {
        let test = D6Test::new(target, modifier).unwrap();
        assert_mc("D6 test", &test.distribution(), N, 5, |d| {
            test.roll(d, "t").unwrap()
        });
    }
    let test = CharacteristicTest::new(3).unwrap();
    assert_mc("characteristic", &test.distribution(), N, 6, |d| {
        test.roll(d, "t").unwrap()
    });
    let test = TwoD6Test::new(8).unwrap();
    assert_mc("2D6 test", &test.distribution(), N, 7, |d| {
        test.roll(d, "t").unwrap()
    });
    let save = ArmourSave::new(4, 4).unwrap();
    assert_mc("armour save", &save.distribution(), N, 8, |d| {
        if save.roll(d, "t").unwrap() {
            ArmourSaveOutcome::Saved
        } else {
            ArmourSaveOutcome::NotSaved
        }
    });
}

#[test]
fn dice_expressions() {
    let expr = feldherr_dice::DiceExpr::parse("4d6kh3-2").unwrap();
    assert_mc(
        "4d6kh3-2",
        &expr.distribution().unwrap().to_dist(),
        N,
        40,
        |d| {
            let mut faces = d.roll_many(4, Die::D6, "x").unwrap();
            faces.sort_unstable();
            i64::from(faces[1..].iter().sum::<u32>()) - 2
        },
    );
}
