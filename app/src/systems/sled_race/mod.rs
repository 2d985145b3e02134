//! The sled race of the New Year event as a game of its own: the game of
//! `feldherr-sled-race` (track, drivers, rounds inch by inch). An event
//! hosts it in its `sled_race` role; the app hosts its table, its rolls and
//! its saved state; the screens for its edits are not built yet.

use feldherr_play::{Game, Lang};

use super::SystemInfo;

/// A sled race.
pub type SledRace = feldherr_sled_race::Race;

/// What the start screen and the sheets know of the sled race.
pub const INFO: SystemInfo = SystemInfo {
    id: "sled_race",
    key: "system.sled",
    playable: false,
    tools: &[],
    catalogues: &[
        ("en", include_str!("i18n/en.json")),
        ("de", include_str!("i18n/de.json")),
    ],
    messages: |code| Lang::from_code(code).map(SledRace::messages),
    record_sheet: None,
    tool_screen: None,
};
