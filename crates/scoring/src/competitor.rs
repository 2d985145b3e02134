//! One entry of [`Standings`](crate::Standings).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A player (or team) with points per game and the values of the
/// tie-breakers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Competitor {
    /// Unique id.
    pub id: String,
    /// Name shown to the user.
    pub name: String,
    /// Points per game, in game order; the total is their sum.
    pub game_points: Vec<i64>,
    /// Tie-breaker values by [`TieBreaker::key`](crate::TieBreaker::key).
    /// Keys without a tie-breaker are ignored.
    #[serde(default)]
    pub tie_values: BTreeMap<String, f64>,
}

impl Competitor {
    /// A competitor without tie-breaker values.
    pub fn new(id: impl Into<String>, name: impl Into<String>, game_points: Vec<i64>) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
            game_points,
            tie_values: BTreeMap::new(),
        }
    }

    /// Sets the value of a tie-breaker.
    #[must_use]
    pub fn with_tie_value(mut self, key: impl Into<String>, value: f64) -> Self {
        self.tie_values.insert(key.into(), value);
        self
    }
}
