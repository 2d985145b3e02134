//! Convolution of dense probability vectors: direct for small inputs, FFT
//! beyond a size threshold. The cost functions here are the ones the
//! expression budget uses, so that the estimate and the work agree.

use std::f64::consts::PI;

use crate::work::{W_BUTTERFLY, W_FFT_ENTRY, W_MULADD, charge};

/// Estimated work of a direct convolution of vectors of lengths `a` and `b`
/// (one multiply-add per pair, and the check for symmetry), in the units
/// of [`crate::work`].
pub(crate) fn direct_cost(a: usize, b: usize) -> f64 {
    W_MULADD * (a as f64 * b as f64 + (a + b) as f64 / 2.0)
}

/// Estimated work of an FFT convolution with output length `out`: two
/// complex transforms of the next power of two (`n/2 log2 n` butterflies
/// each), three buffers of `n` entries, the twiddle factors if they are
/// not cached yet, and the ends recomputed directly.
pub(crate) fn fft_cost(out: usize) -> f64 {
    let n = out.next_power_of_two().max(2) as f64;
    2.0 * W_BUTTERFLY * 0.5 * n * n.log2()
        + W_FFT_ENTRY * (3.0 * n + 0.5 * n)
        + W_MULADD * (EXACT_ENDS * (EXACT_ENDS + 1)) as f64
}

/// Estimated work of [`convolve`] for inputs of lengths `a` and `b`.
pub(crate) fn convolve_cost(a: usize, b: usize) -> f64 {
    if a == 0 || b == 0 {
        return 0.0;
    }
    direct_cost(a, b).min(fft_cost(a + b - 1))
}

/// The convolution of `a` and `b` (length `a.len() + b.len() - 1`), by
/// whichever of the direct and the FFT method is cheaper.
///
/// The direct method is exact to rounding in every entry (relative error).
/// The FFT leaves an absolute error of about 1e-16 times the largest entry
/// in every entry; entries it rounds below zero are set to zero, since a
/// probability is never negative.
pub(crate) fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    if direct_cost(a.len(), b.len()) <= fft_cost(a.len() + b.len() - 1) {
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
fn is_palindrome(v: &[f64]) -> bool {
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

/// A complex number as (re, im).
#[derive(Debug, Clone, Copy, Default)]
struct Complex {
    re: f64,
    im: f64,
}

impl Complex {
    fn mul(self, o: Complex) -> Complex {
        Complex {
            re: self.re * o.re - self.im * o.im,
            im: self.re * o.im + self.im * o.re,
        }
    }
    fn conj(self) -> Complex {
        Complex {
            re: self.re,
            im: -self.im,
        }
    }
}

/// Both real inputs go into one complex transform (a in the real part, b in
/// the imaginary part), are separated in the frequency domain, multiplied,
/// and transformed back.
fn by_fft(a: &[f64], b: &[f64]) -> Vec<f64> {
    let out_len = a.len() + b.len() - 1;
    let n = out_len.next_power_of_two();
    let mut z = vec![Complex::default(); n];
    for (zi, &x) in z.iter_mut().zip(a) {
        zi.re = x;
    }
    for (zi, &y) in z.iter_mut().zip(b) {
        zi.im = y;
    }
    TWIDDLES.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.0 < n {
            charge(W_FFT_ENTRY * 0.5 * n as f64);
            *cache = (n, twiddles(n));
        }
        let stride = cache.0 / n;
        by_fft_with(a, b, z, n, out_len, &cache.1, stride)
    })
}

thread_local! {
    /// Twiddle factors of the largest transform so far; smaller transforms
    /// use every `stride`-th one, so sine and cosine are not recomputed.
    static TWIDDLES: std::cell::RefCell<(usize, Vec<Complex>)> =
        const { std::cell::RefCell::new((0, Vec::new())) };
}

fn by_fft_with(
    a: &[f64],
    b: &[f64],
    mut z: Vec<Complex>,
    n: usize,
    out_len: usize,
    twiddles: &[Complex],
    stride: usize,
) -> Vec<f64> {
    fft(&mut z, twiddles, stride, false);
    let mut prod = vec![Complex::default(); n];
    for k in 0..n {
        let zk = z[k];
        let zn = z[(n - k) % n].conj();
        // A = (zk + zn) / 2, B = (zk - zn) / (2i)
        let fa = Complex {
            re: (zk.re + zn.re) * 0.5,
            im: (zk.im + zn.im) * 0.5,
        };
        let fb = Complex {
            re: (zk.im - zn.im) * 0.5,
            im: -(zk.re - zn.re) * 0.5,
        };
        prod[k] = fa.mul(fb);
    }
    fft(&mut prod, twiddles, stride, true);
    let scale = 1.0 / n as f64;
    let mut out: Vec<f64> = prod
        .iter()
        .take(out_len)
        .map(|c| (c.re * scale).max(0.0))
        .collect();
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
    charge(W_FFT_ENTRY * 3.0 * n as f64 + W_MULADD * terms as f64);
    out
}

/// Entries at each end of an FFT convolution that are recomputed directly.
const EXACT_ENDS: usize = 64;

/// `exp(-2 pi i k / n)` for `k < n / 2`.
fn twiddles(n: usize) -> Vec<Complex> {
    (0..n / 2)
        .map(|k| {
            let angle = -2.0 * PI * k as f64 / n as f64;
            Complex {
                re: angle.cos(),
                im: angle.sin(),
            }
        })
        .collect()
}

/// In-place iterative radix-2 FFT; `n` is a power of two; `twiddles` are
/// those of a transform `stride` times as long. The inverse is unscaled.
fn fft(data: &mut [Complex], twiddles: &[Complex], stride: usize, inverse: bool) {
    let n = data.len();
    if n < 2 {
        return;
    }
    charge(W_BUTTERFLY * (n / 2) as f64 * f64::from(n.trailing_zeros()));
    // Bit-reversal permutation.
    let mut j = 0;
    for i in 1..n {
        let mut bit = n >> 1;
        while j & bit != 0 {
            j ^= bit;
            bit >>= 1;
        }
        j |= bit;
        if i < j {
            data.swap(i, j);
        }
    }
    let mut len = 2;
    while len <= n {
        let half = len / 2;
        let step = n / len * stride;
        for start in (0..n).step_by(len) {
            for k in 0..half {
                let mut w = twiddles[k * step];
                if inverse {
                    w = w.conj();
                }
                let u = data[start + k];
                let v = data[start + k + half].mul(w);
                data[start + k] = Complex {
                    re: u.re + v.re,
                    im: u.im + v.im,
                };
                data[start + k + half] = Complex {
                    re: u.re - v.re,
                    im: u.im - v.im,
                };
            }
        }
        len <<= 1;
    }
}

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
