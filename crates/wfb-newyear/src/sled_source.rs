//! Where the event's sled race result comes from, and a player's sled
//! place as the standings show it (issue 26).

use std::fmt;

use feldherr_dice::step::Message;
use serde::{Deserialize, Serialize};

/// The most drivers one sled race takes (the hosted race's limit,
/// `feldherr-sled-race`'s `MAX_ENTRANTS`); a result with more starters
/// (finishers and non-finishers) is refused.
pub const MAX_SLED_ENTRANTS: usize = 16;

/// The latest round a finisher can be given (PN6): 100 turns of three
/// rounds; no race on a table lasts that long.
pub const MAX_RACE_ROUND: u32 = 300;

/// The one source of the event's sled race result (issue 26): the race
/// run inside the event (its report feeds the result) or a finish order
/// typed in from a race run on the table. Never both: the other source's
/// edits are refused until the organiser switches
/// ([`crate::EventEdit::SetSledSource`], which discards the result).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SledSource {
    /// The race run in the event: [`crate::EventEdit::FeedSledRace`] from
    /// its report; taking back a step takes the result back out.
    Hosted,
    /// A finish order typed in ([`crate::EventEdit::SetSledRace`]).
    Typed,
}

impl SledSource {
    /// The catalogue key of the source's name.
    pub const fn label_key(self) -> &'static str {
        match self {
            Self::Hosted => "newyear.sled_source.hosted",
            Self::Typed => "newyear.sled_source.typed",
        }
    }
}

/// `the race run in the event`, `the typed finish order`.
impl fmt::Display for SledSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Hosted => "the race run in the event",
            Self::Typed => "the typed finish order",
        })
    }
}

/// A player's place in the sled race as the standings show it: empty
/// before the race has a result, and did-not-finish apart from
/// did-not-start (issue 26).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SledPlace {
    /// The race has no result yet (not run, or still running).
    NotRun,
    /// Crossed the finish line.
    Placed {
        /// Position in the finish order, from 1.
        placing: usize,
        /// The round he finished in.
        round: u32,
    },
    /// Started, did not finish.
    DidNotFinish,
    /// Did not start (no character on foot, or not entered).
    DidNotStart,
}

impl SledPlace {
    /// The cell as a catalogue message; `None` (an empty cell) before the
    /// race has a result.
    pub fn message(self) -> Option<Message> {
        match self {
            Self::NotRun => None,
            Self::Placed { placing, .. } => Some(
                Message::new("newyear.sled_place.placed")
                    .int("place", i64::try_from(placing).unwrap_or(i64::MAX)),
            ),
            Self::DidNotFinish => Some(Message::new("newyear.sled_place.dnf")),
            Self::DidNotStart => Some(Message::new("newyear.sled_place.dns")),
        }
    }
}
