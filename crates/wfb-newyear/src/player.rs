//! A registered player.

use serde::{Deserialize, Serialize};

use crate::DroppedAfter;

/// Army size of the event by default (N7); the event's own setting is
/// [`crate::Event::army_size`].
pub const DEFAULT_ARMY_POINTS: u32 = 1500;

fn default_army_points() -> u32 {
    DEFAULT_ARMY_POINTS
}

/// A player of the event. One army plays all three games (N7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// Unique internal id, used in pairings and the race result; stable
    /// when the name changes, never shown to the user.
    pub id: String,
    /// Full name.
    pub name: String,
    /// Club.
    #[serde(default)]
    pub club: String,
    /// Army (Dwarfs, Empire, ...).
    #[serde(default)]
    pub army: String,
    /// The army's points; 1500 by default (N7); at most the event's army
    /// size.
    #[serde(default = "default_army_points")]
    pub army_points: u32,
    /// Whether the army has a character on foot to drive in the sled race;
    /// without one the player does not start (N6).
    pub character_on_foot: bool,
    /// Dropped out: gets no new pairing and keeps his results; shown as
    /// dropped in the standings (P22). Saved only when set (schema 2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dropped: bool,
    /// When he dropped out ("after game 1"), recorded when he is marked as
    /// dropped (PN5); `None` for a player still in, and for a drop-out
    /// saved before schema 3. Saved only when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dropped_after: Option<DroppedAfter>,
}

impl Player {
    /// A player with a 1500-point army.
    pub fn new(
        id: impl Into<String>,
        name: impl Into<String>,
        club: impl Into<String>,
        army: impl Into<String>,
        character_on_foot: bool,
    ) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
            club: club.into(),
            army: army.into(),
            army_points: DEFAULT_ARMY_POINTS,
            character_on_foot,
            dropped: false,
            dropped_after: None,
        }
    }
}
