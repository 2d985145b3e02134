//! The expression tree of dice notation: bounds and cost of every part
//! before anything runs, then the exact distribution.

use crate::convolution::convolve_cost;
use crate::keep_pool::KeepPool;
use crate::work::{W_ENTRY, W_PAIR, charge};
use crate::{Fraction, IntDist, OUTCOME_BUDGET};

/// One node of the tree with the text it was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Node {
    pub kind: NodeKind,
    /// Characters `start..end` of the cleaned text.
    pub span: (usize, usize),
    /// Position of the operator (for binary and unary nodes) or the start.
    pub op_pos: usize,
}

/// What a node computes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum NodeKind {
    Number(i64),
    Dice(DiceTerm),
    Neg(Box<Node>),
    Binary(BinOp, Box<Node>, Box<Node>),
}

/// A binary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    /// Integer division rounding towards zero.
    Div,
}

/// `N` dice of one kind with their modifiers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DiceTerm {
    pub count: u32,
    pub faces: Faces,
    /// Re-roll once the faces that match.
    pub reroll: Option<Compare>,
    pub explode: Option<Explode>,
    pub keep: Keep,
    /// Count the (kept) dice that match instead of adding them.
    pub count_if: Option<Compare>,
    /// The whole term rolled this many times and added (`x20`); 1 without.
    pub repeat: u32,
}

/// The faces of one die, all equally likely.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Faces {
    /// `1..=sides`.
    Standard(u32),
    /// -1, 0, +1.
    Fudge,
    /// The listed values (repeats count twice).
    Custom(Vec<i64>),
}

/// How a die explodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Explode {
    /// The highest face rolls again and adds, at most `depth` extra dice;
    /// the last allowed extra die counts as rolled.
    OnMax { depth: u32 },
    /// Confrontation's D6: a 6 rolls again and adds; a 1 is a fumble,
    /// on the first die and on every re-roll; a fumble counts 0.
    Confrontation { depth: u32 },
}

/// Which dice of a pool count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Keep {
    All,
    Highest(u32),
    Lowest(u32),
}

/// A comparison against a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Compare {
    pub op: CompareOp,
    pub value: i64,
}

/// The comparison operators of the notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CompareOp {
    AtLeast,
    AtMost,
    Above,
    Below,
    Equal,
}

impl Compare {
    pub fn matches(self, v: i64) -> bool {
        match self.op {
            CompareOp::AtLeast => v >= self.value,
            CompareOp::AtMost => v <= self.value,
            CompareOp::Above => v > self.value,
            CompareOp::Below => v < self.value,
            CompareOp::Equal => v == self.value,
        }
    }
}

/// What planning found out about a node before running it.
#[derive(Debug, Clone)]
pub(crate) struct Plan<'a> {
    /// Lowest and highest possible value (may be loose, never too tight).
    pub lo: i128,
    pub hi: i128,
    /// Total estimated work of the node and everything below it.
    pub cost: f64,
    /// The single part with the largest own cost, with that cost.
    pub worst: (&'a str, f64),
}

impl Plan<'_> {
    pub fn width(&self) -> f64 {
        (self.hi - self.lo) as f64 + 1.0
    }
}

/// Probabilities of the distinct faces of a die, before modifiers.
fn face_weights(faces: &Faces) -> Vec<(i64, f64)> {
    charge(W_ENTRY * face_range(faces).2 as f64);
    match faces {
        Faces::Standard(s) => {
            let p = 1.0 / f64::from(*s);
            (1..=i64::from(*s)).map(|v| (v, p)).collect()
        }
        Faces::Fudge => vec![(-1, 1.0 / 3.0), (0, 1.0 / 3.0), (1, 1.0 / 3.0)],
        Faces::Custom(list) => {
            let p = 1.0 / list.len() as f64;
            list.iter().map(|&v| (v, p)).collect()
        }
    }
}

/// Lowest, highest face and number of faces.
fn face_range(faces: &Faces) -> (i64, i64, usize) {
    match faces {
        Faces::Standard(s) => (1, i64::from(*s), *s as usize),
        Faces::Fudge => (-1, 1, 3),
        Faces::Custom(list) => (
            list.iter().copied().min().unwrap_or(0),
            list.iter().copied().max().unwrap_or(0),
            list.len(),
        ),
    }
}

/// Exact probability of every face as a fraction, with re-roll applied.
fn exact_face_probs(term: &DiceTerm) -> Option<Vec<(i64, Fraction)>> {
    let faces: Vec<i64> = match &term.faces {
        Faces::Standard(s) => (1..=i64::from(*s)).collect(),
        Faces::Fudge => vec![-1, 0, 1],
        Faces::Custom(list) => list.clone(),
    };
    let n = faces.len() as i128;
    let one = Fraction::new(1, n)?;
    let matched = match term.reroll {
        None => 0,
        Some(cmp) => faces.iter().filter(|&&f| cmp.matches(f)).count() as i128,
    };
    let again = Fraction::new(matched, n * n)?;
    faces
        .iter()
        .map(|&f| {
            let keep = term.reroll.is_none_or(|cmp| !cmp.matches(f));
            let p = if keep { one.checked_add(again)? } else { again };
            Some((f, p))
        })
        .collect()
}

impl DiceTerm {
    /// Bounds of one die after re-roll and explosion, and the width of its
    /// dense distribution.
    fn die_bounds(&self) -> (i128, i128) {
        let (lo, hi, _) = face_range(&self.faces);
        let (lo, hi) = (i128::from(lo), i128::from(hi));
        match self.explode {
            None => (lo, hi),
            Some(Explode::Confrontation { depth }) => (0, 6 * (i128::from(depth) + 1)),
            Some(Explode::OnMax { depth }) => {
                // k explosions of the top face, then any face.
                let mut bounds = (lo, hi);
                for k in 0..=i128::from(depth) {
                    bounds.0 = bounds.0.min(k * hi + lo);
                    bounds.1 = bounds.1.max(k * hi + hi);
                }
                bounds
            }
        }
    }

    /// Work of building one die's distribution ([`DiceTerm::die`]), an
    /// upper bound of what it charges: the faces, the re-roll, the dense
    /// die, and per explosion step a shift and a rebuild of the chain.
    fn die_cost(&self) -> f64 {
        let (lo, hi, n) = face_range(&self.faces);
        let (n, w0) = (n as f64, (hi - lo) as f64 + 1.0);
        let (dlo, dhi) = self.die_bounds();
        let width = (dhi - dlo) as f64 + 1.0;
        let base = W_ENTRY * (9.0 * n + w0);
        let chain = match self.explode {
            None => 0.0,
            Some(Explode::OnMax { depth } | Explode::Confrontation { depth }) => {
                W_ENTRY * (3.0 * w0 + 10.0 + f64::from(depth) * (3.0 * width + w0 + 4.0))
                    + W_ENTRY * 2.0 * (width + 1.0)
            }
        };
        base + chain
    }

    /// The scores of the die's possible outcomes in the order a keep pool
    /// walks them (kept end first): the faces of a custom die, else every
    /// value within the die's bounds (a superset for exploding dice, which
    /// bounds the work from above). Only called for dice of at most
    /// [`OUTCOME_BUDGET`] values.
    fn walk(&self) -> Vec<i64> {
        let (dlo, dhi) = self.die_bounds();
        let mut values: Vec<i64> = match (&self.faces, self.explode) {
            (Faces::Custom(list), None) => {
                let mut v = list.clone();
                v.sort_unstable();
                v.dedup();
                v
            }
            _ => (dlo as i64..=dhi as i64).collect(),
        };
        if matches!(self.keep, Keep::Highest(_)) {
            values.reverse();
        }
        match self.count_if {
            Some(cmp) => values
                .into_iter()
                .map(|v| i64::from(cmp.matches(v)))
                .collect(),
            None => values,
        }
    }

    fn kept(&self) -> u32 {
        match self.keep {
            Keep::All => self.count,
            Keep::Highest(k) | Keep::Lowest(k) => k,
        }
    }

    pub fn plan<'a>(&self, text: &'a str) -> Plan<'a> {
        let (dlo, dhi) = self.die_bounds();
        let die_width = (dhi - dlo) as f64 + 1.0;
        let (slo, shi) = if self.count_if.is_some() {
            (0, 1)
        } else {
            (dlo, dhi)
        };
        let k = self.kept();
        let n = self.count;
        let score_width = (shi - slo) as usize + 1;
        let mut cost = self.die_cost();
        if k == n && self.is_plain_uniform() {
            cost += IntDist::sum_of_n_cost(score_width, n)
                .min(IntDist::sum_of_uniform_cost(n, score_width));
        } else if k == n {
            if self.count_if.is_some() {
                // die.map(score): the die's entries, then the two scores.
                cost += W_ENTRY * (2.0 * die_width + 2.0);
            }
            cost += IntDist::sum_of_n_cost(score_width, n);
        } else if k == 1 && self.count_if.is_none() {
            cost += 2.0 * W_ENTRY * die_width;
        } else if let (Faces::Standard(sides), None, None) =
            (&self.faces, self.explode, self.count_if)
        {
            // The walk of plain dice without building it: the estimate
            // sees only how far the scores walked spread, the same upwards
            // or downwards.
            cost += W_ENTRY * die_width + KeepPool::estimate(1..=i64::from(*sides), n, k);
        } else if die_width <= OUTCOME_BUDGET as f64 {
            cost += W_ENTRY * die_width + KeepPool::estimate(self.walk().into_iter(), n, k);
        } else {
            cost +=
                W_ENTRY * die_width + KeepPool::estimate_bound(die_width, n, k, (shi - slo) as f64);
        }
        let mut lo = i128::from(k) * slo;
        let mut hi = i128::from(k) * shi;
        if self.repeat > 1 {
            let width = (hi - lo).min(i128::from(u32::MAX)) as usize + 1;
            cost += IntDist::sum_of_n_cost(width, self.repeat);
            lo *= i128::from(self.repeat);
            hi *= i128::from(self.repeat);
        }
        Plan {
            lo,
            hi,
            cost,
            worst: (text, cost),
        }
    }

    /// The distribution of one die after re-roll and explosion.
    fn die(&self) -> IntDist {
        let mut weights = face_weights(&self.faces);
        if let Some(cmp) = self.reroll {
            let matched: f64 = weights
                .iter()
                .filter(|(v, _)| cmp.matches(*v))
                .map(|(_, p)| p)
                .sum();
            let again: Vec<(i64, f64)> = weights.iter().map(|&(v, p)| (v, p * matched)).collect();
            weights.retain(|(v, _)| !cmp.matches(*v));
            weights.extend(again);
        }
        charge(3.0 * W_ENTRY * weights.len() as f64);
        let base = IntDist::from_weights(weights);
        match self.explode {
            None => base,
            Some(Explode::OnMax { depth }) => {
                let Some(top) = base.max() else { return base };
                let p_top = base.prob_of(top);
                let rest = IntDist::from_weights(base.iter().filter(|&(v, _)| v != top));
                charge(W_ENTRY * base.width() as f64);
                let mut chain = base.clone();
                for _ in 0..depth {
                    let exploded = chain.shift(top);
                    chain = IntDist::from_weights(
                        rest.iter()
                            .chain(exploded.iter().map(|(v, p)| (v, p * p_top))),
                    );
                }
                chain
            }
            Some(Explode::Confrontation { depth }) => {
                // Fumble mass kept apart; the last allowed die counts as
                // rolled (a 6 is 6, a 1 still fumbles).
                let sixth = 1.0 / 6.0;
                let mut fumble = sixth;
                let mut chain = IntDist::from_weights((2..=6).map(|v| (v, sixth)));
                for _ in 0..depth {
                    let exploded = chain.shift(6);
                    chain = IntDist::from_weights(
                        (2..=5)
                            .map(|v| (v, sixth))
                            .chain(exploded.iter().map(|(v, p)| (v, p * sixth))),
                    );
                    fumble = sixth + sixth * fumble;
                }
                IntDist::from_weights(chain.iter().chain(std::iter::once((0, fumble))))
            }
        }
    }

    /// Plain dice `1..=S` or `dF`, summed: the moving-window sum applies.
    fn is_plain_uniform(&self) -> bool {
        matches!(self.faces, Faces::Standard(_) | Faces::Fudge)
            && self.reroll.is_none()
            && self.explode.is_none()
            && self.count_if.is_none()
            && self.kept() == self.count
    }

    pub fn distribution(&self) -> IntDist {
        let once = self.distribution_once();
        if self.repeat > 1 {
            once.sum_of_n(self.repeat)
        } else {
            once
        }
    }

    /// The distribution of one roll of the term (without `x`).
    fn distribution_once(&self) -> IntDist {
        if let (Keep::Highest(1) | Keep::Lowest(1), Faces::Standard(sides), None, None, None) = (
            self.keep,
            &self.faces,
            self.reroll,
            self.explode,
            self.count_if,
        ) {
            // The highest or lowest of plain dice: no die to build.
            return extreme_of_uniform(self.count, *sides, matches!(self.keep, Keep::Highest(_)));
        }
        if self.is_plain_uniform() {
            let (lo, hi, sides) = face_range(&self.faces);
            if IntDist::sum_of_uniform_cost(self.count, sides)
                < IntDist::sum_of_n_cost(sides, self.count)
            {
                return IntDist::sum_of_uniform(self.count, lo, hi);
            }
        }
        let k = self.kept();
        let n = self.count;
        let highest = matches!(self.keep, Keep::Highest(_));
        if let (Faces::Standard(sides), None, None, None) =
            (&self.faces, self.reroll, self.explode, self.count_if)
            && 1 < k
            && k < n
        {
            // A pool of plain dice: its outcomes without building the die.
            let sides = i64::from(*sides);
            let p = 1.0 / sides as f64;
            charge(W_ENTRY * sides as f64);
            let outcomes: Vec<(f64, i64)> = if highest {
                (1..=sides).rev().map(|v| (p, v)).collect()
            } else {
                (1..=sides).map(|v| (p, v)).collect()
            };
            return KeepPool {
                outcomes: &outcomes,
                n,
                k,
            }
            .distribution();
        }
        let die = self.die();
        let score = |v: i64| match self.count_if {
            Some(cmp) => i64::from(cmp.matches(v)),
            None => v,
        };
        if k == n {
            let per_die = match self.count_if {
                Some(_) => die.map(score),
                None => die,
            };
            return per_die.sum_of_n(n);
        }
        if k == 1 && self.count_if.is_none() {
            return extreme_of(&die, n, highest);
        }
        charge(W_ENTRY * die.width() as f64);
        let mut outcomes: Vec<(f64, i64)> = die.iter().map(|(v, p)| (p, score(v))).collect();
        // Walk from the kept end: ties in score keep the die order, which
        // is the order of the underlying values.
        if highest {
            outcomes.reverse();
        }
        KeepPool {
            outcomes: &outcomes,
            n,
            k,
        }
        .distribution()
    }

    /// The exact mean of the term, where it is a simple fraction.
    pub fn exact_mean(&self) -> Option<Fraction> {
        if self.kept() != self.count {
            return None;
        }
        let probs = exact_face_probs(self)?;
        let per_die = match (self.explode, self.count_if) {
            (None, None) => probs
                .iter()
                .try_fold(Fraction::integer(0), |acc, &(f, p)| {
                    acc.checked_add(p.checked_mul(Fraction::integer(f))?)
                })?,
            (None, Some(cmp)) => probs
                .iter()
                .filter(|(f, _)| cmp.matches(*f))
                .try_fold(Fraction::integer(0), |acc, &(_, p)| acc.checked_add(p))?,
            (Some(_), Some(_)) => return None,
            (Some(Explode::OnMax { depth }), None) => {
                let top = probs.iter().map(|(f, _)| *f).max()?;
                let p_top = probs
                    .iter()
                    .filter(|(f, _)| *f == top)
                    .try_fold(Fraction::integer(0), |acc, &(_, p)| acc.checked_add(p))?;
                let once = probs
                    .iter()
                    .try_fold(Fraction::integer(0), |acc, &(f, p)| {
                        acc.checked_add(p.checked_mul(Fraction::integer(f))?)
                    })?;
                // mu_d = once + p_top * mu_(d-1)
                let mut mu = once;
                for _ in 0..depth {
                    mu = once.checked_add(p_top.checked_mul(mu)?)?;
                }
                mu
            }
            (Some(Explode::Confrontation { depth }), None) => {
                let sixth = Fraction::new(1, 6)?;
                // phi: probability of a fumble, mu: mean (fumble = 0).
                let mut phi = sixth;
                let mut mu = Fraction::new(20, 6)?;
                for _ in 0..depth {
                    let survive = Fraction::integer(1).checked_add(-phi)?;
                    let six_part = Fraction::integer(6).checked_mul(survive)?.checked_add(mu)?;
                    mu = Fraction::new(14, 6)?.checked_add(sixth.checked_mul(six_part)?)?;
                    phi = sixth.checked_add(sixth.checked_mul(phi)?)?;
                }
                mu
            }
        };
        Fraction::integer(i64::from(self.count) * i64::from(self.repeat)).checked_mul(per_die)
    }
}

/// The highest (or lowest) of `n` dice, from powers of the cumulative
/// distribution: `P(max <= v) = F(v)^n`.
fn extreme_of(die: &IntDist, n: u32, highest: bool) -> IntDist {
    let (offset, probs) = die.dense();
    charge(2.0 * W_ENTRY * probs.len() as f64);
    let exp = n as i32;
    let mut out = vec![0.0; probs.len()];
    if highest {
        let mut below = 0.0;
        let mut prev = 0.0;
        for (o, &p) in out.iter_mut().zip(probs) {
            below += p;
            let now = below.min(1.0).powi(exp);
            *o = (now - prev).max(0.0);
            prev = now;
        }
    } else {
        let mut above = 0.0;
        let mut prev = 0.0;
        for (o, &p) in out.iter_mut().zip(probs).rev() {
            above += p;
            let now = above.min(1.0).powi(exp);
            *o = (now - prev).max(0.0);
            prev = now;
        }
    }
    IntDist::from_dense(offset, out)
}

/// [`extreme_of`] for `n` plain dice of `sides` faces, where `F(v)` is
/// `v / sides` and the lowest is the highest mirrored.
fn extreme_of_uniform(n: u32, sides: u32, highest: bool) -> IntDist {
    let s = sides as usize;
    charge(2.0 * W_ENTRY * s as f64);
    let exp = n as i32;
    let step = 1.0 / f64::from(sides);
    let mut out = vec![0.0; s];
    let mut prev = 0.0;
    for (v, o) in out.iter_mut().enumerate() {
        let now = ((v + 1) as f64 * step).min(1.0).powi(exp);
        *o = (now - prev).max(0.0);
        prev = now;
    }
    if !highest {
        out.reverse();
    }
    IntDist::from_dense(1, out)
}

/// Integer division rounding towards zero, as the notation defines it.
pub(crate) fn div_toward_zero(a: i64, b: i64) -> i64 {
    a / b
}

/// Bounds of `a op b` over the corners of both ranges (and divisors of
/// +-1, the largest quotients).
pub(crate) fn op_bounds(op: BinOp, a: (i128, i128), b: (i128, i128)) -> (i128, i128) {
    match op {
        BinOp::Add => (a.0 + b.0, a.1 + b.1),
        BinOp::Sub => (a.0 - b.1, a.1 - b.0),
        BinOp::Mul => {
            let c = [a.0 * b.0, a.0 * b.1, a.1 * b.0, a.1 * b.1];
            (
                c.iter().copied().min().unwrap_or(0),
                c.iter().copied().max().unwrap_or(0),
            )
        }
        BinOp::Div => {
            let mut divisors = vec![b.0, b.1];
            for d in [-1, 1] {
                if (b.0..=b.1).contains(&d) {
                    divisors.push(d);
                }
            }
            let q: Vec<i128> = divisors
                .iter()
                .filter(|&&d| d != 0)
                .flat_map(|&d| [a.0 / d, a.1 / d])
                .chain([0])
                .collect();
            (
                q.iter().copied().min().unwrap_or(0),
                q.iter().copied().max().unwrap_or(0),
            )
        }
    }
}

/// Work of `a op b` for operands of the given widths and result width.
pub(crate) fn op_cost(op: BinOp, a: f64, b: f64, out: f64) -> f64 {
    match op {
        BinOp::Add | BinOp::Sub => {
            convolve_cost(a.min(1e15) as usize, b.min(1e15) as usize) + W_ENTRY * (a + b)
        }
        BinOp::Mul | BinOp::Div => W_PAIR * a * b + W_ENTRY * out,
    }
}
