//! Pairings of a battle game.

use serde::{Deserialize, Serialize};

use crate::SideResult;

/// Both sides' results of one pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleResult {
    /// Player A's side.
    pub a: SideResult,
    /// Player B's side.
    pub b: SideResult,
}

/// Two players on a table, as the organiser pairs them, with the result
/// once it is in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// Table number.
    pub table: u32,
    /// Player A's id.
    pub player_a: String,
    /// Player B's id.
    pub player_b: String,
    /// The result; `None` while the game is being played.
    #[serde(default)]
    pub result: Option<BattleResult>,
}

impl Pairing {
    /// A pairing without result.
    pub fn new(table: u32, player_a: impl Into<String>, player_b: impl Into<String>) -> Self {
        Self {
            table,
            player_a: player_a.into(),
            player_b: player_b.into(),
            result: None,
        }
    }

    /// The same pairing with a result.
    #[must_use]
    pub fn with_result(mut self, a: SideResult, b: SideResult) -> Self {
        self.result = Some(BattleResult { a, b });
        self
    }
}

/// The pairings of one battle game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleGame {
    /// The pairings, one per table.
    pub pairings: Vec<Pairing>,
}
