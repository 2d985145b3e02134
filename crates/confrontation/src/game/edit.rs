//! Every change to a Confrontation game, applied with validation.

use feldherr_dice::step::Answer;
use feldherr_play::{Id, PlayError, ResolutionList, SavedResolution};
use feldherr_table::geometry::{Angle, FacingArc, Point};
use feldherr_table::{Layer, Table, TableEdit};

use super::game_machine::check_crew_list;
use super::{ConfrontationGame, ConfrontationKind, Effect, FigureStats, GameMachine};
use crate::{MachineCard, MachineState, Passenger, Repair};

/// A change to a Confrontation game. Machines and resolutions are named by
/// their stable [`Id`]s, figures by their table piece.
#[derive(Debug, Clone, PartialEq)]
pub enum ConfrontationEdit {
    /// Add a war machine with a fresh state; it gets the next free id.
    AddMachine(MachineCard),
    /// Replace the card of a machine (its state is kept; SP lost above the
    /// new card's SP are cut to it and noted in the SP history).
    UpdateMachineCard {
        /// Which machine.
        machine: Id,
        /// The new card.
        card: MachineCard,
    },
    /// Replace the state of a machine (SP lost, markers, crew in contact);
    /// checked against its card.
    SetMachineState {
        /// Which machine.
        machine: Id,
        /// The new state.
        state: MachineState,
    },
    /// Note which crew figures (indices into the card's crew) are engaged
    /// or fleeing (C3), and how many figures may touch the machine.
    SetCrewStatus {
        /// Which machine.
        machine: Id,
        /// Crew in base contact with an enemy.
        engaged: Vec<usize>,
        /// Crew fleeing.
        fleeing: Vec<usize>,
        /// How many figures may touch it; `None`: its crew count.
        contact_limit: Option<u32>,
    },
    /// Remove a machine; refused while a resolution refers to it. No other
    /// id changes.
    RemoveMachine(Id),
    /// Apply the effects of a finished resolution, once.
    ApplyResult(Id),
    /// Set (or with `None` forget) the RES, INI and level of a figure piece.
    SetFigureStats {
        /// The piece id.
        piece: u64,
        /// The stats.
        stats: Option<FigureStats>,
    },
    /// Take a figure off the table (a dead one, usually): its piece, stats
    /// and death mark go. Refused for a piece that stands for a machine.
    RemoveFigure(u64),
    /// Move a machine's piece to the end of a drawn path and turn it along
    /// its last leg, as one change (one undo step).
    MoveMachine {
        /// Which machine.
        machine: Id,
        /// Where the centre of its piece goes.
        to: Point,
        /// Its new facing; `None` keeps it.
        facing: Option<Angle>,
    },
    /// Link a machine to the model piece that stands for it (or unlink it).
    LinkMachinePiece {
        /// Which machine.
        machine: Id,
        /// The piece id.
        piece: Option<u64>,
    },
    /// A figure boards a vehicle (Transport: capacity, and in play the
    /// access side and a standing vehicle, are checked).
    Board {
        /// Which machine.
        machine: Id,
        /// The figure.
        passenger: Passenger,
        /// The side it boards from; `None` when deployed aboard.
        side: Option<FacingArc>,
        /// Whether the vehicle is moving.
        moving: bool,
    },
    /// A passenger leaves a vehicle.
    Leave {
        /// Which machine.
        machine: Id,
        /// Which passenger (index into its passengers).
        passenger: usize,
        /// The side it leaves from; `None` to just take it out (set-up).
        side: Option<FacingArc>,
        /// The vehicle halts for it (gives up its speed marker, no more
        /// movement this phase).
        stop: bool,
    },
    /// Start a new resolution; it gets the next free id.
    AddResolution(ConfrontationKind),
    /// Answer the current prompt of a resolution.
    Answer {
        /// Which resolution.
        resolution: Id,
        /// The answer (checked by replaying before it is kept).
        answer: Answer,
    },
    /// Take back the last answer of a resolution.
    TakeBack(Id),
    /// Remove a resolution; refused once its result is applied.
    RemoveResolution(Id),
}

fn conf(e: crate::ConfrontationError) -> PlayError {
    match e {
        crate::ConfrontationError::NotAllowed { rule, reason } => {
            PlayError::refused(reason, Some(rule))
        }
        other => PlayError::refused(other.to_string(), None),
    }
}

impl ConfrontationGame {
    fn resolution_index(&self, id: Id) -> Result<usize, PlayError> {
        self.resolutions
            .iter()
            .position(|r| r.id() == id)
            .ok_or_else(|| PlayError::not_found("resolution", id))
    }

    /// Checks a new resolution against the game: its machines exist; a
    /// repair is on a damaged machine not repaired yet this round (C10).
    fn check_new(&self, kind: &ConfrontationKind) -> Result<(), PlayError> {
        for id in kind.machines() {
            self.machine(id)
                .ok_or_else(|| PlayError::not_found("machine", id))?;
        }
        let acts = matches!(
            kind,
            ConfrontationKind::Damage { .. }
                | ConfrontationKind::Shot(_)
                | ConfrontationKind::Ramming(_)
                | ConfrontationKind::Sickle(_)
                | ConfrontationKind::Steam(_)
                | ConfrontationKind::Instabil(_)
        );
        if let (true, Some(id)) = (acts, kind.machine())
            && let Some(m) = self.machine(id)
            && m.state.destroyed
        {
            return Err(PlayError::refused(format!("{}: destroyed", m.name()), None));
        }
        if let ConfrontationKind::Repair { machine, x, .. } = kind {
            let m = self
                .machine(*machine)
                .ok_or_else(|| PlayError::not_found("machine", machine))?;
            if m.state.destroyed {
                return Err(PlayError::refused(
                    format!("{}: destroyed, it cannot be repaired", m.name()),
                    Some("C10"),
                ));
            }
            Repair::check_once(m.state.repair_tried).map_err(conf)?;
            Repair::new(*x, m.card.sp(), m.state.sp_lost.min(m.card.sp())).map_err(conf)?;
        }
        Ok(())
    }

    fn apply_effects(&mut self, effects: &[Effect]) -> Result<(), PlayError> {
        for effect in effects {
            match *effect {
                Effect::LoseSp { machine, sp } => {
                    let m = self.machine_mut(machine)?;
                    m.state.lose_sp(&m.card, sp);
                    m.record_sp();
                }
                Effect::RegainSp { machine, sp } => {
                    let m = self.machine_mut(machine)?;
                    if !m.state.destroyed {
                        m.state.regain_sp(sp);
                    }
                    m.record_sp();
                }
                Effect::RepairTried { machine } => {
                    self.machine_mut(machine)?.state.repair_tried = true;
                }
                Effect::Jammed { machine } => self.machine_mut(machine)?.state.jammed = true,
                Effect::Markers { machine, markers } => {
                    self.machine_mut(machine)?.state.steam = markers;
                }
                Effect::Exploded { machine } => {
                    let m = self.machine_mut(machine)?;
                    let sp = m.card.sp();
                    m.state.lose_sp(&m.card, sp);
                    m.state.destroyed = true;
                    m.record_sp();
                }
                Effect::PassengersGone { machine } => {
                    self.machine_mut(machine)?.passengers.clear();
                }
                Effect::FigureKilled { piece } => {
                    self.dead.insert(piece);
                }
            }
        }
        Ok(())
    }

    /// Applies `edit` in place; the caller keeps copies to undo a failure.
    pub(crate) fn apply_edit(
        &mut self,
        edit: &ConfrontationEdit,
        table: &mut Table,
    ) -> Result<(), PlayError> {
        match edit {
            ConfrontationEdit::AddMachine(card) => {
                let id = self.next_machine_id();
                self.machines.push(GameMachine::new(id, card.clone()));
            }
            ConfrontationEdit::UpdateMachineCard { machine, card } => {
                let m = self.machine_mut(*machine)?;
                let crew = card.spec().crew.len();
                check_crew_list("card.crew", &m.state.crew_in_contact, crew).map_err(|_| {
                    PlayError::invalid(
                        "card.crew",
                        crew,
                        "fewer crew figures than are marked in contact; untick them first",
                    )
                })?;
                m.card = card.clone();
                m.state.sp_lost = m.state.sp_lost.min(m.card.sp());
                m.crew_engaged.retain(|c| *c < crew);
                m.crew_fleeing.retain(|c| *c < crew);
                m.record_sp();
            }
            ConfrontationEdit::SetMachineState { machine, state } => {
                let m = self.machine_mut(*machine)?;
                m.check_state(state)?;
                m.state = state.clone();
                m.record_sp();
            }
            ConfrontationEdit::SetCrewStatus {
                machine,
                engaged,
                fleeing,
                contact_limit,
            } => {
                let m = self.machine_mut(*machine)?;
                let crew = m.card.spec().crew.len();
                check_crew_list("engaged", engaged, crew)?;
                check_crew_list("fleeing", fleeing, crew)?;
                if let Some(limit) = contact_limit
                    && !(1..=99).contains(limit)
                {
                    return Err(PlayError::invalid(
                        "contact_limit",
                        limit,
                        "1 to 99 figures may touch a machine",
                    ));
                }
                m.crew_engaged = engaged.clone();
                m.crew_fleeing = fleeing.clone();
                m.contact_limit = *contact_limit;
            }
            ConfrontationEdit::RemoveMachine(id) => {
                let name = self
                    .machine(*id)
                    .ok_or_else(|| PlayError::not_found("machine", id))?
                    .name()
                    .to_owned();
                if let Some(r) = self
                    .resolutions
                    .iter()
                    .find(|r| r.kind().machines().contains(id))
                {
                    return Err(PlayError::refused(
                        format!("machine {id} ({name}): resolution {} refers to it", r.id()),
                        None,
                    ));
                }
                self.machines.retain(|m| m.id != *id);
            }
            ConfrontationEdit::ApplyResult(id) => {
                let index = self.resolution_index(*id)?;
                if self.resolutions[index].applied() {
                    return Err(PlayError::refused(
                        format!("resolution {id}: already applied"),
                        None,
                    ));
                }
                let effects = self.effects(*id)?;
                self.apply_effects(&effects)?;
                self.resolutions[index].set_applied()?;
            }
            ConfrontationEdit::SetFigureStats { piece, stats } => match stats {
                Some(stats) => {
                    stats.check().map_err(|e| match e {
                        PlayError::Invalid {
                            field,
                            value,
                            reason,
                        } => PlayError::Invalid {
                            field: format!("figures[{piece}].{field}"),
                            value,
                            reason,
                        },
                        other => other,
                    })?;
                    self.figures.insert(*piece, *stats);
                }
                None => {
                    self.figures.remove(piece);
                }
            },
            ConfrontationEdit::RemoveFigure(piece) => {
                if let Some(m) = self.machine_on(*piece) {
                    return Err(PlayError::refused(
                        format!(
                            "piece {piece} stands for machine {} ({}); unlink it first",
                            m.id,
                            m.name()
                        ),
                        None,
                    ));
                }
                match table.piece(*piece) {
                    Some(p) if p.layer == Layer::Model => {
                        table.apply(TableEdit::Delete { id: *piece })?;
                    }
                    Some(_) => {
                        return Err(PlayError::refused(
                            format!("piece {piece} is not a model"),
                            None,
                        ));
                    }
                    None if self.figures.contains_key(piece) || self.dead.contains(piece) => {}
                    None => return Err(PlayError::not_found("figure piece", piece)),
                }
                self.figures.remove(piece);
                self.dead.remove(piece);
            }
            ConfrontationEdit::MoveMachine {
                machine,
                to,
                facing,
            } => {
                let m = self
                    .machine(*machine)
                    .ok_or_else(|| PlayError::not_found("machine", machine))?;
                let id = m.piece.ok_or_else(|| {
                    PlayError::refused(format!("{}: stands for no piece", m.name()), None)
                })?;
                if !to.is_finite() {
                    return Err(PlayError::invalid("to", format!("{to:?}"), "not a point"));
                }
                table.apply(TableEdit::Move { id, to: *to })?;
                if let Some(facing) = facing {
                    table.apply(TableEdit::Rotate {
                        id,
                        facing: *facing,
                    })?;
                }
            }
            ConfrontationEdit::LinkMachinePiece { machine, piece } => {
                if let Some(id) = piece {
                    let p = table
                        .piece(*id)
                        .ok_or_else(|| PlayError::not_found("piece", id))?;
                    if p.layer != Layer::Model {
                        return Err(PlayError::refused(
                            format!("piece {id} ({}) is not a model", p.name),
                            None,
                        ));
                    }
                    if let Some(other) = self.machine_on(*id).filter(|o| o.id != *machine) {
                        return Err(PlayError::refused(
                            format!(
                                "piece {id}: already stands for machine {} ({})",
                                other.id,
                                other.name()
                            ),
                            None,
                        ));
                    }
                }
                self.machine_mut(*machine)?.piece = *piece;
            }
            ConfrontationEdit::Board {
                machine,
                passenger,
                side,
                moving,
            } => {
                let m = self.machine_mut(*machine)?;
                if m.state.destroyed {
                    return Err(PlayError::refused(
                        format!("{}: destroyed", m.name()),
                        Some("Transport"),
                    ));
                }
                let mut hold = m.hold().map_err(conf)?;
                match side {
                    Some(side) => hold.board(passenger.clone(), *side, *moving),
                    None => hold.deploy(passenger.clone()),
                }
                .map_err(conf)?;
                m.passengers.push(passenger.clone());
            }
            ConfrontationEdit::Leave {
                machine,
                passenger,
                side,
                stop,
            } => {
                let m = self.machine_mut(*machine)?;
                let name = m
                    .passengers
                    .get(*passenger)
                    .map(|p| p.name.clone())
                    .ok_or_else(|| {
                        PlayError::not_found(
                            "passenger",
                            format!("{} of {}", passenger + 1, m.passengers.len()),
                        )
                    })?;
                if let Some(side) = side {
                    let mut hold = m.hold().map_err(conf)?;
                    let moving = m.state.speed_marker && !*stop;
                    if *stop {
                        hold.stop_and_leave(&name, *side, &mut m.state)
                    } else {
                        hold.leave(&name, *side, moving)
                    }
                    .map_err(conf)?;
                }
                m.passengers.remove(*passenger);
            }
            ConfrontationEdit::AddResolution(kind) => {
                self.check_new(kind)?;
                let id = self.next_resolution_id();
                self.resolutions
                    .push(SavedResolution::new(id, kind.clone())?);
            }
            ConfrontationEdit::Answer { resolution, answer } => {
                let index = self.resolution_index(*resolution)?;
                self.resolutions.answer_at(index, answer.clone())?;
            }
            ConfrontationEdit::TakeBack(id) => {
                let index = self.resolution_index(*id)?;
                if !self.resolutions.take_back_at(index)? {
                    return Err(PlayError::refused("nothing to take back", None));
                }
            }
            ConfrontationEdit::RemoveResolution(id) => {
                let index = self.resolution_index(*id)?;
                self.resolutions.remove_at(index)?;
            }
        }
        Ok(())
    }
}
