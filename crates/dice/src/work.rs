//! The work the exact engine really does, counted in the units of the cost
//! model ([`crate::WORK_BUDGET`]), so that tests can check that the
//! estimate made before a computation bounds the work done in it.
//!
//! One unit is about one vectorised multiply-add of a direct convolution
//! (about 0.25 ns on one core of a current PC). Every kernel counts its
//! operations (inner-loop iterations, butterflies, entries written) and
//! charges them times the weight of that kind of operation below; the
//! weights were measured with `examples/cost_check.rs` (CPU time per
//! operation divided by that of a direct multiply-add).

use std::cell::Cell;

/// One multiply-add of a direct convolution.
pub(crate) const W_MULADD: f64 = 1.0;
/// One radix-2 FFT butterfly (a complex multiply and two complex adds)
/// of a transform that fits the caches (up to 2^18 entries); larger ones
/// cost more per butterfly, see [`butterfly_weight`].
pub(crate) const W_BUTTERFLY: f64 = 10.0;
/// One entry of a buffer an FFT convolution allocates, fills and reads
/// back (page faults included).
pub(crate) const W_FFT_ENTRY: f64 = 10.0;
/// One entry of a moving-window sum step (prefix sum, suffix sum and the
/// difference: a serial chain of dependent additions).
pub(crate) const W_WINDOW: f64 = 32.0;
/// One inner-loop element of the keep-highest/lowest pool.
pub(crate) const W_KEEP: f64 = 1.5;
/// One entry of a binomial row of the keep pool (a division each).
pub(crate) const W_BINOMIAL: f64 = 32.0;
/// One pair of a value-by-value product (`*`, `/`): the operator twice
/// and a scattered write.
pub(crate) const W_PAIR: f64 = 20.0;
/// One entry of an FFT plan made (a quarter of them a sine and cosine).
pub(crate) const W_PLAN: f64 = 24.0;
/// One term of the power recurrence (a multiply-add with its
/// coefficient).
pub(crate) const W_RECURRENCE: f64 = 2.0;
/// One complex multiplication of raising a frequency to a power.
pub(crate) const W_POWER: f64 = 4.0;
/// One entry of a distribution built, copied, mapped or trimmed.
pub(crate) const W_ENTRY: f64 = 4.0;

/// The weight of one butterfly of a transform of `m` entries: a
/// transform beyond 2^18 entries (4 MB of complex numbers) no longer fits
/// the caches and waits for memory, 6.5 units more per doubling.
pub(crate) fn butterfly_weight(m: usize) -> f64 {
    let doublings = (f64::from(m.max(1).trailing_zeros()) - 18.0).max(0.0);
    W_BUTTERFLY + 6.5 * doublings
}

thread_local! {
    static DONE: Cell<f64> = const { Cell::new(0.0) };
}

/// Counts `units` of work done.
pub(crate) fn charge(units: f64) {
    DONE.with(|d| d.set(d.get() + units));
}

/// The work counted on this thread since the last call, and a fresh count.
pub(crate) fn take() -> f64 {
    DONE.with(|d| d.replace(0.0))
}
