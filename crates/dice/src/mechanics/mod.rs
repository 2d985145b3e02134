//! The generic dice mechanics several rule texts share: D6 and 2D6 tests,
//! Warhammer characteristic tests and charts. A mechanic only one rule
//! system uses lives in that system's crate (Confrontation's open-ended D6
//! and pressure rolls, Warheim's D20 roll-under test and opposed pools).
//!
//! Every mechanic is a small value type with a validated constructor and
//! three views of the same rule:
//! - `evaluate(faces)`: the result of given faces (typed-in dice, tests);
//! - `roll(roller, purpose)`: asks any [`crate::Roller`] for the faces, with
//!   the exact odds attached to the request, then evaluates them;
//! - `distribution()`: the exact odds of every result.

mod characteristic;
mod d6_test;
mod two_d6;
mod warhammer_charts;

pub use characteristic::CharacteristicTest;
pub use d6_test::{D6Test, TestResult};
pub use two_d6::TwoD6Test;
pub use warhammer_charts::{ArmourSave, ArmourSaveOutcome, to_hit_target, to_wound_target};
