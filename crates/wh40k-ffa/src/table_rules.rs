//! The 40K table: terrain and marker types for this game, in inches.

use feldherr_table::geometry::{Unit, Vector};
use feldherr_table::{Layer, ShapeTemplate, TableRules, TypeDef};

use crate::deployment::ZONE_KIND;

fn terrain(id: &str, label: &str, colour: [u8; 3], shape: ShapeTemplate) -> TypeDef {
    TypeDef::new(id, label, colour, Layer::Terrain, shape).keyed()
}

fn marker(id: &str, label: &str, colour: [u8; 3], shape: ShapeTemplate) -> TypeDef {
    TypeDef::new(id, label, colour, Layer::Marker, shape).keyed()
}

fn model(id: &str, label: &str, colour: [u8; 3], shape: ShapeTemplate) -> TypeDef {
    TypeDef::new(id, label, colour, Layer::Model, shape)
        .keyed()
        .with_facing()
}

/// The 40K free-for-all's table rules, in inches (G1): hills, woods,
/// ruins, buildings, craters and impassable terrain; objectives and
/// deployment zones (the zones of F1 use [`ZONE_KIND`]); unit markers and
/// vehicles. No placement rule: the text leaves terrain to the players.
pub fn wh40k_table_rules() -> TableRules {
    let mut rules = TableRules::new("Warhammer 40,000 free-for-all", Unit::Inch);
    rules.types = vec![
        terrain(
            "hill",
            "Hill",
            [156, 124, 72],
            ShapeTemplate::Polygon {
                vertices: vec![
                    Vector::new(-6.0, -3.0),
                    Vector::new(0.0, -4.5),
                    Vector::new(6.0, -2.5),
                    Vector::new(5.0, 3.0),
                    Vector::new(-2.0, 4.5),
                ],
            },
        ),
        terrain(
            "wood",
            "Wood",
            [46, 112, 52],
            ShapeTemplate::Circle { radius: 4.0 },
        ),
        terrain(
            "ruins",
            "Ruins",
            [130, 110, 100],
            ShapeTemplate::Rect {
                width: 6.0,
                length: 8.0,
            },
        ),
        terrain(
            "building",
            "Building",
            [150, 72, 56],
            ShapeTemplate::Rect {
                width: 6.0,
                length: 6.0,
            },
        ),
        terrain(
            "crater",
            "Crater",
            [110, 100, 90],
            ShapeTemplate::Circle { radius: 2.5 },
        ),
        terrain(
            "impassable",
            "Impassable",
            [120, 120, 116],
            ShapeTemplate::Circle { radius: 3.0 },
        ),
        marker(
            "objective",
            "Objective",
            [230, 190, 40],
            ShapeTemplate::Circle { radius: 1.0 },
        ),
        marker(
            ZONE_KIND,
            "Deployment zone",
            [200, 90, 200],
            ShapeTemplate::Rect {
                width: 12.0,
                length: 18.0,
            },
        ),
        model(
            "unit",
            "Unit",
            [60, 70, 160],
            ShapeTemplate::Circle { radius: 2.0 },
        ),
        model(
            "vehicle",
            "Vehicle",
            [80, 90, 110],
            ShapeTemplate::Rect {
                width: 3.5,
                length: 5.0,
            },
        ),
    ];
    rules
}
