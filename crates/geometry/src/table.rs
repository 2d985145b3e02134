//! The playing surface and its edges.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::positive;
use crate::{Bounds, GEOMETRIC_EPSILON, GeometryError, Point, Segment, Shape};

/// One edge of the table. `Bottom` is the first player's edge (y = 0),
/// `Left` is x = 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TableEdge {
    /// x = 0.
    Left,
    /// x = table width.
    Right,
    /// y = 0, the first player's edge.
    Bottom,
    /// y = table depth.
    Top,
}

impl TableEdge {
    /// All four edges: left, right, bottom, top.
    pub const ALL: [TableEdge; 4] = [
        TableEdge::Left,
        TableEdge::Right,
        TableEdge::Bottom,
        TableEdge::Top,
    ];

    /// `left`, `right`, `bottom` or `top`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TableEdge::Left => "left",
            TableEdge::Right => "right",
            TableEdge::Bottom => "bottom",
            TableEdge::Top => "top",
        }
    }
}

impl fmt::Display for TableEdge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rectangular playing surface, from the origin to `(width, depth)`:
/// `width` along x (the long edge), `depth` along y.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Table {
    width: f64,
    depth: f64,
}

impl Table {
    /// A table `width` by `depth` native units.
    ///
    /// # Errors
    /// [`GeometryError::NotFinite`] / [`GeometryError::NotPositive`] naming
    /// `width` or `depth`.
    pub fn new(width: f64, depth: f64) -> Result<Table, GeometryError> {
        positive("width", width)?;
        positive("depth", depth)?;
        Ok(Table { width, depth })
    }

    /// Extent along x.
    #[must_use]
    pub const fn width(&self) -> f64 {
        self.width
    }

    /// Extent along y.
    #[must_use]
    pub const fn depth(&self) -> f64 {
        self.depth
    }

    /// The table's area as a box.
    #[must_use]
    pub fn bounds(&self) -> Bounds {
        Bounds {
            min: Point::ORIGIN,
            max: Point::new(self.width, self.depth),
        }
    }

    /// The edge as a segment (running counter-clockwise round the table).
    #[must_use]
    pub fn edge_segment(&self, edge: TableEdge) -> Segment {
        let (w, d) = (self.width, self.depth);
        let (a, b) = match edge {
            TableEdge::Bottom => (Point::new(0.0, 0.0), Point::new(w, 0.0)),
            TableEdge::Right => (Point::new(w, 0.0), Point::new(w, d)),
            TableEdge::Top => (Point::new(w, d), Point::new(0.0, d)),
            TableEdge::Left => (Point::new(0.0, d), Point::new(0.0, 0.0)),
        };
        Segment::from_trusted(a, b)
    }

    /// Signed edge-to-edge distance from `shape` to the table `edge`,
    /// measured inwards: positive when the shape is clear of that edge,
    /// zero when it touches it, negative (by how far it sticks out) when it
    /// crosses it.
    #[must_use]
    pub fn edge_distance(&self, shape: &Shape, edge: TableEdge) -> f64 {
        let b = shape.bounds();
        match edge {
            TableEdge::Left => b.min.x,
            TableEdge::Right => self.width - b.max.x,
            TableEdge::Bottom => b.min.y,
            TableEdge::Top => self.depth - b.max.y,
        }
    }

    /// [`Table::edge_distance`] to each edge, in the order of
    /// [`TableEdge::ALL`].
    #[must_use]
    pub fn edge_distances(&self, shape: &Shape) -> [(TableEdge, f64); 4] {
        TableEdge::ALL.map(|edge| (edge, self.edge_distance(shape, edge)))
    }

    /// Whether `shape` lies wholly on the table (touching an edge is fine).
    #[must_use]
    pub fn contains_wholly(&self, shape: &Shape) -> bool {
        TableEdge::ALL
            .iter()
            .all(|&e| self.edge_distance(shape, e) >= -GEOMETRIC_EPSILON)
    }
}

impl<'de> Deserialize<'de> for Table {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Data {
            width: f64,
            depth: f64,
        }
        let d = Data::deserialize(deserializer)?;
        Table::new(d.width, d.depth).map_err(serde::de::Error::custom)
    }
}
