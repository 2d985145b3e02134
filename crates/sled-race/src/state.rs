//! The race's state between resolutions: what every resolution starts
//! from and ends with.

use std::sync::Arc;

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::{RaceSettings, Sled, SledStatus, Track};

/// Rounds per turn (S2).
pub const ROUNDS_PER_TURN: u32 = 3;

/// What the race needs next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NextStep {
    /// Draw the start positions (S3).
    StartDraw,
    /// Roll the movement dice of a new turn (S2).
    TurnDice,
    /// Draw the move order of a new round (S3).
    RoundOrder,
    /// The sled's move: phases 1 to 3.
    Move(Id),
    /// The sled's turn attempt: phase 4 (S11).
    Turn(Id),
    /// Every sled has finished or is out (S15).
    Over,
}

/// The dynamic state of a running race.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceState {
    /// The settings (options and sled footprint).
    pub settings: RaceSettings,
    /// The track, frozen when the race started (shared between states:
    /// cloning a state does not copy the terrain).
    #[serde(with = "shared")]
    pub track: Arc<Track>,
    /// Every starting sled, in entrant order.
    pub sleds: Vec<Sled>,
    /// Whether the start positions are drawn.
    pub placed: bool,
    /// The turn (1 for the first; 0 before it).
    pub turn: u32,
    /// The round within the turn (1 to 3; 0 before its order is drawn).
    pub round: u32,
    /// The move order of the current round.
    pub order: Vec<Id>,
    /// Sleds that have moved (and turned) this round.
    pub moved: Vec<Id>,
    /// A sled that has moved and may now try to turn.
    #[serde(default)]
    pub turning: Option<Id>,
}

impl RaceState {
    /// The race round counted from 1 over all turns. Checked arithmetic:
    /// a turn counter beyond any race (a damaged file) gives `u32::MAX`,
    /// never a wrapped number; [`feldherr_play::Game::problems`] refuses
    /// such a race (PS3).
    pub fn race_round(&self) -> u32 {
        self.turn
            .saturating_sub(1)
            .checked_mul(ROUNDS_PER_TURN)
            .and_then(|r| r.checked_add(self.round))
            .unwrap_or(u32::MAX)
    }

    /// The sled with id `id`.
    pub fn sled(&self, id: Id) -> Option<&Sled> {
        self.sleds.iter().find(|s| s.id == id)
    }

    /// The sled with id `id`, to change it.
    pub fn sled_mut(&mut self, id: Id) -> Option<&mut Sled> {
        self.sleds.iter_mut().find(|s| s.id == id)
    }

    /// Sleds still racing.
    pub fn racing(&self) -> impl Iterator<Item = &Sled> {
        self.sleds.iter().filter(|s| s.racing())
    }

    /// Whose turn it is and what is needed next.
    pub fn next_step(&self) -> NextStep {
        if !self.placed {
            return NextStep::StartDraw;
        }
        if self.racing().next().is_none() {
            return NextStep::Over;
        }
        if let Some(id) = self.turning {
            return NextStep::Turn(id);
        }
        if self.turn > 0 && self.round > 0 {
            let next = self
                .order
                .iter()
                .find(|id| !self.moved.contains(id) && self.sled(**id).is_some_and(Sled::racing));
            if let Some(id) = next {
                return NextStep::Move(*id);
            }
        }
        if self.turn == 0 || self.round >= ROUNDS_PER_TURN {
            NextStep::TurnDice
        } else {
            NextStep::RoundOrder
        }
    }

    /// The finish order (S15): finished sleds by race round, then by how
    /// far past the line (further first), then by move order in the round
    /// (P32). Each entry: sled id and race round.
    pub fn finish_order(&self) -> Vec<(Id, u32)> {
        let mut done: Vec<(&Sled, u32, f64, u32)> = self
            .sleds
            .iter()
            .filter_map(|s| match s.status {
                SledStatus::Finished { round, past, order } => Some((s, round, past, order)),
                _ => None,
            })
            .collect();
        done.sort_by(|a, b| a.1.cmp(&b.1).then(b.2.total_cmp(&a.2)).then(a.3.cmp(&b.3)));
        done.into_iter().map(|(s, r, _, _)| (s.id, r)).collect()
    }
}

/// Serialises a shared value (`Arc<T>`) as the plain value.
pub(crate) mod shared {
    use std::sync::Arc;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<T: Serialize, S: Serializer>(value: &Arc<T>, s: S) -> Result<S::Ok, S::Error> {
        value.as_ref().serialize(s)
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Arc<T>, D::Error> {
        T::deserialize(d).map(Arc::new)
    }
}

/// A shared value that may be absent (`Option<Arc<T>>`), saved as the
/// plain value or null.
pub(crate) mod shared_option {
    use std::sync::Arc;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<T: Serialize, S: Serializer>(
        value: &Option<Arc<T>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        value.as_deref().serialize(s)
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Arc<T>>, D::Error> {
        Option::<T>::deserialize(d).map(|v| v.map(Arc::new))
    }
}
