//! What a battle result can be, from the event's army size (issue 26:
//! 999,999,999 VP against 800 with 37 standards was accepted).

use serde::{Deserialize, Serialize};

use crate::BattleResult;

/// The largest army size the event takes, in points (the setting's
/// bound).
pub const MAX_ARMY_SIZE: u32 = 100_000;

/// Army points per standard a side can capture at most (PN2): one
/// standard per full 50 points of the army size (30 at 1500).
pub const POINTS_PER_STANDARD: u32 = 50;

/// The most a battle result's fields can be, for one army size.
///
/// PN1: the VP a side enters (before the +100 for more standards, N2)
/// can be at most what the whole enemy army is worth, the event's army
/// size (N7: every army is built to it); with the bonus a side's total is
/// at most the army size plus 100. PN2: captured standards at most one
/// per full [`POINTS_PER_STANDARD`] points of the army size. (Treasures
/// are bounded by the score: 3 together, N3.)
///
/// ```
/// use feldherr_wfb_newyear::ResultBounds;
///
/// let bounds = ResultBounds::for_army(1500);
/// assert_eq!(bounds.max_victory_points, 1500);
/// assert_eq!(bounds.max_standards, 30);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultBounds {
    /// The event's army size in points (N7).
    pub army_size: u32,
    /// The most VP one side can enter (PN1).
    pub max_victory_points: i64,
    /// The most standards one side can capture (PN2).
    pub max_standards: i64,
}

/// One value of a result beyond its bound.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OutOfBounds {
    /// `a` or `b`.
    pub side: char,
    /// The field (`victory_points`).
    pub field: &'static str,
    /// The value entered.
    pub value: i64,
    /// The bound.
    pub max: i64,
    /// The ruling that sets it.
    pub rule: &'static str,
}

impl ResultBounds {
    /// The bounds for armies of `army_size` points.
    pub const fn for_army(army_size: u32) -> Self {
        Self {
            army_size,
            max_victory_points: army_size as i64,
            max_standards: (army_size / POINTS_PER_STANDARD) as i64,
        }
    }

    /// Every value of `result` above its bound, side A first. Negative
    /// values are left to [`crate::BattleKind::score`], which names them.
    pub(crate) fn check(&self, result: &BattleResult) -> Vec<OutOfBounds> {
        let mut out = Vec::new();
        for (side, r) in [('a', &result.a), ('b', &result.b)] {
            let fields = [
                (
                    "victory_points",
                    r.victory_points,
                    self.max_victory_points,
                    "PN1",
                ),
                (
                    "standards_captured",
                    r.standards_captured,
                    self.max_standards,
                    "PN2",
                ),
            ];
            for (field, value, max, rule) in fields {
                if value > max {
                    out.push(OutOfBounds {
                        side,
                        field,
                        value,
                        max,
                        rule,
                    });
                }
            }
        }
        out
    }
}
