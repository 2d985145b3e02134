//! What a resolution asks, and what it is answered.

use serde::{Deserialize, Serialize};

use crate::{DiceError, RollRequest};

/// One option of a player choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChoiceOption {
    /// Short label, e.g. "round up".
    pub label: String,
    /// What picking it does, with its numbers, e.g. "speed 4".
    pub detail: String,
    /// The label as a catalogue message, for translation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<super::Message>,
    /// The detail as a catalogue message, for translation (a label that
    /// has a message and a detail that has none would mix two languages).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail_message: Option<super::Message>,
}

/// A question to a player with a fixed list of options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChoiceRequest {
    /// The question, e.g. "Round the new speed".
    pub question: String,
    /// The rule that offers the choice.
    pub rule: Option<String>,
    /// The options; an answer is an index into this list.
    pub options: Vec<ChoiceOption>,
    /// The question as a catalogue message, for translation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<super::Message>,
}

impl ChoiceRequest {
    /// A question with no options yet.
    pub fn new(question: impl Into<String>) -> Self {
        Self {
            question: question.into(),
            rule: None,
            options: Vec::new(),
            message: None,
        }
    }

    /// Attaches the question as a catalogue message.
    pub fn with_message(mut self, message: super::Message) -> Self {
        self.message = Some(message);
        self
    }

    /// Adds an option whose label is also a catalogue message.
    pub fn option_message(
        mut self,
        label: impl Into<String>,
        message: super::Message,
        detail: impl Into<String>,
    ) -> Self {
        self.options.push(ChoiceOption {
            label: label.into(),
            detail: detail.into(),
            message: Some(message),
            detail_message: None,
        });
        self
    }

    /// Gives the last option added its detail as a catalogue message too.
    #[must_use]
    pub fn detail_message(mut self, message: super::Message) -> Self {
        if let Some(option) = self.options.last_mut() {
            option.detail_message = Some(message);
        }
        self
    }

    /// Names the rule that offers the choice.
    pub fn rule(mut self, rule: impl Into<String>) -> Self {
        self.rule = Some(rule.into());
        self
    }

    /// Adds an option.
    pub fn option(mut self, label: impl Into<String>, detail: impl Into<String>) -> Self {
        self.options.push(ChoiceOption {
            label: label.into(),
            detail: detail.into(),
            message: None,
            detail_message: None,
        });
        self
    }

    /// Checks that `index` is one of the options.
    pub fn check(&self, index: usize) -> Result<(), DiceError> {
        if index < self.options.len() {
            Ok(())
        } else {
            Err(DiceError::ChoiceOutOfRange {
                question: self.question.clone(),
                index,
                options: self.options.len(),
            })
        }
    }
}

/// What a resolution waits for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Prompt {
    /// Dice to roll (at random or typed in).
    Roll(RollRequest),
    /// A player's choice.
    Choice(ChoiceRequest),
}

impl Prompt {
    /// Checks that `answer` fits this prompt.
    pub fn check(&self, answer: &Answer) -> Result<(), DiceError> {
        match (self, answer) {
            (Prompt::Roll(request), Answer::Dice(values)) => request.check(values),
            (Prompt::Choice(request), Answer::Choice(index)) => request.check(*index),
            (Prompt::Roll(request), Answer::Choice(_)) => Err(DiceError::UnexpectedAnswer {
                expected: format!("dice for {}", request.purpose),
            }),
            (Prompt::Choice(request), Answer::Dice(_)) => Err(DiceError::UnexpectedAnswer {
                expected: format!("a choice for {}", request.question),
            }),
        }
    }
}

/// An answer to a [`Prompt`]; a resolution's answers are all it needs to be
/// saved and replayed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// The faces shown, one per requested die.
    Dice(Vec<u32>),
    /// The index of the chosen option.
    Choice(usize),
}
