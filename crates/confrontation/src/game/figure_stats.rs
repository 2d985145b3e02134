//! What the referee enters for a figure on the table.

use feldherr_play::PlayError;
use serde::{Deserialize, Serialize};

/// What a figure on a Confrontation table is, for hits and tests: RES, INI
/// and height level. Figures are the model pieces of the table that stand
/// for no machine; they are known by their piece id (stable, P20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureStats {
    /// RES (WK).
    pub res: i32,
    /// INI, for the Sichel test.
    #[serde(default)]
    pub ini: i32,
    /// Height level (0 = ground); shots hit one level only.
    #[serde(default)]
    pub level: i32,
}

impl FigureStats {
    /// Checks the values; the error names the field and value.
    pub fn check(&self) -> Result<(), PlayError> {
        let range = |field: &str, value: i32, lo: i32, hi: i32| {
            if (lo..=hi).contains(&value) {
                Ok(())
            } else {
                Err(PlayError::invalid(
                    field,
                    value,
                    format!("{field}: {value} is outside {lo} to {hi}"),
                ))
            }
        };
        range("RES", self.res, 0, 99)?;
        range("INI", self.ini, 0, 20)?;
        range("level", self.level, -9, 9)
    }
}
