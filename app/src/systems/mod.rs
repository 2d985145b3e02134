//! The screens of every rule system and kind of event the app hosts, and
//! the one registry that lists them.
//!
//! A system's crate implements `feldherr_play::Game`, and the host
//! registers it (`feldherr_host::registry`); its folder here implements
//! [`SystemScreens`] (tabs, side panel, table overlay, tools) over the
//! typed [`GameContext`]. The generic files of the app (`app.rs`,
//! `ui/*`, `cli.rs`) go through this module and name no system. Adding a
//! system: its crate, its registration lines in the host, one folder here
//! and one line in `registry.rs` (see `docs/ARCHITECTURE.md`).

mod contract;
mod registry;

pub mod confrontation;
pub mod newyear;
pub mod sled_race;
pub mod warheim;
pub mod warmaster;
pub mod wh40k;

pub use contract::{
    EventUi, GameCommand, GameContext, ScreenContext, Screens, StartTool, SystemScreens, SystemUi,
    Tab, ToolScreen, View, check_edit, game_of,
};
pub use registry::{SCREENS, ScreensInfo, event_screens, screens, tool_screen};
