//! Monte Carlo cross-checks of exact distributions, for tests.
//!
//! The exact distributions are computed by enumeration; these helpers
//! sample the mechanic itself (through [`crate::Dice`]) and check that every
//! observed frequency lies within a tolerance derived from the sample size.

use std::collections::BTreeMap;
use std::fmt::Debug;

use crate::Dist;

/// How many standard errors a frequency may stray from its probability.
/// At 5, a correct distribution fails a single outcome with odds of about
/// 1 in 1.7 million; the seeds are fixed, so tests are repeatable anyway.
pub const Z: f64 = 5.0;

/// The tolerance for an outcome of probability `p` over `samples` draws:
/// `Z` standard errors plus one count of slack.
pub fn tolerance(p: f64, samples: usize) -> f64 {
    let n = samples as f64;
    Z * (p * (1.0 - p) / n).sqrt() + 1.0 / n
}

/// Draws `samples` outcomes from `sample` and compares their frequencies
/// with `dist`. Returns a description of every outcome out of tolerance,
/// and of outcomes observed that `dist` says are impossible.
pub fn check<T, E: Debug>(
    dist: &Dist<T>,
    samples: usize,
    mut sample: impl FnMut() -> Result<T, E>,
) -> Result<(), String>
where
    T: Ord + Clone + Debug,
{
    let mut counts: BTreeMap<T, usize> = BTreeMap::new();
    for _ in 0..samples {
        let value = sample().map_err(|e| format!("sampling failed: {e:?}"))?;
        *counts.entry(value).or_insert(0) += 1;
    }
    let mut problems = Vec::new();
    for (value, &count) in &counts {
        if dist.prob_of(value) == 0.0 {
            problems.push(format!(
                "{value:?} observed {count} times but has probability 0"
            ));
        }
    }
    for (value, p) in dist.iter() {
        let observed = counts.get(value).copied().unwrap_or(0) as f64 / samples as f64;
        let allowed = tolerance(p, samples);
        if (observed - p).abs() > allowed {
            problems.push(format!(
                "{value:?}: exact {p:.6}, observed {observed:.6}, allowed deviation {allowed:.6}"
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}
