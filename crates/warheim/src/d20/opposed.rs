//! Warheim opposed rolls of dice pools with cancelling (H3).

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::check_range;
use feldherr_dice::{DiceError, Die, Dist, RollRequest, Roller};

use super::{D20Result, D20Test};

/// Level that a crit compares at: above every modified roll.
const CRIT_LEVEL: u32 = 1_000;

/// One side's pool: how many D20 it rolls and the value it rolls against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    dice: u32,
    test: D20Test,
}

impl Pool {
    /// `dice` D20 against `value`.
    pub fn new(dice: u32, value: i32) -> Result<Self, DiceError> {
        check_range("pool dice", dice.into(), 0, 20, "0 to 20")?;
        Ok(Self {
            dice,
            test: D20Test::new(value)?,
        })
    }

    /// Number of dice.
    pub fn dice(self) -> u32 {
        self.dice
    }

    /// The value rolled against.
    pub fn value(self) -> i32 {
        self.test.value()
    }

    fn level(self, face: u32) -> Result<u32, DiceError> {
        Ok(match self.test.evaluate(face)? {
            D20Result::Fail => 0,
            D20Result::Success(m) => m.max(1).unsigned_abs(),
            D20Result::Crit(_) => CRIT_LEVEL,
        })
    }

    fn level_dist(self) -> Dist<u32> {
        Die::D20.dist().map(|&f| self.level(f).unwrap_or(0))
    }

    /// Odds of (highest level, number of successes above `threshold`).
    fn joint(self, threshold: u32) -> Dist<(u32, u32)> {
        let one = self.level_dist();
        (0..self.dice).fold(Dist::certain((0, 0)), |acc, _| {
            acc.product(&one, |&(max, count), &l| {
                (max.max(l), count + u32::from(l > threshold))
            })
        })
    }
}

/// Hits each side scores after cancelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct OpposedResult {
    /// Successes of side A left standing: hits on B.
    pub a_hits: u32,
    /// Successes of side B left standing: hits on A.
    pub b_hits: u32,
}

impl fmt::Display for OpposedResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "A hits {}, B hits {}", self.a_hits, self.b_hits)
    }
}

/// An opposed roll (H3): each side rolls its pool; a success is cancelled
/// by any opposing success with a higher modified roll, equal successes
/// cancel each other, a crit cancels every opposing non-crit success, and
/// crits on both sides cancel each other. What is left are hits.
///
/// So a success stands exactly when it beats the best opposing success.
///
/// ```
/// use feldherr_warheim::d20::{OpposedRoll, Pool};
/// // H3 example: hero 11 and 16 against 17, orc 12 against 15.
/// let duel = OpposedRoll::new(Pool::new(2, 17)?, Pool::new(1, 15)?);
/// let r = duel.evaluate(&[11, 16], &[12])?;
/// assert_eq!((r.a_hits, r.b_hits), (1, 0));
/// # Ok::<(), feldherr_dice::DiceError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpposedRoll {
    a: Pool,
    b: Pool,
}

impl OpposedRoll {
    /// Side A against side B.
    pub fn new(a: Pool, b: Pool) -> Self {
        Self { a, b }
    }

    /// The result of the rolled faces.
    pub fn evaluate(self, a_faces: &[u32], b_faces: &[u32]) -> Result<OpposedResult, DiceError> {
        RollRequest::new(self.a.dice as usize, Die::D20, "pool A").check(a_faces)?;
        RollRequest::new(self.b.dice as usize, Die::D20, "pool B").check(b_faces)?;
        let a = a_faces
            .iter()
            .map(|&f| self.a.level(f))
            .collect::<Result<Vec<_>, _>>()?;
        let b = b_faces
            .iter()
            .map(|&f| self.b.level(f))
            .collect::<Result<Vec<_>, _>>()?;
        let best_a = a.iter().copied().max().unwrap_or(0);
        let best_b = b.iter().copied().max().unwrap_or(0);
        let count =
            |levels: &[u32], above: u32| levels.iter().filter(|&&l| l > above).count() as u32;
        Ok(OpposedResult {
            a_hits: count(&a, best_b),
            b_hits: count(&b, best_a),
        })
    }

    /// Exact odds of every (hits by A, hits by B).
    pub fn distribution(self) -> Dist<OpposedResult> {
        let levels_a: Vec<u32> = self
            .a
            .joint(0)
            .map(|&(m, _)| m)
            .iter()
            .map(|(m, _)| *m)
            .collect();
        let levels_b: Vec<u32> = self
            .b
            .joint(0)
            .map(|&(m, _)| m)
            .iter()
            .map(|(m, _)| *m)
            .collect();
        let joint_a: BTreeMap<u32, Dist<(u32, u32)>> =
            levels_b.iter().map(|&t| (t, self.a.joint(t))).collect();
        let joint_b: BTreeMap<u32, Dist<(u32, u32)>> =
            levels_a.iter().map(|&t| (t, self.b.joint(t))).collect();
        let mut weights = Vec::new();
        for (&max_b, ja) in &joint_a {
            for (&max_a, jb) in &joint_b {
                for (&(ma, a_hits), p) in ja.iter() {
                    if ma != max_a {
                        continue;
                    }
                    for (&(mb, b_hits), q) in jb.iter() {
                        if mb == max_b {
                            weights.push((OpposedResult { a_hits, b_hits }, p * q));
                        }
                    }
                }
            }
        }
        Dist::from_weights(weights)
    }

    /// Rolls both pools (A first) and cancels.
    pub fn roll<R: Roller + ?Sized>(
        self,
        roller: &mut R,
        purpose: &str,
    ) -> Result<OpposedResult, R::Error> {
        let odds = if roller.wants_odds() {
            self.distribution().odds_lines()
        } else {
            Vec::new()
        };
        let a = roller.roll(
            RollRequest::new(self.a.dice as usize, Die::D20, format!("{purpose}: side A"))
                .rule("H3")
                .odds(odds.clone()),
        )?;
        let b = roller.roll(
            RollRequest::new(self.b.dice as usize, Die::D20, format!("{purpose}: side B"))
                .rule("H3")
                .odds(odds),
        )?;
        Ok(self.evaluate(&a, &b)?)
    }
}
