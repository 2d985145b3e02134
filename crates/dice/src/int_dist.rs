//! Dense distributions over integers: one probability per value from the
//! lowest to the highest possible value.

use serde::{Deserialize, Serialize};

use crate::convolution::convolve;
use crate::work::{W_ENTRY, W_PAIR, W_WINDOW, charge};
use crate::{Dist, OddsLine};

/// An exact distribution over integers, stored densely: `probs[i]` is the
/// probability of `offset + i`. The first and last entries are never zero
/// (except for the empty distribution).
///
/// This is what dice expressions evaluate to; sums of many dice stay fast
/// because adding two distributions is a convolution of two vectors (direct
/// for small ones, FFT for large ones) and `n` identical dice are one FFT
/// raised to the `n`-th power (repeated squaring for short results), with
/// the tiny probabilities at both ends from an exact recurrence. [`Dist`]
/// remains the type for non-integer outcomes.
///
/// ```
/// use feldherr_dice::IntDist;
/// let d6 = IntDist::uniform(1, 6);
/// let three = d6.sum_of_n(3);
/// assert_eq!((three.min(), three.max()), (Some(3), Some(18)));
/// assert!((three.prob_of(10) - 27.0 / 216.0).abs() < 1e-15);
/// assert!((three.total() - 1.0).abs() < 1e-15);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IntDist {
    offset: i64,
    probs: Vec<f64>,
}

impl IntDist {
    /// The value `value` with certainty.
    pub fn certain(value: i64) -> Self {
        Self {
            offset: value,
            probs: vec![1.0],
        }
    }

    /// Equal probability for every value from `low` to `high` (empty if
    /// `low > high`).
    pub fn uniform(low: i64, high: i64) -> Self {
        if low > high {
            return Self::from_dense(0, Vec::new());
        }
        let n = (high - low + 1) as usize;
        Self::from_dense(low, vec![1.0 / n as f64; n])
    }

    /// Builds a distribution from `(value, probability)` pairs; repeated
    /// values add up. The caller is responsible for the total being 1.
    pub fn from_weights(weights: impl IntoIterator<Item = (i64, f64)>) -> Self {
        let weights: Vec<(i64, f64)> = weights.into_iter().filter(|(_, p)| *p > 0.0).collect();
        charge(W_ENTRY * weights.len() as f64);
        let Some(low) = weights.iter().map(|(v, _)| *v).min() else {
            return Self::from_dense(0, Vec::new());
        };
        let high = weights.iter().map(|(v, _)| *v).max().unwrap_or(low);
        let mut probs = vec![0.0; (high - low + 1) as usize];
        charge(W_ENTRY * probs.len() as f64);
        for (v, p) in weights {
            probs[(v - low) as usize] += p;
        }
        Self::from_dense(low, probs)
    }

    /// The same outcomes as a map-based [`Dist`].
    pub fn from_dist(dist: &Dist<i64>) -> Self {
        Self::from_weights(dist.iter().map(|(v, p)| (*v, p)))
    }

    /// A distribution from its dense vector: `probs[i]` is the probability
    /// of `offset + i`; zeros at both ends are trimmed.
    pub(crate) fn from_dense(offset: i64, mut probs: Vec<f64>) -> Self {
        let lead = probs.iter().take_while(|p| **p <= 0.0).count();
        if lead == probs.len() {
            return Self {
                offset: 0,
                probs: Vec::new(),
            };
        }
        let trail = probs.iter().rev().take_while(|p| **p <= 0.0).count();
        probs.truncate(probs.len() - trail);
        if lead > 0 {
            probs.drain(..lead);
        }
        Self {
            offset: offset + lead as i64,
            probs,
        }
    }

    /// The dense vector and the value of its first entry.
    pub fn dense(&self) -> (i64, &[f64]) {
        (self.offset, &self.probs)
    }

    /// Probability of exactly `value`.
    pub fn prob_of(&self, value: i64) -> f64 {
        value
            .checked_sub(self.offset)
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| self.probs.get(i).copied())
            .unwrap_or(0.0)
    }

    /// Probability that `pred` holds.
    pub fn prob(&self, pred: impl Fn(i64) -> bool) -> f64 {
        self.iter().filter(|(v, _)| pred(*v)).map(|(_, p)| p).sum()
    }

    /// The lowest possible value, `None` if empty.
    pub fn min(&self) -> Option<i64> {
        (!self.probs.is_empty()).then_some(self.offset)
    }

    /// The highest possible value, `None` if empty.
    pub fn max(&self) -> Option<i64> {
        (!self.probs.is_empty()).then(|| self.offset + self.probs.len() as i64 - 1)
    }

    /// Sum of all probabilities (1 up to rounding).
    pub fn total(&self) -> f64 {
        self.probs.iter().sum()
    }

    /// The expected value, as a float (see [`crate::DiceExpr::exact_mean`] for the
    /// exact fraction of an expression).
    pub fn mean(&self) -> f64 {
        self.iter().map(|(v, p)| v as f64 * p).sum()
    }

    /// The possible values (probability above zero) with their
    /// probabilities, in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        self.probs
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0.0)
            .map(|(i, p)| (self.offset + i as i64, *p))
    }

    /// Number of possible values (probability above zero).
    pub fn len(&self) -> usize {
        self.probs.iter().filter(|p| **p > 0.0).count()
    }

    /// Whether there are no outcomes at all.
    pub fn is_empty(&self) -> bool {
        self.probs.is_empty()
    }

    /// Number of entries of the dense vector, lowest to highest value.
    pub fn width(&self) -> usize {
        self.probs.len()
    }

    /// Sum of two independent distributions.
    pub fn add(&self, other: &IntDist) -> IntDist {
        if self.is_empty() || other.is_empty() {
            return Self::from_dense(0, Vec::new());
        }
        Self::from_dense(
            self.offset + other.offset,
            convolve(&self.probs, &other.probs),
        )
    }

    /// `self + sign * other` for a distribution `other` of one entry (a
    /// number, or one value with its probability), moving `self` instead of
    /// convolving.
    pub(crate) fn plus_certain(mut self, other: &IntDist, sign: i64) -> IntDist {
        let (offset, probs) = other.dense();
        let p = probs.first().copied().unwrap_or(0.0);
        charge(W_ENTRY);
        if p != 1.0 {
            charge(W_ENTRY * self.probs.len() as f64);
            for x in &mut self.probs {
                *x *= p;
            }
        }
        self.offset += sign * offset;
        self
    }

    /// The negated values.
    pub fn neg(&self) -> IntDist {
        match self.max() {
            None => self.clone(),
            Some(max) => {
                charge(W_ENTRY * self.probs.len() as f64);
                let mut probs = self.probs.clone();
                probs.reverse();
                Self::from_dense(-max, probs)
            }
        }
    }

    /// Every value moved by `delta`.
    pub fn shift(&self, delta: i64) -> IntDist {
        charge(W_ENTRY * self.probs.len() as f64);
        Self {
            offset: self.offset + delta,
            probs: self.probs.clone(),
        }
    }

    /// Sum of `n` independent copies (`n = 0` gives certainly 0): by
    /// repeated squaring for short results, else by one FFT raised to the
    /// `n`-th power, with the ends (the tiny probabilities) from an exact
    /// recurrence; dice of three faces or fewer (and success counts) by the
    /// recurrence alone.
    pub fn sum_of_n(&self, n: u32) -> IntDist {
        if n == 0 {
            return Self::certain(0);
        }
        if self.is_empty() {
            return self.clone();
        }
        Self::from_dense(
            self.offset * i64::from(n),
            crate::power::power(&self.probs, n),
        )
    }

    /// Estimated work of [`IntDist::sum_of_n`] for a distribution of
    /// `width` entries, in the units of the budget: that of the method it
    /// takes.
    pub(crate) fn sum_of_n_cost(width: usize, n: u32) -> f64 {
        W_ENTRY * width as f64 + crate::power::power_cost(width, n)
    }

    /// Sum of `n` dice with faces `low..=high`, all equally likely, by `n`
    /// moving-window sums: `O(n^2 (high - low))`. Every step's
    /// distribution is symmetric, so only its left half is computed (from
    /// prefix sums, which add small to small and keep every entry's
    /// relative precision) and the right half is its mirror image.
    pub fn sum_of_uniform(n: u32, low: i64, high: i64) -> IntDist {
        if n == 0 || low > high {
            return Self::certain(0);
        }
        let s = (high - low + 1) as usize;
        let p = 1.0 / s as f64;
        let mut cur = vec![p; s];
        let mut next: Vec<f64> = Vec::new();
        let mut prefix: Vec<f64> = Vec::new();
        for _ in 1..n {
            let width = cur.len() + s - 1;
            charge(W_WINDOW * width as f64);
            // Entries 0..=half of the next step need cur[..=half].
            let half = (width - 1) / 2;
            let used = (half + 1).min(cur.len());
            // prefix[i] = sum of cur[..i]
            prefix.clear();
            prefix.push(0.0);
            let mut acc = 0.0;
            for &x in &cur[..used] {
                acc += x;
                prefix.push(acc);
            }
            next.clear();
            next.resize(width, 0.0);
            for (x, o) in next.iter_mut().enumerate().take(half + 1) {
                // window cur[x + 1 - s ..= x], clipped
                let hi = (x + 1).min(used);
                let lo = (x + 1).saturating_sub(s);
                *o = (prefix[hi] - prefix[lo]) * p;
            }
            let (left, right) = next.split_at_mut(half + 1);
            for (o, &x) in right.iter_mut().zip(left.iter().rev().skip(width % 2)) {
                *o = x;
            }
            std::mem::swap(&mut cur, &mut next);
        }
        Self::from_dense(i64::from(n) * low, cur)
    }

    /// Estimated work of [`IntDist::sum_of_uniform`].
    /// Step `i` (from 2 to `n`) writes `i (sides - 1) + 1` entries, each
    /// a few dependent scalar additions ([`crate::work::W_WINDOW`]).
    pub(crate) fn sum_of_uniform_cost(n: u32, sides: usize) -> f64 {
        if n < 2 {
            return W_WINDOW;
        }
        let n = f64::from(n);
        let entries = (sides as f64 - 1.0) * (n * (n + 1.0) / 2.0 - 1.0) + (n - 1.0);
        W_WINDOW * entries
    }

    /// Applies `f` to every value (values that map together add up).
    pub fn map(&self, f: impl Fn(i64) -> i64) -> IntDist {
        charge(W_ENTRY * self.probs.len() as f64);
        Self::from_weights(self.iter().map(|(v, p)| (f(v), p)))
    }

    /// Combines two independent distributions value by value. The result
    /// is accumulated densely (one pass for its range, one to add up), so
    /// no list of all pairs is built.
    pub fn product(&self, other: &IntDist, f: impl Fn(i64, i64) -> i64) -> IntDist {
        charge(W_PAIR * self.len() as f64 * other.len() as f64);
        let (mut low, mut high) = (i64::MAX, i64::MIN);
        for (a, _) in self.iter() {
            for (b, _) in other.iter() {
                let v = f(a, b);
                low = low.min(v);
                high = high.max(v);
            }
        }
        if low > high {
            return Self::from_dense(0, Vec::new());
        }
        let mut probs = vec![0.0; (high - low + 1) as usize];
        charge(W_ENTRY * probs.len() as f64);
        for (a, p) in self.iter() {
            for (b, q) in other.iter() {
                probs[(f(a, b) - low) as usize] += p * q;
            }
        }
        Self::from_dense(low, probs)
    }

    /// The same outcomes as a map-based [`Dist`].
    pub fn to_dist(&self) -> Dist<i64> {
        Dist::from_weights(self.iter())
    }

    /// The odds as labelled lines, for prompts and charts.
    pub fn odds_lines(&self) -> Vec<OddsLine> {
        self.iter()
            .map(|(v, p)| OddsLine {
                label: v.to_string(),
                probability: p,
            })
            .collect()
    }

    /// The value at cumulative probability `u` in `[0, 1)`; used to sample.
    pub fn quantile(&self, u: f64) -> Option<i64> {
        let mut acc = 0.0;
        let mut last = None;
        for (v, p) in self.iter() {
            acc += p;
            last = Some(v);
            if u < acc {
                return Some(v);
            }
        }
        last
    }
}
