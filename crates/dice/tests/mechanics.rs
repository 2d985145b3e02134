//! Exact-value tests of every mechanic, driven by `fixtures/dice/mechanics.json`
//! plus hand-computed odds.

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
    assert!(fixture.cases.len() >= 19);
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
    // A natural 6 passes however bad the modifiers.
    assert_prob(
        &D6Test::new(3, -9).unwrap().distribution(),
        Passed,
        1.0 / 6.0,
    );
    // A natural 1 fails however good.
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
    // Each point of strength above 3 worsens the save by 1.
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
