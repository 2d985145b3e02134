//! Stable ids for the things a resolution refers to.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A stable id of a machine, figure, sled, unit or resolution within one
/// game. Ids are never renumbered: removing one thing leaves every other
/// id as it was, so saved references stay true.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Id(pub u64);

impl Id {
    /// The id after the largest of `ids` (1 when there is none).
    ///
    /// ```
    /// use feldherr_play::Id;
    /// assert_eq!(Id::next_after([Id(3), Id(1)]), Id(4));
    /// assert_eq!(Id::next_after([]), Id(1));
    /// ```
    pub fn next_after(ids: impl IntoIterator<Item = Id>) -> Id {
        Id(ids
            .into_iter()
            .map(|id| id.0)
            .max()
            .unwrap_or(0)
            .saturating_add(1))
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
