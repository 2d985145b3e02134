//! Warheim's D20 roll-under test (H1) and armour save (H4).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::check_range;
use feldherr_dice::{DiceError, Die, Dist, RollRequest, Roller};

use super::single;

/// The result of a Warheim D20 test; ordered fail < success < crit, and
/// successes by their (modified) roll, as opposed rolls compare them (H3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum D20Result {
    /// The roll is above the value.
    Fail,
    /// A success with its modified roll (roll plus any excess over 20).
    Success(i32),
    /// An automatic success, with its modified roll.
    Crit(i32),
}

impl D20Result {
    /// Whether the test succeeded (a crit included).
    pub fn succeeded(self) -> bool {
        !matches!(self, D20Result::Fail)
    }
}

impl fmt::Display for D20Result {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            D20Result::Fail => f.write_str("fail"),
            D20Result::Success(r) => write!(f, "success ({r})"),
            D20Result::Crit(r) => write!(f, "crit ({r})"),
        }
    }
}

/// A D20 test against a (modified) value v (H1): for v <= 20 a roll under v
/// succeeds, a roll equal to v is a crit, a roll above fails. For v > 20 the
/// excess e = v - 20 is added to the roll: every roll succeeds and
/// roll + e >= 20 is a crit.
///
/// ```
/// use feldherr_warheim::d20::{D20Test, D20Result::*};
/// let t = D20Test::new(17)?;
/// assert_eq!(t.evaluate(16)?, Success(16));
/// assert_eq!(t.evaluate(17)?, Crit(17));
/// assert_eq!(t.evaluate(18)?, Fail);
/// // H1: value 25: 15 to 20 are crits, a 1 counts as 6.
/// let high = D20Test::new(25)?;
/// assert_eq!(high.evaluate(1)?, Success(6));
/// assert_eq!(high.evaluate(15)?, Crit(20));
/// # Ok::<(), feldherr_dice::DiceError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct D20Test {
    value: i32,
}

impl D20Test {
    /// A test against the modified `value` (see [`super::modified_value`]).
    pub fn new(value: i32) -> Result<Self, DiceError> {
        check_range("value", value.into(), -40, 60, "-40 to 60")?;
        Ok(Self { value })
    }

    /// The value tested against.
    pub fn value(self) -> i32 {
        self.value
    }

    /// The result of a rolled face.
    pub fn evaluate(self, face: u32) -> Result<D20Result, DiceError> {
        Die::D20.check_face(face, "D20 test")?;
        let roll = face as i32;
        Ok(if self.value > 20 {
            let modified = roll + (self.value - 20);
            if modified >= 20 {
                D20Result::Crit(modified)
            } else {
                D20Result::Success(modified)
            }
        } else if roll < self.value {
            D20Result::Success(roll)
        } else if roll == self.value {
            D20Result::Crit(roll)
        } else {
            D20Result::Fail
        })
    }

    /// Exact odds of every result.
    pub fn distribution(self) -> Dist<D20Result> {
        Die::D20
            .dist()
            .map(|&f| self.evaluate(f).unwrap_or(D20Result::Fail))
    }

    /// Odds of fail / success / crit only.
    pub fn summary(self) -> Dist<&'static str> {
        self.distribution().map(|r| match r {
            D20Result::Fail => "fail",
            D20Result::Success(_) => "success",
            D20Result::Crit(_) => "crit",
        })
    }

    /// Rolls the test.
    pub fn roll<R: Roller + ?Sized>(
        self,
        roller: &mut R,
        purpose: &str,
    ) -> Result<D20Result, R::Error> {
        let request = RollRequest::new(1, Die::D20, purpose)
            .rule("H1")
            .odds_if(roller.wants_odds(), || self.summary().odds_lines());
        let faces = roller.roll(request)?;
        Ok(self.evaluate(single(&faces, purpose)?)?)
    }
}

/// The result of a Warheim armour save.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SaveResult {
    /// The hit goes through and costs this many T.
    Lost(u32),
    /// The armour stops the hit.
    Stopped,
}

impl fmt::Display for SaveResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveResult::Stopped => f.write_str("stopped"),
            SaveResult::Lost(t) => write!(f, "-{t} T"),
        }
    }
}

/// A Warheim save (H4): D20 against attack strength minus Arm; a roll at or
/// above it stops the hit, otherwise the target loses as many T as the roll
/// fell short.
///
/// ```
/// use feldherr_warheim::d20::{D20Save, SaveResult};
/// let save = D20Save::new(15, 1)?; // H4 example: 15 - 1 = 14
/// assert_eq!(save.evaluate(17)?, SaveResult::Stopped);
/// assert_eq!(save.evaluate(8)?, SaveResult::Lost(6));
/// # Ok::<(), feldherr_dice::DiceError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct D20Save {
    target: i32,
}

impl D20Save {
    /// A save against a hit of `strength` by a model with armour `arm`.
    pub fn new(strength: i32, arm: i32) -> Result<Self, DiceError> {
        check_range("attack strength", strength.into(), 0, 60, "0 to 60")?;
        check_range("Arm", arm.into(), 0, 40, "0 to 40")?;
        Ok(Self {
            target: strength - arm,
        })
    }

    /// The number to reach.
    pub fn target(self) -> i32 {
        self.target
    }

    /// The result of a rolled face.
    pub fn evaluate(self, face: u32) -> Result<SaveResult, DiceError> {
        Die::D20.check_face(face, "save")?;
        let roll = face as i32;
        Ok(if roll >= self.target {
            SaveResult::Stopped
        } else {
            SaveResult::Lost((self.target - roll).unsigned_abs())
        })
    }

    /// Exact odds.
    pub fn distribution(self) -> Dist<SaveResult> {
        Die::D20
            .dist()
            .map(|&f| self.evaluate(f).unwrap_or(SaveResult::Stopped))
    }

    /// Rolls the save.
    pub fn roll<R: Roller + ?Sized>(
        self,
        roller: &mut R,
        purpose: &str,
    ) -> Result<SaveResult, R::Error> {
        let request = RollRequest::new(1, Die::D20, purpose)
            .rule("H4")
            .odds_if(roller.wants_odds(), || self.distribution().odds_lines());
        let faces = roller.roll(request)?;
        Ok(self.evaluate(single(&faces, purpose)?)?)
    }
}
