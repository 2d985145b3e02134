//! Unaufhaltsam and its speed marker (C4, C5).
//!
//! A machine with Unaufhaltsam that drives further than its BEW in a round
//! may take a speed marker. The marker stays from round to round while the
//! machine keeps moving at least its current BEW each round. The machine may
//! stop at any time in the movement phase; it then may not move again before
//! the next movement phase and gives up the marker. A machine in base contact
//! with an enemy at the end of the round loses the marker (it is in melee).
//! With the marker it cannot be charged or engaged from the flanks or the
//! rear unless the attacker's STR exceeds its RES; charged frontally it
//! suffers none of the usual charge penalties; and it changes facing only by
//! driving curves (no free facing, C4).
//!
//! ```
//! use feldherr_confrontation::{MachineCard, MachineState, SpeedMarker};
//! use feldherr_geometry::FacingArc;
//! let card: MachineCard = serde_json::from_str(r#"{"name": "Panzerwagen",
//!     "mobility": "mobile", "sp": 8, "gew": 10, "res": 14, "bew": 20,
//!     "abilities": ["unaufhaltsam"]}"#)?;
//! let mut state = MachineState::default();
//! SpeedMarker::after_move(&card, &mut state, 25.0, true)?; // more than BEW 20
//! assert!(state.speed_marker);
//! assert!(SpeedMarker::may_be_charged(&card, &state, FacingArc::Rear, 12).is_err());
//! assert!(SpeedMarker::may_be_charged(&card, &state, FacingArc::Rear, 15).is_ok());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::game::refusal::{decimal, inconsistent, not_allowed, say};
use feldherr_geometry::FacingArc;

use crate::card::MachineCard;
use crate::error::{ConfrontationError, check_cm};
use crate::state::MachineState;

/// The speed-marker rules of Unaufhaltsam (namespace for its functions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpeedMarker;

fn bew(card: &MachineCard) -> Result<u32, ConfrontationError> {
    card.spec().bew.ok_or(inconsistent(
        "BEW",
        say("unaufhaltsam.unaufhaltsam_needs_machine_with_bew"),
    ))
}

impl SpeedMarker {
    /// Whether a move of `moved_cm` this round earns the marker: the machine
    /// has Unaufhaltsam and drove further than its BEW.
    pub fn earned(card: &MachineCard, moved_cm: f64) -> Result<bool, ConfrontationError> {
        check_cm("distance moved", moved_cm)?;
        Ok(card.is_unaufhaltsam() && moved_cm > f64::from(bew(card)?))
    }

    /// Updates the marker after the machine moved `moved_cm` in the round;
    /// `take_marker` is the owner's choice when it is earned. A machine that
    /// already had one keeps it if it moved at least its BEW (and did not
    /// stop); otherwise the marker goes.
    ///
    /// # Errors
    /// [`ConfrontationError::NotAllowed`] when a marker is asked for but not
    /// earned.
    pub fn after_move(
        card: &MachineCard,
        state: &mut MachineState,
        moved_cm: f64,
        take_marker: bool,
    ) -> Result<(), ConfrontationError> {
        let earned = Self::earned(card, moved_cm)?;
        if state.speed_marker {
            let keeps = !state.stopped && moved_cm + 1e-9 >= f64::from(bew(card)?);
            state.speed_marker = keeps && card.is_unaufhaltsam();
            return Ok(());
        }
        if take_marker && !earned {
            return Err(not_allowed(
                "Unaufhaltsam",
                say("unaufhaltsam.speed_marker_needs_unaufhaltsam_more")
                    .nested("moved_cm", decimal(moved_cm, 1)),
            ));
        }
        state.speed_marker = take_marker && earned;
        Ok(())
    }

    /// The machine stops during the movement phase: it gives up the marker
    /// and may not move again before the next movement phase.
    pub fn stop(state: &mut MachineState) {
        state.stopped = true;
        state.speed_marker = false;
    }

    /// End of the round: a machine in base contact with an enemy cannot keep
    /// its marker.
    pub fn end_of_round(state: &mut MachineState, touching_enemy: bool) {
        if touching_enemy {
            state.speed_marker = false;
        }
    }

    /// Whether an attacker of `attacker_str` may charge or engage the machine
    /// from `side`. With a speed marker, flanks and rear are closed unless
    /// STR exceeds the machine's RES.
    ///
    /// # Errors
    /// [`ConfrontationError::NotAllowed`] naming the numbers.
    pub fn may_be_charged(
        card: &MachineCard,
        state: &MachineState,
        side: FacingArc,
        attacker_str: i32,
    ) -> Result<(), ConfrontationError> {
        let res = card.spec().res as i32;
        if state.speed_marker && side != FacingArc::Front && attacker_str <= res {
            return Err(not_allowed(
                "Unaufhaltsam",
                say("unaufhaltsam.speed_marker_no_charge_from")
                    .text("side", format!("{:?}", side))
                    .text("attacker_str", attacker_str.to_string())
                    .text("res", res.to_string()),
            ));
        }
        Ok(())
    }

    /// Whether the usual penalties for being charged apply: not to an
    /// Unaufhaltsam machine charged frontally.
    pub fn charge_penalties_apply(card: &MachineCard, side: FacingArc) -> bool {
        !(card.is_unaufhaltsam() && side == FacingArc::Front)
    }
}
