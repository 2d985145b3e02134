//! A Confrontation game: machines, figures, resolutions, behind the
//! `feldherr-play` contract.

use std::collections::{BTreeMap, BTreeSet};

use feldherr_play::{Game, Id, Lang, PlayError, Problem, ResolutionList, SavedResolution};
use feldherr_table::geometry::Unit;
use feldherr_table::{Layer, ShapeTemplate, Table, TableRules, TypeDef};
use serde::{Deserialize, Serialize};

use super::{ConfrontationEdit, ConfrontationKind, Effect, FigureStats, GameMachine, effects_of};

/// One Confrontation "Fortification" game: its war machines, the stats of
/// the figures on the table, the figures killed, and its resolutions.
///
/// Machines and resolutions have stable [`Id`]s; figures are known by
/// their table piece id, which the table never renumbers either.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfrontationGame {
    /// War machines (cards and state).
    #[serde(default)]
    pub machines: Vec<GameMachine>,
    /// RES, INI and level of the figure pieces, by piece id.
    #[serde(default)]
    pub figures: BTreeMap<u64, FigureStats>,
    /// Figures killed by an applied result, by piece id: never a target
    /// again.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub dead: BTreeSet<u64>,
    /// Resolutions made during the game, oldest first.
    #[serde(default)]
    pub resolutions: Vec<SavedResolution<ConfrontationKind>>,
}

impl ConfrontationGame {
    /// Machine `id`.
    pub fn machine(&self, id: Id) -> Option<&GameMachine> {
        self.machines.iter().find(|m| m.id == id)
    }

    /// Machine `id`, to change it.
    pub(crate) fn machine_mut(&mut self, id: Id) -> Result<&mut GameMachine, PlayError> {
        self.machines
            .iter_mut()
            .find(|m| m.id == id)
            .ok_or_else(|| PlayError::not_found("machine", id))
    }

    /// The machine standing on piece `piece`.
    pub fn machine_on(&self, piece: u64) -> Option<&GameMachine> {
        self.machines.iter().find(|m| m.piece == Some(piece))
    }

    /// Resolution `id`.
    pub fn resolution(&self, id: Id) -> Option<&SavedResolution<ConfrontationKind>> {
        self.resolutions.iter().find(|r| r.id() == id)
    }

    /// The id the next machine gets.
    pub fn next_machine_id(&self) -> Id {
        Id::next_after(self.machines.iter().map(|m| m.id))
    }

    /// The id the next resolution gets.
    pub fn next_resolution_id(&self) -> Id {
        Id::next_after(self.resolutions.iter().map(SavedResolution::id))
    }

    /// What finished resolution `id` changes in the game, from its typed
    /// outcome; an error when it does not exist, is unfinished or has
    /// nothing to apply to.
    pub fn effects(&self, id: Id) -> Result<Vec<Effect>, PlayError> {
        let r = self
            .resolution(id)
            .ok_or_else(|| PlayError::not_found("resolution", id))?;
        let outcome = r.outcome().ok_or(PlayError::Unfinished)?;
        effects_of(r.kind(), outcome)
    }

    /// Whether figure piece `piece` was killed.
    pub fn is_dead(&self, piece: u64) -> bool {
        self.dead.contains(&piece)
    }
}

/// The side of the square Confrontation table, cm (G2).
const TABLE_CM: f64 = 120.0;

fn type_def(id: &str, label: &str, colour: [u8; 3], layer: Layer, shape: ShapeTemplate) -> TypeDef {
    let t = TypeDef::new(id, label, colour, layer, shape).keyed();
    if layer == Layer::Model {
        t.with_facing()
    } else {
        t
    }
}

/// The table rules of Confrontation: terrain, markers (mines among them)
/// and models, in centimetres (G1).
pub fn confrontation_table_rules() -> TableRules {
    let rect = |width, length| ShapeTemplate::Rect { width, length };
    let circle = |radius| ShapeTemplate::Circle { radius };
    let mut rules = TableRules::new("Confrontation", Unit::Centimetre);
    rules.types = vec![
        type_def(
            "building",
            "Building",
            [150, 72, 56],
            Layer::Terrain,
            rect(15.0, 15.0),
        ),
        type_def(
            "wall",
            "Wall",
            [170, 160, 140],
            Layer::Terrain,
            rect(2.0, 20.0),
        ),
        type_def(
            "rubble",
            "Rubble",
            [120, 120, 116],
            Layer::Terrain,
            circle(6.0),
        ),
        type_def(
            "objective",
            "Objective",
            [230, 190, 40],
            Layer::Marker,
            circle(2.0),
        ),
        type_def(
            "deployment_zone",
            "Deployment zone",
            [200, 90, 200],
            Layer::Marker,
            rect(30.0, 20.0),
        ),
        type_def(
            "barricade",
            "Barricade",
            [140, 110, 80],
            Layer::Terrain,
            rect(2.0, 10.0),
        ),
        type_def("mine", "Mine", [200, 60, 40], Layer::Marker, circle(1.0)),
        type_def(
            "war_machine",
            "War machine",
            [60, 70, 160],
            Layer::Model,
            rect(5.0, 8.0),
        ),
        // Confrontation bases: 25 mm for infantry, 40 mm for large figures
        // (C6 template hits and C7 lines use the base, P19).
        type_def(
            "figure",
            "Figure",
            [150, 60, 120],
            Layer::Model,
            circle(1.25),
        ),
        type_def(
            "large_figure",
            "Large figure",
            [150, 60, 120],
            Layer::Model,
            circle(2.0),
        ),
    ];
    rules
}

impl Game for ConfrontationGame {
    type Edit = ConfrontationEdit;

    const SYSTEM: &'static str = "confrontation";

    fn new_game() -> Self {
        Self::default()
    }

    fn table_rules() -> TableRules {
        confrontation_table_rules()
    }

    /// 120 x 120 cm (G2).
    fn default_table() -> Table {
        Table::new(TABLE_CM, TABLE_CM, Unit::Centimetre)
            .unwrap_or_else(|_| Self::table_rules().default_table())
    }

    fn apply(&mut self, edit: &ConfrontationEdit, table: &mut Table) -> Result<(), PlayError> {
        let mut next = self.clone();
        let mut next_table = table.clone();
        next.apply_edit(edit, &mut next_table)?;
        *self = next;
        *table = next_table;
        Ok(())
    }

    fn problems(&self, table: &Table) -> Vec<Problem> {
        self.find_problems(table)
    }

    fn resolutions(&self) -> &dyn ResolutionList {
        &self.resolutions
    }

    fn resolutions_mut(&mut self) -> &mut dyn ResolutionList {
        &mut self.resolutions
    }

    /// The crate's whole catalogue ([`crate::messages`]): the resolvers'
    /// keys and this game module's (`conf.game.…`), one file per language.
    fn messages(lang: Lang) -> &'static str {
        crate::messages(lang)
    }
}
