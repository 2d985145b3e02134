//! The sum of `n` independent copies of one distribution: the `n`-th
//! convolution power of its probability vector `p` (lowest value first,
//! both ends non-zero).
//!
//! Three methods; [`power`] takes the cheapest by [`power_cost`]:
//!
//! - **ladder**: repeated squaring with [`convolve`] (direct, or FFT for
//!   long operands), exact to rounding in every entry where it stays
//!   direct; best for short results;
//! - **recurrence**: `Q = P^n` satisfies `P Q' = n P' Q`, so
//!   `q_k = sum_(i=1..d) ((n + 1) i - k) p_i q_(k-i) / (k p_0)`. For
//!   `k <= n + 1` no term is negative, so these entries are exact to
//!   rounding (relative error, however small they are); the right end
//!   likewise from the reversed vector. When both ends meet (dice of three
//!   faces or fewer, success counts) that is the whole answer in
//!   `O(n d)`;
//! - **spectral**: one real FFT of `p`, every frequency raised to the
//!   `n`-th power, one inverse FFT: `O(m log m)` for a result of `m`
//!   entries, with an absolute error of a few 1e-15 times the largest
//!   probability in every entry (entries below that are set to 0, see
//!   [`crate::convolution::clear_noise`]); the ends (where the
//!   probabilities are tiny) are then replaced by the exact recurrence.

use crate::convolution::{convolve, convolve_cost, is_palindrome};
use crate::fft;
use crate::work::{W_ENTRY, W_FFT_ENTRY, W_POWER, W_RECURRENCE, charge};

/// Frequencies whose `n`-th power is below this in magnitude are left out
/// (none changes a probability by more than this).
const NEGLIGIBLE: f64 = 1e-40;

/// A method of [`power`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Method {
    Ladder,
    Recurrence,
    Spectral,
}

/// Entries the recurrence gives exactly at one end: `k <= n + 1`.
fn exact_end(n: u32, out: usize) -> usize {
    (n as usize + 2).min(out)
}

/// Estimated work of [`head`] for `len` entries of a vector of `width`.
fn head_cost(width: usize, len: usize) -> f64 {
    let d = width.saturating_sub(1) as f64;
    let len = len as f64;
    // Entry k reads min(k, d) terms.
    let terms = if len <= d {
        len * (len - 1.0) / 2.0
    } else {
        d * (d + 1.0) / 2.0 + (len - d - 1.0).max(0.0) * d
    };
    W_RECURRENCE * terms + W_ENTRY * 3.0 * len
}

/// Estimated work of each method for `n` copies of a vector of `width`
/// entries (`None`: the method does not apply).
fn costs(width: usize, n: u32) -> [(Method, Option<f64>); 3] {
    let out = n as usize * width.saturating_sub(1) + 1;
    let end = exact_end(n, out);
    let ends = 2.0 * head_cost(width, end);
    let recurrence = (2 * end >= out).then_some(ends);
    let spectral = (n >= 2 && width >= 2).then(|| {
        let m = fft::length_for(out);
        2.0 * fft::transform_cost(m)
            + fft::plan_cost(m)
            + W_POWER * (m / 2 + 1) as f64 * (2.0 * f64::from(32 - n.leading_zeros()))
            + W_FFT_ENTRY * (m / 2 + 1) as f64
            + W_ENTRY * out as f64
            + ends
    });
    [
        (Method::Ladder, Some(ladder_cost(width, n))),
        (Method::Recurrence, recurrence),
        (Method::Spectral, spectral),
    ]
}

/// Results shorter than this take the ladder without weighing the others
/// (an FFT of fewer than 64 entries never wins).
const SHORT: usize = 64;

/// The cheapest method and its estimated work.
fn choose(width: usize, n: u32) -> (Method, f64) {
    if n as usize * width.saturating_sub(1) < SHORT {
        return (Method::Ladder, ladder_cost(width, n));
    }
    costs(width, n)
        .into_iter()
        .filter_map(|(m, c)| c.map(|c| (m, c)))
        .fold((Method::Ladder, f64::INFINITY), |best, (m, c)| {
            if c < best.1 { (m, c) } else { best }
        })
}

/// Estimated work of [`power`] for a vector of `width` entries: that of
/// the method it takes. Monotone in `width` and `n`, so a bound on the
/// width gives a bound on the work.
pub(crate) fn power_cost(width: usize, n: u32) -> f64 {
    if n <= 1 || width <= 1 {
        return W_ENTRY * width as f64;
    }
    choose(width, n).1
}

/// Work of the squaring ladder; mirrors [`ladder`].
fn ladder_cost(width: usize, n: u32) -> f64 {
    let mut cost = W_ENTRY * width as f64;
    let mut result: Option<usize> = None;
    let mut base = width;
    let mut n = n;
    while n > 0 {
        if n & 1 == 1 {
            result = Some(match result {
                None => {
                    cost += W_ENTRY * base as f64;
                    base
                }
                Some(r) => {
                    cost += convolve_cost(r, base);
                    r + base - 1
                }
            });
        }
        n >>= 1;
        if n > 0 {
            cost += convolve_cost(base, base);
            base = 2 * base - 1;
        }
    }
    cost
}

/// `p` convolved with itself to `n` copies (`n >= 1`, `p` non-empty with
/// non-zero ends), by the cheapest method.
pub(crate) fn power(p: &[f64], n: u32) -> Vec<f64> {
    if n <= 1 || p.len() <= 1 {
        charge(W_ENTRY * p.len() as f64);
        return if n == 0 {
            vec![1.0]
        } else {
            p.iter().map(|x| x.powi(n as i32)).collect()
        };
    }
    match choose(p.len(), n).0 {
        Method::Ladder => ladder(p, n),
        Method::Recurrence => ends_only(p, n),
        Method::Spectral => spectral(p, n),
    }
}

/// Repeated squaring with [`convolve`].
fn ladder(p: &[f64], n: u32) -> Vec<f64> {
    charge(W_ENTRY * p.len() as f64);
    let mut result: Option<Vec<f64>> = None;
    let mut base = p.to_vec();
    let mut n = n;
    while n > 0 {
        if n & 1 == 1 {
            result = Some(match result {
                None => {
                    charge(W_ENTRY * base.len() as f64);
                    base.clone()
                }
                Some(r) => convolve(&r, &base),
            });
        }
        n >>= 1;
        if n > 0 {
            base = convolve(&base, &base);
        }
    }
    result.unwrap_or_else(|| vec![1.0])
}

/// The exact ends: entries `0..left` from the left, the last `right`
/// from the right (a palindrome's right end is its left end mirrored).
fn ends(p: &[f64], n: u32, out: usize) -> (Vec<f64>, Vec<f64>) {
    let end = exact_end(n, out);
    let left = head(p, n, end);
    let right = if is_palindrome(p) {
        charge(W_ENTRY * end as f64);
        left.clone()
    } else {
        let reversed: Vec<f64> = p.iter().rev().copied().collect();
        head(&reversed, n, end)
    };
    (left, right)
}

/// The whole power from the two exact ends (they meet: `2 (n + 2) >= out`).
fn ends_only(p: &[f64], n: u32) -> Vec<f64> {
    let out = n as usize * (p.len() - 1) + 1;
    let (left, right) = ends(p, n, out);
    let mut q = vec![0.0; out];
    // The right end first, the left over it (both are exact).
    for (o, &x) in q.iter_mut().rev().zip(&right) {
        *o = x;
    }
    q[..left.len()].copy_from_slice(&left);
    q
}

/// The spectral power, its ends replaced by the exact recurrence.
fn spectral(p: &[f64], n: u32) -> Vec<f64> {
    let out = n as usize * (p.len() - 1) + 1;
    let m = fft::length_for(out);
    let mut s = fft::forward(p, m);
    // |z|^n < NEGLIGIBLE  <=>  |z|^2 < NEGLIGIBLE^(2 / n)
    let cut = (2.0 * NEGLIGIBLE.ln() / f64::from(n)).exp();
    let steps = 2.0 * f64::from(32 - n.leading_zeros());
    let mut powered = 0usize;
    for (re, im) in s.re.iter_mut().zip(s.im.iter_mut()) {
        if *re * *re + *im * *im < cut {
            *re = 0.0;
            *im = 0.0;
            continue;
        }
        powered += 1;
        (*re, *im) = complex_pow(*re, *im, n);
    }
    charge(W_POWER * powered as f64 * steps + W_FFT_ENTRY * s.re.len() as f64);
    let mut q = s.inverse(out);
    charge(W_ENTRY * out as f64);
    crate::convolution::clear_noise(&mut q);
    let (left, right) = ends(p, n, out);
    q[..left.len()].copy_from_slice(&left);
    for (o, &x) in q.iter_mut().rev().zip(&right) {
        *o = x;
    }
    q
}

/// `(re + i im)^n` by repeated squaring.
fn complex_pow(re: f64, im: f64, n: u32) -> (f64, f64) {
    let (mut rr, mut ri) = (1.0, 0.0);
    let (mut br, mut bi) = (re, im);
    let mut n = n;
    while n > 0 {
        if n & 1 == 1 {
            (rr, ri) = (rr * br - ri * bi, rr * bi + ri * br);
        }
        n >>= 1;
        if n > 0 {
            (br, bi) = (br * br - bi * bi, 2.0 * br * bi);
        }
    }
    (rr, ri)
}

/// `x^n` as `(mantissa, binary exponent)`, so that powers far below the
/// smallest `f64` keep their digits.
fn pow_split(x: f64, n: u32) -> (f64, i32) {
    let lift = 2f64.powi(500);
    let renorm = |v: (f64, i32)| -> (f64, i32) {
        if v.0 != 0.0 && v.0 < 1.0 / lift {
            (v.0 * lift, v.1 - 500)
        } else {
            v
        }
    };
    let mut result = (1.0, 0i32);
    let mut base = (x, 0i32);
    let mut n = n;
    while n > 0 {
        if n & 1 == 1 {
            result = renorm((result.0 * base.0, result.1 + base.1));
        }
        n >>= 1;
        if n > 0 {
            base = renorm((base.0 * base.0, base.1 * 2));
        }
    }
    result
}

/// `x * 2^e`, in steps that neither overflow nor underflow on the way.
fn scale2(mut x: f64, mut e: i32) -> f64 {
    while e != 0 && x != 0.0 {
        let step = e.clamp(-1000, 1000);
        x *= 2f64.powi(step);
        e -= step;
    }
    x
}

/// The first `len` entries of `p^n` by the recurrence (`len <= n + 2`,
/// so no term is negative). Ratios to the first entry are carried with a
/// binary exponent, so neither a first entry below the smallest `f64`
/// (500d6 starts at 6^-500) nor large ratios lose anything.
pub(crate) fn head(p: &[f64], n: u32, len: usize) -> Vec<f64> {
    let d = p.len() - 1;
    let n1 = f64::from(n) + 1.0;
    let inv_p0 = 1.0 / p[0];
    let down = 2f64.powi(-500);
    let mut q: Vec<f64> = Vec::with_capacity(len);
    let mut exps: Vec<i32> = Vec::with_capacity(len);
    q.push(1.0);
    exps.push(0);
    let mut terms = 0usize;
    for k in 1..len {
        let top = k.min(d);
        let kf = k as f64;
        let mut acc = 0.0;
        for (i, (&pi, &qk)) in p[1..=top]
            .iter()
            .zip(q[k - top..k].iter().rev())
            .enumerate()
        {
            acc += (n1 * (i + 1) as f64 - kf) * pi * qk;
        }
        terms += top;
        let v = acc * inv_p0 / kf;
        let e = exps[k - 1];
        q.push(v);
        exps.push(e);
        if v > 1e150 {
            // Only the last d entries are read again: scale them down.
            let from = (k + 1).saturating_sub(d);
            for (x, e) in q[from..].iter_mut().zip(&mut exps[from..]) {
                *x *= down;
                *e += 500;
            }
        }
    }
    charge(W_RECURRENCE * terms as f64 + W_ENTRY * 3.0 * len as f64);
    let (m0, e0) = pow_split(p[0], n);
    q.iter()
        .zip(&exps)
        .map(|(&x, &e)| scale2(x * m0, e + e0))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `p^n` by repeated direct convolution, the reference.
    fn naive(p: &[f64], n: u32) -> Vec<f64> {
        let mut q = vec![1.0];
        for _ in 0..n {
            let mut next = vec![0.0; q.len() + p.len() - 1];
            for (i, &x) in q.iter().enumerate() {
                for (j, &y) in p.iter().enumerate() {
                    next[i + j] += x * y;
                }
            }
            q = next;
        }
        q
    }

    fn check(p: &[f64], n: u32, got: &[f64], what: &str) {
        let want = naive(p, n);
        assert_eq!(got.len(), want.len(), "{what}");
        for (k, (g, w)) in got.iter().zip(&want).enumerate() {
            assert!((g - w).abs() < 1e-14, "{what}: entry {k}: {g} vs {w}");
        }
        // The ends are exact in relative terms.
        for k in [0, 1, 2, want.len() - 1, want.len() - 2] {
            let (g, w) = (got[k], want[k]);
            assert!((g / w - 1.0).abs() < 1e-13, "{what}: end {k}: {g} vs {w}");
        }
    }

    #[test]
    fn every_method_agrees_with_repeated_convolution() {
        let d6 = [1.0 / 6.0; 6];
        let skewed = [0.5, 0.1, 0.0, 0.25, 0.15];
        let coin = [0.3, 0.7];
        let three = [0.2, 0.5, 0.3];
        for (p, n) in [
            (&d6[..], 2),
            (&d6[..], 37),
            (&d6[..], 100),
            (&skewed[..], 41),
            (&coin[..], 60),
            (&three[..], 25),
        ] {
            check(p, n, &ladder(p, n), "ladder");
            check(p, n, &spectral(p, n), "spectral");
            check(p, n, &power(p, n), "power");
            let out = n as usize * (p.len() - 1) + 1;
            if 2 * exact_end(n, out) >= out {
                check(p, n, &ends_only(p, n), "recurrence");
            }
        }
    }

    #[test]
    fn the_ends_keep_their_digits_below_the_smallest_float() {
        // 500d6: the lowest sum has probability 6^-500 (about 1e-389, not
        // a float); P(sum = 500 + k) from exact integer arithmetic.
        let d6 = [1.0 / 6.0; 6];
        let full = power(&d6, 500);
        assert_eq!(full[0], 0.0);
        for (k, want) in [
            (80, 3.942785835971667e-290),
            (100, 7.707711798989969e-274),
            (120, 5.300698815262239e-259),
        ] {
            assert!((full[k] / want - 1.0).abs() < 1e-13, "{k}: {}", full[k]);
        }
        assert!((full.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
