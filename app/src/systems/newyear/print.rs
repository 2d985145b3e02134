//! What the New Year event prints (the generic print tab's
//! [`EventSheets`]): the pairings wall sheet per game, a result slip per pairing (two A5 to an A4 page when
//! asked), the sled race result, the standings and the rules cards.

use feldherr_host::document::sharing::Sharing;
use feldherr_sheet::{NamedSheet, SheetOptions};
use feldherr_wfb_newyear::{BattleKind, Event, event_sheets_coded, event_sheets_two_up_coded};

use crate::i18n::Texts;
use crate::ui::print_tab::EventSheets;

/// The New Year event's sheets; with each table's code while the event
/// is shared on the network (issue 30: the codes the event document
/// keeps, on the slips and the pairings wall sheet).
pub struct NewYearSheets<'a>(pub &'a Event, pub &'a Sharing);

impl EventSheets for NewYearSheets<'_> {
    fn kind_keys(&self) -> &'static [&'static str] {
        &[
            "export.kind.slips",
            "export.kind.sled",
            "export.kind.standings",
            "export.kind.rules",
            "export.kind.pairings",
        ]
    }

    fn kind_of(&self, name: &str) -> usize {
        if name.starts_with("pairings-") {
            4
        } else if name.starts_with("slip-") {
            0
        } else if name == "sled-race" {
            1
        } else if name == "standings" {
            2
        } else {
            3
        }
    }

    fn two_up(&self) -> bool {
        true
    }

    fn sheets(
        &self,
        texts: &Texts,
        options: SheetOptions,
        two_up: bool,
    ) -> Result<Vec<NamedSheet>, String> {
        let codes =
            |kind: BattleKind, table: u32| self.1.code(kind.key(), table).map(str::to_owned);
        let sheets = if two_up {
            event_sheets_two_up_coded(texts, self.0, options, &codes)
        } else {
            event_sheets_coded(texts, self.0, options, &codes)
        };
        sheets.map_err(|e| e.to_string())
    }
}
