//! The players of a game: every machine, crew figure and figure belongs to
//! one side.

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

/// Most sides a game may have (a referee desk, not a mass battle).
pub const MAX_SIDES: usize = 8;

/// Longest side name, in characters.
pub const MAX_NAME_CHARS: usize = 60;

/// One player (side) of a game: a stable id and a name for display.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// Its stable id (never renumbered).
    pub id: Id,
    /// The player's name, as shown.
    pub name: String,
}

impl Side {
    /// A side.
    pub fn new(id: Id, name: impl Into<String>) -> Self {
        Self {
            id,
            name: name.into(),
        }
    }
}

/// The sides of a fresh game, and of a game saved before sides existed
/// (PC1): "A" (id 1) and "B" (id 2).
pub fn default_sides() -> Vec<Side> {
    vec![Side::new(Id(1), "A"), Side::new(Id(2), "B")]
}

/// The side everything of a game saved before sides existed belongs to
/// (PC1): side 1.
pub fn first_side() -> Id {
    Id(1)
}
