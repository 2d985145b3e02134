//! Keep the highest or lowest dice of a pool, in time polynomial in the
//! pool size (no roll is enumerated).

use crate::IntDist;
use crate::work::{W_BINOMIAL, W_ENTRY, W_KEEP, charge};

/// `k` of `n` identical dice kept, highest or lowest, each kept die adding
/// its score to the total.
///
/// The dice outcomes are walked from the kept end (highest first for
/// keep-highest). The state is (dice placed so far `j < k`, score sum of
/// them); at each outcome `c` more dice show it, with binomial weight
/// `C(n - j, c) r^c (1 - r)^(n - j - c)`, where `r` is the probability of
/// this outcome among the outcomes not yet walked. Once `j + c >= k` the
/// kept dice are known and the state finishes into the result. Work is
/// about `m k^3 / 6` times the score spread, for `m` outcomes
/// ([`KeepPool::cost`]).
#[derive(Debug, Clone)]
pub(crate) struct KeepPool<'a> {
    /// Distinct outcomes of one die with their probability and score, in
    /// the order they are walked (kept end first).
    pub outcomes: &'a [(f64, i64)],
    /// Dice in the pool.
    pub n: u32,
    /// Dice kept, `1 <= k <= n`.
    pub k: u32,
}

impl KeepPool<'_> {
    /// Work of [`KeepPool::distribution`] per outcome walked, before the
    /// state loops: its binomial rows and the tails summed from them.
    fn per_outcome(n: u32, k: u32) -> f64 {
        let (n, k) = (f64::from(n), f64::from(k));
        // rows j < k of at most n - j + 1 entries (the head and the
        // tail's terms, or the whole row)
        W_BINOMIAL * (k * (n + 1.0) - k * (k - 1.0) / 2.0)
    }

    /// Work of the state loops for one outcome when the outcomes walked
    /// before it spread over `spread` (`None` for the first outcome): the
    /// states `j` hold `j spread + 1` sums (one for `j = 0`).
    fn states(k: u32, spread: Option<f64>) -> f64 {
        let k = f64::from(k);
        let (finishing, updates) = match spread {
            None => (1.0, k),
            Some(s) => (
                1.0 + s * k * (k - 1.0) / 2.0 + (k - 1.0),
                k + s * (k - 1.0) * k * (k + 1.0) / 6.0 + k * (k - 1.0) / 2.0,
            ),
        };
        W_KEEP * (finishing + updates)
    }

    /// Estimated work in the units of [`crate::work`], an upper bound of
    /// what [`KeepPool::distribution`] does: `scores` are the scores of the
    /// outcomes in walk order (kept end first; a superset of the outcomes
    /// that occur gives an upper bound), mirrored loop by loop.
    pub fn estimate(scores: impl Iterator<Item = i64>, n: u32, k: u32) -> f64 {
        let mut work = W_ENTRY * (f64::from(n) + 1.0);
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for s in scores {
            let spread = (lo <= hi).then(|| (hi - lo) as f64);
            work += Self::per_outcome(n, k) + Self::states(k, spread) + 2.0 * W_ENTRY;
            lo = lo.min(s);
            hi = hi.max(s);
        }
        work
    }

    /// As [`KeepPool::estimate`] for `m` outcomes whose scores are known
    /// only to lie within `spread` of each other (every outcome after the
    /// first counted at the full spread).
    pub fn estimate_bound(m: f64, n: u32, k: u32, spread: f64) -> f64 {
        if m < 1.0 {
            return 0.0;
        }
        W_ENTRY * (f64::from(n) + 1.0)
            + m * (Self::per_outcome(n, k) + 2.0 * W_ENTRY)
            + Self::states(k, None)
            + (m - 1.0) * Self::states(k, Some(spread))
    }

    /// The distribution of the kept score sum.
    pub fn distribution(&self) -> IntDist {
        let n = self.n as usize;
        let k = self.k as usize;
        let Some(smin) = self.outcomes.iter().map(|o| o.1).min() else {
            return IntDist::from_dense(0, Vec::new());
        };
        let smax = self.outcomes.iter().map(|o| o.1).max().unwrap_or(smin);
        let span = (smax - smin) as usize;
        // Mass of each outcome and all after it, summed from the end so the
        // small tail masses keep their precision.
        charge(2.0 * W_ENTRY * self.outcomes.len() as f64);
        let mut rest = vec![0.0; self.outcomes.len() + 1];
        for t in (0..self.outcomes.len()).rev() {
            rest[t] = rest[t + 1] + self.outcomes[t].0;
        }
        let mut q: Vec<Vec<f64>> = (0..k).map(|j| vec![0.0; j * span + 1]).collect();
        q[0][0] = 1.0;
        let mut result = vec![0.0; k * span + 1];
        let mut rows: Vec<Vec<f64>> = vec![Vec::new(); k];
        let mut tails = vec![0.0; k];
        let mut full = Vec::new();
        // 1 / (c + 1): the binomial rows multiply instead of dividing.
        let inverses: Vec<f64> = (1..=n + 1).map(|c| 1.0 / c as f64).collect();
        charge(W_ENTRY * (n + 1) as f64);
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for (t, &(p, s)) in self.outcomes.iter().enumerate() {
            if p <= 0.0 || rest[t] <= 0.0 {
                continue;
            }
            let r = (p / rest[t]).min(1.0);
            let not_r = if t + 1 == self.outcomes.len() {
                0.0
            } else {
                (rest[t + 1] / rest[t]).clamp(0.0, 1.0)
            };
            // Ranges (in score sums) of the states before this outcome.
            let (old_lo, old_hi) = (lo, hi);
            lo = lo.min(s);
            hi = hi.max(s);
            let shift = (s - smin) as usize;
            let done = binomial_rows(n, r, not_r, &mut rows, &mut tails, &mut full, &inverses);
            charge(W_BINOMIAL * done as f64);
            let mut elements = 0usize;
            // Index range in q[j] of the states before this outcome.
            let state = |j: usize| -> Option<(usize, usize)> {
                if j == 0 {
                    Some((0, 1))
                } else if old_lo <= old_hi {
                    Some(range(j, old_lo, old_hi, smin))
                } else {
                    None
                }
            };
            // Finishing: c >= k - j of the remaining n - j dice show s.
            for (j, qj) in q.iter().enumerate() {
                let Some((a, b)) = state(j) else { continue };
                let tail = tails[j];
                if tail == 0.0 {
                    continue;
                }
                let dest = a + (k - j) * shift;
                elements += b - a;
                for (o, &x) in result[dest..dest + (b - a)].iter_mut().zip(&qj[a..b]) {
                    *o += x * tail;
                }
            }
            // Staying: j' = j + c < k dice placed, highest j' first so that
            // the sources q[j' - c] are still the old states.
            for jn in (0..k).rev() {
                let (split_lo, split_hi) = q.split_at_mut(jn);
                let dest = &mut split_hi[0];
                if let Some((a, b)) = state(jn) {
                    let w0 = rows[jn][0];
                    elements += b - a;
                    for x in &mut dest[a..b] {
                        *x *= w0;
                    }
                }
                #[expect(
                    clippy::needless_range_loop,
                    reason = "c picks rows[jn - c][c] and the shift c * shift, not one slice"
                )]
                for c in 1..=jn {
                    let j = jn - c;
                    let w = rows[j][c];
                    let Some((a, b)) = state(j) else { continue };
                    if w == 0.0 {
                        continue;
                    }
                    let off = a + c * shift;
                    elements += b - a;
                    for (o, &x) in dest[off..off + (b - a)].iter_mut().zip(&split_lo[j][a..b]) {
                        *o += x * w;
                    }
                }
            }
            charge(W_KEEP * elements as f64);
        }
        IntDist::from_dense(k as i64 * smin, result)
    }
}

/// Index range in `q[j]` of the score sums `j lo ..= j hi`.
fn range(j: usize, lo: i64, hi: i64, smin: i64) -> (usize, usize) {
    let j64 = j as i64;
    let a = (j64 * (lo - smin)) as usize;
    let b = (j64 * (hi - smin)) as usize + 1;
    (a, b)
}

/// The binomial heads and tails of the rows `j < k` (`rows.len()`): row
/// `j` is [`binomial_head`] for `n - j` dice and `need = k - j`. Row 0 is
/// computed; each further row follows from the one before without a
/// chain of dependent steps: `B(m - 1, c) = B(m, c) (m - c) / (m q)`, and
/// `P(B(m - 1) >= s - 1) = P(B(m) >= s) + q P(B(m - 1) = s - 1)` (a sum
/// of positive terms, so small tails keep their digits). Returns the
/// entries computed.
fn binomial_rows(
    n: usize,
    r: f64,
    q: f64,
    rows: &mut [Vec<f64>],
    tails: &mut [f64],
    full: &mut Vec<f64>,
    inverses: &[f64],
) -> usize {
    let k = rows.len();
    let Some((first, others)) = rows.split_first_mut() else {
        return 0;
    };
    let (tail, mut done) = binomial_head(n, r, q, k, first, full, inverses);
    tails[0] = tail;
    let derived = q > 0.0 && r > 0.0 && first.len() == k && done <= n + 1 && full.is_empty();
    if !derived {
        for (j, row) in others.iter_mut().enumerate() {
            let j = j + 1;
            let (tail, entries) = binomial_head(n - j, r, q, k - j, row, full, inverses);
            tails[j] = tail;
            done += entries;
        }
        return done;
    }
    let mut previous: &[f64] = first;
    for (j, row) in others.iter_mut().enumerate() {
        let j = j + 1;
        let m = (n - j + 1) as f64; // dice of the row before
        let need = k - j;
        let factor = 1.0 / (m * q);
        row.clear();
        row.extend(
            previous[..=need]
                .iter()
                .enumerate()
                .map(|(c, &b)| b * (m - c as f64) * factor),
        );
        // row[need] = B(n - j, need) is the term past the head.
        let past = row.pop().unwrap_or(0.0);
        tails[j] = tails[j - 1] + q * past;
        done += need + 1;
        previous = row;
    }
    done
}

/// The first `need` binomial probabilities `C(m, c) r^c q^(m - c)` (`c <
/// need`) into `head` and the tail `P(c >= need)`, with `q = 1 - r` given
/// separately (it is computed more precisely from the tail masses);
/// returns the tail and the entries computed (for the work count).
///
/// The head runs up from `q^m` by ratios (exact to rounding); the tail is
/// `1 - head` when the head is at most one half (no digits lost), else it
/// is summed from `c = need` upwards until its terms stop mattering, so a
/// tiny tail keeps its digits. Where `q^m` would underflow, the whole row
/// comes from [`binomial_row`], built from the mode outwards.
fn binomial_head(
    m: usize,
    r: f64,
    q: f64,
    need: usize,
    head: &mut Vec<f64>,
    full: &mut Vec<f64>,
    inverses: &[f64],
) -> (f64, usize) {
    head.clear();
    let last = need.min(m + 1);
    if q <= 0.0 {
        // Every remaining die shows this outcome.
        head.resize(last, 0.0);
        if need > m {
            head[m] = 1.0;
            return (0.0, last);
        }
        return (1.0, last);
    }
    if r <= 0.0 {
        head.resize(last, 0.0);
        head[0] = 1.0;
        return (0.0, last);
    }
    full.clear();
    let start = i32::try_from(m).map_or(0.0, |m| q.powi(m));
    if start < 1e-280 {
        binomial_row(m, r, q, full);
        head.extend_from_slice(&full[..last]);
        let tail = full.get(need..).map_or(0.0, |t| t.iter().sum());
        return (tail, m + 1);
    }
    let up = r / q;
    let mut x = start;
    let mut sum = 0.0;
    for (c, &inv) in inverses.iter().enumerate().take(last) {
        head.push(x);
        sum += x;
        x *= (m - c) as f64 * inv * up;
    }
    if need > m {
        return (0.0, last);
    }
    if sum <= 0.5 {
        return ((1.0 - sum).max(0.0), last);
    }
    // x is the term c = need now; past the mode the terms only shrink.
    let mode = (m + 1) as f64 * r;
    let mut tail = 0.0;
    let mut done = last;
    for (c, &inv) in inverses.iter().enumerate().take(m + 1).skip(need) {
        tail += x;
        done += 1;
        if x == 0.0 || (x < tail * 1e-17 && c as f64 > mode) {
            break;
        }
        x *= (m - c) as f64 * inv * up;
    }
    (tail, done)
}

/// The binomial probabilities `C(m, c) r^c q^(m - c)` for `c = 0..=m`, with
/// `q = 1 - r` given separately (it is computed more precisely from the
/// tail masses). Built outwards from the mode by ratios and normalised, so
/// no factorial or logarithm loses precision.
fn binomial_row(m: usize, r: f64, q: f64, row: &mut Vec<f64>) {
    row.clear();
    row.resize(m + 1, 0.0);
    if q <= 0.0 {
        row[m] = 1.0;
        return;
    }
    if r <= 0.0 {
        row[0] = 1.0;
        return;
    }
    let mode = (((m + 1) as f64 * r).floor() as usize).min(m);
    row[mode] = 1.0;
    let up = r / q;
    for c in mode..m {
        let next = row[c] * (m - c) as f64 / (c + 1) as f64 * up;
        if next < 1e-300 {
            break;
        }
        row[c + 1] = next;
    }
    let down = q / r;
    for c in (1..=mode).rev() {
        let next = row[c] * c as f64 / (m - c + 1) as f64 * down;
        if next < 1e-300 {
            break;
        }
        row[c - 1] = next;
    }
    let total: f64 = row.iter().sum();
    for x in row.iter_mut() {
        *x /= total;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomial_rows_are_exact() {
        let mut row = Vec::new();
        binomial_row(4, 0.5, 0.5, &mut row);
        let expected = [1.0, 4.0, 6.0, 4.0, 1.0].map(|x| x / 16.0);
        for (a, b) in row.iter().zip(expected) {
            assert!((a - b).abs() < 1e-16, "{a} vs {b}");
        }
        binomial_row(3, 1.0, 0.0, &mut row);
        assert_eq!(row, vec![0.0, 0.0, 0.0, 1.0]);
        binomial_row(2, 1.0 / 6.0, 5.0 / 6.0, &mut row);
        assert!((row[0] - 25.0 / 36.0).abs() < 1e-16);
        assert!((row[2] - 1.0 / 36.0).abs() < 1e-16);
    }
}
