//! The crate's error type for constructors and imports.

use std::fmt;

use feldherr_dice::step::Message;
use feldherr_play::PlayError;

use crate::refusal::{REFUSALS, english, say};

/// Why a Warmaster value could not be built or read.
#[derive(Debug, Clone, PartialEq)]
pub enum WarmasterError {
    /// A value is out of its range; names the field and the value.
    Invalid {
        /// The field, e.g. `units[2].stands`.
        field: String,
        /// The value as given.
        value: String,
        /// Why it is refused.
        reason: String,
        /// The whole sentence as a catalogue message
        /// (`warmaster.refusal.…`), if the crate gives one (boxed: errors
        /// stay small).
        message: Option<Box<Message>>,
    },
    /// A line of an imported army list could not be read.
    ImportLine {
        /// The line number, from 1.
        line: usize,
        /// The line as given.
        text: String,
        /// What is wrong with it.
        reason: String,
        /// What is wrong with it as a catalogue message
        /// (`warmaster.refusal.import.…`, naming the field and the
        /// value), if the crate gives one (boxed: errors stay small).
        message: Option<Box<Message>>,
    },
    /// The input is larger than the engine accepts (bounded before any
    /// work starts).
    TooLarge {
        /// What is too large, e.g. "army list".
        what: String,
        /// Its size.
        size: usize,
        /// The largest size accepted.
        limit: usize,
    },
}

impl WarmasterError {
    /// A bad value of `field`.
    pub fn invalid(
        field: impl Into<String>,
        value: impl fmt::Display,
        reason: impl Into<String>,
    ) -> Self {
        WarmasterError::Invalid {
            field: field.into(),
            value: value.to_string(),
            reason: reason.into(),
            message: None,
        }
    }

    /// A bad value of `field`, said by `message` (which gets the value as
    /// `{value}`).
    pub(crate) fn invalid_says(
        field: impl Into<String>,
        value: impl fmt::Display,
        message: Message,
    ) -> Self {
        let value = value.to_string();
        let message = message.text("value", &value);
        WarmasterError::Invalid {
            field: field.into(),
            reason: english(&message),
            value,
            message: Some(Box::new(message)),
        }
    }

    /// The catalogue message of the error, if it carries one.
    pub fn message(&self) -> Option<&Message> {
        match self {
            WarmasterError::Invalid { message, .. } => message.as_deref(),
            _ => None,
        }
    }
}

impl fmt::Display for WarmasterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WarmasterError::Invalid {
                field,
                value,
                reason,
                ..
            } => write!(f, "{field}: {value} is refused: {reason}"),
            WarmasterError::ImportLine {
                line, text, reason, ..
            } => {
                write!(f, "line {line} (\"{text}\"): {reason}")
            }
            WarmasterError::TooLarge { what, size, limit } => {
                write!(
                    f,
                    "the {what} has {size} entries; at most {limit} are accepted"
                )
            }
        }
    }
}

impl std::error::Error for WarmasterError {}

impl From<WarmasterError> for PlayError {
    fn from(e: WarmasterError) -> Self {
        match e {
            WarmasterError::Invalid {
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
            WarmasterError::ImportLine {
                line,
                text,
                reason,
                message,
            } => {
                // The whole line's sentence: its number, its text and why.
                let message = message.map(|m| {
                    Box::new(
                        say("import.line")
                            .int("line", i64::try_from(line).unwrap_or(i64::MAX))
                            .text("text", &text)
                            .nested("reason", *m),
                    )
                });
                PlayError::Invalid {
                    field: format!("line {line}"),
                    value: text,
                    reason,
                    message,
                }
            }
            WarmasterError::TooLarge { what, size, limit } => {
                let message = too_large_what(&what).map(|key| {
                    Box::new(
                        say("too_large")
                            .key("what", REFUSALS.key(key))
                            .int("size", i64::try_from(size).unwrap_or(i64::MAX))
                            .int("max", i64::try_from(limit).unwrap_or(i64::MAX)),
                    )
                });
                PlayError::Invalid {
                    field: what,
                    value: size.to_string(),
                    reason: format!("at most {limit} are accepted"),
                    message,
                }
            }
        }
    }
}

/// The catalogue key (under the refusal prefix) of what a
/// [`WarmasterError::TooLarge`] names, for the sizes the crate checks.
fn too_large_what(what: &str) -> Option<&'static str> {
    match what {
        "army list (bytes)" => Some("too_large_what.list_bytes"),
        "army list" => Some("too_large_what.list_lines"),
        "army" => Some("too_large_what.army"),
        _ => None,
    }
}
