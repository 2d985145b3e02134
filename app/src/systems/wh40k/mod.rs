//! The 40K free-for-all for 3-4 players: for now the table (72 x 48 in,
//! G2).

use feldherr_table::geometry::Unit;
use feldherr_table::{Table, TableRules};

use super::{SystemInfo, TableOnly, TableOnlySystem};

/// Marks the 40K free-for-all table.
#[derive(Debug, Clone, PartialEq)]
pub struct Wh40kFfa;

impl TableOnlySystem for Wh40kFfa {
    const ID: &'static str = "wh40k_ffa";
    fn table_rules() -> TableRules {
        TableRules::wfb_sled_race()
    }
    fn default_table() -> Table {
        Table::new(72.0, 48.0, Unit::Inch).unwrap_or_else(|_| Self::table_rules().default_table())
    }
}

/// A 40K free-for-all game.
pub type FfaGame = TableOnly<Wh40kFfa>;

/// What the start screen and the sheets know of the 40K free-for-all.
pub const INFO: SystemInfo = SystemInfo {
    id: "wh40k_ffa",
    key: "system.wh40k",
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
