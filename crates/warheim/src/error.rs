//! The crate's error type.

use std::fmt;

use feldherr_play::PlayError;

/// Everything a Warheim constructor or check can refuse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WarheimError {
    /// A fighter's field holds a value the rules do not allow.
    Fighter {
        /// The fighter's name.
        fighter: String,
        /// The field, e.g. `profile.WS` or `weapons[0].attacks`.
        field: String,
        /// The value given.
        value: String,
        /// Why it is refused.
        reason: String,
    },
    /// A roster-wide field is wrong (groups, commander, player).
    Roster {
        /// The field, e.g. `groups[1].members`.
        field: String,
        /// The value given.
        value: String,
        /// Why it is refused.
        reason: String,
    },
    /// Some other input is out of range.
    Invalid {
        /// The field.
        field: String,
        /// The value given.
        value: String,
        /// Why it is refused.
        reason: String,
    },
    /// A dice helper refused its input.
    Dice(String),
}

impl WarheimError {
    pub(crate) fn fighter(
        fighter: &str,
        field: impl Into<String>,
        value: impl fmt::Display,
        reason: impl Into<String>,
    ) -> Self {
        WarheimError::Fighter {
            fighter: fighter.to_owned(),
            field: field.into(),
            value: value.to_string(),
            reason: reason.into(),
        }
    }

    pub(crate) fn roster(
        field: impl Into<String>,
        value: impl fmt::Display,
        reason: impl Into<String>,
    ) -> Self {
        WarheimError::Roster {
            field: field.into(),
            value: value.to_string(),
            reason: reason.into(),
        }
    }

    pub(crate) fn invalid(
        field: impl Into<String>,
        value: impl fmt::Display,
        reason: impl Into<String>,
    ) -> Self {
        WarheimError::Invalid {
            field: field.into(),
            value: value.to_string(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for WarheimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WarheimError::Fighter {
                fighter,
                field,
                value,
                reason,
            } => write!(
                f,
                "fighter \"{fighter}\", {field}: {value} is refused: {reason}"
            ),
            WarheimError::Roster {
                field,
                value,
                reason,
            }
            | WarheimError::Invalid {
                field,
                value,
                reason,
            } => write!(f, "{field}: {value} is refused: {reason}"),
            WarheimError::Dice(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for WarheimError {}

impl From<feldherr_dice::DiceError> for WarheimError {
    fn from(e: feldherr_dice::DiceError) -> Self {
        WarheimError::Dice(e.to_string())
    }
}

impl From<WarheimError> for PlayError {
    fn from(e: WarheimError) -> Self {
        match e {
            WarheimError::Fighter {
                fighter,
                field,
                value,
                reason,
            } => PlayError::invalid(format!("fighter \"{fighter}\" {field}"), value, reason),
            WarheimError::Roster {
                field,
                value,
                reason,
            }
            | WarheimError::Invalid {
                field,
                value,
                reason,
            } => PlayError::invalid(field, value, reason),
            WarheimError::Dice(e) => PlayError::refused(e, None),
        }
    }
}
