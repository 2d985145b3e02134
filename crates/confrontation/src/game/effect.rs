//! What a finished resolution changes in the game, computed from its typed
//! outcome.

use feldherr_play::{Id, PlayError};

use super::{ConfrontationKind, ConfrontationOutcome, ModelRef};
use crate::{Fate, FireResult, HitEffect, HitResult, RepairResult};

/// One change a finished resolution makes to the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// SP lost (damage, collision, shot, failed repair, Instabil).
    LoseSp {
        /// Which machine.
        machine: Id,
        /// How many.
        sp: u32,
    },
    /// SP back (repair; never above the start value, and only if the
    /// machine is not destroyed, C10).
    RegainSp {
        /// Which machine.
        machine: Id,
        /// How many.
        sp: u32,
    },
    /// A repair was tried this round (C10).
    RepairTried {
        /// Which machine.
        machine: Id,
    },
    /// The weapon jammed for the round (C6).
    Jammed {
        /// Which machine.
        machine: Id,
    },
    /// The steam markers after a pressure roll (C9).
    Markers {
        /// Which machine.
        machine: Id,
        /// The markers now.
        markers: crate::SteamMarkers,
    },
    /// The boiler exploded: the machine is destroyed, all SP lost (C9).
    Exploded {
        /// Which machine.
        machine: Id,
    },
    /// The passengers left the destroyed vehicle or died (Transport).
    PassengersGone {
        /// Which machine.
        machine: Id,
    },
    /// A figure was killed: it is marked dead, never a target again, and
    /// may be taken off the table.
    FigureKilled {
        /// Its table piece.
        piece: u64,
    },
}

impl Effect {
    /// The machine it changes, if any.
    pub fn machine(&self) -> Option<Id> {
        match *self {
            Effect::LoseSp { machine, .. }
            | Effect::RegainSp { machine, .. }
            | Effect::RepairTried { machine }
            | Effect::Jammed { machine }
            | Effect::Markers { machine, .. }
            | Effect::Exploded { machine }
            | Effect::PassengersGone { machine } => Some(machine),
            Effect::FigureKilled { .. } => None,
        }
    }
}

/// What each hit does: SP lost on a model that stands for a machine, a
/// figure killed outright marked dead.
pub fn hit_effects(refs: &[ModelRef], hits: &[(usize, HitResult)]) -> Vec<Effect> {
    hits.iter()
        .filter_map(|(i, r)| {
            let source = refs.get(*i)?;
            match (source.machine, r.effect) {
                (Some(machine), HitEffect::Sp { lost, .. }) if lost > 0 => {
                    Some(Effect::LoseSp { machine, sp: lost })
                }
                (None, HitEffect::Wound(_)) if r.fate == Fate::Killed => {
                    source.piece.map(|piece| Effect::FigureKilled { piece })
                }
                _ => None,
            }
        })
        .collect()
}

/// The effects of a resolution of `kind` that ended with `outcome`.
pub fn effects_of(
    kind: &ConfrontationKind,
    outcome: &ConfrontationOutcome,
) -> Result<Vec<Effect>, PlayError> {
    use ConfrontationOutcome as O;
    let mut out = hit_effects(kind.refs(), &outcome.hits());
    match (kind, outcome) {
        (ConfrontationKind::Damage { machine, .. }, O::Damage(d)) => {
            let machine = machine.ok_or_else(|| {
                PlayError::refused("the damage roll is not tied to a machine", None)
            })?;
            out.push(Effect::LoseSp {
                machine,
                sp: d.sp_lost,
            });
        }
        (ConfrontationKind::Repair { machine, .. }, O::Repair(r)) => {
            let machine = *machine;
            out.push(Effect::RepairTried { machine });
            match r.result {
                RepairResult::Worse => out.push(Effect::LoseSp { machine, sp: 1 }),
                RepairResult::Nothing => {}
                RepairResult::Repaired => out.push(Effect::RegainSp { machine, sp: 1 }),
            }
        }
        (ConfrontationKind::Shot(s), O::Shot(shot)) => {
            if shot.fire() == FireResult::Jammed {
                out.push(Effect::Jammed { machine: s.machine });
            }
        }
        (ConfrontationKind::Steam(s), O::Steam(p)) => {
            out.push(Effect::Markers {
                machine: s.machine,
                markers: p.markers,
            });
            if p.markers.exploded {
                out.push(Effect::Exploded { machine: s.machine });
            }
        }
        (ConfrontationKind::Passengers(p), O::Passengers(_)) => {
            out.push(Effect::PassengersGone { machine: p.machine });
        }
        (ConfrontationKind::Instabil(i), O::Instabil(o)) => {
            out.push(Effect::LoseSp {
                machine: i.machine,
                sp: o.hits,
            });
        }
        (ConfrontationKind::Ramming(_), O::Ramming(_))
        | (ConfrontationKind::Sickle(_), O::Sickle(_))
        | (ConfrontationKind::Hits(_), O::Hits(_)) => {}
        _ => {
            return Err(PlayError::invalid(
                "outcome",
                format!("{outcome:?}"),
                "does not fit the resolution's kind",
            ));
        }
    }
    if kind.machines().is_empty() && out.is_empty() {
        return Err(PlayError::refused(
            "the resolution has nothing to apply to",
            None,
        ));
    }
    Ok(out)
}
