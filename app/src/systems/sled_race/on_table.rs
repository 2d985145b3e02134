//! What the race draws over the table canvas: each sled's facing arrow
//! with its speed and wounds, the six zones of the selected sled (S4), the
//! planned path of the next move with the inches that cross terrain
//! highlighted, the angle being aimed, and the path of a finished move.

use feldherr_play::Id;
use feldherr_sled_race::{PlannedInch, Race, SledStatus, zone_key};
use feldherr_table::geometry::{Angle, Point};

use crate::i18n::Texts;
use crate::ui::table_canvas::{Overlay, OverlayItem, Tone};

/// How far the zone boundaries reach from the sled's centre, in inches.
const ZONE_REACH: f64 = 8.0;

pub fn at(center: Point, degrees: f64, distance: f64) -> Point {
    match Angle::from_degrees(degrees) {
        Ok(a) => center.translate(a.direction().scale(distance)),
        Err(_) => center,
    }
}

/// The id of the facing or turn grip the race puts on the table.
pub const ANGLE_HANDLE: u64 = 1;

/// How far from the sled's centre the facing or turn grip sits, in inches.
pub const ANGLE_HANDLE_REACH: f64 = 6.0;

/// The signed turn (degrees, CCW positive, -180 to 180) from `facing` to
/// the bearing `to`.
pub fn turn_between(facing: Angle, to: f64) -> f64 {
    Angle::from_degrees(to).map_or(0.0, |to| Angle::signed_between(facing, to))
}

/// Everything the race draws over the table for one frame.
///
/// `selected` is the sled whose zones are drawn; `plan` the planned inches
/// of the next move; `aim` a facing or turn being aimed (from, bearing);
/// `moved` the path of a finished move to show.
pub fn race_overlay(
    texts: &Texts,
    race: &Race,
    selected: Option<Id>,
    plan: &[PlannedInch],
    aim: Option<(Point, f64)>,
    moved: Option<&[Point]>,
) -> Overlay {
    let mut overlay = Overlay::default();
    let Some(state) = race.state() else {
        return overlay;
    };
    let settings = state.settings;
    for sled in &state.sleds {
        if !state.placed || matches!(sled.status, SledStatus::Out { .. }) {
            continue;
        }
        let tone = if Some(sled.id) == selected {
            Tone::Aim
        } else {
            Tone::Info
        };
        let nose = at(
            sled.center,
            sled.facing.degrees(),
            settings.sled_length / 2.0 + 1.5,
        );
        overlay.push(OverlayItem::line(vec![sled.center, nose], tone).arrow());
        let numbers = [
            ("speed", sled.speed.to_string()),
            ("sled", sled.sled_wounds.to_string()),
            ("driver", sled.driver_wounds.to_string()),
        ];
        let numbers: Vec<(&str, &str)> = numbers.iter().map(|(k, v)| (*k, v.as_str())).collect();
        if let Some(piece) = sled.piece {
            // Speed and wounds follow the driver's name in the piece's own
            // label, which the canvas places clear of the other names (ten
            // sleds side by side at the start line).
            overlay.caption(piece, texts.f("race.table.sled.caption", &numbers));
            overlay.highlight(piece, tone);
        } else {
            let mut args = numbers.clone();
            args.push(("name", sled.driver.name.as_str()));
            let below = Point::new(
                sled.center.x,
                sled.center.y - settings.sled_width / 2.0 - 1.2,
            );
            overlay.push(OverlayItem::label(
                below,
                texts.f("race.table.sled", &args),
                tone,
            ));
        }
        if Some(sled.id) == selected {
            for (zone, from, to) in sled.zone_sectors() {
                overlay.push(
                    OverlayItem::line(
                        vec![sled.center, at(sled.center, from, ZONE_REACH)],
                        Tone::Aim,
                    )
                    .dashed(),
                );
                overlay.push(OverlayItem::label(
                    at(sled.center, (from + to) / 2.0, ZONE_REACH * 0.8),
                    texts.t(zone_key(zone)),
                    Tone::Aim,
                ));
            }
        }
    }
    for inch in plan {
        let (tone, label) = if inch.terrain.is_empty() {
            (Tone::Path, None)
        } else {
            let names: Vec<String> = inch
                .terrain
                .iter()
                .map(|k| texts.t(&k.key()).to_owned())
                .collect();
            (
                Tone::Violation,
                Some(texts.f(
                    "race.plan.inch",
                    &[
                        ("n", &inch.inch.to_string()),
                        ("terrain", &names.join(", ")),
                    ],
                )),
            )
        };
        let mut item = OverlayItem::line(vec![inch.from, inch.to], tone);
        if plan.last().is_some_and(|l| l.inch == inch.inch) {
            item = item.arrow();
        }
        if let Some(label) = label {
            item = item.labelled(label);
        }
        overlay.push(item);
    }
    if let Some((from, bearing)) = aim {
        overlay.push(
            OverlayItem::line(vec![from, at(from, bearing, 8.0)], Tone::Aim)
                .arrow()
                .labelled(format!("{bearing:.0}°")),
        );
    }
    if let Some(path) = moved.filter(|p| p.len() >= 2) {
        overlay.push(
            OverlayItem::line(path.to_vec(), Tone::Hit)
                .arrow()
                .labelled(texts.t("race.table.moved")),
        );
    }
    overlay
}
