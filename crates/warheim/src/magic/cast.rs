//! Casting a spell ("Створить заклинание", "Направить заклинание"): the
//! WIP roll, the target's dispel or overpowering, then the effect.

use std::fmt;

use feldherr_dice::Dist;
use feldherr_dice::step::{LogStep, Message, Pending, Resolver, Steps};
use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::actions::{ShortAction, check_reaction};
use crate::attack::{
    Attack, AttackOutcome, AttackSpec, Rolled, choose_plus_one, failed, need_message, need_text,
    roll_dice, standing_of,
};
use crate::attack_order::{
    AttackOrder, Context, ReactionChoice, Strikes, TargetOrder, find, plus_one_entitled,
};
use crate::modifiers::{Value, WALL};
use crate::refusal::say;
use crate::roll::{self, Pool};
use crate::{Condition, Fighter, ModelType, Roster, Stat, WarheimError};

use super::Spell;

/// How the target answers the cast (his one reaction).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Counter {
    /// Nothing against the cast (he may still react to the effect).
    #[default]
    None,
    /// Развеять чары (lines 185, 227): Mor (WIP for a mage), -3 per level
    /// the caster knows the school better, opposed to the WIP roll; a won
    /// dispel stops the effect.
    Dispel,
    /// ПРЕВОЗМОГАТЬ (line 173): a plain Mor (WIP for a mage) test minus
    /// the caster's level in the school; success breaks the cast.
    Overpower,
}

/// A spell as the casting panel declares it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastOrder {
    /// The mage.
    pub caster: Id,
    /// Index into his spells.
    pub spell: usize,
    /// The fighter the spell is cast at, with the line and his reaction
    /// to the effect; `None` for a spell without a target.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<TargetOrder>,
    /// Further fighters under the effect's template.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub others: Vec<TargetOrder>,
    /// The target's answer to the cast itself.
    #[serde(default)]
    pub counter: Counter,
    /// Cast as a reaction: only a spell of one short action (PH17).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub as_reaction: bool,
    /// The players overrule the table's sight of the target.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub overrule: bool,
}

/// The target's answer with its numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterSpec {
    /// Who answers.
    pub fighter: Id,
    /// His name, for the log.
    pub name: String,
    /// Dispel or overpower.
    pub kind: Counter,
    /// His dice and the value they roll against.
    pub pool: Pool,
}

/// A cast with every number fixed: what a saved resolution keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastSpec {
    /// The mage.
    pub caster: Id,
    /// His name, for the log.
    pub name: String,
    /// The spell's name.
    pub spell: String,
    /// Its school.
    pub school: String,
    /// The WIP roll; `None` for an intuitive spell (line 233).
    pub wip: Option<Pool>,
    /// The target's answer to the cast.
    pub counter: Option<CounterSpec>,
    /// The effect as an attack, when it rolls.
    pub effect: Option<AttackSpec>,
    /// The caster is the active model (his +1 first, line 55).
    #[serde(default = "yes", skip_serializing_if = "Clone::clone")]
    pub caster_active: bool,
}

fn yes() -> bool {
    true
}

/// The typed outcome of a cast.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CastOutcome {
    /// The mage.
    pub caster: Id,
    /// Whether the spell took effect.
    pub cast: bool,
    /// The WIP faces.
    pub wip_faces: Vec<u32>,
    /// Whether the target's dispel or overpowering stopped it; `None`
    /// when he did not try.
    pub countered: Option<bool>,
    /// The effect's attack, when it was rolled.
    pub effect: Option<AttackOutcome>,
}

impl fmt::Display for CastOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.cast {
            return f.write_str("the spell fails");
        }
        match &self.effect {
            Some(e) => write!(f, "cast: {e}"),
            None => f.write_str("cast"),
        }
    }
}

fn school_level(f: &Fighter, school: &str) -> u32 {
    f.schools
        .iter()
        .filter(|s| s.school == school)
        .map(|s| s.level)
        .max()
        .unwrap_or(0)
}

fn hero(f: &Fighter) -> u32 {
    u32::from(f.is(ModelType::Hero))
}

/// What a spell's effect strikes with.
fn strikes(spell: &Spell) -> Option<Strikes> {
    let e = spell.effect.as_ref()?;
    let template_use = e.template.map(|t| {
        e.template_use.unwrap_or(match t {
            crate::Template::Teardrop | crate::Template::LargeTeardrop => {
                crate::TemplateUse::AtFirer
            }
            crate::Template::Blast | crate::Template::LargeBlast => crate::TemplateUse::Direct,
        })
    });
    Some(Strikes {
        name: spell.name.clone(),
        stat: e.stat,
        attacks: e.attacks,
        bands: e.bands.clone(),
        strength: e.strength,
        damage_bonus: e.damage_bonus,
        damage_type: e.damage_type,
        template: e.template,
        template_use,
        natural: None,
    })
}

/// Checks that `caster` may cast `spell`: he knows its school at its
/// level (line 227) and, unless it is intuitive, has WIP.
pub(crate) fn check_known(
    caster: &Fighter,
    spell: &Spell,
    field: &str,
) -> Result<(), WarheimError> {
    let level = school_level(caster, &spell.school);
    if level < spell.level {
        return Err(WarheimError::fighter_says(
            &caster.name,
            field,
            &spell.name,
            if level == 0 {
                say("school_unknown").text("school", &spell.school)
            } else {
                say("school_level")
                    .text("spell", &spell.name)
                    .text("school", &spell.school)
                    .int("need", spell.level)
                    .int("level", level)
            },
        ));
    }
    if !spell.intuitive && caster.profile.wip.is_none() {
        return Err(WarheimError::fighter_says(
            &caster.name,
            field,
            &spell.name,
            say("no_wip").text("spell", &spell.name),
        ));
    }
    Ok(())
}

impl CastOrder {
    /// The spell ordered.
    pub fn spell_of<'f>(&self, caster: &'f Fighter) -> Result<&'f Spell, WarheimError> {
        caster.spells.get(self.spell).ok_or_else(|| {
            WarheimError::fighter_says(
                &caster.name,
                "spell",
                self.spell,
                say("spell_count").int("count", caster.spells.len() as i64),
            )
        })
    }

    /// Builds the cast with every number fixed.
    pub fn build_in(
        &self,
        rosters: &[Roster],
        context: Context<'_>,
    ) -> Result<CastSpec, WarheimError> {
        let (_, caster) = find(rosters, self.caster)?;
        if caster.down() || caster.has(Condition::Panic) || caster.has(Condition::Stupor) {
            return Err(WarheimError::fighter_says(
                &caster.name,
                "caster",
                "down, panicking or in stupor",
                say("cannot_cast"),
            ));
        }
        let spell = self.spell_of(caster)?;
        check_known(caster, spell, "spell")?;
        if self.as_reaction {
            if spell.is_full_action() {
                return Err(WarheimError::fighter_says(
                    &caster.name,
                    "as_reaction",
                    &spell.name,
                    say("full_cast_reaction"),
                ));
            }
            check_reaction(caster, ShortAction::Channel, true, false)?;
        }
        let joined = context.joined;
        let level = school_level(caster, &spell.school);
        let wall = self.target.as_ref().is_some_and(|t| t.wall);
        let wip = if spell.intuitive {
            None
        } else {
            let v = Value::new(
                caster.profile.get(Stat::Wip),
                &[("warheim.mod.wall", if wall { WALL } else { 0 })],
            )?;
            Some(Pool::new(
                1 + hero(caster),
                v.value,
                i32::from(plus_one_entitled(caster, joined)),
            )?)
        };
        let counter = match (self.counter, &self.target) {
            (Counter::None, _) => None,
            (_, None) => {
                return Err(WarheimError::fighter_says(
                    &caster.name,
                    "counter",
                    format!("{:?}", self.counter),
                    say("counter_no_target"),
                ));
            }
            (kind, Some(t)) => {
                let (_, target) = find(rosters, t.target)?;
                if spell.intuitive {
                    return Err(WarheimError::fighter_says(
                        &target.name,
                        "counter",
                        format!("{kind:?}"),
                        say("counter_intuitive").text("spell", &spell.name),
                    ));
                }
                if t.reaction != ReactionChoice::None {
                    return Err(WarheimError::fighter_says(
                        &target.name,
                        "counter",
                        format!("{kind:?}"),
                        say("counter_one_reaction"),
                    ));
                }
                check_reaction(target, ShortAction::Overcome, t.saw_active, true)?;
                let own = school_level(target, &spell.school);
                let penalty = match kind {
                    Counter::Dispel => -3 * i32::try_from(level.saturating_sub(own)).unwrap_or(0),
                    Counter::Overpower | Counter::None => -i32::try_from(level).unwrap_or(0),
                };
                let v = Value::new(
                    target.profile.get(target.profile.nerves_stat()),
                    &[("warheim.mod.school", penalty)],
                )?;
                Some(CounterSpec {
                    fighter: target.id,
                    name: target.name.clone(),
                    kind,
                    pool: Pool::new(
                        1 + hero(target),
                        v.value,
                        i32::from(plus_one_entitled(target, joined)),
                    )?,
                })
            }
        };
        let effect = match strikes(spell) {
            None => {
                if !self.others.is_empty() {
                    return Err(WarheimError::fighter_says(
                        &caster.name,
                        "others",
                        self.others.len(),
                        say("spell_no_effect_roll").text("spell", &spell.name),
                    ));
                }
                None
            }
            Some(strikes) => {
                let Some(target) = &self.target else {
                    return Err(WarheimError::fighter_says(
                        &caster.name,
                        "target",
                        "none",
                        say("spell_needs_target").text("spell", &spell.name),
                    ));
                };
                let mut targets = vec![target.clone()];
                targets.extend(self.others.iter().cloned());
                let mut order = AttackOrder::new(self.caster, 0, targets);
                order.as_reaction = self.as_reaction;
                if strikes.template_use == Some(crate::TemplateUse::Impact) {
                    let mut aim = target.clone();
                    aim.dice = order.targets.iter().map(|t| t.dice).sum::<u32>().max(1);
                    order.impact = Some(aim);
                    order.targets.remove(0);
                }
                Some(order.build_with(rosters, context, &strikes)?)
            }
        };
        Ok(CastSpec {
            caster: caster.id,
            name: caster.name.clone(),
            spell: spell.name.clone(),
            school: spell.school.clone(),
            wip,
            counter,
            effect,
            caster_active: !self.as_reaction,
        })
    }
}

impl CastSpec {
    /// Checks the numbers of a saved cast.
    pub fn check(&self) -> Result<(), WarheimError> {
        if let Some(w) = self.wip {
            w.check()?;
            if w.dice == 0 {
                return Err(WarheimError::invalid_says(
                    "wip.dice",
                    0,
                    say("wip_no_dice"),
                ));
            }
        }
        if let Some(c) = &self.counter {
            c.pool.check()?;
            if self.wip.is_none() || c.kind == Counter::None || c.pool.dice == 0 {
                return Err(WarheimError::invalid_says(
                    "counter",
                    format!("{:?}", c.kind),
                    say("counter_needs_wip"),
                ));
            }
        }
        if let Some(e) = &self.effect {
            e.check()?;
        }
        Ok(())
    }

    /// Exact odds that the spell is cast, before any die.
    pub fn cast_odds(&self) -> Dist<bool> {
        let Some(wip) = self.wip else {
            return Dist::certain(true);
        };
        match &self.counter {
            None => wip.successes().map(|&n| n > 0),
            Some(c) if c.kind == Counter::Overpower => wip
                .successes()
                .product(&c.pool.successes(), |&n, &m| n > 0 && m == 0),
            Some(c) => roll::opposed_sides(&wip.odds_dice(true), &c.pool.odds_dice(true))
                .map(|h| h.a > 0 && h.b == 0),
        }
    }
}

/// The cast resolver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cast(pub CastSpec);

fn label(cast: &bool) -> &'static str {
    if *cast { "cast" } else { "fails" }
}

impl Resolver for Cast {
    type Outcome = CastOutcome;

    fn title(&self) -> String {
        format!("{} casts {}", self.0.name, self.0.spell)
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<CastOutcome, Pending> {
        let spec = &self.0;
        let mut out = CastOutcome {
            caster: spec.caster,
            cast: true,
            wip_faces: Vec::new(),
            countered: None,
            effect: None,
        };
        if let Some(wip) = spec.wip {
            let faces = roll_dice(
                steps,
                wip.dice,
                &|| spec.cast_odds().map(label).odds_lines(),
                format!(
                    "{} casts {}: {} D20, {}",
                    spec.name,
                    spec.spell,
                    wip.dice,
                    need_text(wip.value)
                ),
                Message::new("warheim.roll.cast")
                    .text("who", spec.name.clone())
                    .text("spell", spec.spell.clone())
                    .int("dice", wip.dice)
                    .nested("need", need_message(wip.value)),
            )?;
            let mut mine = Rolled {
                who: &spec.name,
                pool: wip,
                faces,
                plus_one: None,
                scores: true,
            };
            let cast_now = mine.results()?.iter().any(|r| r.succeeded());
            match &spec.counter {
                // Nothing to answer, or the WIP roll failed by itself: no
                // die of the target's can change it.
                None => out.cast = cast_now,
                Some(_) if !cast_now => out.cast = false,
                Some(c) => {
                    let known = wip
                        .rolled_dice(&mine.faces, None, true)
                        .map_err(|e| failed(&e))?;
                    let overpower = c.kind == Counter::Overpower;
                    let b_faces = roll_dice(
                        steps,
                        c.pool.dice,
                        &|| {
                            if overpower {
                                c.pool.successes().map(|&n| n == 0).map(label).odds_lines()
                            } else {
                                roll::opposed_sides(&known, &c.pool.odds_dice(true))
                                    .map(|h| h.a > 0 && h.b == 0)
                                    .map(label)
                                    .odds_lines()
                            }
                        },
                        format!(
                            "{} {} the spell: {} D20, {}",
                            c.name,
                            if overpower { "overpowers" } else { "dispels" },
                            c.pool.dice,
                            need_text(c.pool.value)
                        ),
                        Message::new(if overpower {
                            "warheim.roll.overpower"
                        } else {
                            "warheim.roll.dispel"
                        })
                        .text("who", c.name.clone())
                        .int("dice", c.pool.dice)
                        .nested("need", need_message(c.pool.value)),
                    )?;
                    let mut theirs = Rolled {
                        who: &c.name,
                        pool: c.pool,
                        faces: b_faces,
                        plus_one: None,
                        scores: true,
                    };
                    if overpower {
                        // Two plain tests: a +1 never changes a pass.
                        let passed = theirs.results()?.iter().any(|r| r.succeeded());
                        out.countered = Some(passed);
                        out.cast = !passed;
                    } else {
                        let judge = |m: &Rolled<'_>, t: &Rolled<'_>| -> Result<_, Pending> {
                            Ok(standing_of(&m.results()?, &[], &t.results()?, true))
                        };
                        let order: [bool; 2] = if spec.caster_active {
                            [true, false]
                        } else {
                            [false, true]
                        };
                        for caster_side in order {
                            if caster_side {
                                mine.plus_one = choose_plus_one(steps, &mine, &|c| {
                                    let m = Rolled {
                                        plus_one: c,
                                        ..mine.clone()
                                    };
                                    judge(&m, &theirs)
                                })?;
                            } else {
                                theirs.plus_one = choose_plus_one(steps, &theirs, &|c| {
                                    let t = Rolled {
                                        plus_one: c,
                                        ..theirs.clone()
                                    };
                                    judge(&mine, &t)
                                })?;
                            }
                        }
                        let s = judge(&mine, &theirs)?;
                        let dispelled = s.b > 0;
                        out.countered = Some(dispelled);
                        out.cast = s.a > 0 && !dispelled;
                    }
                }
            }
            out.wip_faces = mine.faces.clone();
        }
        let key = match (out.cast, out.countered) {
            (true, _) => "warheim.log.spell_cast",
            (false, Some(true)) => "warheim.log.spell_countered",
            (false, _) => "warheim.log.spell_failed",
        };
        steps.log(
            LogStep::rule(
                "PH18",
                format!(
                    "{}: {} {}",
                    spec.name,
                    spec.spell,
                    if out.cast { "is cast" } else { "fails" }
                ),
            )
            .with_message(
                Message::new(key)
                    .text("who", spec.name.clone())
                    .text("spell", spec.spell.clone()),
            ),
        );
        if out.cast
            && let Some(effect) = &spec.effect
        {
            out.effect = Some(Attack::new(effect.clone()).resolve(steps)?);
        }
        Ok(out)
    }
}
