//! Displacements and directions.

use std::ops::{Add, Mul, Neg, Sub};

use serde::{Deserialize, Serialize};

use crate::Angle;

/// A displacement in native table units (or, when of length one, a
/// direction).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vector {
    /// Horizontal component.
    pub x: f64,
    /// Vertical component.
    pub y: f64,
}

impl Vector {
    /// The zero vector.
    pub const ZERO: Vector = Vector { x: 0.0, y: 0.0 };

    /// A vector from its components.
    #[must_use]
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    /// The unit vector pointing along `angle` (same as [`Angle::direction`]).
    #[must_use]
    pub fn from_angle(angle: Angle) -> Self {
        angle.direction()
    }

    /// Euclidean length.
    #[must_use]
    pub fn length(self) -> f64 {
        self.x.hypot(self.y)
    }

    /// Squared length (cheaper than [`Vector::length`]).
    #[must_use]
    pub fn length_squared(self) -> f64 {
        self.x * self.x + self.y * self.y
    }

    /// Dot product.
    #[must_use]
    pub fn dot(self, other: Vector) -> f64 {
        self.x * other.x + self.y * other.y
    }

    /// The z component of the 3-D cross product: positive when `other` is
    /// counter-clockwise of `self`.
    #[must_use]
    pub fn cross(self, other: Vector) -> f64 {
        self.x * other.y - self.y * other.x
    }

    /// This vector multiplied by `factor`.
    #[must_use]
    pub fn scale(self, factor: f64) -> Vector {
        Vector::new(self.x * factor, self.y * factor)
    }

    /// The unit vector in the same direction, or `None` for a zero (or
    /// non-finite) vector.
    #[must_use]
    pub fn normalize(self) -> Option<Vector> {
        let len = self.length();
        if len > 0.0 && len.is_finite() {
            Some(self.scale(1.0 / len))
        } else {
            None
        }
    }

    /// This vector rotated counter-clockwise by `angle`.
    #[must_use]
    pub fn rotate(self, angle: Angle) -> Vector {
        let r = angle.direction();
        Vector::new(self.x * r.x - self.y * r.y, self.x * r.y + self.y * r.x)
    }

    /// This vector rotated a quarter turn counter-clockwise (to its left).
    #[must_use]
    pub const fn perp(self) -> Vector {
        Vector::new(-self.y, self.x)
    }

    /// The direction of this vector, or `None` for a zero (or non-finite)
    /// vector.
    #[must_use]
    pub fn angle(self) -> Option<Angle> {
        if self.length_squared() > 0.0 && self.x.is_finite() && self.y.is_finite() {
            Angle::from_degrees(self.y.atan2(self.x).to_degrees()).ok()
        } else {
            None
        }
    }
}

impl Add for Vector {
    type Output = Vector;
    fn add(self, rhs: Vector) -> Vector {
        Vector::new(self.x + rhs.x, self.y + rhs.y)
    }
}

impl Sub for Vector {
    type Output = Vector;
    fn sub(self, rhs: Vector) -> Vector {
        Vector::new(self.x - rhs.x, self.y - rhs.y)
    }
}

impl Neg for Vector {
    type Output = Vector;
    fn neg(self) -> Vector {
        Vector::new(-self.x, -self.y)
    }
}

impl Mul<f64> for Vector {
    type Output = Vector;
    fn mul(self, rhs: f64) -> Vector {
        self.scale(rhs)
    }
}

impl Mul<Vector> for f64 {
    type Output = Vector;
    fn mul(self, rhs: Vector) -> Vector {
        rhs.scale(self)
    }
}
