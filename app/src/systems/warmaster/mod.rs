//! Warmaster Revolution "Guardians": for now the table with the W1
//! terrain distance checks (180 x 120 cm, G2).

use feldherr_table::TableRules;

use super::{SystemInfo, TableOnly, TableOnlySystem};

/// Marks the Warmaster table.
#[derive(Debug, Clone, PartialEq)]
pub struct Warmaster;

impl TableOnlySystem for Warmaster {
    const ID: &'static str = "warmaster";
    fn table_rules() -> TableRules {
        TableRules::warmaster()
    }
}

/// A Warmaster game.
pub type WarmasterGame = TableOnly<Warmaster>;

/// What the start screen and the sheets know of Warmaster.
pub const INFO: SystemInfo = SystemInfo {
    id: "warmaster",
    key: "system.warmaster",
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
