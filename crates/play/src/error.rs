//! The one error type of the contract.

use std::fmt;

use feldherr_dice::DiceError;
use feldherr_table::TableError;

/// Why an edit, an answer or a resolution was refused.
#[derive(Debug, Clone, PartialEq)]
pub enum PlayError {
    /// A value is out of its range or does not fit; names the field and
    /// the value.
    Invalid {
        /// The field, e.g. `machines[1].state.sp_lost`.
        field: String,
        /// The value as typed or saved.
        value: String,
        /// Why it is refused.
        reason: String,
    },
    /// Something referred to does not exist.
    NotFound {
        /// What was looked for, e.g. "machine".
        what: String,
        /// Its id or index as the user knows it.
        id: String,
    },
    /// The rules forbid the change; says why and under which rule.
    Refused {
        /// Why, in words.
        reason: String,
        /// The rule or ruling, e.g. `C10`.
        rule: Option<String>,
    },
    /// The resolution is not finished, so it has no outcome yet.
    Unfinished,
    /// An answer or a die does not fit.
    Dice(DiceError),
    /// A table edit was refused.
    Table(TableError),
}

impl PlayError {
    /// A refusal under `rule`.
    pub fn refused(reason: impl Into<String>, rule: Option<&str>) -> Self {
        PlayError::Refused {
            reason: reason.into(),
            rule: rule.map(str::to_owned),
        }
    }

    /// A bad value of `field`.
    pub fn invalid(
        field: impl Into<String>,
        value: impl fmt::Display,
        reason: impl Into<String>,
    ) -> Self {
        PlayError::Invalid {
            field: field.into(),
            value: value.to_string(),
            reason: reason.into(),
        }
    }

    /// `what` with id `id` does not exist.
    pub fn not_found(what: impl Into<String>, id: impl fmt::Display) -> Self {
        PlayError::NotFound {
            what: what.into(),
            id: id.to_string(),
        }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Invalid {
                field,
                value,
                reason,
            } => write!(f, "{field}: {value} is refused: {reason}"),
            PlayError::NotFound { what, id } => write!(f, "{what} {id} does not exist"),
            PlayError::Refused { reason, rule } => match rule {
                Some(rule) => write!(f, "{reason} ({rule})"),
                None => write!(f, "{reason}"),
            },
            PlayError::Unfinished => write!(f, "the resolution is not finished yet"),
            PlayError::Dice(e) => write!(f, "{e}"),
            PlayError::Table(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<DiceError> for PlayError {
    fn from(e: DiceError) -> Self {
        PlayError::Dice(e)
    }
}

impl From<TableError> for PlayError {
    fn from(e: TableError) -> Self {
        PlayError::Table(e)
    }
}
