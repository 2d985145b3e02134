//! What a finished resolution changes in the game, computed from its typed
//! outcome.

use crate::game::refusal::{invalid, refused, say};
use feldherr_play::{Id, PlayError};

use super::{
    Characteristic, ConfrontationKind, ConfrontationOutcome, ModelRef, RoundCheck, Subject,
};
use crate::{
    Fate, FireResult, HitEffect, HitResult, Instability, RepairResult, SteamOutcome, WoundLevel,
};

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
    /// The machine fired this round (a shot or a counter-fire).
    Fired {
        /// Which machine.
        machine: Id,
    },
    /// The steam markers after a pressure roll or a total failure's 4+ (C9).
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
    /// may be taken off the table; a crew figure on it is dead, a machine
    /// it carries destroyed.
    FigureKilled {
        /// Its table piece.
        piece: u64,
    },
    /// A figure took a wound short of SOFORT TOT (C8): it adds to its
    /// wound (PC5).
    FigureWounded {
        /// Its table piece.
        piece: u64,
        /// The wound taken.
        wound: WoundLevel,
    },
    /// A crew figure without a piece took a wound (PC5).
    CrewWounded {
        /// Which crew figure.
        crew: Id,
        /// The wound taken.
        wound: WoundLevel,
    },
    /// A mobile machine is frightened, or rallied.
    Frightened {
        /// Which machine.
        machine: Id,
        /// Frightened now.
        frightened: bool,
    },
    /// A crew figure flees, or rallied.
    CrewFleeing {
        /// Which crew figure.
        crew: Id,
        /// Fleeing now.
        fleeing: bool,
    },
    /// A check of the round was rolled (total failure, Instabil).
    Checked {
        /// Which.
        check: RoundCheck,
    },
    /// A mine went off (or a decoy was set off): spent.
    MarkerSpent {
        /// The marker's piece.
        piece: u64,
    },
    /// A barricade lost SP.
    BarricadeDamaged {
        /// Its piece.
        piece: u64,
        /// SP lost.
        sp: u32,
    },
    /// A passenger survived its vehicle's destruction: it stands where the
    /// vehicle stood and neither moves, shoots nor rolls for power or
    /// divination this round (Transport).
    WreckSurvivor {
        /// Its piece.
        piece: u64,
    },
    /// A pressure bonus until the end of the round (C9).
    Boost {
        /// Which machine.
        machine: Id,
        /// The characteristic.
        characteristic: Characteristic,
        /// The bonus.
        bonus: u32,
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
            | Effect::Fired { machine }
            | Effect::Markers { machine, .. }
            | Effect::Exploded { machine }
            | Effect::PassengersGone { machine }
            | Effect::Frightened { machine, .. }
            | Effect::Boost { machine, .. } => Some(machine),
            Effect::Checked {
                check:
                    RoundCheck::TotalFailure(machine) | RoundCheck::Instabil(Subject::Machine(machine)),
            } => Some(machine),
            Effect::FigureKilled { .. }
            | Effect::FigureWounded { .. }
            | Effect::CrewWounded { .. }
            | Effect::CrewFleeing { .. }
            | Effect::Checked { .. }
            | Effect::MarkerSpent { .. }
            | Effect::WreckSurvivor { .. }
            | Effect::BarricadeDamaged { .. } => None,
        }
    }
}

/// What each hit does: SP lost on a model that stands for a machine (or a
/// barricade), a figure killed outright marked dead, any other wound added
/// to the figure's (C8, PC5).
pub fn hit_effects(refs: &[ModelRef], hits: &[(usize, HitResult)]) -> Vec<Effect> {
    hits.iter()
        .filter_map(|(i, r)| {
            let source = refs.get(*i)?;
            match (source.machine, r.effect) {
                (Some(machine), HitEffect::Sp { lost, .. }) if lost > 0 => {
                    Some(Effect::LoseSp { machine, sp: lost })
                }
                (None, HitEffect::Sp { lost, .. }) if lost > 0 => source
                    .piece
                    .map(|piece| Effect::BarricadeDamaged { piece, sp: lost }),
                (None, HitEffect::Wound(_)) if r.fate == Fate::Killed => {
                    source.piece.map(|piece| Effect::FigureKilled { piece })
                }
                (None, HitEffect::Wound(wound)) if wound != WoundLevel::None => source
                    .piece
                    .map(|piece| Effect::FigureWounded { piece, wound }),
                _ => None,
            }
        })
        .collect()
}

/// The light wounds of `hits` Instabil rolls on `subject`.
fn instabil_wounds(subject: Subject, hits: u32) -> Vec<Effect> {
    let one = match subject {
        Subject::Figure(piece) => Effect::FigureWounded {
            piece,
            wound: WoundLevel::Light,
        },
        Subject::Crew(crew) => Effect::CrewWounded {
            crew,
            wound: WoundLevel::Light,
        },
        Subject::Machine(_) => return Vec::new(),
    };
    (0..hits.min(4)).map(|_| one).collect()
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
            let machine = machine
                .ok_or_else(|| refused(say("effect.resolution_has_nothing_apply_damage"), None))?;
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
            out.push(Effect::Fired { machine: s.machine });
            if shot.fire() == FireResult::Jammed {
                out.push(Effect::Jammed { machine: s.machine });
            }
        }
        (ConfrontationKind::CounterFire(c), O::CounterFire(shot)) => {
            out.push(Effect::Fired {
                machine: c.machine(),
            });
            if shot.fire() == FireResult::Jammed {
                out.push(Effect::Jammed {
                    machine: c.machine(),
                });
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
            // An incident of a roll for a ranged use cancels the shot (text
            // line 736).
            if let (SteamOutcome::Incident(_), Some(Characteristic::Fer)) =
                (p.result, s.characteristic)
            {
                out.push(Effect::Fired { machine: s.machine });
            }
            if let (SteamOutcome::Bonus(bonus), Some(characteristic)) = (p.result, s.characteristic)
                && bonus > 0
            {
                out.push(Effect::Boost {
                    machine: s.machine,
                    characteristic,
                    bonus,
                });
            }
        }
        (ConfrontationKind::TotalFailure(t), O::TotalFailure(markers)) => {
            out.push(Effect::Markers {
                machine: t.machine,
                markers: *markers,
            });
            out.push(Effect::Checked {
                check: RoundCheck::TotalFailure(t.machine),
            });
        }
        (ConfrontationKind::Passengers(p), O::Passengers(hits)) => {
            for (passenger, hit) in p.passengers.iter().zip(hits) {
                let Some(piece) = passenger.piece else {
                    continue;
                };
                match (hit.result.fate, hit.result.effect) {
                    (Fate::Killed, _) => out.push(Effect::FigureKilled { piece }),
                    (_, HitEffect::Wound(wound)) if wound != WoundLevel::None => {
                        out.push(Effect::FigureWounded { piece, wound });
                        out.push(Effect::WreckSurvivor { piece });
                    }
                    _ => out.push(Effect::WreckSurvivor { piece }),
                }
            }
            out.push(Effect::PassengersGone { machine: p.machine });
        }
        (ConfrontationKind::Instabil(i), O::Instabil(o)) => {
            out.push(Effect::LoseSp {
                machine: i.machine,
                sp: o.hits,
            });
            out.push(Effect::Checked {
                check: RoundCheck::Instabil(Subject::Machine(i.machine)),
            });
        }
        (ConfrontationKind::InstabilFigure(i), O::Instabil(o)) => {
            let killed = matches!(o.after, Instability::Figure(WoundLevel::Killed));
            match (i.subject, killed) {
                (Subject::Figure(piece), true) => out.push(Effect::FigureKilled { piece }),
                _ => out.extend(instabil_wounds(i.subject, o.hits)),
            }
            out.push(Effect::Checked {
                check: RoundCheck::Instabil(i.subject),
            });
        }
        (ConfrontationKind::Morale(m), O::Morale(passed)) => {
            if let Some(e) = m.effect(*passed) {
                out.push(e);
            }
        }
        (ConfrontationKind::Hits(h), O::Hits(_)) => {
            if let Some(piece) = h.mine {
                out.push(Effect::MarkerSpent { piece });
            }
        }
        (ConfrontationKind::Ramming(_), O::Ramming(_))
        | (ConfrontationKind::Sickle(_), O::Sickle(_))
        | (ConfrontationKind::FigureRoll(_), O::FigureRoll(_)) => {}
        _ => {
            return Err(invalid(
                "outcome",
                format!("{outcome:?}"),
                say("effect.does_not_fit_resolution_s"),
            ));
        }
    }
    Ok(out)
}
