//! Every rule system and kind of event the app hosts, and the one
//! registry that lists them.
//!
//! A system's crate implements `feldherr_play::Game`; its folder here
//! implements [`SystemUi`] (tabs, side panel, table overlay, tools,
//! sheets). The generic files of the app (`app.rs`, `ui/game.rs`,
//! `ui/start.rs`, `document/*`, `session.rs`, `cli.rs`) go through this
//! module and name no system. Adding a system: one crate, one folder, and
//! one line in the `games!` block of `registry.rs` (see `docs/ARCHITECTURE.md`).

mod contract;
mod registry;
pub mod schema_v1;
mod table_only;

pub mod confrontation;
pub mod newyear;
pub mod sled_race;
pub mod warheim;
pub mod warmaster;
pub mod wh40k;

pub use contract::{
    EventHeadless, EventUi, GameContext, NoUi, StandingsFormat, StartTool, SystemInfo, SystemUi,
    Tab, ToolScreen, View,
};
pub use registry::{
    EVENT_KINDS, EventEdit as SystemEventEdit, SYSTEMS, SystemEdit, SystemEvent, SystemGame,
    SystemOdds, info, messages, tool_screen,
};
pub use table_only::{TableOnly, TableOnlySystem};
