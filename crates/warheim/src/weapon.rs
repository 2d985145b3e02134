//! Weapons as user data (H6): the army sheets with the weapon profiles are
//! missing from the text, so every weapon is typed in.

use serde::{Deserialize, Serialize};

use feldherr_dice::step::Message;

use crate::WarheimError;
use crate::refusal::{decimal, say};

/// Damage types the text defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum DamageType {
    /// Ordinary damage: a crit lets the attacker choose a save or 1 + bonus T.
    #[default]
    Normal,
    /// A crit triggers one crit effect and an ordinary save.
    #[serde(rename = "DA")]
    Da,
    /// A crit triggers three crit effects.
    #[serde(rename = "EP")]
    Ep,
}

/// Whether the weapon is used in melee (WS) or at range (Prec).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum WeaponKind {
    /// Rolls WS.
    #[default]
    Melee,
    /// Rolls Prec.
    Ranged,
}

/// The templates of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Template {
    /// 3" blast.
    Blast,
    /// 5" blast.
    LargeBlast,
    /// The teardrop, narrow end towards the firer.
    Teardrop,
    /// The 10" teardrop.
    LargeTeardrop,
}

/// The natural attacks the Monster and Beast rules name ("Unarmed, Bite,
/// Claws, Pincer, Gore").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum NaturalAttack {
    /// Unarmed.
    Unarmed,
    /// Bite: a Beast's bite deals DA and treats -3 bands as 0.
    Bite,
    /// Claws: as Bite for a Beast.
    Claws,
    /// Pincer.
    Pincer,
    /// Gore.
    Gore,
}

impl NaturalAttack {
    /// Bite and Claws: the attacks the Beast rule changes (line 263).
    pub fn beast_weapon(self) -> bool {
        matches!(self, NaturalAttack::Bite | NaturalAttack::Claws)
    }
}

/// Reads `natural` as a kind of natural attack; saved games of earlier
/// versions hold `true` (read as Unarmed, which no Beast rule changes) or
/// `false`.
fn natural_of<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<NaturalAttack>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Stored {
        Flag(bool),
        Kind(Option<NaturalAttack>),
    }
    Ok(match Stored::deserialize(d)? {
        Stored::Flag(true) => Some(NaturalAttack::Unarmed),
        Stored::Flag(false) => None,
        Stored::Kind(k) => k,
    })
}

/// How a template weapon lays its template ("Типы атак", lines 215-221).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TemplateUse {
    /// Прямой темплейт: the teardrop with its narrow end at the firer;
    /// every target under it in his sight is hit (line 215).
    AtFirer,
    /// Impact X: after a hit, the template laid at a point of the target
    /// in sight, along the line from the firer (line 219).
    Impact,
    /// Direct X: the template simply placed (line 221).
    Direct,
}

/// One range band: distances up to `up_to` inches (0 = base contact) take
/// `modifier` on the roll to hit.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeBand {
    /// Upper end of the band in inches, inclusive; 0 is base contact.
    pub up_to: f64,
    /// Modifier to WS or Prec in this band.
    pub modifier: i32,
}

/// A weapon profile.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Name, e.g. "Axe".
    pub name: String,
    /// Melee or ranged.
    #[serde(default)]
    pub kind: WeaponKind,
    /// Attacks: dice in an attack (1 in a reaction or a squad order).
    pub attacks: u32,
    /// Range bands, nearest first; beyond the last band the weapon cannot
    /// reach.
    pub bands: Vec<RangeBand>,
    /// Added to the wielder's Ph for the attack strength (H4).
    pub strength_bonus: i32,
    /// Added to 1 for the T lost directly on a crit (H4).
    #[serde(default)]
    pub damage_bonus: i32,
    /// Damage type.
    #[serde(default)]
    pub damage_type: DamageType,
    /// Needs reloading after a shot.
    #[serde(default)]
    pub reload: bool,
    /// A template weapon: hits everything under it, dodges at -3.
    #[serde(default)]
    pub template: Option<Template>,
    /// A bow (for the volley action of Disciplined fighters).
    #[serde(default)]
    pub bow: bool,
    /// A natural attack the Monster and Beast rules name (Unarmed, Bite,
    /// Claws, Pincer, Gore); `None` for a made weapon.
    #[serde(
        default,
        deserialize_with = "natural_of",
        skip_serializing_if = "Option::is_none"
    )]
    pub natural: Option<NaturalAttack>,
    /// Armour a shield adds on a successful block.
    #[serde(default)]
    pub shield_arm: i32,
    /// A tower shield ("башенный щит"): besides covering the models in
    /// base contact, its bearer blocks sight (line 95, PH20).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tower_shield: bool,
    /// "Непрямой": may snap-fire at a target out of sight, -6 to every
    /// value (line 197, PH31).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub indirect: bool,
    /// How a template weapon lays its template; `None`: a teardrop at the
    /// firer, a blast placed directly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub template_use: Option<TemplateUse>,
}

/// Most dice a weapon may give.
pub const MAX_ATTACKS: u32 = 10;

impl Weapon {
    /// How the weapon lays its template, if it has one.
    pub fn template_use(&self) -> Option<TemplateUse> {
        let t = self.template?;
        Some(self.template_use.unwrap_or(match t {
            Template::Teardrop | Template::LargeTeardrop => TemplateUse::AtFirer,
            Template::Blast | Template::LargeBlast => TemplateUse::Direct,
        }))
    }

    /// Whether the weapon is a shield (adds Arm on a block, covers the
    /// models in base contact).
    pub fn is_shield(&self) -> bool {
        self.shield_arm > 0 || self.tower_shield
    }

    /// The band modifier at `distance` inches, `None` when out of reach.
    pub fn band_modifier(&self, distance: f64) -> Option<i32> {
        self.bands
            .iter()
            .find(|b| distance <= b.up_to)
            .map(|b| b.modifier)
    }

    /// Checks the weapon, naming `fighter` and `field` on refusal.
    pub fn check(&self, fighter: &str, field: &str) -> Result<(), WarheimError> {
        let bad = |f: &str, v: String, why: Message| {
            Err(WarheimError::fighter_says(
                fighter,
                format!("{field}.{f}"),
                v,
                why,
            ))
        };
        if self.name.trim().is_empty() {
            return bad("name", "\"\"".into(), say("weapon_name"));
        }
        if !(1..=MAX_ATTACKS).contains(&self.attacks) {
            return bad("attacks", self.attacks.to_string(), say("weapon_attacks"));
        }
        if self.bands.is_empty() {
            return bad("bands", "[]".into(), say("weapon_bands"));
        }
        let mut last = -1.0;
        for (i, b) in self.bands.iter().enumerate() {
            if !b.up_to.is_finite() || b.up_to < 0.0 || b.up_to <= last || b.up_to > 72.0 {
                return bad(
                    &format!("bands[{i}].up_to"),
                    b.up_to.to_string(),
                    say("weapon_band_up_to").nested("up_to", decimal(b.up_to, 1)),
                );
            }
            if !(-12..=12).contains(&b.modifier) {
                return bad(
                    &format!("bands[{i}].modifier"),
                    b.modifier.to_string(),
                    say("weapon_band_modifier"),
                );
            }
            last = b.up_to;
        }
        if !(0..=20).contains(&self.strength_bonus) {
            return bad(
                "strength_bonus",
                self.strength_bonus.to_string(),
                say("weapon_strength_bonus"),
            );
        }
        if !(0..=20).contains(&self.damage_bonus) {
            return bad(
                "damage_bonus",
                self.damage_bonus.to_string(),
                say("weapon_damage_bonus"),
            );
        }
        if !(0..=20).contains(&self.shield_arm) {
            return bad(
                "shield_arm",
                self.shield_arm.to_string(),
                say("weapon_shield_arm"),
            );
        }
        if self.template_use.is_some() && self.template.is_none() {
            return bad(
                "template_use",
                format!("{:?}", self.template_use),
                say("weapon_template_use"),
            );
        }
        if self.indirect && self.kind != WeaponKind::Ranged {
            return bad("indirect", "true".into(), say("weapon_indirect"));
        }
        Ok(())
    }
}
