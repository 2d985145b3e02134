//! Building an attack from the rosters: the attacker, his weapon (or a
//! spell's effect), the targets with the dice split between them, the
//! modifiers of each line and each target's reaction. The result is an
//! [`AttackSpec`] with every number fixed, whose exact odds the attack
//! panel shows before rolling.

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::actions::{ShortAction, check_reaction};
use crate::attack::{AttackSpec, Combatant, ImpactRoll, ReactionSpec, Strike, TargetSpec};
use crate::model_type::{Discipline, ModelType, dodge_modifier};
use crate::modifiers::{
    AMBUSH_MELEE, AMBUSH_SHOT, COVER, Facing, SNAP_FIRE, TEMPLATE_DODGE, TURN, Terrain, Value, WALL,
};
use crate::roll::Pool;
use crate::skill::SkillKind;
use crate::weapon::{NaturalAttack, TemplateUse};
use feldherr_dice::step::Message;

use crate::refusal::{decimal, say};
use crate::{
    Condition, DamageType, Fighter, RangeBand, Roster, Stat, Template, WarheimError, Weapon,
    WeaponKind,
};

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
    /// The short action the reaction is.
    pub fn action(self) -> Option<ShortAction> {
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
/// reaction. The table fills the line where both stand on it; the
/// players may change any measured value.
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
    /// The target's reaction.
    #[serde(default)]
    pub reaction: ReactionChoice,
    /// The target saw the active model during its activation.
    #[serde(default = "yes")]
    pub saw_active: bool,
}

impl TargetOrder {
    /// `dice` at `target` `distance` inches away, in front, in the open,
    /// seen, reacting with `reaction`.
    pub fn new(target: Id, dice: u32, distance: f64, reaction: ReactionChoice) -> Self {
        Self {
            target,
            dice,
            distance,
            facing: Facing::Front,
            wall: false,
            cover: false,
            terrain: Vec::new(),
            reaction,
            saw_active: true,
        }
    }
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
    /// The targets, in the order they are resolved. For a template weapon
    /// the fighters under the template (0 dice each).
    pub targets: Vec<TargetOrder>,
    /// Part of a charge (Assault: +1 die; Heavy throws back).
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
    /// Расстрелять (line 209): two shots at one target, the Attacks added.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub volley: bool,
    /// Стрельба навскидку (line 197): an indirect weapon at a target out
    /// of sight, -6 to the roll and the strength (PH31).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub snap_fire: bool,
    /// Интуитивная атака (line 207): a Berzerker or Frenzy fighter
    /// attacks a hidden marker without revealing it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub intuitive: bool,
    /// Маневр (line 201): a Duelist's attack with a dodge.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub manoeuvre: bool,
    /// Выстрел + перезарядка (line 205): a Veteran shoots and reloads the
    /// same weapon; it stays loaded.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reload_after: bool,
    /// An Impact template weapon (line 219): the target the roll is aimed
    /// at (its dice are the whole pool); `targets` are the fighters under
    /// the template it lays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub impact: Option<TargetOrder>,
    /// Where a template weapon lays its template (PH21). With no targets
    /// listed the game fills them from the table: every fighter under it
    /// (in the firer's sight for a teardrop at the firer); listed targets
    /// are the players' word over the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub template: Option<crate::on_table::TemplatePlacement>,
    /// The players overrule the table's sight: a shot at a target the
    /// table says the firer does not see (line 163).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub overrule: bool,
}

impl AttackOrder {
    /// `attacker` with weapon `weapon` at `targets`, nothing else
    /// declared.
    pub fn new(attacker: Id, weapon: usize, targets: Vec<TargetOrder>) -> Self {
        Self {
            attacker,
            weapon,
            targets,
            charge: false,
            ambush: false,
            squad_order: false,
            martial: None,
            attacker_cover: false,
            as_reaction: false,
            volley: false,
            snap_fire: false,
            intuitive: false,
            manoeuvre: false,
            reload_after: false,
            impact: None,
            template: None,
            overrule: false,
        }
    }
}

/// Finds `id` in `rosters`: (player, fighter).
pub fn find(rosters: &[Roster], id: Id) -> Result<(usize, &Fighter), WarheimError> {
    rosters
        .iter()
        .enumerate()
        .find_map(|(p, r)| r.fighter(id).map(|f| (p, f)))
        .ok_or_else(|| WarheimError::invalid_says("fighter", id, say("not_found.fighter")))
}

fn weapon(f: &Fighter, index: usize, field: &str) -> Result<Weapon, WarheimError> {
    f.weapons.get(index).cloned().ok_or_else(|| {
        WarheimError::fighter_says(
            &f.name,
            field,
            index,
            say("weapon_count").int("count", f.weapons.len() as i64),
        )
    })
}

fn stat_of(w: &Weapon) -> Stat {
    match w.kind {
        WeaponKind::Melee => Stat::Ws,
        WeaponKind::Ranged => Stat::Prec,
    }
}

/// What strikes: a weapon in a fighter's hands, or the effect of a spell
/// (H6: both are user data).
#[derive(Debug, Clone, PartialEq)]
pub struct Strikes {
    /// The weapon's or the spell's name.
    pub name: String,
    /// The value the attack rolls against (WS, Prec or WIP).
    pub stat: Stat,
    /// Dice of a full attack.
    pub attacks: u32,
    /// The range bands.
    pub bands: Vec<RangeBand>,
    /// Attack strength before skills (a weapon: Ph + its bonus).
    pub strength: i32,
    /// Added to 1 for the T lost directly on a crit.
    pub damage_bonus: i32,
    /// Damage type (a Beast's Bite and Claws: DA).
    pub damage_type: DamageType,
    /// A template.
    pub template: Option<Template>,
    /// How the template is laid.
    pub template_use: Option<TemplateUse>,
    /// A natural attack.
    pub natural: Option<NaturalAttack>,
}

impl Strikes {
    /// Weapon `w` in `f`'s hands.
    pub fn weapon(f: &Fighter, w: &Weapon) -> Self {
        Self {
            name: w.name.clone(),
            stat: stat_of(w),
            attacks: w.attacks,
            bands: w.bands.clone(),
            strength: f.profile.ph + w.strength_bonus,
            damage_bonus: w.damage_bonus,
            damage_type: damage_type(f, w),
            template: w.template,
            template_use: w.template_use(),
            natural: w.natural,
        }
    }

    fn band_modifier(&self, distance: f64) -> Option<i32> {
        self.bands
            .iter()
            .find(|b| distance <= b.up_to)
            .map(|b| b.modifier)
    }
}

/// The band modifier of `s` in `f`'s hands at `distance`, with the Monster
/// and Beast rules for natural attacks.
fn band(f: &Fighter, s: &Strikes, distance: f64, field: &str) -> Result<(f64, i32), WarheimError> {
    let natural = s.natural.is_some();
    let distance = if natural && f.is(ModelType::Monster) && distance <= 1.0 {
        0.0
    } else {
        distance
    };
    let mut m = s.band_modifier(distance).ok_or_else(|| {
        WarheimError::fighter_says(
            &f.name,
            field,
            distance,
            say("out_of_reach")
                .text("weapon", &s.name)
                .nested("distance", decimal(distance, 1)),
        )
    })?;
    // Line 263: only a Beast's Bite and Claws treat a -3 band as 0.
    if s.natural.is_some_and(NaturalAttack::beast_weapon) && f.is(ModelType::Beast) && m == -3 {
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
        Some(_) if level == 0 => Err(WarheimError::fighter_says(
            &f.name,
            field,
            "Martial",
            say("no_martial"),
        )),
        Some(MartialUse::Dice) => Ok((level, 0)),
        Some(MartialUse::Strength) => Ok((0, i32::try_from(level).unwrap_or(0))),
    }
}

/// What the rosters alone do not say: who joined a group this turn (a
/// joined Solo has no +1) and whether hidden targets may be attacked (a
/// reveal's shot, an intuitive attack).
#[derive(Debug, Clone, Copy, Default)]
pub struct Context<'a> {
    /// Solos who joined a group this turn.
    pub joined: &'a [Id],
    /// Hidden targets may be attacked (the shot of a reveal, line 199).
    pub hidden_targets: bool,
    /// The active fighter of an activation begun as a marker, who showed
    /// himself by declaring his ambush (PH28): he still strikes from it.
    pub marker: Option<Id>,
}

/// Whether `f` may add 1 to a result (Elite, or a Solo outside a group;
/// lines 275, 281).
pub fn plus_one_entitled(f: &Fighter, joined: &[Id]) -> bool {
    f.is(ModelType::Elite) || (f.is(ModelType::Solo) && !joined.contains(&f.id))
}

fn combatant(f: &Fighter, cover: bool, joined: &[Id]) -> Combatant {
    Combatant {
        id: f.id,
        name: f.name.clone(),
        arm: f.profile.arm + if cover { COVER } else { 0 },
        t: f.current().t,
        regeneration: f.skill(SkillKind::Regeneration),
        beast: f.is(ModelType::Beast),
        plus_one: plus_one_entitled(f, joined),
    }
}

fn hero(f: &Fighter) -> u32 {
    u32::from(f.is(ModelType::Hero))
}

impl AttackOrder {
    /// The dice the attacker rolls in all: the weapon's Attacks (1 in a
    /// squad order or a reaction, twice them in a volley), Hero +1,
    /// Assault +1 on a charge, Martial dice.
    pub fn pool_size(&self, attacker: &Fighter) -> Result<u32, WarheimError> {
        let w = weapon(attacker, self.weapon, "weapon")?;
        self.pool_of(attacker, w.attacks)
    }

    fn pool_of(&self, attacker: &Fighter, attacks: u32) -> Result<u32, WarheimError> {
        let (martial_dice, _) = martial(attacker, self.martial, "martial")?;
        let base = if self.squad_order || self.as_reaction {
            1
        } else if self.volley {
            2 * attacks
        } else {
            attacks
        };
        let assault = u32::from(self.charge && attacker.is(ModelType::Assault));
        Ok(base + hero(attacker) + assault + martial_dice)
    }

    /// Builds the attack with every number fixed (nobody joined a group,
    /// hidden targets refused).
    pub fn build(&self, rosters: &[Roster]) -> Result<AttackSpec, WarheimError> {
        self.build_in(rosters, Context::default())
    }

    /// Builds the attack in `context`.
    pub fn build_in(
        &self,
        rosters: &[Roster],
        context: Context<'_>,
    ) -> Result<AttackSpec, WarheimError> {
        let (side, attacker) = find(rosters, self.attacker)?;
        let w = weapon(attacker, self.weapon, "weapon")?;
        self.check_weapon(rosters, side, attacker, self.weapon, &w)?;
        let strikes = Strikes::weapon(attacker, &w);
        self.build_with(rosters, context, &strikes)
    }

    /// The checks of the weapon and the declared action (reload, volley,
    /// snap fire, manoeuvre, shoot and reload, charge).
    fn check_weapon(
        &self,
        rosters: &[Roster],
        side: usize,
        attacker: &Fighter,
        index: usize,
        w: &Weapon,
    ) -> Result<(), WarheimError> {
        let refuse = |field: &str, value: &dyn std::fmt::Display, why: Message| {
            Err(WarheimError::fighter_says(
                &attacker.name,
                field,
                value,
                why,
            ))
        };
        if w.reload && !attacker.loaded(index) {
            return refuse("weapon", &w.name, say("not_loaded").text("weapon", &w.name));
        }
        if self.volley {
            let disciplined = rosters[side].discipline_of(attacker.id) == Discipline::Disciplined;
            if !(w.bow && disciplined) {
                return refuse("volley", &true, say("volley_disciplined"));
            }
            if self.targets.len() != 1 {
                return refuse("targets", &self.targets.len(), say("volley_one_target"));
            }
        }
        if self.snap_fire && !w.indirect {
            return refuse(
                "snap_fire",
                &w.name,
                say("snap_fire_indirect").text("weapon", &w.name),
            );
        }
        if self.manoeuvre
            && (attacker.skill(SkillKind::Duelist) == 0 || w.kind != WeaponKind::Melee)
        {
            return refuse("manoeuvre", &true, say("manoeuvre_duelist"));
        }
        if self.reload_after
            && (attacker.skill(SkillKind::Veteran) == 0
                || !w.reload
                || w.kind != WeaponKind::Ranged)
        {
            return refuse("reload_after", &true, say("reload_after_veteran"));
        }
        if self.charge && w.kind != WeaponKind::Melee {
            return refuse("charge", &w.name, say("charge_melee"));
        }
        Ok(())
    }

    /// Builds the attack with `strikes` (a weapon's or a spell's).
    pub fn build_with(
        &self,
        rosters: &[Roster],
        context: Context<'_>,
        strikes: &Strikes,
    ) -> Result<AttackSpec, WarheimError> {
        let (side, attacker) = find(rosters, self.attacker)?;
        if self.as_reaction {
            check_reaction(attacker, ShortAction::Attack, true, false)?;
        }
        if attacker.down() || attacker.has(Condition::Panic) {
            return Err(WarheimError::fighter_says(
                &attacker.name,
                "attacker",
                "down or panicking",
                say("cannot_attack"),
            ));
        }
        if attacker.has(Condition::Stupor) {
            return Err(WarheimError::fighter_says(
                &attacker.name,
                "attacker",
                "stupor",
                say("stupor_only_moves"),
            ));
        }
        if self.ambush && !attacker.has(Condition::Hidden) && context.marker != Some(attacker.id) {
            return Err(WarheimError::fighter_says(
                &attacker.name,
                "ambush",
                true,
                say("ambush_hidden"),
            ));
        }
        if !self.ambush && attacker.has(Condition::Hidden) {
            return Err(WarheimError::fighter_says(
                &attacker.name,
                "ambush",
                false,
                say("hidden_ambushes"),
            ));
        }
        if self.intuitive
            && attacker.skill(SkillKind::Berzerker) == 0
            && attacker.skill(SkillKind::Frenzy) == 0
        {
            return Err(WarheimError::fighter_says(
                &attacker.name,
                "intuitive",
                true,
                say("intuitive_frenzy"),
            ));
        }
        let (_, martial_strength) = martial(attacker, self.martial, "martial")?;
        let total = self.pool_of(attacker, strikes.attacks)?;
        let snap = if self.snap_fire { SNAP_FIRE } else { 0 };
        let strength = Value::new(
            strikes.strength,
            &[
                ("warheim.mod.martial", martial_strength),
                ("warheim.mod.snap_fire", snap),
            ],
        )?
        .value
        .max(0);
        let strike = Strike {
            strength,
            damage_bonus: strikes.damage_bonus,
            damage_type: strikes.damage_type,
        };
        if self.targets.is_empty() {
            return Err(WarheimError::invalid_says(
                "targets",
                "[]",
                say("no_target"),
            ));
        }
        let stat = strikes.stat;
        let ambush = match (self.ambush, stat) {
            (false, _) => 0,
            (true, Stat::Ws) => AMBUSH_MELEE,
            (true, _) => AMBUSH_SHOT,
        };
        let template = strikes.template.is_some();
        let impact = strikes.template_use == Some(TemplateUse::Impact);
        if impact != self.impact.is_some() {
            return Err(WarheimError::fighter_says(
                &attacker.name,
                "impact",
                self.impact.is_some(),
                say(if impact {
                    "impact_lays"
                } else {
                    "impact_lays_no"
                })
                .text("weapon", &strikes.name),
            ));
        }
        let joined = context.joined;
        let value_at = |order: &TargetOrder, field: &str| -> Result<(f64, i32), WarheimError> {
            if !order.distance.is_finite() || order.distance < 0.0 {
                return Err(WarheimError::invalid_says(
                    format!("{field}.distance"),
                    order.distance,
                    say("distance_negative").nested("distance", decimal(order.distance, 1)),
                ));
            }
            let (distance, band_mod) = band(
                attacker,
                strikes,
                order.distance,
                &format!("{field}.distance"),
            )?;
            let terrain = order
                .terrain
                .iter()
                .map(|t| t.modifier(stat, distance))
                .sum();
            let value = Value::new(
                attacker.profile.get(stat),
                &[
                    ("warheim.mod.band", band_mod),
                    ("warheim.mod.wall", if order.wall { WALL } else { 0 }),
                    ("warheim.mod.terrain", terrain),
                    ("warheim.mod.snap_fire", snap),
                ],
            )?;
            Ok((distance, value.value))
        };
        let bonus = i32::from(plus_one_entitled(attacker, joined));
        let impact = match &self.impact {
            None => None,
            Some(order) => {
                let (_, t) = self.target_of(rosters, side, order, "impact", context)?;
                let (_, value) = value_at(order, "impact")?;
                if order.dice != total {
                    return Err(WarheimError::invalid_says(
                        "impact.dice",
                        order.dice,
                        say("impact_whole_pool").int("total", i64::from(total)),
                    ));
                }
                Some(ImpactRoll {
                    target: t.id,
                    name: t.name.clone(),
                    pool: Pool::new(total, value, bonus)?,
                })
            }
        };
        let mut targets = Vec::new();
        let mut split = 0;
        for (i, order) in self.targets.iter().enumerate() {
            let field = format!("targets[{i}]");
            let (_, target) = self.target_of(rosters, side, order, &field, context)?;
            let (distance, value) = if template {
                // Under the template: hit without a roll, the line counts
                // only for the dodge's zones.
                (order.distance.max(0.0), 0)
            } else {
                value_at(order, &field)?
            };
            let dice = if template { 0 } else { order.dice };
            if !template && order.dice == 0 {
                return Err(WarheimError::invalid_says(
                    format!("{field}.dice"),
                    0,
                    say("target_no_dice"),
                ));
            }
            split += dice;
            let reaction =
                self.reaction(order, target, distance, template, ambush, &field, joined)?;
            targets.push(TargetSpec {
                target: combatant(target, order.cover, joined),
                pool: Pool::new(dice, value, if template { 0 } else { bonus })?,
                template,
                reaction,
            });
        }
        if !template && split != total {
            return Err(WarheimError::invalid_says(
                "targets.dice",
                split,
                say("dice_split")
                    .int("split", i64::from(split))
                    .int("total", i64::from(total)),
            ));
        }
        let manoeuvre = if self.manoeuvre {
            let v = Value::new(
                attacker.profile.ph,
                &[("warheim.mod.model_type", dodge_modifier(&attacker.types))],
            )?;
            Some(Pool::new(1 + hero(attacker), v.value, bonus)?)
        } else {
            None
        };
        let spec = AttackSpec {
            attacker: combatant(attacker, self.attacker_cover, joined),
            strike,
            targets,
            heavy_charge: self.charge && attacker.is(ModelType::Heavy),
            attacker_active: !self.as_reaction,
            manoeuvre,
            impact,
        };
        spec.check()?;
        Ok(spec)
    }

    /// The fighter `order` names, checked as a target of this attack.
    fn target_of<'r>(
        &self,
        rosters: &'r [Roster],
        side: usize,
        order: &TargetOrder,
        field: &str,
        context: Context<'_>,
    ) -> Result<(usize, &'r Fighter), WarheimError> {
        let (target_side, target) = find(rosters, order.target)?;
        if target_side == side {
            return Err(WarheimError::fighter_says(
                &target.name,
                format!("{field}.target"),
                order.target,
                say("target_own_side"),
            ));
        }
        if target.has(Condition::Hidden) && !(self.intuitive || context.hidden_targets) {
            return Err(WarheimError::fighter_says(
                &target.name,
                format!("{field}.target"),
                "hidden",
                say("target_hidden"),
            ));
        }
        Ok((target_side, target))
    }

    #[expect(
        clippy::too_many_arguments,
        reason = "a reaction reads the whole line of its target"
    )]
    fn reaction(
        &self,
        order: &TargetOrder,
        target: &Fighter,
        distance: f64,
        template: bool,
        ambush: i32,
        field: &str,
        joined: &[Id],
    ) -> Result<ReactionSpec, WarheimError> {
        let Some(action) = order.reaction.action() else {
            return Ok(ReactionSpec::None);
        };
        check_reaction(target, action, order.saw_active, true)?;
        let terrain =
            |s: Stat| -> i32 { order.terrain.iter().map(|t| t.modifier(s, distance)).sum() };
        let bonus = i32::from(plus_one_entitled(target, joined));
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
                    return Err(WarheimError::fighter_says(
                        &target.name,
                        format!("{field}.reaction"),
                        "Block",
                        say("block_unseen"),
                    ));
                }
                let shield = target
                    .weapons
                    .iter()
                    .map(|w| w.shield_arm)
                    .max()
                    .unwrap_or(0);
                if shield == 0 {
                    return Err(WarheimError::fighter_says(
                        &target.name,
                        format!("{field}.reaction"),
                        "Block",
                        say("block_no_shield"),
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
                    return Err(WarheimError::fighter_says(
                        &target.name,
                        format!("{field}.reaction"),
                        "Attack",
                        say("template_dodge_only"),
                    ));
                }
                let w = weapon(target, index, &format!("{field}.reaction.weapon"))?;
                if w.reload && !target.loaded(index) {
                    return Err(WarheimError::fighter_says(
                        &target.name,
                        format!("{field}.reaction.weapon"),
                        &w.name,
                        say("not_loaded").text("weapon", &w.name),
                    ));
                }
                let s = Strikes::weapon(target, &w);
                let (d, band_mod) = band(target, &s, distance, &format!("{field}.distance"))?;
                let (martial_dice, martial_strength) =
                    martial(target, m, &format!("{field}.reaction.martial"))?;
                let v = Value::new(
                    target.profile.get(s.stat),
                    &[
                        ("warheim.mod.band", band_mod),
                        ("warheim.mod.wall", if order.wall { WALL } else { 0 }),
                        (
                            "warheim.mod.terrain",
                            order.terrain.iter().map(|t| t.modifier(s.stat, d)).sum(),
                        ),
                        ("warheim.mod.ambush", ambush),
                    ],
                )?;
                Ok(ReactionSpec::Attack {
                    // A reaction's Attacks always count 1; Hero adds a die.
                    pool: Pool::new(1 + hero(target) + martial_dice, v.value, bonus)?,
                    strike: Strike {
                        strength: s.strength + martial_strength,
                        damage_bonus: s.damage_bonus,
                        damage_type: s.damage_type,
                    },
                })
            }
        }
    }
}
