//! A two-sided game scored by a band table.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Band, BandTable, Side};

/// Two sides' victory-point totals read off a [`BandTable`].
///
/// The leader is the side with more victory points, even in a band that
/// gives both sides the same points; only a difference of exactly 0 is a
/// draw (`leader: None`), and then both sides get the first band's (equal)
/// points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchScore {
    /// Side A's victory points, bonuses included.
    pub a_total: i64,
    /// Side B's victory points, bonuses included.
    pub b_total: i64,
    /// Absolute difference of the totals.
    pub difference: u64,
    /// The side with more victory points; `None` for a draw.
    pub leader: Option<Side>,
    /// The band the difference falls into.
    pub band: Band,
    /// Side A's event points from the band.
    pub a_points: u32,
    /// Side B's event points from the band.
    pub b_points: u32,
}

impl MatchScore {
    /// Scores two totals with `table`.
    ///
    /// ```
    /// use feldherr_scoring::{BandTable, MatchScore, Side};
    ///
    /// let score = MatchScore::new(&BandTable::raeuber_warhammer(), 1350, 700);
    /// assert_eq!(score.difference, 650);
    /// assert_eq!(score.leader, Some(Side::A));
    /// assert_eq!((score.a_points, score.b_points), (3, 6)); // losing pays (N1)
    /// ```
    pub fn new(table: &BandTable, a_total: i64, b_total: i64) -> Self {
        let difference = a_total.abs_diff(b_total);
        let band = *table.lookup(difference);
        let leader = match a_total.cmp(&b_total) {
            std::cmp::Ordering::Greater => Some(Side::A),
            std::cmp::Ordering::Less => Some(Side::B),
            std::cmp::Ordering::Equal => None,
        };
        let (a_points, b_points) = match leader {
            Some(Side::A) => (band.winner, band.loser),
            Some(Side::B) => (band.loser, band.winner),
            // A validated table gives equal points in the band holding 0.
            None => (band.winner, band.winner),
        };
        Self {
            a_total,
            b_total,
            difference,
            leader,
            band,
            a_points,
            b_points,
        }
    }

    /// One side's event points.
    pub fn points(&self, side: Side) -> u32 {
        match side {
            Side::A => self.a_points,
            Side::B => self.b_points,
        }
    }

    /// One side's victory-point total.
    pub fn total(&self, side: Side) -> i64 {
        match side {
            Side::A => self.a_total,
            Side::B => self.b_total,
        }
    }

    /// One side's total minus the other's (positive when ahead).
    pub fn margin(&self, side: Side) -> i64 {
        self.total(side).saturating_sub(self.total(side.other()))
    }
}

/// `A 1350 - B 700: A leads by 650 (band 600-899), event points A 3, B 6`.
impl fmt::Display for MatchScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "A {} - B {}: ", self.a_total, self.b_total)?;
        match self.leader {
            Some(side) => write!(f, "{side} leads by {}", self.difference)?,
            None => f.write_str("draw")?,
        }
        write!(
            f,
            " (band {}), event points A {}, B {}",
            self.band, self.a_points, self.b_points
        )
    }
}
