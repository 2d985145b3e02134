//! Exact contact intervals for a shape (or point) moving in a straight line
//! (internal engine behind the path and sweep queries).
//!
//! Contact between the moving set and the fixed set can only begin or end at
//! a travel where their boundaries touch: a corner of one on a curve of the
//! other, or two curves tangent. All such travels are solved in closed form
//! (linear or quadratic equations); between two consecutive ones the answer
//! cannot change, so one test at the midpoint decides the whole stretch.

use crate::curve::{point_hits, tangencies};
use crate::prim::Prim;
use crate::{Interval, Vector};

/// Travels in `[0, travel]` at which the level set of `moving` at `tm`,
/// translated by `s·dir`, can start or stop meeting the level set of `fixed`
/// at `tf`. Sorted, without duplicates, always including `0` and `travel`.
pub(crate) fn critical_travels(
    moving: &Prim,
    tm: f64,
    fixed: &Prim,
    tf: f64,
    dir: Vector,
    travel: f64,
) -> Vec<f64> {
    let cm = moving.level_curves(tm);
    let cf = fixed.level_curves(tf);
    let mut events = vec![0.0, travel];
    for p in moving.level_corners(tm, &cm) {
        for &curve in &cf {
            point_hits(p, dir, curve, &mut events);
        }
    }
    for q in fixed.level_corners(tf, &cf) {
        for &curve in &cm {
            point_hits(q, -dir, curve, &mut events);
        }
    }
    for &x in &cm {
        for &y in &cf {
            tangencies(x, y, dir, &mut events);
        }
    }
    events.retain(|s| s.is_finite() && *s >= 0.0 && *s <= travel);
    events.sort_by(f64::total_cmp);
    events.dedup_by(|b, a| (*b - *a).abs() <= 1e-12);
    events
}

/// The maximal closed intervals on which `holds` is true, given the sorted
/// critical travels between which it cannot change.
pub(crate) fn classify(events: &[f64], holds: impl Fn(f64) -> bool) -> Vec<Interval> {
    let mut out: Vec<Interval> = Vec::new();
    let mut extend = |from: f64, to: f64| match out.last_mut() {
        Some(last) if last.leave >= from => last.leave = last.leave.max(to),
        _ => out.push(Interval::new(from, to)),
    };
    for (i, &e) in events.iter().enumerate() {
        if holds(e) {
            extend(e, e);
        }
        if let Some(&next) = events.get(i + 1)
            && holds((e + next) / 2.0)
        {
            extend(e, next);
        }
    }
    out
}

/// Joins intervals that meet or overlap (input sorted by `enter`).
pub(crate) fn merge(intervals: Vec<Interval>, slack: f64) -> Vec<Interval> {
    let mut out: Vec<Interval> = Vec::with_capacity(intervals.len());
    for iv in intervals {
        match out.last_mut() {
            Some(last) if iv.enter <= last.leave + slack => last.leave = last.leave.max(iv.leave),
            _ => out.push(iv),
        }
    }
    out
}
