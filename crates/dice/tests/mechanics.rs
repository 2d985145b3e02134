//! Exact-value tests of every mechanic, driven by `fixtures/dice/mechanics.json`
//! plus hand-computed odds.

#![expect(
    clippy::unwrap_used,
    reason = "a test fails loudly on an unexpected error"
)]

use approx::assert_abs_diff_eq;
use feldherr_dice::mechanics::*;
use feldherr_dice::{DiceError, Dist};
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

fn p(params: &[i32], i: usize) -> i32 {
    params[i]
}

/// Evaluates one fixture case to the Display text of its result.
fn evaluate(case: &Case) -> Result<String, DiceError> {
    let ps = &case.params;
    let faces = &case.faces;
    Ok(match case.mechanic.as_str() {
        "d6_test" => D6Test::new(p(ps, 0), p(ps, 1))?
            .evaluate(faces[0])?
            .to_string(),
        "characteristic" => CharacteristicTest::new(p(ps, 0))?
            .evaluate(faces[0])?
            .to_string(),
        "armour_save" => ArmourSave::new(p(ps, 0) as u32, p(ps, 1) as u32)?
            .evaluate(faces[0])?
            .to_string(),
        "two_d6" => TwoD6Test::new(p(ps, 0))?.evaluate(faces)?.to_string(),
        "d20" => D20Test::new(p(ps, 0))?.evaluate(faces[0])?.to_string(),
        "d20_save" => D20Save::new(p(ps, 0), p(ps, 1))?
            .evaluate(faces[0])?
            .to_string(),
        "opposed" => {
            let a = Pool::new(p(ps, 0) as u32, p(ps, 1))?;
            let b = Pool::new(p(ps, 2) as u32, p(ps, 3))?;
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
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/dice/mechanics.json"
    );
    let fixture: Fixture = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(fixture.cases.len() >= 35);
    for case in &fixture.cases {
        check(case, &case.expected);
    }
}

fn assert_prob<T: Ord + Clone + std::fmt::Debug>(dist: &Dist<T>, value: T, expected: f64) {
    assert_abs_diff_eq!(dist.prob_of(&value), expected, epsilon = 1e-12);
    assert_abs_diff_eq!(dist.total(), 1.0, epsilon = 1e-12);
}

#[test]
fn d6_test_odds() {
    use TestResult::Passed;
    assert_prob(
        &D6Test::new(3, 0).unwrap().distribution(),
        Passed,
        4.0 / 6.0,
    );
    assert_prob(
        &D6Test::new(3, -2).unwrap().distribution(),
        Passed,
        2.0 / 6.0,
    );
    // S7: a natural 6 passes however bad the modifiers.
    assert_prob(
        &D6Test::new(3, -9).unwrap().distribution(),
        Passed,
        1.0 / 6.0,
    );
    // S7: a natural 1 fails however good.
    assert_prob(
        &D6Test::new(2, 9).unwrap().distribution(),
        Passed,
        5.0 / 6.0,
    );
}

#[test]
fn characteristic_test_odds() {
    use TestResult::Passed;
    assert_prob(
        &CharacteristicTest::new(4).unwrap().distribution(),
        Passed,
        4.0 / 6.0,
    );
    // A 6 always fails.
    assert_prob(
        &CharacteristicTest::new(10).unwrap().distribution(),
        Passed,
        5.0 / 6.0,
    );
    assert_prob(
        &CharacteristicTest::new(0).unwrap().distribution(),
        Passed,
        0.0,
    );
    assert_prob(
        &CharacteristicTest::new(-3).unwrap().distribution(),
        Passed,
        0.0,
    );
}

#[test]
fn to_hit_chart() {
    let cases = [
        ((1, 1), 4),
        ((4, 3), 3),
        ((10, 1), 3),
        ((3, 4), 4),
        ((3, 6), 4),
        ((3, 7), 5),
        ((1, 3), 5),
        ((5, 10), 4),
        ((4, 9), 5),
    ];
    for ((a, d), want) in cases {
        assert_eq!(to_hit_target(a, d).unwrap(), want, "WS {a} vs {d}");
    }
    assert!(matches!(
        to_hit_target(0, 3),
        Err(DiceError::InvalidParameter {
            field: "attacker WS",
            value: 0,
            ..
        })
    ));
    assert!(to_hit_target(3, 11).is_err());
}

#[test]
fn to_wound_chart() {
    let cases = [
        ((3, 3), Some(4)),
        ((4, 3), Some(3)),
        ((5, 3), Some(2)),
        ((10, 1), Some(2)),
        ((3, 4), Some(5)),
        ((3, 5), Some(6)),
        ((3, 6), Some(6)),
        ((3, 7), None),
        ((1, 10), None),
        ((9, 3), Some(2)),
        ((6, 6), Some(4)),
    ];
    for ((s, t), want) in cases {
        assert_eq!(to_wound_target(s, t).unwrap(), want, "S {s} vs T {t}");
    }
    // G4: toughness 0 and strength 0 are errors, not guesses.
    assert!(matches!(
        to_wound_target(4, 0),
        Err(DiceError::InvalidParameter {
            field: "toughness",
            value: 0,
            ..
        })
    ));
    assert!(to_wound_target(0, 3).is_err());
}

#[test]
fn armour_save_worsened_by_strength() {
    // S14: each point of strength above 3 worsens the save by 1.
    let required = |save, s| ArmourSave::new(save, s).unwrap().required();
    assert_eq!(required(4, 3), Some(4));
    assert_eq!(required(4, 1), Some(4));
    assert_eq!(required(4, 4), Some(5));
    assert_eq!(required(4, 5), Some(6));
    assert_eq!(required(4, 6), None);
    assert_eq!(required(1, 3), Some(2));
    assert_eq!(required(2, 7), Some(6));
    use ArmourSaveOutcome::Saved;
    assert_prob(&ArmourSave::new(4, 3).unwrap().distribution(), Saved, 0.5);
    assert_prob(
        &ArmourSave::new(1, 3).unwrap().distribution(),
        Saved,
        5.0 / 6.0,
    );
    assert_prob(&ArmourSave::new(5, 9).unwrap().distribution(), Saved, 0.0);
    assert!(ArmourSave::new(7, 3).is_err());
    assert!(ArmourSave::new(0, 3).is_err());
}

#[test]
fn two_d6_odds() {
    use TestResult::Passed;
    assert_prob(
        &TwoD6Test::new(7).unwrap().distribution(),
        Passed,
        21.0 / 36.0,
    );
    assert_prob(
        &TwoD6Test::new(2).unwrap().distribution(),
        Passed,
        1.0 / 36.0,
    );
    assert_prob(&TwoD6Test::new(1).unwrap().distribution(), Passed, 0.0);
    assert_prob(&TwoD6Test::new(12).unwrap().distribution(), Passed, 1.0);
    assert_prob(
        &TwoD6Test::new(9).unwrap().distribution(),
        Passed,
        30.0 / 36.0,
    );
    assert!(TwoD6Test::new(9).unwrap().evaluate(&[3]).is_err());
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
