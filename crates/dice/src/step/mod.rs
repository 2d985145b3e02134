//! The step-by-step resolution protocol shared by every rule engine.
//!
//! A multi-step resolution (a damage roll, a ramming, a sled's move) is
//! written as ordinary code implementing [`Resolver`]. It rolls through
//! [`Steps`] (a [`crate::Roller`]), asks the players through
//! [`Steps::choose`] and logs what it does with [`Steps::log`]. `Steps`
//! answers from the answers given so far; when it runs out it stops the
//! resolver with [`Pending::Ask`], carrying the [`Prompt`] (which dice, why,
//! the exact odds; or the choice and its options).
//!
//! A [`Driver`] keeps the resolver and its answers and re-runs the resolver
//! after every answer. Because resolvers are pure, this replay is exact:
//! saving a resolution is saving its answers, and undo is dropping the last
//! answer. Answers are checked against the prompt before they are taken (a
//! D6 accepts 1 to 6 only), so a replay never fails on bad input.
//!
//! ```
//! use feldherr_dice::step::{Driver, LogStep, Pending, Resolver, Steps};
//! use feldherr_dice::{Die, Dice, RollRequest, Roller};
//!
//! /// Roll a D6 and double it.
//! struct Double;
//! impl Resolver for Double {
//!     type Outcome = u32;
//!     fn title(&self) -> String { "double a D6".into() }
//!     fn resolve(&self, steps: &mut Steps<'_>) -> Result<u32, Pending> {
//!         let face = steps.roll_one(RollRequest::new(1, Die::D6, "doubling"))?;
//!         steps.log(LogStep::rule("X1", format!("{face} doubled is {}", face * 2)));
//!         Ok(face * 2)
//!     }
//! }
//!
//! let mut driver = Driver::new(Double);
//! assert!(driver.prompt().is_some());
//! driver.answer_dice(vec![7]).unwrap_err(); // not a face of a D6
//! driver.answer_dice(vec![4])?;
//! assert_eq!(driver.outcome(), Some(&8));
//! driver.undo();
//! driver.roll_random(&mut Dice::scripted([2]))?;
//! assert_eq!(driver.outcome(), Some(&4));
//! # Ok::<(), feldherr_dice::DiceError>(())
//! ```

mod driver;
mod log;
mod message;
mod prompt;
mod steps;

pub use driver::{Driver, Resolution, Resolver};
pub use log::{LogKind, LogStep};
pub use message::{DECIMAL_MARK, GROUP_MARK, Message, MessageArg, VERBATIM, format_decimal};
pub use prompt::{Answer, ChoiceOption, ChoiceRequest, Prompt};
pub use steps::{Pending, Steps};
