//! A game document: one game of one rule system.

use std::collections::BTreeMap;

use feldherr_confrontation::{
    DamageOutcome, DamageRoll, MachineCard, MachineState, Passenger, Repair, RepairOutcome,
};
use feldherr_dice::step::{Answer, Driver, Pending, Resolution, Resolver, Steps};

use super::confrontation::{
    Effect, FigureStats, HitsInputs, InstabilInputs, ModelRef, RammingInputs, ShotInputs,
    SickleInputs, SteamInputs,
};
use feldherr_table::geometry::Unit;
use feldherr_table::{Table, TableRules};
use serde::{Deserialize, Serialize};

/// The rule systems Feldherr knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleSystem {
    /// WFB New Year event games (Raeuber-Warhammer, sled race, treasures).
    WfbNewYear,
    /// Warmaster Revolution "Guardians".
    Warmaster,
    /// Warheim.
    Warheim,
    /// Confrontation "Fortification".
    Confrontation,
    /// 40K free-for-all.
    Wh40k,
}

impl RuleSystem {
    /// Every system, in start-screen order.
    pub const ALL: [RuleSystem; 5] = [
        RuleSystem::WfbNewYear,
        RuleSystem::Warmaster,
        RuleSystem::Warheim,
        RuleSystem::Confrontation,
        RuleSystem::Wh40k,
    ];

    /// The table rules of the system: terrain and marker types, placement
    /// rules (W1 for Warmaster) and the native unit (G1).
    pub fn table_rules(self) -> TableRules {
        match self {
            RuleSystem::Warmaster => TableRules::warmaster(),
            RuleSystem::Confrontation => TableRules::confrontation(),
            RuleSystem::WfbNewYear | RuleSystem::Warheim | RuleSystem::Wh40k => {
                TableRules::wfb_sled_race()
            }
        }
    }

    /// The default table of the system (G2).
    pub fn default_table(self) -> Table {
        let sized = |w: f64, d: f64| Table::new(w, d, Unit::Inch).ok();
        match self {
            RuleSystem::Warheim => sized(36.0, 36.0),
            RuleSystem::Wh40k | RuleSystem::WfbNewYear => sized(72.0, 48.0),
            RuleSystem::Warmaster | RuleSystem::Confrontation => None,
        }
        .unwrap_or_else(|| self.table_rules().default_table())
    }

    /// The catalogue key prefix of the system (`system.<key>.name`).
    pub fn key(self) -> &'static str {
        match self {
            RuleSystem::WfbNewYear => "system.wfb",
            RuleSystem::Warmaster => "system.warmaster",
            RuleSystem::Warheim => "system.warheim",
            RuleSystem::Confrontation => "system.confrontation",
            RuleSystem::Wh40k => "system.wh40k",
        }
    }
}

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

/// A resolution as saved: its resolver and inputs, and the answers given.
/// Replaying the answers rebuilds it exactly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedResolution {
    /// Resolver and inputs.
    pub resolver: ResolutionKind,
    /// Answers given so far, in order.
    #[serde(default)]
    pub answers: Vec<Answer>,
}

impl SavedResolution {
    /// Checks inputs and answers by replaying; the error names the problem.
    pub fn check(&self) -> Result<(), String> {
        self.driver().map(|_| ())
    }

    /// Rebuilds the resolution by replaying its answers.
    pub fn driver(&self) -> Result<Box<dyn Resolution>, String> {
        match &self.resolver {
            ResolutionKind::ConfrontationDamage { .. } => self
                .damage_driver()
                .map(|d| Box::new(d) as Box<dyn Resolution>),
            ResolutionKind::ConfrontationRepair { .. } => self
                .repair_driver()
                .map(|d| Box::new(d) as Box<dyn Resolution>),
            ResolutionKind::ConfrontationShot(s) => boxed(s.resolver()?, &self.answers),
            ResolutionKind::ConfrontationRamming(r) => boxed(r.resolver()?, &self.answers),
            ResolutionKind::ConfrontationSickle(r) => boxed(r.resolver()?, &self.answers),
            ResolutionKind::ConfrontationSteam(r) => boxed(r.resolver()?, &self.answers),
            ResolutionKind::ConfrontationHits(r) => boxed(r.resolver()?, &self.answers),
            ResolutionKind::ConfrontationInstabil(r) => boxed(r.resolver()?, &self.answers),
        }
    }

    fn repair_driver(&self) -> Result<Driver<RepairStep>, String> {
        match &self.resolver {
            ResolutionKind::ConfrontationRepair {
                x, start_sp, lost, ..
            } => {
                let repair = Repair::new(*x, *start_sp, *lost).map_err(|e| e.to_string())?;
                replay(RepairStep(repair), &self.answers)
            }
            _ => Err("not a repair".into()),
        }
    }

    fn damage_driver(&self) -> Result<Driver<DamageRoll>, String> {
        match &self.resolver {
            ResolutionKind::ConfrontationDamage {
                strength,
                resilience,
                sacred,
                ..
            } => {
                let roll = DamageRoll::new(*strength, *resilience)
                    .map_err(|e| e.to_string())?
                    .sacred(*sacred);
                replay(roll, &self.answers)
            }
            _ => Err("not a damage roll".into()),
        }
    }

    /// The outcome of a finished damage roll, if this is one.
    pub fn damage_outcome(&self) -> Option<DamageOutcome> {
        self.damage_driver().ok()?.outcome().copied()
    }

    /// What the finished resolution changes on the game's machines; an
    /// error if it is not finished (or has nothing to apply).
    pub fn effects(&self) -> Result<Vec<Effect>, String> {
        use super::confrontation::hit_effects;
        let unfinished = || "not finished yet".to_owned();
        Ok(match &self.resolver {
            ResolutionKind::ConfrontationDamage { machine, .. } => {
                let machine = machine.ok_or("the damage roll is not tied to a machine")?;
                let outcome = self.damage_outcome().ok_or_else(unfinished)?;
                vec![Effect::LoseSp {
                    machine,
                    sp: outcome.sp_lost,
                }]
            }
            ResolutionKind::ConfrontationRepair { machine, .. } => {
                let outcome = self.repair_outcome().ok_or_else(unfinished)?;
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
                let d = replay(s.resolver()?, &self.answers)?;
                let outcome = &d.outcome().ok_or_else(unfinished)?.outcome;
                let mut out = hit_effects(&s.refs, &outcome.hits());
                if outcome.fire() == feldherr_confrontation::FireResult::Jammed {
                    out.push(Effect::Jammed { machine: s.machine });
                }
                out
            }
            ResolutionKind::ConfrontationRamming(r) => {
                let d = replay(r.resolver()?, &self.answers)?;
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
                let d = replay(r.resolver()?, &self.answers)?;
                let outcome = &d.outcome().ok_or_else(unfinished)?.0;
                let hits: Vec<_> = outcome
                    .iter()
                    .enumerate()
                    .filter_map(|(i, h)| h.hit.map(|hit| (i, hit)))
                    .collect();
                hit_effects(&r.refs, &hits)
            }
            ResolutionKind::ConfrontationSteam(r) => {
                let d = replay(r.resolver()?, &self.answers)?;
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
                let d = replay(h.resolver()?, &self.answers)?;
                let outcome = &d.outcome().ok_or_else(unfinished)?.0;
                let hits: Vec<_> = outcome
                    .iter()
                    .enumerate()
                    .map(|(i, (_, r))| (i, *r))
                    .collect();
                let mut out = hit_effects(&h.refs, &hits);
                if let (super::confrontation::HitsCause::Passengers, Some(machine)) =
                    (h.cause, h.machine)
                {
                    out.push(Effect::PassengersGone { machine });
                }
                out
            }
            ResolutionKind::ConfrontationInstabil(i) => {
                let d = replay(i.resolver()?, &self.answers)?;
                let outcome = d.outcome().ok_or_else(unfinished)?.0;
                vec![Effect::LoseSp {
                    machine: i.machine,
                    sp: outcome.hits,
                }]
            }
        })
    }

    /// A shot's inputs and, once finished, its outcome.
    pub fn shot(&self) -> Option<(&ShotInputs, Option<super::confrontation::ShotOutcome>)> {
        match &self.resolver {
            ResolutionKind::ConfrontationShot(s) => {
                let outcome = s
                    .resolver()
                    .ok()
                    .and_then(|r| replay(r, &self.answers).ok())
                    .and_then(|d| d.outcome().map(|o| o.outcome.clone()));
                Some((s, outcome))
            }
            _ => None,
        }
    }

    /// The outcome of a finished repair, if this is one.
    pub fn repair_outcome(&self) -> Option<RepairOutcome> {
        self.repair_driver().ok()?.outcome().map(|done| done.0)
    }
}

/// Replays `answers` on `resolver`; the error names the answer that does
/// not fit.
pub(super) fn replay<R: Resolver>(resolver: R, answers: &[Answer]) -> Result<Driver<R>, String> {
    Driver::replay(resolver, answers).map_err(|e| e.to_string())
}

fn boxed<R>(resolver: R, answers: &[Answer]) -> Result<Box<dyn Resolution>, String>
where
    R: Resolver + 'static,
    R::Outcome: std::fmt::Display + 'static,
{
    replay(resolver, answers).map(|d| Box::new(d) as Box<dyn Resolution>)
}

/// One game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameDoc {
    /// Name shown in titles, e.g. "Table 3, round 2".
    pub name: String,
    /// The rule system.
    pub system: RuleSystem,
    /// The table with its terrain, markers and models; `None` until the
    /// first edit (the system's default table is shown).
    #[serde(default)]
    pub table: Option<Table>,
    /// Resolutions made during the game, oldest first.
    #[serde(default)]
    pub resolutions: Vec<SavedResolution>,
    /// Free notes.
    #[serde(default)]
    pub notes: String,
    /// War machines of a Confrontation game (cards and state).
    #[serde(default)]
    pub machines: Vec<GameMachine>,
    /// RES, INI and level of the figure pieces of a Confrontation table,
    /// by piece id.
    #[serde(default)]
    pub figures: BTreeMap<u64, FigureStats>,
}

impl GameDoc {
    /// A new, empty game.
    pub fn new(name: impl Into<String>, system: RuleSystem) -> Self {
        Self {
            name: name.into(),
            system,
            table: Some(system.default_table()),
            resolutions: Vec::new(),
            notes: String::new(),
            machines: Vec::new(),
            figures: BTreeMap::new(),
        }
    }

    /// The table, or the system's default table if none is saved yet.
    pub fn table_or_default(&self) -> Table {
        self.table
            .clone()
            .unwrap_or_else(|| self.system.default_table())
    }

    /// Problems serde cannot see.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if let Some(table) = &self.table {
            for violation in table.violations(&self.system.table_rules()) {
                problems.push(format!("table: {violation}"));
            }
        }
        if self.name.trim().is_empty() {
            problems.push("name: must not be empty".to_owned());
        }
        for (i, resolution) in self.resolutions.iter().enumerate() {
            if let Err(e) = resolution.check() {
                problems.push(format!("resolutions[{i}]: {e}"));
            }
            for m in resolution.resolver.machines() {
                if m >= self.machines.len() {
                    problems.push(format!(
                        "resolutions[{i}]: machine {} does not exist",
                        m + 1
                    ));
                }
            }
        }
        for (id, stats) in &self.figures {
            if let Err(e) = stats.check() {
                problems.push(format!("figures[{id}]: {e}"));
            }
        }
        problems
    }
}
