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
use feldherr_dice::step::{LogStep, Message, Pending, Steps};
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

    /// The characteristic's value.
    pub fn value(&self) -> i32 {
        self.value
    }

    /// What the dice must show to pass, before the modifier: the die result
    /// (modifier added) must reach difficulty - value and at least 2 (1 or
    /// less is a fumble); above 6 a 6 must be rolled and the re-roll added.
    pub fn need(&self) -> i32 {
        let result = (self.difficulty - self.value).max(2);
        (result - self.roll.modifier()).max(2)
    }

    /// Rolls the test step by step and logs why it passed or failed
    /// ("4 - 1 + INI 3 = 6 >= 6: passes"), under `rule`.
    pub fn resolve(&self, steps: &mut Steps<'_>, rule: &str) -> Result<bool, Pending> {
        let faces = self.roll_faces(steps, rule)?;
        let dice = faces
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" + ");
        let m = self.roll.modifier();
        let modifier = match m {
            0 => String::new(),
            m if m > 0 => format!(" + {m}"),
            m => format!(" - {}", -m),
        };
        let (text, message, passed) = match self.roll.evaluate(&faces)? {
            ConfrontationResult::Fumble => (
                format!("{} test: {dice}{modifier}: a fumble, fails", self.label),
                Message::new("conf.log.test.fumble")
                    .text("label", self.label.clone())
                    .text("dice", dice.clone())
                    .text("modifier", modifier.clone()),
                false,
            ),
            ConfrontationResult::Total(t) => {
                let total = t + self.value;
                let passed = total >= self.difficulty;
                (
                    format!(
                        "{} test: {dice}{modifier} + {} {} = {total} {} {}: {}",
                        self.label,
                        self.label,
                        self.value,
                        if passed { ">=" } else { "<" },
                        self.difficulty,
                        if passed { "passes" } else { "fails" }
                    ),
                    Message::new(if passed {
                        "conf.log.test.passes"
                    } else {
                        "conf.log.test.fails"
                    })
                    .text("label", self.label.clone())
                    .text("dice", dice.clone())
                    .text("modifier", modifier)
                    .int("value", self.value)
                    .int("total", total)
                    .int("difficulty", self.difficulty),
                    passed,
                )
            }
        };
        steps.log(LogStep::rule(rule.to_owned(), text).with_message(message));
        Ok(passed)
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
        let faces = self.roll_faces(roller, rule)?;
        // Faces come from the roller and are checked there; a bad chain
        // counts as a failure rather than a panic.
        Ok(self.passes(&faces).unwrap_or(false))
    }

    fn roll_faces<R: Roller + ?Sized>(
        &self,
        roller: &mut R,
        rule: &str,
    ) -> Result<Vec<u32>, R::Error> {
        let mut faces: Vec<u32> = Vec::new();
        loop {
            let rolled: i32 = faces.iter().map(|f| 6.min(*f as i32)).sum();
            let need = (self.need() - rolled).max(2);
            let purpose = if faces.is_empty() {
                format!(
                    "{} test ({} against {}): {need}+ needed",
                    self.label, self.value, self.difficulty
                )
            } else {
                format!("{} test (re-roll after a 6): {need}+ needed", self.label)
            };
            let message = if faces.is_empty() {
                Message::new("conf.roll.characteristic")
                    .text("label", self.label.clone())
                    .int("value", self.value)
                    .int("difficulty", self.difficulty)
                    .int("need", need)
            } else {
                Message::new("conf.roll.characteristic_reroll")
                    .text("label", self.label.clone())
                    .int("need", need)
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
                return Ok(faces);
            }
        }
    }
}
