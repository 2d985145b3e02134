//! A fighter: profile, types, discipline, skills, weapons and current state.

use std::collections::BTreeSet;

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::magic::{SchoolLevel, Spell};
use crate::model_type::{Discipline, ModelType};
use crate::refusal::{decimal, say};
use crate::skill::{MAX_SKILL_LEVEL, Skill, SkillKind, level_of};
use crate::{Profile, WarheimError, Weapon};

/// Most spells a fighter may carry.
pub const MAX_SPELLS: usize = 20;

/// The states of the text ("Состояния бойца"), shown with markers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Condition {
    /// Паника: failed morale; no activation until the end of the turn,
    /// reacts only with dodges.
    Panic,
    /// Без сознания: T reached 0 (or below within Regeneration); does not
    /// react, activate or give activations.
    Unconscious,
    /// Мёртв: T below 0 (beyond Regeneration).
    Dead,
    /// Ступор: lost all Mor; only moves until the end of the turn.
    Stupor,
    /// Маскировка: a hidden marker; cannot be targeted until revealed.
    Hidden,
}

impl Condition {
    /// The catalogue key of the state's name.
    pub fn key(self) -> &'static str {
        match self {
            Condition::Panic => "warheim.state.panic",
            Condition::Unconscious => "warheim.state.unconscious",
            Condition::Dead => "warheim.state.dead",
            Condition::Stupor => "warheim.state.stupor",
            Condition::Hidden => "warheim.state.hidden",
        }
    }
}

/// What changes during the game.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FighterState {
    /// Current T (0: unconscious; below 0: dead unless Regeneration holds).
    pub t: i32,
    /// Current Mor.
    pub mor: i32,
    /// Current states.
    #[serde(default)]
    pub conditions: BTreeSet<Condition>,
    /// Weapons (indices into his weapons) that were fired and wait for a
    /// reload (line 177); every other weapon is loaded.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub unloaded: BTreeSet<usize>,
}

/// A fighter of a roster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fighter {
    /// Stable id, unique in the game.
    pub id: Id,
    /// Name shown to the players.
    pub name: String,
    /// The profile.
    pub profile: Profile,
    /// Model types.
    #[serde(default)]
    pub types: Vec<ModelType>,
    /// Discipline.
    #[serde(default)]
    pub discipline: Discipline,
    /// Skills with levels.
    #[serde(default)]
    pub skills: Vec<Skill>,
    /// Weapons (H6).
    #[serde(default)]
    pub weapons: Vec<Weapon>,
    /// The schools of magic he knows, with levels (line 227).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub schools: Vec<SchoolLevel>,
    /// His spells (H6: user data, as weapons).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spells: Vec<Spell>,
    /// The miniature's height in inches, for sight (line 87); `None`: by
    /// his model type (PH20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<f64>,
    /// The Warband company of a Warband model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub company: Option<String>,
    /// Current state; `None` means fresh (profile T and Mor, no states).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<FighterState>,
}

impl Fighter {
    /// A fresh fighter with no types, skills or weapons.
    pub fn new(id: Id, name: impl Into<String>, profile: Profile) -> Self {
        Self {
            id,
            name: name.into(),
            profile,
            types: Vec::new(),
            discipline: Discipline::Disciplined,
            skills: Vec::new(),
            weapons: Vec::new(),
            schools: Vec::new(),
            spells: Vec::new(),
            height: None,
            company: None,
            state: None,
        }
    }

    /// The current state (fresh if none was recorded).
    pub fn current(&self) -> FighterState {
        self.state.clone().unwrap_or(FighterState {
            t: self.profile.t,
            mor: self.profile.mor,
            conditions: BTreeSet::new(),
            unloaded: BTreeSet::new(),
        })
    }

    /// Whether the fighter has `ty`.
    pub fn is(&self, ty: ModelType) -> bool {
        self.types.contains(&ty)
    }

    /// The level of `skill` (0 when absent).
    pub fn skill(&self, skill: SkillKind) -> u32 {
        level_of(&self.skills, skill)
    }

    /// Whether the fighter is in `condition`.
    pub fn has(&self, condition: Condition) -> bool {
        self.state
            .as_ref()
            .is_some_and(|s| s.conditions.contains(&condition))
    }

    /// Whether weapon `index` is loaded (a weapon without reload always
    /// is).
    pub fn loaded(&self, index: usize) -> bool {
        self.state
            .as_ref()
            .is_none_or(|s| !s.unloaded.contains(&index))
    }

    /// Out of the fight: unconscious or dead.
    pub fn down(&self) -> bool {
        self.has(Condition::Unconscious) || self.has(Condition::Dead)
    }

    /// Checks every field; the error names the fighter and the field.
    pub fn check(&self) -> Result<(), WarheimError> {
        let name = self.name.as_str();
        if name.trim().is_empty() {
            return Err(WarheimError::fighter_says(
                &self.id.to_string(),
                "name",
                "\"\"",
                say("fighter_name"),
            ));
        }
        self.profile.check(name)?;
        for (i, ty) in self.types.iter().enumerate() {
            if self.types[..i].contains(ty) {
                return Err(WarheimError::fighter_says(
                    name,
                    format!("types[{i}]"),
                    format!("{ty:?}"),
                    say("type_twice"),
                ));
            }
        }
        match (&self.company, self.is(ModelType::Warband)) {
            (None, true) => {
                return Err(WarheimError::fighter_says(
                    name,
                    "company",
                    "none",
                    say("company_missing"),
                ));
            }
            (Some(c), false) => {
                return Err(WarheimError::fighter_says(
                    name,
                    "company",
                    c,
                    say("company_not_warband"),
                ));
            }
            (Some(c), true) if c.trim().is_empty() => {
                return Err(WarheimError::fighter_says(
                    name,
                    "company",
                    "\"\"",
                    say("company_name"),
                ));
            }
            _ => {}
        }
        for (i, s) in self.skills.iter().enumerate() {
            if !(1..=MAX_SKILL_LEVEL).contains(&s.level) {
                return Err(WarheimError::fighter_says(
                    name,
                    format!("skills[{i}].level"),
                    s.level,
                    say("level_range").int("max", i64::from(MAX_SKILL_LEVEL)),
                ));
            }
            if self.skills[..i].iter().any(|o| o.kind == s.kind) {
                return Err(WarheimError::fighter_says(
                    name,
                    format!("skills[{i}].kind"),
                    format!("{:?}", s.kind),
                    say("skill_twice"),
                ));
            }
        }
        for (i, w) in self.weapons.iter().enumerate() {
            w.check(name, &format!("weapons[{i}]"))?;
        }
        for (i, s) in self.schools.iter().enumerate() {
            if s.school.trim().is_empty() {
                return Err(WarheimError::fighter_says(
                    name,
                    format!("schools[{i}].school"),
                    "\"\"",
                    say("school_name"),
                ));
            }
            if !(1..=MAX_SKILL_LEVEL).contains(&s.level) {
                return Err(WarheimError::fighter_says(
                    name,
                    format!("schools[{i}].level"),
                    s.level,
                    say("level_range").int("max", i64::from(MAX_SKILL_LEVEL)),
                ));
            }
            if self.schools[..i].iter().any(|o| o.school == s.school) {
                return Err(WarheimError::fighter_says(
                    name,
                    format!("schools[{i}].school"),
                    &s.school,
                    say("school_twice"),
                ));
            }
        }
        if let Some(h) = self.height
            && !(h.is_finite() && h > 0.0 && h <= crate::on_table::body::MAX_HEIGHT)
        {
            return Err(WarheimError::fighter_says(
                name,
                "height",
                h,
                say("miniature_height").nested("height", decimal(h, 1)),
            ));
        }
        if self.spells.len() > MAX_SPELLS {
            return Err(WarheimError::fighter_says(
                name,
                "spells",
                self.spells.len(),
                say("too_many_spells").int("max", MAX_SPELLS as i64),
            ));
        }
        for (i, s) in self.spells.iter().enumerate() {
            let field = format!("spells[{i}]");
            s.check(name, &field)?;
            crate::magic::check_known(self, s, &field)?;
        }
        if let Some(state) = &self.state {
            if !(-60..=crate::profile::MAX_STAT).contains(&state.t) {
                return Err(WarheimError::fighter_says(
                    name,
                    "state.t",
                    state.t,
                    say("state_t_range"),
                ));
            }
            if !(0..=crate::profile::MAX_STAT).contains(&state.mor) {
                return Err(WarheimError::fighter_says(
                    name,
                    "state.mor",
                    state.mor,
                    say("state_mor_range"),
                ));
            }
            for &w in &state.unloaded {
                match self.weapons.get(w) {
                    None => {
                        return Err(WarheimError::fighter_says(
                            name,
                            "state.unloaded",
                            w,
                            say("weapon_count").int("count", self.weapons.len() as i64),
                        ));
                    }
                    Some(weapon) if !weapon.reload => {
                        return Err(WarheimError::fighter_says(
                            name,
                            "state.unloaded",
                            w,
                            say("no_reload").text("weapon", &weapon.name),
                        ));
                    }
                    Some(_) => {}
                }
            }
        }
        Ok(())
    }
}
