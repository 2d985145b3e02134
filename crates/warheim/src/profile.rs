//! A fighter's profile (the text's "Профиль").

use crate::refusal::say;
use serde::{Deserialize, Serialize};

use crate::WarheimError;

/// How a fighter moves (the text's Move: Foot, Jump, Glide, Float, Flight).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveType {
    /// On foot.
    Foot,
    /// Jumping.
    Jump,
    /// Gliding.
    Glide,
    /// Floating.
    Float,
    /// Flying.
    Flight,
}

/// One value of the profile that a test rolls against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Stat {
    /// Weapon skill: melee.
    #[serde(rename = "WS")]
    Ws,
    /// Precision: shooting and spotting.
    Prec,
    /// Physique: strength of blows and quickness (dodges).
    Ph,
    /// Morale: nerves, flight, resisting magic.
    Mor,
    /// Willpower: a mage's casting, and his nerves (lines 171, 251).
    #[serde(rename = "WIP")]
    Wip,
}

impl Stat {
    /// The text's abbreviation.
    pub fn label(self) -> &'static str {
        match self {
            Stat::Ws => "WS",
            Stat::Prec => "Prec",
            Stat::Ph => "Ph",
            Stat::Mor => "Mor",
            Stat::Wip => "WIP",
        }
    }
}

/// The profile: WS, Prec, Ph, T, Arm, Mor, Her, Move and the two Speeds
/// (inches). Values are the printed ones; T and Mor here are the starting
/// values, the fighter's state keeps the current ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// Weapon skill.
    #[serde(rename = "WS")]
    pub ws: i32,
    /// Precision.
    #[serde(rename = "Prec")]
    pub prec: i32,
    /// Physique.
    #[serde(rename = "Ph")]
    pub ph: i32,
    /// Toughness (живучесть): points lost to wounds.
    #[serde(rename = "T")]
    pub t: i32,
    /// Armour.
    #[serde(rename = "Arm")]
    pub arm: i32,
    /// Morale.
    #[serde(rename = "Mor")]
    pub mor: i32,
    /// Heroism (screen time); kept for the army sheets, no rule of the
    /// text reads it.
    #[serde(rename = "Her")]
    pub her: i32,
    /// Kind of movement.
    #[serde(rename = "Move")]
    pub movement: MoveType,
    /// The two Speed values in inches: the first for a move, the second
    /// for a second move, climbing, jumping up and dodging aside.
    #[serde(rename = "Speed")]
    pub speed: [u32; 2],
    /// Willpower, a mage's value ("WIP", lines 91, 171-233): casting,
    /// channelling, and his nerves (line 251). `None`: no mage.
    #[serde(rename = "WIP", default, skip_serializing_if = "Option::is_none")]
    pub wip: Option<i32>,
}

/// Largest profile value accepted (values over 20 are legal, H1).
pub const MAX_STAT: i32 = 40;
/// Largest Speed accepted, in inches (the table is 36 in, G2).
pub const MAX_SPEED: u32 = 36;

impl Profile {
    /// The value of `stat`.
    pub fn get(&self, stat: Stat) -> i32 {
        match stat {
            Stat::Ws => self.ws,
            Stat::Prec => self.prec,
            Stat::Ph => self.ph,
            Stat::Mor => self.mor,
            Stat::Wip => self.wip.unwrap_or(0),
        }
    }

    /// Whether the fighter is a mage (he has WIP).
    pub fn is_mage(&self) -> bool {
        self.wip.is_some()
    }

    /// The value nerves are tested on: WIP for a mage, Mor otherwise
    /// (line 251).
    pub fn nerves_stat(&self) -> Stat {
        if self.is_mage() { Stat::Wip } else { Stat::Mor }
    }

    /// Checks every field, naming `fighter` and the field on refusal.
    pub fn check(&self, fighter: &str) -> Result<(), WarheimError> {
        let stats = [
            ("WS", self.ws, 0),
            ("Prec", self.prec, 0),
            ("Ph", self.ph, 0),
            ("T", self.t, 1),
            ("Arm", self.arm, 0),
            ("Mor", self.mor, 0),
            ("Her", self.her, 0),
        ];
        if let Some(wip) = self.wip
            && !(0..=MAX_STAT).contains(&wip)
        {
            return Err(WarheimError::fighter_says(
                fighter,
                "profile.WIP",
                wip,
                say("wip_range").int("max", MAX_STAT),
            ));
        }
        for (name, value, min) in stats {
            if !(min..=MAX_STAT).contains(&value) {
                return Err(WarheimError::fighter_says(
                    fighter,
                    format!("profile.{name}"),
                    value,
                    say("stat_range")
                        .text("stat", name)
                        .int("min", min)
                        .int("max", MAX_STAT),
                ));
            }
        }
        for (i, s) in self.speed.iter().enumerate() {
            if *s > MAX_SPEED {
                return Err(WarheimError::fighter_says(
                    fighter,
                    format!("profile.Speed[{i}]"),
                    s,
                    say("speed_range").int("max", MAX_SPEED),
                ));
            }
        }
        Ok(())
    }
}
