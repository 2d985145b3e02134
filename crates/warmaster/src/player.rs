//! The two players of a game.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One of the two players, in the order they were entered at setup
/// (`a` first). Who starts and which table edge is whose are decided
/// later (W1, W2) and stored separately.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Player {
    /// The first player entered.
    A,
    /// The second player entered.
    B,
}

impl Player {
    /// Both players, `A` first.
    pub const BOTH: [Player; 2] = [Player::A, Player::B];

    /// The opponent.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }

    /// 0 for `A`, 1 for `B`: the index into per-player arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::A => 0,
            Player::B => 1,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::A => "player A",
            Player::B => "player B",
        })
    }
}

/// A long table edge: `South` is the edge at y = 0 (the first player's
/// edge in the table's convention), `North` the edge at y = depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Edge {
    /// The edge at y = 0 and the half of the table next to it.
    South,
    /// The edge at y = depth and the half of the table next to it.
    North,
}

impl Edge {
    /// The opposite edge.
    #[must_use]
    pub const fn opposite(self) -> Edge {
        match self {
            Edge::South => Edge::North,
            Edge::North => Edge::South,
        }
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edge::South => "south",
            Edge::North => "north",
        })
    }
}
