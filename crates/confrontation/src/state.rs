//! The state of one machine in a game (saved with the document).

use serde::{Deserialize, Serialize};

use crate::artillery::Motion;
use crate::card::MachineCard;
use crate::damage::{Fate, fate_at};
use crate::error::ConfrontationError;
use crate::steam::SteamMarkers;

/// What happens to a machine during a game: SP lost, markers, destroyed,
/// and what it did this round.
///
/// ```
/// use feldherr_confrontation::{MachineCard, MachineState, Fate};
/// let card: MachineCard = serde_json::from_str(
///     r#"{"name": "Panzer", "mobility": "mobile", "sp": 8, "gew": 10, "res": 14, "bew": 20}"#,
/// )?;
/// let mut state = MachineState::default();
/// assert_eq!(state.lose_sp(&card, 4), Fate::Survives);
/// assert_eq!(state.penalty(&card)?, -2); // C2
/// assert_eq!(state.lose_sp(&card, 9), Fate::Killed);
/// assert!(state.destroyed);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MachineState {
    /// SP lost so far.
    #[serde(default)]
    pub sp_lost: u32,
    /// Speed marker (Unaufhaltsam).
    #[serde(default)]
    pub speed_marker: bool,
    /// Stopped during this movement phase (Unaufhaltsam): no more movement
    /// until the next one.
    #[serde(default)]
    pub stopped: bool,
    /// Whether it had the speed marker at the start of the round (C5).
    #[serde(default)]
    pub speed_marker_at_round_start: bool,
    /// Steam/naphtha markers (C9).
    #[serde(default)]
    pub steam: SteamMarkers,
    /// Weapon jammed for this round (C6).
    #[serde(default)]
    pub jammed: bool,
    /// Repair tried this round (C10).
    #[serde(default)]
    pub repair_tried: bool,
    /// Off the table: no SP left (a machine carried by its owner: the
    /// owner was eliminated).
    #[serde(default)]
    pub destroyed: bool,
    /// Frightened (a mobile machine, fear): with GEW it stands still, has
    /// no speed marker and fires no shot until it rallies.
    #[serde(default, skip_serializing_if = "is_false")]
    pub frightened: bool,
    /// How it moved this round (firing modifiers; an immobile machine moved
    /// by its crew does not fire).
    #[serde(default, skip_serializing_if = "is_still")]
    pub motion: Motion,
    /// An immobile machine turned at its activation this round: -1 on its
    /// FER die results.
    #[serde(default, skip_serializing_if = "is_false")]
    pub reaimed: bool,
    /// It fired this round (a shot or a counter-fire).
    #[serde(default, skip_serializing_if = "is_false")]
    pub fired: bool,
    /// Steam or naphtha bonuses won this round, by characteristic (C9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boosts: Vec<Boost>,
}

/// A bonus from a pressure or injection roll, until the end of the round
/// (C9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Boost {
    /// The characteristic boosted.
    pub characteristic: crate::game::Characteristic,
    /// The bonus.
    pub bonus: u32,
}

#[expect(clippy::trivially_copy_pass_by_ref, reason = "serde's signature")]
fn is_false(b: &bool) -> bool {
    !*b
}

fn is_still(m: &Motion) -> bool {
    *m == Motion::Still
}

impl MachineState {
    /// SP left.
    pub fn sp_left(&self, card: &MachineCard) -> u32 {
        card.sp().saturating_sub(self.sp_lost)
    }

    /// Loses SP; at 0 the machine is removed: killed, or destroyed if
    /// Resistent.
    pub fn lose_sp(&mut self, card: &MachineCard, sp: u32) -> Fate {
        self.sp_lost = (self.sp_lost + sp).min(card.sp());
        let fate = fate_at(self.sp_left(card), card.is_resistent());
        if fate != Fate::Survives {
            self.destroyed = true;
        }
        fate
    }

    /// Gains SP back, never above the start value (C10).
    pub fn regain_sp(&mut self, sp: u32) {
        self.sp_lost = self.sp_lost.saturating_sub(sp);
    }

    /// The die penalty of C2 (0 for immobile machines).
    pub fn penalty(&self, card: &MachineCard) -> Result<i32, ConfrontationError> {
        if card.sp() == 0 {
            return Ok(0);
        }
        crate::penalty(card.sp(), self.sp_lost.min(card.sp()), card.is_mobile())
    }

    /// Starts a new round: clears the jam, the repair attempt, the stop,
    /// the round's motion, re-aiming, shot and steam bonuses; notes the
    /// speed marker for ramming (C5), forgets last round's total-failure 4+.
    pub fn new_round(&mut self) {
        self.jammed = false;
        self.repair_tried = false;
        self.stopped = false;
        self.motion = Motion::Still;
        self.reaimed = false;
        self.fired = false;
        self.boosts.clear();
        self.speed_marker_at_round_start = self.speed_marker;
        self.steam.new_round();
    }
}
