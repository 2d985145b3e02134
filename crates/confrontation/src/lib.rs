//! Confrontation "Fortification": war machine rules.
//!
//! This crate starts with the damage table for machines with structure
//! points (SP) and the penalties of damaged mobile machines; the rest of the
//! war machine rules (cards, crews, movement, ramming, artillery, steam and
//! naphtha) follow in later versions.
//!
//! Conventions: distances in centimetres (G1); characteristics as printed on
//! the cards (STR, RES = WK, SP); every die comes through
//! [`feldherr_dice`], so every resolution here can be rolled at random,
//! typed in from physical dice, or driven step by step. Ruling ids (`C1`,
//! `C2`) refer to the project's `docs/RULINGS.md`.
//!
//! ```
//! use feldherr_confrontation::DamageRoll;
//! use feldherr_dice::step::Driver;
//!
//! // Step by step: the driver asks for 2D6 with the odds, then logs each step.
//! let mut driver = Driver::new(DamageRoll::new(10, 14)?);
//! assert!(driver.prompt().is_some()); // 2D6 for the damage table, with odds
//! driver.answer_dice(vec![3, 5])?;
//! assert_eq!(driver.outcome().map(|o| o.sp_lost), Some(1));
//! assert!(driver.log().iter().any(|s| s.rule.as_deref() == Some("C1")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

mod damage;
mod error;
mod penalty;

pub use damage::{
    DamageKind, DamageOutcome, DamageRoll, INSTANT_DEATH_SP, Location, ROW_LABELS, critical_sp,
    row_for, table_sp,
};
pub use error::ConfrontationError;
pub use penalty::penalty;
