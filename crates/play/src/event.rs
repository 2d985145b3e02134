//! The trait every kind of event implements (the WFB New Year event, a
//! Warmaster tournament, ...).

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::{EntryTable, GameReport, PlayError, Problem, ReportCheck, ReportValues, Role};

/// A player an event seats in a hosted game: the event's stable id, and
/// the name the game shows (the player's name when he was seated).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seat {
    /// The player's id in the event; never changes.
    pub id: String,
    /// His name as the game knows it.
    pub name: String,
}

impl Seat {
    /// The player `id`, shown as `name`.
    pub fn new(id: impl Into<String>, name: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
        }
    }
}

/// A game an event hosts: its role in the event and the rule system it
/// must be played with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostedSlot {
    /// The role (a round's table, or the shared sled race); unique within
    /// the event.
    pub role: Role,
    /// The [`crate::Game::SYSTEM`] of the game that fills it.
    pub system: &'static str,
    /// The players who take part, by id and name.
    pub players: Vec<Seat>,
    /// Terms the event prescribes for the game (a tournament's game size
    /// and options), as the system's own JSON; `None` when it prescribes
    /// nothing. Handed to [`crate::Game::seat_with`].
    pub terms: Option<serde_json::Value>,
}

impl HostedSlot {
    /// The players' names, in the slot's order: what [`crate::Game::seat`]
    /// takes.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        self.players.iter().map(|s| s.name.clone()).collect()
    }
}

/// One kind of event: players, the games they play, and how the results
/// add up.
pub trait EventRules:
    Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// A change to the event. Applying one either succeeds wholly or
    /// changes nothing.
    type Edit: Clone + Debug + PartialEq + Send + Sync + 'static;

    /// The kind's id: the `event` tag of a saved event, e.g. `wfb_newyear`.
    const KIND: &'static str;

    /// The event's name.
    fn name(&self) -> &str;

    /// Renames the event; an empty name is refused.
    fn rename(&mut self, name: &str) -> Result<(), PlayError>;

    /// Applies `edit`; on error nothing changed.
    fn apply(&mut self, edit: &Self::Edit) -> Result<(), PlayError>;

    /// Everything wrong with the event; empty when it is sound.
    fn problems(&self) -> Vec<Problem>;

    /// The games the event can host, by role.
    fn slots(&self) -> Vec<HostedSlot> {
        Vec::new()
    }

    /// The edit that takes a hosted game's report into the event (for
    /// example the sled race's finish order), or `None` when the report
    /// changes nothing. `seats` are the players the game was seated with
    /// (id and the name the game reports him by): the event finds each
    /// side's player by id through them, so a player renamed after he was
    /// seated is still found. Refused when the report does not fit the
    /// role (an unknown player, a role the event does not have).
    fn feed(
        &self,
        role: &Role,
        seats: &[Seat],
        report: &GameReport,
    ) -> Result<Option<Self::Edit>, PlayError> {
        let _ = (seats, report);
        Err(PlayError::not_found("hosted game", role))
    }

    /// The tables whose results players may report (issue 30), every
    /// round's, rounds in playing order (the last one with tables is the
    /// current round). Default: none, the kind takes no reported results.
    fn entry_tables(&self) -> Vec<EntryTable> {
        Vec::new()
    }

    /// Checks a result reported for `table` of `round` as the app checks
    /// a typed one (the same fields, the same bounds, the same refusals)
    /// and gives each player's event points and the edit that records it.
    /// Pure: the event is not changed.
    ///
    /// # Errors
    /// The kind's refusal naming the field and the value;
    /// [`PlayError::NotFound`] for a table the round does not have;
    /// [`PlayError::Refused`] by default (the kind takes no reported
    /// results).
    fn check_report(
        &self,
        round: &str,
        table: u32,
        values: &ReportValues,
    ) -> Result<ReportCheck<Self::Edit>, PlayError> {
        let _ = (round, table, values);
        Err(PlayError::refused(
            "this kind of event takes no reported results",
            None,
        ))
    }
}
