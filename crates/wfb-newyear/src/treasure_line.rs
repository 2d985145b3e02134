//! Where the three treasure cards go (N4).

use std::fmt;

use feldherr_scoring::Side;
use serde::{Deserialize, Serialize};

use crate::{NewYearError, PlayingTable};

/// A point on the table, in inches (see [`PlayingTable`] for the axes).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Along the long edges, from the left short edge.
    pub x: f64,
    /// From player A's long edge towards player B's.
    pub y: f64,
}

/// The treasure line and the three treasure card positions (N4).
///
/// The line runs parallel to the long edges through the middle of the
/// table; the cards lie a quarter of the long edge apart and from the short
/// edges (18, 36 and 54 in on a 72 in table). Before the cards are placed
/// the line moves by the difference of the players' highest Movement among
/// their units that may recover treasures (N5), towards the deployment edge
/// of the player with the lower value.
///
/// ```
/// use feldherr_scoring::Side;
/// use feldherr_wfb_newyear::{PlayingTable, TreasureLine};
///
/// // Dwarfs (A, Movement 3) against Goblin wolf riders (B, Movement 9).
/// let line = TreasureLine::place(PlayingTable::default(), 3, 9)?;
/// assert_eq!(line.shift, 6.0);
/// assert_eq!(line.towards, Some(Side::A));
/// assert_eq!(line.line_y, 18.0); // 24 in from A's edge, 6 in towards it
/// assert_eq!(line.cards.map(|c| c.x), [18.0, 36.0, 54.0]);
/// # Ok::<(), feldherr_wfb_newyear::NewYearError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreasureLine {
    /// The table.
    pub table: PlayingTable,
    /// The shift in inches (0 or more).
    pub shift: f64,
    /// The player towards whose edge the line moved; `None`: no shift.
    pub towards: Option<Side>,
    /// The line's distance from player A's edge, in inches.
    pub line_y: f64,
    /// The three card positions, left to right.
    pub cards: [Position; 3],
}

/// A treasure card's size on the table, in inches: a playing card (the
/// text gives none), its long side across
/// the table.
pub const TREASURE_CARD_IN: (f64, f64) = (2.5, 3.5);

impl TreasureLine {
    /// Card `card`'s outline on the table (0 to 2, left to right), its
    /// long side across the line; `None` for another index. The recovery
    /// check (N5) measures from it.
    ///
    /// ```
    /// use feldherr_wfb_newyear::{PlayingTable, TreasureLine};
    ///
    /// let line = TreasureLine::place(PlayingTable::new(72.0, 48.0)?, 5, 4)?;
    /// let card = line.card_shape(1).expect("the middle card");
    /// let bounds = card.bounds();
    /// assert!((bounds.max.x - bounds.min.x - 2.5).abs() < 1e-9);
    /// assert!((bounds.max.y - bounds.min.y - 3.5).abs() < 1e-9);
    /// assert!(line.card_shape(3).is_none());
    /// # Ok::<(), feldherr_wfb_newyear::NewYearError>(())
    /// ```
    #[must_use]
    pub fn card_shape(&self, card: usize) -> Option<feldherr_geometry::Shape> {
        use feldherr_geometry::{Angle, OrientedRect, Point, Shape};
        let position = self.cards.get(card)?;
        let facing = Angle::from_degrees(90.0).ok()?;
        OrientedRect::new(
            Point::new(position.x, position.y),
            TREASURE_CARD_IN.0,
            TREASURE_CARD_IN.1,
            facing,
        )
        .ok()
        .map(Shape::Rect)
    }

    /// Places the line from each player's highest Movement among his units
    /// that may recover treasures.
    ///
    /// # Errors
    ///
    /// [`NewYearError::InvalidValue`] for a table that is not finite and
    /// positive; [`NewYearError::LineOffTable`] when the shift reaches or
    /// passes a long edge.
    pub fn place(
        table: PlayingTable,
        movement_a: u32,
        movement_b: u32,
    ) -> Result<Self, NewYearError> {
        table.validate()?;
        let shift = f64::from(movement_a.abs_diff(movement_b));
        let middle = table.depth / 2.0;
        let (towards, line_y) = match movement_a.cmp(&movement_b) {
            // A is slower: towards A's edge at y = 0.
            std::cmp::Ordering::Less => (Some(Side::A), middle - shift),
            std::cmp::Ordering::Greater => (Some(Side::B), middle + shift),
            std::cmp::Ordering::Equal => (None, middle),
        };
        if let Some(side) = towards
            && !(line_y > 0.0 && line_y < table.depth)
        {
            return Err(NewYearError::LineOffTable {
                shift,
                towards: side,
                line_y,
                depth: table.depth,
            });
        }
        let quarter = table.width / 4.0;
        let cards = [1.0, 2.0, 3.0].map(|k| Position {
            x: quarter * k,
            y: line_y,
        });
        Ok(Self {
            table,
            shift,
            towards,
            line_y,
            cards,
        })
    }
}

/// `treasure line at y = 18 in (6 in towards A); cards at (18, 18), (36,
/// 18), (54, 18)`.
impl fmt::Display for TreasureLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "treasure line at y = {} in (", self.line_y)?;
        match self.towards {
            Some(side) => write!(f, "{} in towards {side}", self.shift)?,
            None => f.write_str("no shift")?,
        }
        f.write_str("); cards at ")?;
        let cards: Vec<String> = self
            .cards
            .iter()
            .map(|c| format!("({}, {})", c.x, c.y))
            .collect();
        f.write_str(&cards.join(", "))
    }
}
