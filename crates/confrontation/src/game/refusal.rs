//! Refusals as catalogue messages (issue #27): every refusal, bad value
//! and missing thing of the game module carries its sentence as a
//! `conf.game.refusal.…` message, so the app says it in the interface
//! language ([`feldherr_play::Catalogue::error`]); its English text (the
//! error's `Display`) is the same message through the English catalogue,
//! so the two never drift apart. Machines, figures and sides are named by
//! name wherever the sentence has them.

use feldherr_dice::step::Message;
use feldherr_play::{Catalogue, Lang, PlayError, slug};

use crate::ConfrontationError;

feldherr_play::refusals!("conf.game.refusal", || {
    Catalogue::parse("conf", crate::messages(Lang::En)).unwrap_or_default()
}; say, refused, invalid, not_found, decimal, english);

/// The catalogue key of an action named in English in a refusal ("driving",
/// "a feint"): `conf.game.refusal.action.<words joined by _>`.
pub(crate) fn action(what: &str) -> String {
    REFUSALS.key(&format!("action.{}", slug(what)))
}

/// A rule engine's refusal under `rule`, said by `message`.
pub(crate) fn not_allowed(rule: &'static str, message: Message) -> ConfrontationError {
    ConfrontationError::NotAllowed {
        rule,
        reason: english(&message),
        message: Some(message),
    }
}

/// An inconsistent card or situation (`field`), said by `message`.
pub(crate) fn inconsistent(field: &'static str, message: Message) -> ConfrontationError {
    ConfrontationError::Inconsistent {
        field,
        reason: english(&message),
        message: Some(message),
    }
}

/// The card abbreviations and fields a value error names that German
/// writes differently (`conf.game.refusal.field.<field>`).
const FIELDS: [&str; 9] = [
    "STR",
    "RES",
    "weapon STR",
    "SP lost",
    "crew BEW",
    "difficulty",
    "pressure dice",
    "modifier",
    "charge distance",
];

/// What a value error allows, as a message: "1 to 6" as a range each
/// language writes its own way, anything else as the crate says it.
fn expected_message(expected: &str) -> Message {
    let range = expected.split_once(" to ").and_then(|(lo, hi)| {
        Some((
            lo.trim().parse::<i64>().ok()?,
            hi.trim().parse::<i64>().ok()?,
        ))
    });
    match range {
        Some((lo, hi)) => say("range").int("lo", lo).int("hi", hi),
        None => Message::verbatim(expected),
    }
}

/// The reason of a rule engine's error as a message: its own message, a
/// value error's field, value and range, else its English text as it is.
pub(crate) fn reason_message(e: &ConfrontationError) -> Message {
    match e {
        ConfrontationError::NotAllowed {
            message: Some(m), ..
        }
        | ConfrontationError::Inconsistent {
            message: Some(m), ..
        } => m.clone(),
        ConfrontationError::NotAllowed { reason, .. } => Message::verbatim(reason),
        ConfrontationError::InvalidValue {
            field,
            value,
            expected,
        } => {
            let m = say("invalid_value")
                .int("value", *value)
                .nested("expected", expected_message(expected));
            if FIELDS.contains(field) {
                m.key(
                    "field",
                    format!("conf.game.refusal.field.{}", field.replace(' ', "_")),
                )
            } else {
                m.text("field", *field)
            }
        }
        other => Message::verbatim(&other.to_string()),
    }
}

/// A rule engine's error as the game's refusal: a refusal under its rule
/// when the rules forbid it, else a refusal without a rule; with its
/// message (a value error's field, value and range in each language).
pub(crate) fn from_conf(e: ConfrontationError) -> PlayError {
    let message = reason_message(&e);
    match e {
        ConfrontationError::NotAllowed { rule, reason, .. } => {
            PlayError::refused(reason, Some(rule)).with_message(message)
        }
        other => PlayError::refused(other.to_string(), None).with_message(message),
    }
}
