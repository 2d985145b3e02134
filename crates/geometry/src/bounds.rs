//! Axis-aligned bounding boxes.

use serde::{Deserialize, Serialize};

use crate::Point;

/// An axis-aligned box, `min` at the lower-left and `max` at the upper-right.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Bounds {
    /// Lower-left corner (smallest x and y).
    pub min: Point,
    /// Upper-right corner (largest x and y).
    pub max: Point,
}

impl Bounds {
    /// The smallest box holding all `points`, or `None` if there are none.
    pub fn from_points<I: IntoIterator<Item = Point>>(points: I) -> Option<Bounds> {
        let mut iter = points.into_iter();
        let first = iter.next()?;
        Some(iter.fold(
            Bounds {
                min: first,
                max: first,
            },
            |b, p| Bounds {
                min: Point::new(b.min.x.min(p.x), b.min.y.min(p.y)),
                max: Point::new(b.max.x.max(p.x), b.max.y.max(p.y)),
            },
        ))
    }

    /// Extent along x.
    #[must_use]
    pub fn width(self) -> f64 {
        self.max.x - self.min.x
    }

    /// Extent along y.
    #[must_use]
    pub fn height(self) -> f64 {
        self.max.y - self.min.y
    }

    /// Whether the two boxes, each grown by `margin` on every side, meet.
    #[must_use]
    pub fn meets(self, other: Bounds, margin: f64) -> bool {
        self.min.x - margin <= other.max.x + margin
            && other.min.x - margin <= self.max.x + margin
            && self.min.y - margin <= other.max.y + margin
            && other.min.y - margin <= self.max.y + margin
    }
}
