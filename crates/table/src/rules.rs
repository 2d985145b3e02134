//! What a rule system says about its table: piece types and placement
//! rules.

use feldherr_geometry::{Angle, PlacementRules, Point, Unit};
use serde::{Deserialize, Serialize};

use crate::{Layer, Piece, ShapeTemplate, Table, TableError};

/// One type of piece a rule system knows: a terrain type (`hill`), a
/// marker (`objective`) or a model (`unit_stand`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TypeDef {
    /// The type id stored in [`Piece::kind`].
    pub id: String,
    /// English name, used when the app has no translation.
    pub label: String,
    /// The app's string-catalogue key for the name (`canvas.type.hill`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_key: Option<String>,
    /// Fill colour, `[r, g, b]`.
    pub colour: [u8; 3],
    /// The layer its pieces go on.
    pub layer: Layer,
    /// The outline a new piece of this type gets.
    pub shape: ShapeTemplate,
    /// Whether its pieces are drawn with a facing (unit stands, sleds, war
    /// machines).
    #[serde(default)]
    pub facing: bool,
}

impl TypeDef {
    /// A type with a label but no catalogue key and no facing.
    #[must_use]
    pub fn new(
        id: impl Into<String>,
        label: impl Into<String>,
        colour: [u8; 3],
        layer: Layer,
        shape: ShapeTemplate,
    ) -> TypeDef {
        TypeDef {
            id: id.into(),
            label: label.into(),
            label_key: None,
            colour,
            layer,
            shape,
            facing: false,
        }
    }

    /// Builder-style: sets the catalogue key `canvas.type.<id>`.
    #[must_use]
    pub fn keyed(mut self) -> TypeDef {
        self.label_key = Some(format!("canvas.type.{}", self.id));
        self
    }

    /// Builder-style: pieces of this type have a facing.
    #[must_use]
    pub fn with_facing(mut self) -> TypeDef {
        self.facing = true;
        self
    }

    /// A new piece of this type with the default outline centred on
    /// `center`; types with a facing face up the table (90°, away from the
    /// first player's edge).
    ///
    /// # Errors
    /// As [`ShapeTemplate::at`].
    pub fn piece(
        &self,
        id: u64,
        name: impl Into<String>,
        center: Point,
    ) -> Result<Piece, TableError> {
        let facing = if self.facing {
            up_the_table()
        } else {
            Angle::ZERO
        };
        let shape = self.shape.at(center, facing)?;
        let mut piece = Piece::new(id, name, self.id.clone(), self.layer, shape);
        if self.facing {
            piece.facing = Some(facing);
        }
        Ok(piece)
    }
}

/// 90°: facing up the table, away from the first player's edge.
pub(crate) fn up_the_table() -> Angle {
    Angle::from_degrees(90.0).unwrap_or(Angle::ZERO)
}

/// What a rule system supplies to the table: its unit, its piece types and
/// optional placement rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableRules {
    /// The rule set's name (English), for titles and logs.
    pub name: String,
    /// The native unit of the type sizes and placement distances.
    pub unit: Unit,
    /// Every piece type, terrain first by convention.
    pub types: Vec<TypeDef>,
    /// Minimum clearances, if the rule system has them (Warmaster W1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placement: Option<PlacementRules>,
    /// The layers the placement rules govern: terrain only by default.
    #[serde(default = "terrain_only")]
    pub placement_layers: Vec<Layer>,
}

fn terrain_only() -> Vec<Layer> {
    vec![Layer::Terrain]
}

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
            .map(|&(x, y)| feldherr_geometry::Vector::new(x, y))
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

impl TableRules {
    /// Rules with no types and no placement rule.
    #[must_use]
    pub fn new(name: impl Into<String>, unit: Unit) -> TableRules {
        TableRules {
            name: name.into(),
            unit,
            types: Vec::new(),
            placement: None,
            placement_layers: terrain_only(),
        }
    }

    /// Warmaster (ruling W1), in centimetres: hill, wood, river, building,
    /// lake and impassable terrain, each piece at least 10 cm from every
    /// table edge and 12 cm from every other piece; objective and
    /// deployment-zone markers; unit stands (4 x 2 cm) with a facing.
    #[must_use]
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
            placement: Some(PlacementRules::WARMASTER_CM),
            placement_layers: terrain_only(),
        }
    }

    /// The WFB New Year event and its sled race, in inches: hill, wood,
    /// dense wood, hedge, ice, rocks and wall; no placement rule; sleds
    /// (2 x 4 in) and characters with a facing, objective and zone markers.
    #[must_use]
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
            placement_layers: terrain_only(),
        }
    }

    /// Confrontation "Fortification", in centimetres: buildings, walls and
    /// rubble; objective and deployment-zone markers; war machines
    /// (5 x 8 cm) with a facing. No placement rule.
    #[must_use]
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
            placement_layers: terrain_only(),
        }
    }

    /// The usual empty table for these rules: Warmaster-sized in
    /// centimetres for Warmaster, 120 x 120 cm for other centimetre rules,
    /// 72 x 48 in for inch rules (ruling G2).
    #[must_use]
    pub fn default_table(&self) -> Table {
        match self.unit {
            Unit::Inch => Table::six_by_four(),
            Unit::Centimetre if self.placement.is_some() => Table::warmaster(),
            Unit::Centimetre => Table::confrontation(),
        }
    }

    /// The type with id `id`.
    #[must_use]
    pub fn type_def(&self, id: &str) -> Option<&TypeDef> {
        self.types.iter().find(|t| t.id == id)
    }

    /// The types on `layer`, in order.
    pub fn types_in(&self, layer: Layer) -> impl Iterator<Item = &TypeDef> {
        self.types.iter().filter(move |t| t.layer == layer)
    }

    /// The fill colour of type `kind`; mid grey for unknown types.
    #[must_use]
    pub fn colour_of(&self, kind: &str) -> [u8; 3] {
        self.type_def(kind).map_or([128, 128, 128], |t| t.colour)
    }

    /// Whether `piece` is drawn with a facing tick: when its type says so
    /// ([`TypeDef::facing`]); for a type these rules do not know, when it
    /// is not terrain and has a [`Piece::facing`].
    #[must_use]
    pub fn shows_facing(&self, piece: &Piece) -> bool {
        match self.type_def(&piece.kind) {
            Some(t) => t.facing,
            None => piece.layer != Layer::Terrain && piece.facing.is_some(),
        }
    }

    /// Whether the placement rules govern pieces on `layer`.
    #[must_use]
    pub fn governs(&self, layer: Layer) -> bool {
        self.placement.is_some() && self.placement_layers.contains(&layer)
    }
}
