//! Fighters on the 36 x 36 in table (G2): the piece types of the table,
//! a fighter's piece, and the line between two fighters as the attack
//! panel needs it (edge-to-edge distance, where the attacker stands as the
//! target sees it, zones and walls crossed).
//!
//! The base is cut into a front and a rear half ("перед и зад"); the rear
//! half does not see. Within the front half the attacker is at the flank
//! when he stands more than 45 degrees off the target's facing (PH12; the
//! flank carries no modifier, PH4).

pub mod body;
pub mod movement;
pub mod sight;
pub mod template;

pub use body::{Body, height_of};
pub use movement::{Ground, MeasuredMove, MoveKind, MovePath, TerrainPiece};
pub use sight::{Blocker, CoverBy, Sight};
pub use template::TemplatePlacement;

use feldherr_table::geometry::{Angle, Point, Segment, Unit, segment_intervals};
use feldherr_table::{Layer, Piece, ShapeTemplate, Table, TableRules, TypeDef, measure};
use serde::{Deserialize, Serialize};

use crate::modifiers::{Facing, Terrain};

/// Piece type of a fighter on a 25 mm base (1 in across).
pub const FIGHTER: &str = "fighter";
/// Piece type of a large fighter (2 in across: monsters, cavalry).
pub const LARGE_FIGHTER: &str = "large_fighter";
/// Piece type of a wall ("глухая стенка"): -3 to strikes across it.
pub const WALL_KIND: &str = "wall";
/// Piece type of a building: blocks sight, can be climbed and stood on.
pub const BUILDING_KIND: &str = "building";
/// Piece type of a low obstacle (a fence, rubble): stepped over by a
/// fighter whose second Speed is higher (line 113).
pub const LOW_OBSTACLE_KIND: &str = "low_obstacle";
/// Piece type of a ladder: going up by an ordinary move (line 117).
pub const LADDER_KIND: &str = "ladder";
/// Piece type of an impassable zone (a chasm, deep water): crossed only by
/// a jump (line 189).
pub const IMPASSABLE_KIND: &str = "impassable";

/// The height of a terrain piece of `kind` unless the game sets another
/// (PH20): wall 2", building 4", low obstacle 0.5"; everything else is
/// flat.
pub fn default_height(kind: &str) -> f64 {
    match kind {
        WALL_KIND => 2.0,
        BUILDING_KIND => 4.0,
        LOW_OBSTACLE_KIND => 0.5,
        _ => 0.0,
    }
}

/// What a piece of `kind` is to a move.
pub fn ground_of(kind: &str) -> Ground {
    match kind {
        WALL_KIND | BUILDING_KIND | LOW_OBSTACLE_KIND => Ground::Obstacle,
        LADDER_KIND => Ground::Ladder,
        IMPASSABLE_KIND => Ground::Impassable,
        other => terrain_of(other).map_or(Ground::Flat, Ground::Zone),
    }
}
/// Beyond this angle off the facing the attacker is at the flank (PH12).
pub const FLANK_DEGREES: f64 = 45.0;
/// Distances below this count as base contact (0 in), against rounding.
pub const CONTACT: f64 = 0.005;

/// The terrain zone type of `terrain` (its piece kind).
pub fn zone_kind(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Darkness => "darkness",
        Terrain::Fog => "fog",
        Terrain::Vegetation => "vegetation",
        Terrain::Swamp => "swamp",
        Terrain::Ice => "ice",
        Terrain::Sand => "sand",
    }
}

/// Every zone, in the text's order.
pub const ZONES: [Terrain; 6] = [
    Terrain::Darkness,
    Terrain::Fog,
    Terrain::Vegetation,
    Terrain::Swamp,
    Terrain::Ice,
    Terrain::Sand,
];

fn terrain_of(kind: &str) -> Option<Terrain> {
    ZONES.into_iter().find(|t| zone_kind(*t) == kind)
}

/// The table's piece types: fighters (with a facing), walls, cover and
/// the zones of the text.
pub fn table_rules() -> TableRules {
    let circle = |radius| ShapeTemplate::Circle { radius };
    let zone = |id: &str, label: &str, colour| {
        TypeDef::new(id, label, colour, Layer::Terrain, circle(4.0)).keyed()
    };
    let mut rules = TableRules::new("Warheim", Unit::Inch);
    rules.types = vec![
        TypeDef::new(
            WALL_KIND,
            "Wall",
            [170, 160, 140],
            Layer::Terrain,
            ShapeTemplate::Rect {
                width: 0.5,
                length: 6.0,
            },
        )
        .keyed(),
        TypeDef::new(
            BUILDING_KIND,
            "Building",
            [150, 72, 56],
            Layer::Terrain,
            ShapeTemplate::Rect {
                width: 6.0,
                length: 6.0,
            },
        )
        .keyed(),
        zone("darkness", "Darkness", [60, 60, 80]),
        zone("fog", "Fog", [200, 200, 210]),
        zone("vegetation", "Vegetation", [46, 112, 52]),
        zone("swamp", "Swamp", [90, 110, 70]),
        zone("ice", "Ice", [190, 225, 240]),
        zone("sand", "Sand", [220, 200, 140]),
        TypeDef::new(
            LOW_OBSTACLE_KIND,
            "Low obstacle",
            [140, 120, 90],
            Layer::Terrain,
            ShapeTemplate::Rect {
                width: 0.5,
                length: 4.0,
            },
        )
        .keyed(),
        TypeDef::new(
            IMPASSABLE_KIND,
            "Impassable",
            [40, 60, 110],
            Layer::Terrain,
            circle(3.0),
        )
        .keyed(),
        TypeDef::new(
            LADDER_KIND,
            "Ladder",
            [120, 90, 50],
            Layer::Marker,
            ShapeTemplate::Rect {
                width: 1.0,
                length: 0.5,
            },
        )
        .keyed(),
        TypeDef::new(
            "objective",
            "Objective",
            [230, 190, 40],
            Layer::Marker,
            circle(0.5),
        )
        .keyed(),
        TypeDef::new(FIGHTER, "Fighter", [60, 70, 160], Layer::Model, circle(0.5))
            .keyed()
            .with_facing(),
        TypeDef::new(
            LARGE_FIGHTER,
            "Large fighter",
            [150, 60, 120],
            Layer::Model,
            circle(1.0),
        )
        .keyed()
        .with_facing(),
    ];
    rules
}

/// The line between an attacker and a target on the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Line {
    /// Edge to edge in inches, 0 in base contact.
    pub distance: f64,
    /// Where the attacker stands as the target sees him.
    pub facing: Facing,
    /// The angle off the target's facing, 0 to 180 degrees.
    pub off_facing: f64,
    /// Zones the line between the centres crosses.
    pub terrain: Vec<Terrain>,
    /// A wall piece crosses the line.
    pub wall: bool,
}

/// Where a model at `from` stands for a model at `at` facing `facing`:
/// front, flank (more than 45 degrees off, PH12) or rear (the rear half).
pub fn facing_of(at: Point, facing: Angle, from: Point) -> (Facing, f64) {
    let Some(direction) = (from - at).angle() else {
        return (Facing::Front, 0.0);
    };
    let off = Angle::between(facing, direction);
    let side = if off > 90.0 {
        Facing::Rear
    } else if off > FLANK_DEGREES {
        Facing::Flank
    } else {
        Facing::Front
    };
    (side, off)
}

/// The line from piece `attacker` to piece `target` on `table`: distance
/// edge to edge, facing from the target's facing, and the zones and walls
/// the line between the centres crosses (other pieces than the two).
pub fn line(table: &Table, attacker: &Piece, target: &Piece) -> Line {
    let distance = measure(attacker, target);
    let distance = if distance < CONTACT { 0.0 } else { distance };
    let (facing, off_facing) = facing_of(
        target.center(),
        target.facing_angle().unwrap_or(Angle::ZERO),
        attacker.center(),
    );
    let mut terrain = Vec::new();
    let mut wall = false;
    if let Ok(segment) = Segment::new(attacker.center(), target.center()) {
        for piece in table.pieces() {
            if piece.id == attacker.id || piece.id == target.id {
                continue;
            }
            let zone = terrain_of(&piece.kind);
            let is_wall = piece.kind == WALL_KIND;
            if zone.is_none() && !is_wall {
                continue;
            }
            if segment_intervals(&segment, &piece.shape).is_empty() {
                continue;
            }
            if let Some(z) = zone
                && !terrain.contains(&z)
            {
                terrain.push(z);
            }
            wall |= is_wall;
        }
    }
    terrain.sort();
    Line {
        distance,
        facing,
        off_facing,
        terrain,
        wall,
    }
}
