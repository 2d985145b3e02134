//! Why a figure cannot help capture a machine, and why a machine cannot be
//! captured now (Übernahme, text lines 304-312; PC9): typed, with their
//! English sentence (`Display`) and their catalogue message
//! (`conf.game.refusal.captor.…`, `conf.game.refusal.capture.…`), so the
//! Crew and capture tab says them in the interface's language. Machines,
//! figures and sides are named by name.

use std::fmt;

use feldherr_dice::step::Message;

/// Why a figure touching a machine does not qualify as one of its captors.
#[derive(Debug, Clone, PartialEq)]
pub enum CaptorRefusal {
    /// The figure has no values entered.
    NoValues(String),
    /// The figure is dead.
    Dead(String),
    /// The figure fights for the side holding the machine.
    HoldersSide(String),
    /// The figure is of another side than the captors before it.
    MixedSides(String),
    /// The figure does not touch the machine on the table.
    NotTouching {
        /// The figure.
        name: String,
        /// The machine.
        machine: String,
    },
    /// The figure touches an enemy.
    Engaged(String),
    /// The figure does not meet the machine's requirement for auxiliaries.
    Requirement {
        /// The figure.
        name: String,
        /// The machine.
        machine: String,
    },
    /// The figure already serves a machine, as crew or auxiliary.
    AlreadyCrew {
        /// The figure.
        name: String,
        /// The machine it serves.
        machine: String,
    },
}

impl fmt::Display for CaptorRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaptorRefusal::NoValues(n) => write!(f, "{n}: no values entered for this figure"),
            CaptorRefusal::Dead(n) => write!(f, "{n}: dead"),
            CaptorRefusal::HoldersSide(n) => write!(f, "{n} fights for the side holding it"),
            CaptorRefusal::MixedSides(n) => write!(f, "{n}: the captors must be of one side"),
            CaptorRefusal::NotTouching { name, machine } => {
                write!(f, "{name} does not touch {machine}")
            }
            CaptorRefusal::Engaged(n) => write!(f, "{n} is engaged with an enemy"),
            CaptorRefusal::Requirement { name, machine } => write!(
                f,
                "{name} does not meet {machine}'s requirement for auxiliaries"
            ),
            CaptorRefusal::AlreadyCrew { name, machine } => {
                write!(f, "{name} already serves {machine}")
            }
        }
    }
}

impl CaptorRefusal {
    /// The refusal as a catalogue message.
    pub fn message(&self) -> Message {
        let named = |key: &str, name: &str| {
            Message::new(format!("conf.game.refusal.captor.{key}")).text("name", name)
        };
        match self {
            CaptorRefusal::NoValues(n) => named("no_values", n),
            CaptorRefusal::Dead(n) => named("dead", n),
            CaptorRefusal::HoldersSide(n) => named("holders_side", n),
            CaptorRefusal::MixedSides(n) => named("mixed_sides", n),
            CaptorRefusal::NotTouching { name, machine } => {
                named("not_touching", name).text("machine", machine)
            }
            CaptorRefusal::Engaged(n) => named("engaged", n),
            CaptorRefusal::Requirement { name, machine } => {
                named("requirement", name).text("machine", machine)
            }
            CaptorRefusal::AlreadyCrew { name, machine } => {
                named("already_crew", name).text("machine", machine)
            }
        }
    }
}

/// Why a machine cannot be captured now.
#[derive(Debug, Clone, PartialEq)]
pub enum CaptureRefusal {
    /// The machine is destroyed.
    Destroyed(String),
    /// The machine has no BES: its crew is part of it (PC9).
    NoBes(String),
    /// A model of the side holding it is 10 cm or closer.
    HolderNear {
        /// The model.
        name: String,
        /// The side holding the machine.
        side: String,
        /// Its distance, in tenths of a cm (edge to edge).
        tenths_cm: u64,
        /// The machine.
        machine: String,
    },
    /// A crew figure without a piece still touches it.
    StillTouches {
        /// The crew figure.
        name: String,
        /// The machine.
        machine: String,
    },
    /// A figure of the holding side has no piece: the referee must confirm
    /// it is farther than 10 cm.
    Unplaced {
        /// The figure.
        name: String,
        /// The side holding the machine.
        side: String,
    },
    /// Fewer qualified captors than its BES.
    TooFew {
        /// Qualified captors.
        qualified: usize,
        /// The machine.
        machine: String,
        /// Its BES.
        needed: u32,
    },
}

impl fmt::Display for CaptureRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaptureRefusal::Destroyed(m) => write!(f, "{m}: destroyed"),
            CaptureRefusal::NoBes(m) => write!(
                f,
                "{m}: no BES on its card: its crew is part of it and it cannot be captured (PC9)"
            ),
            CaptureRefusal::HolderNear {
                name,
                side,
                tenths_cm,
                machine,
            } => write!(
                f,
                "{name} of {side} is {}.{} cm from {machine} (10 cm or closer)",
                tenths_cm / 10,
                tenths_cm % 10
            ),
            CaptureRefusal::StillTouches { name, machine } => {
                write!(f, "{name} still touches {machine}")
            }
            CaptureRefusal::Unplaced { name, side } => write!(
                f,
                "{name} of {side} has no piece on the table: confirm that it is farther than 10 cm"
            ),
            CaptureRefusal::TooFew {
                qualified,
                machine,
                needed,
            } => write!(
                f,
                "{qualified} qualified figure(s) touch {machine}, BES needs {needed}"
            ),
        }
    }
}

impl CaptureRefusal {
    /// The refusal as a catalogue message (a distance as whole cm and
    /// tenths, so each language writes its own decimal mark).
    pub fn message(&self) -> Message {
        let key = |k: &str| Message::new(format!("conf.game.refusal.capture.{k}"));
        match self {
            CaptureRefusal::Destroyed(m) => key("destroyed").text("machine", m),
            CaptureRefusal::NoBes(m) => key("no_bes").text("machine", m),
            CaptureRefusal::HolderNear {
                name,
                side,
                tenths_cm,
                machine,
            } => key("holder_near")
                .text("name", name)
                .text("side", side)
                .int("cm", i64::try_from(tenths_cm / 10).unwrap_or(i64::MAX))
                .int("tenths", i64::try_from(tenths_cm % 10).unwrap_or(0))
                .text("machine", machine),
            CaptureRefusal::StillTouches { name, machine } => key("still_touches")
                .text("name", name)
                .text("machine", machine),
            CaptureRefusal::Unplaced { name, side } => {
                key("unplaced").text("name", name).text("side", side)
            }
            CaptureRefusal::TooFew {
                qualified,
                machine,
                needed,
            } => key("too_few")
                .int("qualified", i64::try_from(*qualified).unwrap_or(i64::MAX))
                .text("machine", machine)
                .int("needed", *needed),
        }
    }
}
