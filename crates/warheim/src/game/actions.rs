//! The edits that carry out an action: attacks and spells, moves, hiding,
//! spotting and revealing, reloading, special abilities, throws. Each
//! checks what the table shows (with the players' overrule where the edit
//! has one) and, in an activation, that it is what was declared.

use feldherr_play::{Id, PlayError};
use feldherr_table::Table;

use super::flow::Deed;
use super::{Warheim, WarheimKind};
use crate::actions::ShortAction;
use crate::activation::{Action, ReactionDecl};
use crate::attack_order::{AttackOrder, Context, ReactionChoice, find, plus_one_entitled};
use crate::falling::FallSpec;
use crate::magic::CastOrder;
use crate::model_type::{ModelType, dodge_modifier};
use crate::modifiers::{Value, WALL};
use crate::on_table::movement::Blocked;
use crate::on_table::{MoveKind, MovePath};
use crate::refusal::{decimal, say};
use crate::reveal::RevealSpec;
use crate::roll::Pool;
use crate::test_roll::{TestKind, TestSpec};
use crate::{Condition, Stat, WarheimError, WeaponKind};

/// Longest name of a special ability.
pub const MAX_ABILITY: usize = 80;

fn hero(f: &crate::Fighter) -> u32 {
    u32::from(f.is(ModelType::Hero))
}

impl Warheim {
    /// The attack order with the table's part filled in: the targets under
    /// its template when it lays one and names none (PH21), and in an
    /// activation, who saw the attacker.
    fn fill_order(&self, table: &Table, order: &AttackOrder) -> Result<AttackOrder, PlayError> {
        let mut order = order.clone();
        let (_, f) = find(&self.rosters, order.attacker)?;
        let weapon = f.weapons.get(order.weapon);
        let template_use = weapon.and_then(crate::Weapon::template_use);
        // Impact X (line 219): laid where the line from the firer meets
        // the fighter aimed at, along that line.
        if template_use == Some(crate::TemplateUse::Impact)
            && order.template.is_none()
            && let (Some(aim), Some(t)) = (&order.impact, weapon.and_then(|w| w.template))
            && let (Some(firer), Some(target)) = (
                self.body(table, order.attacker),
                self.body(table, aim.target),
            )
        {
            order.template = Some(crate::on_table::TemplatePlacement::impact(
                t, &firer, &target,
            )?);
        }
        // Direct X (line 221): the template within the weapon's reach.
        if template_use == Some(crate::TemplateUse::Direct)
            && let (Some(placement), Some(firer), Some(w)) =
                (order.template, self.body(table, order.attacker), weapon)
        {
            let reach = w.bands.last().map_or(0.0, |b| b.up_to);
            let gap = feldherr_geometry::distance_point_shape(placement.at, &firer.base);
            if gap > reach + 1e-9 && !order.overrule {
                return Err(WarheimError::fighter_says(
                    &f.name,
                    "template.at",
                    format!("{gap:.2} in"),
                    say("template_reach")
                        .text("weapon", &w.name)
                        .nested("reach", decimal(reach, 1))
                        .nested("gap", decimal(gap, 2)),
                )
                .into());
            }
        }
        // A shot needs sight of its target (line 163), unless snap fire of
        // an indirect weapon (line 197) or the players overrule.
        let ranged = weapon.is_some_and(|w| w.kind == WeaponKind::Ranged);
        if ranged && !order.snap_fire && !order.overrule && order.template.is_none() {
            for t in &order.targets {
                if let Some(s) = self.sight(table, order.attacker, t.target)?
                    && !s.sees
                {
                    return Err(WarheimError::fighter_says(
                        &f.name,
                        "targets",
                        self.name_of_fighter(t.target),
                        say("shot_sight").text("target", self.name_of_fighter(t.target)),
                    )
                    .into());
                }
            }
        }
        if let Some(placement) = order.template
            && order.targets.is_empty()
        {
            let at_firer = template_use == Some(crate::TemplateUse::AtFirer);
            for id in self.under_template(table, &placement, Some(order.attacker), at_firer)? {
                // Each under it answers as he declared (line 217, PH9).
                let reaction = self.template_reaction(id, order.attacker);
                let t = self
                    .target_order(table, order.attacker, id, reaction)?
                    .unwrap_or_else(|| crate::TargetOrder::new(id, 0, 0.0, reaction));
                order.targets.push(t);
            }
            if order.targets.is_empty() {
                return Err(WarheimError::fighter_says(
                    &f.name,
                    "template",
                    format!("{:?}", placement.template),
                    say("template_empty"),
                )
                .into());
            }
        }
        // In an activation who saw the attacker is known: measured, or as
        // the players set it (SeenBy).
        if let Some(a) = self.activation()
            && !order.as_reaction
        {
            for t in &mut order.targets {
                t.saw_active = a.saw(t.target).contains(&order.attacker);
            }
        }
        Ok(order)
    }

    /// The answer a fighter under a template gives (line 217, PH9): every
    /// kind of dodge saves from a template at -3, so the dodge or turn he
    /// declared against `attacker` in the running activation (a turn also
    /// when he did not see him, line 21); nobody strikes back at a
    /// template, and without a declared dodge he has none. A template
    /// rolls no dice at anyone: each under it takes one hit unless his
    /// dodge succeeds (the dice of [`crate::TargetOrder`] are ignored).
    pub fn template_reaction(&self, target: Id, attacker: Id) -> ReactionChoice {
        match self.activation().and_then(|a| a.reaction_of(target)) {
            Some(ReactionDecl::React {
                action: ShortAction::Dodge,
                against,
                ..
            }) if *against == attacker => ReactionChoice::Dodge,
            Some(ReactionDecl::React {
                action: ShortAction::Turn,
                against,
                ..
            }) if *against == attacker => ReactionChoice::Turn,
            _ => ReactionChoice::None,
        }
    }

    /// In an activation, the targets' reactions must be what they declared
    /// against the attacker (or a turn by a target who did not see him,
    /// line 21); their declared reactions are then resolved.
    fn check_target_reactions(&mut self, order: &AttackOrder) -> Result<(), PlayError> {
        let Some(a) = self.activation().cloned() else {
            return Ok(());
        };
        for t in &order.targets {
            let declared = a.reaction_of(t.target).cloned();
            let wanted = t.reaction.action();
            let ok = match (&declared, wanted) {
                (
                    Some(ReactionDecl::React {
                        action, against, ..
                    }),
                    Some(w),
                ) => {
                    *against == order.attacker
                        && (*action == w
                            || (w == ShortAction::Attack
                                && matches!(
                                    action,
                                    ShortAction::Attack
                                        | ShortAction::AmbushStrike
                                        | ShortAction::Shoot
                                )))
                }
                (_, None) => true,
                (None | Some(ReactionDecl::Pass), Some(ShortAction::Turn)) => {
                    !a.saw(t.target).contains(&order.attacker)
                }
                _ => false,
            };
            if !ok {
                return Err(WarheimError::fighter_says(
                    &self.name_of_fighter(t.target),
                    "reaction",
                    format!("{:?}", t.reaction),
                    say("react_as_declared"),
                )
                .into());
            }
            if wanted.is_some()
                && let Some(act) = self.turn.as_mut().and_then(|t| t.activation.as_mut())
            {
                let slot = crate::activation::Slot::Reaction(t.target);
                if !act.used.contains(&slot) {
                    act.used.push(slot);
                }
            }
        }
        Ok(())
    }

    pub(crate) fn name_of_fighter(&self, id: Id) -> String {
        find(&self.rosters, id).map_or_else(|_| id.to_string(), |(_, f)| f.name.clone())
    }

    /// Declares an attack (a saved resolution with its odds).
    pub(crate) fn attack(&mut self, table: &Table, order: &AttackOrder) -> Result<(), PlayError> {
        let order = self.fill_order(table, order)?;
        let (_, f) = find(&self.rosters, order.attacker)?;
        let melee = f
            .weapons
            .get(order.weapon)
            .is_some_and(|w| w.kind == WeaponKind::Melee);
        if let Some(a) = self.activation()
            && a.charge_failed
            && order.charge
        {
            return Err(
                WarheimError::fighter_says(&f.name, "charge", true, say("charge_short")).into(),
            );
        }
        if let Some(a) = self.activation()
            && a.squad.contains(&order.attacker)
            && !order.squad_order
        {
            return Err(WarheimError::fighter_says(
                &f.name,
                "squad_order",
                false,
                say("squad_attacks"),
            )
            .into());
        }
        let spec = order.build_in(&self.rosters, self.context_for(&order))?;
        self.claim(order.attacker, Deed::of_attack(&order, melee))?;
        self.check_target_reactions(&order)?;
        if order.ambush {
            self.set(order.attacker, Condition::Hidden, false)?;
        }
        // A hidden target who reacts shows himself (PH28).
        for t in &order.targets {
            if t.reaction != ReactionChoice::None {
                self.set(t.target, Condition::Hidden, false)?;
            }
        }
        self.fire(&order)?;
        self.push(WarheimKind::Attack(spec))
    }

    fn context_for(&self, order: &AttackOrder) -> Context<'_> {
        let _ = order;
        self.context()
    }

    /// The cast with the table's part: in an activation who saw the
    /// caster, and the answer to the cast as the target declared it; a
    /// spell whose effect rolls goes at a fighter the caster sees.
    fn fill_cast(&self, table: &Table, order: &CastOrder) -> Result<CastOrder, PlayError> {
        let mut order = order.clone();
        let (_, caster) = find(&self.rosters, order.caster)?;
        let effect = order.spell_of(caster)?.effect.is_some();
        if let Some(t) = &order.target
            && effect
            && !order.overrule
            && let Some(s) = self.sight(table, order.caster, t.target)?
            && !s.sees
        {
            return Err(WarheimError::fighter_says(
                &caster.name,
                "target",
                self.name_of_fighter(t.target),
                say("spell_sight").text("target", self.name_of_fighter(t.target)),
            )
            .into());
        }
        if let Some(a) = self.activation()
            && !order.as_reaction
            && let Some(t) = order.target.as_mut()
        {
            t.saw_active = a.saw(t.target).contains(&order.caster);
            if order.counter != crate::Counter::None {
                let declared = matches!(
                    a.reaction_of(t.target),
                    Some(ReactionDecl::React { action: ShortAction::Overcome, against, .. }) if *against == order.caster
                );
                if !declared {
                    return Err(WarheimError::fighter_says(
                        &self.name_of_fighter(t.target),
                        "counter",
                        format!("{:?}", order.counter),
                        say("counter_declared"),
                    )
                    .into());
                }
            }
        }
        Ok(order)
    }

    /// Casts a spell.
    pub(crate) fn cast(&mut self, table: &Table, order: &CastOrder) -> Result<(), PlayError> {
        let order = &self.fill_cast(table, order)?;
        let spec = order.build_in(&self.rosters, self.context())?;
        let (_, f) = find(&self.rosters, order.caster)?;
        let full = order.spell_of(f)?.is_full_action();
        self.claim(
            order.caster,
            Deed::Cast {
                full,
                reaction: order.as_reaction,
            },
        )?;
        // The target's one reaction is met inside the cast: answering the
        // cast (dispel, overpower) or its effect (dodge, block, turn).
        if let Some(t) = &order.target
            && (order.counter != crate::Counter::None || t.reaction != ReactionChoice::None)
            && let Some(act) = self.turn.as_mut().and_then(|x| x.activation.as_mut())
        {
            let slot = crate::activation::Slot::Reaction(t.target);
            if !act.used.contains(&slot) {
                act.used.push(slot);
            }
        }
        // Casting from a marker shows where the mage is (PH28).
        self.set(order.caster, Condition::Hidden, false)?;
        self.push(WarheimKind::Cast(spec))
    }

    /// Moves `fighter` along `path` (PH24).
    pub(crate) fn draw_move(
        &mut self,
        table: &mut Table,
        fighter: Id,
        path: &MovePath,
    ) -> Result<(), PlayError> {
        let (_, f) = find(&self.rosters, fighter)?;
        let name = f.name.clone();
        let second = f.profile.speed[1];
        if f.has(Condition::Hidden) {
            return Err(WarheimError::fighter_says(
                &name,
                "fighter",
                "hidden",
                say("hidden_no_move"),
            )
            .into());
        }
        if f.down() {
            return Err(
                WarheimError::fighter_says(&name, "fighter", "down", say("down_no_move")).into(),
            );
        }
        let m = self.measure_move(table, fighter, path)?;
        if let Some(b) = m.blocked.first() {
            let why = match b {
                Blocked::Obstacle { piece, height } => say("blocked_obstacle")
                    .text("piece", piece_name(table, *piece))
                    .nested("height", decimal(*height, 1))
                    .int("second", i64::from(second)),
                Blocked::Impassable { piece } => {
                    say("blocked_impassable").text("piece", piece_name(table, *piece))
                }
                Blocked::Model { fighter } => {
                    say("blocked_model").text("other", self.name_of_fighter(*fighter))
                }
                Blocked::OffTable => say("blocked_off_table"),
                Blocked::NoWayUp => say("blocked_no_way_up"),
            };
            return Err(
                WarheimError::fighter_says(&name, "path", format!("{:?}", path.kind), why).into(),
            );
        }
        self.claim(fighter, Deed::Move(path.kind)).or_else(|e| {
            if path.kind == MoveKind::Flee {
                Ok(())
            } else {
                Err(e)
            }
        })?;
        if !m.within_reach() {
            let charging = path.kind == MoveKind::Charge && self.activation().is_some();
            if charging {
                // Line 195 (PH29): short of reach he does not move; the
                // enemies strike (their reactions stand).
                if let Some(a) = self.turn.as_mut().and_then(|t| t.activation.as_mut()) {
                    a.charge_failed = true;
                }
                return self.record_move(table, fighter, &m);
            }
            return Err(WarheimError::fighter_says(
                &name,
                "path",
                format!("{:.2} in", m.length),
                say("speed_reach")
                    .nested("length", decimal(m.length, 2))
                    .nested("allowance", decimal(m.allowance, 2)),
            )
            .into());
        }
        if let Some(a) = self.activation()
            && a.first
                .as_ref()
                .is_some_and(|d| d.action == Action::Full(crate::FullAction::Charge))
            && path.kind == MoveKind::Charge
        {
            let targets = a
                .first
                .as_ref()
                .map(|d| d.targets.clone())
                .unwrap_or_default();
            let mover = self.body(table, fighter).map(|b| b.moved_to(m.end));
            let touches = targets.iter().any(|t| {
                mover
                    .as_ref()
                    .zip(self.body(table, *t))
                    .is_some_and(|(mv, tb)| {
                        feldherr_geometry::distance(&mv.base, &tb.base)
                            <= feldherr_geometry::CONTACT_TOLERANCE
                    })
            });
            if !targets.is_empty() && !touches {
                return Err(WarheimError::fighter_says(
                    &name,
                    "path",
                    "charge",
                    say("charge_contact"),
                )
                .into());
            }
        }
        self.record_move(table, fighter, &m)?;
        self.move_to(table, fighter, &m)?;
        if let Some(height) = m.fall
            && height > f64::from(second) + 1e-9
        {
            self.fall(fighter, height)?;
        }
        Ok(())
    }

    /// Queues a fall of `height` inches (line 191, PH25): the height in
    /// whole inches, halves up.
    pub(crate) fn fall(&mut self, fighter: Id, height: f64) -> Result<(), PlayError> {
        let (_, f) = find(&self.rosters, fighter)?;
        let whole = (height + 0.5)
            .floor()
            .clamp(1.0, f64::from(crate::falling::MAX_FALL));
        let spec = FallSpec {
            fighter: crate::attack::Combatant {
                id: f.id,
                name: f.name.clone(),
                arm: f.profile.arm,
                t: f.current().t,
                regeneration: f.skill(crate::SkillKind::Regeneration),
                beast: f.is(ModelType::Beast),
                plus_one: plus_one_entitled(f, self.joined()),
            },
            height: whole as u32,
        };
        spec.check()?;
        self.push(WarheimKind::Fall(spec))
    }

    /// Спрятаться (line 181, PH28).
    pub(crate) fn hide(
        &mut self,
        table: &Table,
        fighter: Id,
        overrule: bool,
    ) -> Result<(), PlayError> {
        let (_, f) = find(&self.rosters, fighter)?;
        let name = f.name.clone();
        if f.down() || f.has(Condition::Hidden) {
            return Err(WarheimError::fighter_says(
                &name,
                "fighter",
                "down or hidden",
                say("cannot_hide"),
            )
            .into());
        }
        let seen: Vec<String> = self
            .seen_by(table, fighter)?
            .into_iter()
            .map(|id| self.name_of_fighter(id))
            .collect();
        if !seen.is_empty() && !overrule {
            return Err(WarheimError::fighter_says(
                &name,
                "hide",
                seen.join(", "),
                say("hide_seen").text("seen", seen.join(", ")),
            )
            .into());
        }
        self.claim(fighter, Deed::Hide)?;
        self.set(fighter, Condition::Hidden, true)
    }

    /// The Prec value of `spotter` at `target` with the line's zones and
    /// walls (PH28).
    fn spot_spec(
        &self,
        table: &Table,
        spotter: Id,
        target: Id,
        overrule: bool,
    ) -> Result<TestSpec, PlayError> {
        let (ps, s) = find(&self.rosters, spotter)?;
        let (pt, t) = find(&self.rosters, target)?;
        if ps == pt {
            return Err(WarheimError::fighter_says(
                &t.name,
                "target",
                &s.name,
                say("own_marker").text("spotter", &s.name),
            )
            .into());
        }
        if !t.has(Condition::Hidden) {
            return Err(WarheimError::fighter_says(
                &t.name,
                "target",
                "not hidden",
                say("not_hidden"),
            )
            .into());
        }
        if s.down() || s.has(Condition::Panic) || s.has(Condition::Stupor) {
            return Err(WarheimError::fighter_says(
                &s.name,
                "spotter",
                "down, panicking or in stupor",
                say("cannot_spot"),
            )
            .into());
        }
        if let Some(sight) = self.sight(table, spotter, target)?
            && !sight.sees
            && !overrule
        {
            return Err(WarheimError::fighter_says(
                &s.name,
                "target",
                &t.name,
                say("marker_unseen").text("marker", &t.name),
            )
            .into());
        }
        let mut mods: Vec<(&str, i32)> = Vec::new();
        if let Some(order) = self.target_order(table, spotter, target, ReactionChoice::None)? {
            let zones: i32 = order
                .terrain
                .iter()
                .map(|z| z.modifier(Stat::Prec, order.distance))
                .sum();
            mods.push(("warheim.mod.terrain", zones));
            mods.push(("warheim.mod.wall", if order.wall { WALL } else { 0 }));
        }
        let v = Value::new(s.profile.prec, &mods)?;
        Ok(TestSpec {
            fighter: spotter,
            name: s.name.clone(),
            kind: TestKind::Spot {
                target,
                target_name: t.name.clone(),
            },
            pool: Pool::new(1 + hero(s), v.value, 0)?,
        })
    }

    /// Разглядеть (line 175).
    pub(crate) fn spot(
        &mut self,
        table: &Table,
        spotter: Id,
        target: Id,
        overrule: bool,
    ) -> Result<(), PlayError> {
        let spec = self.spot_spec(table, spotter, target, overrule)?;
        self.claim(spotter, Deed::Spot)?;
        self.push(WarheimKind::Test(spec))
    }

    /// Вскрыть (line 199): the spot, then the shot at the marker.
    pub(crate) fn reveal(&mut self, table: &Table, order: &AttackOrder) -> Result<(), PlayError> {
        let (_, f) = find(&self.rosters, order.attacker)?;
        let [target] = order.targets.as_slice() else {
            return Err(WarheimError::fighter_says(
                &f.name,
                "targets",
                order.targets.len(),
                say("reveal_one"),
            )
            .into());
        };
        if f.weapons
            .get(order.weapon)
            .is_none_or(|w| w.kind != WeaponKind::Ranged)
        {
            return Err(WarheimError::fighter_says(
                &f.name,
                "weapon",
                order.weapon,
                say("reveal_ranged"),
            )
            .into());
        }
        let spot = self.spot_spec(table, order.attacker, target.target, false)?;
        let shot = order.build_in(
            &self.rosters,
            Context {
                joined: self.joined(),
                hidden_targets: true,
                marker: None,
            },
        )?;
        let spec = RevealSpec { spot, shot };
        spec.check()?;
        self.claim(order.attacker, Deed::Reveal)?;
        self.fire(order)?;
        self.push(WarheimKind::Reveal(spec))
    }

    /// Перезарядка (line 177).
    pub(crate) fn reload(&mut self, fighter: Id, weapon: usize) -> Result<(), PlayError> {
        let (p, f) = find(&self.rosters, fighter)?;
        let name = f.name.clone();
        let w = f.weapons.get(weapon).ok_or_else(|| {
            WarheimError::fighter_says(
                &name,
                "weapon",
                weapon,
                say("weapon_count").int("count", f.weapons.len() as i64),
            )
        })?;
        if !w.reload {
            return Err(WarheimError::fighter_says(
                &name,
                "weapon",
                &w.name,
                say("no_reload").text("weapon", &w.name),
            )
            .into());
        }
        if f.loaded(weapon) {
            return Err(WarheimError::fighter_says(
                &name,
                "weapon",
                &w.name,
                say("loaded").text("weapon", &w.name),
            )
            .into());
        }
        if f.down() || f.has(Condition::Panic) {
            return Err(WarheimError::fighter_says(
                &name,
                "fighter",
                "down or panicking",
                say("cannot_reload"),
            )
            .into());
        }
        self.claim(fighter, Deed::Reload)?;
        if let Some(f) = self.rosters[p].fighter_mut(fighter) {
            let mut state = f.current();
            state.unloaded.remove(&weapon);
            f.state = Some(state);
        }
        Ok(())
    }

    /// Спецспособность (line 165): a Mor test.
    pub(crate) fn special(&mut self, fighter: Id, ability: &str) -> Result<(), PlayError> {
        let (_, f) = find(&self.rosters, fighter)?;
        let name = f.name.clone();
        if ability.trim().is_empty() || ability.chars().count() > MAX_ABILITY {
            return Err(WarheimError::fighter_says(
                &name,
                "ability",
                ability,
                say("ability_name").int("max", MAX_ABILITY as i64),
            )
            .into());
        }
        if f.down() || f.has(Condition::Panic) || f.has(Condition::Stupor) {
            return Err(WarheimError::fighter_says(
                &name,
                "fighter",
                "down, panicking or in stupor",
                say("cannot_ability"),
            )
            .into());
        }
        let spec = TestSpec {
            fighter,
            name,
            kind: TestKind::Special {
                ability: ability.to_owned(),
            },
            pool: Pool::new(1 + hero(f), f.current().mor, 0)?,
        };
        self.claim(fighter, Deed::Special)?;
        self.push(WarheimKind::Test(spec))
    }

    /// Бросок (line 155, PH30): too far, and the action is lost; else a Ph test
    /// as a dodge; a pass lands him in base contact (when applied).
    pub(crate) fn throw(
        &mut self,
        table: &Table,
        fighter: Id,
        target: Id,
    ) -> Result<(), PlayError> {
        let (pf, f) = find(&self.rosters, fighter)?;
        let (pt, t) = find(&self.rosters, target)?;
        let name = f.name.clone();
        if pf == pt {
            return Err(WarheimError::fighter_says(
                &t.name,
                "target",
                &name,
                say("throw_enemy").text("thrower", &name),
            )
            .into());
        }
        if f.down()
            || f.has(Condition::Panic)
            || f.has(Condition::Stupor)
            || f.has(Condition::Hidden)
        {
            return Err(WarheimError::fighter_says(
                &name,
                "fighter",
                "down, panicking, in stupor or hidden",
                say("cannot_throw"),
            )
            .into());
        }
        let (t_name, second) = (t.name.clone(), f.profile.speed[1]);
        let v = Value::new(
            f.profile.ph,
            &[("warheim.mod.model_type", dodge_modifier(&f.types))],
        )?;
        let pool = Pool::new(1 + hero(f), v.value, 0)?;
        let landing = self.throw_landing(table, fighter, target)?;
        match landing {
            None => {
                self.claim(fighter, Deed::Throw)?;
                if let Some(a) = self.turn.as_mut().and_then(|t| t.activation.as_mut()) {
                    a.wasted = true;
                    return Ok(());
                }
                return Err(WarheimError::fighter_says(
                    &name,
                    "target",
                    &t_name,
                    say("throw_far")
                        .text("target", &t_name)
                        .int("second", i64::from(second)),
                )
                .into());
            }
            Some(m) if !m.blocked.is_empty() => {
                return Err(WarheimError::fighter_says(
                    &name,
                    "target",
                    &t_name,
                    say("leap_blocked").text("target", &t_name),
                )
                .into());
            }
            Some(_) => {}
        }
        let spec = TestSpec {
            fighter,
            name,
            kind: TestKind::Throw {
                target,
                target_name: t_name,
            },
            pool,
        };
        self.claim(fighter, Deed::Throw)?;
        self.push(WarheimKind::Test(spec))
    }
}

/// A table piece by its name (its number if the table lacks it).
fn piece_name(table: &Table, piece: u64) -> String {
    table
        .piece(piece)
        .map_or_else(|| piece.to_string(), |p| p.name.clone())
}
