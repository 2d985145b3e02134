//! Who a test, wound or roll concerns: a machine, a crew figure or a
//! figure on the table.

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

/// A model of the game a rule applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Subject {
    /// A war machine.
    Machine(Id),
    /// A crew figure (without a piece of its own on the table; one with a
    /// piece is a figure).
    Crew(Id),
    /// A figure on the table, by piece.
    Figure(u64),
}
