//! The game of a Confrontation document: war machines, the figures on
//! the table and the resolutions, hosted through the `feldherr-play`
//! contract.

use std::collections::BTreeMap;

use feldherr_confrontation::Hold;
use feldherr_confrontation::{
    DamageOutcome, DamageRoll, MachineCard, MachineState, Passenger, Repair, RepairOutcome,
};
use feldherr_dice::step::{Answer, Driver, Pending, Resolution, Resolver, Steps};
use feldherr_table::geometry::FacingArc;
use feldherr_table::{Table, TableRules};
use serde::{Deserialize, Serialize};

use super::model::{
    Effect, FigureStats, HitsInputs, InstabilInputs, ModelRef, RammingInputs, ShotInputs,
    SickleInputs, SteamInputs,
};

/// Which resolver a saved resolution belongs to, with its inputs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResolutionKind {
    /// Confrontation damage table (C1), free-standing or against a machine
    /// of the game.
    ConfrontationDamage {
        /// Attacker's STR.
        strength: i32,
        /// Machine's RES.
        resilience: i32,
        /// Sacred weapon.
        #[serde(default)]
        sacred: bool,
        /// The machine hit (index into [`GameDoc::machines`]), if any.
        #[serde(default)]
        machine: Option<usize>,
        /// Whether the result was applied to the machine.
        #[serde(default)]
        applied: bool,
    },
    /// A repair attempt on a machine of the game (C10), with the machine's
    /// SP at the time it was started.
    ConfrontationRepair {
        /// Which machine (index into [`GameDoc::machines`]).
        machine: usize,
        /// The Mechaniker's X.
        x: u32,
        /// The machine's start SP.
        start_sp: u32,
        /// SP lost when the attempt was started.
        lost: u32,
        /// Whether the result was applied to the machine.
        #[serde(default)]
        applied: bool,
    },
    /// An artillery shot (C6 zone, C7 penetrating).
    ConfrontationShot(ShotInputs),
    /// A ramming (C5).
    ConfrontationRamming(RammingInputs),
    /// Sichel blades (INI tests, wounds).
    ConfrontationSickle(SickleInputs),
    /// A pressure or injection roll (C9).
    ConfrontationSteam(SteamInputs),
    /// Hits at one STR: explosion (C9), mine (C10), passengers (Transport).
    ConfrontationHits(HitsInputs),
    /// The end-of-round rolls of Instabil/X.
    ConfrontationInstabil(InstabilInputs),
}

impl ResolutionKind {
    /// The machine a resolution belongs to, if any.
    pub fn machine(&self) -> Option<usize> {
        match self {
            ResolutionKind::ConfrontationDamage { machine, .. } => *machine,
            ResolutionKind::ConfrontationRepair { machine, .. } => Some(*machine),
            ResolutionKind::ConfrontationShot(s) => Some(s.machine),
            ResolutionKind::ConfrontationRamming(r) => Some(r.machine),
            ResolutionKind::ConfrontationSickle(s) => Some(s.machine),
            ResolutionKind::ConfrontationSteam(s) => Some(s.machine),
            ResolutionKind::ConfrontationHits(h) => h.machine,
            ResolutionKind::ConfrontationInstabil(i) => Some(i.machine),
        }
    }

    fn refs_mut(&mut self) -> Option<&mut Vec<ModelRef>> {
        match self {
            ResolutionKind::ConfrontationShot(s) => Some(&mut s.refs),
            ResolutionKind::ConfrontationRamming(r) => Some(&mut r.refs),
            ResolutionKind::ConfrontationSickle(s) => Some(&mut s.refs),
            ResolutionKind::ConfrontationHits(h) => Some(&mut h.refs),
            _ => None,
        }
    }

    /// Every machine the resolution refers to: its own and those it hits.
    pub fn machines(&self) -> Vec<usize> {
        let mut copy = self.clone();
        let mut out: Vec<usize> = self.machine().into_iter().collect();
        if let Some(refs) = copy.refs_mut() {
            out.extend(refs.iter().filter_map(|r| r.machine));
        }
        out
    }

    /// Renumbers machine references after machine `removed` was removed.
    pub fn machine_removed(&mut self, removed: usize) {
        let shift = |m: &mut usize| {
            if *m > removed {
                *m -= 1;
            }
        };
        match self {
            ResolutionKind::ConfrontationDamage { machine, .. }
            | ResolutionKind::ConfrontationHits(HitsInputs { machine, .. }) => {
                if let Some(m) = machine {
                    shift(m);
                }
            }
            ResolutionKind::ConfrontationRepair { machine, .. }
            | ResolutionKind::ConfrontationShot(ShotInputs { machine, .. })
            | ResolutionKind::ConfrontationRamming(RammingInputs { machine, .. })
            | ResolutionKind::ConfrontationSickle(SickleInputs { machine, .. })
            | ResolutionKind::ConfrontationSteam(SteamInputs { machine, .. })
            | ResolutionKind::ConfrontationInstabil(InstabilInputs { machine, .. }) => {
                shift(machine);
            }
        }
        if let Some(refs) = self.refs_mut() {
            for r in refs.iter_mut() {
                if let Some(m) = &mut r.machine {
                    shift(m);
                }
            }
        }
    }

    /// Whether the result was applied to the machines.
    pub fn applied(&self) -> bool {
        match self {
            ResolutionKind::ConfrontationDamage { applied, .. }
            | ResolutionKind::ConfrontationRepair { applied, .. } => *applied,
            ResolutionKind::ConfrontationShot(s) => s.applied,
            ResolutionKind::ConfrontationRamming(r) => r.applied,
            ResolutionKind::ConfrontationSickle(s) => s.applied,
            ResolutionKind::ConfrontationSteam(s) => s.applied,
            ResolutionKind::ConfrontationHits(h) => h.applied,
            ResolutionKind::ConfrontationInstabil(i) => i.applied,
        }
    }

    /// Marks the result as applied.
    pub fn set_applied(&mut self) {
        match self {
            ResolutionKind::ConfrontationDamage { applied, .. }
            | ResolutionKind::ConfrontationRepair { applied, .. }
            | ResolutionKind::ConfrontationShot(ShotInputs { applied, .. })
            | ResolutionKind::ConfrontationRamming(RammingInputs { applied, .. })
            | ResolutionKind::ConfrontationSickle(SickleInputs { applied, .. })
            | ResolutionKind::ConfrontationSteam(SteamInputs { applied, .. })
            | ResolutionKind::ConfrontationHits(HitsInputs { applied, .. })
            | ResolutionKind::ConfrontationInstabil(InstabilInputs { applied, .. }) => {
                *applied = true;
            }
        }
    }
}

/// A war machine in a Confrontation game: its card and what happened to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameMachine {
    /// The checked card.
    pub card: MachineCard,
    /// SP lost, markers, crew in contact, destroyed.
    #[serde(default)]
    pub state: MachineState,
    /// SP left after each change, oldest first (for the record sheet).
    #[serde(default)]
    pub sp_history: Vec<u32>,
    /// The model piece on the table that stands for it.
    #[serde(default)]
    pub piece: Option<u64>,
    /// Figures riding in it (Transport).
    #[serde(default)]
    pub passengers: Vec<Passenger>,
}

impl GameMachine {
    /// A fresh machine with its card.
    pub fn new(card: MachineCard) -> Self {
        let sp = card.sp();
        Self {
            card,
            state: MachineState::default(),
            sp_history: vec![sp],
            piece: None,
            passengers: Vec::new(),
        }
    }
}

/// A repair attempt (C10) whose outcome reads as a sentence.
#[derive(Debug, Clone)]
struct RepairStep(Repair);

/// The outcome of [`RepairStep`].
#[derive(Debug, Clone, Copy)]
struct RepairDone(RepairOutcome);

impl std::fmt::Display for RepairDone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self.0.result {
            feldherr_confrontation::RepairResult::Worse => "worse: 1 SP lost",
            feldherr_confrontation::RepairResult::Nothing => "no effect",
            feldherr_confrontation::RepairResult::Repaired => "repaired: 1 SP back",
        };
        write!(f, "{what} ({} SP lost)", self.0.sp_lost)
    }
}

impl Resolver for RepairStep {
    type Outcome = RepairDone;

    fn title(&self) -> String {
        self.0.title()
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<RepairDone, Pending> {
        self.0.resolve(steps).map(RepairDone)
    }
}

/// A saved Confrontation resolution.
pub type SavedResolution = feldherr_play::SavedResolution<ResolutionKind>;

/// What the Confrontation screens read of a saved resolution.
pub trait Saved {
    /// Its inputs.
    fn resolver(&self) -> &ResolutionKind;
    /// Its answers.
    fn answer_list(&self) -> &[Answer];
    /// Rebuilds the resolution by replaying its answers.
    fn driver(&self) -> Result<Box<dyn Resolution>, String> {
        self.resolver().driver(self.answer_list())
    }
    /// The outcome of a finished damage roll, if this is one.
    fn damage_outcome(&self) -> Option<DamageOutcome> {
        self.resolver().damage_outcome(self.answer_list())
    }
    /// What the finished resolution changes on the game's machines.
    fn effects(&self) -> Result<Vec<Effect>, String> {
        self.resolver().effects(self.answer_list())
    }
    /// A shot's inputs and, once finished, its outcome.
    fn shot(&self) -> Option<(&ShotInputs, Option<super::model::ShotOutcome>)> {
        self.resolver().shot(self.answer_list())
    }
    /// The outcome of a finished repair, if this is one.
    fn repair_outcome(&self) -> Option<RepairOutcome> {
        self.resolver().repair_outcome(self.answer_list())
    }
}

impl Saved for SavedResolution {
    fn resolver(&self) -> &ResolutionKind {
        self.kind()
    }
    fn answer_list(&self) -> &[Answer] {
        self.answers()
    }
}

impl ResolutionKind {
    /// Checks inputs and answers by replaying; the error names the problem.
    pub fn check(&self, answers: &[Answer]) -> Result<(), String> {
        self.driver(answers).map(|_| ())
    }

    /// Rebuilds the resolution by replaying its answers.
    pub fn driver(&self, answers: &[Answer]) -> Result<Box<dyn Resolution>, String> {
        match self {
            ResolutionKind::ConfrontationDamage { .. } => self
                .damage_driver(answers)
                .map(|d| Box::new(d) as Box<dyn Resolution>),
            ResolutionKind::ConfrontationRepair { .. } => self
                .repair_driver(answers)
                .map(|d| Box::new(d) as Box<dyn Resolution>),
            ResolutionKind::ConfrontationShot(s) => boxed(s.resolver()?, answers),
            ResolutionKind::ConfrontationRamming(r) => boxed(r.resolver()?, answers),
            ResolutionKind::ConfrontationSickle(r) => boxed(r.resolver()?, answers),
            ResolutionKind::ConfrontationSteam(r) => boxed(r.resolver()?, answers),
            ResolutionKind::ConfrontationHits(r) => boxed(r.resolver()?, answers),
            ResolutionKind::ConfrontationInstabil(r) => boxed(r.resolver()?, answers),
        }
    }

    fn repair_driver(&self, answers: &[Answer]) -> Result<Driver<RepairStep>, String> {
        match self {
            ResolutionKind::ConfrontationRepair {
                x, start_sp, lost, ..
            } => {
                let repair = Repair::new(*x, *start_sp, *lost).map_err(|e| e.to_string())?;
                replay(RepairStep(repair), answers)
            }
            _ => Err("not a repair".into()),
        }
    }

    fn damage_driver(&self, answers: &[Answer]) -> Result<Driver<DamageRoll>, String> {
        match self {
            ResolutionKind::ConfrontationDamage {
                strength,
                resilience,
                sacred,
                ..
            } => {
                let roll = DamageRoll::new(*strength, *resilience)
                    .map_err(|e| e.to_string())?
                    .sacred(*sacred);
                replay(roll, answers)
            }
            _ => Err("not a damage roll".into()),
        }
    }

    /// The outcome of a finished damage roll, if this is one.
    pub fn damage_outcome(&self, answers: &[Answer]) -> Option<DamageOutcome> {
        self.damage_driver(answers).ok()?.outcome().copied()
    }

    /// What the finished resolution changes on the game's machines; an
    /// error if it is not finished (or has nothing to apply).
    pub fn effects(&self, answers: &[Answer]) -> Result<Vec<Effect>, String> {
        use super::model::hit_effects;
        let unfinished = || "not finished yet".to_owned();
        Ok(match self {
            ResolutionKind::ConfrontationDamage { machine, .. } => {
                let machine = machine.ok_or("the damage roll is not tied to a machine")?;
                let outcome = self.damage_outcome(answers).ok_or_else(unfinished)?;
                vec![Effect::LoseSp {
                    machine,
                    sp: outcome.sp_lost,
                }]
            }
            ResolutionKind::ConfrontationRepair { machine, .. } => {
                let outcome = self.repair_outcome(answers).ok_or_else(unfinished)?;
                let machine = *machine;
                let mut out = vec![Effect::RepairTried { machine }];
                match outcome.result {
                    feldherr_confrontation::RepairResult::Worse => {
                        out.push(Effect::LoseSp { machine, sp: 1 });
                    }
                    feldherr_confrontation::RepairResult::Nothing => {}
                    feldherr_confrontation::RepairResult::Repaired => {
                        out.push(Effect::RegainSp { machine, sp: 1 });
                    }
                }
                out
            }
            ResolutionKind::ConfrontationShot(s) => {
                let d = replay(s.resolver()?, answers)?;
                let outcome = &d.outcome().ok_or_else(unfinished)?.outcome;
                let mut out = hit_effects(&s.refs, &outcome.hits());
                if outcome.fire() == feldherr_confrontation::FireResult::Jammed {
                    out.push(Effect::Jammed { machine: s.machine });
                }
                out
            }
            ResolutionKind::ConfrontationRamming(r) => {
                let d = replay(r.resolver()?, answers)?;
                let outcome = &d.outcome().ok_or_else(unfinished)?.0;
                let hits: Vec<_> = outcome
                    .hits
                    .iter()
                    .enumerate()
                    .map(|(i, h)| (i, h.result))
                    .collect();
                hit_effects(&r.refs, &hits)
            }
            ResolutionKind::ConfrontationSickle(r) => {
                let d = replay(r.resolver()?, answers)?;
                let outcome = &d.outcome().ok_or_else(unfinished)?.0;
                let hits: Vec<_> = outcome
                    .iter()
                    .enumerate()
                    .filter_map(|(i, h)| h.hit.map(|hit| (i, hit)))
                    .collect();
                hit_effects(&r.refs, &hits)
            }
            ResolutionKind::ConfrontationSteam(r) => {
                let d = replay(r.resolver()?, answers)?;
                let outcome = d.outcome().ok_or_else(unfinished)?.0;
                let mut out = vec![Effect::Markers {
                    machine: r.machine,
                    markers: outcome.markers,
                }];
                if outcome.markers.exploded {
                    out.push(Effect::Exploded { machine: r.machine });
                }
                out
            }
            ResolutionKind::ConfrontationHits(h) => {
                let d = replay(h.resolver()?, answers)?;
                let outcome = &d.outcome().ok_or_else(unfinished)?.0;
                let hits: Vec<_> = outcome
                    .iter()
                    .enumerate()
                    .map(|(i, (_, r))| (i, *r))
                    .collect();
                let mut out = hit_effects(&h.refs, &hits);
                if let (super::model::HitsCause::Passengers, Some(machine)) = (h.cause, h.machine) {
                    out.push(Effect::PassengersGone { machine });
                }
                out
            }
            ResolutionKind::ConfrontationInstabil(i) => {
                let d = replay(i.resolver()?, answers)?;
                let outcome = d.outcome().ok_or_else(unfinished)?.0;
                vec![Effect::LoseSp {
                    machine: i.machine,
                    sp: outcome.hits,
                }]
            }
        })
    }

    /// A shot's inputs and, once finished, its outcome.
    pub fn shot(
        &self,
        answers: &[Answer],
    ) -> Option<(&ShotInputs, Option<super::model::ShotOutcome>)> {
        match self {
            ResolutionKind::ConfrontationShot(s) => {
                let outcome = s
                    .resolver()
                    .ok()
                    .and_then(|r| replay(r, answers).ok())
                    .and_then(|d| d.outcome().map(|o| o.outcome.clone()));
                Some((s, outcome))
            }
            _ => None,
        }
    }

    /// The outcome of a finished repair, if this is one.
    pub fn repair_outcome(&self, answers: &[Answer]) -> Option<RepairOutcome> {
        self.repair_driver(answers)
            .ok()?
            .outcome()
            .map(|done| done.0)
    }
}

/// Replays `answers` on `resolver`; the error names the answer that does
/// not fit.
pub(crate) fn replay<R: Resolver>(resolver: R, answers: &[Answer]) -> Result<Driver<R>, String> {
    Driver::replay(resolver, answers).map_err(|e| e.to_string())
}

fn boxed<R>(resolver: R, answers: &[Answer]) -> Result<Box<dyn Resolution>, String>
where
    R: Resolver + 'static,
    R::Outcome: std::fmt::Display + 'static,
{
    replay(resolver, answers).map(|d| Box::new(d) as Box<dyn Resolution>)
}

/// A change to a Confrontation game.
#[derive(Debug, Clone, PartialEq)]
pub enum ConfrontationEdit {
    /// Start a new resolution.
    AddResolution(ResolutionKind),
    /// Add a war machine with a fresh state.
    AddMachine(feldherr_confrontation::MachineCard),
    /// Replace the card of machine `index` (its state is kept).
    UpdateMachineCard {
        /// Which machine.
        index: usize,
        /// The new card.
        card: feldherr_confrontation::MachineCard,
    },
    /// Replace the state of machine `index` (SP lost, markers, crew).
    SetMachineState {
        /// Which machine.
        index: usize,
        /// The new state.
        state: feldherr_confrontation::MachineState,
    },
    /// Remove machine `index`; refused while a resolution refers to it.
    RemoveMachine(usize),
    /// Apply the outcome of finished resolution `index` to its machine.
    ApplyResult(usize),
    /// Set (or with `None` forget) the RES, INI and level of figure piece
    /// `piece`.
    SetFigureStats {
        /// The piece id.
        piece: u64,
        /// The stats.
        stats: Option<FigureStats>,
    },
    /// Link machine `index` to the model piece that stands for it (or
    /// unlink it).
    LinkMachinePiece {
        /// Which machine.
        index: usize,
        /// The piece id.
        piece: Option<u64>,
    },
    /// A figure boards vehicle `index` (Transport: capacity, and in play
    /// the access side and a standing vehicle, are checked).
    Board {
        /// Which machine.
        index: usize,
        /// The figure.
        passenger: Passenger,
        /// The side it boards from; `None` when deployed aboard.
        side: Option<FacingArc>,
        /// Whether the vehicle is moving.
        moving: bool,
    },
    /// Passenger `passenger` leaves vehicle `index`.
    Leave {
        /// Which machine.
        index: usize,
        /// Which passenger.
        passenger: usize,
        /// The side it leaves from; `None` to just take it out (set-up).
        side: Option<FacingArc>,
        /// The vehicle halts for it (gives up its speed marker, no more
        /// movement this phase).
        stop: bool,
    },
}

/// A Confrontation game: its war machines, the figures on the table and
/// its resolutions.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfrontationGame {
    /// War machines (cards and state).
    #[serde(default)]
    pub machines: Vec<GameMachine>,
    /// RES, INI and level of the figure pieces on the table, by piece id.
    #[serde(default)]
    pub figures: BTreeMap<u64, FigureStats>,
    /// Resolutions made during the game, oldest first.
    #[serde(default)]
    pub resolutions: Vec<SavedResolution>,
}

static NO_GAME: std::sync::LazyLock<ConfrontationGame> =
    std::sync::LazyLock::new(ConfrontationGame::default);

/// The Confrontation game of a document (an empty one for another system).
pub fn conf(doc: &crate::document::GameDoc) -> &ConfrontationGame {
    match &doc.game {
        crate::systems::SystemGame::Confrontation(game) => game,
        _ => &NO_GAME,
    }
}

impl feldherr_play::ResolutionKind for ResolutionKind {
    type Outcome = ();

    fn replay(
        &self,
        answers: &[Answer],
    ) -> Result<feldherr_play::Replayed<()>, feldherr_play::PlayError> {
        use feldherr_play::Replayed;
        let refused = |e: String| feldherr_play::PlayError::refused(e, None);
        match self {
            ResolutionKind::ConfrontationDamage {
                strength,
                resilience,
                sacred,
                ..
            } => {
                let roll = DamageRoll::new(*strength, *resilience)
                    .map_err(|e| refused(e.to_string()))?
                    .sacred(*sacred);
                Replayed::of(roll, answers, |_| ())
            }
            ResolutionKind::ConfrontationRepair {
                x, start_sp, lost, ..
            } => {
                let repair =
                    Repair::new(*x, *start_sp, *lost).map_err(|e| refused(e.to_string()))?;
                Replayed::of(RepairStep(repair), answers, |_| ())
            }
            ResolutionKind::ConfrontationShot(s) => {
                Replayed::of(s.resolver().map_err(refused)?, answers, |_| ())
            }
            ResolutionKind::ConfrontationRamming(r) => {
                Replayed::of(r.resolver().map_err(refused)?, answers, |_| ())
            }
            ResolutionKind::ConfrontationSickle(r) => {
                Replayed::of(r.resolver().map_err(refused)?, answers, |_| ())
            }
            ResolutionKind::ConfrontationSteam(r) => {
                Replayed::of(r.resolver().map_err(refused)?, answers, |_| ())
            }
            ResolutionKind::ConfrontationHits(r) => {
                Replayed::of(r.resolver().map_err(refused)?, answers, |_| ())
            }
            ResolutionKind::ConfrontationInstabil(r) => {
                Replayed::of(r.resolver().map_err(refused)?, answers, |_| ())
            }
        }
    }
}

impl feldherr_play::Game for ConfrontationGame {
    type Edit = ConfrontationEdit;
    const SYSTEM: &'static str = "confrontation";

    fn new_game() -> Self {
        Self::default()
    }

    fn table_rules() -> TableRules {
        TableRules::confrontation()
    }

    fn apply(
        &mut self,
        edit: &ConfrontationEdit,
        table: &mut Table,
    ) -> Result<(), feldherr_play::PlayError> {
        let mut next = self.clone();
        apply_edit(edit, &mut next, table)
            .map_err(|e| feldherr_play::PlayError::refused(e, None))?;
        *self = next;
        Ok(())
    }

    fn problems(&self, _table: &Table) -> Vec<feldherr_play::Problem> {
        use feldherr_play::Problem;
        let mut problems = Vec::new();
        for (i, resolution) in self.resolutions.iter().enumerate() {
            for m in resolution.kind().machines() {
                if m >= self.machines.len() {
                    problems.push(Problem::new(
                        format!("resolutions[{i}]"),
                        format!("machine {} does not exist", m + 1),
                    ));
                }
            }
        }
        for (id, stats) in &self.figures {
            if let Err(e) = stats.check() {
                problems.push(Problem::new(format!("figures[{id}]"), e));
            }
        }
        problems
    }

    fn resolutions(&self) -> &dyn feldherr_play::ResolutionList {
        &self.resolutions
    }

    fn resolutions_mut(&mut self) -> &mut dyn feldherr_play::ResolutionList {
        &mut self.resolutions
    }

    fn messages(_lang: feldherr_play::Lang) -> &'static str {
        "{}"
    }
}

fn machine(game: &mut ConfrontationGame, index: usize) -> Result<&mut GameMachine, String> {
    let count = game.machines.len();
    game.machines
        .get_mut(index)
        .ok_or_else(|| format!("machine {}: there are {count}", index + 1))
}

fn record_sp(m: &mut GameMachine) {
    let left = m.state.sp_left(&m.card);
    if m.sp_history.last() != Some(&left) {
        m.sp_history.push(left);
    }
}

fn apply_result(game: &mut ConfrontationGame, index: usize) -> Result<(), String> {
    let count = game.resolutions.len();
    let saved = game
        .resolutions
        .get(index)
        .ok_or_else(|| format!("resolution {}: there are {count}", index + 1))?
        .clone();
    let number = index + 1;
    if saved.kind().applied() {
        return Err(format!("resolution {number}: already applied"));
    }
    let effects = saved
        .effects()
        .map_err(|e| format!("resolution {number}: {e}"))?;
    if saved.kind().machines().is_empty() {
        return Err(format!("resolution {number}: has no machine to apply to"));
    }
    for effect in effects {
        match effect {
            Effect::LoseSp { machine: i, sp } => {
                let m = machine(game, i)?;
                m.state.lose_sp(&m.card, sp);
                record_sp(m);
            }
            Effect::RegainSp { machine: i, sp } => {
                let m = machine(game, i)?;
                if !m.state.destroyed {
                    m.state.regain_sp(sp);
                }
                record_sp(m);
            }
            Effect::RepairTried { machine: i } => machine(game, i)?.state.repair_tried = true,
            Effect::Jammed { machine: i } => machine(game, i)?.state.jammed = true,
            Effect::Markers {
                machine: i,
                markers,
            } => machine(game, i)?.state.steam = markers,
            Effect::Exploded { machine: i } => {
                let m = machine(game, i)?;
                let sp = m.card.sp();
                m.state.lose_sp(&m.card, sp);
                m.state.destroyed = true;
                record_sp(m);
            }
            Effect::PassengersGone { machine: i } => machine(game, i)?.passengers.clear(),
        }
    }
    if let Some(r) = game.resolutions.get_mut(index) {
        let mut kind = r.kind().clone();
        kind.set_applied();
        *r = SavedResolution::with_answers(r.id(), kind, r.answers().to_vec(), false)
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn hold_of(m: &GameMachine) -> Result<Hold, String> {
    let mut hold = Hold::for_card(&m.card).map_err(|e| e.to_string())?;
    for p in &m.passengers {
        hold.deploy(p.clone()).map_err(|e| e.to_string())?;
    }
    Ok(hold)
}

fn apply_edit(
    edit: &ConfrontationEdit,
    game: &mut ConfrontationGame,
    table: &Table,
) -> Result<(), String> {
    match edit {
        ConfrontationEdit::AddMachine(card) => game.machines.push(GameMachine::new(card.clone())),
        ConfrontationEdit::UpdateMachineCard { index, card } => {
            let m = machine(game, *index)?;
            m.card = card.clone();
            m.state.sp_lost = m.state.sp_lost.min(m.card.sp());
            record_sp(m);
        }
        ConfrontationEdit::SetMachineState { index, state } => {
            let m = machine(game, *index)?;
            m.state = state.clone();
            m.state.sp_lost = m.state.sp_lost.min(m.card.sp());
            record_sp(m);
        }
        ConfrontationEdit::RemoveMachine(index) => {
            machine(game, *index)?;
            if let Some(r) = game
                .resolutions
                .iter()
                .position(|r| r.kind().machines().contains(index))
            {
                return Err(format!(
                    "machine {}: resolution {} refers to it",
                    index + 1,
                    r + 1
                ));
            }
            game.machines.remove(*index);
            for r in &mut game.resolutions {
                let mut kind = r.kind().clone();
                kind.machine_removed(*index);
                *r = SavedResolution::with_answers(r.id(), kind, r.answers().to_vec(), false)
                    .map_err(|e| e.to_string())?;
            }
        }
        ConfrontationEdit::SetFigureStats { piece, stats } => match stats {
            Some(stats) => {
                stats.check().map_err(|e| format!("figure {piece}: {e}"))?;
                game.figures.insert(*piece, *stats);
            }
            None => {
                game.figures.remove(piece);
            }
        },
        ConfrontationEdit::LinkMachinePiece { index, piece } => {
            if let Some(id) = piece {
                if table.piece(*id).is_none() {
                    return Err(format!("piece {id}: not on the table"));
                }
                if let Some(other) = game
                    .machines
                    .iter()
                    .position(|m| m.piece == Some(*id))
                    .filter(|o| o != index)
                {
                    return Err(format!(
                        "piece {id}: already stands for machine {}",
                        other + 1
                    ));
                }
            }
            machine(game, *index)?.piece = *piece;
        }
        ConfrontationEdit::Board {
            index,
            passenger,
            side,
            moving,
        } => {
            let m = machine(game, *index)?;
            if m.state.destroyed {
                return Err(format!("machine {}: destroyed", index + 1));
            }
            let mut hold = hold_of(m)?;
            match side {
                Some(side) => hold.board(passenger.clone(), *side, *moving),
                None => hold.deploy(passenger.clone()),
            }
            .map_err(|e| e.to_string())?;
            m.passengers.push(passenger.clone());
        }
        ConfrontationEdit::Leave {
            index,
            passenger,
            side,
            stop,
        } => {
            let m = machine(game, *index)?;
            let name = m
                .passengers
                .get(*passenger)
                .map(|p| p.name.clone())
                .ok_or_else(|| {
                    format!(
                        "passenger {}: there are {}",
                        passenger + 1,
                        m.passengers.len()
                    )
                })?;
            if let Some(side) = side {
                let mut hold = hold_of(m)?;
                let moving = m.state.speed_marker && !*stop;
                if *stop {
                    hold.stop_and_leave(&name, *side, &mut m.state)
                } else {
                    hold.leave(&name, *side, moving)
                }
                .map_err(|e| e.to_string())?;
            }
            m.passengers.remove(*passenger);
        }
        ConfrontationEdit::ApplyResult(index) => apply_result(game, *index)?,
        ConfrontationEdit::AddResolution(kind) => {
            kind.check(&[])?;
            for m in kind.machines() {
                machine(game, m)?;
            }
            let id = feldherr_play::Id::next_after(game.resolutions.iter().map(|r| r.id()));
            let saved = SavedResolution::new(id, kind.clone()).map_err(|e| e.to_string())?;
            game.resolutions.push(saved);
        }
    }
    Ok(())
}

/// The Confrontation game of a document, to change it (`None` for another
/// system).
pub fn conf_mut(doc: &mut crate::document::GameDoc) -> Option<&mut ConfrontationGame> {
    match &mut doc.game {
        crate::systems::SystemGame::Confrontation(game) => Some(game),
        _ => None,
    }
}
