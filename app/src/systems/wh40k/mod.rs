//! The 40K free-for-all for 3-4 players: the game of `feldherr-wh40k-ffa`
//! (deployment, dice-bag turn order, multi-sided combat). The app hosts
//! its table, its rolls and its saved state; the screens for its edits are
//! not built yet.

use feldherr_play::{Game, Lang};

use super::SystemInfo;

/// A 40K free-for-all game.
pub type FfaGame = feldherr_wh40k_ffa::FreeForAll;

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
    messages: |code| Lang::from_code(code).map(FfaGame::messages),
    record_sheet: None,
    tool_screen: None,
};
