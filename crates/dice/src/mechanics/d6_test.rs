//! D6 tests in which a natural 6 passes and a natural 1 fails.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::check_range;
use crate::{DiceError, Die, Dist, RollRequest, Roller};

/// Passed or failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TestResult {
    /// The test failed.
    Failed,
    /// The test passed.
    Passed,
}

impl TestResult {
    /// Whether it passed.
    pub fn passed(self) -> bool {
        self == TestResult::Passed
    }

    pub(crate) fn from_bool(passed: bool) -> Self {
        if passed {
            TestResult::Passed
        } else {
            TestResult::Failed
        }
    }
}

impl fmt::Display for TestResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TestResult::Passed => "passed",
            TestResult::Failed => "failed",
        })
    }
}

/// A D6 test against a target number ("3+") with a modifier on the roll.
/// A natural 6 always passes and a natural 1 always fails (the shape of
/// the Warhammer to-hit and to-wound rolls).
///
/// ```
/// use feldherr_dice::mechanics::D6Test;
/// // 3+ to hit with -2 on the roll.
/// let kick = D6Test::new(3, -2)?;
/// assert!(!kick.evaluate(4)?.passed());
/// assert!(kick.evaluate(5)?.passed());
/// assert!(kick.evaluate(6)?.passed());
/// assert!((kick.distribution().prob_of(&feldherr_dice::mechanics::TestResult::Passed) - 2.0 / 6.0).abs() < 1e-15);
/// # Ok::<(), feldherr_dice::DiceError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct D6Test {
    target: i32,
    modifier: i32,
}

impl D6Test {
    /// A test that passes on `target`+ after adding `modifier` to the roll.
    pub fn new(target: i32, modifier: i32) -> Result<Self, DiceError> {
        check_range("target", target.into(), 1, 20, "1 to 20")?;
        check_range("modifier", modifier.into(), -20, 20, "-20 to 20")?;
        Ok(Self { target, modifier })
    }

    /// The target number.
    pub fn target(self) -> i32 {
        self.target
    }

    /// The modifier added to the roll.
    pub fn modifier(self) -> i32 {
        self.modifier
    }

    /// The result of a rolled face.
    pub fn evaluate(self, face: u32) -> Result<TestResult, DiceError> {
        Die::D6.check_face(face, "D6 test")?;
        Ok(TestResult::from_bool(match face {
            6 => true,
            1 => false,
            _ => face as i32 + self.modifier >= self.target,
        }))
    }

    /// Exact odds.
    pub fn distribution(self) -> Dist<TestResult> {
        Die::D6
            .dist()
            .map(|&f| self.evaluate(f).unwrap_or(TestResult::Failed))
    }

    /// Rolls the test.
    pub fn roll<R: Roller + ?Sized>(
        self,
        roller: &mut R,
        purpose: &str,
    ) -> Result<TestResult, R::Error> {
        let request = RollRequest::new(1, Die::D6, purpose)
            .odds_if(roller.wants_odds(), || self.distribution().odds_lines());
        let face = roller.roll_one(request)?;
        Ok(self.evaluate(face)?)
    }
}
