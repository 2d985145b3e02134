//! Warheim's order of modification and the 12-point cap (H2).

use serde::{Deserialize, Serialize};

use super::check_range;
use feldherr_dice::DiceError;

/// How far a value may be lowered in all (H2).
pub const MAX_LOWERING: i32 = 12;

/// A multiplication of a value, as a fraction (x2 is 2/1, half is 1/2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Multiplier {
    /// Numerator.
    pub numerator: i32,
    /// Denominator, at least 1.
    pub denominator: i32,
}

impl Multiplier {
    /// A multiplier `numerator / denominator`.
    pub fn new(numerator: i32, denominator: i32) -> Result<Self, DiceError> {
        check_range("multiplier numerator", numerator.into(), 0, 100, "0 to 100")?;
        check_range(
            "multiplier denominator",
            denominator.into(),
            1,
            100,
            "1 to 100",
        )?;
        Ok(Self {
            numerator,
            denominator,
        })
    }
}

/// Applies Warheim modifiers to `base` (H2): all multiplications first, then
/// all additions; a fractional product rounds to the nearest whole number,
/// halves up (project ruling P2); the result is never more than 12 below
/// `base`. Values above 20 are kept: [`super::D20Test`] turns the excess
/// into a bonus on the roll (H1).
///
/// ```
/// use feldherr_warheim::d20::{modified_value, Multiplier};
/// assert_eq!(modified_value(12, &[], &[3])?, 15);
/// assert_eq!(modified_value(12, &[], &[-6, -9])?, 0); // lowered by 15: capped at 12
/// assert_eq!(modified_value(7, &[Multiplier::new(1, 2)?], &[1])?, 5); // 3.5 -> 4, + 1
/// # Ok::<(), feldherr_dice::DiceError>(())
/// ```
pub fn modified_value(
    base: i32,
    multipliers: &[Multiplier],
    additions: &[i32],
) -> Result<i32, DiceError> {
    check_range("base value", base.into(), -40, 60, "-40 to 60")?;
    let mut numerator: i64 = base.into();
    let mut denominator: i64 = 1;
    for m in multipliers {
        Multiplier::new(m.numerator, m.denominator)?;
        numerator *= i64::from(m.numerator);
        denominator *= i64::from(m.denominator);
    }
    // Round half up: floor((2n + d) / 2d).
    let multiplied = (2 * numerator + denominator).div_euclid(2 * denominator);
    let mut value = multiplied;
    for &a in additions {
        check_range("modifier", a.into(), -40, 40, "-40 to 40")?;
        value += i64::from(a);
    }
    let floor = i64::from(base) - i64::from(MAX_LOWERING);
    let value = value.max(floor);
    i32::try_from(value).map_err(|_| DiceError::InvalidParameter {
        field: "modified value",
        value,
        expected: "a value a D20 test can use",
    })
}
