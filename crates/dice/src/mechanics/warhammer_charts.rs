//! The Warhammer to-hit and to-wound charts and armour saves.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::check_range;
use crate::{DiceError, Die, Dist, RollRequest, Roller};

/// The D6 score needed to hit in close combat, weapon skill against weapon
/// skill (Warhammer chart): 3+ if the attacker's WS is higher, 5+ if the
/// defender's is more than twice the attacker's, 4+ otherwise.
///
/// ```
/// use feldherr_dice::mechanics::to_hit_target;
/// assert_eq!(to_hit_target(4, 3)?, 3);
/// assert_eq!(to_hit_target(3, 3)?, 4);
/// assert_eq!(to_hit_target(3, 7)?, 5);
/// # Ok::<(), feldherr_dice::DiceError>(())
/// ```
pub fn to_hit_target(attacker_ws: u32, defender_ws: u32) -> Result<u32, DiceError> {
    check_range("attacker WS", attacker_ws.into(), 1, 10, "1 to 10")?;
    check_range("defender WS", defender_ws.into(), 1, 10, "1 to 10")?;
    Ok(if attacker_ws > defender_ws {
        3
    } else if defender_ws > 2 * attacker_ws {
        5
    } else {
        4
    })
}

/// The D6 score needed to wound, strength against toughness (Warhammer
/// chart); `None` where the chart says the hit cannot wound (toughness 4 or
/// more above strength).
///
/// ```
/// use feldherr_dice::mechanics::to_wound_target;
/// assert_eq!(to_wound_target(9, 3)?, Some(2)); // strength 9 against toughness 3
/// assert_eq!(to_wound_target(4, 4)?, Some(4));
/// assert_eq!(to_wound_target(3, 6)?, Some(6));
/// assert_eq!(to_wound_target(3, 7)?, None);
/// # Ok::<(), feldherr_dice::DiceError>(())
/// ```
pub fn to_wound_target(strength: u32, toughness: u32) -> Result<Option<u32>, DiceError> {
    check_range("strength", strength.into(), 1, 100, "at least 1")?;
    check_range("toughness", toughness.into(), 1, 10, "1 to 10")?;
    let difference = strength as i64 - toughness as i64;
    Ok(match difference {
        d if d >= 2 => Some(2),
        1 => Some(3),
        0 => Some(4),
        -1 => Some(5),
        -3..=-2 => Some(6),
        _ => None,
    })
}

/// Saved or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ArmourSaveOutcome {
    /// The wound goes through.
    NotSaved,
    /// The armour stops it.
    Saved,
}

impl fmt::Display for ArmourSaveOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ArmourSaveOutcome::Saved => "saved",
            ArmourSaveOutcome::NotSaved => "not saved",
        })
    }
}

/// A Warhammer armour save ("4+") worsened by 1 for every point of strength
/// above 3. A natural 1 always fails; a save worsened past 6 cannot
/// be made.
///
/// ```
/// use feldherr_dice::mechanics::ArmourSave;
/// let save = ArmourSave::new(4, 5)?; // 4+ against strength 5: 6+
/// assert_eq!(save.required(), Some(6));
/// assert!(save.evaluate(6)?);
/// assert!(!save.evaluate(5)?);
/// assert_eq!(ArmourSave::new(5, 6)?.required(), None);
/// # Ok::<(), feldherr_dice::DiceError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmourSave {
    save: u32,
    strength: u32,
}

impl ArmourSave {
    /// An armour save of `save`+ against a hit of `strength`.
    pub fn new(save: u32, strength: u32) -> Result<Self, DiceError> {
        check_range("armour save", save.into(), 1, 6, "1+ to 6+")?;
        check_range("strength", strength.into(), 1, 100, "at least 1")?;
        Ok(Self { save, strength })
    }

    /// The score needed after the strength modifier, or `None` if no roll
    /// can save. A 1+ save still fails on a natural 1.
    pub fn required(self) -> Option<u32> {
        let required = self.save.max(2) + self.strength.saturating_sub(3);
        (required <= 6).then_some(required)
    }

    /// Whether a rolled face saves.
    pub fn evaluate(self, face: u32) -> Result<bool, DiceError> {
        Die::D6.check_face(face, "armour save")?;
        Ok(self.required().is_some_and(|r| face >= r))
    }

    /// Exact odds.
    pub fn distribution(self) -> Dist<ArmourSaveOutcome> {
        Die::D6.dist().map(|&f| {
            if self.evaluate(f).unwrap_or(false) {
                ArmourSaveOutcome::Saved
            } else {
                ArmourSaveOutcome::NotSaved
            }
        })
    }

    /// Rolls the save; returns whether it saved.
    pub fn roll<R: Roller + ?Sized>(self, roller: &mut R, purpose: &str) -> Result<bool, R::Error> {
        let request = RollRequest::new(1, Die::D6, purpose)
            .odds_if(roller.wants_odds(), || self.distribution().odds_lines());
        let face = roller.roll_one(request)?;
        Ok(self.evaluate(face)?)
    }
}
