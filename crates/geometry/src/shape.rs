//! The area shapes that pieces and terrain occupy.

use serde::{Deserialize, Serialize};

use crate::prim::Prim;
use crate::{Angle, Bounds, Circle, OrientedRect, Point, Polygon, Vector};

/// Any area shape on the table: what every distance, contact, containment,
/// path and placement query works on.
///
/// Serialised with a `kind` tag (`"circle"`, `"rect"`, `"polygon"`) next to
/// the shape's own fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Shape {
    /// A disc.
    Circle(Circle),
    /// An oriented rectangle.
    Rect(OrientedRect),
    /// A simple polygon.
    Polygon(Polygon),
}

impl Shape {
    /// The enclosed area.
    #[must_use]
    pub fn area(&self) -> f64 {
        match self {
            Shape::Circle(c) => c.area(),
            Shape::Rect(r) => r.area(),
            Shape::Polygon(p) => p.area(),
        }
    }

    /// The bounding box.
    #[must_use]
    pub fn bounds(&self) -> Bounds {
        match self {
            Shape::Circle(c) => c.bounds(),
            Shape::Rect(r) => r.bounds(),
            Shape::Polygon(p) => p.bounds(),
        }
    }

    /// The centre of area (centre of a circle or rectangle).
    #[must_use]
    pub fn centroid(&self) -> Point {
        match self {
            Shape::Circle(c) => c.center(),
            Shape::Rect(r) => r.center(),
            Shape::Polygon(p) => p.centroid(),
        }
    }

    /// Whether the shape is convex (circles and rectangles always are).
    #[must_use]
    pub fn is_convex(&self) -> bool {
        match self {
            Shape::Circle(_) | Shape::Rect(_) => true,
            Shape::Polygon(p) => p.is_convex(),
        }
    }

    /// Whether `point` lies inside the shape or on its boundary (up to
    /// [`GEOMETRIC_EPSILON`](crate::GEOMETRIC_EPSILON)); exactly when
    /// [`Shape::distance_to_point`] is zero.
    #[must_use]
    pub fn contains_point(&self, point: Point) -> bool {
        Prim::from_shape(self).contains(point)
    }

    /// Distance from `point` to the shape: zero inside or on the boundary.
    #[must_use]
    pub fn distance_to_point(&self, point: Point) -> f64 {
        Prim::from_shape(self).distance_to_point(point)
    }

    /// This shape moved by `offset`.
    #[must_use]
    pub fn translate(&self, offset: Vector) -> Shape {
        match self {
            Shape::Circle(c) => Shape::Circle(c.translate(offset)),
            Shape::Rect(r) => Shape::Rect(r.translate(offset)),
            Shape::Polygon(p) => Shape::Polygon(p.translate(offset)),
        }
    }

    /// This shape rotated counter-clockwise by `angle` about `pivot`
    /// (a rectangle's facing turns with it).
    #[must_use]
    pub fn rotate_about(&self, pivot: Point, angle: Angle) -> Shape {
        match self {
            Shape::Circle(c) => Shape::Circle(c.rotate_about(pivot, angle)),
            Shape::Rect(r) => Shape::Rect(r.rotate_about(pivot, angle)),
            Shape::Polygon(p) => Shape::Polygon(p.rotate_about(pivot, angle)),
        }
    }
}

impl From<Circle> for Shape {
    fn from(c: Circle) -> Shape {
        Shape::Circle(c)
    }
}

impl From<OrientedRect> for Shape {
    fn from(r: OrientedRect) -> Shape {
        Shape::Rect(r)
    }
}

impl From<Polygon> for Shape {
    fn from(p: Polygon) -> Shape {
        Shape::Polygon(p)
    }
}
