//! A Confrontation game behind the `feldherr-play` contract: its sides
//! (players), its round and phases, the war machines with their cards,
//! state and crew figures, the figures on the table with their sides,
//! values, abilities and wounds, the markers crew laid, and every
//! resolution with its typed outcome and typed effects
//! ([`ConfrontationGame`], [`ConfrontationEdit`], [`ConfrontationKind`],
//! [`ConfrontationOutcome`], [`Effect`]).
//!
//! Everything a host needs to decide is here, measured from the table's
//! pieces: which shot may be fired (field of fire and view, range, minimum
//! range, crew serving and gunner, C3, [`ConfrontationGame::shot_inputs`]),
//! what a charge against a machine meets (closed flanks, penalties, a
//! collision, counter-fire: [`ConfrontationGame::charge`]), a drawn path
//! checked (C4, C3, P36) and driven, the crew who may move or repair a
//! machine, capture and auxiliaries, fear, the round's pending checks, the
//! models an explosion or a mine catches (one model, edge to edge, P19),
//! and what an applied result does. What a shot shows on the table comes as
//! data, step by step ([`ShotInputs::overlay_at`]); drawing it is the
//! host's.
//!
//! Machines, crew figures, sides and resolutions are named by stable
//! [`feldherr_play::Id`]s; figures by their table piece. Lengths in
//! centimetres.
//!
//! ```
//! use feldherr_confrontation::game::{ConfrontationEdit, ConfrontationGame};
//! use feldherr_confrontation::{MachineCard, MachineSpec, Mobility};
//! use feldherr_dice::step::Answer;
//! use feldherr_play::{Game, Id};
//!
//! let mut game = ConfrontationGame::new_game(); // sides A and B, deployment
//! let mut table = ConfrontationGame::default_table(); // 120 x 120 cm (G2)
//! let spec: MachineSpec = serde_json::from_str(
//!     r#"{"name": "Panzer", "mobility": "mobile", "sp": 8, "gew": 12, "res": 14, "bew": 15}"#,
//! )?;
//! let card = MachineCard::new(spec)?;
//! game.apply(&ConfrontationEdit::DeployMachine { card, side: Id(2) }, &mut table)?;
//! let panzer = Id(1);
//! // Round 1: its start, then the movement phase.
//! game.apply(&ConfrontationEdit::NextPhase, &mut table)?;
//! game.apply(&ConfrontationEdit::NextPhase, &mut table)?;
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

mod capture_refusal;
mod charge;
mod confrontation_game;
mod contact;
mod crew_figure;
mod crew_flow;
mod crew_marker;
mod crew_shot_refusal;
mod drive;
mod edit;
mod effect;
mod figure_flow;
mod figure_roll;
mod figure_stats;
mod game_machine;
mod inputs;
mod morale;
mod orders;
mod outcome;
mod path;
mod problems;
pub(crate) mod refusal;
mod repr;
mod resolution_kind;
mod round;
mod round_flow;
mod settings;
mod shot;
mod side;
mod subject;
mod summary;
mod table_model;
mod v1;
mod worded;

pub use capture_refusal::{CaptorRefusal, CaptureRefusal};
pub use charge::{
    ChargeOrder, ChargeRefusal, ChargeReport, Charger, CounterFireInputs, CounterFireOffer,
    CounterFireResolver, charger_survives,
};
pub use confrontation_game::{ConfrontationGame, confrontation_table_rules};
pub use contact::CrewStatus;
pub use crew_figure::{CrewFigure, CrewOrigin};
pub use crew_flow::{CaptorCheck, CaptureCheck};
pub use crew_marker::{CrewMarker, MarkerKind};
pub use crew_shot_refusal::CrewShotRefusal;
pub use drive::MAX_PATH_POINTS;
pub use edit::{ConfrontationEdit, MAX_CREW, MAX_MACHINES, MAX_RESOLUTIONS};
pub use effect::{Effect, effects_of, hit_effects};
pub use figure_roll::{
    FigureRollInputs, FigureRollOrder, FigureRollOutcome, FigureRollResolver, RollPurpose,
};
pub use figure_stats::{Characteristic, FigureAbility, FigureStats};
pub use game_machine::GameMachine;
pub use inputs::{
    Hits, HitsCause, HitsInputs, HitsOutcome, InstabilFigureInputs, InstabilInputs,
    PassengerInputs, RammingInputs, SickleInputs, SteamInputs, TotalFailureInputs,
};
pub use morale::{MoraleInputs, MoraleOutcome, MoraleResolver, MoraleTest};
pub use orders::{SickleTouch, mechaniker};
pub use outcome::ConfrontationOutcome;
pub use path::{BLADE_REACH_CM, PathLeg, PathReport};
pub use resolution_kind::ConfrontationKind;
pub use round::{
    Activation, FeintRecord, FigureRound, MAX_ROUNDS, Phase, Round, RoundCheck, RoundEvent,
};
pub use round_flow::Pending;
pub use settings::{ContactLimits, GameSettings};
pub use shot::{
    NamedShot, OverlayModel, Shot, ShotInputs, ShotOrder, ShotOutcome, ShotOverlay, ShotProblem,
    ShotProgress, ShotResolver,
};
pub use side::{MAX_SIDES, Side, default_sides};
pub use subject::Subject;
pub use summary::hit_message;
pub use table_model::{MineLayer, MineStatus, ModelRef, TableModel, base_of};
pub use worded::{RepairStep, Worded, WordedOutcome, Words};

use crate::game::refusal::{invalid, say};
use feldherr_play::PlayError;

/// Checks that `refs` (if given) has one entry per model.
pub(crate) fn check_refs(refs: &[ModelRef], models: usize) -> Result<(), PlayError> {
    if refs.is_empty() || refs.len() == models {
        Ok(())
    } else {
        Err(invalid(
            "refs",
            refs.len(),
            say("mod.entries_models")
                .text("refs_len", refs.len().to_string())
                .text("models", models.to_string()),
        ))
    }
}
