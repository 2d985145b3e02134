//! What every per-system target checks, through the host alone (not the
//! app): the bytes are read with the loader every command reads files
//! with (`feldherr_host::document::parse_or_import`, behind
//! `feldherr_host::commands::load`); a document of another kind is left
//! alone (the fuzzer soon stays inside the seeds' kind). A document of the
//! target's kind:
//!
//! - lists its problems, saves, loads back equal and saves to the same
//!   text again;
//! - when `check` accepts it (no error among its problems), every sheet
//!   `feldherr sheet` makes of it is laid out and rendered as PDF and PNG
//!   in memory, and for an event the standings print as text, CSV and
//!   JSON: the commands agree with `check` (issue #28).
//!
//! Nothing may panic. Sheets render at 72 DPI (the lowest the command
//! allows); the layout is the same at every DPI. Making and rendering a
//! record sheet costs about 2 s of CPU in the instrumented build (the
//! loader a few milliseconds), so the sheets and standings are made for
//! one accepted input in [`RENDER_ONE_IN`], chosen by a hash of the input
//! (so a finding reproduces); `FELDHERR_FUZZ_RENDER_ALL=1` makes them for
//! every accepted input (to run one file).

// Each target builds one kind of `Kind`.
#![allow(dead_code)]

use feldherr_host::commands;
use feldherr_host::document::{self, Document};
use feldherr_host::standings::{CsvOptions, Separator, StandingsFormat};
use feldherr_play::{Lang, Problem};
use feldherr_sheet::{PageSize, SheetOptions};

/// One accepted input in this many makes its sheets and standings.
pub const RENDER_ONE_IN: u64 = 32;

/// The kind of document a target fuzzes.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// A game document of the system with this id.
    Game(&'static str),
    /// An event document of the kind with this `event` tag.
    Event(&'static str),
}

impl Kind {
    fn holds(self, document: &Document) -> bool {
        match (self, document) {
            (Kind::Game(system), Document::Game(game)) => game.system() == system,
            (Kind::Event(kind), Document::Event(event)) => event.event.id() == kind,
            _ => false,
        }
    }
}

/// Runs the checks above on `data`.
pub fn check(data: &[u8], kind: Kind) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(document) = document::parse_or_import(text, "fuzz") else {
        return;
    };
    if !kind.holds(&document) {
        return;
    }
    let problems = document.problems();
    let saved = document::to_json(&document);
    let back = document::parse(&saved, "saved")
        .unwrap_or_else(|e| panic!("a saved document does not load: {e}"));
    assert_eq!(back, document, "the document changed on a save and load");
    assert_eq!(document::to_json(&back), saved, "saved twice, two texts");
    assert_eq!(back.problems(), problems, "the problems changed on a save and load");
    if problems.iter().any(Problem::is_error) {
        // `sheet` and `standings` refuse it as `check` does
        // (`commands::load_checked`).
        return;
    }
    let hash = data
        .iter()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    if hash % RENDER_ONE_IN != 0 && std::env::var_os("FELDHERR_FUZZ_RENDER_ALL").is_none() {
        return;
    }
    let lang = if hash & (1 << 32) == 0 { Lang::En } else { Lang::De };
    let options = SheetOptions {
        page: PageSize::A4,
        dpi: 72,
    };
    let sheets = commands::sheets(&document, lang, options)
        .unwrap_or_else(|e| panic!("check accepts it, `sheet` refuses: {e}"));
    for named in &sheets {
        let name = &named.name;
        named
            .sheet
            .to_pdf()
            .unwrap_or_else(|e| panic!("check accepts it, sheet {name} as PDF fails: {e}"));
        named
            .sheet
            .to_png_pages()
            .unwrap_or_else(|e| panic!("check accepts it, sheet {name} as PNG fails: {e}"));
    }
    if let Document::Event(_) = document {
        let csv = CsvOptions {
            bom: true,
            crlf: true,
            separator: Separator::Semicolon,
        };
        for format in [
            StandingsFormat::Text,
            StandingsFormat::Csv(csv),
            StandingsFormat::Json,
        ] {
            commands::standings(&document, "fuzz", lang, format).unwrap_or_else(|e| {
                panic!("check accepts it, `standings` ({format:?}) refuses: {e}")
            });
        }
    }
}
