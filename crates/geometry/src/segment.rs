//! Straight segments: lines of sight, measured moves.

use serde::{Deserialize, Deserializer, Serialize};

use crate::algo::point_segment_distance;
use crate::error::finite_point;
use crate::{Angle, GeometryError, Point, Vector};

/// A straight segment between two points: a line of sight, a measured move,
/// a line of fire. Start and end may coincide (a segment of length zero).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Segment {
    start: Point,
    end: Point,
}

impl Segment {
    /// A segment from `start` to `end`.
    ///
    /// # Errors
    /// [`GeometryError::NotFinite`] naming `start.x`, `end.y`, ...
    pub fn new(start: Point, end: Point) -> Result<Segment, GeometryError> {
        finite_point("start", start)?;
        finite_point("end", end)?;
        Ok(Segment { start, end })
    }

    pub(crate) const fn from_trusted(start: Point, end: Point) -> Segment {
        Segment { start, end }
    }

    /// The start point.
    #[must_use]
    pub const fn start(&self) -> Point {
        self.start
    }

    /// The end point.
    #[must_use]
    pub const fn end(&self) -> Point {
        self.end
    }

    /// The vector from start to end.
    #[must_use]
    pub fn vector(&self) -> Vector {
        self.end - self.start
    }

    /// The length.
    #[must_use]
    pub fn length(&self) -> f64 {
        self.vector().length()
    }

    /// The direction from start to end, `None` for a zero-length segment.
    #[must_use]
    pub fn direction(&self) -> Option<Angle> {
        self.vector().angle()
    }

    /// The midpoint.
    #[must_use]
    pub fn midpoint(&self) -> Point {
        self.start.midpoint(self.end)
    }

    /// The point `distance` along the segment from its start, clamped to
    /// the segment.
    #[must_use]
    pub fn point_at(&self, distance: f64) -> Point {
        let len = self.length();
        if len <= 0.0 || distance.is_nan() {
            return self.start;
        }
        let t = (distance / len).clamp(0.0, 1.0);
        self.start + self.vector().scale(t)
    }

    /// Distance from `point` to the nearest point of the segment.
    #[must_use]
    pub fn distance_to_point(&self, point: Point) -> f64 {
        point_segment_distance(point, self.start, self.end)
    }

    /// This segment moved by `offset`.
    #[must_use]
    pub fn translate(&self, offset: Vector) -> Segment {
        Segment::from_trusted(self.start + offset, self.end + offset)
    }

    /// This segment rotated counter-clockwise by `angle` about `pivot`.
    #[must_use]
    pub fn rotate_about(&self, pivot: Point, angle: Angle) -> Segment {
        Segment::from_trusted(
            self.start.rotate_about(pivot, angle),
            self.end.rotate_about(pivot, angle),
        )
    }
}

impl<'de> Deserialize<'de> for Segment {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Data {
            start: Point,
            end: Point,
        }
        let d = Data::deserialize(deserializer)?;
        Segment::new(d.start, d.end).map_err(serde::de::Error::custom)
    }
}
