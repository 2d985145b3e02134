//! Modifiers to the values rolled against ("Модификации",
//! "Ограничители"), applied in the order of H2 with the 12-point cap.

use crate::d20::modified_value;
use serde::{Deserialize, Serialize};

use crate::{Stat, WarheimError};

/// Zones the line of an attack can cross between the bases' centres
/// ("Ограничители").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Terrain {
    /// Темнота: -3 WS, -3 Prec.
    Darkness,
    /// Туман: -3 Prec, and another -3 Prec at 12" or more (PH5).
    Fog,
    /// Растительность: -3 Prec.
    Vegetation,
    /// Болото: -3 Ph, -3 WS; -1 to the second Speed (PH5).
    Swamp,
    /// Лёд: -1 Ph, -1 WS, -1 Speed.
    Ice,
    /// Sand: not in the text; a house zone kept for saved games: -3 WS,
    /// -3 to both Speeds (PH33).
    Sand,
}

impl Terrain {
    /// The modifier to `stat` for an attack line of `distance` inches.
    pub fn modifier(self, stat: Stat, distance: f64) -> i32 {
        match (self, stat) {
            (Terrain::Darkness, Stat::Ws | Stat::Prec) => -3,
            (Terrain::Fog, Stat::Prec) if distance >= 12.0 => -6,
            (Terrain::Fog | Terrain::Vegetation, Stat::Prec) => -3,
            (Terrain::Swamp, Stat::Ws | Stat::Ph) | (Terrain::Sand, Stat::Ws) => -3,
            (Terrain::Ice, Stat::Ws | Stat::Ph) => -1,
            _ => 0,
        }
    }

    /// The modifier to the first and second Speed.
    pub fn speed_modifier(self) -> [i32; 2] {
        match self {
            Terrain::Swamp => [0, -1],
            Terrain::Ice => [-1, -1],
            Terrain::Sand => [-3, -3],
            _ => [0, 0],
        }
    }
}

/// Where the attacker stands as the target sees it. The base's front half
/// sees, the rear half does not: from the rear the target cannot see the
/// attacker, so it can only turn (or nothing), and a block does not help
/// (PH4: the text gives no number for flank or rear).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Facing {
    /// In front of the target.
    #[default]
    Front,
    /// At the target's side, still in its sight.
    Flank,
    /// Behind the target, out of its sight.
    Rear,
}

impl Facing {
    /// Whether the target sees the attacker.
    pub fn seen(self) -> bool {
        self != Facing::Rear
    }
}

/// Wall between the models ("глухая стенка"): -3 to the attacker's WS,
/// Prec or WIP.
pub const WALL: i32 = -3;
/// Cover: +3 Arm.
pub const COVER: i32 = 3;
/// Every kind of dodge against a template: -3.
pub const TEMPLATE_DODGE: i32 = -3;
/// A turn is a dodge at -3.
pub const TURN: i32 = -3;
/// Snap fire of an indirect weapon at a target out of sight: -6 to every
/// value of the shot (line 197, PH31).
pub const SNAP_FIRE: i32 = -6;
/// Ambush from a hidden marker, melee: the enemy -6 in the opposed roll.
pub const AMBUSH_MELEE: i32 = -6;
/// Ambush from a hidden marker, shooting: the enemy -3.
pub const AMBUSH_SHOT: i32 = -3;

/// One named modifier, kept so the panel can list them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// What it is for (a catalogue key).
    pub source: String,
    /// The amount.
    pub amount: i32,
}

/// A value with its modifiers listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Value {
    /// The base value.
    pub base: i32,
    /// The modifiers added (H2: after any multiplication).
    pub modifiers: Vec<Modifier>,
    /// The result, lowered by at most 12 (H2).
    pub value: i32,
}

impl Value {
    /// `base` with `modifiers` (source key, amount; zeros are dropped).
    pub fn new(base: i32, modifiers: &[(&str, i32)]) -> Result<Self, WarheimError> {
        let modifiers: Vec<Modifier> = modifiers
            .iter()
            .filter(|(_, a)| *a != 0)
            .map(|&(s, a)| Modifier {
                source: s.to_owned(),
                amount: a,
            })
            .collect();
        let amounts: Vec<i32> = modifiers.iter().map(|m| m.amount).collect();
        let value = modified_value(base, &[], &amounts)?;
        Ok(Self {
            base,
            modifiers,
            value,
        })
    }
}
