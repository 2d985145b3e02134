//! Spells as user data (H6): the army sheets with the spells are missing
//! from the text, so every spell is typed in, as weapons are.

use serde::{Deserialize, Serialize};

use feldherr_dice::step::Message;

use crate::refusal::say;
use crate::skill::MAX_SKILL_LEVEL;
use crate::{DamageType, RangeBand, Stat, Template, TemplateUse, WarheimError};

/// A school of magic a mage knows, at a level ("знания школы", line 227).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchoolLevel {
    /// The school's name, e.g. "Fire".
    pub school: String,
    /// His level in it, 1 to [`MAX_SKILL_LEVEL`].
    pub level: u32,
}

/// What a spell's effect roll does when it is an attack (line 229: "Prec\
/// WS\WIP ролл на отработку эффекта"): rolled like a weapon's attack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpellEffect {
    /// The value the effect rolls against: Prec, WS or WIP.
    pub stat: Stat,
    /// Dice of the effect.
    pub attacks: u32,
    /// Range bands, nearest first, as a weapon's.
    pub bands: Vec<RangeBand>,
    /// The attack strength of its hits (the spell's own, not Ph + a
    /// bonus; PH19).
    pub strength: i32,
    /// Added to 1 for the T lost directly on a crit.
    #[serde(default)]
    pub damage_bonus: i32,
    /// Damage type.
    #[serde(default)]
    pub damage_type: DamageType,
    /// A template the effect lays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub template: Option<Template>,
    /// How it lays it (`None`: a teardrop at the caster, a blast placed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub template_use: Option<TemplateUse>,
}

/// A spell of a school.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spell {
    /// Its name, e.g. "Fireball".
    pub name: String,
    /// The school it belongs to.
    pub school: String,
    /// The level in the school a mage needs to know it (1 and up).
    pub level: u32,
    /// "Intuitive" (line 233): no WIP part; the effect is all.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub intuitive: bool,
    /// The effect roll, when the effect is an attack; `None`: the spell
    /// works as soon as it is cast (the players apply what it does).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<SpellEffect>,
    /// What the spell does, in the army sheet's words, for the players.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
}

impl Spell {
    /// Whether casting it is a full action (line 229: a WIP roll and an
    /// effect roll in a row); otherwise one short action, "Направить
    /// заклинание" (line 171), for a spell whose effect needs no roll or
    /// an intuitive one (line 233; PH17).
    pub fn is_full_action(&self) -> bool {
        !self.intuitive && self.effect.is_some()
    }

    /// Checks the spell, naming `fighter` and `field` on refusal.
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
            return bad("name", "\"\"".into(), say("spell_name"));
        }
        if self.school.trim().is_empty() {
            return bad("school", "\"\"".into(), say("spell_school"));
        }
        if !(1..=MAX_SKILL_LEVEL).contains(&self.level) {
            return bad(
                "level",
                self.level.to_string(),
                say("level_range").int("max", MAX_SKILL_LEVEL),
            );
        }
        if self.intuitive && self.effect.is_none() {
            return bad("effect", "none".into(), say("spell_intuitive_effect"));
        }
        if let Some(e) = &self.effect {
            if e.stat == Stat::Ph || e.stat == Stat::Mor {
                return bad(
                    "effect.stat",
                    e.stat.label().into(),
                    say("spell_effect_stat"),
                );
            }
            let weapon = crate::Weapon {
                name: self.name.clone(),
                attacks: e.attacks,
                bands: e.bands.clone(),
                damage_bonus: e.damage_bonus,
                template: e.template,
                template_use: e.template_use,
                kind: crate::WeaponKind::Ranged,
                ..crate::Weapon::default()
            };
            weapon.check(fighter, &format!("{field}.effect"))?;
            if !(0..=40).contains(&e.strength) {
                return bad(
                    "effect.strength",
                    e.strength.to_string(),
                    say("spell_strength"),
                );
            }
        }
        Ok(())
    }
}
