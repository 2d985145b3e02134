//! A draw before the organiser confirms it.

use serde::{Deserialize, Serialize};

use crate::{Entrant, History, PairingError};

/// One table of a draft.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DraftTable {
    /// Table number, from 1 (best table first).
    pub number: u32,
    /// Player A's id.
    pub a: String,
    /// Player B's id.
    pub b: String,
}

impl DraftTable {
    /// `(a, b)`.
    pub fn players(&self) -> (&str, &str) {
        (&self.a, &self.b)
    }
}

/// Something the draw could not avoid (or a swap brought in), naming the
/// players by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Compromise {
    /// Two players meet again.
    Rematch {
        /// The table.
        table: u32,
        /// Player A's name.
        a: String,
        /// Player B's name.
        b: String,
    },
    /// Two players of the same club meet.
    SameClub {
        /// The table.
        table: u32,
        /// Player A's name.
        a: String,
        /// Player B's name.
        b: String,
        /// Their club.
        club: String,
    },
    /// The bye goes to a player who has had one before.
    RepeatedBye {
        /// The player's name.
        player: String,
    },
}

impl std::fmt::Display for Compromise {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Rematch { table, a, b } => {
                write!(
                    f,
                    "table {table}: {a} and {b} have played each other before"
                )
            }
            Self::SameClub { table, a, b, club } => {
                write!(f, "table {table}: {a} and {b} are both of {club}")
            }
            Self::RepeatedBye { player } => {
                write!(f, "bye: {player} has had a bye before")
            }
        }
    }
}

/// A draw: numbered tables, perhaps a bye, and what it could not avoid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Draft {
    /// The seed it was drawn with.
    pub seed: u64,
    /// The tables, numbered from 1.
    pub tables: Vec<DraftTable>,
    /// The id of the player with the bye (odd count).
    pub bye: Option<String>,
    /// Rematches, same-club games and repeated byes left in the draft.
    pub compromises: Vec<Compromise>,
}

impl Draft {
    /// Swaps two players (by id) before the draft is confirmed: each takes
    /// the other's seat (or the bye). The compromises are listed anew.
    ///
    /// # Errors
    ///
    /// [`PairingError::NotInDraft`] when either id has no seat.
    pub fn swap(
        &mut self,
        x: &str,
        y: &str,
        entrants: &[Entrant],
        history: &History,
    ) -> Result<(), PairingError> {
        for id in [x, y] {
            if !self.seats().any(|seat| seat == id) {
                return Err(PairingError::NotInDraft { id: id.to_owned() });
            }
        }
        let swap = |seat: &mut String| {
            if seat == x {
                y.clone_into(seat);
            } else if seat == y {
                x.clone_into(seat);
            }
        };
        for table in &mut self.tables {
            swap(&mut table.a);
            swap(&mut table.b);
        }
        if let Some(bye) = &mut self.bye {
            swap(bye);
        }
        self.compromises = compromises(&self.tables, self.bye.as_deref(), entrants, history);
        Ok(())
    }

    fn seats(&self) -> impl Iterator<Item = &str> {
        self.tables
            .iter()
            .flat_map(|t| [t.a.as_str(), t.b.as_str()])
            .chain(self.bye.as_deref())
    }
}

/// The compromises of a set of tables and a bye.
pub(crate) fn compromises(
    tables: &[DraftTable],
    bye: Option<&str>,
    entrants: &[Entrant],
    history: &History,
) -> Vec<Compromise> {
    // The first entrant of each id, as a search from the front finds it.
    let mut by_id: std::collections::HashMap<&str, &Entrant> =
        std::collections::HashMap::with_capacity(entrants.len());
    for e in entrants {
        by_id.entry(e.id.as_str()).or_insert(e);
    }
    let find = |id: &str| by_id.get(id).copied();
    let name = |id: &str| find(id).map_or_else(|| id.to_owned(), |e| e.name.clone());
    let mut out = Vec::new();
    for table in tables {
        if history.played(&table.a, &table.b) {
            out.push(Compromise::Rematch {
                table: table.number,
                a: name(&table.a),
                b: name(&table.b),
            });
        }
        if let (Some(a), Some(b)) = (find(&table.a), find(&table.b))
            && same_club(a, b)
        {
            out.push(Compromise::SameClub {
                table: table.number,
                a: a.name.clone(),
                b: b.name.clone(),
                club: a.club.clone(),
            });
        }
    }
    if let Some(bye) = bye
        && history.byes(bye) > 0
    {
        out.push(Compromise::RepeatedBye { player: name(bye) });
    }
    out
}

/// Same non-empty club (case and surrounding spaces ignored).
pub(crate) fn same_club(a: &Entrant, b: &Entrant) -> bool {
    let a = a.club.trim();
    !a.is_empty() && a.eq_ignore_ascii_case(b.club.trim())
}
