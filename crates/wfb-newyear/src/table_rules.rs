//! The WFB table of the New Year event's battles (and of its treasure
//! picture and of the sled race's track), in inches: the pieces a referee
//! puts down. Its numbers live here, with the system (ruling G2); the
//! table crate has none.

use feldherr_table::geometry::Unit;
use feldherr_table::{Layer, ShapeTemplate, TableRules, TypeDef};

const HILL: [u8; 3] = [156, 124, 72];
const WOOD: [u8; 3] = [46, 112, 52];
const STONE: [u8; 3] = [120, 120, 116];
const OBJECTIVE: [u8; 3] = [230, 190, 40];
const ZONE: [u8; 3] = [200, 90, 200];
const MODEL: [u8; 3] = [60, 70, 160];

fn circle(radius: f64) -> ShapeTemplate {
    ShapeTemplate::Circle { radius }
}

fn rect(width: f64, length: f64) -> ShapeTemplate {
    ShapeTemplate::Rect { width, length }
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

/// The WFB New Year event and its sled race, in inches: hill, wood,
/// dense wood, hedge, ice, rocks and wall; no placement rule; sleds
/// (2 x 4 in) and characters with a facing, objective and zone markers.
pub fn wfb_table_rules() -> TableRules {
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
