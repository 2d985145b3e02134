//! The round of a Confrontation game and its phases, as far as the text
//! uses them (PC2): set-up (Aufstellungsphase, round 0), the start of the
//! round (army deck; total failure's 4+, C9), the movement phase
//! (BEW-Phase: machines activated with their crew and auxiliaries), the
//! ranged and melee phases of the core rules, and the end of the round
//! (mana recovery: repairs, C10; Instabil; the speed marker lost in contact).

use std::collections::BTreeMap;

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use super::Subject;
use crate::{Concentration, Feint};

/// Most rounds a game may run (a bound for the saved state).
pub const MAX_ROUNDS: u32 = 999;

/// A phase of the round (PC2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Before the first round: deployment (mines, decoys, barricades,
    /// figures carried aboard).
    Deployment,
    /// The start of a round: the army deck is built; a machine with a total
    /// failure rolls its 4+ (C9).
    Start,
    /// The movement phase (BEW-Phase): machines are activated with their
    /// crew and auxiliaries, drive, charge; counter-fire.
    Movement,
    /// The ranged phase of the core rules.
    Ranged,
    /// The melee phase of the core rules.
    Melee,
    /// The end of the round, the mana recovery phase: repairs (C10),
    /// Instabil.
    End,
}

impl Phase {
    /// The catalogue key of its name.
    pub fn message_key(self) -> &'static str {
        match self {
            Phase::Deployment => "conf.game.phase.deployment",
            Phase::Start => "conf.game.phase.start",
            Phase::Movement => "conf.game.phase.movement",
            Phase::Ranged => "conf.game.phase.ranged",
            Phase::Melee => "conf.game.phase.melee",
            Phase::End => "conf.game.phase.end",
        }
    }

    /// The phase after it within a round (`None` after the end).
    pub fn next(self) -> Option<Phase> {
        match self {
            Phase::Deployment | Phase::End => None,
            Phase::Start => Some(Phase::Movement),
            Phase::Movement => Some(Phase::Ranged),
            Phase::Ranged => Some(Phase::Melee),
            Phase::Melee => Some(Phase::End),
        }
    }
}

/// A machine's army card activated by a side: its own card (its crew, and
/// the machine if that side holds it) or, for a captured machine, the card
/// its captor chose for its crew (the machine and the captor's crew).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Activation {
    /// Which machine.
    pub machine: Id,
    /// Which side activates it.
    pub side: Id,
}

/// What a figure did this round that later rules ask about.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureRound {
    /// Its Konzentration points this round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concentration: Option<Concentration>,
    /// Extra combat dice bought with Schlagabfolge in this melee phase.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub extra_dice: u32,
    /// A Finte against `opponent` in progress.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feint: Option<FeintRecord>,
    /// Released as an auxiliary this round: if its card is activated after
    /// the machine, it does not move again.
    #[serde(default, skip_serializing_if = "is_false")]
    pub released: bool,
    /// Left a vehicle this round: no run, charge or shot (Transport).
    #[serde(default, skip_serializing_if = "is_false")]
    pub left_vehicle: bool,
    /// Survived the destruction of its vehicle this round: no move, shot,
    /// power or divination roll (Transport).
    #[serde(default, skip_serializing_if = "is_false")]
    pub wreck_survivor: bool,
}

/// A feint in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeintRecord {
    /// The opponent's piece.
    pub opponent: u64,
    /// The dice so far.
    pub feint: Feint,
}

#[expect(clippy::trivially_copy_pass_by_ref, reason = "serde's signature")]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[expect(clippy::trivially_copy_pass_by_ref, reason = "serde's signature")]
fn is_false(b: &bool) -> bool {
    !*b
}

/// A roll the round asks for each machine or figure it concerns: the
/// start-of-round 4+ of a total failure (C9), the end-of-round rolls of
/// Instabil.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundCheck {
    /// A machine's total failure 4+ at the start of the round (C9).
    TotalFailure(Id),
    /// Instabil/X at the end of the round.
    Instabil(Subject),
}

/// Something the round did by itself when it moved on, for the log and
/// the screens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum RoundEvent {
    /// A machine in base contact with an enemy at the end of the round lost
    /// its speed marker (Unaufhaltsam).
    SpeedMarkerLost {
        /// Which machine.
        machine: Id,
    },
    /// A machine with a speed marker that did not move this round lost it
    /// (it moved less than its BEW).
    SpeedMarkerNotMoved {
        /// Which machine.
        machine: Id,
    },
}

/// Where a game stands in its rounds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    /// The round (0: deployment, before the first round).
    pub number: u32,
    /// The phase.
    pub phase: Phase,
    /// Every card activated this round, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub activated: Vec<Activation>,
    /// The card being activated now (movement phase).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active: Option<Activation>,
    /// What each figure (by piece) did this round.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub figures: BTreeMap<u64, FigureRound>,
    /// The checks rolled (and applied) this round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checked: Vec<RoundCheck>,
    /// What the round did by itself at its last step.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<RoundEvent>,
}

impl Default for Round {
    /// Deployment, before the first round.
    fn default() -> Self {
        Self {
            number: 0,
            phase: Phase::Deployment,
            activated: Vec::new(),
            active: None,
            figures: BTreeMap::new(),
            checked: Vec::new(),
            events: Vec::new(),
        }
    }
}

impl Round {
    /// A game saved before rounds existed (PC1): round 1, movement phase.
    pub fn migrated() -> Self {
        Self {
            number: 1,
            phase: Phase::Movement,
            ..Self::default()
        }
    }

    /// Whether a round is being played (not deployment).
    pub fn running(&self) -> bool {
        self.number > 0 && self.phase != Phase::Deployment
    }

    /// Whether `side` activated `machine`'s card this round.
    pub fn was_activated(&self, machine: Id, side: Id) -> bool {
        self.activated
            .iter()
            .any(|a| a.machine == machine && a.side == side)
    }

    /// Whether `machine` is being activated now (by any side).
    pub fn is_active(&self, machine: Id) -> bool {
        self.active.is_some_and(|a| a.machine == machine)
    }
}
