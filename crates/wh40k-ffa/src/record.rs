//! The game's record: every event that changed a unit, in order, and what
//! the screens and the game record read from it (a unit's history, the
//! rounds with their turn order and combats).

use crate::refusal::{invalid, say};
use feldherr_play::{Id, PlayError, SavedResolution};
use serde::{Deserialize, Serialize};

use crate::army::{Player, Seat};
use crate::combat::{Combat, CombatOutcome};
use crate::resolution::{FfaOutcome, FfaResolution};
use crate::units::{self, UnitState, When};

/// The most events a game records (a bound on the work of checking it).
pub const MAX_EVENTS: usize = 10_000;

/// What an event of the record did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum EventKind {
    /// The result of a finished close combat was confirmed and applied to
    /// its units (F3, F4).
    Combat {
        /// The combat's resolution id.
        resolution: Id,
    },
    /// Models lost outside close combat (shooting and the like).
    Losses {
        /// The unit.
        unit: Id,
        /// Models lost.
        lost: u32,
        /// Who caused them, if the players said.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Seat>,
    },
    /// A fleeing unit rallied (PF1).
    Rallied {
        /// The unit.
        unit: Id,
    },
    /// The players took a unit off the table (PF1).
    Removed {
        /// The unit.
        unit: Id,
    },
}

/// One event of the record, with the turn it happened in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitEvent {
    /// The round, from 1.
    pub round: usize,
    /// Whose turn it was.
    pub turn_of: Seat,
    /// What happened.
    pub what: EventKind,
}

impl UnitEvent {
    pub(crate) fn when(&self) -> When {
        When {
            round: self.round,
            turn_of: self.turn_of,
        }
    }
}

/// How a unit came out of one combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatFate {
    /// Its side won (alone or tied), F3.
    Won,
    /// Its side lost and it passed its Leadership test.
    Held,
    /// It failed its test and fled.
    Fled,
    /// It fled and a sweeping advance caught it (F4).
    Caught,
    /// Its last models fell in the combat.
    Destroyed,
}

impl CombatFate {
    /// The catalogue key (`wh40k_ffa.fate.*`).
    pub fn label_key(self) -> &'static str {
        match self {
            CombatFate::Won => "wh40k_ffa.fate.won",
            CombatFate::Held => "wh40k_ffa.fate.held",
            CombatFate::Fled => "wh40k_ffa.fate.fled",
            CombatFate::Caught => "wh40k_ffa.fate.caught",
            CombatFate::Destroyed => "wh40k_ffa.fate.destroyed",
        }
    }
}

/// One entry of a unit's history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HistoryKind {
    /// It fought a close combat.
    Fought {
        /// The combat's resolution id.
        combat: Id,
        /// The other players in it.
        against: Vec<Seat>,
        /// Models before the combat.
        models_before: u32,
        /// Models lost in it (the casualties typed for it).
        lost: u32,
        /// Models after it (0 when destroyed).
        models_after: u32,
        /// How it came out.
        fate: CombatFate,
    },
    /// It lost models outside close combat.
    Losses {
        /// Models lost.
        lost: u32,
        /// Who caused them, if the players said.
        by: Option<Seat>,
        /// Models after.
        models_after: u32,
    },
    /// It rallied (PF1).
    Rallied,
    /// It was taken off the table (PF1).
    Removed,
}

/// One entry of a unit's history with its turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryEntry {
    /// The round.
    pub round: usize,
    /// Whose turn it was.
    pub turn_of: Seat,
    /// What happened to the unit.
    pub what: HistoryKind,
}

/// One round for the game record: the turn order and the combats fought.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    /// The round, from 1.
    pub round: usize,
    /// Who played, in order (F2).
    pub order: Vec<Seat>,
    /// The combats fought in it, by resolution id, with whose turn each
    /// was fought in; combats not yet applied are included.
    pub combats: Vec<(Seat, Id)>,
}

/// The combat and outcome of an applied combat resolution.
pub(crate) fn applied_combat(
    resolutions: &[SavedResolution<FfaResolution>],
    id: Id,
) -> Option<(&Combat, &CombatOutcome)> {
    let r = resolutions.iter().find(|r| r.id() == id)?;
    match (r.kind(), r.outcome()) {
        (FfaResolution::Combat(c), Some(FfaOutcome::Combat(o))) if r.applied() => Some((c, o)),
        _ => None,
    }
}

/// Applies one event to `states`.
pub(crate) fn apply_event(
    states: &mut [UnitState],
    players: &[Player],
    resolutions: &[SavedResolution<FfaResolution>],
    event: &UnitEvent,
) -> Result<(), PlayError> {
    let when = event.when();
    match &event.what {
        EventKind::Combat { resolution } => {
            let (combat, outcome) = applied_combat(resolutions, *resolution).ok_or_else(|| {
                invalid(
                    "what.combat.resolution",
                    resolution,
                    say("record.no_applied_finished_combat_has"),
                )
            })?;
            if (combat.round, combat.turn_of) != (event.round, event.turn_of) {
                return Err(invalid(
                    "round",
                    event.round,
                    say("record.combat_was_fought_round_s")
                        .text("round", event.round.to_string())
                        .text("combat_round", combat.round.to_string())
                        .text(
                            "of",
                            units::player_name(players, combat.turn_of).to_string(),
                        ),
                ));
            }
            units::apply_combat(states, players, *resolution, combat, outcome)
        }
        EventKind::Losses { unit, lost, by } => {
            units::apply_losses(states, players, *unit, *lost, *by, when)
        }
        EventKind::Rallied { unit } => units::rally(states, players, *unit, when),
        EventKind::Removed { unit } => units::remove(states, players, *unit, when),
    }
}

/// The units as the record makes them, from the armies: the state a
/// sound saved game must hold. The error names the event that does not
/// fit (its index).
pub(crate) fn replay(
    players: &[Player],
    record: &[UnitEvent],
    resolutions: &[SavedResolution<FfaResolution>],
) -> Result<Vec<UnitState>, (usize, PlayError)> {
    let mut states = units::fresh(players);
    for (i, event) in record.iter().enumerate() {
        apply_event(&mut states, players, resolutions, event).map_err(|e| (i, e))?;
    }
    Ok(states)
}

/// The history of `unit`, oldest first.
pub(crate) fn history(
    players: &[Player],
    record: &[UnitEvent],
    resolutions: &[SavedResolution<FfaResolution>],
    unit: Id,
) -> Vec<HistoryEntry> {
    let Some(start) = players.iter().find_map(|p| p.unit(unit)).map(|u| u.models) else {
        return Vec::new();
    };
    let mut models = start;
    let mut out = Vec::new();
    for event in record {
        let what = match &event.what {
            EventKind::Combat { resolution } => {
                let Some((combat, outcome)) = applied_combat(resolutions, *resolution) else {
                    continue;
                };
                let Some((seat, cu)) = combat
                    .sides
                    .iter()
                    .find_map(|s| s.units.iter().find(|u| u.unit == unit).map(|u| (s.seat, u)))
                else {
                    continue;
                };
                let caught = outcome.destroyed.contains(&unit);
                let fate = if cu.models == 0 {
                    CombatFate::Destroyed
                } else if caught {
                    CombatFate::Caught
                } else if outcome.winners.contains(&seat) {
                    CombatFate::Won
                } else if outcome.fleeing.contains(&unit) {
                    CombatFate::Fled
                } else {
                    CombatFate::Held
                };
                let after = if caught { 0 } else { cu.models };
                let entry = HistoryKind::Fought {
                    combat: *resolution,
                    against: combat
                        .sides
                        .iter()
                        .map(|s| s.seat)
                        .filter(|s| *s != seat)
                        .collect(),
                    models_before: models,
                    lost: cu.lost,
                    models_after: after,
                    fate,
                };
                models = after;
                entry
            }
            EventKind::Losses { unit: u, lost, by } if *u == unit => {
                models = models.saturating_sub(*lost);
                HistoryKind::Losses {
                    lost: *lost,
                    by: *by,
                    models_after: models,
                }
            }
            EventKind::Rallied { unit: u } if *u == unit => HistoryKind::Rallied,
            EventKind::Removed { unit: u } if *u == unit => HistoryKind::Removed,
            _ => continue,
        };
        out.push(HistoryEntry {
            round: event.round,
            turn_of: event.turn_of,
            what,
        });
    }
    out
}
