//! The WFB New Year event: Raeuber-Warhammer, the New Year scenario with
//! treasures, the sled race and the standings. An event kind (players,
//! pairings, results, sheets); its battle games are tables.

mod battles;
mod draw;
mod event_screen;
mod players;
mod print;
mod rules_card;
mod sled;
mod standings;
mod treasure;

pub use event_screen::{EventScreen, Tab, standings_rows};

use feldherr_host::document::{DocumentEdit, EventEdit};
use feldherr_host::registry::SystemEventEdit;
use feldherr_wfb_newyear::BattleTable;

use super::SystemScreens;
use crate::app::Command;

/// The screens of a New Year battle: the generic game screen's table and
/// nothing of its own (the battles' rules are Warhammer's; the event
/// scores their results).
#[derive(Debug, Default)]
pub struct BattleScreens;

impl SystemScreens for BattleScreens {
    type Game = BattleTable;
    const CATALOGUES: &'static [(&'static str, &'static str)] = &[
        ("en", include_str!("i18n/en.json")),
        ("de", include_str!("i18n/de.json")),
    ];
    const PLAYABLE: bool = true;
}

/// The command that applies a New Year event edit (the crate's id-based
/// edit: players by their stable id, pairings by their table number).
pub fn event_edit(edit: feldherr_wfb_newyear::EventEdit) -> Command {
    Command::Edit(DocumentEdit::Event(EventEdit::Event(
        SystemEventEdit::NewYear(edit),
    )))
}
