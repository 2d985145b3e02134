//! Warhammer characteristic tests: roll equal to or under the value.

use serde::{Deserialize, Serialize};

use crate::error::check_range;
use crate::{DiceError, Die, Dist, RollRequest, Roller};

use super::TestResult;

/// A Warhammer characteristic test: D6 equal to or under the (modified)
/// value passes, a natural 6 always fails (as in a Warhammer Initiative test).
///
/// ```
/// use feldherr_dice::mechanics::CharacteristicTest;
/// // Initiative 4, speed 5 (-2), turn of 40 degrees (-1): modified 1.
/// let test = CharacteristicTest::new(4 - 2 - 1)?;
/// assert!(test.evaluate(1)?.passed());
/// assert!(!test.evaluate(2)?.passed());
/// assert!(!CharacteristicTest::new(9)?.evaluate(6)?.passed());
/// # Ok::<(), feldherr_dice::DiceError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharacteristicTest {
    value: i32,
}

impl CharacteristicTest {
    /// A test against the modified characteristic `value` (may be 0 or
    /// negative after modifiers: then it cannot pass).
    pub fn new(value: i32) -> Result<Self, DiceError> {
        check_range("characteristic", value.into(), -20, 20, "-20 to 20")?;
        Ok(Self { value })
    }

    /// The modified value tested against.
    pub fn value(self) -> i32 {
        self.value
    }

    /// The result of a rolled face.
    pub fn evaluate(self, face: u32) -> Result<TestResult, DiceError> {
        Die::D6.check_face(face, "characteristic test")?;
        Ok(TestResult::from_bool(
            face != 6 && face as i32 <= self.value,
        ))
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
