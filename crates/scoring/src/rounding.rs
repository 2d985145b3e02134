//! Rounding helpers with halves rounded up.
//!
//! "Up" means towards positive infinity, for negative values too:
//! `-2.5` rounds to `-2` and `-32.5` to `-30` (to the nearest 5). The
//! inputs are `f64`; values such as `32.5` or `7.5` are exact in `f64`,
//! so halves are recognised exactly.

use crate::ScoringError;

/// Largest magnitude accepted, so that every result fits into an `i64`.
const LIMIT: f64 = 9.0e18;

fn check(field: &str, value: f64) -> Result<(), ScoringError> {
    if value.is_finite() && value.abs() < LIMIT {
        Ok(())
    } else {
        Err(ScoringError::InvalidValue {
            field: field.to_owned(),
            value: value.to_string(),
            expected: "a finite number of magnitude below 9e18",
        })
    }
}

/// Rounds to the nearest whole number, halves up: `2.5 -> 3`, `2.4 -> 2`,
/// `-2.5 -> -2`, `-2.6 -> -3`.
///
/// # Errors
///
/// [`ScoringError::InvalidValue`] (field `value`) for NaN, infinities and
/// magnitudes of 9e18 or more.
pub fn round_half_up(value: f64) -> Result<i64, ScoringError> {
    check("value", value)?;
    let floor = value.floor();
    // `value - floor` is exact for every finite f64.
    let rounded = if value - floor >= 0.5 {
        floor + 1.0
    } else {
        floor
    };
    // In range by `check`, and a whole number: the cast is exact.
    Ok(rounded as i64)
}

/// Rounds to the nearest multiple of 5, halves up: `32.5 -> 35`,
/// `32 -> 30`, `37.5 -> 40`, `-32.5 -> -30`, `-33 -> -35`.
///
/// ```
/// use feldherr_scoring::round_to_nearest_5;
///
/// assert_eq!(round_to_nearest_5(32.5)?, 35);
/// assert_eq!(round_to_nearest_5(32.0)?, 30);
/// assert_eq!(round_to_nearest_5(-32.5)?, -30);
/// # Ok::<(), feldherr_scoring::ScoringError>(())
/// ```
///
/// # Errors
///
/// [`ScoringError::InvalidValue`] (field `value`) for NaN, infinities and
/// magnitudes of 9e18 or more.
pub fn round_to_nearest_5(value: f64) -> Result<i64, ScoringError> {
    check("value", value)?;
    // x = 5k + 2.5 gives x / 5 = k + 0.5 exactly, so halves stay halves.
    Ok(round_half_up(value / 5.0)? * 5)
}
