//! The internal form every area shape is reduced to, and the exact
//! predicates on it.
//!
//! A shape is either a disc or a counter-clockwise simple polygon. Its
//! *depth* at a point is the signed distance to its boundary, positive
//! inside. The *level set* at `t` is `{p : depth(p) >= t}`: for `t < 0` the
//! shape grown by `-t`, for `t > 0` the shape shrunk (eroded) by `t`. Its
//! boundary lies on the *level curves*: the edges' lines offset by `t` and
//! circles of radius `|t|` around the vertices (reflex ones when shrinking,
//! convex ones when growing).

use crate::algo::{self, boundary_distance, crossing_inside, orient, segment_segment_distance};
use crate::curve::{Curve, intersections};
use crate::{Bounds, GEOMETRIC_EPSILON, Point, Shape, Vector};

/// A disc or a counter-clockwise simple polygon.
#[derive(Debug, Clone)]
pub(crate) enum Prim {
    Disc { c: Point, r: f64 },
    Poly { v: Vec<Point> },
}

impl Prim {
    pub(crate) fn from_shape(shape: &Shape) -> Prim {
        match shape {
            Shape::Circle(c) => Prim::Disc {
                c: c.center(),
                r: c.radius(),
            },
            Shape::Rect(r) => Prim::Poly {
                v: r.corners().to_vec(),
            },
            Shape::Polygon(p) => Prim::Poly {
                v: p.ccw_vertices(),
            },
        }
    }

    pub(crate) fn point(p: Point) -> Prim {
        Prim::Disc { c: p, r: 0.0 }
    }

    pub(crate) fn translate(&self, offset: Vector) -> Prim {
        match self {
            Prim::Disc { c, r } => Prim::Disc {
                c: *c + offset,
                r: *r,
            },
            Prim::Poly { v } => Prim::Poly {
                v: v.iter().map(|&p| p + offset).collect(),
            },
        }
    }

    pub(crate) fn bounds(&self) -> Bounds {
        match self {
            Prim::Disc { c, r } => Bounds {
                min: Point::new(c.x - r, c.y - r),
                max: Point::new(c.x + r, c.y + r),
            },
            Prim::Poly { v } => Bounds::from_points(v.iter().copied()).unwrap_or(Bounds {
                min: Point::ORIGIN,
                max: Point::ORIGIN,
            }),
        }
    }

    /// Signed distance from `p` to the boundary, positive inside.
    pub(crate) fn depth(&self, p: Point) -> f64 {
        match self {
            Prim::Disc { c, r } => r - p.distance_to(*c),
            Prim::Poly { v } => {
                let d = boundary_distance(v, p);
                if crossing_inside(v, p) { d } else { -d }
            }
        }
    }

    /// Whether `p` is inside or on the boundary (up to `GEOMETRIC_EPSILON`).
    pub(crate) fn contains(&self, p: Point) -> bool {
        self.depth(p) >= -GEOMETRIC_EPSILON
    }

    /// Distance from `p` to the shape, snapped to zero exactly when
    /// [`Prim::contains`] holds.
    pub(crate) fn distance_to_point(&self, p: Point) -> f64 {
        let d = -self.depth(p);
        if d <= GEOMETRIC_EPSILON { 0.0 } else { d }
    }

    /// The curves the boundary of the level set at `t` lies on; empty when
    /// the level set is empty (a disc shrunk past its radius).
    pub(crate) fn level_curves(&self, t: f64) -> Vec<Curve> {
        match self {
            Prim::Disc { c, r } => {
                let radius = r - t;
                if radius < -GEOMETRIC_EPSILON {
                    Vec::new()
                } else {
                    vec![Curve::Circle {
                        c: *c,
                        r: radius.max(0.0),
                    }]
                }
            }
            Prim::Poly { v } => {
                let mut curves = Vec::with_capacity(2 * v.len());
                for (a, b) in algo::edges(v) {
                    if let Some(d) = (b - a).normalize() {
                        curves.push(Curve::Line {
                            p: a + d.perp().scale(t),
                            d,
                        });
                    }
                }
                if t != 0.0 {
                    for (i, &here) in v.iter().enumerate() {
                        let n = v.len();
                        let prev = v[(i + n - 1) % n];
                        let next = v[(i + 1) % n];
                        let turn = orient(prev, here, next);
                        if (t > 0.0 && turn < 0.0) || (t < 0.0 && turn > 0.0) {
                            curves.push(Curve::Circle {
                                c: here,
                                r: t.abs(),
                            });
                        }
                    }
                }
                curves
            }
        }
    }

    /// Ends of the offset edges of the level set at `t`: where an offset edge
    /// meets the vertex circle tangentially (the vertices themselves for
    /// `t == 0`), which intersection tests could miss.
    pub(crate) fn level_points(&self, t: f64) -> Vec<Point> {
        match self {
            Prim::Disc { c, r } => {
                if (r - t).abs() <= GEOMETRIC_EPSILON {
                    vec![*c]
                } else {
                    Vec::new()
                }
            }
            Prim::Poly { v } => algo::edges(v)
                .filter_map(|(a, b)| {
                    let n = (b - a).normalize()?.perp().scale(t);
                    Some([a + n, b + n])
                })
                .flatten()
                .collect(),
        }
    }

    /// The corners of the boundary of the level set at `t`, given its curves.
    pub(crate) fn level_corners(&self, t: f64, curves: &[Curve]) -> Vec<Point> {
        let mut points = self.level_points(t);
        for (i, &a) in curves.iter().enumerate() {
            for &b in curves.iter().skip(i + 1) {
                intersections(a, b, &mut points);
            }
        }
        points.retain(|&p| (self.depth(p) - t).abs() <= 1e-7);
        points
    }
}

fn snap(d: f64) -> f64 {
    if d <= GEOMETRIC_EPSILON { 0.0 } else { d }
}

/// Edge-to-edge distance, zero when touching or overlapping.
pub(crate) fn distance(a: &Prim, b: &Prim) -> f64 {
    match (a, b) {
        (Prim::Disc { c: c1, r: r1 }, Prim::Disc { c: c2, r: r2 }) => {
            snap((c1.distance_to(*c2) - r1 - r2).max(0.0))
        }
        (Prim::Disc { c, r }, poly @ Prim::Poly { .. })
        | (poly @ Prim::Poly { .. }, Prim::Disc { c, r }) => snap((-poly.depth(*c) - r).max(0.0)),
        (Prim::Poly { v: va }, Prim::Poly { v: vb }) => {
            let first_inside =
                |p: Option<&Point>, poly: &[Point]| p.is_some_and(|&p| crossing_inside(poly, p));
            if first_inside(va.first(), vb) || first_inside(vb.first(), va) {
                return 0.0;
            }
            let mut best = f64::INFINITY;
            for (a0, a1) in algo::edges(va) {
                for (b0, b1) in algo::edges(vb) {
                    best = best.min(segment_segment_distance(a0, a1, b0, b1));
                }
            }
            snap(best)
        }
    }
}

/// Whether the level sets `{depth_a >= ta}` and `{depth_b >= tb}` share a
/// point.
///
/// If they do, the lowest (then leftmost) shared point is a corner of the
/// boundary of the intersection or the bottom of a circle arc, so it is one
/// of the finitely many candidates tried here.
pub(crate) fn level_sets_meet(a: &Prim, ta: f64, b: &Prim, tb: f64) -> bool {
    let mut curves = a.level_curves(ta);
    if curves.is_empty() {
        return false;
    }
    let cb = b.level_curves(tb);
    if cb.is_empty() {
        return false;
    }
    curves.extend(cb);
    let inside =
        |p: Point| a.depth(p) >= ta - GEOMETRIC_EPSILON && b.depth(p) >= tb - GEOMETRIC_EPSILON;
    let mut candidates = a.level_points(ta);
    candidates.extend(b.level_points(tb));
    candidates.extend(curves.iter().filter_map(|c| c.bottom()));
    if candidates.into_iter().any(inside) {
        return true;
    }
    let mut points = Vec::new();
    for (i, &x) in curves.iter().enumerate() {
        for &y in curves.iter().skip(i + 1) {
            points.clear();
            intersections(x, y, &mut points);
            if points.iter().any(|&p| inside(p)) {
                return true;
            }
        }
    }
    false
}

/// Whether the shapes' shared region holds a disc of diameter `2 * half`.
pub(crate) fn overlap(a: &Prim, b: &Prim, half: f64) -> bool {
    a.bounds().meets(b.bounds(), 0.0) && distance(a, b) == 0.0 && level_sets_meet(a, half, b, half)
}

/// Whether every point of `inner` lies within `slack` of `outer`.
///
/// The boundary of `inner` is split where it crosses the outline of `outer`
/// grown by `slack`, and each piece is tested at its ends and middle.
pub(crate) fn within(inner: &Prim, outer: &Prim, slack: f64) -> bool {
    let t = -slack;
    if !outer.bounds().meets(inner.bounds(), slack) {
        return false;
    }
    let curves = outer.level_curves(t);
    let ok = |p: Point| outer.depth(p) >= t - GEOMETRIC_EPSILON;
    let mut hits = Vec::new();
    match inner {
        Prim::Disc { c, r } => {
            if *r <= GEOMETRIC_EPSILON {
                return ok(*c);
            }
            let circle = Curve::Circle { c: *c, r: *r };
            for &curve in &curves {
                intersections(circle, curve, &mut hits);
            }
            let mut angles: Vec<f64> = hits.iter().map(|&p| (p.y - c.y).atan2(p.x - c.x)).collect();
            angles.push(-std::f64::consts::PI);
            angles.sort_by(f64::total_cmp);
            let at = |theta: f64| Point::new(c.x + r * theta.cos(), c.y + r * theta.sin());
            let next_angles = angles
                .iter()
                .skip(1)
                .copied()
                .chain(std::iter::once(std::f64::consts::PI));
            angles
                .iter()
                .zip(next_angles)
                .all(|(&a0, a1)| ok(at(a0)) && ok(at((a0 + a1) / 2.0)))
        }
        Prim::Poly { v } => algo::edges(v).all(|(a, b)| {
            let len = a.distance_to(b);
            let Some(d) = (b - a).normalize() else {
                return ok(a);
            };
            hits.clear();
            for &curve in &curves {
                intersections(Curve::Line { p: a, d }, curve, &mut hits);
            }
            let mut params: Vec<f64> = hits
                .iter()
                .map(|&p| (p - a).dot(d))
                .filter(|&s| s > 0.0 && s < len)
                .collect();
            params.push(0.0);
            params.push(len);
            params.sort_by(f64::total_cmp);
            ok(b)
                && params
                    .iter()
                    .zip(params.iter().skip(1))
                    .all(|(&s0, &s1)| ok(a + d.scale(s0)) && ok(a + d.scale((s0 + s1) / 2.0)))
        }),
    }
}
