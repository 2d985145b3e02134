//! The game: setup, terrain, scenario, battle and clock, behind
//! `feldherr_play::Game`.

use feldherr_play::{
    Game, GameReport, Id, Lang, PlayError, Problem, ResolutionList, SavedResolution, SideReport,
};
use feldherr_table::geometry::{Angle, Point, Shape, Unit as LengthUnit, Vector, distance};
use feldherr_table::{Layer, Piece, Table, TableEdit, TableRules};
use serde::{Deserialize, Serialize};

use crate::battle::{
    Battle, ControlEntry, EndReason, EpEntry, GameEnd, IncursionPick, TurnEp, TurnRecord, UnitState,
};
use crate::conquest::{EP_TO_WIN, KING_EP_PER_ROUND, SUDDEN_DEATH_LEAD, ScoringContext, score};
use crate::control::{MarkerControl, StandOnMap, ZoneControl, marker_control, zone_control};
use crate::rolls::{RollOutcome, WarmasterRoll, marker_letter};
use crate::terrain::{
    OBJECTIVE_KIND, OBJECTIVE_RADIUS_CM, STAND_KIND, TERRAIN_GUIDELINE, ZONE_KIND, ZONE_RADIUS_CM,
    placement_violations, terrain_piece, warmaster_table_rules,
};
use crate::victory::{UnitFate, VictoryReport, side_points, verdict};
use crate::{
    AlternatingTerrain, Army, ChessClock, Control, Edge, EpLine, EpSource, MarkerKind, Objective,
    Player, Scenario, Settings, SpecialRule, TerrainStep, TerrainType, Unit, VictoryCondition,
    import_army,
};

/// Most stands the map accepts (a bound, not a rule).
pub const MAX_STANDS_ON_MAP: usize = 2000;
/// Impassable terrain stays at least this far from every objective
/// marker (W3), cm.
pub const IMPASSABLE_CLEARANCE_CM: f64 = 10.0;
/// King of the Hill: no terrain within this distance of the table centre
/// (W3), cm.
pub const HILL_CLEARANCE_CM: f64 = 5.0;

/// One player: his name and army.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    /// The name the event knows him by.
    pub name: String,
    /// His army.
    #[serde(default)]
    pub army: Army,
}

/// A terrain piece the game knows, with its cheat-sheet type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainRecord {
    /// The table piece.
    pub piece: u64,
    /// Its type.
    pub terrain: TerrainType,
}

/// A stand on the map, linked to its unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandLink {
    /// The table piece (model layer).
    pub piece: u64,
    /// The owner.
    pub player: Player,
    /// The unit.
    pub unit: Id,
}

/// Where the game stands, for the app's guide.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Stage {
    /// Armies and settings.
    Setup,
    /// The alternating terrain placement.
    Terrain {
        /// Its next step.
        step: TerrainStep,
    },
    /// Scenario, special rule, layout, starting player and sides.
    Scenario,
    /// A player turn of the battle.
    Turn {
        /// The game turn.
        round: u32,
        /// Whose player turn.
        player: Player,
        /// Whether EP are scored at its end (W5).
        scoring: bool,
        /// Incursion: the roll for this game turn is still due.
        incursion_roll_due: bool,
    },
    /// Zufaellige Spieldauer: the roll after this game turn is due.
    LengthRoll {
        /// The game turn just played.
        after_round: u32,
        /// The score needed.
        need: u32,
    },
    /// The game is over.
    Ended,
}

/// A chess-clock action; `now_ms` is the host's time in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "clock", rename_all = "snake_case")]
pub enum ClockEdit {
    /// Start `player`'s clock (the starting player, when he begins to
    /// deploy).
    Start {
        /// Whose clock.
        player: Player,
        /// Now.
        now_ms: u64,
    },
    /// Switch to the other player.
    Switch {
        /// Now.
        now_ms: u64,
    },
    /// Pause for the combat phase.
    Pause {
        /// Now.
        now_ms: u64,
    },
    /// Resume after the combat phase.
    Resume {
        /// Now.
        now_ms: u64,
    },
    /// Bring the clock up to now (detects a clock running out).
    Tick {
        /// Now.
        now_ms: u64,
    },
    /// Stop the clock.
    Stop {
        /// Now.
        now_ms: u64,
    },
}

/// A change to a Warmaster game. Applying one succeeds wholly or changes
/// nothing (neither the game nor the table).
///
/// Serialised externally tagged in snake case (`{"set_scenario":
/// "incursion"}`, `"place_layout"`), so scripts of edits can be saved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum WarmasterEdit {
    /// Replace the settings (before the battle).
    SetSettings(Settings),
    /// Switch the clock's warning tone on or off ([`Settings::clock_sound`]);
    /// a preference of the players, allowed at any time.
    SetClockSound(bool),
    /// Rename a player.
    SetPlayerName {
        /// Who.
        player: Player,
        /// The new name.
        name: String,
    },
    /// Replace a player's army (before the battle).
    SetArmy {
        /// Whose.
        player: Player,
        /// The army.
        army: Army,
    },
    /// Replace a player's army by an imported text list (see
    /// [`import_army`]).
    ImportArmy {
        /// Whose.
        player: Player,
        /// The list.
        text: String,
    },
    /// Add a unit (its id must be unused).
    AddUnit {
        /// Whose.
        player: Player,
        /// The unit.
        unit: Unit,
    },
    /// Replace the unit with the same id.
    UpdateUnit {
        /// Whose.
        player: Player,
        /// The unit.
        unit: Unit,
    },
    /// Remove a unit.
    RemoveUnit {
        /// Whose.
        player: Player,
        /// The unit.
        unit: Id,
    },
    /// Start a dice step (a saved resolution).
    Roll(WarmasterRoll),
    /// Apply a finished dice step's outcome.
    Apply {
        /// The resolution.
        id: Id,
    },
    /// Place a terrain piece. During the alternating placement `player`
    /// must be the player whose turn it is and the W1 distances are
    /// enforced; on a table built otherwise `player` is `None` and broken
    /// distances are only reported as problems.
    PlaceTerrain {
        /// Who places it.
        player: Option<Player>,
        /// Its type.
        terrain: TerrainType,
        /// Its centre.
        at: Point,
        /// Its outline (moved so that its centre is `at`); the type's
        /// default outline when `None`.
        shape: Option<Shape>,
        /// Its name; the type and a number ("Wood 2") when `None`.
        name: Option<String>,
    },
    /// Pass in the alternating placement (or decline the last piece).
    PassTerrain {
        /// Who.
        player: Player,
    },
    /// Take a terrain piece off the table (not one of the alternating
    /// placement).
    RemoveTerrain {
        /// The piece.
        piece: u64,
    },
    /// Set the scenario by agreement instead of a roll.
    SetScenario(Scenario),
    /// Set the special rule by agreement instead of a roll.
    SetSpecialRule(Option<SpecialRule>),
    /// Set the starting player by agreement.
    SetStartingPlayer(Player),
    /// The starting player picks his table edge.
    ChooseEdge(Edge),
    /// Put the scenario's markers on the table (W3), replacing earlier
    /// ones.
    PlaceLayout,
    /// Move an objective or zone.
    MoveObjective {
        /// The objective.
        objective: Id,
        /// Its new centre.
        to: Point,
    },
    /// Push impassable terrain at least 10 cm away from every objective
    /// marker, and under King of the Hill all terrain 5 cm away from the
    /// centre, each along the shortest way (W3).
    PushTerrainAway,
    /// Put a stand of a unit on the map.
    PlaceStand {
        /// The owner.
        player: Player,
        /// The unit.
        unit: Id,
        /// Its centre.
        at: Point,
        /// Its facing; up the table for A's stands, down for B's when
        /// `None`.
        facing: Option<Angle>,
    },
    /// Take a stand off the map.
    RemoveStand {
        /// The piece.
        piece: u64,
    },
    /// Begin the battle: the starting player's first turn.
    BeginBattle,
    /// A unit or character was destroyed. Under Lang lebe der Koenig a
    /// slain general's owner names `new_general` from his characters.
    UnitDestroyed {
        /// The owner.
        player: Player,
        /// The unit.
        unit: Id,
        /// The new general (W10).
        new_general: Option<Id>,
    },
    /// A unit has lost this many stands in all.
    StandsLost {
        /// The owner.
        player: Player,
        /// The unit.
        unit: Id,
        /// Stands lost in all (fewer than its stands).
        lost: u32,
    },
    /// Verbranntes Land: a unit left the table over the enemy edge.
    Pillaged {
        /// The owner.
        player: Player,
        /// The unit.
        unit: Id,
    },
    /// Lang lebe der Koenig: `player`'s general took part in a combat or
    /// shot that destroyed enemy units (W10).
    GeneralFought {
        /// Whose general.
        player: Player,
    },
    /// The players state the control of one objective for this turn.
    SetControl {
        /// The objective or zone.
        objective: Id,
        /// Who controls it.
        control: Control,
    },
    /// Compute the control of every objective from the stands on the map
    /// (W4).
    ControlFromStands,
    /// End the current player turn: score at a scoring point (W5), check
    /// the end conditions, and switch the clock if it runs.
    EndTurn {
        /// Now, for the clock; `None` when no clock is used.
        now_ms: Option<u64>,
    },
    /// The players end the game.
    EndGame,
    /// A chess-clock action.
    Clock(ClockEdit),
}

/// A Warmaster Revolution "Guardians" game. Change it only through
/// [`WarmasterEdit`]s; the fields are public for reading.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WarmasterGame {
    /// The agreed settings.
    pub settings: Settings,
    /// Both players (A, B).
    pub players: [PlayerSetup; 2],
    /// The alternating terrain placement, once the roll-off is applied.
    #[serde(default)]
    pub alternating: Option<AlternatingTerrain>,
    /// Every terrain piece the game placed.
    #[serde(default)]
    pub terrain: Vec<TerrainRecord>,
    /// The starting player.
    #[serde(default)]
    pub starting_player: Option<Player>,
    /// Whose edge is the south edge (y = 0).
    #[serde(default)]
    pub south: Option<Player>,
    /// The scenario.
    #[serde(default)]
    pub scenario: Option<Scenario>,
    /// The special rule in force.
    #[serde(default)]
    pub special_rule: Option<SpecialRule>,
    /// Whether the special rule was rolled or agreed.
    #[serde(default)]
    pub special_rule_decided: bool,
    /// The objectives and zones on the table.
    #[serde(default)]
    pub objectives: Vec<Objective>,
    /// The stands on the map.
    #[serde(default)]
    pub stands: Vec<StandLink>,
    /// The battle, once begun.
    #[serde(default)]
    pub battle: Option<Battle>,
    /// How the game ended.
    #[serde(default)]
    pub end: Option<GameEnd>,
    /// The chess clock (W9).
    pub clock: ChessClock,
    /// Every dice step.
    #[serde(default)]
    pub resolutions: Vec<SavedResolution<WarmasterRoll>>,
}

fn refused(reason: impl Into<String>, rule: &str) -> PlayError {
    PlayError::refused(reason, Some(rule))
}

fn plain_refusal(reason: impl Into<String>) -> PlayError {
    PlayError::refused(reason, None)
}

impl WarmasterGame {
    /// The player setup of `player`.
    #[must_use]
    pub fn player(&self, player: Player) -> &PlayerSetup {
        &self.players[player.index()]
    }

    /// The army of `player`.
    #[must_use]
    pub fn army(&self, player: Player) -> &Army {
        &self.players[player.index()].army
    }

    /// The edge of `player`, once sides are chosen.
    #[must_use]
    pub fn edge_of(&self, player: Player) -> Option<Edge> {
        self.south.map(|s| {
            if s == player {
                Edge::South
            } else {
                Edge::North
            }
        })
    }

    /// Where the game stands.
    #[must_use]
    pub fn stage(&self) -> Stage {
        if self.end.is_some() {
            return Stage::Ended;
        }
        if let Some(b) = &self.battle {
            if let Some(after_round) = b.length_roll_due {
                return Stage::LengthRoll {
                    after_round,
                    need: self.length_need(after_round),
                };
            }
            return Stage::Turn {
                round: b.round,
                player: b.turn_of,
                scoring: self.is_scoring_point(b.round, b.turn_of),
                incursion_roll_due: self.scenario == Some(Scenario::Incursion)
                    && b.round >= 2
                    && b.doubled_in(b.round).is_none(),
            };
        }
        match &self.alternating {
            Some(a) if !a.finished => Stage::Terrain { step: a.step() },
            Some(_) => Stage::Scenario,
            None if self.terrain.is_empty() => Stage::Setup,
            None => Stage::Scenario,
        }
    }

    /// Whether EP are scored at the end of this player turn: from the
    /// second player's second turn on (W5).
    #[must_use]
    pub fn is_scoring_point(&self, round: u32, turn_of: Player) -> bool {
        match self.starting_player {
            Some(s) => round >= 3 || (round == 2 && turn_of == s.other()),
            None => false,
        }
    }

    /// The score a game-length roll after `after_round` needs (W6): 2+
    /// after the turn before the turn limit, 4+ after the turn limit.
    #[must_use]
    pub fn length_need(&self, after_round: u32) -> u32 {
        if after_round < self.settings.turn_limit {
            2
        } else {
            4
        }
    }

    /// The break point of `player`'s army (W7).
    #[must_use]
    pub fn break_point(&self, player: Player) -> crate::BreakPoint {
        self.army(player).break_point(&self.settings.options)
    }

    /// EP of `player` so far.
    #[must_use]
    pub fn ep(&self, player: Player) -> i32 {
        self.battle.as_ref().map_or(0, |b| b.ep_total(player))
    }

    /// EP per player per player turn, for the chart.
    #[must_use]
    pub fn ep_per_turn(&self) -> Vec<TurnEp> {
        self.battle
            .as_ref()
            .map_or_else(Vec::new, Battle::ep_per_turn)
    }

    /// Every EP line so far.
    #[must_use]
    pub fn ep_lines(&self) -> &[EpEntry] {
        self.battle.as_ref().map_or(&[], |b| b.ep.as_slice())
    }

    /// The victory conditions `player` met (W8).
    #[must_use]
    pub fn conditions(&self, player: Player) -> Vec<VictoryCondition> {
        let mut out: Vec<VictoryCondition> = self
            .end
            .iter()
            .flat_map(|e| e.reasons.iter())
            .filter_map(|r| r.condition_for(player))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    fn fates(&self, player: Player) -> Vec<UnitFate> {
        self.army(player)
            .units
            .iter()
            .map(|u| {
                let s = self
                    .battle
                    .as_ref()
                    .map(|b| b.unit_state(player, u.id))
                    .unwrap_or(UnitState {
                        player,
                        unit: u.id,
                        stands_lost: 0,
                        destroyed: false,
                        pillaged: false,
                    });
                UnitFate {
                    unit: u.id,
                    name: u.name.clone(),
                    points: u.points,
                    stands: u.stands,
                    stands_lost: if s.destroyed { u.stands } else { s.stands_lost },
                    destroyed: s.destroyed,
                }
            })
            .collect()
    }

    /// The VP calculation line by line (W8) with the verdict (draw under
    /// 50 VP, the clock loss of W9). Provisional until the game ended.
    #[must_use]
    pub fn victory(&self) -> VictoryReport {
        let size = self.settings.game_size;
        let sides = Player::BOTH.map(|p| {
            side_points(
                p,
                &self.fates(p.other()),
                self.ep(p),
                &self.conditions(p),
                size,
            )
        });
        let clock_winner = if self.settings.clock {
            self.clock.clock_winner()
        } else {
            None
        };
        let verdict = verdict(sides[0].total, sides[1].total, clock_winner);
        VictoryReport {
            difference: sides[0].total - sides[1].total,
            sides,
            verdict,
        }
    }

    /// The stands on the map as W4 sees them (destroyed and pillaged
    /// units left out).
    #[must_use]
    pub fn stands_on_map(&self, table: &Table) -> Vec<StandOnMap> {
        self.stands
            .iter()
            .filter_map(|link| {
                let piece = table.piece(link.piece)?;
                let unit = self.army(link.player).unit(link.unit)?;
                if let Some(b) = &self.battle {
                    let s = b.unit_state(link.player, link.unit);
                    if s.destroyed || s.pillaged {
                        return None;
                    }
                }
                Some(StandOnMap {
                    player: link.player,
                    unit: link.unit,
                    flying: unit.flying,
                    summoned: unit.summoned,
                    shape: piece.shape.clone(),
                })
            })
            .collect()
    }

    /// The control of every objective computed from the stands on the
    /// map (W4), with how it was found.
    #[must_use]
    pub fn control_from_stands(&self, table: &Table) -> Vec<(Id, ControlDetail)> {
        let stands = self.stands_on_map(table);
        self.objectives
            .iter()
            .filter_map(|o| {
                let piece = table.piece(o.piece)?;
                let detail = match o.kind {
                    MarkerKind::Objective => {
                        ControlDetail::Marker(marker_control(&piece.shape, &stands))
                    }
                    MarkerKind::Zone => ControlDetail::Zone(zone_control(&piece.shape, &stands)),
                };
                Some((o.id, detail))
            })
            .collect()
    }

    fn scoring_context(&self, round: u32) -> Result<ScoringContext<'_>, PlayError> {
        let scenario = self
            .scenario
            .ok_or_else(|| plain_refusal("no scenario is set"))?;
        let south = self
            .south
            .ok_or_else(|| plain_refusal("the sides are not chosen"))?;
        let edge = |p: Player| if p == south { Edge::South } else { Edge::North };
        Ok(ScoringContext {
            scenario,
            special: self.special_rule,
            objectives: &self.objectives,
            doubled: self.battle.as_ref().and_then(|b| b.doubled_in(round)),
            home: [edge(Player::A), edge(Player::B)],
        })
    }

    /// The EP `player` would score with the current turn's control, line
    /// by line (a preview for the turn tracker).
    ///
    /// # Errors
    /// No battle, scenario or sides.
    pub fn preview_scoring(&self, player: Player) -> Result<Vec<EpLine>, PlayError> {
        let b = self
            .battle
            .as_ref()
            .ok_or_else(|| plain_refusal("the battle has not begun"))?;
        let ctx = self.scoring_context(b.round)?;
        let control = self.current_control();
        Ok(score(&ctx, &|id| lookup(&control, id), player))
    }

    fn current_control(&self) -> Vec<ControlEntry> {
        self.battle
            .as_ref()
            .and_then(Battle::current)
            .map(|t| t.control.clone())
            .unwrap_or_default()
    }
}

fn lookup(control: &[ControlEntry], id: Id) -> Control {
    control
        .iter()
        .find(|c| c.objective == id)
        .map_or(Control::NOBODY, |c| c.control)
}

/// How the control of one objective was computed from stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ControlDetail {
    /// An objective marker.
    Marker(MarkerControl),
    /// A zone.
    Zone(ZoneControl),
}

impl ControlDetail {
    /// The result.
    #[must_use]
    pub fn control(&self) -> Control {
        match self {
            ControlDetail::Marker(m) => m.control,
            ControlDetail::Zone(z) => z.control,
        }
    }
}

// ---------------------------------------------------------------------
// Applying edits.

impl WarmasterGame {
    fn before_battle(&self, what: &str) -> Result<(), PlayError> {
        if self.battle.is_some() {
            return Err(plain_refusal(format!(
                "{what} cannot change once the battle has begun"
            )));
        }
        Ok(())
    }

    fn battle_running(&mut self) -> Result<&mut Battle, PlayError> {
        if self.end.is_some() {
            return Err(plain_refusal("the game is over"));
        }
        let b = self
            .battle
            .as_mut()
            .ok_or_else(|| plain_refusal("the battle has not begun"))?;
        if let Some(after) = b.length_roll_due {
            return Err(refused(
                format!("the game-length roll after turn {after} is due first"),
                "W6",
            ));
        }
        Ok(b)
    }

    fn unit_of(&self, player: Player, unit: Id) -> Result<&Unit, PlayError> {
        self.army(player)
            .unit(unit)
            .ok_or_else(|| PlayError::not_found(format!("unit of {player}"), unit))
    }

    fn apply_inner(&mut self, edit: &WarmasterEdit, table: &mut Table) -> Result<(), PlayError> {
        match edit {
            WarmasterEdit::SetSettings(settings) => {
                self.before_battle("the settings")?;
                settings.check()?;
                if settings.clock_minutes != self.settings.clock_minutes && self.clock.started() {
                    return Err(refused("the clock has started; its time is fixed", "W9"));
                }
                self.settings = *settings;
                if !self.clock.started() {
                    self.clock = ChessClock::new(settings.clock_minutes);
                }
            }
            WarmasterEdit::SetClockSound(on) => self.settings.clock_sound = *on,
            WarmasterEdit::SetPlayerName { player, name } => {
                let name = name.trim();
                if name.is_empty() || name.chars().count() > crate::army::MAX_NAME {
                    return Err(PlayError::invalid(
                        "name",
                        format!("\"{name}\""),
                        "a name of 1 to 80 characters",
                    ));
                }
                self.players[player.index()].name = name.to_owned();
            }
            WarmasterEdit::SetArmy { player, army } => {
                self.before_battle("the armies")?;
                let mut checked = Army {
                    list: army.list.clone(),
                    kind: army.kind,
                    units: Vec::new(),
                };
                for (i, unit) in army.units.iter().enumerate() {
                    checked
                        .add(unit.clone())
                        .map_err(|e| PlayError::from(e).under_field(&format!("army.units[{i}]")))?;
                }
                self.players[player.index()].army = checked;
                self.remove_stands_of(*player, table)?;
            }
            WarmasterEdit::ImportArmy { player, text } => {
                self.before_battle("the armies")?;
                let army = import_army(text)?;
                self.players[player.index()].army = army;
                self.remove_stands_of(*player, table)?;
            }
            WarmasterEdit::AddUnit { player, unit } => {
                self.before_battle("the armies")?;
                self.players[player.index()].army.add(unit.clone())?;
            }
            WarmasterEdit::UpdateUnit { player, unit } => {
                self.before_battle("the armies")?;
                unit.check()?;
                let army = &mut self.players[player.index()].army;
                let slot = army
                    .units
                    .iter_mut()
                    .find(|u| u.id == unit.id)
                    .ok_or_else(|| PlayError::not_found(format!("unit of {player}"), unit.id))?;
                *slot = unit.clone();
            }
            WarmasterEdit::RemoveUnit { player, unit } => {
                self.before_battle("the armies")?;
                let army = &mut self.players[player.index()].army;
                let before = army.units.len();
                army.units.retain(|u| u.id != *unit);
                if army.units.len() == before {
                    return Err(PlayError::not_found(format!("unit of {player}"), unit));
                }
                let gone: Vec<u64> = self
                    .stands
                    .iter()
                    .filter(|s| s.player == *player && s.unit == *unit)
                    .map(|s| s.piece)
                    .collect();
                for piece in gone {
                    if table.piece(piece).is_some() {
                        table.apply(TableEdit::Delete { id: piece })?;
                    }
                }
                self.stands
                    .retain(|s| !(s.player == *player && s.unit == *unit));
            }
            WarmasterEdit::Roll(kind) => {
                self.check_roll(kind)?;
                if matches!(kind, WarmasterRoll::IncursionTerrain {})
                    && self.marker_in_open_ground(table)
                {
                    return Err(refused(
                        "a marker lies in open ground already; no terrain has to move",
                        "W3",
                    ));
                }
                let id = Id::next_after(self.resolutions.iter().map(SavedResolution::id));
                self.resolutions
                    .push(SavedResolution::new(id, kind.clone())?);
            }
            WarmasterEdit::Apply { id } => self.apply_roll(*id, table)?,
            WarmasterEdit::PlaceTerrain {
                player,
                terrain,
                at,
                shape,
                name,
            } => self.place_terrain(
                *player,
                *terrain,
                *at,
                shape.as_ref(),
                name.as_deref(),
                table,
            )?,
            WarmasterEdit::PassTerrain { player } => {
                self.before_battle("the terrain")?;
                let alt = self.alternating.as_mut().ok_or_else(|| {
                    refused(
                        "the alternating placement has not begun (roll off first)",
                        "W1",
                    )
                })?;
                alt.pass(*player)?;
                if let Some(s) = alt.starting_player() {
                    self.starting_player = Some(s);
                }
            }
            WarmasterEdit::RemoveTerrain { piece } => {
                self.before_battle("the terrain")?;
                if self
                    .alternating
                    .as_ref()
                    .is_some_and(|a| a.placed.iter().any(|p| p.piece == *piece))
                {
                    return Err(refused(
                        "the piece belongs to the alternating placement; move it instead",
                        "W1",
                    ));
                }
                if !self.terrain.iter().any(|t| t.piece == *piece) {
                    return Err(PlayError::not_found("terrain piece", piece));
                }
                if table.piece(*piece).is_some() {
                    table.apply(TableEdit::Delete { id: *piece })?;
                }
                self.terrain.retain(|t| t.piece != *piece);
            }
            WarmasterEdit::SetScenario(scenario) => {
                self.before_battle("the scenario")?;
                self.set_scenario(*scenario, table)?;
            }
            WarmasterEdit::SetSpecialRule(rule) => {
                self.before_battle("the special rule")?;
                let scenario = self
                    .scenario
                    .ok_or_else(|| refused("set the scenario first", "W2"))?;
                if let Some(r) = rule
                    && !scenario.special_rules().contains(&Some(*r))
                {
                    return Err(refused(
                        format!("{r} is not on the special-rule table of {scenario}"),
                        "W2",
                    ));
                }
                self.special_rule = *rule;
                self.special_rule_decided = true;
            }
            WarmasterEdit::SetStartingPlayer(p) => {
                self.before_battle("the starting player")?;
                if let Some(alt) = &self.alternating
                    && alt.finished
                    && alt.starting_player() != Some(*p)
                {
                    return Err(refused(
                        "the player who passed in the terrain placement is the starting player",
                        "W1",
                    ));
                }
                self.starting_player = Some(*p);
            }
            WarmasterEdit::ChooseEdge(edge) => {
                self.before_battle("the sides")?;
                let s = self.starting_player.ok_or_else(|| {
                    plain_refusal("the starting player chooses the side; decide him first")
                })?;
                self.south = Some(if *edge == Edge::South { s } else { s.other() });
            }
            WarmasterEdit::PlaceLayout => {
                self.before_battle("the layout")?;
                let scenario = self
                    .scenario
                    .ok_or_else(|| refused("set the scenario first", "W3"))?;
                self.place_layout(scenario, table)?;
            }
            WarmasterEdit::MoveObjective { objective, to } => {
                self.before_battle("the layout")?;
                let o = self
                    .objectives
                    .iter()
                    .find(|o| o.id == *objective)
                    .ok_or_else(|| PlayError::not_found("objective", objective))?;
                table.apply(TableEdit::Move {
                    id: o.piece,
                    to: *to,
                })?;
            }
            WarmasterEdit::PushTerrainAway => {
                self.before_battle("the terrain")?;
                self.push_terrain_away(table)?;
            }
            WarmasterEdit::PlaceStand {
                player,
                unit,
                at,
                facing,
            } => {
                let u = self.unit_of(*player, *unit)?.clone();
                if self.stands.len() >= MAX_STANDS_ON_MAP {
                    return Err(plain_refusal(format!(
                        "at most {MAX_STANDS_ON_MAP} stands fit on the map"
                    )));
                }
                let on_map = self
                    .stands
                    .iter()
                    .filter(|s| s.player == *player && s.unit == *unit)
                    .count();
                if on_map >= u.stands as usize {
                    return Err(plain_refusal(format!(
                        "\"{}\" has {} stands, all on the map",
                        u.name, u.stands
                    )));
                }
                let rules = warmaster_table_rules();
                let def = rules
                    .type_def(STAND_KIND)
                    .ok_or_else(|| plain_refusal("no stand type"))?;
                let id = table.next_id();
                let mut piece = def.piece(id, u.name.clone(), *at)?;
                let default_facing = match player {
                    Player::A => 90.0,
                    Player::B => 270.0,
                };
                let facing = match facing {
                    Some(f) => *f,
                    None => Angle::from_degrees(default_facing)
                        .map_err(|e| PlayError::invalid("facing", default_facing, e.to_string()))?,
                };
                piece = piece.with_facing(facing);
                table.apply(TableEdit::Add(piece))?;
                self.stands.push(crate::game::StandLink {
                    piece: id,
                    player: *player,
                    unit: *unit,
                });
            }
            WarmasterEdit::RemoveStand { piece } => {
                if !self.stands.iter().any(|s| s.piece == *piece) {
                    return Err(PlayError::not_found("stand", piece));
                }
                if table.piece(*piece).is_some() {
                    table.apply(TableEdit::Delete { id: *piece })?;
                }
                self.stands.retain(|s| s.piece != *piece);
            }
            WarmasterEdit::BeginBattle => self.begin_battle()?,
            WarmasterEdit::UnitDestroyed {
                player,
                unit,
                new_general,
            } => self.unit_destroyed(*player, *unit, *new_general)?,
            WarmasterEdit::StandsLost { player, unit, lost } => {
                let u = self.unit_of(*player, *unit)?.clone();
                if *lost >= u.stands {
                    return Err(PlayError::invalid(
                        "lost",
                        lost,
                        format!(
                            "\"{}\" has {} stands; record a unit that lost all of them as destroyed",
                            u.name, u.stands
                        ),
                    ));
                }
                let b = self
                    .battle
                    .as_mut()
                    .ok_or_else(|| plain_refusal("the battle has not begun"))?;
                let mut s = b.unit_state(*player, *unit);
                if s.destroyed {
                    return Err(plain_refusal(format!("\"{}\" is destroyed", u.name)));
                }
                s.stands_lost = *lost;
                b.set_unit_state(s);
            }
            WarmasterEdit::Pillaged { player, unit } => self.pillaged(*player, *unit)?,
            WarmasterEdit::GeneralFought { player } => {
                if self.special_rule != Some(SpecialRule::LongLiveTheKing) {
                    return Err(refused(
                        "only under Lang lebe der Koenig does a general's fight give EP",
                        "W10",
                    ));
                }
                let general = self
                    .battle
                    .as_ref()
                    .and_then(|b| b.generals[player.index()])
                    .ok_or_else(|| refused(format!("{player} has no general"), "W10"))?;
                self.battle_running()?;
                self.king_ep(*player, EpSource::GeneralFought { general })?;
                self.check_end(Vec::new());
            }
            WarmasterEdit::SetControl { objective, control } => {
                let o = self
                    .objectives
                    .iter()
                    .find(|o| o.id == *objective)
                    .ok_or_else(|| PlayError::not_found("objective", objective))?
                    .clone();
                if control.alone && (o.kind == MarkerKind::Objective || control.by.is_none()) {
                    return Err(PlayError::invalid(
                        "control.alone",
                        "true",
                        "only a zone held by a player can be held alone",
                    ));
                }
                let turn = self
                    .battle_running()?
                    .current_mut()
                    .ok_or_else(|| plain_refusal("no player turn"))?;
                set_entry(&mut turn.control, *objective, *control, false);
            }
            WarmasterEdit::ControlFromStands => {
                let computed = self.control_from_stands(table);
                if computed.len() != self.objectives.len() {
                    return Err(plain_refusal(
                        "an objective's marker is missing from the table",
                    ));
                }
                let turn = self
                    .battle_running()?
                    .current_mut()
                    .ok_or_else(|| plain_refusal("no player turn"))?;
                for (id, detail) in computed {
                    set_entry(&mut turn.control, id, detail.control(), true);
                }
            }
            WarmasterEdit::EndTurn { now_ms } => self.end_turn(*now_ms)?,
            WarmasterEdit::EndGame => {
                self.battle_running()?;
                self.finish(vec![EndReason::Agreed]);
            }
            WarmasterEdit::Clock(c) => self.clock_edit(*c)?,
        }
        Ok(())
    }

    /// Takes every stand of `player` off the map (his army was replaced).
    fn remove_stands_of(&mut self, player: Player, table: &mut Table) -> Result<(), PlayError> {
        for s in self.stands.iter().filter(|s| s.player == player) {
            if table.piece(s.piece).is_some() {
                table.apply(TableEdit::Delete { id: s.piece })?;
            }
        }
        self.stands.retain(|s| s.player != player);
        Ok(())
    }

    fn check_roll(&self, kind: &WarmasterRoll) -> Result<(), PlayError> {
        match kind {
            WarmasterRoll::TerrainRollOff {} => {
                self.before_battle("the terrain")?;
                if self.alternating.is_some() {
                    return Err(refused("the terrain roll-off was made already", "W1"));
                }
            }
            WarmasterRoll::StartRollOff {}
            | WarmasterRoll::Scenario {}
            | WarmasterRoll::SpecialRule { .. } => {
                self.before_battle("the scenario")?;
            }
            WarmasterRoll::IncursionTerrain {} => {
                self.before_battle("the layout")?;
                if self.scenario != Some(Scenario::Incursion) {
                    return Err(refused("only Incursion clears a marker of terrain", "W3"));
                }
                if self.objectives.is_empty() {
                    return Err(refused("place the scenario's markers first", "W3"));
                }
            }
            WarmasterRoll::Incursion { round } => {
                if self.scenario != Some(Scenario::Incursion) {
                    return Err(refused("only Incursion rolls for its marker", "W5"));
                }
                let b = self
                    .battle
                    .as_ref()
                    .ok_or_else(|| plain_refusal("the battle has not begun"))?;
                if *round != b.round {
                    return Err(PlayError::invalid(
                        "round",
                        round,
                        format!("the current game turn is {}", b.round),
                    ));
                }
                if b.doubled_in(*round).is_some() {
                    return Err(refused(
                        format!("turn {round}'s marker is rolled already"),
                        "W5",
                    ));
                }
            }
            WarmasterRoll::GameLength { after_round, need } => {
                let due = self.battle.as_ref().and_then(|b| b.length_roll_due);
                if due != Some(*after_round) {
                    return Err(refused(
                        format!("no game-length roll is due after turn {after_round}"),
                        "W6",
                    ));
                }
                let want = self.length_need(*after_round);
                if *need != want {
                    return Err(PlayError::invalid(
                        "need",
                        need,
                        format!("after turn {after_round} a {want}+ is needed"),
                    ));
                }
            }
        }
        Ok(())
    }

    fn apply_roll(&mut self, id: Id, table: &mut Table) -> Result<(), PlayError> {
        let index = self
            .resolutions
            .iter()
            .position(|r| r.id() == id)
            .ok_or_else(|| PlayError::not_found("resolution", id))?;
        let resolution = &self.resolutions[index];
        if resolution.applied() {
            return Err(plain_refusal("the result is applied already"));
        }
        let outcome = *resolution.outcome().ok_or(PlayError::Unfinished)?;
        let kind = resolution.kind().clone();
        self.check_roll(&kind)?;
        match (kind, outcome) {
            (WarmasterRoll::TerrainRollOff {}, RollOutcome::FirstToPlace { player }) => {
                self.alternating = Some(AlternatingTerrain::new(player));
            }
            (WarmasterRoll::StartRollOff {}, RollOutcome::StartingPlayer { player }) => {
                if self.alternating.as_ref().is_some_and(|a| a.finished) {
                    return Err(refused(
                        "the player who passed in the terrain placement is the starting player",
                        "W1",
                    ));
                }
                self.starting_player = Some(player);
            }
            (WarmasterRoll::Scenario {}, RollOutcome::Scenario { scenario }) => {
                self.set_scenario(scenario, table)?;
            }
            (WarmasterRoll::SpecialRule { scenario }, RollOutcome::SpecialRule { rule }) => {
                if self.scenario != Some(scenario) {
                    return Err(refused(
                        format!("the roll was for {scenario}, not the game's scenario"),
                        "W2",
                    ));
                }
                if !self.settings.scenario_rules {
                    return Err(refused("the scenario special rules are off", "W2"));
                }
                if self.south.is_none() {
                    return Err(refused(
                        "the starting player rolls after choosing his side",
                        "W2",
                    ));
                }
                self.special_rule = rule;
                self.special_rule_decided = true;
            }
            (WarmasterRoll::IncursionTerrain {}, RollOutcome::IncursionTerrain { marker }) => {
                self.clear_marker(marker, table)?;
            }
            (WarmasterRoll::Incursion { round }, RollOutcome::Incursion { marker }) => {
                let letter = marker_letter(marker);
                let markers: Vec<&Objective> = self
                    .objectives
                    .iter()
                    .filter(|o| o.kind == MarkerKind::Objective)
                    .collect();
                let objective = markers
                    .iter()
                    .find(|o| o.label == letter)
                    .or_else(|| markers.get(marker))
                    .map(|o| o.id)
                    .ok_or_else(|| PlayError::not_found("objective marker", letter))?;
                let b = self
                    .battle
                    .as_mut()
                    .ok_or_else(|| plain_refusal("the battle has not begun"))?;
                b.incursion.push(IncursionPick { round, objective });
            }
            (
                WarmasterRoll::GameLength { after_round, .. },
                RollOutcome::GameLength { another_turn },
            ) => {
                let starting = self
                    .starting_player
                    .ok_or_else(|| plain_refusal("no starting player"))?;
                let b = self
                    .battle
                    .as_mut()
                    .ok_or_else(|| plain_refusal("the battle has not begun"))?;
                b.length_roll_due = None;
                if another_turn {
                    b.rounds = after_round.saturating_add(1);
                    next_round(b, starting);
                } else {
                    self.finish(vec![EndReason::TurnLimit {
                        rounds: after_round,
                    }]);
                }
            }
            (kind, outcome) => {
                return Err(PlayError::invalid(
                    "resolution",
                    format!("{kind:?}"),
                    format!("does not fit its outcome {outcome}"),
                ));
            }
        }
        self.resolutions[index].set_applied()?;
        Ok(())
    }

    fn set_scenario(&mut self, scenario: Scenario, table: &mut Table) -> Result<(), PlayError> {
        if self.scenario != Some(scenario) {
            self.remove_layout(table)?;
            self.special_rule = None;
            self.special_rule_decided = false;
        }
        self.scenario = Some(scenario);
        Ok(())
    }

    fn remove_layout(&mut self, table: &mut Table) -> Result<(), PlayError> {
        for o in &self.objectives {
            if table.piece(o.piece).is_some() {
                table.apply(TableEdit::Delete { id: o.piece })?;
            }
        }
        self.objectives.clear();
        Ok(())
    }

    fn place_layout(&mut self, scenario: Scenario, table: &mut Table) -> Result<(), PlayError> {
        self.remove_layout(table)?;
        let (cx, cy) = (table.width() / 2.0, table.depth() / 2.0);
        let rules = warmaster_table_rules();
        for (next, m) in (1_u64..).zip(scenario.layout()) {
            let (kind, radius) = match m.kind {
                MarkerKind::Objective => (OBJECTIVE_KIND, OBJECTIVE_RADIUS_CM),
                MarkerKind::Zone => (ZONE_KIND, ZONE_RADIUS_CM),
            };
            let def = rules
                .type_def(kind)
                .ok_or_else(|| plain_refusal("no marker type"))?;
            debug_assert!(
                matches!(def.shape, feldherr_table::ShapeTemplate::Circle { radius: r } if (r - radius).abs() < 1e-9)
            );
            let id = table.next_id();
            let piece = def.piece(id, m.label, Point::new(cx + m.x, cy + m.y))?;
            table.apply(TableEdit::Add(piece))?;
            self.objectives.push(Objective {
                id: Id(next),
                piece: id,
                label: m.label.to_owned(),
                kind: m.kind,
                side: m.side,
            });
        }
        Ok(())
    }

    fn place_terrain(
        &mut self,
        player: Option<Player>,
        terrain: TerrainType,
        at: Point,
        shape: Option<&Shape>,
        name: Option<&str>,
        table: &mut Table,
    ) -> Result<(), PlayError> {
        self.before_battle("the terrain")?;
        if !at.is_finite() {
            return Err(PlayError::invalid(
                "at",
                format!("{at:?}"),
                "a finite point",
            ));
        }
        let id = table.next_id();
        let count = self.terrain.iter().filter(|t| t.terrain == terrain).count() + 1;
        let name = match name {
            Some(n) if !n.trim().is_empty() => n.trim().to_owned(),
            Some(_) => return Err(PlayError::invalid("name", "\"\"", "a piece needs a name")),
            None => format!("{} {count}", terrain.label()),
        };
        let mut piece = terrain_piece(terrain, id, &name, at)?;
        if let Some(shape) = shape {
            let offset: Vector = at - shape.centroid();
            piece.shape = shape.translate(offset);
        }
        // W1 distances are enforced during the alternation only (PW12).
        let alternating = self.alternating.as_ref().is_some_and(|a| !a.finished);
        if alternating {
            let Some(player) = player else {
                return Err(refused(
                    "during the alternating placement every piece is placed by a player",
                    "W1",
                ));
            };
            if let Some(alt) = &self.alternating {
                alt.check_place(player, terrain)?;
            }
            let violations = placement_violations(table, &name, &piece.shape);
            if !violations.is_empty() {
                let text: Vec<String> = violations.iter().map(|v| v.explanation()).collect();
                return Err(refused(text.join("; "), "W1"));
            }
            if let Some(alt) = self.alternating.as_mut() {
                alt.place(player, terrain, id)?;
                if let Some(s) = alt.starting_player() {
                    self.starting_player = Some(s);
                }
            }
        } else if self.alternating.is_some() {
            return Err(refused("the alternating placement is over", "W1"));
        } else if player.is_some() {
            return Err(refused(
                "roll off for the alternating placement first, or place the piece without a player",
                "W1",
            ));
        }
        table.apply(TableEdit::Add(piece))?;
        self.terrain.push(TerrainRecord { piece: id, terrain });
        Ok(())
    }

    /// Incursion set-up (W3, PW16): every terrain piece on marker
    /// `marker` (0 = A) moves off it the shortest way, away from the
    /// marker's centre in steps of 0.5 cm (at most 2 m), until the marker
    /// lies in open ground.
    fn clear_marker(&self, marker: usize, table: &mut Table) -> Result<(), PlayError> {
        let letter = marker_letter(marker);
        let markers: Vec<&Objective> = self
            .objectives
            .iter()
            .filter(|o| o.kind == MarkerKind::Objective)
            .collect();
        let o = markers
            .iter()
            .find(|o| o.label == letter)
            .or_else(|| markers.get(marker))
            .ok_or_else(|| PlayError::not_found("objective marker", letter))?;
        let marker_shape = table
            .piece(o.piece)
            .map(|p| p.shape.clone())
            .ok_or_else(|| PlayError::not_found("marker piece", o.piece))?;
        let centre = marker_shape.centroid();
        for record in &self.terrain {
            let Some(piece) = table.piece(record.piece) else {
                continue;
            };
            let shape = piece.shape.clone();
            if !shape.contains_point(centre) && distance(&marker_shape, &shape) > 1e-9 {
                continue;
            }
            let dir = (shape.centroid() - centre)
                .normalize()
                .unwrap_or(Vector::new(1.0, 0.0));
            let mut moved = shape.clone();
            for _ in 0..400 {
                if !moved.contains_point(centre) && distance(&marker_shape, &moved) > 1e-9 {
                    break;
                }
                moved = moved.translate(dir.scale(0.5));
            }
            table.apply(TableEdit::Move {
                id: record.piece,
                to: moved.centroid(),
            })?;
        }
        Ok(())
    }

    /// Incursion (W3): whether at least one objective marker lies in open
    /// ground (its centre in no terrain piece). True when there are no
    /// markers.
    #[must_use]
    pub fn marker_in_open_ground(&self, table: &Table) -> bool {
        let markers: Vec<&Objective> = self
            .objectives
            .iter()
            .filter(|o| o.kind == MarkerKind::Objective)
            .collect();
        markers.is_empty()
            || markers.iter().any(|o| {
                table.piece(o.piece).is_some_and(|m| {
                    let c = m.center();
                    !self.terrain.iter().any(|t| {
                        table
                            .piece(t.piece)
                            .is_some_and(|p| p.shape.contains_point(c))
                    })
                })
            })
    }

    fn push_terrain_away(&self, table: &mut Table) -> Result<(), PlayError> {
        let markers: Vec<Shape> = self
            .objectives
            .iter()
            .filter(|o| o.kind == MarkerKind::Objective)
            .filter_map(|o| table.piece(o.piece).map(|p| p.shape.clone()))
            .collect();
        let centre = Point::new(table.width() / 2.0, table.depth() / 2.0);
        let hill = self.scenario == Some(Scenario::KingOfTheHill);
        for record in &self.terrain {
            let mut obstacles: Vec<(Shape, f64)> = Vec::new();
            if record.terrain.impassable() {
                obstacles.extend(markers.iter().map(|m| (m.clone(), IMPASSABLE_CLEARANCE_CM)));
            }
            if hill {
                let dot = Shape::Circle(
                    feldherr_table::geometry::Circle::new(centre, 1e-6)
                        .map_err(|e| PlayError::invalid("centre", "table centre", e.to_string()))?,
                );
                obstacles.push((dot, HILL_CLEARANCE_CM));
            }
            for _ in 0..16 {
                let Some(piece) = table.piece(record.piece) else {
                    break;
                };
                let shape = piece.shape.clone();
                let worst = obstacles
                    .iter()
                    .map(|(o, need)| (o, need - distance(o, &shape)))
                    .filter(|(_, deficit)| *deficit > 1e-9)
                    .max_by(|a, b| a.1.total_cmp(&b.1));
                let Some((obstacle, deficit)) = worst else {
                    break;
                };
                let from = obstacle.centroid();
                let dir = (shape.centroid() - from)
                    .normalize()
                    .unwrap_or(Vector::new(1.0, 0.0));
                let to = shape.centroid().translate(dir.scale(deficit + 1e-6));
                table.apply(TableEdit::Move {
                    id: record.piece,
                    to,
                })?;
            }
        }
        Ok(())
    }

    fn begin_battle(&mut self) -> Result<(), PlayError> {
        if self.battle.is_some() {
            return Err(plain_refusal("the battle has begun already"));
        }
        let starting = self
            .starting_player
            .ok_or_else(|| plain_refusal("decide the starting player first"))?;
        if self.south.is_none() {
            return Err(plain_refusal("the starting player chooses his side first"));
        }
        if self.scenario.is_none() {
            return Err(refused("decide the scenario first", "W2"));
        }
        if self.objectives.is_empty() {
            return Err(refused("place the scenario's markers first", "W3"));
        }
        if self.settings.scenario_rules && !self.special_rule_decided {
            return Err(refused("roll the scenario's special rule first", "W2"));
        }
        if self.alternating.as_ref().is_some_and(|a| !a.finished) {
            return Err(refused("finish the terrain placement first", "W1"));
        }
        let rounds = if self.special_rule == Some(SpecialRule::RandomGameLength) {
            self.settings.turn_limit.saturating_sub(1)
        } else {
            self.settings.turn_limit
        };
        let generals = Player::BOTH.map(|p| self.army(p).general().map(|u| u.id));
        self.battle = Some(Battle {
            round: 1,
            turn_of: starting,
            rounds,
            turns: vec![TurnRecord {
                round: 1,
                player: starting,
                control: Vec::new(),
                ended: false,
            }],
            ep: Vec::new(),
            incursion: Vec::new(),
            length_roll_due: None,
            generals,
            units: Vec::new(),
        });
        Ok(())
    }

    fn push_ep(&mut self, line: EpLine) {
        if let Some(b) = self.battle.as_mut() {
            let entry = EpEntry {
                round: b.round,
                turn_of: b.turn_of,
                line,
            };
            b.ep.push(entry);
        }
    }

    /// Lang lebe der Koenig: one EP for `player`, at most 2 per general
    /// and game turn (W10).
    fn king_ep(&mut self, player: Player, source: EpSource) -> Result<(), PlayError> {
        let b = self
            .battle
            .as_ref()
            .ok_or_else(|| plain_refusal("the battle has not begun"))?;
        let general = b.generals[player.index()];
        let earned: i32 =
            b.ep.iter()
                .filter(|e| e.round == b.round && e.line.player == player)
                .filter(|e| match &e.line.source {
                    EpSource::KingSlain { by_general, .. } => *by_general == general,
                    EpSource::GeneralFought { general: g } => Some(*g) == general,
                    EpSource::KingCap { general: g } => *g == general,
                    _ => false,
                })
                .fold(0_i32, |sum, e| sum.saturating_add(e.line.ep));
        self.push_ep(EpLine {
            player,
            source,
            ep: 1,
        });
        if earned >= KING_EP_PER_ROUND {
            self.push_ep(EpLine {
                player,
                source: EpSource::KingCap { general },
                ep: -1,
            });
        }
        Ok(())
    }

    fn unit_destroyed(
        &mut self,
        player: Player,
        unit: Id,
        new_general: Option<Id>,
    ) -> Result<(), PlayError> {
        let u = self.unit_of(player, unit)?.clone();
        let after_end = self.end.is_some();
        let b = if after_end {
            self.battle
                .as_mut()
                .ok_or_else(|| plain_refusal("the battle has not begun"))?
        } else {
            self.battle_running()?
        };
        let mut state = b.unit_state(player, unit);
        if state.destroyed || state.pillaged {
            return Err(plain_refusal(format!(
                "\"{}\" is off the table already",
                u.name
            )));
        }
        state.destroyed = true;
        state.stands_lost = u.stands;
        b.set_unit_state(state);
        if after_end {
            // A correction for the VP count: no EP, no end condition (PW10).
            if new_general.is_some() {
                return Err(plain_refusal("the game is over; no new general is named"));
            }
            return Ok(());
        }
        // Event EP count at once, outside the scenario cap (PW3, PW8).
        let killer = player.other();
        let mut reasons = Vec::new();
        if self.special_rule == Some(SpecialRule::Killbox) && !u.kind.is_character() {
            // Units only, not characters (PW4).
            self.push_ep(EpLine {
                player: killer,
                source: EpSource::Killbox {
                    unit,
                    name: u.name.clone(),
                },
                ep: 1,
            });
        }
        let is_general = self
            .battle
            .as_ref()
            .is_some_and(|b| b.generals[player.index()] == Some(unit));
        if is_general {
            if self.special_rule == Some(SpecialRule::LongLiveTheKing) {
                let by_general = self
                    .battle
                    .as_ref()
                    .and_then(|b| b.generals[killer.index()]);
                self.king_ep(
                    killer,
                    EpSource::KingSlain {
                        unit,
                        name: u.name.clone(),
                        by_general,
                    },
                )?;
                let candidates: Vec<Id> = self
                    .army(player)
                    .units
                    .iter()
                    .filter(|c| c.kind.is_character() && c.id != unit)
                    .filter(|c| {
                        self.battle.as_ref().is_some_and(|b| {
                            let s = b.unit_state(player, c.id);
                            !s.destroyed && !s.pillaged
                        })
                    })
                    .map(|c| c.id)
                    .collect();
                if candidates.is_empty() {
                    if new_general.is_some() {
                        return Err(refused(format!("{player} has no character left"), "W10"));
                    }
                    reasons.push(EndReason::GeneralSlain { player });
                } else {
                    let Some(new) = new_general else {
                        return Err(refused(
                            format!(
                                "the general is slain: {player} names a new general from his characters ({})",
                                candidates
                                    .iter()
                                    .map(ToString::to_string)
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                            "W10",
                        ));
                    };
                    if !candidates.contains(&new) {
                        return Err(PlayError::invalid(
                            "new_general",
                            new,
                            "not a living character of the player",
                        ));
                    }
                    if let Some(b) = self.battle.as_mut() {
                        b.generals[player.index()] = Some(new);
                    }
                }
            } else {
                if new_general.is_some() {
                    return Err(refused(
                        "a new general is named only under Lang lebe der Koenig",
                        "W10",
                    ));
                }
                reasons.push(EndReason::GeneralSlain { player });
            }
        } else if new_general.is_some() {
            return Err(refused(
                "a new general is named only when the general is slain",
                "W10",
            ));
        }
        if self.broken(player) {
            reasons.push(EndReason::ArmyBroken { player });
        }
        self.check_end(reasons);
        Ok(())
    }

    /// Whether `player`'s army reached its break point (W7): destroyed
    /// counting units at least the break point (and at least one);
    /// pillaging units are not destroyed (PW9).
    #[must_use]
    pub fn broken(&self, player: Player) -> bool {
        let Some(b) = &self.battle else {
            return false;
        };
        let destroyed = self
            .army(player)
            .units
            .iter()
            .filter(|u| u.counts_for_break_point() && b.unit_state(player, u.id).destroyed)
            .count();
        let bp = self.break_point(player).value as usize;
        destroyed > 0 && destroyed >= bp
    }

    fn pillaged(&mut self, player: Player, unit: Id) -> Result<(), PlayError> {
        if self.special_rule != Some(SpecialRule::ScorchedEarth) {
            return Err(refused(
                "units leave the table to pillage only under Verbranntes Land",
                "W2",
            ));
        }
        let u = self.unit_of(player, unit)?.clone();
        let b = self.battle_running()?;
        let mut s = b.unit_state(player, unit);
        if s.destroyed || s.pillaged {
            return Err(plain_refusal(format!(
                "\"{}\" is off the table already",
                u.name
            )));
        }
        s.pillaged = true;
        b.set_unit_state(s);
        self.push_ep(EpLine {
            player,
            source: EpSource::ScorchedEarth { unit, name: u.name },
            ep: 1,
        });
        self.check_end(Vec::new());
        Ok(())
    }

    /// Ends the game if `reasons` or the EP totals say so (W6).
    fn check_end(&mut self, mut reasons: Vec<EndReason>) {
        if self.end.is_some() || self.battle.is_none() {
            return;
        }
        let ep = Player::BOTH.map(|p| self.ep(p));
        for p in Player::BOTH {
            if ep[p.index()] >= EP_TO_WIN {
                reasons.insert(0, EndReason::TenEp { player: p });
            }
        }
        if self.special_rule == Some(SpecialRule::SuddenDeath) {
            let lead = ep[0].saturating_sub(ep[1]);
            let leader = if lead > 0 { Player::A } else { Player::B };
            if lead.abs() >= SUDDEN_DEATH_LEAD
                && !reasons.contains(&EndReason::TenEp { player: leader })
            {
                reasons.insert(0, EndReason::SuddenDeath { leader });
            }
        }
        if !reasons.is_empty() {
            self.finish(reasons);
        }
    }

    fn finish(&mut self, reasons: Vec<EndReason>) {
        if let Some(b) = &self.battle {
            self.end = Some(GameEnd {
                round: b.round,
                turn_of: b.turn_of,
                reasons,
            });
        }
    }

    fn end_turn(&mut self, now_ms: Option<u64>) -> Result<(), PlayError> {
        let starting = self
            .starting_player
            .ok_or_else(|| plain_refusal("no starting player"))?;
        let (round, turn_of) = {
            let b = self.battle_running()?;
            (b.round, b.turn_of)
        };
        if let (Some(now), true) = (now_ms, self.settings.clock) {
            // A clock that ran out during the turn ended the game then
            // (W6, W9): the turn is not scored (PW11).
            if self.clock.tick(now)?.is_some() {
                self.check_clock();
                return Ok(());
            }
        }
        if self.is_scoring_point(round, turn_of) {
            if self.scenario == Some(Scenario::Incursion)
                && self
                    .battle
                    .as_ref()
                    .and_then(|b| b.doubled_in(round))
                    .is_none()
            {
                return Err(refused(
                    format!("roll for turn {round}'s Incursion marker first (PW6)"),
                    "W5",
                ));
            }
            let control = self.current_control();
            let missing: Vec<&str> = self
                .objectives
                .iter()
                .filter(|o| !control.iter().any(|c| c.objective == o.id))
                .map(|o| o.label.as_str())
                .collect();
            if !missing.is_empty() {
                return Err(refused(
                    format!(
                        "state who controls every objective first; missing: {}",
                        missing.join(", ")
                    ),
                    "W5",
                ));
            }
            let ctx = self.scoring_context(round)?;
            let lines: Vec<EpLine> = Player::BOTH
                .into_iter()
                .flat_map(|p| score(&ctx, &|id| lookup(&control, id), p))
                .collect();
            for line in lines {
                self.push_ep(line);
            }
        }
        if let (Some(now), true) = (now_ms, self.settings.clock) {
            if self.clock.running.is_some() {
                self.clock.switch(now)?;
            } else {
                self.clock.tick(now)?;
            }
        }
        if let Some(t) = self.battle.as_mut().and_then(Battle::current_mut) {
            t.ended = true;
        }
        self.check_end(Vec::new());
        if self.end.is_some() {
            return Ok(());
        }
        let random = self.special_rule == Some(SpecialRule::RandomGameLength);
        let limit = self.settings.turn_limit;
        let b = self
            .battle
            .as_mut()
            .ok_or_else(|| plain_refusal("the battle has not begun"))?;
        if turn_of == starting {
            b.turn_of = starting.other();
            b.turns.push(TurnRecord {
                round,
                player: b.turn_of,
                control: Vec::new(),
                ended: false,
            });
        } else if round >= b.rounds {
            if random && round < limit.saturating_add(1) {
                b.length_roll_due = Some(round);
            } else {
                self.finish(vec![EndReason::TurnLimit { rounds: round }]);
            }
        } else {
            next_round(b, starting);
        }
        Ok(())
    }

    fn clock_edit(&mut self, edit: ClockEdit) -> Result<(), PlayError> {
        if !self.settings.clock {
            return Err(refused("the chess clock is off in the settings", "W9"));
        }
        let round = self.battle.as_ref().map_or(0, |b| b.round);
        match edit {
            ClockEdit::Start { player, now_ms } => {
                if !self.clock.started()
                    && let Some(s) = self.starting_player
                    && s != player
                {
                    return Err(refused(
                        format!("the clock starts when the starting player ({s}) begins to deploy"),
                        "W9",
                    ));
                }
                if !self.clock.started() {
                    self.clock = ChessClock::new(self.settings.clock_minutes);
                }
                self.clock.start(player, now_ms)?;
            }
            ClockEdit::Switch { now_ms } => {
                self.clock.switch(now_ms)?;
            }
            ClockEdit::Pause { now_ms } => self.clock.pause(round, now_ms)?,
            ClockEdit::Resume { now_ms } => self.clock.resume(now_ms)?,
            ClockEdit::Tick { now_ms } => {
                self.clock.tick(now_ms)?;
            }
            ClockEdit::Stop { now_ms } => self.clock.stop(now_ms)?,
        }
        self.check_clock();
        Ok(())
    }

    /// Ends the battle when a clock ran out (W6, W9).
    fn check_clock(&mut self) {
        if let Some(out) = self.clock.ran_out
            && self.battle.is_some()
            && self.end.is_none()
        {
            self.finish(vec![EndReason::ClockOut { player: out.player }]);
        }
    }
}

fn next_round(b: &mut Battle, starting: Player) {
    b.round = b.round.saturating_add(1);
    b.turn_of = starting;
    b.turns.push(TurnRecord {
        round: b.round,
        player: starting,
        control: Vec::new(),
        ended: false,
    });
}

fn set_entry(entries: &mut Vec<ControlEntry>, objective: Id, control: Control, from_stands: bool) {
    let entry = ControlEntry {
        objective,
        control,
        from_stands,
    };
    match entries.iter_mut().find(|c| c.objective == objective) {
        Some(c) => *c = entry,
        None => entries.push(entry),
    }
}

trait UnderField {
    fn under_field(self, prefix: &str) -> PlayError;
}

impl UnderField for PlayError {
    fn under_field(self, prefix: &str) -> PlayError {
        match self {
            PlayError::Invalid {
                field,
                value,
                reason,
            } => PlayError::Invalid {
                field: format!("{prefix}.{field}"),
                value,
                reason,
            },
            other => other,
        }
    }
}

// ---------------------------------------------------------------------
// Problems.

impl WarmasterGame {
    fn all_problems(&self, table: &Table) -> Vec<Problem> {
        let mut out = Vec::new();
        if let Err(e) = self.settings.check() {
            out.push(Problem::new("settings", e.to_string()));
        }
        for p in Player::BOTH {
            let prefix = format!("players[{}].army", p.index());
            out.extend(
                self.army(p)
                    .problems(self.settings.game_size, &self.settings.options)
                    .into_iter()
                    .map(|x| x.under(&prefix)),
            );
        }
        let rules = warmaster_table_rules();
        let terrain_ids: Vec<u64> = self.terrain.iter().map(|t| t.piece).collect();
        for v in table.violations(&rules) {
            if v.piece_ids().iter().any(|id| terrain_ids.contains(id)) {
                out.push(Problem::new("terrain", v.explanation()).rule("W1"));
            }
        }
        let count = table
            .pieces()
            .iter()
            .filter(|p| p.layer == Layer::Terrain)
            .count();
        if count > TERRAIN_GUIDELINE {
            out.push(
                Problem::new(
                    "terrain",
                    format!("{count} terrain pieces stand; the guideline is {TERRAIN_GUIDELINE}"),
                )
                .rule("W1"),
            );
        }
        for (i, t) in self.terrain.iter().enumerate() {
            if table.piece(t.piece).is_none() {
                out.push(Problem::new(
                    format!("terrain[{i}].piece"),
                    format!("terrain piece {} is not on the table", t.piece),
                ));
            }
        }
        for (i, o) in self.objectives.iter().enumerate() {
            let Some(marker) = table.piece(o.piece) else {
                out.push(Problem::new(
                    format!("objectives[{i}].piece"),
                    format!("the marker of \"{}\" is not on the table", o.label),
                ));
                continue;
            };
            if o.kind != MarkerKind::Objective {
                continue;
            }
            for t in &self.terrain {
                if !t.terrain.impassable() {
                    continue;
                }
                if let Some(piece) = table.piece(t.piece) {
                    let d = distance(&marker.shape, &piece.shape);
                    if d < IMPASSABLE_CLEARANCE_CM - 1e-9 {
                        out.push(
                            Problem::new(
                                format!("objectives[{i}]"),
                                format!(
                                    "impassable \"{}\" is {} from objective \"{}\"; at least 10 cm is required",
                                    piece.name,
                                    feldherr_table::format_length(d, LengthUnit::Centimetre),
                                    o.label
                                ),
                            )
                            .rule("W3"),
                        );
                    }
                }
            }
        }
        if self.scenario == Some(Scenario::KingOfTheHill) {
            let centre = Point::new(table.width() / 2.0, table.depth() / 2.0);
            for t in &self.terrain {
                if let Some(piece) = table.piece(t.piece)
                    && piece.shape.distance_to_point(centre) < HILL_CLEARANCE_CM - 1e-9
                {
                    out.push(
                        Problem::new(
                            "terrain",
                            format!(
                                "\"{}\" lies within 5 cm of the table centre (King of the Hill)",
                                piece.name
                            ),
                        )
                        .rule("W3"),
                    );
                }
            }
        }
        if self.scenario == Some(Scenario::Incursion) && !self.objectives.is_empty() {
            let open = self.objectives.iter().any(|o| {
                table.piece(o.piece).is_some_and(|m| {
                    let c = m.center();
                    !self.terrain.iter().any(|t| {
                        table
                            .piece(t.piece)
                            .is_some_and(|p| p.shape.contains_point(c))
                    })
                })
            });
            if !open {
                out.push(
                    Problem::new(
                        "objectives",
                        "no objective marker lies in open ground; move a terrain piece off one",
                    )
                    .rule("W3"),
                );
            }
        }
        for (i, s) in self.stands.iter().enumerate() {
            if table.piece(s.piece).is_none() {
                out.push(Problem::new(
                    format!("stands[{i}].piece"),
                    format!("stand piece {} is not on the table", s.piece),
                ));
            }
            if self.army(s.player).unit(s.unit).is_none() {
                out.push(Problem::new(
                    format!("stands[{i}].unit"),
                    format!("{} has no unit {}", s.player, s.unit),
                ));
            }
        }
        out
    }
}

impl Game for WarmasterGame {
    type Edit = WarmasterEdit;
    const SYSTEM: &'static str = "warmaster";

    fn new_game() -> Self {
        let settings = Settings::default();
        WarmasterGame {
            settings,
            players: [
                PlayerSetup {
                    name: "Player A".into(),
                    army: Army::default(),
                },
                PlayerSetup {
                    name: "Player B".into(),
                    army: Army::default(),
                },
            ],
            alternating: None,
            terrain: Vec::new(),
            starting_player: None,
            south: None,
            scenario: None,
            special_rule: None,
            special_rule_decided: false,
            objectives: Vec::new(),
            stands: Vec::new(),
            battle: None,
            end: None,
            clock: ChessClock::new(settings.clock_minutes),
            resolutions: Vec::new(),
        }
    }

    fn table_rules() -> TableRules {
        warmaster_table_rules()
    }

    fn default_table() -> Table {
        Table::new(180.0, 120.0, LengthUnit::Centimetre)
            .unwrap_or_else(|_| Self::table_rules().default_table())
    }

    fn apply(&mut self, edit: &WarmasterEdit, table: &mut Table) -> Result<(), PlayError> {
        let mut game = self.clone();
        let mut t = table.clone();
        game.apply_inner(edit, &mut t)?;
        *self = game;
        *table = t;
        Ok(())
    }

    fn problems(&self, table: &Table) -> Vec<Problem> {
        self.all_problems(table)
    }

    fn resolutions(&self) -> &dyn ResolutionList {
        &self.resolutions
    }

    fn resolutions_mut(&mut self) -> &mut dyn ResolutionList {
        &mut self.resolutions
    }

    /// A tournament pairing's two players become players A and B, in the
    /// pairing's order. More or fewer than two names are refused.
    fn seat(&mut self, players: &[String], table: &mut Table) -> Result<(), PlayError> {
        let [a, b] = players else {
            return Err(PlayError::invalid(
                "players",
                players.len().to_string(),
                "two players",
            ));
        };
        let mut game = self.clone();
        for (player, name) in Player::BOTH.into_iter().zip([a, b]) {
            game.apply(
                &WarmasterEdit::SetPlayerName {
                    player,
                    name: name.clone(),
                },
                table,
            )?;
        }
        *self = game;
        Ok(())
    }

    fn report(&self) -> Option<GameReport> {
        self.battle.as_ref()?;
        let v = self.victory();
        let finished = self.end.is_some();
        let sides = Player::BOTH
            .map(|p| {
                let mut side = SideReport::new(self.player(p).name.clone());
                side.victory_points = Some(v.sides[p.index()].total);
                side.objective_points = Some(i64::from(self.ep(p)));
                if finished {
                    side.result = Some(v.verdict.result_for(p));
                }
                side
            })
            .to_vec();
        Some(GameReport { finished, sides })
    }

    fn messages(lang: Lang) -> &'static str {
        match lang {
            Lang::En => include_str!("../messages/en.json"),
            Lang::De => include_str!("../messages/de.json"),
        }
    }
}

/// A piece is a stand when its type is [`STAND_KIND`].
#[must_use]
pub fn is_stand(piece: &Piece) -> bool {
    piece.kind == STAND_KIND
}
