//! The app's document loader (`feldherr::document::parse_or_import`, what
//! the window, `feldherr check`, `standings` and `sheet` all read files
//! with, bare event files included): any text either loads or is refused,
//! never a panic; what loads saves, loads back identically, and its
//! problems can be listed.
//!
//! The app crate links eframe; the loader itself draws nothing, so the
//! target just links the library and never opens a window.
#![no_main]

use feldherr::document::{Document, parse, parse_or_import, to_json};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(document) = parse_or_import(text, "fuzz") {
        let _ = document.problems();
        let saved = to_json(&document);
        let back: Document = parse(&saved, "saved").expect("a saved document loads");
        assert_eq!(back, document, "the document changed on a save and load");
    }
});
