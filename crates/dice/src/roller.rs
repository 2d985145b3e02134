//! What mechanics roll through, so that one mechanic serves random dice,
//! typed-in dice and step-by-step resolutions alike.

use serde::{Deserialize, Serialize};

use crate::{DiceError, Die, OddsLine};

/// A request for one or more dice rolled together.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RollRequest {
    /// The dice to roll together, e.g. two D6 for the damage table.
    pub dice: Vec<Die>,
    /// What the roll is for, shown to the user and kept in the log.
    pub purpose: String,
    /// The rule or ruling that asks for it, as its system names it.
    pub rule: Option<String>,
    /// The exact odds of what this roll decides.
    pub odds: Vec<OddsLine>,
    /// The purpose as a catalogue message, for translation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<crate::step::Message>,
    /// Whose each die is, by name, when the dice belong to different
    /// players or units (a roll-off, one die per unit): a screen names
    /// each die's field after it ("Anna's die"). Empty: the dice are
    /// numbered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub owners: Vec<String>,
}

impl RollRequest {
    /// A request for `n` dice of one kind.
    pub fn new(n: usize, die: Die, purpose: impl Into<String>) -> Self {
        Self {
            dice: vec![die; n],
            purpose: purpose.into(),
            rule: None,
            odds: Vec::new(),
            message: None,
            owners: Vec::new(),
        }
    }

    /// Names whose each die is, in the order of the dice (see
    /// [`RollRequest::owners`]).
    #[must_use]
    pub fn with_owners<S: Into<String>>(mut self, owners: impl IntoIterator<Item = S>) -> Self {
        self.owners = owners.into_iter().map(Into::into).collect();
        self
    }

    /// Attaches the purpose as a catalogue message (its English text stays
    /// in `purpose`).
    pub fn with_message(mut self, message: crate::step::Message) -> Self {
        self.message = Some(message);
        self
    }

    /// Names the rule that asks for the roll.
    pub fn rule(mut self, rule: impl Into<String>) -> Self {
        self.rule = Some(rule.into());
        self
    }

    /// Attaches the odds of the outcome.
    pub fn odds(mut self, odds: Vec<OddsLine>) -> Self {
        self.odds = odds;
        self
    }

    /// Attaches the odds computed by `odds`, but only if `wanted`: random
    /// dice need no odds, and computing them is the costly part of a roll.
    pub fn odds_if(mut self, wanted: bool, odds: impl FnOnce() -> Vec<OddsLine>) -> Self {
        if wanted {
            self.odds = odds();
        }
        self
    }

    /// Checks an answer: the right number of values, each a face of its die.
    pub fn check(&self, values: &[u32]) -> Result<(), DiceError> {
        if values.len() != self.dice.len() {
            return Err(DiceError::WrongDiceCount {
                purpose: self.purpose.clone(),
                expected: self.dice.len(),
                got: values.len(),
            });
        }
        for (die, &value) in self.dice.iter().zip(values) {
            die.check_face(value, &self.purpose)?;
        }
        Ok(())
    }
}

/// Anything that can answer a [`RollRequest`]: [`crate::Dice`] (random or
/// typed in) and [`crate::step::Steps`] (asks the user, one prompt at a time).
pub trait Roller {
    /// Why a roll could not be answered.
    type Error: From<DiceError>;

    /// Returns one face per requested die, in order.
    fn roll(&mut self, request: RollRequest) -> Result<Vec<u32>, Self::Error>;

    /// Whether requests should carry their odds (someone will see them).
    fn wants_odds(&self) -> bool {
        true
    }

    /// Convenience: rolls one die and returns its face.
    fn roll_one(&mut self, request: RollRequest) -> Result<u32, Self::Error> {
        let purpose = request.purpose.clone();
        let faces = self.roll(request)?;
        match faces.as_slice() {
            [face] => Ok(*face),
            _ => Err(DiceError::WrongDiceCount {
                purpose,
                expected: 1,
                got: faces.len(),
            }
            .into()),
        }
    }
}
