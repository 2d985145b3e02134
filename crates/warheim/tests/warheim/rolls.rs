//! H1-H3: tests, bonuses, the cap, opposed pools and their exact odds.

use feldherr_dice::{Dice, Die, monte_carlo};
use feldherr_warheim::d20::D20Result::{Crit, Fail, Success};
use feldherr_warheim::d20::{D20Result, D20Test, OpposedRoll, modified_value};
use feldherr_warheim::roll::{Hits, Pool, evaluate, opposed_odds, standing};

/// The expected H1 result of `face` against `v`, written out from the
/// ruling's wording.
fn h1(v: i32, face: u32) -> D20Result {
    let f = face as i32;
    if v > 20 {
        let r = f + v - 20;
        if r >= 20 { Crit(r) } else { Success(r) }
    } else if f < v {
        Success(f)
    } else if f == v {
        Crit(f)
    } else {
        Fail
    }
}

#[test]
fn h1_every_face_at_12_20_23_25() {
    for v in [12, 20, 23, 25] {
        for face in 1..=20 {
            let got = evaluate(v, 0, face).unwrap();
            assert_eq!(got, h1(v, face), "v {v}, face {face}");
            assert_eq!(got, D20Test::new(v).unwrap().evaluate(face).unwrap());
        }
    }
    // Spot checks in the ruling's words.
    assert_eq!(evaluate(12, 0, 11).unwrap(), Success(11));
    assert_eq!(evaluate(12, 0, 12).unwrap(), Crit(12));
    assert_eq!(evaluate(12, 0, 13).unwrap(), Fail);
    assert_eq!(evaluate(20, 0, 20).unwrap(), Crit(20));
    assert_eq!(evaluate(23, 0, 17).unwrap(), Crit(20));
    assert_eq!(evaluate(23, 0, 16).unwrap(), Success(19));
    assert_eq!(evaluate(25, 0, 1).unwrap(), Success(6));
    assert_eq!(evaluate(25, 0, 15).unwrap(), Crit(20));
    assert_eq!(evaluate(25, 0, 14).unwrap(), Success(19));
}

#[test]
fn h1_crit_counts_at_12_20_23_25() {
    for (v, crits, fails) in [(12, 1, 8), (20, 1, 0), (23, 4, 0), (25, 6, 0)] {
        let results: Vec<_> = (1..=20).map(|f| evaluate(v, 0, f).unwrap()).collect();
        assert_eq!(
            results.iter().filter(|r| matches!(r, Crit(_))).count(),
            crits,
            "v {v}"
        );
        assert_eq!(
            results.iter().filter(|r| **r == Fail).count(),
            fails,
            "v {v}"
        );
    }
}

#[test]
fn elite_plus_one_raises_the_result() {
    // PH2: the +1 is added to the die before H1 judges it.
    assert_eq!(evaluate(11, 1, 8).unwrap(), Success(9));
    assert_eq!(evaluate(11, 1, 10).unwrap(), Crit(11));
    assert_eq!(evaluate(11, 1, 11).unwrap(), Fail);
    assert_eq!(evaluate(25, 1, 14).unwrap(), Crit(20));
    assert_eq!(evaluate(25, 1, 1).unwrap(), Success(7));
}

#[test]
fn h2_cap_on_lowering() {
    assert_eq!(modified_value(14, &[], &[-6, -3, -6]).unwrap(), 2);
    assert_eq!(modified_value(10, &[], &[-15]).unwrap(), -2);
    assert_eq!(modified_value(10, &[], &[-12]).unwrap(), -2);
    assert_eq!(modified_value(10, &[], &[-11]).unwrap(), -1);
    // Raising has no cap: over 20 turns into a bonus on the roll (H1).
    assert_eq!(modified_value(18, &[], &[3, 3]).unwrap(), 24);
}

fn opposed(a: Pool, b: Pool, fa: &[u32], fb: &[u32]) -> (u32, u32) {
    let (sa, sb) = standing(&a.results(fa).unwrap(), &b.results(fb).unwrap());
    let n = |s: &[bool]| s.iter().filter(|x| **x).count() as u32;
    (n(&sa), n(&sb))
}

#[test]
fn h3_text_example() {
    let hero = Pool::new(2, 17, 0).unwrap();
    let orc = Pool::new(1, 15, 0).unwrap();
    assert_eq!(opposed(hero, orc, &[11, 16], &[12]), (1, 0));
}

#[test]
fn h3_crit_on_one_side_cancels_every_non_crit() {
    let a = Pool::new(2, 15, 0).unwrap();
    let b = Pool::new(2, 15, 0).unwrap();
    // A's crit (15) beats B's 14 and 13; A's 3 is beaten.
    assert_eq!(opposed(a, b, &[15, 3], &[14, 13]), (1, 0));
    // A crit at v > 20: 17 + 5 = 22 >= 20 against a 19 success.
    let high = Pool::new(1, 25, 0).unwrap();
    let low = Pool::new(1, 20, 0).unwrap();
    assert_eq!(opposed(high, low, &[17], &[19]), (1, 0));
}

#[test]
fn h3_crits_on_both_sides_draw() {
    let a = Pool::new(3, 15, 0).unwrap();
    let b = Pool::new(1, 10, 0).unwrap();
    assert_eq!(opposed(a, b, &[15, 15, 14], &[10]), (0, 0));
}

#[test]
fn h3_equal_values_cancel() {
    let a = Pool::new(2, 15, 0).unwrap();
    let b = Pool::new(1, 15, 0).unwrap();
    assert_eq!(opposed(a, b, &[12, 12], &[12]), (0, 0));
    assert_eq!(opposed(a, b, &[12, 13], &[12]), (1, 0));
    // Fails never cancel anything.
    assert_eq!(opposed(a, b, &[2, 18], &[19]), (1, 0));
}

#[test]
fn opposed_odds_match_the_dice_crate_without_bonus() {
    for (da, va, db, vb) in [
        (2, 17, 1, 15),
        (3, 11, 2, 23),
        (1, 6, 1, 25),
        (2, 20, 2, 20),
        (3, 12, 0, 0),
    ] {
        let mine = opposed_odds(Pool::new(da, va, 0).unwrap(), Pool::new(db, vb, 0).unwrap());
        let theirs = OpposedRoll::new(
            feldherr_warheim::d20::Pool::new(da, va).unwrap(),
            feldherr_warheim::d20::Pool::new(db, vb.max(1)).unwrap(),
        )
        .distribution();
        if db == 0 {
            // 1-11 succeed and 12 is a crit: 12 faces of 20.
            assert_eq!(mine.len(), 4);
            assert!((mine.prob_of(&Hits { a: 3, b: 0 }) - (12.0f64 / 20.0).powi(3)).abs() < 1e-12);
            continue;
        }
        for (h, p) in theirs.iter() {
            let q = mine.prob_of(&Hits {
                a: h.a_hits,
                b: h.b_hits,
            });
            assert!(
                (p - q).abs() < 1e-12,
                "{da}d{va} vs {db}d{vb}: {h:?} {p} {q}"
            );
        }
        assert!((mine.total() - 1.0).abs() < 1e-12);
    }
}

#[test]
fn opposed_odds_with_bonus_against_monte_carlo() {
    for (a, b, seed) in [
        (
            Pool::new(3, 17, 1).unwrap(),
            Pool::new(1, 15, 0).unwrap(),
            7,
        ),
        (
            Pool::new(2, 11, 0).unwrap(),
            Pool::new(2, 23, 1).unwrap(),
            8,
        ),
        (Pool::new(1, 9, 1).unwrap(), Pool::new(1, 9, 1).unwrap(), 9),
    ] {
        let exact = opposed_odds(a, b);
        let mut dice = Dice::seeded(seed);
        monte_carlo::check(&exact, 40_000, || -> Result<Hits, String> {
            let fa = dice
                .roll_many(a.dice as usize, Die::D20, "a")
                .map_err(|e| e.to_string())?;
            let fb = dice
                .roll_many(b.dice as usize, Die::D20, "b")
                .map_err(|e| e.to_string())?;
            let (sa, sb) = standing(
                &a.results(&fa).map_err(|e| e.to_string())?,
                &b.results(&fb).map_err(|e| e.to_string())?,
            );
            Ok(Hits {
                a: sa.iter().filter(|x| **x).count() as u32,
                b: sb.iter().filter(|x| **x).count() as u32,
            })
        })
        .unwrap();
    }
}

#[test]
fn pools_refuse_bad_sizes() {
    assert!(Pool::new(13, 10, 0).is_err());
    assert!(Pool::new(1, 10, 2).is_err());
    assert!(Pool::new(1, 99, 0).is_err());
    assert!(Pool::new(2, 10, 0).unwrap().results(&[3]).is_err());
    assert!(evaluate(10, 0, 21).is_err());
}
