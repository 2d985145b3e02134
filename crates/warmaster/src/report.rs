//! What the record sheet shows of each army: every unit with its items,
//! whether it is a Regiment of Renown, the general and his successors
//! (W10), and what became of it.

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::UnitKind;

/// A unit's part in the command of its army.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum GeneralRole {
    /// The army's General from the start.
    General,
    /// Lang lebe der Koenig: a character who took over as general after
    /// `after` was slain in game turn `round` (W10).
    Successor {
        /// The game turn.
        round: u32,
        /// The general he succeeded.
        after: String,
    },
}

/// One unit on the record sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitReport {
    /// The unit.
    pub unit: Id,
    /// Its name.
    pub name: String,
    /// Its type.
    pub kind: UnitKind,
    /// What it cost.
    pub points: u32,
    /// Its stands.
    pub stands: u32,
    /// Its magic items.
    pub magic_items: Vec<String>,
    /// A Regiment of Renown.
    pub renown: bool,
    /// General or successor general, if either.
    pub general: Option<GeneralRole>,
    /// Stands lost.
    pub stands_lost: u32,
    /// Destroyed (slain, for a character).
    pub destroyed: bool,
    /// Left the table to pillage (Verbranntes Land).
    pub pillaged: bool,
}
