//! Game data the text leaves to the core rules, editable per game and
//! saved with it.

use crate::game::refusal::{invalid, say};
use feldherr_play::PlayError;
use serde::{Deserialize, Serialize};

use crate::{DEFAULT_TEMPLATE_CM, Size};

/// How many figures may stand in base contact with a model of each size
/// (the core rules' sizes, which the text refers to, line 336; PC3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContactLimits {
    /// Small.
    pub small: u32,
    /// Normal.
    pub normal: u32,
    /// Large.
    pub large: u32,
    /// Very large (most machines).
    pub very_large: u32,
}

impl Default for ContactLimits {
    /// 4, 4, 6 and 8 (PC3).
    fn default() -> Self {
        Self {
            small: 4,
            normal: 4,
            large: 6,
            very_large: 8,
        }
    }
}

impl ContactLimits {
    /// The limit for a model of `size`.
    pub fn of(&self, size: Size) -> u32 {
        match size {
            Size::Small => self.small,
            Size::Normal => self.normal,
            Size::Large => self.large,
            Size::VeryLarge => self.very_large,
        }
    }
}

fn default_template() -> f64 {
    DEFAULT_TEMPLATE_CM
}

/// The game's own data (saved with it).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSettings {
    /// Figures in base contact by size (PC3).
    #[serde(default)]
    pub contact: ContactLimits,
    /// Diameter of the zone template in cm (C6: game data, default 10 cm).
    #[serde(default = "default_template")]
    pub template_cm: f64,
}

impl Default for GameSettings {
    fn default() -> Self {
        Self {
            contact: ContactLimits::default(),
            template_cm: DEFAULT_TEMPLATE_CM,
        }
    }
}

impl GameSettings {
    /// Checks the values; the error names the field.
    pub fn check(&self) -> Result<(), PlayError> {
        for (field, v) in [
            ("contact.small", self.contact.small),
            ("contact.normal", self.contact.normal),
            ("contact.large", self.contact.large),
            ("contact.very_large", self.contact.very_large),
        ] {
            if !(1..=20).contains(&v) {
                return Err(invalid(field, v, say("settings.1_20_figures")));
            }
        }
        if !(self.template_cm.is_finite() && (1.0..=50.0).contains(&self.template_cm)) {
            return Err(invalid(
                "template_cm",
                self.template_cm,
                say("settings.template_s_diameter_1_50"),
            ));
        }
        Ok(())
    }
}
