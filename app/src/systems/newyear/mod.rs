//! The WFB New Year event: Raeuber-Warhammer, the New Year scenario with
//! treasures, the sled race and the standings. An event kind (players,
//! pairings, results, sheets); its battle games are tables.

mod battles;
mod cli;
mod draw;
mod event_screen;
mod export;
mod players;
mod rules_card;
pub mod sheets;
mod sled;
mod standings;
mod treasure;
mod wfb_table;

pub use event_screen::{EventScreen, Tab, standings_rows};
pub use rules_card::{RULE_CARDS, rule_card_text};
pub use standings::{Row as StandingsRow, place_label, rows as standings_rows_full};
pub use wfb_table::wfb_table_rules;

use feldherr_play::{EventRules, Lang, PlayError, Problem};
use feldherr_table::geometry::Unit;
use feldherr_table::{Table, TableRules};
use feldherr_wfb_newyear::Event;
use serde::{Deserialize, Serialize};

use super::{SystemEventEdit, SystemInfo, TableOnly, TableOnlySystem};
use crate::app::Command;
use crate::document::{DocumentEdit, EventEdit};

/// What the start screen and the sheets know of the New Year event's
/// battle games.
pub const INFO: SystemInfo = SystemInfo {
    id: "wfb_newyear",
    key: "system.wfb",
    playable: true,
    tools: &[],
    catalogues: &[
        ("en", include_str!("i18n/en.json")),
        ("de", include_str!("i18n/de.json")),
    ],
    messages: |code| Lang::from_code(code).map(feldherr_wfb_newyear::messages),
    record_sheet: None,
    tool_screen: None,
};

/// Marks the WFB table (72 x 48 in, G2).
#[derive(Debug, Clone, PartialEq)]
pub struct Wfb;

impl TableOnlySystem for Wfb {
    const ID: &'static str = "wfb_newyear";
    fn table_rules() -> TableRules {
        wfb_table::wfb_table_rules()
    }
    fn default_table() -> Table {
        Table::new(72.0, 48.0, Unit::Inch).unwrap_or_else(|_| Self::table_rules().default_table())
    }
}

/// A battle game of the New Year event: its table.
pub type BattleGame = TableOnly<Wfb>;

/// The New Year event as an event kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct NewYearEvent(pub Event);

/// Pushes a New Year event edit.
pub fn event_edit(edit: NewYearEdit) -> Command {
    Command::Edit(DocumentEdit::Event(EventEdit::Event(
        SystemEventEdit::NewYear(edit),
    )))
}

/// A change to a New Year event: the crate's id-based edit (players by
/// their stable id, pairings by their table number), so a renamed player
/// shows everywhere and errors name players by their names (issue 10).
pub type NewYearEdit = feldherr_wfb_newyear::EventEdit;

impl EventRules for NewYearEvent {
    type Edit = NewYearEdit;
    const KIND: &'static str = "wfb_newyear";

    fn name(&self) -> &str {
        &self.0.name
    }

    fn rename(&mut self, name: &str) -> Result<(), PlayError> {
        EventRules::rename(&mut self.0, name)
    }

    fn apply(&mut self, edit: &NewYearEdit) -> Result<(), PlayError> {
        EventRules::apply(&mut self.0, edit)
    }

    fn problems(&self) -> Vec<Problem> {
        EventRules::problems(&self.0)
    }

    fn slots(&self) -> Vec<feldherr_play::HostedSlot> {
        EventRules::slots(&self.0)
    }

    fn feed(
        &self,
        role: &str,
        report: &feldherr_play::GameReport,
    ) -> Result<Option<NewYearEdit>, PlayError> {
        EventRules::feed(&self.0, role, report)
    }
}

impl super::EventHeadless for NewYearEvent {
    fn standings(
        &self,
        texts: &crate::i18n::Texts,
        format: super::StandingsFormat,
    ) -> Result<String, String> {
        let rows = standings_rows_full(texts, &self.0)?;
        Ok(match format {
            super::StandingsFormat::Json => cli::standings_json(&rows),
            super::StandingsFormat::Csv => cli::standings_csv(texts, &rows),
            super::StandingsFormat::Table => cli::standings_table(texts, &self.0.name, &rows),
        })
    }

    fn sheets(
        &self,
        texts: &crate::i18n::Texts,
        options: crate::sheets::SheetOptions,
    ) -> Result<Vec<crate::sheets::NamedSheet>, String> {
        sheets::event_sheets(texts, &self.0, options)
    }

    fn new_named(name: &str) -> Self {
        NewYearEvent(Event::new(name))
    }

    fn from_bare(text: &str) -> Option<Result<Self, String>> {
        let value: serde_json::Value = serde_json::from_str(text).ok()?;
        // A bare New Year event has its players and both battle games.
        let object = value.as_object()?;
        if !object.contains_key("players") || !object.contains_key("raeuber_warhammer") {
            return None;
        }
        Some(
            Event::from_json(text)
                .map(NewYearEvent)
                .map_err(|e| e.to_string()),
        )
    }
}

impl NewYearEvent {
    /// A new, empty event.
    pub fn new(name: impl Into<String>) -> Self {
        Self(Event::new(name))
    }
}
