//! The dice expression parser and, for what parses, its exact odds.
#![no_main]

use feldherr_dice::{DiceExpr, WORK_BUDGET};
use libfuzzer_sys::fuzz_target;

/// The work budget the target computes odds under: a twentieth of the
/// app's, because the instrumented build runs several times slower and
/// libFuzzer reports every input over 10 s as slow. Since the cost model
/// counts what really costs (issue 15), every expression is costed and
/// either refused or computed; the first runs' slow inputs
/// (`fuzz/findings/dice_expr/`) now cost a thousandth of the budget.
const FUZZ_BUDGET: u64 = WORK_BUDGET / 20;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(expr) = DiceExpr::parse(text) {
        let _ = expr.to_string();
        if let Ok((dist, work)) = expr.distribution_counted(FUZZ_BUDGET) {
            let cost = expr.cost_within(FUZZ_BUDGET).unwrap_or(0);
            assert!(work <= cost, "{text}: counted {work} > estimate {cost}");
            assert!(dist.is_empty() || (dist.total() - 1.0).abs() < 1e-6);
            let _ = expr.exact_mean();
        }
    }
});
