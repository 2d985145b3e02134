//! What the command line (and any other program) does with a document
//! without a window: check it, print its standings, make its sheets.

use std::path::Path;

use feldherr_play::{Lang, Problem};
use feldherr_sheet::{NamedSheet, SheetOptions};

use crate::document::{self, Document};
use crate::standings::StandingsFormat;
use crate::{HostError, Texts};

/// Reads a document for a command: a Feldherr document, or a bare event
/// file of a kind the registry knows.
///
/// # Errors
/// The file cannot be read or is not a document.
pub fn load(path: &Path) -> Result<Document, HostError> {
    document::load_or_import(path)
}

/// Every problem of the document in `path`, errors and warnings (empty
/// when it is sound).
///
/// # Errors
/// The file cannot be read or is not a document.
pub fn check(path: &Path) -> Result<Vec<Problem>, HostError> {
    Ok(load(path)?.problems())
}

/// The document in `path`, refused when it breaks the rules: what
/// `standings` and `sheet` read, so they refuse what `check` refuses, with
/// the same messages.
///
/// # Errors
/// The file cannot be read or is not a document; [`HostError::Problems`]
/// with every error `check` reports.
pub fn load_checked(path: &Path) -> Result<Document, HostError> {
    let document = load(path)?;
    let problems: Vec<Problem> = document
        .problems()
        .into_iter()
        .filter(Problem::is_error)
        .collect();
    if problems.is_empty() {
        Ok(document)
    } else {
        Err(HostError::Problems {
            source_name: path.display().to_string(),
            problems,
        })
    }
}

/// The standings of the event in `document`, printed in `format`, headings
/// in `lang`.
///
/// # Errors
/// [`HostError::NotAnEvent`] for a game; the event's refusal.
pub fn standings(
    document: &Document,
    source_name: &str,
    lang: Lang,
    format: StandingsFormat,
) -> Result<String, HostError> {
    let Document::Event(event) = document else {
        return Err(HostError::NotAnEvent {
            source_name: source_name.to_owned(),
        });
    };
    let table = event.event.standings_table(&Texts::new(lang))?;
    Ok(crate::standings::print(&table, format))
}

/// Every sheet of `document`: an event's sheets, or a game's record sheet
/// (named after the game, `<name>-record`).
///
/// # Errors
/// [`HostError::Option`] for a DPI out of range; the event's refusal; a
/// game whose system keeps no record sheet; a sheet that cannot be made.
pub fn sheets(
    document: &Document,
    lang: Lang,
    options: SheetOptions,
) -> Result<Vec<NamedSheet>, HostError> {
    if !(72..=1200).contains(&options.dpi) {
        return Err(HostError::Option {
            option: "--dpi",
            value: options.dpi.to_string(),
            expected: "72 to 1200",
        });
    }
    let texts = Texts::new(lang);
    match document {
        Document::Event(event) => {
            // A shared event's sheets carry its table codes.
            let codes = |round: &str, table| event.sharing.code(round, table).map(str::to_owned);
            event.event.sheets(&texts, options, &codes)
        }
        Document::Game(game) => {
            let table = game.table_or_default();
            let sheet = game
                .game
                .record_sheet(&table, &game.name, &texts, options)?;
            Ok(vec![NamedSheet {
                name: format!("{}-record", file_stem(&game.name)),
                sheet,
            }])
        }
    }
}

/// A file name made of `name`: letters, digits and dashes.
pub fn file_stem(name: &str) -> String {
    let stem: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let stem = stem.trim_matches('-');
    if stem.is_empty() {
        "game".into()
    } else {
        stem.to_owned()
    }
}
