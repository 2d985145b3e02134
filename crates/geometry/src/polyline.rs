//! Open paths of several straight legs.

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::finite_point;
use crate::{GeometryError, Point, Segment};

/// An open path of straight legs through two or more points: a wheeling or
/// weaving move, a vehicle's course.
///
/// Consecutive points may coincide (a leg of length zero is skipped by the
/// queries).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Polyline {
    points: Vec<Point>,
}

impl Polyline {
    /// A path through `points`, in order.
    ///
    /// # Errors
    /// [`GeometryError::TooFewPoints`] for fewer than two points,
    /// [`GeometryError::NotFinite`] naming `points[i].x` / `.y`.
    pub fn new(points: Vec<Point>) -> Result<Polyline, GeometryError> {
        if points.len() < 2 {
            return Err(GeometryError::TooFewPoints {
                field: "points".to_owned(),
                count: points.len(),
                minimum: 2,
            });
        }
        for (i, &p) in points.iter().enumerate() {
            finite_point(&format!("points[{i}]"), p)?;
        }
        Ok(Polyline { points })
    }

    /// The points, in order.
    #[must_use]
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The legs, in order.
    pub fn segments(&self) -> impl Iterator<Item = Segment> + '_ {
        self.points.windows(2).filter_map(|w| match w {
            [a, b] => Some(Segment::from_trusted(*a, *b)),
            _ => None,
        })
    }

    /// Total length of all legs.
    #[must_use]
    pub fn length(&self) -> f64 {
        self.segments().map(|s| s.length()).sum()
    }

    /// The point `distance` along the path from its start (clamped to the
    /// path).
    #[must_use]
    pub fn point_at(&self, distance: f64) -> Point {
        let mut left = distance.max(0.0);
        let mut last = self.points.first().copied().unwrap_or(Point::ORIGIN);
        for seg in self.segments() {
            let len = seg.length();
            if left <= len {
                return seg.point_at(left);
            }
            left -= len;
            last = seg.end();
        }
        last
    }
}

impl From<Segment> for Polyline {
    fn from(segment: Segment) -> Polyline {
        Polyline {
            points: vec![segment.start(), segment.end()],
        }
    }
}

impl<'de> Deserialize<'de> for Polyline {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Data {
            points: Vec<Point>,
        }
        let d = Data::deserialize(deserializer)?;
        Polyline::new(d.points).map_err(serde::de::Error::custom)
    }
}
