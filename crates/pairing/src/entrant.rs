//! Who is paired, and what they played before.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

/// One entrant of the draw: an event's player who has not dropped out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entrant {
    /// The event's stable id of the player.
    pub id: String,
    /// The name, for messages.
    pub name: String,
    /// The club; empty: no club (never a same-club game).
    pub club: String,
    /// Standings score so far; entrants with equal scores are shuffled
    /// among themselves with the seed ([`crate::Method::ByStandings`]).
    pub score: i64,
}

impl Entrant {
    /// An entrant.
    pub fn new(
        id: impl Into<String>,
        name: impl Into<String>,
        club: impl Into<String>,
        score: i64,
    ) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
            club: club.into(),
            score,
        }
    }
}

/// The games and byes so far, by entrant id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct History {
    /// Each entrant's opponents so far (both directions are stored, so a
    /// look-up needs no allocation).
    games: BTreeMap<String, BTreeSet<String>>,
    byes: BTreeMap<String, u32>,
}

impl History {
    /// Records a game between `a` and `b` (either order).
    pub fn add_game(&mut self, a: &str, b: &str) {
        self.games
            .entry(a.to_owned())
            .or_default()
            .insert(b.to_owned());
        self.games
            .entry(b.to_owned())
            .or_default()
            .insert(a.to_owned());
    }

    /// The ids `id` has played so far.
    pub(crate) fn opponents(&self, id: &str) -> impl Iterator<Item = &str> {
        self.games
            .get(id)
            .into_iter()
            .flat_map(|set| set.iter().map(String::as_str))
    }

    /// Records a bye of `id`.
    pub fn add_bye(&mut self, id: &str) {
        let count = self.byes.entry(id.to_owned()).or_insert(0);
        *count = count.saturating_add(1);
    }

    /// Whether `a` and `b` have played each other.
    pub fn played(&self, a: &str, b: &str) -> bool {
        self.games.get(a).is_some_and(|set| set.contains(b))
    }

    /// How many byes `id` has had.
    pub fn byes(&self, id: &str) -> u32 {
        self.byes.get(id).copied().unwrap_or(0)
    }
}
