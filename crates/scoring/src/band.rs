//! One band of a [`BandTable`](crate::BandTable).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A range of absolute victory-point differences and the event points it
/// gives to the winner and to the loser.
///
/// Both bounds are inclusive; `max: None` makes the band open-ended (only
/// allowed for the last band of a table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    /// Smallest difference in the band.
    pub min: u64,
    /// Largest difference in the band; `None`: no upper bound.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u64>,
    /// Event points for the side with more victory points.
    pub winner: u32,
    /// Event points for the side with fewer victory points.
    pub loser: u32,
}

impl Band {
    /// A band from `min` to `max` (inclusive).
    pub const fn closed(min: u64, max: u64, winner: u32, loser: u32) -> Self {
        Self {
            min,
            max: Some(max),
            winner,
            loser,
        }
    }

    /// An open-ended band from `min` on.
    pub const fn open(min: u64, winner: u32, loser: u32) -> Self {
        Self {
            min,
            max: None,
            winner,
            loser,
        }
    }

    /// Whether `difference` lies in this band.
    pub fn contains(&self, difference: u64) -> bool {
        difference >= self.min && self.max.is_none_or(|max| difference <= max)
    }
}

/// Shows the range: `400-599`, or `1300+` for an open-ended band.
impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.max {
            Some(max) => write!(f, "{}-{max}", self.min),
            None => write!(f, "{}+", self.min),
        }
    }
}
