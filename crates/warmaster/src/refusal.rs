//! Refusals as catalogue messages (issue #27): every refusal, bad value
//! and missing thing of the game carries its sentence as a
//! `warmaster.refusal.…` message, so the app says it in the interface
//! language ([`feldherr_play::Catalogue::error`]); its English text (the
//! error's `Display`) is the same message through the English catalogue.
//! Players and units are named by name.

use feldherr_play::Catalogue;

feldherr_play::refusals!("warmaster.refusal", || {
    Catalogue::parse("warmaster", include_str!("../messages/en.json")).unwrap_or_default()
}; say, refused, invalid, not_found, english);
