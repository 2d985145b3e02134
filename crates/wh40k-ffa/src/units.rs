//! What each unit carries through the game: models left, fled, destroyed
//! (by whom, in which combat and round), removed, and whom it is locked
//! in close combat with. Every change goes through the functions here, so
//! an edit and the check of a saved game (which replays the record) agree.

use crate::refusal::{invalid, not_found, refused, say};
use std::collections::BTreeSet;

use feldherr_dice::step::Message;
use feldherr_play::{Id, PlayError};
use serde::{Deserialize, Serialize};

use crate::army::{Player, Seat};
use crate::combat::{Combat, CombatOutcome};

/// How a unit was destroyed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Cause {
    /// Its last models fell in the close combat with this resolution id.
    Casualties {
        /// The combat's resolution id.
        combat: Id,
    },
    /// It fled and was caught by a sweeping advance (F4) in this combat.
    SweepingAdvance {
        /// The combat's resolution id.
        combat: Id,
    },
    /// Its last models were lost outside close combat (shooting and the
    /// like, recorded with [`crate::FfaEdit::RecordLosses`]).
    Losses,
}

impl Cause {
    /// The combat it happened in, if any.
    pub fn combat(self) -> Option<Id> {
        match self {
            Cause::Casualties { combat } | Cause::SweepingAdvance { combat } => Some(combat),
            Cause::Losses => None,
        }
    }
}

/// Where a unit stands in the game.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum UnitStatus {
    /// On the table and able to fight (it may be locked in a combat: see
    /// [`UnitState::in_combat_with`]).
    #[default]
    Active,
    /// Fleeing since a lost Leadership test; it fights no combat until the
    /// players rally or remove it (PF1).
    Fleeing {
        /// The combat it fled from.
        combat: Id,
        /// The round of that combat.
        round: usize,
    },
    /// Destroyed.
    Destroyed {
        /// The round it happened in.
        round: usize,
        /// Whose turn it was.
        turn_of: Seat,
        /// The players who destroyed it (one, or every other side of a
        /// combat when the players did not say whose casualties were last).
        by: Vec<Seat>,
        /// How.
        cause: Cause,
    },
    /// Taken off the table by the players (fled off the table, or no
    /// longer followed), with the models it had left.
    Removed {
        /// The round it happened in.
        round: usize,
        /// Whose turn it was.
        turn_of: Seat,
    },
}

impl UnitStatus {
    /// Whether the unit can still fight (neither fleeing, destroyed nor
    /// removed).
    pub fn active(&self) -> bool {
        matches!(self, UnitStatus::Active)
    }

    /// Whether the unit is out of the game for good.
    pub fn gone(&self) -> bool {
        matches!(
            self,
            UnitStatus::Destroyed { .. } | UnitStatus::Removed { .. }
        )
    }

    /// The catalogue key naming the status (`wh40k_ffa.status.*`).
    pub fn label_key(&self) -> &'static str {
        match self {
            UnitStatus::Active => "wh40k_ffa.status.active",
            UnitStatus::Fleeing { .. } => "wh40k_ffa.status.fleeing",
            UnitStatus::Destroyed { .. } => "wh40k_ffa.status.destroyed",
            UnitStatus::Removed { .. } => "wh40k_ffa.status.removed",
        }
    }
}

/// One unit's state: the saved half of "units that remember". The other
/// half is the record ([`crate::UnitEvent`]) it must agree with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitState {
    /// The unit's id in its army.
    pub unit: Id,
    /// Its player.
    pub seat: Seat,
    /// Models left (0 once destroyed).
    pub models_left: u32,
    /// Active, fleeing, destroyed or removed.
    #[serde(default)]
    pub status: UnitStatus,
    /// The enemy units it is locked in close combat with, by id, sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub in_combat_with: Vec<Id>,
}

/// A round and a player turn: where an event happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct When {
    pub round: usize,
    pub turn_of: Seat,
}

/// Every army unit at the start: all models, active, free.
pub(crate) fn fresh(players: &[Player]) -> Vec<UnitState> {
    players
        .iter()
        .enumerate()
        .flat_map(|(seat, p)| {
            p.army.iter().map(move |u| UnitState {
                unit: u.id,
                seat,
                models_left: u.models,
                status: UnitStatus::Active,
                in_combat_with: Vec::new(),
            })
        })
        .collect()
}

/// A unit named with its player, as a catalogue message each language
/// says its own way ("Taktischer Trupp of Anna", "Taktischer Trupp von
/// Anna"); a unit no army has (broken data only) is named without its id.
pub(crate) fn label(players: &[Player], unit: Id) -> Message {
    players
        .iter()
        .find_map(|p| {
            p.unit(unit).map(|u| {
                say("units.label")
                    .text("unit", u.name.clone())
                    .text("player", p.name.clone())
            })
        })
        .unwrap_or_else(|| say("units.label_unknown"))
}

/// The player's name at `seat`.
pub(crate) fn player_name(players: &[Player], seat: Seat) -> String {
    players
        .get(seat)
        .map_or_else(|| format!("player {}", seat + 1), |p| p.name.clone())
}

pub(crate) fn find(units: &[UnitState], unit: Id) -> Option<&UnitState> {
    units.iter().find(|u| u.unit == unit)
}

fn find_mut(units: &mut [UnitState], unit: Id) -> Option<&mut UnitState> {
    units.iter_mut().find(|u| u.unit == unit)
}

/// Why `st` may not act, as a refusal message; `None` for an active unit
/// with models left.
pub(crate) fn not_active_message(players: &[Player], st: &UnitState) -> Option<Message> {
    let name = label(players, st.unit);
    let m = match &st.status {
        UnitStatus::Active if st.models_left == 0 => say("units.no_models_left"),
        UnitStatus::Active => return None,
        UnitStatus::Fleeing { round, .. } => say("units.fleeing").int("round", *round as i64),
        UnitStatus::Destroyed { round, cause, .. } => match cause.combat() {
            Some(_) => say("units.destroyed_in_combat").int("round", *round as i64),
            None => say("units.destroyed").int("round", *round as i64),
        },
        UnitStatus::Removed { round, .. } => say("units.removed").int("round", *round as i64),
    };
    Some(m.nested("name", name))
}

/// Drops every lock on a unit that is no longer active, then frees the
/// units of every close combat in which only one player still fights.
pub(crate) fn settle_locks(units: &mut [UnitState]) {
    let active: BTreeSet<Id> = units
        .iter()
        .filter(|u| u.status.active() && u.models_left > 0)
        .map(|u| u.unit)
        .collect();
    for u in units.iter_mut() {
        if active.contains(&u.unit) {
            u.in_combat_with.retain(|o| active.contains(o));
        } else {
            u.in_combat_with.clear();
        }
    }
    // Locks are only ever to other players' units, so a unit whose
    // enemies are all gone has an empty list: it is free again.
    for u in units.iter_mut() {
        u.in_combat_with.sort();
        u.in_combat_with.dedup();
    }
}

/// The close combats going on: groups of units locked together, each
/// sorted by id, in the order of their smallest id.
pub(crate) fn engagements(units: &[UnitState]) -> Vec<Vec<Id>> {
    let mut seen = BTreeSet::new();
    let mut groups = Vec::new();
    for start in units.iter().filter(|u| !u.in_combat_with.is_empty()) {
        if seen.contains(&start.unit) {
            continue;
        }
        let mut group = BTreeSet::new();
        let mut stack = vec![start.unit];
        while let Some(id) = stack.pop() {
            if !group.insert(id) {
                continue;
            }
            if let Some(u) = find(units, id) {
                stack.extend(u.in_combat_with.iter().copied());
            }
            // Locks are symmetric in a sound game; follow back-links too so
            // a broken save still groups sensibly.
            stack.extend(
                units
                    .iter()
                    .filter(|o| o.in_combat_with.contains(&id))
                    .map(|o| o.unit),
            );
        }
        seen.extend(group.iter().copied());
        groups.push(group.into_iter().collect());
    }
    groups
}

/// What a finished combat does to its units, once the players confirm
/// it (PF2): models left, the destroyed (F3 casualties, F4 sweeping advance),
/// the fleeing, and who stays locked with whom.
///
/// # Errors
/// [`PlayError::Refused`] naming the unit when a unit of the combat is no
/// longer as the combat was started from (its models or its state
/// changed since).
pub(crate) fn apply_combat(
    units: &mut [UnitState],
    players: &[Player],
    id: Id,
    combat: &Combat,
    outcome: &CombatOutcome,
) -> Result<(), PlayError> {
    let when = When {
        round: combat.round,
        turn_of: combat.turn_of,
    };
    for side in &combat.sides {
        for cu in &side.units {
            let st = find(units, cu.unit).ok_or_else(|| {
                refused(
                    say("units.no_longer_game").nested("label", label(players, cu.unit)),
                    None,
                )
            })?;
            let before = cu.models.checked_add(cu.lost);
            if st.seat != side.seat || !st.status.active() || Some(st.models_left) != before {
                return Err(refused(
                    say("units.changed_since_combat_was_started")
                        .nested("label", label(players, cu.unit)),
                    None,
                ));
            }
        }
    }
    let seats: Vec<Seat> = combat.sides.iter().map(|s| s.seat).collect();
    for side in &combat.sides {
        for cu in &side.units {
            let Some(st) = find_mut(units, cu.unit) else {
                continue;
            };
            st.models_left = cu.models;
            st.in_combat_with.clear();
            let sweeper = outcome
                .sweeps
                .iter()
                .find(|s| s.destroyed.contains(&cu.unit))
                .map(|s| s.seat);
            st.status = if cu.models == 0 {
                let by = match cu.lost_to {
                    Some(seat) => vec![seat],
                    None => seats.iter().copied().filter(|s| *s != side.seat).collect(),
                };
                UnitStatus::Destroyed {
                    round: when.round,
                    turn_of: when.turn_of,
                    by,
                    cause: Cause::Casualties { combat: id },
                }
            } else if let Some(seat) = sweeper {
                st.models_left = 0;
                UnitStatus::Destroyed {
                    round: when.round,
                    turn_of: when.turn_of,
                    by: vec![seat],
                    cause: Cause::SweepingAdvance { combat: id },
                }
            } else if outcome.fleeing.contains(&cu.unit) {
                UnitStatus::Fleeing {
                    combat: id,
                    round: when.round,
                }
            } else {
                UnitStatus::Active
            };
        }
    }
    // Who still fights whom: the active units of each side stay locked
    // with the active units of every other side, while two or more sides
    // still have one.
    let fighting: Vec<(Seat, Id)> = combat
        .sides
        .iter()
        .flat_map(|s| s.units.iter().map(move |u| (s.seat, u.unit)))
        .filter(|(_, u)| find(units, *u).is_some_and(|st| st.status.active()))
        .collect();
    let sides_left: BTreeSet<Seat> = fighting.iter().map(|(s, _)| *s).collect();
    if sides_left.len() >= 2 {
        for &(seat, unit) in &fighting {
            let enemies: Vec<Id> = fighting
                .iter()
                .filter(|(s, _)| *s != seat)
                .map(|(_, u)| *u)
                .collect();
            if let Some(st) = find_mut(units, unit) {
                st.in_combat_with = enemies;
            }
        }
    }
    settle_locks(units);
    Ok(())
}

/// Models lost outside close combat (shooting and the like).
///
/// # Errors
/// [`PlayError::Invalid`] naming the unit: none lost, more than it has;
/// [`PlayError::Refused`] for a unit that is destroyed or removed.
pub(crate) fn apply_losses(
    units: &mut [UnitState],
    players: &[Player],
    unit: Id,
    lost: u32,
    by: Option<Seat>,
    when: When,
) -> Result<(), PlayError> {
    let name = label(players, unit);
    let st = find(units, unit).ok_or_else(|| not_found("unit", unit))?;
    if st.status.gone() {
        return Err(match not_active_message(players, st) {
            Some(m) => refused(m, None),
            None => PlayError::refused(String::new(), None),
        });
    }
    if lost == 0 {
        return Err(invalid(
            "lost",
            lost,
            say("units.record_least_one_model_lost").nested("name", name.clone()),
        ));
    }
    if lost > st.models_left {
        return Err(invalid(
            "lost",
            lost,
            say("units.has_only_models_left")
                .nested("name", name.clone())
                .text("st_models_left", st.models_left.to_string()),
        ));
    }
    if let Some(seat) = by {
        if seat >= players.len() {
            return Err(invalid(
                "by",
                seat + 1,
                say("units.players_are_1").text("players_len", players.len().to_string()),
            ));
        }
        if seat == st.seat {
            return Err(invalid(
                "by",
                seat + 1,
                say("units.s_own_unit")
                    .nested("name", name.clone())
                    .text("player_name", player_name(players, seat).to_string()),
            ));
        }
    }
    let Some(st) = find_mut(units, unit) else {
        return Err(not_found("unit", unit));
    };
    st.models_left -= lost;
    if st.models_left == 0 {
        st.status = UnitStatus::Destroyed {
            round: when.round,
            turn_of: when.turn_of,
            by: by.into_iter().collect(),
            cause: Cause::Losses,
        };
    }
    settle_locks(units);
    Ok(())
}

/// A fleeing unit rallied (PF1): only in its own player's turn.
///
/// # Errors
/// [`PlayError::Refused`] naming the unit when it is not fleeing or it is
/// not its player's turn.
pub(crate) fn rally(
    units: &mut [UnitState],
    players: &[Player],
    unit: Id,
    when: When,
) -> Result<(), PlayError> {
    let name = label(players, unit);
    let st = find_mut(units, unit).ok_or_else(|| not_found("unit", unit))?;
    if !matches!(st.status, UnitStatus::Fleeing { .. }) {
        return Err(refused(
            say("units.not_fleeing_only_fleeing_unit").nested("name", name.clone()),
            Some("PF1"),
        ));
    }
    if st.seat != when.turn_of {
        return Err(refused(
            say("units.rallies_only_s_own_turn")
                .nested("name", name.clone())
                .text("player_name", player_name(players, st.seat).to_string())
                .text(
                    "player_name2",
                    player_name(players, when.turn_of).to_string(),
                ),
            Some("PF1"),
        ));
    }
    st.status = UnitStatus::Active;
    Ok(())
}

/// A unit taken off the table by the players (PF1).
///
/// # Errors
/// [`PlayError::Refused`] naming the unit when it is gone already.
pub(crate) fn remove(
    units: &mut [UnitState],
    players: &[Player],
    unit: Id,
    when: When,
) -> Result<(), PlayError> {
    let st = find(units, unit).ok_or_else(|| not_found("unit", unit))?;
    if st.status.gone() {
        return Err(match not_active_message(players, st) {
            Some(m) => refused(m, None),
            None => PlayError::refused(String::new(), None),
        });
    }
    if let Some(st) = find_mut(units, unit) {
        st.status = UnitStatus::Removed {
            round: when.round,
            turn_of: when.turn_of,
        };
    }
    settle_locks(units);
    Ok(())
}
