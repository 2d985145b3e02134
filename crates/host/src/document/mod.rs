//! Documents: what Feldherr saves. A document is a game (one rule system)
//! or an event (several games and players), stored as versioned JSON.
//!
//! The serde state here is kept apart from the runtime state of the
//! screens (drivers, typed text, scroll positions).

mod edit;
mod event_doc;
mod game_doc;
mod load;
mod migrate;
mod scan;
pub mod sharing;
pub(crate) mod stream;

pub use edit::{DocumentEdit, EventEdit, GameEdit};
pub use event_doc::{EventDoc, HostedGame};
pub use game_doc::GameDoc;
pub use load::{
    MAX_DROPPED_KEYS, check_text, file_text, load, load_dropping_unknown, load_or_import, parse,
    parse_dropping_unknown, parse_or_import, save, to_json,
};

/// The `format` field every Feldherr document carries.
pub const FORMAT: &str = "feldherr";

/// The schema version this build writes and the newest it reads. Older
/// documents are migrated when read (see `migrate`): schema 1 had one game
/// shape for every system and only the New Year event; schema 2 keeps each
/// system's game under `game` (tagged `system`) and any kind of event under
/// `event` (tagged `event`), with hosted games; schema 3 gives each hosted
/// game its seats (the players' ids in the event).
pub const SCHEMA_VERSION: u32 = 3;

use feldherr_play::Problem;

/// A saved document.
///
/// On disk it is a JSON object with `format`, `schema_version` and `kind`
/// ("game" or "event") next to the fields of the game or event.
#[derive(Debug, Clone, PartialEq)]
#[expect(
    clippy::large_enum_variant,
    reason = "one document is open at a time per tab; boxing buys nothing"
)]
pub enum Document {
    /// One game of one rule system.
    Game(GameDoc),
    /// An event: players and several games.
    Event(EventDoc),
}

impl Document {
    /// The document's name, for titles and recent-file lists.
    pub fn name(&self) -> &str {
        match self {
            Document::Game(game) => &game.name,
            Document::Event(event) => event.name(),
        }
    }

    /// The `kind` written to the file.
    pub fn kind(&self) -> &'static str {
        match self {
            Document::Game(_) => "game",
            Document::Event(_) => "event",
        }
    }

    /// Problems that serde cannot see (values out of range, answers that
    /// do not fit their resolution), each with its path. Empty means the
    /// document is sound.
    pub fn problems(&self) -> Vec<Problem> {
        match self {
            Document::Game(game) => game.problems(),
            Document::Event(event) => event.problems(),
        }
    }
}
