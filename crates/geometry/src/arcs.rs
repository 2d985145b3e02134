//! Front, flank and rear arcs.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::{finite, finite_point};
use crate::{ANGLE_TOLERANCE_DEG, Angle, GeometryError, Point, Pose};

/// One of four 90° quadrants around a piece, centred on its facing and seen
/// from its centre: `Front` −45° … +45°, `Left` +45° … +135°, `Right`
/// −45° … −135°, `Rear` beyond ±135° (bearings counter-clockwise from the
/// facing).
///
/// **Tie rule:** a bearing exactly on a boundary (within
/// [`ANGLE_TOLERANCE_DEG`]) belongs to the arc nearer the front: ±45° is
/// `Front`, +135° is `Left`, −135° is `Right`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FacingArc {
    /// −45° … +45°.
    Front,
    /// +45° … +135° (counter-clockwise side).
    Left,
    /// −45° … −135° (clockwise side).
    Right,
    /// Beyond ±135°.
    Rear,
}

impl FacingArc {
    /// The arc of a bearing in degrees relative to the facing
    /// (counter-clockwise positive; any finite value, normalised first).
    ///
    /// # Errors
    /// [`GeometryError::NotFinite`] (field `bearing`).
    pub fn from_bearing(bearing: f64) -> Result<FacingArc, GeometryError> {
        finite("bearing", bearing)?;
        let b = Angle::signed_between(Angle::ZERO, Angle::normalised(bearing));
        let a = b.abs();
        Ok(if a <= 45.0 + ANGLE_TOLERANCE_DEG {
            FacingArc::Front
        } else if a <= 135.0 + ANGLE_TOLERANCE_DEG {
            if b > 0.0 {
                FacingArc::Left
            } else {
                FacingArc::Right
            }
        } else {
            FacingArc::Rear
        })
    }

    /// Whether this is a flank (left or right) arc.
    #[must_use]
    pub const fn is_flank(self) -> bool {
        matches!(self, FacingArc::Left | FacingArc::Right)
    }
}

impl fmt::Display for FacingArc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FacingArc::Front => "front",
            FacingArc::Left => "left flank",
            FacingArc::Right => "right flank",
            FacingArc::Rear => "rear",
        })
    }
}

/// The arc of the piece at `pose` that `point` lies in.
///
/// # Errors
/// [`GeometryError::NotFinite`] for a non-finite `point`;
/// [`GeometryError::CoincidentPoints`] when `point` is the pose's position.
pub fn facing_arc(pose: Pose, point: Point) -> Result<FacingArc, GeometryError> {
    finite_point("pose.position", pose.position)?;
    finite_point("point", point)?;
    let Some(bearing) = pose.bearing_to(point) else {
        return Err(GeometryError::CoincidentPoints {
            field: "point".to_owned(),
            other: "pose.position".to_owned(),
            point,
        });
    };
    FacingArc::from_bearing(bearing)
}
