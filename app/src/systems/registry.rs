//! The screens of every rule system and kind of event: one line each.
//!
//! The host's registry (`feldherr_host::registry`) lists the systems and
//! kinds; the matches below have no wildcard, so a system or kind
//! registered there without screens here does not compile, and a
//! system's screens without its catalogues do not compile either
//! ([`SystemScreens::CATALOGUES`] has no default).

use std::sync::LazyLock;

use feldherr_host::registry::{EventKindId, SystemId};
use feldherr_play::Game;

use super::{EventUi, Screens, StartTool, SystemScreens, SystemUi, ToolScreen};

/// What the app knows of a system's screens without an open game.
#[derive(Debug, Clone, Copy)]
pub struct ScreensInfo {
    /// The system.
    pub id: SystemId,
    /// The `system` tag of the game the screens show (checked against `id`
    /// by a test).
    pub game: &'static str,
    /// Its interface strings per language: (code, JSON).
    pub catalogues: &'static [(&'static str, &'static str)],
    /// Whether a game of it can be played in the app today.
    pub playable: bool,
    /// Its tools on the start screen.
    pub tools: &'static [StartTool],
    /// The screen of one of its tools, by tool id.
    pub tool_screen: fn(&str) -> Option<Box<dyn ToolScreen>>,
    /// Makes its screens for an open game.
    pub make: fn() -> Box<dyn SystemUi>,
}

/// The screens info of `S` for system `id`.
fn info_of<S: SystemScreens>(id: SystemId) -> ScreensInfo {
    ScreensInfo {
        id,
        game: <S::Game as Game>::SYSTEM,
        catalogues: S::CATALOGUES,
        playable: S::PLAYABLE,
        tools: S::TOOLS,
        tool_screen: S::tool_screen,
        make: || Box::new(Screens::<S>::default()),
    }
}

/// The screens of system `id`: one line per system.
fn screens_of(id: SystemId) -> ScreensInfo {
    match id {
        SystemId::WfbNewyear => info_of::<super::newyear::BattleScreens>(id),
        SystemId::Warmaster => info_of::<super::warmaster::WarmasterUi>(id),
        SystemId::Warheim => info_of::<super::warheim::WarheimUi>(id),
        SystemId::Confrontation => info_of::<super::confrontation::ConfrontationUi>(id),
        SystemId::Wh40kFfa => info_of::<super::wh40k::FfaUi>(id),
        SystemId::SledRace => info_of::<super::sled_race::SledRaceUi>(id),
    }
}

/// The screens of kind of event `kind`: one line per kind.
pub fn event_screens(kind: EventKindId) -> Box<dyn EventUi> {
    match kind {
        EventKindId::NewYear => Box::<super::newyear::EventScreen>::default(),
        EventKindId::WarmasterTournament => Box::<super::warmaster::TournamentScreen>::default(),
    }
}

/// Every system's screens, in the host's start-screen order.
pub static SCREENS: LazyLock<Vec<ScreensInfo>> =
    LazyLock::new(|| SystemId::ALL.iter().map(|&id| screens_of(id)).collect());

/// The screens info of the system tagged `tag`.
pub fn screens(tag: &str) -> Option<&'static ScreensInfo> {
    SCREENS.iter().find(|s| s.id.tag() == tag)
}

/// The screen of start-screen tool `tool` of system `system`.
pub fn tool_screen(system: &str, tool: &str) -> Option<Box<dyn ToolScreen>> {
    screens(system).and_then(|s| (s.tool_screen)(tool))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_systems_screens_show_its_own_game() {
        for screens in SCREENS.iter() {
            assert_eq!(screens.game, screens.id.tag());
        }
        assert_eq!(SCREENS.len(), SystemId::ALL.len());
    }
}
