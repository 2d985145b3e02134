//! A machine's artillery shot as a resolution of the game: what it saves
//! (a snapshot of the models, P20), its resolver, its typed outcome, what
//! it has decided so far (for the table, step by step), and how a shot is
//! built from the table: field of fire and view (PC8), range and minimum
//! range, the crew serving it and the gunner (C3), the machine's motion
//! this round, its fear, firing modifiers and the C2 penalty.

use crate::game::refusal::{invalid, say};
use std::fmt;

use feldherr_dice::step::{Answer, ChoiceRequest, LogStep, Message, Pending, Resolver, Steps};
use feldherr_play::{Id, PlayError};
use feldherr_table::Table;
use feldherr_table::geometry::{Angle, Point};
use serde::{Deserialize, Serialize};

use super::worded::{fire_words, hit_words};
use super::{ConfrontationGame, ModelRef, TableModel, base_of};
use crate::{
    Ammunition, ArtilleryClass, ConfrontationError, DEFAULT_TEMPLATE_CM, FerTest, FireResult,
    HitResult, Model, Motion, PenetratingShot, PenetrationOutcome, PenetrationStop, WoundTable,
    ZoneOutcome, ZoneShot, firing_modifiers,
};

fn default_template() -> f64 {
    DEFAULT_TEMPLATE_CM
}

/// Slack of the 180 degree arcs, in degrees.
const ARC_SLACK_DEG: f64 = 1e-6;

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
    /// The part of the difficulty that comes from the machine's movement
    /// this round (+1 moved, +2 ran); the rest is the core rules' (range,
    /// cover, shot mode) and can be changed until the FER die is rolled.
    #[serde(default)]
    pub difficulty_modifier: i32,
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
    /// The figure firing (its name), whose FER the test uses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gunner: Option<String>,
    /// The aimed model is an immobile machine touched by its crew or by
    /// enemies: the shot goes into a melee, and these models (indices into
    /// `models`, the aimed one first) are those it may hit (PC11).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub melee: Vec<usize>,
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
        /// The chain if it hits the aimed model.
        shot: PenetratingShot,
        /// Weapon STR, for the title.
        strength: i32,
        /// A shot into a melee: the models it may hit, each with its chain
        /// (PC11).
        melee: Vec<(usize, PenetratingShot)>,
    },
}

fn conf(e: ConfrontationError) -> PlayError {
    let message = crate::game::refusal::reason_message(&e);
    PlayError::refused(e.to_string(), None).with_message(message)
}

impl ShotInputs {
    fn named(&self, shot: Shot) -> ShotResolver {
        ShotResolver {
            shot,
            names: self.models.iter().map(|m| m.victim.name.clone()).collect(),
        }
    }

    fn test(&self) -> Result<FerTest, PlayError> {
        FerTest::new(self.fer, self.difficulty, self.die_modifier).map_err(conf)
    }

    fn zone(&self) -> Result<ZoneShot, PlayError> {
        ZoneShot::new(
            self.class,
            self.strength,
            self.test()?,
            self.shooter,
            self.shooter_level,
            self.target,
            self.models.clone(),
            self.template_cm,
            WoundTable::default(),
        )
        .map_err(conf)
    }

    fn chain_from(&self, first: usize) -> Result<PenetratingShot, PlayError> {
        PenetratingShot::new(
            self.class,
            self.strength,
            self.shooter,
            first,
            self.range_cm,
            self.models.clone(),
            WoundTable::default(),
        )
        .map_err(conf)
    }

    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<ShotResolver, PlayError> {
        super::check_refs(&self.refs, self.models.len())?;
        if let Some(i) = self.melee.iter().find(|i| **i >= self.models.len()) {
            return Err(invalid(
                "melee",
                i,
                say("shot.models").text("models_len", self.models.len().to_string()),
            ));
        }
        let test = self.test()?;
        match self.ammunition {
            Ammunition::Zone => Ok(self.named(Shot::Zone(self.zone()?))),
            Ammunition::Penetrating => {
                if !(self.range_cm.is_finite() && self.range_cm > 0.0) {
                    return Err(invalid(
                        "range_cm",
                        self.range_cm,
                        say("shot.range_must_above_0_cm"),
                    ));
                }
                let shot = self.chain_from(self.target)?;
                let melee = self
                    .melee
                    .iter()
                    .map(|&i| self.chain_from(i).map(|c| (i, c)))
                    .collect::<Result<_, _>>()?;
                Ok(self.named(Shot::Penetrating {
                    test,
                    shot,
                    strength: self.strength,
                    melee,
                }))
            }
        }
    }

    /// What the shot has decided after `answers`, as soon as the dice
    /// decide it: the FER test, and for zone ammunition the deviation, the
    /// template's place, the legend of the direction die and the models
    /// under the template (their pieces).
    pub fn progress(&self, answers: &[Answer]) -> ShotProgress {
        let piece = |i: usize| self.refs.get(i).and_then(|r| r.piece);
        match self.ammunition {
            Ammunition::Zone => {
                let Ok(zone) = self.zone() else {
                    return ShotProgress::default();
                };
                let p = zone.progress(answers);
                ShotProgress {
                    fire: p.fire,
                    deviation_cm: p.deviation_cm,
                    direction_face: p.direction_face,
                    template: p
                        .center
                        .map(|(c, level)| (c, self.template_cm / 2.0, level)),
                    legend: p.legend,
                    under: p.under.iter().filter_map(|i| piece(*i)).collect(),
                }
            }
            Ammunition::Penetrating => {
                let Ok(test) = self.test() else {
                    return ShotProgress::default();
                };
                let mut steps = Steps::new(answers);
                ShotProgress {
                    fire: test.resolve(&mut steps, "C7").ok(),
                    ..ShotProgress::default()
                }
            }
        }
    }

    /// What the table overlay draws for this shot after `answers`, with
    /// its outcome once finished: while unfinished, the template where it
    /// came down as soon as the dice say so (P19: the line runs centre to
    /// centre of the round bases; the template is centred on the aimed
    /// model's base).
    pub fn overlay_at(&self, answers: &[Answer], outcome: Option<&ShotOutcome>) -> ShotOverlay {
        let mut out = self.overlay(outcome);
        if outcome.is_none() {
            let p = self.progress(answers);
            out.jammed = p.fire == Some(FireResult::Jammed);
            out.landed_at = p.template.map(|(c, _, _)| c);
            out.deviation = p.deviation_cm.zip(p.direction_face);
            out.legend = p.legend;
            out.under = p.under;
        }
        out
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
            legend: Vec::new(),
            under: Vec::new(),
        };
        match outcome {
            Some(ShotOutcome::Zone(z)) => {
                out.jammed = z.fire == FireResult::Jammed;
                out.landed_at = z.center;
                out.deviation = z.deviation;
                out.under = z.hits.iter().filter_map(|h| piece(h.model)).collect();
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

/// What a shot has decided so far ([`ShotInputs::progress`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShotProgress {
    /// The FER test, once rolled.
    pub fire: Option<FireResult>,
    /// The deviation in cm, once its die is rolled (zone, C6).
    pub deviation_cm: Option<f64>,
    /// The direction face, once rolled (zone).
    pub direction_face: Option<u32>,
    /// The template's centre, radius (cm) and level, once known (zone).
    pub template: Option<(Point, f64, i32)>,
    /// Where the template would come down for each direction face, once the
    /// deviation distance is known: the legend of the direction die.
    pub legend: Vec<(u32, Point)>,
    /// The pieces under the template, once it lies.
    pub under: Vec<u64>,
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
    /// Where the template came down (zone, as soon as the dice say).
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
    /// The direction die's legend: where each face would bring the
    /// template, once the distance is rolled.
    pub legend: Vec<(u32, Point)>,
    /// The pieces under the template where it came down.
    pub under: Vec<u64>,
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
            Shot::Penetrating {
                test, shot, melee, ..
            } => {
                let fire = test.resolve(steps, "C7")?;
                let chain = if fire == FireResult::Hit {
                    let shot = if melee.len() > 1 {
                        let name = |i: usize| self.names.get(i).cloned().unwrap_or_default();
                        let mut request = ChoiceRequest::new(
                            "A shot into a melee: which model does it hit (core rules)?",
                        )
                        .rule("PC11")
                        .with_message(Message::new("conf.game.choice.melee_target"));
                        for (i, _) in melee {
                            request =
                                request.option_message(name(*i), Message::verbatim(&name(*i)), "");
                        }
                        let pick = steps.choose(request)?;
                        let (i, chain) = melee.get(pick).ok_or(Pending::Failed(
                            feldherr_dice::DiceError::UnexpectedAnswer {
                                expected: "a model in the melee".into(),
                            },
                        ))?;
                        steps.log(
                            LogStep::rule(
                                "PC11",
                                format!("The shot into the melee hits {}", name(*i)),
                            )
                            .with_message(
                                Message::new("conf.game.melee_target").text("name", name(*i)),
                            ),
                        );
                        chain
                    } else {
                        shot
                    };
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

/// What the referee orders for a shot; everything else the game knows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShotOrder {
    /// The firing machine.
    pub machine: Id,
    /// The aimed model piece.
    pub target: Option<u64>,
    /// The crew figure or auxiliary firing an immobile machine (its FER
    /// and its view, text line 390); `None`: the serving figure with the
    /// best FER that sees the target. A mobile machine fires with its
    /// card's FER.
    pub gunner: Option<Id>,
    /// FER when the game does not know it (the card or crew figure has
    /// none).
    pub fer: Option<i32>,
    /// The difficulty before the movement modifiers: the core rules'
    /// (range, cover, quick, dynamic or precise shot; PC15).
    pub difficulty: i32,
    /// Template diameter in cm; `None`: the game's setting (C6).
    pub template_cm: Option<f64>,
}

impl ShotOrder {
    /// A shot of `machine` at `target` with the core rules' `difficulty`,
    /// everything else from the game.
    pub fn new(machine: Id, target: u64, difficulty: i32) -> Self {
        Self {
            machine,
            target: Some(target),
            gunner: None,
            fer: None,
            difficulty,
            template_cm: None,
        }
    }
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
    /// Outside the weapon's 180 degree field of fire (text line 386).
    OutOfArc {
        /// The target's bearing from the machine's facing, degrees.
        bearing: f64,
    },
    /// Outside the gunner's view (text line 390).
    OutOfView {
        /// The gunner's name.
        gunner: String,
        /// The target's bearing from the gunner's facing, degrees.
        bearing: f64,
    },
    /// No crew figure or auxiliary serving the machine has a FER (or the
    /// chosen one does not serve it).
    NoGunner,
    /// A frightened mobile machine fires no shot until it rallies.
    Frightened,
    /// An immobile machine moved this round cannot fire (text line 260).
    Moved,
    /// The machine fired this round already (PC7).
    Fired,
    /// Anything else, with the rule's words (too few crew serving (C3),
    /// firing modifiers, the phase, bad values, a figure without RES).
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
            ShotProblem::OutOfArc { bearing } => write!(
                f,
                "the target is {bearing:.0} degrees off the machine's facing, outside its 180 degree field of fire"
            ),
            ShotProblem::OutOfView { gunner, bearing } => write!(
                f,
                "the target is {bearing:.0} degrees off {gunner}'s facing, outside the gunner's view"
            ),
            ShotProblem::NoGunner => {
                f.write_str("no crew figure or auxiliary serving the machine has a FER value")
            }
            ShotProblem::Frightened => {
                f.write_str("the machine is frightened: no shot until it rallies")
            }
            ShotProblem::Moved => f.write_str("an immobile machine moved this round cannot fire"),
            ShotProblem::Fired => f.write_str("the machine fired this round already"),
            ShotProblem::Other(e) => f.write_str(e),
        }
    }
}

impl ShotProblem {
    /// The problem as a catalogue message (`conf.game.refusal.shot.…`;
    /// distances with each language's decimal mark).
    pub fn message(&self) -> Message {
        use crate::game::refusal::{decimal, say};
        let key = |k: &str| say(&format!("shot_problem.{k}"));
        match self {
            ShotProblem::NoWeapon => key("no_weapon"),
            ShotProblem::Destroyed => key("destroyed"),
            ShotProblem::Jammed => key("jammed"),
            ShotProblem::NoLink => key("no_link"),
            ShotProblem::NoTarget => key("no_target"),
            ShotProblem::OutOfRange { distance, range } => key("out_of_range")
                .nested("distance", decimal(*distance, 1))
                .nested("range", decimal(*range, 0)),
            ShotProblem::TooClose { distance, min } => key("too_close")
                .nested("distance", decimal(*distance, 1))
                .nested("min", decimal(*min, 0)),
            ShotProblem::OutOfArc { bearing } => {
                key("out_of_arc").nested("bearing", decimal(*bearing, 0))
            }
            ShotProblem::OutOfView { gunner, bearing } => key("out_of_view")
                .text("gunner", gunner)
                .nested("bearing", decimal(*bearing, 0)),
            ShotProblem::NoGunner => key("no_gunner"),
            ShotProblem::Frightened => key("frightened"),
            ShotProblem::Moved => key("moved"),
            ShotProblem::Fired => key("fired"),
            ShotProblem::Other(e) => Message::verbatim(e),
        }
    }
}

impl From<ShotProblem> for PlayError {
    fn from(p: ShotProblem) -> Self {
        PlayError::refused(p.to_string(), None).with_message(p.message())
    }
}

/// The bearing of `to` seen from `from` facing `facing`, in degrees (signed,
/// counter-clockwise positive); `None` when the points coincide.
pub(crate) fn bearing(from: Point, facing: Angle, to: Point) -> Option<f64> {
    let dir = (to - from).angle()?;
    Some(Angle::signed_between(facing, dir))
}

/// Whether a bearing lies in the 180 degrees ahead.
pub(crate) fn ahead(bearing: f64) -> bool {
    bearing.abs() <= 90.0 + ARC_SLACK_DEG
}

/// The firing machine as the checks of a shot see it.
pub(crate) struct Gun {
    pub(crate) center: Point,
    pub(crate) facing: Angle,
    pub(crate) level: i32,
    pub(crate) piece: u64,
}

impl ConfrontationGame {
    /// The firing machine's gun: its piece, centre (P19), facing and level.
    pub(crate) fn gun(&self, table: &Table, machine: Id) -> Result<Gun, ShotProblem> {
        let m = self.machine(machine).ok_or(ShotProblem::NoWeapon)?;
        let own = m.piece.ok_or(ShotProblem::NoLink)?;
        let shooter = table.piece(own).ok_or(ShotProblem::NoLink)?;
        Ok(Gun {
            center: base_of(&shooter.shape).0,
            facing: shooter.facing_angle().unwrap_or(Angle::ZERO),
            level: self.figures.get(&own).map_or(0, |s| s.level),
            piece: own,
        })
    }

    /// Checks that `point` lies in machine `machine`'s field of fire (and,
    /// for a mobile machine, its field of view): 180 degrees ahead of its
    /// facing from its centre (PC8); a turret mount turns freely.
    pub(crate) fn check_arc(
        &self,
        gun: &Gun,
        machine: Id,
        point: Point,
    ) -> Result<(), ShotProblem> {
        let turret = self.machine(machine).is_some_and(|m| m.card.spec().turret);
        if turret {
            return Ok(());
        }
        match bearing(gun.center, gun.facing, point) {
            Some(b) if !ahead(b) => Err(ShotProblem::OutOfArc { bearing: b }),
            _ => Ok(()),
        }
    }

    /// The gunner of an immobile machine: a crew figure or auxiliary of the
    /// side holding it that serves it (touching it, no enemy, not fleeing,
    /// not moved), has a FER, and sees `point` (180 degrees ahead of its
    /// piece's facing when it stands on the table, PC8). `chosen` picks
    /// one; otherwise the best FER that sees the target. Its FER and name.
    pub(crate) fn gunner(
        &self,
        table: &Table,
        machine: Id,
        chosen: Option<Id>,
        point: Point,
    ) -> Result<(Option<u32>, String), ShotProblem> {
        let mut best: Option<(Option<u32>, String)> = None;
        let mut out_of_view = None;
        for status in self.servers(table, machine) {
            if chosen.is_some_and(|c| c != status.crew) || !status.serves() {
                continue;
            }
            let Some(c) = self.crew_figure(status.crew) else {
                continue;
            };
            let view = c
                .piece
                .and_then(|p| table.piece(p))
                .and_then(|p| p.facing_angle().map(|f| (p.center(), f)));
            if let Some((at, facing)) = view
                && let Some(b) = bearing(at, facing, point)
                && !ahead(b)
            {
                out_of_view = Some(ShotProblem::OutOfView {
                    gunner: c.name().to_owned(),
                    bearing: b,
                });
                continue;
            }
            // Option orders None below every FER: the best FER wins.
            if best.as_ref().is_none_or(|(b, _)| c.card.fer > *b) {
                best = Some((c.card.fer, c.name().to_owned()));
            }
        }
        best.ok_or_else(|| out_of_view.unwrap_or(ShotProblem::NoGunner))
    }

    /// Builds a shot from the table: the shooter is the machine's piece,
    /// the models are every other living model piece. Refused when the
    /// target is out of range, too close, outside the field of fire or the
    /// gunner's view (PC8); when fewer than BES figures serve the machine
    /// (C3); when it is destroyed, jammed (C6), frightened, moved this
    /// round (immobile) or fired already (PC7). Difficulty and die modifier
    /// include the movement modifiers of this round, re-aiming and the C2
    /// penalty; the FER is the gunner's (immobile) or the card's (mobile).
    pub fn shot_inputs(&self, table: &Table, order: &ShotOrder) -> Result<ShotInputs, ShotProblem> {
        let m = self.machine(order.machine).ok_or(ShotProblem::NoWeapon)?;
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
                .servers(table, order.machine)
                .iter()
                .map(super::CrewStatus::server)
                .collect();
            crate::crew::may_fire(bes, &servers).map_err(|e| ShotProblem::Other(e.to_string()))?;
        }
        let gun = self.gun(table, order.machine)?;
        let models: Vec<TableModel> = self
            .table_models(table)
            .map_err(|e| ShotProblem::Other(e.to_string()))?
            .into_iter()
            .filter(|t| t.source.piece != Some(gun.piece))
            .collect();
        let target = models
            .iter()
            .position(|t| t.source.piece.is_some() && t.source.piece == order.target)
            .ok_or(ShotProblem::NoTarget)?;
        let aim = models[target].model.center;
        let distance = gun.center.distance_to(aim);
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
        self.check_arc(&gun, order.machine, aim)?;
        let (card_fer, gunner) = if m.card.is_mobile() {
            (m.card.spec().fer, None)
        } else {
            let (fer, name) = self.gunner(table, order.machine, order.gunner, aim)?;
            (fer, Some(name))
        };
        let fer = match (order.fer, card_fer) {
            (Some(f), _) => f,
            (None, Some(f)) => i32::try_from(f).unwrap_or(i32::MAX),
            (None, None) => return Err(ShotProblem::NoGunner),
        };
        let other = |e: ConfrontationError| ShotProblem::Other(e.to_string());
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
        .map_err(other)?;
        let penalty = m.state.penalty(&m.card).map_err(other)?;
        let melee = self.melee_around(table, &models, target);
        let inputs = ShotInputs {
            machine: order.machine,
            class: artillery.class,
            ammunition: artillery.ammunition,
            strength: i32::try_from(artillery.strength)
                .map_err(|e| ShotProblem::Other(e.to_string()))?,
            fer,
            difficulty: order.difficulty + mods.difficulty,
            difficulty_modifier: mods.difficulty,
            die_modifier: mods.die + penalty,
            shooter: gun.center,
            shooter_level: gun.level,
            target,
            range_cm: artillery.range_cm,
            template_cm: order.template_cm.unwrap_or(self.settings.template_cm),
            models: models.iter().map(|t| t.model.clone()).collect(),
            refs: models.iter().map(|t| t.source).collect(),
            gunner,
            melee,
        };
        inputs
            .resolver()
            .map_err(|e| ShotProblem::Other(e.to_string()))?;
        Ok(inputs)
    }

    /// A shot at an immobile machine touched by its crew or by enemies goes
    /// into a melee (text line 372): the aimed model and every model
    /// touching it (indices into `models`, the aimed one first); empty
    /// otherwise.
    fn melee_around(&self, table: &Table, models: &[TableModel], target: usize) -> Vec<usize> {
        let Some(t) = models.get(target) else {
            return Vec::new();
        };
        let immobile = t
            .source
            .machine
            .and_then(|id| self.machine(id))
            .is_some_and(|m| !m.card.is_mobile());
        let Some(piece) = t.source.piece.filter(|_| immobile) else {
            return Vec::new();
        };
        let mut out = vec![target];
        for (i, other) in models.iter().enumerate() {
            if i != target
                && let Some(p) = other.source.piece
                && Self::pieces_touch(table, piece, p)
            {
                out.push(i);
            }
        }
        if out.len() == 1 { Vec::new() } else { out }
    }

    /// What shot (or counter-fire) resolution `id` has decided so far, as
    /// soon as the dice decide it; `None` for another kind.
    pub fn shot_progress(&self, id: Id) -> Option<ShotProgress> {
        let r = self.resolution(id)?;
        let inputs = match r.kind() {
            super::ConfrontationKind::Shot(s) => s,
            super::ConfrontationKind::CounterFire(c) => &c.shot,
            _ => return None,
        };
        Some(inputs.progress(r.answers()))
    }
}

impl From<PlayError> for ShotProblem {
    fn from(e: PlayError) -> Self {
        ShotProblem::Other(e.to_string())
    }
}
