//! What the referee orders for a machine, checked against its card, its
//! state and the table before a resolution is made: the legality the
//! app's action forms used to decide.

use crate::game::refusal::{invalid, not_found, refused, say};
use feldherr_play::{Id, PlayError};
use feldherr_table::Table;

use super::{
    Characteristic, ConfrontationGame, ConfrontationKind, GameMachine, InstabilFigureInputs,
    InstabilInputs, SickleInputs, SteamInputs, Subject, TotalFailureInputs,
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
    crate::game::refusal::from_conf(e)
}

fn standing(m: &GameMachine) -> Result<(), PlayError> {
    if m.state.destroyed {
        Err(refused(
            say("orders.destroyed").text("machine", m.name().to_string()),
            None,
        ))
    } else {
        Ok(())
    }
}

impl ConfrontationGame {
    fn found(&self, machine: Id) -> Result<&GameMachine, PlayError> {
        self.machine(machine)
            .ok_or_else(|| not_found("machine", machine))
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
        if m.carried() {
            return Err(refused(
                say("orders.carried_owner_has_no_sp").text("machine", m.name().to_string()),
                Some("PC4"),
            ));
        }
        let resilience = i32::try_from(m.card.spec().res)
            .map_err(|_| invalid("card.res", m.card.spec().res, say("orders.too_large")))?;
        let kind = ConfrontationKind::Damage {
            strength,
            resilience,
            sacred,
            machine: Some(machine),
        };
        feldherr_play::ResolutionKind::replay(&kind, &[])?;
        Ok(kind)
    }

    /// A repair attempt by crew figure `mechanic` (C10, text line 660):
    /// at the end of the round (mana recovery), by a Mechaniker deployed
    /// with this machine (line 662), touching it and no enemy; X is his.
    /// Refused for a destroyed machine, a second attempt in the round, or a
    /// machine at full SP.
    pub fn repair_inputs(
        &self,
        table: &Table,
        machine: Id,
        mechanic: Id,
    ) -> Result<ConfrontationKind, PlayError> {
        let m = self.found(machine)?;
        if m.state.destroyed {
            return Err(refused(
                say("orders.destroyed_cannot_repaired").text("machine", m.name().to_string()),
                Some("C10"),
            ));
        }
        let c = self
            .crew_figure(mechanic)
            .ok_or_else(|| not_found("crew figure", mechanic))?;
        let who = c.name().to_owned();
        let x = c
            .card
            .abilities
            .iter()
            .find_map(|a| match a {
                CrewAbility::Mechaniker(x) => Some(*x),
                _ => None,
            })
            .ok_or_else(|| {
                refused(
                    say("orders.no_mechaniker").text("who", who.to_string()),
                    Some("C10"),
                )
            })?;
        if c.dead {
            return Err(refused(
                say("orders.dead").text("who", who.to_string()),
                Some("C10"),
            ));
        }
        if !c.deployed_with(machine) || c.machine != machine {
            return Err(refused(
                say("orders.repairs_only_machine_he_was")
                    .text("who", who.to_string())
                    .text("machine", m.name().to_string()),
                Some("C10"),
            ));
        }
        let status = self.crew_status(table, c);
        if !status.in_contact {
            return Err(refused(
                say("orders.does_not_touch")
                    .text("who", who.to_string())
                    .text("machine", m.name().to_string()),
                Some("C10"),
            ));
        }
        if status.engaged {
            return Err(refused(
                say("orders.touches_enemy").text("who", who.to_string()),
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

    /// The Mechaniker who may repair machine `machine` now (C10): crew
    /// deployed with it, serving it, touching it and no enemy, best X first.
    pub fn mechanics(&self, table: &Table, machine: Id) -> Vec<(Id, u32)> {
        let mut out: Vec<(Id, u32)> = self
            .crew_of(machine)
            .filter(|c| c.deployed_with(machine))
            .filter_map(|c| {
                let x = c.card.abilities.iter().find_map(|a| match a {
                    CrewAbility::Mechaniker(x) => Some(*x),
                    _ => None,
                })?;
                let s = self.crew_status(table, c);
                (s.in_contact && !s.engaged).then_some((c.id, x))
            })
            .collect();
        out.sort_by_key(|(_, x)| *x);
        out
    }

    /// A pressure or injection roll of `dice` dice (C9) with the machine's
    /// markers; refused once it is destroyed or its boiler exploded.
    pub fn steam_inputs(&self, machine: Id, dice: u32) -> Result<ConfrontationKind, PlayError> {
        self.steam_inputs_for(machine, dice, None)
    }

    /// [`ConfrontationGame::steam_inputs`] for a bonus on `characteristic`,
    /// kept until the end of the round (text line 732).
    pub fn steam_inputs_for(
        &self,
        machine: Id,
        dice: u32,
        characteristic: Option<Characteristic>,
    ) -> Result<ConfrontationKind, PlayError> {
        let m = self.found(machine)?;
        standing(m)?;
        if m.state.steam.exploded {
            return Err(refused(
                say("orders.boiler_exploded").text("machine", m.name().to_string()),
                Some("C9"),
            ));
        }
        if !m.state.steam.may_roll() {
            return Err(refused(
                say("orders.total_failure_no_4_round").text("machine", m.name().to_string()),
                Some("C9"),
            ));
        }
        let inputs = SteamInputs {
            machine,
            dice,
            markers: m.state.steam,
            characteristic,
        };
        inputs.resolver()?;
        Ok(ConfrontationKind::Steam(inputs))
    }

    /// The start-of-round 4+ of a machine with a total failure (C9).
    pub fn total_failure_inputs(&self, machine: Id) -> Result<ConfrontationKind, PlayError> {
        let m = self.found(machine)?;
        standing(m)?;
        if !m.state.steam.total_failure {
            return Err(refused(
                say("orders.no_total_failure").text("machine", m.name().to_string()),
                Some("C9"),
            ));
        }
        let inputs = TotalFailureInputs {
            machine,
            markers: m.state.steam,
        };
        inputs.resolver()?;
        Ok(ConfrontationKind::TotalFailure(inputs))
    }

    /// The end-of-round Instabil rolls of a figure (or a crew figure
    /// without a piece) with Instabil/X, from its wound now.
    pub fn instabil_figure_inputs(
        &self,
        table: &Table,
        subject: Subject,
    ) -> Result<ConfrontationKind, PlayError> {
        let (x, wound) = match subject {
            Subject::Figure(piece) => {
                let stats = self.stats_of(table, piece)?;
                if self.dead.contains(&piece) {
                    return Err(refused(
                        say("orders.dead_2")
                            .text("piece", Self::piece_name(table, piece).to_string()),
                        None,
                    ));
                }
                let x = stats.instabil().ok_or_else(|| {
                    refused(
                        say("orders.has_no_instabil_x")
                            .text("piece", Self::piece_name(table, piece).to_string()),
                        Some("Instabil"),
                    )
                })?;
                (x, self.wound(piece))
            }
            _ => {
                return Err(refused(
                    say("orders.instabil_machine_confrontationgame_instabil_inputs"),
                    Some("Instabil"),
                ));
            }
        };
        let inputs = InstabilFigureInputs { subject, x, wound };
        inputs.resolver()?;
        Ok(ConfrontationKind::InstabilFigure(inputs))
    }

    /// The end-of-round rolls of Instabil/X of a machine, with the SP left
    /// now.
    pub fn instabil_inputs(&self, machine: Id) -> Result<ConfrontationKind, PlayError> {
        let m = self.found(machine)?;
        standing(m)?;
        let x = m.card.instabil().ok_or_else(|| {
            refused(
                say("orders.has_no_instabil_x_2").text("machine", m.name().to_string()),
                None,
            )
        })?;
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
                return Err(refused(
                    say("orders.no_speed_marker_start_round").text("machine", m.name().to_string()),
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
        let x = m.card.sickle().ok_or_else(|| {
            refused(
                say("orders.has_no_sichel_x").text("machine", m.name().to_string()),
                None,
            )
        })?;
        if touched.is_empty() {
            return Err(refused(say("orders.blades_touched_no_figure"), None));
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
            return Err(not_found("model that can be hit: piece", t.piece));
        }
        let inputs = SickleInputs {
            machine,
            x,
            figures: chosen
                .iter()
                .map(|(c, t)| {
                    let piece = c.source.piece.unwrap_or(0);
                    let stats = self.figures.get(&piece);
                    let side = self.side_of_piece(piece);
                    let ignore: Vec<u64> = m.piece.into_iter().collect();
                    let in_melee = side.is_some_and(|s| {
                        !self.enemies_touching(table, piece, s, &ignore).is_empty()
                    });
                    SickleFigure {
                        victim: c.model.victim.clone(),
                        ini: c.ini,
                        in_melee: t.in_melee || in_melee,
                        sprung: t.sprung
                            || stats.is_some_and(|s| s.has(&super::FigureAbility::Sprung)),
                        die_modifier: self.wound(piece).penalty(),
                    }
                })
                .collect(),
            refs: chosen.iter().map(|(c, _)| c.source).collect(),
        };
        inputs.resolver()?;
        Ok(ConfrontationKind::Sickle(inputs))
    }
}
