//! Test helpers the rule crates share: the scan that every refusal key a
//! crate's sources name is in its English and German catalogue.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::Catalogue;
use crate::refusal::slug;

/// The `"…"` literals following `call` in `source` (`say("moved")` gives
/// `moved` for the call `say(`).
pub fn literals_after<'a>(source: &'a str, call: &str) -> Vec<&'a str> {
    source
        .match_indices(call)
        .filter_map(|(at, _)| {
            let rest = source[at + call.len()..].trim_start();
            let rest = rest.strip_prefix('"')?;
            rest.split_once('"').map(|(lit, _)| lit)
        })
        .collect()
}

/// A sentence without its placeholders.
fn words(text: &str) -> String {
    text.split('{')
        .map(|part| part.split_once('}').map_or(part, |(_, rest)| rest))
        .collect()
}

/// The `{name}` placeholders of a sentence.
fn placeholders(text: &str) -> BTreeSet<&str> {
    text.split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(name, _)| name))
        .collect()
}

/// A scan of a crate's sources for the refusal keys they name.
///
/// ```
/// use feldherr_play::Catalogue;
/// use feldherr_play::testing::RefusalScan;
///
/// let mut scan = RefusalScan::new("demo.refusal");
/// scan.scan_source(r#"refused(say("late"), None); not_found("charge distance", 3)"#);
/// let en = Catalogue::parse("en", r#"{"demo.refusal.late": "too late",
///     "demo.refusal.not_found.charge_distance": "charge distance {id} is unknown"}"#)?;
/// let de = Catalogue::parse("de", r#"{"demo.refusal.late": "zu spät",
///     "demo.refusal.not_found.charge_distance": "Angriffsdistanz {id} gibt es nicht"}"#)?;
/// assert_eq!(scan.keys().len(), 2);
/// assert!(scan.problems(&en, &de).is_empty());
/// # Ok::<(), feldherr_play::PlayError>(())
/// ```
#[derive(Debug, Clone)]
pub struct RefusalScan {
    prefix: String,
    calls: Vec<(String, String)>,
    keys: BTreeSet<String>,
}

impl RefusalScan {
    /// A scan for keys under `prefix` (without the trailing dot) that
    /// finds `say("key")` and `not_found("what", …)` (slugged under
    /// `not_found.`).
    pub fn new(prefix: &str) -> Self {
        RefusalScan {
            prefix: prefix.to_owned(),
            calls: vec![
                ("say(".to_owned(), String::new()),
                ("not_found(".to_owned(), "not_found.".to_owned()),
            ],
            keys: BTreeSet::new(),
        }
    }

    /// Also find the literal after `call` as the key `<prefix>.<under><slug>`
    /// (e.g. `in_phase(` under `action.`).
    #[must_use]
    pub fn call(mut self, call: &str, under: &str) -> Self {
        self.calls.push((call.to_owned(), under.to_owned()));
        self
    }

    /// Add `key` (under the prefix) as used although no call names it.
    pub fn add(&mut self, key: &str) {
        self.keys.insert(format!("{}.{key}", self.prefix));
    }

    /// Scan one source text.
    pub fn scan_source(&mut self, source: &str) {
        for (call, under) in &self.calls {
            for literal in literals_after(source, call) {
                let part = if under.is_empty() {
                    literal.to_owned()
                } else {
                    slug(literal)
                };
                self.keys.insert(format!("{}.{under}{part}", self.prefix));
            }
        }
    }

    /// Scan every `.rs` file in `dir` (and below it when `recursive`).
    ///
    /// # Panics
    /// When a directory or file cannot be read (it is a test helper).
    pub fn scan_dir(&mut self, dir: impl AsRef<Path>, recursive: bool) {
        let mut dirs = vec![PathBuf::from(dir.as_ref())];
        while let Some(dir) = dirs.pop() {
            let entries = std::fs::read_dir(&dir)
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .map(|entry| entry.map(|e| e.path()));
            for path in entries {
                let path = path.unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
                if path.is_dir() {
                    if recursive {
                        dirs.push(path);
                    }
                } else if path.extension().is_some_and(|x| x == "rs") {
                    let source = std::fs::read_to_string(&path)
                        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                    self.scan_source(&source);
                }
            }
        }
    }

    /// The keys found so far.
    pub fn keys(&self) -> &BTreeSet<String> {
        &self.keys
    }

    /// What is wrong with the keys found: a key missing in `en` or `de`,
    /// a German sentence using a placeholder the English lacks (but the
    /// bad `{value}`), or a German sentence that is the English one
    /// although it has more than one word (the text's own terms such as
    /// "Konzentration" may stay).
    pub fn problems(&self, en: &Catalogue, de: &Catalogue) -> Vec<String> {
        let mut problems = Vec::new();
        for key in &self.keys {
            match (en.get(key), de.get(key)) {
                (Some(en), Some(de)) => {
                    let mut allowed = placeholders(en);
                    allowed.insert("value");
                    if !placeholders(de).is_subset(&allowed) {
                        problems.push(format!("{key}: German placeholders {de}"));
                    }
                    let worded = words(en)
                        .split_whitespace()
                        .filter(|w| w.chars().any(char::is_alphabetic))
                        .count();
                    if en == de && worded > 1 {
                        problems.push(format!("{key}: German is the English {de}"));
                    }
                }
                (en, de) => problems.push(format!("{key}: en {en:?}, de {de:?}")),
            }
        }
        problems
    }
}
