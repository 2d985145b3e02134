//! Players and their armies: named units with model counts, Leadership
//! and Initiative, as far as the free-for-all rules need them.

use crate::refusal::{invalid, refused, say};
use feldherr_play::{Id, PlayError};
use serde::{Deserialize, Serialize};

/// The fewest players of a free-for-all game (the text: three or four).
pub const MIN_PLAYERS: usize = 3;
/// The most players of a free-for-all game.
pub const MAX_PLAYERS: usize = 4;
/// The most units one army may list (bounds the work of a combat).
pub const MAX_UNITS: usize = 100;
/// The most models one unit may have.
pub const MAX_MODELS: u32 = 500;

/// A player's seat: 0 for the first player entered, shown as 1-based.
pub type Seat = usize;

/// One unit of an army.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitProfile {
    /// Stable id within the game (never renumbered).
    pub id: Id,
    /// The unit's name, e.g. "Taktischer Trupp".
    pub name: String,
    /// Number of models (at least 1).
    pub models: u32,
    /// Leadership (Moralwert), 1 to 10.
    pub leadership: u8,
    /// Initiative, 1 to 10.
    pub initiative: u8,
}

impl UnitProfile {
    /// A checked unit profile.
    ///
    /// # Errors
    /// [`PlayError::Invalid`] naming the field: an empty name, no models or
    /// more than [`MAX_MODELS`], Leadership or Initiative outside 1 to 10.
    pub fn new(
        id: Id,
        name: impl Into<String>,
        models: u32,
        leadership: u8,
        initiative: u8,
    ) -> Result<Self, PlayError> {
        let unit = Self {
            id,
            name: name.into(),
            models,
            leadership,
            initiative,
        };
        unit.check("unit")?;
        Ok(unit)
    }

    /// Checks the profile; `path` names it in errors.
    pub(crate) fn check(&self, path: &str) -> Result<(), PlayError> {
        if self.name.trim().is_empty() {
            return Err(invalid(
                format!("{path}.name"),
                format!("{:?}", self.name),
                say("army.unit_needs_name"),
            ));
        }
        if self.models == 0 || self.models > MAX_MODELS {
            return Err(invalid(
                format!("{path}.models"),
                self.models,
                say("army.unit_has_1_models").text("max_models", MAX_MODELS.to_string()),
            ));
        }
        for (field, value) in [
            ("leadership", self.leadership),
            ("initiative", self.initiative),
        ] {
            if !(1..=10).contains(&value) {
                return Err(invalid(
                    format!("{path}.{field}"),
                    value,
                    say("army.must_1_10"),
                ));
            }
        }
        Ok(())
    }
}

/// One player and his army.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// The player's name as the organiser knows him.
    pub name: String,
    /// His units.
    #[serde(default)]
    pub army: Vec<UnitProfile>,
}

impl Player {
    /// A player with no units yet.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            army: Vec::new(),
        }
    }

    /// The player with `units`.
    #[must_use]
    pub fn with_army(mut self, units: Vec<UnitProfile>) -> Self {
        self.army = units;
        self
    }

    /// His unit with id `id`.
    pub fn unit(&self, id: Id) -> Option<&UnitProfile> {
        self.army.iter().find(|u| u.id == id)
    }
}

/// Checks a list of players: three or four, each named (names distinct),
/// each army within bounds, unit ids unique across the game.
///
/// # Errors
/// [`PlayError::Refused`] for two or five players (and any other count
/// than three or four), [`PlayError::Invalid`] naming the field otherwise.
pub fn check_players(players: &[Player]) -> Result<(), PlayError> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players.len()) {
        return Err(refused(
            say("army.free_all_played_three_four").text("players_len", players.len().to_string()),
            None,
        ));
    }
    let mut ids = std::collections::BTreeSet::new();
    for (seat, player) in players.iter().enumerate() {
        let path = format!("players[{seat}]");
        if player.name.trim().is_empty() {
            return Err(invalid(
                format!("{path}.name"),
                format!("{:?}", player.name),
                say("army.player_needs_name"),
            ));
        }
        if players[..seat].iter().any(|p| p.name == player.name) {
            return Err(invalid(
                format!("{path}.name"),
                &player.name,
                say("army.two_players_have_name"),
            ));
        }
        if player.army.len() > MAX_UNITS {
            return Err(invalid(
                format!("{path}.army"),
                player.army.len(),
                say("army.army_lists_most_units").text("max_units", MAX_UNITS.to_string()),
            ));
        }
        for (i, unit) in player.army.iter().enumerate() {
            unit.check(&format!("{path}.army[{i}]"))?;
            if !ids.insert(unit.id) {
                return Err(invalid(
                    format!("{path}.army[{i}].id"),
                    unit.id,
                    say("army.another_unit_has_id"),
                ));
            }
        }
    }
    Ok(())
}
