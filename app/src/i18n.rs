//! The app's words: the host's [`feldherr_host::Texts`] (every rule
//! crate's messages and the host's own words) with the app's interface
//! strings (`app/i18n/<code>.json`) and every system's screens' strings
//! (`app/src/systems/<system>/i18n/`) on top, English behind every missing
//! one (then the key itself, so a half-translated catalogue never breaks
//! the app).
//!
//! Adding a language is one `Lang` in `feldherr-play`, one file here
//! (`app/i18n/<code>.json`) and each crate's and system's files.

use std::ops::Deref;

use feldherr_play::Lang;

include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));

/// The language the app falls back to.
pub const FALLBACK: &str = "en";

/// The app's own catalogue (JSON) for `code`.
fn app_catalogue(code: &str) -> Option<&'static str> {
    CATALOGUES
        .iter()
        .find(|(c, _)| *c == code)
        .map(|(_, json)| *json)
}

/// The app's and every system's screen catalogues (JSON) for `code`.
fn screen_catalogues(code: &str) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = app_catalogue(code).into_iter().collect();
    for screens in crate::systems::SCREENS.iter() {
        out.extend(
            screens
                .catalogues
                .iter()
                .filter(|(c, _)| *c == code)
                .map(|(_, json)| *json),
        );
    }
    out
}

/// The strings of the current language, with English behind them.
#[derive(Debug, Clone)]
pub struct Texts(feldherr_host::Texts);

impl Texts {
    /// The texts for language `code`; an unknown code gives English.
    pub fn new(code: &str) -> Self {
        let lang = Lang::from_code(code).unwrap_or(Lang::En);
        Self(feldherr_host::Texts::with(
            lang,
            &screen_catalogues(lang.code()),
            &screen_catalogues(FALLBACK),
        ))
    }

    /// The host's texts (for the sheets and standings the host makes).
    pub fn host(&self) -> &feldherr_host::Texts {
        &self.0
    }
}

impl Deref for Texts {
    type Target = feldherr_host::Texts;

    fn deref(&self) -> &feldherr_host::Texts {
        &self.0
    }
}

/// Every language the app speaks: (code, the language's own name).
pub fn languages() -> Vec<(&'static str, String)> {
    Lang::ALL
        .into_iter()
        .map(|lang| {
            let texts = feldherr_host::Texts::new(lang);
            (lang.code(), texts.language_name().to_owned())
        })
        .collect()
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
    match Lang::from_code(&code) {
        Some(lang) => lang.code().to_owned(),
        None => FALLBACK.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    #[test]
    fn every_table_piece_type_of_every_system_has_a_label_in_every_language() {
        let mut missing = Vec::new();
        for system in feldherr_host::registry::SYSTEMS {
            let Some(game) = feldherr_host::registry::SystemGame::new_of(system.id) else {
                continue;
            };
            for t in &game.table_rules().types {
                let Some(key) = &t.label_key else {
                    missing.push(format!("{}: {} has no label key", system.id, t.id));
                    continue;
                };
                for lang in Lang::ALL {
                    if Texts::new(lang.code()).t(key) == key {
                        missing.push(format!("{}: {key} in {}", system.id, lang.code()));
                    }
                }
            }
        }
        missing.sort();
        missing.dedup();
        assert!(missing.is_empty(), "{missing:#?}");
    }

    /// Parses a catalogue as a map, failing the test when it does not.
    fn parse(json: &str) -> BTreeMap<String, String> {
        serde_json::from_str(json).expect("catalogue parses")
    }

    #[test]
    fn every_app_catalogue_parses_and_has_every_english_key() {
        let english = parse(app_catalogue(FALLBACK).expect("English catalogue"));
        for lang in Lang::ALL {
            let catalogue = parse(app_catalogue(lang.code()).expect("a catalogue per language"));
            let keys: Vec<&String> = catalogue.keys().collect();
            let english_keys: Vec<&String> = english.keys().collect();
            assert_eq!(
                keys,
                english_keys,
                "app/i18n/{}.json and en differ",
                lang.code()
            );
        }
    }

    #[test]
    fn every_system_catalogue_parses_and_matches_english() {
        for screens in crate::systems::SCREENS.iter() {
            let english = screens
                .catalogues
                .iter()
                .find(|(c, _)| *c == FALLBACK)
                .map(|(_, json)| parse(json))
                .expect("every system has English strings");
            for (code, json) in screens.catalogues {
                let catalogue = parse(json);
                let keys: Vec<&String> = catalogue.keys().collect();
                let english_keys: Vec<&String> = english.keys().collect();
                assert_eq!(
                    keys,
                    english_keys,
                    "{}: {code} and en differ",
                    screens.id.tag()
                );
                let key = screens.id.info().key;
                for entry in catalogue.keys() {
                    assert!(
                        !entry.starts_with("system.") || entry.starts_with(key),
                        "{}: {entry} is another system's",
                        screens.id.tag()
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
        assert_eq!(de.language_name(), "Deutsch");
    }

    #[test]
    fn lengths_are_written_as_the_language_writes_them() {
        use feldherr_table::geometry::Unit;
        let (de, en) = (Texts::new("de"), Texts::new("en"));
        assert_eq!(de.length(6.0, Unit::Inch), "6 Zoll");
        assert_eq!(de.length(47.625, Unit::Centimetre), "47,6 cm");
        assert_eq!(de.length(0.0, Unit::Inch), "0 Zoll");
        assert_eq!(en.length(22.5, Unit::Inch), "22.5 in");
        assert_eq!(de.unit(Unit::Inch), "Zoll");
        assert_eq!(en.unit(Unit::Centimetre), "cm");
    }

    #[test]
    fn a_choice_option_is_one_language_label_and_detail() {
        use feldherr_dice::step::{ChoiceRequest, Message};
        let request = ChoiceRequest::new("which movement die?")
            .option_message(
                "die 5",
                Message::new("sled.opt.die").int("face", 5),
                "speed 3",
            )
            .detail_message(Message::new("sled.opt.detail.speed").int("speed", 3))
            .option_message("stop", Message::new("conf.choice.drive_on.stop"), "");
        let (de, en) = (Texts::new("de"), Texts::new("en"));
        assert_eq!(
            de.choice_option(&request.options[0]),
            "Würfel 5: Geschwindigkeit 3"
        );
        assert_eq!(en.choice_option(&request.options[0]), "die 5: speed 3");
        assert_eq!(de.choice_option(&request.options[1]), "anhalten");
    }

    /// Where `text` names something by an id, slot letter, index or path
    /// instead of its name ("player A", "Spieler 3", "p4", "units[0]",
    /// "{id}"), if anywhere.
    fn id_pattern(text: &str) -> Option<String> {
        // Words as written, with their punctuation at either end cut off
        // (a count in brackets, "Spieler (3)", is no slot).
        let punctuation = |c: char| ",.;:!?\"„“”'’".contains(c);
        let words: Vec<&str> = text
            .split(char::is_whitespace)
            .map(|w| w.trim_matches(punctuation))
            .filter(|w| !w.is_empty())
            .collect();
        for pair in words.windows(2) {
            let slot = pair[1].len() == 1
                && pair[1]
                    .chars()
                    .all(|c| matches!(c, 'A'..='D') || c.is_ascii_digit());
            let who = matches!(
                pair[0].to_lowercase().as_str(),
                "player" | "spieler" | "side" | "seite" | "seat" | "platz"
            );
            if who && slot {
                return Some(format!("{} {}", pair[0], pair[1]));
            }
        }
        for word in &words {
            let mut chars = word.chars();
            if chars.next() == Some('p') && word.len() > 1 && chars.all(|c| c.is_ascii_digit()) {
                return Some((*word).to_owned());
            }
        }
        if let Some(at) = text.find('[')
            && text[at + 1..].starts_with(|c: char| c.is_ascii_digit())
        {
            return Some(text[at..].chars().take(6).collect());
        }
        ["{id}", "{index}", "{seat}", "{idx}", "{slot}"]
            .into_iter()
            .find(|p| text.contains(p))
            .map(str::to_owned)
    }

    /// Sentences that number a player on purpose: the rows of a form
    /// for players who have no name yet (the number is the row's), and a
    /// seat the document names but no player holds (broken data only).
    const NUMBERED_ROWS: [&str; 5] = [
        "ffa.players.name",
        "ffa.players.army",
        "ffa.players.remove",
        "ffa.players.no_name",
        "ffa.player_n",
    ];

    /// Issue #27: no sentence of any catalogue (the app's, every screen's,
    /// the host's and every rule crate's, in every language) names a
    /// player, unit or fighter by an id, slot letter, index or path. Each
    /// sentence is filled with example data first, so a placeholder that
    /// stands for a name passes and one that stands for an id does not.
    #[test]
    fn no_catalogue_sentence_names_anything_by_an_id() {
        let mut found = Vec::new();
        for lang in Lang::ALL {
            let texts = Texts::new(lang.code());
            for key in texts.catalogue().keys() {
                let template = texts.t(key);
                // Example data: every placeholder but the id-like ones
                // becomes a name.
                let mut filled = String::new();
                let mut rest = template;
                while let Some(open) = rest.find('{') {
                    filled.push_str(&rest[..open]);
                    match rest[open..].find('}') {
                        Some(close) => {
                            let name = &rest[open + 1..open + close];
                            if matches!(name, "id" | "index" | "seat" | "idx" | "slot") {
                                filled.push_str(&rest[open..=open + close]);
                            } else if matches!(name, "n" | "number" | "seat_number") {
                                // A count or an ordinal: "Player {n}" is a slot.
                                filled.push('3');
                            } else {
                                filled.push_str("Anna");
                            }
                            rest = &rest[open + close + 1..];
                        }
                        None => {
                            filled.push_str(&rest[open..]);
                            rest = "";
                        }
                    }
                }
                filled.push_str(rest);
                if let Some(hit) = id_pattern(&filled)
                    && !NUMBERED_ROWS.contains(&key)
                {
                    found.push(format!("{} {key}: {hit:?} in {template:?}", lang.code()));
                }
            }
        }
        assert!(found.is_empty(), "{found:#?}");
    }

    #[test]
    fn the_id_pattern_check_can_fail() {
        for bad in [
            "Result: player B places first",
            "Spieler A höher",
            "p4 is paired",
            "units[0].magic_items: too many",
            "won by player 3",
            "{id} is missing",
        ] {
            assert!(id_pattern(bad).is_some(), "{bad}");
        }
        for good in [
            "Anna places first",
            "2D6 for Bernd",
            "Spieler Anna",
            "page 3",
            "A4 paper",
        ] {
            assert_eq!(id_pattern(good), None, "{good}");
        }
    }
}
