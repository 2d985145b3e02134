//! The dice expression parser and, for what parses, its exact odds.
#![no_main]

use feldherr_dice::DiceExpr;
use libfuzzer_sys::fuzz_target;

/// Longest expression worth computing the odds of: the per-term dice cap
/// bounds one term, but the number of terms is bounded only by the text
/// (the odds-engine issue adds the expression budget).
const MAX_ODDS_TEXT: usize = 40;

/// Longest run of digits in an expression whose odds are computed. The
/// first runs found that `12d442` takes 21 s and `6d625` 10 s (see
/// `fuzz/findings/dice_expr/`, for the odds-engine issue); until that
/// budget exists the target keeps to dice of at most 99 sides so that it
/// keeps exploring instead of waiting.
const MAX_DIGITS: usize = 2;

/// Whether every run of digits in `text`, once spaces are dropped (as the
/// parser drops them: `6d62 5` is `6d625`), is at most [`MAX_DIGITS`] long.
fn small_numbers(text: &str) -> bool {
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    cleaned
        .split(|c: char| !c.is_ascii_digit())
        .all(|run| run.len() <= MAX_DIGITS)
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(expr) = DiceExpr::parse(text) {
        let _ = expr.to_string();
        if text.len() <= MAX_ODDS_TEXT && small_numbers(text) {
            let _ = expr.distribution();
        }
    }
});
