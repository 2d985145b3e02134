//! The size of the playing table.

use serde::{Deserialize, Serialize};

use crate::NewYearError;

/// A rectangular playing table in inches. Player A's deployment edge is the
/// long edge at `y = 0`, player B's the one at `y = depth`; `x` runs along
/// the long edges from 0 to `width`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayingTable {
    /// Length of the long edges, in inches.
    pub width: f64,
    /// Length of the short edges, in inches.
    pub depth: f64,
}

impl Default for PlayingTable {
    /// The usual 6 x 4 ft table: 72 x 48 in (G2).
    fn default() -> Self {
        Self {
            width: 72.0,
            depth: 48.0,
        }
    }
}

impl PlayingTable {
    /// A table of `width` x `depth` inches.
    ///
    /// # Errors
    ///
    /// [`NewYearError::InvalidValue`] (field `table.width` or
    /// `table.depth`) unless both are finite and positive.
    pub fn new(width: f64, depth: f64) -> Result<Self, NewYearError> {
        let table = Self { width, depth };
        table.validate()?;
        Ok(table)
    }

    /// Checks that both sides are finite and positive.
    ///
    /// # Errors
    ///
    /// As [`PlayingTable::new`].
    pub fn validate(&self) -> Result<(), NewYearError> {
        for (field, value) in [("table.width", self.width), ("table.depth", self.depth)] {
            if !(value.is_finite() && value > 0.0) {
                return Err(NewYearError::InvalidValue {
                    field: field.to_owned(),
                    value: value.to_string(),
                    expected: "a positive number of inches",
                });
            }
        }
        Ok(())
    }
}
