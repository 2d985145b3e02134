//! The damage table (C1) and the penalties (C2), data-driven from
//! `fixtures/confrontation/damage_table.json`, plus exact odds checked by
//! hand and by Monte Carlo.

#![expect(
    clippy::unwrap_used,
    reason = "a test fails loudly on an unexpected error"
)]

use approx::assert_abs_diff_eq;
use feldherr_confrontation::{ConfrontationError, DamageKind, DamageRoll, Location, penalty};
use feldherr_dice::step::{Driver, LogKind, Prompt};
use feldherr_dice::{Dice, Dist};
use serde::Deserialize;

#[derive(Deserialize)]
struct Fixture {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    note: String,
    str: i32,
    res: i32,
    sacred: bool,
    dice: Vec<u32>,
    sp_lost: u32,
}

fn check(case: &Case, expected_sp: u32) {
    let roll = DamageRoll::new(case.str, case.res)
        .unwrap()
        .sacred(case.sacred);
    let outcome = roll.evaluate(&case.dice).unwrap();
    assert_eq!(outcome.sp_lost, expected_sp, "{}", case.note);
    // The step-by-step path gives the same result (G3).
    let mut driver = Driver::new(roll);
    driver.answer_dice(case.dice.clone()).unwrap();
    assert_eq!(driver.outcome(), Some(&outcome), "{}", case.note);
}

#[test]
fn every_row_and_column() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/confrontation/damage_table.json"
    );
    let fixture: Fixture = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(fixture.cases.len() > 80);
    for case in &fixture.cases {
        check(case, case.sp_lost);
    }
}

#[test]
fn text_example_step_by_step() {
    let mut driver = Driver::new(DamageRoll::new(10, 14).unwrap());
    let Some(Prompt::Roll(request)) = driver.prompt() else {
        panic!("expected the damage roll");
    };
    assert_eq!(request.dice.len(), 2);
    assert_eq!(request.rule.as_deref(), Some("C1"));
    let total: f64 = request.odds.iter().map(|l| l.probability).sum();
    assert_abs_diff_eq!(total, 1.0, epsilon = 1e-12);
    driver.answer_dice(vec![3, 5]).unwrap();
    let outcome = driver.outcome().unwrap();
    assert_eq!(
        outcome.kind,
        DamageKind::Table {
            location: Location::Struktur,
            damage: 4
        }
    );
    let log = driver.log();
    assert_eq!(log[0].kind, LogKind::Roll);
    assert_eq!(log[1].get("lower die"), Some(3));
    assert_eq!(log[2].get("damage"), Some(4));
    assert_eq!(log[2].get("SP lost"), Some(1));
    assert!(log.iter().skip(1).all(|s| s.rule.as_deref() == Some("C1")));
    assert_eq!(outcome.to_string(), "1 SP lost (Struktur, damage 4)");
}

#[test]
fn extreme_distributions_by_hand() {
    // STR 0 against RES 99: every table result lands in row "0 or less".
    // Non-doubles by lower die: 1: 10, 2: 8, 3: 6, 4: 4, 5: 2 of 36.
    let low = DamageRoll::new(0, 99).unwrap().distribution();
    let close =
        |d: &Dist<u32>, sp, n: f64| assert_abs_diff_eq!(d.prob_of(&sp), n / 36.0, epsilon = 1e-12);
    close(&low, 0, 18.0 + 2.0); // Fahrwerk, Huelle, and doubles 1-1, 2-2
    close(&low, 1, 12.0 + 1.0); // Struktur, Motor, and 3-3
    close(&low, 2, 1.0);
    close(&low, 3, 1.0);
    close(&low, 4, 1.0);
    // STR 99 against RES 0: row 21+.
    let high = DamageRoll::new(99, 0).unwrap().distribution();
    close(&high, 3, 18.0 + 1.0);
    close(&high, 4, 12.0 + 1.0);
    close(&high, 0, 2.0);
    // Sacred weapon: the six doubles all cost 4.
    let sacred = DamageRoll::new(0, 99).unwrap().sacred(true).distribution();
    close(&sacred, 4, 6.0);
    close(&sacred, 0, 18.0);
}

#[test]
fn distributions_match_monte_carlo() {
    for (s, r) in [(10, 14), (4, 12), (15, 8), (0, 0)] {
        let roll = DamageRoll::new(s, r).unwrap();
        let mut dice = Dice::seeded(s as u64 * 100 + r as u64);
        let result = feldherr_dice::monte_carlo::check(&roll.distribution(), 50_000, || {
            roll.roll(&mut dice).map(|o| o.sp_lost)
        });
        if let Err(problems) = result {
            panic!("STR {s} RES {r}:\n{problems}");
        }
    }
}

#[test]
fn bad_input_names_the_field() {
    let err = DamageRoll::new(-1, 10).unwrap_err();
    assert_eq!(
        err,
        ConfrontationError::InvalidValue {
            field: "STR",
            value: -1,
            expected: "0 to 99"
        }
    );
    assert_eq!(err.to_string(), "STR: -1 is not allowed (0 to 99)");
    assert!(matches!(
        DamageRoll::new(5, -3),
        Err(ConfrontationError::InvalidValue { field: "RES", .. })
    ));
    let roll = DamageRoll::new(5, 5).unwrap();
    assert_eq!(
        roll.evaluate(&[3, 7]).unwrap_err().to_string(),
        "damage table: 7 is not a face of a D6 (allowed 1 to 6)"
    );
    assert!(roll.evaluate(&[3]).is_err());
    let mut driver = Driver::new(roll);
    assert!(driver.answer_dice(vec![0, 3]).is_err());
    assert!(driver.prompt().is_some());
}

#[test]
fn penalty_thresholds() {
    // C2: quarter -1, half -2, two thirds -3, for mobile machines only.
    let cases = [
        (8, 1, 0),
        (8, 2, -1),
        (8, 3, -1),
        (8, 4, -2),
        (8, 5, -2),
        (8, 6, -3),
        (9, 2, 0),
        (9, 3, -1),
        (9, 4, -1),
        (9, 5, -2),
        (9, 6, -3),
        (12, 2, 0),
        (12, 3, -1),
        (12, 6, -2),
        (12, 7, -2),
        (12, 8, -3),
        (12, 12, -3),
    ];
    for (sp, lost, want) in cases {
        assert_eq!(
            penalty(sp, lost, true).unwrap(),
            want,
            "{lost} of {sp} SP lost"
        );
        assert_eq!(penalty(sp, lost, false).unwrap(), 0);
    }
    assert!(penalty(8, 9, true).is_err());
    assert!(penalty(0, 0, true).is_err());
}

#[test]
fn penalty_example_fumbles() {
    // C2's example: tank with 8 SP has lost 4: -2; a rolled 3 becomes 1: fumble.
    use feldherr_confrontation::{ConfrontationResult, ConfrontationRoll};
    let modifier = penalty(8, 4, true).unwrap();
    let roll = ConfrontationRoll::standard()
        .with_modifier(modifier)
        .unwrap();
    assert_eq!(roll.evaluate(&[3]).unwrap(), ConfrontationResult::Fumble);
    assert_eq!(roll.evaluate(&[4]).unwrap(), ConfrontationResult::Total(2));
}
