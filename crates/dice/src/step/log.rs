//! The log a resolution writes.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Message;

/// What kind of step a log line records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LogKind {
    /// Dice were rolled or typed in.
    Roll,
    /// A player chose an option.
    Choice,
    /// A rule was applied.
    Rule,
}

/// One logged step: what happened, its numbers and the rule applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogStep {
    /// Roll, choice or rule.
    pub kind: LogKind,
    /// What happened, with its numbers, in words.
    pub text: String,
    /// The rule or ruling applied, as its system names it.
    pub rule: Option<String>,
    /// The step's numbers by name, for sheets and tests.
    pub numbers: Vec<(String, i64)>,
    /// The same sentence as a catalogue key with arguments, for
    /// translation; `text` is its English rendering.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<Message>,
}

impl LogStep {
    /// A step that applied rule `rule`.
    pub fn rule(rule: impl Into<String>, text: impl Into<String>) -> Self {
        Self {
            kind: LogKind::Rule,
            text: text.into(),
            rule: Some(rule.into()),
            numbers: Vec::new(),
            message: None,
        }
    }

    /// A step of the given kind without a rule id.
    pub fn plain(kind: LogKind, text: impl Into<String>) -> Self {
        Self {
            kind,
            text: text.into(),
            rule: None,
            numbers: Vec::new(),
            message: None,
        }
    }

    /// Attaches the message the text renders, for translation.
    pub fn with_message(mut self, message: Message) -> Self {
        self.message = Some(message);
        self
    }

    /// The step in the language of `lookup`: the translated message, or
    /// the English text when there is no message or no translation.
    pub fn translated<'a>(&self, lookup: &dyn Fn(&str) -> Option<&'a str>) -> String {
        let text = self
            .message
            .as_ref()
            .and_then(|m| m.render(lookup))
            .unwrap_or_else(|| self.text.clone());
        match &self.rule {
            Some(rule) => format!("[{rule}] {text}"),
            None => text,
        }
    }

    /// Attaches a named number.
    pub fn number(mut self, name: impl Into<String>, value: i64) -> Self {
        self.numbers.push((name.into(), value));
        self
    }

    /// The value of a named number, if the step has it.
    pub fn get(&self, name: &str) -> Option<i64> {
        self.numbers
            .iter()
            .find(|(n, _)| n == name)
            .map(|&(_, v)| v)
    }
}

impl fmt::Display for LogStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.rule {
            Some(rule) => write!(f, "[{rule}] {}", self.text),
            None => write!(f, "{}", self.text),
        }
    }
}
