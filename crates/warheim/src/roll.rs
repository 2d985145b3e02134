//! Warheim rolls: the D20 test with a bonus on the result (Elite, Solo)
//! and opposed pools whose dice need not be alike, with exact odds.
//!
//! [`crate::d20::D20Test`] and [`crate::d20::OpposedRoll`] implement H1 and
//! H3 for pools of equal dice; Warheim also lets an Elite or Solo fighter
//! add 1 to a result, so one die of a pool may carry a bonus. Without a
//! bonus this module gives exactly what the dice crate gives (the tests
//! check it), and it delegates to `D20Test` for every plain die.

use crate::refusal::say;
use std::collections::BTreeMap;
use std::fmt;

use crate::d20::{D20Result, D20Test};
use feldherr_dice::{Die, Dist};
use serde::{Deserialize, Serialize};

use crate::WarheimError;

/// The level a crit compares at: above every modified roll (H3).
pub const CRIT_LEVEL: u32 = 1_000;
/// Most dice in one pool.
pub const MAX_POOL: u32 = 12;

/// The result of one face against `value`, with `bonus` added to the
/// result (H1; Elite and Solo +1, PH2). With no bonus this is
/// `D20Test::evaluate`.
pub fn evaluate(value: i32, bonus: i32, face: u32) -> Result<D20Result, WarheimError> {
    let test = D20Test::new(value)?;
    if bonus == 0 {
        return Ok(test.evaluate(face)?);
    }
    Die::D20.check_face(face, "D20 test")?;
    let excess = (value - 20).max(0);
    let roll = face as i32 + bonus + excess;
    Ok(if value > 20 {
        if roll >= 20 {
            D20Result::Crit(roll)
        } else {
            D20Result::Success(roll)
        }
    } else if roll < value {
        D20Result::Success(roll)
    } else if roll == value {
        D20Result::Crit(roll)
    } else {
        D20Result::Fail
    })
}

/// The level a result compares at in an opposed roll: 0 for a fail, the
/// modified roll for a success, [`CRIT_LEVEL`] for a crit.
pub fn level(result: D20Result) -> u32 {
    match result {
        D20Result::Fail => 0,
        D20Result::Success(m) => m.max(1).unsigned_abs(),
        D20Result::Crit(_) => CRIT_LEVEL,
    }
}

/// One side's dice: `dice` D20 against `value`. With `bonus` 1 the fighter
/// (Elite, or a Solo outside a group) may add 1 to the result of one die of
/// his choice once the dice are rolled (lines 275, 281; PH2): optional,
/// never on a natural crit. Odds before the roll leave the +1 out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pool {
    /// Number of dice.
    pub dice: u32,
    /// The modified value rolled against (H2).
    pub value: i32,
    /// 1 when the fighter may add 1 to a result (Elite, Solo), else 0.
    #[serde(default)]
    pub bonus: i32,
    /// The +1 is chosen after the roll, on a die the player picks. Pools
    /// saved before this was so (`false`) put it on the first die.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub after_roll: bool,
}

impl Pool {
    /// A checked pool; a bonus is chosen after the roll.
    pub fn new(dice: u32, value: i32, bonus: i32) -> Result<Self, WarheimError> {
        if dice > MAX_POOL {
            return Err(WarheimError::invalid_says(
                "pool dice",
                dice,
                say("pool_dice").int("max", MAX_POOL),
            ));
        }
        if !(0..=1).contains(&bonus) {
            return Err(WarheimError::invalid_says(
                "pool bonus",
                bonus,
                say("pool_bonus"),
            ));
        }
        D20Test::new(value)?;
        Ok(Self {
            dice,
            value,
            bonus,
            after_roll: bonus > 0,
        })
    }

    /// Checks a pool read from a saved game.
    pub fn check(self) -> Result<Self, WarheimError> {
        Pool::new(self.dice, self.value, self.bonus)?;
        Ok(self)
    }

    /// The bonus fixed on die `index` before rolling: only pools saved
    /// before the +1 was chosen after the roll have one (on the first die).
    fn fixed_bonus(self, index: usize) -> i32 {
        if index == 0 && !self.after_roll {
            self.bonus
        } else {
            0
        }
    }

    /// The results of rolled faces, before any +1 chosen after the roll.
    pub fn results(self, faces: &[u32]) -> Result<Vec<D20Result>, WarheimError> {
        self.results_with(faces, None)
    }

    /// The results of rolled faces with the +1 chosen on die `plus_one`.
    pub fn results_with(
        self,
        faces: &[u32],
        plus_one: Option<usize>,
    ) -> Result<Vec<D20Result>, WarheimError> {
        if faces.len() != self.dice as usize {
            return Err(WarheimError::invalid_says(
                "faces",
                faces.len(),
                say("pool_faces").int("dice", self.dice),
            ));
        }
        if let Some(i) = plus_one
            && (self.bonus == 0 || !self.after_roll || i >= faces.len())
        {
            return Err(WarheimError::invalid_says(
                "plus_one",
                i + 1,
                say("plus_one_die"),
            ));
        }
        faces
            .iter()
            .enumerate()
            .map(|(i, &f)| {
                let bonus = self.fixed_bonus(i) + i32::from(plus_one == Some(i));
                evaluate(self.value, bonus, f)
            })
            .collect()
    }

    /// The dice whose natural result is not a crit: where the +1 may go
    /// (it never turns a natural crit into a fail, PH2).
    pub fn plus_one_dice(self, faces: &[u32]) -> Vec<usize> {
        if self.bonus == 0 || !self.after_roll {
            return Vec::new();
        }
        faces
            .iter()
            .enumerate()
            .filter(|&(_, &f)| !matches!(evaluate(self.value, 0, f), Ok(D20Result::Crit(_))))
            .map(|(i, _)| i)
            .collect()
    }

    /// The dice of this pool as the odds see them before rolling.
    pub fn odds_dice(self, scores: bool) -> Vec<SideDie> {
        (0..self.dice as usize)
            .map(|i| SideDie {
                levels: level_dist(self.value, self.fixed_bonus(i)),
                scores,
            })
            .collect()
    }

    /// The dice of this pool once rolled (with the +1 placed, if any).
    pub fn rolled_dice(
        self,
        faces: &[u32],
        plus_one: Option<usize>,
        scores: bool,
    ) -> Result<Vec<SideDie>, WarheimError> {
        Ok(self
            .results_with(faces, plus_one)?
            .into_iter()
            .map(|r| SideDie::known(level(r), scores))
            .collect())
    }

    /// Odds of the number of successes (crits included), unopposed.
    pub fn successes(self) -> Dist<u32> {
        joint(&self.odds_dice(true), 0).map(|&(_, n)| n)
    }
}

fn level_dist(value: i32, bonus: i32) -> Dist<u32> {
    Die::D20
        .dist()
        .map(|&f| evaluate(value, bonus, f).map(level).unwrap_or(0))
}

/// One die of a side in an opposed roll: the odds of its level (certain
/// once rolled), and whether its success scores a hit (an attack die) or
/// only cancels (a dodge die).
#[derive(Debug, Clone, PartialEq)]
pub struct SideDie {
    /// Odds of the level it compares at ([`level`]).
    pub levels: Dist<u32>,
    /// Whether a standing success of it is a hit.
    pub scores: bool,
}

impl SideDie {
    /// A die already rolled, at `level`.
    pub fn known(level: u32, scores: bool) -> Self {
        Self {
            levels: Dist::certain(level),
            scores,
        }
    }
}

/// Odds of (best level, number of scoring dice above `threshold`).
fn joint(side: &[SideDie], threshold: u32) -> Dist<(u32, u32)> {
    side.iter().fold(Dist::certain((0, 0)), |acc, die| {
        acc.product(&die.levels, |&(max, count), &l| {
            (max.max(l), count + u32::from(die.scores && l > threshold))
        })
    })
}

fn best_levels(side: &[SideDie]) -> Vec<u32> {
    joint(side, 0)
        .iter()
        .map(|(&(m, _), _)| m)
        .collect::<std::collections::BTreeSet<u32>>()
        .into_iter()
        .collect()
}

/// Hits each side scores after cancelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Hits {
    /// Successes of side A left standing.
    pub a: u32,
    /// Successes of side B left standing.
    pub b: u32,
}

impl fmt::Display for Hits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} : {}", self.a, self.b)
    }
}

/// Which dice stand after an opposed roll (H3): a success stands exactly
/// when its level is above the best level of the other side. So equal
/// successes cancel, a crit cancels every non-crit, and crits on both
/// sides cancel everything.
pub fn standing(a: &[D20Result], b: &[D20Result]) -> (Vec<bool>, Vec<bool>) {
    let best = |r: &[D20Result]| r.iter().map(|&x| level(x)).max().unwrap_or(0);
    let (best_a, best_b) = (best(a), best(b));
    (
        a.iter().map(|&x| level(x) > best_b).collect(),
        b.iter().map(|&x| level(x) > best_a).collect(),
    )
}

/// Exact odds of the hits of an opposed roll of `a` against `b` (H3). A
/// pool of 0 dice opposes nothing: the other side's successes all stand.
pub fn opposed_odds(a: Pool, b: Pool) -> Dist<Hits> {
    opposed_sides(&a.odds_dice(true), &b.odds_dice(true))
}

/// Exact odds of the hits of an opposed roll between two sides whose dice
/// may differ, some of them already rolled (H3): what a prompt shows after
/// each roll of an exchange.
pub fn opposed_sides(a: &[SideDie], b: &[SideDie]) -> Dist<Hits> {
    // P(A's best = x, A's count above y) * P(B's best = y, B's count above
    // x), summed over the pairs of bests (x, y): the sides are independent.
    let by_best =
        |side: &[SideDie], thresholds: Vec<u32>| -> BTreeMap<u32, BTreeMap<u32, Vec<(u32, f64)>>> {
            thresholds
                .into_iter()
                .map(|t| {
                    let mut by: BTreeMap<u32, Vec<(u32, f64)>> = BTreeMap::new();
                    for (&(best, count), p) in joint(side, t).iter() {
                        by.entry(best).or_default().push((count, p));
                    }
                    (t, by)
                })
                .collect()
        };
    let joint_a = by_best(a, best_levels(b));
    let joint_b = by_best(b, best_levels(a));
    let mut weights = Vec::new();
    for (&max_b, ja) in &joint_a {
        for (&max_a, jb) in &joint_b {
            let (Some(counts_a), Some(counts_b)) = (ja.get(&max_a), jb.get(&max_b)) else {
                continue;
            };
            for &(hits_a, p) in counts_a {
                for &(hits_b, q) in counts_b {
                    weights.push((
                        Hits {
                            a: hits_a,
                            b: hits_b,
                        },
                        p * q,
                    ));
                }
            }
        }
    }
    Dist::from_weights(weights)
}
