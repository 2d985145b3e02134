//! Refusals as catalogue messages (issue #27): every refusal, bad value
//! and missing thing carries its sentence as a `wh40k_ffa.refusal.…`
//! message, so the app says it in the interface language
//! ([`feldherr_play::Catalogue::error`]); its English text (the error's
//! `Display`) is the same message through the English catalogue, so the
//! two never drift apart. Players and units are named by name.

use feldherr_play::Catalogue;

feldherr_play::refusals!("wh40k_ffa.refusal", || {
    Catalogue::parse("wh40k_ffa", include_str!("../messages/en.json")).unwrap_or_default()
}; say, refused, invalid, not_found, english);
