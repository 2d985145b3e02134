//! What a game finds wrong with itself or its table.

use std::fmt;

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
}

impl Problem {
    /// A problem at `path`.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
            rule: None,
            severity: Severity::Error,
        }
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
