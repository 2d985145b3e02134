//! Where a path, or a moving shape, meets a shape.

use serde::{Deserialize, Serialize};

use crate::error::non_negative;
use crate::prim::{self, Prim};
use crate::sweep::{classify, critical_travels, merge};
use crate::{
    Angle, CONTACT_TOLERANCE, GEOMETRIC_EPSILON, GeometryError, Interval, Polyline, Segment, Shape,
};

/// Which kind of contact a moving shape is checked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Contact {
    /// Gap at most [`CONTACT_TOLERANCE`] (see [`touching`](crate::touching)).
    Touching,
    /// Interpenetration by more than [`CONTACT_TOLERANCE`] (see
    /// [`overlaps`](crate::overlaps)).
    Overlapping,
}

/// The stretches of `path` that lie inside `shape` (boundary included), as
/// distances from the start of the segment. A path starting inside has an
/// interval entering at 0; a path that only grazes the boundary gets an
/// interval with `enter == leave`. Sorted and disjoint.
///
/// Exact up to floating-point rounding: all crossings with the shape's
/// outline are solved in closed form.
#[must_use]
pub fn segment_intervals(path: &Segment, shape: &Shape) -> Vec<Interval> {
    let target = Prim::from_shape(shape);
    let start = path.start();
    let len = path.length();
    let Some(dir) = path.vector().normalize() else {
        return if target.contains(start) {
            vec![Interval::new(0.0, 0.0)]
        } else {
            Vec::new()
        };
    };
    let events = critical_travels(&Prim::point(start), 0.0, &target, 0.0, dir, len);
    classify(&events, |s| target.contains(start + dir.scale(s)))
}

/// The stretches of a multi-leg `path` that lie inside `shape`, as distances
/// along the whole path from its start (see [`segment_intervals`]). A
/// stretch continuing across a bend is reported once.
#[must_use]
pub fn path_intervals(path: &Polyline, shape: &Shape) -> Vec<Interval> {
    let mut all = Vec::new();
    let mut offset = 0.0;
    for leg in path.segments() {
        all.extend(
            segment_intervals(&leg, shape)
                .into_iter()
                .map(|iv| Interval::new(iv.enter + offset, iv.leave + offset)),
        );
        offset += leg.length();
    }
    merge(all, GEOMETRIC_EPSILON)
}

/// The stretches of travel during which `moving`, slid in a straight line
/// along `heading` for `travel` units, is in the given kind of `contact`
/// with `other`. Distances are measured from the starting position; an
/// interval entering at 0 means contact at the start. Sorted and disjoint.
///
/// Sample-free and exact up to floating-point rounding: every travel at
/// which contact can begin or end (a corner of one outline reaching an edge
/// or arc of the other, or two edges/arcs becoming tangent, with the
/// outlines grown or shrunk by the tolerance as the contact kind requires)
/// is solved in closed form, and each stretch between two such travels is
/// classified by one exact test at its middle.
///
/// This is what inch-by-inch movement needs: the inch from `k` to `k + 1`
/// touches `other` exactly when some interval
/// [`meets`](Interval::meets)`(k, k + 1)`.
///
/// # Errors
/// [`GeometryError::NotFinite`] or [`GeometryError::Negative`] for a bad
/// `travel`.
pub fn sweep_intervals(
    moving: &Shape,
    heading: Angle,
    travel: f64,
    other: &Shape,
    contact: Contact,
) -> Result<Vec<Interval>, GeometryError> {
    non_negative("travel", travel)?;
    let m = Prim::from_shape(moving);
    let o = Prim::from_shape(other);
    let dir = heading.direction();
    Ok(match contact {
        Contact::Touching => {
            let events = critical_travels(&m, 0.0, &o, -CONTACT_TOLERANCE, dir, travel);
            classify(&events, |s| {
                prim::distance(&m.translate(dir.scale(s)), &o)
                    <= CONTACT_TOLERANCE + GEOMETRIC_EPSILON
            })
        }
        Contact::Overlapping => {
            let half = CONTACT_TOLERANCE / 2.0;
            let events = critical_travels(&m, half, &o, half, dir, travel);
            classify(&events, |s| {
                prim::overlap(&m.translate(dir.scale(s)), &o, half)
            })
        }
    })
}
