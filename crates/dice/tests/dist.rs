//! Exact distributions: sums, highest and lowest die, conditioning.

use approx::assert_abs_diff_eq;
use feldherr_dice::{DiceError, Die, Dist};

fn close(a: f64, b: f64) {
    assert_abs_diff_eq!(a, b, epsilon = 1e-12);
}

#[test]
fn sums() {
    let two = Dist::sum_of(2, Die::D6);
    close(two.prob_of(&2), 1.0 / 36.0);
    close(two.prob_of(&7), 6.0 / 36.0);
    close(two.prob_of(&12), 1.0 / 36.0);
    close(two.mean(), 7.0);
    let three = Dist::sum_of(3, Die::D6);
    close(three.prob_of(&10), 27.0 / 216.0);
    close(three.prob_of(&3), 1.0 / 216.0);
    close(three.total(), 1.0);
    let d20 = Dist::sum_of(1, Die::D20);
    close(d20.prob_of(&20), 0.05);
    assert_eq!(Dist::sum_of(0, Die::D6).prob_of(&0), 1.0);
}

#[test]
fn highest_and_lowest() {
    let max2 = Dist::max_of(2, Die::D6);
    close(max2.prob_of(&6), 11.0 / 36.0);
    close(max2.prob_of(&1), 1.0 / 36.0);
    let min2 = Dist::min_of(2, Die::D6);
    close(min2.prob_of(&1), 11.0 / 36.0);
    close(min2.prob_of(&6), 1.0 / 36.0);
    let min3 = Dist::min_of(3, Die::D6);
    close(min3.prob_of(&3), (64.0 - 27.0) / 216.0);
    close(Dist::max_of(3, Die::D20).mean(), 15.4875);
}

#[test]
fn conditioning() {
    // Two dice as a pair: sum and whether they are a double.
    let pair = Die::D6
        .dist()
        .product(&Die::D6.dist(), |a, b| (a + b, a == b));
    let doubles = pair.given(|&(_, d)| d).unwrap();
    close(doubles.prob(|&(s, _)| s == 12), 1.0 / 6.0);
    close(doubles.total(), 1.0);
    let sevens = pair.given(|&(s, _)| s == 7).unwrap();
    close(sevens.prob(|&(_, d)| d), 0.0);
    // Given the lower die is 3 (a damage table's column), the odds of the sum.
    let low3 = Die::D6
        .dist()
        .product(&Die::D6.dist(), |a, b| (*a.min(b), a + b))
        .given(|&(low, _)| low == 3)
        .unwrap();
    close(low3.prob(|&(_, s)| s == 6), 1.0 / 7.0);
    close(low3.prob(|&(_, s)| s == 8), 2.0 / 7.0);
    assert!(matches!(
        pair.given(|&(s, _)| s == 13),
        Err(DiceError::ImpossibleCondition { .. })
    ));
}

#[test]
fn map_and_then_and_quantile() {
    let d6 = Die::D6.dist();
    let even = d6.map(|f| f % 2 == 0);
    close(even.prob_of(&true), 0.5);
    // Roll a D6; on a 6 roll again and add (once).
    let once = d6.and_then(|&f| {
        if f == 6 {
            Die::D6.dist().map(|g| 6 + g)
        } else {
            Dist::certain(f)
        }
    });
    close(once.prob_of(&6), 0.0);
    close(once.prob_of(&7), 1.0 / 36.0);
    close(once.prob_of(&5), 1.0 / 6.0);
    assert_eq!(d6.quantile(0.0), Some(&1));
    assert_eq!(d6.quantile(0.999), Some(&6));
    let lines = d6.odds_lines();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[0].label, "1");
    close(lines[0].probability, 1.0 / 6.0);
}

#[test]
fn dice_expressions() {
    use feldherr_dice::DiceExpr;
    let odds = |text: &str| DiceExpr::parse(text).unwrap().distribution().unwrap();
    let d = odds("2d6+3");
    close(d.prob_of(10), 6.0 / 36.0);
    close(d.prob_of(5), 1.0 / 36.0);
    let d = odds(" D20 - 1 ");
    close(d.prob_of(0), 0.05);
    close(d.prob_of(19), 0.05);
    // Keep the highest 2 of 3D6: P(12) = P(at least two sixes) = 16/216.
    let d = odds("3d6kh2");
    close(d.prob_of(12), 16.0 / 216.0);
    close(d.total(), 1.0);
    // Keep highest 1 of 2 = max, keep lowest 1 of 2 = min.
    let max = odds("2d6kh1");
    let min = odds("2d6kl1");
    for v in 1..=6 {
        close(
            max.prob_of(v),
            Dist::max_of(2, Die::D6).prob_of(&(v as u32)),
        );
        close(
            min.prob_of(v),
            Dist::min_of(2, Die::D6).prob_of(&(v as u32)),
        );
    }
    // 4d6 keep highest 3: the classic 18 is 21/1296.
    let d = odds("4d6kh3");
    close(d.prob_of(18), 21.0 / 1296.0);
    close(d.prob_of(3), 1.0 / 1296.0);
    let d = odds("1d6-1d6");
    close(d.prob_of(0), 6.0 / 36.0);
    // The old limit of 50 dice is gone.
    let d = odds("51d6");
    close(d.prob_of(51), 6f64.powi(-51));
    close(d.total(), 1.0);
}

#[test]
fn bad_dice_expressions_say_where() {
    use feldherr_dice::DiceExpr;
    let err = DiceExpr::parse("2x6").unwrap_err();
    assert_eq!(
        err.to_string(),
        "dice expression \"2x6\": unexpected 'x' (at character 2)"
    );
    let message = |text: &str| DiceExpr::parse(text).unwrap_err().to_string();
    assert_eq!(
        message(""),
        "dice expression \"\": the expression is empty (at character 1)"
    );
    assert_eq!(
        message("2d1"),
        "dice expression \"2d1\": a die needs 2 to 1000000 sides (at character 3)"
    );
    assert_eq!(
        message("0d6"),
        "dice expression \"0d6\": dice count must be 1 to 1000000 (at character 1)"
    );
    assert_eq!(
        message("3d6kh4"),
        "dice expression \"3d6kh4\": can keep 1 to 3 dice (at character 6)"
    );
    assert_eq!(
        message("3d6dl3"),
        "dice expression \"3d6dl3\": can drop 0 to 2 of 3 dice (at character 6)"
    );
    assert_eq!(
        message("2d"),
        "dice expression \"2d\": expected the number of sides after 'd' (or %, F, {faces}) \
         (at character 3)"
    );
    assert_eq!(
        message("2d6+"),
        "dice expression \"2d6+\": expected a number or dice like 2d6 at the end (at character 5)"
    );
    assert_eq!(
        message("(2d6"),
        "dice expression \"(2d6\": expected ')' (at character 5)"
    );
    assert_eq!(
        message("d8c"),
        "dice expression \"d8c\": the Confrontation roll 'c' is for D6 only (d6c) (at character 3)"
    );
    assert_eq!(
        message("d{1,2"),
        "dice expression \"d{1,2\": expected ',' or '}' in the list of faces (at character 6)"
    );
}
