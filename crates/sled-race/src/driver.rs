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

    /// Every problem of the driver at once, in the order of the form
    /// (name, player, T, I, S, WS, W, save, mount): for a form that shows
    /// them all. Empty when [`Driver::validate`] takes him.
    pub fn problems(&self) -> Vec<DriverProblem> {
        let mut out = Vec::new();
        for (field, text) in [
            (DriverField::Name, &self.name),
            (DriverField::Player, &self.player),
        ] {
            if text.trim().is_empty() {
                out.push(DriverProblem::Empty { field });
            }
        }
        let mut values = vec![
            (DriverField::Toughness, self.toughness, 10),
            (DriverField::Initiative, self.initiative, 10),
            (DriverField::Strength, self.strength, 10),
            (DriverField::WeaponSkill, self.weapon_skill, 10),
            (DriverField::Wounds, self.wounds, 10),
        ];
        if let Some(save) = self.armour_save {
            values.push((DriverField::ArmourSave, save, 6));
        }
        for (field, value, max) in values {
            if !(1..=max).contains(&value) {
                out.push(DriverProblem::OutOfRange {
                    field,
                    value,
                    min: 1,
                    max,
                });
            }
        }
        if self.mount != Mount::OnFoot {
            out.push(DriverProblem::NotOnFoot(self.mount));
        }
        out
    }

    /// Checks the profile (1 to 10 each, save 1+ to 6+) and the mount: the
    /// text forbids a mounted model or one in a chariot.
    pub fn validate(&self) -> Result<(), SledError> {
        match self.problems().first() {
            None => Ok(()),
            Some(p) => Err(p.error(&self.name)),
        }
    }
}

/// A field of the driver's profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DriverField {
    /// The character's name.
    Name,
    /// The player.
    Player,
    /// Toughness.
    Toughness,
    /// Initiative.
    Initiative,
    /// Strength.
    Strength,
    /// Weapon skill.
    WeaponSkill,
    /// Wounds.
    Wounds,
    /// Armour save.
    ArmourSave,
}

impl DriverField {
    /// The field's path in a saved driver, e.g. `driver.toughness`.
    pub const fn path(self) -> &'static str {
        match self {
            Self::Name => "driver.name",
            Self::Player => "driver.player",
            Self::Toughness => "driver.toughness",
            Self::Initiative => "driver.initiative",
            Self::Strength => "driver.strength",
            Self::WeaponSkill => "driver.weapon_skill",
            Self::Wounds => "driver.wounds",
            Self::ArmourSave => "driver.armour_save",
        }
    }
}

/// One problem of a driver, typed (see [`Driver::problems`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DriverProblem {
    /// A name that must be given is empty.
    Empty {
        /// Which.
        field: DriverField,
    },
    /// A value outside its range.
    OutOfRange {
        /// Which.
        field: DriverField,
        /// The value given.
        value: u32,
        /// The least allowed.
        min: u32,
        /// The most allowed.
        max: u32,
    },
    /// Mounted or in a chariot: may not drive (N6).
    NotOnFoot(Mount),
}

impl DriverProblem {
    /// The problem as the crate's error for driver `name`.
    pub fn error(&self, name: &str) -> SledError {
        match *self {
            Self::Empty {
                field: DriverField::Player,
            } => SledError::says(
                DriverField::Player.path(),
                "\"\"",
                say("driver_player").text("driver", name),
            ),
            Self::Empty { field } => SledError::says(field.path(), "\"\"", say("driver_name")),
            Self::OutOfRange {
                field,
                value,
                min,
                max,
            } => in_range(field.path(), value, min, max)
                .err()
                .unwrap_or_else(|| SledError::invalid(field.path(), value, "is out of range")),
            Self::NotOnFoot(Mount::Chariot) => {
                SledError::refused(say("chariot").text("driver", name), "N6")
            }
            Self::NotOnFoot(_) => SledError::refused(say("mounted").text("driver", name), "N6"),
        }
    }
}
