//! Lines and circles that bound shapes and their offsets (internal).
//!
//! Every boundary this crate reasons about (a shape's edges, its outline
//! grown or shrunk by a tolerance) is made of pieces of straight lines and
//! circles. The exact queries enumerate the finitely many points and travel
//! distances where such curves meet, instead of sampling.

use crate::{Point, Vector};

/// How far apart two curves may be and still count as tangent.
const TANGENT_SLACK: f64 = 1e-9;
/// Cross products of unit vectors below this count as parallel.
const PARALLEL: f64 = 1e-12;

/// An infinite straight line or a full circle.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Curve {
    /// The line through `p` along the unit vector `d`.
    Line { p: Point, d: Vector },
    /// The circle of radius `r` around `c` (a point when `r == 0`).
    Circle { c: Point, r: f64 },
}

impl Curve {
    /// The lowest point of a circle.
    pub(crate) fn bottom(self) -> Option<Point> {
        match self {
            Curve::Line { .. } => None,
            Curve::Circle { c, r } => Some(Point::new(c.x, c.y - r)),
        }
    }
}

/// Pushes the points where `a` and `b` meet (touching counts) onto `out`.
pub(crate) fn intersections(a: Curve, b: Curve, out: &mut Vec<Point>) {
    match (a, b) {
        (Curve::Line { p: p1, d: d1 }, Curve::Line { p: p2, d: d2 }) => {
            let cross = d1.cross(d2);
            if cross.abs() > PARALLEL {
                let t = (p2 - p1).cross(d2) / cross;
                out.push(p1 + d1.scale(t));
            }
        }
        (Curve::Line { p, d }, Curve::Circle { c, r })
        | (Curve::Circle { c, r }, Curve::Line { p, d }) => {
            let foot = p + d.scale((c - p).dot(d));
            let h = c.distance_to(foot);
            if h <= r + TANGENT_SLACK {
                let k = (r * r - h * h).max(0.0).sqrt();
                out.push(foot + d.scale(k));
                if k > 0.0 {
                    out.push(foot - d.scale(k));
                }
            }
        }
        (Curve::Circle { c: c1, r: r1 }, Curve::Circle { c: c2, r: r2 }) => {
            let v = c2 - c1;
            let dist = v.length();
            if dist <= 1e-15
                || dist > r1 + r2 + TANGENT_SLACK
                || dist < (r1 - r2).abs() - TANGENT_SLACK
            {
                return;
            }
            let u = v.scale(1.0 / dist);
            let a = (r1 * r1 - r2 * r2 + dist * dist) / (2.0 * dist);
            let h = (r1 * r1 - a * a).max(0.0).sqrt();
            let mid = c1 + u.scale(a);
            out.push(mid + u.perp().scale(h));
            if h > 0.0 {
                out.push(mid - u.perp().scale(h));
            }
        }
    }
}

/// Pushes every travel `s` at which the moving point `p + s·dir` lies on
/// `curve` (`dir` is a unit vector).
pub(crate) fn point_hits(p: Point, dir: Vector, curve: Curve, out: &mut Vec<f64>) {
    match curve {
        Curve::Line { p: q, d } => {
            let n = d.perp();
            let denom = dir.dot(n);
            if denom.abs() > PARALLEL {
                out.push((q - p).dot(n) / denom);
            }
        }
        Curve::Circle { c, r } => {
            let w = p - c;
            let b = w.dot(dir);
            let mut disc = b * b - (w.length_squared() - r * r);
            if disc < 0.0 {
                // Allow grazing contacts lost to rounding.
                if disc > -2.0 * TANGENT_SLACK * (r + TANGENT_SLACK) {
                    disc = 0.0;
                } else {
                    return;
                }
            }
            let root = disc.sqrt();
            out.push(-b - root);
            out.push(-b + root);
        }
    }
}

/// Pushes every travel `s` at which `moving`, translated by `s·dir`, is
/// tangent to or coincides with `fixed` (`dir` is a unit vector).
pub(crate) fn tangencies(moving: Curve, fixed: Curve, dir: Vector, out: &mut Vec<f64>) {
    match (moving, fixed) {
        (Curve::Line { p: p1, d: d1 }, Curve::Line { p: p2, d: d2 }) => {
            if d1.cross(d2).abs() <= PARALLEL {
                point_hits(p1, dir, Curve::Line { p: p2, d: d2 }, out);
            }
        }
        (Curve::Line { p, d }, Curve::Circle { c, r }) => {
            // Signed distance from c to the moving line: (c - p - s·dir)·n = ±r.
            let n = d.perp();
            let denom = dir.dot(n);
            if denom.abs() > PARALLEL {
                let base = (c - p).dot(n);
                out.push((base - r) / denom);
                out.push((base + r) / denom);
            }
        }
        (Curve::Circle { c, r }, Curve::Line { p, d }) => {
            // (c + s·dir - p)·n = ±r.
            let n = d.perp();
            let denom = dir.dot(n);
            if denom.abs() > PARALLEL {
                let base = (p - c).dot(n);
                out.push((base - r) / denom);
                out.push((base + r) / denom);
            }
        }
        (Curve::Circle { c: c1, r: r1 }, Curve::Circle { c: c2, r: r2 }) => {
            point_hits(c1, dir, Curve::Circle { c: c2, r: r1 + r2 }, out);
            point_hits(
                c1,
                dir,
                Curve::Circle {
                    c: c2,
                    r: (r1 - r2).abs(),
                },
                out,
            );
        }
    }
}
