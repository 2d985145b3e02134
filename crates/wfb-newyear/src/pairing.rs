//! Pairings of a battle game.

use serde::{Deserialize, Serialize};

use crate::{DrawBasis, SideResult};

/// Both sides' results of one pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleResult {
    /// Player A's side.
    pub a: SideResult,
    /// Player B's side.
    pub b: SideResult,
}

/// Two players on a table, as the organiser pairs them, with the result
/// once it is in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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

/// The pairings of one battle game, the byes and the draw's seed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleGame {
    /// The pairings, one per table.
    pub pairings: Vec<Pairing>,
    /// Ids of the players with a bye in this game (odd player count).
    /// Saved only when there is one (schema 2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<String>,
    /// Event points a bye scores in this game: the organiser's setting,
    /// 0 by default (P21); printed
    /// on the sheet. A bye counts 0 for the VP difference and treasures.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bye_points: u32,
    /// The seed of the last confirmed draw, so it can be repeated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// What the confirmed draw paired by (New Year scenario only: every
    /// drawn player's Raeuber-Warhammer points and VP difference), so a
    /// correction that changes them is reported
    /// ([`crate::EventWarning::StandingsChangedSinceDraw`]). Schema 3;
    /// saved only when set.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drawn_from: Vec<DrawBasis>,
}

fn is_zero(value: &u32) -> bool {
    *value == 0
}

impl BattleGame {
    /// The pairing at `table`.
    pub fn at_table(&self, table: u32) -> Option<&Pairing> {
        self.pairings.iter().find(|p| p.table == table)
    }

    /// The tables without a result, in saved order (issue 26: "3 tables
    /// without a result").
    pub fn tables_without_result(&self) -> Vec<u32> {
        self.pairings
            .iter()
            .filter(|p| p.result.is_none())
            .map(|p| p.table)
            .collect()
    }

    /// The table `id` plays at, if any.
    pub fn table_of(&self, id: &str) -> Option<&Pairing> {
        self.pairings
            .iter()
            .find(|p| p.player_a == id || p.player_b == id)
    }

    /// Whether `id` has a bye.
    pub fn has_bye(&self, id: &str) -> bool {
        self.byes.iter().any(|b| b == id)
    }
}
