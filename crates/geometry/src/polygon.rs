//! Simple polygons: terrain outlines, irregular bases.

use serde::{Deserialize, Deserializer, Serialize};

use crate::algo::{self, orient, segments_intersect, signed_area};
use crate::error::finite_point;
use crate::{Angle, Bounds, GeometryError, Point, Segment, Vector};

/// Most vertices a [`Polygon`] may have (issue 16: bounded work). A
/// terrain outline or an irregular base needs tens of vertices; the cap keeps
/// the self-intersection check, and every query that walks the edges,
/// bounded on hostile input. At the cap a polygon is checked in well under a
/// second even when every edge's extent overlaps every other's.
pub const MAX_POLYGON_VERTICES: usize = 10_000;

/// A simple polygon (terrain outlines, irregular bases): at least three
/// vertices, no repeated consecutive vertex, non-zero area and a boundary
/// that never crosses or touches itself. Vertices may be given clockwise or
/// counter-clockwise; they are kept in the order given. Convex and concave
/// polygons are both fine. The polygon is closed: the last vertex joins the
/// first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Polygon {
    vertices: Vec<Point>,
}

impl Polygon {
    /// A polygon from its vertices, in either orientation.
    ///
    /// # Errors
    /// * [`GeometryError::TooFewPoints`] for fewer than three vertices;
    /// * [`GeometryError::TooManyPoints`] for more than
    ///   [`MAX_POLYGON_VERTICES`];
    /// * [`GeometryError::NotFinite`] naming `vertices[i].x` / `.y`;
    /// * [`GeometryError::RepeatedVertex`] when a vertex equals its
    ///   predecessor;
    /// * [`GeometryError::ZeroArea`] when all vertices are collinear;
    /// * [`GeometryError::SelfIntersecting`] when two edges cross or touch
    ///   (edge `i` runs from vertex `i` to vertex `i + 1`).
    pub fn new(vertices: Vec<Point>) -> Result<Polygon, GeometryError> {
        const FIELD: &str = "vertices";
        let n = vertices.len();
        if n < 3 {
            return Err(GeometryError::TooFewPoints {
                field: FIELD.to_owned(),
                count: n,
                minimum: 3,
            });
        }
        if n > MAX_POLYGON_VERTICES {
            return Err(GeometryError::TooManyPoints {
                field: FIELD.to_owned(),
                count: n,
                maximum: MAX_POLYGON_VERTICES,
            });
        }
        for (i, &p) in vertices.iter().enumerate() {
            finite_point(&format!("{FIELD}[{i}]"), p)?;
        }
        for (i, (prev, p)) in algo::edges(&vertices).enumerate() {
            if prev == p {
                return Err(GeometryError::RepeatedVertex {
                    field: FIELD.to_owned(),
                    index: (i + 1) % n,
                    point: p,
                });
            }
        }
        let area = signed_area(&vertices);
        let scale = Bounds::from_points(vertices.iter().copied())
            .map_or(0.0, |b| b.width().max(b.height()));
        let flat = 1e-12 * scale * scale;
        let zero_area = || GeometryError::ZeroArea {
            field: FIELD.to_owned(),
            area: area.abs(),
        };
        if let [first, second, ..] = vertices.as_slice()
            && vertices
                .iter()
                .all(|&p| orient(*first, *second, p).abs() <= flat)
        {
            return Err(zero_area());
        }
        if let Some((first_edge, second_edge)) = first_bad_edge_pair(&vertices) {
            return Err(GeometryError::SelfIntersecting {
                field: FIELD.to_owned(),
                first_edge,
                second_edge,
            });
        }
        if area.abs() <= flat {
            return Err(zero_area());
        }
        Ok(Polygon { vertices })
    }

    /// Builds a polygon already known to be valid (rigid motions of valid
    /// polygons, rectangle corners).
    pub(crate) fn from_trusted(vertices: Vec<Point>) -> Polygon {
        Polygon { vertices }
    }

    /// The vertices, in the order given.
    #[must_use]
    pub fn vertices(&self) -> &[Point] {
        &self.vertices
    }

    /// Number of vertices (and of edges).
    #[must_use]
    pub fn vertex_count(&self) -> usize {
        self.vertices.len()
    }

    /// The edges as segments; edge `i` runs from vertex `i` to vertex `i + 1`
    /// (the last back to vertex 0).
    pub fn edges(&self) -> impl Iterator<Item = Segment> + '_ {
        algo::edges(&self.vertices).map(|(a, b)| Segment::from_trusted(a, b))
    }

    /// Signed area: positive when the vertices run counter-clockwise.
    #[must_use]
    pub fn signed_area(&self) -> f64 {
        signed_area(&self.vertices)
    }

    /// The enclosed area.
    #[must_use]
    pub fn area(&self) -> f64 {
        self.signed_area().abs()
    }

    /// Whether the vertices run counter-clockwise.
    #[must_use]
    pub fn is_counter_clockwise(&self) -> bool {
        self.signed_area() > 0.0
    }

    /// Whether the polygon is convex (no reflex vertex; collinear vertices
    /// allowed).
    #[must_use]
    pub fn is_convex(&self) -> bool {
        let sign = self.signed_area().signum();
        let n = self.vertices.len();
        (0..n).all(|i| {
            let prev = self.vertices[(i + n - 1) % n];
            let here = self.vertices[i];
            let next = self.vertices[(i + 1) % n];
            orient(prev, here, next) * sign >= 0.0
        })
    }

    /// The area centroid.
    #[must_use]
    pub fn centroid(&self) -> Point {
        algo::centroid(&self.vertices)
    }

    /// The bounding box.
    #[must_use]
    pub fn bounds(&self) -> Bounds {
        Bounds::from_points(self.vertices.iter().copied()).unwrap_or(Bounds {
            min: Point::ORIGIN,
            max: Point::ORIGIN,
        })
    }

    /// This polygon moved by `offset`.
    #[must_use]
    pub fn translate(&self, offset: Vector) -> Polygon {
        Polygon::from_trusted(self.vertices.iter().map(|&p| p + offset).collect())
    }

    /// This polygon rotated counter-clockwise by `angle` about `pivot`.
    #[must_use]
    pub fn rotate_about(&self, pivot: Point, angle: Angle) -> Polygon {
        Polygon::from_trusted(
            self.vertices
                .iter()
                .map(|&p| p.rotate_about(pivot, angle))
                .collect(),
        )
    }

    /// The vertices in counter-clockwise order (reversed if given clockwise).
    pub(crate) fn ccw_vertices(&self) -> Vec<Point> {
        let mut v = self.vertices.clone();
        if self.signed_area() < 0.0 {
            v.reverse();
        }
        v
    }
}

/// The first pair of edges `(i, j)`, `i < j`, in lexicographic order, that
/// cross or touch where they must not (consecutive edges may only share
/// their common vertex and must not fold back onto each other), or `None`
/// for a simple boundary.
///
/// Sort and sweep along x: edges sorted by their leftmost x; an edge is
/// only compared with the edges whose x range overlaps its own (and then
/// only when their y ranges overlap too). That is O(n log n) for ordinary
/// outlines; it is still every pair in the worst case, which the vertex cap
/// ([`MAX_POLYGON_VERTICES`]) bounds. The same pair as an all-pairs search
/// is reported: every overlapping pair is examined and the smallest kept.
fn first_bad_edge_pair(vertices: &[Point]) -> Option<(usize, usize)> {
    let n = vertices.len();
    let edges: Vec<(Point, Point)> = algo::edges(vertices).collect();
    let mut order: Vec<usize> = (0..n).collect();
    let min_x = |e: usize| edges[e].0.x.min(edges[e].1.x);
    let max_x = |e: usize| edges[e].0.x.max(edges[e].1.x);
    order.sort_by(|&a, &b| min_x(a).total_cmp(&min_x(b)));
    let mut active: Vec<usize> = Vec::new();
    let mut best: Option<(usize, usize)> = None;
    for &e in &order {
        let left = min_x(e);
        active.retain(|&a| max_x(a) >= left);
        let (a, b) = edges[e];
        let (low, high) = (a.y.min(b.y), a.y.max(b.y));
        for &other in &active {
            let (c, d) = edges[other];
            if c.y.max(d.y) < low || c.y.min(d.y) > high {
                continue;
            }
            let (i, j) = if e < other { (e, other) } else { (other, e) };
            if best.is_some_and(|pair| pair <= (i, j)) {
                continue;
            }
            let (a, b) = edges[i];
            let (c, d) = edges[j];
            let bad = if j == i + 1 {
                // Consecutive edges share `b == c`; they may only fold back onto each other.
                folds_back(a, b, d)
            } else if i == 0 && j == n - 1 {
                // Closing edge `c -> a` and first edge `a -> b` share `a`.
                folds_back(c, a, b)
            } else {
                segments_intersect(a, b, c, d)
            };
            if bad {
                best = Some((i, j));
            }
        }
        active.push(e);
    }
    best
}

/// Whether the path `a -> b -> c` doubles back on itself along one line.
fn folds_back(a: Point, b: Point, c: Point) -> bool {
    orient(a, b, c) == 0.0 && (b - a).dot(c - b) < 0.0
}

impl<'de> Deserialize<'de> for Polygon {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Data {
            vertices: Vec<Point>,
        }
        let d = Data::deserialize(deserializer)?;
        Polygon::new(d.vertices).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The all-pairs search the sweep replaced, as the reference.
    fn all_pairs(vertices: &[Point]) -> Option<(usize, usize)> {
        let n = vertices.len();
        let edges: Vec<(Point, Point)> = algo::edges(vertices).collect();
        for (i, &(a, b)) in edges.iter().enumerate() {
            for (j, &(c, d)) in edges.iter().enumerate().skip(i + 1) {
                let bad = if j == i + 1 {
                    folds_back(a, b, d)
                } else if i == 0 && j == n - 1 {
                    folds_back(c, a, b)
                } else {
                    segments_intersect(a, b, c, d)
                };
                if bad {
                    return Some((i, j));
                }
            }
        }
        None
    }

    /// The sweep reports exactly the pair the all-pairs search reports, on
    /// many small random outlines (on a coarse grid, so that touching,
    /// collinear and folding edges are common).
    #[test]
    fn the_sweep_agrees_with_all_pairs() {
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |m: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % m
        };
        let mut simple = 0;
        for _ in 0..20_000 {
            let n = 3 + next(7) as usize;
            let vertices: Vec<Point> = (0..n)
                .map(|_| Point::new(next(5) as f64, next(5) as f64))
                .collect();
            let expected = all_pairs(&vertices);
            simple += usize::from(expected.is_none());
            assert_eq!(first_bad_edge_pair(&vertices), expected, "{vertices:?}");
        }
        assert!(simple > 100, "too few simple outlines drawn: {simple}");
    }
}
