//! The game: setup, terrain, scenario, battle and clock, behind
//! `feldherr_play::Game`. The edits are in `edit`, their dispatch in
//! `apply`, the set-up steps in `setup`, the battle's turns, events and
//! end in `turns`, and the checks of a loaded game in `problems`.

mod apply;
mod edit;
mod problems;
mod setup;
mod turns;

pub use edit::{ClockEdit, WarmasterEdit};
pub use problems::MAX_EP_LINES;
pub use turns::{RANDOM_LENGTH_LAST, RANDOM_LENGTH_ROLLS};

use feldherr_dice::step::Message;
use feldherr_play::{
    Game, GameReport, Id, Lang, PlayError, Problem, ResolutionList, SavedResolution, SideReport,
};
use feldherr_table::geometry::Unit as LengthUnit;
use feldherr_table::{Piece, Table, TableRules};
use serde::{Deserialize, Serialize};

use crate::battle::{Battle, ControlEntry, EpEntry, GameEnd, TurnEp, UnitState};
use crate::conquest::{ScoringContext, score};
use crate::control::{MarkerControl, StandOnMap, ZoneControl, marker_control, zone_control};
use crate::refusal::{invalid, not_found, say};
use crate::rolls::WarmasterRoll;
use crate::terrain::{STAND_KIND, warmaster_table_rules};
use crate::victory::{UnitFate, VictoryReport, side_points, verdict};
use crate::{
    AlternatingTerrain, Army, ChessClock, Control, Edge, EpLine, GameTerms, MarkerKind, Objective,
    Player, Scenario, Settings, SpecialRule, TerrainStep, TerrainType, VictoryCondition,
};

/// Most stands the map accepts (a bound, not a rule).
pub const MAX_STANDS_ON_MAP: usize = 2000;
/// Most terrain pieces a game accepts (a bound; 12 is the text's
/// guideline, W1).
pub const MAX_TERRAIN: usize = 100;
/// Most dice steps a game keeps (a bound, not a rule).
pub const MAX_RESOLUTIONS: usize = 1000;
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

/// Where the game stands, for the app's guide: the steps in the text's
/// order (terrain, starting player, scenario, layout, sides, special
/// rule, deployment, the battle).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Stage {
    /// Armies and settings; then the terrain roll-off, or terrain placed
    /// together.
    Setup,
    /// The alternating terrain placement.
    Terrain {
        /// Its next step.
        step: TerrainStep,
    },
    /// The table was built otherwise: the roll-off for the starting
    /// player (text line 67).
    StartingPlayer,
    /// The starting player rolls for the scenario (text line 53).
    Scenario,
    /// Set up the scenario: its markers on the table (W3), Incursion's
    /// open marker, impassable terrain pushed away.
    Layout,
    /// The starting player chooses his table edge (text line 69).
    Sides,
    /// The starting player rolls for the scenario's special rule (text
    /// line 134).
    SpecialRule,
    /// `player` places his whole army: the starting player first, then
    /// his opponent (text lines 70-71).
    Deployment {
        /// Who deploys.
        player: Player,
        /// The chess clock is due to start now: it starts when the
        /// starting player begins to deploy (W9).
        clock_due: bool,
    },
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
    /// Who has deployed his whole army (the starting player first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deployed: Vec<Player>,
    /// The terms the hosting event prescribes; the settings keep them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prescribed: Option<GameTerms>,
}

/// A refusal under `rule`, said by `message`.
pub(crate) fn refused(message: Message, rule: &str) -> PlayError {
    crate::refusal::refused(message, Some(rule))
}

/// A refusal without a rule, said by `message`.
pub(crate) fn plain_refusal(message: Message) -> PlayError {
    crate::refusal::refused(message, None)
}

/// The catalogue key of what a refusal says can no longer change ("the
/// armies"): `warmaster.refusal.what.<words joined by _>`.
pub(crate) fn what_key(what: &str) -> String {
    crate::refusal::REFUSALS.key(&format!("what.{}", feldherr_play::slug(what)))
}

impl WarmasterGame {
    /// The player setup of `player`.
    #[must_use]
    pub fn player(&self, player: Player) -> &PlayerSetup {
        &self.players[player.index()]
    }

    /// Both players' names (A, B), for messages.
    #[must_use]
    pub fn names(&self) -> [String; 2] {
        [self.players[0].name.clone(), self.players[1].name.clone()]
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
                    need: turns::length_need(after_round).unwrap_or(0),
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
            Some(a) if !a.finished => return Stage::Terrain { step: a.step() },
            None if self.terrain.is_empty() => return Stage::Setup,
            _ => {}
        }
        let Some(starting) = self.starting_player else {
            return Stage::StartingPlayer;
        };
        if self.scenario.is_none() {
            Stage::Scenario
        } else if self.objectives.is_empty() {
            Stage::Layout
        } else if self.south.is_none() {
            Stage::Sides
        } else if self.settings.scenario_rules && !self.special_rule_decided {
            Stage::SpecialRule
        } else {
            let player = if self.deployed.contains(&starting) {
                starting.other()
            } else {
                starting
            };
            Stage::Deployment {
                player,
                clock_due: self.settings.clock && !self.clock.started(),
            }
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

    /// The score a game-length roll after `after_round` needs under
    /// Zufaellige Spieldauer (W6): 2+ after turn 5, 4+ after turn 6,
    /// whatever the turn limit; `None` after any other turn.
    #[must_use]
    pub fn length_need(&self, after_round: u32) -> Option<u32> {
        turns::length_need(after_round)
    }

    /// The terrain cheat sheet as it reads under this game's Guardians
    /// options (W11: "Zerstoererisch" lets monsters into wood and broken
    /// ground), for the screens shown while terrain is placed.
    #[must_use]
    pub fn cheat_sheet(&self) -> Vec<crate::TerrainEffects> {
        crate::cheat_sheet(&self.settings.options)
    }

    /// How terrain and the Guardians options treat `unit` of `player`
    /// (W11, PW18); `None` for an unknown unit.
    #[must_use]
    pub fn unit_rules(&self, player: Player, unit: feldherr_play::Id) -> Option<crate::UnitRules> {
        self.army(player)
            .unit(unit)
            .map(|u| u.rules(&self.settings.options))
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
        // The clock decides only when the game ended by it (W9): a clock
        // stops when the game ends, so the result never changes later.
        let ended_by_clock = self.end.as_ref().is_some_and(|e| {
            e.reasons
                .iter()
                .any(|r| matches!(r, crate::EndReason::ClockOut { .. }))
        });
        let clock_winner = if self.settings.clock && ended_by_clock {
            self.clock.clock_winner()
        } else {
            None
        };
        let verdict = verdict(sides[0].total, sides[1].total, clock_winner);
        let notes = self
            .battle
            .iter()
            .flat_map(|b| &b.successions)
            .map(|s| {
                let name = |id| {
                    self.army(s.player)
                        .unit(id)
                        .map_or_else(|| id.to_string(), |u| u.name.clone())
                };
                crate::VpNote::SuccessorGeneral {
                    player: s.player,
                    slain: name(s.slain),
                    successor: name(s.successor),
                    round: s.round,
                }
            })
            .collect();
        VictoryReport {
            difference: sides[0].total.saturating_sub(sides[1].total),
            sides,
            verdict,
            notes,
        }
    }

    /// Every unit of `player`'s army as the record sheet shows it: items,
    /// Regiments of Renown, the general and any successor (W10), what
    /// became of it.
    #[must_use]
    pub fn army_report(&self, player: Player) -> Vec<crate::UnitReport> {
        let successions: Vec<&crate::Succession> = self
            .battle
            .iter()
            .flat_map(|b| &b.successions)
            .filter(|s| s.player == player)
            .collect();
        self.army(player)
            .units
            .iter()
            .map(|u| {
                let state = self.battle.as_ref().map(|b| b.unit_state(player, u.id));
                let general = if u.kind == crate::UnitKind::General {
                    Some(crate::GeneralRole::General)
                } else {
                    successions.iter().find(|s| s.successor == u.id).map(|s| {
                        crate::GeneralRole::Successor {
                            round: s.round,
                            after: self
                                .army(player)
                                .unit(s.slain)
                                .map_or_else(|| s.slain.to_string(), |g| g.name.clone()),
                        }
                    })
                };
                crate::UnitReport {
                    unit: u.id,
                    name: u.name.clone(),
                    kind: u.kind,
                    points: u.points,
                    stands: u.stands,
                    magic_items: u.magic_items.clone(),
                    renown: u.renown,
                    general,
                    stands_lost: state.map_or(0, |s| s.stands_lost),
                    destroyed: state.is_some_and(|s| s.destroyed),
                    pillaged: state.is_some_and(|s| s.pillaged),
                }
            })
            .collect()
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
            .ok_or_else(|| plain_refusal(say("no_scenario")))?;
        let south = self.south.ok_or_else(|| plain_refusal(say("no_sides")))?;
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
            .ok_or_else(|| plain_refusal(say("not_begun")))?;
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

pub(crate) fn lookup(control: &[ControlEntry], id: Id) -> Control {
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

impl Game for WarmasterGame {
    type Edit = WarmasterEdit;
    const SYSTEM: &'static str = "warmaster";

    fn new_game_in(words: &feldherr_play::Catalogue) -> Self {
        let mut game = Self::new_game();
        for (player, key) in game
            .players
            .iter_mut()
            .zip(["warmaster.default.player_a", "warmaster.default.player_b"])
        {
            if let Some(name) = words.get(key) {
                player.name = name.to_owned();
            }
        }
        game
    }

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
            deployed: Vec::new(),
            prescribed: None,
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

    /// Every impossible state ([`WarmasterGame::errors`]); what is merely
    /// worth a word is in [`WarmasterGame::warnings`].
    /// The errors ([`WarmasterGame::errors`]), then the warnings
    /// ([`WarmasterGame::warnings`], marked as such): a document is refused
    /// only for the errors (P37, PW12).
    fn problems(&self, table: &Table) -> Vec<Problem> {
        let mut problems = self.errors(table);
        problems.extend(self.warnings(table));
        problems
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
            return Err(invalid("players", players.len(), say("two_players")));
        };
        let mut game = self.clone();
        // A placeholder first, so that seating "Player B" as A does not
        // clash with B's name of the moment.
        game.players[1].name = format!("{}\u{1}", b.trim());
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

    /// Seats a hosted game with the terms its event prescribes: a
    /// tournament's [`GameTerms`] as JSON (text line 266). No terms is
    /// [`Game::seat`]; terms that are no `GameTerms` are refused, naming
    /// the field.
    fn seat_with(
        &mut self,
        players: &[String],
        terms: Option<&serde_json::Value>,
        table: &mut Table,
    ) -> Result<(), PlayError> {
        let Some(terms) = terms else {
            return self.seat(players, table);
        };
        let terms: GameTerms = serde_json::from_value(terms.clone())
            .map_err(|e| invalid("terms", terms, say("terms").text("problem", e.to_string())))?;
        self.seat_with_terms(players, &terms, table)
    }

    /// What the game reports to an event: each side's VP, EP and, once
    /// it ended, the result.
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
            Lang::En => include_str!("../../messages/en.json"),
            Lang::De => include_str!("../../messages/de.json"),
        }
    }
}

impl WarmasterGame {
    /// Seats a game an event hosts with the terms the event prescribes
    /// (text line 266: the tournament prescribes the options): the two
    /// players become A and B, and the settings take and keep the game
    /// size and Guardians options ([`WarmasterEdit::Prescribe`]). All or
    /// nothing.
    ///
    /// `Game::seat_with` calls this with the terms of the slot.
    ///
    /// # Errors
    /// As `Game::seat`; terms out of bounds; a battle already begun; an
    /// army carrying an item the terms forbid (W11).
    pub fn seat_with_terms(
        &mut self,
        players: &[String],
        terms: &GameTerms,
        table: &mut Table,
    ) -> Result<(), PlayError> {
        let mut game = self.clone();
        let mut t = table.clone();
        game.seat(players, &mut t)?;
        game.apply(&WarmasterEdit::Prescribe(*terms), &mut t)?;
        *self = game;
        *table = t;
        Ok(())
    }
}

/// A piece is a stand when its type is [`STAND_KIND`].
#[must_use]
pub fn is_stand(piece: &Piece) -> bool {
    piece.kind == STAND_KIND
}
