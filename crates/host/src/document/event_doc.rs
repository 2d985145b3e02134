//! An event document: one kind of event (players, pairings, results,
//! standings) and the games it hosts, whose results feed it.

use feldherr_play::{Problem, Role, Seat};
use serde::{Deserialize, Serialize};

use super::GameDoc;
use super::sharing::Sharing;
use crate::registry::SystemEvent;

/// A game an event hosts, in one of the event's roles (for example the
/// sled race of the New Year event).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostedGame {
    /// The role, one of the event's slots; unique within the event.
    pub role: Role,
    /// The players the game was seated with: their ids in the event and
    /// the names the game knows them by. The game's report is matched to
    /// the event's players through these ids, so renaming a player in the
    /// event does not lose his result. Schema 3; documents of older
    /// schemas get them from the event on load ([`EventDoc::seat_unseated`]).
    #[serde(default)]
    pub seats: Vec<Seat>,
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
    /// Shared on the network (issue 30): table codes, reported results,
    /// closed rounds. Saved only when used.
    #[serde(default, skip_serializing_if = "Sharing::is_empty")]
    pub sharing: Sharing,
}

impl EventDoc {
    /// An event of any kind with no hosted games.
    pub fn new(event: SystemEvent) -> Self {
        Self {
            event,
            hosted: Vec::new(),
            sharing: Sharing::default(),
        }
    }

    /// The event's name.
    pub fn name(&self) -> &str {
        self.event.name()
    }

    /// The hosted game in `role`.
    pub fn hosted(&self, role: &Role) -> Option<&HostedGame> {
        self.hosted.iter().find(|h| h.role == *role)
    }

    /// The hosted game in `role`, to change it.
    pub fn hosted_mut(&mut self, role: &Role) -> Option<&mut HostedGame> {
        self.hosted.iter_mut().find(|h| h.role == *role)
    }

    /// Gives each hosted game saved without seats (schema 2 and older)
    /// the seats its slot has now: the migration to schema 3, after the
    /// document is typed (the slots come from the typed event). A player
    /// renamed before the migration is then missing from the game's
    /// report, and [`EventDoc::problems`] warns, as schema 2 did.
    pub fn seat_unseated(&mut self) {
        let slots = self.event.slots();
        for hosted in self.hosted.iter_mut().filter(|h| h.seats.is_empty()) {
            let Some(slot) = slots.iter().find(|s| s.role == hosted.role) else {
                continue;
            };
            hosted.seats = slot.players.clone();
        }
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
                    for problem in players_differ(slot, hosted) {
                        problems.push(problem.under(&path));
                    }
                    if let Some(problem) = self.result_differs(hosted) {
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
        problems.extend(self.sharing_problems());
        problems
    }
}

impl EventDoc {
    /// A warning when the event's result for a hosted game is not the one
    /// the game reports (a result typed over it, or the game edited by
    /// hand): taking the game's report in would change the event. An
    /// event that refuses the report has its reason already said: it takes
    /// that result from elsewhere on purpose (the New Year race's typed
    /// finish order, PN7 of its crate), or the report names players it
    /// does not seat, which [`players_differ`] warns about.
    fn result_differs(&self, hosted: &HostedGame) -> Option<Problem> {
        let report = hosted.game.game.report()?;
        let fed = self
            .event
            .feed(&hosted.role, &hosted.seats, &report)
            .ok()
            .flatten()?;
        let mut taken = self.event.clone();
        let differs = match taken.apply(&fed) {
            Ok(()) => taken != self.event,
            // The event would refuse the game's result (a clock win it
            // cannot record, say): it certainly does not hold it.
            Err(_) => true,
        };
        differs.then(|| {
            Problem::new(
                "game",
                format!(
                    "the event's result for \"{}\" is not the one the game reports; \
                     any change to the game takes the game's result in",
                    hosted.role
                ),
            )
            .warning()
        })
    }
}

/// Warnings when a hosted game and its slot no longer agree on who plays:
/// the event now seats other players in the role than the game was seated
/// with (a redrawn pairing), or the game does not report a player it was
/// seated with (a game edited by hand). Either way the event would miss a
/// result, so the organiser should look. A player renamed in the event is
/// no such case: the seat keeps his id. A game may report more sides than
/// it seats (the New Year race lists a mounted character who did not
/// start).
fn players_differ(slot: &feldherr_play::HostedSlot, hosted: &HostedGame) -> Vec<Problem> {
    let mut out = Vec::new();
    let names = |seats: &[&Seat]| -> String {
        seats
            .iter()
            .map(|s| s.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let unseated: Vec<&Seat> = slot
        .players
        .iter()
        .filter(|p| !hosted.seats.iter().any(|s| s.id == p.id))
        .collect();
    let gone: Vec<&Seat> = hosted
        .seats
        .iter()
        .filter(|s| !slot.players.iter().any(|p| p.id == s.id))
        .collect();
    if !unseated.is_empty() || !gone.is_empty() {
        out.push(
            Problem::new(
                "seats",
                format!(
                    "the event now seats {} in \"{}\" where the game was seated with {}",
                    or_nobody(&names(&unseated)),
                    slot.role,
                    or_nobody(&names(&gone)),
                ),
            )
            .warning(),
        );
    }
    let Some(report) = hosted.game.game.report() else {
        return out;
    };
    if report.sides.is_empty() {
        return out;
    }
    let missing: Vec<&Seat> = hosted
        .seats
        .iter()
        .filter(|seat| !report.sides.iter().any(|s| s.player == seat.name))
        .collect();
    if !missing.is_empty() {
        let reported: Vec<&str> = report.sides.iter().map(|s| s.player.as_str()).collect();
        out.push(
            Problem::new(
                "game",
                format!(
                    "the game in \"{}\" was seated with {} but does not report them (it reports {})",
                    slot.role,
                    names(&missing),
                    reported.join(", ")
                ),
            )
            .warning(),
        );
    }
    out
}

fn or_nobody(names: &str) -> &str {
    if names.is_empty() { "nobody" } else { names }
}
