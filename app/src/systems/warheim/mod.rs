//! Warheim: for now the table (36 x 36 in, G2).

use feldherr_table::geometry::Unit;
use feldherr_table::{Table, TableRules};

use super::{SystemInfo, TableOnly, TableOnlySystem};

/// Marks the Warheim table.
#[derive(Debug, Clone, PartialEq)]
pub struct Warheim;

impl TableOnlySystem for Warheim {
    const ID: &'static str = "warheim";
    fn table_rules() -> TableRules {
        TableRules::wfb_sled_race()
    }
    fn default_table() -> Table {
        Table::new(36.0, 36.0, Unit::Inch).unwrap_or_else(|_| Self::table_rules().default_table())
    }
}

/// A Warheim game.
pub type WarheimGame = TableOnly<Warheim>;

/// What the start screen and the sheets know of Warheim.
pub const INFO: SystemInfo = SystemInfo {
    id: "warheim",
    key: "system.warheim",
    playable: false,
    tools: &[],
    catalogues: &[
        ("en", include_str!("i18n/en.json")),
        ("de", include_str!("i18n/de.json")),
    ],
    messages: |_| None,
    record_sheet: None,
    tool_screen: None,
};
