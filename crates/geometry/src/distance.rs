//! Distance, contact, overlap and containment between shapes.

use crate::prim::{self, Prim};
use crate::{CONTACT_TOLERANCE, Point, Shape};

/// Edge-to-edge distance between two shapes: the length of the shortest
/// straight line from any point of one to any point of the other. Zero when
/// they touch or overlap. Symmetric.
#[must_use]
pub fn distance(a: &Shape, b: &Shape) -> f64 {
    prim::distance(&Prim::from_shape(a), &Prim::from_shape(b))
}

/// Distance from a point to a shape: zero inside or on the boundary.
#[must_use]
pub fn distance_point_shape(point: Point, shape: &Shape) -> f64 {
    shape.distance_to_point(point)
}

/// Distance between two points.
#[must_use]
pub fn distance_points(a: Point, b: Point) -> f64 {
    a.distance_to(b)
}

/// Base contact: the gap between the shapes is at most
/// [`CONTACT_TOLERANCE`]. Overlapping shapes are touching too.
#[must_use]
pub fn touching(a: &Shape, b: &Shape) -> bool {
    distance(a, b) <= CONTACT_TOLERANCE
}

/// Whether the shapes overlap by more than [`CONTACT_TOLERANCE`]: the region
/// they share is more than the tolerance across, that is, it holds a disc of
/// diameter `CONTACT_TOLERANCE`. (Two circles overlap when their radii
/// interpenetrate by more than the tolerance; two squares when they overlap
/// by more than the tolerance in both directions; a square corner must poke
/// about 0.0121 into a straight edge, as the shared sliver is narrower than
/// its depth.) Pieces in base contact,
/// or squeezed together by rounding, do not overlap. The exact boundary case
/// may go either way by rounding.
///
/// Computed exactly: the shapes are shrunk by half the tolerance (the shrunk
/// outline consists of offset edges and arcs) and the finitely many
/// candidate points where a shared point must show up are tested.
#[must_use]
pub fn overlaps(a: &Shape, b: &Shape) -> bool {
    prim::overlap(
        &Prim::from_shape(a),
        &Prim::from_shape(b),
        CONTACT_TOLERANCE / 2.0,
    )
}

/// Whether `point` lies inside `shape` or on its boundary; exactly when
/// [`distance_point_shape`] is zero.
#[must_use]
pub fn contains_point(shape: &Shape, point: Point) -> bool {
    shape.contains_point(point)
}

/// Whether `inner` lies wholly within `outer`, allowing it to stick out by
/// at most [`CONTACT_TOLERANCE`] (so a stand flush with the edge of a wood
/// is wholly inside it). Computed exactly by splitting the outline of
/// `inner` where it crosses the tolerance-grown outline of `outer`. (For a
/// concave `outer` with a gap narrower than twice the tolerance, the gap
/// counts as closed.)
#[must_use]
pub fn contains_wholly(outer: &Shape, inner: &Shape) -> bool {
    prim::within(
        &Prim::from_shape(inner),
        &Prim::from_shape(outer),
        CONTACT_TOLERANCE,
    )
}

/// Whether `inner` lies at least partly within `outer`: they
/// [`overlaps`], or `inner` is wholly within `outer` (which matters for
/// shapes smaller than the tolerance). Shapes merely in base contact from
/// outside are not partly within each other. Implied by
/// [`contains_wholly`].
#[must_use]
pub fn contains_partly(outer: &Shape, inner: &Shape) -> bool {
    overlaps(outer, inner) || contains_wholly(outer, inner)
}
