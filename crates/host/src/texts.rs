//! The words of the host in every language: its own (`crates/host/i18n`),
//! the step protocol's and every rule crate's messages, merged into one
//! [`Texts`] with English behind a translation. A program with screens
//! adds its own catalogues ([`Texts::with`]).

use std::ops::Deref;

use feldherr_play::{Catalogue, Lang};

/// The host's own words per language (JSON objects of strings).
fn host_words(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../i18n/en.json"),
        Lang::De => include_str!("../i18n/de.json"),
    }
}

/// Every catalogue of the host for `lang`, without English behind it.
fn catalogue_of(lang: Lang, extra: &[&str]) -> Catalogue {
    let mut catalogue = Catalogue::default();
    let sources = crate::registry::messages(lang)
        .into_iter()
        .chain([host_words(lang)])
        .chain(extra.iter().copied());
    for json in sources {
        // The shipped catalogues are flat objects of strings; the
        // catalogue tests check every one parses, so none is left out.
        let _ = catalogue.add("catalogue", json);
    }
    catalogue
}

/// The words of one language, with English behind every missing one.
///
/// Dereferences to a [`Catalogue`], so a rule crate's sheet or a screen
/// takes `&texts` wherever it wants words.
#[derive(Debug, Clone)]
pub struct Texts {
    lang: Lang,
    catalogue: Catalogue,
}

impl Texts {
    /// The host's words in `lang`.
    pub fn new(lang: Lang) -> Self {
        Self::with(lang, &[], &[])
    }

    /// The host's words in `lang` plus `extra` catalogues (a program's
    /// own); `english` are the English versions of the extra catalogues,
    /// put behind them.
    pub fn with(lang: Lang, extra: &[&str], english: &[&str]) -> Self {
        let mut catalogue = catalogue_of(lang, extra);
        if lang != Lang::En {
            catalogue.fill_from(&catalogue_of(Lang::En, english));
        }
        Self { lang, catalogue }
    }

    /// The language of the words.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The language code, e.g. `de`.
    pub fn code(&self) -> &'static str {
        self.lang.code()
    }

    /// The language's own name, e.g. "Deutsch".
    pub fn language_name(&self) -> &str {
        self.catalogue.t("language.name")
    }

    /// The merged catalogue.
    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }
}

impl Deref for Texts {
    type Target = Catalogue;

    fn deref(&self) -> &Catalogue {
        &self.catalogue
    }
}
