//! User-visible strings: the app's own catalogue per language in
//! `app/i18n/`, one catalogue per rule system in
//! `app/src/systems/<system>/i18n/`, and the message catalogues of the rule
//! crates (for their logs), merged into one [`Texts`].
//!
//! Adding a language is adding one file (`app/i18n/<code>.json`, with a
//! `_language` entry naming the language in itself) plus the systems'
//! files; the build script finds the app's. A key missing from a catalogue
//! falls back to English, then to the key itself, so a half-translated
//! catalogue never breaks the app.

use std::collections::BTreeMap;

include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));

/// The language the app falls back to.
pub const FALLBACK: &str = "en";

/// One language's strings.
#[derive(Debug, Clone, Default)]
pub struct Catalogue {
    code: String,
    name: String,
    entries: BTreeMap<String, String>,
}

impl Catalogue {
    /// Parses a catalogue; `code` is its file name without `.json`.
    pub fn parse(code: &str, json: &str) -> Result<Self, String> {
        let entries: BTreeMap<String, String> =
            serde_json::from_str(json).map_err(|e| format!("i18n/{code}.json: {e}"))?;
        let name = entries
            .get("_language")
            .cloned()
            .unwrap_or_else(|| code.to_owned());
        Ok(Self {
            code: code.to_owned(),
            name,
            entries,
        })
    }

    /// The language code, e.g. "de".
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The language's own name, e.g. "Deutsch".
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Every key.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.entries.get(key).map(String::as_str)
    }

    /// Adds the entries of a JSON object of strings (a system's catalogue).
    fn merge(&mut self, name: &str, json: &str) -> Result<(), String> {
        let entries: BTreeMap<String, String> =
            serde_json::from_str(json).map_err(|e| format!("{name}: {e}"))?;
        self.entries.extend(entries);
        Ok(())
    }
}

/// The app's catalogue for `code` with every system's UI strings and every
/// rule crate's messages merged in. A system catalogue that fails to parse
/// is left out (and reported by the `i18n` tests).
fn complete(mut catalogue: Catalogue) -> Catalogue {
    let code = catalogue.code.clone();
    for system in crate::systems::SYSTEMS {
        for (c, json) in system.catalogues {
            if *c == code {
                let _ = catalogue.merge(system.id, json);
            }
        }
    }
    for json in crate::systems::messages(&code) {
        let _ = catalogue.merge("messages", json);
    }
    catalogue
}

/// Every built-in catalogue, parsed. A catalogue that fails to parse is
/// left out (and reported by the `i18n` tests).
pub fn catalogues() -> Vec<Catalogue> {
    CATALOGUES
        .iter()
        .filter_map(|(code, json)| Catalogue::parse(code, json).ok())
        .collect()
}

/// The strings of the current language, with English behind them.
#[derive(Debug, Clone)]
pub struct Texts {
    current: Catalogue,
    fallback: Catalogue,
}

impl Texts {
    /// The texts for language `code`; an unknown code gives English.
    pub fn new(code: &str) -> Self {
        let all = catalogues();
        let find = |c: &str| all.iter().find(|cat| cat.code == c).cloned();
        let fallback = complete(find(FALLBACK).unwrap_or_default());
        let current = find(code).map_or_else(|| fallback.clone(), complete);
        Self { current, fallback }
    }

    /// The language in use.
    pub fn code(&self) -> &str {
        self.current.code()
    }

    /// The string for `key`.
    pub fn t<'a>(&'a self, key: &'a str) -> &'a str {
        self.current
            .get(key)
            .or_else(|| self.fallback.get(key))
            .unwrap_or(key)
    }

    /// A rule crate's message in the current language (English, then the
    /// key, when a translation is missing).
    pub fn message(&self, message: &feldherr_dice::step::Message) -> String {
        message
            .render(&|key| self.lookup(key))
            .unwrap_or_else(|| message.key.clone())
    }

    /// A resolution's log step in the current language.
    pub fn log_line(&self, step: &feldherr_dice::step::LogStep) -> String {
        step.translated(&|key| self.lookup(key))
    }

    /// A log step's sentence in the current language, without its rule id.
    pub fn log_text(&self, step: &feldherr_dice::step::LogStep) -> String {
        step.message
            .as_ref()
            .and_then(|m| m.render(&|key| self.lookup(key)))
            .unwrap_or_else(|| step.text.clone())
    }

    /// A catalogue message in the current language, or `fallback` (the
    /// rule crate's English text) when there is none or it does not render.
    pub fn message_or(
        &self,
        message: Option<&feldherr_dice::step::Message>,
        fallback: &str,
    ) -> String {
        message
            .and_then(|m| m.render(&|key| self.lookup(key)))
            .unwrap_or_else(|| fallback.to_owned())
    }

    fn lookup(&self, key: &str) -> Option<&str> {
        self.current.get(key).or_else(|| self.fallback.get(key))
    }

    /// The string for `key` with `{name}` placeholders filled in.
    pub fn f(&self, key: &str, args: &[(&str, &str)]) -> String {
        let mut text = self.t(key).to_owned();
        for (name, value) in args {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    }
}

/// The language to start in: the system locale's if we have it, else English.
pub fn system_language() -> String {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty())
        .unwrap_or_default();
    let code: String = locale
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    let code = code.to_lowercase();
    if catalogues().iter().any(|c| c.code() == code) {
        code
    } else {
        FALLBACK.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_piece_type_of_every_system_has_a_label_in_every_language() {
        let mut missing = Vec::new();
        for system in crate::systems::SYSTEMS {
            let Some(game) = crate::systems::SystemGame::new_of(system.id) else {
                continue;
            };
            for t in &game.table_rules().types {
                let Some(key) = &t.label_key else {
                    missing.push(format!("{}: {} has no label key", system.id, t.id));
                    continue;
                };
                for (code, _) in CATALOGUES {
                    if Texts::new(code).t(key) == key {
                        missing.push(format!("{}: {key} in {code}", system.id));
                    }
                }
            }
        }
        missing.sort();
        missing.dedup();
        assert!(missing.is_empty(), "{missing:#?}");
    }

    #[test]
    fn every_catalogue_parses_and_has_every_english_key() {
        assert!(CATALOGUES.len() >= 2, "English and German at least");
        let english = CATALOGUES
            .iter()
            .find(|(code, _)| *code == FALLBACK)
            .map(|(code, json)| Catalogue::parse(code, json))
            .expect("English catalogue")
            .expect("English parses");
        for (code, json) in CATALOGUES {
            let catalogue = Catalogue::parse(code, json).expect("catalogue parses");
            let missing: Vec<&str> = english
                .keys()
                .filter(|k| catalogue.get(k).is_none())
                .collect();
            assert!(missing.is_empty(), "{code} lacks {missing:?}");
            let extra: Vec<&str> = catalogue
                .keys()
                .filter(|k| english.get(k).is_none())
                .collect();
            assert!(extra.is_empty(), "{code} has keys English lacks: {extra:?}");
        }
    }

    #[test]
    fn every_system_catalogue_parses_and_matches_english() {
        for system in crate::systems::SYSTEMS {
            let parse = |json: &str| -> BTreeMap<String, String> {
                serde_json::from_str(json).expect("system catalogue parses")
            };
            let english = system
                .catalogues
                .iter()
                .find(|(c, _)| *c == FALLBACK)
                .map(|(_, json)| parse(json))
                .expect("every system has English strings");
            for (code, json) in system.catalogues {
                let catalogue = parse(json);
                let keys: Vec<&String> = catalogue.keys().collect();
                let english_keys: Vec<&String> = english.keys().collect();
                assert_eq!(keys, english_keys, "{}: {code} and en differ", system.id);
                for key in catalogue.keys() {
                    let prefix = system.key.split('.').nth(1).unwrap_or("");
                    assert!(
                        !key.starts_with("system.") || key.starts_with(system.key),
                        "{}: {key} is another system's ({prefix})",
                        system.id
                    );
                }
            }
        }
    }

    #[test]
    fn lookup_falls_back_and_fills_placeholders() {
        let de = Texts::new("de");
        assert_eq!(de.t("start.open"), "Datei öffnen…");
        assert_eq!(de.t("no.such.key"), "no.such.key");
        assert_eq!(de.f("damage.sp_lost", &[("n", "2")]), "2 SP verloren");
        assert_eq!(Texts::new("xx").code(), "en");
    }
}
