//! A game document: one game of one rule system.

use feldherr_confrontation::DamageRoll;
use feldherr_dice::step::{Answer, Driver, Resolution};
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
    /// Confrontation damage table (C1).
    ConfrontationDamage {
        /// Attacker's STR.
        strength: i32,
        /// Machine's RES.
        resilience: i32,
        /// Sacred weapon.
        #[serde(default)]
        sacred: bool,
    },
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
            ResolutionKind::ConfrontationDamage {
                strength,
                resilience,
                sacred,
            } => {
                let roll = DamageRoll::new(*strength, *resilience)
                    .map_err(|e| e.to_string())?
                    .sacred(*sacred);
                Driver::replay(roll, &self.answers)
                    .map(|d| Box::new(d) as Box<dyn Resolution>)
                    .map_err(|e| e.to_string())
            }
        }
    }
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
        }
        problems
    }
}
