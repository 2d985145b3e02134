//! Directions and facings in degrees.

use std::fmt;
use std::ops::{Add, Neg, Sub};

use serde::{Deserialize, Serialize};

use crate::error::finite;
use crate::{GeometryError, Vector};

/// A direction on the table in degrees, counter-clockwise positive, with
/// 0° pointing along +x (to the right along the long edge) and 90° along +y
/// (away from the first player's edge).
///
/// The value is always normalised to `[0, 360)`. It is (de)serialised as a
/// bare number of degrees.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Serialize, Deserialize)]
#[serde(try_from = "f64", into = "f64")]
pub struct Angle {
    degrees: f64,
}

impl Angle {
    /// 0°, pointing along +x.
    pub const ZERO: Angle = Angle { degrees: 0.0 };

    /// An angle from degrees, normalised to `[0, 360)` (so `-90` becomes
    /// `270` and `450` becomes `90`).
    ///
    /// # Errors
    /// [`GeometryError::NotFinite`] (field `degrees`) for NaN or infinities.
    pub fn from_degrees(degrees: f64) -> Result<Angle, GeometryError> {
        finite("degrees", degrees)?;
        Ok(Self::normalised(degrees))
    }

    /// An angle from radians, normalised to `[0°, 360°)`.
    ///
    /// # Errors
    /// [`GeometryError::NotFinite`] (field `radians`) for NaN or infinities.
    pub fn from_radians(radians: f64) -> Result<Angle, GeometryError> {
        finite("radians", radians)?;
        Ok(Self::normalised(radians.to_degrees()))
    }

    /// Normalises a finite number of degrees (callers guarantee finiteness).
    pub(crate) fn normalised(degrees: f64) -> Angle {
        let mut d = degrees.rem_euclid(360.0);
        // rem_euclid can round up to exactly 360 for tiny negative inputs.
        if !(0.0..360.0).contains(&d) {
            d = 0.0;
        }
        Angle { degrees: d }
    }

    /// The angle in degrees, in `[0, 360)`.
    #[must_use]
    pub const fn degrees(self) -> f64 {
        self.degrees
    }

    /// The angle in radians, in `[0, 2π)`.
    #[must_use]
    pub fn radians(self) -> f64 {
        self.degrees.to_radians()
    }

    /// The unit vector pointing in this direction. Exact for multiples of 90°.
    #[must_use]
    pub fn direction(self) -> Vector {
        // Exact quarter turns get exact unit vectors.
        let quarter = |d: f64| self.degrees == d;
        if quarter(0.0) {
            Vector::new(1.0, 0.0)
        } else if quarter(90.0) {
            Vector::new(0.0, 1.0)
        } else if quarter(180.0) {
            Vector::new(-1.0, 0.0)
        } else if quarter(270.0) {
            Vector::new(0.0, -1.0)
        } else {
            let (sin, cos) = self.radians().sin_cos();
            Vector::new(cos, sin)
        }
    }

    /// The unsigned smallest angle between two directions, in `[0, 180]`.
    #[must_use]
    pub fn between(a: Angle, b: Angle) -> f64 {
        Self::signed_between(a, b).abs()
    }

    /// The signed turn from `from` to `to`, in `(-180, 180]`: positive when
    /// `to` lies counter-clockwise of `from`. Exactly opposite directions give
    /// `+180`.
    #[must_use]
    pub fn signed_between(from: Angle, to: Angle) -> f64 {
        let d = (to.degrees - from.degrees).rem_euclid(360.0);
        if d > 180.0 { d - 360.0 } else { d }
    }

    /// The opposite direction (this angle plus 180°).
    #[must_use]
    pub fn opposite(self) -> Angle {
        Self::normalised(self.degrees + 180.0)
    }

    /// This direction turned clockwise by `degrees` (which rules such as
    /// scatter and deviation use).
    ///
    /// # Errors
    /// [`GeometryError::NotFinite`] (field `degrees`) for NaN or infinities.
    pub fn turned_clockwise(self, degrees: f64) -> Result<Angle, GeometryError> {
        finite("degrees", degrees)?;
        Ok(Self::normalised(self.degrees - degrees))
    }
}

/// The angle between a facing and a direction of interest (for example the
/// direction to a target), in `[0, 180]`: 0 dead ahead, 180 directly behind.
#[must_use]
pub fn angle_between_facing_and_direction(facing: Angle, direction: Angle) -> f64 {
    Angle::between(facing, direction)
}

impl Add for Angle {
    type Output = Angle;
    fn add(self, rhs: Angle) -> Angle {
        Angle::normalised(self.degrees + rhs.degrees)
    }
}

impl Sub for Angle {
    type Output = Angle;
    fn sub(self, rhs: Angle) -> Angle {
        Angle::normalised(self.degrees - rhs.degrees)
    }
}

impl Neg for Angle {
    type Output = Angle;
    fn neg(self) -> Angle {
        Angle::normalised(-self.degrees)
    }
}

impl TryFrom<f64> for Angle {
    type Error = GeometryError;
    fn try_from(degrees: f64) -> Result<Self, Self::Error> {
        Angle::from_degrees(degrees)
    }
}

impl From<Angle> for f64 {
    fn from(angle: Angle) -> f64 {
        angle.degrees
    }
}

impl fmt::Display for Angle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(precision) = f.precision() {
            write!(f, "{:.*}°", precision, self.degrees)
        } else {
            write!(f, "{}°", self.degrees)
        }
    }
}
