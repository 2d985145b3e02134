//! Every change to a Confrontation game, applied with validation. The
//! edits of the round, the crew, movement and the figures' abilities are
//! applied in their own files (`round_flow.rs`, `crew_flow.rs`,
//! `drive.rs`, `figure_flow.rs`).

use crate::game::refusal::{action, invalid, not_found, refused, say};
use feldherr_dice::step::{Answer, Message};
use feldherr_play::{Id, PlayError, ResolutionList, SavedResolution};
use feldherr_table::geometry::{Angle, FacingArc, Point};
use feldherr_table::{Layer, Table, TableEdit};

use super::crew_marker::MarkerKind;
use super::game_machine::check_crew_list;
use super::side::{MAX_NAME_CHARS, MAX_SIDES};
use super::{
    Characteristic, ConfrontationGame, ConfrontationKind, CrewFigure, Effect, FigureStats,
    GameMachine, GameSettings, Phase, RoundCheck, Side, Subject,
};
use crate::{MachineCard, MachineState, Passenger, Repair, WoundLevel};

/// Most machines a game may hold (a bound for the saved state).
pub const MAX_MACHINES: usize = 100;
/// Most crew figures a game may hold.
pub const MAX_CREW: usize = 500;
/// Most resolutions a game may hold.
pub const MAX_RESOLUTIONS: usize = 5_000;

/// A change to a Confrontation game. Machines, crew figures, sides and
/// resolutions are named by their stable [`Id`]s, figures by their table
/// piece.
#[derive(Debug, Clone, PartialEq)]
pub enum ConfrontationEdit {
    /// Add a side (player) with this name; it gets the next free id.
    AddSide(String),
    /// Rename a side.
    RenameSide {
        /// Which side.
        side: Id,
        /// Its new name.
        name: String,
    },
    /// Remove a side: refused while anything belongs to it or only two
    /// sides are left.
    RemoveSide(Id),
    /// Add a war machine of the first side with a fresh state and the
    /// crew figures of its card; it gets the next free id.
    AddMachine(MachineCard),
    /// Add a war machine of `side` with a fresh state and the crew figures
    /// of its card.
    DeployMachine {
        /// Its card.
        card: MachineCard,
        /// The side fielding it.
        side: Id,
    },
    /// Give a machine (and the crew figures it came with) to another side;
    /// at deployment only (later a machine changes hands by capture).
    SetMachineSide {
        /// Which machine.
        machine: Id,
        /// The side now fielding it.
        side: Id,
    },
    /// Replace the card of a machine (its state is kept; SP lost above the
    /// new card's SP are cut to it and noted in the SP history). The crew
    /// figures it came with follow the new card's crew list: their values
    /// are the new entries', entries added give new crew figures, entries
    /// removed remove the figures they had given.
    UpdateMachineCard {
        /// Which machine.
        machine: Id,
        /// The new card.
        card: MachineCard,
    },
    /// Replace the state of a machine (SP lost, markers, what it did this
    /// round); checked against its card. SP lost reaching its SP destroy it.
    SetMachineState {
        /// Which machine.
        machine: Id,
        /// The new state.
        state: MachineState,
    },
    /// Note which crew figures of a machine (indices into its living crew,
    /// [`ConfrontationGame::crew_of`]) are engaged or fleeing (C3), and how
    /// many figures may touch the machine.
    SetCrewStatus {
        /// Which machine.
        machine: Id,
        /// Crew in base contact with an enemy.
        engaged: Vec<usize>,
        /// Crew fleeing.
        fleeing: Vec<usize>,
        /// How many figures may touch it; `None`: as its size allows (PC3).
        contact_limit: Option<u32>,
    },
    /// State a crew figure's contact with its machine and with enemies
    /// (used only while it has no piece on the table) and whether it flees.
    SetCrew {
        /// Which crew figure.
        crew: Id,
        /// In base contact with its machine.
        in_contact: bool,
        /// In base contact with an enemy.
        engaged: bool,
        /// Fleeing.
        fleeing: bool,
    },
    /// State that a crew figure moved this round more than turning its
    /// machine (it does not serve it this round, text line 262), or not.
    CrewMoved {
        /// Which crew figure.
        crew: Id,
        /// Moved.
        moved: bool,
    },
    /// Link a crew figure to its figure piece on the table (or unlink it).
    LinkCrewPiece {
        /// Which crew figure.
        crew: Id,
        /// The piece.
        piece: Option<u64>,
    },
    /// A crew figure without a piece is killed.
    CrewKilled(Id),
    /// Remove a machine with the crew figures activated with it and the
    /// markers they laid; refused while a resolution refers to it. No
    /// other id changes.
    RemoveMachine(Id),
    /// Apply the effects of a finished resolution, once.
    ApplyResult(Id),
    /// Set (or with `None` forget) the side, values and abilities of a
    /// figure piece.
    SetFigureStats {
        /// The piece id.
        piece: u64,
        /// The stats.
        stats: Option<FigureStats>,
    },
    /// Set a figure's wound (a correction: the C8 table or the core rules
    /// read otherwise); SOFORT TOT kills it.
    SetFigureWound {
        /// The figure's piece.
        piece: u64,
        /// Its wound now.
        wound: WoundLevel,
    },
    /// Take a figure off the table (a dead one, usually): its piece, stats,
    /// wound and death mark go. Refused for a piece that stands for a
    /// machine or a living crew figure.
    RemoveFigure(u64),
    /// Put a machine's piece somewhere else, as one change (set-up, or the
    /// referee correcting the table; a move in play is
    /// [`ConfrontationEdit::DriveMachine`]).
    MoveMachine {
        /// Which machine.
        machine: Id,
        /// Where the centre of its piece goes.
        to: Point,
        /// Its new facing; `None` keeps it.
        facing: Option<Angle>,
    },
    /// Link a machine to the model piece that stands for it (or unlink it).
    /// A machine carried by its owner stands on its owner's figure piece.
    LinkMachinePiece {
        /// Which machine.
        machine: Id,
        /// The piece id.
        piece: Option<u64>,
    },
    /// A figure boards a vehicle (Transport: capacity, and in play the
    /// access side and a standing vehicle, are checked). Deployed aboard
    /// (`side: None`) only at deployment.
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
    /// A passenger leaves a vehicle: at the vehicle's activation, by its
    /// access (taken out with `side: None` only at deployment).
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
    /// Move on to the round's next phase (deployment to the first round's
    /// start, start to movement, movement to ranged, ranged to melee, melee
    /// to the end of the round); refused while the phase's checks are
    /// missing ([`ConfrontationGame::pending`]).
    NextPhase,
    /// End the round and start the next one: a machine touching an enemy
    /// (measured on the table, or named in `touching` for a machine the
    /// table cannot tell) loses its speed marker; refused while Instabil
    /// rolls are missing.
    EndRound {
        /// Machines the referee says touch an enemy besides those the table
        /// shows.
        touching: Vec<Id>,
    },
    /// A side activates a machine's card (movement phase): its own card
    /// (its crew, and the machine if it holds it), or the card its captor
    /// chose for its crew. Once per card and round.
    Activate {
        /// Which machine.
        machine: Id,
        /// Which side.
        side: Id,
    },
    /// The current activation is over.
    EndActivation,
    /// The machine being activated drives along a drawn path (mobile: C4,
    /// Unaufhaltsam; immobile: moved by its crew, C3): its piece goes to
    /// the end, facing along the last leg.
    DriveMachine {
        /// Which machine.
        machine: Id,
        /// The path from its centre, in cm.
        path: Vec<Point>,
        /// Unaufhaltsam: take the speed marker if earned.
        take_marker: bool,
        /// An immobile machine: the crew figures moving it (`None`: every
        /// one who may, C3).
        movers: Option<Vec<Id>>,
    },
    /// An Unaufhaltsam machine stops: no more movement this phase, speed
    /// marker gone.
    StopMachine(Id),
    /// The machine being activated turns on the spot: an immobile one is
    /// re-aimed by its servers (-1 on its FER dice this round), a mobile
    /// one faces anew when its facing is free (C4).
    ReaimMachine {
        /// Which machine.
        machine: Id,
        /// Its new facing.
        facing: Angle,
    },
    /// A mobile machine follows up after a melee (P18), melee phase.
    FollowUp {
        /// Which machine.
        machine: Id,
        /// The path from its centre.
        path: Vec<Point>,
        /// The follow-up distance of the core rules, in cm.
        distance_cm: f64,
    },
    /// A crew figure joins another machine of the same type of its side
    /// at that machine's activation, touching it.
    TransferCrew {
        /// Which crew figure.
        crew: Id,
        /// The machine it now serves.
        to: Id,
    },
    /// An ordinary figure of the machine's crew type becomes regular crew
    /// at the machine's activation, touching it (for good).
    JoinCrew {
        /// The figure's piece.
        piece: u64,
        /// The machine.
        machine: Id,
    },
    /// A figure meeting the card's requirement serves an immobile machine
    /// as an auxiliary from its activation, touching it.
    AddAuxiliary {
        /// The figure's piece.
        piece: u64,
        /// The machine.
        machine: Id,
    },
    /// An auxiliary leaves its machine at the machine's activation and is
    /// an ordinary figure again.
    ReleaseAuxiliary(Id),
    /// A side captures (or recaptures) a machine: nobody of the holding
    /// side within 10 cm, at least BES qualified figures touching it.
    Capture {
        /// Which machine.
        machine: Id,
        /// The captors' pieces.
        captors: Vec<u64>,
        /// The referee confirms that the holding side's figures without a
        /// piece on the table are farther than 10 cm.
        holders_far: bool,
    },
    /// A mobile machine is frightened (fear) or rallies.
    SetFrightened {
        /// Which machine.
        machine: Id,
        /// Frightened now.
        frightened: bool,
    },
    /// A spell's or miracle's direct wound: on a machine with SP light -1,
    /// serious -2, critical -3, SOFORT TOT -4 SP; on a figure its wound.
    DirectWound {
        /// Who.
        target: Subject,
        /// The wound.
        wound: WoundLevel,
    },
    /// Konzentration: points on a bold characteristic this round.
    SpendConcentration {
        /// The figure.
        piece: u64,
        /// Which characteristic.
        characteristic: Characteristic,
        /// How many points.
        points: u32,
    },
    /// Konzentration: the roll (or measured move) using a characteristic is
    /// made; later points cannot change it.
    ConcentrationUsed {
        /// The figure.
        piece: u64,
        /// Which characteristic.
        characteristic: Characteristic,
    },
    /// Schlagabfolge: the figure buys an extra combat die (melee phase).
    BuyExtraDie(u64),
    /// Finte: the figure's successful attacks against `opponent` may become
    /// feints (melee phase).
    StartFeint {
        /// The figure with Finte.
        piece: u64,
        /// The opponent in melee with it.
        opponent: u64,
        /// Its successful attack dice.
        successful: u32,
        /// The opponent's ATT dice.
        opp_att: u32,
        /// The opponent's DEF dice.
        opp_def: u32,
    },
    /// Finte: one feint cancels an opponent's DEF (`defence`) or ATT die.
    Feint {
        /// The figure with Finte.
        piece: u64,
        /// Cancel a DEF die (else an ATT die).
        defence: bool,
    },
    /// Finte: no more feints; the defender defends as usual.
    EndFeint(u64),
    /// A crew figure lays a mine, a decoy or a barricade at deployment.
    LayMarker {
        /// The crew figure (Minenleger, Pionier).
        crew: Id,
        /// The marker piece on the table.
        piece: u64,
        /// What it is.
        kind: MarkerKind,
    },
    /// Change the game's own data.
    SetSettings(GameSettings),
    /// Start a new resolution; it gets the next free id.
    AddResolution(ConfrontationKind),
    /// Change the difficulty (before the movement modifiers) of a shot or
    /// counter-fire whose FER die is not rolled yet.
    SetShotDifficulty {
        /// Which resolution.
        resolution: Id,
        /// The difficulty before the movement modifiers.
        difficulty: i32,
    },
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

pub(crate) fn conf(e: crate::ConfrontationError) -> PlayError {
    crate::game::refusal::from_conf(e)
}

/// Checks a side's name: 1 to 60 characters, not blank.
fn check_side_name(name: &str) -> Result<(), PlayError> {
    if name.trim().is_empty() || name.chars().count() > MAX_NAME_CHARS {
        return Err(invalid(
            "name",
            name,
            say("edit.side_s_name_has_1").text("max_name_chars", MAX_NAME_CHARS.to_string()),
        ));
    }
    Ok(())
}

impl ConfrontationGame {
    fn resolution_index(&self, id: Id) -> Result<usize, PlayError> {
        self.resolutions
            .iter()
            .position(|r| r.id() == id)
            .ok_or_else(|| not_found("resolution", id))
    }

    /// Refuses an edit outside the phases it belongs to, naming them.
    pub(crate) fn in_phase(&self, what: &str, phases: &[Phase]) -> Result<(), PlayError> {
        if phases.contains(&self.round.phase) {
            return Ok(());
        }
        // The phases as "a, b or c" in each language.
        let mut list = Message::new(phases.first().map_or("", |p| p.message_key()));
        for (i, p) in phases.iter().enumerate().skip(1) {
            let join = if i + 1 == phases.len() { "or" } else { "comma" };
            list = say(&format!("list.{join}"))
                .nested("a", list)
                .key("b", p.message_key());
        }
        Err(refused(
            say("edit.only_now_round")
                .key("what", action(what))
                .nested("names_join", list)
                .key("phase_name", self.round.phase.message_key())
                .int("round_number", self.round.number),
            Some("PC2"),
        ))
    }

    /// Refuses an edit outside a running round (deployment, start and end
    /// of the round are not play).
    pub(crate) fn in_play(&self, what: &str) -> Result<(), PlayError> {
        self.in_phase(what, &[Phase::Movement, Phase::Ranged, Phase::Melee])
    }

    pub(crate) fn check_side(&self, side: Id) -> Result<&Side, PlayError> {
        self.side(side).ok_or_else(|| not_found("side", side))
    }

    /// The crew figures a card gives a machine of `side`, with fresh ids.
    fn crew_from_card(&self, machine: Id, card: &MachineCard, side: Id) -> Vec<CrewFigure> {
        let mut next = self.next_crew_id().0;
        card.spec()
            .crew
            .iter()
            .enumerate()
            .map(|(slot, c)| {
                let id = Id(next);
                next = next.saturating_add(1);
                CrewFigure::supplied(id, c.clone(), side, machine, slot)
            })
            .collect()
    }

    fn add_machine(&mut self, card: &MachineCard, side: Id) -> Result<(), PlayError> {
        self.check_side(side)?;
        if self.machines.len() >= MAX_MACHINES {
            return Err(refused(
                say("edit.game_holds_most_machines").text("max_machines", MAX_MACHINES.to_string()),
                None,
            ));
        }
        let id = self.next_machine_id();
        let crew = self.crew_from_card(id, card, side);
        if self.crew.len() + crew.len() > MAX_CREW {
            return Err(refused(
                say("edit.game_holds_most_crew_figures").text("max_crew", MAX_CREW.to_string()),
                None,
            ));
        }
        self.machines.push(GameMachine::new(id, card.clone(), side));
        self.crew.extend(crew);
        Ok(())
    }

    fn update_card(&mut self, machine: Id, card: &MachineCard) -> Result<(), PlayError> {
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        let mut next = m.clone();
        next.card = card.clone();
        next.state.sp_lost = next.state.sp_lost.min(next.card.sp());
        if !next.carried() && next.card.sp() > 0 && next.state.sp_lost == next.card.sp() {
            next.state.destroyed = true;
        }
        next.check_state(&next.state).map_err(|e| match e {
            PlayError::Invalid {
                field,
                value,
                reason,
                message,
            } => PlayError::Invalid {
                field: format!("card (the machine's {field})"),
                value,
                reason,
                message,
            },
            other => other,
        })?;
        next.record_sp();
        let side = m.side;
        let slots = card.spec().crew.len();
        let gone: Vec<Id> = self
            .crew
            .iter()
            .filter(|c| {
                c.origin
                    .is_some_and(|o| o.machine == machine && o.slot >= slots)
            })
            .map(|c| c.id)
            .collect();
        self.crew.retain(|c| !gone.contains(&c.id));
        self.markers.retain(|_, m| !gone.contains(&m.crew));
        self.round.checked.retain(|c| {
            !gone
                .iter()
                .any(|g| *c == RoundCheck::Instabil(Subject::Crew(*g)))
        });
        let mut have = vec![false; slots];
        for c in &mut self.crew {
            if let Some(o) = c.origin.filter(|o| o.machine == machine)
                && let Some(entry) = card.spec().crew.get(o.slot)
            {
                c.card = entry.clone();
                if let Some(h) = have.get_mut(o.slot) {
                    *h = true;
                }
            }
        }
        let mut id = self.next_crew_id().0;
        for (slot, entry) in card.spec().crew.iter().enumerate() {
            if !have[slot] {
                self.crew.push(CrewFigure::supplied(
                    Id(id),
                    entry.clone(),
                    side,
                    machine,
                    slot,
                ));
                id = id.saturating_add(1);
            }
        }
        if self.crew.len() > MAX_CREW {
            return Err(refused(
                say("edit.game_holds_most_crew_figures").text("max_crew", MAX_CREW.to_string()),
                None,
            ));
        }
        *self.machine_mut(machine)? = next;
        Ok(())
    }

    fn set_machine_state(&mut self, machine: Id, state: &MachineState) -> Result<(), PlayError> {
        let m = self.machine_mut(machine)?;
        let mut state = state.clone();
        if !m.carried() && m.card.sp() > 0 && state.sp_lost == m.card.sp() {
            state.destroyed = true;
        }
        m.check_state(&state)?;
        let newly_destroyed = state.destroyed && !m.state.destroyed;
        m.state = state;
        m.record_sp();
        if newly_destroyed {
            self.on_destroyed(machine);
        }
        Ok(())
    }

    fn set_crew_status(
        &mut self,
        machine: Id,
        engaged: &[usize],
        fleeing: &[usize],
        contact_limit: Option<u32>,
    ) -> Result<(), PlayError> {
        self.machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        let ids: Vec<Id> = self.crew_of(machine).map(|c| c.id).collect();
        check_crew_list("engaged", engaged, ids.len())?;
        check_crew_list("fleeing", fleeing, ids.len())?;
        if let Some(limit) = contact_limit
            && !(1..=99).contains(&limit)
        {
            return Err(invalid(
                "contact_limit",
                limit,
                say("edit.1_99_figures_may_touch"),
            ));
        }
        for (i, id) in ids.iter().enumerate() {
            let c = self.crew_mut(*id)?;
            c.engaged = engaged.contains(&i);
            c.fleeing = fleeing.contains(&i);
        }
        self.machine_mut(machine)?.contact_limit = contact_limit;
        Ok(())
    }

    fn remove_machine(&mut self, id: Id) -> Result<(), PlayError> {
        let name = self
            .machine(id)
            .ok_or_else(|| not_found("machine", id))?
            .name()
            .to_owned();
        if let Some(r) = self
            .resolutions
            .iter()
            .find(|r| r.kind().machines().contains(&id))
        {
            return Err(refused(
                say("edit.machine_resolution_refers")
                    .text("id", id.to_string())
                    .text("name", name.to_string())
                    .text("r_id", r.id().to_string()),
                None,
            ));
        }
        let gone: Vec<Id> = self
            .crew
            .iter()
            .filter(|c| c.machine == id || c.origin.is_some_and(|o| o.machine == id))
            .map(|c| c.id)
            .collect();
        self.crew.retain(|c| !gone.contains(&c.id));
        self.markers.retain(|_, m| !gone.contains(&m.crew));
        self.round.checked.retain(|c| {
            !gone
                .iter()
                .any(|g| *c == RoundCheck::Instabil(Subject::Crew(*g)))
        });
        self.machines.retain(|m| m.id != id);
        self.round.activated.retain(|a| a.machine != id);
        if self.round.active.is_some_and(|a| a.machine == id) {
            self.round.active = None;
        }
        self.round.checked.retain(|c| {
            *c != RoundCheck::TotalFailure(id) && *c != RoundCheck::Instabil(Subject::Machine(id))
        });
        Ok(())
    }

    fn set_figure_stats(
        &mut self,
        piece: u64,
        stats: Option<&FigureStats>,
    ) -> Result<(), PlayError> {
        match stats {
            Some(stats) => {
                stats.check().map_err(|e| match e {
                    PlayError::Invalid {
                        field,
                        value,
                        reason,
                        message,
                    } => PlayError::Invalid {
                        field: format!("figures[{piece}].{field}"),
                        value,
                        reason,
                        message,
                    },
                    other => other,
                })?;
                self.check_side(stats.side)?;
                if let Some(m) = self.machine_on(piece) {
                    return Err(refused(
                        say("edit.piece_stands_machine_not_figure")
                            .text("piece", piece.to_string())
                            .text("m_id", m.id.to_string())
                            .text("machine", m.name().to_string()),
                        None,
                    ));
                }
                if let Some(c) = self.crew_on(piece)
                    && c.side != stats.side
                {
                    return Err(refused(
                        say("edit.piece_crew_fighting")
                            .text("piece", piece.to_string())
                            .text("crew", c.name().to_string())
                            .text(
                                "machine",
                                self.machine(c.machine)
                                    .map_or("?", GameMachine::name)
                                    .to_string(),
                            )
                            .text("side_name", self.side_name(c.side).to_string()),
                        None,
                    ));
                }
                if let Some(m) = self.carried_by(piece).find(|m| m.side != stats.side) {
                    return Err(refused(
                        say("edit.piece_carries_owner_fights_side")
                            .text("piece", piece.to_string())
                            .text("machine", m.name().to_string())
                            .text("side_name", self.side_name(m.side).to_string()),
                        None,
                    ));
                }
                self.figures.insert(piece, stats.clone());
            }
            None => {
                if let Some(c) = self.crew_on(piece) {
                    return Err(refused(
                        say("edit.piece_crew_figure_unlink_first")
                            .text("piece", piece.to_string())
                            .text("crew", c.name().to_string()),
                        None,
                    ));
                }
                if let Some(m) = self.carried_by(piece).next() {
                    return Err(refused(
                        say("edit.piece_carries_unlink_first")
                            .text("piece", piece.to_string())
                            .text("machine", m.name().to_string()),
                        None,
                    ));
                }
                self.figures.remove(&piece);
                self.forget_figure_round(piece);
            }
        }
        Ok(())
    }

    /// Forgets what the round and the wounds kept of figure `piece`.
    fn forget_figure_round(&mut self, piece: u64) {
        self.wounds.remove(&piece);
        self.round.figures.remove(&piece);
        self.round
            .checked
            .retain(|c| *c != RoundCheck::Instabil(Subject::Figure(piece)));
        for f in self.round.figures.values_mut() {
            if f.feint.is_some_and(|r| r.opponent == piece) {
                f.feint = None;
            }
        }
    }

    fn remove_figure(&mut self, piece: u64, table: &mut Table) -> Result<(), PlayError> {
        if let Some(m) = self.machine_on(piece) {
            return Err(refused(
                say("edit.piece_stands_machine_unlink_first")
                    .text("piece", piece.to_string())
                    .text("m_id", m.id.to_string())
                    .text("machine", m.name().to_string()),
                None,
            ));
        }
        if let Some(c) = self.crew_on(piece).filter(|c| !c.dead) {
            return Err(refused(
                say("edit.piece_living_crew_unlink_first")
                    .text("piece", piece.to_string())
                    .text("crew", c.name().to_string())
                    .text(
                        "machine",
                        self.machine(c.machine)
                            .map_or("?", GameMachine::name)
                            .to_string(),
                    ),
                None,
            ));
        }
        if let Some(m) = self.carried_by(piece).find(|m| !m.state.destroyed) {
            return Err(refused(
                say("edit.piece_carries_which_still_play")
                    .text("piece", piece.to_string())
                    .text("machine", m.name().to_string()),
                None,
            ));
        }
        match table.piece(piece) {
            Some(p) if p.layer == Layer::Model => {
                table.apply(TableEdit::Delete { id: piece })?;
            }
            Some(_) => {
                return Err(refused(
                    say("edit.piece_not_model").text("piece", piece.to_string()),
                    None,
                ));
            }
            None if self.figures.contains_key(&piece) || self.dead.contains(&piece) => {}
            None => return Err(not_found("figure piece", piece)),
        }
        self.figures.remove(&piece);
        self.dead.remove(&piece);
        self.forget_figure_round(piece);
        for c in &mut self.crew {
            if c.piece == Some(piece) {
                c.piece = None;
            }
        }
        for m in &mut self.machines {
            if m.piece == Some(piece) {
                m.piece = None;
            }
        }
        Ok(())
    }

    fn move_machine(
        &mut self,
        machine: Id,
        to: Point,
        facing: Option<Angle>,
        table: &mut Table,
    ) -> Result<(), PlayError> {
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        let id = m.piece.ok_or_else(|| {
            refused(
                say("edit.stands_no_piece").text("machine", m.name().to_string()),
                None,
            )
        })?;
        if !to.is_finite() {
            return Err(invalid("to", format!("{to:?}"), say("edit.not_point")));
        }
        table.apply(TableEdit::Move { id, to })?;
        if let Some(facing) = facing {
            table.apply(TableEdit::Rotate { id, facing })?;
        }
        Ok(())
    }

    fn link_machine(
        &mut self,
        machine: Id,
        piece: Option<u64>,
        table: &Table,
    ) -> Result<(), PlayError> {
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        if let Some(id) = piece {
            let p = table.piece(id).ok_or_else(|| not_found("piece", id))?;
            if p.layer != Layer::Model {
                return Err(refused(
                    say("edit.piece_not_model_2")
                        .text("id", id.to_string())
                        .text("p_name", p.name.to_string()),
                    None,
                ));
            }
            if let Some(other) = self.machine_on(id).filter(|o| o.id != machine) {
                return Err(refused(
                    say("edit.piece_already_stands_machine")
                        .text("id", id.to_string())
                        .text("other_id", other.id.to_string())
                        .text("other_name", other.name().to_string()),
                    None,
                ));
            }
            if !m.carried() {
                if let Some(c) = self.crew_on(id) {
                    return Err(refused(
                        say("edit.piece_crew_figure")
                            .text("id", id.to_string())
                            .text("crew", c.name().to_string()),
                        None,
                    ));
                }
                if self.figures.contains_key(&id) {
                    return Err(refused(
                        say("edit.piece_figure_only_machine_carried")
                            .text("id", id.to_string())
                            .text("p_name", p.name.to_string()),
                        None,
                    ));
                }
            }
        }
        self.machine_mut(machine)?.piece = piece;
        Ok(())
    }

    fn board(
        &mut self,
        machine: Id,
        passenger: &Passenger,
        side: Option<FacingArc>,
        moving: bool,
    ) -> Result<(), PlayError> {
        if side.is_none() {
            self.in_phase("deploying a figure aboard", &[Phase::Deployment])?;
        } else {
            self.in_phase("boarding", &[Phase::Deployment, Phase::Movement])?;
        }
        let m = self.machine_mut(machine)?;
        if m.state.destroyed {
            return Err(refused(
                say("edit.destroyed").text("machine", m.name().to_string()),
                Some("Transport"),
            ));
        }
        let mut hold = m.hold().map_err(conf)?;
        match side {
            Some(side) => hold.board(passenger.clone(), side, moving),
            None => hold.deploy(passenger.clone()),
        }
        .map_err(conf)?;
        m.passengers.push(passenger.clone());
        Ok(())
    }

    fn leave(
        &mut self,
        machine: Id,
        passenger: usize,
        side: Option<FacingArc>,
        stop: bool,
    ) -> Result<(), PlayError> {
        match side {
            None => self.in_phase("taking a figure out of a vehicle", &[Phase::Deployment])?,
            Some(_) => {
                let controller = self
                    .machine(machine)
                    .ok_or_else(|| not_found("machine", machine))?
                    .controller();
                if !self
                    .round
                    .active
                    .is_some_and(|a| a.machine == machine && a.side == controller)
                {
                    return Err(refused(
                        say("edit.passengers_leave_only_while_card").text(
                            "machine",
                            self.machine(machine)
                                .map_or("?", GameMachine::name)
                                .to_string(),
                        ),
                        Some("Transport"),
                    ));
                }
            }
        }
        let m = self.machine_mut(machine)?;
        let p = m.passengers.get(passenger).cloned().ok_or_else(|| {
            not_found(
                "passenger",
                format!("{} of {}", passenger + 1, m.passengers.len()),
            )
        })?;
        if let Some(side) = side {
            let mut hold = m.hold().map_err(conf)?;
            let moving = m.state.speed_marker && !stop;
            if stop {
                hold.stop_and_leave(&p.name, side, &mut m.state)
            } else {
                hold.leave(&p.name, side, moving)
            }
            .map_err(conf)?;
        }
        m.passengers.remove(passenger);
        if let (Some(_), Some(piece)) = (side, p.piece) {
            self.round.figures.entry(piece).or_default().left_vehicle = true;
        }
        Ok(())
    }

    /// Checks a new resolution against the game: its machines exist; the
    /// phase fits its kind (PC2); a repair is on a damaged machine not
    /// repaired yet this round (C10).
    fn check_new(&self, kind: &ConfrontationKind) -> Result<(), PlayError> {
        for id in kind.machines() {
            self.machine(id).ok_or_else(|| not_found("machine", id))?;
        }
        if self.resolutions.len() >= MAX_RESOLUTIONS {
            return Err(refused(
                say("edit.game_holds_most_resolutions")
                    .text("max_resolutions", MAX_RESOLUTIONS.to_string()),
                None,
            ));
        }
        kind.check_phase(self)?;
        let acts = matches!(
            kind,
            ConfrontationKind::Damage { .. }
                | ConfrontationKind::Shot(_)
                | ConfrontationKind::CounterFire(_)
                | ConfrontationKind::Ramming(_)
                | ConfrontationKind::Sickle(_)
                | ConfrontationKind::Steam(_)
                | ConfrontationKind::Instabil(_)
                | ConfrontationKind::TotalFailure(_)
        );
        if let (true, Some(id)) = (acts, kind.machine())
            && let Some(m) = self.machine(id)
            && m.state.destroyed
        {
            return Err(refused(
                say("edit.destroyed").text("machine", m.name().to_string()),
                None,
            ));
        }
        if let ConfrontationKind::Repair { machine, x, .. } = kind {
            let m = self
                .machine(*machine)
                .ok_or_else(|| not_found("machine", machine))?;
            if m.state.destroyed {
                return Err(refused(
                    say("edit.destroyed_cannot_repaired").text("machine", m.name().to_string()),
                    Some("C10"),
                ));
            }
            Repair::check_once(m.state.repair_tried).map_err(conf)?;
            Repair::new(*x, m.card.sp(), m.state.sp_lost.min(m.card.sp())).map_err(conf)?;
        }
        kind.check_once(self)?;
        Ok(())
    }

    fn set_shot_difficulty(&mut self, id: Id, difficulty: i32) -> Result<(), PlayError> {
        let index = self.resolution_index(id)?;
        let r = &self.resolutions[index];
        if !r.answers().is_empty() {
            return Err(refused(
                say("edit.resolution_fer_die_rolled_take")
                    .nested("title", r.kind().title_message()),
                None,
            ));
        }
        let kind = match r.kind().clone() {
            ConfrontationKind::Shot(mut s) => {
                s.difficulty = difficulty
                    .checked_add(s.difficulty_modifier)
                    .ok_or_else(|| invalid("difficulty", difficulty, say("edit.too_large")))?;
                ConfrontationKind::Shot(s)
            }
            ConfrontationKind::CounterFire(mut c) => {
                c.shot.difficulty = difficulty
                    .checked_add(c.shot.difficulty_modifier)
                    .ok_or_else(|| invalid("difficulty", difficulty, say("edit.too_large")))?;
                ConfrontationKind::CounterFire(c)
            }
            _ => {
                return Err(refused(
                    say("edit.resolution_no_shot").nested("title", r.kind().title_message()),
                    None,
                ));
            }
        };
        self.resolutions[index] = SavedResolution::new(id, kind)?;
        Ok(())
    }

    /// Applies `edit` in place; the caller keeps copies to undo a failure.
    pub(crate) fn apply_edit(
        &mut self,
        edit: &ConfrontationEdit,
        table: &mut Table,
    ) -> Result<(), PlayError> {
        use ConfrontationEdit as E;
        match edit {
            E::AddSide(name) => {
                check_side_name(name)?;
                if self.sides.len() >= MAX_SIDES {
                    return Err(refused(
                        say("edit.game_has_most_sides").text("max_sides", MAX_SIDES.to_string()),
                        None,
                    ));
                }
                if self.sides.iter().any(|s| s.name == *name) {
                    return Err(invalid("name", name, say("edit.another_side_has_name")));
                }
                let id = self.next_side_id();
                self.sides.push(Side::new(id, name.clone()));
            }
            E::RenameSide { side, name } => {
                check_side_name(name)?;
                self.check_side(*side)?;
                if self.sides.iter().any(|s| s.name == *name && s.id != *side) {
                    return Err(invalid("name", name, say("edit.another_side_has_name")));
                }
                if let Some(s) = self.sides.iter_mut().find(|s| s.id == *side) {
                    s.name = name.clone();
                }
            }
            E::RemoveSide(side) => self.remove_side(*side)?,
            E::AddMachine(card) => {
                let side = self
                    .sides
                    .first()
                    .map(|s| s.id)
                    .ok_or_else(|| refused(say("edit.game_has_no_side"), None))?;
                self.add_machine(card, side)?;
            }
            E::DeployMachine { card, side } => self.add_machine(card, *side)?,
            E::SetMachineSide { machine, side } => {
                self.in_phase("giving a machine to another side", &[Phase::Deployment])?;
                self.check_side(*side)?;
                let m = self.machine_mut(*machine)?;
                m.side = *side;
                m.held_by = None;
                let id = m.id;
                for c in &mut self.crew {
                    if c.origin.is_some_and(|o| o.machine == id) {
                        c.side = *side;
                    }
                }
            }
            E::UpdateMachineCard { machine, card } => self.update_card(*machine, card)?,
            E::SetMachineState { machine, state } => self.set_machine_state(*machine, state)?,
            E::SetCrewStatus {
                machine,
                engaged,
                fleeing,
                contact_limit,
            } => self.set_crew_status(*machine, engaged, fleeing, *contact_limit)?,
            E::SetCrew {
                crew,
                in_contact,
                engaged,
                fleeing,
            } => {
                let c = self.crew_mut(*crew)?;
                c.in_contact = *in_contact;
                c.engaged = *engaged;
                c.fleeing = *fleeing;
            }
            E::CrewMoved { crew, moved } => self.crew_mut(*crew)?.moved = *moved,
            E::LinkCrewPiece { crew, piece } => self.link_crew(*crew, *piece, table)?,
            E::CrewKilled(crew) => {
                let c = self.crew_mut(*crew)?;
                if let Some(p) = c.piece {
                    return Err(refused(
                        say("edit.stands_piece_figure_killed_there")
                            .text("crew", c.name().to_string())
                            .text("p", p.to_string()),
                        None,
                    ));
                }
                c.dead = true;
                c.wound = WoundLevel::Killed;
            }
            E::RemoveMachine(id) => self.remove_machine(*id)?,
            E::ApplyResult(id) => {
                let index = self.resolution_index(*id)?;
                if self.resolutions[index].applied() {
                    return Err(refused(
                        say("edit.resolution_already_applied")
                            .nested("title", self.resolutions[index].kind().title_message()),
                        None,
                    ));
                }
                let effects = self.effects(*id)?;
                self.apply_effects(&effects)?;
                self.resolutions[index].set_applied()?;
            }
            E::SetFigureStats { piece, stats } => self.set_figure_stats(*piece, stats.as_ref())?,
            E::SetFigureWound { piece, wound } => self.set_figure_wound(*piece, *wound, table)?,
            E::RemoveFigure(piece) => self.remove_figure(*piece, table)?,
            E::MoveMachine {
                machine,
                to,
                facing,
            } => self.move_machine(*machine, *to, *facing, table)?,
            E::LinkMachinePiece { machine, piece } => self.link_machine(*machine, *piece, table)?,
            E::Board {
                machine,
                passenger,
                side,
                moving,
            } => self.board(*machine, passenger, *side, *moving)?,
            E::Leave {
                machine,
                passenger,
                side,
                stop,
            } => self.leave(*machine, *passenger, *side, *stop)?,
            E::NextPhase => self.next_phase(table)?,
            E::EndRound { touching } => self.end_round(table, touching)?,
            E::Activate { machine, side } => self.activate(*machine, *side)?,
            E::EndActivation => {
                if self.round.active.take().is_none() {
                    return Err(refused(say("edit.no_card_being_activated"), None));
                }
            }
            E::DriveMachine {
                machine,
                path,
                take_marker,
                movers,
            } => self.drive(table, *machine, path, *take_marker, movers.as_deref())?,
            E::StopMachine(machine) => self.stop(*machine)?,
            E::ReaimMachine { machine, facing } => self.reaim(table, *machine, *facing)?,
            E::FollowUp {
                machine,
                path,
                distance_cm,
            } => self.follow_up(table, *machine, path, *distance_cm)?,
            E::TransferCrew { crew, to } => self.transfer_crew(table, *crew, *to)?,
            E::JoinCrew { piece, machine } => self.join_crew(table, *piece, *machine)?,
            E::AddAuxiliary { piece, machine } => self.add_auxiliary(table, *piece, *machine)?,
            E::ReleaseAuxiliary(crew) => self.release_auxiliary(*crew)?,
            E::Capture {
                machine,
                captors,
                holders_far,
            } => self.capture(table, *machine, captors, *holders_far)?,
            E::SetFrightened {
                machine,
                frightened,
            } => self.set_frightened(*machine, *frightened)?,
            E::DirectWound { target, wound } => self.direct_wound(table, *target, *wound)?,
            E::SpendConcentration {
                piece,
                characteristic,
                points,
            } => self.spend_concentration(table, *piece, *characteristic, *points)?,
            E::ConcentrationUsed {
                piece,
                characteristic,
            } => self.concentration_used(table, *piece, *characteristic)?,
            E::BuyExtraDie(piece) => self.buy_extra_die(table, *piece)?,
            E::StartFeint {
                piece,
                opponent,
                successful,
                opp_att,
                opp_def,
            } => self.start_feint(table, *piece, *opponent, *successful, *opp_att, *opp_def)?,
            E::Feint { piece, defence } => self.feint(*piece, *defence)?,
            E::EndFeint(piece) => {
                let f = self
                    .round
                    .figures
                    .get_mut(piece)
                    .and_then(|f| f.feint.take());
                if f.is_none() {
                    return Err(refused(
                        say("edit.no_feint_progress")
                            .text("piece", Self::piece_name(table, *piece).to_string()),
                        Some("Finte"),
                    ));
                }
            }
            E::LayMarker { crew, piece, kind } => self.lay_marker(table, *crew, *piece, *kind)?,
            E::SetSettings(settings) => {
                settings.check()?;
                self.settings = *settings;
            }
            E::AddResolution(kind) => {
                self.check_new(kind)?;
                let id = self.next_resolution_id();
                self.resolutions
                    .push(SavedResolution::new(id, kind.clone())?);
            }
            E::SetShotDifficulty {
                resolution,
                difficulty,
            } => self.set_shot_difficulty(*resolution, *difficulty)?,
            E::Answer { resolution, answer } => {
                let index = self.resolution_index(*resolution)?;
                self.resolutions.answer_at(index, answer.clone())?;
            }
            E::TakeBack(id) => {
                let index = self.resolution_index(*id)?;
                if !self.resolutions.take_back_at(index)? {
                    return Err(refused(say("edit.nothing_take_back"), None));
                }
            }
            E::RemoveResolution(id) => {
                let index = self.resolution_index(*id)?;
                self.resolutions.remove_at(index)?;
            }
        }
        Ok(())
    }

    fn remove_side(&mut self, side: Id) -> Result<(), PlayError> {
        let name = self.check_side(side)?.name.clone();
        if self.sides.len() <= 2 {
            return Err(refused(
                say("edit.game_has_least_two_sides").text("name", name.to_string()),
                None,
            ));
        }
        let used = self
            .machines
            .iter()
            .any(|m| m.side == side || m.held_by == Some(side))
            || self.crew.iter().any(|c| c.side == side)
            || self.figures.values().any(|f| f.side == side)
            || self.round.activated.iter().any(|a| a.side == side);
        if used {
            return Err(refused(
                say("edit.machines_crew_figures_belong_side").text("name", name.to_string()),
                None,
            ));
        }
        self.sides.retain(|s| s.id != side);
        Ok(())
    }

    /// What follows when a machine is destroyed: its card stays for its
    /// crew (text line 208); auxiliaries return to their own cards at once
    /// (line 318).
    pub(crate) fn on_destroyed(&mut self, machine: Id) {
        let released: Vec<u64> = self
            .crew
            .iter()
            .filter(|c| c.machine == machine && c.role == crate::crew::Role::Auxiliary)
            .filter_map(|c| c.piece)
            .collect();
        self.crew
            .retain(|c| !(c.machine == machine && c.role == crate::crew::Role::Auxiliary));
        for p in released {
            self.round.figures.entry(p).or_default().released = true;
        }
    }

    /// What follows when the figure on `piece` is killed: it is marked
    /// dead, a crew figure on it is dead, a machine it carries is destroyed
    /// with it (text line 149).
    pub(crate) fn on_figure_killed(&mut self, piece: u64) {
        self.dead.insert(piece);
        self.wounds.remove(&piece);
        for c in &mut self.crew {
            if c.piece == Some(piece) {
                c.dead = true;
                c.wound = WoundLevel::Killed;
            }
        }
        let carried: Vec<Id> = self.carried_by(piece).map(|m| m.id).collect();
        for id in carried {
            if let Ok(m) = self.machine_mut(id) {
                m.state.destroyed = true;
                m.state.speed_marker = false;
            }
        }
    }

    fn apply_effects(&mut self, effects: &[Effect]) -> Result<(), PlayError> {
        for effect in effects {
            match *effect {
                Effect::LoseSp { machine, sp } => {
                    let m = self.machine_mut(machine)?;
                    if m.carried() {
                        return Err(refused(
                            say("edit.has_no_sp_owner_takes").text("machine", m.name().to_string()),
                            Some("PC4"),
                        ));
                    }
                    let was = m.state.destroyed;
                    m.state.lose_sp(&m.card, sp);
                    m.record_sp();
                    if m.state.destroyed && !was {
                        self.on_destroyed(machine);
                    }
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
                Effect::Fired { machine } => {
                    let m = self.machine_mut(machine)?;
                    if m.card.spec().artillery.is_some() {
                        m.state.fired = true;
                    }
                }
                Effect::WreckSurvivor { piece } => {
                    self.round.figures.entry(piece).or_default().wreck_survivor = true;
                }
                Effect::Markers { machine, markers } => {
                    self.machine_mut(machine)?.state.steam = markers;
                }
                Effect::Exploded { machine } => {
                    let m = self.machine_mut(machine)?;
                    let was = m.state.destroyed;
                    let sp = m.card.sp();
                    m.state.lose_sp(&m.card, sp);
                    m.state.destroyed = true;
                    m.record_sp();
                    if !was {
                        self.on_destroyed(machine);
                    }
                }
                Effect::PassengersGone { machine } => {
                    self.machine_mut(machine)?.passengers.clear();
                }
                Effect::FigureKilled { piece } => self.on_figure_killed(piece),
                Effect::FigureWounded { piece, wound } => {
                    if !self.dead.contains(&piece) {
                        let now = self.wound(piece).after(wound);
                        if now == WoundLevel::Killed {
                            self.on_figure_killed(piece);
                        } else if now != WoundLevel::None {
                            self.wounds.insert(piece, now);
                        }
                    }
                }
                Effect::CrewWounded { crew, wound } => {
                    let c = self.crew_mut(crew)?;
                    c.wound = c.wound.after(wound);
                    if c.wound == WoundLevel::Killed {
                        c.dead = true;
                    }
                }
                Effect::Frightened {
                    machine,
                    frightened,
                } => {
                    self.set_frightened_state(machine, frightened)?;
                }
                Effect::CrewFleeing { crew, fleeing } => self.crew_mut(crew)?.fleeing = fleeing,
                Effect::Checked { check } => {
                    if !self.round.checked.contains(&check) {
                        self.round.checked.push(check);
                    }
                }
                Effect::MarkerSpent { piece } => {
                    if let Some(m) = self.markers.get_mut(&piece) {
                        m.spent = true;
                    }
                }
                Effect::BarricadeDamaged { piece, sp } => {
                    if let Some(m) = self.markers.get_mut(&piece) {
                        m.sp_lost = m.sp_lost.saturating_add(sp).min(m.sp);
                    }
                }
                Effect::Boost {
                    machine,
                    characteristic,
                    bonus,
                } => {
                    let m = self.machine_mut(machine)?;
                    m.state.boosts.push(crate::Boost {
                        characteristic,
                        bonus,
                    });
                }
            }
        }
        Ok(())
    }
}
