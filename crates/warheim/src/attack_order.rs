//! Building an attack from the rosters: the attacker, his weapon, the
//! targets with the dice split between them, the modifiers of each line
//! and each target's reaction. The result is an [`AttackSpec`] with every
//! number fixed, whose exact odds the attack panel shows before rolling.

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::actions::{ShortAction, check_reaction};
use crate::attack::{AttackSpec, Combatant, ReactionSpec, Strike, TargetSpec};
use crate::model_type::{ModelType, dodge_modifier};
use crate::modifiers::{
    AMBUSH_MELEE, AMBUSH_SHOT, COVER, Facing, TEMPLATE_DODGE, TURN, Terrain, Value, WALL,
};
use crate::roll::Pool;
use crate::skill::SkillKind;
use crate::weapon::NaturalAttack;
use crate::{Condition, DamageType, Fighter, Roster, Stat, WarheimError, Weapon, WeaponKind};

/// How a Martial fighter uses his level in this attack (PH3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MartialUse {
    /// One more die per level.
    Dice,
    /// +1 strength bonus per level.
    Strength,
}

/// A target's declared reaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReactionChoice {
    /// No reaction.
    #[default]
    None,
    /// Strike back with weapon `weapon` (its Attacks count 1).
    Attack {
        /// Index into the reacting fighter's weapons.
        weapon: usize,
        /// How he uses Martial, if at all.
        #[serde(default)]
        martial: Option<MartialUse>,
    },
    /// Dodge.
    Dodge,
    /// Block with a shield.
    Block,
    /// Turn to face.
    Turn,
}

impl ReactionChoice {
    fn action(self) -> Option<ShortAction> {
        match self {
            ReactionChoice::None => None,
            ReactionChoice::Attack { .. } => Some(ShortAction::Attack),
            ReactionChoice::Dodge => Some(ShortAction::Dodge),
            ReactionChoice::Block => Some(ShortAction::Block),
            ReactionChoice::Turn => Some(ShortAction::Turn),
        }
    }
}

/// One target: the dice sent at him, the line between the models and his
/// reaction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetOrder {
    /// The target.
    pub target: Id,
    /// The attacker's dice at him (0 for a template).
    pub dice: u32,
    /// Distance in inches, 0 = base contact.
    pub distance: f64,
    /// Where the attacker stands as the target sees it.
    #[serde(default)]
    pub facing: Facing,
    /// A wall crosses the line: -3 to the attacker's roll (and the
    /// reacting striker's).
    #[serde(default)]
    pub wall: bool,
    /// The target is in cover: +3 Arm.
    #[serde(default)]
    pub cover: bool,
    /// Zones the line crosses.
    #[serde(default)]
    pub terrain: Vec<Terrain>,
    /// The attacker adds 1 to the result of one die at this target
    /// (Elite, Solo outside a group; PH2).
    #[serde(default)]
    pub plus_one: bool,
    /// The target's reaction.
    #[serde(default)]
    pub reaction: ReactionChoice,
    /// The target saw the active model during its activation.
    #[serde(default = "yes")]
    pub saw_active: bool,
    /// The reacting fighter adds 1 to his result (Elite, Solo).
    #[serde(default)]
    pub reaction_plus_one: bool,
}

fn yes() -> bool {
    true
}

/// An attack as the attack panel builds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackOrder {
    /// The attacker.
    pub attacker: Id,
    /// Index into his weapons.
    pub weapon: usize,
    /// The targets, in the order they are resolved.
    pub targets: Vec<TargetOrder>,
    /// Part of a charge (Assault: +1 die).
    #[serde(default)]
    pub charge: bool,
    /// From a hidden marker: the enemies -6 in melee, -3 shooting; reveals.
    #[serde(default)]
    pub ambush: bool,
    /// Part of a squad order: the weapon's Attacks count 1.
    #[serde(default)]
    pub squad_order: bool,
    /// How the attacker uses Martial.
    #[serde(default)]
    pub martial: Option<MartialUse>,
    /// The attacker is in cover (+3 Arm against reactions).
    #[serde(default)]
    pub attacker_cover: bool,
    /// The attack is itself a reaction against the active model by a model
    /// that saw it: the weapon's Attacks count 1.
    #[serde(default)]
    pub as_reaction: bool,
}

/// Finds `id` in `rosters`: (player, fighter).
pub fn find(rosters: &[Roster], id: Id) -> Result<(usize, &Fighter), WarheimError> {
    rosters
        .iter()
        .enumerate()
        .find_map(|(p, r)| r.fighter(id).map(|f| (p, f)))
        .ok_or_else(|| WarheimError::invalid("fighter", id, "no such fighter"))
}

fn weapon(f: &Fighter, index: usize, field: &str) -> Result<Weapon, WarheimError> {
    f.weapons.get(index).cloned().ok_or_else(|| {
        WarheimError::fighter(
            &f.name,
            field,
            index,
            format!("he has {} weapon(s)", f.weapons.len()),
        )
    })
}

fn stat_of(w: &Weapon) -> Stat {
    match w.kind {
        WeaponKind::Melee => Stat::Ws,
        WeaponKind::Ranged => Stat::Prec,
    }
}

/// The band modifier of `w` in `f`'s hands at `distance`, with the Monster
/// and Beast rules for natural attacks.
fn band(f: &Fighter, w: &Weapon, distance: f64, field: &str) -> Result<(f64, i32), WarheimError> {
    let natural = w.natural.is_some();
    let distance = if natural && f.is(ModelType::Monster) && distance <= 1.0 {
        0.0
    } else {
        distance
    };
    let mut m = w.band_modifier(distance).ok_or_else(|| {
        WarheimError::fighter(
            &f.name,
            field,
            distance,
            format!("out of the reach of {}", w.name),
        )
    })?;
    // Line 263: only a Beast's Bite and Claws treat a -3 band as 0.
    if w.natural.is_some_and(NaturalAttack::beast_weapon) && f.is(ModelType::Beast) && m == -3 {
        m = 0;
    }
    let monster = if natural && f.is(ModelType::Monster) && distance == 0.0 {
        3
    } else {
        0
    };
    Ok((distance, m + monster))
}

/// The damage type of `w` in `f`'s hands: a Beast's Bite and Claws deal DA
/// (line 263), whatever the sheet says.
fn damage_type(f: &Fighter, w: &Weapon) -> DamageType {
    if f.is(ModelType::Beast) && w.natural.is_some_and(NaturalAttack::beast_weapon) {
        DamageType::Da
    } else {
        w.damage_type
    }
}

fn martial(f: &Fighter, use_: Option<MartialUse>, field: &str) -> Result<(u32, i32), WarheimError> {
    let level = f.skill(SkillKind::Martial);
    match use_ {
        None => Ok((0, 0)),
        Some(_) if level == 0 => Err(WarheimError::fighter(
            &f.name,
            field,
            "Martial",
            "he has no Martial skill",
        )),
        Some(MartialUse::Dice) => Ok((level, 0)),
        Some(MartialUse::Strength) => Ok((0, i32::try_from(level).unwrap_or(0))),
    }
}

fn plus_one(f: &Fighter, wanted: bool, field: &str) -> Result<i32, WarheimError> {
    if !wanted {
        return Ok(0);
    }
    if f.is(ModelType::Elite) || f.is(ModelType::Solo) {
        Ok(1)
    } else {
        Err(WarheimError::fighter(
            &f.name,
            field,
            true,
            "only Elite or Solo fighters add 1 to a result",
        ))
    }
}

fn combatant(f: &Fighter, cover: bool) -> Combatant {
    Combatant {
        id: f.id,
        name: f.name.clone(),
        arm: f.profile.arm + if cover { COVER } else { 0 },
        t: f.current().t,
        regeneration: f.skill(SkillKind::Regeneration),
        beast: f.is(ModelType::Beast),
    }
}

fn hero(f: &Fighter) -> u32 {
    u32::from(f.is(ModelType::Hero))
}

impl AttackOrder {
    /// The dice the attacker rolls in all: the weapon's Attacks (1 in a
    /// squad order), Hero +1, Assault +1 on a charge, Martial dice.
    pub fn pool_size(&self, attacker: &Fighter) -> Result<u32, WarheimError> {
        let w = weapon(attacker, self.weapon, "weapon")?;
        let (martial_dice, _) = martial(attacker, self.martial, "martial")?;
        let base = if self.squad_order || self.as_reaction {
            1
        } else {
            w.attacks
        };
        let assault = u32::from(self.charge && attacker.is(ModelType::Assault));
        Ok(base + hero(attacker) + assault + martial_dice)
    }

    /// Builds the attack with every number fixed.
    pub fn build(&self, rosters: &[Roster]) -> Result<AttackSpec, WarheimError> {
        let (side, attacker) = find(rosters, self.attacker)?;
        if self.as_reaction {
            check_reaction(attacker, ShortAction::Attack, true, false)?;
        }
        if attacker.down() || attacker.has(Condition::Panic) {
            return Err(WarheimError::fighter(
                &attacker.name,
                "attacker",
                "down or panicking",
                "he cannot attack",
            ));
        }
        if attacker.has(Condition::Stupor) {
            return Err(WarheimError::fighter(
                &attacker.name,
                "attacker",
                "stupor",
                "in stupor a fighter only moves",
            ));
        }
        if self.ambush && !attacker.has(Condition::Hidden) {
            return Err(WarheimError::fighter(
                &attacker.name,
                "ambush",
                true,
                "an ambush strikes from a hidden marker",
            ));
        }
        let w = weapon(attacker, self.weapon, "weapon")?;
        let (_, martial_strength) = martial(attacker, self.martial, "martial")?;
        let total = self.pool_size(attacker)?;
        let strike = Strike {
            strength: attacker.profile.ph + w.strength_bonus + martial_strength,
            damage_bonus: w.damage_bonus,
            damage_type: damage_type(attacker, &w),
        };
        if self.targets.is_empty() {
            return Err(WarheimError::invalid(
                "targets",
                "[]",
                "an attack needs a target",
            ));
        }
        let stat = stat_of(&w);
        let ambush = match (self.ambush, w.kind) {
            (false, _) => 0,
            (true, WeaponKind::Melee) => AMBUSH_MELEE,
            (true, WeaponKind::Ranged) => AMBUSH_SHOT,
        };
        let mut targets = Vec::new();
        let mut split = 0;
        for (i, order) in self.targets.iter().enumerate() {
            let field = format!("targets[{i}]");
            let (target_side, target) = find(rosters, order.target)?;
            if target_side == side {
                return Err(WarheimError::fighter(
                    &target.name,
                    format!("{field}.target"),
                    order.target,
                    "a fighter of the same side",
                ));
            }
            if target.has(Condition::Hidden) {
                return Err(WarheimError::fighter(
                    &target.name,
                    format!("{field}.target"),
                    "hidden",
                    "a hidden marker must be revealed first",
                ));
            }
            if !order.distance.is_finite() || order.distance < 0.0 {
                return Err(WarheimError::invalid(
                    format!("{field}.distance"),
                    order.distance,
                    "a distance of 0 inches or more",
                ));
            }
            let (distance, band_mod) =
                band(attacker, &w, order.distance, &format!("{field}.distance"))?;
            let terrain =
                |s: Stat| -> i32 { order.terrain.iter().map(|t| t.modifier(s, distance)).sum() };
            let value = Value::new(
                attacker.profile.get(stat),
                &[
                    ("warheim.mod.band", band_mod),
                    ("warheim.mod.wall", if order.wall { WALL } else { 0 }),
                    ("warheim.mod.terrain", terrain(stat)),
                ],
            )?;
            let template = w.template.is_some();
            let dice = if template { 0 } else { order.dice };
            if !template && order.dice == 0 {
                return Err(WarheimError::invalid(
                    format!("{field}.dice"),
                    0,
                    "every target gets at least one die",
                ));
            }
            split += dice;
            let bonus = plus_one(attacker, order.plus_one, &format!("{field}.plus_one"))?;
            let reaction = self.reaction(order, target, distance, template, ambush, &field)?;
            targets.push(TargetSpec {
                target: combatant(target, order.cover),
                pool: Pool::new(dice, value.value, bonus)?,
                template,
                reaction,
            });
        }
        if w.template.is_none() && split != total {
            return Err(WarheimError::invalid(
                "targets.dice",
                split,
                format!("the dice split between the targets must add up to the pool of {total}"),
            ));
        }
        let spec = AttackSpec {
            attacker: combatant(attacker, self.attacker_cover),
            strike,
            targets,
            heavy_charge: self.charge && attacker.is(ModelType::Heavy),
        };
        spec.check()?;
        Ok(spec)
    }

    fn reaction(
        &self,
        order: &TargetOrder,
        target: &Fighter,
        distance: f64,
        template: bool,
        ambush: i32,
        field: &str,
    ) -> Result<ReactionSpec, WarheimError> {
        let Some(action) = order.reaction.action() else {
            return Ok(ReactionSpec::None);
        };
        check_reaction(target, action, order.saw_active, true)?;
        let terrain =
            |s: Stat| -> i32 { order.terrain.iter().map(|t| t.modifier(s, distance)).sum() };
        let bonus = plus_one(
            target,
            order.reaction_plus_one,
            &format!("{field}.reaction_plus_one"),
        )?;
        let dodge = |extra: i32| -> Result<Pool, WarheimError> {
            let v = Value::new(
                target.profile.ph,
                &[
                    ("warheim.mod.model_type", dodge_modifier(&target.types)),
                    ("warheim.mod.terrain", terrain(Stat::Ph)),
                    (
                        "warheim.mod.template",
                        if template { TEMPLATE_DODGE } else { 0 },
                    ),
                    ("warheim.mod.turn", extra),
                    ("warheim.mod.ambush", ambush),
                ],
            )?;
            Pool::new(1 + hero(target), v.value, bonus)
        };
        match order.reaction {
            ReactionChoice::None => Ok(ReactionSpec::None),
            ReactionChoice::Dodge => Ok(ReactionSpec::Dodge { pool: dodge(0)? }),
            ReactionChoice::Turn => Ok(ReactionSpec::Turn { pool: dodge(TURN)? }),
            ReactionChoice::Block => {
                if !order.facing.seen() {
                    return Err(WarheimError::fighter(
                        &target.name,
                        format!("{field}.reaction"),
                        "Block",
                        "a block does not help against attacks from outside his sight",
                    ));
                }
                let shield = target
                    .weapons
                    .iter()
                    .map(|w| w.shield_arm)
                    .max()
                    .unwrap_or(0);
                if shield == 0 {
                    return Err(WarheimError::fighter(
                        &target.name,
                        format!("{field}.reaction"),
                        "Block",
                        "he has no shield",
                    ));
                }
                let v = Value::new(
                    target.profile.ws,
                    &[
                        ("warheim.mod.terrain", terrain(Stat::Ws)),
                        ("warheim.mod.ambush", ambush),
                    ],
                )?;
                Ok(ReactionSpec::Block {
                    value: v.value,
                    shield_arm: shield,
                })
            }
            ReactionChoice::Attack {
                weapon: index,
                martial: m,
            } => {
                if template {
                    return Err(WarheimError::fighter(
                        &target.name,
                        format!("{field}.reaction"),
                        "Attack",
                        "only dodges avoid a template",
                    ));
                }
                let w = weapon(target, index, &format!("{field}.reaction.weapon"))?;
                let (d, band_mod) = band(target, &w, distance, &format!("{field}.distance"))?;
                let stat = stat_of(&w);
                let (martial_dice, martial_strength) =
                    martial(target, m, &format!("{field}.reaction.martial"))?;
                let v = Value::new(
                    target.profile.get(stat),
                    &[
                        ("warheim.mod.band", band_mod),
                        ("warheim.mod.wall", if order.wall { WALL } else { 0 }),
                        (
                            "warheim.mod.terrain",
                            order.terrain.iter().map(|t| t.modifier(stat, d)).sum(),
                        ),
                        ("warheim.mod.ambush", ambush),
                    ],
                )?;
                Ok(ReactionSpec::Attack {
                    // A reaction's Attacks always count 1; Hero adds a die.
                    pool: Pool::new(1 + hero(target) + martial_dice, v.value, bonus)?,
                    strike: Strike {
                        strength: target.profile.ph + w.strength_bonus + martial_strength,
                        damage_bonus: w.damage_bonus,
                        damage_type: damage_type(target, &w),
                    },
                })
            }
        }
    }
}
