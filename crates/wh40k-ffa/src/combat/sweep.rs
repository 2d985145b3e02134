//! Sweeping advance (Vorstürmen), ruling F4, and its exact odds.

use serde::{Deserialize, Serialize};

/// When a winning unit's roll catches a fleeing unit (F4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SweepRule {
    /// Each tie destroys the fleeing unit (default, as the text says).
    #[default]
    TiesDestroy,
    /// A roll equal or higher destroys it, as in the base game (option).
    EqualOrHigherDestroys,
}

impl SweepRule {
    /// Whether a winning total `winner` catches a fleeing total `fleeing`.
    pub fn catches(self, winner: u32, fleeing: u32) -> bool {
        match self {
            SweepRule::TiesDestroy => winner == fleeing,
            SweepRule::EqualOrHigherDestroys => winner >= fleeing,
        }
    }

    /// The catalogue key naming the rule.
    pub fn label_key(self) -> &'static str {
        match self {
            SweepRule::TiesDestroy => "wh40k_ffa.sweep.ties",
            SweepRule::EqualOrHigherDestroys => "wh40k_ffa.sweep.equal_or_higher",
        }
    }

    /// Whether a fleeing unit of Initiative `fleeing_i` rolling `face` is
    /// caught by any of the winning totals.
    pub fn caught(self, winner_totals: &[u32], fleeing_total: u32) -> bool {
        winner_totals
            .iter()
            .any(|&w| self.catches(w, fleeing_total))
    }

    /// The exact chance that a winning unit of Initiative `initiative`
    /// (rolling D6 + Initiative, P25) catches a fleeing total `fleeing`.
    fn chance_one(self, initiative: u32, fleeing: u32) -> f64 {
        let hits = (1..=6u32)
            .filter(|d| self.catches(d + initiative, fleeing))
            .count();
        hits as f64 / 6.0
    }

    /// The exact chance, before any die is rolled, that a fleeing unit of
    /// Initiative `fleeing_i` is caught by winning units of Initiatives
    /// `winner_is`.
    pub fn chance_caught(self, winner_is: &[u32], fleeing_i: u32) -> f64 {
        (1..=6u32)
            .map(|d| {
                let t = d + fleeing_i;
                let escape: f64 = winner_is
                    .iter()
                    .map(|&i| 1.0 - self.chance_one(i, t))
                    .product();
                (1.0 - escape) / 6.0
            })
            .sum()
    }

    /// The exact chance that a fleeing unit of Initiative `fleeing_i` is
    /// caught once the winners' totals are known.
    pub fn chance_caught_given(self, winner_totals: &[u32], fleeing_i: u32) -> f64 {
        let caught = (1..=6u32)
            .filter(|d| self.caught(winner_totals, d + fleeing_i))
            .count();
        caught as f64 / 6.0
    }
}
