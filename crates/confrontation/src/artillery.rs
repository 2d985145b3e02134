//! Artillery: firing modifiers, zone ammunition with its template and
//! deviation (C6), penetrating ammunition chains (C7), height levels.
//! Positions are table points in centimetres; models are round bases.
//!
//! ```
//! use feldherr_confrontation::{firing_modifiers, Mobility, Motion};
//! // A mobile machine that ran: difficulty +2.
//! let m = firing_modifiers(Mobility::Mobile, true, Motion::Ran, false)?;
//! assert_eq!(m.difficulty, 2);
//! // An immobile machine re-aimed this round: -1 to its FER die results.
//! assert_eq!(firing_modifiers(Mobility::Immobile, true, Motion::Still, true)?.die, -1);
//! // ...and it may not move and fire.
//! assert!(firing_modifiers(Mobility::Immobile, true, Motion::Moved, false).is_err());
//! # Ok::<(), feldherr_confrontation::ConfrontationError>(())
//! ```

use crate::game::refusal::{inconsistent, not_allowed, say};
use crate::{ConfrontationResult, ConfrontationRoll};
use feldherr_dice::step::{LogStep, Message, Pending, Resolver, Steps};
use feldherr_dice::{Die, Dist, OddsLine, RollRequest, Roller};
use feldherr_geometry::{Circle, Point, Segment, Shape, overlaps};

use crate::deviation::{deviate, deviation_distance_cm};
use serde::{Deserialize, Serialize};

use crate::card::{ArtilleryClass, Mobility};
use crate::damage::{Fate, HitResult, Victim, fate_distribution, resolve_hit};
use crate::error::{ConfrontationError, check_range};
use crate::figure_wounds::WoundTable;

/// Default template diameter in cm (C6: game data).
pub const DEFAULT_TEMPLATE_CM: f64 = 10.0;

/// How the machine moved this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Motion {
    /// Did not move.
    #[default]
    Still,
    /// Moved.
    Moved,
    /// Ran.
    Ran,
}

/// Modifiers of a FER test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FiringModifiers {
    /// Added to the difficulty (moved +1, ran +2).
    pub difficulty: i32,
    /// Added to the die result (re-aimed immobile machine -1).
    pub die: i32,
}

/// The firing modifiers: a mobile machine that moved fires at difficulty +1,
/// one with GEW that ran at +2 (without GEW it may not run and fire); an
/// immobile machine may not move and fire, and re-aiming it costs -1 on its
/// FER die results this round.
pub fn firing_modifiers(
    mobility: Mobility,
    has_gew: bool,
    motion: Motion,
    reaimed: bool,
) -> Result<FiringModifiers, ConfrontationError> {
    match mobility {
        Mobility::Mobile => {
            let difficulty = match motion {
                Motion::Still => 0,
                Motion::Moved => 1,
                Motion::Ran if has_gew => 2,
                Motion::Ran => {
                    return Err(not_allowed(
                        "artillery",
                        say("artillery.only_machines_with_gew_may"),
                    ));
                }
            };
            Ok(FiringModifiers { difficulty, die: 0 })
        }
        Mobility::Immobile => {
            if motion != Motion::Still {
                return Err(not_allowed(
                    "C3",
                    say("artillery.immobile_machine_cannot_move_fire"),
                ));
            }
            Ok(FiringModifiers {
                difficulty: 0,
                die: if reaimed { -1 } else { 0 },
            })
        }
    }
}

/// A model on the table: who, where (round base) and on which height level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Model {
    /// The model as a victim.
    pub victim: Victim,
    /// Centre of its base.
    pub center: Point,
    /// Base radius in cm.
    pub radius: f64,
    /// Height level (0 = ground).
    #[serde(default)]
    pub level: i32,
}

impl Model {
    fn shape(&self) -> Result<Shape, ConfrontationError> {
        Ok(Shape::Circle(Circle::new(self.center, self.radius)?))
    }
}

/// The indices of the models wholly or partly under a template of
/// `diameter_cm` centred on `center`, on height level `level`.
pub fn under_template(
    center: Point,
    diameter_cm: f64,
    level: i32,
    models: &[Model],
) -> Result<Vec<usize>, ConfrontationError> {
    let template = Shape::Circle(Circle::new(center, diameter_cm / 2.0)?);
    let mut out = Vec::new();
    for (i, m) in models.iter().enumerate() {
        if m.level == level && overlaps(&template, &m.shape()?) {
            out.push(i);
        }
    }
    Ok(out)
}

/// The models a penetrating shot from `shooter` through the model
/// `target` may go on to, in order along the line of fire, up to
/// `range_cm` from the shooter: bases the line crosses, beyond the target,
/// on the target's height level.
pub fn models_on_line(
    shooter: Point,
    target: usize,
    range_cm: f64,
    models: &[Model],
) -> Result<Vec<usize>, ConfrontationError> {
    let t = models.get(target).ok_or_else(|| {
        inconsistent(
            "target",
            say("artillery.model_does_not_exist").text("target", target.to_string()),
        )
    })?;
    let seg = Segment::new(shooter, t.center)?;
    let dir = seg
        .vector()
        .normalize()
        .ok_or_else(|| inconsistent("target", say("artillery.shooter_stands_target")))?;
    let end = shooter + dir.scale(range_cm);
    let fire = Segment::new(shooter, end)?;
    let along = |p: Point| (p - shooter).dot(dir);
    let t_along = along(t.center);
    let mut found: Vec<(f64, usize)> = models
        .iter()
        .enumerate()
        .filter(|(i, m)| {
            *i != target
                && m.level == t.level
                && along(m.center) > t_along
                && fire.distance_to_point(m.center) < m.radius
        })
        .map(|(i, m)| (along(m.center), i))
        .collect();
    found.sort_by(|a, b| a.0.total_cmp(&b.0));
    Ok(found.into_iter().map(|(_, i)| i).collect())
}

/// The result of a FER test with artillery.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FireResult {
    /// A natural 1 with zone ammunition: the weapon jams for the round (C6).
    Jammed,
    /// Missed (zone shots deviate); a fumble with penetrating ammunition.
    Missed,
    /// Hit.
    Hit,
}

/// A FER test: a Confrontation D6 (re-roll on 6) with the modifiers on the
/// die, plus FER, against the difficulty. A natural 1 is a fumble (missed);
/// with zone ammunition it jams the weapon instead ([`FerTest::jamming`],
/// C6: the text puts the jam under "Flächenwirksame Geschosse" only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FerTest {
    fer: i32,
    difficulty: i32,
    roll: ConfrontationRoll,
    #[serde(default)]
    jams: bool,
}

impl FerTest {
    /// FER `fer` against `difficulty`, with `die_modifier` on the die
    /// result (C2 penalty, re-aiming). A natural 1 is a fumble; see
    /// [`FerTest::jamming`] for zone ammunition.
    pub fn new(fer: i32, difficulty: i32, die_modifier: i32) -> Result<Self, ConfrontationError> {
        check_range("FER", fer.into(), 0, 20, "0 to 20")?;
        check_range("difficulty", difficulty.into(), 0, 30, "0 to 30")?;
        Ok(Self {
            fer,
            difficulty,
            roll: ConfrontationRoll::standard().with_modifier(die_modifier)?,
            jams: false,
        })
    }

    /// Whether a natural 1 jams the weapon (zone ammunition, C6) instead of
    /// being an ordinary fumble.
    #[must_use]
    pub fn jamming(self, jams: bool) -> Self {
        Self { jams, ..self }
    }

    /// Whether a natural 1 jams the weapon.
    pub fn jams(&self) -> bool {
        self.jams
    }

    /// The gunner's FER.
    pub fn fer(&self) -> i32 {
        self.fer
    }

    /// The difficulty.
    pub fn difficulty(&self) -> i32 {
        self.difficulty
    }

    /// The modifier on the die result.
    pub fn die_modifier(&self) -> i32 {
        self.roll.modifier()
    }

    /// What the dice must show to hit, before the modifier: the die
    /// result (modifier added) must reach difficulty - FER and at least 2
    /// (1 or less is a fumble, C2), and a natural 1 never hits. Above 6 a
    /// 6 must be rolled and the re-roll added.
    pub fn need(&self) -> i32 {
        let result = (self.difficulty - self.fer).max(2);
        (result - self.roll.modifier()).max(2)
    }

    fn judge(&self, r: ConfrontationResult) -> FireResult {
        match r {
            ConfrontationResult::Total(t) if t + self.fer >= self.difficulty => FireResult::Hit,
            _ => FireResult::Missed,
        }
    }

    /// The result of a complete chain of faces.
    ///
    /// # Errors
    /// Faces that are no chain of D6 (a 6 not followed by its re-roll).
    pub fn evaluate(&self, faces: &[u32]) -> Result<FireResult, ConfrontationError> {
        if self.jams && faces.first() == Some(&1) && faces.len() == 1 {
            return Ok(FireResult::Jammed);
        }
        Ok(self.judge(self.roll.evaluate(faces)?))
    }

    /// Exact odds.
    pub fn distribution(&self) -> Dist<FireResult> {
        let fumble = crate::roll_odds::fumble(self.roll);
        // `judge`: a total of difficulty - FER or more hits.
        let hit = crate::roll_odds::at_least(self.roll, self.difficulty - self.fer);
        let jam = if self.jams { 1.0 / 6.0 } else { 0.0 };
        let mut weights = Vec::with_capacity(3);
        if self.jams {
            weights.push((FireResult::Jammed, jam));
        }
        weights.push((
            FireResult::Missed,
            (fumble - jam).max(0.0) + (1.0 - fumble - hit).max(0.0),
        ));
        weights.push((FireResult::Hit, hit));
        Dist::from_weights(weights)
    }

    fn request(&self, faces: &[u32], with_odds: bool) -> RollRequest {
        let rolled: i32 = faces.iter().map(|f| *f as i32).sum();
        // After sixes any face but a fumbling 1 may be enough.
        let need = (self.need() - rolled).max(2);
        let m = self.roll.modifier();
        let text = format!(
            "FER test: {need}+ needed on the dice (FER {} against {}, die modifier {m})",
            self.fer, self.difficulty
        );
        let message = Message::new("conf.roll.fer_need")
            .int("need", need)
            .int("fer", self.fer)
            .int("difficulty", self.difficulty)
            .int("modifier", m);
        let (text, message) = if faces.is_empty() {
            (text, message)
        } else {
            (
                format!("{text} (re-roll after a 6)"),
                Message::new("conf.roll.reroll").nested("purpose", message),
            )
        };
        RollRequest::new(1, Die::D6, text)
            .rule(if self.jams { "C6" } else { "C7" })
            .with_message(message)
            .odds_if(with_odds && faces.is_empty(), || {
                fire_odds(&self.distribution())
            })
    }

    /// Rolls the test through any roller, one die at a time; each prompt
    /// says what the dice must show ([`FerTest::need`]).
    pub fn roll<R: Roller + ?Sized>(&self, roller: &mut R) -> Result<FireResult, R::Error> {
        Ok(self.roll_faces(roller)?.1)
    }

    fn roll_faces<R: Roller + ?Sized>(
        &self,
        roller: &mut R,
    ) -> Result<(Vec<u32>, FireResult), R::Error> {
        let mut faces = Vec::new();
        loop {
            let f = roller.roll_one(self.request(&faces, roller.wants_odds()))?;
            faces.push(f);
            if faces.len() == 1 && f == 1 && self.jams {
                return Ok((faces, FireResult::Jammed));
            }
            if !self.roll.wants_another(&faces) {
                break;
            }
        }
        let r = self.roll.evaluate(&faces)?;
        Ok((faces, self.judge(r)))
    }

    /// Rolls the test step by step and logs why it ended as it did
    /// ("3 + FER 3 = 6 < 8: missed"), under `rule`.
    pub fn resolve(&self, steps: &mut Steps<'_>, rule: &str) -> Result<FireResult, Pending> {
        let (faces, fire) = self.roll_faces(steps)?;
        let dice = faces
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" + ");
        let m = self.roll.modifier();
        let modifier = match m {
            0 => String::new(),
            m if m > 0 => format!(" + {m}"),
            m => format!(" - {}", -m),
        };
        let raw: i32 = faces.iter().map(|f| *f as i32).sum();
        let (text, message) = if fire == FireResult::Jammed {
            (
                "FER test: a 1 with zone ammunition: the weapon jams for the round".to_owned(),
                Message::new("conf.log.fer.jammed"),
            )
        } else if faces.first() == Some(&1) || (faces.len() > 1 && faces.last() == Some(&1)) {
            (
                format!("FER test: {dice}: a 1 is a fumble, missed"),
                Message::new("conf.log.fer.fumble").text("dice", dice.clone()),
            )
        } else if raw + m <= 1 {
            (
                format!(
                    "FER test: {dice}{modifier} = {}: 1 or less is a fumble, missed",
                    raw + m
                ),
                Message::new("conf.log.fer.fumble_modified")
                    .text("dice", dice.clone())
                    .text("modifier", modifier.clone())
                    .int("total", raw + m),
            )
        } else {
            let total = raw + m + self.fer;
            let hit = fire == FireResult::Hit;
            (
                format!(
                    "FER test: {dice}{modifier} + FER {} = {total} {} {}: {}",
                    self.fer,
                    if hit { ">=" } else { "<" },
                    self.difficulty,
                    if hit { "on target" } else { "missed" }
                ),
                Message::new(if hit {
                    "conf.log.fer.hit"
                } else {
                    "conf.log.fer.missed"
                })
                .text("dice", dice.clone())
                .text("modifier", modifier)
                .int("fer", self.fer)
                .int("total", total)
                .int("difficulty", self.difficulty),
            )
        };
        steps.log(LogStep::rule(rule.to_owned(), text).with_message(message));
        Ok(fire)
    }
}

fn fire_odds(d: &Dist<FireResult>) -> Vec<OddsLine> {
    d.iter()
        .map(|(r, p)| OddsLine {
            label: format!("{r:?}").to_lowercase(),
            probability: p,
        })
        .collect()
}

/// One model's fate under a template.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TemplateHit {
    /// Index into the models.
    pub model: usize,
    /// The D6 rolled to see whether it is hit (none for a direct hit).
    pub hit_roll: Option<u32>,
    /// STR of the wound, if hit.
    pub strength: Option<i32>,
    /// The wound, if hit.
    pub result: Option<HitResult>,
}

/// The outcome of a zone shot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ZoneOutcome {
    /// The FER test.
    pub fire: FireResult,
    /// Where the template came down (none if jammed).
    pub center: Option<Point>,
    /// Deviation in cm and the direction face, if it deviated.
    pub deviation: Option<(f64, u32)>,
    /// Each model under the template.
    pub hits: Vec<TemplateHit>,
}

/// A shot with zone ammunition (C6), as a resolver.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ZoneShot {
    class: ArtilleryClass,
    strength: i32,
    test: FerTest,
    shooter: Point,
    shooter_level: i32,
    target: usize,
    models: Vec<Model>,
    template_cm: f64,
    table: WoundTable,
}

impl ZoneShot {
    /// A zone shot of `class` at STR `strength` from `shooter` (on
    /// `shooter_level`) at the model `target`, FER test `test`, template
    /// diameter `template_cm` (default [`DEFAULT_TEMPLATE_CM`]).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        class: ArtilleryClass,
        strength: i32,
        test: FerTest,
        shooter: Point,
        shooter_level: i32,
        target: usize,
        models: Vec<Model>,
        template_cm: f64,
        table: WoundTable,
    ) -> Result<Self, ConfrontationError> {
        check_range("weapon STR", strength.into(), 0, 30, "0 to 30")?;
        if !(template_cm.is_finite() && template_cm > 0.0) {
            return Err(inconsistent(
                "template",
                say("artillery.diameter_cm_must_above_0")
                    .text("template_cm", template_cm.to_string()),
            ));
        }
        let t = models.get(target).ok_or_else(|| {
            inconsistent(
                "target",
                say("artillery.model_does_not_exist").text("target", target.to_string()),
            )
        })?;
        deviate(t.center, shooter, 1, 0.0)?;
        for m in &models {
            m.victim.check()?;
            m.shape()?;
        }
        Ok(Self {
            class,
            strength,
            test: test.jamming(true),
            shooter,
            shooter_level,
            target,
            models,
            template_cm,
            table,
        })
    }

    fn other_hit(&self) -> (u32, i32) {
        match self.class {
            ArtilleryClass::Light => (4, (self.strength + 1) / 2),
            ArtilleryClass::Heavy => (3, self.strength),
        }
    }

    fn target_model(&self) -> Result<&Model, ConfrontationError> {
        self.models.get(self.target).ok_or_else(|| {
            inconsistent(
                "target",
                say("artillery.model_does_not_exist").text("target", self.target.to_string()),
            )
        })
    }

    /// Where a missed shot comes down (C6): the deviation in cm for the
    /// distance face, the template centre for the direction face, and the
    /// height level (a shot at another level that misses falls to the ground).
    fn deviated(
        &self,
        target: &Model,
        distance_face: u32,
        direction_face: u32,
    ) -> Result<(f64, Point, i32), ConfrontationError> {
        let cm = deviation_distance_cm(face_u8(distance_face))?;
        let at = deviate(target.center, self.shooter, face_u8(direction_face), cm)?;
        let level = if target.level != self.shooter_level {
            0
        } else {
            target.level
        };
        Ok((cm, at, level))
    }

    /// Exact odds of the FER test's result together with every model's fate
    /// (indexed like the models; models the template spares survive): the
    /// FER test (C6), for a miss each of the 36 deviations, for every model
    /// under the template its hit roll and its wound or damage roll.
    ///
    /// # Errors
    /// Geometry errors, as [`ZoneShot::new`] would have reported them.
    pub fn distribution(&self) -> Result<Dist<(FireResult, Vec<Fate>)>, ConfrontationError> {
        let target = self.target_model()?;
        let mut weights = Vec::new();
        for (&fire, p) in self.test.distribution().iter() {
            let landings = match fire {
                FireResult::Jammed => {
                    weights.push(((fire, vec![Fate::Survives; self.models.len()]), p));
                    continue;
                }
                FireResult::Hit => vec![(target.center, target.level, p)],
                FireResult::Missed => {
                    let mut at = Vec::with_capacity(36);
                    for distance_face in 1..=6 {
                        for direction_face in 1..=6 {
                            let (_, center, level) =
                                self.deviated(target, distance_face, direction_face)?;
                            at.push((center, level, p / 36.0));
                        }
                    }
                    at
                }
            };
            for (center, level, q) in landings {
                for (fates, r) in self.template_fates(fire, center, level)?.iter() {
                    weights.push(((fire, fates.clone()), q * r));
                }
            }
        }
        Ok(Dist::from_weights(weights))
    }

    /// Exact odds of every model's fate under a template at `center`.
    fn template_fates(
        &self,
        fire: FireResult,
        center: Point,
        level: i32,
    ) -> Result<Dist<Vec<Fate>>, ConfrontationError> {
        let (need, other_str) = self.other_hit();
        let mut fates = Dist::certain(vec![Fate::Survives; self.models.len()]);
        for i in under_template(center, self.template_cm, level, &self.models)? {
            let Some(m) = self.models.get(i) else {
                continue;
            };
            let one = if fire == FireResult::Hit && i == self.target {
                fate_distribution(self.strength, &m.victim, &self.table, true)
            } else {
                let p = template_hit_probability(need);
                let hit = fate_distribution(other_str, &m.victim, &self.table, true);
                Dist::from_weights(
                    hit.iter()
                        .map(|(f, q)| (*f, p * q))
                        .chain([(Fate::Survives, 1.0 - p)]),
                )
            };
            fates = fates.product(&one, |so_far, fate| {
                let mut v = so_far.clone();
                if let Some(slot) = v.get_mut(i) {
                    *slot = *fate;
                }
                v
            });
        }
        Ok(fates)
    }
}

/// A D6 face as the geometry crate takes it (faces are 1 to 6).
fn face_u8(face: u32) -> u8 {
    u8::try_from(face).unwrap_or(u8::MAX)
}

/// The chance that a model under the template (other than a direct hit) is
/// hit: `need`+ on a D6 (C6).
fn template_hit_probability(need: u32) -> f64 {
    f64::from(7u32.saturating_sub(need)) / 6.0
}

fn geo(e: impl Into<ConfrontationError>) -> Pending {
    Pending::Failed(e.into().into_dice_error())
}

impl crate::TitleMessage for ZoneShot {
    fn title_message(&self) -> Message {
        Message::new("conf.title.zone_shot")
            .key("class", self.class.message_key())
            .int("str", self.strength)
    }
}

/// What a zone shot has decided so far, as soon as the dice decide it
/// (for the table: the template where it comes down, before the models
/// under it are rolled for).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ZoneProgress {
    /// The FER test's result, once rolled.
    pub fire: Option<FireResult>,
    /// The deviation in cm, once its die is rolled (C6).
    pub deviation_cm: Option<f64>,
    /// The direction face, once rolled.
    pub direction_face: Option<u32>,
    /// Where the template lies (on the target after a hit, where it came
    /// down after a deviation), and on which level.
    pub center: Option<(Point, i32)>,
    /// Where the template would come down for each direction face, once
    /// the distance is known (the legend of the direction die).
    pub legend: Vec<(u32, Point)>,
    /// The models under the template (indices into the models).
    pub under: Vec<usize>,
}

/// The odds and legend of the deviation direction die (C6): each face 1 in
/// 6; face 1 away from the shooter along the line of fire, then clockwise
/// in 60 degree steps (4 back towards the shooter).
pub fn direction_odds() -> Vec<OddsLine> {
    (1..=6u32)
        .map(|face| OddsLine {
            label: match face {
                1 => "1: away from the shooter".to_owned(),
                4 => "4: back towards the shooter".to_owned(),
                f => format!("{f}: {} deg clockwise", 60 * (f - 1)),
            },
            probability: 1.0 / 6.0,
        })
        .collect()
}

impl ZoneShot {
    /// What the shot has decided after `answers` (the answers so far of a
    /// resolution of it): the FER test, the deviation and the template's
    /// place as soon as their dice are rolled.
    pub fn progress(&self, answers: &[feldherr_dice::step::Answer]) -> ZoneProgress {
        let mut steps = Steps::new(answers);
        let mut progress = ZoneProgress::default();
        let _ = self.run(&mut steps, &mut progress);
        progress
    }

    fn run(
        &self,
        steps: &mut Steps<'_>,
        progress: &mut ZoneProgress,
    ) -> Result<ZoneOutcome, Pending> {
        let fire = self.test.resolve(steps, "C6")?;
        progress.fire = Some(fire);
        let target = self.target_model().map_err(geo)?;
        if fire == FireResult::Jammed {
            steps.log(
                LogStep::rule("C6", "A 1: the weapon jams; no more shots this round")
                    .with_message(Message::new("conf.log.zone.jammed")),
            );
            return Ok(ZoneOutcome {
                fire,
                center: None,
                deviation: None,
                hits: Vec::new(),
            });
        }
        let (center, deviation, level) = if fire == FireResult::Hit {
            steps.log(
                LogStep::rule(
                    "C6",
                    format!("Hit: template centred on {}", target.victim.name),
                )
                .with_message(
                    Message::new("conf.log.zone.hit").text("name", target.victim.name.clone()),
                ),
            );
            (target.center, None, target.level)
        } else {
            let dist_odds = || {
                (1..=6)
                    .map(|f| OddsLine {
                        label: format!("{}: {} cm", f, 2 + 2 * f),
                        probability: 1.0 / 6.0,
                    })
                    .collect()
            };
            let df = steps.roll_one(
                RollRequest::new(1, Die::D6, "deviation distance: 1 = 4 cm ... 6 = 14 cm")
                    .rule("C6")
                    .with_message(Message::new("conf.roll.deviation_distance"))
                    .odds_if(steps.wants_odds(), dist_odds),
            )?;
            let cm = deviation_distance_cm(face_u8(df)).map_err(geo)?;
            progress.deviation_cm = Some(cm);
            progress.legend = (1..=6u32)
                .filter_map(|face| {
                    deviate(target.center, self.shooter, face_u8(face), cm)
                        .ok()
                        .map(|p| (face, p))
                })
                .collect();
            let dir = steps.roll_one(
                RollRequest::new(
                    1,
                    Die::D6,
                    "deviation direction: 1 away from the shooter, then clockwise in 60 degree steps (4 back towards the shooter)",
                )
                .rule("C6")
                .with_message(Message::new("conf.roll.deviation_direction"))
                .odds_if(steps.wants_odds(), direction_odds),
            )?;
            progress.direction_face = Some(dir);
            let (cm, at, level) = self.deviated(target, df, dir).map_err(geo)?;
            steps.log(
                LogStep::rule(
                    "C6",
                    format!(
                        "Missed: deviates {cm} cm, direction {dir} (1 = away from the shooter, then clockwise); lands at ({:.1}, {:.1}) on level {level}",
                        at.x, at.y
                    ),
                )
                .with_message(
                    Message::new("conf.log.zone.deviates")
                        .int("cm", cm as i64)
                        .int("dir", dir)
                        .decimal("x", at.x, 1)
                        .decimal("y", at.y, 1)
                        .int("level", level),
                )
                .number("deviation cm", cm as i64)
                .number("direction", dir.into()),
            );
            (at, Some((cm, dir)), level)
        };
        progress.center = Some((center, level));
        let under = under_template(center, self.template_cm, level, &self.models).map_err(geo)?;
        progress.under.clone_from(&under);
        let (need, other_str) = self.other_hit();
        let mut hits = Vec::new();
        for i in under {
            let Some(m) = self.models.get(i) else {
                continue;
            };
            if fire == FireResult::Hit && i == self.target {
                steps.log(
                    LogStep::rule(
                        "C6",
                        format!("{}: direct hit at STR {}", m.victim.name, self.strength),
                    )
                    .with_message(
                        Message::new("conf.log.zone.direct_hit")
                            .text("name", m.victim.name.clone())
                            .int("str", self.strength),
                    ),
                );
                let r = resolve_hit(steps, self.strength, &m.victim, &self.table, true, "C6")?;
                hits.push(TemplateHit {
                    model: i,
                    hit_roll: None,
                    strength: Some(self.strength),
                    result: Some(r),
                });
                continue;
            }
            let odds = || {
                let p = template_hit_probability(need);
                vec![
                    OddsLine {
                        label: "hit".into(),
                        probability: p,
                    },
                    OddsLine {
                        label: "spared".into(),
                        probability: 1.0 - p,
                    },
                ]
            };
            let f = steps.roll_one(
                RollRequest::new(
                    1,
                    Die::D6,
                    format!("under the template: {}: {need}+ hits", m.victim.name),
                )
                .rule("C6")
                .with_message(
                    Message::new("conf.roll.under_template")
                        .text("name", m.victim.name.clone())
                        .int("need", need),
                )
                .odds_if(steps.wants_odds(), odds),
            )?;
            if f >= need {
                steps.log(
                    LogStep::rule(
                        "C6",
                        format!("{}: {f}, hit ({need}+) at STR {other_str}", m.victim.name),
                    )
                    .with_message(
                        Message::new("conf.log.zone.other_hit")
                            .text("name", m.victim.name.clone())
                            .int("face", f)
                            .int("need", need)
                            .int("str", other_str),
                    ),
                );
                let r = resolve_hit(steps, other_str, &m.victim, &self.table, true, "C6")?;
                hits.push(TemplateHit {
                    model: i,
                    hit_roll: Some(f),
                    strength: Some(other_str),
                    result: Some(r),
                });
            } else {
                steps.log(
                    LogStep::rule("C6", format!("{}: {f}, spared ({need}+)", m.victim.name))
                        .with_message(
                            Message::new("conf.log.zone.spared")
                                .text("name", m.victim.name.clone())
                                .int("face", f)
                                .int("need", need),
                        ),
                );
                hits.push(TemplateHit {
                    model: i,
                    hit_roll: Some(f),
                    strength: None,
                    result: None,
                });
            }
        }
        Ok(ZoneOutcome {
            fire,
            center: Some(center),
            deviation,
            hits,
        })
    }
}

impl Resolver for ZoneShot {
    type Outcome = ZoneOutcome;

    fn title(&self) -> String {
        format!("Zone shot ({:?}) at STR {}", self.class, self.strength)
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<ZoneOutcome, Pending> {
        self.run(steps, &mut ZoneProgress::default())
    }
}

/// Why a penetrating shot stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PenetrationStop {
    /// A target was not killed outright: the shot is stuck in it.
    Stuck,
    /// No further model on the line within range.
    RangeEnd,
}

/// The outcome of a penetrating shot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PenetrationOutcome {
    /// Each target in order: model index, STR, result.
    pub hits: Vec<(usize, i32, HitResult)>,
    /// Why it ended.
    pub stop: PenetrationStop,
}

/// A hit with penetrating ammunition (C7), as a resolver: the first target
/// takes the hit; after each instant kill the shot goes on to the next model
/// on the line, light artillery losing 2 STR per further target, heavy none,
/// until a target survives (or is merely destroyed) or the range ends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PenetratingShot {
    class: ArtilleryClass,
    strength: i32,
    chain: Vec<usize>,
    models: Vec<Model>,
    table: WoundTable,
}

impl PenetratingShot {
    /// A hit on `target` from `shooter`; the chain beyond is computed from
    /// the positions ([`models_on_line`]).
    pub fn new(
        class: ArtilleryClass,
        strength: i32,
        shooter: Point,
        target: usize,
        range_cm: f64,
        models: Vec<Model>,
        table: WoundTable,
    ) -> Result<Self, ConfrontationError> {
        check_range("weapon STR", strength.into(), 0, 30, "0 to 30")?;
        let mut chain = vec![target];
        chain.extend(models_on_line(shooter, target, range_cm, &models)?);
        Self::along(class, strength, chain, models, table)
    }

    /// A hit on `chain[0]`, going on along `chain` (model indices in order).
    pub fn along(
        class: ArtilleryClass,
        strength: i32,
        chain: Vec<usize>,
        models: Vec<Model>,
        table: WoundTable,
    ) -> Result<Self, ConfrontationError> {
        check_range("weapon STR", strength.into(), 0, 30, "0 to 30")?;
        if chain.is_empty() || chain.iter().any(|&i| i >= models.len()) {
            return Err(inconsistent(
                "chain",
                say("artillery.must_name_existing_models_least")
                    .text("chain", format!("{:?}", chain)),
            ));
        }
        for m in &models {
            m.victim.check()?;
        }
        Ok(Self {
            class,
            strength,
            chain,
            models,
            table,
        })
    }

    /// The model indices in order.
    pub fn chain(&self) -> &[usize] {
        &self.chain
    }

    /// STR against the `k`-th target (0 = the first).
    pub fn strength_at(&self, k: usize) -> i32 {
        match self.class {
            ArtilleryClass::Light => (self.strength - 2 * k as i32).max(0),
            ArtilleryClass::Heavy => self.strength,
        }
    }

    /// Exact odds of how far the shot goes and how each target ends: the
    /// fates of the targets hit, in chain order (C7). The list ends with
    /// the first target not killed outright (a destroyed Resistent machine
    /// too, P16), or with the chain's last model.
    pub fn distribution(&self) -> Dist<Vec<Fate>> {
        let mut d = Dist::certain(Vec::new());
        for (k, &i) in self.chain.iter().enumerate() {
            let Some(m) = self.models.get(i) else { break };
            let one = fate_distribution(self.strength_at(k), &m.victim, &self.table, true);
            d = d.and_then(|so_far: &Vec<Fate>| {
                if so_far.last().is_some_and(|f| *f != Fate::Killed) {
                    return Dist::certain(so_far.clone());
                }
                one.map(|f| {
                    let mut v = so_far.clone();
                    v.push(*f);
                    v
                })
            });
        }
        d
    }
}

impl crate::TitleMessage for PenetratingShot {
    fn title_message(&self) -> Message {
        Message::new("conf.title.penetrating_shot")
            .key("class", self.class.message_key())
            .int("str", self.strength)
    }
}

impl Resolver for PenetratingShot {
    type Outcome = PenetrationOutcome;

    fn title(&self) -> String {
        format!(
            "Penetrating shot ({:?}) at STR {}",
            self.class, self.strength
        )
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<PenetrationOutcome, Pending> {
        let mut hits = Vec::new();
        for (k, &i) in self.chain.iter().enumerate() {
            let Some(m) = self.models.get(i) else { break };
            let s = self.strength_at(k);
            steps.log(
                LogStep::rule(
                    "C7",
                    format!("Target {}: {} at STR {s}", k + 1, m.victim.name),
                )
                .with_message(
                    Message::new("conf.log.penetration.target")
                        .int("n", k as i64 + 1)
                        .text("name", m.victim.name.clone())
                        .int("str", s),
                )
                .number("strength", s.into()),
            );
            let r = resolve_hit(steps, s, &m.victim, &self.table, true, "C7")?;
            hits.push((i, s, r));
            if r.fate != Fate::Killed {
                steps.log(
                    LogStep::rule(
                        "C7",
                        format!("{} not killed outright: the shot is stuck", m.victim.name),
                    )
                    .with_message(
                        Message::new("conf.log.penetration.stuck")
                            .text("name", m.victim.name.clone()),
                    ),
                );
                return Ok(PenetrationOutcome {
                    hits,
                    stop: PenetrationStop::Stuck,
                });
            }
        }
        steps.log(
            LogStep::rule("C7", "No further model on the line within range")
                .with_message(Message::new("conf.log.penetration.range_end")),
        );
        Ok(PenetrationOutcome {
            hits,
            stop: PenetrationStop::RangeEnd,
        })
    }
}
