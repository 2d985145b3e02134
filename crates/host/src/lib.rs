//! Feldherr's headless host: everything a program needs to open, change,
//! check, save and print Feldherr documents of every rule system, without
//! any window toolkit. The desktop app composes it with its screens; the
//! command line and a LAN server use it alone.
//!
//! - [`document`]: the saved documents (a game of any rule system, an
//!   event of any kind hosting games) as versioned JSON: parse, migrate,
//!   validate ([`document::Document::problems`]), save atomically
//!   ([`atomic`]); every change is a [`document::DocumentEdit`], applied
//!   once in place with one snapshot.
//! - [`history`]: an open document with undo and redo, saved after every
//!   change; [`disk`] notices when someone else wrote its file meanwhile
//!   and [`file_claim`] when another window has it open.
//! - [`registry`]: one line per rule system and kind of event; the saved
//!   types ([`registry::SystemGame`], [`registry::SystemEvent`]) and the
//!   dispatch of the contract, record sheets, standings and event sheets.
//! - [`Texts`]: the words of every system in one language, English behind.
//! - [`standings`]: a typed standings table printed as CSV, JSON or text.
//! - [`export`]: sheets written to PNG or PDF files, safely.
//! - [`commands`]: check, standings and sheets of a file, as the command
//!   line runs them.
//!
//! Conventions: lengths are in each system's native unit (G1); every
//! error is a [`HostError`] naming the file, field or thing at fault.
//!
//! # Example
//!
//! ```
//! use feldherr_host::document::{Document, DocumentEdit, GameDoc, GameEdit};
//! use feldherr_host::{HostError, history::OpenDocument};
//!
//! // A new game of the first registered system, renamed, saved as JSON
//! // and read back.
//! let system = feldherr_host::registry::SYSTEMS[0].id;
//! let game = GameDoc::new("Skirmish at the mill", system).expect("a registered system");
//! let mut open = OpenDocument::new(Document::Game(game), None);
//! open.edit(&DocumentEdit::Game(GameEdit::Rename("The mill".into())))?;
//! assert_eq!(open.document().name(), "The mill");
//! // An empty name is refused and changes nothing.
//! let refused = open.edit(&DocumentEdit::Rename(" ".into()));
//! assert!(matches!(refused, Err(HostError::EmptyName)));
//! assert!(open.undo());
//! assert_eq!(open.document().name(), "Skirmish at the mill");
//! let json = feldherr_host::document::to_json(open.document());
//! let back = feldherr_host::document::parse(&json, "memory")?;
//! assert_eq!(&back, open.document());
//! # Ok::<(), HostError>(())
//! ```

#![warn(missing_docs)]

pub mod atomic;
pub mod commands;
pub mod disk;
pub mod document;
mod error;
pub mod export;
pub mod file_claim;
pub mod history;
pub mod places;
pub mod registry;
pub mod standings;
mod texts;

pub use error::HostError;
pub use texts::Texts;
