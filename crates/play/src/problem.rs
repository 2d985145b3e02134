//! What a game finds wrong with itself or its table.

use std::fmt;

use feldherr_dice::step::Message;
use serde::{Deserialize, Serialize};

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// The document is refused: a state the rules cannot reach.
    #[default]
    Error,
    /// Worth a word, never a refusal (two players of one name).
    Warning,
}

impl Severity {
    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        *self == Severity::Error
    }
}

/// One problem of a game: where (a path into the saved document), what,
/// the rule or ruling it breaks, if one does, and whether it refuses the
/// document or is only a warning.
///
/// A problem may also carry its sentence as a catalogue [`Message`]
/// ([`Problem::with_message`]), naming things by name, which
/// [`crate::Catalogue::problem`] renders in the interface language; its
/// `message` stays the English sentence (the CLI and the tests print it).
///
/// ```
/// use feldherr_dice::step::Message;
/// use feldherr_play::{Catalogue, Problem};
///
/// let p = Problem::new("units", "the army has no General")
///     .with_message(Message::new("demo.no_general"));
/// let de = Catalogue::parse("de", r#"{"demo.no_general": "das Heer hat keinen General"}"#)?;
/// assert_eq!(de.problem(&p), "das Heer hat keinen General");
/// // Without the key: the English sentence, path included.
/// assert_eq!(Catalogue::default().problem(&p), "units: the army has no General");
/// # Ok::<(), feldherr_play::PlayError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Problem {
    /// Where, as a path into the saved game, e.g. `machines[2].state.sp_lost`.
    pub path: String,
    /// What is wrong, naming the value.
    pub message: String,
    /// The rule or ruling broken, e.g. `W1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// An error (the default) or a warning.
    #[serde(default, skip_serializing_if = "Severity::is_error")]
    pub severity: Severity,
    /// The sentence as a catalogue message (naming things by name), if
    /// the crate gives one (boxed: problems stay small; left out of the
    /// saved form when absent, so older files read as before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub said: Option<Box<Message>>,
}

impl Problem {
    /// A problem at `path`.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
            rule: None,
            severity: Severity::Error,
            said: None,
        }
    }

    /// The same problem with its sentence as the catalogue message
    /// `message` (without the rule id, which the host adds).
    #[must_use]
    pub fn with_message(mut self, message: Message) -> Self {
        self.said = Some(Box::new(message));
        self
    }

    /// The catalogue message of the problem, if it carries one.
    pub fn said(&self) -> Option<&Message> {
        self.said.as_deref()
    }

    /// The same problem as a warning, not a refusal.
    #[must_use]
    pub fn warning(mut self) -> Self {
        self.severity = Severity::Warning;
        self
    }

    /// Whether it refuses the document.
    pub fn is_error(&self) -> bool {
        self.severity.is_error()
    }

    /// Names the rule broken.
    pub fn rule(mut self, rule: impl Into<String>) -> Self {
        self.rule = Some(rule.into());
        self
    }

    /// The same problem one level deeper, under `prefix`.
    pub fn under(mut self, prefix: &str) -> Self {
        self.path = if self.path.is_empty() {
            prefix.to_owned()
        } else if self.path.starts_with('[') {
            format!("{prefix}{}", self.path)
        } else {
            format!("{prefix}.{}", self.path)
        };
        self
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.path.is_empty() {
            write!(f, "{}: ", self.path)?;
        }
        if !self.is_error() {
            f.write_str("warning: ")?;
        }
        write!(f, "{}", self.message)?;
        if let Some(rule) = &self.rule {
            write!(f, " ({rule})")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_saved_only_when_there_is_one_and_old_problems_read() {
        let plain = Problem::new("units", "no General").rule("W1");
        let json = serde_json::to_string(&plain).expect("json");
        assert!(!json.contains("said"), "{json}");
        // A problem saved before messages existed reads as it was.
        let old: Problem =
            serde_json::from_str(r#"{"path":"units","message":"no General","rule":"W1"}"#)
                .expect("old");
        assert_eq!(old, plain);
        let said = plain.with_message(Message::new("demo.no_general").text("army", "Elves"));
        let json = serde_json::to_string(&said).expect("json");
        let back: Problem = serde_json::from_str(&json).expect("back");
        assert_eq!(back, said);
        assert_eq!(back.said().map(|m| m.key.as_str()), Some("demo.no_general"));
    }
}
