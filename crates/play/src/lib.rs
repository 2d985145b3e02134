//! The contract between a Feldherr rule system and its host.
//!
//! Feldherr is the referee's and organiser's desk for tabletop miniature
//! wargames. Every rule system it knows (Confrontation, the sled race,
//! Warmaster, Warheim, the 40K free-for-all) lives in its own crate and
//! implements [`Game`]; every kind of event implements [`EventRules`]. A
//! host (the desktop app, the command line, another program) keeps a list
//! of systems and drives them only through these traits.
//!
//! What a system provides:
//! - its game state (serde) and its [`Game::Edit`]s, applied with
//!   validation, all or nothing;
//! - its saved resolutions: a [`ResolutionKind`] (the inputs of each of
//!   its resolvers) kept as [`SavedResolution`]s, which replay their
//!   answers once and keep the **typed outcome**; the host drives them
//!   through [`ResolutionList`] without knowing their types;
//! - [`Problem`]s found against the table, with paths and rule ids;
//! - its default table (G2) and [`feldherr_table::TableRules`];
//! - stable [`Id`]s for everything a resolution refers to;
//! - a message catalogue per [`Lang`] for the keys its logs use, so a
//!   German sheet is German throughout (see
//!   [`feldherr_dice::step::Message`]);
//! - a [`GameReport`] for an event that hosts it.
//!
//! Conventions: every method is pure and deterministic; dice come only as
//! answers to prompts. Errors are [`PlayError`], naming the field and the
//! value. Lengths are in the table's native unit (G1).
//!
//! # Example
//!
//! A toy system with one resolution: roll a D6, a 4+ scores.
//!
//! ```
//! use feldherr_dice::step::{Answer, LogStep, Message, Pending, Resolver, Steps};
//! use feldherr_dice::{Die, RollRequest, Roller};
//! use feldherr_play::{
//!     Game, Id, Lang, PlayError, Problem, Replayed, ResolutionKind, ResolutionList,
//!     SavedResolution,
//! };
//! use feldherr_table::{Table, TableRules};
//! use feldherr_table::geometry::Unit;
//! use serde::{Deserialize, Serialize};
//!
//! /// Roll a D6; 4+ scores.
//! struct Score;
//! impl Resolver for Score {
//!     type Outcome = bool;
//!     fn title(&self) -> String { "score".into() }
//!     fn resolve(&self, steps: &mut Steps<'_>) -> Result<bool, Pending> {
//!         let face = steps.roll_one(RollRequest::new(1, Die::D6, "score roll"))?;
//!         let scored = face >= 4;
//!         steps.log(
//!             LogStep::rule("T1", format!("{face}: scored {scored}"))
//!                 .with_message(Message::new("toy.scored").int("face", face)),
//!         );
//!         Ok(scored)
//!     }
//! }
//!
//! #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
//! enum ToyKind { Score }
//! impl ResolutionKind for ToyKind {
//!     type Outcome = bool;
//!     fn replay(&self, answers: &[Answer]) -> Result<Replayed<bool>, PlayError> {
//!         Replayed::of(Score, answers, |scored| *scored)
//!     }
//! }
//!
//! #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
//! struct Toy { score: u32, resolutions: Vec<SavedResolution<ToyKind>> }
//!
//! #[derive(Debug, Clone, PartialEq)]
//! enum ToyEdit { Roll, Apply(Id) }
//!
//! impl Game for Toy {
//!     type Edit = ToyEdit;
//!     const SYSTEM: &'static str = "toy";
//!     fn new_game() -> Self { Toy { score: 0, resolutions: Vec::new() } }
//!     fn table_rules() -> TableRules { TableRules::new("toy", Unit::Inch) }
//!     fn apply(&mut self, edit: &ToyEdit, _table: &mut Table) -> Result<(), PlayError> {
//!         match edit {
//!             ToyEdit::Roll => {
//!                 let id = Id::next_after(self.resolutions.iter().map(|r| r.id()));
//!                 self.resolutions.push(SavedResolution::new(id, ToyKind::Score)?);
//!             }
//!             ToyEdit::Apply(id) => {
//!                 let r = self.resolutions.iter_mut().find(|r| r.id() == *id)
//!                     .ok_or_else(|| PlayError::not_found("resolution", id))?;
//!                 let scored = *r.outcome().ok_or(PlayError::Unfinished)?;
//!                 r.set_applied()?;
//!                 self.score += u32::from(scored);
//!             }
//!         }
//!         Ok(())
//!     }
//!     fn problems(&self, _table: &Table) -> Vec<Problem> { Vec::new() }
//!     fn resolutions(&self) -> &dyn ResolutionList { &self.resolutions }
//!     fn resolutions_mut(&mut self) -> &mut dyn ResolutionList { &mut self.resolutions }
//!     fn messages(lang: Lang) -> &'static str {
//!         match lang {
//!             Lang::En => r#"{"toy.scored": "rolled {face}"}"#,
//!             Lang::De => r#"{"toy.scored": "{face} gewürfelt"}"#,
//!         }
//!     }
//! }
//!
//! let mut game = Toy::new_game();
//! let mut table = Toy::default_table();
//! game.apply(&ToyEdit::Roll, &mut table)?;
//! // The host answers through the list, without knowing the toy's types.
//! game.resolutions_mut().answer_at(0, Answer::Dice(vec![5]))?;
//! assert!(game.resolutions().finished_at(0));
//! game.apply(&ToyEdit::Apply(Id(1)), &mut table)?;
//! assert_eq!(game.score, 1);
//! // Applying twice is refused and changes nothing.
//! assert!(game.apply(&ToyEdit::Apply(Id(1)), &mut table).is_err());
//! assert_eq!(game.score, 1);
//! // A saved game replays its answers on load, typed outcome included.
//! let json = serde_json::to_string(&game).unwrap();
//! let back: Toy = serde_json::from_str(&json).unwrap();
//! assert_eq!(back.resolutions[0].outcome(), Some(&true));
//! # Ok::<(), PlayError>(())
//! ```

#![warn(missing_docs)]

mod entry;
mod error;
mod event;
mod game;
mod id;
mod lang;
mod odds;
mod problem;
mod refusal;
mod report;
mod role;
mod saved;
#[doc(hidden)]
pub mod testing;

pub use entry::{
    EntryTable, MAX_FIELD_KEY, MAX_RESULT_FIELDS, ReportCheck, ReportValues, ResultField,
};
pub use error::PlayError;
pub use event::{EventRules, HostedSlot, Seat};
pub use game::Game;
pub use id::Id;
pub use lang::{Catalogue, Lang, step_messages};
pub use odds::{OddsCommand, OddsParam, OddsResult};
pub use problem::{Problem, Severity};
pub use refusal::{Refusals, slug};
pub use report::{GameReport, MatchResult, SideReport};
pub use role::{MAX_ROLE_NAME, Role};
pub use saved::{Replayed, ResolutionKind, ResolutionList, SavedResolution};

/// What the [`refusals!`] macro names (not part of the API).
#[doc(hidden)]
pub mod __macro {
    pub use feldherr_dice::step::Message;
}
