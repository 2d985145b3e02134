//! Every change to a game: [`WarmasterEdit`] and the clock's [`ClockEdit`].

use feldherr_play::Id;
use feldherr_table::geometry::{Angle, Point, Shape};
use serde::{Deserialize, Serialize};

use crate::rolls::WarmasterRoll;
use crate::{
    Army, Control, Edge, GameTerms, Player, Scenario, Settings, SpecialRule, TerrainType, Unit,
};

/// A chess-clock action; `now_ms` is the host's time in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "clock", rename_all = "snake_case")]
pub enum ClockEdit {
    /// Start `player`'s clock (the starting player, when he begins to
    /// deploy).
    Start {
        /// Whose clock.
        player: Player,
        /// Now.
        now_ms: u64,
    },
    /// Switch to the other player.
    Switch {
        /// Now.
        now_ms: u64,
    },
    /// Pause for the combat phase.
    Pause {
        /// Now.
        now_ms: u64,
    },
    /// Resume after the combat phase.
    Resume {
        /// Now.
        now_ms: u64,
    },
    /// Bring the clock up to now (detects a clock running out).
    Tick {
        /// Now.
        now_ms: u64,
    },
    /// Stop the clock.
    Stop {
        /// Now.
        now_ms: u64,
    },
}

/// A change to a Warmaster game. Applying one succeeds wholly or changes
/// nothing (neither the game nor the table).
///
/// Serialised externally tagged in snake case (`{"set_scenario":
/// "incursion"}`, `"place_layout"`), so scripts of edits can be saved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum WarmasterEdit {
    /// Replace the settings (before the battle).
    SetSettings(Settings),
    /// Take the terms an event prescribes (game size and Guardians
    /// options) into the settings and keep them: later settings must keep
    /// them (before the battle).
    Prescribe(GameTerms),
    /// Switch the clock's warning tone on or off ([`Settings::clock_sound`]);
    /// a preference of the players, allowed at any time.
    SetClockSound(bool),
    /// Rename a player.
    SetPlayerName {
        /// Who.
        player: Player,
        /// The new name.
        name: String,
    },
    /// Replace a player's army (before the battle).
    SetArmy {
        /// Whose.
        player: Player,
        /// The army.
        army: Army,
    },
    /// Replace a player's army by an imported text list (see
    /// [`crate::import_army`]).
    ImportArmy {
        /// Whose.
        player: Player,
        /// The list.
        text: String,
    },
    /// Add a unit (its id must be unused).
    AddUnit {
        /// Whose.
        player: Player,
        /// The unit.
        unit: Unit,
    },
    /// Replace the unit with the same id.
    UpdateUnit {
        /// Whose.
        player: Player,
        /// The unit.
        unit: Unit,
    },
    /// Remove a unit.
    RemoveUnit {
        /// Whose.
        player: Player,
        /// The unit.
        unit: Id,
    },
    /// Start a dice step (a saved resolution).
    Roll(WarmasterRoll),
    /// Apply a finished dice step's outcome.
    Apply {
        /// The resolution.
        id: Id,
    },
    /// Place a terrain piece. During the alternating placement `player`
    /// must be the player whose turn it is and the W1 distances are
    /// enforced; on a table built otherwise `player` is `None` and broken
    /// distances are only reported as problems.
    PlaceTerrain {
        /// Who places it.
        player: Option<Player>,
        /// Its type.
        terrain: TerrainType,
        /// Its centre.
        at: Point,
        /// Its outline (moved so that its centre is `at`); the type's
        /// default outline when `None`.
        shape: Option<Shape>,
        /// Its name; the type and a number ("Wood 2") when `None`.
        name: Option<String>,
    },
    /// Pass in the alternating placement (or decline the last piece).
    PassTerrain {
        /// Who.
        player: Player,
    },
    /// Take a terrain piece off the table (not one of the alternating
    /// placement).
    RemoveTerrain {
        /// The piece.
        piece: u64,
    },
    /// Set the scenario by agreement instead of a roll.
    SetScenario(Scenario),
    /// Set the special rule by agreement instead of a roll.
    SetSpecialRule(Option<SpecialRule>),
    /// Set the starting player by agreement.
    SetStartingPlayer(Player),
    /// The starting player picks his table edge.
    ChooseEdge(Edge),
    /// Put the scenario's markers on the table (W3), replacing earlier
    /// ones.
    PlaceLayout,
    /// Move an objective or zone.
    MoveObjective {
        /// The objective.
        objective: Id,
        /// Its new centre.
        to: Point,
    },
    /// Push impassable terrain at least 10 cm away from every objective
    /// marker, and under King of the Hill all terrain 5 cm away from the
    /// centre, each along the shortest way (W3).
    PushTerrainAway,
    /// Put a stand of a unit on the map.
    PlaceStand {
        /// The owner.
        player: Player,
        /// The unit.
        unit: Id,
        /// Its centre.
        at: Point,
        /// Its facing; up the table for A's stands, down for B's when
        /// `None`.
        facing: Option<Angle>,
    },
    /// Take a stand off the map.
    RemoveStand {
        /// The piece.
        piece: u64,
    },
    /// `player` has placed his whole army: first the starting player,
    /// then his opponent; the opponent's deployment begins the battle
    /// with the starting player's first turn (text lines 69-72). The clock
    /// passes to the player who deploys (or begins) next.
    Deployed {
        /// Who has deployed.
        player: Player,
        /// Now, for the clock (needed while it runs).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        now_ms: Option<u64>,
    },
    /// A unit or character was destroyed. Under Lang lebe der Koenig a
    /// slain general's owner names `new_general` from his characters.
    UnitDestroyed {
        /// The owner.
        player: Player,
        /// The unit.
        unit: Id,
        /// The new general (W10).
        #[serde(default)]
        new_general: Option<Id>,
        /// Now, for the clock: needed while it runs, since the event may
        /// end the game and the clock stops then (W9).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        now_ms: Option<u64>,
    },
    /// A unit has lost this many stands in all.
    StandsLost {
        /// The owner.
        player: Player,
        /// The unit.
        unit: Id,
        /// Stands lost in all (fewer than its stands).
        lost: u32,
    },
    /// Verbranntes Land: a unit left the table over the enemy edge.
    Pillaged {
        /// The owner.
        player: Player,
        /// The unit.
        unit: Id,
        /// Now, for the clock (see `UnitDestroyed`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        now_ms: Option<u64>,
    },
    /// Lang lebe der Koenig: `player`'s general took part in a combat or
    /// shot that destroyed enemy units (W10).
    GeneralFought {
        /// Whose general.
        player: Player,
        /// Now, for the clock (see `UnitDestroyed`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        now_ms: Option<u64>,
    },
    /// The players state the control of one objective for this turn.
    SetControl {
        /// The objective or zone.
        objective: Id,
        /// Who controls it.
        control: Control,
    },
    /// Compute the control of every objective from the stands on the map
    /// (W4).
    ControlFromStands,
    /// End the current player turn: score at a scoring point (W5), check
    /// the end conditions, and switch the clock if it runs.
    EndTurn {
        /// Now, for the clock; `None` when no clock is used.
        now_ms: Option<u64>,
    },
    /// The players end the game.
    EndGame {
        /// Now, for the clock (needed while it runs).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        now_ms: Option<u64>,
    },
    /// A chess-clock action.
    Clock(ClockEdit),
}
