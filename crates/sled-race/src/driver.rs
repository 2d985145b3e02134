//! Drivers: a character model on foot per player ("Der Fahrer").

use serde::{Deserialize, Serialize};

use crate::SledError;
use crate::error::in_range;
use crate::refusal::say;

/// How the character model moves in its army.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mount {
    /// On foot: may drive a sled.
    #[default]
    OnFoot,
    /// Mounted ("beritten"): refused.
    Mounted,
    /// In a chariot ("Streitwagen"): refused.
    Chariot,
}

/// A driver: the player's character model and its profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Driver {
    /// The character's name, e.g. "Elf hero".
    pub name: String,
    /// The player as the event knows him.
    pub player: String,
    /// Toughness (W): movement dice (S2) and collision value (S12).
    pub toughness: u32,
    /// Initiative (I): the turning test (S11).
    pub initiative: u32,
    /// Strength (S): kicks and punches (S13).
    pub strength: u32,
    /// Weapon skill (KG): punches (S13).
    pub weapon_skill: u32,
    /// Wounds (LP).
    pub wounds: u32,
    /// Armour save, e.g. 5 for 5+; `None` without armour (S14).
    #[serde(default)]
    pub armour_save: Option<u32>,
    /// On foot, mounted or in a chariot.
    #[serde(default)]
    pub mount: Mount,
}

impl Driver {
    /// A driver on foot without armour.
    pub fn on_foot(
        name: &str,
        player: &str,
        [toughness, initiative, strength, weapon_skill, wounds]: [u32; 5],
    ) -> Driver {
        Driver {
            name: name.to_owned(),
            player: player.to_owned(),
            toughness,
            initiative,
            strength,
            weapon_skill,
            wounds,
            armour_save: None,
            mount: Mount::OnFoot,
        }
    }

    /// Checks the profile (1 to 10 each, save 1+ to 6+) and the mount: the
    /// text forbids a mounted model or one in a chariot.
    pub fn validate(&self) -> Result<(), SledError> {
        if self.name.trim().is_empty() {
            return Err(SledError::says("driver.name", "\"\"", say("driver_name")));
        }
        if self.player.trim().is_empty() {
            return Err(SledError::says(
                "driver.player",
                "\"\"",
                say("driver_player").text("driver", &self.name),
            ));
        }
        in_range("driver.toughness", self.toughness, 1, 10)?;
        in_range("driver.initiative", self.initiative, 1, 10)?;
        in_range("driver.strength", self.strength, 1, 10)?;
        in_range("driver.weapon_skill", self.weapon_skill, 1, 10)?;
        in_range("driver.wounds", self.wounds, 1, 10)?;
        if let Some(save) = self.armour_save {
            in_range("driver.armour_save", save, 1, 6)?;
        }
        match self.mount {
            Mount::OnFoot => Ok(()),
            Mount::Mounted => Err(SledError::refused(
                say("mounted").text("driver", &self.name),
                "N6",
            )),
            Mount::Chariot => Err(SledError::refused(
                say("chariot").text("driver", &self.name),
                "N6",
            )),
        }
    }
}
