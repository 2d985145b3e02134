//! Dice for tabletop wargame referees.
//!
//! `feldherr-dice` is the one dice interface of every Feldherr rule engine:
//!
//! - [`Dice`]: rolls at random from a recorded seed (a game replays exactly)
//!   or hands out values typed in from physical dice; every roll is recorded
//!   with its purpose. A typed value that is not a face of the die, or a
//!   script that ran dry, is an error ([`DiceError`]), never a panic.
//! - [`Dist`]: exact discrete distributions (no sampling) with sums,
//!   highest/lowest die, mapping and conditioning, so every resolver can show
//!   its odds before the dice are rolled.
//! - [`mechanics`]: the generic dice mechanics several rule texts share:
//!   D6 tests with an automatic natural 6 and 1, Warhammer characteristic
//!   tests, to-hit and to-wound charts, armour saves, 2D6 tests. A mechanic
//!   of one system only lives in that system's crate (Confrontation's
//!   open-ended D6, Warheim's D20 roll-under test and opposed pools).
//! - [`step`]: the step-by-step resolution protocol: a resolution asks for
//!   each roll (with odds) and each player choice, and logs each step with
//!   the rule it applied.
//!
//! Conventions: faces are `u32` from 1; modifiers and modified values are
//! `i32`; probabilities are `f64`, exact to rounding error. Ruling ids
//! are each rule system's own (see the project's `docs/RULINGS.md`).
//!
//! ```
//! use feldherr_dice::{Dice, Die, Dist};
//! use feldherr_dice::mechanics::{D6Test, TestResult};
//!
//! // A hedge test: 3+ at speed 4 (-2) and hedge (-2) on the roll.
//! let test = D6Test::new(3, -4)?;
//! let odds = test.distribution();
//! assert!((odds.prob_of(&TestResult::Passed) - 1.0 / 6.0).abs() < 1e-15); // only a natural 6
//!
//! // Typed-in dice and random dice go through the same call.
//! let mut typed = Dice::scripted([6]);
//! assert_eq!(test.roll(&mut typed, "hedge test")?, TestResult::Passed);
//! let mut random = Dice::seeded(7);
//! let _ = test.roll(&mut random, "hedge test")?;
//! assert_eq!(random.rolls()[0].purpose, "hedge test");
//! # Ok::<(), feldherr_dice::DiceError>(())
//! ```

#![warn(missing_docs)]

mod convolution;
mod dice;
mod die;
mod dist;
mod error;
mod expr;
mod expr_node;
mod expr_parser;
mod fft;
mod fraction;
mod int_dist;
mod keep_pool;
pub mod mechanics;
pub mod monte_carlo;
mod power;
mod roller;
pub mod step;
mod work;

pub use dice::{Dice, Origin, Roll};
pub use die::Die;
pub use dist::{Dist, OddsLine};
pub use error::DiceError;
pub use expr::{DiceExpr, OUTCOME_BUDGET, WORK_BUDGET};
pub use fraction::Fraction;
pub use int_dist::IntDist;
pub use roller::{RollRequest, Roller};
