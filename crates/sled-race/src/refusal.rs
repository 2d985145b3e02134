//! Refusals as catalogue messages (issue #27): every refusal, bad value
//! and missing thing carries its sentence as a `sled.refusal.…` message,
//! so the app says it in the interface language
//! ([`feldherr_play::Catalogue::error`]); its English text (the error's
//! `Display`) is the same message through the English catalogue. Drivers
//! and players are named by name.

use feldherr_play::Catalogue;

feldherr_play::refusals!("sled.refusal", || {
    Catalogue::parse("sled", crate::text::EN).unwrap_or_default()
}; say, refused, invalid, not_found, english);
