//! A single die.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{DiceError, Dist};

/// A fair die with faces `1..=sides`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct Die {
    sides: u32,
}

impl Die {
    /// The six-sided die used by WFB, Warmaster, Confrontation and 40K.
    pub const D6: Die = Die { sides: 6 };
    /// The twenty-sided die of Warheim.
    pub const D20: Die = Die { sides: 20 };

    /// A die with `sides` faces; at least 2.
    pub fn new(sides: u32) -> Result<Self, DiceError> {
        if sides < 2 {
            return Err(DiceError::InvalidDie { sides });
        }
        Ok(Self { sides })
    }

    /// Number of faces.
    pub fn sides(self) -> u32 {
        self.sides
    }

    /// Whether `value` is a face of this die.
    pub fn has_face(self, value: u32) -> bool {
        (1..=self.sides).contains(&value)
    }

    /// Checks a typed-in value, naming the purpose of the roll on error.
    pub fn check_face(self, value: u32, purpose: &str) -> Result<u32, DiceError> {
        if self.has_face(value) {
            Ok(value)
        } else {
            Err(DiceError::FaceOutOfRange {
                purpose: purpose.to_owned(),
                die: self,
                value,
            })
        }
    }

    /// The uniform distribution over the faces.
    pub fn dist(self) -> Dist<u32> {
        Dist::uniform(1..=self.sides)
    }
}

impl TryFrom<u32> for Die {
    type Error = DiceError;
    fn try_from(sides: u32) -> Result<Self, Self::Error> {
        Die::new(sides)
    }
}

impl From<Die> for u32 {
    fn from(die: Die) -> u32 {
        die.sides
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "D{}", self.sides)
    }
}
