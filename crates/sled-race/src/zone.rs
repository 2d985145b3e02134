//! The six 60° zones around a sled (ruling S4): what collisions (S12) and
//! kicks (S13) read their effect from.

use std::fmt;

use feldherr_geometry::{ANGLE_TOLERANCE_DEG, Angle, OrientedRect, Point};
use serde::{Deserialize, Serialize};

use crate::SledError;
use crate::refusal::say;

/// One of the six 60° zones around a sled, seen from its centre relative
/// to its direction of travel (ruling S4; the text's figure is missing).
/// Bearings are measured counter-clockwise from the direction of travel;
/// *left* is the counter-clockwise side.
///
/// | zone | bearing |
/// | --- | --- |
/// | `Front` | −30° … +30° |
/// | `FrontLeft` | +30° … +90° |
/// | `FrontRight` | −30° … −90° |
/// | `RearLeft` | +90° … +150° |
/// | `RearRight` | −90° … −150° |
/// | `Rear` | +150° … 210° (= −150°) |
///
/// **Tie rule:** a bearing on a boundary (within
/// [`ANGLE_TOLERANCE_DEG`]) belongs to the zone nearer the front: ±30° is
/// `Front`, +90° is `FrontLeft`, −90° is `FrontRight`, +150° is `RearLeft`
/// and −150° is `RearRight`; only bearings beyond ±150° are `Rear`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SledZone {
    /// −30° … +30°.
    Front,
    /// +30° … +90°.
    FrontLeft,
    /// −30° … −90°.
    FrontRight,
    /// +90° … +150°.
    RearLeft,
    /// −90° … −150°.
    RearRight,
    /// Beyond ±150°.
    Rear,
}

impl SledZone {
    /// All six zones, front first.
    pub const ALL: [SledZone; 6] = [
        SledZone::Front,
        SledZone::FrontLeft,
        SledZone::FrontRight,
        SledZone::RearLeft,
        SledZone::RearRight,
        SledZone::Rear,
    ];

    /// The zone of a bearing in degrees relative to the direction of
    /// travel (counter-clockwise positive; any finite value).
    ///
    /// # Errors
    /// [`SledError::Invalid`] (field `bearing`) when it is not finite.
    pub fn from_bearing(bearing: f64) -> Result<SledZone, SledError> {
        let angle = Angle::from_degrees(bearing)
            .map_err(|_| SledError::says("bearing", bearing, say("finite_bearing")))?;
        let b = Angle::signed_between(Angle::ZERO, angle);
        let a = b.abs();
        let left = b > 0.0;
        Ok(if a <= 30.0 + ANGLE_TOLERANCE_DEG {
            SledZone::Front
        } else if a <= 90.0 + ANGLE_TOLERANCE_DEG {
            if left {
                SledZone::FrontLeft
            } else {
                SledZone::FrontRight
            }
        } else if a <= 150.0 + ANGLE_TOLERANCE_DEG {
            if left {
                SledZone::RearLeft
            } else {
                SledZone::RearRight
            }
        } else {
            SledZone::Rear
        })
    }

    /// The zone's name in English words.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SledZone::Front => "front",
            SledZone::FrontLeft => "front left",
            SledZone::FrontRight => "front right",
            SledZone::RearLeft => "rear left",
            SledZone::RearRight => "rear right",
            SledZone::Rear => "rear",
        }
    }
}

impl fmt::Display for SledZone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The direction a sled travels: its facing, or the opposite when it moves
/// `backwards` (negative speed, S4).
#[must_use]
pub fn travel_direction(sled: &OrientedRect, backwards: bool) -> Angle {
    if backwards {
        sled.facing().opposite()
    } else {
        sled.facing()
    }
}

/// The zone of `sled` that `other` (typically the other sled's centre)
/// lies in, seen from the sled's centre relative to its direction of
/// travel. A sled with negative speed travels `backwards`, which turns
/// all zones round by 180° (S4).
///
/// # Errors
/// [`SledError::Invalid`] for a point that is not finite (field
/// `other`) or that is the sled's centre.
pub fn sled_zone(
    sled: &OrientedRect,
    backwards: bool,
    other: Point,
) -> Result<SledZone, SledError> {
    if !(other.x.is_finite() && other.y.is_finite()) {
        return Err(SledError::says(
            "other",
            format!("({}, {})", other.x, other.y),
            say("finite_point"),
        ));
    }
    let Some(direction) = (other - sled.center()).angle() else {
        return Err(SledError::says(
            "other",
            format!("({}, {})", other.x, other.y),
            say("centre"),
        ));
    };
    SledZone::from_bearing(Angle::signed_between(
        travel_direction(sled, backwards),
        direction,
    ))
}
