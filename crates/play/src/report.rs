//! What a finished (or running) game reports to the event hosting it.

use serde::{Deserialize, Serialize};

/// A game's result from one side's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchResult {
    /// The side won.
    Win,
    /// Nobody won.
    Draw,
    /// The side lost.
    Loss,
}

/// One side of a game: a player (by the name the event knows) and what
/// the game gives him.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SideReport {
    /// The player's name as in the event.
    pub player: String,
    /// Finishing place, 1 first (a race); `None` when he did not finish.
    pub placing: Option<u32>,
    /// The round he finished in (a race).
    pub finished_round: Option<u32>,
    /// Victory points scored.
    pub victory_points: Option<i64>,
    /// Objective or conquest points scored.
    pub objective_points: Option<i64>,
    /// Win, draw or loss.
    pub result: Option<MatchResult>,
}

impl SideReport {
    /// A side with nothing reported yet.
    pub fn new(player: impl Into<String>) -> Self {
        Self {
            player: player.into(),
            placing: None,
            finished_round: None,
            victory_points: None,
            objective_points: None,
            result: None,
        }
    }
}

/// What a game reports to an event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameReport {
    /// Whether the game is over (an event takes only finished games into
    /// its standings).
    pub finished: bool,
    /// Every side.
    pub sides: Vec<SideReport>,
}
