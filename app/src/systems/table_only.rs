//! The game of a system whose engine the app does not host yet: its table
//! (terrain, markers, models) and nothing else.

use std::fmt::Debug;
use std::marker::PhantomData;

use feldherr_dice::step::Answer;
use feldherr_play::{Game, Lang, PlayError, Problem, Replayed, ResolutionKind, SavedResolution};
use feldherr_table::{Table, TableRules};
use serde::{Deserialize, Serialize};

/// What a table-only system supplies: its id and table (G1, G2).
pub trait TableOnlySystem: Debug + Clone + PartialEq + Send + Sync + 'static {
    /// The system's id.
    const ID: &'static str;
    /// Its table rules.
    fn table_rules() -> TableRules;
    /// Its default table.
    fn default_table() -> Table {
        Self::table_rules().default_table()
    }
}

/// No resolutions: a table-only game has none.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum NoResolution {}

impl ResolutionKind for NoResolution {
    type Outcome = ();
    fn replay(&self, _answers: &[Answer]) -> Result<Replayed<()>, PlayError> {
        match *self {}
    }
}

/// A game that is only its table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound = "")]
pub struct TableOnly<S: TableOnlySystem> {
    #[serde(skip)]
    resolutions: Vec<SavedResolution<NoResolution>>,
    #[serde(skip)]
    system: PhantomData<S>,
}

/// A table-only game has no edits of its own.
#[derive(Debug, Clone, PartialEq)]
pub enum NoEdit {}

impl<S: TableOnlySystem> Game for TableOnly<S> {
    type Edit = NoEdit;
    const SYSTEM: &'static str = S::ID;

    fn new_game() -> Self {
        Self {
            resolutions: Vec::new(),
            system: PhantomData,
        }
    }

    fn table_rules() -> TableRules {
        S::table_rules()
    }

    fn default_table() -> Table {
        S::default_table()
    }

    fn apply(&mut self, edit: &NoEdit, _table: &mut Table) -> Result<(), PlayError> {
        match *edit {}
    }

    fn problems(&self, table: &Table) -> Vec<Problem> {
        table
            .violations(&S::table_rules())
            .into_iter()
            .map(|v| Problem::new("table", v.to_string()))
            .collect()
    }

    fn resolutions(&self) -> &dyn feldherr_play::ResolutionList {
        &self.resolutions
    }

    fn resolutions_mut(&mut self) -> &mut dyn feldherr_play::ResolutionList {
        &mut self.resolutions
    }

    fn messages(_lang: Lang) -> &'static str {
        "{}"
    }
}
