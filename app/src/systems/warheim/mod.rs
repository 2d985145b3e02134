//! Warheim: the game of `feldherr-warheim` (rosters, activations, attacks
//! with reactions, saves, morale). The app hosts its table, its rolls and
//! its saved state; the screens for its edits are not built yet.

use feldherr_play::{Game, Lang};

use super::SystemInfo;

/// A Warheim game.
pub type WarheimGame = feldherr_warheim::Warheim;

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
    messages: |code| Lang::from_code(code).map(WarheimGame::messages),
    record_sheet: None,
    tool_screen: None,
};
