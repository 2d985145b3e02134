//! The WFB New Year event: Raeuber-Warhammer, the New Year scenario with
//! treasures, the sled race and the standings. An event kind (players,
//! pairings, results, sheets); its battle games are tables.

mod battles;
mod cli;
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

use feldherr_play::{EventRules, Lang, PlayError, Problem};
use feldherr_table::geometry::Unit;
use feldherr_table::{Table, TableRules};
use feldherr_wfb_newyear::{
    BattleKind, BattleResult, Event, EventTieBreaker, Pairing, Player, SledRace,
};
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

/// A change to a New Year event.
#[derive(Debug, Clone, PartialEq)]
pub enum NewYearEdit {
    /// Set the date.
    SetDate(String),
    /// Add a player.
    AddPlayer(Player),
    /// Replace player `index`.
    UpdatePlayer {
        /// Which player.
        index: usize,
        /// The new data.
        player: Player,
    },
    /// Remove player `index`.
    RemovePlayer(usize),
    /// Add a pairing to a battle game.
    AddPairing {
        /// Which game.
        game: BattleKind,
        /// The pairing (table and players).
        pairing: Pairing,
    },
    /// Remove pairing `index` of a battle game.
    RemovePairing {
        /// Which game.
        game: BattleKind,
        /// Which pairing.
        index: usize,
    },
    /// Enter, change or clear the result of a pairing.
    SetResult {
        /// Which game.
        game: BattleKind,
        /// Which pairing.
        index: usize,
        /// The result; `None` clears it.
        result: Option<BattleResult>,
    },
    /// Enter or clear the sled race result.
    SetSledRace(Option<SledRace>),
    /// Set the tie-breakers in the organiser's order.
    SetTieBreakers(Vec<EventTieBreaker>),
}

impl EventRules for NewYearEvent {
    type Edit = NewYearEdit;
    const KIND: &'static str = "wfb_newyear";

    fn name(&self) -> &str {
        &self.0.name
    }

    fn rename(&mut self, name: &str) -> Result<(), PlayError> {
        if name.trim().is_empty() {
            return Err(PlayError::invalid("name", "\"\"", "must not be empty"));
        }
        self.0.name = name.to_owned();
        Ok(())
    }

    fn apply(&mut self, edit: &NewYearEdit) -> Result<(), PlayError> {
        apply_edit(edit, &mut self.0).map_err(|e| PlayError::refused(e, None))
    }

    fn problems(&self) -> Vec<Problem> {
        EventRules::problems(&self.0)
    }

    fn slots(&self) -> Vec<feldherr_play::HostedSlot> {
        EventRules::slots(&self.0)
    }

    /// The crate's feed; its sled-race edit is the app's.
    fn feed(
        &self,
        role: &str,
        report: &feldherr_play::GameReport,
    ) -> Result<Option<NewYearEdit>, PlayError> {
        Ok(match EventRules::feed(&self.0, role, report)? {
            Some(feldherr_wfb_newyear::EventEdit::SetSledRace(race)) => {
                Some(NewYearEdit::SetSledRace(race))
            }
            Some(other) => {
                return Err(PlayError::refused(
                    format!("the event cannot take {other:?} from a hosted game"),
                    None,
                ));
            }
            None => None,
        })
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
            super::StandingsFormat::Csv => cli::standings_csv(&rows),
            super::StandingsFormat::Table => cli::standings_table(&self.0.name, &rows),
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

fn apply_edit(edit: &NewYearEdit, event: &mut Event) -> Result<(), String> {
    let mut next = event.clone();
    let count = next.players.len();
    let missing =
        |what: &str, index: usize, count: usize| format!("{what} {}: there are {count}", index + 1);
    match edit {
        NewYearEdit::SetDate(date) => next.date = date.clone(),
        NewYearEdit::AddPlayer(player) => {
            if next.players.iter().any(|p| p.id == player.id) {
                return Err(format!("player id \"{}\" exists already", player.id));
            }
            next.players.push(player.clone());
        }
        NewYearEdit::UpdatePlayer { index, player } => {
            let slot = next
                .players
                .get_mut(*index)
                .ok_or_else(|| missing("player", *index, count))?;
            *slot = player.clone();
        }
        NewYearEdit::RemovePlayer(index) => {
            if *index >= count {
                return Err(missing("player", *index, count));
            }
            next.players.remove(*index);
        }
        NewYearEdit::AddPairing { game, pairing } => {
            game_mut(&mut next, *game).pairings.push(pairing.clone())
        }
        NewYearEdit::RemovePairing { game, index } => {
            let pairings = &mut game_mut(&mut next, *game).pairings;
            if *index >= pairings.len() {
                return Err(missing("pairing", *index, pairings.len()));
            }
            pairings.remove(*index);
        }
        NewYearEdit::SetResult {
            game,
            index,
            result,
        } => {
            let pairings = &mut game_mut(&mut next, *game).pairings;
            let len = pairings.len();
            let pairing = pairings
                .get_mut(*index)
                .ok_or_else(|| missing("pairing", *index, len))?;
            pairing.result = *result;
        }
        NewYearEdit::SetSledRace(race) => next.sled_race = race.clone(),
        NewYearEdit::SetTieBreakers(order) => next.tie_breakers = order.clone(),
    }
    // The event stays valid after every edit: a bad edit is refused with the
    // reason and changes nothing (N1-N7).
    next.validate().map_err(|e| e.to_string())?;
    *event = next;
    Ok(())
}

fn game_mut(event: &mut Event, game: BattleKind) -> &mut feldherr_wfb_newyear::BattleGame {
    match game {
        BattleKind::RaeuberWarhammer => &mut event.raeuber_warhammer,
        BattleKind::NewYearScenario => &mut event.new_year_scenario,
    }
}
