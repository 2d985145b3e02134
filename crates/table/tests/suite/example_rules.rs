//! Example rules of three systems, as test data: the rule systems' crates
//! own the real ones (ruling G2, W1), this crate only models tables.

use feldherr_table::geometry::{PlacementRules, Unit};
use feldherr_table::{Layer, ShapeTemplate, Table, TableRules, TypeDef};

fn circle(radius: f64) -> ShapeTemplate {
    ShapeTemplate::Circle { radius }
}

fn rect(width: f64, length: f64) -> ShapeTemplate {
    ShapeTemplate::Rect { width, length }
}

/// A polygon template from vertex offsets.
fn polygon(points: &[(f64, f64)]) -> ShapeTemplate {
    ShapeTemplate::Polygon {
        vertices: points
            .iter()
            .map(|&(x, y)| feldherr_table::geometry::Vector::new(x, y))
            .collect(),
    }
}

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

const HILL: [u8; 3] = [156, 124, 72];
const WOOD: [u8; 3] = [46, 112, 52];
const WATER: [u8; 3] = [70, 130, 200];
const BUILDING: [u8; 3] = [150, 72, 56];
const STONE: [u8; 3] = [120, 120, 116];
const OBJECTIVE: [u8; 3] = [230, 190, 40];
const ZONE: [u8; 3] = [200, 90, 200];
const MODEL: [u8; 3] = [60, 70, 160];
const FIGURE: [u8; 3] = [150, 60, 120];

/// Warmaster (ruling W1), in centimetres: hill, wood, river, building,
/// lake and impassable terrain, each piece at least 10 cm from every
/// table edge and 12 cm from every other piece; objective and
/// deployment-zone markers; unit stands (4 x 2 cm) with a facing.
pub fn warmaster() -> TableRules {
    TableRules {
        name: "Warmaster".to_owned(),
        unit: Unit::Centimetre,
        types: vec![
            terrain(
                "hill",
                "Hill",
                HILL,
                polygon(&[
                    (-12.0, -6.0),
                    (0.0, -9.0),
                    (12.0, -5.0),
                    (10.0, 6.0),
                    (-4.0, 9.0),
                ]),
            ),
            terrain("wood", "Wood", WOOD, circle(10.0)),
            terrain("river", "River", WATER, rect(5.0, 40.0)),
            terrain("building", "Building", BUILDING, rect(8.0, 8.0)),
            terrain("lake", "Lake", WATER, circle(9.0)),
            terrain("impassable", "Impassable", STONE, circle(8.0)),
            marker("objective", "Objective", OBJECTIVE, circle(2.5)),
            marker("deployment_zone", "Deployment zone", ZONE, rect(40.0, 60.0)),
            model("unit_stand", "Unit stand", MODEL, rect(4.0, 2.0)),
        ],
        placement: Some(PlacementRules::new(10.0, 12.0).unwrap()),
        placement_layers: vec![Layer::Terrain],
    }
}

/// The WFB New Year event and its sled race, in inches: hill, wood,
/// dense wood, hedge, ice, rocks and wall; no placement rule; sleds
/// (2 x 4 in) and characters with a facing, objective and zone markers.
pub fn wfb_sled_race() -> TableRules {
    TableRules {
        name: "WFB New Year event".to_owned(),
        unit: Unit::Inch,
        types: vec![
            terrain("hill", "Hill", HILL, circle(5.0)),
            terrain("wood", "Wood", WOOD, circle(4.0)),
            terrain("dense_wood", "Dense wood", [28, 80, 36], circle(3.5)),
            terrain("hedge", "Hedge", [90, 140, 60], rect(0.5, 6.0)),
            terrain("ice", "Ice", [190, 225, 240], circle(5.0)),
            terrain("rocks", "Rocks", STONE, circle(2.0)),
            terrain("wall", "Wall", [170, 160, 140], rect(0.5, 6.0)),
            marker("objective", "Objective", OBJECTIVE, circle(0.5)),
            marker("zone", "Zone", ZONE, circle(3.0)),
            model("sled", "Sled", MODEL, rect(2.0, 4.0)),
            model("character", "Character", [150, 50, 150], circle(0.5)),
        ],
        placement: None,
        placement_layers: vec![Layer::Terrain],
    }
}

/// Confrontation "Fortification", in centimetres: buildings, walls and
/// rubble; objective and deployment-zone markers; war machines
/// (5 x 8 cm) with a facing. No placement rule.
pub fn confrontation() -> TableRules {
    TableRules {
        name: "Confrontation".to_owned(),
        unit: Unit::Centimetre,
        types: vec![
            terrain("building", "Building", BUILDING, rect(15.0, 15.0)),
            terrain("wall", "Wall", [170, 160, 140], rect(2.0, 20.0)),
            terrain("rubble", "Rubble", STONE, circle(6.0)),
            marker("objective", "Objective", OBJECTIVE, circle(2.0)),
            marker("deployment_zone", "Deployment zone", ZONE, rect(30.0, 20.0)),
            terrain("barricade", "Barricade", [140, 110, 80], rect(2.0, 10.0)),
            marker("mine", "Mine", [200, 60, 40], circle(1.0)),
            model("war_machine", "War machine", MODEL, rect(5.0, 8.0)),
            // Confrontation bases: 25 mm for infantry, 40 mm for large
            // figures (C6 template hits and C7 lines use the base).
            model("figure", "Figure", FIGURE, circle(1.25)),
            model("large_figure", "Large figure", FIGURE, circle(2.0)),
        ],
        placement: None,
        placement_layers: vec![Layer::Terrain],
    }
}

/// 180 x 120 cm.
pub fn warmaster_table() -> Table {
    Table::new(180.0, 120.0, Unit::Centimetre).unwrap()
}

/// 36 x 36 in.
pub fn warheim_table() -> Table {
    Table::new(36.0, 36.0, Unit::Inch).unwrap()
}

/// 120 x 120 cm.
pub fn confrontation_table() -> Table {
    Table::new(120.0, 120.0, Unit::Centimetre).unwrap()
}
