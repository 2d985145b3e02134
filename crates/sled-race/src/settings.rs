//! The race's settings: the options of the rulings (S5, S7, S11) and the
//! sled footprint, saved with the race.

use serde::{Deserialize, Serialize};

use crate::SledError;
use crate::error::positive;
use crate::refusal::say;

/// How "Fahrtrichtung relativ zum Hang" is read for the slope modifier (S5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlopeReading {
    /// The facing of the model (default).
    #[default]
    Facing,
    /// The direction of travel: the facing, or facing + 180° when the
    /// speed is negative.
    Travel,
}

/// Which naturals are automatic in the turning test (S7, S11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnTestNaturals {
    /// Warhammer roll-under: a natural 6 always fails, nothing else is
    /// automatic (default).
    #[default]
    Warhammer,
    /// The text literally: a natural 6 passes and a natural 1 fails.
    Literal,
}

/// How a failed turning test is read on the failure table (S11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnFailureReading {
    /// By the margin of failure, capped at 6; a margin of 0 or less counts
    /// as 1 (default).
    #[default]
    Margin,
    /// By a further D6.
    FurtherDie,
}

/// Everything about a race that is not a driver or the terrain.
///
/// Defaults: the sled footprint is 2 in wide and 4 in long (the size of
/// the `sled` model of the WFB table rules, about a 50 x 100 mm
/// chariot base); start line on the left short edge (x = 0), finish line
/// on the right short edge (x = table width), downhill along +x (S1).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceSettings {
    /// S5 option.
    #[serde(default)]
    pub slope_reading: SlopeReading,
    /// S7 option for the turning test.
    #[serde(default)]
    pub turn_naturals: TurnTestNaturals,
    /// S11 option for the failure table.
    #[serde(default)]
    pub turn_failure: TurnFailureReading,
    /// Sled width across its facing, in inches.
    pub sled_width: f64,
    /// Sled length along its facing, in inches.
    pub sled_length: f64,
}

impl Default for RaceSettings {
    fn default() -> Self {
        Self {
            slope_reading: SlopeReading::Facing,
            turn_naturals: TurnTestNaturals::Warhammer,
            turn_failure: TurnFailureReading::Margin,
            sled_width: 2.0,
            sled_length: 4.0,
        }
    }
}

impl RaceSettings {
    /// Checks the footprint: finite, above 0 and at most 12 in.
    pub fn validate(&self) -> Result<(), SledError> {
        positive("settings.sled_width", self.sled_width)?;
        positive("settings.sled_length", self.sled_length)?;
        for (field, v) in [
            ("settings.sled_width", self.sled_width),
            ("settings.sled_length", self.sled_length),
        ] {
            if v > 12.0 {
                return Err(SledError::says(
                    field,
                    v,
                    say("at_most_12").key("field", crate::error::field_key(field)),
                ));
            }
        }
        Ok(())
    }
}
