//! The sled race ("Schlittenrennen") of the WFB New Year event, run inch
//! by inch on the table.
//!
//! The organiser rolls (or types) the dice and makes the drivers' choices;
//! this crate moves the sleds and applies every rule of the text's
//! "Schlittenrennen" part and of rulings S1-S15 and N6: start draw and
//! move order (S3), movement dice by Toughness (S2), the four phases of a
//! round (free facing at speed 0, new speed with the slope modifier and
//! the sign rules S5, movement through hills, woods, hedges, ice, rocks,
//! walls and other sleds S6-S13, turning S11), hits with to-wound rolls
//! and saves (S14), and the finish order (S15) that the New Year event
//! turns into event points (N6).
//!
//! # Units and conventions
//!
//! - Lengths in inches (G1); the default table is 72 x 48 in (G2). The
//!   origin is the lower-left corner; the start line is the left short
//!   edge (x = 0), the finish line the right one; downhill is +x (S1).
//! - Angles in degrees, counter-clockwise, 0° = +x (downhill). A positive
//!   turn is a turn to the left.
//! - Speeds are signed whole numbers; negative travels backwards. Every
//!   modifier table uses the absolute speed.
//! - The six zones of a sled (S4) are [`SledZone`] ([`sled_zone`]);
//!   [`Sled::zone_sectors`] gives them as sectors for drawing.
//! - Sleds are 2 x 4 in by default ([`RaceSettings`]); Toughness 6 and 3
//!   wounds.
//! - Rulings of the project (P31-P35, PS1-PS3) are listed in
//!   `docs/RULINGS.md`.
//!
//! # Structure
//!
//! [`Race`] implements [`feldherr_play::Game`]. Setup edits
//! ([`RaceEdit::AddEntrant`], [`RaceEdit::SetSettings`]) come first;
//! [`RaceEdit::Start`] freezes the table's terrain as the [`Track`]. Then
//! every step is a saved resolution ([`SledKind`]) opened with
//! [`RaceEdit::Open`], answered through the resolution list (every roll
//! with its exact odds, every choice with its options) and applied with
//! [`RaceEdit::Apply`]; [`RaceEdit::Undo`] takes the last one back.
//! [`Race::next_step`] says what comes next (whose move it is);
//! [`Race::plan`] gives a move's planned path with the terrain each inch
//! crosses. [`feldherr_play::Game::report`] gives each player's placing
//! and finishing round.
//!
//! # Example
//!
//! ```
//! use feldherr_dice::Dice;
//! use feldherr_play::Game;
//! use feldherr_sled_race::{Driver, NextStep, Race, RaceEdit, StepInput};
//!
//! let mut race = Race::new_game();
//! let mut table = Race::default_table();
//! for (player, name, t) in [("Anna", "Elf hero", 3), ("Ben", "Ogre hero", 5)] {
//!     let driver = Driver::on_foot(name, player, [t, 4, 4, 4, 2]);
//!     race.apply(&RaceEdit::AddEntrant { player: player.into(), driver: Some(driver) }, &mut table)?;
//! }
//! race.apply(&RaceEdit::Start, &mut table)?;
//! let mut dice = Dice::seeded(11);
//! // Every choice takes its last option: the highest die, rounding up.
//! let last = |c: &feldherr_dice::step::ChoiceRequest| c.options.len() - 1;
//! for _ in 0..400 {
//!     let input = match race.next_step() {
//!         Some(NextStep::Over) | None => break,
//!         Some(NextStep::Move(_)) => StepInput::Move { facing: None },
//!         Some(NextStep::Turn(_)) => StepInput::Turn { angle: 0.0 },
//!         Some(_) => StepInput::Draw,
//!     };
//!     race.play_next(&mut table, &mut dice, last, input)?;
//! }
//! let report = race.report().expect("the race has started");
//! assert!(report.finished);
//! assert_eq!(report.sides.iter().filter(|s| s.placing.is_some()).count(), 2);
//! # Ok::<(), feldherr_play::PlayError>(())
//! ```

#![warn(missing_docs)]

mod attack;
mod checks;
mod collision;
mod draw;
mod driver;
mod error;
mod geometry;
mod hit;
mod kind;
mod movement;
mod race;
mod record_sheet;
mod refusal;
mod settings;
mod sled;
pub mod speed;
mod state;
mod terrain;
mod text;
mod track;
mod turning;
mod zone;

pub use attack::{REACH, kick_effect, targets as attack_targets};
pub use collision::{lower_front, zone_key};
pub use draw::{DrawKind, DrawResolver};
pub use driver::{Driver, DriverField, DriverProblem, Mount};
pub use error::SledError;
pub use kind::{SledKind, SledOutcome};
pub use movement::{MAX_INCHES, MoveResolver, SpeedOption, Stepped};
pub use race::{
    Entrant, MAX_ENTRANTS, MAX_RESOLUTIONS, MAX_TURNS, PlannedInch, Race, RaceEdit, StepInput,
};
pub use record_sheet::{ResultLine, race_sheet, result_lines, sled_paths};
pub use settings::{RaceSettings, SlopeReading, TurnFailureReading, TurnTestNaturals};
pub use sled::{SLED_TOUGHNESS, SLED_WOUNDS, Sled, SledStatus};
pub use state::{NextStep, ROUNDS_PER_TURN, RaceState};
pub use terrain::{TERRAIN_TABLE, Terrain, TerrainEffect, TerrainKind};
pub use text::{DE as MESSAGES_DE, EN as MESSAGES_EN};
pub use track::{MAX_TERRAIN, Track, downhill, sled_table_rules};
pub use turning::{MAX_TURN, TurnResolver, TurnResult, margin_row, turn_test_passes};
pub use zone::{SledZone, sled_zone, travel_direction};
