//! A charge (or engagement) against a machine, as the text's rules see
//! it: from which side it comes (Unaufhaltsam closes the flanks and the
//! rear unless STR exceeds RES, and spares a frontally charged machine the
//! charge penalties), the collision a charger suffers from a moving
//! rammer, the charger's own limits (a crew moving its machine, a figure
//! that left a vehicle), and the counter-fire (Gegenschuss) artillery
//! offers: the charger set down halfway, difficulty 6, zone or penetrating
//! ammunition (C6, C7).

use crate::game::refusal::{not_found, refused, say};
use std::fmt;

use feldherr_dice::step::{LogStep, Message, Pending, Resolver, Steps};
use feldherr_play::{Id, PlayError};
use feldherr_table::Table;
use feldherr_table::geometry::{FacingArc, Point, Pose, facing_arc};
use serde::{Deserialize, Serialize};

use super::shot::{NamedShot, ShotInputs, ShotOutcome, ShotProblem, ShotResolver};
use super::{ConfrontationGame, ModelRef, TableModel};
use crate::{
    Ammunition, COUNTER_FIRE_DIFFICULTY, CounterFire, FireResult, Impetus, Model, Motion,
    collision_strength, firing_modifiers,
};

/// Who charges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Charger {
    /// A figure on the table, by piece.
    Figure(u64),
    /// A machine.
    Machine(Id),
}

/// A charge or engagement against a machine, as the players declare it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChargeOrder {
    /// Who charges (its piece stands where it ends the charge, touching the
    /// machine, or where it stands now).
    pub charger: Charger,
    /// The machine charged.
    pub target: Id,
    /// Where the charge started (the charger's centre).
    pub from: Point,
    /// Where the charger first came into the gunners' sight, if it started
    /// unseen.
    pub first_sight: Option<Point>,
}

/// Why a charge is not allowed.
#[derive(Debug, Clone, PartialEq)]
pub enum ChargeRefusal {
    /// A machine with a speed marker is charged from a flank or the rear by
    /// a model whose STR does not exceed its RES (Unaufhaltsam).
    ClosedSide {
        /// The side charged.
        arc: FacingArc,
        /// The charger's STR.
        strength: i32,
        /// The machine's RES.
        res: u32,
    },
    /// The charger's STR is not known and the machine has a speed marker:
    /// its flanks and rear need it.
    UnknownStrength,
    /// The charger is crew moving its machine this round (text line 258).
    CrewMovingMachine(String),
    /// The charger left a vehicle this round (Transport).
    LeftVehicle(String),
    /// The charger survived its vehicle's destruction this round
    /// (Transport).
    WreckSurvivor(String),
    /// An immobile machine charges nobody.
    Immobile(String),
    /// The charger is no enemy of the machine.
    NotAnEnemy(String),
}

impl fmt::Display for ChargeRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChargeRefusal::ClosedSide { arc, strength, res } => write!(
                f,
                "speed marker: no charge from the {arc} unless STR {strength} exceeds RES {res} (Unaufhaltsam)"
            ),
            ChargeRefusal::UnknownStrength => f.write_str(
                "the machine has a speed marker: enter the charger's STR to charge its flank or rear",
            ),
            ChargeRefusal::CrewMovingMachine(n) => {
                write!(f, "{n} moves its machine this round and charges nobody")
            }
            ChargeRefusal::LeftVehicle(n) => {
                write!(f, "{n} left a vehicle this round: no charge (Transport)")
            }
            ChargeRefusal::WreckSurvivor(n) => write!(
                f,
                "{n} survived its vehicle's destruction: it does not move this round (Transport)"
            ),
            ChargeRefusal::Immobile(n) => write!(f, "{n} is immobile and charges nobody"),
            ChargeRefusal::NotAnEnemy(n) => write!(f, "{n} fights on the machine's side"),
        }
    }
}

impl ChargeRefusal {
    /// The refusal as a catalogue message (`conf.game.refusal.…`), so the
    /// German interface says it in German; the charger is named by name.
    ///
    /// ```
    /// use feldherr_confrontation::ConfrontationGame;
    /// use feldherr_confrontation::game::ChargeRefusal;
    /// use feldherr_play::{Catalogue, Game, Lang};
    ///
    /// let de = Catalogue::parse("de", ConfrontationGame::messages(Lang::De))?;
    /// let why = ChargeRefusal::Immobile("Felsspalter".into());
    /// assert_eq!(
    ///     de.render(&why.message()).as_deref(),
    ///     Some("Felsspalter ist unbeweglich und greift niemanden an")
    /// );
    /// # Ok::<(), feldherr_play::PlayError>(())
    /// ```
    pub fn message(&self) -> Message {
        let named = |key: &str, name: &str| Message::new(key).text("name", name);
        match self {
            ChargeRefusal::ClosedSide { arc, strength, res } => {
                Message::new("conf.game.refusal.closed_side")
                    .key("arc", arc_key(*arc))
                    .int("strength", *strength)
                    .int("res", *res)
            }
            ChargeRefusal::UnknownStrength => Message::new("conf.game.refusal.unknown_strength"),
            ChargeRefusal::CrewMovingMachine(n) => named("conf.game.refusal.crew_moving", n),
            ChargeRefusal::LeftVehicle(n) => named("conf.game.refusal.left_vehicle", n),
            ChargeRefusal::WreckSurvivor(n) => named("conf.game.refusal.wreck_survivor", n),
            ChargeRefusal::Immobile(n) => named("conf.game.refusal.immobile", n),
            ChargeRefusal::NotAnEnemy(n) => named("conf.game.refusal.not_an_enemy", n),
        }
    }
}

/// The catalogue key of a side of a machine, as a charge meets it.
fn arc_key(arc: FacingArc) -> &'static str {
    match arc {
        FacingArc::Front => "conf.game.arc.front",
        FacingArc::Left => "conf.game.arc.left",
        FacingArc::Right => "conf.game.arc.right",
        FacingArc::Rear => "conf.game.arc.rear",
    }
}

/// What the counter-fire would be: where the charger is set down.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CounterFireOffer {
    /// Where the charger is set down (halfway).
    pub placed: Point,
    /// The level it counts as on (the machine's).
    pub level: i32,
    /// Its distance to the machine's centre, cm.
    pub distance_cm: f64,
    /// The machine's ammunition.
    pub ammunition: Ammunition,
}

/// What the rules say about a charge against a machine.
#[derive(Debug, Clone, PartialEq)]
pub struct ChargeReport {
    /// The side of the machine the charger comes at (where it stands).
    pub arc: FacingArc,
    /// The charger's STR, if known.
    pub strength: Option<i32>,
    /// Whether the charge is allowed.
    pub allowed: Result<(), ChargeRefusal>,
    /// Whether the machine suffers the usual charge penalties (not an
    /// Unaufhaltsam machine with its speed marker charged frontally, PC10).
    pub penalties_apply: bool,
    /// The STR of the collision the charger suffers: it charges a moving
    /// rammer (Ramme, Unaufhaltsam, speed marker) frontally (C5).
    pub collision: Option<i32>,
    /// The counter-fire the machine may fire, or why not.
    pub counter_fire: Result<CounterFireOffer, ShotProblem>,
}

/// A counter-fire: a shot at the charger set down halfway (its model first
/// in the shot's models), and where the charge started.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterFireInputs {
    /// The shot (its target the charger, placed; difficulty 6 plus the
    /// machine's movement modifiers).
    pub shot: ShotInputs,
    /// Where the charge started (or the charger came into sight).
    pub from: Point,
}

impl CounterFireInputs {
    /// The machine firing.
    pub fn machine(&self) -> Id {
        self.shot.machine
    }

    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<CounterFireResolver, PlayError> {
        Ok(CounterFireResolver {
            shot: self.shot.resolver()?,
            placed: self.shot.models.first().map(|m| m.center),
        })
    }
}

/// A counter-fire as a resolver: the placement, then the shot.
#[derive(Debug, Clone)]
pub struct CounterFireResolver {
    shot: ShotResolver,
    placed: Option<Point>,
}

/// Whether the charger (model 0) survived a counter-fire.
pub fn charger_survives(outcome: &ShotOutcome) -> bool {
    !outcome
        .hits()
        .iter()
        .any(|(i, r)| *i == 0 && r.fate != crate::Fate::Survives)
}

impl Resolver for CounterFireResolver {
    type Outcome = NamedShot;

    fn title(&self) -> String {
        format!("Counter-fire: {}", self.shot.title())
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<NamedShot, Pending> {
        let name = self.shot.names.first().cloned().unwrap_or_default();
        let at = self.placed.unwrap_or(Point::new(0.0, 0.0));
        steps.log(
            LogStep::rule(
                "Gegenschuss",
                format!(
                    "{name} is set down halfway to the machine, at ({:.1}, {:.1}); FER test at difficulty {COUNTER_FIRE_DIFFICULTY}",
                    at.x, at.y
                ),
            )
            .with_message(
                Message::new("conf.game.counter_fire.set_down")
                    .text("name", name.clone())
                    .decimal("x", at.x, 1)
                    .decimal("y", at.y, 1)
                    .int("difficulty", COUNTER_FIRE_DIFFICULTY),
            ),
        );
        let shot = self.shot.resolve(steps)?;
        if shot.outcome.fire() != FireResult::Jammed && charger_survives(&shot.outcome) {
            steps.log(
                LogStep::rule(
                    "Gegenschuss",
                    format!("{name} survives: put in contact with the machine, they are in melee"),
                )
                .with_message(Message::new("conf.game.counter_fire.survives").text("name", name)),
            );
        }
        Ok(shot)
    }
}

impl ConfrontationGame {
    fn charger_model(
        &self,
        table: &Table,
        charger: Charger,
    ) -> Result<(TableModel, String, crate::game::Subject), PlayError> {
        let models = self.table_models(table)?;
        let piece = match charger {
            Charger::Figure(p) => p,
            Charger::Machine(id) => self
                .machine(id)
                .and_then(|m| m.piece)
                .ok_or_else(|| not_found("machine on the table", id))?,
        };
        let model = models
            .into_iter()
            .find(|t| t.source.piece == Some(piece))
            .ok_or_else(|| not_found("living model on the table: piece", piece))?;
        let name = model.model.victim.name.clone();
        let subject = match charger {
            Charger::Figure(p) => crate::game::Subject::Figure(p),
            Charger::Machine(id) => crate::game::Subject::Machine(id),
        };
        Ok((model, name, subject))
    }

    /// The STR of a charger: a figure's printed STR, a machine's card STR.
    fn charger_strength(&self, charger: Charger) -> Option<i32> {
        match charger {
            Charger::Figure(p) => self.figures.get(&p).and_then(|f| f.str),
            Charger::Machine(id) => self
                .machine(id)
                .and_then(|m| m.card.spec().str)
                .and_then(|s| i32::try_from(s).ok()),
        }
    }

    /// What the rules say about `order`: the side charged, whether it is
    /// allowed, the charge penalties, a collision suffered and the
    /// counter-fire offered (or why none).
    pub fn charge(&self, table: &Table, order: &ChargeOrder) -> Result<ChargeReport, PlayError> {
        let m = self
            .machine(order.target)
            .ok_or_else(|| not_found("machine", order.target))?;
        let own = m.piece.and_then(|p| table.piece(p)).ok_or_else(|| {
            refused(
                say("charge.stands_no_piece").text("machine", m.name().to_string()),
                None,
            )
        })?;
        let (model, name, subject) = self.charger_model(table, order.charger)?;
        let facing = own
            .facing_angle()
            .unwrap_or(feldherr_table::geometry::Angle::ZERO);
        let arc =
            facing_arc(Pose::new(own.center(), facing), model.model.center).map_err(|_| {
                crate::game::refusal::invalid(
                    "charger",
                    &name,
                    say("charge.no_arc").text("name", &name),
                )
            })?;
        let strength = self.charger_strength(order.charger);
        let allowed = self.charge_allowed(order, m, arc, strength, &name, subject);
        let marker = m.state.speed_marker;
        let penalties_apply = !(marker && m.card.is_unaufhaltsam() && arc == FacingArc::Front);
        let collision = match (m.card.ram(), marker && arc == FacingArc::Front) {
            (Some(x), true) if m.card.is_unaufhaltsam() => collision_strength(
                x,
                Impetus::SpeedMarker {
                    bew: m.card.spec().bew.unwrap_or(0),
                },
            )
            .ok(),
            _ => None,
        };
        let counter_fire = self.counter_fire_offer(table, order);
        Ok(ChargeReport {
            arc,
            strength,
            allowed,
            penalties_apply,
            collision,
            counter_fire,
        })
    }

    fn charge_allowed(
        &self,
        order: &ChargeOrder,
        m: &super::GameMachine,
        arc: FacingArc,
        strength: Option<i32>,
        name: &str,
        subject: crate::game::Subject,
    ) -> Result<(), ChargeRefusal> {
        let side = match order.charger {
            Charger::Figure(p) => self.side_of_piece(p),
            Charger::Machine(id) => self.machine(id).map(super::GameMachine::controller),
        };
        if side == Some(m.controller()) {
            return Err(ChargeRefusal::NotAnEnemy(name.to_owned()));
        }
        if let Charger::Machine(id) = order.charger
            && self.machine(id).is_some_and(|c| !c.card.is_mobile())
        {
            return Err(ChargeRefusal::Immobile(name.to_owned()));
        }
        if let crate::game::Subject::Figure(p) = subject {
            if let Some(c) = self.crew_on(p)
                && c.moved
                && c.served
                && self
                    .machine(c.machine)
                    .is_some_and(|cm| cm.state.motion != Motion::Still && !cm.card.is_mobile())
            {
                return Err(ChargeRefusal::CrewMovingMachine(name.to_owned()));
            }
            if let Some(r) = self.round.figures.get(&p) {
                if r.left_vehicle {
                    return Err(ChargeRefusal::LeftVehicle(name.to_owned()));
                }
                if r.wreck_survivor {
                    return Err(ChargeRefusal::WreckSurvivor(name.to_owned()));
                }
            }
        }
        if m.state.speed_marker && arc != FacingArc::Front {
            let res = m.card.spec().res;
            match strength {
                None => return Err(ChargeRefusal::UnknownStrength),
                Some(s) if i64::from(s) <= i64::from(res) => {
                    return Err(ChargeRefusal::ClosedSide {
                        arc,
                        strength: s,
                        res,
                    });
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    fn counter_fire_offer(
        &self,
        table: &Table,
        order: &ChargeOrder,
    ) -> Result<CounterFireOffer, ShotProblem> {
        let inputs = self.counter_fire_shot(table, order, None, None)?;
        let placed = inputs
            .shot
            .models
            .first()
            .map(|m| m.center)
            .ok_or(ShotProblem::NoTarget)?;
        Ok(CounterFireOffer {
            placed,
            level: inputs.shot.shooter_level,
            distance_cm: inputs.shot.shooter.distance_to(placed),
            ammunition: inputs.shot.ammunition,
        })
    }

    fn counter_fire_shot(
        &self,
        table: &Table,
        order: &ChargeOrder,
        gunner: Option<Id>,
        fer: Option<i32>,
    ) -> Result<CounterFireInputs, ShotProblem> {
        let m = self.machine(order.target).ok_or(ShotProblem::NoWeapon)?;
        let artillery = m.card.spec().artillery.ok_or(ShotProblem::NoWeapon)?;
        if m.state.destroyed {
            return Err(ShotProblem::Destroyed);
        }
        if m.state.jammed {
            return Err(ShotProblem::Jammed);
        }
        if m.state.fired {
            return Err(ShotProblem::Fired);
        }
        if m.state.frightened {
            return Err(ShotProblem::Frightened);
        }
        if !m.card.is_mobile() && m.state.motion != Motion::Still {
            return Err(ShotProblem::Moved);
        }
        if let Some(bes) = m.card.spec().bes {
            let servers: Vec<crate::crew::Server> = self
                .servers(table, order.target)
                .iter()
                .map(super::CrewStatus::server)
                .collect();
            crate::crew::may_fire(bes, &servers).map_err(|e| ShotProblem::Other(e.to_string()))?;
        }
        let gun = self.gun(table, order.target)?;
        let (charger, _, _) = self
            .charger_model(table, order.charger)
            .map_err(|_| ShotProblem::NoTarget)?;
        let cf = CounterFire::place(
            gun.center,
            gun.level,
            order.from,
            order.first_sight,
            artillery.min_range_cm,
        )
        .map_err(|_| {
            let from = order.first_sight.unwrap_or(order.from);
            ShotProblem::TooClose {
                distance: from.midpoint(gun.center).distance_to(gun.center),
                min: artillery.min_range_cm.unwrap_or(0.0),
            }
        })?;
        let placed = cf.position();
        let distance = gun.center.distance_to(placed);
        if distance > artillery.range_cm + 1e-9 {
            return Err(ShotProblem::OutOfRange {
                distance,
                range: artillery.range_cm,
            });
        }
        self.check_arc(&gun, order.target, placed)?;
        let (card_fer, gunner_name) = if m.card.is_mobile() {
            (m.card.spec().fer, None)
        } else {
            let (f, n) = self.gunner(table, order.target, gunner, placed)?;
            (f, Some(n))
        };
        let fer = match (fer, card_fer) {
            (Some(f), _) => f,
            (None, Some(f)) => i32::try_from(f).unwrap_or(i32::MAX),
            (None, None) => return Err(ShotProblem::NoGunner),
        };
        // A pressure bonus on FER this round counts (C9).
        let fer = fer.saturating_add(
            m.state
                .boosts
                .iter()
                .filter(|b| b.characteristic == super::Characteristic::Fer)
                .map(|b| i32::try_from(b.bonus).unwrap_or(0))
                .fold(0i32, i32::saturating_add),
        );
        let mods = firing_modifiers(
            m.card.spec().mobility,
            m.card.spec().gew.is_some(),
            m.state.motion,
            m.state.reaimed,
        )
        .map_err(|e| ShotProblem::Other(e.to_string()))?;
        let penalty = m
            .state
            .penalty(&m.card)
            .map_err(|e| ShotProblem::Other(e.to_string()))?;
        let charger_piece = charger.source.piece;
        let others: Vec<TableModel> = self
            .table_models(table)?
            .into_iter()
            .filter(|t| t.source.piece != Some(gun.piece) && t.source.piece != charger_piece)
            .collect();
        let placed_model = Model {
            victim: charger.model.victim.clone(),
            center: placed,
            radius: charger.model.radius,
            level: gun.level,
        };
        let mut models = vec![placed_model];
        models.extend(others.iter().map(|t| t.model.clone()));
        let mut refs: Vec<ModelRef> = vec![charger.source];
        refs.extend(others.iter().map(|t| t.source));
        let shot = ShotInputs {
            machine: order.target,
            class: artillery.class,
            ammunition: artillery.ammunition,
            strength: i32::try_from(artillery.strength)
                .map_err(|e| ShotProblem::Other(e.to_string()))?,
            fer,
            difficulty: COUNTER_FIRE_DIFFICULTY + mods.difficulty,
            difficulty_modifier: mods.difficulty,
            die_modifier: mods.die + penalty,
            shooter: gun.center,
            shooter_level: gun.level,
            target: 0,
            range_cm: artillery.range_cm,
            template_cm: self.settings.template_cm,
            models,
            refs,
            gunner: gunner_name,
            melee: Vec::new(),
        };
        let inputs = CounterFireInputs {
            shot,
            from: order.first_sight.unwrap_or(order.from),
        };
        inputs
            .resolver()
            .map_err(|e| ShotProblem::Other(e.to_string()))?;
        Ok(inputs)
    }

    /// The counter-fire of the machine charged in `order` at the charger,
    /// set down halfway (C6, C7, PC13): difficulty 6 plus the machine's
    /// movement modifiers; refused as a shot would be, and when the charger
    /// is set down inside the weapon's minimum range. `gunner` and
    /// `fer` as in [`super::ShotOrder`].
    pub fn counter_fire_inputs(
        &self,
        table: &Table,
        order: &ChargeOrder,
        gunner: Option<Id>,
        fer: Option<i32>,
    ) -> Result<super::ConfrontationKind, ShotProblem> {
        self.counter_fire_shot(table, order, gunner, fer)
            .map(super::ConfrontationKind::CounterFire)
    }
}
