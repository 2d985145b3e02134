//! Round bases, markers, zones and templates.

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::{finite_point, non_negative};
use crate::{Angle, Bounds, GeometryError, Point, Vector};

/// A disc: round bases, objective markers, blast templates, zones of
/// control. A radius of zero is allowed and behaves as a point.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Circle {
    center: Point,
    radius: f64,
}

impl Circle {
    /// A disc of `radius` around `center`.
    ///
    /// # Errors
    /// [`GeometryError::NotFinite`] for a non-finite `center.x`, `center.y`
    /// or `radius`; [`GeometryError::Negative`] for a negative `radius`.
    pub fn new(center: Point, radius: f64) -> Result<Circle, GeometryError> {
        finite_point("center", center)?;
        non_negative("radius", radius)?;
        Ok(Circle { center, radius })
    }

    /// The centre.
    #[must_use]
    pub const fn center(&self) -> Point {
        self.center
    }

    /// The radius.
    #[must_use]
    pub const fn radius(&self) -> f64 {
        self.radius
    }

    /// The enclosed area.
    #[must_use]
    pub fn area(&self) -> f64 {
        std::f64::consts::PI * self.radius * self.radius
    }

    /// The bounding box.
    #[must_use]
    pub fn bounds(&self) -> Bounds {
        let r = Vector::new(self.radius, self.radius);
        Bounds {
            min: self.center - r,
            max: self.center + r,
        }
    }

    /// This disc moved by `offset`.
    #[must_use]
    pub fn translate(&self, offset: Vector) -> Circle {
        Circle {
            center: self.center + offset,
            radius: self.radius,
        }
    }

    /// This disc rotated counter-clockwise by `angle` about `pivot`.
    #[must_use]
    pub fn rotate_about(&self, pivot: Point, angle: Angle) -> Circle {
        Circle {
            center: self.center.rotate_about(pivot, angle),
            radius: self.radius,
        }
    }
}

impl<'de> Deserialize<'de> for Circle {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Data {
            center: Point,
            radius: f64,
        }
        let data = Data::deserialize(deserializer)?;
        Circle::new(data.center, data.radius).map_err(serde::de::Error::custom)
    }
}
