//! Warmaster Revolution "Guardians": the game of `feldherr-warmaster`
//! (armies, alternating terrain, scenarios, conquest and victory points,
//! the chess clock). The app hosts its table, its rolls and its saved
//! state; the screens for its edits are not built yet.

use feldherr_play::{Game, Lang};

use super::SystemInfo;

/// A Warmaster game.
pub type WarmasterGame = feldherr_warmaster::WarmasterGame;

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
    messages: |code| Lang::from_code(code).map(WarmasterGame::messages),
    record_sheet: None,
    tool_screen: None,
};
