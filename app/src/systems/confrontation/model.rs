//! Confrontation resolutions of a game: what each one saves (its inputs,
//! with a snapshot of the models it concerns, so that moving pieces later
//! does not change a resolution already made, P20), how it is rebuilt as a
//! resolver, and what a finished one changes on the game's machines.
//!
//! Models on the table are pieces of the "Model" layer. A piece stands for
//! a machine of the game when the machine is linked to it
//! ([`super::GameMachine::piece`]); any other model piece is a figure whose
//! RES, INI and height level the referee enters ([`FigureStats`]).

use std::fmt;

use feldherr_confrontation::{
    Ammunition, ArtilleryClass, FerTest, FireResult, HitEffect, HitResult, Impetus,
    InstabilOutcome, InstabilRoll, Instability, Model, PenetratingShot, PenetrationOutcome,
    PenetrationStop, PressureOutcome, PressureResolution, Ramming, RammingOutcome, SickleFigure,
    SickleResult, SickleRun, SteamMarkers, SteamOutcome, Victim, VictimKind, WoundTable,
    ZoneOutcome, ZoneShot, resolve_hit,
};
use feldherr_dice::step::{LogStep, Pending, Resolver, Steps};
use feldherr_table::geometry::{Point, Shape};
use feldherr_table::{Layer, Measurement, Table};
use serde::{Deserialize, Serialize};

use super::game::conf;
use crate::document::GameDoc;

/// What a figure on a Confrontation table is, for hits and tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureStats {
    /// RES (WK).
    pub res: i32,
    /// INI, for the Sichel test.
    #[serde(default)]
    pub ini: i32,
    /// Height level (0 = ground); shots hit one level only.
    #[serde(default)]
    pub level: i32,
}

impl FigureStats {
    /// Checks the values; the error names the field and value.
    pub fn check(&self) -> Result<(), String> {
        let range = |field: &str, value: i32, lo: i32, hi: i32| {
            if (lo..=hi).contains(&value) {
                Ok(())
            } else {
                Err(format!("{field}: {value} is outside {lo} to {hi}"))
            }
        };
        range("RES", self.res, 0, 99)?;
        range("INI", self.ini, 0, 20)?;
        range("level", self.level, -9, 9)
    }
}

/// Where a model of a resolution came from: the table piece, and the
/// game's machine it stands for (results are applied to that machine).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ModelRef {
    /// The piece on the table.
    #[serde(default)]
    pub piece: Option<u64>,
    /// The machine of the game, if the piece is one.
    #[serde(default)]
    pub machine: Option<usize>,
}

/// A model piece of the table, as a resolution sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct TableModel {
    /// Position, base and the victim it makes.
    pub model: Model,
    /// Where it came from.
    pub source: ModelRef,
    /// Its INI (0 for machines).
    pub ini: i32,
    /// Its outline on the table.
    pub shape: Shape,
}

/// Every model piece of `table` that can be hit: linked machines (not
/// destroyed) with their card's RES and SP left, figures with their
/// [`FigureStats`]. Round bases use the circle; a rectangle counts as the
/// circle on its shorter side (P19). A figure without stats is an error
/// naming it.
pub fn table_models(game: &GameDoc, table: &Table) -> Result<Vec<TableModel>, String> {
    let mut out = Vec::new();
    for piece in table.pieces().iter().filter(|p| p.layer == Layer::Model) {
        let (center, radius) = base_of(&piece.shape);
        let level = conf(game).figures.get(&piece.id).map_or(0, |s| s.level);
        let linked = conf(game)
            .machines
            .iter()
            .position(|m| m.piece == Some(piece.id));
        let (victim, ini, machine) = match linked {
            Some(i) => {
                let m = &conf(game).machines[i];
                if m.state.destroyed {
                    continue;
                }
                let card = &m.card;
                (
                    Victim::machine(
                        card.spec().name.clone(),
                        i32::try_from(card.spec().res).unwrap_or(i32::MAX),
                        m.state.sp_left(card),
                        card.is_resistent(),
                    ),
                    0,
                    Some(i),
                )
            }
            None => {
                let stats = conf(game).figures.get(&piece.id).ok_or_else(|| {
                    format!(
                        "model \"{}\" (piece {}): RES not set; enter it in the model list",
                        piece.name, piece.id
                    )
                })?;
                (
                    Victim::figure(piece.name.clone(), stats.res),
                    stats.ini,
                    None,
                )
            }
        };
        out.push(TableModel {
            model: Model {
                victim,
                center,
                radius,
                level,
            },
            source: ModelRef {
                piece: Some(piece.id),
                machine,
            },
            ini,
            shape: piece.shape.clone(),
        });
    }
    Ok(out)
}

/// The round base standing for a shape (P19).
fn base_of(shape: &Shape) -> (Point, f64) {
    match shape {
        Shape::Circle(c) => (c.center(), c.radius()),
        Shape::Rect(r) => (r.center(), r.width().min(r.length()) / 2.0),
        other => {
            let b = other.bounds();
            let radius = (b.max.x - b.min.x).min(b.max.y - b.min.y) / 2.0;
            (other.centroid(), radius.max(0.01))
        }
    }
}

/// The indices of `models` whose outline lies wholly or partly within
/// `radius_cm` of `source`, edge to edge (mine blast, explosion).
pub fn within(source: &Shape, radius_cm: f64, models: &[TableModel]) -> Vec<usize> {
    models
        .iter()
        .enumerate()
        .filter(|(_, m)| Measurement::between(source, &m.shape).distance <= radius_cm + 1e-9)
        .map(|(i, _)| i)
        .collect()
}

fn default_template() -> f64 {
    feldherr_confrontation::DEFAULT_TEMPLATE_CM
}

/// A shot of a machine's artillery: zone (C6) or penetrating (C7).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShotInputs {
    /// The firing machine.
    pub machine: usize,
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
    /// Where the shot starts (the machine's centre).
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
    /// The models on the table when the shot was made.
    pub models: Vec<Model>,
    /// Where each model came from (same order).
    #[serde(default)]
    pub refs: Vec<ModelRef>,
    /// Whether the result was applied.
    #[serde(default)]
    pub applied: bool,
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

impl ShotInputs {
    fn named(&self, shot: Shot) -> ShotResolver {
        ShotResolver {
            shot,
            names: self.models.iter().map(|m| m.victim.name.clone()).collect(),
        }
    }

    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<ShotResolver, String> {
        let e = |e: feldherr_confrontation::ConfrontationError| e.to_string();
        if !self.refs.is_empty() && self.refs.len() != self.models.len() {
            return Err(format!(
                "refs: {} entries for {} models",
                self.refs.len(),
                self.models.len()
            ));
        }
        match self.ammunition {
            Ammunition::Zone => {
                let test = FerTest::new(self.fer, self.difficulty, self.die_modifier).map_err(e)?;
                ZoneShot::new(
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
                .map_err(e)
            }
            Ammunition::Penetrating => {
                if !(self.range_cm.is_finite() && self.range_cm > 0.0) {
                    return Err(format!("range: {} cm must be above 0", self.range_cm));
                }
                let test = FerTest::new(self.fer, self.difficulty, self.die_modifier).map_err(e)?;
                let shot = PenetratingShot::new(
                    self.class,
                    self.strength,
                    self.shooter,
                    self.target,
                    self.range_cm,
                    self.models.clone(),
                    WoundTable::default(),
                )
                .map_err(e)?;
                Ok(self.named(Shot::Penetrating {
                    test,
                    shot,
                    strength: self.strength,
                }))
            }
        }
    }
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

fn fire_words(fire: FireResult) -> &'static str {
    match fire {
        FireResult::Jammed => "jammed (a 1): no shot this round",
        FireResult::Missed => "missed",
        FireResult::Hit => "on target",
    }
}

fn hit_words(result: &HitResult) -> String {
    let effect = match result.effect {
        // A figure's wound level says it all ("killed outright").
        HitEffect::Wound(level) => return level.to_string(),
        HitEffect::Sp { lost, left } => format!("{lost} SP lost, {left} left"),
    };
    match result.fate {
        feldherr_confrontation::Fate::Survives => effect,
        feldherr_confrontation::Fate::Killed => format!("{effect}, killed"),
        feldherr_confrontation::Fate::Destroyed => format!("{effect}, destroyed"),
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
                let fire = test.roll(steps)?;
                steps.log(LogStep::rule(
                    "C7",
                    format!("FER test: {}", fire_words(fire)),
                ));
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

/// A ramming by a machine with Ramme/X (C5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RammingInputs {
    /// The ramming machine.
    pub machine: usize,
    /// Ramme/X.
    pub x: u32,
    /// Charge distance, or the speed marker.
    pub impetus: Impetus,
    /// Figures touching the front edge.
    pub front: Vec<Victim>,
    /// Figures met one after another if it drives on.
    #[serde(default)]
    pub beyond: Vec<Victim>,
    /// Where each victim came from: front first, then beyond.
    #[serde(default)]
    pub refs: Vec<ModelRef>,
    /// Whether the result was applied.
    #[serde(default)]
    pub applied: bool,
}

impl RammingInputs {
    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<Worded<Ramming>, String> {
        check_refs(&self.refs, self.front.len() + self.beyond.len())?;
        Ramming::new(
            self.x,
            self.impetus,
            self.front.clone(),
            self.beyond.clone(),
            WoundTable::default(),
        )
        .map(Worded)
        .map_err(|e| e.to_string())
    }
}

/// The blades of a Sichel/X machine passing figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SickleInputs {
    /// The machine.
    pub machine: usize,
    /// Sichel/X.
    pub x: u32,
    /// The figures the blades touch, in order.
    pub figures: Vec<SickleFigure>,
    /// Where each came from.
    #[serde(default)]
    pub refs: Vec<ModelRef>,
    /// Whether the result was applied.
    #[serde(default)]
    pub applied: bool,
}

impl SickleInputs {
    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<Worded<SickleRun>, String> {
        check_refs(&self.refs, self.figures.len())?;
        SickleRun::new(self.x, self.figures.clone(), WoundTable::default())
            .map(Worded)
            .map_err(|e| e.to_string())
    }
}

/// A pressure or injection roll of a steam or naphtha machine (C9).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SteamInputs {
    /// The machine.
    pub machine: usize,
    /// Dice rolled.
    pub dice: u32,
    /// The machine's markers when the roll was made.
    #[serde(default)]
    pub markers: SteamMarkers,
    /// Whether the result was applied.
    #[serde(default)]
    pub applied: bool,
}

impl SteamInputs {
    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<Worded<PressureResolution>, String> {
        PressureResolution::new(self.dice, self.markers)
            .map(Worded)
            .map_err(|e| e.to_string())
    }
}

/// The end-of-round rolls of a machine with Instabil/X.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct InstabilInputs {
    /// The machine.
    pub machine: usize,
    /// Instabil/X.
    pub x: u32,
    /// SP left when the rolls were made.
    pub sp_left: u32,
    /// Whether the result was applied.
    #[serde(default)]
    pub applied: bool,
}

impl InstabilInputs {
    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<Worded<InstabilRoll>, String> {
        InstabilRoll::new(self.x, Instability::Structure(self.sp_left))
            .map(Worded)
            .map_err(|e| e.to_string())
    }
}

impl Words for InstabilOutcome {
    fn words(&self) -> String {
        let left = match self.after {
            Instability::Structure(sp) => format!(", {sp} SP left"),
            Instability::Figure(level) => format!(", {level}"),
        };
        match self.hits {
            0 => format!("holds together{left}"),
            1 => format!("1 SP lost{left}"),
            n => format!("{n} SP lost{left}"),
        }
    }
}

/// What caused a list of hits at one STR.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HitsCause {
    /// A boiler exploded: STR 10 within 5 cm (C9).
    Explosion,
    /// A mine went off: STR 6 within 10 cm (C10).
    Mine,
    /// A vehicle was destroyed: each passenger takes a wound at the
    /// vehicle's RES (Transport).
    Passengers,
}

impl HitsCause {
    /// The rule id logged with each hit.
    pub fn rule(self) -> &'static str {
        match self {
            HitsCause::Explosion => "C9",
            HitsCause::Mine => "C10",
            HitsCause::Passengers => "Transport",
        }
    }
}

/// Hits at one STR on a list of models (blast, mine, passengers).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HitsInputs {
    /// What happened.
    pub cause: HitsCause,
    /// The machine it belongs to (the exploded machine, the vehicle).
    #[serde(default)]
    pub machine: Option<usize>,
    /// STR of every hit.
    pub strength: i32,
    /// The models hit, in order.
    pub victims: Vec<Victim>,
    /// Where each came from.
    #[serde(default)]
    pub refs: Vec<ModelRef>,
    /// Whether the result was applied.
    #[serde(default)]
    pub applied: bool,
}

impl HitsInputs {
    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<Hits, String> {
        check_refs(&self.refs, self.victims.len())?;
        if !(0..=30).contains(&self.strength) {
            return Err(format!("STR: {} is outside 0 to 30", self.strength));
        }
        for v in &self.victims {
            if !(0..=99).contains(&v.res) {
                return Err(format!("{}: RES {} is outside 0 to 99", v.name, v.res));
            }
        }
        Ok(Hits(self.clone()))
    }
}

fn check_refs(refs: &[ModelRef], victims: usize) -> Result<(), String> {
    if refs.is_empty() || refs.len() == victims {
        Ok(())
    } else {
        Err(format!("refs: {} entries for {victims} models", refs.len()))
    }
}

/// Hits at one STR, one after another (a resolver).
#[derive(Debug, Clone)]
pub struct Hits(HitsInputs);

/// The results of [`Hits`], with the victims' names.
#[derive(Debug, Clone, PartialEq)]
pub struct HitsOutcome(pub Vec<(String, HitResult)>);

impl fmt::Display for HitsOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("nobody hit");
        }
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|(n, r)| format!("{n}: {}", hit_words(r)))
            .collect();
        f.write_str(&parts.join("; "))
    }
}

impl Resolver for Hits {
    type Outcome = HitsOutcome;

    fn title(&self) -> String {
        let what = match self.0.cause {
            HitsCause::Explosion => "Explosion",
            HitsCause::Mine => "Mine",
            HitsCause::Passengers => "Passengers of the destroyed vehicle",
        };
        format!(
            "{what}: {} hit at STR {}",
            self.0.victims.len(),
            self.0.strength
        )
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<HitsOutcome, Pending> {
        let table = WoundTable::default();
        let mut out = Vec::new();
        for v in &self.0.victims {
            let r = resolve_hit(
                steps,
                self.0.strength,
                v,
                &table,
                matches!(v.kind, VictimKind::Machine { .. }),
                self.0.cause.rule(),
            )?;
            out.push((v.name.clone(), r));
        }
        Ok(HitsOutcome(out))
    }
}

/// Outcomes that read as a sentence.
pub trait Words {
    /// The outcome in words.
    fn words(&self) -> String;
}

/// A library resolver whose outcome is given in words.
#[derive(Debug, Clone)]
pub struct Worded<R>(pub R);

/// The outcome of a [`Worded`] resolver.
#[derive(Debug, Clone, PartialEq)]
pub struct WordedOutcome<O>(pub O);

impl<O: Words> fmt::Display for WordedOutcome<O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.words())
    }
}

impl<R: Resolver> Resolver for Worded<R>
where
    R::Outcome: Words,
{
    type Outcome = WordedOutcome<R::Outcome>;

    fn title(&self) -> String {
        self.0.title()
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<Self::Outcome, Pending> {
        self.0.resolve(steps).map(WordedOutcome)
    }
}

impl Words for RammingOutcome {
    fn words(&self) -> String {
        let mut parts = vec![format!("STR {}", self.strength)];
        for h in &self.hits {
            parts.push(format!("{}: {}", h.name, hit_words(&h.result)));
        }
        parts.push(
            if self.drove_through {
                "the machine drove through"
            } else {
                "the machine stops"
            }
            .to_owned(),
        );
        parts.join("; ")
    }
}

impl Words for Vec<SickleResult> {
    fn words(&self) -> String {
        if self.is_empty() {
            return "no figure touched".into();
        }
        self.iter()
            .map(|r| match &r.hit {
                _ if r.passed => format!("{}: jumped clear", r.name),
                Some(h) => format!("{}: {}", r.name, hit_words(h)),
                None => format!("{}: failed", r.name),
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}

impl Words for PressureOutcome {
    fn words(&self) -> String {
        match self.result {
            SteamOutcome::Blocked => "no roll: total failure this round".into(),
            SteamOutcome::Bonus(b) => format!("bonus +{b}"),
            SteamOutcome::Incident(i) => format!("incident: {i}"),
        }
    }
}

/// One change a finished resolution makes to a machine of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// SP lost (damage, collision, shot, failed repair).
    LoseSp {
        /// Which machine.
        machine: usize,
        /// How many.
        sp: u32,
    },
    /// SP back (repair, never above the start value).
    RegainSp {
        /// Which machine.
        machine: usize,
        /// How many.
        sp: u32,
    },
    /// A repair was tried this round.
    RepairTried {
        /// Which machine.
        machine: usize,
    },
    /// The weapon jammed for the round (C6).
    Jammed {
        /// Which machine.
        machine: usize,
    },
    /// The steam markers after a pressure roll (C9).
    Markers {
        /// Which machine.
        machine: usize,
        /// The markers now.
        markers: SteamMarkers,
    },
    /// The boiler exploded: the machine is killed (C9).
    Exploded {
        /// Which machine.
        machine: usize,
    },
    /// The passengers left the destroyed vehicle or died (Transport).
    PassengersGone {
        /// Which machine.
        machine: usize,
    },
}

impl Effect {
    /// The machine it changes.
    pub fn machine(&self) -> usize {
        match *self {
            Effect::LoseSp { machine, .. }
            | Effect::RegainSp { machine, .. }
            | Effect::RepairTried { machine }
            | Effect::Jammed { machine }
            | Effect::Markers { machine, .. }
            | Effect::Exploded { machine }
            | Effect::PassengersGone { machine } => machine,
        }
    }
}

/// The SP a machine loses from each hit on a model that stands for one.
pub fn hit_effects(refs: &[ModelRef], hits: &[(usize, HitResult)]) -> Vec<Effect> {
    hits.iter()
        .filter_map(|(i, r)| {
            let machine = refs.get(*i)?.machine?;
            match r.effect {
                HitEffect::Sp { lost, .. } if lost > 0 => {
                    Some(Effect::LoseSp { machine, sp: lost })
                }
                _ => None,
            }
        })
        .collect()
}

/// What the referee orders for a shot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShotOrder {
    /// The firing machine.
    pub machine: usize,
    /// The aimed model piece.
    pub target: Option<u64>,
    /// The gunner's FER.
    pub fer: i32,
    /// The difficulty before the movement modifiers.
    pub difficulty: i32,
    /// How the machine moved this round.
    pub motion: feldherr_confrontation::Motion,
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
    /// No target chosen, or it is not a model on the table.
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
    /// Anything else, with the rule's words (firing modifiers, bad values,
    /// a figure without RES).
    Other(String),
}

/// Builds a shot from the table: the shooter is the machine's piece, the
/// models are every other model piece; difficulty and die modifier include
/// the firing modifiers and the C2 penalty.
pub fn shot_inputs(game: &GameDoc, order: &ShotOrder) -> Result<ShotInputs, ShotProblem> {
    let m = conf(game)
        .machines
        .get(order.machine)
        .ok_or(ShotProblem::NoWeapon)?;
    let artillery = m.card.spec().artillery.ok_or(ShotProblem::NoWeapon)?;
    if m.state.destroyed {
        return Err(ShotProblem::Destroyed);
    }
    if m.state.jammed {
        return Err(ShotProblem::Jammed);
    }
    if let Some(bes) = m.card.spec().bes {
        // C3: at least BES figures serve it; the status panel's crew in
        // contact are the servers.
        let serving = feldherr_confrontation::crew::Server {
            role: feldherr_confrontation::crew::Role::Crew,
            in_contact: true,
            engaged: false,
            fleeing: false,
            moved: false,
        };
        let servers = vec![serving; m.state.crew_in_contact.len()];
        feldherr_confrontation::crew::may_fire(bes, &servers)
            .map_err(|e| ShotProblem::Other(e.to_string()))?;
    }
    let own = m.piece.ok_or(ShotProblem::NoLink)?;
    let table = game.table_or_default();
    let shooter = table.piece(own).ok_or(ShotProblem::NoLink)?;
    let shooter_center = base_of(&shooter.shape).0;
    let shooter_level = conf(game).figures.get(&own).map_or(0, |s| s.level);
    let models: Vec<TableModel> = table_models(game, &table)
        .map_err(ShotProblem::Other)?
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
    let other = |e: feldherr_confrontation::ConfrontationError| ShotProblem::Other(e.to_string());
    let mods = feldherr_confrontation::firing_modifiers(
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
        applied: false,
    };
    inputs.resolver().map_err(ShotProblem::Other)?;
    Ok(inputs)
}

/// Orders ramming victims: those touching the front edge as given, those
/// met when driving on nearest to the machine first (C5).
pub fn ramming_inputs(
    game: &GameDoc,
    machine: usize,
    impetus: Impetus,
    front: &[u64],
    beyond: &[u64],
) -> Result<RammingInputs, String> {
    let m = conf(game)
        .machines
        .get(machine)
        .ok_or_else(|| format!("machine {}: does not exist", machine + 1))?;
    let x = m
        .card
        .ram()
        .ok_or_else(|| format!("{}: has no Ramme/X", m.card.spec().name))?;
    if m.state.destroyed {
        return Err(format!("{}: destroyed", m.card.spec().name));
    }
    let table = game.table_or_default();
    let models = table_models(game, &table)?;
    let find = |id: &u64| {
        models
            .iter()
            .find(|t| t.source.piece == Some(*id) && t.source.machine != Some(machine))
            .ok_or_else(|| format!("piece {id}: not a model that can be hit"))
    };
    let front: Vec<&TableModel> = front.iter().map(find).collect::<Result<_, _>>()?;
    let mut beyond: Vec<&TableModel> = beyond
        .iter()
        .filter(|id| !front.iter().any(|f| f.source.piece == Some(**id)))
        .map(find)
        .collect::<Result<_, _>>()?;
    let origin = m
        .piece
        .and_then(|p| table.piece(p))
        .map(|p| base_of(&p.shape).0)
        .or_else(|| front.first().map(|f| f.model.center));
    if let Some(o) = origin {
        beyond.sort_by(|a, b| {
            o.distance_to(a.model.center)
                .total_cmp(&o.distance_to(b.model.center))
        });
    }
    let inputs = RammingInputs {
        machine,
        x,
        impetus,
        front: front.iter().map(|t| t.model.victim.clone()).collect(),
        beyond: beyond.iter().map(|t| t.model.victim.clone()).collect(),
        refs: front.iter().chain(&beyond).map(|t| t.source).collect(),
        applied: false,
    };
    inputs.resolver()?;
    Ok(inputs)
}

/// Where a mine marker stands against the rules of C10: its distance to
/// the nearest machine whose crew lays mines (at most 20 cm at
/// deployment), and the models close enough to set it off (5 cm).
#[derive(Debug, Clone, PartialEq)]
pub struct MineStatus {
    /// The marker's piece id.
    pub mine: u64,
    /// The marker's name.
    pub name: String,
    /// The nearest machine with a Minenleger and its distance (edge to
    /// edge, cm), if any machine has one and a piece.
    pub layer: Option<(String, f64)>,
    /// Whether that distance is a legal placement.
    pub placement_ok: bool,
    /// Models within 5 cm of the marker.
    pub triggered_by: Vec<String>,
}

/// The status of every mine marker on the table (C10).
pub fn mine_status(game: &GameDoc) -> Vec<MineStatus> {
    let table = game.table_or_default();
    let layers: Vec<(String, Shape)> = conf(game)
        .machines
        .iter()
        .filter(|m| {
            m.card.spec().crew.iter().any(|c| {
                c.abilities
                    .contains(&feldherr_confrontation::CrewAbility::Minenleger)
            })
        })
        .filter_map(|m| {
            let piece = table.piece(m.piece?)?;
            Some((m.card.spec().name.clone(), piece.shape.clone()))
        })
        .collect();
    table
        .pieces()
        .iter()
        .filter(|p| p.kind == "mine")
        .map(|mine| {
            let layer = layers
                .iter()
                .map(|(name, shape)| {
                    (
                        name.clone(),
                        Measurement::between(&mine.shape, shape).distance,
                    )
                })
                .min_by(|a, b| a.1.total_cmp(&b.1));
            let placement_ok = layer
                .as_ref()
                .is_some_and(|(_, d)| feldherr_confrontation::check_placement(*d, true).is_ok());
            let triggered_by = table
                .pieces()
                .iter()
                .filter(|p| p.layer == Layer::Model)
                .filter(|p| {
                    feldherr_confrontation::triggers(
                        Measurement::between(&mine.shape, &p.shape).distance,
                    )
                })
                .map(|p| p.name.clone())
                .collect();
            MineStatus {
                mine: mine.id,
                name: mine.name.clone(),
                layer,
                placement_ok,
                triggered_by,
            }
        })
        .collect()
}
