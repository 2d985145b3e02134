//! The state of one machine in a game (saved with the document).

use serde::{Deserialize, Serialize};

use crate::card::MachineCard;
use crate::damage::{Fate, fate_at};
use crate::error::ConfrontationError;
use crate::steam::SteamMarkers;

/// What happens to a machine during a game: SP lost, markers, crew in
/// contact, destroyed.
///
/// ```
/// use feldherr_confrontation::{MachineCard, MachineSpec, MachineState, Mobility, Fate};
/// let card = MachineCard::new(MachineSpec {
///     name: "Panzer".into(), mobility: Mobility::Mobile, carried_by_owner: false,
///     sp: Some(8), gew: Some(10), bes: None, res: 14, bew: Some(20), courage: None,
///     discipline: None, size: feldherr_confrontation::Size::VeryLarge, artillery: None,
///     abilities: vec![], crew: vec![], auxiliary: None })?;
/// let mut state = MachineState::default();
/// assert_eq!(state.lose_sp(&card, 4), Fate::Survives);
/// assert_eq!(state.penalty(&card)?, -2); // C2
/// assert_eq!(state.lose_sp(&card, 9), Fate::Killed);
/// assert!(state.destroyed);
/// # Ok::<(), feldherr_confrontation::ConfrontationError>(())
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
    /// Crew figures in base contact (indices into the card's crew).
    #[serde(default)]
    pub crew_in_contact: Vec<usize>,
    /// Off the table: no SP left.
    #[serde(default)]
    pub destroyed: bool,
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

    /// Starts a new round: clears the jam and the repair attempt, notes the
    /// speed marker for ramming (C5), forgets last round's total-failure 4+.
    pub fn new_round(&mut self) {
        self.jammed = false;
        self.repair_tried = false;
        self.stopped = false;
        self.speed_marker_at_round_start = self.speed_marker;
        self.steam.new_round();
    }
}
