//! Resolutions drawn on the table canvas: a shot's line of fire, the
//! template where it was aimed and where it came down after its deviation
//! (C6), the models under it (hit or spared), a penetrating chain (C7);
//! the models a collision, the blades or a blast hit. And the movement
//! path of a machine (C4, P18) with each leg coloured by its check.

use feldherr_confrontation::{
    Fate, FireResult, HitResult, MovePath, MoveViolation, PathCheck, PenetrationStop,
};
use feldherr_table::geometry::{Point, Polyline};

use super::game::{ResolutionKind, Saved, SavedResolution, conf};
use super::model::{ModelRef, ShotOutcome};
use crate::document::GameDoc;
use crate::ui::table_canvas::{Overlay, OverlayItem, Tone};

fn tone_of(result: Option<&HitResult>) -> Tone {
    match result.map(|r| r.fate) {
        Some(Fate::Killed | Fate::Destroyed) => Tone::Hit,
        Some(Fate::Survives) => Tone::Hit,
        None => Tone::Miss,
    }
}

fn highlight(overlay: &mut Overlay, refs: &[ModelRef], model: usize, tone: Tone) {
    if let Some(piece) = refs.get(model).and_then(|r| r.piece) {
        overlay.highlights.push((piece, tone));
    }
}

/// The overlay of resolution `saved` (empty for resolutions without a
/// place on the table).
pub fn resolution_overlay(saved: &SavedResolution) -> Overlay {
    let mut overlay = Overlay::default();
    if let Some((shot, outcome)) = saved.shot() {
        let Some(target) = shot.models.get(shot.target) else {
            return overlay;
        };
        overlay.items.push(OverlayItem::Line {
            points: vec![shot.shooter, target.center],
            tone: Tone::Aim,
            arrow: true,
            dashed: false,
            label: None,
        });
        highlight(&mut overlay, &shot.refs, shot.target, Tone::Aim);
        match (&shot.ammunition, outcome) {
            (feldherr_confrontation::Ammunition::Zone, outcome) => {
                overlay.items.push(OverlayItem::Circle {
                    center: target.center,
                    radius: shot.template_cm / 2.0,
                    tone: Tone::Aim,
                    dashed: true,
                    label: None,
                });
                if let Some(ShotOutcome::Zone(z)) = outcome {
                    if let (Some(center), Some((cm, face))) = (z.center, z.deviation) {
                        overlay.items.push(OverlayItem::Line {
                            points: vec![target.center, center],
                            tone: Tone::Miss,
                            arrow: true,
                            dashed: false,
                            label: Some(format!("{cm} cm, {face}")),
                        });
                    }
                    if let Some(center) = z.center {
                        overlay.items.push(OverlayItem::Circle {
                            center,
                            radius: shot.template_cm / 2.0,
                            tone: Tone::Hit,
                            dashed: false,
                            label: None,
                        });
                    }
                    for h in &z.hits {
                        highlight(
                            &mut overlay,
                            &shot.refs,
                            h.model,
                            tone_of(h.result.as_ref()),
                        );
                    }
                    if z.fire == FireResult::Jammed {
                        overlay.items.push(OverlayItem::Label {
                            at: shot.shooter,
                            text: "jammed".into(),
                            tone: Tone::Violation,
                        });
                    }
                }
            }
            (feldherr_confrontation::Ammunition::Penetrating, Some(outcome)) => {
                if let ShotOutcome::Penetrating {
                    chain: Some(chain), ..
                } = &outcome
                {
                    let mut points = vec![shot.shooter];
                    for (model, _, result) in &chain.hits {
                        if let Some(m) = shot.models.get(*model) {
                            points.push(m.center);
                        }
                        highlight(&mut overlay, &shot.refs, *model, tone_of(Some(result)));
                    }
                    let label = match chain.stop {
                        PenetrationStop::Stuck => "stuck",
                        PenetrationStop::RangeEnd => "range end",
                    };
                    overlay.items.push(OverlayItem::Line {
                        points,
                        tone: Tone::Hit,
                        arrow: true,
                        dashed: false,
                        label: Some(label.into()),
                    });
                }
            }
            (feldherr_confrontation::Ammunition::Penetrating, None) => {}
        }
        return overlay;
    }
    let refs: &[ModelRef] = match saved.resolver() {
        ResolutionKind::ConfrontationRamming(r) => &r.refs,
        ResolutionKind::ConfrontationSickle(r) => &r.refs,
        ResolutionKind::ConfrontationHits(h) => &h.refs,
        _ => &[],
    };
    for i in 0..refs.len() {
        highlight(&mut overlay, refs, i, Tone::Hit);
    }
    overlay
}

/// Checks a drawn path of machine `machine` and colours its legs: legal
/// legs in the path tone, a leg with a violation in the violation tone,
/// and a label for each course change.
pub fn path_overlay(points: &[Point], check: Option<&PathCheck>) -> Overlay {
    let mut overlay = Overlay::default();
    let bad: Vec<usize> = check
        .map(|c| c.violations.iter().map(MoveViolation::segment).collect())
        .unwrap_or_default();
    for (i, leg) in points.windows(2).enumerate() {
        overlay.items.push(OverlayItem::Line {
            points: leg.to_vec(),
            tone: if bad.contains(&i) {
                Tone::Violation
            } else {
                Tone::Path
            },
            arrow: i + 2 == points.len(),
            dashed: false,
            label: None,
        });
    }
    if let Some(check) = check {
        for turn in &check.turns {
            if let Some(at) = points.get(turn.segment) {
                overlay.items.push(OverlayItem::Label {
                    at: *at,
                    text: format!("{:+.0} deg", turn.degrees),
                    tone: if bad.contains(&turn.segment) {
                        Tone::Violation
                    } else {
                        Tone::Info
                    },
                });
            }
        }
    }
    overlay
}

/// Checks `points` as a path of `rules`; `None` while it has no leg.
pub fn check_path(rules: &MovePath, points: &[Point]) -> Option<Result<PathCheck, String>> {
    if points.len() < 2 {
        return None;
    }
    let path = Polyline::new(points.to_vec()).map_err(|e| e.to_string());
    Some(path.and_then(|p| rules.check(&p).map_err(|e| e.to_string())))
}

/// The start of a machine's path: its piece's centre and facing.
pub fn machine_start(
    game: &GameDoc,
    machine: usize,
) -> Option<(Point, feldherr_table::geometry::Angle)> {
    let piece = conf(game).machines.get(machine)?.piece?;
    let table = game.table_or_default();
    let p = table.piece(piece)?;
    Some((
        p.center(),
        p.facing_angle()
            .unwrap_or(feldherr_table::geometry::Angle::ZERO),
    ))
}

/// Reach of the Sichel blades beside the hull, in cm (P17).
pub const BLADE_REACH_CM: f64 = 1.0;

/// The model pieces the Sichel blades of machine `machine` touch when it
/// drives along `points` (P17): strips beside the long sides of its piece,
/// swept along the path. Empty for a machine without Sichel or a piece.
pub fn blade_touches(game: &GameDoc, machine: usize, points: &[Point]) -> Vec<u64> {
    let Some(m) = conf(game).machines.get(machine) else {
        return Vec::new();
    };
    let (Some(_), Some(own)) = (m.card.sickle(), m.piece) else {
        return Vec::new();
    };
    let table = game.table_or_default();
    let Some(piece) = table.piece(own) else {
        return Vec::new();
    };
    let (width, length) = match &piece.shape {
        feldherr_table::geometry::Shape::Rect(r) => (r.width(), r.length()),
        other => {
            let b = other.bounds();
            (b.max.x - b.min.x, b.max.y - b.min.y)
        }
    };
    let others: Vec<&feldherr_table::Piece> = table
        .pieces()
        .iter()
        .filter(|p| p.layer == feldherr_table::Layer::Model && p.id != own)
        .collect();
    let shapes: Vec<feldherr_table::geometry::Shape> =
        others.iter().map(|p| p.shape.clone()).collect();
    let Ok(path) = Polyline::new(points.to_vec()) else {
        return Vec::new();
    };
    feldherr_confrontation::blade_victims(width, length, BLADE_REACH_CM, &path, &shapes)
        .map(|hit| hit.iter().map(|&i| others[i].id).collect())
        .unwrap_or_default()
}
