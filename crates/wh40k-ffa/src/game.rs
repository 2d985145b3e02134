//! The free-for-all game: players, deployment, turn order, combats.

use crate::refusal::{invalid, not_found, refused, say};
use feldherr_play::{
    Game, GameReport, Id, Lang, PlayError, Problem, ResolutionList, SavedResolution, SideReport,
};
use feldherr_table::geometry::Shape;
use feldherr_table::{Table, TableEdit, TableRules};
use serde::{Deserialize, Serialize};

use std::collections::BTreeSet;

use crate::army::{Player, Seat, UnitProfile, check_players};
use crate::bag_draw::BagDraw;
use crate::combat::{Combat, CombatRules, CombatSide, CombatUnit};
use crate::deployment::{Deployment, DeploymentStep, ZoneSizes, ZoneSlot, zone_piece};
use crate::record::{self, EventKind, HistoryEntry, MAX_EVENTS, RoundRecord, UnitEvent};
use crate::resolution::{FfaOutcome, FfaResolution};
use crate::roll_off::{Contender, RollOff};
use crate::table_rules::wh40k_table_rules;
use crate::turn_order::{Bag, TurnOrder};
use crate::units::{self, UnitState, UnitStatus, When};

/// The most resolutions one game keeps.
pub const MAX_RESOLUTIONS: usize = 2000;

fn too_many_events() -> PlayError {
    refused(
        say("game.game_records_most_events").text("max_events", MAX_EVENTS.to_string()),
        None,
    )
}

/// One unit a side brings into a combat: the army unit (its models come
/// from the game, never typed again) and the casualties it took in this
/// round of the combat (PF3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngagedUnit {
    /// The unit's id in its player's army.
    pub unit: Id,
    /// Models it lost in this round of the combat (0 to its models left;
    /// all of them destroy it).
    #[serde(default)]
    pub lost: u32,
    /// Whose casualties were its last, when it is destroyed in a combat
    /// of three or more sides (`None`: every other side is named).
    #[serde(default)]
    pub lost_to: Option<Seat>,
}

impl EngagedUnit {
    /// A unit that took `lost` casualties.
    pub fn new(unit: Id, lost: u32) -> Self {
        Self {
            unit,
            lost,
            lost_to: None,
        }
    }
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
    /// Enters a combat fought in the active player's turn: every unit
    /// fights with the models it has left, minus the casualties entered
    /// for it; every unit locked in combat with one of them must be in it
    /// (the whole close combat is fought, F3).
    StartCombat {
        /// Its sides.
        sides: Vec<SideEntry>,
    },
    /// Applies a finished resolution: a roll-off starts round 1, a draw
    /// enters the turn order, a combat's result (casualties, flight,
    /// sweeping advance) goes to its units and into the record.
    Apply(Id),
    /// Models a unit lost outside close combat (shooting and the like) in
    /// the current turn.
    RecordLosses {
        /// The unit.
        unit: Id,
        /// Models lost, 1 to its models left.
        lost: u32,
        /// Who caused them, if the players say.
        by: Option<Seat>,
    },
    /// A fleeing unit rallied, in its own player's turn (PF1).
    Rally {
        /// The unit.
        unit: Id,
    },
    /// The players take a unit off the table (fled off it, PF1).
    RemoveUnit {
        /// The unit.
        unit: Id,
    },
}

/// A close combat going on: units locked together.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Engagement {
    /// Its units, by id, sorted.
    pub units: Vec<Id>,
    /// The players with units in it, in seat order.
    pub seats: Vec<Seat>,
    /// Whether one of its units fought a combat in the current turn
    /// already.
    pub fought_this_turn: bool,
}

/// What the Combat screen offers in the current turn (F3's Nahkampf
/// rule: in a player's turn only combats with his units are fought).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatOffer {
    /// The round.
    pub round: usize,
    /// Whose turn it is.
    pub turn_of: Seat,
    /// Close combats with units of the active player, not yet fought in
    /// this turn: fought now.
    pub to_fight: Vec<Engagement>,
    /// Close combats without the active player: they wait for a turn of
    /// one of their players.
    pub waiting: Vec<Engagement>,
    /// Close combats fought in this turn already (and going on).
    pub fought: Vec<Engagement>,
    /// Active units not locked in combat and not yet in a combat of this
    /// turn: the active player's may charge, the others' be charged.
    pub free: Vec<Id>,
    /// The active player's fleeing units: the players say whether each
    /// rallied, still flees or leaves the table (PF1).
    pub fleeing: Vec<Id>,
}

/// One line of the per-unit list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitRow {
    /// Its player.
    pub seat: Seat,
    /// The player's name.
    pub player: String,
    /// The unit.
    pub unit: Id,
    /// Its name.
    pub name: String,
    /// Models at the start of the game.
    pub models_at_start: u32,
    /// Models left.
    pub models_left: u32,
    /// Leadership.
    pub leadership: u8,
    /// Initiative.
    pub initiative: u8,
    /// Active, fleeing, destroyed or removed.
    pub status: UnitStatus,
    /// Enemy units it is locked in combat with.
    pub in_combat_with: Vec<Id>,
    /// The combats it fought (applied), by resolution id.
    pub combats: Vec<Id>,
}

/// A Warhammer 40,000 free-for-all game for three or four players.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Stored")]
pub struct FreeForAll {
    pub(crate) players: Vec<Player>,
    pub(crate) zone_sizes: ZoneSizes,
    pub(crate) combat_rules: CombatRules,
    pub(crate) deployment: Option<Deployment>,
    pub(crate) turn_order: Option<TurnOrder>,
    pub(crate) resolutions: Vec<SavedResolution<FfaResolution>>,
    pub(crate) units: Vec<UnitState>,
    pub(crate) record: Vec<UnitEvent>,
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
    /// Absent in games saved before units kept their state: derived then.
    #[serde(default)]
    units: Option<Vec<UnitState>>,
    #[serde(default)]
    record: Vec<UnitEvent>,
}

impl Stored {
    /// The checks a saved game must pass to load (each error carries its
    /// catalogue message).
    fn check(&self) -> Result<(), PlayError> {
        let s = self;
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
                return Err(invalid(
                    "turn_order.players",
                    t.players,
                    say("game.game_has_players").text("n", n.to_string()),
                ));
            }
            t.check()?;
        }
        if s.resolutions.len() > MAX_RESOLUTIONS {
            return Err(invalid(
                "resolutions",
                s.resolutions.len(),
                say("game.most").text("max_resolutions", MAX_RESOLUTIONS.to_string()),
            ));
        }
        if s.record.len() > MAX_EVENTS {
            return Err(invalid(
                "record",
                s.record.len(),
                say("game.most_2").text("max_events", MAX_EVENTS.to_string()),
            ));
        }
        Ok(())
    }
}

impl TryFrom<Stored> for FreeForAll {
    type Error = PlayError;

    fn try_from(s: Stored) -> Result<Self, PlayError> {
        s.check()?;
        let mut game = Self {
            players: s.players,
            zone_sizes: s.zone_sizes,
            combat_rules: s.combat_rules,
            deployment: s.deployment,
            turn_order: s.turn_order,
            resolutions: s.resolutions,
            units: Vec::new(),
            record: s.record,
        };
        match s.units {
            Some(units) => game.units = units,
            None => game.migrate(),
        }
        Ok(game)
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

    /// Every unit's state, in seat and army order.
    pub fn units(&self) -> &[UnitState] {
        &self.units
    }

    /// The state of unit `unit`.
    pub fn unit_state(&self, unit: Id) -> Option<&UnitState> {
        units::find(&self.units, unit)
    }

    /// The record: every event that changed a unit, oldest first.
    pub fn record(&self) -> &[UnitEvent] {
        &self.record
    }

    /// The per-unit list: player, models left of models at start, state,
    /// whom it is locked with and the combats it fought; in seat and army
    /// order.
    pub fn unit_rows(&self) -> Vec<UnitRow> {
        self.units
            .iter()
            .filter_map(|st| {
                let player = self.players.get(st.seat)?;
                let profile = player.unit(st.unit)?;
                Some(UnitRow {
                    seat: st.seat,
                    player: player.name.clone(),
                    unit: st.unit,
                    name: profile.name.clone(),
                    models_at_start: profile.models,
                    models_left: st.models_left,
                    leadership: profile.leadership,
                    initiative: profile.initiative,
                    status: st.status.clone(),
                    in_combat_with: st.in_combat_with.clone(),
                    combats: self
                        .record
                        .iter()
                        .filter_map(|e| match e.what {
                            EventKind::Combat { resolution } => Some(resolution),
                            _ => None,
                        })
                        .filter(|id| {
                            record::applied_combat(&self.resolutions, *id).is_some_and(|(c, _)| {
                                c.sides
                                    .iter()
                                    .flat_map(|s| &s.units)
                                    .any(|u| u.unit == st.unit)
                            })
                        })
                        .collect(),
                })
            })
            .collect()
    }

    /// The history of unit `unit`, oldest first: the combats it fought
    /// (models before, lost, after, how it came out), losses outside
    /// combat, rallying, removal.
    pub fn unit_history(&self, unit: Id) -> Vec<HistoryEntry> {
        record::history(&self.players, &self.record, &self.resolutions, unit)
    }

    /// Per round the turn order and the combats fought, for the game
    /// record.
    pub fn rounds(&self) -> Vec<RoundRecord> {
        let Some(order) = &self.turn_order else {
            return Vec::new();
        };
        order
            .rounds
            .iter()
            .enumerate()
            .map(|(i, seats)| RoundRecord {
                round: i + 1,
                order: seats.clone(),
                combats: self
                    .resolutions
                    .iter()
                    .filter_map(|r| match r.kind() {
                        FfaResolution::Combat(c) if c.round == i + 1 => Some((c.turn_of, r.id())),
                        _ => None,
                    })
                    .collect(),
            })
            .collect()
    }

    /// The close combats going on (units locked together).
    pub fn engagements(&self) -> Vec<Engagement> {
        let busy: BTreeSet<Id> = self.busy_this_turn().into_iter().map(|(u, _)| u).collect();
        units::engagements(&self.units)
            .into_iter()
            .map(|ids| {
                let seats: BTreeSet<Seat> = ids
                    .iter()
                    .filter_map(|u| units::find(&self.units, *u).map(|s| s.seat))
                    .collect();
                Engagement {
                    fought_this_turn: ids.iter().any(|u| busy.contains(u)),
                    units: ids,
                    seats: seats.into_iter().collect(),
                }
            })
            .collect()
    }

    /// What may be fought in the current turn and what waits (F3's
    /// Nahkampf rule); `None` before the roll-off. Destroyed, removed and
    /// fleeing units are never offered as fighters.
    pub fn combat_offer(&self) -> Option<CombatOffer> {
        let (round, turn_of) = self.current_turn()?;
        let busy: BTreeSet<Id> = self.busy_this_turn().into_iter().map(|(u, _)| u).collect();
        let mut offer = CombatOffer {
            round,
            turn_of,
            to_fight: Vec::new(),
            waiting: Vec::new(),
            fought: Vec::new(),
            free: Vec::new(),
            fleeing: Vec::new(),
        };
        for e in self.engagements() {
            if e.fought_this_turn {
                offer.fought.push(e);
            } else if e.seats.contains(&turn_of) {
                offer.to_fight.push(e);
            } else {
                offer.waiting.push(e);
            }
        }
        for st in &self.units {
            if st.status.active()
                && st.models_left > 0
                && st.in_combat_with.is_empty()
                && !busy.contains(&st.unit)
            {
                offer.free.push(st.unit);
            }
            if st.seat == turn_of && matches!(st.status, UnitStatus::Fleeing { .. }) {
                offer.fleeing.push(st.unit);
            }
        }
        Some(offer)
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

    /// Stores the units' new state and its event: all or nothing.
    fn commit(
        &mut self,
        states: Vec<UnitState>,
        when: When,
        what: EventKind,
    ) -> Result<(), PlayError> {
        if self.record.len() >= MAX_EVENTS {
            return Err(too_many_events());
        }
        self.units = states;
        self.record.push(UnitEvent {
            round: when.round,
            turn_of: when.turn_of,
            what,
        });
        Ok(())
    }

    /// A turn ends (the next die is drawn) only once its combats are
    /// applied or removed.
    fn check_turn_may_end(&self) -> Result<(), PlayError> {
        if let Some((_, c)) = self.pending_combats().next() {
            let names: Vec<&str> = c.sides.iter().map(|s| s.player.as_str()).collect();
            return Err(refused(
                say("game.combat_not_applied_yet_apply").text("names_join", names.join(" / ")),
                Some("F3"),
            ));
        }
        Ok(())
    }

    /// A turn is taken back only while nothing happened in it.
    fn check_turn_unused(&self) -> Result<(), PlayError> {
        let Some((round, turn_of)) = self.current_turn() else {
            return Ok(());
        };
        let used = self
            .record
            .iter()
            .any(|e| e.round == round && e.turn_of == turn_of)
            || self.resolutions.iter().any(|r| {
                matches!(r.kind(), FfaResolution::Combat(c) if c.round == round && c.turn_of == turn_of)
            });
        if used {
            return Err(refused(
                say("game.round_s_turn_has_combats")
                    .text("round", round.to_string())
                    .text("of", units::player_name(&self.players, turn_of).to_string()),
                Some("F2"),
            ));
        }
        Ok(())
    }

    /// Replaces one army. A unit that fought, lost models or rallied keeps
    /// its profile: it may be neither changed nor dropped.
    fn set_army(&mut self, seat: Seat, new: &[UnitProfile]) -> Result<(), PlayError> {
        self.check_seat(seat)?;
        let old = &self.players[seat];
        for unit in &old.army {
            if !self.has_history(unit.id) {
                continue;
            }
            if new.iter().find(|u| u.id == unit.id) != Some(unit) {
                return Err(refused(
                    say("game.has_history_game_stays_army")
                        .text("unit_name", unit.name.to_string())
                        .text("old_name", old.name.to_string()),
                    None,
                ));
            }
        }
        let mut players = self.players.clone();
        if let Some(p) = players.get_mut(seat) {
            p.army = new.to_vec();
        }
        check_players(&players)?;
        let fresh = units::fresh(&players);
        self.units = fresh
            .into_iter()
            .map(|f| {
                units::find(&self.units, f.unit)
                    .filter(|_| self.has_history(f.unit))
                    .cloned()
                    .unwrap_or(f)
            })
            .collect();
        self.players = players;
        Ok(())
    }

    /// Whether a unit appears in the record or in a combat.
    fn has_history(&self, unit: Id) -> bool {
        self.record.iter().any(|e| match &e.what {
            EventKind::Combat { .. } => false,
            EventKind::Losses { unit: u, .. }
            | EventKind::Rallied { unit: u }
            | EventKind::Removed { unit: u } => *u == unit,
        }) || self.resolutions.iter().any(|r| {
            matches!(r.kind(), FfaResolution::Combat(c)
                if c.sides.iter().flat_map(|s| &s.units).any(|u| u.unit == unit))
        })
    }

    /// Brings a game saved before units kept their state up to date: the
    /// applied combats, in order, become the record (each unit's losses
    /// read from the models it fought with), and the units follow from
    /// it. A combat that does not fit stops the migration; the rest shows
    /// up in [`Game::problems`].
    fn migrate(&mut self) {
        self.units = units::fresh(&self.players);
        self.record.clear();
        for index in 0..self.resolutions.len() {
            let r = &self.resolutions[index];
            let (FfaResolution::Combat(combat), true) = (r.kind(), r.applied()) else {
                continue;
            };
            let mut combat = combat.clone();
            for cu in combat.sides.iter_mut().flat_map(|s| s.units.iter_mut()) {
                if cu.lost == 0
                    && let Some(st) = units::find(&self.units, cu.unit)
                {
                    cu.lost = st.models_left.saturating_sub(cu.models);
                }
            }
            let Ok(saved) = SavedResolution::with_answers(
                r.id(),
                FfaResolution::Combat(combat.clone()),
                r.answers().to_vec(),
                true,
            ) else {
                return;
            };
            let Some(FfaOutcome::Combat(outcome)) = saved.outcome().cloned() else {
                return;
            };
            let mut states = self.units.clone();
            if units::apply_combat(&mut states, &self.players, r.id(), &combat, &outcome).is_err() {
                return;
            }
            let id = r.id();
            self.resolutions[index] = saved;
            self.units = states;
            self.record.push(UnitEvent {
                round: combat.round,
                turn_of: combat.turn_of,
                what: EventKind::Combat { resolution: id },
            });
        }
    }

    fn check_seat(&self, seat: Seat) -> Result<(), PlayError> {
        if seat >= self.players.len() {
            return Err(invalid(
                "seat",
                seat + 1,
                say("game.players_are_1").text("players_len", self.players.len().to_string()),
            ));
        }
        Ok(())
    }

    fn deployment_mut(&mut self) -> Result<&mut Deployment, PlayError> {
        self.deployment
            .as_mut()
            .ok_or_else(|| refused(say("game.set_three_four_players_first"), None))
    }

    fn turn_order_mut(&mut self) -> Result<&mut TurnOrder, PlayError> {
        self.turn_order
            .as_mut()
            .ok_or_else(|| refused(say("game.set_three_four_players_first"), None))
    }

    fn push(&mut self, kind: FfaResolution) -> Result<(), PlayError> {
        if self.resolutions.len() >= MAX_RESOLUTIONS {
            return Err(refused(
                say("game.game_keeps_most_resolutions")
                    .text("max_resolutions", MAX_RESOLUTIONS.to_string()),
                None,
            ));
        }
        let id = Id::next_after(self.resolutions.iter().map(SavedResolution::id));
        self.resolutions.push(SavedResolution::new(id, kind)?);
        Ok(())
    }

    /// The current turn as a [`When`], or the refusal naming F2.
    fn now(&self, what: &str) -> Result<When, PlayError> {
        let (round, turn_of) = self.current_turn().ok_or_else(|| {
            refused(
                say("game.happen_player_s_turn_roll")
                    .key("what", format!("wh40k_ffa.refusal.what.{what}")),
                Some("F2"),
            )
        })?;
        Ok(When { round, turn_of })
    }

    /// Units in a combat of the current turn (fought or started), with
    /// the combat's id.
    fn busy_this_turn(&self) -> Vec<(Id, Id)> {
        let Some((round, turn_of)) = self.current_turn() else {
            return Vec::new();
        };
        self.resolutions
            .iter()
            .filter_map(|r| match r.kind() {
                FfaResolution::Combat(c) if c.round == round && c.turn_of == turn_of => {
                    Some((r.id(), c))
                }
                _ => None,
            })
            .flat_map(|(id, c)| {
                c.sides
                    .iter()
                    .flat_map(|s| &s.units)
                    .map(move |u| (u.unit, id))
            })
            .collect()
    }

    /// Combats started but not applied yet, by id.
    fn pending_combats(&self) -> impl Iterator<Item = (Id, &Combat)> {
        self.resolutions.iter().filter_map(|r| match r.kind() {
            FfaResolution::Combat(c) if !r.applied() => Some((r.id(), c)),
            _ => None,
        })
    }

    fn refuse_if_pending(&self, unit: Id) -> Result<(), PlayError> {
        if self.pending_combats().any(|(_, c)| {
            c.sides
                .iter()
                .flat_map(|s| &s.units)
                .any(|u| u.unit == unit)
        }) {
            return Err(refused(
                say("game.combat_which_not_applied_yet")
                    .nested("unit", units::label(&self.players, unit)),
                None,
            ));
        }
        Ok(())
    }

    /// A combat of the current turn from the units' state (PF2): every
    /// unit active, of its side's player, not yet in a combat of this
    /// turn, with all the enemies it is locked with; its models are the
    /// models it has left less the casualties entered (PF3).
    fn build_combat(&self, sides: &[SideEntry]) -> Result<Combat, PlayError> {
        let now = self.now("combats")?;
        let (round, turn_of) = (now.round, now.turn_of);
        let in_combat: Vec<Seat> = sides.iter().map(|s| s.seat).collect();
        let listed: BTreeSet<Id> = sides
            .iter()
            .flat_map(|s| s.units.iter().map(|u| u.unit))
            .collect();
        let busy = self.busy_this_turn();
        let mut built = Vec::with_capacity(sides.len());
        for (i, entry) in sides.iter().enumerate() {
            let player = self.players.get(entry.seat).ok_or_else(|| {
                invalid(
                    format!("sides[{i}].seat"),
                    entry.seat + 1,
                    say("game.players_are_1").text("players_len", self.players.len().to_string()),
                )
            })?;
            let mut units_in = Vec::with_capacity(entry.units.len());
            for (j, engaged) in entry.units.iter().enumerate() {
                let path = format!("sides[{i}].units[{j}]");
                let Some(st) = units::find(&self.units, engaged.unit) else {
                    return Err(invalid(
                        format!("{path}.unit"),
                        engaged.unit,
                        say("game.no_army_game_has_such"),
                    ));
                };
                let owner = units::player_name(&self.players, st.seat);
                let name = units::label(&self.players, engaged.unit);
                if st.seat != entry.seat {
                    let reason = if in_combat.contains(&st.seat) {
                        say("game.unit_of_other_side").text("player", &player.name)
                    } else {
                        say("game.owner_not_in_combat")
                    };
                    return Err(invalid(
                        format!("{path}.unit"),
                        engaged.unit,
                        reason
                            .nested("name", name.clone())
                            .text("owner", owner.to_string()),
                    ));
                }
                if let Some(why) = units::not_active_message(&self.players, st) {
                    return Err(refused(why, Some("F3")));
                }
                self.refuse_if_pending(engaged.unit)?;
                if let Some((_, combat)) = busy.iter().find(|(u, _)| *u == engaged.unit) {
                    return Err(refused(
                        say("game.fought_combat_turn_already")
                            .nested("name", name.clone())
                            .text("combat", combat.to_string()),
                        Some("F3"),
                    ));
                }
                if let Some(missing) = st.in_combat_with.iter().find(|u| !listed.contains(u)) {
                    return Err(refused(
                        say("game.locked_combat_with_whole_close")
                            .nested("missing", units::label(&self.players, *missing))
                            .nested("name", name.clone()),
                        Some("F3"),
                    ));
                }
                if engaged.lost > st.models_left {
                    return Err(invalid(
                        format!("{path}.lost"),
                        engaged.lost,
                        say("game.has_only_models_left")
                            .nested("name", name.clone())
                            .text("st_models_left", st.models_left.to_string()),
                    ));
                }
                if let Some(by) = engaged.lost_to
                    && (by == entry.seat || !in_combat.contains(&by))
                {
                    return Err(invalid(
                        format!("{path}.lost_to"),
                        by + 1,
                        say("game.can_only_lose_models_another").nested("name", name.clone()),
                    ));
                }
                let profile = player.unit(engaged.unit).ok_or_else(|| {
                    invalid(
                        format!("{path}.unit"),
                        engaged.unit,
                        say("game.has_no_such_unit").text("player_name", player.name.to_string()),
                    )
                })?;
                units_in.push(CombatUnit {
                    unit: profile.id,
                    name: profile.name.clone(),
                    models: st.models_left - engaged.lost,
                    lost: engaged.lost,
                    lost_to: engaged.lost_to,
                    leadership: profile.leadership,
                    initiative: profile.initiative,
                });
            }
            built.push(CombatSide {
                seat: entry.seat,
                player: player.name.clone(),
                casualties_caused: entry.casualties_caused,
                units: units_in,
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
            .ok_or_else(|| not_found("resolution", id))?;
        let resolution = &self.resolutions[index];
        if resolution.applied() {
            return Err(refused(say("game.result_applied_already"), None));
        }
        let outcome = resolution.outcome().ok_or(PlayError::Unfinished)?.clone();
        let kind = resolution.kind().clone();
        let mut order = self.turn_order.clone();
        let mut combat_done = None;
        match (&kind, &outcome) {
            (FfaResolution::RollOff(_), FfaOutcome::RollOff(won)) => {
                order
                    .as_mut()
                    .ok_or_else(|| refused(say("game.set_players_first"), None))?
                    .start(won.seat)?;
            }
            (FfaResolution::Draw(draw), FfaOutcome::Draw(drawn)) => {
                let order = order
                    .as_mut()
                    .ok_or_else(|| refused(say("game.set_players_first"), None))?;
                let bag = order.bag();
                let seats: Vec<Seat> = draw.bag.iter().map(|c| c.seat).collect();
                if bag.as_ref().map(|b| (b.round, &b.dice)) != Some((draw.round, &seats)) {
                    return Err(refused(say("game.bag_has_changed_since_draw"), Some("F2")));
                }
                self.check_turn_may_end()?;
                order.draw(drawn.seat)?;
            }
            (FfaResolution::Combat(combat), FfaOutcome::Combat(result)) => {
                if self.current_turn() != Some((combat.round, combat.turn_of)) {
                    return Err(refused(
                        say("game.combat_belongs_round_s_turn")
                            .text(
                                "names_join",
                                combat
                                    .sides
                                    .iter()
                                    .map(|s| s.player.as_str())
                                    .collect::<Vec<_>>()
                                    .join(" / "),
                            )
                            .text("combat_round", combat.round.to_string())
                            .text(
                                "of",
                                units::player_name(&self.players, combat.turn_of).to_string(),
                            ),
                        Some("F3"),
                    ));
                }
                if self.record.len() >= MAX_EVENTS {
                    return Err(too_many_events());
                }
                let mut states = self.units.clone();
                units::apply_combat(&mut states, &self.players, id, combat, result)?;
                combat_done = Some((
                    states,
                    UnitEvent {
                        round: combat.round,
                        turn_of: combat.turn_of,
                        what: EventKind::Combat { resolution: id },
                    },
                ));
            }
            _ => {
                return Err(invalid(
                    "resolution",
                    id,
                    say("game.outcome_does_not_match_kind"),
                ));
            }
        }
        self.resolutions[index].set_applied()?;
        self.turn_order = order;
        if let Some((states, event)) = combat_done {
            self.units = states;
            self.record.push(event);
        }
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
            units: Vec::new(),
            record: Vec::new(),
        }
    }

    fn table_rules() -> TableRules {
        wh40k_table_rules()
    }

    fn load_refusal(saved: &serde_json::Value) -> Option<PlayError> {
        Stored::deserialize(saved).ok()?.check().err()
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
                    return Err(refused(say("game.players_are_fixed_once_deployment"), None));
                }
                check_players(players)?;
                let n = players.len();
                let deployment = Deployment::new(n, (0..n).collect())?;
                let order = TurnOrder::new(n)?;
                self.players = players.clone();
                self.deployment = Some(deployment);
                self.turn_order = Some(order);
                self.units = units::fresh(&self.players);
                self.record.clear();
            }
            FfaEdit::SetArmy { seat, units } => self.set_army(*seat, units)?,
            FfaEdit::SetZoneSizes(sizes) => {
                sizes.check_fits(table.width(), table.depth())?;
                if self
                    .deployment
                    .as_ref()
                    .is_some_and(|d| !d.choices.is_empty())
                {
                    return Err(refused(
                        say("game.zones_are_chosen_already_take"),
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
                    return Err(refused(
                        say("game.zones_are_chosen_already_take_2"),
                        Some("F1"),
                    ));
                }
                *deployment = Deployment::new(n, order.clone())?;
            }
            FfaEdit::ChooseZone { seat, slot } => {
                self.check_seat(*seat)?;
                let sizes = self.zone_sizes;
                let name = self.players[*seat].name.clone();
                let players = self.players.clone();
                let deployment = self.deployment_mut()?;
                deployment
                    .check_choice(*seat, *slot)
                    .map_err(|e| named_seats(e, &players))?;
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
                    .ok_or_else(|| refused(say("game.no_zone_chosen_yet"), Some("F1")))?;
                if let Some(id) = last.piece
                    && table.piece(id).is_some()
                {
                    table.apply(TableEdit::Delete { id })?;
                }
                deployment.choices.pop();
            }
            FfaEdit::StartRollOff => {
                if self.turn_order_mut()?.started() {
                    return Err(refused(say("game.round_1_has_started_already"), Some("F2")));
                }
                let players = (0..self.players.len())
                    .map(|s| contender(&self.players, s))
                    .collect();
                self.push(FfaResolution::RollOff(RollOff { players }))?;
            }
            FfaEdit::StartDraw => {
                self.check_turn_may_end()?;
                let bag = self
                    .bag()
                    .ok_or_else(|| refused(say("game.roll_off_decides_who_starts"), Some("F2")))?;
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
                self.check_turn_may_end()?;
                self.turn_order_mut()?.draw(*seat)?;
            }
            FfaEdit::TakeBackDraw => {
                self.check_turn_unused()?;
                if !self.turn_order_mut()?.take_back() {
                    return Err(refused(say("game.no_turn_recorded_yet"), Some("F2")));
                }
            }
            FfaEdit::StartCombat { sides } => {
                let combat = self.build_combat(sides)?;
                self.push(FfaResolution::Combat(combat))?;
            }
            FfaEdit::Apply(id) => self.apply_resolution(*id)?,
            FfaEdit::RecordLosses { unit, lost, by } => {
                let when = self.now("losses")?;
                self.refuse_if_pending(*unit)?;
                let mut states = self.units.clone();
                units::apply_losses(&mut states, &self.players, *unit, *lost, *by, when)?;
                self.commit(
                    states,
                    when,
                    EventKind::Losses {
                        unit: *unit,
                        lost: *lost,
                        by: *by,
                    },
                )?;
            }
            FfaEdit::Rally { unit } => {
                let when = self.now("rallies")?;
                let mut states = self.units.clone();
                units::rally(&mut states, &self.players, *unit, when)?;
                self.commit(states, when, EventKind::Rallied { unit: *unit })?;
            }
            FfaEdit::RemoveUnit { unit } => {
                let when = self.now("removals")?;
                self.refuse_if_pending(*unit)?;
                let mut states = self.units.clone();
                units::remove(&mut states, &self.players, *unit, when)?;
                self.commit(states, when, EventKind::Removed { unit: *unit })?;
            }
        }
        Ok(())
    }

    fn problems(&self, table: &Table) -> Vec<Problem> {
        crate::checks::problems(self, table)
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

/// A deployment refusal with every seat it names ("player 2") replaced by
/// that player's name.
fn named_seats(e: PlayError, players: &[Player]) -> PlayError {
    let Some(message) = e.message() else {
        return e;
    };
    let mut message = message.clone();
    for (_, arg) in &mut message.args {
        if let feldherr_dice::step::MessageArg::Text(text) = arg
            && let Some(seat) = players
                .iter()
                .enumerate()
                .find(|(seat, _)| *text == crate::deployment::seat_label(*seat))
        {
            *text = seat.1.name.clone();
        }
    }
    refused(message, e.rule())
}
