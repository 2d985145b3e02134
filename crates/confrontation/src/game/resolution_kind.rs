//! The resolutions of a Confrontation game: the inputs of each kind, how
//! it is rebuilt as a resolver, and its typed outcome.

use feldherr_dice::step::{Answer, Message};
use feldherr_play::{Id, PlayError, Replayed, ResolutionKind};
use serde::{Deserialize, Serialize};

use super::worded::Worded;
use super::{
    ConfrontationOutcome, HitsInputs, InstabilInputs, ModelRef, PassengerInputs, RammingInputs,
    ShotInputs, SickleInputs, SteamInputs,
};
use crate::{DamageRoll, Repair};

/// Which resolver a saved resolution belongs to, with its inputs. Each
/// keeps a snapshot of what it concerns (models, positions, SP) as it was
/// when it was started (P20). Machines are referred to by their stable
/// [`Id`], models by their table piece.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ConfrontationKind {
    /// The damage table (C1), free-standing or against a machine of the
    /// game.
    Damage {
        /// Attacker's STR.
        strength: i32,
        /// Machine's RES.
        resilience: i32,
        /// Sacred weapon.
        #[serde(default)]
        sacred: bool,
        /// The machine hit, if any.
        #[serde(default)]
        machine: Option<Id>,
    },
    /// A repair attempt on a machine of the game (C10), with the machine's
    /// SP when it was started.
    Repair {
        /// Which machine.
        machine: Id,
        /// The Mechaniker's X.
        x: u32,
        /// The machine's start SP.
        start_sp: u32,
        /// SP lost when the attempt was started (at least 1: C10).
        lost: u32,
    },
    /// An artillery shot (C6 zone, C7 penetrating).
    Shot(ShotInputs),
    /// A ramming (C5).
    Ramming(RammingInputs),
    /// Sichel blades (INI tests, wounds).
    Sickle(SickleInputs),
    /// A pressure or injection roll (C9).
    Steam(SteamInputs),
    /// Hits at one STR: explosion (C9), mine (C10).
    Hits(HitsInputs),
    /// The passengers of a destroyed vehicle (Transport).
    Passengers(PassengerInputs),
    /// The end-of-round rolls of Instabil/X.
    Instabil(InstabilInputs),
}

fn conf(e: crate::ConfrontationError) -> PlayError {
    match e {
        crate::ConfrontationError::NotAllowed { rule, reason } => {
            PlayError::refused(reason, Some(rule))
        }
        other => PlayError::refused(other.to_string(), None),
    }
}

impl ConfrontationKind {
    /// The machine the resolution belongs to, if any.
    pub fn machine(&self) -> Option<Id> {
        match self {
            ConfrontationKind::Damage { machine, .. } => *machine,
            ConfrontationKind::Repair { machine, .. } => Some(*machine),
            ConfrontationKind::Shot(s) => Some(s.machine),
            ConfrontationKind::Ramming(r) => Some(r.machine),
            ConfrontationKind::Sickle(s) => Some(s.machine),
            ConfrontationKind::Steam(s) => Some(s.machine),
            ConfrontationKind::Hits(h) => h.machine,
            ConfrontationKind::Passengers(p) => Some(p.machine),
            ConfrontationKind::Instabil(i) => Some(i.machine),
        }
    }

    /// Where the models it hits came from (empty for kinds without).
    pub fn refs(&self) -> &[ModelRef] {
        match self {
            ConfrontationKind::Shot(s) => &s.refs,
            ConfrontationKind::Ramming(r) => &r.refs,
            ConfrontationKind::Sickle(s) => &s.refs,
            ConfrontationKind::Hits(h) => &h.refs,
            _ => &[],
        }
    }

    /// Every machine the resolution refers to: its own and those it hits.
    pub fn machines(&self) -> Vec<Id> {
        let mut out: Vec<Id> = self.machine().into_iter().collect();
        out.extend(self.refs().iter().filter_map(|r| r.machine));
        out
    }

    /// A shot's inputs, if it is one.
    pub fn shot(&self) -> Option<&ShotInputs> {
        match self {
            ConfrontationKind::Shot(s) => Some(s),
            _ => None,
        }
    }
}

impl ResolutionKind for ConfrontationKind {
    type Outcome = ConfrontationOutcome;

    fn replay(&self, answers: &[Answer]) -> Result<Replayed<ConfrontationOutcome>, PlayError> {
        use ConfrontationOutcome as O;
        match self {
            ConfrontationKind::Damage {
                strength,
                resilience,
                sacred,
                ..
            } => {
                let roll = DamageRoll::new(*strength, *resilience)
                    .map_err(conf)?
                    .sacred(*sacred);
                Replayed::of(roll, answers, |o| O::Damage(*o))
            }
            ConfrontationKind::Repair {
                x, start_sp, lost, ..
            } => {
                let repair = Repair::new(*x, *start_sp, *lost).map_err(conf)?;
                Replayed::of(Worded(repair), answers, |o| O::Repair(o.0))
            }
            ConfrontationKind::Shot(s) => {
                Replayed::of(s.resolver()?, answers, |o| O::Shot(o.outcome.clone()))
            }
            ConfrontationKind::Ramming(r) => {
                Replayed::of(r.resolver()?, answers, |o| O::Ramming(o.0.clone()))
            }
            ConfrontationKind::Sickle(s) => {
                Replayed::of(s.resolver()?, answers, |o| O::Sickle(o.0.clone()))
            }
            ConfrontationKind::Steam(s) => Replayed::of(s.resolver()?, answers, |o| O::Steam(o.0)),
            ConfrontationKind::Hits(h) => {
                Replayed::of(h.resolver()?, answers, |o| O::Hits(o.0.clone()))
            }
            ConfrontationKind::Passengers(p) => {
                Replayed::of(p.resolver()?, answers, |o| O::Passengers(o.0.clone()))
            }
            ConfrontationKind::Instabil(i) => {
                Replayed::of(i.resolver()?, answers, |o| O::Instabil(o.0))
            }
        }
    }

    fn title_message(&self) -> Option<Message> {
        Some(ConfrontationKind::title_message(self))
    }

    /// The outcome's first line (the sheet prints all of them).
    fn outcome_message(&self, outcome: &ConfrontationOutcome) -> Option<Message> {
        outcome.lines(self).into_iter().next()
    }
}
