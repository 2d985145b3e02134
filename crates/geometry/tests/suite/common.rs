//! Shape builders shared by the test modules.

use feldherr_geometry::{Angle, Circle, OrientedRect, Point, Polygon, Shape};

pub fn pt(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

pub fn deg(d: f64) -> Angle {
    Angle::from_degrees(d).unwrap()
}

pub fn circle(x: f64, y: f64, r: f64) -> Shape {
    Shape::from(Circle::new(pt(x, y), r).unwrap())
}

pub fn oriented(x: f64, y: f64, width: f64, length: f64, facing: f64) -> OrientedRect {
    OrientedRect::new(pt(x, y), width, length, deg(facing)).unwrap()
}

pub fn rect(x: f64, y: f64, width: f64, length: f64, facing: f64) -> Shape {
    Shape::from(oriented(x, y, width, length, facing))
}

pub fn poly(points: &[(f64, f64)]) -> Shape {
    Shape::from(Polygon::new(points.iter().map(|&(x, y)| pt(x, y)).collect()).unwrap())
}

/// A U-shaped polygon, 6 wide and 4 high, with a 2 x 2 notch cut into the
/// middle of its top (x 2..4, y 2..4), counter-clockwise.
pub fn u_shape() -> Shape {
    poly(&[
        (0.0, 0.0),
        (6.0, 0.0),
        (6.0, 4.0),
        (4.0, 4.0),
        (4.0, 2.0),
        (2.0, 2.0),
        (2.0, 4.0),
        (0.0, 4.0),
    ])
}

/// The same U, clockwise.
pub fn u_shape_clockwise() -> Shape {
    poly(&[
        (0.0, 4.0),
        (2.0, 4.0),
        (2.0, 2.0),
        (4.0, 2.0),
        (4.0, 4.0),
        (6.0, 4.0),
        (6.0, 0.0),
        (0.0, 0.0),
    ])
}
