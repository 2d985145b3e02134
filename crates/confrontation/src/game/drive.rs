//! A machine moving at its activation: a mobile machine along a drawn
//! path (C4, with Unaufhaltsam's speed marker earned from the path's
//! length), an immobile one moved by its crew (C3), a turn on the spot
//! (re-aiming), stopping (Unaufhaltsam), and the follow-up after a melee
//! (P18). The facing is free only without a speed marker and without an
//! enemy touching the machine on the table.

use crate::game::refusal::{decimal, invalid, not_found, refused, say};
use feldherr_play::{Id, PlayError};
use feldherr_table::geometry::{Angle, Point, Polyline};
use feldherr_table::{Table, TableEdit};

use super::edit::conf;
use super::{ConfrontationGame, Phase};
use crate::crew::immobile_move;
use crate::{Motion, MovePath, SpeedMarker};

/// Most points a drawn path may have (work is bounded before it starts).
pub const MAX_PATH_POINTS: usize = 64;

fn check_points(path: &[Point]) -> Result<(), PlayError> {
    if path.len() > MAX_PATH_POINTS {
        return Err(invalid(
            "path",
            path.len(),
            say("drive.drawn_path_has_most_points")
                .text("max_path_points", MAX_PATH_POINTS.to_string()),
        ));
    }
    if let Some((i, p)) = path.iter().enumerate().find(|(_, p)| !p.is_finite()) {
        return Err(invalid(
            format!("path[{i}]"),
            format!("({}, {})", p.x, p.y),
            say("drive.not_point"),
        ));
    }
    Ok(())
}

impl ConfrontationGame {
    /// The rules machine `machine`'s path follows at its activation now:
    /// C4 for a mobile machine (free facing only without a speed marker and
    /// without an enemy touching it on the table), C3 for an immobile one
    /// moved by `movers` (every crew figure who may, when `None`).
    pub fn path_rules(
        &self,
        table: &Table,
        machine: Id,
        movers: Option<&[Id]>,
    ) -> Result<MovePath, PlayError> {
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        let (_, facing) = self.machine_start(table, machine).ok_or_else(|| {
            refused(
                say("drive.stands_no_piece_table").text("machine", m.name().to_string()),
                None,
            )
        })?;
        if m.card.is_mobile() {
            let touching = self.machine_touches_enemy(table, machine).unwrap_or(false);
            return MovePath::new(&m.card, &m.state, facing, touching).map_err(conf);
        }
        let bew = self.chosen_movers(table, machine, movers)?;
        let allowance = immobile_move(
            m.card.spec().gew.unwrap_or(0),
            &bew.iter().map(|(_, b)| *b).collect::<Vec<_>>(),
            self.max_contact(machine),
        )
        .map_err(conf)?;
        MovePath::crew_moved(&m.card, &m.state, facing, allowance).map_err(conf)
    }

    fn chosen_movers(
        &self,
        table: &Table,
        machine: Id,
        movers: Option<&[Id]>,
    ) -> Result<Vec<(Id, u32)>, PlayError> {
        let name = self.machine(machine).map_or("?", super::GameMachine::name);
        let may = self.mover_figures(table, machine);
        let chosen: Vec<(Id, u32)> = match movers {
            None => may,
            Some(ids) => {
                let mut out = Vec::new();
                for id in ids {
                    let Some(m) = may.iter().find(|(c, _)| c == id) else {
                        let who = self
                            .crew_figure(*id)
                            .map_or_else(|| id.to_string(), |c| c.name().to_owned());
                        return Err(refused(
                            say("drive.cannot_move_only_trained_crew")
                                .text("who", who.to_string())
                                .text("name", name.to_string()),
                            Some("C3"),
                        ));
                    };
                    if out.iter().any(|(c, _)| c == id) {
                        return Err(invalid("movers", id, say("drive.listed_twice")));
                    }
                    out.push(*m);
                }
                out
            }
        };
        if chosen.is_empty() {
            return Err(refused(
                say("drive.no_crew_figure_side_holding").text("name", name.to_string()),
                Some("C3"),
            ));
        }
        Ok(chosen)
    }

    pub(crate) fn drive(
        &mut self,
        table: &mut Table,
        machine: Id,
        path: &[Point],
        take_marker: bool,
        movers: Option<&[Id]>,
    ) -> Result<(), PlayError> {
        self.in_phase("driving", &[Phase::Movement])?;
        self.check_active(machine, "driving")?;
        check_points(path)?;
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        let name = m.name().to_owned();
        if m.state.destroyed {
            return Err(refused(
                say("drive.destroyed").text("name", name.to_string()),
                None,
            ));
        }
        if m.state.frightened && m.card.spec().gew.is_some() {
            return Err(refused(
                say("drive.frightened_stands_still_until_rallies").text("name", name.to_string()),
                Some("Angst"),
            ));
        }
        if m.state.motion != Motion::Still {
            return Err(refused(
                say("drive.moved_round_already").text("name", name.to_string()),
                Some("C4"),
            ));
        }
        if !m.card.is_mobile() && m.state.fired {
            return Err(refused(
                say("drive.immobile_machine_cannot_move_fire").text("name", name.to_string()),
                Some("C3"),
            ));
        }
        let mobile = m.card.is_mobile();
        let bew = m.card.spec().bew.unwrap_or(0);
        let piece = m.piece.ok_or_else(|| {
            refused(
                say("drive.stands_no_piece").text("name", name.to_string()),
                None,
            )
        })?;
        let start = self
            .machine_start(table, machine)
            .map(|(p, _)| p)
            .ok_or_else(|| refused(say("drive.not_table").text("name", name.to_string()), None))?;
        if path.first().is_none_or(|p| p.distance_to(start) > 0.01) {
            return Err(invalid(
                "path",
                "its first point",
                say("drive.path_starts_s_centre")
                    .text("name", name.to_string())
                    .nested("start_x", decimal(start.x, 1))
                    .nested("start_y", decimal(start.y, 1)),
            ));
        }
        let movers_used = if mobile {
            Vec::new()
        } else {
            self.chosen_movers(table, machine, movers)?
        };
        let rules = self.path_rules(table, machine, movers)?;
        let report = self
            .check_path(table, machine, &rules, path)
            .ok_or_else(|| invalid("path", path.len(), say("drive.path_needs_two_points")))??;
        if let Some(v) = report.check.violations.first() {
            return Err(refused(
                say("drive.x")
                    .text("name", name.to_string())
                    .text("v", v.to_string()),
                Some(v.rule()),
            ));
        }
        let length = report.check.length_cm;
        if length <= 0.0 {
            return Err(invalid(
                "path",
                "0 cm",
                say("drive.path_does_not_move_machine"),
            ));
        }
        let last = Polyline::new(path.to_vec())
            .map_err(|e| {
                invalid(
                    "path",
                    "points",
                    say("drive.path_points").text("problem", e.to_string()),
                )
            })?
            .segments()
            .filter(|s| s.length() > 1e-6)
            .last()
            .and_then(|s| s.direction());
        let to = *path.last().unwrap_or(&start);
        table.apply(TableEdit::Move { id: piece, to })?;
        if let Some(facing) = last {
            table.apply(TableEdit::Rotate { id: piece, facing })?;
        }
        let m = self.machine_mut(machine)?;
        m.state.motion = if mobile && length > f64::from(bew) + 1e-9 {
            Motion::Ran
        } else {
            Motion::Moved
        };
        if m.card.is_unaufhaltsam() {
            SpeedMarker::after_move(&m.card, &mut m.state, length, take_marker).map_err(conf)?;
        } else if take_marker {
            return Err(refused(
                say("drive.has_no_unaufhaltsam").text("name", name.to_string()),
                Some("Unaufhaltsam"),
            ));
        }
        for (id, _) in movers_used {
            let c = self.crew_mut(id)?;
            c.moved = true;
            c.served = true;
        }
        Ok(())
    }

    pub(crate) fn stop(&mut self, machine: Id) -> Result<(), PlayError> {
        self.in_phase("stopping", &[Phase::Movement])?;
        let m = self.machine_mut(machine)?;
        if !m.card.is_unaufhaltsam() {
            return Err(refused(
                say("drive.has_no_unaufhaltsam_2").text("machine", m.name().to_string()),
                Some("Unaufhaltsam"),
            ));
        }
        if m.state.stopped {
            return Err(refused(
                say("drive.stopped_already").text("machine", m.name().to_string()),
                Some("Unaufhaltsam"),
            ));
        }
        SpeedMarker::stop(&mut m.state);
        Ok(())
    }

    pub(crate) fn reaim(
        &mut self,
        table: &mut Table,
        machine: Id,
        facing: Angle,
    ) -> Result<(), PlayError> {
        self.in_phase("turning a machine", &[Phase::Movement])?;
        self.check_active(machine, "turning")?;
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        let name = m.name().to_owned();
        if m.state.destroyed {
            return Err(refused(
                say("drive.destroyed").text("name", name.to_string()),
                None,
            ));
        }
        let piece = m.piece.ok_or_else(|| {
            refused(
                say("drive.stands_no_piece").text("name", name.to_string()),
                None,
            )
        })?;
        if m.card.is_mobile() {
            if m.state.frightened && m.card.spec().gew.is_some() {
                return Err(refused(
                    say("drive.frightened_stands_still_until_rallies")
                        .text("name", name.to_string()),
                    Some("Angst"),
                ));
            }
            let rules = self.path_rules(table, machine, None)?;
            let check = rules.check_facing_change(facing).map_err(conf)?;
            if let Some(v) = check.violations.first() {
                return Err(refused(
                    say("drive.x")
                        .text("name", name.to_string())
                        .text("v", v.to_string()),
                    Some(v.rule()),
                ));
            }
            if m.state.motion != Motion::Still {
                return Err(refused(
                    say("drive.moved_round_turns_only_driving").text("name", name.to_string()),
                    Some("C4"),
                ));
            }
        } else {
            let serving: Vec<Id> = self
                .servers(table, machine)
                .iter()
                .filter(|s| s.serves())
                .map(|s| s.crew)
                .collect();
            if serving.is_empty() {
                return Err(refused(
                    say("drive.nobody_serves_crew_auxiliaries_touching")
                        .text("name", name.to_string()),
                    Some("C3"),
                ));
            }
            for id in serving {
                self.crew_mut(id)?.served = true;
            }
            self.machine_mut(machine)?.state.reaimed = true;
        }
        table.apply(TableEdit::Rotate { id: piece, facing })?;
        Ok(())
    }

    pub(crate) fn follow_up(
        &mut self,
        table: &mut Table,
        machine: Id,
        path: &[Point],
        distance_cm: f64,
    ) -> Result<(), PlayError> {
        self.in_phase("a follow-up", &[Phase::Melee])?;
        check_points(path)?;
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        let name = m.name().to_owned();
        let (start, facing) = self
            .machine_start(table, machine)
            .ok_or_else(|| refused(say("drive.not_table").text("name", name.to_string()), None))?;
        let touching = self.machine_touches_enemy(table, machine).unwrap_or(false);
        let rules =
            MovePath::follow_up(&m.card, &m.state, facing, distance_cm, touching).map_err(conf)?;
        if path.first().is_none_or(|p| p.distance_to(start) > 0.01) {
            return Err(invalid(
                "path",
                "its first point",
                say("drive.path_starts_s_centre_2").text("name", name.to_string()),
            ));
        }
        let report = self
            .check_path(table, machine, &rules, path)
            .ok_or_else(|| invalid("path", path.len(), say("drive.path_needs_two_points")))??;
        if let Some(v) = report.check.violations.first() {
            return Err(refused(
                say("drive.x")
                    .text("name", name.to_string())
                    .text("v", v.to_string()),
                Some(v.rule()),
            ));
        }
        let piece = m.piece.ok_or_else(|| {
            refused(
                say("drive.stands_no_piece").text("name", name.to_string()),
                None,
            )
        })?;
        let last = Polyline::new(path.to_vec())
            .map_err(|e| {
                invalid(
                    "path",
                    "points",
                    say("drive.path_points").text("problem", e.to_string()),
                )
            })?
            .segments()
            .filter(|s| s.length() > 1e-6)
            .last()
            .and_then(|s| s.direction());
        table.apply(TableEdit::Move {
            id: piece,
            to: *path.last().unwrap_or(&start),
        })?;
        if let Some(facing) = last {
            table.apply(TableEdit::Rotate { id: piece, facing })?;
        }
        Ok(())
    }
}
