//! Refusals as catalogue messages (issue #27): every refusal, bad value
//! and missing thing carries its sentence as a `warheim.refusal.…`
//! message, so the app says it in the interface language
//! ([`feldherr_play::Catalogue::error`]); its English text (the error's
//! `Display`) is the same message through the English catalogue. Fighters
//! and players are named by name.

use feldherr_play::Catalogue;

feldherr_play::refusals!("warheim.refusal", || {
    Catalogue::parse("warheim", include_str!("../messages/en.json")).unwrap_or_default()
}; say, refused, not_found, decimal, english);
