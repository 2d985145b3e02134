//! An event document: one kind of event (players, pairings, results,
//! standings) and the games it hosts, whose results feed it.

use feldherr_play::Problem;
use serde::{Deserialize, Serialize};

use super::GameDoc;
use crate::registry::SystemEvent;

/// A game an event hosts, in one of the event's roles (for example the
/// sled race of the New Year event).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostedGame {
    /// The role, one of the event's slots; unique within the event.
    pub role: String,
    /// The game.
    pub game: GameDoc,
}

/// An event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventDoc {
    /// The event itself, with its `event` tag.
    pub event: SystemEvent,
    /// The games it hosts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hosted: Vec<HostedGame>,
}

impl EventDoc {
    /// An event of any kind with no hosted games.
    pub fn new(event: SystemEvent) -> Self {
        Self {
            event,
            hosted: Vec::new(),
        }
    }

    /// The event's name.
    pub fn name(&self) -> &str {
        self.event.name()
    }

    /// The hosted game in `role`.
    pub fn hosted(&self, role: &str) -> Option<&HostedGame> {
        self.hosted.iter().find(|h| h.role == role)
    }

    /// The hosted game in `role`, to change it.
    pub fn hosted_mut(&mut self, role: &str) -> Option<&mut HostedGame> {
        self.hosted.iter_mut().find(|h| h.role == role)
    }

    /// Problems serde cannot see: the event's own, each hosted game's,
    /// and hosted games in roles the event does not have.
    pub fn problems(&self) -> Vec<Problem> {
        let mut problems: Vec<Problem> = self
            .event
            .problems()
            .into_iter()
            .map(|p| p.under("event"))
            .collect();
        let slots = self.event.slots();
        for (i, hosted) in self.hosted.iter().enumerate() {
            let path = format!("hosted[{i}]");
            match slots.iter().find(|s| s.role == hosted.role) {
                None => problems.push(Problem::new(
                    format!("{path}.role"),
                    format!("the event has no role \"{}\"", hosted.role),
                )),
                Some(slot) if slot.system != hosted.game.system() => problems.push(Problem::new(
                    format!("{path}.game"),
                    format!(
                        "the role \"{}\" takes a {} game, not {}",
                        hosted.role,
                        slot.system,
                        hosted.game.system()
                    ),
                )),
                Some(slot) => {
                    if let Some(problem) = players_differ(slot, hosted) {
                        problems.push(problem.under(&path));
                    }
                }
            }
            if self.hosted[..i].iter().any(|h| h.role == hosted.role) {
                problems.push(Problem::new(
                    format!("{path}.role"),
                    format!("\"{}\" is hosted twice", hosted.role),
                ));
            }
            for p in hosted.game.problems() {
                problems.push(p.under(&format!("{path}.game")));
            }
        }
        problems
    }
}

/// A warning when a hosted game does not report every player its slot
/// seats (a player renamed in the event after the game was seated, or a
/// game edited by hand): the event would miss his result, so the organiser
/// should look. A game may report more sides than the slot seats (the New
/// Year race lists a mounted character who did not start).
fn players_differ(slot: &feldherr_play::HostedSlot, hosted: &HostedGame) -> Option<Problem> {
    let report = hosted.game.game.report()?;
    if report.sides.is_empty() {
        return None;
    }
    let missing: Vec<&str> = slot
        .players
        .iter()
        .filter(|name| !report.sides.iter().any(|s| &s.player == *name))
        .map(String::as_str)
        .collect();
    if missing.is_empty() {
        return None;
    }
    let reported: Vec<&str> = report.sides.iter().map(|s| s.player.as_str()).collect();
    Some(
        Problem::new(
            "game",
            format!(
                "the event seats {} in \"{}\" but the game does not report them (it reports {})",
                missing.join(", "),
                slot.role,
                reported.join(", ")
            ),
        )
        .warning(),
    )
}
