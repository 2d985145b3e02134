//! A position together with a facing.

use serde::{Deserialize, Serialize};

use crate::{Angle, Point, Vector};

/// Where a piece stands and which way it faces.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Pose {
    /// The piece's reference point (for stands and vehicles, the centre).
    pub position: Point,
    /// The direction the piece faces.
    pub facing: Angle,
}

impl Pose {
    /// A pose from position and facing.
    #[must_use]
    pub const fn new(position: Point, facing: Angle) -> Self {
        Self { position, facing }
    }

    /// Unit vector straight ahead.
    #[must_use]
    pub fn forward(self) -> Vector {
        self.facing.direction()
    }

    /// Unit vector to the piece's left (counter-clockwise of ahead).
    #[must_use]
    pub fn left(self) -> Vector {
        self.forward().perp()
    }

    /// The signed bearing of `point` relative to the facing, in `(-180, 180]`
    /// degrees: positive on the left (counter-clockwise) side. `None` when
    /// `point` is the position itself (or not finite).
    #[must_use]
    pub fn bearing_to(self, point: Point) -> Option<f64> {
        let direction = (point - self.position).angle()?;
        Some(Angle::signed_between(self.facing, direction))
    }

    /// This pose moved by `offset` (facing unchanged).
    #[must_use]
    pub fn translate(self, offset: Vector) -> Pose {
        Pose::new(self.position + offset, self.facing)
    }

    /// This pose rotated counter-clockwise by `angle` about `pivot`; the
    /// facing turns with it.
    #[must_use]
    pub fn rotate_about(self, pivot: Point, angle: Angle) -> Pose {
        Pose::new(
            self.position.rotate_about(pivot, angle),
            self.facing + angle,
        )
    }
}
