//! The crate's one error type.

use std::fmt;

use feldherr_dice::DiceError;

/// Everything that can go wrong in the Confrontation rules engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfrontationError {
    /// A value is outside what the rules allow; names the field.
    InvalidValue {
        /// The field, as on the card ("STR", "RES", "SP").
        field: &'static str,
        /// The value given.
        value: i64,
        /// What is allowed.
        expected: &'static str,
    },
    /// A dice problem: a typed-in face out of range, a wrong count.
    Dice(DiceError),
}

impl fmt::Display for ConfrontationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidValue {
                field,
                value,
                expected,
            } => write!(f, "{field}: {value} is not allowed ({expected})"),
            Self::Dice(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ConfrontationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Dice(e) => Some(e),
            Self::InvalidValue { .. } => None,
        }
    }
}

impl From<DiceError> for ConfrontationError {
    fn from(e: DiceError) -> Self {
        Self::Dice(e)
    }
}

/// Checks `value` against `min..=max`, naming `field`.
pub(crate) fn check_range(
    field: &'static str,
    value: i64,
    min: i64,
    max: i64,
    expected: &'static str,
) -> Result<(), ConfrontationError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(ConfrontationError::InvalidValue {
            field,
            value,
            expected,
        })
    }
}
