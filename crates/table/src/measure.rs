//! Measuring between pieces and points, as a referee's tape does.

use feldherr_geometry::{GEOMETRIC_EPSILON, Point, Shape, distance, distance_points};
use serde::{Deserialize, Serialize};

use crate::Piece;

/// Edge-to-edge distance between two pieces: the shortest straight line
/// from any point of one to any point of the other; zero when they touch or
/// overlap.
#[must_use]
pub fn measure(a: &Piece, b: &Piece) -> f64 {
    distance(&a.shape, &b.shape)
}

/// Point-to-point distance.
#[must_use]
pub fn measure_points(a: Point, b: Point) -> f64 {
    distance_points(a, b)
}

/// A measured distance with the line to draw for it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Measurement {
    /// Where the tape starts (on or in the first shape).
    pub from: Point,
    /// Where it ends (on or in the second shape).
    pub to: Point,
    /// The distance, from `feldherr_geometry` (exact; the line's length
    /// agrees up to rounding, and is zero when the shapes touch or overlap).
    pub distance: f64,
}

impl Measurement {
    /// Edge to edge between two shapes, drawn between their nearest points.
    #[must_use]
    pub fn between(a: &Shape, b: &Shape) -> Measurement {
        let d = distance(a, b);
        let (from, to) = nearest_points(a, b, d);
        Measurement {
            from,
            to,
            distance: d,
        }
    }

    /// Between two pieces, edge to edge.
    #[must_use]
    pub fn pieces(a: &Piece, b: &Piece) -> Measurement {
        Measurement::between(&a.shape, &b.shape)
    }

    /// Point to point.
    #[must_use]
    pub fn points(a: Point, b: Point) -> Measurement {
        Measurement {
            from: a,
            to: b,
            distance: distance_points(a, b),
        }
    }

    /// From the edge of `shape` to `point` (zero inside the shape).
    #[must_use]
    pub fn shape_point(shape: &Shape, point: Point) -> Measurement {
        let d = shape.distance_to_point(point);
        let from = if d <= GEOMETRIC_EPSILON {
            point
        } else {
            match outline(shape) {
                Outline::Disc(c, r) => toward(c, point, r),
                Outline::Poly(v) => closest_on_boundary(&v, point),
            }
        };
        Measurement {
            from,
            to: point,
            distance: d,
        }
    }
}

/// A shape reduced to what nearest points need.
enum Outline {
    Disc(Point, f64),
    Poly(Vec<Point>),
}

fn outline(shape: &Shape) -> Outline {
    match shape {
        Shape::Circle(c) => Outline::Disc(c.center(), c.radius()),
        Shape::Rect(r) => Outline::Poly(r.corners().to_vec()),
        Shape::Polygon(p) => Outline::Poly(p.vertices().to_vec()),
    }
}

/// The point `r` from `c` toward `p` (`c` itself if they coincide).
fn toward(c: Point, p: Point, r: f64) -> Point {
    (p - c).normalize().map_or(c, |dir| c + dir.scale(r))
}

fn closest_on_segment(p: Point, a: Point, b: Point) -> Point {
    let ab = b - a;
    let len2 = ab.length_squared();
    if len2 == 0.0 {
        return a;
    }
    let t = ((p - a).dot(ab) / len2).clamp(0.0, 1.0);
    a + ab.scale(t)
}

fn closest_on_boundary(vertices: &[Point], p: Point) -> Point {
    let n = vertices.len();
    let mut best = vertices.first().copied().unwrap_or(p);
    let mut best_d = f64::INFINITY;
    for i in 0..n {
        let q = closest_on_segment(p, vertices[i], vertices[(i + 1) % n]);
        let d = q.distance_to(p);
        if d < best_d {
            best_d = d;
            best = q;
        }
    }
    best
}

/// The closest pair between two polygon boundaries.
fn closest_between(a: &[Point], b: &[Point]) -> (Point, Point) {
    let mut best = (Point::ORIGIN, Point::ORIGIN);
    let mut best_d = f64::INFINITY;
    for &v in a {
        let q = closest_on_boundary(b, v);
        let d = q.distance_to(v);
        if d < best_d {
            best_d = d;
            best = (v, q);
        }
    }
    for &v in b {
        let q = closest_on_boundary(a, v);
        let d = q.distance_to(v);
        if d < best_d {
            best_d = d;
            best = (q, v);
        }
    }
    best
}

/// A point where an edge of polygon `a` crosses an edge of polygon `b`.
fn edge_crossing(a: &[Point], b: &[Point]) -> Option<Point> {
    let perp = |x1: f64, y1: f64, x2: f64, y2: f64| x1 * y2 - y1 * x2;
    let edges = |v: &[Point]| {
        let n = v.len();
        (0..n).map(|i| (v[i], v[(i + 1) % n])).collect::<Vec<_>>()
    };
    let b_edges = edges(b);
    for (p1, p2) in edges(a) {
        let (rx, ry) = (p2.x - p1.x, p2.y - p1.y);
        for &(q1, q2) in &b_edges {
            let (sx, sy) = (q2.x - q1.x, q2.y - q1.y);
            let denom = perp(rx, ry, sx, sy);
            if denom.abs() <= f64::EPSILON {
                // Parallel edges: if they share a stretch, a corner of one
                // lies on the other and was found before.
                continue;
            }
            let (wx, wy) = (q1.x - p1.x, q1.y - p1.y);
            let t = perp(wx, wy, sx, sy) / denom;
            let u = perp(wx, wy, rx, ry) / denom;
            if (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u) {
                return Some(Point::new(p1.x + t * rx, p1.y + t * ry));
            }
        }
    }
    None
}

/// Nearest points of two shapes `d` apart; when they touch or overlap, one
/// point they share (twice).
fn nearest_points(a: &Shape, b: &Shape, d: f64) -> (Point, Point) {
    let touching = d <= GEOMETRIC_EPSILON;
    match (outline(a), outline(b)) {
        (Outline::Disc(c1, r1), Outline::Disc(c2, r2)) => {
            let p1 = toward(c1, c2, r1);
            let p2 = toward(c2, c1, r2);
            if touching {
                let m = if b.contains_point(c1) && a.contains_point(c2) {
                    c1.midpoint(c2)
                } else if b.contains_point(c1) {
                    c1
                } else if a.contains_point(c2) {
                    c2
                } else {
                    p1.midpoint(p2)
                };
                (m, m)
            } else {
                (p1, p2)
            }
        }
        (Outline::Disc(c, r), Outline::Poly(v)) => disc_poly(c, r, &v, b, touching),
        (Outline::Poly(v), Outline::Disc(c, r)) => {
            let (q, p) = disc_poly(c, r, &v, a, touching);
            (p, q)
        }
        (Outline::Poly(va), Outline::Poly(vb)) => {
            if touching {
                let shared = va
                    .iter()
                    .find(|&&v| b.contains_point(v))
                    .or_else(|| vb.iter().find(|&&v| a.contains_point(v)))
                    .copied()
                    // No corner inside the other shape: two edges cross.
                    .or_else(|| edge_crossing(&va, &vb))
                    .unwrap_or_else(|| {
                        let (p, q) = closest_between(&va, &vb);
                        p.midpoint(q)
                    });
                (shared, shared)
            } else {
                closest_between(&va, &vb)
            }
        }
    }
}

/// Nearest points of a disc and a polygon shape (`poly` its vertices):
/// (on the disc, on the polygon).
fn disc_poly(c: Point, r: f64, poly: &[Point], shape: &Shape, touching: bool) -> (Point, Point) {
    let q = closest_on_boundary(poly, c);
    if touching {
        let m = if shape.contains_point(c) { c } else { q };
        (m, m)
    } else {
        (toward(c, q, r), q)
    }
}
