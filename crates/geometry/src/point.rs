//! Positions on the table.

use std::fmt;
use std::ops::{Add, Sub};

use serde::{Deserialize, Serialize};

use crate::error::finite_point;
use crate::{Angle, GeometryError, Vector};

/// A position on the table, in native table units.
///
/// `x` runs to the right along the long edge, `y` away from the first
/// player's edge; the origin is the table's lower-left corner.
///
/// Fields are public because any pair of numbers is a point; shapes and
/// queries that need finite coordinates check them where they are built.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Point {
    /// Horizontal coordinate (along the long table edge).
    pub x: f64,
    /// Vertical coordinate (away from the first player's edge).
    pub y: f64,
}

impl Point {
    /// The table origin, its lower-left corner.
    pub const ORIGIN: Point = Point { x: 0.0, y: 0.0 };

    /// A point from its coordinates (not validated; see [`Point::try_new`]).
    #[must_use]
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    /// A point from its coordinates, rejecting NaN and infinities.
    ///
    /// # Errors
    /// [`GeometryError::NotFinite`] naming `point.x` or `point.y`.
    pub fn try_new(x: f64, y: f64) -> Result<Self, GeometryError> {
        finite_point("point", Self { x, y })
    }

    /// Whether both coordinates are finite.
    #[must_use]
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    /// Straight-line distance to `other`.
    #[must_use]
    pub fn distance_to(self, other: Point) -> f64 {
        (other - self).length()
    }

    /// The vector from the origin to this point.
    #[must_use]
    pub const fn to_vector(self) -> Vector {
        Vector::new(self.x, self.y)
    }

    /// This point moved by `offset`.
    #[must_use]
    pub fn translate(self, offset: Vector) -> Point {
        self + offset
    }

    /// This point rotated counter-clockwise by `angle` about `pivot`.
    #[must_use]
    pub fn rotate_about(self, pivot: Point, angle: Angle) -> Point {
        pivot + (self - pivot).rotate(angle)
    }

    /// The point halfway between this point and `other`.
    #[must_use]
    pub fn midpoint(self, other: Point) -> Point {
        Point::new((self.x + other.x) / 2.0, (self.y + other.y) / 2.0)
    }
}

impl Sub for Point {
    type Output = Vector;
    fn sub(self, rhs: Point) -> Vector {
        Vector::new(self.x - rhs.x, self.y - rhs.y)
    }
}

impl Add<Vector> for Point {
    type Output = Point;
    fn add(self, rhs: Vector) -> Point {
        Point::new(self.x + rhs.x, self.y + rhs.y)
    }
}

impl Sub<Vector> for Point {
    type Output = Point;
    fn sub(self, rhs: Vector) -> Point {
        Point::new(self.x - rhs.x, self.y - rhs.y)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}
