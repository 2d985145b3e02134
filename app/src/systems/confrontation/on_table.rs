//! Resolutions drawn on the table canvas: a shot's line of fire, the
//! template where it was aimed and where it came down after its deviation
//! (C6), the models under it (hit or spared), a penetrating chain (C7);
//! the models a collision, the blades or a blast hit; the movement path of
//! a machine (C4, P18, P36) with each leg coloured by the crate's check;
//! and every figure killed by an applied result, crossed out. What to draw
//! comes from the crate ([`ShotInputs::overlay`], [`PathReport`]); this
//! file only turns it into canvas items.

use feldherr_confrontation::game::{
    ConfrontationKind, ConfrontationOutcome, ModelRef, PathReport, ShotInputs,
};
use feldherr_confrontation::{ConfrontationGame, Fate, HitResult, PenetrationStop};
use feldherr_play::SavedResolution;
use feldherr_table::Table;
use feldherr_table::geometry::Point;

use crate::i18n::Texts;
use crate::ui::table_canvas::{Overlay, OverlayItem, Tone};

fn tone_of(result: Option<&HitResult>) -> Tone {
    match result.map(|r| r.fate) {
        Some(Fate::Killed | Fate::Destroyed | Fate::Survives) => Tone::Hit,
        None => Tone::Miss,
    }
}

fn highlight(overlay: &mut Overlay, refs: &[ModelRef], model: usize, tone: Tone) {
    if let Some(piece) = refs.get(model).and_then(|r| r.piece) {
        overlay.highlights.push((piece, tone));
    }
}

/// The overlay of a shot, from the crate's [`ShotInputs::overlay`].
fn shot_overlay(
    texts: &Texts,
    shot: &ShotInputs,
    answers: &[feldherr_dice::step::Answer],
    outcome: Option<&ConfrontationOutcome>,
) -> Overlay {
    let mut overlay = Overlay::default();
    let outcome = match outcome {
        Some(ConfrontationOutcome::Shot(s) | ConfrontationOutcome::CounterFire(s)) => Some(s),
        _ => None,
    };
    let data = shot.overlay_at(answers, outcome);
    let Some(aimed_at) = data.aimed_at else {
        return overlay;
    };
    overlay.items.push(OverlayItem::Line {
        points: vec![data.from, aimed_at],
        tone: Tone::Aim,
        arrow: true,
        dashed: false,
        label: None,
    });
    if let Some(piece) = data.target_piece {
        overlay.highlights.push((piece, Tone::Aim));
    }
    if let Some(radius) = data.template_radius_cm {
        overlay.items.push(OverlayItem::Circle {
            center: aimed_at,
            radius,
            tone: Tone::Aim,
            dashed: true,
            label: None,
        });
        if let (Some(center), Some((cm, face))) = (data.landed_at, data.deviation) {
            overlay.items.push(OverlayItem::Line {
                points: vec![aimed_at, center],
                tone: Tone::Miss,
                arrow: true,
                dashed: false,
                label: Some(texts.f(
                    "conf.overlay.deviation",
                    &[("cm", &cm.to_string()), ("face", &face.to_string())],
                )),
            });
        }
        if let Some(center) = data.landed_at {
            overlay.items.push(OverlayItem::Circle {
                center,
                radius,
                tone: Tone::Hit,
                dashed: false,
                label: None,
            });
        }
    }
    if !data.chain.is_empty() {
        let mut points = vec![data.from];
        points.extend(&data.chain);
        let label = data.stop.map(|s| {
            texts
                .t(match s {
                    PenetrationStop::Stuck => "conf.overlay.stuck",
                    PenetrationStop::RangeEnd => "conf.overlay.range_end",
                })
                .to_owned()
        });
        overlay.items.push(OverlayItem::Line {
            points,
            tone: Tone::Hit,
            arrow: true,
            dashed: false,
            label,
        });
    }
    for m in &data.models {
        if let Some(piece) = m.piece {
            overlay.highlights.push((piece, tone_of(m.result.as_ref())));
        }
    }
    if data.jammed {
        overlay.items.push(OverlayItem::Label {
            at: data.from,
            text: texts.t("conf.overlay.jammed").to_owned(),
            tone: Tone::Violation,
            around: None,
        });
    }
    overlay
}

/// The overlay of resolution `saved` (empty for resolutions without a
/// place on the table).
pub fn resolution_overlay(texts: &Texts, saved: &SavedResolution<ConfrontationKind>) -> Overlay {
    // A shot or a counter-fire is drawn step by step: the landing point
    // and the template as soon as their dice are in.
    let shot = match saved.kind() {
        ConfrontationKind::CounterFire(c) => Some(&c.shot),
        kind => kind.shot(),
    };
    if let Some(shot) = shot {
        return shot_overlay(texts, shot, saved.answers(), saved.outcome());
    }
    let mut overlay = Overlay::default();
    let refs = saved.kind().refs();
    for i in 0..refs.len() {
        highlight(&mut overlay, refs, i, Tone::Hit);
    }
    overlay
}

/// A drawn path with each leg coloured by the crate's check (a leg with a
/// violation, P36 crossings among them, in the violation tone) and a label
/// for each course change.
pub fn path_overlay(texts: &Texts, points: &[Point], report: Option<&PathReport>) -> Overlay {
    let mut overlay = Overlay::default();
    let bad = |i: usize| {
        report
            .and_then(|r| r.legs.get(i))
            .is_some_and(|leg| !leg.violations.is_empty())
    };
    for (i, leg) in points.windows(2).enumerate() {
        overlay.items.push(OverlayItem::Line {
            points: leg.to_vec(),
            tone: if bad(i) { Tone::Violation } else { Tone::Path },
            arrow: i + 2 == points.len(),
            dashed: false,
            label: None,
        });
    }
    if let Some(report) = report {
        for (i, leg) in report.legs.iter().enumerate() {
            if let Some(degrees) = leg.turn_deg {
                overlay.items.push(OverlayItem::Label {
                    at: leg.from,
                    text: texts.f("conf.overlay.turn", &[("deg", &format!("{degrees:+.0}"))]),
                    tone: if bad(i) { Tone::Violation } else { Tone::Info },
                    around: None,
                });
            }
        }
        for piece in &report.crossed {
            overlay.highlights.push((*piece, Tone::Violation));
        }
    }
    overlay
}

/// Crosses out every figure killed by an applied result that is still on
/// the table.
pub fn cross_out_dead(
    texts: &Texts,
    overlay: &mut Overlay,
    game: &ConfrontationGame,
    table: &Table,
) {
    for piece in game.dead.iter().filter_map(|id| table.piece(*id)) {
        let b = piece.shape.bounds();
        let (min, max) = (b.min, b.max);
        let label = texts.f("conf.overlay.dead", &[("name", &piece.name)]);
        for (points, label) in [
            (vec![min, max], Some(label)),
            (
                vec![Point::new(min.x, max.y), Point::new(max.x, min.y)],
                None,
            ),
        ] {
            overlay.items.push(OverlayItem::Line {
                points,
                tone: Tone::Violation,
                arrow: false,
                dashed: false,
                label,
            });
        }
        overlay.highlights.push((piece.id, Tone::Violation));
    }
}
