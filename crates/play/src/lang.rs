//! Languages and message catalogues.

use std::collections::BTreeMap;

use feldherr_dice::step::{LogStep, Message};

use crate::PlayError;

/// A language Feldherr speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// English.
    En,
    /// German.
    De,
}

impl Lang {
    /// Every language.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::De];

    /// The language code, e.g. `de`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
        }
    }

    /// The language of `code`; `None` for one Feldherr does not speak.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }
}

/// A message catalogue: catalogue key to sentence with `{name}`
/// placeholders.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Catalogue {
    entries: BTreeMap<String, String>,
}

impl Catalogue {
    /// Parses a catalogue from a JSON object of strings; `name` names it
    /// in the error.
    pub fn parse(name: &str, json: &str) -> Result<Self, PlayError> {
        let entries: BTreeMap<String, String> = serde_json::from_str(json)
            .map_err(|e| PlayError::invalid(name, "catalogue", e.to_string()))?;
        Ok(Self { entries })
    }

    /// Adds every entry of `other` (its entries win).
    pub fn extend(&mut self, other: Catalogue) {
        self.entries.extend(other.entries);
    }

    /// The sentence of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries.get(key).map(String::as_str)
    }

    /// Every key.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    /// `message` in this catalogue's language, if every key it uses is
    /// here.
    pub fn render(&self, message: &Message) -> Option<String> {
        message.render(&|key| self.get(key))
    }

    /// A log step in this catalogue's language (English text when a key
    /// is missing).
    pub fn log_line(&self, step: &LogStep) -> String {
        step.translated(&|key| self.get(key))
    }
}

/// The messages of the step protocol itself (`step.rolled`,
/// `step.chose`), which every system's log uses.
pub fn step_messages(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../messages/en.json"),
        Lang::De => include_str!("../messages/de.json"),
    }
}
