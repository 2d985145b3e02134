//! The crate's words as catalogue messages (`conf.…` keys), so that a
//! record sheet or the app can show every log line, roll purpose, choice,
//! title and outcome in German as well as in English.
//!
//! - [`messages`]: the catalogue of every key, per language (JSON object of
//!   key to sentence with `{name}` placeholders).
//! - [`TitleMessage`]: a resolver's title as a message.
//! - [`OutcomeMessage`]: a resolution's outcome as a message.
//! - [`abbreviation_message`]: the explanation label of a card abbreviation
//!   (`conf.abbr.BEW` = "BEW (movement)", German "BEW (Bewegung)").
//!
//! The log steps, roll requests and choices the resolvers write carry their
//! message (`LogStep::message`, `RollRequest::message`,
//! `ChoiceRequest::message`); the step protocol's own keys (`step.rolled`,
//! `step.chose`) are in `feldherr_play::step_messages`.
//!
//! ```
//! use feldherr_confrontation::{DamageRoll, OutcomeMessage, TitleMessage, messages};
//! use feldherr_dice::step::Driver;
//! use feldherr_play::{Catalogue, Lang, step_messages};
//!
//! let mut de = Catalogue::parse("step", step_messages(Lang::De))?;
//! de.extend(Catalogue::parse("conf", messages(Lang::De))?);
//! let roll = DamageRoll::new(10, 14)?;
//! assert_eq!(de.render(&roll.title_message()).as_deref(), Some("Schadenstabelle: STÄ 10 gegen WK 14"));
//! let mut driver = Driver::new(roll);
//! driver.answer_dice(vec![3, 5])?;
//! let outcome = driver.outcome().ok_or("no outcome")?;
//! assert_eq!(de.render(&outcome.message()).as_deref(), Some("1 SP verloren (Struktur, Schaden 4)"));
//! assert_eq!(de.log_line(&driver.log()[1]), "[C1] Kleinerer Würfel 3: Spalte Struktur");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use feldherr_dice::step::Message;
use feldherr_play::Lang;

use crate::{
    ArtilleryClass, ConfrontationResult, CounterFireOutcome, DamageKind, DamageOutcome, Fate,
    FigureWound, FireResult, Incident, InstabilOutcome, Instability, Location, PassengerHit,
    PenetrationOutcome, PenetrationStop, PressureOutcome, PressureResult, RammingOutcome,
    RepairOutcome, RepairResult, SickleResult, SteamMarkers, SteamOutcome, WoundLevel, ZoneOutcome,
};

/// The catalogue of every `conf.…` key in `lang`: a JSON object of key to
/// sentence with `{name}` placeholders.
pub fn messages(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../messages/en.json"),
        Lang::De => include_str!("../messages/de.json"),
    }
}

/// The card abbreviations that have an explanation label
/// (`conf.abbr.<ABBR>`). The cards keep the German abbreviations in every
/// language; the label beside one explains it. `STR` and `RES` are the
/// English names the app uses for STÄ and WK; their German labels give
/// the card's own abbreviation ("STÄ (Stärke)", "WK (Widerstandskraft)").
pub const ABBREVIATIONS: [&str; 14] = [
    "GEW", "BEW", "FER", "SP", "BES", "INI", "ATT", "VER", "PAR", "MUT", "DIS", "STR", "RES", "WK",
];

/// The explanation label of a card abbreviation, e.g. `BEW` renders
/// "BEW (movement)" in English and "BEW (Bewegung)" in German; `None` for
/// an abbreviation not in [`ABBREVIATIONS`].
pub fn abbreviation_message(abbreviation: &str) -> Option<Message> {
    ABBREVIATIONS
        .contains(&abbreviation)
        .then(|| Message::new(format!("conf.abbr.{abbreviation}")))
}

/// A resolver's title as a catalogue message (its English rendering is
/// close to `Resolver::title`).
pub trait TitleMessage {
    /// The title as a message.
    fn title_message(&self) -> Message;
}

/// A resolution's outcome (or a result) as a catalogue message: one line
/// that says how it ended.
pub trait OutcomeMessage {
    /// The outcome as a message.
    fn message(&self) -> Message;
}

impl Location {
    /// The catalogue key of the column's name.
    pub fn message_key(self) -> &'static str {
        match self {
            Location::Fahrwerk => "conf.location.fahrwerk",
            Location::Huelle => "conf.location.huelle",
            Location::Struktur => "conf.location.struktur",
            Location::Motor => "conf.location.motor",
        }
    }
}

impl WoundLevel {
    /// The catalogue key of the level's name.
    pub fn message_key(self) -> &'static str {
        match self {
            WoundLevel::None => "conf.wound.none",
            WoundLevel::Light => "conf.wound.light",
            WoundLevel::Serious => "conf.wound.serious",
            WoundLevel::Critical => "conf.wound.critical",
            WoundLevel::Killed => "conf.wound.killed",
        }
    }
}

impl Incident {
    /// The catalogue key of the incident's name.
    pub fn message_key(self) -> &'static str {
        match self {
            Incident::Explosion => "conf.incident.explosion",
            Incident::Overheat => "conf.incident.overheat",
            Incident::Cracked => "conf.incident.cracked",
            Incident::DamagedValve => "conf.incident.damaged_valve",
            Incident::Leak => "conf.incident.leak",
            Incident::TotalFailure => "conf.incident.total_failure",
        }
    }
}

impl FireResult {
    /// The catalogue key of the result's name.
    pub fn message_key(self) -> &'static str {
        match self {
            FireResult::Jammed => "conf.fire.jammed",
            FireResult::Missed => "conf.fire.missed",
            FireResult::Hit => "conf.fire.hit",
        }
    }
}

impl RepairResult {
    /// The catalogue key of the result's name.
    pub fn message_key(self) -> &'static str {
        match self {
            RepairResult::Worse => "conf.repair.worse",
            RepairResult::Nothing => "conf.repair.nothing",
            RepairResult::Repaired => "conf.repair.repaired",
        }
    }
}

impl Fate {
    /// The catalogue key of the fate's name.
    pub fn message_key(self) -> &'static str {
        match self {
            Fate::Survives => "conf.fate.survives",
            Fate::Killed => "conf.fate.killed",
            Fate::Destroyed => "conf.fate.destroyed",
        }
    }
}

impl ArtilleryClass {
    /// The catalogue key of the class's name.
    pub fn message_key(self) -> &'static str {
        match self {
            ArtilleryClass::Light => "conf.class.light",
            ArtilleryClass::Heavy => "conf.class.heavy",
        }
    }
}

/// The catalogue key of a damage table row label ([`crate::ROW_LABELS`]).
pub(crate) fn row_key(row: usize) -> String {
    format!("conf.damage.row.{}", row.min(5))
}

impl OutcomeMessage for Location {
    fn message(&self) -> Message {
        Message::new(self.message_key())
    }
}

impl OutcomeMessage for WoundLevel {
    fn message(&self) -> Message {
        Message::new(self.message_key())
    }
}

impl OutcomeMessage for Incident {
    fn message(&self) -> Message {
        Message::new(self.message_key())
    }
}

impl OutcomeMessage for FireResult {
    fn message(&self) -> Message {
        Message::new(self.message_key())
    }
}

impl OutcomeMessage for Fate {
    fn message(&self) -> Message {
        Message::new(self.message_key())
    }
}

impl OutcomeMessage for ConfrontationResult {
    fn message(&self) -> Message {
        match self {
            ConfrontationResult::Fumble => Message::new("conf.result.fumble"),
            ConfrontationResult::Total(t) => Message::new("conf.result.total").int("total", *t),
        }
    }
}

impl OutcomeMessage for PressureResult {
    fn message(&self) -> Message {
        match self {
            PressureResult::Incident => Message::new("conf.result.incident"),
            PressureResult::Bonus(b) => Message::new("conf.result.bonus").int("bonus", *b),
        }
    }
}

impl OutcomeMessage for DamageOutcome {
    fn message(&self) -> Message {
        let sp = self.sp_lost;
        match self.kind {
            DamageKind::Table { location, damage } => Message::new("conf.outcome.damage.table")
                .int("sp", sp)
                .key("location", location.message_key())
                .int("damage", damage),
            DamageKind::Critical { double } => Message::new("conf.outcome.damage.critical")
                .int("sp", sp)
                .int("double", double),
            DamageKind::InstantDeath { double } => {
                Message::new("conf.outcome.damage.instant_death")
                    .int("sp", sp)
                    .int("double", double)
            }
        }
    }
}

impl OutcomeMessage for FigureWound {
    fn message(&self) -> Message {
        Message::new("conf.outcome.wound")
            .key("level", self.level.message_key())
            .int("total", self.total)
            .int("die", self.location_die)
    }
}

impl OutcomeMessage for ZoneOutcome {
    fn message(&self) -> Message {
        let under = self.hits.len() as i64;
        let hits = self.hits.iter().filter(|h| h.result.is_some()).count() as i64;
        match (self.fire, self.deviation) {
            (FireResult::Jammed, _) => Message::new("conf.outcome.zone.jammed"),
            (_, Some((cm, dir))) => Message::new("conf.outcome.zone.deviated")
                .int("cm", cm.round() as i64)
                .int("dir", dir)
                .int("hits", hits)
                .int("under", under),
            (_, None) => Message::new("conf.outcome.zone.hit")
                .int("hits", hits)
                .int("under", under),
        }
    }
}

impl OutcomeMessage for PenetrationOutcome {
    fn message(&self) -> Message {
        let key = match self.stop {
            PenetrationStop::Stuck => "conf.outcome.penetration.stuck",
            PenetrationStop::RangeEnd => "conf.outcome.penetration.range_end",
        };
        Message::new(key).int("hits", self.hits.len() as i64)
    }
}

impl OutcomeMessage for CounterFireOutcome {
    fn message(&self) -> Message {
        match &self.hit {
            Some(p) => {
                Message::new("conf.outcome.counter_fire.hit").nested("penetration", p.message())
            }
            None => {
                Message::new("conf.outcome.counter_fire.none").key("fire", self.fire.message_key())
            }
        }
    }
}

impl OutcomeMessage for RepairOutcome {
    fn message(&self) -> Message {
        let key = match self.result {
            RepairResult::Worse => "conf.outcome.repair.worse",
            RepairResult::Nothing => "conf.outcome.repair.nothing",
            RepairResult::Repaired => "conf.outcome.repair.repaired",
        };
        Message::new(key)
            .key("result", self.result.message_key())
            .int("sp", self.sp_lost)
    }
}

/// The state Instabil left, as a message.
fn instability_message(state: Instability) -> Message {
    match state {
        Instability::Figure(level) => Message::new(level.message_key()),
        Instability::Structure(sp) => Message::new("conf.state.sp_left").int("sp", sp),
    }
}

impl OutcomeMessage for Instability {
    fn message(&self) -> Message {
        instability_message(*self)
    }
}

impl OutcomeMessage for InstabilOutcome {
    fn message(&self) -> Message {
        Message::new("conf.outcome.instabil")
            .int("hits", self.hits)
            .nested("state", instability_message(self.after))
    }
}

impl OutcomeMessage for RammingOutcome {
    fn message(&self) -> Message {
        let key = if self.drove_through {
            "conf.outcome.ramming.through"
        } else {
            "conf.outcome.ramming.stopped"
        };
        Message::new(key)
            .int("str", self.strength)
            .int("hits", self.hits.len() as i64)
    }
}

impl OutcomeMessage for Vec<SickleResult> {
    fn message(&self) -> Message {
        Message::new("conf.outcome.sickle")
            .int("failed", self.iter().filter(|r| !r.passed).count() as i64)
            .int("n", self.len() as i64)
    }
}

impl OutcomeMessage for SteamOutcome {
    fn message(&self) -> Message {
        match self {
            SteamOutcome::Blocked => Message::new("conf.outcome.pressure.blocked"),
            SteamOutcome::Bonus(b) => Message::new("conf.outcome.pressure.bonus").int("bonus", *b),
            SteamOutcome::Incident(i) => {
                Message::new("conf.outcome.pressure.incident").key("incident", i.message_key())
            }
        }
    }
}

impl OutcomeMessage for PressureOutcome {
    fn message(&self) -> Message {
        self.result.message()
    }
}

/// The outcome of a [`crate::TotalFailureCheck`]: whether the machine
/// works this round.
impl OutcomeMessage for SteamMarkers {
    fn message(&self) -> Message {
        if !self.total_failure {
            Message::new("conf.outcome.total_failure.none")
        } else if self.cleared_this_round {
            Message::new("conf.outcome.total_failure.works")
        } else {
            Message::new("conf.outcome.total_failure.blocked")
        }
    }
}

impl OutcomeMessage for Vec<PassengerHit> {
    fn message(&self) -> Message {
        Message::new("conf.outcome.passengers")
            .int("n", self.len() as i64)
            .int(
                "killed",
                self.iter()
                    .filter(|h| h.result.fate != Fate::Survives)
                    .count() as i64,
            )
    }
}
