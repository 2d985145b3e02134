//! Rectangular stands, units and vehicles.

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::{finite_point, positive};
use crate::{Angle, Bounds, GeometryError, Point, Polygon, Pose, Vector};

/// A rectangle that can face any direction: rectangular bases, units in
/// formation, vehicles.
///
/// `length` runs along the facing (front to back) and `width` across it
/// (left to right). The *front* edge is the one the facing points through;
/// *left* is the counter-clockwise side seen from the centre looking along
/// the facing.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct OrientedRect {
    center: Point,
    width: f64,
    length: f64,
    facing: Angle,
}

impl OrientedRect {
    /// A rectangle centred on `center`, `width` across the facing and
    /// `length` along it.
    ///
    /// # Errors
    /// [`GeometryError::NotFinite`] for non-finite numbers,
    /// [`GeometryError::NotPositive`] for a `width` or `length` that is not
    /// greater than zero.
    pub fn new(
        center: Point,
        width: f64,
        length: f64,
        facing: Angle,
    ) -> Result<OrientedRect, GeometryError> {
        finite_point("center", center)?;
        positive("width", width)?;
        positive("length", length)?;
        Ok(OrientedRect {
            center,
            width,
            length,
            facing,
        })
    }

    /// A rectangle centred on the pose's position, facing its facing.
    ///
    /// # Errors
    /// As [`OrientedRect::new`].
    pub fn from_pose(pose: Pose, width: f64, length: f64) -> Result<OrientedRect, GeometryError> {
        Self::new(pose.position, width, length, pose.facing)
    }

    /// The centre.
    #[must_use]
    pub const fn center(&self) -> Point {
        self.center
    }

    /// Size across the facing (left to right).
    #[must_use]
    pub const fn width(&self) -> f64 {
        self.width
    }

    /// Size along the facing (front to back).
    #[must_use]
    pub const fn length(&self) -> f64 {
        self.length
    }

    /// The facing.
    #[must_use]
    pub const fn facing(&self) -> Angle {
        self.facing
    }

    /// Centre and facing as a [`Pose`].
    #[must_use]
    pub const fn pose(&self) -> Pose {
        Pose::new(self.center, self.facing)
    }

    /// Unit vector along the facing.
    #[must_use]
    pub fn forward(&self) -> Vector {
        self.facing.direction()
    }

    /// Unit vector to the left of the facing.
    #[must_use]
    pub fn left(&self) -> Vector {
        self.forward().perp()
    }

    fn offset(&self, along: f64, across_left: f64) -> Point {
        self.center + self.forward().scale(along) + self.left().scale(across_left)
    }

    /// Front-left corner.
    #[must_use]
    pub fn front_left(&self) -> Point {
        self.offset(self.length / 2.0, self.width / 2.0)
    }

    /// Front-right corner.
    #[must_use]
    pub fn front_right(&self) -> Point {
        self.offset(self.length / 2.0, -self.width / 2.0)
    }

    /// Rear-left corner.
    #[must_use]
    pub fn rear_left(&self) -> Point {
        self.offset(-self.length / 2.0, self.width / 2.0)
    }

    /// Rear-right corner.
    #[must_use]
    pub fn rear_right(&self) -> Point {
        self.offset(-self.length / 2.0, -self.width / 2.0)
    }

    /// The four corners in counter-clockwise order: front-right, front-left,
    /// rear-left, rear-right.
    #[must_use]
    pub fn corners(&self) -> [Point; 4] {
        [
            self.front_right(),
            self.front_left(),
            self.rear_left(),
            self.rear_right(),
        ]
    }

    /// Midpoint of the front edge.
    #[must_use]
    pub fn front_edge_midpoint(&self) -> Point {
        self.offset(self.length / 2.0, 0.0)
    }

    /// Midpoint of the rear edge.
    #[must_use]
    pub fn rear_edge_midpoint(&self) -> Point {
        self.offset(-self.length / 2.0, 0.0)
    }

    /// Midpoint of the left long side.
    #[must_use]
    pub fn left_side_midpoint(&self) -> Point {
        self.offset(0.0, self.width / 2.0)
    }

    /// Midpoint of the right long side.
    #[must_use]
    pub fn right_side_midpoint(&self) -> Point {
        self.offset(0.0, -self.width / 2.0)
    }

    /// The enclosed area.
    #[must_use]
    pub fn area(&self) -> f64 {
        self.width * self.length
    }

    /// The bounding box.
    #[must_use]
    pub fn bounds(&self) -> Bounds {
        let [a, b, c, d] = self.corners();
        Bounds {
            min: Point::new(
                a.x.min(b.x).min(c.x).min(d.x),
                a.y.min(b.y).min(c.y).min(d.y),
            ),
            max: Point::new(
                a.x.max(b.x).max(c.x).max(d.x),
                a.y.max(b.y).max(c.y).max(d.y),
            ),
        }
    }

    /// This rectangle moved by `offset` (facing unchanged).
    #[must_use]
    pub fn translate(&self, offset: Vector) -> OrientedRect {
        OrientedRect {
            center: self.center + offset,
            ..*self
        }
    }

    /// This rectangle rotated counter-clockwise by `angle` about `pivot`; the
    /// facing turns with it.
    #[must_use]
    pub fn rotate_about(&self, pivot: Point, angle: Angle) -> OrientedRect {
        OrientedRect {
            center: self.center.rotate_about(pivot, angle),
            facing: self.facing + angle,
            ..*self
        }
    }

    /// The same rectangle as a four-vertex [`Polygon`] (counter-clockwise,
    /// starting at the front-right corner).
    #[must_use]
    pub fn to_polygon(&self) -> Polygon {
        Polygon::from_trusted(self.corners().to_vec())
    }
}

impl<'de> Deserialize<'de> for OrientedRect {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Data {
            center: Point,
            width: f64,
            length: f64,
            facing: Angle,
        }
        let d = Data::deserialize(deserializer)?;
        OrientedRect::new(d.center, d.width, d.length, d.facing).map_err(serde::de::Error::custom)
    }
}
