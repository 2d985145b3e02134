//! The event on the club's network (issue 30): the organiser's laptop
//! serves an event's pairings, its standings (reloading by themselves)
//! and a result form per table to the players' phones, over the hall's
//! own Wi-Fi or a phone's hotspot; nothing leaves the room.
//!
//! Headless, naming no system: which tables may be reported, their
//! fields, their validation and the event points they give come from the
//! kind of event ([`feldherr_play::EventRules::entry_tables`],
//! [`feldherr_play::EventRules::check_report`]); the reports, table codes
//! and closed rounds live in the event document
//! ([`feldherr_host::document::sharing`]).
//!
//! Guarantees:
//! - nothing changes without the table's code (random, per table and
//!   round, compared in constant time); wrong codes are limited per
//!   client ([`RateLimit`]);
//! - every form carries a one-time token, and a post from another site
//!   (its `Origin`) is refused;
//! - bodies, URLs, fields and names are bounded before they are read;
//!   every name is HTML-escaped ([`escape`]); no file is ever served;
//! - a result is saved to the event's file (atomically) before the answer
//!   says "saved";
//! - only a local address is bound ([`check_local`]).
//!
//! Pages in English and German (the browser's `Accept-Language`, a switch
//! on every page, remembered in a cookie); words from
//! `messages/en.json` and `messages/de.json`.
//!
//! # Example
//!
//! ```no_run
//! use std::sync::{Arc, Mutex};
//! use feldherr_host::history::OpenDocument;
//! use feldherr_serve::{ServeOptions, Server, default_addr};
//!
//! let open = OpenDocument::open(std::path::Path::new("event.json"))?;
//! let server = Server::start(Arc::new(Mutex::new(open)), &ServeOptions::new(default_addr(8080)))?;
//! println!("{}", server.url());
//! server.wait();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

mod address;
mod admin;
mod error;
mod form;
mod guard;
mod html;
mod pages;
mod qr;
mod server;

pub use address::{DEFAULT_PORT, check_local, default_addr};
pub use error::ServeError;
pub use form::{MAX_BODY, MAX_PAIRS, MAX_VALUE};
pub use guard::RateLimit;
pub use html::escape;
pub use pages::STANDINGS_REFRESH;
pub use qr::{qr_svg, qr_text};
pub use server::{
    ServeOptions, Server, SharedDocument, add_codes_to_last_change, add_missing_codes,
};

use feldherr_play::Lang;

/// The server's words in `lang` (JSON: `serve.*` keys).
pub fn messages(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../messages/en.json"),
        Lang::De => include_str!("../messages/de.json"),
    }
}
