//! Refusals as catalogue messages (issue #27), the builders every rule
//! crate shares.
//!
//! A rule crate says each refusal, bad value and missing thing as a
//! `<prefix>.<key>` message, so a host says it in the interface language
//! ([`crate::Catalogue::error`]); its English text (the error's `Display`)
//! is the same message through the crate's English catalogue, so the two
//! never drift apart. A crate keeps only its prefix and its English
//! catalogue: [`refusals!`](crate::refusals) declares its
//! `static REFUSALS: Refusals` and the free builders it uses (`say`,
//! `refused`, `invalid`, `not_found`, `decimal`, `english`), so its call
//! sites read `say("moved")` and its key scan
//! ([`crate::testing::RefusalScan`]) finds the keys.
//!
//! ```
//! use feldherr_play::{Catalogue, Lang, PlayError, Refusals};
//!
//! static REFUSALS: Refusals = Refusals::new("demo.refusal", || {
//!     Catalogue::parse("demo", r#"{"demo.refusal.moved": "{machine} has moved already"}"#)
//!         .unwrap_or_default()
//! });
//! let e = REFUSALS.refused(REFUSALS.say("moved").text("machine", "Ram"), Some("C10"));
//! assert_eq!(e.to_string(), "Ram has moved already (C10)");
//! let de = Catalogue::parse("de", r#"{"demo.refusal.moved": "{machine} hat sich schon bewegt"}"#)?;
//! assert_eq!(de.error(&e), "Ram hat sich schon bewegt (C10)");
//! # let _ = Lang::De;
//! # Ok::<(), PlayError>(())
//! ```

use std::fmt;
use std::sync::LazyLock;

use feldherr_dice::step::Message;

use crate::{Catalogue, PlayError};

/// One crate's refusal builders: its key prefix (e.g.
/// `conf.game.refusal`) and its English catalogue, loaded on first use.
#[derive(Debug)]
pub struct Refusals {
    prefix: &'static str,
    english: LazyLock<Catalogue>,
}

impl Refusals {
    /// The builders of keys under `prefix` (without the trailing dot),
    /// whose English sentences come from the catalogue `english` builds.
    pub const fn new(prefix: &'static str, english: fn() -> Catalogue) -> Self {
        Refusals {
            prefix,
            english: LazyLock::new(english),
        }
    }

    /// The key prefix, without the trailing dot.
    pub fn prefix(&self) -> &'static str {
        self.prefix
    }

    /// The full key `<prefix>.<key>`.
    pub fn key(&self, key: &str) -> String {
        format!("{}.{key}", self.prefix)
    }

    /// The refusal message `<prefix>.<key>`.
    pub fn say(&self, key: &str) -> Message {
        Message::new(self.key(key))
    }

    /// A number with `places` decimals as a message
    /// (`<prefix>.decimal` with `{whole}` and `{fraction}`, or
    /// `<prefix>.number` with `{whole}` for a whole number), so that each
    /// language writes its own decimal mark ("22.5" / "22,5").
    pub fn decimal(&self, value: f64, places: usize) -> Message {
        let text = format!("{value:.places$}");
        let (whole, fraction) = text.split_once('.').unwrap_or((text.as_str(), ""));
        let key = if fraction.is_empty() {
            "number"
        } else {
            "decimal"
        };
        self.say(key)
            .text("whole", whole)
            .text("fraction", fraction)
    }

    /// The English sentence of `message` (its key if the catalogue lacks
    /// it; the crate's key scan keeps every key in both catalogues).
    pub fn english(&self, message: &Message) -> String {
        self.english.message(message)
    }

    /// A refusal under `rule`, said by `message`.
    pub fn refused(&self, message: Message, rule: Option<&str>) -> PlayError {
        PlayError::refused(self.english(&message), rule).with_message(message)
    }

    /// A bad value of `field`, said by `message` (which also gets the
    /// value as its `{value}` argument).
    pub fn invalid(
        &self,
        field: impl Into<String>,
        value: impl fmt::Display,
        message: Message,
    ) -> PlayError {
        let value = value.to_string();
        let reason = self.english(&message);
        PlayError::invalid(field, &value, reason).with_message(message.text("value", value))
    }

    /// `what` with id `id` does not exist
    /// (`<prefix>.not_found.<slug of what>` with `{id}`).
    pub fn not_found(&self, what: &str, id: impl fmt::Display) -> PlayError {
        let id = id.to_string();
        let key = format!("not_found.{}", slug(what));
        PlayError::not_found(what, &id).with_message(self.say(&key).text("id", id))
    }
}

/// `what` as a key part: lower-case ASCII letters and digits, anything
/// else `_` ("charge distance" is `charge_distance`).
pub fn slug(what: &str) -> String {
    what.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect()
}

/// Declares a rule crate's refusal builders: `static REFUSALS` (a
/// [`Refusals`] under the prefix, with the English catalogue the
/// function builds) and the free functions named after the semicolon,
/// each the same-named method of `REFUSALS` (`say`, `refused`, `invalid`,
/// `not_found`, `decimal`, `english`), all `pub(crate)`.
///
/// ```
/// mod refusal {
///     feldherr_play::refusals!("demo.refusal", || {
///         feldherr_play::Catalogue::parse("demo", r#"{"demo.refusal.late": "too late"}"#)
///             .unwrap_or_default()
///     }; say, refused);
/// }
/// let e = refusal::refused(refusal::say("late"), None);
/// assert_eq!(e.to_string(), "too late");
/// assert_eq!(refusal::REFUSALS.prefix(), "demo.refusal");
/// ```
#[macro_export]
macro_rules! refusals {
    ($prefix:literal, $english:expr; $($builder:ident),* $(,)?) => {
        /// The crate's refusal builders (keys under its prefix, English
        /// from its English catalogue).
        pub(crate) static REFUSALS: $crate::Refusals = $crate::Refusals::new($prefix, $english);
        $( $crate::refusals!(@builder $builder); )*
    };
    (@builder say) => {
        /// The refusal message `<prefix>.<key>`.
        pub(crate) fn say(key: &str) -> $crate::__macro::Message {
            REFUSALS.say(key)
        }
    };
    (@builder refused) => {
        /// A refusal under `rule`, said by `message`.
        pub(crate) fn refused(
            message: $crate::__macro::Message,
            rule: ::std::option::Option<&str>,
        ) -> $crate::PlayError {
            REFUSALS.refused(message, rule)
        }
    };
    (@builder invalid) => {
        /// A bad value of `field`, said by `message` (which also gets the
        /// value as its `{value}` argument).
        pub(crate) fn invalid(
            field: impl ::std::convert::Into<::std::string::String>,
            value: impl ::std::fmt::Display,
            message: $crate::__macro::Message,
        ) -> $crate::PlayError {
            REFUSALS.invalid(field, value, message)
        }
    };
    (@builder not_found) => {
        /// `what` with id `id` does not exist
        /// (`<prefix>.not_found.<what>`).
        pub(crate) fn not_found(what: &str, id: impl ::std::fmt::Display) -> $crate::PlayError {
            REFUSALS.not_found(what, id)
        }
    };
    (@builder decimal) => {
        /// A number with `places` decimals as a message, so that each
        /// language writes its own decimal mark.
        pub(crate) fn decimal(value: f64, places: usize) -> $crate::__macro::Message {
            REFUSALS.decimal(value, places)
        }
    };
    (@builder english) => {
        /// The English sentence of `message`.
        pub(crate) fn english(message: &$crate::__macro::Message) -> ::std::string::String {
            REFUSALS.english(message)
        }
    };
}
