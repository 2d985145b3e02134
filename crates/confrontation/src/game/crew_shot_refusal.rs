//! Why a crew figure may not shoot with its own weapon now (text line
//! 408), typed, with its English sentence (`Display`) and its catalogue
//! message (`conf.game.refusal.crew_shot.…`), the figure by name.

use std::fmt;

use feldherr_dice::step::Message;
use feldherr_play::Id;

/// Why a crew figure may not shoot with its own ranged weapon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CrewShotRefusal {
    /// No crew figure has this id.
    Unknown(Id),
    /// It served its machine this round.
    Served(String),
    /// It touches an enemy.
    Engaged(String),
    /// It is dead.
    Dead(String),
}

impl fmt::Display for CrewShotRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CrewShotRefusal::Unknown(id) => write!(f, "crew figure {id} does not exist"),
            CrewShotRefusal::Served(n) => write!(f, "{n} served its machine this round"),
            CrewShotRefusal::Engaged(n) => write!(f, "{n} touches an enemy"),
            CrewShotRefusal::Dead(n) => write!(f, "{n}: dead"),
        }
    }
}

impl CrewShotRefusal {
    /// The refusal as a catalogue message.
    pub fn message(&self) -> Message {
        let named = |key: &str, name: &str| {
            Message::new(format!("conf.game.refusal.crew_shot.{key}")).text("name", name)
        };
        match self {
            CrewShotRefusal::Unknown(id) => named("unknown", &id.to_string()),
            CrewShotRefusal::Served(n) => named("served", n),
            CrewShotRefusal::Engaged(n) => named("engaged", n),
            CrewShotRefusal::Dead(n) => named("dead", n),
        }
    }
}
