//! The free-for-all game: players, deployment, turn order, combats.

use feldherr_play::{
    Game, GameReport, Id, Lang, PlayError, Problem, ResolutionList, SavedResolution, SideReport,
};
use feldherr_table::geometry::Shape;
use feldherr_table::{Table, TableEdit, TableRules};
use serde::{Deserialize, Serialize};

use crate::army::{Player, Seat, UnitProfile, check_players};
use crate::bag_draw::BagDraw;
use crate::combat::{Combat, CombatRules, CombatSide, CombatUnit};
use crate::deployment::{Deployment, DeploymentStep, ZoneSizes, ZoneSlot, zone_piece};
use crate::resolution::{FfaOutcome, FfaResolution};
use crate::roll_off::{Contender, RollOff};
use crate::table_rules::wh40k_table_rules;
use crate::turn_order::{Bag, TurnOrder};

/// The most resolutions one game keeps.
pub const MAX_RESOLUTIONS: usize = 2000;

/// One unit a side brings into a combat: the army unit and how many of
/// its models are still in the fight (0: destroyed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngagedUnit {
    /// The unit's id in its player's army.
    pub unit: Id,
    /// Its models in the fight after this round's casualties.
    pub models: u32,
}

/// One side as the organiser enters it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideEntry {
    /// The player.
    pub seat: Seat,
    /// Every casualty his units caused, whoever took them (F3).
    pub casualties_caused: u32,
    /// His units in the combat.
    pub units: Vec<EngagedUnit>,
}

/// A change to a free-for-all game; each either succeeds wholly or changes
/// nothing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FfaEdit {
    /// Sets the three or four players and their armies (refused once the
    /// deployment, the turn order or a resolution has begun).
    SetPlayers(Vec<Player>),
    /// Replaces one player's army.
    SetArmy {
        /// The player.
        seat: Seat,
        /// His units.
        units: Vec<UnitProfile>,
    },
    /// Sets the zone sizes of the mission (F1); refused once a zone is
    /// chosen.
    SetZoneSizes(ZoneSizes),
    /// Sets the combat options (F3, F4) for combats entered from now on.
    SetCombatRules(CombatRules),
    /// Sets the order in which players choose zones (P24); refused once a
    /// zone is chosen.
    SetDeploymentOrder(Vec<Seat>),
    /// The next player takes a zone; its outline is added to the table.
    ChooseZone {
        /// The player choosing.
        seat: Seat,
        /// The zone.
        slot: ZoneSlot,
    },
    /// Takes back the last zone chosen and removes its piece.
    TakeBackZone,
    /// Starts the roll-off for round 1 (F2).
    StartRollOff,
    /// Starts a draw from the bag by the software (F2).
    StartDraw,
    /// Records a die drawn from the real bag (F2): refused when it breaks
    /// the rules.
    TypeDraw {
        /// Whose die came out.
        seat: Seat,
    },
    /// Takes back the last entry of the turn order.
    TakeBackDraw,
    /// Enters a combat fought in the active player's turn.
    StartCombat {
        /// Its sides.
        sides: Vec<SideEntry>,
    },
    /// Applies a finished resolution: a roll-off starts round 1, a draw
    /// enters the turn order, a combat is recorded as fought.
    Apply(Id),
}

/// A Warhammer 40,000 free-for-all game for three or four players.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Stored")]
pub struct FreeForAll {
    players: Vec<Player>,
    zone_sizes: ZoneSizes,
    combat_rules: CombatRules,
    deployment: Option<Deployment>,
    turn_order: Option<TurnOrder>,
    resolutions: Vec<SavedResolution<FfaResolution>>,
}

/// What is saved, checked on load.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored {
    #[serde(default)]
    players: Vec<Player>,
    #[serde(default)]
    zone_sizes: ZoneSizes,
    #[serde(default)]
    combat_rules: CombatRules,
    #[serde(default)]
    deployment: Option<Deployment>,
    #[serde(default)]
    turn_order: Option<TurnOrder>,
    #[serde(default)]
    resolutions: Vec<SavedResolution<FfaResolution>>,
}

impl TryFrom<Stored> for FreeForAll {
    type Error = PlayError;

    fn try_from(s: Stored) -> Result<Self, PlayError> {
        if !s.players.is_empty() {
            check_players(&s.players)?;
        }
        s.zone_sizes.check()?;
        s.combat_rules.outnumbering.check()?;
        let n = s.players.len();
        if let Some(d) = &s.deployment {
            d.check(n)?;
        }
        if let Some(t) = &s.turn_order {
            if t.players != n {
                return Err(PlayError::invalid(
                    "turn_order.players",
                    t.players,
                    format!("the game has {n} players"),
                ));
            }
            t.check()?;
        }
        if s.resolutions.len() > MAX_RESOLUTIONS {
            return Err(PlayError::invalid(
                "resolutions",
                s.resolutions.len(),
                format!("at most {MAX_RESOLUTIONS}"),
            ));
        }
        Ok(Self {
            players: s.players,
            zone_sizes: s.zone_sizes,
            combat_rules: s.combat_rules,
            deployment: s.deployment,
            turn_order: s.turn_order,
            resolutions: s.resolutions,
        })
    }
}

fn contender(players: &[Player], seat: Seat) -> Contender {
    Contender {
        seat,
        name: players
            .get(seat)
            .map_or_else(|| format!("player {}", seat + 1), |p| p.name.clone()),
    }
}

impl FreeForAll {
    /// The players, in seat order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The mission's zone sizes (F1).
    pub fn zone_sizes(&self) -> &ZoneSizes {
        &self.zone_sizes
    }

    /// The combat options (F3, F4).
    pub fn combat_rules(&self) -> &CombatRules {
        &self.combat_rules
    }

    /// The deployment sequence; `None` before the players are set.
    pub fn deployment(&self) -> Option<&Deployment> {
        self.deployment.as_ref()
    }

    /// Who chooses a zone now and among what, each option explained;
    /// `None` when every player has a zone (or there are no players).
    pub fn deployment_step(&self) -> Option<DeploymentStep> {
        self.deployment.as_ref()?.next_step()
    }

    /// The outline of zone `slot` on `table` with this game's zone sizes:
    /// for drawing the options of [`FreeForAll::deployment_step`].
    ///
    /// # Errors
    /// [`PlayError::Invalid`] when the zone sizes do not fit the table.
    pub fn zone_shape(&self, slot: ZoneSlot, table: &Table) -> Result<Shape, PlayError> {
        slot.shape(&self.zone_sizes, table.width(), table.depth())
    }

    /// Every zone chosen so far with its player and outline on `table`.
    ///
    /// # Errors
    /// As [`FreeForAll::zone_shape`].
    pub fn zones(&self, table: &Table) -> Result<Vec<(Seat, ZoneSlot, Shape)>, PlayError> {
        self.deployment
            .iter()
            .flat_map(|d| &d.choices)
            .map(|c| Ok((c.seat, c.slot, self.zone_shape(c.slot, table)?)))
            .collect()
    }

    /// The turn order; `None` before the players are set.
    pub fn turn_order(&self) -> Option<&TurnOrder> {
        self.turn_order.as_ref()
    }

    /// The bag before the next draw (`None` before the roll-off).
    pub fn bag(&self) -> Option<Bag> {
        self.turn_order.as_ref()?.bag()
    }

    /// The round and whose turn it is (`None` before the roll-off).
    pub fn current_turn(&self) -> Option<(usize, Seat)> {
        self.turn_order.as_ref()?.current()
    }

    /// The saved resolutions, typed.
    pub fn saved(&self) -> &[SavedResolution<FfaResolution>] {
        &self.resolutions
    }

    /// The combats fought in `seat`'s turns, by resolution id: only
    /// combats he takes part in are fought in his turn.
    pub fn combats_in_turns_of(&self, seat: Seat) -> Vec<Id> {
        self.resolutions
            .iter()
            .filter(|r| matches!(r.kind(), FfaResolution::Combat(c) if c.turn_of == seat))
            .map(SavedResolution::id)
            .collect()
    }

    fn check_seat(&self, seat: Seat) -> Result<(), PlayError> {
        if seat >= self.players.len() {
            return Err(PlayError::invalid(
                "seat",
                seat + 1,
                format!("the players are 1 to {}", self.players.len()),
            ));
        }
        Ok(())
    }

    fn deployment_mut(&mut self) -> Result<&mut Deployment, PlayError> {
        self.deployment
            .as_mut()
            .ok_or_else(|| PlayError::refused("set the three or four players first", None))
    }

    fn turn_order_mut(&mut self) -> Result<&mut TurnOrder, PlayError> {
        self.turn_order
            .as_mut()
            .ok_or_else(|| PlayError::refused("set the three or four players first", None))
    }

    fn push(&mut self, kind: FfaResolution) -> Result<(), PlayError> {
        if self.resolutions.len() >= MAX_RESOLUTIONS {
            return Err(PlayError::refused(
                format!("a game keeps at most {MAX_RESOLUTIONS} resolutions"),
                None,
            ));
        }
        let id = Id::next_after(self.resolutions.iter().map(SavedResolution::id));
        self.resolutions.push(SavedResolution::new(id, kind)?);
        Ok(())
    }

    fn build_combat(&self, sides: &[SideEntry]) -> Result<Combat, PlayError> {
        let (round, turn_of) = self.current_turn().ok_or_else(|| {
            PlayError::refused(
                "combats are fought in a player's turn; roll off for round 1 first",
                Some("F2"),
            )
        })?;
        let mut built = Vec::with_capacity(sides.len());
        for (i, entry) in sides.iter().enumerate() {
            let player = self.players.get(entry.seat).ok_or_else(|| {
                PlayError::invalid(
                    format!("sides[{i}].seat"),
                    entry.seat + 1,
                    format!("the players are 1 to {}", self.players.len()),
                )
            })?;
            let mut units = Vec::with_capacity(entry.units.len());
            for (j, engaged) in entry.units.iter().enumerate() {
                let unit = player.unit(engaged.unit).ok_or_else(|| {
                    PlayError::invalid(
                        format!("sides[{i}].units[{j}].unit"),
                        engaged.unit,
                        format!("{} has no such unit", player.name),
                    )
                })?;
                if engaged.models > unit.models {
                    return Err(PlayError::invalid(
                        format!("sides[{i}].units[{j}].models"),
                        engaged.models,
                        format!("{} has only {} models", unit.name, unit.models),
                    ));
                }
                units.push(CombatUnit {
                    unit: unit.id,
                    name: unit.name.clone(),
                    models: engaged.models,
                    leadership: unit.leadership,
                    initiative: unit.initiative,
                });
            }
            built.push(CombatSide {
                seat: entry.seat,
                player: player.name.clone(),
                casualties_caused: entry.casualties_caused,
                units,
            });
        }
        let combat = Combat {
            round,
            turn_of,
            sides: built,
            rules: self.combat_rules.clone(),
        };
        combat.check()?;
        Ok(combat)
    }

    fn apply_resolution(&mut self, id: Id) -> Result<(), PlayError> {
        let index = self
            .resolutions
            .iter()
            .position(|r| r.id() == id)
            .ok_or_else(|| PlayError::not_found("resolution", id))?;
        let resolution = &self.resolutions[index];
        if resolution.applied() {
            return Err(PlayError::refused("the result is applied already", None));
        }
        let outcome = resolution.outcome().ok_or(PlayError::Unfinished)?.clone();
        let kind = resolution.kind().clone();
        let mut order = self.turn_order.clone();
        match (&kind, &outcome) {
            (FfaResolution::RollOff(_), FfaOutcome::RollOff(won)) => {
                order
                    .as_mut()
                    .ok_or_else(|| PlayError::refused("set the players first", None))?
                    .start(won.seat)?;
            }
            (FfaResolution::Draw(draw), FfaOutcome::Draw(drawn)) => {
                let order = order
                    .as_mut()
                    .ok_or_else(|| PlayError::refused("set the players first", None))?;
                let bag = order.bag();
                let seats: Vec<Seat> = draw.bag.iter().map(|c| c.seat).collect();
                if bag.as_ref().map(|b| (b.round, &b.dice)) != Some((draw.round, &seats)) {
                    return Err(PlayError::refused(
                        "the bag has changed since this draw; start a new draw",
                        Some("F2"),
                    ));
                }
                order.draw(drawn.seat)?;
            }
            (FfaResolution::Combat(_), FfaOutcome::Combat(_)) => {}
            _ => {
                return Err(PlayError::invalid(
                    "resolution",
                    id,
                    "its outcome does not match its kind",
                ));
            }
        }
        self.resolutions[index].set_applied()?;
        self.turn_order = order;
        Ok(())
    }
}

impl Game for FreeForAll {
    type Edit = FfaEdit;
    const SYSTEM: &'static str = "wh40k_ffa";

    fn new_game() -> Self {
        Self {
            players: Vec::new(),
            zone_sizes: ZoneSizes::default(),
            combat_rules: CombatRules::default(),
            deployment: None,
            turn_order: None,
            resolutions: Vec::new(),
        }
    }

    fn table_rules() -> TableRules {
        wh40k_table_rules()
    }

    fn apply(&mut self, edit: &FfaEdit, table: &mut Table) -> Result<(), PlayError> {
        match edit {
            FfaEdit::SetPlayers(players) => {
                let begun = self
                    .deployment
                    .as_ref()
                    .is_some_and(|d| !d.choices.is_empty())
                    || self.turn_order.as_ref().is_some_and(TurnOrder::started)
                    || !self.resolutions.is_empty();
                if begun {
                    return Err(PlayError::refused(
                        "the players are fixed once deployment, the roll-off or a combat has begun",
                        None,
                    ));
                }
                check_players(players)?;
                let n = players.len();
                let deployment = Deployment::new(n, (0..n).collect())?;
                let order = TurnOrder::new(n)?;
                self.players = players.clone();
                self.deployment = Some(deployment);
                self.turn_order = Some(order);
            }
            FfaEdit::SetArmy { seat, units } => {
                self.check_seat(*seat)?;
                let mut players = self.players.clone();
                if let Some(p) = players.get_mut(*seat) {
                    p.army = units.clone();
                }
                check_players(&players)?;
                self.players = players;
            }
            FfaEdit::SetZoneSizes(sizes) => {
                sizes.check_fits(table.width(), table.depth())?;
                if self
                    .deployment
                    .as_ref()
                    .is_some_and(|d| !d.choices.is_empty())
                {
                    return Err(PlayError::refused(
                        "zones are chosen already; take them back before changing their sizes",
                        Some("F1"),
                    ));
                }
                self.zone_sizes = *sizes;
            }
            FfaEdit::SetCombatRules(rules) => {
                rules.outnumbering.check()?;
                self.combat_rules = rules.clone();
            }
            FfaEdit::SetDeploymentOrder(order) => {
                let n = self.players.len();
                let deployment = self.deployment_mut()?;
                if !deployment.choices.is_empty() {
                    return Err(PlayError::refused(
                        "zones are chosen already; take them back before changing the order",
                        Some("F1"),
                    ));
                }
                *deployment = Deployment::new(n, order.clone())?;
            }
            FfaEdit::ChooseZone { seat, slot } => {
                self.check_seat(*seat)?;
                let sizes = self.zone_sizes;
                let name = self.players[*seat].name.clone();
                let deployment = self.deployment_mut()?;
                deployment.check_choice(*seat, *slot)?;
                let id = table.next_id();
                let piece = zone_piece(id, &name, *slot, &sizes, table)?;
                table.add(piece)?;
                deployment.choose(*seat, *slot)?;
                if let Some(choice) = deployment.choices.last_mut() {
                    choice.piece = Some(id);
                }
            }
            FfaEdit::TakeBackZone => {
                let deployment = self.deployment_mut()?;
                let last = deployment
                    .choices
                    .last()
                    .ok_or_else(|| PlayError::refused("no zone is chosen yet", Some("F1")))?;
                if let Some(id) = last.piece
                    && table.piece(id).is_some()
                {
                    table.apply(TableEdit::Delete { id })?;
                }
                deployment.choices.pop();
            }
            FfaEdit::StartRollOff => {
                if self.turn_order_mut()?.started() {
                    return Err(PlayError::refused(
                        "round 1 has started already",
                        Some("F2"),
                    ));
                }
                let players = (0..self.players.len())
                    .map(|s| contender(&self.players, s))
                    .collect();
                self.push(FfaResolution::RollOff(RollOff { players }))?;
            }
            FfaEdit::StartDraw => {
                let bag = self.bag().ok_or_else(|| {
                    PlayError::refused(
                        "the roll-off decides who starts round 1; no die is drawn before it",
                        Some("F2"),
                    )
                })?;
                let draw = BagDraw {
                    round: bag.round,
                    bag: bag
                        .dice
                        .iter()
                        .map(|&s| contender(&self.players, s))
                        .collect(),
                };
                if let Some(&first) = bag.dice.first() {
                    self.turn_order_mut()?.check_draw(first)?;
                }
                self.push(FfaResolution::Draw(draw))?;
            }
            FfaEdit::TypeDraw { seat } => {
                self.turn_order_mut()?.draw(*seat)?;
            }
            FfaEdit::TakeBackDraw => {
                if !self.turn_order_mut()?.take_back() {
                    return Err(PlayError::refused("no turn is recorded yet", Some("F2")));
                }
            }
            FfaEdit::StartCombat { sides } => {
                let combat = self.build_combat(sides)?;
                self.push(FfaResolution::Combat(combat))?;
            }
            FfaEdit::Apply(id) => self.apply_resolution(*id)?,
        }
        Ok(())
    }

    fn problems(&self, table: &Table) -> Vec<Problem> {
        let mut problems = Vec::new();
        if self.players.is_empty() {
            problems.push(Problem::new(
                "players",
                "no players yet: a free-for-all needs three or four",
            ));
        }
        if let Err(e) = self.zone_sizes.check_fits(table.width(), table.depth()) {
            problems.push(Problem::new("zone_sizes", e.to_string()).rule("F1"));
        }
        if let Some(d) = &self.deployment {
            for (i, c) in d.choices.iter().enumerate() {
                if let Some(id) = c.piece
                    && table.piece(id).is_none()
                {
                    problems.push(
                        Problem::new(
                            format!("deployment.choices[{i}].piece"),
                            format!(
                                "the zone piece {id} of {} is no longer on the table",
                                c.slot
                            ),
                        )
                        .rule("F1"),
                    );
                }
            }
        }
        for (i, r) in self.resolutions.iter().enumerate() {
            if let FfaResolution::Combat(c) = r.kind() {
                for side in &c.sides {
                    for unit in &side.units {
                        let known = self
                            .players
                            .get(side.seat)
                            .is_some_and(|p| p.unit(unit.unit).is_some());
                        if !known {
                            problems.push(Problem::new(
                                format!("resolutions[{i}]"),
                                format!(
                                    "unit {} ({}) is no longer in {}'s army",
                                    unit.unit, unit.name, side.player
                                ),
                            ));
                        }
                    }
                }
            }
        }
        problems
    }

    fn resolutions(&self) -> &dyn ResolutionList {
        &self.resolutions
    }

    fn resolutions_mut(&mut self) -> &mut dyn ResolutionList {
        &mut self.resolutions
    }

    /// The text names no winner of the game (the mission played decides
    /// it), so the report lists the players without placings and is never
    /// finished.
    fn report(&self) -> Option<GameReport> {
        if self.players.is_empty() {
            return None;
        }
        Some(GameReport {
            finished: false,
            sides: self
                .players
                .iter()
                .map(|p| SideReport::new(&p.name))
                .collect(),
        })
    }

    fn messages(lang: Lang) -> &'static str {
        match lang {
            Lang::En => include_str!("../messages/en.json"),
            Lang::De => include_str!("../messages/de.json"),
        }
    }
}
