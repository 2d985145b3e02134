//! A characteristic test (INI, STR, COU ...): a Confrontation D6 plus the
//! characteristic against a difficulty.
//!
//! ```
//! use feldherr_confrontation::CharacteristicTest;
//! use feldherr_confrontation::ConfrontationRoll;
//! // INI 3 against 6: passes on 3, 4, 5; a 6 re-rolls and passes unless the
//! // chain ends in a 1 (a fumble): 3/6 + 1/6 x 4/5 = 19/30.
//! let t = CharacteristicTest::new("INI", 3, 6, ConfrontationRoll::standard())?;
//! assert!(t.passes(&[3])?);
//! assert!(!t.passes(&[2])?);
//! assert!((t.pass_probability() - 19.0 / 30.0).abs() < 1e-12);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{ConfrontationResult, ConfrontationRoll};
use feldherr_dice::step::Message;
use feldherr_dice::{DiceError, Die, Dist, OddsLine, RollRequest, Roller};
use serde::{Deserialize, Serialize};

use crate::error::{ConfrontationError, check_range};

/// A test of `value` + D6 (Confrontation roll) against `difficulty`; a
/// fumble always fails.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharacteristicTest {
    label: String,
    value: i32,
    difficulty: i32,
    roll: ConfrontationRoll,
}

impl CharacteristicTest {
    /// A test of the characteristic `label` of `value` against `difficulty`,
    /// rolled as `roll` (modifiers, counts-as-6, no re-roll).
    ///
    /// # Errors
    /// [`ConfrontationError::InvalidValue`] for values outside 0..=20 or
    /// difficulties outside 0..=30.
    pub fn new(
        label: impl Into<String>,
        value: i32,
        difficulty: i32,
        roll: ConfrontationRoll,
    ) -> Result<Self, ConfrontationError> {
        check_range("characteristic", value.into(), 0, 20, "0 to 20")?;
        check_range("difficulty", difficulty.into(), 0, 30, "0 to 30")?;
        Ok(Self {
            label: label.into(),
            value,
            difficulty,
            roll,
        })
    }

    /// The difficulty.
    pub fn difficulty(&self) -> i32 {
        self.difficulty
    }

    /// Whether a die result passes.
    pub fn judge(&self, r: ConfrontationResult) -> bool {
        matches!(r, ConfrontationResult::Total(t) if t + self.value >= self.difficulty)
    }

    /// Whether a complete chain of faces passes.
    ///
    /// # Errors
    /// A face out of range or a chain of the wrong length.
    pub fn passes(&self, faces: &[u32]) -> Result<bool, DiceError> {
        Ok(self.judge(self.roll.evaluate(faces)?))
    }

    /// Exact odds of passing and failing.
    pub fn distribution(&self) -> Dist<bool> {
        // `judge`: a total of difficulty - value or more passes.
        let pass = crate::roll_odds::at_least(self.roll, self.difficulty - self.value);
        Dist::from_weights([(true, pass), (false, 1.0 - pass)])
    }

    /// Exact probability of passing.
    pub fn pass_probability(&self) -> f64 {
        self.distribution().prob_of(&true)
    }

    /// Rolls the test through any roller (a step-by-step resolution too),
    /// asking the first die with the exact odds; `rule` names the rule.
    ///
    /// # Errors
    /// Whatever the roller reports.
    pub fn roll<R: Roller + ?Sized>(&self, roller: &mut R, rule: &str) -> Result<bool, R::Error> {
        let mut faces = Vec::new();
        loop {
            let purpose = if faces.is_empty() {
                format!(
                    "{} test ({} against {})",
                    self.label, self.value, self.difficulty
                )
            } else {
                format!("{} test (re-roll after a 6)", self.label)
            };
            let message = if faces.is_empty() {
                Message::new("conf.roll.characteristic")
                    .text("label", self.label.clone())
                    .int("value", self.value)
                    .int("difficulty", self.difficulty)
            } else {
                Message::new("conf.roll.characteristic_reroll").text("label", self.label.clone())
            };
            let request = RollRequest::new(1, Die::D6, purpose)
                .rule(rule)
                .with_message(message)
                .odds_if(roller.wants_odds() && faces.is_empty(), || {
                    let p = self.pass_probability();
                    vec![
                        OddsLine {
                            label: "passes".into(),
                            probability: p,
                        },
                        OddsLine {
                            label: "fails".into(),
                            probability: 1.0 - p,
                        },
                    ]
                });
            faces.push(roller.roll_one(request)?);
            if !self.roll.wants_another(&faces) {
                break;
            }
        }
        // Faces come from the roller and are checked there; a bad chain
        // counts as a failure rather than a panic.
        Ok(self.passes(&faces).unwrap_or(false))
    }
}
