//! An attack resolved step by step ("Атака"): the attacker's dice split
//! between targets, each share opposed to that target's reaction (H3),
//! then the saves and T lost (H4), crit choices, and the new states.

use std::fmt;

use crate::d20::{D20Result, D20Save, SaveResult};
use feldherr_dice::step::{ChoiceRequest, LogStep, Message, Pending, Resolver, Steps};
use feldherr_dice::{Die, RollRequest, Roller};
use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::roll::{self, Hits, Pool};
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
}

/// What a hit carries (H4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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

    fn opposing_pool(&self) -> Pool {
        match self {
            ReactionSpec::Attack { pool, .. }
            | ReactionSpec::Dodge { pool }
            | ReactionSpec::Turn { pool } => *pool,
            ReactionSpec::None | ReactionSpec::Block { .. } => Pool {
                dice: 0,
                value: 0,
                bonus: 0,
            },
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
            return Err(WarheimError::invalid(
                "targets",
                "[]",
                "an attack needs a target",
            ));
        }
        if self.targets.len() > MAX_TARGETS {
            return Err(WarheimError::invalid(
                "targets",
                self.targets.len(),
                format!("an attack has at most {MAX_TARGETS} targets"),
            ));
        }
        for (i, t) in self.targets.iter().enumerate() {
            Pool::new(t.pool.dice, t.pool.value, t.pool.bonus)?;
            if !t.template && t.pool.dice == 0 {
                return Err(WarheimError::invalid(
                    format!("targets[{i}].pool.dice"),
                    0,
                    "every target gets at least one die",
                ));
            }
            if self.targets[..i].iter().any(|o| o.target.id == t.target.id) {
                return Err(WarheimError::invalid(
                    format!("targets[{i}].target"),
                    t.target.id,
                    "the target is listed twice",
                ));
            }
            let p = t.reaction.opposing_pool();
            Pool::new(p.dice, p.value, p.bonus)?;
            if let ReactionSpec::Attack { strike, .. } = &t.reaction {
                D20Save::new(strike.strength, self.attacker.arm)?;
            }
            D20Save::new(self.strike.strength, t.target.arm)?;
        }
        Ok(())
    }

    /// Exact odds of the hits on each side, per target, before rolling.
    pub fn odds(&self) -> Vec<TargetOdds> {
        self.targets
            .iter()
            .map(|t| TargetOdds {
                target: t.target.id,
                hits: target_odds(t),
            })
            .collect()
    }

    /// Exact odds of the number of hits the attacker takes from all the
    /// reactions together.
    pub fn attacker_hits(&self) -> feldherr_dice::Dist<u32> {
        self.targets
            .iter()
            .fold(feldherr_dice::Dist::certain(0), |acc, t| {
                acc.product(&target_odds(t), |n, h| n + h.b)
            })
    }
}

fn target_odds(t: &TargetSpec) -> feldherr_dice::Dist<Hits> {
    use feldherr_dice::Dist;
    match (&t.reaction, t.template) {
        (ReactionSpec::Dodge { pool } | ReactionSpec::Turn { pool }, true) => {
            pool.successes().map(|&n| Hits {
                a: u32::from(n == 0),
                b: 0,
            })
        }
        (_, true) => Dist::certain(Hits { a: 1, b: 0 }),
        (ReactionSpec::Attack { pool, .. }, false) => roll::opposed_odds(t.pool, *pool),
        (ReactionSpec::Dodge { pool } | ReactionSpec::Turn { pool }, false) => {
            roll::opposed_odds(t.pool, *pool).map(|h| Hits { a: h.a, b: 0 })
        }
        (ReactionSpec::None | ReactionSpec::Block { .. }, false) => {
            t.pool.successes().map(|&n| Hits { a: n, b: 0 })
        }
    }
}

/// The new state a fighter ends in (H4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fall {
    /// Still standing.
    Standing,
    /// T 0, or below 0 within Regeneration.
    Unconscious,
    /// T below 0 beyond Regeneration.
    Dead,
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
}

/// The typed outcome of an attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackOutcome {
    /// The exchanges, in target order.
    pub exchanges: Vec<Exchange>,
    /// What happened to each fighter involved, the attacker (the active
    /// player's model) first.
    pub changes: Vec<Change>,
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
        self.odds
            .get_or_init(|| self.spec.targets.iter().map(target_odds).collect())
    }

    fn odds_of(&self, index: usize) -> feldherr_dice::Dist<Hits> {
        self.odds()
            .get(index)
            .cloned()
            .unwrap_or_else(|| feldherr_dice::Dist::certain(Hits { a: 0, b: 0 }))
    }
}

struct Hit {
    crit: bool,
    strike: Strike,
}

#[derive(Default)]
struct Tally {
    hits: u32,
    crits: u32,
    saved: u32,
    lost: u32,
    effects: u32,
}

fn roll_pool(
    steps: &mut Steps<'_>,
    pool: Pool,
    odds: &dyn Fn() -> feldherr_dice::Dist<Hits>,
    purpose: String,
    message: Message,
) -> Result<Vec<u32>, Pending> {
    if pool.dice == 0 {
        return Ok(Vec::new());
    }
    let wants = steps.wants_odds();
    steps.roll(
        RollRequest::new(pool.dice as usize, Die::D20, purpose)
            .rule("H3")
            .with_message(message)
            .odds_if(wants, || odds().odds_lines()),
    )
}

/// Logs the Elite/Solo +1 on the first die of `pool` (PH2).
fn log_plus_one(steps: &mut Steps<'_>, who: &str, pool: Pool, faces: &[u32]) {
    if pool.bonus == 0 {
        return;
    }
    let Some(&face) = faces.first() else { return };
    let counts = i64::from(face) + i64::from(pool.bonus);
    steps.log(
        LogStep::rule(
            "PH2",
            format!("{who} adds 1 to the first die: {face} counts {counts}"),
        )
        .with_message(
            Message::new("warheim.log.plus_one")
                .text("who", who.to_owned())
                .int("face", face)
                .int("counts", counts),
        ),
    );
}

fn results(pool: Pool, faces: &[u32]) -> Result<Vec<D20Result>, Pending> {
    pool.results(faces).map_err(|e| {
        Pending::Failed(feldherr_dice::DiceError::UnexpectedAnswer {
            expected: e.to_string(),
        })
    })
}

impl Attack {
    fn exchange(
        &self,
        steps: &mut Steps<'_>,
        index: usize,
        t: &TargetSpec,
        on_target: &mut Vec<Hit>,
        on_attacker: &mut Vec<Hit>,
        arm_bonus: &mut i32,
    ) -> Result<Exchange, Pending> {
        let a = &self.spec.attacker;
        // Computed only when a prompt shows them, and once.
        let odds = || self.odds_of(index);
        let mut ex = Exchange {
            target: t.target.id,
            attack_faces: Vec::new(),
            reaction_faces: Vec::new(),
            hits: Hits { a: 0, b: 0 },
            evaded: false,
            blocked: false,
            thrown_back: false,
        };
        let react_msg = |pool: Pool| {
            Message::new("warheim.roll.reaction")
                .text("who", t.target.name.clone())
                .key("reaction", t.reaction.key())
                .int("dice", pool.dice)
                .int("value", pool.value)
        };
        if t.template {
            ex.hits.a = 1;
            if let ReactionSpec::Dodge { pool } | ReactionSpec::Turn { pool } = &t.reaction {
                let faces = roll_pool(
                    steps,
                    *pool,
                    &odds,
                    format!(
                        "{} dodges the template against {}",
                        t.target.name, pool.value
                    ),
                    react_msg(*pool),
                )?;
                ex.evaded = results(*pool, &faces)?.iter().any(|r| r.succeeded());
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
            };
            let wants = steps.wants_odds();
            let faces = steps.roll(
                RollRequest::new(
                    1,
                    Die::D20,
                    format!("{} blocks against {value}", t.target.name),
                )
                .rule("H1")
                .with_message(react_msg(pool))
                .odds_if(wants, || pool.successes().odds_lines()),
            )?;
            ex.blocked = results(pool, &faces)?.iter().any(|r| r.succeeded());
            ex.reaction_faces = faces;
            if ex.blocked {
                *arm_bonus = *shield_arm;
            }
        }
        let faces = roll_pool(
            steps,
            t.pool,
            &odds,
            format!(
                "{}: {} dice against {} at {}",
                a.name, t.pool.dice, t.pool.value, t.target.name
            ),
            Message::new("warheim.roll.attack")
                .text("who", a.name.clone())
                .text("target", t.target.name.clone())
                .int("dice", t.pool.dice)
                .int("value", t.pool.value),
        )?;
        let mine = results(t.pool, &faces)?;
        log_plus_one(steps, &a.name, t.pool, &faces);
        ex.attack_faces = faces;
        let opposing = t.reaction.opposing_pool();
        let theirs = if opposing.dice > 0 {
            let faces = roll_pool(
                steps,
                opposing,
                &odds,
                format!("{} reacts against {}", t.target.name, opposing.value),
                react_msg(opposing),
            )?;
            let r = results(opposing, &faces)?;
            log_plus_one(steps, &t.target.name, opposing, &faces);
            ex.reaction_faces = faces;
            r
        } else {
            Vec::new()
        };
        let (stand_a, stand_b) = roll::standing(&mine, &theirs);
        for (r, s) in mine.iter().zip(&stand_a) {
            if *s {
                ex.hits.a += 1;
                on_target.push(Hit {
                    crit: matches!(r, D20Result::Crit(_)),
                    strike: self.spec.strike,
                });
            }
        }
        let standing_b = stand_b.iter().filter(|s| **s).count() as u32;
        match &t.reaction {
            ReactionSpec::Attack { strike, .. } => {
                ex.hits.b = standing_b;
                for (r, s) in theirs.iter().zip(&stand_b) {
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

    /// Resolves the hits on `who` (H4) and returns what he lost.
    fn take_hits(
        steps: &mut Steps<'_>,
        who: &Combatant,
        arm: i32,
        hits: &[Hit],
    ) -> Result<Tally, Pending> {
        let mut tally = Tally::default();
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
                            .option_message(
                                "save",
                                Message::new("warheim.option.crit_save"),
                                "the target saves as usual",
                            )
                            .option_message(
                                format!("{direct} T"),
                                Message::new("warheim.option.crit_direct").int("t", direct),
                                "1 + damage bonus, no save",
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
            if !save {
                continue;
            }
            let check = D20Save::new(hit.strike.strength, arm)?;
            let wants = steps.wants_odds();
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
                .odds_if(wants, || check.distribution().odds_lines()),
            )?;
            let face = faces.first().copied().unwrap_or(0);
            match check.evaluate(face)? {
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

    fn change(steps: &mut Steps<'_>, who: &Combatant, tally: &Tally) -> Change {
        let t_after = who.t - i32::try_from(tally.lost).unwrap_or(i32::MAX);
        let fall = fall(t_after, who.regeneration);
        let nerves_penalty = if fall == Fall::Standing && (tally.lost > 0 || tally.saved > 0) {
            let lost = i32::try_from(tally.lost).unwrap_or(i32::MAX);
            Some(lost + if who.beast && tally.lost > 0 { 3 } else { 0 })
        } else {
            None
        };
        if tally.hits > 0 {
            let state_key = match fall {
                Fall::Standing => "warheim.state.standing",
                Fall::Unconscious => "warheim.state.unconscious",
                Fall::Dead => "warheim.state.dead",
            };
            let rule = "H4";
            steps.log(
                LogStep::rule(
                    rule,
                    format!("{}: T {} -> {t_after}, {fall:?}", who.name, who.t),
                )
                .with_message(
                    Message::new("warheim.log.state")
                        .text("who", who.name.clone())
                        .int("before", who.t)
                        .int("after", t_after)
                        .key("state", state_key),
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
        let mut exchanges = Vec::new();
        let mut on_attacker = Vec::new();
        let mut per_target = Vec::new();
        for (index, t) in spec.targets.iter().enumerate() {
            let mut hits = Vec::new();
            let mut arm_bonus = 0;
            let mut ex =
                self.exchange(steps, index, t, &mut hits, &mut on_attacker, &mut arm_bonus)?;
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
        Ok(AttackOutcome { exchanges, changes })
    }
}
