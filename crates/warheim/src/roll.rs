//! Warheim rolls: the D20 test with a bonus on the result (Elite, Solo)
//! and opposed pools whose dice need not be alike, with exact odds.
//!
//! [`crate::d20::D20Test`] and [`crate::d20::OpposedRoll`] implement H1 and
//! H3 for pools of equal dice; Warheim also lets an Elite or Solo fighter
//! add 1 to a result, so one die of a pool may carry a bonus. Without a
//! bonus this module gives exactly what the dice crate gives (the tests
//! check it), and it delegates to `D20Test` for every plain die.

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

/// One side's dice: `dice` D20 against `value`; the first die carries
/// `bonus` on its result (an Elite or Solo +1 declared for this roll).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pool {
    /// Number of dice.
    pub dice: u32,
    /// The modified value rolled against (H2).
    pub value: i32,
    /// Added to the result of the first die (0 or 1).
    #[serde(default)]
    pub bonus: i32,
}

impl Pool {
    /// A checked pool.
    pub fn new(dice: u32, value: i32, bonus: i32) -> Result<Self, WarheimError> {
        if dice > MAX_POOL {
            return Err(WarheimError::invalid(
                "pool dice",
                dice,
                format!("a pool has 0 to {MAX_POOL} dice"),
            ));
        }
        if !(0..=1).contains(&bonus) {
            return Err(WarheimError::invalid("pool bonus", bonus, "must be 0 or 1"));
        }
        D20Test::new(value)?;
        Ok(Self { dice, value, bonus })
    }

    fn bonus_of(self, index: usize) -> i32 {
        if index == 0 { self.bonus } else { 0 }
    }

    /// The results of rolled faces.
    pub fn results(self, faces: &[u32]) -> Result<Vec<D20Result>, WarheimError> {
        if faces.len() != self.dice as usize {
            return Err(WarheimError::invalid(
                "faces",
                faces.len(),
                format!("the pool rolls {} dice", self.dice),
            ));
        }
        faces
            .iter()
            .enumerate()
            .map(|(i, &f)| evaluate(self.value, self.bonus_of(i), f))
            .collect()
    }

    fn level_dist(self, index: usize) -> Dist<u32> {
        let bonus = self.bonus_of(index);
        Die::D20
            .dist()
            .map(|&f| evaluate(self.value, bonus, f).map(level).unwrap_or(0))
    }

    /// Odds of (best level, number of dice above `threshold`).
    fn joint(self, threshold: u32) -> Dist<(u32, u32)> {
        (0..self.dice as usize).fold(Dist::certain((0, 0)), |acc, i| {
            acc.product(&self.level_dist(i), |&(max, count), &l| {
                (max.max(l), count + u32::from(l > threshold))
            })
        })
    }

    /// Odds of the number of successes (crits included), unopposed.
    pub fn successes(self) -> Dist<u32> {
        self.joint(0).map(|&(_, n)| n)
    }

    fn best_levels(self) -> Vec<u32> {
        self.joint(0)
            .iter()
            .map(|(&(m, _), _)| m)
            .collect::<std::collections::BTreeSet<u32>>()
            .into_iter()
            .collect()
    }
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
    // P(A's best = x, A's count above y) * P(B's best = y, B's count above
    // x), summed over the pairs of bests (x, y): the sides are independent.
    let by_best =
        |pool: Pool, thresholds: Vec<u32>| -> BTreeMap<u32, BTreeMap<u32, Vec<(u32, f64)>>> {
            thresholds
                .into_iter()
                .map(|t| {
                    let mut by: BTreeMap<u32, Vec<(u32, f64)>> = BTreeMap::new();
                    for (&(best, count), p) in pool.joint(t).iter() {
                        by.entry(best).or_default().push((count, p));
                    }
                    (t, by)
                })
                .collect()
        };
    let joint_a = by_best(a, b.best_levels());
    let joint_b = by_best(b, a.best_levels());
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
