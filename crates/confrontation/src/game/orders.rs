//! What the referee orders for a machine, checked against its card, its
//! state and the table before a resolution is made: the legality the
//! app's action forms used to decide.

use feldherr_play::{Id, PlayError};
use feldherr_table::Table;

use super::{
    ConfrontationGame, ConfrontationKind, GameMachine, InstabilInputs, SickleInputs, SteamInputs,
};
use crate::{CrewAbility, Impetus, MachineCard, Repair, SickleFigure};

/// A figure the Sichel blades touched, as the referee marks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SickleTouch {
    /// Its table piece.
    pub piece: u64,
    /// Already in a melee when the blades come.
    pub in_melee: bool,
    /// Has Sprung.
    pub sprung: bool,
}

/// The best (lowest) Mechaniker X among the card's crew, if any (C10).
pub fn mechaniker(card: &MachineCard) -> Option<u32> {
    card.spec()
        .crew
        .iter()
        .flat_map(|c| &c.abilities)
        .filter_map(|a| match a {
            CrewAbility::Mechaniker(x) => Some(*x),
            _ => None,
        })
        .min()
}

fn conf(e: crate::ConfrontationError) -> PlayError {
    match e {
        crate::ConfrontationError::NotAllowed { rule, reason } => {
            PlayError::refused(reason, Some(rule))
        }
        other => PlayError::refused(other.to_string(), None),
    }
}

fn standing(m: &GameMachine) -> Result<(), PlayError> {
    if m.state.destroyed {
        Err(PlayError::refused(format!("{}: destroyed", m.name()), None))
    } else {
        Ok(())
    }
}

impl ConfrontationGame {
    fn found(&self, machine: Id) -> Result<&GameMachine, PlayError> {
        self.machine(machine)
            .ok_or_else(|| PlayError::not_found("machine", machine))
    }

    /// A damage roll (C1) of STR `strength` against machine `machine`
    /// (its card's RES); refused for a destroyed machine.
    pub fn damage_inputs(
        &self,
        machine: Id,
        strength: i32,
        sacred: bool,
    ) -> Result<ConfrontationKind, PlayError> {
        let m = self.found(machine)?;
        standing(m)?;
        let resilience = i32::try_from(m.card.spec().res)
            .map_err(|_| PlayError::invalid("card.res", m.card.spec().res, "too large"))?;
        let kind = ConfrontationKind::Damage {
            strength,
            resilience,
            sacred,
            machine: Some(machine),
        };
        feldherr_play::ResolutionKind::replay(&kind, &[])?;
        Ok(kind)
    }

    /// A repair attempt by a Mechaniker/`x` (C10): refused for a destroyed
    /// machine, a second attempt in the round, or a machine at full SP.
    pub fn repair_inputs(&self, machine: Id, x: u32) -> Result<ConfrontationKind, PlayError> {
        let m = self.found(machine)?;
        if m.state.destroyed {
            return Err(PlayError::refused(
                format!("{}: destroyed, it cannot be repaired", m.name()),
                Some("C10"),
            ));
        }
        Repair::check_once(m.state.repair_tried).map_err(conf)?;
        let start_sp = m.card.sp();
        let lost = m.state.sp_lost.min(start_sp);
        Repair::new(x, start_sp, lost).map_err(conf)?;
        Ok(ConfrontationKind::Repair {
            machine,
            x,
            start_sp,
            lost,
        })
    }

    /// A pressure or injection roll of `dice` dice (C9) with the machine's
    /// markers; refused once it is destroyed or its boiler exploded.
    pub fn steam_inputs(&self, machine: Id, dice: u32) -> Result<ConfrontationKind, PlayError> {
        let m = self.found(machine)?;
        standing(m)?;
        if m.state.steam.exploded {
            return Err(PlayError::refused(
                format!("{}: its boiler exploded", m.name()),
                Some("C9"),
            ));
        }
        let inputs = SteamInputs {
            machine,
            dice,
            markers: m.state.steam,
        };
        inputs.resolver()?;
        Ok(ConfrontationKind::Steam(inputs))
    }

    /// The end-of-round rolls of Instabil/X with the SP left now.
    pub fn instabil_inputs(&self, machine: Id) -> Result<ConfrontationKind, PlayError> {
        let m = self.found(machine)?;
        standing(m)?;
        let x = m
            .card
            .instabil()
            .ok_or_else(|| PlayError::refused(format!("{}: has no Instabil/X", m.name()), None))?;
        let inputs = InstabilInputs {
            machine,
            x,
            sp_left: m.state.sp_left(&m.card),
        };
        inputs.resolver()?;
        Ok(ConfrontationKind::Instabil(inputs))
    }

    /// What drives a ramming (C5): the speed marker when the machine is
    /// Unaufhaltsam and had one at the start of the round and
    /// `use_marker`, else the charge distance.
    pub fn ram_impetus(
        &self,
        machine: Id,
        use_marker: bool,
        distance_cm: f64,
    ) -> Result<Impetus, PlayError> {
        let m = self.found(machine)?;
        if use_marker {
            if !(m.card.is_unaufhaltsam() && m.state.speed_marker_at_round_start) {
                return Err(PlayError::refused(
                    format!(
                        "{}: no speed marker at the start of the round (Unaufhaltsam)",
                        m.name()
                    ),
                    Some("C5"),
                ));
            }
            return Ok(Impetus::SpeedMarker {
                bew: m.card.spec().bew.unwrap_or(0),
            });
        }
        Ok(Impetus::Distance(distance_cm))
    }

    /// The Sichel blades of machine `machine` against the figures it
    /// touched (see [`ConfrontationGame::blade_touches`], P17), in the
    /// table's order.
    pub fn sickle_inputs(
        &self,
        table: &Table,
        machine: Id,
        touched: &[SickleTouch],
    ) -> Result<ConfrontationKind, PlayError> {
        let m = self.found(machine)?;
        standing(m)?;
        let x = m
            .card
            .sickle()
            .ok_or_else(|| PlayError::refused(format!("{}: has no Sichel/X", m.name()), None))?;
        if touched.is_empty() {
            return Err(PlayError::refused("the blades touched no figure", None));
        }
        let models = self.table_models(table)?;
        let mut chosen = Vec::new();
        for model in &models {
            let Some(piece) = model.source.piece else {
                continue;
            };
            if Some(piece) == m.piece {
                continue;
            }
            if let Some(t) = touched.iter().find(|t| t.piece == piece) {
                chosen.push((model, *t));
            }
        }
        if let Some(t) = touched
            .iter()
            .find(|t| !chosen.iter().any(|(_, c)| c.piece == t.piece))
        {
            return Err(PlayError::not_found(
                "model that can be hit: piece",
                t.piece,
            ));
        }
        let inputs = SickleInputs {
            machine,
            x,
            figures: chosen
                .iter()
                .map(|(c, t)| SickleFigure {
                    victim: c.model.victim.clone(),
                    ini: c.ini,
                    in_melee: t.in_melee,
                    sprung: t.sprung,
                    die_modifier: 0,
                })
                .collect(),
            refs: chosen.iter().map(|(c, _)| c.source).collect(),
        };
        inputs.resolver()?;
        Ok(ConfrontationKind::Sickle(inputs))
    }
}
