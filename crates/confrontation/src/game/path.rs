//! A machine's movement on the table: where its path starts, the check of
//! a drawn path (C4, P18, C3, and P36: crossing another model's base), its
//! legs for the overlay, and the models its Sichel blades touch (P17).

use crate::game::refusal::not_found;
use feldherr_play::{Id, PlayError};
use feldherr_table::geometry::{Angle, Point, Polyline, Shape};
use feldherr_table::{Layer, Piece, Table};

use super::ConfrontationGame;
use crate::{MovePath, MoveViolation, PathCheck, blade_victims};

/// Reach of the Sichel blades beside the hull, in cm (P17).
pub const BLADE_REACH_CM: f64 = 1.0;

/// One leg of a drawn path, for the overlay.
#[derive(Debug, Clone, PartialEq)]
pub struct PathLeg {
    /// Where it starts.
    pub from: Point,
    /// Where it ends.
    pub to: Point,
    /// The violations on this leg (empty: legal).
    pub violations: Vec<MoveViolation>,
    /// The course change at its start, in degrees (signed, CCW positive).
    pub turn_deg: Option<f64>,
}

/// A drawn path checked: the check and each leg with its own verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct PathReport {
    /// The check of the whole path.
    pub check: PathCheck,
    /// Each leg in order.
    pub legs: Vec<PathLeg>,
    /// The pieces whose bases the path crosses (P36).
    pub crossed: Vec<u64>,
}

/// Width and length of a machine's piece (the bounds for other outlines).
fn footprint(piece: &Piece) -> (f64, f64) {
    match &piece.shape {
        Shape::Rect(r) => (r.width(), r.length()),
        other => {
            let b = other.bounds();
            (b.max.x - b.min.x, b.max.y - b.min.y)
        }
    }
}

impl ConfrontationGame {
    /// The start of a machine's path: its piece's centre and facing.
    pub fn machine_start(&self, table: &Table, machine: Id) -> Option<(Point, Angle)> {
        let piece = self.machine(machine)?.piece?;
        let p = table.piece(piece)?;
        Some((p.center(), p.facing_angle().unwrap_or(Angle::ZERO)))
    }

    /// The other living model pieces a moving machine may run into.
    fn obstacles<'a>(&self, table: &'a Table, own: Option<u64>) -> Vec<&'a Piece> {
        table
            .pieces()
            .iter()
            .filter(|p| p.layer == Layer::Model && Some(p.id) != own && !self.dead.contains(&p.id))
            .collect()
    }

    /// Checks `points` as a path of machine `machine` under `rules` (C4,
    /// P18, C3), and whether its hull crosses another model's base on the
    /// way (P36: contact would be a charge or an engagement). `None` while
    /// the path has no leg.
    pub fn check_path(
        &self,
        table: &Table,
        machine: Id,
        rules: &MovePath,
        points: &[Point],
    ) -> Option<Result<PathReport, PlayError>> {
        if points.len() < 2 {
            return None;
        }
        Some(self.path_report(table, machine, rules, points))
    }

    fn path_report(
        &self,
        table: &Table,
        machine: Id,
        rules: &MovePath,
        points: &[Point],
    ) -> Result<PathReport, PlayError> {
        let conf = |e: crate::ConfrontationError| {
            let message = crate::game::refusal::reason_message(&e);
            PlayError::refused(e.to_string(), None).with_message(message)
        };
        let path = Polyline::new(points.to_vec()).map_err(|e| {
            crate::game::refusal::invalid(
                "path",
                "points",
                crate::game::refusal::say("drive.path_points").text("problem", e.to_string()),
            )
        })?;
        let m = self
            .machine(machine)
            .ok_or_else(|| not_found("machine", machine))?;
        let own = m.piece.and_then(|p| table.piece(p));
        let (check, crossed) = match own {
            Some(piece) => {
                let (width, length) = footprint(piece);
                let others = self.obstacles(table, Some(piece.id));
                let shapes: Vec<Shape> = others.iter().map(|p| p.shape.clone()).collect();
                let check = rules
                    .check_among(&path, width, length, &shapes)
                    .map_err(conf)?;
                let crossed = check
                    .violations
                    .iter()
                    .filter_map(|v| match v {
                        MoveViolation::CrossesModel { model, .. } => {
                            others.get(*model).map(|p| p.id)
                        }
                        _ => None,
                    })
                    .collect();
                (check, crossed)
            }
            None => (rules.check(&path).map_err(conf)?, Vec::new()),
        };
        let legs = points
            .windows(2)
            .enumerate()
            .map(|(i, w)| PathLeg {
                from: w[0],
                to: w[1],
                violations: check
                    .violations
                    .iter()
                    .filter(|v| v.segment() == i)
                    .cloned()
                    .collect(),
                turn_deg: check
                    .turns
                    .iter()
                    .find(|t| t.segment == i)
                    .map(|t| t.degrees),
            })
            .collect();
        Ok(PathReport {
            check,
            legs,
            crossed,
        })
    }

    /// The model pieces the Sichel blades of machine `machine` touch when it
    /// drives along `points` (P17): strips beside the long sides of its
    /// piece, swept along the path. Empty for a machine without Sichel or a
    /// piece.
    pub fn blade_touches(&self, table: &Table, machine: Id, points: &[Point]) -> Vec<u64> {
        let Some(m) = self.machine(machine) else {
            return Vec::new();
        };
        let (Some(_), Some(own)) = (m.card.sickle(), m.piece) else {
            return Vec::new();
        };
        let Some(piece) = table.piece(own) else {
            return Vec::new();
        };
        let (width, length) = footprint(piece);
        let others = self.obstacles(table, Some(own));
        let shapes: Vec<Shape> = others.iter().map(|p| p.shape.clone()).collect();
        let Ok(path) = Polyline::new(points.to_vec()) else {
            return Vec::new();
        };
        blade_victims(width, length, BLADE_REACH_CM, &path, &shapes)
            .map(|hit| {
                hit.iter()
                    .filter_map(|&i| others.get(i).map(|p| p.id))
                    .collect()
            })
            .unwrap_or_default()
    }
}
