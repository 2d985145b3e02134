//! Lines of sight past obstacles.

use crate::algo::{crossing_inside, segment_segment_distance};
use crate::prim::Prim;
use crate::{GEOMETRIC_EPSILON, Segment, Shape, algo};

/// Whether `segment` (a line of sight or of fire) crosses or touches the
/// area shape `obstacle`. Grazing the boundary counts as blocked; this is
/// the same condition as [`segment_intervals`](crate::segment_intervals)
/// being non-empty.
#[must_use]
pub fn segment_blocked(segment: &Segment, obstacle: &Shape) -> bool {
    let (s, e) = (segment.start(), segment.end());
    match Prim::from_shape(obstacle) {
        Prim::Disc { c, r } => segment.distance_to_point(c) <= r + GEOMETRIC_EPSILON,
        Prim::Poly { v } => {
            crossing_inside(&v, s)
                || algo::edges(&v)
                    .any(|(a, b)| segment_segment_distance(s, e, a, b) <= GEOMETRIC_EPSILON)
        }
    }
}

/// Indices (in order) of the `obstacles` that block `segment`
/// (see [`segment_blocked`]).
#[must_use]
pub fn blocking_obstacles(segment: &Segment, obstacles: &[Shape]) -> Vec<usize> {
    obstacles
        .iter()
        .enumerate()
        .filter(|(_, o)| segment_blocked(segment, o))
        .map(|(i, _)| i)
        .collect()
}
