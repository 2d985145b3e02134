//! Units of table measurement.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The unit a rule system measures the table in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Unit {
    /// Inches (`in`).
    Inch,
    /// Centimetres (`cm`).
    Centimetre,
}

impl Unit {
    /// Centimetres in one inch, exactly (international inch).
    pub const CENTIMETRES_PER_INCH: f64 = 2.54;

    /// The unit's symbol: `in` or `cm`.
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self {
            Unit::Inch => "in",
            Unit::Centimetre => "cm",
        }
    }

    /// The factor that converts a value in `self` into `target`.
    #[must_use]
    pub fn factor_to(self, target: Unit) -> f64 {
        match (self, target) {
            (Unit::Inch, Unit::Centimetre) => Self::CENTIMETRES_PER_INCH,
            (Unit::Centimetre, Unit::Inch) => 1.0 / Self::CENTIMETRES_PER_INCH,
            _ => 1.0,
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}
