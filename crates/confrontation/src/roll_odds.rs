//! Exact odds of Confrontation rolls, kept once computed.
//!
//! A step-by-step resolution runs again after every answer and asks for its
//! rolls' odds on each run; the exact distribution of an open-ended roll
//! follows long chains of sixes and is costly to build. The few kinds of
//! roll a game uses (FER tests, characteristic tests) are therefore kept per
//! thread, at most [`KEPT_ROLLS`] of them, the oldest dropped first, as the
//! chance of a fumble and of each result or better. The numbers are those of
//! [`ConfrontationRoll::distribution`], unchanged.

use std::cell::RefCell;

use crate::{ConfrontationResult, ConfrontationRoll};

/// How many kinds of roll are kept per thread.
const KEPT_ROLLS: usize = 16;

/// The odds of one kind of roll.
#[derive(Debug, Clone, PartialEq)]
struct Odds {
    fumble: f64,
    /// Each possible total, ascending, with the chance of it or more.
    at_least: Vec<(i32, f64)>,
}

impl Odds {
    fn of(roll: ConfrontationRoll) -> Self {
        let d = roll.distribution();
        let mut at_least: Vec<(i32, f64)> = d
            .iter()
            .filter_map(|(r, p)| match r {
                ConfrontationResult::Total(t) => Some((*t, p)),
                ConfrontationResult::Fumble => None,
            })
            .collect();
        let mut tail = 0.0;
        for (_, p) in at_least.iter_mut().rev() {
            tail += *p;
            *p = tail;
        }
        Self {
            fumble: d.prob_of(&ConfrontationResult::Fumble),
            at_least,
        }
    }

    fn at_least(&self, total: i32) -> f64 {
        let i = self.at_least.partition_point(|(t, _)| *t < total);
        self.at_least.get(i).map_or(0.0, |(_, p)| *p)
    }
}

thread_local! {
    static KEPT: RefCell<Vec<(ConfrontationRoll, Odds)>> = const { RefCell::new(Vec::new()) };
}

fn with_odds<T>(roll: ConfrontationRoll, read: impl Fn(&Odds) -> T) -> T {
    let kept = KEPT
        .try_with(|kept| {
            let mut kept = kept.try_borrow_mut().ok()?;
            if let Some((_, odds)) = kept.iter().find(|(r, _)| *r == roll) {
                return Some(read(odds));
            }
            let odds = Odds::of(roll);
            let value = read(&odds);
            if kept.len() >= KEPT_ROLLS {
                kept.remove(0);
            }
            kept.push((roll, odds));
            Some(value)
        })
        .ok()
        .flatten();
    // Without the thread's store (while the thread ends): compute afresh.
    kept.unwrap_or_else(|| read(&Odds::of(roll)))
}

/// The exact chance that `roll` gives a total (not a fumble) of `total` or more.
pub(crate) fn at_least(roll: ConfrontationRoll, total: i32) -> f64 {
    with_odds(roll, |odds| odds.at_least(total))
}

/// The exact chance that `roll` is a fumble.
pub(crate) fn fumble(roll: ConfrontationRoll) -> f64 {
    with_odds(roll, |odds| odds.fumble)
}
