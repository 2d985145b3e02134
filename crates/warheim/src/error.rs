//! The crate's error type.

use std::fmt;

use feldherr_dice::step::Message;
use feldherr_play::PlayError;

use crate::refusal::english;

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
        /// The whole sentence as a catalogue message naming the fighter
        /// by name (`warheim.refusal.…`), if the crate gives one (boxed:
        /// errors stay small).
        message: Option<Box<Message>>,
    },
    /// A roster-wide field is wrong (groups, commander, player).
    Roster {
        /// The field, e.g. `groups[1].members`.
        field: String,
        /// The value given.
        value: String,
        /// Why it is refused.
        reason: String,
        /// The whole sentence as a catalogue message naming the fighter
        /// by name (`warheim.refusal.…`), if the crate gives one (boxed:
        /// errors stay small).
        message: Option<Box<Message>>,
    },
    /// Some other input is out of range.
    Invalid {
        /// The field.
        field: String,
        /// The value given.
        value: String,
        /// Why it is refused.
        reason: String,
        /// The whole sentence as a catalogue message naming the fighter
        /// by name (`warheim.refusal.…`), if the crate gives one (boxed:
        /// errors stay small).
        message: Option<Box<Message>>,
    },
    /// A dice helper refused its input.
    Dice(String),
}

impl WarheimError {
    /// A fighter's bad value, said by `message` (which gets the fighter's
    /// name as `{fighter}` and the value as `{value}`).
    pub(crate) fn fighter_says(
        fighter: &str,
        field: impl Into<String>,
        value: impl fmt::Display,
        message: Message,
    ) -> Self {
        let value = value.to_string();
        let message = message.text("fighter", fighter).text("value", &value);
        WarheimError::Fighter {
            fighter: fighter.to_owned(),
            field: field.into(),
            reason: english(&message),
            value,
            message: Some(Box::new(message)),
        }
    }

    /// A roster-wide bad value, said by `message` (which gets the value
    /// as `{value}`).
    pub(crate) fn roster_says(
        field: impl Into<String>,
        value: impl fmt::Display,
        message: Message,
    ) -> Self {
        let value = value.to_string();
        let message = message.text("value", &value);
        WarheimError::Roster {
            field: field.into(),
            reason: english(&message),
            value,
            message: Some(Box::new(message)),
        }
    }

    /// Some other bad value, said by `message` (which gets the value as
    /// `{value}`).
    pub(crate) fn invalid_says(
        field: impl Into<String>,
        value: impl fmt::Display,
        message: Message,
    ) -> Self {
        let value = value.to_string();
        let message = message.text("value", &value);
        WarheimError::Invalid {
            field: field.into(),
            reason: english(&message),
            value,
            message: Some(Box::new(message)),
        }
    }

    /// The same error with `value` as the `{name}` argument of its
    /// message (a rule engine below the game says "{fighter}" and the game,
    /// which knows the names, fills it in); its English reason follows.
    #[must_use]
    pub(crate) fn with_text(mut self, name: &str, value: impl Into<String>) -> Self {
        let value = value.into();
        if let WarheimError::Fighter {
            message: Some(m),
            reason,
            ..
        }
        | WarheimError::Roster {
            message: Some(m),
            reason,
            ..
        }
        | WarheimError::Invalid {
            message: Some(m),
            reason,
            ..
        } = &mut self
        {
            let next = (**m).clone().text(name, value);
            *reason = english(&next);
            **m = next;
        }
        self
    }

    /// The catalogue message of the error, if it carries one.
    pub fn message(&self) -> Option<&Message> {
        match self {
            WarheimError::Fighter { message, .. }
            | WarheimError::Roster { message, .. }
            | WarheimError::Invalid { message, .. } => message.as_deref(),
            WarheimError::Dice(_) => None,
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
                ..
            } => write!(
                f,
                "fighter \"{fighter}\", {field}: {value} is refused: {reason}"
            ),
            WarheimError::Roster {
                field,
                value,
                reason,
                ..
            }
            | WarheimError::Invalid {
                field,
                value,
                reason,
                ..
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
        let message = e.message().cloned();
        let error = match e {
            WarheimError::Fighter {
                fighter,
                field,
                value,
                reason,
                ..
            } => PlayError::invalid(format!("fighter \"{fighter}\" {field}"), value, reason),
            WarheimError::Roster {
                field,
                value,
                reason,
                ..
            }
            | WarheimError::Invalid {
                field,
                value,
                reason,
                ..
            } => PlayError::invalid(field, value, reason),
            WarheimError::Dice(e) => PlayError::refused(e, None),
        };
        match message {
            Some(m) => error.with_message(m),
            None => error,
        }
    }
}
