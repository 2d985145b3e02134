//! A Confrontation game: machines, figures, resolutions, behind the
//! `feldherr-play` contract.

use crate::game::refusal::not_found;
use std::collections::{BTreeMap, BTreeSet};

use feldherr_play::{Game, Id, Lang, PlayError, Problem, ResolutionList, SavedResolution};
use feldherr_table::geometry::Unit;
use feldherr_table::{Layer, ShapeTemplate, Table, TableRules, TypeDef};
use serde::{Deserialize, Serialize};

use super::side::default_sides;
use super::{
    ConfrontationEdit, ConfrontationKind, CrewFigure, CrewMarker, Effect, FigureStats, GameMachine,
    GameSettings, Round, Side, effects_of,
};
use crate::WoundLevel;

/// One Confrontation "Fortification" game: its sides, where it stands in
/// its rounds, its war machines and their crew, the figures on the table
/// with their sides, values and wounds, the markers its crew laid, and its
/// resolutions.
///
/// Machines, crew figures, sides and resolutions have stable [`Id`]s;
/// figures are known by their table piece id, which the table never
/// renumbers either. A game saved before sides, rounds and crew figures
/// existed loads as PC1 says: two sides "A" and "B", everything belonging
/// to A, round 1 in its movement phase, and each machine's card crew as
/// crew figures (in contact, engaged and fleeing as its old lists said).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "super::repr::GameRepr")]
pub struct ConfrontationGame {
    /// The players (at least two).
    pub sides: Vec<Side>,
    /// The round and its phase.
    pub round: Round,
    /// The game's own data (contact limits, template).
    #[serde(default)]
    pub settings: GameSettings,
    /// War machines (cards and state).
    pub machines: Vec<GameMachine>,
    /// Every figure activated with a machine's card: crew and auxiliaries.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub crew: Vec<CrewFigure>,
    /// The figure pieces' sides, values and abilities, by piece id.
    pub figures: BTreeMap<u64, FigureStats>,
    /// The figures' wounds, by piece id (the unhurt are not listed).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub wounds: BTreeMap<u64, WoundLevel>,
    /// Figures killed by an applied result, by piece id: never a target
    /// again.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub dead: BTreeSet<u64>,
    /// Mines, decoys and barricades laid by crew at deployment, by marker
    /// piece (C10, Minenleger, Pionier).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub markers: BTreeMap<u64, CrewMarker>,
    /// Resolutions made during the game, oldest first.
    pub resolutions: Vec<SavedResolution<ConfrontationKind>>,
}

impl Default for ConfrontationGame {
    /// A fresh game: sides "A" and "B", deployment, nothing on it.
    fn default() -> Self {
        Self {
            sides: default_sides(),
            round: Round::default(),
            settings: GameSettings::default(),
            machines: Vec::new(),
            crew: Vec::new(),
            figures: BTreeMap::new(),
            wounds: BTreeMap::new(),
            dead: BTreeSet::new(),
            markers: BTreeMap::new(),
            resolutions: Vec::new(),
        }
    }
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
            .ok_or_else(|| not_found("machine", id))
    }

    /// The machine standing on piece `piece` (not one carried by a figure
    /// standing there).
    pub fn machine_on(&self, piece: u64) -> Option<&GameMachine> {
        self.machines
            .iter()
            .find(|m| m.piece == Some(piece) && !m.carried())
    }

    /// The machines carried by the figure on piece `piece`.
    pub fn carried_by(&self, piece: u64) -> impl Iterator<Item = &GameMachine> {
        self.machines
            .iter()
            .filter(move |m| m.piece == Some(piece) && m.carried())
    }

    /// Side `id`.
    pub fn side(&self, id: Id) -> Option<&Side> {
        self.sides.iter().find(|s| s.id == id)
    }

    /// The name of side `id` (its id when it does not exist).
    pub fn side_name(&self, id: Id) -> String {
        self.side(id)
            .map_or_else(|| id.to_string(), |s| s.name.clone())
    }

    /// Crew figure `id`.
    pub fn crew_figure(&self, id: Id) -> Option<&CrewFigure> {
        self.crew.iter().find(|c| c.id == id)
    }

    /// Crew figure `id`, to change it.
    pub(crate) fn crew_mut(&mut self, id: Id) -> Result<&mut CrewFigure, PlayError> {
        self.crew
            .iter_mut()
            .find(|c| c.id == id)
            .ok_or_else(|| not_found("crew figure", id))
    }

    /// The living crew figures activated with machine `machine`'s card or
    /// the card of its captor's crew, in the game's order.
    pub fn crew_of(&self, machine: Id) -> impl Iterator<Item = &CrewFigure> {
        self.crew
            .iter()
            .filter(move |c| c.machine == machine && !c.dead)
    }

    /// The crew figure standing on piece `piece`, if any.
    pub fn crew_on(&self, piece: u64) -> Option<&CrewFigure> {
        self.crew.iter().find(|c| c.piece == Some(piece))
    }

    /// The side of the model on piece `piece`: a machine's controller, a
    /// crew figure's or a figure's side.
    pub fn side_of_piece(&self, piece: u64) -> Option<Id> {
        if let Some(m) = self.machine_on(piece) {
            return Some(m.controller());
        }
        if let Some(c) = self.crew_on(piece) {
            return Some(c.side);
        }
        self.figures.get(&piece).map(|f| f.side)
    }

    /// The wound of figure piece `piece`.
    pub fn wound(&self, piece: u64) -> WoundLevel {
        self.wounds.get(&piece).copied().unwrap_or_default()
    }

    /// Resolution `id`.
    pub fn resolution(&self, id: Id) -> Option<&SavedResolution<ConfrontationKind>> {
        self.resolutions.iter().find(|r| r.id() == id)
    }

    /// The id the next machine gets.
    pub fn next_machine_id(&self) -> Id {
        Id::next_after(self.machines.iter().map(|m| m.id))
    }

    /// The id the next crew figure gets.
    pub fn next_crew_id(&self) -> Id {
        Id::next_after(self.crew.iter().map(|c| c.id))
    }

    /// The id the next side gets.
    pub fn next_side_id(&self) -> Id {
        Id::next_after(self.sides.iter().map(|s| s.id))
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
            .ok_or_else(|| not_found("resolution", id))?;
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
        type_def("decoy", "Decoy", [200, 160, 40], Layer::Marker, circle(1.0)),
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

    /// Names the sides after the event's players, in order: the first
    /// player becomes side 1, and so on; more players than sides add
    /// sides.
    fn seat(&mut self, players: &[String], table: &mut Table) -> Result<(), PlayError> {
        let mut next = self.clone();
        for (i, name) in players.iter().enumerate() {
            match next.sides.get(i).map(|s| s.id) {
                Some(id) => next.apply_edit(
                    &ConfrontationEdit::RenameSide {
                        side: id,
                        name: name.clone(),
                    },
                    table,
                )?,
                None => next.apply_edit(&ConfrontationEdit::AddSide(name.clone()), table)?,
            }
        }
        *self = next;
        Ok(())
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
