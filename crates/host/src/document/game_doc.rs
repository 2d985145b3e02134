//! A game document: one game of one rule system on its table.

use feldherr_play::Problem;
use feldherr_table::Table;
use serde::{Deserialize, Serialize};

use crate::registry::SystemGame;

/// One game: a name, the table, notes, and the system's own game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameDoc {
    /// Name shown in titles, e.g. "Table 3, round 2".
    pub name: String,
    /// The table with its terrain, markers and models; `None` until the
    /// first edit (the system's default table is shown).
    #[serde(default)]
    pub table: Option<Table>,
    /// Free notes.
    #[serde(default)]
    pub notes: String,
    /// The rule system's game, with its `system` tag.
    pub game: SystemGame,
}

impl GameDoc {
    /// A new game of system `system` on its default table; `None` for an
    /// unknown system id.
    pub fn new(name: impl Into<String>, system: &str) -> Option<Self> {
        let game = SystemGame::new_of(system)?;
        Some(Self {
            name: name.into(),
            table: Some(game.default_table()),
            notes: String::new(),
            game,
        })
    }

    /// As [`GameDoc::new`], with the game's default names (players,
    /// sides) in the language of `words`.
    pub fn new_in(
        name: impl Into<String>,
        system: &str,
        words: &feldherr_play::Catalogue,
    ) -> Option<Self> {
        let game = SystemGame::new_of_in(system, words)?;
        Some(Self {
            name: name.into(),
            table: Some(game.default_table()),
            notes: String::new(),
            game,
        })
    }

    /// The system's id.
    pub fn system(&self) -> &'static str {
        self.game.id()
    }

    /// The table, or the system's default table if none is saved yet.
    pub fn table_or_default(&self) -> Table {
        self.table
            .clone()
            .unwrap_or_else(|| self.game.default_table())
    }

    /// The table, the system's default table put in first if none is
    /// saved yet (for an edit that changes it).
    pub fn table_mut(&mut self) -> &mut Table {
        let game = &self.game;
        self.table.get_or_insert_with(|| game.default_table())
    }

    /// Problems serde cannot see: the name, and everything the system
    /// checks, errors and warnings. A table that breaks its placement
    /// clearances is no error: table edits allow it, and the system reports
    /// it among its warnings (P37).
    pub fn problems(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        if self.name.trim().is_empty() {
            problems.push(Problem::new("name", "must not be empty"));
        }
        let table = self.table_or_default();
        for problem in self.game.problems(&table) {
            problems.push(problem.under("game"));
        }
        problems
    }
}
