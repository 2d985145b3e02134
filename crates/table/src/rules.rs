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

    /// A plain empty table in these rules' unit, for a rule system that
    /// names no size of its own: 72 x 48 in for inch rules, 120 x 120 cm
    /// for centimetre rules. Each system's crate gives its own table size
    /// (ruling G2) through `Game::default_table`; this is only the fallback.
    #[must_use]
    pub fn default_table(&self) -> Table {
        match self.unit {
            Unit::Inch => Table::six_by_four(),
            Unit::Centimetre => Table::sized(120.0, 120.0, Unit::Centimetre),
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
