//! An attack resolved step by step ("Атака"): the attacker's dice split
//! between targets, each share opposed to that target's reaction (H3),
//! then the saves and T lost (H4), crit choices, and the new states.
//!
//! Every prompt carries the exact odds of what is still open: before the
//! attacker's dice the odds of the exchange, before the reaction's dice
//! the same odds given the attacker's faces, before each save the odds of
//! how the fighter ends (stands, unconscious, dead) given the saves rolled
//! so far. An Elite's or a Solo's +1 is chosen after the dice, the active
//! player first (line 55, PH2); the odds before a roll leave it out.

use std::fmt;

use crate::d20::{D20Result, D20Save, SaveResult};
use feldherr_dice::step::{ChoiceRequest, LogStep, Message, Pending, Resolver, Steps};
use feldherr_dice::{Die, Dist, RollRequest, Roller};
use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::refusal::say;
use crate::roll::{self, Hits, Pool, SideDie};
use crate::{DamageType, WarheimError};

/// Most targets one attack may have (a template over a crowd included).
pub const MAX_TARGETS: usize = 40;

/// A fighter as the attack needs him: the numbers frozen when the attack
/// was declared.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Combatant {
    /// The fighter.
    pub id: Id,
    /// His name, for the log.
    pub name: String,
    /// Arm against this attack (cover included).
    pub arm: i32,
    /// T before the attack.
    pub t: i32,
    /// Regeneration level (H4).
    #[serde(default)]
    pub regeneration: u32,
    /// A Beast: -3 more on nerves after damage.
    #[serde(default)]
    pub beast: bool,
    /// May add 1 to the result of his save once rolled (Elite, or a Solo
    /// outside a group; PH2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub plus_one: bool,
}

impl Default for Combatant {
    fn default() -> Self {
        Self {
            id: Id(0),
            name: String::new(),
            arm: 0,
            t: 1,
            regeneration: 0,
            beast: false,
            plus_one: false,
        }
    }
}

/// What a hit carries (H4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strike {
    /// Attack strength: Ph + weapon bonus + skill bonuses.
    pub strength: i32,
    /// The weapon's damage bonus (a crit may deal 1 + this).
    pub damage_bonus: i32,
    /// Damage type.
    pub damage_type: DamageType,
}

/// A target's reaction, with its numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReactionSpec {
    /// No reaction: the attacker's dice are plain tests.
    None,
    /// Strikes back: opposed, its standing successes hit the attacker.
    Attack {
        /// The reacting dice.
        pool: Pool,
        /// What its hits carry.
        strike: Strike,
    },
    /// Dodges: opposed, its successes only cancel.
    Dodge {
        /// The dodging dice (Ph).
        pool: Pool,
    },
    /// Turns to face: a dodge at -3.
    Turn {
        /// The dice (Ph - 3).
        pool: Pool,
    },
    /// Blocks: a WS test; success adds the shield's Arm.
    Block {
        /// The WS value.
        value: i32,
        /// Arm the shield adds.
        shield_arm: i32,
    },
}

impl ReactionSpec {
    /// The catalogue key of the reaction's name.
    pub fn key(&self) -> &'static str {
        match self {
            ReactionSpec::None => "warheim.reaction.none",
            ReactionSpec::Attack { .. } => "warheim.reaction.attack",
            ReactionSpec::Dodge { .. } => "warheim.reaction.dodge",
            ReactionSpec::Turn { .. } => "warheim.reaction.turn",
            ReactionSpec::Block { .. } => "warheim.reaction.block",
        }
    }

    /// The dice that oppose the attacker's, and whether they score hits.
    fn opposing(&self) -> (Pool, bool) {
        match self {
            ReactionSpec::Attack { pool, .. } => (*pool, true),
            ReactionSpec::Dodge { pool } | ReactionSpec::Turn { pool } => (*pool, false),
            ReactionSpec::None | ReactionSpec::Block { .. } => (
                Pool {
                    dice: 0,
                    value: 0,
                    bonus: 0,
                    after_roll: false,
                },
                false,
            ),
        }
    }
}

/// One target of the attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetSpec {
    /// The target.
    pub target: Combatant,
    /// The attacker's share of dice and the value they roll against.
    pub pool: Pool,
    /// A template hits without a roll; only dodges (at -3) avoid it.
    #[serde(default)]
    pub template: bool,
    /// The target's reaction.
    pub reaction: ReactionSpec,
}

/// The roll that places an Impact template (line 219): the attacker's
/// dice at the fighter the template is laid on; a success places it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImpactRoll {
    /// The fighter aimed at.
    pub target: Id,
    /// His name, for the log.
    pub name: String,
    /// The attacker's dice.
    pub pool: Pool,
}

/// An attack with every number fixed: what a saved resolution keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackSpec {
    /// The attacker.
    pub attacker: Combatant,
    /// What the attacker's hits carry.
    pub strike: Strike,
    /// The targets in the order they are resolved.
    pub targets: Vec<TargetSpec>,
    /// A Heavy model's charge: each target hit is thrown back 1".
    #[serde(default)]
    pub heavy_charge: bool,
    /// The attacker is the active model: his +1 is chosen first (line
    /// 55). `false` for an attack that is itself a reaction.
    #[serde(default = "yes", skip_serializing_if = "Clone::clone")]
    pub attacker_active: bool,
    /// A Duelist's manoeuvre (line 201): his dodge dice, rolled once and
    /// opposed to every strike back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manoeuvre: Option<Pool>,
    /// An Impact template's roll (line 219): the template targets are hit
    /// only if it succeeds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub impact: Option<ImpactRoll>,
}

fn yes() -> bool {
    true
}

impl Default for AttackSpec {
    fn default() -> Self {
        Self {
            attacker: Combatant::default(),
            strike: Strike::default(),
            targets: Vec::new(),
            heavy_charge: false,
            attacker_active: true,
            manoeuvre: None,
            impact: None,
        }
    }
}

/// The odds of one target's exchange before any die is rolled.
#[derive(Debug, Clone, PartialEq)]
pub struct TargetOdds {
    /// The target.
    pub target: Id,
    /// Odds of (hits on the target, hits on the attacker).
    pub hits: feldherr_dice::Dist<Hits>,
}

impl AttackSpec {
    /// Checks the numbers (pool sizes, values, strengths).
    pub fn check(&self) -> Result<(), WarheimError> {
        if self.targets.is_empty() {
            return Err(WarheimError::invalid_says(
                "targets",
                "[]",
                say("no_target"),
            ));
        }
        if self.targets.len() > MAX_TARGETS {
            return Err(WarheimError::invalid_says(
                "targets",
                self.targets.len(),
                say("too_many_targets").int("max", MAX_TARGETS as i64),
            ));
        }
        for (i, t) in self.targets.iter().enumerate() {
            t.pool.check()?;
            if !t.template && t.pool.dice == 0 {
                return Err(WarheimError::invalid_says(
                    format!("targets[{i}].pool.dice"),
                    0,
                    say("target_no_dice"),
                ));
            }
            if self.targets[..i].iter().any(|o| o.target.id == t.target.id) {
                return Err(WarheimError::invalid_says(
                    format!("targets[{i}].target"),
                    t.target.id,
                    say("target_twice").text("fighter", &t.target.name),
                ));
            }
            if t.target.id == self.attacker.id {
                return Err(WarheimError::invalid_says(
                    format!("targets[{i}].target"),
                    t.target.id,
                    say("own_target").text("fighter", &t.target.name),
                ));
            }
            let (p, _) = t.reaction.opposing();
            p.check()?;
            if let ReactionSpec::Attack { strike, .. } = &t.reaction {
                D20Save::new(strike.strength, self.attacker.arm)?;
            }
            D20Save::new(self.strike.strength, t.target.arm)?;
        }
        if let Some(m) = self.manoeuvre {
            m.check()?;
        }
        if let Some(i) = &self.impact {
            i.pool.check()?;
            if i.pool.dice == 0 || self.targets.iter().any(|t| !t.template) {
                return Err(WarheimError::invalid_says(
                    "impact",
                    i.pool.dice,
                    say("impact_roll_dice"),
                ));
            }
        }
        Ok(())
    }

    /// Exact odds of the hits on each side, per target, before rolling.
    pub fn odds(&self) -> Vec<TargetOdds> {
        self.targets
            .iter()
            .map(|t| TargetOdds {
                target: t.target.id,
                hits: target_odds(self, t),
            })
            .collect()
    }

    /// Exact odds of the number of hits the attacker takes from all the
    /// reactions together.
    pub fn attacker_hits(&self) -> feldherr_dice::Dist<u32> {
        self.targets
            .iter()
            .fold(feldherr_dice::Dist::certain(0), |acc, t| {
                acc.product(&target_odds(self, t), |n, h| n + h.b)
            })
    }

    /// The manoeuvre dodge dice before rolling, for exchanges where the
    /// target strikes back.
    fn dodge_dice(&self, t: &TargetSpec) -> Vec<SideDie> {
        match (&self.manoeuvre, &t.reaction) {
            (Some(m), ReactionSpec::Attack { .. }) => m.odds_dice(false),
            _ => Vec::new(),
        }
    }
}

/// Odds that a pool scores at least one success.
fn any_success(pool: Pool) -> f64 {
    pool.successes().prob(|&n| n > 0)
}

fn target_odds(spec: &AttackSpec, t: &TargetSpec) -> Dist<Hits> {
    let placed = spec.impact.as_ref().map_or(1.0, |i| any_success(i.pool));
    let template = |hit: Dist<Hits>| -> Dist<Hits> {
        // Without the Impact roll's success nobody is hit.
        let miss = Dist::certain(Hits { a: 0, b: 0 });
        Dist::from_weights(
            hit.iter()
                .map(|(h, p)| (*h, p * placed))
                .chain(miss.iter().map(|(h, p)| (*h, p * (1.0 - placed)))),
        )
    };
    match (&t.reaction, t.template) {
        (ReactionSpec::Dodge { pool } | ReactionSpec::Turn { pool }, true) => {
            template(pool.successes().map(|&n| Hits {
                a: u32::from(n == 0),
                b: 0,
            }))
        }
        (_, true) => template(Dist::certain(Hits { a: 1, b: 0 })),
        (ReactionSpec::None | ReactionSpec::Block { .. }, false) => {
            t.pool.successes().map(|&n| Hits { a: n, b: 0 })
        }
        (reaction, false) => {
            let (b, scores) = reaction.opposing();
            let mut a = t.pool.odds_dice(true);
            a.extend(spec.dodge_dice(t));
            roll::opposed_sides(&a, &b.odds_dice(scores))
        }
    }
}

/// The new state a fighter ends in (H4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Fall {
    /// Still standing.
    Standing,
    /// T 0, or below 0 within Regeneration.
    Unconscious,
    /// T below 0 beyond Regeneration.
    Dead,
}

impl Fall {
    /// The catalogue key of the state.
    pub fn key(self) -> &'static str {
        match self {
            Fall::Standing => "warheim.state.standing",
            Fall::Unconscious => "warheim.state.unconscious",
            Fall::Dead => "warheim.state.dead",
        }
    }
}

impl fmt::Display for Fall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Fall::Standing => "stands",
            Fall::Unconscious => "unconscious",
            Fall::Dead => "dead",
        })
    }
}

/// The state T leaves a fighter in (H4): above 0 standing; 0 unconscious;
/// below 0 dead, unless Regeneration X holds it at -X or above, where he
/// is unconscious.
pub fn fall(t: i32, regeneration: u32) -> Fall {
    let regen = i32::try_from(regeneration).unwrap_or(i32::MAX);
    if t > 0 {
        Fall::Standing
    } else if t == 0 || t >= -regen {
        Fall::Unconscious
    } else {
        Fall::Dead
    }
}

/// What happened to one fighter in the attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// The fighter.
    pub fighter: Id,
    /// Hits he took.
    pub hits: u32,
    /// Of those, crits.
    pub crits: u32,
    /// Hits his armour stopped.
    pub saved: u32,
    /// T lost.
    pub t_lost: u32,
    /// T before and after.
    pub t_before: i32,
    /// T after.
    pub t_after: i32,
    /// Crit effects to apply from the army sheet (DA, EP; H6).
    pub crit_effects: u32,
    /// The state T leaves him in.
    pub fall: Fall,
    /// The penalty of the nerves test he must take now (T lost, Beast -3
    /// more when damaged); `None` when no test is due (not hit nor saved,
    /// or down).
    pub nerves_penalty: Option<i32>,
}

/// One target's exchange.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exchange {
    /// The target.
    pub target: Id,
    /// The dice the attacker rolled at him.
    pub attack_faces: Vec<u32>,
    /// The dice of his reaction.
    pub reaction_faces: Vec<u32>,
    /// Hits on the target and on the attacker.
    pub hits: Hits,
    /// Whether his dodge (or turn) succeeded: he may step aside (or turn).
    pub evaded: bool,
    /// Whether his block succeeded.
    pub blocked: bool,
    /// Thrown back 1" by a Heavy model's successful charge.
    #[serde(default)]
    pub thrown_back: bool,
    /// The attacker's +1 went on this die (0-based), if he chose one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plus_one: Option<usize>,
    /// The target's +1 went on this die of his reaction, if he chose one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reaction_plus_one: Option<usize>,
}

/// The typed outcome of an attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackOutcome {
    /// The exchanges, in target order.
    pub exchanges: Vec<Exchange>,
    /// What happened to each fighter involved, the attacker (the active
    /// player's model) first.
    pub changes: Vec<Change>,
    /// A manoeuvre: whether the Duelist's dodge held against every strike
    /// back, so he may step aside by his second Speed (line 201).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stepped_aside: Option<bool>,
    /// An Impact template: whether its roll placed it (line 219).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub impact_hit: Option<bool>,
}

impl AttackOutcome {
    /// The change of `fighter`.
    pub fn change(&self, fighter: Id) -> Option<&Change> {
        self.changes.iter().find(|c| c.fighter == fighter)
    }
}

impl fmt::Display for AttackOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .changes
            .iter()
            .map(|c| {
                format!(
                    "{}: -{} T -> {} ({:?})",
                    c.fighter, c.t_lost, c.t_after, c.fall
                )
            })
            .collect();
        f.write_str(&parts.join("; "))
    }
}

/// The attack resolver. It keeps the exact odds of each target once they
/// are computed, so replaying its answers does not compute them again.
#[derive(Debug, Clone)]
pub struct Attack {
    spec: AttackSpec,
    odds: std::sync::OnceLock<Vec<feldherr_dice::Dist<Hits>>>,
}

impl PartialEq for Attack {
    fn eq(&self, other: &Self) -> bool {
        self.spec == other.spec
    }
}

impl Eq for Attack {}

impl Attack {
    /// The resolver of `spec`.
    pub fn new(spec: AttackSpec) -> Self {
        Self {
            spec,
            odds: std::sync::OnceLock::new(),
        }
    }

    /// The attack's numbers.
    pub fn spec(&self) -> &AttackSpec {
        &self.spec
    }

    /// Exact odds of (hits on the target, hits on the attacker) per
    /// target, in target order; computed once.
    pub fn odds(&self) -> &[feldherr_dice::Dist<Hits>] {
        self.odds.get_or_init(|| {
            self.spec
                .targets
                .iter()
                .map(|t| target_odds(&self.spec, t))
                .collect()
        })
    }
}

/// One hit to save against.
pub(crate) struct Hit {
    pub(crate) crit: bool,
    pub(crate) strike: Strike,
}

/// What a fighter's saves came to.
#[derive(Default)]
pub(crate) struct Tally {
    hits: u32,
    crits: u32,
    saved: u32,
    lost: u32,
    effects: u32,
}

/// What a prompt says the roll needs (H1): "11 or less, 11 is a crit";
/// over 20 every roll succeeds and the crits start lower; at 0 or less
/// nothing succeeds.
pub fn need_message(value: i32) -> Message {
    if value > 20 {
        Message::new("warheim.need.all").int("crit", (40 - value).max(1))
    } else if value >= 1 {
        Message::new("warheim.need.at_most").int("value", value)
    } else {
        Message::new("warheim.need.none")
    }
}

/// A save's result in the catalogue's words ("stopped", "-3 T").
fn save_message(result: SaveResult) -> Message {
    match result {
        SaveResult::Stopped => Message::new("warheim.save_result.stopped"),
        SaveResult::Lost(t) => Message::new("warheim.save_result.lost").int("t", i64::from(t)),
    }
}

/// The same in English, for the prompts' plain text.
pub fn need_text(value: i32) -> String {
    if value > 20 {
        format!(
            "every roll succeeds, {} or more is a crit",
            (40 - value).max(1)
        )
    } else if value >= 1 {
        format!("{value} or less, {value} is a crit")
    } else {
        "no roll succeeds".to_owned()
    }
}

pub(crate) fn failed(e: &WarheimError) -> Pending {
    Pending::Failed(feldherr_dice::DiceError::UnexpectedAnswer {
        expected: e.to_string(),
    })
}

pub(crate) fn roll_dice(
    steps: &mut Steps<'_>,
    dice: u32,
    odds: &dyn Fn() -> Vec<feldherr_dice::OddsLine>,
    purpose: String,
    message: Message,
) -> Result<Vec<u32>, Pending> {
    if dice == 0 {
        return Ok(Vec::new());
    }
    let wants = steps.wants_odds();
    steps.roll(
        RollRequest::new(dice as usize, Die::D20, purpose)
            .rule("H3")
            .with_message(message)
            .odds_if(wants, odds),
    )
}

/// What one side of an exchange stands on: its pool, faces and the +1
/// chosen so far.
#[derive(Clone)]
pub(crate) struct Rolled<'a> {
    pub(crate) who: &'a str,
    pub(crate) pool: Pool,
    pub(crate) faces: Vec<u32>,
    pub(crate) plus_one: Option<usize>,
    pub(crate) scores: bool,
}

impl Rolled<'_> {
    pub(crate) fn results(&self) -> Result<Vec<D20Result>, Pending> {
        self.pool
            .results_with(&self.faces, self.plus_one)
            .map_err(|e| failed(&e))
    }
}

/// What an exchange comes to: the standing hits of each side and how many
/// of them are crits, and whether the extra (dodge) dice of side A stood.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Standing {
    pub(crate) a: u32,
    pub(crate) a_crits: u32,
    pub(crate) b: u32,
    pub(crate) b_crits: u32,
    pub(crate) b_any: bool,
    pub(crate) extra_stood: bool,
}

pub(crate) fn standing_of(
    a: &[D20Result],
    extra: &[D20Result],
    b: &[D20Result],
    b_scores: bool,
) -> Standing {
    let mut all_a = a.to_vec();
    all_a.extend_from_slice(extra);
    let (sa, sb) = roll::standing(&all_a, b);
    let crit = |r: &D20Result| matches!(r, D20Result::Crit(_));
    let a_hits = a.iter().zip(&sa).filter(|(_, s)| **s);
    let b_hits = b.iter().zip(&sb).filter(|(_, s)| **s);
    let b_any = sb.iter().any(|s| *s);
    Standing {
        a: a_hits.clone().count() as u32,
        a_crits: a_hits.filter(|(r, _)| crit(r)).count() as u32,
        b: if b_scores {
            b_hits.clone().count() as u32
        } else {
            0
        },
        b_crits: if b_scores {
            b_hits.filter(|(r, _)| crit(r)).count() as u32
        } else {
            0
        },
        b_any,
        extra_stood: !extra.is_empty()
            && sa[a.len()..]
                .iter()
                .zip(extra)
                .any(|(s, r)| *s && r.succeeded()),
    }
}

/// Asks `side`'s player where his +1 goes, once his dice are rolled: only
/// when it can change what the exchange comes to, and never on a natural
/// crit (PH2). `judge` gives the exchange's standing for a choice.
pub(crate) fn choose_plus_one(
    steps: &mut Steps<'_>,
    side: &Rolled<'_>,
    judge: &dyn Fn(Option<usize>) -> Result<Standing, Pending>,
) -> Result<Option<usize>, Pending> {
    let dice = side.pool.plus_one_dice(&side.faces);
    if dice.is_empty() {
        return Ok(None);
    }
    let without = judge(None)?;
    let mut options = Vec::new();
    for &i in &dice {
        if judge(Some(i))? != without {
            options.push(i);
        }
    }
    if options.is_empty() {
        return Ok(None);
    }
    let mut request = ChoiceRequest::new(format!("{} may add 1 to one die's result", side.who))
        .rule("PH2")
        .with_message(Message::new("warheim.choice.plus_one").text("who", side.who.to_owned()))
        // The whole option in the message: a detail would stay English.
        .option_message("no", Message::new("warheim.option.no_plus_one"), "");
    for &i in &options {
        let face = side.faces.get(i).copied().unwrap_or(0);
        request = request.option_message(
            format!("die {}: {face} counts {}", i + 1, face + 1),
            Message::new("warheim.option.plus_one")
                .int("die", i as i64 + 1)
                .int("face", face)
                .int("counts", face + 1)
                .nested("need", need_message(side.pool.value)),
            "",
        );
    }
    let pick = steps.choose(request)?;
    let chosen = pick.checked_sub(1).and_then(|k| options.get(k).copied());
    if let Some(i) = chosen {
        let face = side.faces.get(i).copied().unwrap_or(0);
        steps.log(
            LogStep::rule(
                "PH2",
                format!(
                    "{} adds 1 to die {}: {face} counts {}",
                    side.who,
                    i + 1,
                    face + 1
                ),
            )
            .with_message(
                Message::new("warheim.log.plus_one")
                    .text("who", side.who.to_owned())
                    .int("face", face)
                    .int("counts", face + 1),
            ),
        );
    }
    Ok(chosen)
}

impl Attack {
    /// Rolls the manoeuvre's dodge dice once (line 201).
    fn roll_manoeuvre(&self, steps: &mut Steps<'_>) -> Result<Vec<D20Result>, Pending> {
        let Some(pool) = self.spec.manoeuvre else {
            return Ok(Vec::new());
        };
        let a = &self.spec.attacker;
        let faces = roll_dice(
            steps,
            pool.dice,
            &|| pool.successes().map(|&n| n > 0).odds_lines(),
            format!(
                "{}: {} D20 to dodge while attacking, {}",
                a.name,
                pool.dice,
                need_text(pool.value)
            ),
            Message::new("warheim.roll.manoeuvre")
                .text("who", a.name.clone())
                .int("dice", pool.dice)
                .nested("need", need_message(pool.value)),
        )?;
        pool.results(&faces).map_err(|e| failed(&e))
    }

    /// Rolls the Impact template's roll (line 219): whether it is placed.
    fn roll_impact(&self, steps: &mut Steps<'_>) -> Result<Option<bool>, Pending> {
        let Some(impact) = &self.spec.impact else {
            return Ok(None);
        };
        let a = &self.spec.attacker;
        let pool = impact.pool;
        let faces = roll_dice(
            steps,
            pool.dice,
            &|| pool.successes().map(|&n| n > 0).odds_lines(),
            format!(
                "{}: {} D20 at {} to place the template, {}",
                a.name,
                pool.dice,
                impact.name,
                need_text(pool.value)
            ),
            Message::new("warheim.roll.impact")
                .text("who", a.name.clone())
                .text("target", impact.name.clone())
                .int("dice", pool.dice)
                .nested("need", need_message(pool.value)),
        )?;
        let hit = pool
            .results(&faces)
            .map_err(|e| failed(&e))?
            .iter()
            .any(|r| r.succeeded());
        steps.log(
            LogStep::rule(
                "PH21",
                format!(
                    "{}: the template {}",
                    impact.name,
                    if hit { "is placed" } else { "misses" }
                ),
            )
            .with_message(
                Message::new(if hit {
                    "warheim.log.impact_placed"
                } else {
                    "warheim.log.impact_missed"
                })
                .text("target", impact.name.clone()),
            ),
        );
        Ok(Some(hit))
    }

    #[expect(
        clippy::too_many_arguments,
        reason = "one exchange reads and writes each of these"
    )]
    fn exchange(
        &self,
        steps: &mut Steps<'_>,
        t: &TargetSpec,
        dodge: &[D20Result],
        placed: Option<bool>,
        on_target: &mut Vec<Hit>,
        on_attacker: &mut Vec<Hit>,
        arm_bonus: &mut i32,
        dodge_beaten: &mut bool,
    ) -> Result<Exchange, Pending> {
        let a = &self.spec.attacker;
        let mut ex = Exchange {
            target: t.target.id,
            attack_faces: Vec::new(),
            reaction_faces: Vec::new(),
            hits: Hits { a: 0, b: 0 },
            evaded: false,
            blocked: false,
            thrown_back: false,
            plus_one: None,
            reaction_plus_one: None,
        };
        let react_msg = |pool: Pool| {
            Message::new("warheim.roll.reaction")
                .text("who", t.target.name.clone())
                .key("reaction", t.reaction.key())
                .int("dice", pool.dice)
                .nested("need", need_message(pool.value))
        };
        if t.template {
            if placed == Some(false) {
                return Ok(ex);
            }
            ex.hits.a = 1;
            if let ReactionSpec::Dodge { pool } | ReactionSpec::Turn { pool } = &t.reaction {
                let faces = roll_dice(
                    steps,
                    pool.dice,
                    &|| {
                        pool.successes()
                            .map(|&n| Hits {
                                a: u32::from(n == 0),
                                b: 0,
                            })
                            .odds_lines()
                    },
                    format!(
                        "{} dodges the template: {}",
                        t.target.name,
                        need_text(pool.value)
                    ),
                    react_msg(*pool),
                )?;
                ex.evaded = pool
                    .results(&faces)
                    .map_err(|e| failed(&e))?
                    .iter()
                    .any(|r| r.succeeded());
                ex.reaction_faces = faces;
                if ex.evaded {
                    ex.hits.a = 0;
                }
            }
            steps.log(
                LogStep::rule(
                    "PH9",
                    format!("{}: template, {} hit", t.target.name, ex.hits.a),
                )
                .with_message(
                    Message::new("warheim.log.template")
                        .text("target", t.target.name.clone())
                        .int("hits", ex.hits.a),
                ),
            );
            for _ in 0..ex.hits.a {
                on_target.push(Hit {
                    crit: false,
                    strike: self.spec.strike,
                });
            }
            return Ok(ex);
        }
        if let ReactionSpec::Block { value, shield_arm } = &t.reaction {
            let pool = Pool {
                dice: 1,
                value: *value,
                bonus: 0,
                after_roll: false,
            };
            let wants = steps.wants_odds();
            let faces = steps.roll(
                RollRequest::new(
                    1,
                    Die::D20,
                    format!("{} blocks: {}", t.target.name, need_text(*value)),
                )
                .rule("H1")
                .with_message(react_msg(pool))
                .odds_if(wants, || pool.successes().map(|&n| n > 0).odds_lines()),
            )?;
            ex.blocked = pool
                .results(&faces)
                .map_err(|e| failed(&e))?
                .iter()
                .any(|r| r.succeeded());
            ex.reaction_faces = faces;
            if ex.blocked {
                *arm_bonus = *shield_arm;
            }
        }
        let (b_pool, b_scores) = t.reaction.opposing();
        let dodge_dice: &[D20Result] = if matches!(t.reaction, ReactionSpec::Attack { .. }) {
            dodge
        } else {
            &[]
        };
        let dodge_known: Vec<SideDie> = dodge_dice
            .iter()
            .map(|r| SideDie::known(roll::level(*r), false))
            .collect();
        let a_faces = roll_dice(
            steps,
            t.pool.dice,
            &|| {
                let mut side = t.pool.odds_dice(true);
                side.extend(dodge_known.iter().cloned());
                roll::opposed_sides(&side, &b_pool.odds_dice(b_scores)).odds_lines()
            },
            format!(
                "{}: {} D20 at {}, {}",
                a.name,
                t.pool.dice,
                t.target.name,
                need_text(t.pool.value)
            ),
            Message::new("warheim.roll.attack")
                .text("who", a.name.clone())
                .text("target", t.target.name.clone())
                .int("dice", t.pool.dice)
                .nested("need", need_message(t.pool.value)),
        )?;
        let mut mine = Rolled {
            who: &a.name,
            pool: t.pool,
            faces: a_faces,
            plus_one: None,
            scores: true,
        };
        let b_faces = {
            let mine_known = mine
                .pool
                .rolled_dice(&mine.faces, None, true)
                .map_err(|e| failed(&e))?;
            roll_dice(
                steps,
                b_pool.dice,
                &|| {
                    let mut side = mine_known.clone();
                    side.extend(dodge_known.iter().cloned());
                    roll::opposed_sides(&side, &b_pool.odds_dice(b_scores)).odds_lines()
                },
                format!(
                    "{} reacts: {} D20, {}",
                    t.target.name,
                    b_pool.dice,
                    need_text(b_pool.value)
                ),
                react_msg(b_pool),
            )?
        };
        let mut theirs = Rolled {
            who: &t.target.name,
            pool: b_pool,
            faces: b_faces,
            plus_one: None,
            scores: b_scores,
        };
        let judge = |mine: &Rolled<'_>, theirs: &Rolled<'_>| -> Result<Standing, Pending> {
            Ok(standing_of(
                &mine.results()?,
                dodge_dice,
                &theirs.results()?,
                theirs.scores,
            ))
        };
        // The active player modifies first (line 55).
        if self.spec.attacker_active {
            mine.plus_one = choose_plus_one(steps, &mine, &|c| {
                let m = Rolled {
                    plus_one: c,
                    ..mine.clone()
                };
                judge(&m, &theirs)
            })?;
            theirs.plus_one = choose_plus_one(steps, &theirs, &|c| {
                let th = Rolled {
                    plus_one: c,
                    ..theirs.clone()
                };
                judge(&mine, &th)
            })?;
        } else {
            theirs.plus_one = choose_plus_one(steps, &theirs, &|c| {
                let th = Rolled {
                    plus_one: c,
                    ..theirs.clone()
                };
                judge(&mine, &th)
            })?;
            mine.plus_one = choose_plus_one(steps, &mine, &|c| {
                let m = Rolled {
                    plus_one: c,
                    ..mine.clone()
                };
                judge(&m, &theirs)
            })?;
        }
        let mine_results = mine.results()?;
        let theirs_results = theirs.results()?;
        let mut all_a = mine_results.clone();
        all_a.extend_from_slice(dodge_dice);
        let (stand_a, stand_b) = roll::standing(&all_a, &theirs_results);
        for (r, s) in mine_results.iter().zip(&stand_a) {
            if *s {
                ex.hits.a += 1;
                on_target.push(Hit {
                    crit: matches!(r, D20Result::Crit(_)),
                    strike: self.spec.strike,
                });
            }
        }
        if !dodge_dice.is_empty() {
            let stood = stand_a[mine_results.len()..].iter().any(|s| *s);
            if !stood {
                *dodge_beaten = true;
            }
        }
        let standing_b = stand_b.iter().filter(|s| **s).count() as u32;
        match &t.reaction {
            ReactionSpec::Attack { strike, .. } => {
                ex.hits.b = standing_b;
                for (r, s) in theirs_results.iter().zip(&stand_b) {
                    if *s {
                        on_attacker.push(Hit {
                            crit: matches!(r, D20Result::Crit(_)),
                            strike: *strike,
                        });
                    }
                }
            }
            ReactionSpec::Dodge { .. } | ReactionSpec::Turn { .. } => ex.evaded = standing_b > 0,
            ReactionSpec::None | ReactionSpec::Block { .. } => {}
        }
        ex.attack_faces = mine.faces;
        ex.plus_one = mine.plus_one;
        if b_pool.dice > 0 {
            ex.reaction_faces = theirs.faces;
        }
        ex.reaction_plus_one = theirs.plus_one;
        steps.log(
            LogStep::rule(
                "H3",
                format!(
                    "{}: {} hit(s) on {}, {} on {}",
                    t.target.name, ex.hits.a, t.target.name, ex.hits.b, a.name
                ),
            )
            .with_message(
                Message::new("warheim.log.exchange")
                    .text("target", t.target.name.clone())
                    .text("attacker", a.name.clone())
                    .int("on_target", ex.hits.a)
                    .int("on_attacker", ex.hits.b),
            ),
        );
        Ok(ex)
    }

    /// Resolves the hits on `who` (H4) and returns what he lost. The
    /// crits are settled first (the attacker's choices, DA and EP), then
    /// the saves are rolled; each save's prompt gives the odds of how the
    /// fighter ends, given what is already lost.
    pub(crate) fn take_hits(
        steps: &mut Steps<'_>,
        who: &Combatant,
        arm: i32,
        hits: &[Hit],
    ) -> Result<Tally, Pending> {
        let mut tally = Tally::default();
        let mut saves: Vec<D20Save> = Vec::new();
        for hit in hits {
            tally.hits += 1;
            let mut save = true;
            if hit.crit {
                tally.crits += 1;
                match hit.strike.damage_type {
                    DamageType::Da => {
                        tally.effects += 1;
                        steps.log(
                            LogStep::rule(
                                "H4",
                                format!("{}: DA crit, one crit effect and a save", who.name),
                            )
                            .with_message(
                                Message::new("warheim.log.crit_da").text("who", who.name.clone()),
                            ),
                        );
                    }
                    DamageType::Ep => {
                        tally.effects += 3;
                        save = false;
                        steps.log(
                            LogStep::rule(
                                "H4",
                                format!("{}: EP crit, three crit effects", who.name),
                            )
                            .with_message(
                                Message::new("warheim.log.crit_ep").text("who", who.name.clone()),
                            ),
                        );
                    }
                    DamageType::Normal => {
                        let direct = 1 + hit.strike.damage_bonus;
                        let pick = steps.choose(
                            ChoiceRequest::new(format!(
                                "Crit on {}: save or direct damage",
                                who.name
                            ))
                            .rule("H4")
                            .with_message(
                                Message::new("warheim.choice.crit").text("who", who.name.clone()),
                            )
                            .option_message("save", Message::new("warheim.option.crit_save"), "")
                            .option_message(
                                format!("{direct} T"),
                                Message::new("warheim.option.crit_direct").int("t", direct),
                                "",
                            ),
                        )?;
                        if pick == 1 {
                            save = false;
                            tally.lost += direct.unsigned_abs();
                            steps.log(
                                LogStep::rule(
                                    "H4",
                                    format!("{} loses {direct} T from the crit", who.name),
                                )
                                .with_message(
                                    Message::new("warheim.log.crit_direct")
                                        .text("who", who.name.clone())
                                        .int("t", direct),
                                ),
                            );
                        }
                    }
                }
            }
            if save {
                saves.push(D20Save::new(hit.strike.strength, arm)?);
            }
        }
        for (k, check) in saves.iter().enumerate() {
            let wants = steps.wants_odds();
            let lost_so_far = tally.lost;
            let odds = || fall_odds(who, lost_so_far, &saves[k..]).odds_lines();
            let faces = steps.roll(
                RollRequest::new(
                    1,
                    Die::D20,
                    format!("{} saves: {}+ stops the hit", who.name, check.target()),
                )
                .rule("H4")
                .with_message(
                    Message::new("warheim.roll.save")
                        .text("who", who.name.clone())
                        .int("need", check.target()),
                )
                .odds_if(wants, odds),
            )?;
            let face = faces.first().copied().unwrap_or(0);
            let mut result = check.evaluate(face)?;
            if who.plus_one
                && let SaveResult::Lost(_) = result
                && face < 20
            {
                let raised = check.evaluate(face + 1)?;
                let pick = steps.choose(
                    ChoiceRequest::new(format!("{} may add 1 to his save", who.name))
                        .rule("PH2")
                        .with_message(
                            Message::new("warheim.choice.plus_one_save")
                                .text("who", who.name.clone()),
                        )
                        .option_message(
                            "no",
                            Message::new("warheim.option.no_plus_one_save")
                                .int("face", face)
                                .nested("result", save_message(result)),
                            "",
                        )
                        .option_message(
                            format!("{face} counts {}", face + 1),
                            Message::new("warheim.option.plus_one_save")
                                .int("face", face)
                                .int("counts", face + 1)
                                .nested("result", save_message(raised)),
                            "",
                        ),
                )?;
                if pick == 1 {
                    result = raised;
                    steps.log(
                        LogStep::rule(
                            "PH2",
                            format!(
                                "{} adds 1 to his save: {face} counts {}",
                                who.name,
                                face + 1
                            ),
                        )
                        .with_message(
                            Message::new("warheim.log.plus_one")
                                .text("who", who.name.clone())
                                .int("face", face)
                                .int("counts", face + 1),
                        ),
                    );
                }
            }
            match result {
                SaveResult::Stopped => {
                    tally.saved += 1;
                    steps.log(
                        LogStep::rule(
                            "H4",
                            format!("{} rolls {face}: the armour stops the hit", who.name),
                        )
                        .with_message(
                            Message::new("warheim.log.save_stopped")
                                .text("who", who.name.clone())
                                .int("face", face),
                        ),
                    );
                }
                SaveResult::Lost(t) => {
                    tally.lost += t;
                    steps.log(
                        LogStep::rule("H4", format!("{} rolls {face}: loses {t} T", who.name))
                            .with_message(
                                Message::new("warheim.log.save_lost")
                                    .text("who", who.name.clone())
                                    .int("face", face)
                                    .int("t", t),
                            ),
                    );
                }
            }
        }
        Ok(tally)
    }

    pub(crate) fn change(steps: &mut Steps<'_>, who: &Combatant, tally: &Tally) -> Change {
        let t_after = who.t - i32::try_from(tally.lost).unwrap_or(i32::MAX);
        let fall = fall(t_after, who.regeneration);
        let nerves_penalty = if fall == Fall::Standing && (tally.lost > 0 || tally.saved > 0) {
            let lost = i32::try_from(tally.lost).unwrap_or(i32::MAX);
            Some(lost + if who.beast && tally.lost > 0 { 3 } else { 0 })
        } else {
            None
        };
        if tally.hits > 0 {
            steps.log(
                LogStep::rule(
                    "H4",
                    format!("{}: T {} -> {t_after}, {fall:?}", who.name, who.t),
                )
                .with_message(
                    Message::new("warheim.log.state")
                        .text("who", who.name.clone())
                        .int("before", who.t)
                        .int("after", t_after)
                        .key("state", fall.key()),
                ),
            );
        }
        Change {
            fighter: who.id,
            hits: tally.hits,
            crits: tally.crits,
            saved: tally.saved,
            t_lost: tally.lost,
            t_before: who.t,
            t_after,
            crit_effects: tally.effects,
            fall,
            nerves_penalty,
        }
    }
}

/// The odds of how `who` ends (stands, unconscious, dead) after the saves
/// `left`, having lost `lost` T so far in this attack.
pub fn fall_odds(who: &Combatant, lost: u32, left: &[D20Save]) -> Dist<Fall> {
    let total = left.iter().fold(Dist::certain(0u32), |acc, save| {
        acc.product(&save.distribution(), |n, r| match r {
            SaveResult::Stopped => *n,
            SaveResult::Lost(t) => n + t,
        })
    });
    total.map(|&more| {
        let t = i64::from(who.t) - i64::from(lost) - i64::from(more);
        fall(i32::try_from(t).unwrap_or(i32::MIN), who.regeneration)
    })
}

impl Resolver for Attack {
    type Outcome = AttackOutcome;

    fn title(&self) -> String {
        let names: Vec<&str> = self
            .spec
            .targets
            .iter()
            .map(|t| t.target.name.as_str())
            .collect();
        format!("{} attacks {}", self.spec.attacker.name, names.join(", "))
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<AttackOutcome, Pending> {
        let spec = &self.spec;
        let dodge = self.roll_manoeuvre(steps)?;
        let placed = self.roll_impact(steps)?;
        let mut exchanges = Vec::new();
        let mut on_attacker = Vec::new();
        let mut per_target = Vec::new();
        let mut dodge_beaten = false;
        for t in &spec.targets {
            let mut hits = Vec::new();
            let mut arm_bonus = 0;
            let mut ex = self.exchange(
                steps,
                t,
                &dodge,
                placed,
                &mut hits,
                &mut on_attacker,
                &mut arm_bonus,
                &mut dodge_beaten,
            )?;
            if spec.heavy_charge && ex.hits.a > 0 {
                ex.thrown_back = true;
                steps.log(
                    LogStep::rule("PH10", format!("{} is thrown back 1\"", t.target.name))
                        .with_message(
                            Message::new("warheim.log.thrown_back")
                                .text("who", t.target.name.clone()),
                        ),
                );
            }
            exchanges.push(ex);
            per_target.push((hits, arm_bonus));
        }
        let stepped_aside = spec.manoeuvre.map(|_| {
            let dodged = dodge.iter().any(|r| r.succeeded()) && !dodge_beaten;
            steps.log(
                LogStep::rule(
                    "PH15",
                    format!(
                        "{} {}",
                        spec.attacker.name,
                        if dodged {
                            "may step aside by his second Speed"
                        } else {
                            "does not step aside"
                        }
                    ),
                )
                .with_message(
                    Message::new(if dodged {
                        "warheim.log.manoeuvre_aside"
                    } else {
                        "warheim.log.manoeuvre_stays"
                    })
                    .text("who", spec.attacker.name.clone()),
                ),
            );
            dodged
        });
        // Saves: the targets in order, then the attacker.
        let mut tallies = Vec::new();
        for (t, (hits, arm_bonus)) in spec.targets.iter().zip(&per_target) {
            tallies.push(Self::take_hits(
                steps,
                &t.target,
                t.target.arm + arm_bonus,
                hits,
            )?);
        }
        let attacker_tally =
            Self::take_hits(steps, &spec.attacker, spec.attacker.arm, &on_attacker)?;
        // State changes: the active player's model first.
        let mut changes = vec![Self::change(steps, &spec.attacker, &attacker_tally)];
        for (t, tally) in spec.targets.iter().zip(&tallies) {
            changes.push(Self::change(steps, &t.target, tally));
        }
        Ok(AttackOutcome {
            exchanges,
            changes,
            stepped_aside,
            impact_hit: placed,
        })
    }
}
