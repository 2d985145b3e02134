//! Named bonuses for one side of a game.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Side;

/// A named bonus (or, with a negative amount, a penalty) of victory points
/// or event points for one side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bonus {
    /// What the bonus is for ("more standards captured").
    pub name: String,
    /// The side that gets it.
    pub side: Side,
    /// The amount; negative for a penalty.
    pub amount: i32,
}

impl Bonus {
    /// A bonus of `amount` for `side`.
    pub fn new(name: impl Into<String>, side: Side, amount: i32) -> Self {
        Self {
            name: name.into(),
            side,
            amount,
        }
    }

    /// The bonus for the side with the larger count, or `None` when both
    /// counts are equal. Example: +100 VP for the side that captured more
    /// standards (WFB New Year event, N2).
    ///
    /// ```
    /// use feldherr_scoring::{Bonus, Side};
    ///
    /// let bonus = Bonus::to_side_with_more("more standards", 100, 1, 3);
    /// assert_eq!(bonus.map(|b| b.side), Some(Side::B));
    /// assert_eq!(Bonus::to_side_with_more("more standards", 100, 2, 2), None);
    /// ```
    pub fn to_side_with_more(
        name: impl Into<String>,
        amount: i32,
        a_count: u64,
        b_count: u64,
    ) -> Option<Self> {
        let side = match a_count.cmp(&b_count) {
            std::cmp::Ordering::Greater => Side::A,
            std::cmp::Ordering::Less => Side::B,
            std::cmp::Ordering::Equal => return None,
        };
        Some(Self::new(name, side, amount))
    }
}

/// `+100 for A (more standards)`.
impl fmt::Display for Bonus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:+} for {} ({})", self.amount, self.side, self.name)
    }
}

/// The bonuses of one game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Bonuses(Vec<Bonus>);

impl Bonuses {
    /// No bonuses.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a bonus.
    pub fn push(&mut self, bonus: Bonus) {
        self.0.push(bonus);
    }

    /// Adds a bonus if there is one (convenient with
    /// [`Bonus::to_side_with_more`]).
    pub fn extend_with(&mut self, bonus: Option<Bonus>) {
        self.0.extend(bonus);
    }

    /// All bonuses in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = &Bonus> {
        self.0.iter()
    }

    /// The bonuses of one side.
    pub fn for_side(&self, side: Side) -> impl Iterator<Item = &Bonus> {
        self.0.iter().filter(move |b| b.side == side)
    }

    /// Sum of one side's bonuses (amounts are `i32`, the sum is `i64`).
    pub fn total(&self, side: Side) -> i64 {
        self.for_side(side)
            .fold(0_i64, |sum, b| sum.saturating_add(i64::from(b.amount)))
    }
}

impl FromIterator<Bonus> for Bonuses {
    fn from_iter<I: IntoIterator<Item = Bonus>>(iter: I) -> Self {
        Self(iter.into_iter().collect())
    }
}
