//! The outnumbering penalty on the Leadership of a testing side (F3).

use crate::refusal::{invalid, say};
use feldherr_play::PlayError;
use serde::{Deserialize, Serialize};

/// One row of the outnumbering table: when the winners' models reach
/// `ratio` times the testing side's (strictly more with `strictly`), the
/// test is taken at `penalty` less Leadership.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutnumberStep {
    /// The ratio winners : testers, at least 1.
    pub ratio: f64,
    /// Whether the winners need strictly more than `ratio` times.
    #[serde(default)]
    pub strictly: bool,
    /// Leadership lost, 0 to 10.
    pub penalty: u8,
}

impl OutnumberStep {
    /// Whether `winners` models against `testers` reach this step.
    pub fn applies(&self, winners: u32, testers: u32) -> bool {
        let needed = self.ratio * f64::from(testers);
        let have = f64::from(winners);
        if self.strictly {
            have > needed
        } else {
            have >= needed
        }
    }
}

/// The editable outnumbering table (F3): game data, saved with the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutnumberTable {
    /// Its rows; the largest penalty among the rows that apply counts.
    pub steps: Vec<OutnumberStep>,
}

impl Default for OutnumberTable {
    /// F3's default: outnumbered -1, at 2:1 or more -2, at 3:1 or more -3.
    fn default() -> Self {
        Self {
            steps: vec![
                OutnumberStep {
                    ratio: 1.0,
                    strictly: true,
                    penalty: 1,
                },
                OutnumberStep {
                    ratio: 2.0,
                    strictly: false,
                    penalty: 2,
                },
                OutnumberStep {
                    ratio: 3.0,
                    strictly: false,
                    penalty: 3,
                },
            ],
        }
    }
}

impl OutnumberTable {
    /// The most rows a table may have.
    pub const MAX_STEPS: usize = 20;

    /// Checks every row: a finite ratio of at least 1 (strictly more at
    /// exactly 1), a penalty of 0 to 10.
    ///
    /// # Errors
    /// [`PlayError::Invalid`] naming the row and field.
    pub fn check(&self) -> Result<(), PlayError> {
        if self.steps.len() > Self::MAX_STEPS {
            return Err(invalid(
                "outnumbering.steps",
                self.steps.len(),
                say("outnumbering.table_has_most_rows")
                    .text("self_max_steps", Self::MAX_STEPS.to_string()),
            ));
        }
        for (i, step) in self.steps.iter().enumerate() {
            if !step.ratio.is_finite() || step.ratio < 1.0 || (step.ratio == 1.0 && !step.strictly)
            {
                return Err(invalid(
                    format!("outnumbering.steps[{i}].ratio"),
                    step.ratio,
                    say("outnumbering.side_outnumbered_only_more_models"),
                ));
            }
            if step.penalty > 10 {
                return Err(invalid(
                    format!("outnumbering.steps[{i}].penalty"),
                    step.penalty,
                    say("outnumbering.penalty_0_10"),
                ));
            }
        }
        Ok(())
    }

    /// The penalty for a side of `testers` models against `winners`.
    /// A side with no model left is not compared (penalty 0).
    pub fn penalty(&self, winners: u32, testers: u32) -> u8 {
        if testers == 0 {
            return 0;
        }
        self.steps
            .iter()
            .filter(|s| s.applies(winners, testers))
            .map(|s| s.penalty)
            .max()
            .unwrap_or(0)
    }
}

/// Which winning models a testing side is compared with when several
/// sides tie for the win (F3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeveralWinners {
    /// The largest winning side (default).
    #[default]
    LargestSide,
    /// All winning sides together (option).
    AllTogether,
}
