//! Warheim's dice mechanics: the D20 roll-under test with crits (H1), the
//! order of modification with the 12-point cap (H2), opposed pools with
//! cancelling (H3) and the armour save (H4). Each is a small value type
//! with `evaluate(faces)`, `roll(roller, purpose)` and `distribution()`,
//! as the generic mechanics of `feldherr_dice::mechanics` are.

mod opposed;
mod test;
mod value_modifiers;

pub use opposed::{OpposedResult, OpposedRoll, Pool};
pub use test::{D20Result, D20Save, D20Test, SaveResult};
pub use value_modifiers::{Multiplier, modified_value};

use feldherr_dice::DiceError;

/// Takes exactly one face from `faces`, naming `purpose` otherwise.
fn single(faces: &[u32], purpose: &str) -> Result<u32, DiceError> {
    match faces {
        [face] => Ok(*face),
        _ => Err(DiceError::WrongDiceCount {
            purpose: purpose.to_owned(),
            expected: 1,
            got: faces.len(),
        }),
    }
}

/// Checks that `value` lies in `min..=max`, naming `field` otherwise.
fn check_range(
    field: &'static str,
    value: i64,
    min: i64,
    max: i64,
    expected: &'static str,
) -> Result<(), DiceError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(DiceError::InvalidParameter {
            field,
            value,
            expected,
        })
    }
}
