//! Keep the highest or lowest dice of a pool, in time polynomial in the
//! pool size (no roll is enumerated).

use std::cell::RefCell;
use std::rc::Rc;

use crate::IntDist;
use crate::work::{W_BINOMIAL, W_ENTRY, W_KEEP, charge};

/// `k` of `n` identical dice kept, highest or lowest, each kept die adding
/// its score to the total.
///
/// The dice outcomes are walked from the kept end (highest first for
/// keep-highest). The state is (dice placed so far `j < k`, score sum of
/// them); at each outcome `c` more dice show it, and once `j + c >= k` the
/// kept dice are known and the state finishes into the result. Two
/// kernels do this walk: [`KeepPool::direct`] with unconditional weights
/// (pools of up to 1000 dice whose weights stay within range: every pool
/// the budget accepts in practice) and [`KeepPool::conditional`] with
/// conditional binomial rows (any size). Work is about `m k^3 / 6` times
/// the score spread, for `m` outcomes ([`KeepPool::estimate`]).
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

    /// Work of [`KeepPool::direct`] apart from its state loops, for `m`
    /// outcomes whose scores spread over `span`: the state rows and the
    /// result, and its finishing weights when they are not kept from
    /// before (at most `n + 2k + 1` terms per outcome).
    fn direct_fixed(m: f64, n: u32, k: u32, span: f64) -> f64 {
        let (n, k) = (f64::from(n), f64::from(k));
        let rows = k * (k - 1.0) / 2.0 * span + k;
        W_ENTRY * (rows + k * span + 1.0 + 2.0 * k)
            + W_ENTRY * (2.0 * m + 2.0 * k + n + 2.0 + m * k)
            + W_BINOMIAL * m * (n + 2.0 * k + 1.0)
    }

    /// Work of [`KeepPool::direct`]'s state loops for one outcome when
    /// the outcomes walked before it spread over `spread` (`None` for the
    /// first): row `j` (`j spread + 1` sums) feeds the result and the
    /// `k - 1 - j` rows above it.
    fn direct_states(k: u32, spread: Option<f64>) -> f64 {
        let k = f64::from(k);
        W_KEEP
            * match spread {
                None => k,
                Some(s) => s * (k - 1.0) * k * (k + 1.0) / 6.0 + k * (k + 1.0) / 2.0,
            }
    }

    /// Estimated work in the units of [`crate::work`], an upper bound of
    /// what [`KeepPool::distribution`] does: `scores` are the scores of the
    /// outcomes in walk order (kept end first; a superset of the outcomes
    /// that occur gives an upper bound), mirrored loop by loop.
    pub fn estimate(scores: impl Iterator<Item = i64>, n: u32, k: u32) -> f64 {
        let direct = Self::direct_fits(n, k);
        let mut work = if direct {
            0.0
        } else {
            W_ENTRY * (f64::from(n) + 1.0)
        };
        let mut m = 0.0;
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for s in scores {
            let spread = (lo <= hi).then(|| (hi - lo) as f64);
            work += if direct {
                Self::direct_states(k, spread)
            } else {
                Self::per_outcome(n, k) + Self::states(k, spread) + 2.0 * W_ENTRY
            };
            m += 1.0;
            lo = lo.min(s);
            hi = hi.max(s);
        }
        if direct && m > 0.0 {
            work += Self::direct_fixed(m, n, k, (hi - lo) as f64);
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
        if Self::direct_fits(n, k) {
            return Self::direct_fixed(m, n, k, spread)
                + Self::direct_states(k, None)
                + (m - 1.0) * Self::direct_states(k, Some(spread));
        }
        W_ENTRY * (f64::from(n) + 1.0)
            + m * (Self::per_outcome(n, k) + 2.0 * W_ENTRY)
            + Self::states(k, None)
            + (m - 1.0) * Self::states(k, Some(spread))
    }

    /// The distribution of the kept score sum: [`KeepPool::direct`] where
    /// its numbers stay within range ([`KeepPool::direct_fits`]), else the
    /// walk with conditional binomial rows.
    pub fn distribution(&self) -> IntDist {
        if Self::direct_fits(self.n, self.k) {
            self.direct()
        } else {
            self.conditional()
        }
    }

    /// Whether [`KeepPool::direct`] applies: its weights grow up to
    /// `n^(k - 1)`, which must stay far from overflow (at most 1e100, so
    /// that states too small for a double are too small to matter), and
    /// its tail sums walk at most `n` terms.
    pub fn direct_fits(n: u32, k: u32) -> bool {
        n <= DIRECT_MAX_DICE
            && f64::from(k.saturating_sub(1)) * f64::from(n.max(1)).log10() <= 100.0
    }

    /// The kept score sum with unconditional weights (every number a sum
    /// of positive products, so small probabilities keep their digits).
    ///
    /// Walking the outcomes from the kept end, `E[a]` holds the score sums
    /// of `a` dice that all show outcomes already walked, divided by `a!`
    /// (an exponential generating function in the dice: adding outcome
    /// `t` of probability `p` multiplies it by `exp(y p x^s)`, so the
    /// weight of `c` more dice showing `t` is `p^c / c!` whatever `a`).
    /// Before `E` takes outcome `t`, every state `a < k` finishes: `a` dice
    /// show walked outcomes, at least `k - a` of the other `n - a` show
    /// `t` and the rest show later outcomes, with weight
    /// `n! / (n - a)! * S(n - a, k - a)`, `S(N, s) = sum over e >= s of
    /// C(N, e) p^e B^(N - e)` (`B` the mass after `t`). `S(n, k)` is
    /// summed directly (or as `(p + B)^n` minus its head when that loses
    /// nothing); the others follow by a recurrence of positive terms.
    fn direct(&self) -> IntDist {
        let n = self.n as usize;
        let k = self.k as usize;
        let Some(smin) = self.outcomes.iter().map(|o| o.1).min() else {
            return IntDist::from_dense(0, Vec::new());
        };
        let smax = self.outcomes.iter().map(|o| o.1).max().unwrap_or(smin);
        let span = (smax - smin) as usize;
        // Row a of E starts at start[a] and holds a * span + 1 sums.
        let rows_len = k * (k - 1) / 2 * span + k;
        let mut e = vec![0.0; rows_len];
        e[0] = 1.0;
        let start = |a: usize| a * a.saturating_sub(1) / 2 * span + a;
        let mut result = vec![0.0; k * span + 1];
        let table = finish_table(n, k, self.outcomes);
        let mut power = vec![0.0; k];
        charge(W_ENTRY * (rows_len + result.len() + 2 * k) as f64);
        let mut elements = 0usize;
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for (t, &(p, s)) in self.outcomes.iter().enumerate() {
            if p <= 0.0 {
                continue;
            }
            let fin = &table[t * k..(t + 1) * k];
            let shift = (s - smin) as usize;
            // Index range in row a of the states before this outcome.
            let seen = lo <= hi;
            let state = |a: usize| -> (usize, usize) {
                if a == 0 {
                    (0, 1)
                } else {
                    range(a, lo, hi, smin)
                }
            };
            let mut pc = 1.0;
            for (c, pw) in power.iter_mut().enumerate().skip(1) {
                pc *= p / c as f64;
                *pw = pc;
            }
            // Every state row j, from the top so that each is read before
            // the rows below it add to it, feeds the result (finishing:
            // j dice before t, k - j or more showing t) and the rows j + c
            // (staying: c more dice show t), all in one pass over it.
            for j in (0..k).rev() {
                if j > 0 && !seen {
                    continue;
                }
                let (x, y) = state(j);
                let len = y - x;
                let (lower, upper) = e.split_at_mut(start(j + 1));
                let src = &lower[start(j) + x..start(j) + y];
                let mut streams: [(&mut [f64], f64); 4] = Default::default();
                let mut g = 0;
                if fin[j] != 0.0 {
                    let off = x + (k - j) * shift;
                    streams[0] = (&mut result[off..off + len], fin[j]);
                    g = 1;
                }
                let mut rest: &mut [f64] = upper;
                for a in j + 1..k {
                    let w = power[a - j];
                    let (row, tail) = std::mem::take(&mut rest).split_at_mut(a * span + 1);
                    rest = tail;
                    let off = x + (a - j) * shift;
                    streams[g] = (&mut row[off..off + len], w);
                    g += 1;
                    if g == streams.len() {
                        elements += g * len;
                        add_scaled(src, &mut streams, g);
                        g = 0;
                    }
                }
                elements += g * len;
                add_scaled(src, &mut streams, g);
            }
            lo = lo.min(s);
            hi = hi.max(s);
        }
        charge(W_KEEP * elements as f64);
        IntDist::from_dense(k as i64 * smin, result)
    }

    /// The walk with conditional binomial rows: every state is a
    /// probability, so it works for any pool size.
    fn conditional(&self) -> IntDist {
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

/// One pool's finishing weights, kept for the next call with the same
/// pool.
#[derive(Debug)]
struct FinishTable {
    n: usize,
    k: usize,
    /// The outcomes' probabilities in walk order.
    probs: Vec<f64>,
    /// `k` weights per outcome ([`finish_weights`]; zeros where the
    /// outcome cannot occur).
    weights: Rc<[f64]>,
}

thread_local! {
    /// The finishing weights of the last few pools, newest last: they
    /// depend only on the pool size, the kept count and the die, so a
    /// pool asked again (odds shown before every roll of a step) skips
    /// them.
    static TABLES: RefCell<Vec<FinishTable>> = const { RefCell::new(Vec::new()) };
}

/// Pools whose finishing weights are kept ([`TABLES`]).
const TABLES_KEPT: usize = 8;

/// Largest table kept (weights; 512 KiB): dice of very many faces are
/// slow anyway and would hold on to memory.
const TABLE_MAX_ENTRIES: usize = 1 << 16;

/// The finishing weights of [`KeepPool::direct`], `k` per outcome in walk
/// order, from [`TABLES`] or computed (and counted) here.
fn finish_table(n: usize, k: usize, outcomes: &[(f64, i64)]) -> Rc<[f64]> {
    let same = |t: &FinishTable| {
        t.n == n
            && t.k == k
            && t.probs.len() == outcomes.len()
            && t.probs
                .iter()
                .zip(outcomes)
                .all(|(a, b)| a.to_bits() == b.0.to_bits())
    };
    if let Some(found) = TABLES.with(|tables| {
        tables
            .borrow()
            .iter()
            .rev()
            .find(|t| same(t))
            .map(|t| Rc::clone(&t.weights))
    }) {
        return found;
    }
    let m = outcomes.len();
    // The mass after each outcome, summed from the end so small tails
    // keep their digits; n! / (n - a)!; C(n, k), exact to rounding
    // (n^(k - 1) stays within range here); 1 / i.
    let mut after = vec![0.0; m + 1];
    for t in (0..m).rev() {
        after[t] = after[t + 1] + outcomes[t].0.max(0.0);
    }
    let falling: Vec<f64> = (0..k)
        .scan(1.0, |f, a| {
            let here = *f;
            *f *= (n - a) as f64;
            Some(here)
        })
        .collect();
    let choose = (1..=k).fold(1.0, |c, i| c * (n - k + i) as f64 / i as f64);
    let inverses: Vec<f64> = (0..=n + 1).map(|i| 1.0 / i.max(1) as f64).collect();
    let mut weights = vec![0.0; m * k];
    let mut terms = 0usize;
    for (t, (fin, &(p, _))) in weights.chunks_exact_mut(k).zip(outcomes).enumerate() {
        if p <= 0.0 {
            continue;
        }
        let b = after[t + 1];
        terms += finish_weights(n, k, p, b, p + b, choose, &falling, &inverses, fin);
    }
    charge(W_ENTRY * (2 * m + 2 * k + n + 2 + m * k) as f64 + W_BINOMIAL * terms as f64);
    let weights: Rc<[f64]> = weights.into();
    if weights.len() > TABLE_MAX_ENTRIES {
        return weights;
    }
    TABLES.with(|tables| {
        let mut tables = tables.borrow_mut();
        if tables.len() >= TABLES_KEPT {
            tables.remove(0);
        }
        tables.push(FinishTable {
            n,
            k,
            probs: outcomes.iter().map(|o| o.0).collect(),
            weights: Rc::clone(&weights),
        });
    });
    weights
}

/// Pools of more dice take [`KeepPool::conditional`] (the direct tail sums
/// would walk too many terms).
const DIRECT_MAX_DICE: u32 = 1000;

/// The finishing weights of [`KeepPool::direct`] for one outcome of
/// probability `p`, mass `b` after it and `r = p + b`:
/// `fin[a] = n!/(n-a)! * S(n - a, k - a)`. `choose` is `C(n, k)`,
/// `falling[a]` is `n!/(n-a)!`, `inverses[i]` is `1 / i` for `i` in
/// `1..=n + 1`. Returns the terms computed (for the work count).
#[expect(
    clippy::too_many_arguments,
    reason = "the per-pool constants are computed once by the caller"
)]
fn finish_weights(
    n: usize,
    k: usize,
    p: f64,
    b: f64,
    r: f64,
    choose: f64,
    falling: &[f64],
    inverses: &[f64],
    fin: &mut [f64],
) -> usize {
    // u = C(n, k) p^k b^(n - k), the first term of the tail.
    let pow = |x: f64, e: usize| i32::try_from(e).map_or(0.0, |e| x.powi(e));
    let mut u = choose * pow(p, k) * pow(b, n - k);
    let whole = pow(r, n);
    if u == 0.0 && p * (n as f64 + 1.0) < k as f64 * r {
        // The tail's first term is below the smallest double and the
        // terms only shrink from it (the mode lies below k): the head
        // cannot be told from the whole, so `whole - head` would give the
        // whole mass (a proptest found 32d6!kh20 summing to 7). Each
        // weight is summed from its own first term, taken in logarithms.
        return finish_weights_rare(n, k, p, b, choose, falling, inverses, fin);
    }
    // The head (terms e < k) downwards from u.
    let mut head = 0.0;
    let mut term = u;
    let down = b / p;
    for e in (1..=k).rev() {
        term *= e as f64 * inverses[n - e + 1] * down;
        head += term;
    }
    let mut done = 2 * k;
    let mut tail = if head <= 0.5 * whole {
        whole - head
    } else {
        // Past the mode (it lies below k here): the terms only shrink.
        let up = p / b;
        let mut sum = 0.0;
        let mut term = u;
        for e in k..=n {
            sum += term;
            done += 1;
            if term <= sum * 1e-17 {
                break;
            }
            term *= (n - e) as f64 * inverses[e + 1] * up;
        }
        sum
    };
    // S(m - 1, s - 1) = (S(m, s) + b u(m - 1, s - 1)) / r with u(m - 1,
    // s - 1) = u(m, s) s / (m p): all terms positive.
    let (over_p, over_r) = (1.0 / p, 1.0 / r);
    for a in 0..k {
        fin[a] = falling[a] * tail;
        if a + 1 < k {
            u *= (k - a) as f64 * inverses[n - a] * over_p;
            tail = (tail + b * u) * over_r;
        }
    }
    done + k
}

/// [`finish_weights`] for an outcome so rare that `C(n, k) p^k b^(n - k)`
/// is below the smallest double: `fin[a] = n!/(n-a)! * S(n - a, k - a)`
/// with each tail summed from its first term `C(n - a, k - a) p^(k - a)
/// b^(n - k)`, computed in logarithms (the first rows are 0, the last
/// ones, a few dice short of `k`, are not). At most `n + 1 - k` terms are
/// added beyond the first ones; they shrink by `p / b` each.
#[expect(
    clippy::too_many_arguments,
    reason = "the per-pool constants are computed once by the caller"
)]
fn finish_weights_rare(
    n: usize,
    k: usize,
    p: f64,
    b: f64,
    choose: f64,
    falling: &[f64],
    inverses: &[f64],
    fin: &mut [f64],
) -> usize {
    let (ln_p, ln_b) = (p.ln(), b.ln());
    let mut ln_u = choose.ln() + k as f64 * ln_p + (n - k) as f64 * ln_b;
    let up = p / b;
    let mut extra = n + 1 - k;
    let mut done = k;
    for a in 0..k {
        let u = ln_u.exp();
        let mut sum = u;
        let mut term = u;
        // Terms e = k - a, k - a + 1, ... of S(n - a, k - a).
        let mut e = k - a;
        while extra > 0 && e < n - a {
            term *= (n - a - e) as f64 * inverses[e + 1] * up;
            if term <= sum * 1e-17 {
                break;
            }
            sum += term;
            e += 1;
            extra -= 1;
            done += 1;
        }
        fin[a] = falling[a] * sum;
        if a + 1 < k {
            // C(n - a - 1, k - a - 1) = C(n - a, k - a) (k - a) / (n - a).
            ln_u += ((k - a) as f64 * inverses[n - a]).ln() - ln_p;
        }
    }
    done
}

/// Adds `src` times each weight to the first `g` streams (each at least
/// as long as `src`), reading `src` once for up to four of them.
fn add_scaled(src: &[f64], streams: &mut [(&mut [f64], f64); 4], g: usize) {
    match &mut streams[..g] {
        [] => {}
        [(d0, w0)] => add1(src, d0, *w0),
        [(d0, w0), (d1, w1)] => add2(src, d0, *w0, d1, *w1),
        [(d0, w0), (d1, w1), (d2, w2)] => {
            add2(src, d0, *w0, d1, *w1);
            add1(src, d2, *w2);
        }
        [(d0, w0), (d1, w1), (d2, w2), (d3, w3)] => {
            add2(src, d0, *w0, d1, *w1);
            add2(src, d2, *w2, d3, *w3);
        }
        _ => unreachable!("at most four streams"),
    }
}

/// `d += src w`, over `src`'s length.
#[inline(always)]
fn add1(src: &[f64], d: &mut [f64], w: f64) {
    for (o, &v) in d[..src.len()].iter_mut().zip(src) {
        *o += v * w;
    }
}

/// `d0 += src w0` and `d1 += src w1`, reading `src` once (two separate
/// arguments, so the compiler knows they do not overlap).
#[inline(always)]
fn add2(src: &[f64], d0: &mut [f64], w0: f64, d1: &mut [f64], w1: f64) {
    let n = src.len();
    let (d0, d1) = (&mut d0[..n], &mut d1[..n]);
    for i in 0..n {
        let v = src[i];
        d0[i] += v * w0;
        d1[i] += v * w1;
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

    /// The kept sum by enumerating every roll of `n` dice: `outcomes` in
    /// walk order (kept end first), so the kept dice are the `k` with the
    /// smallest walk positions.
    fn brute_force(outcomes: &[(f64, i64)], n: u32, k: u32) -> Vec<(i64, f64)> {
        let m = outcomes.len();
        let mut sums = std::collections::BTreeMap::new();
        let mut roll = vec![0usize; n as usize];
        loop {
            let mut sorted = roll.clone();
            sorted.sort_unstable();
            let kept: i64 = sorted[..k as usize].iter().map(|&i| outcomes[i].1).sum();
            let p: f64 = roll.iter().map(|&i| outcomes[i].0).product();
            *sums.entry(kept).or_insert(0.0) += p;
            // Next roll, as a counter in base m.
            let Some(i) = roll.iter().position(|&i| i + 1 < m) else {
                break;
            };
            roll[i] += 1;
            roll[..i].fill(0);
        }
        sums.into_iter().filter(|(_, p)| *p > 0.0).collect()
    }

    fn check(outcomes: &[(f64, i64)], n: u32, k: u32) {
        let pool = KeepPool { outcomes, n, k };
        let expected = brute_force(outcomes, n, k);
        for (kernel, dist) in [
            ("direct", pool.direct()),
            ("conditional", pool.conditional()),
        ] {
            let got: Vec<(i64, f64)> = dist.iter().collect();
            assert_eq!(
                got.iter().map(|g| g.0).collect::<Vec<_>>(),
                expected.iter().map(|e| e.0).collect::<Vec<_>>(),
                "{kernel}: values of {n} dice keep {k} of {outcomes:?}"
            );
            for ((v, a), (_, b)) in got.iter().zip(&expected) {
                assert!(
                    (a - b).abs() <= 1e-12 * b,
                    "{kernel}: P({v}) = {a}, enumerated {b}; {n} dice keep {k} of {outcomes:?}"
                );
            }
        }
    }

    /// Both kernels against enumeration: up to 5 dice of up to 8 sides,
    /// every k, highest and lowest (the walk order), plain dice, uneven
    /// ones, repeated scores (counted successes) and zero-mass outcomes.
    #[test]
    fn kernels_match_enumeration() {
        let mut dice: Vec<Vec<(f64, i64)>> = Vec::new();
        for sides in 1..=8i64 {
            let p = 1.0 / sides as f64;
            dice.push((1..=sides).map(|v| (p, v)).collect());
        }
        // Uneven: a re-rolled d6 (1 and 2 again once), a d{0,0,1,1,2,3},
        // a die of repeated scores (successes at 5+ of a d8), one with a
        // zero-mass outcome and negative scores.
        dice.push(
            [(1, 2.0), (2, 2.0), (3, 8.0), (4, 8.0), (5, 8.0), (6, 8.0)]
                .map(|(v, w)| (w / 36.0, v))
                .to_vec(),
        );
        dice.push(vec![
            (2.0 / 6.0, 0),
            (2.0 / 6.0, 1),
            (1.0 / 6.0, 2),
            (1.0 / 6.0, 3),
        ]);
        dice.push((1..=8).map(|v| (0.125, i64::from(v >= 5))).collect());
        dice.push(vec![(0.5, -3), (0.0, 0), (0.25, 2), (0.25, 7)]);
        for die in &dice {
            let high: Vec<(f64, i64)> = die.iter().rev().copied().collect();
            for n in 1..=5 {
                for k in 1..=n {
                    check(die, n, k);
                    check(&high, n, k);
                }
            }
        }
    }

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
