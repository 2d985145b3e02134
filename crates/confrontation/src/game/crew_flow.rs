//! The crew at play: crew figures changing machines of the same type,
//! ordinary figures becoming crew, auxiliaries (Hilfspersonal) joining and
//! leaving, the capture and recapture of a machine (Übernahme), and fear
//! on mobile machines.

use crate::game::refusal::{not_found, refused, say};
use feldherr_play::{Id, PlayError};
use feldherr_table::{Layer, Table};

use super::{
    CaptorRefusal, CaptureRefusal, ConfrontationGame, CrewFigure, CrewShotRefusal, FigureStats,
    GameMachine,
};
use crate::crew::{CAPTURE_DISTANCE_CM, Role};
use crate::{CrewCard, Size, WoundLevel};

/// A would-be captor or auxiliary as the rules see it.
#[derive(Debug, Clone, PartialEq)]
pub struct CaptorCheck {
    /// Its piece.
    pub piece: u64,
    /// Its name.
    pub name: String,
    /// Whether it qualifies, or why not.
    pub verdict: Result<(), CaptorRefusal>,
}

/// Whether a side can capture a machine now, and why (Übernahme).
#[derive(Debug, Clone, PartialEq)]
pub struct CaptureCheck {
    /// The side that would hold it.
    pub captor_side: Option<Id>,
    /// The holding side's models within 10 cm, with their distances.
    pub holders_near: Vec<(u64, f64)>,
    /// The holding side's living crew figures without a piece on the table
    /// (the referee must say they are farther than 10 cm).
    pub holders_unplaced: Vec<Id>,
    /// Every would-be captor and its verdict.
    pub captors: Vec<CaptorCheck>,
    /// How many qualified captors it takes (BES).
    pub needed: u32,
    /// Whether the capture is allowed, or why not.
    pub verdict: Result<(), CaptureRefusal>,
}

/// A distance within 10 cm in whole tenths of a cm.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "clamped to 0..=1000 tenths first"
)]
fn tenths(cm: f64) -> u64 {
    (cm * 10.0).round().clamp(0.0, 1000.0) as u64
}

fn crew_card_of(name: &str, stats: &FigureStats, bew: u32) -> CrewCard {
    CrewCard {
        name: name.to_owned(),
        bew,
        str: stats.str.and_then(|s| u32::try_from(s).ok()).unwrap_or(0),
        res: u32::try_from(stats.res).unwrap_or(0),
        fer: stats.fer,
        dis: stats.dis,
        courage: stats.courage.and_then(|c| u32::try_from(c).ok()),
        size: stats.size,
        abilities: Vec::new(),
    }
}

impl ConfrontationGame {
    pub(crate) fn link_crew(
        &mut self,
        crew: Id,
        piece: Option<u64>,
        table: &Table,
    ) -> Result<(), PlayError> {
        let c = self
            .crew_figure(crew)
            .ok_or_else(|| not_found("crew figure", crew))?;
        if let Some(p) = piece {
            let found = table.piece(p).ok_or_else(|| not_found("piece", p))?;
            if found.layer != Layer::Model {
                return Err(refused(
                    say("crew_flow.piece_not_model")
                        .text("p", p.to_string())
                        .text("found_name", found.name.to_string()),
                    None,
                ));
            }
            if let Some(m) = self.machine_on(p) {
                return Err(refused(
                    say("crew_flow.piece_stands_machine")
                        .text("p", p.to_string())
                        .text("m_id", m.id.to_string())
                        .text("machine", m.name().to_string()),
                    None,
                ));
            }
            if let Some(other) = self.crew_on(p).filter(|o| o.id != crew) {
                return Err(refused(
                    say("crew_flow.piece_already_crew_figure")
                        .text("p", p.to_string())
                        .text("other_name", other.name().to_string()),
                    None,
                ));
            }
            if let Some(f) = self.figures.get(&p)
                && f.side != c.side
            {
                return Err(refused(
                    say("crew_flow.piece_fights")
                        .text("p", p.to_string())
                        .text("found_name", found.name.to_string())
                        .text("side_name", self.side_name(f.side).to_string())
                        .text("crew", c.name().to_string())
                        .text("side_name2", self.side_name(c.side).to_string()),
                    None,
                ));
            }
        }
        self.crew_mut(crew)?.piece = piece;
        Ok(())
    }

    /// Whether machines `a` and `b` are of the same type (PC6: the same
    /// card name).
    fn same_type(a: &GameMachine, b: &GameMachine) -> bool {
        a.card.spec().name == b.card.spec().name
    }

    /// Whether crew figure `crew` touches machine `machine` now: measured
    /// on the table when both stand there, else as the edit states it.
    fn crew_touches(&self, table: &Table, crew: &CrewFigure, machine: &GameMachine) -> bool {
        match (crew.piece, machine.piece) {
            (Some(a), Some(b)) if table.piece(a).is_some() && table.piece(b).is_some() => {
                Self::pieces_touch(table, a, b)
            }
            _ => true,
        }
    }

    pub(crate) fn transfer_crew(
        &mut self,
        table: &Table,
        crew: Id,
        to: Id,
    ) -> Result<(), PlayError> {
        self.check_active(to, "joining a machine")?;
        let c = self
            .crew_figure(crew)
            .ok_or_else(|| not_found("crew figure", crew))?;
        let target = self.machine(to).ok_or_else(|| not_found("machine", to))?;
        let from = self
            .machine(c.machine)
            .ok_or_else(|| not_found("machine", c.machine))?;
        let who = c.name().to_owned();
        if c.dead {
            return Err(refused(
                say("crew_flow.dead").text("who", who.to_string()),
                None,
            ));
        }
        if c.role != Role::Crew {
            return Err(refused(
                say("crew_flow.auxiliary_leaves_machine_joins_another")
                    .text("who", who.to_string()),
                None,
            ));
        }
        if c.machine == to {
            return Err(refused(
                say("crew_flow.already_crew")
                    .text("who", who.to_string())
                    .text("target_name", target.name().to_string()),
                None,
            ));
        }
        if !Self::same_type(from, target) {
            return Err(refused(
                say("crew_flow.serves_may_change_only_machine")
                    .text("who", who.to_string())
                    .text("from_name", from.name().to_string())
                    .text("target_name", target.name().to_string()),
                Some("PC6"),
            ));
        }
        if target.controller() != c.side {
            return Err(refused(
                say("crew_flow.held_other_side")
                    .text("who", who.to_string())
                    .text("target_name", target.name().to_string()),
                None,
            ));
        }
        if !self.crew_touches(table, c, target) {
            return Err(refused(
                say("crew_flow.does_not_touch_activation")
                    .text("who", who.to_string())
                    .text("target_name", target.name().to_string()),
                None,
            ));
        }
        let c = self.crew_mut(crew)?;
        c.machine = to;
        c.in_contact = true;
        Ok(())
    }

    /// Whether the figure on `piece` may serve machine `machine` as an
    /// auxiliary: an immobile machine, its card's requirement met by the
    /// printed values (text line 288), the figure not yet crew.
    ///
    /// # Errors
    /// [`PlayError::Refused`] under "Hilfspersonal" saying why, naming
    /// the figure and the machine by name; [`PlayError::NotFound`] for a
    /// machine that does not exist.
    pub fn auxiliary_check(&self, table: &Table, piece: u64, machine: Id) -> Result<(), PlayError> {
        let refuse = |message| Err(refused(message, Some("Hilfspersonal")));
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        let name = Self::piece_name(table, piece).to_string();
        let Some(stats) = self.figures.get(&piece) else {
            return refuse(say("crew_flow.aux_no_values").text("name", name));
        };
        if self.dead.contains(&piece) {
            return refuse(say("crew_flow.dead_2").text("name", name));
        }
        if m.card.is_mobile() {
            return refuse(say("crew_flow.aux_mobile").text("machine", m.name().to_string()));
        }
        if let Some(c) = self.crew_on(piece).filter(|c| !c.dead) {
            return refuse(
                say("crew_flow.already_crew_2").text("name", name).text(
                    "machine",
                    self.machine(c.machine)
                        .map_or("?", GameMachine::name)
                        .to_string(),
                ),
            );
        }
        if let Some(req) = m.card.spec().auxiliary
            && !req.met_by(stats.fer, stats.dis)
        {
            let show = |v: Option<u32>| v.map_or_else(|| "-".to_owned(), |v| v.to_string());
            return refuse(
                say("crew_flow.aux_requirement")
                    .text("name", name)
                    .text("fer", show(stats.fer))
                    .text("dis", show(stats.dis))
                    .text("machine", m.name().to_string())
                    .text("min_fer", show(req.min_fer))
                    .text("min_dis", show(req.min_dis)),
            );
        }
        Ok(())
    }

    pub(crate) fn add_auxiliary(
        &mut self,
        table: &Table,
        piece: u64,
        machine: Id,
    ) -> Result<(), PlayError> {
        self.check_active(machine, "an auxiliary joining")?;
        self.auxiliary_check(table, piece, machine)?;
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        let stats = self.stats_of(table, piece)?.clone();
        let name = Self::piece_name(table, piece);
        if stats.side != m.controller() {
            return Err(refused(
                say("crew_flow.held_other_side_2")
                    .text("name", name.to_string())
                    .text("machine", m.name().to_string()),
                None,
            ));
        }
        if let Some(p) = m.piece
            && !Self::pieces_touch(table, piece, p)
        {
            return Err(refused(
                say("crew_flow.does_not_touch_activation_2")
                    .text("name", name.to_string())
                    .text("machine", m.name().to_string()),
                Some("Hilfspersonal"),
            ));
        }
        let id = self.next_crew_id();
        let mut c =
            CrewFigure::supplied(id, crew_card_of(&name, &stats, 0), stats.side, machine, 0);
        c.origin = None;
        c.role = Role::Auxiliary;
        c.piece = Some(piece);
        c.in_contact = true;
        self.crew.push(c);
        Ok(())
    }

    pub(crate) fn join_crew(
        &mut self,
        table: &Table,
        piece: u64,
        machine: Id,
    ) -> Result<(), PlayError> {
        self.check_active(machine, "a figure joining the crew")?;
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        let stats = self.stats_of(table, piece)?.clone();
        let name = Self::piece_name(table, piece);
        if self.dead.contains(&piece) {
            return Err(refused(
                say("crew_flow.dead_2").text("name", name.to_string()),
                None,
            ));
        }
        if let Some(c) = self.crew_on(piece).filter(|c| !c.dead) {
            return Err(refused(
                say("crew_flow.already_crew_2")
                    .text("name", name.to_string())
                    .text(
                        "machine",
                        self.machine(c.machine)
                            .map_or("?", GameMachine::name)
                            .to_string(),
                    ),
                None,
            ));
        }
        let kind = stats.card.clone().unwrap_or_default();
        let entry = m
            .card
            .spec()
            .crew
            .iter()
            .find(|c| c.name == kind)
            .cloned()
            .ok_or_else(|| {
                refused(
                    say("crew_flow.no_crew_type_crew_are")
                        .text("name", name.to_string())
                        .text(
                            "kind",
                            if kind.is_empty() {
                                "no army card named"
                            } else {
                                &kind
                            }
                            .to_string(),
                        )
                        .text("machine", m.name().to_string())
                        .text(
                            "join",
                            m.card
                                .spec()
                                .crew
                                .iter()
                                .map(|c| c.name.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                                .to_string(),
                        ),
                    Some("PC6"),
                )
            })?;
        if stats.side != m.controller() {
            return Err(refused(
                say("crew_flow.held_other_side_2")
                    .text("name", name.to_string())
                    .text("machine", m.name().to_string()),
                None,
            ));
        }
        if let Some(p) = m.piece
            && !Self::pieces_touch(table, piece, p)
        {
            return Err(refused(
                say("crew_flow.does_not_touch_activation_2")
                    .text("name", name.to_string())
                    .text("machine", m.name().to_string()),
                None,
            ));
        }
        let id = self.next_crew_id();
        let mut card = entry;
        card.name = name;
        let mut c = CrewFigure::supplied(id, card, stats.side, machine, 0);
        c.origin = None;
        c.piece = Some(piece);
        c.in_contact = true;
        self.crew.push(c);
        Ok(())
    }

    pub(crate) fn release_auxiliary(&mut self, crew: Id) -> Result<(), PlayError> {
        let c = self
            .crew_figure(crew)
            .ok_or_else(|| not_found("crew figure", crew))?;
        if c.role != Role::Auxiliary {
            return Err(refused(
                say("crew_flow.regular_crew_stay_with_their").text("crew", c.name().to_string()),
                None,
            ));
        }
        let machine = c.machine;
        let piece = c.piece;
        self.check_active(machine, "an auxiliary leaving")?;
        self.crew.retain(|x| x.id != crew);
        if let Some(p) = piece {
            self.round.figures.entry(p).or_default().released = true;
        }
        Ok(())
    }

    /// Whether the figures on `captors` can capture (or recapture) machine
    /// `machine` now: no figure of the side holding it within 10 cm (edge
    /// to edge on the table; its figures without a piece only as
    /// `holders_far` says), at least BES figures touching it that qualify as
    /// auxiliaries and are not engaged (text line 304; PC9).
    pub fn capture_check(
        &self,
        table: &Table,
        machine: Id,
        captors: &[u64],
        holders_far: bool,
    ) -> Result<CaptureCheck, PlayError> {
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        let holder = m.controller();
        let needed = m.card.spec().bes.unwrap_or(0);
        let holders_near = self.models_within(table, machine, holder, CAPTURE_DISTANCE_CM);
        let holders_unplaced: Vec<Id> = self
            .crew
            .iter()
            .filter(|c| !c.dead && c.side == holder)
            .filter(|c| c.piece.is_none_or(|p| table.piece(p).is_none()))
            .map(|c| c.id)
            .collect();
        let unplaced_touching: Vec<&CrewFigure> = holders_unplaced
            .iter()
            .filter_map(|id| self.crew_figure(*id))
            .filter(|c| c.machine == machine && c.in_contact && !c.fleeing)
            .collect();
        let mut side = None;
        let mut checks = Vec::new();
        for piece in captors {
            let name = Self::piece_name(table, *piece);
            let verdict = (|| {
                let stats = self
                    .figures
                    .get(piece)
                    .ok_or_else(|| CaptorRefusal::NoValues(name.clone()))?;
                if self.dead.contains(piece) {
                    return Err(CaptorRefusal::Dead(name.clone()));
                }
                if stats.side == holder {
                    return Err(CaptorRefusal::HoldersSide(name.clone()));
                }
                if let Some(serving) = self.crew_on(*piece) {
                    return Err(CaptorRefusal::AlreadyCrew {
                        name: name.clone(),
                        machine: self
                            .machine(serving.machine)
                            .map_or_else(|| serving.machine.to_string(), |s| s.name().to_owned()),
                    });
                }
                if side.is_some_and(|s| s != stats.side) {
                    return Err(CaptorRefusal::MixedSides(name.clone()));
                }
                side = Some(stats.side);
                if let Some(p) = m.piece
                    && !Self::pieces_touch(table, *piece, p)
                {
                    return Err(CaptorRefusal::NotTouching {
                        name: name.clone(),
                        machine: m.name().to_owned(),
                    });
                }
                let ignore: Vec<u64> = m.piece.into_iter().collect();
                if !self
                    .enemies_touching(table, *piece, stats.side, &ignore)
                    .is_empty()
                {
                    return Err(CaptorRefusal::Engaged(name.clone()));
                }
                if let Some(req) = m.card.spec().auxiliary
                    && !req.met_by(stats.fer, stats.dis)
                {
                    return Err(CaptorRefusal::Requirement {
                        name: name.clone(),
                        machine: m.name().to_owned(),
                    });
                }
                Ok(())
            })();
            checks.push(CaptorCheck {
                piece: *piece,
                name,
                verdict,
            });
        }
        let qualified = checks.iter().filter(|c| c.verdict.is_ok()).count();
        let machine_name = m.name().to_owned();
        let verdict = if m.state.destroyed {
            Err(CaptureRefusal::Destroyed(machine_name))
        } else if needed == 0 {
            Err(CaptureRefusal::NoBes(machine_name))
        } else if let Some((p, d)) = holders_near.first() {
            Err(CaptureRefusal::HolderNear {
                name: Self::piece_name(table, *p),
                side: self.side_name(holder),
                tenths_cm: tenths(*d),
                machine: machine_name,
            })
        } else if let Some(c) = unplaced_touching.first() {
            Err(CaptureRefusal::StillTouches {
                name: c.name().to_owned(),
                machine: machine_name,
            })
        } else if !holders_unplaced.is_empty() && !holders_far {
            Err(CaptureRefusal::Unplaced {
                name: self
                    .crew_figure(holders_unplaced[0])
                    .map_or("?", CrewFigure::name)
                    .to_owned(),
                side: self.side_name(holder),
            })
        } else if u32::try_from(qualified).unwrap_or(u32::MAX) < needed {
            Err(CaptureRefusal::TooFew {
                qualified,
                machine: machine_name,
                needed,
            })
        } else {
            Ok(())
        };
        Ok(CaptureCheck {
            captor_side: side,
            holders_near,
            holders_unplaced,
            captors: checks,
            needed,
            verdict,
        })
    }

    pub(crate) fn capture(
        &mut self,
        table: &Table,
        machine: Id,
        captors: &[u64],
        holders_far: bool,
    ) -> Result<(), PlayError> {
        self.in_play("a capture")?;
        let check = self.capture_check(table, machine, captors, holders_far)?;
        check.verdict.clone().map_err(|e| {
            PlayError::refused(e.to_string(), Some("Übernahme")).with_message(e.message())
        })?;
        let captor = check
            .captor_side
            .ok_or_else(|| refused(say("crew_flow.no_captor"), Some("Übernahme")))?;
        let m = self.machine_mut(machine)?;
        let old = m.controller();
        m.held_by = (captor != m.side).then_some(captor);
        m.state.speed_marker = false;
        // The former holder's auxiliaries lose their card (text line 306).
        let released: Vec<u64> = self
            .crew
            .iter()
            .filter(|c| c.machine == machine && c.side == old && c.role == Role::Auxiliary)
            .filter_map(|c| c.piece)
            .collect();
        self.crew
            .retain(|c| !(c.machine == machine && c.side == old && c.role == Role::Auxiliary));
        for p in released {
            self.round.figures.entry(p).or_default().released = true;
        }
        // The captors serve it as auxiliaries, activated with the card
        // their side chose for its crew.
        for c in check.captors.iter().filter(|c| c.verdict.is_ok()) {
            let stats = self.stats_of(table, c.piece)?.clone();
            let id = self.next_crew_id();
            let mut fig =
                CrewFigure::supplied(id, crew_card_of(&c.name, &stats, 0), captor, machine, 0);
            fig.origin = None;
            fig.role = Role::Auxiliary;
            fig.piece = Some(c.piece);
            fig.in_contact = true;
            self.crew.push(fig);
        }
        Ok(())
    }

    pub(crate) fn set_frightened(
        &mut self,
        machine: Id,
        frightened: bool,
    ) -> Result<(), PlayError> {
        self.in_phase(
            "fear",
            &[
                Phase::Start,
                Phase::Movement,
                Phase::Ranged,
                Phase::Melee,
                Phase::End,
            ],
        )?;
        self.set_frightened_state(machine, frightened)
    }

    /// A mobile machine frightened or rallied: with GEW it stops at once,
    /// drops its speed marker and fires no shot until it rallies (text line
    /// 496); without GEW it acts as a frightened figure of the core rules
    /// (PC12). Immobile machines take no tests (line 502).
    pub(crate) fn set_frightened_state(
        &mut self,
        machine: Id,
        frightened: bool,
    ) -> Result<(), PlayError> {
        let m = self.machine_mut(machine)?;
        if !m.card.is_mobile() {
            return Err(refused(
                say("crew_flow.immobile_machines_take_no_mut")
                    .text("machine", m.name().to_string()),
                Some("Angst"),
            ));
        }
        m.state.frightened = frightened;
        if frightened && m.card.spec().gew.is_some() {
            m.state.speed_marker = false;
            if m.card.is_unaufhaltsam() {
                m.state.stopped = true;
            }
        }
        Ok(())
    }

    /// The crew of machine `machine` who must take a fear test when the
    /// fear-causing figure on `source` comes: only those touching it (text
    /// line 506); a charge on the machine alone causes no test. Crew without
    /// a piece are left to the referee.
    pub fn crew_to_test(&self, table: &Table, machine: Id, source: u64) -> Vec<Id> {
        self.crew_of(machine)
            .filter(|c| !c.fleeing)
            .filter(|c| {
                c.piece
                    .is_some_and(|p| Self::pieces_touch(table, p, source))
            })
            .map(|c| c.id)
            .collect()
    }

    /// The crew's own ranged weapons (text line 408): a crew figure or
    /// auxiliary may shoot with its own weapon only if it does not serve the
    /// machine this round and touches no enemy.
    pub fn crew_may_shoot(&self, table: &Table, crew: Id) -> Result<(), CrewShotRefusal> {
        let c = self
            .crew_figure(crew)
            .ok_or(CrewShotRefusal::Unknown(crew))?;
        let name = || c.name().to_owned();
        if c.served {
            return Err(CrewShotRefusal::Served(name()));
        }
        if self.crew_status(table, c).engaged {
            return Err(CrewShotRefusal::Engaged(name()));
        }
        if c.wound == WoundLevel::Killed || c.dead {
            return Err(CrewShotRefusal::Dead(name()));
        }
        Ok(())
    }

    /// The size a piece's model has, for the rules that ask (transport,
    /// withdrawal).
    pub(crate) fn size_of(&self, piece: u64) -> Size {
        if let Some(m) = self.machine_on(piece) {
            return m.card.spec().size;
        }
        self.figures.get(&piece).map_or(Size::Normal, |f| f.size)
    }
}

use super::Phase;
