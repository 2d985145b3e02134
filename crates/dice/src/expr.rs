//! Dice expressions like `2d6+3`, `4d6dl1`, `10d6>=4` or `d6c`, with exact
//! odds, costed before they run.

use std::fmt;

use crate::expr_node::{BinOp, Node, NodeKind, Plan, div_toward_zero, op_bounds, op_cost};
use crate::expr_parser::Parser;
use crate::{DiceError, Fraction, IntDist};

/// Most work an expression may take, estimated before it runs, in units of
/// about one multiply-add of a direct convolution (0.25 ns on one core of
/// the project's machine): every kind of operation (FFT butterflies, the
/// power recurrence, keep-pool updates, binomial rows, products, entries
/// built) is weighted by what it costs on that machine relative to that
/// (measured with `examples/cost_check.rs`; every kind lands between 0.13
/// and 0.25 ns per estimated unit). So an accepted expression answers
/// within about 1 second and a refused one would have taken more than
/// about half a second. [`DiceExpr::distribution_counted`] counts the work
/// really done, which the estimate bounds.
pub const WORK_BUDGET: u64 = 4_000_000_000;

/// Most entries (lowest to highest possible value) any part of an
/// expression may have: 2 million, 16 MB of probabilities.
pub const OUTCOME_BUDGET: u64 = 2_000_000;

/// Values must stay within plus or minus this (2^53, where `f64` still
/// holds every whole number).
const VALUE_LIMIT: i128 = 1 << 53;

/// A parsed dice expression.
///
/// The notation (case and spaces ignored):
///
/// | notation | meaning |
/// |---|---|
/// | `3`, `-2` | a number |
/// | `2d6`, `d20`, `d%`, `dF` | dice: `d%` is a D100, `dF` a Fudge die (-1, 0, +1) |
/// | `d{0,0,1,1,2,3}` | a die with these faces (repeats count twice) |
/// | `3d6r1`, `3d6r<3` | re-roll once each die that shows 1 (or below 3) |
/// | `d6!`, `d6!5` | exploding: the highest face rolls again and adds, at most 20 (here 5) extra dice; the last allowed one counts as rolled |
/// | `d6c`, `d6c5` | Confrontation's D6: a 6 rolls again and adds, a 1 is a fumble on the first die and on every re-roll (counts 0); at most 20 (5) re-rolls |
/// | `4d6kh3`, `2d20kl1`, `4d6dl1`, `4d6dh1` | keep the highest / lowest, drop the lowest / highest |
/// | `10d6>=4`, `3d20<12`, `>`, `<=`, `=` | count the dice that meet a target instead of adding them |
/// | `4d6kh3x6`, `d{0,0,1,1,2,3}x20` | the whole term rolled this often and added (after every other modifier) |
/// | `+ - * /`, `( )`, unary `-` | arithmetic; `/` divides whole numbers rounding towards zero |
///
/// Modifiers follow the dice in the order re-roll, explosion, keep/drop,
/// count, repeat. Every expression is costed before it runs: work over
/// [`WORK_BUDGET`] or a part with more than [`OUTCOME_BUDGET`] possible
/// values is refused with an error that names the part.
///
/// ```
/// use feldherr_dice::DiceExpr;
/// let e = DiceExpr::parse("2d6 + 3")?;
/// let d = e.distribution()?;
/// assert!((d.prob_of(10) - 6.0 / 36.0).abs() < 1e-15);
/// assert_eq!(e.exact_mean().unwrap().to_string(), "10");
/// let hits = DiceExpr::parse("10d6>=4")?.distribution()?;
/// assert!((hits.prob_of(10) - 0.5f64.powi(10)).abs() < 1e-15);
/// assert!(DiceExpr::parse("2x6").is_err());
/// assert!(DiceExpr::parse("1000d10000kh500")?.distribution().is_err());
/// # Ok::<(), feldherr_dice::DiceError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceExpr {
    text: String,
    /// The text without spaces, lower case: what node spans index (all
    /// ASCII once parsed, so characters and bytes agree).
    cleaned: String,
    root: Node,
}

impl DiceExpr {
    /// Parses `text`; errors say what is wrong and at which character.
    pub fn parse(text: &str) -> Result<Self, DiceError> {
        let cleaned: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .flat_map(char::to_lowercase)
            .collect();
        let (root, _) = Parser::new(&cleaned)
            .parse()
            .map_err(|(position, message)| DiceError::BadExpression {
                expression: text.trim().to_owned(),
                position,
                message,
            })?;
        Ok(Self {
            text: text.trim().to_owned(),
            cleaned,
            root,
        })
    }

    /// Estimated work of [`DiceExpr::distribution`] in multiply-adds, or the
    /// error it would refuse with.
    pub fn cost(&self) -> Result<u64, DiceError> {
        self.cost_within(WORK_BUDGET)
    }

    /// As [`DiceExpr::cost`] with another work budget (in multiply-adds),
    /// e.g. for a faster machine or a batch job that may take longer.
    pub fn cost_within(&self, budget: u64) -> Result<u64, DiceError> {
        let plan = self.plan(&self.root)?;
        if plan.cost > budget as f64 {
            return Err(DiceError::OverBudget {
                expression: self.text.clone(),
                part: plan.worst.0.to_owned(),
                work: plan.cost.ceil() as u64,
                part_work: (plan.worst.1.ceil() as u64).min(plan.cost.ceil() as u64),
                budget,
            });
        }
        Ok(plan.cost.ceil() as u64)
    }

    /// Exact odds of the value; refused (before any work) if over the
    /// budget, see [`DiceExpr::cost`].
    pub fn distribution(&self) -> Result<IntDist, DiceError> {
        self.distribution_within(WORK_BUDGET)
    }

    /// As [`DiceExpr::distribution`] with another work budget (in
    /// multiply-adds); see [`DiceExpr::cost_within`].
    pub fn distribution_within(&self, budget: u64) -> Result<IntDist, DiceError> {
        self.cost_within(budget)?;
        self.eval(&self.root)
    }

    /// As [`DiceExpr::distribution_within`], with the work the computation
    /// really did, counted operation by operation in the units of the
    /// budget. It never exceeds [`DiceExpr::cost_within`]'s estimate (the
    /// property tests check this on random expressions).
    pub fn distribution_counted(&self, budget: u64) -> Result<(IntDist, u64), DiceError> {
        self.cost_within(budget)?;
        crate::work::take();
        let dist = self.eval(&self.root)?;
        Ok((dist, crate::work::take().ceil() as u64))
    }

    /// The exact mean as a fraction, where every part allows it (sums,
    /// differences and products of dice and numbers, re-rolls, explosions,
    /// counts); `None` for keep/drop and division, whose mean the float
    /// [`IntDist::mean`] gives.
    pub fn exact_mean(&self) -> Option<Fraction> {
        exact_mean(&self.root)
    }

    /// The cleaned text of a node, for messages.
    fn text_of(&self, node: &Node) -> &str {
        self.cleaned
            .get(node.span.0..node.span.1)
            .unwrap_or_default()
    }

    fn value_error(&self, node: &Node, lo: i128, hi: i128) -> DiceError {
        DiceError::BadExpression {
            expression: self.text.clone(),
            position: node.span.0,
            message: format!(
                "'{}' can reach {}, beyond the limit of plus or minus {VALUE_LIMIT}",
                self.text_of(node),
                if hi > VALUE_LIMIT { hi } else { lo }
            ),
        }
    }

    fn plan<'a>(&'a self, node: &'a Node) -> Result<Plan<'a>, DiceError> {
        let plan = match &node.kind {
            NodeKind::Number(n) => Plan {
                lo: i128::from(*n),
                hi: i128::from(*n),
                cost: 1.0,
                worst: (self.text_of(node), 1.0),
            },
            NodeKind::Dice(term) => term.plan(self.text_of(node)),
            NodeKind::Neg(inner) => {
                let p = self.plan(inner)?;
                let own = crate::work::W_ENTRY * p.width();
                Plan {
                    lo: -p.hi,
                    hi: -p.lo,
                    cost: p.cost + own,
                    ..p
                }
            }
            NodeKind::Binary(op, a, b) => {
                let pa = self.plan(a)?;
                let pb = self.plan(b)?;
                let (lo, hi) = op_bounds(*op, (pa.lo, pa.hi), (pb.lo, pb.hi));
                let width = (hi - lo) as f64 + 1.0;
                let own = op_cost(*op, pa.width(), pb.width(), width);
                let mut worst = if pa.worst.1 >= pb.worst.1 {
                    pa.worst
                } else {
                    pb.worst
                };
                if own > worst.1 {
                    worst = (self.text_of(node), own);
                }
                Plan {
                    lo,
                    hi,
                    cost: pa.cost + pb.cost + own,
                    worst,
                }
            }
        };
        if plan.lo < -VALUE_LIMIT || plan.hi > VALUE_LIMIT {
            return Err(self.value_error(node, plan.lo, plan.hi));
        }
        // Children are planned first, so the first part over the limit is
        // the one named.
        if plan.width() > OUTCOME_BUDGET as f64 {
            return Err(DiceError::TooManyOutcomes {
                expression: self.text.clone(),
                part: self.text_of(node).to_owned(),
                outcomes: plan.width() as u64,
                limit: OUTCOME_BUDGET,
            });
        }
        Ok(plan)
    }

    fn eval(&self, node: &Node) -> Result<IntDist, DiceError> {
        Ok(match &node.kind {
            NodeKind::Number(n) => IntDist::certain(*n),
            NodeKind::Dice(term) => term.distribution(),
            NodeKind::Neg(inner) => self.eval(inner)?.neg(),
            NodeKind::Binary(op, a, b) => {
                let da = self.eval(a)?;
                let db = self.eval(b)?;
                match op {
                    // A number added moves the values; no convolution.
                    BinOp::Add if db.width() == 1 => da.plus_certain(&db, 1),
                    BinOp::Add if da.width() == 1 => db.plus_certain(&da, 1),
                    BinOp::Sub if db.width() == 1 => da.plus_certain(&db, -1),
                    BinOp::Add => da.add(&db),
                    BinOp::Sub => da.add(&db.neg()),
                    BinOp::Mul => da.product(&db, |x, y| x * y),
                    BinOp::Div => {
                        if db.prob_of(0) > 0.0 {
                            return Err(DiceError::BadExpression {
                                expression: self.text.clone(),
                                position: node.op_pos,
                                message: format!("the divisor '{}' can be 0", self.text_of(b)),
                            });
                        }
                        da.product(&db, div_toward_zero)
                    }
                }
            }
        })
    }
}

fn exact_mean(node: &Node) -> Option<Fraction> {
    match &node.kind {
        NodeKind::Number(n) => Some(Fraction::integer(*n)),
        NodeKind::Dice(term) => term.exact_mean(),
        NodeKind::Neg(inner) => Some(-exact_mean(inner)?),
        NodeKind::Binary(op, a, b) => {
            let (ma, mb) = (exact_mean(a)?, exact_mean(b)?);
            match op {
                BinOp::Add => ma.checked_add(mb),
                BinOp::Sub => ma.checked_add(-mb),
                // Independent operands: the mean of a product is the
                // product of the means.
                BinOp::Mul => ma.checked_mul(mb),
                BinOp::Div => None,
            }
        }
    }
}

impl fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}
