//! Small numeric building blocks shared by the shapes and queries.

use crate::{Point, Vector};

/// Twice the signed area of triangle `a b c`: positive when counter-clockwise.
pub(crate) fn orient(a: Point, b: Point, c: Point) -> f64 {
    (b - a).cross(c - a)
}

/// Whether `p` (known to be collinear with `a b`) lies within their bounding box.
fn within_box(a: Point, b: Point, p: Point) -> bool {
    p.x >= a.x.min(b.x) && p.x <= a.x.max(b.x) && p.y >= a.y.min(b.y) && p.y <= a.y.max(b.y)
}

/// Whether the closed segments `p1 p2` and `q1 q2` share at least one point.
pub(crate) fn segments_intersect(p1: Point, p2: Point, q1: Point, q2: Point) -> bool {
    let o1 = orient(p1, p2, q1);
    let o2 = orient(p1, p2, q2);
    let o3 = orient(q1, q2, p1);
    let o4 = orient(q1, q2, p2);
    let opposite = |a: f64, b: f64| (a > 0.0 && b < 0.0) || (a < 0.0 && b > 0.0);
    if opposite(o1, o2) && opposite(o3, o4) {
        return true;
    }
    (o1 == 0.0 && within_box(p1, p2, q1))
        || (o2 == 0.0 && within_box(p1, p2, q2))
        || (o3 == 0.0 && within_box(q1, q2, p1))
        || (o4 == 0.0 && within_box(q1, q2, p2))
}

/// Whether the segments cross at a single interior point of both.
fn segments_cross_properly(p1: Point, p2: Point, q1: Point, q2: Point) -> bool {
    let opposite = |a: f64, b: f64| (a > 0.0 && b < 0.0) || (a < 0.0 && b > 0.0);
    opposite(orient(p1, p2, q1), orient(p1, p2, q2))
        && opposite(orient(q1, q2, p1), orient(q1, q2, p2))
}

/// Distance from `p` to the closed segment `a b` (which may be a point).
pub(crate) fn point_segment_distance(p: Point, a: Point, b: Point) -> f64 {
    let ab = b - a;
    let len2 = ab.length_squared();
    if len2 <= 0.0 {
        return p.distance_to(a);
    }
    let t = ((p - a).dot(ab) / len2).clamp(0.0, 1.0);
    p.distance_to(a + ab.scale(t))
}

/// Distance between the closed segments `p1 p2` and `q1 q2`.
pub(crate) fn segment_segment_distance(p1: Point, p2: Point, q1: Point, q2: Point) -> f64 {
    if segments_cross_properly(p1, p2, q1, q2) {
        return 0.0;
    }
    point_segment_distance(p1, q1, q2)
        .min(point_segment_distance(p2, q1, q2))
        .min(point_segment_distance(q1, p1, p2))
        .min(point_segment_distance(q2, p1, p2))
}

/// Signed area of a closed polygon (positive when counter-clockwise).
pub(crate) fn signed_area(vertices: &[Point]) -> f64 {
    edges(vertices)
        .map(|(a, b)| a.x * b.y - b.x * a.y)
        .sum::<f64>()
        / 2.0
}

/// The closed polygon's edges as `(from, to)` pairs, the last closing back
/// to the first vertex.
pub(crate) fn edges(vertices: &[Point]) -> impl Iterator<Item = (Point, Point)> + '_ {
    vertices
        .iter()
        .zip(vertices.iter().cycle().skip(1))
        .map(|(&a, &b)| (a, b))
}

/// Even-odd crossing test; points on the boundary may go either way.
pub(crate) fn crossing_inside(vertices: &[Point], p: Point) -> bool {
    let mut inside = false;
    for (a, b) in edges(vertices) {
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if p.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// Distance from `p` to the polygon's boundary.
pub(crate) fn boundary_distance(vertices: &[Point], p: Point) -> f64 {
    edges(vertices)
        .map(|(a, b)| point_segment_distance(p, a, b))
        .fold(f64::INFINITY, f64::min)
}

/// Area centroid of a simple polygon (vertex average if the area vanishes).
pub(crate) fn centroid(vertices: &[Point]) -> Point {
    let area = signed_area(vertices);
    if area == 0.0 {
        let n = vertices.len().max(1) as f64;
        let sum = vertices
            .iter()
            .fold(Vector::ZERO, |acc, p| acc + p.to_vector());
        return Point::new(sum.x / n, sum.y / n);
    }
    let (mut cx, mut cy) = (0.0, 0.0);
    for (a, b) in edges(vertices) {
        let w = a.x * b.y - b.x * a.y;
        cx += (a.x + b.x) * w;
        cy += (a.y + b.y) * w;
    }
    Point::new(cx / (6.0 * area), cy / (6.0 * area))
}
