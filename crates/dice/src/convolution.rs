//! Convolution of dense probability vectors: direct for small inputs, FFT
//! beyond a size threshold. The cost functions here are the ones the
//! expression budget uses, so that the estimate and the work agree.

use crate::fft;
use crate::work::{W_ENTRY, W_FFT_ENTRY, W_MULADD, charge};

/// Estimated work of a direct convolution of vectors of lengths `a` and `b`
/// (one multiply-add per pair, and the check for symmetry), in the units
/// of [`crate::work`].
pub(crate) fn direct_cost(a: usize, b: usize) -> f64 {
    W_MULADD * (a as f64 * b as f64 + (a + b) as f64 / 2.0)
}

/// Estimated work of an FFT convolution with output length `out`: three
/// real transforms of the next power of two (two forward, one back), the
/// plan if it is not cached yet, the product of the spectra, and the ends
/// recomputed directly.
pub(crate) fn fft_cost(out: usize) -> f64 {
    let m = fft::length_for(out);
    3.0 * fft::transform_cost(m)
        + fft::plan_cost(m)
        + W_FFT_ENTRY * (m / 2) as f64
        + W_ENTRY * out as f64
        + W_MULADD * (EXACT_ENDS * (EXACT_ENDS + 1)) as f64
}

/// Estimated work of [`convolve`] for inputs of lengths `a` and `b`.
pub(crate) fn convolve_cost(a: usize, b: usize) -> f64 {
    if a == 0 || b == 0 {
        return 0.0;
    }
    if a.min(b) < SHORT {
        return direct_cost(a, b);
    }
    direct_cost(a, b).min(fft_cost(a + b - 1))
}

/// An operand shorter than this is convolved directly without weighing
/// the FFT (which never wins then: its fixed cost is above the direct
/// method's for such operands).
const SHORT: usize = 16;

/// The convolution of `a` and `b` (length `a.len() + b.len() - 1`), by
/// whichever of the direct and the FFT method is cheaper.
///
/// The direct method is exact to rounding in every entry (relative error).
/// The FFT leaves an absolute error of a few 1e-15 times the largest entry
/// in every entry; entries below that noise are set to zero
/// ([`clear_noise`]), and the first and last 64 are recomputed directly.
pub(crate) fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    if a.len().min(b.len()) < SHORT
        || direct_cost(a.len(), b.len()) <= fft_cost(a.len() + b.len() - 1)
    {
        direct(a, b)
    } else {
        by_fft(a, b)
    }
}

fn direct(a: &[f64], b: &[f64]) -> Vec<f64> {
    // Loop over the shorter input so the inner loop is long and vectorises.
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if short.len() >= 8 {
        charge(W_MULADD * (a.len() + b.len()) as f64 / 2.0);
        if is_palindrome(short) && is_palindrome(long) {
            return direct_symmetric(short, long);
        }
    }
    let mut out = vec![0.0; a.len() + b.len() - 1];
    let mut rows = 0usize;
    for (i, &x) in short.iter().enumerate() {
        if x == 0.0 {
            continue;
        }
        rows += 1;
        for (o, &y) in out[i..i + long.len()].iter_mut().zip(long) {
            *o += x * y;
        }
    }
    charge(W_MULADD * rows as f64 * long.len() as f64);
    out
}

/// Whether `v` reads the same backwards (exactly): sums of identical
/// symmetric dice stay symmetric, so half of their convolution suffices.
pub(crate) fn is_palindrome(v: &[f64]) -> bool {
    v.iter()
        .zip(v.iter().rev())
        .take(v.len() / 2)
        .all(|(x, y)| x == y)
}

/// The convolution of two symmetric vectors, which is symmetric: the left
/// half directly (each entry as the general method computes it), the right
/// half its mirror image. About half the work.
fn direct_symmetric(short: &[f64], long: &[f64]) -> Vec<f64> {
    let len = short.len() + long.len() - 1;
    let mid = (len - 1) / 2;
    let mut out = vec![0.0; len];
    let mut work = 0usize;
    for (i, &x) in short.iter().enumerate().take(mid + 1) {
        if x == 0.0 {
            continue;
        }
        let end = (i + long.len()).min(mid + 1);
        work += end - i;
        for (o, &y) in out[i..end].iter_mut().zip(long) {
            *o += x * y;
        }
    }
    charge(W_MULADD * work as f64);
    let (left, right) = out.split_at_mut(mid + 1);
    for (o, &x) in right.iter_mut().zip(left.iter().rev().skip(len % 2)) {
        *o = x;
    }
    out
}

/// Both inputs are transformed (real FFTs of the next power of two at
/// least as long as the result), multiplied and transformed back.
fn by_fft(a: &[f64], b: &[f64]) -> Vec<f64> {
    let out_len = a.len() + b.len() - 1;
    let m = fft::length_for(out_len);
    let mut fa = fft::forward(a, m);
    let fb = fft::forward(b, m);
    for (((ar, ai), br), bi) in fa
        .re
        .iter_mut()
        .zip(fa.im.iter_mut())
        .zip(&fb.re)
        .zip(&fb.im)
    {
        let (x, y) = (*ar, *ai);
        *ar = x * br - y * bi;
        *ai = x * bi + y * br;
    }
    let mut out = fa.inverse(out_len);
    clear_noise(&mut out);
    // The ends hold the smallest probabilities, which the FFT's absolute
    // error would swamp: recompute the first and last EXACT_ENDS entries
    // directly, so the lowest and highest values stay exact.
    let ends = EXACT_ENDS.min(out_len);
    let mut terms = 0usize;
    let mut exact = |i: usize| -> f64 {
        // a[j] b[i - j] for the j where both exist.
        let first = (i + 1).saturating_sub(b.len());
        let last = i.min(a.len() - 1);
        terms += last + 1 - first;
        (first..=last).map(|j| a[j] * b[i - j]).sum()
    };
    for i in (0..ends).chain(out_len.saturating_sub(ends).max(ends)..out_len) {
        out[i] = exact(i);
    }
    charge(W_FFT_ENTRY * (m / 2) as f64 + W_ENTRY * out_len as f64 + W_MULADD * terms as f64);
    out
}

/// Sets to 0 the entries of an FFT result that are below its rounding
/// noise: measured at up to 3e-15 times the largest entry (2^21-entry
/// transforms), so everything under 1e-14 times the largest is noise (a
/// probability of 1e-600 came out as 2.8e-20) and negative entries too.
pub(crate) fn clear_noise(v: &mut [f64]) {
    let floor = 1e-14 * v.iter().copied().fold(0.0, f64::max);
    for x in v {
        if *x < floor {
            *x = 0.0;
        }
    }
}

/// Entries at each end of an FFT convolution that are recomputed directly.
const EXACT_ENDS: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fft_agrees_with_direct() {
        let a: Vec<f64> = (0..300).map(|i| ((i * 7) % 13) as f64 / 100.0).collect();
        let b: Vec<f64> = (0..500).map(|i| ((i * 5) % 11) as f64 / 100.0).collect();
        let d = direct(&a, &b);
        let f = by_fft(&a, &b);
        assert_eq!(d.len(), f.len());
        let worst = d
            .iter()
            .zip(&f)
            .map(|(x, y)| (x - y).abs())
            .fold(0.0, f64::max);
        assert!(worst < 1e-12, "worst difference {worst}");
        assert!(d[5] > 0.0);
    }

    #[test]
    fn symmetric_half_agrees_with_the_full_sum() {
        for (n, m) in [(8, 8), (8, 13), (11, 40), (9, 9)] {
            let a: Vec<f64> = (0..n).map(|i| (1 + i.min(n - 1 - i)) as f64).collect();
            let b: Vec<f64> = (0..m).map(|i| (3 + i.min(m - 1 - i) * 2) as f64).collect();
            assert!(is_palindrome(&a) && is_palindrome(&b));
            let full: Vec<f64> = (0..n + m - 1)
                .map(|k| {
                    (0..n)
                        .filter(|&i| k >= i && k - i < m)
                        .map(|i| a[i] * b[k - i])
                        .sum()
                })
                .collect();
            assert_eq!(direct(&a, &b), full, "{n} x {m}");
        }
        assert!(!is_palindrome(&[1.0, 2.0, 3.0]));
    }
}
