//! Fourier transforms of real probability vectors, for long convolutions
//! and for the `n`-th power of one distribution (a sum of `n` identical
//! dice) in one forward and one inverse transform.
//!
//! A real vector of length `m` (a power of two) is transformed as a
//! complex vector of length `m / 2` (even entries in the real part, odd in
//! the imaginary part) and split afterwards. The complex transform is an
//! iterative radix-2 one over separate real and imaginary arrays, with the
//! twiddle factors of each stage stored contiguously so that the inner
//! loops vectorise. Plans (twiddles, bit reversal) are kept per thread and
//! size, so a second transform of the same size computes no sine.

use std::cell::RefCell;
use std::f64::consts::PI;
use std::rc::Rc;

use crate::work::{W_FFT_ENTRY, W_PLAN, butterfly_weight, charge};

/// Twiddle factors and bit-reversal swaps of one transform size.
#[derive(Debug)]
struct Plan {
    /// Length of the real vector (a power of two, at least 4).
    m: usize,
    /// `exp(-2 pi i k / (2 half))` of the stage with `half` at
    /// `[half..2 half]`, for the complex length `m / 2`.
    stage_re: Vec<f64>,
    stage_im: Vec<f64>,
    /// `exp(-2 pi i k / m)` for `k < m / 2`: the split of the real
    /// transform.
    split_re: Vec<f64>,
    split_im: Vec<f64>,
    /// Index pairs `(i, j)`, `i < j`, swapped by the bit reversal.
    swaps: Vec<(u32, u32)>,
}

impl Plan {
    fn new(m: usize) -> Self {
        let h = m / 2;
        // exp(-2 pi i k / m) for k < m / 2: a quarter by sine and cosine,
        // the second quarter from the first (times -i).
        let quarter = m / 4;
        let mut split_re = vec![0.0; h];
        let mut split_im = vec![0.0; h];
        for k in 0..quarter {
            let (s, c) = (-2.0 * PI * k as f64 / m as f64).sin_cos();
            split_re[k] = c;
            split_im[k] = s;
            split_re[k + quarter] = s;
            split_im[k + quarter] = -c;
        }
        // Stage `half` uses exp(-pi i k / half) = entry k m / (2 half).
        let mut stage_re = vec![0.0; h.max(1)];
        let mut stage_im = vec![0.0; h.max(1)];
        let mut half = 1;
        while half < h {
            let stride = m / (2 * half);
            for k in 0..half {
                stage_re[half + k] = split_re[k * stride];
                stage_im[half + k] = split_im[k * stride];
            }
            half *= 2;
        }
        let bits = h.trailing_zeros();
        let swaps = (0..h)
            .filter_map(|i| {
                let j = if bits == 0 {
                    0
                } else {
                    i.reverse_bits() >> (usize::BITS - bits)
                };
                (i < j).then_some((i as u32, j as u32))
            })
            .collect();
        Self {
            m,
            stage_re,
            stage_im,
            split_re,
            split_im,
            swaps,
        }
    }

    /// In-place complex transform of length `m / 2` (unscaled, forward).
    /// Called with `re` and `im` exchanged it is the inverse (unscaled).
    fn complex(&self, re: &mut [f64], im: &mut [f64]) {
        let h = re.len();
        for &(i, j) in &self.swaps {
            re.swap(i as usize, j as usize);
            im.swap(i as usize, j as usize);
        }
        if h < 2 {
            return;
        }
        // First stage (twiddle 1) on neighbours.
        for (r, i) in re.chunks_exact_mut(2).zip(im.chunks_exact_mut(2)) {
            let (ar, ai, br, bi) = (r[0], i[0], r[1], i[1]);
            r[0] = ar + br;
            i[0] = ai + bi;
            r[1] = ar - br;
            i[1] = ai - bi;
        }
        let mut half = 2;
        while half < h {
            let wr = &self.stage_re[half..2 * half];
            let wi = &self.stage_im[half..2 * half];
            for (r, i) in re
                .chunks_exact_mut(2 * half)
                .zip(im.chunks_exact_mut(2 * half))
            {
                let (ra, rb) = r.split_at_mut(half);
                let (ia, ib) = i.split_at_mut(half);
                for (((((ra, ia), rb), ib), &wr), &wi) in ra
                    .iter_mut()
                    .zip(ia.iter_mut())
                    .zip(rb.iter_mut())
                    .zip(ib.iter_mut())
                    .zip(wr)
                    .zip(wi)
                {
                    let tr = *rb * wr - *ib * wi;
                    let ti = *rb * wi + *ib * wr;
                    *rb = *ra - tr;
                    *ib = *ia - ti;
                    *ra += tr;
                    *ia += ti;
                }
            }
            half *= 2;
        }
    }

    /// Work of one transform: its butterflies and the entries packed,
    /// split and unpacked.
    fn work(&self) -> f64 {
        transform_cost(self.m)
    }
}

/// Estimated work of one real transform (forward or inverse) of length
/// `m` (a power of two, at least 4), plan included.
pub(crate) fn transform_cost(m: usize) -> f64 {
    let h = (m / 2) as f64;
    butterfly_weight(m) * h / 2.0 * h.log2() + W_FFT_ENTRY * m as f64
}

/// Estimated work of making the plan of length `m` once (sines and
/// cosines); counted when it is made.
pub(crate) fn plan_cost(m: usize) -> f64 {
    W_PLAN * m as f64
}

/// The transform length for a result of `len` entries.
pub(crate) fn length_for(len: usize) -> usize {
    len.next_power_of_two().max(4)
}

thread_local! {
    /// Plans by `log2(m)`.
    static PLANS: RefCell<Vec<Option<Rc<Plan>>>> = const { RefCell::new(Vec::new()) };
}

/// The plan for real length `m` (a power of two, at least 4), and whether
/// it had to be made.
fn plan(m: usize) -> (Rc<Plan>, bool) {
    let at = m.trailing_zeros() as usize;
    PLANS.with(|plans| {
        let mut plans = plans.borrow_mut();
        if plans.len() <= at {
            plans.resize(at + 1, None);
        }
        match &plans[at] {
            Some(p) => (Rc::clone(p), false),
            None => {
                let p = Rc::new(Plan::new(m));
                plans[at] = Some(Rc::clone(&p));
                (p, true)
            }
        }
    })
}

/// The spectrum of a real vector: entries `0..=m/2` of its discrete Fourier
/// transform (the rest are their conjugates).
#[derive(Debug)]
pub(crate) struct Spectrum {
    plan: Rc<Plan>,
    pub re: Vec<f64>,
    pub im: Vec<f64>,
}

/// Transforms `x` zero-padded to length `m` (a power of two, at least 4,
/// not shorter than `x`).
pub(crate) fn forward(x: &[f64], m: usize) -> Spectrum {
    let (plan, made) = plan(m);
    if made {
        charge(plan_cost(m));
    }
    charge(plan.work());
    let h = m / 2;
    let mut re = vec![0.0; h + 1];
    let mut im = vec![0.0; h + 1];
    for (j, pair) in x.chunks(2).enumerate() {
        re[j] = pair[0];
        im[j] = pair.get(1).copied().unwrap_or(0.0);
    }
    plan.complex(&mut re[..h], &mut im[..h]);
    // Split: E = (Z[k] + conj Z[h-k]) / 2, O = (Z[k] - conj Z[h-k]) / 2i,
    // X[k] = E + W^k O, X[h - k] = conj(E - W^k O).
    let (z0r, z0i) = (re[0], im[0]);
    re[0] = z0r + z0i;
    im[0] = 0.0;
    re[h] = z0r - z0i;
    im[h] = 0.0;
    for k in 1..=h / 2 {
        let (ar, ai) = (re[k], im[k]);
        let (br, bi) = (re[h - k], -im[h - k]);
        let (er, ei) = ((ar + br) * 0.5, (ai + bi) * 0.5);
        // (a - b) / 2i = (ai - bi, -(ar - br)) / 2
        let (or, oi) = ((ai - bi) * 0.5, -(ar - br) * 0.5);
        let (wr, wi) = (plan.split_re[k], plan.split_im[k]);
        let (tr, ti) = (or * wr - oi * wi, or * wi + oi * wr);
        re[k] = er + tr;
        im[k] = ei + ti;
        re[h - k] = er - tr;
        im[h - k] = -(ei - ti);
    }
    Spectrum { plan, re, im }
}

impl Spectrum {
    /// The real vector of this spectrum, its first `len` entries.
    pub fn inverse(mut self, len: usize) -> Vec<f64> {
        charge(self.plan.work());
        let h = self.plan.m / 2;
        let (re, im) = (&mut self.re, &mut self.im);
        // E[k] = (X[k] + conj X[h-k]) / 2, O[k] = (X[k] - conj X[h-k]) / (2 W^k),
        // Z[k] = E[k] + i O[k].
        let (x0, xh) = (re[0], re[h]);
        re[0] = (x0 + xh) * 0.5;
        im[0] = (x0 - xh) * 0.5;
        for k in 1..=h / 2 {
            let (ar, ai) = (re[k], im[k]);
            let (br, bi) = (re[h - k], -im[h - k]);
            let (er, ei) = ((ar + br) * 0.5, (ai + bi) * 0.5);
            let (dr, di) = ((ar - br) * 0.5, (ai - bi) * 0.5);
            // O = d * conj(W^k)
            let (wr, wi) = (self.plan.split_re[k], -self.plan.split_im[k]);
            let (or, oi) = (dr * wr - di * wi, dr * wi + di * wr);
            // Z[k] = E + i O
            re[k] = er - oi;
            im[k] = ei + or;
            if k != h - k {
                // E[h-k] = conj E[k], O[h-k] = conj O[k]... for the partner:
                // Z[h-k] = conj(E) + i conj(O)
                re[h - k] = er + oi;
                im[h - k] = -ei + or;
            }
        }
        // Inverse complex transform: the forward one with re and im
        // exchanged.
        self.plan.complex(&mut im[..h], &mut re[..h]);
        let scale = 1.0 / h as f64;
        let mut out = Vec::with_capacity(len);
        for j in 0..h {
            if out.len() < len {
                out.push(re[j] * scale);
            }
            if out.len() < len {
                out.push(im[j] * scale);
            }
        }
        out
    }
}
