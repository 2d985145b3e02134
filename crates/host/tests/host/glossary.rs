//! The German interface speaks one vocabulary (`docs/GLOSSARY.md`, issue
//! #27): no German catalogue uses a word the glossary's "not" column
//! rules out.

use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The words the glossary rules out, read from its table's "not" column
/// (entries with a note in brackets are for the reader, not the check).
fn forbidden() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("docs/GLOSSARY.md")).expect("glossary");
    let mut words = Vec::new();
    for line in text.lines().filter(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | English | German | not | why |
        let Some(not) = cells.get(3) else { continue };
        if *not == "not" || not.starts_with("---") {
            continue;
        }
        for word in not.split(", ") {
            let word = word.trim();
            if !word.is_empty() && !word.contains('(') {
                words.push(word.to_owned());
            }
        }
    }
    words
}

/// Every German catalogue of the workspace.
fn german_catalogues() -> Vec<PathBuf> {
    let root = root();
    let mut found = vec![root.join("app/i18n/de.json")];
    for (dir, inner) in [("crates", "messages"), ("app/src/systems", "i18n")] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path().join(inner).join("de.json");
            if path.exists() {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Whether `text` uses `word`: at the start of a word (so "erklären"
/// also finds "erklärende"), letters compared without case unless the word
/// holds a digit (D6 is a die, d6 notation typed by a user is not text).
fn uses(text: &str, word: &str) -> bool {
    let exact = word.chars().any(|c| c.is_ascii_digit());
    let (text, word) = if exact {
        (text.to_owned(), word.to_owned())
    } else {
        (text.to_lowercase(), word.to_lowercase())
    };
    text.match_indices(&word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        before.is_none_or(|c| !c.is_alphanumeric() && c != '{' && c != '_')
    })
}

#[test]
fn german_catalogues_follow_the_glossary() {
    let words = forbidden();
    assert!(
        words.iter().any(|w| w == "Abhandlung") && words.len() >= 10,
        "the glossary's table was not read: {words:?}"
    );
    let catalogues = german_catalogues();
    assert!(catalogues.len() >= 7, "{catalogues:?}");
    let mut found = Vec::new();
    for path in &catalogues {
        let text = std::fs::read_to_string(path).expect("catalogue");
        let messages: std::collections::BTreeMap<String, String> =
            serde_json::from_str(&text).expect("a flat catalogue");
        for (key, message) in &messages {
            for word in &words {
                if uses(message, word) {
                    found.push(format!("{}: {key}: \"{word}\" in {message:?}", path.display()));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_glossary_check_finds_what_it_should() {
    assert!(uses("Die Abhandlung läuft", "Abhandlung"));
    assert!(uses("Abhandlungen", "Abhandlung"));
    assert!(uses("Würfle einen D6", "D6"));
    assert!(!uses("Würfle einen W6", "D6"));
    assert!(!uses("{d6}", "D6"));
    assert!(!uses("Behandlung", "Abhandlung"));
    assert!(uses("Bitte ERKLÄREN", "erklären"));
}
