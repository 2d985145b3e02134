//! The trait every rule system's game implements.

use std::fmt::Debug;

use feldherr_table::{Table, TableEdit, TableRules};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{GameReport, Lang, PlayError, Problem, ResolutionList};

/// One game of one rule system, as a host sees it.
///
/// The game owns everything of its system: units, machines, sleds, clocks,
/// resolutions. The host owns the table (shared by every system) and
/// passes it in; edits may read it and change it (a sled moves, a machine
/// drives). Every method is pure: no clock, no randomness, no I/O. Dice
/// come only through the resolutions' answers.
pub trait Game:
    Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// A change to the game. Applying one either succeeds wholly or
    /// changes nothing.
    type Edit: Clone + Debug + PartialEq + Send + Sync + 'static;

    /// The system's id: the `system` tag of a saved game and the prefix of
    /// its catalogue keys, e.g. `confrontation`.
    const SYSTEM: &'static str;

    /// A fresh game with nothing set up yet.
    fn new_game() -> Self;

    /// A fresh game whose default names (players, sides) are in the
    /// language of `words`, as a program creates one for its user; the
    /// names are the user's afterwards. By default [`Game::new_game`].
    fn new_game_in(words: &crate::Catalogue) -> Self
    where
        Self: Sized,
    {
        let _ = words;
        Self::new_game()
    }

    /// The system's table rules: piece types, placement rules, native unit
    /// (G1).
    fn table_rules() -> TableRules;

    /// The system's default table (G2).
    fn default_table() -> Table {
        Self::table_rules().default_table()
    }

    /// Applies `edit`; on error neither the game nor the table changed.
    fn apply(&mut self, edit: &Self::Edit, table: &mut Table) -> Result<(), PlayError>;

    /// Whether the game lets the user make `edit` to its table now (a
    /// piece placed, dragged, turned or deleted by hand). The host asks
    /// before every hand edit of the table and refuses the edit with this
    /// error; the game's own edits (through [`Game::apply`]) are not asked.
    /// The default lets every edit through; a system refuses what would
    /// change a piece its running game reads (a race's track).
    ///
    /// # Errors
    /// The refusal, naming the piece by name.
    fn check_table_edit(&self, edit: &TableEdit, table: &Table) -> Result<(), PlayError> {
        let _ = (edit, table);
        Ok(())
    }

    /// Why the saved game `saved` (its JSON, without the `system` tag) is
    /// refused on loading, as the game's own typed error with its catalogue
    /// message; `None` when it loads, or when what stops it is not one of
    /// the game's own load checks (a bad JSON type, an unknown key). A
    /// game whose deserialisation refuses states (`#[serde(try_from)]`)
    /// says here what serde could only pass on as English text, so a host
    /// can say it in the user's language. The host asks only after a load
    /// failed. The default knows of no load check.
    fn load_refusal(saved: &serde_json::Value) -> Option<PlayError>
    where
        Self: Sized,
    {
        let _ = saved;
        None
    }

    /// Everything wrong with the game against its table: broken cross
    /// references, states out of their card's bounds, placement rules.
    /// Empty when the game is sound. Paths are relative to the game.
    fn problems(&self, table: &Table) -> Vec<Problem>;

    /// The saved resolutions.
    fn resolutions(&self) -> &dyn ResolutionList;

    /// The saved resolutions, to answer them.
    fn resolutions_mut(&mut self) -> &mut dyn ResolutionList;

    /// Seats the players an event names for a game it hosts (a
    /// [`crate::HostedSlot`]'s players, in the slot's order), so that the
    /// game's report names them as the event knows them. Called once, when
    /// the event starts hosting the game. The default seats nobody: a
    /// system whose sides are set up in its own screens keeps them.
    fn seat(&mut self, players: &[String], table: &mut Table) -> Result<(), PlayError> {
        let _ = (players, table);
        Ok(())
    }

    /// As [`Game::seat`], with the terms the event prescribes for the game
    /// (a [`crate::HostedSlot`]'s `terms`, in the system's own JSON): the
    /// host calls this once, when the event starts hosting the game. The
    /// default ignores the terms and calls [`Game::seat`]; a system whose
    /// events prescribe terms reads them here and refuses terms it cannot
    /// read.
    fn seat_with(
        &mut self,
        players: &[String],
        terms: Option<&serde_json::Value>,
        table: &mut Table,
    ) -> Result<(), PlayError> {
        let _ = terms;
        self.seat(players, table)
    }

    /// What the game reports to an event hosting it; `None` while there
    /// is nothing to report.
    fn report(&self) -> Option<GameReport> {
        None
    }

    /// The system's message catalogue (JSON object of key to sentence)
    /// for `lang`: every key its resolutions log.
    fn messages(lang: Lang) -> &'static str;
}
