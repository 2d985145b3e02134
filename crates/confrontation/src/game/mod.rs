//! A Confrontation game behind the `feldherr-play` contract: the war
//! machines with their cards and state, the stats of the figures on the
//! table, the figures killed, and every resolution with its typed outcome
//! and typed effects ([`ConfrontationGame`], [`ConfrontationEdit`],
//! [`ConfrontationKind`], [`ConfrontationOutcome`], [`Effect`]).
//!
//! Everything a host needs to decide is here: which shot may be fired
//! (range, minimum range, crew C3, [`ConfrontationGame::shot_inputs`]), the
//! order of ramming victims (C5), the models an explosion or a mine catches
//! (one model, edge to edge, P19), mine status (C10), a drawn path checked
//! with its legs (C4, P36), the Sichel blades' reach (P17), the crew who
//! may move an immobile machine (C3), and what an applied result does.
//! What a shot shows on the table comes as data
//! ([`ShotInputs::overlay`]); drawing it is the host's.
//!
//! Machines and resolutions are named by stable [`feldherr_play::Id`]s;
//! figures by their table piece id. Lengths in centimetres.
//!
//! ```
//! use feldherr_confrontation::game::{ConfrontationEdit, ConfrontationGame};
//! use feldherr_confrontation::{MachineCard, MachineSpec, Mobility};
//! use feldherr_dice::step::Answer;
//! use feldherr_play::{Game, Id};
//!
//! let mut game = ConfrontationGame::new_game();
//! let mut table = ConfrontationGame::default_table(); // 120 x 120 cm (G2)
//! let spec: MachineSpec = serde_json::from_str(
//!     r#"{"name": "Panzer", "mobility": "mobile", "sp": 8, "gew": 12, "res": 14, "bew": 15}"#,
//! )?;
//! game.apply(&ConfrontationEdit::AddMachine(MachineCard::new(spec)?), &mut table)?;
//! let panzer = Id(1);
//! // STR 10 against its RES 14; the dice 3 and 5 cost 1 SP (C1).
//! let roll = game.damage_inputs(panzer, 10, false)?;
//! game.apply(&ConfrontationEdit::AddResolution(roll), &mut table)?;
//! let answer = Answer::Dice(vec![3, 5]);
//! game.apply(&ConfrontationEdit::Answer { resolution: Id(1), answer }, &mut table)?;
//! game.apply(&ConfrontationEdit::ApplyResult(Id(1)), &mut table)?;
//! assert_eq!(game.machine(panzer).map(|m| m.state.sp_lost), Some(1));
//! // Applied once: a second time is refused and changes nothing.
//! assert!(game.apply(&ConfrontationEdit::ApplyResult(Id(1)), &mut table).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod confrontation_game;
mod edit;
mod effect;
mod figure_stats;
mod game_machine;
mod inputs;
mod orders;
mod outcome;
mod path;
mod problems;
mod resolution_kind;
mod shot;
mod summary;
mod table_model;
mod v1;
mod worded;

pub use confrontation_game::{ConfrontationGame, confrontation_table_rules};
pub use edit::ConfrontationEdit;
pub use effect::{Effect, effects_of, hit_effects};
pub use figure_stats::FigureStats;
pub use game_machine::GameMachine;
pub use inputs::{
    Hits, HitsCause, HitsInputs, HitsOutcome, InstabilInputs, PassengerInputs, RammingInputs,
    SickleInputs, SteamInputs,
};
pub use orders::{SickleTouch, mechaniker};
pub use outcome::ConfrontationOutcome;
pub use path::{BLADE_REACH_CM, PathLeg, PathReport};
pub use resolution_kind::ConfrontationKind;
pub use shot::{
    NamedShot, OverlayModel, Shot, ShotInputs, ShotOrder, ShotOutcome, ShotOverlay, ShotProblem,
    ShotResolver,
};
pub use summary::hit_message;
pub use table_model::{MineLayer, MineStatus, ModelRef, TableModel, base_of};
pub use worded::{RepairStep, Worded, WordedOutcome, Words};

use feldherr_play::PlayError;

/// Checks that `refs` (if given) has one entry per model.
pub(crate) fn check_refs(refs: &[ModelRef], models: usize) -> Result<(), PlayError> {
    if refs.is_empty() || refs.len() == models {
        Ok(())
    } else {
        Err(PlayError::invalid(
            "refs",
            refs.len(),
            format!("{} entries for {models} models", refs.len()),
        ))
    }
}
