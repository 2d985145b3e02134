//! The round moving on (PC2): its phases, the activation of machines' cards
//! in the movement phase, the checks each phase asks for before it ends,
//! and what the start and the end of a round do by themselves.

use crate::game::refusal::{action, not_found, refused, say};
use feldherr_dice::step::Message;
use feldherr_play::{Id, PlayError};
use feldherr_table::Table;

use super::round::MAX_ROUNDS;
use super::{Activation, ConfrontationGame, Phase, RoundCheck, RoundEvent, Subject};
use crate::Motion;

/// Something the round waits for before it may move on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    /// A roll of the round (the total failure's 4+ at the start, Instabil
    /// at the end) is not rolled and applied yet.
    Check(RoundCheck),
}

impl Pending {
    /// The rule a refusal for it cites: `C9` for the total failure's 4+,
    /// `Instabil` for the Instabil rolls.
    pub fn rule(self) -> &'static str {
        match self {
            Pending::Check(RoundCheck::TotalFailure(_)) => "C9",
            Pending::Check(RoundCheck::Instabil(_)) => "Instabil",
        }
    }
}

impl ConfrontationGame {
    /// What the current phase still waits for: at the start of a round the
    /// total failure's 4+ of every machine with a total failure (C9); at
    /// its end the Instabil rolls of every machine and figure with
    /// Instabil/X. Empty in the other phases.
    pub fn pending(&self) -> Vec<Pending> {
        let mut out = Vec::new();
        let missing = |c: RoundCheck| !self.round.checked.contains(&c);
        match self.round.phase {
            Phase::Start => {
                for m in &self.machines {
                    let steam = m.state.steam;
                    if !m.state.destroyed && steam.total_failure && !steam.exploded {
                        let c = RoundCheck::TotalFailure(m.id);
                        if missing(c) {
                            out.push(Pending::Check(c));
                        }
                    }
                }
            }
            Phase::End => {
                for m in &self.machines {
                    if !m.state.destroyed && m.card.instabil().is_some() {
                        let c = RoundCheck::Instabil(Subject::Machine(m.id));
                        if missing(c) {
                            out.push(Pending::Check(c));
                        }
                    }
                }
                for (piece, f) in &self.figures {
                    if f.instabil().is_some() && !self.dead.contains(piece) {
                        let c = RoundCheck::Instabil(Subject::Figure(*piece));
                        if missing(c) {
                            out.push(Pending::Check(c));
                        }
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// What the round waits for as a catalogue message
    /// (`conf.game.refusal.…_pending`), naming the machine or figure by
    /// name: the reason [`ConfrontationEdit::NextPhase`] and
    /// [`ConfrontationEdit::EndRound`] are refused while it is pending, in
    /// the interface's language.
    ///
    /// [`ConfrontationEdit::NextPhase`]: super::ConfrontationEdit::NextPhase
    /// [`ConfrontationEdit::EndRound`]: super::ConfrontationEdit::EndRound
    pub fn pending_message(&self, table: &Table, pending: Pending) -> Message {
        match pending {
            Pending::Check(RoundCheck::TotalFailure(id)) => {
                Message::new("conf.game.refusal.total_failure_pending").text(
                    "name",
                    self.machine(id).map_or("?", super::GameMachine::name),
                )
            }
            Pending::Check(RoundCheck::Instabil(s)) => {
                Message::new("conf.game.refusal.instabil_pending")
                    .text("name", self.pending_name(table, s))
            }
        }
    }

    /// A subject by name: a figure by its piece's name on the table.
    fn pending_name(&self, table: &Table, s: Subject) -> String {
        match s {
            Subject::Figure(p) => table
                .piece(p)
                .map_or_else(|| self.subject_name(s), |piece| piece.name.clone()),
            _ => self.subject_name(s),
        }
    }

    fn refuse_pending(&self, table: &Table) -> Result<(), PlayError> {
        if let Some(pending @ Pending::Check(c)) = self.pending().first() {
            let what = match c {
                RoundCheck::TotalFailure(id) => say("round_flow.total_failure_not_rolled").text(
                    "name",
                    self.machine(*id).map_or("?", super::GameMachine::name),
                ),
                RoundCheck::Instabil(s) => {
                    say("round_flow.instabil_not_rolled").text("name", self.pending_name(table, *s))
                }
            };
            return Err(refused(what, Some(pending.rule())));
        }
        Ok(())
    }

    /// The name of a subject (its id when unknown).
    pub fn subject_name(&self, s: Subject) -> String {
        match s {
            Subject::Machine(id) => self
                .machine(id)
                .map_or_else(|| id.to_string(), |m| m.name().to_owned()),
            Subject::Crew(id) => self
                .crew_figure(id)
                .map_or_else(|| id.to_string(), |c| c.name().to_owned()),
            Subject::Figure(p) => format!("figure {p}"),
        }
    }

    /// A new round starts: every machine's round is new (C5's speed marker
    /// noted, jam, repair, stop, motion, re-aiming, shot and steam bonuses
    /// cleared, C9's 4+ forgotten), the crew's moves and service forgotten,
    /// the figures' round (Konzentration, Schlagabfolge, feints, released
    /// auxiliaries, vehicle leavers) cleared, no card activated yet.
    fn start_round(&mut self) -> Result<(), PlayError> {
        let number = self
            .round
            .number
            .checked_add(1)
            .filter(|n| *n <= MAX_ROUNDS)
            .ok_or_else(|| {
                refused(
                    say("round_flow.game_has_most_rounds")
                        .text("max_rounds", MAX_ROUNDS.to_string()),
                    None,
                )
            })?;
        for m in &mut self.machines {
            m.state.new_round();
        }
        for c in &mut self.crew {
            c.moved = false;
            c.served = false;
        }
        self.round.number = number;
        self.round.phase = Phase::Start;
        self.round.activated.clear();
        self.round.active = None;
        self.round.figures.clear();
        self.round.checked.clear();
        Ok(())
    }

    pub(crate) fn next_phase(&mut self, table: &Table) -> Result<(), PlayError> {
        self.refuse_pending(table)?;
        self.round.events.clear();
        match self.round.phase {
            Phase::Deployment => self.start_round()?,
            Phase::End => {
                return Err(refused(
                    say("round_flow.end_round_end_round_endround"),
                    Some("PC2"),
                ));
            }
            phase => {
                if let Some(next) = phase.next() {
                    self.round.phase = next;
                }
                if phase == Phase::Movement {
                    self.round.active = None;
                }
                if phase == Phase::Melee {
                    for f in self.round.figures.values_mut() {
                        f.extra_dice = 0;
                        f.feint = None;
                    }
                }
            }
        }
        Ok(())
    }

    /// Ends the round: a machine touching an enemy (on the table, or named
    /// in `touching`) loses its speed marker and is in melee; one that kept
    /// a marker without moving this round lost it (it moved less than its
    /// BEW); then the next round starts.
    pub(crate) fn end_round(&mut self, table: &Table, touching: &[Id]) -> Result<(), PlayError> {
        self.in_phase("ending the round", &[Phase::End])?;
        for id in touching {
            self.machine(*id).ok_or_else(|| not_found("machine", id))?;
        }
        self.refuse_pending(table)?;
        let mut events = Vec::new();
        let ids: Vec<Id> = self.machines.iter().map(|m| m.id).collect();
        for id in ids {
            let contact =
                touching.contains(&id) || self.machine_touches_enemy(table, id) == Some(true);
            let m = self.machine_mut(id)?;
            if !m.state.speed_marker {
                continue;
            }
            if contact {
                crate::SpeedMarker::end_of_round(&mut m.state, true);
                events.push(RoundEvent::SpeedMarkerLost { machine: id });
            } else if m.state.motion == Motion::Still {
                m.state.speed_marker = false;
                events.push(RoundEvent::SpeedMarkerNotMoved { machine: id });
            }
        }
        self.start_round()?;
        self.round.events = events;
        Ok(())
    }

    /// The activations side `side` may make now (movement phase): each
    /// machine's own card for its own side, and the card of a captor's
    /// crew for the side holding a captured machine; once per round.
    pub fn activation_options(&self, side: Id) -> Vec<Activation> {
        if self.round.phase != Phase::Movement {
            return Vec::new();
        }
        self.machines
            .iter()
            .filter(|m| m.side == side || m.held_by == Some(side))
            .filter(|m| !self.round.was_activated(m.id, side))
            .map(|m| Activation {
                machine: m.id,
                side,
            })
            .collect()
    }

    pub(crate) fn activate(&mut self, machine: Id, side: Id) -> Result<(), PlayError> {
        self.in_phase("activating a card", &[Phase::Movement])?;
        self.check_side(side)?;
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        if m.side != side && m.held_by != Some(side) {
            return Err(refused(
                say("round_flow.neither_fielded_nor_holds")
                    .text("machine", m.name().to_string())
                    .text("side_name", self.side_name(side).to_string()),
                Some("PC14"),
            ));
        }
        if self.round.was_activated(machine, side) {
            return Err(refused(
                say("round_flow.s_card_was_activated_round")
                    .text("machine", m.name().to_string())
                    .text("side_name", self.side_name(side).to_string()),
                Some("PC14"),
            ));
        }
        let a = Activation { machine, side };
        self.round.activated.push(a);
        self.round.active = Some(a);
        Ok(())
    }

    /// Whether machine `machine` is being activated by the side holding it
    /// (what it may do at its activation: drive, turn, take crew and
    /// auxiliaries, let them go).
    pub(crate) fn check_active(&self, machine: Id, what: &str) -> Result<(), PlayError> {
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        let by = m.controller();
        if self.round.active == Some(Activation { machine, side: by }) {
            Ok(())
        } else {
            Err(refused(
                say("round_flow.only_while_activated")
                    .key("what", action(what))
                    .text("machine", m.name().to_string())
                    .text("side_name", self.side_name(by).to_string()),
                Some("PC14"),
            ))
        }
    }
}
