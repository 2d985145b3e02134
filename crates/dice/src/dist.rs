//! Exact discrete probability distributions.

use std::collections::BTreeMap;
use std::fmt::Display;

use serde::{Deserialize, Serialize};

use crate::{DiceError, Die};

/// Probabilities below this are dropped when a distribution is built;
/// far below the 1e-12 accuracy the crate promises.
const NEGLIGIBLE: f64 = 1e-300;

/// An exact discrete distribution over outcomes of type `T`.
///
/// Probabilities are `f64`, computed by enumeration (no sampling), so every
/// value is exact to rounding error (far better than 1e-12). Outcomes are kept
/// sorted.
///
/// ```
/// use feldherr_dice::{Die, Dist};
/// let two_d6 = Dist::sum_of(2, Die::D6);
/// assert!((two_d6.prob_of(&7) - 6.0 / 36.0).abs() < 1e-15);
/// let doubles_given_7 = Die::D6.dist().product(&Die::D6.dist(), |a, b| (a + b, a == b))
///     .given(|&(sum, _)| sum == 7).unwrap();
/// assert_eq!(doubles_given_7.prob(|&(_, double)| double), 0.0);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Dist<T: Ord> {
    outcomes: BTreeMap<T, f64>,
}

impl<T: Ord + Clone> Dist<T> {
    /// The outcome `value` with certainty.
    pub fn certain(value: T) -> Self {
        Self {
            outcomes: BTreeMap::from([(value, 1.0)]),
        }
    }

    /// Equal probability for every listed value (repeats add up).
    pub fn uniform(values: impl IntoIterator<Item = T>) -> Self {
        let values: Vec<T> = values.into_iter().collect();
        let p = 1.0 / values.len().max(1) as f64;
        Self::from_weights(values.into_iter().map(|v| (v, p)))
    }

    /// Builds a distribution from `(outcome, probability)` pairs; repeated
    /// outcomes add up. The caller is responsible for the total being 1.
    pub fn from_weights(weights: impl IntoIterator<Item = (T, f64)>) -> Self {
        let mut outcomes = BTreeMap::new();
        for (value, p) in weights {
            if p > NEGLIGIBLE {
                *outcomes.entry(value).or_insert(0.0) += p;
            }
        }
        Self { outcomes }
    }

    /// Probability of exactly `value`.
    pub fn prob_of(&self, value: &T) -> f64 {
        self.outcomes.get(value).copied().unwrap_or(0.0)
    }

    /// Probability that `pred` holds.
    pub fn prob(&self, pred: impl Fn(&T) -> bool) -> f64 {
        self.outcomes
            .iter()
            .filter(|(v, _)| pred(v))
            .map(|(_, p)| p)
            .sum()
    }

    /// Sum of all probabilities (1 up to rounding).
    pub fn total(&self) -> f64 {
        self.outcomes.values().sum()
    }

    /// The outcomes with their probabilities, in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = (&T, f64)> {
        self.outcomes.iter().map(|(v, p)| (v, *p))
    }

    /// Number of distinct outcomes.
    pub fn len(&self) -> usize {
        self.outcomes.len()
    }

    /// Whether there are no outcomes at all.
    pub fn is_empty(&self) -> bool {
        self.outcomes.is_empty()
    }

    /// Applies `f` to every outcome (outcomes that map together add up).
    pub fn map<U: Ord + Clone>(&self, f: impl Fn(&T) -> U) -> Dist<U> {
        Dist::from_weights(self.iter().map(|(v, p)| (f(v), p)))
    }

    /// Follows every outcome with a dependent distribution (monadic bind):
    /// the way to express "roll again if ...".
    pub fn and_then<U: Ord + Clone>(&self, f: impl Fn(&T) -> Dist<U>) -> Dist<U> {
        let mut outcomes: BTreeMap<U, f64> = BTreeMap::new();
        for (v, p) in self.iter() {
            for (u, q) in f(v).iter() {
                *outcomes.entry(u.clone()).or_insert(0.0) += p * q;
            }
        }
        Dist::from_weights(outcomes)
    }

    /// Combines two independent distributions outcome by outcome.
    pub fn product<U: Ord + Clone, V: Ord + Clone>(
        &self,
        other: &Dist<U>,
        f: impl Fn(&T, &U) -> V,
    ) -> Dist<V> {
        let mut outcomes: BTreeMap<V, f64> = BTreeMap::new();
        for (a, p) in self.iter() {
            for (b, q) in other.iter() {
                *outcomes.entry(f(a, b)).or_insert(0.0) += p * q;
            }
        }
        Dist::from_weights(outcomes)
    }

    /// The distribution conditioned on `pred`: "what are the odds of X given
    /// that Y happened". An impossible condition is an error.
    pub fn given(&self, pred: impl Fn(&T) -> bool) -> Result<Self, DiceError> {
        let mass = self.prob(&pred);
        if mass <= 0.0 {
            return Err(DiceError::ImpossibleCondition {
                condition: "given".to_owned(),
            });
        }
        Ok(Self::from_weights(
            self.iter()
                .filter(|(v, _)| pred(v))
                .map(|(v, p)| (v.clone(), p / mass)),
        ))
    }

    /// The odds as labelled lines, for prompts and charts.
    pub fn odds_lines(&self) -> Vec<OddsLine>
    where
        T: Display,
    {
        self.iter()
            .map(|(v, p)| OddsLine {
                label: v.to_string(),
                probability: p,
            })
            .collect()
    }

    /// The outcome at cumulative probability `u` in `[0, 1)`; used to sample.
    pub fn quantile(&self, u: f64) -> Option<&T> {
        let mut acc = 0.0;
        let mut last = None;
        for (v, p) in &self.outcomes {
            acc += p;
            last = Some(v);
            if u < acc {
                return Some(v);
            }
        }
        last
    }
}

impl<T: Ord + Clone + Into<f64>> Dist<T> {
    /// The expected value.
    pub fn mean(&self) -> f64 {
        self.iter().map(|(v, p)| v.clone().into() * p).sum()
    }
}

impl Dist<i64> {
    /// Sum of two independent distributions.
    pub fn add(&self, other: &Dist<i64>) -> Dist<i64> {
        self.product(other, |a, b| a + b)
    }
}

impl Dist<u32> {
    /// Sum of `n` dice (`n = 0` gives certainly 0), computed densely by
    /// repeated squaring ([`crate::IntDist::sum_of_n`]).
    pub fn sum_of(n: u32, die: Die) -> Dist<u32> {
        let sum = crate::IntDist::uniform(1, i64::from(die.sides())).sum_of_n(n);
        Dist::from_weights(
            sum.iter()
                .filter_map(|(v, p)| u32::try_from(v).ok().map(|v| (v, p))),
        )
    }

    /// The highest of `n` dice (`n = 0` gives certainly 0).
    pub fn max_of(n: u32, die: Die) -> Dist<u32> {
        let one = die.dist();
        (0..n).fold(Dist::certain(0), |acc, _| {
            acc.product(&one, |a, b| *a.max(b))
        })
    }

    /// The lowest of `n` dice (`n = 0` gives certainly 0).
    pub fn min_of(n: u32, die: Die) -> Dist<u32> {
        let one = die.dist();
        (0..n)
            .fold(Dist::certain(u32::MAX), |acc, _| {
                acc.product(&one, |a, b| *a.min(b))
            })
            .map(|&v| if v == u32::MAX { 0 } else { v })
    }
}

/// One line of odds: an outcome's label and its probability.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OddsLine {
    /// What the outcome is, in words or numbers.
    pub label: String,
    /// Its exact probability.
    pub probability: f64,
}
