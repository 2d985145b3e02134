//! A measured length with its unit.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::finite;
use crate::{GeometryError, Unit};

/// A length with its unit, for showing and converting measurements.
///
/// Conversion uses the exact definition 1 in = 2.54 cm. Displayed as the
/// shortest exact decimal plus the unit (`12.0 in`, `30.48 cm`), or with a
/// fixed number of decimals when a precision is given (`{:.1}` gives
/// `30.5 cm`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Length {
    value: f64,
    unit: Unit,
}

impl Length {
    /// A length of `value` in `unit`.
    ///
    /// # Errors
    /// [`GeometryError::NotFinite`] (field `value`) for NaN or infinities.
    pub fn new(value: f64, unit: Unit) -> Result<Length, GeometryError> {
        finite("value", value)?;
        Ok(Length { value, unit })
    }

    /// A length in inches.
    ///
    /// # Errors
    /// As [`Length::new`].
    pub fn inches(value: f64) -> Result<Length, GeometryError> {
        Self::new(value, Unit::Inch)
    }

    /// A length in centimetres.
    ///
    /// # Errors
    /// As [`Length::new`].
    pub fn centimetres(value: f64) -> Result<Length, GeometryError> {
        Self::new(value, Unit::Centimetre)
    }

    /// The numeric value in this length's own unit.
    #[must_use]
    pub const fn value(self) -> f64 {
        self.value
    }

    /// The unit of this length.
    #[must_use]
    pub const fn unit(self) -> Unit {
        self.unit
    }

    /// The same length expressed in `unit`.
    #[must_use]
    pub fn to(self, unit: Unit) -> Length {
        Length {
            value: self.in_unit(unit),
            unit,
        }
    }

    /// The numeric value of this length expressed in `unit`.
    #[must_use]
    pub fn in_unit(self, unit: Unit) -> f64 {
        match (self.unit, unit) {
            (Unit::Inch, Unit::Centimetre) => self.value * Unit::CENTIMETRES_PER_INCH,
            (Unit::Centimetre, Unit::Inch) => self.value / Unit::CENTIMETRES_PER_INCH,
            _ => self.value,
        }
    }
}

impl<'de> Deserialize<'de> for Length {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Data {
            value: f64,
            unit: Unit,
        }
        let data = Data::deserialize(deserializer)?;
        Length::new(data.value, data.unit).map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for Length {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(precision) = f.precision() {
            write!(f, "{:.*} {}", precision, self.value, self.unit)
        } else {
            write!(f, "{:?} {}", self.value, self.unit)
        }
    }
}
