//! The track: table size, start and finish lines, terrain (S1, G2).

use feldherr_geometry::{Angle, OrientedRect, Point, Shape};
use feldherr_table::{Layer, ShapeTemplate, Table, TableRules, TypeDef};
use serde::{Deserialize, Serialize};

use crate::refusal::say;
use crate::{SledError, Terrain, TerrainKind};

/// How many terrain pieces a track may have (work is bounded before it
/// starts).
pub const MAX_TERRAIN: usize = 200;

/// The table as the race sees it: 72 x 48 in by default (G2); the slope
/// runs along the long edges (S1), downhill towards +x; the start line is
/// the left short edge (x = 0), the finish line the right one (x =
/// `finish_x`, the table width).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Track {
    /// Length of the table along x (the long edge), in inches.
    pub width: f64,
    /// Depth of the table along y, in inches.
    pub depth: f64,
    /// Where the finish line lies (x).
    pub finish_x: f64,
    /// The terrain pieces, in table order.
    pub terrain: Vec<Terrain>,
}

/// Downhill: from the start (x = 0) to the finish (+x), S1.
pub fn downhill() -> Angle {
    Angle::ZERO
}

impl Track {
    /// An empty track of the given size, finish on the right edge.
    pub fn empty(width: f64, depth: f64) -> Result<Track, SledError> {
        crate::error::positive("track.width", width)?;
        crate::error::positive("track.depth", depth)?;
        Ok(Track {
            width,
            depth,
            finish_x: width,
            terrain: Vec::new(),
        })
    }

    /// The track of a table: its size and every terrain piece of a kind
    /// the race knows (others are ignored; [`crate::Race`] reports them as
    /// problems). A slope without a facing is refused: its uphill direction
    /// is its facing.
    pub fn from_table(table: &Table) -> Result<Track, SledError> {
        let mut track = Track::empty(table.width(), table.depth())?;
        for piece in table.pieces() {
            if piece.layer != Layer::Terrain {
                continue;
            }
            let Some(kind) = TerrainKind::from_type_id(&piece.kind) else {
                continue;
            };
            let uphill = match kind {
                TerrainKind::FlatSlope | TerrainKind::SteepSlope => {
                    Some(piece.facing_angle().ok_or_else(|| {
                        SledError::says(
                            &format!("table piece {} \"{}\" facing", piece.id, piece.name),
                            "none",
                            say("slope_facing").text("piece", &piece.name),
                        )
                    })?)
                }
                _ => None,
            };
            track.terrain.push(Terrain {
                piece: piece.id,
                name: piece.name.clone(),
                kind,
                shape: piece.shape.clone(),
                uphill,
            });
        }
        if track.terrain.len() > MAX_TERRAIN {
            return Err(SledError::says(
                "track.terrain",
                track.terrain.len(),
                say("terrain_count").int("max", MAX_TERRAIN as i64),
            ));
        }
        Ok(track)
    }

    /// The three table edges that stop a sled like a wall (P31): the start
    /// edge and both long edges. The finish edge is open.
    pub fn edge_walls(&self) -> Vec<Terrain> {
        let far = 1000.0;
        let mk = |name: &str, c: Point, w: f64, l: f64| -> Option<Terrain> {
            Some(Terrain {
                piece: 0,
                name: name.to_owned(),
                kind: TerrainKind::Wall,
                shape: Shape::Rect(OrientedRect::new(c, w, l, Angle::ZERO).ok()?),
                uphill: None,
            })
        };
        [
            mk(
                "start edge",
                Point::new(-far / 2.0, self.depth / 2.0),
                self.depth + 2.0 * far,
                far,
            ),
            mk(
                "lower edge",
                Point::new(self.width / 2.0, -far / 2.0),
                far,
                self.width + 2.0 * far,
            ),
            mk(
                "upper edge",
                Point::new(self.width / 2.0, self.depth + far / 2.0),
                far,
                self.width + 2.0 * far,
            ),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// The edge wall `shape` already reaches over while heading further
    /// out, if any (P31).
    pub(crate) fn edge_blocking<'a>(
        &self,
        shape: &Shape,
        heading: Angle,
        edges: &'a [Terrain],
    ) -> Option<&'a Terrain> {
        let b = shape.bounds();
        let d = heading.direction();
        let eps = 1e-9;
        let out = [
            b.min.x < 0.0 && d.x < -eps,
            b.min.y < 0.0 && d.y < -eps,
            b.max.y > self.depth && d.y > eps,
        ];
        out.iter().zip(edges).find(|(o, _)| **o).map(|(_, t)| t)
    }

    /// The start positions (S3): slot `i` of `n` is centred on the start
    /// line's depth at `(i + 1) / (n + 1)`, its rear on the start edge,
    /// facing downhill.
    pub fn start_slot(&self, i: usize, n: usize, sled_length: f64) -> Point {
        let y = self.depth * (i as f64 + 1.0) / (n as f64 + 1.0);
        Point::new(sled_length / 2.0 + 0.05, y)
    }
}

/// The sled race's table rules: every [`TerrainKind`] (slopes with a
/// facing: uphill), sleds (2 x 4 in, with a facing) and characters, in
/// inches; default table 72 x 48 in (G2).
pub fn sled_table_rules() -> TableRules {
    let mut rules = TableRules::new("WFB sled race", feldherr_geometry::Unit::Inch);
    let colour = |k: TerrainKind| match k {
        TerrainKind::Plateau => [150, 170, 110],
        TerrainKind::FlatSlope => [170, 185, 130],
        TerrainKind::SteepSlope => [130, 140, 100],
        TerrainKind::SheerSlope => [110, 100, 90],
        TerrainKind::Wood => [50, 120, 60],
        TerrainKind::DenseWood => [28, 80, 36],
        TerrainKind::Hedge => [90, 140, 60],
        TerrainKind::Ice => [190, 225, 240],
        TerrainKind::Rocks => [120, 120, 120],
        TerrainKind::Wall => [170, 160, 140],
    };
    let shape = |k: TerrainKind| match k {
        TerrainKind::Hedge | TerrainKind::Wall => ShapeTemplate::Rect {
            width: 6.0,
            length: 0.5,
        },
        TerrainKind::FlatSlope | TerrainKind::SteepSlope | TerrainKind::SheerSlope => {
            ShapeTemplate::Rect {
                width: 8.0,
                length: 3.0,
            }
        }
        TerrainKind::Rocks => ShapeTemplate::Circle { radius: 1.5 },
        TerrainKind::DenseWood => ShapeTemplate::Circle { radius: 3.5 },
        _ => ShapeTemplate::Circle { radius: 4.0 },
    };
    for kind in TerrainKind::ALL {
        let mut t = TypeDef::new(
            kind.type_id(),
            kind.label(),
            colour(kind),
            Layer::Terrain,
            shape(kind),
        );
        t.label_key = Some(kind.key());
        if matches!(kind, TerrainKind::FlatSlope | TerrainKind::SteepSlope) {
            t = t.with_facing();
        }
        rules.types.push(t);
    }
    let mut sled = TypeDef::new(
        "sled",
        "Sled",
        [200, 60, 40],
        Layer::Model,
        ShapeTemplate::Rect {
            width: 2.0,
            length: 4.0,
        },
    )
    .with_facing();
    sled.label_key = Some("sled.piece.sled".to_owned());
    rules.types.push(sled);
    rules
}
