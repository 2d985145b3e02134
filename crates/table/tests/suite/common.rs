//! Shared builders and the fixture loader.

use std::path::PathBuf;

use feldherr_table::geometry::{Angle, Circle, OrientedRect, Point, Polygon, Shape};
use feldherr_table::{Layer, Piece};
use serde::de::DeserializeOwned;

pub fn pt(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

pub fn deg(d: f64) -> Angle {
    Angle::from_degrees(d).unwrap()
}

pub fn circle(x: f64, y: f64, r: f64) -> Shape {
    Shape::from(Circle::new(pt(x, y), r).unwrap())
}

pub fn rect(x: f64, y: f64, width: f64, length: f64, facing: f64) -> Shape {
    Shape::from(OrientedRect::new(pt(x, y), width, length, deg(facing)).unwrap())
}

pub fn poly(points: &[(f64, f64)]) -> Shape {
    Shape::from(Polygon::new(points.iter().map(|&(x, y)| pt(x, y)).collect()).unwrap())
}

pub fn terrain(id: u64, name: &str, kind: &str, shape: Shape) -> Piece {
    Piece::new(id, name, kind, Layer::Terrain, shape)
}

/// Reads and parses `fixtures/table/<name>`.
pub fn fixture<T: DeserializeOwned>(name: &str) -> T {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/table")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
