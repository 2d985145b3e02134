//! The crate's error type for constructors and setup.

use std::fmt;

use feldherr_dice::step::Message;
use feldherr_play::PlayError;

use crate::refusal::{english, say};

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
        /// The whole sentence as a catalogue message (`sled.refusal.…`),
        /// if the crate gives one (boxed: errors stay small).
        message: Option<Box<Message>>,
    },
    /// The rules refuse it, e.g. a mounted driver; says why and under which
    /// rule.
    Refused {
        /// Why, in words.
        reason: String,
        /// The rule or ruling, e.g. `N6`.
        rule: String,
        /// The reason as a catalogue message (without the rule id), if the
        /// crate gives one.
        message: Option<Box<Message>>,
    },
}

impl SledError {
    /// A bad value of `field`.
    pub fn invalid(field: &str, value: impl fmt::Display, reason: &str) -> Self {
        SledError::Invalid {
            field: field.to_owned(),
            value: value.to_string(),
            reason: reason.to_owned(),
            message: None,
        }
    }

    /// A bad value of `field`, said by `message` (which also gets the
    /// value as its `{value}` argument).
    pub(crate) fn says(field: &str, value: impl fmt::Display, message: Message) -> Self {
        let value = value.to_string();
        let message = message.text("value", &value);
        SledError::Invalid {
            field: field.to_owned(),
            reason: english(&message),
            value,
            message: Some(Box::new(message)),
        }
    }

    /// A refusal under `rule`, said by `message`.
    pub(crate) fn refused(message: Message, rule: &str) -> Self {
        SledError::Refused {
            reason: english(&message),
            rule: rule.to_owned(),
            message: Some(Box::new(message)),
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
                ..
            } => write!(f, "{field}: {value} is refused: {reason}"),
            SledError::Refused { reason, rule, .. } => write!(f, "{reason} ({rule})"),
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
                message,
            } => PlayError::Invalid {
                field,
                value,
                reason,
                message,
            },
            SledError::Refused {
                reason,
                rule,
                message,
            } => PlayError::Refused {
                reason,
                rule: Some(rule),
                message,
            },
        }
    }
}

/// Checks that `value` lies in `min..=max`.
pub(crate) fn in_range(field: &str, value: u32, min: u32, max: u32) -> Result<(), SledError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(SledError::says(
            field,
            value,
            say("range")
                .key("field", field_key(field))
                .int("min", i64::from(min))
                .int("max", i64::from(max)),
        ))
    }
}

/// Checks that `value` is finite and greater than zero.
pub(crate) fn positive(field: &str, value: f64) -> Result<(), SledError> {
    if value.is_finite() && value > 0.0 {
        Ok(())
    } else {
        Err(SledError::says(
            field,
            value,
            say("positive").key("field", field_key(field)),
        ))
    }
}

/// The catalogue key of a field's name as a refusal says it
/// (`sled.refusal.field.<field, dots as _>`).
pub(crate) fn field_key(field: &str) -> String {
    crate::refusal::REFUSALS.key(&format!("field.{}", field.replace('.', "_")))
}
