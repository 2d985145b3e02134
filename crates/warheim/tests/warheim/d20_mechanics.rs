//! Warheim's D20 mechanics (H1-H4), driven by
//! `fixtures/warheim/d20_mechanics.json` plus hand-computed odds and a
//! brute force over every face.

use approx::assert_abs_diff_eq;
use feldherr_dice::{DiceError, Dist};
use feldherr_warheim::d20::*;
use serde::Deserialize;

#[derive(Deserialize)]
struct Fixture {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    rule: String,
    mechanic: String,
    params: Vec<i32>,
    faces: Vec<u32>,
    expected: String,
}

/// Evaluates one fixture case to the Display text of its result.
fn evaluate(case: &Case) -> Result<String, DiceError> {
    let ps = &case.params;
    let faces = &case.faces;
    Ok(match case.mechanic.as_str() {
        "d20" => D20Test::new(ps[0])?.evaluate(faces[0])?.to_string(),
        "d20_save" => D20Save::new(ps[0], ps[1])?.evaluate(faces[0])?.to_string(),
        "opposed" => {
            let a = Pool::new(ps[0] as u32, ps[1])?;
            let b = Pool::new(ps[2] as u32, ps[3])?;
            let split = a.dice() as usize;
            OpposedRoll::new(a, b)
                .evaluate(&faces[..split], &faces[split..])?
                .to_string()
        }
        other => panic!("unknown mechanic {other}"),
    })
}

fn check(case: &Case, expected: &str) {
    let got = evaluate(case).unwrap_or_else(|e| panic!("{} {:?}: {e}", case.mechanic, case.faces));
    assert_eq!(
        got, expected,
        "[{}] {} {:?} faces {:?}",
        case.rule, case.mechanic, case.params, case.faces
    );
}

#[test]
fn fixture_cases() {
    let fixture: Fixture = serde_json::from_value(crate::fixture("d20_mechanics.json")).unwrap();
    assert_eq!(fixture.cases.len(), 18);
    for case in &fixture.cases {
        check(case, &case.expected);
    }
}

fn assert_prob<T: Ord + Clone + std::fmt::Debug>(dist: &Dist<T>, value: T, expected: f64) {
    assert_abs_diff_eq!(dist.prob_of(&value), expected, epsilon = 1e-12);
    assert_abs_diff_eq!(dist.total(), 1.0, epsilon = 1e-12);
}

#[test]
fn d20_odds() {
    let summary = |v| D20Test::new(v).unwrap().summary();
    assert_prob(&summary(17), "success", 16.0 / 20.0);
    assert_prob(&summary(17), "crit", 1.0 / 20.0);
    assert_prob(&summary(17), "fail", 3.0 / 20.0);
    // H1: value 25: everything succeeds, 15-20 are crits.
    assert_prob(&summary(25), "crit", 6.0 / 20.0);
    assert_prob(&summary(25), "fail", 0.0);
    assert_prob(&summary(21), "crit", 2.0 / 20.0);
    assert_prob(&summary(20), "crit", 1.0 / 20.0);
    assert_prob(&summary(0), "fail", 1.0);
    assert_prob(&summary(1), "crit", 1.0 / 20.0);
    // H4 save.
    let save = D20Save::new(15, 1).unwrap().distribution();
    assert_prob(&save, SaveResult::Stopped, 7.0 / 20.0);
    assert_prob(&save, SaveResult::Lost(6), 1.0 / 20.0);
    assert_prob(&save, SaveResult::Lost(13), 1.0 / 20.0);
    assert_prob(&save, SaveResult::Lost(14), 0.0);
}

#[test]
fn stat_modification_order_and_cap() {
    let half = Multiplier::new(1, 2).unwrap();
    let double = Multiplier::new(2, 1).unwrap();
    // H2: multiply first, then add.
    assert_eq!(modified_value(10, &[double], &[3]).unwrap(), 23);
    assert_eq!(modified_value(10, &[half], &[3]).unwrap(), 8);
    // Halves round up (P2).
    assert_eq!(modified_value(7, &[half], &[]).unwrap(), 4);
    assert_eq!(modified_value(-7, &[half], &[]).unwrap(), -3);
    // The total lowering is at most 12.
    assert_eq!(modified_value(15, &[], &[-6, -6]).unwrap(), 3);
    assert_eq!(modified_value(15, &[], &[-6, -7]).unwrap(), 3);
    assert_eq!(modified_value(15, &[half], &[-9]).unwrap(), 3);
    assert!(
        modified_value(
            15,
            &[Multiplier {
                numerator: 1,
                denominator: 0
            }],
            &[]
        )
        .is_err()
    );
}

/// Brute force over every face combination, to check the exact pool odds.
fn brute_force(roll: OpposedRoll, a: usize, b: usize) -> Dist<OpposedResult> {
    let n = a + b;
    let total = 20usize.pow(n as u32);
    let mut counts = std::collections::BTreeMap::new();
    for mut code in 0..total {
        let mut faces = Vec::with_capacity(n);
        for _ in 0..n {
            faces.push((code % 20) as u32 + 1);
            code /= 20;
        }
        let r = roll.evaluate(&faces[..a], &faces[a..]).unwrap();
        *counts.entry(r).or_insert(0u64) += 1;
    }
    Dist::from_weights(
        counts
            .into_iter()
            .map(|(r, c)| (r, c as f64 / total as f64)),
    )
}

#[test]
fn opposed_pools_match_brute_force() {
    for (a, va, b, vb) in [
        (1, 11, 1, 11),
        (2, 17, 1, 15),
        (1, 25, 2, 12),
        (2, 5, 2, 22),
        (3, 14, 1, 20),
    ] {
        let roll = OpposedRoll::new(Pool::new(a, va).unwrap(), Pool::new(b, vb).unwrap());
        let exact = roll.distribution();
        let brute = brute_force(roll, a as usize, b as usize);
        assert_eq!(exact.len(), brute.len(), "{a}x{va} vs {b}x{vb}");
        for (outcome, p) in brute.iter() {
            assert_abs_diff_eq!(exact.prob_of(outcome), p, epsilon = 1e-12);
        }
    }
}

#[test]
fn opposed_hand_computed() {
    // One die each against 2: 1 is a success, 2 a crit. A scores when its
    // success beats B's best: (1/20)(18/20) + (1/20)(19/20) = 37/400.
    let roll = OpposedRoll::new(Pool::new(1, 2).unwrap(), Pool::new(1, 2).unwrap());
    let d = roll.distribution();
    assert_prob(
        &d,
        OpposedResult {
            a_hits: 1,
            b_hits: 0,
        },
        37.0 / 400.0,
    );
    assert_prob(
        &d,
        OpposedResult {
            a_hits: 0,
            b_hits: 1,
        },
        37.0 / 400.0,
    );
    assert_prob(
        &d,
        OpposedResult {
            a_hits: 0,
            b_hits: 0,
        },
        326.0 / 400.0,
    );
    // Pools of zero dice never score.
    let none = OpposedRoll::new(Pool::new(0, 10).unwrap(), Pool::new(1, 10).unwrap());
    assert_prob(
        &none.distribution(),
        OpposedResult {
            a_hits: 0,
            b_hits: 1,
        },
        10.0 / 20.0,
    ); // 9 successes + 1 crit
    assert!(Pool::new(21, 10).is_err());
}

fn assert_mc<T: Ord + Clone + std::fmt::Debug>(
    name: &str,
    dist: &Dist<T>,
    samples: usize,
    seed: u64,
    mut sample: impl FnMut(&mut feldherr_dice::Dice) -> T,
) {
    let mut dice = feldherr_dice::Dice::seeded(seed);
    if let Err(problems) =
        feldherr_dice::monte_carlo::check(dist, samples, || Ok::<T, ()>(sample(&mut dice)))
    {
        panic!("{name}:\n{problems}");
    }
}

const N: usize = 100_000;

#[test]
fn warheim_rolls() {
    for value in [17, 25, 3] {
        let test = D20Test::new(value).unwrap();
        assert_mc("D20 test", &test.distribution(), N, 30, |d| {
            test.roll(d, "t").unwrap()
        });
    }
    let save = D20Save::new(15, 1).unwrap();
    assert_mc("D20 save", &save.distribution(), N, 31, |d| {
        save.roll(d, "t").unwrap()
    });
    let duel = OpposedRoll::new(Pool::new(3, 17).unwrap(), Pool::new(2, 15).unwrap());
    let exact = duel.distribution();
    assert_mc("opposed", &exact, N, 32, |d| {
        let a = d.roll_many(3, feldherr_dice::Die::D20, "a").unwrap();
        let b = d.roll_many(2, feldherr_dice::Die::D20, "b").unwrap();
        duel.evaluate(&a, &b).unwrap()
    });
    assert_mc("opposed via roll", &exact, 5_000, 33, |d| {
        duel.roll(d, "t").unwrap()
    });
}
