//! An event document: the WFB New Year event (players, pairings, results,
//! sled race, standings).

use feldherr_wfb_newyear::Event;
use serde::{Deserialize, Serialize};

/// An event. The event's own data is the `feldherr-wfb-newyear` document,
/// which carries its own schema version for other programs that read it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventDoc {
    /// The New Year event.
    pub new_year: Event,
}

impl EventDoc {
    /// A new, empty event.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            new_year: Event::new(name),
        }
    }

    /// The event's name.
    pub fn name(&self) -> &str {
        &self.new_year.name
    }

    /// Problems serde cannot see: the event's own validation.
    pub fn problems(&self) -> Vec<String> {
        match self.new_year.validate() {
            Ok(()) => Vec::new(),
            Err(e) => vec![format!("new_year: {e}")],
        }
    }
}
