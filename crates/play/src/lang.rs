//! Languages and message catalogues.

use std::collections::BTreeMap;

use feldherr_dice::step::{ChoiceOption, LogStep, Message, VERBATIM};

use crate::{PlayError, Problem};

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
///
/// One type serves a rule crate's own messages, the host's merged
/// catalogue of every system and the app's interface strings: build it
/// from JSON objects of strings ([`Catalogue::parse`], [`Catalogue::add`]),
/// put the English one behind a translation ([`Catalogue::fill_from`]),
/// then look sentences up with [`Catalogue::t`] and [`Catalogue::f`].
///
/// ```
/// use feldherr_play::Catalogue;
///
/// let mut de = Catalogue::parse("de", r#"{"sheet.page": "Seite {n}"}"#)?;
/// let en = Catalogue::parse("en", r#"{"sheet.page": "Page {n}", "sheet.sign": "Signature"}"#)?;
/// de.fill_from(&en);
/// assert_eq!(de.f("sheet.page", &[("n", "2")]), "Seite 2");
/// assert_eq!(de.t("sheet.sign"), "Signature");
/// assert_eq!(de.t("no.such.key"), "no.such.key");
/// # Ok::<(), feldherr_play::PlayError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Catalogue {
    entries: BTreeMap<String, String>,
}

impl Catalogue {
    /// Parses a catalogue from a JSON object of strings; `name` names it
    /// in the error.
    pub fn parse(name: &str, json: &str) -> Result<Self, PlayError> {
        let mut catalogue = Self::default();
        catalogue.add(name, json)?;
        Ok(catalogue)
    }

    /// The catalogue a game's own tests and sheets start from: the step
    /// protocol's messages and the game's, in `lang`, with English behind
    /// them. (A host adds every system's and its own words.)
    pub fn of_game<G: crate::Game>(lang: Lang) -> Self {
        let build = |lang| {
            let mut c = Catalogue::parse("step", step_messages(lang)).unwrap_or_default();
            c.extend(Catalogue::parse(G::SYSTEM, G::messages(lang)).unwrap_or_default());
            c
        };
        let mut catalogue = build(lang);
        if lang != Lang::En {
            catalogue.fill_from(&build(Lang::En));
        }
        catalogue
    }

    /// Adds every entry of the JSON object of strings `json` (its entries
    /// win); `name` names it in the error, which changes nothing.
    pub fn add(&mut self, name: &str, json: &str) -> Result<(), PlayError> {
        let entries: BTreeMap<String, String> = serde_json::from_str(json)
            .map_err(|e| PlayError::invalid(name, "catalogue", e.to_string()))?;
        self.entries.extend(entries);
        Ok(())
    }

    /// Adds every entry of `other` (its entries win).
    pub fn extend(&mut self, other: Catalogue) {
        self.entries.extend(other.entries);
    }

    /// Adds the entries of `other` this catalogue lacks (the English
    /// catalogue behind a translation).
    pub fn fill_from(&mut self, other: &Catalogue) {
        for (key, text) in &other.entries {
            self.entries
                .entry(key.clone())
                .or_insert_with(|| text.clone());
        }
    }

    /// The sentence of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries.get(key).map(String::as_str)
    }

    /// Every key.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    /// The sentence of `key`, or the key itself when it is missing (so a
    /// half-translated catalogue never breaks a screen or a sheet).
    pub fn t<'a>(&'a self, key: &'a str) -> &'a str {
        self.get(key).unwrap_or(key)
    }

    /// `value` with `places` digits after this language's decimal mark
    /// ("22.5" in English, "22,5" in German; from 10,000 on with
    /// thousands separated: "12,345.5", "12.345,5").
    ///
    /// ```
    /// use feldherr_play::Catalogue;
    /// let de = Catalogue::parse("de", r#"{"number.decimal_mark": ",", "number.group_mark": "."}"#)?;
    /// assert_eq!(de.decimal(47.56, 1), "47,6");
    /// assert_eq!(de.decimal(-12345.5, 1), "-12.345,5");
    /// assert_eq!(Catalogue::default().decimal(47.56, 1), "47.6");
    /// # Ok::<(), feldherr_play::PlayError>(())
    /// ```
    pub fn decimal(&self, value: f64, places: u8) -> String {
        // The verbatim message writes its `text` argument as it is.
        self.render(&Message::new(VERBATIM).decimal("text", value, places))
            .unwrap_or_default()
    }

    /// [`Self::decimal`] without trailing zeros after the mark: "22,5",
    /// "47", never "-0".
    pub fn short_decimal(&self, value: f64, places: u8) -> String {
        let text = self.decimal(value, places);
        let mark = self.get(feldherr_dice::step::DECIMAL_MARK).unwrap_or(".");
        let text = match text.split_once(mark) {
            Some((whole, fraction)) => {
                let fraction = fraction.trim_end_matches('0');
                if fraction.is_empty() {
                    whole.to_owned()
                } else {
                    format!("{whole}{mark}{fraction}")
                }
            }
            None => text,
        };
        if text == "-0" { "0".to_owned() } else { text }
    }

    /// A length with its unit, one decimal at most: "47,6 cm", "6 in"
    /// ("6 Zoll" in German).
    pub fn length(&self, value: f64, unit: impl std::fmt::Display) -> String {
        format!("{} {}", self.short_decimal(value, 1), self.unit(unit))
    }

    /// A unit of length as this language writes it: the catalogue's
    /// `unit.<symbol>` ("unit.in": "Zoll" in German), else the symbol.
    pub fn unit(&self, unit: impl std::fmt::Display) -> String {
        let symbol = unit.to_string();
        self.get(&format!("unit.{symbol}"))
            .map_or(symbol, str::to_owned)
    }

    /// A probability (0 to 1) as a percentage with `places` decimals, in
    /// this language's way: "41.67 %", "41,67 %".
    pub fn percent(&self, probability: f64, places: u8) -> String {
        let value = self.decimal(probability * 100.0, places);
        match self.get("number.percent") {
            Some(pattern) => pattern.replace("{value}", &value),
            None => format!("{value} %"),
        }
    }

    /// The sentence of `key` with its `{name}` placeholders filled in.
    pub fn f(&self, key: &str, args: &[(&str, &str)]) -> String {
        let mut text = self.t(key).to_owned();
        for (name, value) in args {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    }

    /// `message` in this catalogue's language, if every key it uses is
    /// here.
    pub fn render(&self, message: &Message) -> Option<String> {
        message.render(&|key| self.get(key))
    }

    /// `message` in this catalogue's language, or its key when a key it
    /// uses is missing.
    pub fn message(&self, message: &Message) -> String {
        self.render(message).unwrap_or_else(|| message.key.clone())
    }

    /// A catalogue message in this language, or `fallback` (a rule crate's
    /// English text) when there is none or it does not render.
    pub fn message_or(&self, message: Option<&Message>, fallback: &str) -> String {
        message
            .and_then(|m| self.render(m))
            .unwrap_or_else(|| fallback.to_owned())
    }

    /// A choice's option as its button says it: the label, and after a
    /// colon the detail when there is one, each in this language where it
    /// has a message ("aufrunden auf 4", "Würfel 5: Geschwindigkeit 3").
    pub fn choice_option(&self, option: &ChoiceOption) -> String {
        let label = self.message_or(option.message.as_ref(), &option.label);
        let detail = self.message_or(option.detail_message.as_ref(), &option.detail);
        if detail.is_empty() {
            label
        } else {
            format!("{label}: {detail}")
        }
    }

    /// An error in this catalogue's language: its catalogue message when
    /// it carries one that renders here, else its English sentence; a
    /// refusal under a rule ends in the rule id, e.g. `(C10)`, as its
    /// English sentence does.
    pub fn error(&self, error: &PlayError) -> String {
        match (error.rule(), error.message().and_then(|m| self.render(m))) {
            (Some(rule), Some(text)) => format!("{text} ({rule})"),
            (None, Some(text)) => text,
            (_, None) => error.to_string(),
        }
    }

    /// The reason of an error in this catalogue's language, without the
    /// rule id of a refusal (for a frame that places the rule itself):
    /// its catalogue message when it renders here, else the English
    /// reason of a refusal, else the English sentence.
    pub fn error_reason(&self, error: &PlayError) -> String {
        if let Some(text) = error.message().and_then(|m| self.render(m)) {
            return text;
        }
        match error {
            PlayError::Refused { reason, .. } => reason.clone(),
            other => other.to_string(),
        }
    }

    /// A problem in this catalogue's language: its catalogue message when
    /// it carries one that renders here (a warning marked as one, the
    /// rule id at the end, e.g. `(W11)`, and no path: the message names
    /// the thing by name), else its English sentence with its path.
    pub fn problem(&self, problem: &Problem) -> String {
        let Some(text) = problem.said().and_then(|m| self.render(m)) else {
            return problem.to_string();
        };
        let text = if problem.is_error() {
            text
        } else {
            let warning = Message::new(PROBLEM_WARNING).text("text", text.clone());
            self.render(&warning).unwrap_or(text)
        };
        match &problem.rule {
            Some(rule) => format!("{text} ({rule})"),
            None => text,
        }
    }

    /// A log step in this catalogue's language (English text when a key
    /// is missing).
    pub fn log_line(&self, step: &LogStep) -> String {
        step.translated(&|key| self.get(key))
    }

    /// A log step's sentence in this language, without its rule id.
    pub fn log_text(&self, step: &LogStep) -> String {
        self.message_or(step.message.as_ref(), &step.text)
    }
}

/// The catalogue key that marks a problem's sentence `{text}` as a
/// warning ([`Catalogue::problem`]).
const PROBLEM_WARNING: &str = "problem.warning";

/// The messages of the step protocol itself (`step.rolled`,
/// `step.chose`), which every system's log uses.
pub fn step_messages(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../messages/en.json"),
        Lang::De => include_str!("../messages/de.json"),
    }
}
