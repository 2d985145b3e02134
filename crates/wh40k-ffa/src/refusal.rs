//! Refusals as catalogue messages (issue #27): every refusal, bad value
//! and missing thing carries its sentence as a `wh40k_ffa.refusal.…`
//! message, so the app says it in the interface language
//! ([`feldherr_play::Catalogue::error`]); its English text (the error's
//! `Display`) is the same message through the English catalogue, so the
//! two never drift apart. Players and units are named by name.

use std::fmt;
use std::sync::LazyLock;

use feldherr_dice::step::Message;
use feldherr_play::{Catalogue, PlayError};

/// The crate's English catalogue, for the English text of a refusal.
static ENGLISH: LazyLock<Catalogue> = LazyLock::new(|| {
    Catalogue::parse("wh40k_ffa", include_str!("../messages/en.json")).unwrap_or_default()
});

/// The refusal message `wh40k_ffa.refusal.<key>`.
pub(crate) fn say(key: &str) -> Message {
    Message::new(format!("wh40k_ffa.refusal.{key}"))
}

/// The English sentence of `message` (its key if the catalogue lacks it;
/// the crate's tests keep every key in both catalogues).
fn english(message: &Message) -> String {
    ENGLISH.message(message)
}

/// A refusal under `rule`, said by `message`.
pub(crate) fn refused(message: Message, rule: Option<&str>) -> PlayError {
    PlayError::refused(english(&message), rule).with_message(message)
}

/// A bad value of `field`, said by `message` (which also gets the value as
/// its `{value}` argument).
pub(crate) fn invalid(
    field: impl Into<String>,
    value: impl fmt::Display,
    message: Message,
) -> PlayError {
    let value = value.to_string();
    let reason = english(&message);
    PlayError::invalid(field, &value, reason).with_message(message.text("value", value))
}

/// `what` with id `id` does not exist (`wh40k_ffa.refusal.not_found.<what>`).
pub(crate) fn not_found(what: &str, id: impl fmt::Display) -> PlayError {
    let id = id.to_string();
    let slug: String = what
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    PlayError::not_found(what, &id).with_message(say(&format!("not_found.{slug}")).text("id", id))
}
