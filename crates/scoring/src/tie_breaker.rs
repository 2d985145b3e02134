//! Tie-breakers for [`Standings`](crate::Standings).

use serde::{Deserialize, Serialize};

/// Which end of a tie-breaker's values ranks higher.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Better {
    /// A higher value ranks higher (VP difference, treasures).
    Higher,
    /// A lower value ranks higher (a placing: 1st beats 2nd).
    Lower,
}

/// A named numeric key that separates competitors with equal totals. The
/// caller supplies each competitor's value under [`TieBreaker::key`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TieBreaker {
    /// Key of the value in [`Competitor::tie_values`](crate::Competitor::tie_values).
    pub key: String,
    /// Name shown to the user ("VP difference").
    pub label: String,
    /// Whether higher or lower values rank higher.
    pub better: Better,
}

impl TieBreaker {
    /// A tie-breaker where higher values rank higher.
    pub fn higher(key: impl Into<String>, label: impl Into<String>) -> Self {
        Self {
            key: key.into(),
            label: label.into(),
            better: Better::Higher,
        }
    }

    /// A tie-breaker where lower values rank higher.
    pub fn lower(key: impl Into<String>, label: impl Into<String>) -> Self {
        Self {
            key: key.into(),
            label: label.into(),
            better: Better::Lower,
        }
    }
}
