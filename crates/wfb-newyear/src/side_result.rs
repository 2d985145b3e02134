//! One side's result of a battle game, as entered by the players.

use serde::{Deserialize, Serialize};

/// What one side reports after a battle game: victory points before the
/// standards bonus, standards captured and (New Year scenario only)
/// treasures recovered. All whole numbers, 0 or more; they are signed so
/// that a negative entry gets an error naming its field.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideResult {
    /// Victory points as usual, before the +100 for more standards (N2).
    pub victory_points: i64,
    /// Enemy standards captured.
    pub standards_captured: i64,
    /// Treasures recovered by this side's units (N3, N5); 0 in
    /// Raeuber-Warhammer.
    #[serde(default)]
    pub treasures_recovered: i64,
}

impl SideResult {
    /// A result without treasures.
    pub const fn new(victory_points: i64, standards_captured: i64) -> Self {
        Self {
            victory_points,
            standards_captured,
            treasures_recovered: 0,
        }
    }

    /// The same result with treasures recovered.
    #[must_use]
    pub const fn with_treasures(mut self, treasures_recovered: i64) -> Self {
        self.treasures_recovered = treasures_recovered;
        self
    }
}
