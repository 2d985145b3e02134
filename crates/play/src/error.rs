//! The one error type of the contract.

use std::fmt;

use feldherr_dice::DiceError;
use feldherr_dice::step::Message;
use feldherr_table::TableError;

/// Why an edit, an answer or a resolution was refused.
///
/// `Display` is the English sentence (the CLI and the tests print it).
/// A refusal, a bad value or a missing thing may also carry its sentence
/// as a catalogue [`Message`] ([`PlayError::with_message`]), which
/// [`crate::Catalogue::error`] renders in the interface language.
///
/// ```
/// use feldherr_dice::step::Message;
/// use feldherr_play::{Catalogue, PlayError};
///
/// let e = PlayError::refused("Ram has moved already", Some("C10"))
///     .with_message(Message::new("demo.moved").text("machine", "Ram"));
/// assert_eq!(e.to_string(), "Ram has moved already (C10)");
/// let de = Catalogue::parse("de", r#"{"demo.moved": "{machine} hat sich schon bewegt"}"#)?;
/// assert_eq!(de.error(&e), "Ram hat sich schon bewegt (C10)");
/// assert_eq!(Catalogue::default().error(&e), "Ram has moved already (C10)");
/// # Ok::<(), PlayError>(())
/// ```
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
        /// The whole sentence as a catalogue message (naming the thing by
        /// name), if the crate gives one (boxed: errors stay small).
        message: Option<Box<Message>>,
    },
    /// Something referred to does not exist.
    NotFound {
        /// What was looked for, e.g. "machine".
        what: String,
        /// Its id or index as the user knows it.
        id: String,
        /// The sentence as a catalogue message, if the crate gives one.
        message: Option<Box<Message>>,
    },
    /// The rules forbid the change; says why and under which rule.
    Refused {
        /// Why, in words.
        reason: String,
        /// The rule or ruling, e.g. `C10`.
        rule: Option<String>,
        /// The reason as a catalogue message (without the rule id), if the
        /// crate gives one.
        message: Option<Box<Message>>,
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
            message: None,
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
            message: None,
        }
    }

    /// `what` with id `id` does not exist.
    pub fn not_found(what: impl Into<String>, id: impl fmt::Display) -> Self {
        PlayError::NotFound {
            what: what.into(),
            id: id.to_string(),
            message: None,
        }
    }

    /// The same error with its sentence as the catalogue message
    /// `message` (for a refusal: the reason, without the rule id). Only a
    /// refusal, a bad value and a missing thing carry one; the other kinds
    /// speak through their own errors and are returned unchanged.
    #[must_use]
    pub fn with_message(mut self, message: Message) -> Self {
        match &mut self {
            PlayError::Invalid { message: m, .. }
            | PlayError::NotFound { message: m, .. }
            | PlayError::Refused { message: m, .. } => *m = Some(Box::new(message)),
            PlayError::Unfinished | PlayError::Dice(_) | PlayError::Table(_) => {}
        }
        self
    }

    /// The catalogue message of the error, if it carries one.
    pub fn message(&self) -> Option<&Message> {
        match self {
            PlayError::Invalid { message, .. }
            | PlayError::NotFound { message, .. }
            | PlayError::Refused { message, .. } => message.as_deref(),
            PlayError::Unfinished | PlayError::Dice(_) | PlayError::Table(_) => None,
        }
    }

    /// The rule or ruling of a refusal.
    pub fn rule(&self) -> Option<&str> {
        match self {
            PlayError::Refused { rule, .. } => rule.as_deref(),
            _ => None,
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
                ..
            } => write!(f, "{field}: {value} is refused: {reason}"),
            PlayError::NotFound { what, id, .. } => write!(f, "{what} {id} does not exist"),
            PlayError::Refused { reason, rule, .. } => match rule {
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
