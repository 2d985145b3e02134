//! Skills ("Спецификации") with levels.

use serde::{Deserialize, Serialize};

/// A skill the text names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SkillKind {
    /// Melee levels: per level one more die or +1 strength bonus, chosen
    /// per attack (PH3).
    Martial,
    /// Defers death by its level in T (H4).
    Regeneration,
    /// May give orders; may become the new commander; keeps his group
    /// together when the commander is lost.
    Leadership,
    /// May become the new commander.
    Tactician,
    /// May become the new commander.
    Strategist,
    /// May manoeuvre (attack and dodge in one full action).
    Duelist,
    /// May shoot and reload in one action; may become the new commander.
    Veteran,
    /// May attack a hidden marker without revealing it first.
    Berzerker,
    /// May attack a hidden marker without revealing it first.
    Frenzy,
}

/// A skill at a level (1 and up).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Skill {
    /// Which skill.
    pub kind: SkillKind,
    /// Its level, 1 to [`MAX_SKILL_LEVEL`].
    pub level: u32,
}

/// Highest skill level accepted.
pub const MAX_SKILL_LEVEL: u32 = 5;

/// The level of `kind` among `skills`; 0 when absent.
pub fn level_of(skills: &[Skill], kind: SkillKind) -> u32 {
    skills
        .iter()
        .filter(|s| s.kind == kind)
        .map(|s| s.level)
        .max()
        .unwrap_or(0)
}
