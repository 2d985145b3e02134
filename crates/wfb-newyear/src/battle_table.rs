//! A battle of the New Year event as a game the app hosts: its WFB table
//! (terrain, markers, models) and nothing else. The battles' rules are
//! Warhammer's own; the event scores their results (N1-N3).

use feldherr_dice::step::Answer;
use feldherr_play::{Game, Lang, PlayError, Problem, Replayed, ResolutionKind, SavedResolution};
use feldherr_table::geometry::Unit;
use feldherr_table::{Table, TableRules};
use serde::{Deserialize, Serialize};

use crate::table_rules::wfb_table_rules;

/// No resolutions: a battle table has none.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum NoResolution {}

impl ResolutionKind for NoResolution {
    type Outcome = ();
    fn replay(&self, _answers: &[Answer]) -> Result<Replayed<()>, PlayError> {
        match *self {}
    }
}

/// A battle of the event: only its table (72 x 48 in, G2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleTable {
    #[serde(skip)]
    resolutions: Vec<SavedResolution<NoResolution>>,
}

/// A battle table has no edits of its own (its table's edits are the
/// host's).
#[derive(Debug, Clone, PartialEq)]
pub enum NoEdit {}

impl Game for BattleTable {
    type Edit = NoEdit;
    const SYSTEM: &'static str = "wfb_newyear";

    fn new_game() -> Self {
        Self {
            resolutions: Vec::new(),
        }
    }

    fn table_rules() -> TableRules {
        wfb_table_rules()
    }

    fn default_table() -> Table {
        Table::new(72.0, 48.0, Unit::Inch).unwrap_or_else(|_| wfb_table_rules().default_table())
    }

    fn apply(&mut self, edit: &NoEdit, _table: &mut Table) -> Result<(), PlayError> {
        match *edit {}
    }

    fn problems(&self, table: &Table) -> Vec<Problem> {
        table
            .violations(&wfb_table_rules())
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

    fn messages(lang: Lang) -> &'static str {
        crate::messages(lang)
    }
}
