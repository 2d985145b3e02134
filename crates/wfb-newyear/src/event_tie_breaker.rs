//! The event's optional tie-breakers (N7).

use std::fmt;

use feldherr_scoring::TieBreaker;
use serde::{Deserialize, Serialize};

/// A tie-breaker the organiser may choose (N7); the chosen ones apply in
/// the order given and are saved with the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventTieBreaker {
    /// Own VP minus the opponent's VP (standards bonus included), summed
    /// over both battle games; higher is better.
    VpDifference,
    /// Treasures recovered in the New Year scenario; more is better.
    TreasuresRecovered,
    /// Sled race placing; better (lower) placing wins. Players who did not
    /// finish or start share the place after the last finisher.
    SledPlacing,
}

impl EventTieBreaker {
    /// All three, in the order N7 lists them.
    pub const ALL: [Self; 3] = [
        Self::VpDifference,
        Self::TreasuresRecovered,
        Self::SledPlacing,
    ];

    /// Key of the value in the standings (`vp_difference`, ...).
    pub const fn key(self) -> &'static str {
        match self {
            Self::VpDifference => "vp_difference",
            Self::TreasuresRecovered => "treasures_recovered",
            Self::SledPlacing => "sled_placing",
        }
    }

    /// The generic tie-breaker used by the standings.
    pub fn tie_breaker(self) -> TieBreaker {
        match self {
            Self::VpDifference | Self::TreasuresRecovered => {
                TieBreaker::higher(self.key(), self.to_string())
            }
            Self::SledPlacing => TieBreaker::lower(self.key(), self.to_string()),
        }
    }
}

/// `VP difference`, `treasures`, `sled placing`.
impl fmt::Display for EventTieBreaker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::VpDifference => "VP difference",
            Self::TreasuresRecovered => "treasures",
            Self::SledPlacing => "sled placing",
        })
    }
}
