//! A machine's artillery shot as a resolution of the game: what it saves
//! (a snapshot of the models, P20), its resolver, its typed outcome, and
//! how a shot is built from the table: range, minimum range and crew (C3),
//! firing modifiers and the C2 penalty.

use std::fmt;

use feldherr_dice::step::{Pending, Resolver, Steps};
use feldherr_play::{Id, PlayError};
use feldherr_table::Table;
use feldherr_table::geometry::Point;
use serde::{Deserialize, Serialize};

use super::worded::{fire_words, hit_words};
use super::{ConfrontationGame, ModelRef, TableModel, base_of};
use crate::crew::{Role, Server, may_fire};
use crate::{
    Ammunition, ArtilleryClass, ConfrontationError, DEFAULT_TEMPLATE_CM, FerTest, FireResult,
    HitResult, Model, Motion, PenetratingShot, PenetrationOutcome, PenetrationStop, WoundTable,
    ZoneOutcome, ZoneShot, firing_modifiers,
};

fn default_template() -> f64 {
    DEFAULT_TEMPLATE_CM
}

/// A shot of a machine's artillery: zone (C6) or penetrating (C7).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShotInputs {
    /// The firing machine.
    pub machine: Id,
    /// Light or heavy.
    pub class: ArtilleryClass,
    /// Zone or penetrating.
    pub ammunition: Ammunition,
    /// Weapon STR.
    pub strength: i32,
    /// The gunner's FER.
    pub fer: i32,
    /// Difficulty of the FER test, modifiers included.
    pub difficulty: i32,
    /// Modifier on the FER die result (C2 penalty, re-aimed).
    #[serde(default)]
    pub die_modifier: i32,
    /// Where the shot starts (the machine's centre, P19).
    pub shooter: Point,
    /// The machine's height level.
    #[serde(default)]
    pub shooter_level: i32,
    /// Index of the aimed model in `models`.
    pub target: usize,
    /// The weapon's range in cm (the end of a penetrating chain).
    pub range_cm: f64,
    /// Template diameter in cm (zone).
    #[serde(default = "default_template")]
    pub template_cm: f64,
    /// The models on the table when the shot was made (P20).
    pub models: Vec<Model>,
    /// Where each model came from (same order).
    #[serde(default)]
    pub refs: Vec<ModelRef>,
}

/// A shot as a resolver: the zone shot of the library, or a FER test
/// followed by the penetrating chain; with the models' names.
#[derive(Debug, Clone)]
pub struct ShotResolver {
    /// Which shot.
    pub shot: Shot,
    /// The models' names, for the outcome.
    pub names: Vec<String>,
}

/// The two kinds of shot.
#[derive(Debug, Clone)]
pub enum Shot {
    /// Zone ammunition (C6).
    Zone(ZoneShot),
    /// Penetrating ammunition (C7) after its FER test.
    Penetrating {
        /// The FER test.
        test: FerTest,
        /// The chain if it hits.
        shot: PenetratingShot,
        /// Weapon STR, for the title.
        strength: i32,
    },
}

fn conf(e: ConfrontationError) -> PlayError {
    PlayError::refused(e.to_string(), None)
}

impl ShotInputs {
    fn named(&self, shot: Shot) -> ShotResolver {
        ShotResolver {
            shot,
            names: self.models.iter().map(|m| m.victim.name.clone()).collect(),
        }
    }

    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<ShotResolver, PlayError> {
        super::check_refs(&self.refs, self.models.len())?;
        let test = FerTest::new(self.fer, self.difficulty, self.die_modifier).map_err(conf)?;
        match self.ammunition {
            Ammunition::Zone => ZoneShot::new(
                self.class,
                self.strength,
                test,
                self.shooter,
                self.shooter_level,
                self.target,
                self.models.clone(),
                self.template_cm,
                WoundTable::default(),
            )
            .map(|z| self.named(Shot::Zone(z)))
            .map_err(conf),
            Ammunition::Penetrating => {
                if !(self.range_cm.is_finite() && self.range_cm > 0.0) {
                    return Err(PlayError::invalid(
                        "range_cm",
                        self.range_cm,
                        "the range must be above 0 cm",
                    ));
                }
                let shot = PenetratingShot::new(
                    self.class,
                    self.strength,
                    self.shooter,
                    self.target,
                    self.range_cm,
                    self.models.clone(),
                    WoundTable::default(),
                )
                .map_err(conf)?;
                Ok(self.named(Shot::Penetrating {
                    test,
                    shot,
                    strength: self.strength,
                }))
            }
        }
    }

    /// What the table overlay draws for this shot, with its outcome once
    /// finished (P19: the line runs centre to centre of the round bases;
    /// the template is centred on the aimed model's base).
    pub fn overlay(&self, outcome: Option<&ShotOutcome>) -> ShotOverlay {
        let aimed_at = self.models.get(self.target).map(|m| m.center);
        let piece = |i: usize| self.refs.get(i).and_then(|r| r.piece);
        let mut out = ShotOverlay {
            from: self.shooter,
            aimed_at,
            target_piece: piece(self.target),
            template_radius_cm: match self.ammunition {
                Ammunition::Zone => Some(self.template_cm / 2.0),
                Ammunition::Penetrating => None,
            },
            landed_at: None,
            deviation: None,
            jammed: false,
            chain: Vec::new(),
            stop: None,
            models: Vec::new(),
        };
        match outcome {
            Some(ShotOutcome::Zone(z)) => {
                out.jammed = z.fire == FireResult::Jammed;
                out.landed_at = z.center;
                out.deviation = z.deviation;
                out.models = z
                    .hits
                    .iter()
                    .map(|h| OverlayModel {
                        model: h.model,
                        piece: piece(h.model),
                        result: h.result,
                    })
                    .collect();
            }
            Some(ShotOutcome::Penetrating { fire, chain }) => {
                out.jammed = *fire == FireResult::Jammed;
                if let Some(c) = chain {
                    out.chain = c
                        .hits
                        .iter()
                        .filter_map(|(m, _, _)| self.models.get(*m).map(|m| m.center))
                        .collect();
                    out.stop = Some(c.stop);
                    out.models = c
                        .hits
                        .iter()
                        .map(|(m, _, r)| OverlayModel {
                            model: *m,
                            piece: piece(*m),
                            result: Some(*r),
                        })
                        .collect();
                }
            }
            None => {}
        }
        out
    }
}

/// A model a shot concerned, for the overlay.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OverlayModel {
    /// Index into the shot's models.
    pub model: usize,
    /// Its table piece.
    pub piece: Option<u64>,
    /// Its hit, if it was hit; `None`: spared (rolled and missed).
    pub result: Option<HitResult>,
}

/// What a shot shows on the table: the line of fire, the template where it
/// was aimed and where it came down, the deviation, the penetrating chain
/// and every model hit or spared. The app draws it.
#[derive(Debug, Clone, PartialEq)]
pub struct ShotOverlay {
    /// The shooter's centre.
    pub from: Point,
    /// The aimed model's centre.
    pub aimed_at: Option<Point>,
    /// The aimed model's piece.
    pub target_piece: Option<u64>,
    /// The template's radius (zone ammunition).
    pub template_radius_cm: Option<f64>,
    /// Where the template came down (zone, once finished).
    pub landed_at: Option<Point>,
    /// Deviation distance (cm) and direction face (C6).
    pub deviation: Option<(f64, u32)>,
    /// The weapon jammed.
    pub jammed: bool,
    /// The centres along a penetrating chain, in order (C7).
    pub chain: Vec<Point>,
    /// Why the chain ended.
    pub stop: Option<PenetrationStop>,
    /// Every model hit or spared.
    pub models: Vec<OverlayModel>,
}

/// The outcome of a shot.
#[derive(Debug, Clone, PartialEq)]
pub enum ShotOutcome {
    /// Zone ammunition.
    Zone(ZoneOutcome),
    /// Penetrating ammunition: the FER test, and the chain if it hit.
    Penetrating {
        /// The FER test.
        fire: FireResult,
        /// The chain.
        chain: Option<PenetrationOutcome>,
    },
}

impl ShotOutcome {
    /// Each model hit with its result (index into the shot's models).
    pub fn hits(&self) -> Vec<(usize, HitResult)> {
        match self {
            ShotOutcome::Zone(z) => z
                .hits
                .iter()
                .filter_map(|h| h.result.map(|r| (h.model, r)))
                .collect(),
            ShotOutcome::Penetrating { chain, .. } => chain
                .iter()
                .flat_map(|c| c.hits.iter().map(|(m, _, r)| (*m, *r)))
                .collect(),
        }
    }

    /// The FER test's result.
    pub fn fire(&self) -> FireResult {
        match self {
            ShotOutcome::Zone(z) => z.fire,
            ShotOutcome::Penetrating { fire, .. } => *fire,
        }
    }
}

/// A shot outcome with the models' names, for the panel and the sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct NamedShot {
    /// The outcome.
    pub outcome: ShotOutcome,
    /// Names of the shot's models.
    pub names: Vec<String>,
}

impl fmt::Display for NamedShot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |i: usize| self.names.get(i).map_or("?", String::as_str);
        match &self.outcome {
            ShotOutcome::Zone(z) => {
                if z.fire == FireResult::Jammed {
                    return f.write_str(fire_words(z.fire));
                }
                match z.deviation {
                    Some((cm, face)) => write!(f, "deviated {cm} cm, direction {face}")?,
                    None => f.write_str("on target")?,
                }
                if z.hits.is_empty() {
                    return f.write_str(", nobody under the template");
                }
                for h in &z.hits {
                    match &h.result {
                        Some(r) => write!(f, "; {}: {}", name(h.model), hit_words(r))?,
                        None => write!(f, "; {}: not hit", name(h.model))?,
                    }
                }
                Ok(())
            }
            ShotOutcome::Penetrating { fire, chain } => {
                f.write_str(fire_words(*fire))?;
                if let Some(c) = chain {
                    for (m, s, r) in &c.hits {
                        write!(f, "; {} (STR {s}): {}", name(*m), hit_words(r))?;
                    }
                    f.write_str(match c.stop {
                        PenetrationStop::Stuck => "; the shot is stuck",
                        PenetrationStop::RangeEnd => "; no further target in range",
                    })?;
                }
                Ok(())
            }
        }
    }
}

impl Resolver for ShotResolver {
    type Outcome = NamedShot;

    fn title(&self) -> String {
        match &self.shot {
            Shot::Zone(z) => z.title(),
            Shot::Penetrating { strength, .. } => {
                format!("Penetrating shot at STR {strength}")
            }
        }
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<NamedShot, Pending> {
        let outcome = match &self.shot {
            Shot::Zone(z) => ShotOutcome::Zone(z.resolve(steps)?),
            Shot::Penetrating { test, shot, .. } => {
                let fire = test.resolve(steps, "C7")?;
                let chain = if fire == FireResult::Hit {
                    Some(shot.resolve(steps)?)
                } else {
                    None
                };
                ShotOutcome::Penetrating { fire, chain }
            }
        };
        Ok(NamedShot {
            outcome,
            names: self.names.clone(),
        })
    }
}

/// What the referee orders for a shot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShotOrder {
    /// The firing machine.
    pub machine: Id,
    /// The aimed model piece.
    pub target: Option<u64>,
    /// The gunner's FER.
    pub fer: i32,
    /// The difficulty before the movement modifiers.
    pub difficulty: i32,
    /// How the machine moved this round.
    pub motion: Motion,
    /// An immobile machine re-aimed this round.
    pub reaimed: bool,
    /// Template diameter in cm.
    pub template_cm: f64,
}

/// Why a shot cannot be made.
#[derive(Debug, Clone, PartialEq)]
pub enum ShotProblem {
    /// The machine does not exist or has no artillery.
    NoWeapon,
    /// The machine is destroyed.
    Destroyed,
    /// The weapon jammed this round (C6).
    Jammed,
    /// The machine is not linked to a table piece.
    NoLink,
    /// No target chosen, or it is not a living model on the table.
    NoTarget,
    /// Beyond the weapon's range.
    OutOfRange {
        /// Centre to centre, cm.
        distance: f64,
        /// The range, cm.
        range: f64,
    },
    /// Closer than the minimum range.
    TooClose {
        /// Centre to centre, cm.
        distance: f64,
        /// The minimum range, cm.
        min: f64,
    },
    /// Anything else, with the rule's words (too few crew serving (C3),
    /// firing modifiers, bad values, a figure without RES).
    Other(String),
}

impl fmt::Display for ShotProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShotProblem::NoWeapon => f.write_str("the machine has no artillery"),
            ShotProblem::Destroyed => f.write_str("the machine is destroyed"),
            ShotProblem::Jammed => f.write_str("the weapon jammed this round (C6)"),
            ShotProblem::NoLink => f.write_str("the machine stands for no piece on the table"),
            ShotProblem::NoTarget => f.write_str("no living model chosen as the target"),
            ShotProblem::OutOfRange { distance, range } => {
                write!(
                    f,
                    "the target is {distance:.1} cm away, the range is {range} cm"
                )
            }
            ShotProblem::TooClose { distance, min } => write!(
                f,
                "the target is {distance:.1} cm away, the minimum range is {min} cm"
            ),
            ShotProblem::Other(e) => f.write_str(e),
        }
    }
}

impl From<ShotProblem> for PlayError {
    fn from(p: ShotProblem) -> Self {
        PlayError::refused(p.to_string(), None)
    }
}

impl ConfrontationGame {
    /// Builds a shot from the table: the shooter is the machine's piece, the
    /// models are every other living model piece; difficulty and die
    /// modifier include the firing modifiers and the C2 penalty. Refused
    /// when the target is out of range or too close, or fewer than BES crew
    /// figures serve the machine (in contact, neither engaged nor fleeing,
    /// C3).
    pub fn shot_inputs(&self, table: &Table, order: &ShotOrder) -> Result<ShotInputs, ShotProblem> {
        let m = self.machine(order.machine).ok_or(ShotProblem::NoWeapon)?;
        let artillery = m.card.spec().artillery.ok_or(ShotProblem::NoWeapon)?;
        if m.state.destroyed {
            return Err(ShotProblem::Destroyed);
        }
        if m.state.jammed {
            return Err(ShotProblem::Jammed);
        }
        if let Some(bes) = m.card.spec().bes {
            let servers: Vec<Server> = m
                .servers()
                .into_iter()
                .map(|(s, _)| s)
                .filter(|s| s.role == Role::Crew)
                .collect();
            may_fire(bes, &servers).map_err(|e| ShotProblem::Other(e.to_string()))?;
        }
        let own = m.piece.ok_or(ShotProblem::NoLink)?;
        let shooter = table.piece(own).ok_or(ShotProblem::NoLink)?;
        let shooter_center = base_of(&shooter.shape).0;
        let shooter_level = self.figures.get(&own).map_or(0, |s| s.level);
        let models: Vec<TableModel> = self
            .table_models(table)
            .map_err(|e| ShotProblem::Other(e.to_string()))?
            .into_iter()
            .filter(|t| t.source.piece != Some(own))
            .collect();
        let target = models
            .iter()
            .position(|t| t.source.piece.is_some() && t.source.piece == order.target)
            .ok_or(ShotProblem::NoTarget)?;
        let distance = shooter_center.distance_to(models[target].model.center);
        if distance > artillery.range_cm + 1e-9 {
            return Err(ShotProblem::OutOfRange {
                distance,
                range: artillery.range_cm,
            });
        }
        if let Some(min) = artillery.min_range_cm
            && distance + 1e-9 < min
        {
            return Err(ShotProblem::TooClose { distance, min });
        }
        let other = |e: ConfrontationError| ShotProblem::Other(e.to_string());
        let mods = firing_modifiers(
            m.card.spec().mobility,
            m.card.spec().gew.is_some(),
            order.motion,
            order.reaimed,
        )
        .map_err(other)?;
        let penalty = m.state.penalty(&m.card).map_err(other)?;
        let inputs = ShotInputs {
            machine: order.machine,
            class: artillery.class,
            ammunition: artillery.ammunition,
            strength: i32::try_from(artillery.strength)
                .map_err(|e| ShotProblem::Other(e.to_string()))?,
            fer: order.fer,
            difficulty: order.difficulty + mods.difficulty,
            die_modifier: mods.die + penalty,
            shooter: shooter_center,
            shooter_level,
            target,
            range_cm: artillery.range_cm,
            template_cm: order.template_cm,
            models: models.iter().map(|t| t.model.clone()).collect(),
            refs: models.iter().map(|t| t.source).collect(),
        };
        inputs
            .resolver()
            .map_err(|e| ShotProblem::Other(e.to_string()))?;
        Ok(inputs)
    }
}
