//! The trait every kind of event implements (the WFB New Year event, a
//! Warmaster tournament, ...).

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{GameReport, PlayError, Problem};

/// A game an event hosts: its role in the event and the rule system it
/// must be played with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostedSlot {
    /// The role, e.g. `sled_race` or `round-2/table-3`; unique within the
    /// event.
    pub role: String,
    /// The [`crate::Game::SYSTEM`] of the game that fills it.
    pub system: &'static str,
    /// The players (by name) who take part.
    pub players: Vec<String>,
    /// Terms the event prescribes for the game (a tournament's game size
    /// and options), as the system's own JSON; `None` when it prescribes
    /// nothing. Handed to [`crate::Game::seat_with`].
    pub terms: Option<serde_json::Value>,
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
    /// changes nothing. Refused when the report does not fit the role (an
    /// unknown player, a role the event does not have).
    fn feed(&self, role: &str, report: &GameReport) -> Result<Option<Self::Edit>, PlayError> {
        let _ = report;
        Err(PlayError::not_found("hosted game", role))
    }
}
