//! The event's three games in order, and when a player dropped out
//! (issue 26).

use std::fmt;

use feldherr_dice::step::Message;
use serde::{Deserialize, Serialize};

use crate::BattleKind;

/// One of the event's three games, in the order the software counts them
/// (PN5): 1 Raeuber-Warhammer, 2 the New Year scenario, 3 the sled race,
/// as the rules sections, the standings columns and the projector order
/// them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventGame {
    /// Game 1: Raeuber-Warhammer (N1).
    RaeuberWarhammer,
    /// Game 2: the New Year scenario (N3).
    NewYearScenario,
    /// Game 3: the sled race (N6).
    SledRace,
}

impl EventGame {
    /// The three games in order.
    pub const ALL: [Self; 3] = [
        Self::RaeuberWarhammer,
        Self::NewYearScenario,
        Self::SledRace,
    ];

    /// The game's number, from 1 (PN5).
    pub const fn number(self) -> u32 {
        match self {
            Self::RaeuberWarhammer => 1,
            Self::NewYearScenario => 2,
            Self::SledRace => 3,
        }
    }

    /// The catalogue key of the game's name (`newyear.game.sled_race`).
    pub const fn label_key(self) -> &'static str {
        match self {
            Self::RaeuberWarhammer => "newyear.game.raeuber_warhammer",
            Self::NewYearScenario => "newyear.game.new_year_scenario",
            Self::SledRace => "newyear.game.sled_race",
        }
    }
}

impl From<BattleKind> for EventGame {
    fn from(kind: BattleKind) -> Self {
        match kind {
            BattleKind::RaeuberWarhammer => Self::RaeuberWarhammer,
            BattleKind::NewYearScenario => Self::NewYearScenario,
        }
    }
}

/// `Raeuber-Warhammer`, `New Year scenario`, `sled race`.
impl fmt::Display for EventGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::RaeuberWarhammer => BattleKind::RaeuberWarhammer.fmt(f),
            Self::NewYearScenario => BattleKind::NewYearScenario.fmt(f),
            Self::SledRace => f.write_str("sled race"),
        }
    }
}

/// When a player dropped out: before the first game, or after one of the
/// three games (PN5). Ordered: a later drop-out compares greater.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DroppedAfter {
    /// He played no game.
    Registration,
    /// After game 1, Raeuber-Warhammer.
    RaeuberWarhammer,
    /// After game 2, the New Year scenario.
    NewYearScenario,
    /// After game 3, the sled race.
    SledRace,
}

impl DroppedAfter {
    /// After `game`.
    pub const fn game(game: EventGame) -> Self {
        match game {
            EventGame::RaeuberWarhammer => Self::RaeuberWarhammer,
            EventGame::NewYearScenario => Self::NewYearScenario,
            EventGame::SledRace => Self::SledRace,
        }
    }

    /// The last game he played; `None` before the first.
    pub const fn last_game(self) -> Option<EventGame> {
        match self {
            Self::Registration => None,
            Self::RaeuberWarhammer => Some(EventGame::RaeuberWarhammer),
            Self::NewYearScenario => Some(EventGame::NewYearScenario),
            Self::SledRace => Some(EventGame::SledRace),
        }
    }

    /// Whether a result in `game` is possible for a player who dropped
    /// out at this point (`game` was played before he left).
    pub fn allows(self, game: EventGame) -> bool {
        self >= Self::game(game)
    }

    /// The catalogue message: "after game 1 (Raeuber-Warhammer)" or
    /// "before the first game".
    pub fn message(self) -> Message {
        match self.last_game() {
            None => Message::new("newyear.dropped_after.registration"),
            Some(game) => Message::new("newyear.dropped_after.game")
                .int("number", game.number())
                .key("game", game.label_key()),
        }
    }
}

/// `after game 1 (Raeuber-Warhammer)`, `before the first game`.
impl fmt::Display for DroppedAfter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.last_game() {
            None => f.write_str("before the first game"),
            Some(game) => write!(f, "after game {} ({game})", game.number()),
        }
    }
}
