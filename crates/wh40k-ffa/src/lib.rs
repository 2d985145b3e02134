//! Warhammer 40,000 free-for-all ("Jeder gegen Jeden") for three or four
//! players: deployment zones, the dice-bag turn order and close combats
//! with any number of sides.
//!
//! The rule text is `wh40k-jeder-gegen-jeden.de.txt`; where it is silent
//! the shared rulings F1-F4 and the project's P-rulings decide (see
//! `docs/RULINGS.md`).
//!
//! - [`army`]: three or four [`Player`]s, each with named units (model
//!   count, Leadership, Initiative). Two or five players are refused.
//! - [`deployment`]: the zone choice as a guided sequence (F1):
//!   [`Deployment::next_step`] says who chooses and offers each remaining
//!   [`ZoneSlot`] with its explanation; zones are [`ZoneSizes`] (mission
//!   data) turned into shapes and table pieces.
//! - [`turn_order`]: round 1 from the roll-off, later rounds from the dice
//!   bag with the last player's die held back (F2). A draw is either a
//!   software roll over the bag ([`BagDraw`], exact odds) or typed in from
//!   the real bag, refused with its reason when it breaks F2.
//! - [`combat`]: a combat of any number of sides resolved step by step
//!   (F3, F4): results, winners (ties included), outnumbering per testing
//!   side from the editable [`OutnumberTable`], 2D6 Leadership tests with
//!   exact odds, sweeping advances only when no enemy unit still fights.
//! - [`FreeForAll`]: the [`feldherr_play::Game`] of it, driven by
//!   [`FfaEdit`]s; its resolutions are [`FfaResolution`]s with typed
//!   [`FfaOutcome`]s.
//! - Units that remember: every unit carries a [`UnitState`] (models
//!   left, [`UnitStatus`]: active, fleeing, destroyed by whom and how,
//!   removed; whom it is locked in combat with) through the game. A
//!   combat starts from it ([`EngagedUnit`] only names the unit and its
//!   casualties, PF3); [`FfaEdit::Apply`] of a finished combat writes the
//!   result to the units and the record ([`UnitEvent`]); losses outside
//!   combat, rallying and removal are edits too (PF1). Undo is the host
//!   restoring the earlier document: everything lives in the saved game.
//!   [`FreeForAll::combat_offer`] says what is fought in this turn and
//!   what waits (F3's Nahkampf rule, PF2); [`FreeForAll::unit_rows`],
//!   [`FreeForAll::unit_history`] and [`FreeForAll::rounds`] feed the
//!   per-unit list and the game record.
//! - [`feldherr_play::Game::problems`] checks a saved game throughout:
//!   bounds from the armies, unique ids, the bag's dice, and the units'
//!   state against the state their record gives.
//!
//! Units and conventions: lengths in inches (G1) on a 72 x 48 in table
//! (G2) whose long edges run along x (`bottom` is y = 0). Seats number the
//! players from 0 in the order entered; messages show them from 1.
//!
//! # Example
//!
//! ```
//! use feldherr_dice::step::Answer;
//! use feldherr_play::{Game, Id};
//! use feldherr_wh40k_ffa::{EngagedUnit, FfaEdit, FreeForAll, Player, SideEntry, ZoneSlot};
//!
//! let mut game = FreeForAll::new_game();
//! let mut table = FreeForAll::default_table();
//! let players = ["Anna", "Ben", "Cem"].map(Player::new).to_vec();
//! game.apply(&FfaEdit::SetPlayers(players), &mut table)?;
//!
//! // F1: the first player takes a corner; the second is offered the
//! // neighbouring corner or the opposite long edge.
//! game.apply(&FfaEdit::ChooseZone { seat: 0, slot: ZoneSlot::BottomLeft }, &mut table)?;
//! let step = game.deployment_step().unwrap();
//! let offered: Vec<ZoneSlot> = step.options.iter().map(|o| o.slot).collect();
//! assert_eq!(offered, [ZoneSlot::BottomRight, ZoneSlot::TopEdge]);
//! assert_eq!(table.pieces().len(), 1); // the zone is drawn on the table
//!
//! // F2: the roll-off (Ben rolls highest), then the bag.
//! game.apply(&FfaEdit::StartRollOff, &mut table)?;
//! game.resolutions_mut().answer_at(0, Answer::Dice(vec![3, 6, 2]))?;
//! game.apply(&FfaEdit::Apply(Id(1)), &mut table)?;
//! assert_eq!(game.current_turn(), Some((1, 1)));
//! assert_eq!(game.bag().unwrap().dice, [0, 2]);
//! // Ben cannot be typed in again: his die is not in the bag.
//! assert!(game.apply(&FfaEdit::TypeDraw { seat: 1 }, &mut table).is_err());
//! game.apply(&FfaEdit::TypeDraw { seat: 2 }, &mut table)?;
//!
//! // Cem's turn: his unit charges Anna's. Nobody types a unit's models:
//! // only the casualties of the round (Anna's unit lost 4 of its 10).
//! let mut army = |seat: usize, id: u64, name: &str| -> Result<(), feldherr_play::PlayError> {
//!     let unit = feldherr_wh40k_ffa::UnitProfile::new(Id(id), name, 10, 8, 4)?;
//!     game.apply(&FfaEdit::SetArmy { seat, units: vec![unit] }, &mut table)
//! };
//! army(0, 1, "Taktischer Trupp")?;
//! army(2, 3, "Orkboyz")?;
//! let side = |seat, caused, unit, lost| SideEntry {
//!     seat,
//!     casualties_caused: caused,
//!     units: vec![EngagedUnit::new(Id(unit), lost)],
//! };
//! game.apply(
//!     &FfaEdit::StartCombat { sides: vec![side(2, 4, 3, 0), side(0, 0, 1, 4)] },
//!     &mut table,
//! )?;
//! // Anna's unit tests (6 models against 10: Leadership 8 - 1) and holds on 5.
//! game.resolutions_mut().answer_at(1, Answer::Dice(vec![2, 3]))?;
//! game.apply(&FfaEdit::Apply(Id(2)), &mut table)?;
//! let anna = game.unit_state(Id(1)).expect("the unit exists");
//! assert_eq!(anna.models_left, 6);
//! assert_eq!(anna.in_combat_with, [Id(3)]);
//! # Ok::<(), feldherr_play::PlayError>(())
//! ```

#![warn(missing_docs)]

pub mod army;
mod bag_draw;
mod checks;
pub mod combat;
pub mod deployment;
mod game;
mod record;
mod record_sheet;
mod refusal;
mod resolution;
mod roll_off;
mod table_rules;
pub mod turn_order;
mod units;
pub mod words;

pub use army::{Player, Seat, UnitProfile};
pub use bag_draw::{BagDraw, Drawn};
pub use combat::{
    Combat, CombatOutcome, CombatResult, CombatRules, CombatSide, CombatUnit, OutnumberStep,
    OutnumberTable, SeveralWinners, SweepRule,
};
pub use deployment::{Deployment, DeploymentStep, ZoneOption, ZoneSizes, ZoneSlot};
pub use game::{
    CombatOffer, EngagedUnit, Engagement, FfaEdit, FreeForAll, MAX_RESOLUTIONS, SideEntry, UnitRow,
};
pub use record::{
    CombatFate, EventKind, HistoryEntry, HistoryKind, MAX_EVENTS, RoundRecord, UnitEvent,
};
pub use record_sheet::{record_lines, record_sheet};
pub use resolution::{FfaOutcome, FfaResolution};
pub use roll_off::{Contender, RollOff, RollOffWinner};
pub use table_rules::wh40k_table_rules;
pub use turn_order::{Bag, TurnOrder};
pub use units::{Cause, UnitState, UnitStatus};
