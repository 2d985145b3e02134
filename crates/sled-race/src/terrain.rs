//! The kinds of terrain on the track and their effects, as data (S8-S10).

use feldherr_geometry::{Angle, Shape};
use serde::{Deserialize, Serialize};

/// A kind of terrain piece. Its table type id is [`TerrainKind::type_id`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TerrainKind {
    /// The plateau of a hill ("Plateau"): moves normally (S8).
    Plateau,
    /// A flat slope ("flacher Hang", under 45°): speed ±1 after every 2 in.
    FlatSlope,
    /// A steep slope ("steiler Hang", 45-60°): speed ±1 after every inch.
    SteepSlope,
    /// A slope over 60°: counts as a wall (S8, S10).
    SheerSlope,
    /// Wood ("Wald"): test after every inch, modifier 0 (S9).
    Wood,
    /// Dense wood ("dichter Wald"): test, modifier -1.
    DenseWood,
    /// Hedge ("Hecke"): test, modifier -2.
    Hedge,
    /// Ice ("Eis"): no turn after a move ending on it; a round starting on
    /// it keeps the speed (S9).
    Ice,
    /// Rocks ("Steine"): the sled stops, hits on sled and driver (S10).
    Rocks,
    /// Wall ("Mauer"): as rocks.
    Wall,
}

/// What a kind of terrain does to a sled moving through it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TerrainEffect {
    /// Normal movement.
    Normal,
    /// A slope: speed changes by one after every `inches` inches on it,
    /// down uphill and up downhill (S8).
    Slope {
        /// 2 for a flat slope, 1 for a steep one.
        inches: u32,
    },
    /// Woods and hedges: a 3+ test after every inch with this terrain
    /// modifier (S9).
    Vegetation {
        /// 0 wood, -1 dense wood, -2 hedge.
        modifier: i32,
    },
    /// Ice (S9).
    Ice,
    /// The sled stops at it (S10).
    Obstacle,
}

/// Every kind with its table type id, label and effect: the data the
/// engine reads.
pub const TERRAIN_TABLE: [(TerrainKind, &str, &str, TerrainEffect); 10] = [
    (
        TerrainKind::Plateau,
        "hill",
        "Hill plateau",
        TerrainEffect::Normal,
    ),
    (
        TerrainKind::FlatSlope,
        "slope_flat",
        "Flat slope",
        TerrainEffect::Slope { inches: 2 },
    ),
    (
        TerrainKind::SteepSlope,
        "slope_steep",
        "Steep slope",
        TerrainEffect::Slope { inches: 1 },
    ),
    (
        TerrainKind::SheerSlope,
        "slope_sheer",
        "Slope over 60°",
        TerrainEffect::Obstacle,
    ),
    (
        TerrainKind::Wood,
        "wood",
        "Wood",
        TerrainEffect::Vegetation { modifier: 0 },
    ),
    (
        TerrainKind::DenseWood,
        "dense_wood",
        "Dense wood",
        TerrainEffect::Vegetation { modifier: -1 },
    ),
    (
        TerrainKind::Hedge,
        "hedge",
        "Hedge",
        TerrainEffect::Vegetation { modifier: -2 },
    ),
    (TerrainKind::Ice, "ice", "Ice", TerrainEffect::Ice),
    (
        TerrainKind::Rocks,
        "rocks",
        "Rocks",
        TerrainEffect::Obstacle,
    ),
    (TerrainKind::Wall, "wall", "Wall", TerrainEffect::Obstacle),
];

impl TerrainKind {
    /// Every kind.
    pub const ALL: [TerrainKind; 10] = [
        TerrainKind::Plateau,
        TerrainKind::FlatSlope,
        TerrainKind::SteepSlope,
        TerrainKind::SheerSlope,
        TerrainKind::Wood,
        TerrainKind::DenseWood,
        TerrainKind::Hedge,
        TerrainKind::Ice,
        TerrainKind::Rocks,
        TerrainKind::Wall,
    ];

    fn row(self) -> (TerrainKind, &'static str, &'static str, TerrainEffect) {
        TERRAIN_TABLE
            .iter()
            .copied()
            .find(|row| row.0 == self)
            .unwrap_or((self, "wall", "Wall", TerrainEffect::Obstacle))
    }

    /// The table type id (`Piece::kind`).
    pub fn type_id(self) -> &'static str {
        self.row().1
    }

    /// The English label.
    pub fn label(self) -> &'static str {
        self.row().2
    }

    /// The catalogue key of its name.
    pub fn key(self) -> String {
        format!("sled.terrain.{}", self.type_id())
    }

    /// Its effect.
    pub fn effect(self) -> TerrainEffect {
        self.row().3
    }

    /// The kind with table type id `id`.
    pub fn from_type_id(id: &str) -> Option<TerrainKind> {
        TERRAIN_TABLE
            .iter()
            .find(|row| row.1 == id)
            .map(|row| row.0)
    }
}

/// One terrain piece of the track.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    /// The table piece it was read from (0 for the table edges).
    pub piece: u64,
    /// Its name on the table.
    pub name: String,
    /// Its kind.
    pub kind: TerrainKind,
    /// Its outline, in inches.
    pub shape: Shape,
    /// For slopes: the uphill direction (the piece's facing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uphill: Option<Angle>,
}
