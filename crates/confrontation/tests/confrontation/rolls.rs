//! Confrontation's own roll mechanics, moved from `feldherr-dice`: the
//! open-ended D6 (C2) and pressure/injection rolls (C9). Exact cases from
//! `fixtures/confrontation/rolls.json`, hand-computed odds, and every exact
//! distribution cross-checked against sampling through the mechanic's own
//! `roll` with seeded random dice.

use approx::assert_abs_diff_eq;
use feldherr_confrontation::{
    ConfrontationResult, ConfrontationRoll, PressureResult, PressureRoll,
};
use feldherr_dice::monte_carlo::check as monte_carlo;
use feldherr_dice::{Dice, DiceError, Dist};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    #[expect(dead_code, reason = "documents the fixture")]
    about: String,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
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
        "confrontation" => {
            let mut roll = ConfrontationRoll::standard().with_counts_as_six(p(ps, 0) as u32)?;
            if p(ps, 1) == 0 {
                roll = roll.without_reroll();
            }
            roll.with_modifier(p(ps, 2))?.evaluate(faces)?.to_string()
        }
        "pressure" => {
            let mut roll = PressureRoll::new(p(ps, 0) as u32)?;
            if p(ps, 1) == 1 {
                roll = roll.cracked();
            }
            if p(ps, 2) == 1 {
                roll = roll.damaged_valve();
            }
            roll.evaluate(faces)?.to_string()
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
        "/../../fixtures/confrontation/rolls.json"
    );
    let fixture: Fixture = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(fixture.cases.len(), 20);
    for case in &fixture.cases {
        check(case, &case.expected);
    }
}

fn assert_prob<T: Ord + Clone + std::fmt::Debug>(dist: &Dist<T>, value: T, expected: f64) {
    assert_abs_diff_eq!(dist.prob_of(&value), expected, epsilon = 1e-12);
    assert_abs_diff_eq!(dist.total(), 1.0, epsilon = 1e-12);
}

#[test]
fn confrontation_odds() {
    use ConfrontationResult::{Fumble, Total};
    let standard = ConfrontationRoll::standard().distribution();
    // Fumble: natural 1 (1/6), or a 6 followed by a chain ending on a 1:
    // f = 1/6 + f/6 gives f = 1/5 for the chain, so 1/6 + 1/6 * 1/5 = 1/5.
    assert_prob(&standard, Fumble, 0.2);
    assert_prob(&standard, Total(2), 1.0 / 6.0);
    assert_prob(&standard, Total(6), 0.0);
    assert_prob(&standard, Total(8), 1.0 / 36.0);
    assert_prob(&standard, Total(14), 1.0 / 216.0);
    assert_prob(&standard, Total(20), 1.0 / 6f64.powi(4));

    // Fechtmeister: a 5 counts as 6 and a re-rolled 1 adds, so the only
    // fumble is a natural 1; 7 = (5 or 6) then 1.
    let fecht = ConfrontationRoll::fechtmeister().distribution();
    assert_prob(&fecht, Fumble, 1.0 / 6.0);
    assert_prob(&fecht, Total(7), 2.0 / 6.0 / 6.0);
    assert_prob(&fecht, Total(5), 0.0);

    // Geliebt: 4, 5 and 6 count as 6.
    let beloved = ConfrontationRoll::beloved().distribution();
    assert_prob(&beloved, Total(7), 3.0 / 6.0 / 6.0);
    assert_prob(&beloved, Total(13), 3.0 / 6.0 * 3.0 / 6.0 / 6.0);
    assert_prob(&beloved, Total(4), 0.0);

    // Verdammt: no re-roll, 6 is the top.
    let damned = ConfrontationRoll::standard()
        .without_reroll()
        .distribution();
    assert_prob(&damned, Total(6), 1.0 / 6.0);
    assert_prob(&damned, Fumble, 1.0 / 6.0);
    assert_eq!(damned.len(), 6);

    // C2: -2 turns 2 and 3 into fumbles too: 1/5 + 2/6.
    let penalised = ConfrontationRoll::standard()
        .with_modifier(-2)
        .unwrap()
        .distribution();
    assert_prob(&penalised, Fumble, 0.2 + 2.0 / 6.0);
    assert_prob(&penalised, Total(2), 1.0 / 6.0);
    // A +2 bonus cannot save a natural 1.
    let bonus = ConfrontationRoll::standard()
        .with_modifier(2)
        .unwrap()
        .distribution();
    assert_prob(&bonus, Fumble, 0.2);
}

#[test]
fn confrontation_chain_length_is_checked() {
    let roll = ConfrontationRoll::standard();
    assert!(matches!(
        roll.evaluate(&[6]),
        Err(DiceError::WrongDiceCount {
            expected: 2,
            got: 1,
            ..
        })
    ));
    assert!(matches!(
        roll.evaluate(&[3, 4]),
        Err(DiceError::WrongDiceCount {
            expected: 1,
            got: 2,
            ..
        })
    ));
    assert!(roll.evaluate(&[7]).is_err());
    assert!(roll.evaluate(&[]).is_err());
    assert!(ConfrontationRoll::standard().with_counts_as_six(3).is_err());
    assert!(ConfrontationRoll::standard().with_modifier(-21).is_err());
}

#[test]
fn pressure_odds() {
    use PressureResult::{Bonus, Incident};
    let one = PressureRoll::new(1).unwrap();
    assert_prob(&one.distribution(), Incident, 1.0 / 6.0);
    assert_prob(&one.distribution(), Bonus(6), 1.0 / 6.0);
    assert_prob(&one.cracked().distribution(), Incident, 2.0 / 6.0);
    assert_prob(&one.damaged_valve().distribution(), Bonus(0), 2.0 / 6.0);
    let two = PressureRoll::new(2).unwrap();
    assert_prob(&two.distribution(), Incident, 11.0 / 36.0);
    assert_prob(&two.distribution(), Bonus(12), 1.0 / 36.0);
    assert_prob(&two.distribution(), Bonus(7), 4.0 / 36.0); // 2+5, 5+2, 3+4, 4+3
    assert!(PressureRoll::new(0).is_err());
}

const N: usize = 100_000;

fn assert_mc<T: Ord + Clone + std::fmt::Debug>(
    name: &str,
    dist: &Dist<T>,
    samples: usize,
    seed: u64,
    mut sample: impl FnMut(&mut Dice) -> T,
) {
    let mut dice = Dice::seeded(seed);
    if let Err(problems) = monte_carlo(dist, samples, || Ok::<T, ()>(sample(&mut dice))) {
        panic!("{name}:\n{problems}");
    }
}

#[test]
fn confrontation_rolls() {
    let variants = [
        ConfrontationRoll::standard(),
        ConfrontationRoll::standard().with_modifier(-2).unwrap(),
        ConfrontationRoll::fechtmeister(),
        ConfrontationRoll::beloved().with_modifier(1).unwrap(),
        ConfrontationRoll::standard().without_reroll(),
    ];
    for (i, roll) in variants.into_iter().enumerate() {
        assert_mc(
            "Confrontation",
            &roll.distribution(),
            N,
            10 + i as u64,
            |d| roll.roll(d, "t").unwrap(),
        );
    }
    for roll in [
        PressureRoll::new(1).unwrap(),
        PressureRoll::new(2).unwrap().cracked(),
        PressureRoll::new(1).unwrap().damaged_valve(),
    ] {
        assert_mc("pressure", &roll.distribution(), N, 20, |d| {
            roll.roll(d, "t").unwrap()
        });
    }
}

/// The dice notation's Confrontation die (`d6c`, in `feldherr-dice`) has the
/// odds of this crate's own roll (C2).
fn odds(text: &str) -> feldherr_dice::IntDist {
    feldherr_dice::DiceExpr::parse(text)
        .and_then(|e| e.distribution())
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn confrontation_notation_matches_the_mechanic() {
    // d6c (20 re-rolls) against the mechanic (60): the chains beyond 20
    // re-rolls carry less than 6^-20 of the probability.
    let notation = odds("d6c");
    let mechanic = feldherr_confrontation::ConfrontationRoll::standard().distribution();
    let fumble = mechanic.prob_of(&feldherr_confrontation::ConfrontationResult::Fumble);
    assert!((notation.prob_of(0) - fumble).abs() < 1e-15);
    assert!((fumble - 0.2).abs() < 1e-15, "1/6 + 1/36 + ... = 1/5");
    for total in 2..=60 {
        let want = mechanic.prob_of(&feldherr_confrontation::ConfrontationResult::Total(total));
        assert!(
            (notation.prob_of(i64::from(total)) - want).abs() < 1e-15,
            "total {total}"
        );
    }
    // With a modifier of -2 every result of 1 or less is the fumble (C2).
    let penalised = odds("d6c-2");
    let mechanic = feldherr_confrontation::ConfrontationRoll::standard()
        .with_modifier(-2)
        .unwrap()
        .distribution();
    let fumble = mechanic.prob_of(&feldherr_confrontation::ConfrontationResult::Fumble);
    assert!((penalised.prob(|v| v <= 1) - fumble).abs() < 1e-15);
}
