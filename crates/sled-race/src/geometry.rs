//! Geometry helpers for the move: sweeps of a sled's footprint.

use feldherr_geometry::{
    Angle, Bounds, Contact, OrientedRect, Point, Shape, distance, sweep_intervals,
};

use crate::{RaceSettings, Sled, Terrain, TerrainKind, Track};

/// Slack below which a contact counts as "at the start" of a sweep.
pub(crate) const START_SLACK: f64 = 1e-6;

/// The footprint of `sled` as a shape.
pub(crate) fn footprint(sled: &Sled, settings: &RaceSettings) -> Option<Shape> {
    sled.outline(settings).map(Shape::Rect)
}

/// Bounds of `shape` moved up to `travel` along `heading`.
pub(crate) fn swept_bounds(shape: &Shape, heading: Angle, travel: f64) -> Bounds {
    let b = shape.bounds();
    let d = heading.direction().scale(travel);
    Bounds {
        min: Point::new(b.min.x.min(b.min.x + d.x), b.min.y.min(b.min.y + d.y)),
        max: Point::new(b.max.x.max(b.max.x + d.x), b.max.y.max(b.max.y + d.y)),
    }
}

/// Where along `travel` the moving shape first interpenetrates `other`
/// (a new contact: shapes already overlapping at the start are ignored,
/// P31); `None` if it does not.
pub(crate) fn first_contact(
    moving: &Shape,
    heading: Angle,
    travel: f64,
    other: &Shape,
) -> Option<f64> {
    first_contact_within(
        moving,
        swept_bounds(moving, heading, travel),
        heading,
        travel,
        other,
        other.bounds(),
    )
}

/// [`first_contact`] with both bounds known (the moving shape's swept
/// bounds and the other's bounds).
pub(crate) fn first_contact_within(
    moving: &Shape,
    swept: Bounds,
    heading: Angle,
    travel: f64,
    other: &Shape,
    other_bounds: Bounds,
) -> Option<f64> {
    if !swept.meets(other_bounds, 0.05) {
        return None;
    }
    let intervals = sweep_intervals(moving, heading, travel, other, Contact::Overlapping).ok()?;
    let first = intervals.first()?;
    (first.enter > START_SLACK).then_some(first.enter)
}

/// The terrain the moving shape overlaps during `travel` (any part of the
/// inch, S6).
pub(crate) fn crossed<'a>(
    moving: &Shape,
    heading: Angle,
    travel: f64,
    terrain: &'a [Terrain],
) -> Vec<&'a Terrain> {
    let bounds: Vec<Bounds> = terrain.iter().map(|t| t.shape.bounds()).collect();
    crossed_within(moving, heading, travel, terrain, &bounds)
}

/// [`crossed`] with the terrain's bounds known (`bounds[i]` of
/// `terrain[i]`).
pub(crate) fn crossed_within<'a>(
    moving: &Shape,
    heading: Angle,
    travel: f64,
    terrain: &'a [Terrain],
    bounds: &[Bounds],
) -> Vec<&'a Terrain> {
    let b = swept_bounds(moving, heading, travel);
    terrain
        .iter()
        .zip(bounds)
        .filter(|(_, tb)| b.meets(**tb, 0.05))
        .map(|(t, _)| t)
        .filter(|t| {
            sweep_intervals(moving, heading, travel, &t.shape, Contact::Overlapping)
                .map(|iv| iv.iter().any(|i| i.meets(0.0, travel)))
                .unwrap_or(false)
        })
        .collect()
}

/// Whether `shape` (standing) overlaps terrain of kind `kind`.
pub(crate) fn on_kind(shape: &Shape, track: &Track, kind: TerrainKind) -> bool {
    track
        .terrain
        .iter()
        .filter(|t| t.kind == kind)
        .any(|t| feldherr_geometry::overlaps(shape, &t.shape))
}

/// Whether two sleds touch (gap at most 0.1 in).
pub(crate) fn near(a: &Shape, b: &Shape) -> bool {
    distance(a, b) <= 0.1
}

/// The two long-side midpoints of a sled (S13 measures from them).
pub(crate) fn side_midpoints(rect: &OrientedRect) -> [Point; 2] {
    [rect.left_side_midpoint(), rect.right_side_midpoint()]
}
