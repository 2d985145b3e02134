//! Stretches of travel along a path.

use serde::{Deserialize, Serialize};

/// A closed stretch `[enter, leave]` of distance travelled along a path or
/// move, measured from its start in native table units. `enter == leave`
/// marks a single moment of contact (a graze).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    /// Distance travelled when contact begins (0 if it holds at the start).
    pub enter: f64,
    /// Distance travelled when contact ends (the path length if it holds
    /// to the end).
    pub leave: f64,
}

impl Interval {
    /// An interval from its ends.
    #[must_use]
    pub const fn new(enter: f64, leave: f64) -> Interval {
        Interval { enter, leave }
    }

    /// `leave - enter`.
    #[must_use]
    pub fn length(&self) -> f64 {
        self.leave - self.enter
    }

    /// Whether `distance` lies within the interval (ends included).
    #[must_use]
    pub fn contains(&self, distance: f64) -> bool {
        self.enter <= distance && distance <= self.leave
    }

    /// Whether any part of the stretch `[from, to]` (for example one inch of
    /// a move) lies within the interval.
    #[must_use]
    pub fn meets(&self, from: f64, to: f64) -> bool {
        self.enter <= to && from <= self.leave
    }
}
