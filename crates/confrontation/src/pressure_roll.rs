//! Pressure (steam) and injection (naphtha) rolls (C9).

use std::fmt;

use serde::{Deserialize, Serialize};

use feldherr_dice::step::Message;
use feldherr_dice::{DiceError, Die, Dist, RollRequest, Roller};

use crate::error::check_dice_range as check_range;

/// The result of a pressure or injection roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PressureResult {
    /// No bonus: roll on the incident table.
    Incident,
    /// The bonus to the boosted characteristic.
    Bonus(u32),
}

impl fmt::Display for PressureResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PressureResult::Incident => f.write_str("incident"),
            PressureResult::Bonus(b) => write!(f, "+{b}"),
        }
    }
}

/// A pressure or injection roll of one or more D6 (C9): never re-rolled
/// after a 6; any die showing 1 (1 or 2 with the "cracked" marker) is an
/// incident and gives no bonus; with a damaged valve, 5s and 6s add nothing.
///
/// ```
/// use feldherr_confrontation::{PressureRoll, PressureResult};
/// let roll = PressureRoll::new(1)?;
/// assert_eq!(roll.evaluate(&[6])?, PressureResult::Bonus(6));
/// assert_eq!(roll.evaluate(&[1])?, PressureResult::Incident);
/// assert_eq!(roll.cracked().evaluate(&[2])?, PressureResult::Incident);
/// assert_eq!(roll.damaged_valve().evaluate(&[5])?, PressureResult::Bonus(0));
/// # Ok::<(), feldherr_dice::DiceError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PressureRoll {
    dice: u32,
    cracked: bool,
    damaged_valve: bool,
}

impl PressureRoll {
    /// A roll of `dice` D6 (1 unless the card says more).
    pub fn new(dice: u32) -> Result<Self, DiceError> {
        check_range("pressure dice", dice.into(), 1, 6, "1 to 6")?;
        Ok(Self {
            dice,
            cracked: false,
            damaged_valve: false,
        })
    }

    /// With the "cracked structure" marker: 1 and 2 are incidents.
    pub fn cracked(self) -> Self {
        Self {
            cracked: true,
            ..self
        }
    }

    /// With the "damaged valve" marker: 5 and 6 give no bonus.
    pub fn damaged_valve(self) -> Self {
        Self {
            damaged_valve: true,
            ..self
        }
    }

    /// Number of dice rolled.
    pub fn dice(self) -> u32 {
        self.dice
    }

    fn face_value(self, face: u32) -> Option<u32> {
        if face == 1 || (self.cracked && face == 2) {
            None
        } else if self.damaged_valve && face >= 5 {
            Some(0)
        } else {
            Some(face)
        }
    }

    /// The result of the rolled faces.
    pub fn evaluate(self, faces: &[u32]) -> Result<PressureResult, DiceError> {
        RollRequest::new(self.dice as usize, Die::D6, "pressure roll").check(faces)?;
        let mut bonus = 0;
        for &face in faces {
            match self.face_value(face) {
                None => return Ok(PressureResult::Incident),
                Some(v) => bonus += v,
            }
        }
        Ok(PressureResult::Bonus(bonus))
    }

    /// Exact odds.
    pub fn distribution(self) -> Dist<PressureResult> {
        let one = Die::D6.dist().map(|&f| self.face_value(f));
        let all = (0..self.dice).fold(Dist::certain(Some(0)), |acc, _| {
            acc.product(&one, |a, b| match (a, b) {
                (Some(a), Some(b)) => Some(a + b),
                _ => None,
            })
        });
        all.map(|v| match v {
            None => PressureResult::Incident,
            Some(b) => PressureResult::Bonus(*b),
        })
    }

    /// Rolls it; the purpose is untranslated text (see
    /// [`PressureRoll::roll_as`]).
    pub fn roll<R: Roller + ?Sized>(
        self,
        roller: &mut R,
        purpose: &str,
    ) -> Result<PressureResult, R::Error> {
        self.roll_as(roller, purpose, Message::verbatim(purpose))
    }

    /// Rolls it, with the purpose also as a catalogue message.
    pub fn roll_as<R: Roller + ?Sized>(
        self,
        roller: &mut R,
        purpose: &str,
        message: Message,
    ) -> Result<PressureResult, R::Error> {
        let request = RollRequest::new(self.dice as usize, Die::D6, purpose)
            .rule("C9")
            .with_message(message)
            .odds_if(roller.wants_odds(), || self.distribution().odds_lines());
        let faces = roller.roll(request)?;
        Ok(self.evaluate(&faces)?)
    }
}
