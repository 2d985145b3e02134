//! 2D6 equal-or-under tests (Warmaster command, 40K leadership).

use serde::{Deserialize, Serialize};

use crate::error::check_range;
use crate::{DiceError, Die, Dist, RollRequest, Roller};

use super::TestResult;

/// Roll 2D6; a total equal to or under the value passes.
///
/// ```
/// use feldherr_dice::mechanics::TwoD6Test;
/// let leadership = TwoD6Test::new(7)?;
/// assert!(leadership.evaluate(&[3, 4])?.passed());
/// assert!(!leadership.evaluate(&[4, 4])?.passed());
/// assert!((leadership.distribution().prob_of(&feldherr_dice::mechanics::TestResult::Passed) - 21.0 / 36.0).abs() < 1e-15);
/// # Ok::<(), feldherr_dice::DiceError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TwoD6Test {
    value: i32,
}

impl TwoD6Test {
    /// A test against the (modified) `value`, e.g. Leadership 8 - 1.
    pub fn new(value: i32) -> Result<Self, DiceError> {
        check_range("value", value.into(), -20, 30, "-20 to 30")?;
        Ok(Self { value })
    }

    /// The value tested against.
    pub fn value(self) -> i32 {
        self.value
    }

    /// The result of two rolled faces.
    pub fn evaluate(self, faces: &[u32]) -> Result<TestResult, DiceError> {
        let request = RollRequest::new(2, Die::D6, "2D6 test");
        request.check(faces)?;
        let total: u32 = faces.iter().sum();
        Ok(TestResult::from_bool(total as i32 <= self.value))
    }

    /// Exact odds.
    pub fn distribution(self) -> Dist<TestResult> {
        Dist::sum_of(2, Die::D6).map(|&t| TestResult::from_bool(t as i32 <= self.value))
    }

    /// Rolls the test.
    pub fn roll<R: Roller + ?Sized>(
        self,
        roller: &mut R,
        purpose: &str,
    ) -> Result<TestResult, R::Error> {
        let request = RollRequest::new(2, Die::D6, purpose)
            .odds_if(roller.wants_odds(), || self.distribution().odds_lines());
        let faces = roller.roll(request)?;
        Ok(self.evaluate(&faces)?)
    }
}
