//! The crate's error type for constructors and setup.

use std::fmt;

use feldherr_play::PlayError;

/// Why a driver, a setting or a track was refused.
#[derive(Debug, Clone, PartialEq)]
pub enum SledError {
    /// A value is out of its range; names the field and the value (G4).
    Invalid {
        /// The field, e.g. `driver.toughness`.
        field: String,
        /// The value as given.
        value: String,
        /// What is allowed.
        reason: String,
    },
    /// The rules refuse it, e.g. a mounted driver; says why and under which
    /// rule.
    Refused {
        /// Why, in words.
        reason: String,
        /// The rule or ruling, e.g. `N6`.
        rule: String,
    },
}

impl SledError {
    /// A bad value of `field`.
    pub fn invalid(field: &str, value: impl fmt::Display, reason: &str) -> Self {
        SledError::Invalid {
            field: field.to_owned(),
            value: value.to_string(),
            reason: reason.to_owned(),
        }
    }
}

impl fmt::Display for SledError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SledError::Invalid {
                field,
                value,
                reason,
            } => write!(f, "{field}: {value} is refused: {reason}"),
            SledError::Refused { reason, rule } => write!(f, "{reason} ({rule})"),
        }
    }
}

impl std::error::Error for SledError {}

impl From<SledError> for PlayError {
    fn from(e: SledError) -> Self {
        match e {
            SledError::Invalid {
                field,
                value,
                reason,
            } => PlayError::Invalid {
                field,
                value,
                reason,
                message: None,
            },
            SledError::Refused { reason, rule } => PlayError::Refused {
                reason,
                rule: Some(rule),
                message: None,
            },
        }
    }
}

/// Checks that `value` lies in `min..=max`.
pub(crate) fn in_range(field: &str, value: u32, min: u32, max: u32) -> Result<(), SledError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(SledError::invalid(
            field,
            value,
            &format!("must be {min} to {max}"),
        ))
    }
}

/// Checks that `value` is finite and greater than zero.
pub(crate) fn positive(field: &str, value: f64) -> Result<(), SledError> {
    if value.is_finite() && value > 0.0 {
        Ok(())
    } else {
        Err(SledError::invalid(field, value, "must be a number above 0"))
    }
}
