//! Settings saved with the game: game size, scenario rules, turn limit,
//! the clock and the optional Guardians rules (W2, W6, W9, W11).

use serde::{Deserialize, Serialize};

use crate::WarmasterError;

/// The suggested game sizes.
pub const SUGGESTED_SIZES: [u32; 2] = [1250, 2000];
/// Largest game size accepted (a bound, not a rule).
pub const MAX_GAME_SIZE: u32 = 100_000;
/// Longest turn limit accepted (a bound, not a rule).
pub const MAX_TURNS: u32 = 20;
/// Longest clock budget accepted, in minutes (a bound, not a rule).
pub const MAX_CLOCK_MINUTES: u32 = 600;

/// The optional "Guardians" rules (W11), off unless both players agree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuardiansOptions {
    /// Aussterbendes Volk: High Elf break point 1 lower (W7).
    #[serde(default)]
    pub dying_race: bool,
    /// Arrogant: Dark Elves may not take the three named items.
    #[serde(default)]
    pub arrogant: bool,
    /// Zerstoererisch: non-flying monsters count as infantry for terrain,
    /// are never defended and get +2 attacks in every combat.
    #[serde(default)]
    pub destructive: bool,
}

/// Everything the players agree on before the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// The game size in points (1250 and 2000 suggested, any allowed).
    pub game_size: u32,
    /// Whether the scenario special rules are used (W2; on by default).
    #[serde(default = "yes")]
    pub scenario_rules: bool,
    /// The number of game turns (W6; default 6).
    #[serde(default = "six")]
    pub turn_limit: u32,
    /// Whether a chess clock is used (W9; optional).
    #[serde(default)]
    pub clock: bool,
    /// Minutes on each player's clock (W9; default 45).
    #[serde(default = "forty_five")]
    pub clock_minutes: u32,
    /// Whether the clock sounds a tone when a player's time falls under
    /// five minutes and when it runs out (W9; off by default). Saved only
    /// when set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub clock_sound: bool,
    /// The optional Guardians rules (W11).
    #[serde(default)]
    pub options: GuardiansOptions,
}

fn yes() -> bool {
    true
}
fn six() -> u32 {
    6
}
fn forty_five() -> u32 {
    45
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            game_size: 2000,
            scenario_rules: true,
            turn_limit: 6,
            clock: false,
            clock_minutes: 45,
            clock_sound: false,
            options: GuardiansOptions::default(),
        }
    }
}

impl Settings {
    /// Checks every bound.
    ///
    /// # Errors
    /// [`WarmasterError::Invalid`] naming `game_size`, `turn_limit` or
    /// `clock_minutes`.
    pub fn check(&self) -> Result<(), WarmasterError> {
        if self.game_size == 0 || self.game_size > MAX_GAME_SIZE {
            return Err(WarmasterError::invalid_says(
                "game_size",
                self.game_size,
                crate::refusal::say("game_size").int("max", MAX_GAME_SIZE),
            ));
        }
        if self.turn_limit < 2 || self.turn_limit > MAX_TURNS {
            return Err(WarmasterError::invalid_says(
                "turn_limit",
                self.turn_limit,
                crate::refusal::say("turn_limit").int("max", MAX_TURNS),
            ));
        }
        if self.clock_minutes == 0 || self.clock_minutes > MAX_CLOCK_MINUTES {
            return Err(WarmasterError::invalid_says(
                "clock_minutes",
                self.clock_minutes,
                crate::refusal::say("clock_minutes").int("max", MAX_CLOCK_MINUTES),
            ));
        }
        Ok(())
    }
}

/// What an event prescribes for every game it hosts: the game size and
/// the Guardians options (text line 266: "oder die Turnierorganisation dies
/// vorschreibt"). A hosted game takes them and keeps them
/// ([`crate::WarmasterEdit::Prescribe`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameTerms {
    /// The game size in points.
    pub game_size: u32,
    /// The optional Guardians rules in force.
    #[serde(default)]
    pub options: GuardiansOptions,
}

impl Default for GameTerms {
    fn default() -> Self {
        let s = Settings::default();
        GameTerms {
            game_size: s.game_size,
            options: s.options,
        }
    }
}

impl GameTerms {
    /// Checks the game size's bounds.
    ///
    /// # Errors
    /// [`WarmasterError::Invalid`] naming `game_size`.
    pub fn check(&self) -> Result<(), WarmasterError> {
        Settings {
            game_size: self.game_size,
            options: self.options,
            ..Settings::default()
        }
        .check()
    }

    /// Whether `settings` keep these terms.
    #[must_use]
    pub fn kept_by(&self, settings: &Settings) -> bool {
        settings.game_size == self.game_size && settings.options == self.options
    }
}
