//! The crate's message catalogues (English and German) and the rules
//! cards printed for the players.

use feldherr_play::{Catalogue, Lang};

/// The catalogue of `lang` as JSON: every key this crate's messages use
/// (`newyear.*`).
pub fn messages(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../messages/en.json"),
        Lang::De => include_str!("../messages/de.json"),
    }
}

/// The catalogue of `lang`, parsed.
pub fn catalogue(lang: Lang) -> Catalogue {
    // The shipped catalogues are flat objects of strings (a test checks
    // both parse), so the fallback never shows.
    Catalogue::parse("wfb-newyear messages", messages(lang)).unwrap_or_default()
}

/// The default name of a new event in `lang` (catalogue key
/// `newyear.default_name`): "New Year event", "Neujahrsereignis".
pub fn default_event_name(lang: Lang) -> String {
    catalogue(lang)
        .get("newyear.default_name")
        .unwrap_or("New Year event")
        .to_owned()
}

/// The rules cards: (title key, body key); bodies are lines separated by
/// `\n`. One card per game of the event.
pub const RULE_CARDS: [(&str, &str); 3] = [
    ("newyear.rules.raeuber.title", "newyear.rules.raeuber.body"),
    ("newyear.rules.newyear.title", "newyear.rules.newyear.body"),
    ("newyear.rules.sled.title", "newyear.rules.sled.body"),
];

/// Title and body lines of rules card `index` in `lang`; `None` past the
/// last card.
///
/// ```
/// use feldherr_play::Lang;
/// use feldherr_wfb_newyear::rule_card_text;
///
/// let (title, lines) = rule_card_text(Lang::De, 2).unwrap();
/// assert_eq!(title, "Das Schlittenrennen");
/// assert!(lines.last().unwrap().starts_with("Punkte: Erster 10"));
/// assert!(rule_card_text(Lang::En, 3).is_none());
/// ```
pub fn rule_card_text(lang: Lang, index: usize) -> Option<(String, Vec<String>)> {
    let (title, body) = RULE_CARDS.get(index)?;
    let catalogue = catalogue(lang);
    Some((
        catalogue.get(title)?.to_owned(),
        catalogue.get(body)?.lines().map(str::to_owned).collect(),
    ))
}
