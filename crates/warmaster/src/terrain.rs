//! Terrain: the cheat sheet's types and effects as data, Warmaster's
//! table rules and the distance checks of W1.

use std::fmt;

use feldherr_table::geometry::{PlacementRules, Point, Shape, Unit as LengthUnit, Vector};
use feldherr_table::{Layer, Piece, ShapeTemplate, Table, TableRules, TypeDef, Violation};
use serde::{Deserialize, Serialize};

use crate::{GuardiansOptions, UnitKind};

/// Every terrain piece at least this far from every table edge (W1), cm.
pub const EDGE_CLEARANCE_CM: f64 = 10.0;
/// Every terrain piece at least this far from every other piece, edge to
/// edge (W1), cm.
pub const PIECE_CLEARANCE_CM: f64 = 12.0;
/// The guideline number of terrain pieces (W1); more gives a warning.
pub const TERRAIN_GUIDELINE: usize = 12;
/// Objective markers are 3 cm across (W3).
pub const OBJECTIVE_RADIUS_CM: f64 = 1.5;
/// Zones are 20 cm across (W3).
pub const ZONE_RADIUS_CM: f64 = 10.0;
/// Table piece type of objective markers.
pub const OBJECTIVE_KIND: &str = "objective";
/// Table piece type of zones.
pub const ZONE_KIND: &str = "zone";
/// Table piece type of unit stands.
pub const STAND_KIND: &str = "stand";

/// The terrain types of the cheat sheet (Gelaende-Cheat-Sheet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TerrainType {
    /// Huegel.
    Hill,
    /// Doerfer.
    Village,
    /// Mauern (low linear obstacles).
    Wall,
    /// Fluesse.
    River,
    /// Felder (loose terrain).
    Field,
    /// Wald.
    Wood,
    /// Schotter (broken ground).
    BrokenGround,
    /// Seen: impassable.
    Lake,
    /// Gebaeude: impassable.
    Building,
}

/// Which units count as defended in a terrain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Defended {
    /// Nobody.
    Nobody,
    /// Infantry only.
    Infantry,
    /// Infantry and artillery.
    InfantryArtillery,
}

/// How a terrain affects line of sight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Sight {
    /// Blocks line of sight.
    Blocks,
    /// Units see 2 cm into and out of it.
    TwoCentimetres,
    /// Does not block.
    Clear,
}

/// Who may enter a terrain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    /// Every unit.
    All,
    /// Every unit but chariots, artillery and machines ("keine SAM").
    NoChariotsArtilleryMachines,
    /// Infantry only.
    InfantryOnly,
    /// Nobody: impassable.
    Nobody,
}

/// One row of the cheat sheet, as it reads under the Guardians options in
/// force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TerrainEffects {
    /// The type.
    pub terrain: TerrainType,
    /// Who counts as defended.
    pub defended: Defended,
    /// The command modifier, if the sheet gives one.
    pub command: Option<i32>,
    /// Line of sight.
    pub sight: Sight,
    /// Who may enter.
    pub entry: Entry,
    /// The sheet's remark as a catalogue key (`warmaster.terrain_note.*`);
    /// `None` where the sheet has none (wood, broken ground).
    pub note_key: Option<&'static str>,
    /// "Zerstoererisch" is in force (W11): non-flying monsters move
    /// through terrain as infantry and are never defended.
    pub destructive: bool,
}

/// Zerstoererisch's remark on the rows where it lets monsters in.
pub const DESTRUCTIVE_NOTE: &str = "warmaster.terrain_note.destructive";

impl TerrainEffects {
    /// The row's remarks as catalogue keys: the sheet's own, then the
    /// Guardians options' (Zerstoererisch on wood and broken ground).
    /// Empty when there is nothing to remark.
    #[must_use]
    pub fn notes(&self) -> Vec<&'static str> {
        let mut notes: Vec<&'static str> = self.note_key.into_iter().collect();
        if self.destructive && self.entry == Entry::InfantryOnly {
            notes.push(DESTRUCTIVE_NOTE);
        }
        notes
    }

    /// The kind a unit of `kind` moves as here: under "Zerstoererisch"
    /// (W11) a non-flying monster moves as infantry.
    #[must_use]
    pub fn moves_as(&self, kind: UnitKind, flying: bool) -> UnitKind {
        if self.destructive && kind == UnitKind::Monster && !flying {
            UnitKind::Infantry
        } else {
            kind
        }
    }

    /// Whether a unit of `kind` may enter the terrain and end its move in
    /// it. Characters move as infantry; a flyer may end its move in every
    /// terrain but impassable terrain (PW18); under "Zerstoererisch" a
    /// non-flying monster counts as infantry (W11).
    #[must_use]
    pub fn may_enter(&self, kind: UnitKind, flying: bool) -> bool {
        if self.entry == Entry::Nobody {
            return false;
        }
        if flying {
            return true;
        }
        match (self.entry, self.moves_as(kind, flying)) {
            (Entry::All, _) => true,
            (Entry::NoChariotsArtilleryMachines, k) => !matches!(
                k,
                UnitKind::Chariot | UnitKind::Artillery | UnitKind::Machine
            ),
            (Entry::InfantryOnly, k) => k == UnitKind::Infantry || k.is_character(),
            (Entry::Nobody, _) => false,
        }
    }

    /// Whether a unit of `kind` may move across the terrain: a flyer
    /// flies over every terrain (PW18); any other unit as
    /// [`TerrainEffects::may_enter`].
    #[must_use]
    pub fn may_cross(&self, kind: UnitKind, flying: bool) -> bool {
        flying || self.may_enter(kind, flying)
    }

    /// Whether the terrain makes a unit of `kind` defended (where the
    /// remark's condition holds). Under "Zerstoererisch" a non-flying
    /// monster never is, though it moves as infantry (W11).
    #[must_use]
    pub fn defends(&self, kind: UnitKind, flying: bool) -> bool {
        if self.destructive && kind == UnitKind::Monster && !flying {
            return false;
        }
        match self.defended {
            Defended::Nobody => false,
            Defended::Infantry => kind == UnitKind::Infantry,
            Defended::InfantryArtillery => {
                matches!(kind, UnitKind::Infantry | UnitKind::Artillery)
            }
        }
    }
}

impl TerrainType {
    /// Every type, in the cheat sheet's order.
    pub const ALL: [TerrainType; 9] = [
        TerrainType::Hill,
        TerrainType::Village,
        TerrainType::Wall,
        TerrainType::River,
        TerrainType::Field,
        TerrainType::Wood,
        TerrainType::BrokenGround,
        TerrainType::Lake,
        TerrainType::Building,
    ];

    /// The table piece type id.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            TerrainType::Hill => "hill",
            TerrainType::Village => "village",
            TerrainType::Wall => "wall",
            TerrainType::River => "river",
            TerrainType::Field => "field",
            TerrainType::Wood => "wood",
            TerrainType::BrokenGround => "broken_ground",
            TerrainType::Lake => "lake",
            TerrainType::Building => "building",
        }
    }

    /// The type with table piece type id `id`.
    #[must_use]
    pub fn from_id(id: &str) -> Option<TerrainType> {
        TerrainType::ALL.into_iter().find(|t| t.id() == id)
    }

    /// The catalogue key of its name, `warmaster.terrain.<id>`.
    #[must_use]
    pub fn label_key(self) -> String {
        format!("warmaster.terrain.{}", self.id())
    }

    /// English name for labels.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            TerrainType::Hill => "Hill",
            TerrainType::Village => "Village",
            TerrainType::Wall => "Wall",
            TerrainType::River => "River",
            TerrainType::Field => "Field",
            TerrainType::Wood => "Wood",
            TerrainType::BrokenGround => "Broken ground",
            TerrainType::Lake => "Lake",
            TerrainType::Building => "Building",
        }
    }

    /// Its row of the cheat sheet as the text prints it (no Guardians
    /// option in force).
    #[must_use]
    pub const fn effects(self) -> TerrainEffects {
        use Defended as D;
        use Entry as E;
        use Sight as S;
        let (defended, command, sight, entry, note_key) = match self {
            TerrainType::Hill => (
                D::InfantryArtillery,
                Some(1),
                S::Blocks,
                E::All,
                Some("warmaster.terrain_note.hill"),
            ),
            TerrainType::Village => (
                D::InfantryArtillery,
                Some(-1),
                S::TwoCentimetres,
                E::All,
                Some("warmaster.terrain_note.village"),
            ),
            TerrainType::Wall => (
                D::InfantryArtillery,
                Some(1),
                S::Clear,
                E::NoChariotsArtilleryMachines,
                Some("warmaster.terrain_note.wall"),
            ),
            TerrainType::River => (
                D::Infantry,
                Some(1),
                S::Clear,
                E::NoChariotsArtilleryMachines,
                Some("warmaster.terrain_note.river"),
            ),
            TerrainType::Field => (
                D::Nobody,
                None,
                S::Clear,
                E::NoChariotsArtilleryMachines,
                Some("warmaster.terrain_note.field"),
            ),
            TerrainType::Wood => (
                D::Infantry,
                Some(-1),
                S::TwoCentimetres,
                E::InfantryOnly,
                None,
            ),
            TerrainType::BrokenGround => (D::Infantry, Some(-1), S::Clear, E::InfantryOnly, None),
            TerrainType::Lake => (
                D::Nobody,
                None,
                S::Clear,
                E::Nobody,
                Some("warmaster.terrain_note.impassable"),
            ),
            TerrainType::Building => (
                D::Nobody,
                None,
                S::Blocks,
                E::Nobody,
                Some("warmaster.terrain_note.impassable"),
            ),
        };
        TerrainEffects {
            terrain: self,
            defended,
            command,
            sight,
            entry,
            note_key,
            destructive: false,
        }
    }

    /// Its row of the cheat sheet under the Guardians `options` in force
    /// (W11): "Zerstoererisch" changes who enters and who is defended.
    #[must_use]
    pub const fn effects_with(self, options: &GuardiansOptions) -> TerrainEffects {
        let mut e = self.effects();
        e.destructive = options.destructive;
        e
    }

    /// Whether nobody may enter it (lakes, buildings).
    #[must_use]
    pub const fn impassable(self) -> bool {
        matches!(self.effects().entry, Entry::Nobody)
    }

    /// Whether a unit of `kind` may enter it and end its move in it
    /// under `options` (see [`TerrainEffects::may_enter`]: flyers are
    /// kept out of impassable terrain only, PW18; "Zerstoererisch" lets
    /// non-flying monsters in as infantry, W11).
    #[must_use]
    pub fn may_enter(self, kind: UnitKind, flying: bool, options: &GuardiansOptions) -> bool {
        self.effects_with(options).may_enter(kind, flying)
    }

    fn template(self) -> ShapeTemplate {
        let circle = |radius| ShapeTemplate::Circle { radius };
        let rect = |width, length| ShapeTemplate::Rect { width, length };
        match self {
            TerrainType::Hill => ShapeTemplate::Polygon {
                vertices: [
                    (-12.0, -6.0),
                    (0.0, -9.0),
                    (12.0, -5.0),
                    (10.0, 6.0),
                    (-4.0, 9.0),
                ]
                .into_iter()
                .map(|(x, y)| Vector::new(x, y))
                .collect(),
            },
            TerrainType::Village => rect(12.0, 12.0),
            TerrainType::Wall => rect(2.0, 20.0),
            TerrainType::River => rect(5.0, 40.0),
            TerrainType::Field => rect(15.0, 15.0),
            TerrainType::Wood => circle(10.0),
            TerrainType::BrokenGround => circle(8.0),
            TerrainType::Lake => circle(9.0),
            TerrainType::Building => rect(8.0, 8.0),
        }
    }

    fn colour(self) -> [u8; 3] {
        match self {
            TerrainType::Hill => [156, 124, 72],
            TerrainType::Village => [178, 110, 80],
            TerrainType::Wall => [170, 160, 140],
            TerrainType::River | TerrainType::Lake => [70, 130, 200],
            TerrainType::Field => [200, 190, 90],
            TerrainType::Wood => [46, 112, 52],
            TerrainType::BrokenGround => [120, 120, 116],
            TerrainType::Building => [150, 72, 56],
        }
    }
}

impl fmt::Display for TerrainType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// The whole cheat sheet, one row per type, as it reads under the
/// Guardians `options` in force (W11).
#[must_use]
pub fn cheat_sheet(options: &GuardiansOptions) -> Vec<TerrainEffects> {
    TerrainType::ALL
        .into_iter()
        .map(|t| t.effects_with(options))
        .collect()
}

/// Warmaster's table rules, in centimetres: the nine terrain types, the
/// objective markers (3 cm) and zones (20 cm) of W3, unit stands
/// (4 x 2 cm, with a facing), and the W1 clearances for terrain: 10 cm
/// from every edge, 12 cm between pieces, edge to edge.
#[must_use]
pub fn warmaster_table_rules() -> TableRules {
    let mut types: Vec<TypeDef> = TerrainType::ALL
        .into_iter()
        .map(|t| TypeDef::new(t.id(), t.label(), t.colour(), Layer::Terrain, t.template()).keyed())
        .collect();
    types.push(
        TypeDef::new(
            OBJECTIVE_KIND,
            "Objective",
            [230, 190, 40],
            Layer::Marker,
            ShapeTemplate::Circle {
                radius: OBJECTIVE_RADIUS_CM,
            },
        )
        .keyed(),
    );
    types.push(
        TypeDef::new(
            ZONE_KIND,
            "Zone",
            [200, 90, 200],
            Layer::Marker,
            ShapeTemplate::Circle {
                radius: ZONE_RADIUS_CM,
            },
        )
        .keyed(),
    );
    types.push(
        TypeDef::new(
            STAND_KIND,
            "Stand",
            [60, 70, 160],
            Layer::Model,
            ShapeTemplate::Rect {
                width: 4.0,
                length: 2.0,
            },
        )
        .keyed()
        .with_facing(),
    );
    let mut rules = TableRules::new("Warmaster", LengthUnit::Centimetre);
    rules.types = types;
    rules.placement = PlacementRules::new(EDGE_CLEARANCE_CM, PIECE_CLEARANCE_CM).ok();
    rules
}

/// The W1 distance rules a terrain piece of outline `shape` would break
/// on `table` (edge to edge; exactly 10 cm or 12 cm is allowed), each with
/// its explanation ([`Violation::explanation`]). Only violations involving
/// the new piece are listed. Empty means the placement is legal.
#[must_use]
pub fn placement_violations(table: &Table, name: &str, shape: &Shape) -> Vec<Violation> {
    let mut probe = table.clone();
    let id = probe.next_id();
    if probe
        .add(Piece::new(id, name, "probe", Layer::Terrain, shape.clone()))
        .is_err()
    {
        return Vec::new();
    }
    probe
        .violations(&warmaster_table_rules())
        .into_iter()
        .filter(|v| v.piece_ids().contains(&id))
        .collect()
}

/// A terrain piece of `terrain`'s default outline centred on `center`.
///
/// # Errors
/// As [`TypeDef::piece`] (a centre that is not finite).
pub fn terrain_piece(
    terrain: TerrainType,
    id: u64,
    name: &str,
    center: Point,
) -> Result<Piece, feldherr_table::TableError> {
    let def = TypeDef::new(
        terrain.id(),
        terrain.label(),
        terrain.colour(),
        Layer::Terrain,
        terrain.template(),
    );
    def.piece(id, name, center)
}
