//! How a saved game is read: the current form, and a game saved before
//! sides, rounds and crew figures existed (PC1), whose machines kept their
//! crew as indices into the card's crew list.

use std::collections::{BTreeMap, BTreeSet};

use feldherr_play::{Id, SavedResolution};
use serde::Deserialize;

use super::side::{default_sides, first_side};
use super::{
    ConfrontationGame, ConfrontationKind, CrewFigure, CrewMarker, FigureStats, GameMachine,
    GameSettings, Round, Side,
};
use crate::{MachineCard, MachineState, Motion, Passenger, SteamMarkers, WoundLevel};

/// A saved game as read, before the old form is brought up to date.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GameRepr {
    #[serde(default)]
    sides: Option<Vec<Side>>,
    #[serde(default)]
    round: Option<Round>,
    #[serde(default)]
    settings: GameSettings,
    #[serde(default)]
    machines: Vec<MachineRepr>,
    #[serde(default)]
    crew: Option<Vec<CrewFigure>>,
    #[serde(default)]
    figures: BTreeMap<u64, FigureStats>,
    #[serde(default)]
    wounds: BTreeMap<u64, WoundLevel>,
    #[serde(default)]
    dead: BTreeSet<u64>,
    #[serde(default)]
    markers: BTreeMap<u64, CrewMarker>,
    #[serde(default)]
    resolutions: Vec<SavedResolution<ConfrontationKind>>,
}

/// A saved machine as read: the current fields and the old crew lists.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MachineRepr {
    id: Id,
    card: MachineCard,
    #[serde(default)]
    state: StateRepr,
    #[serde(default)]
    sp_history: Vec<u32>,
    #[serde(default)]
    piece: Option<u64>,
    #[serde(default)]
    passengers: Vec<Passenger>,
    #[serde(default = "first_side")]
    side: Id,
    #[serde(default)]
    held_by: Option<Id>,
    #[serde(default)]
    contact_limit: Option<u32>,
    /// Old form: crew (card indices) in contact with an enemy.
    #[serde(default)]
    crew_engaged: Vec<usize>,
    /// Old form: crew (card indices) fleeing.
    #[serde(default)]
    crew_fleeing: Vec<usize>,
}

/// A saved machine state as read: the current fields and the old crew list.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct StateRepr {
    #[serde(default)]
    sp_lost: u32,
    #[serde(default)]
    speed_marker: bool,
    #[serde(default)]
    stopped: bool,
    #[serde(default)]
    speed_marker_at_round_start: bool,
    #[serde(default)]
    steam: SteamMarkers,
    #[serde(default)]
    jammed: bool,
    #[serde(default)]
    repair_tried: bool,
    #[serde(default)]
    destroyed: bool,
    #[serde(default)]
    frightened: bool,
    #[serde(default)]
    motion: Motion,
    #[serde(default)]
    reaimed: bool,
    #[serde(default)]
    fired: bool,
    #[serde(default)]
    boosts: Vec<crate::Boost>,
    /// Old form: crew (card indices) in base contact.
    #[serde(default)]
    crew_in_contact: Vec<usize>,
}

/// The old crew lists of one machine.
struct OldCrew {
    in_contact: Vec<usize>,
    engaged: Vec<usize>,
    fleeing: Vec<usize>,
}

impl OldCrew {
    fn is_empty(&self) -> bool {
        self.in_contact.is_empty() && self.engaged.is_empty() && self.fleeing.is_empty()
    }
}

impl MachineRepr {
    pub(crate) fn split(self) -> (GameMachine, OldCrewPub) {
        let s = self.state;
        let machine = GameMachine {
            id: self.id,
            card: self.card,
            state: MachineState {
                sp_lost: s.sp_lost,
                speed_marker: s.speed_marker,
                stopped: s.stopped,
                speed_marker_at_round_start: s.speed_marker_at_round_start,
                steam: s.steam,
                jammed: s.jammed,
                repair_tried: s.repair_tried,
                destroyed: s.destroyed,
                frightened: s.frightened,
                motion: s.motion,
                reaimed: s.reaimed,
                fired: s.fired,
                boosts: s.boosts,
            },
            sp_history: self.sp_history,
            piece: self.piece,
            passengers: self.passengers,
            side: self.side,
            held_by: self.held_by,
            contact_limit: self.contact_limit,
        };
        (
            machine,
            OldCrewPub(OldCrew {
                in_contact: s.crew_in_contact,
                engaged: self.crew_engaged,
                fleeing: self.crew_fleeing,
            }),
        )
    }
}

/// The old crew lists of a machine read by [`MachineRepr::split`].
pub(crate) struct OldCrewPub(OldCrew);

/// Why a saved game cannot be read.
#[derive(Debug)]
pub(crate) struct ReprError(String);

impl std::fmt::Display for ReprError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The crew figures of a machine saved in the old form: one per entry of
/// its card's crew list, in contact, engaged and fleeing as the old lists
/// said (PC1).
pub(crate) fn old_crew(
    at: &str,
    machine: &GameMachine,
    old: &OldCrewPub,
    next_id: &mut u64,
) -> Result<Vec<CrewFigure>, String> {
    let cards = &machine.card.spec().crew;
    for (field, list) in [
        ("state.crew_in_contact", &old.0.in_contact),
        ("crew_engaged", &old.0.engaged),
        ("crew_fleeing", &old.0.fleeing),
    ] {
        for (i, c) in list.iter().enumerate() {
            if *c >= cards.len() || list[..i].contains(c) {
                return Err(format!(
                    "{at}.{field}[{i}]: {c} is no crew figure of {} ({} listed on its card, each once)",
                    machine.name(),
                    cards.len()
                ));
            }
        }
    }
    Ok(cards
        .iter()
        .enumerate()
        .map(|(slot, card)| {
            let id = Id(*next_id);
            *next_id = next_id.saturating_add(1);
            let mut c = CrewFigure::supplied(id, card.clone(), machine.side, machine.id, slot);
            c.in_contact = old.0.in_contact.contains(&slot);
            c.engaged = old.0.engaged.contains(&slot);
            c.fleeing = old.0.fleeing.contains(&slot);
            c
        })
        .collect())
}

impl TryFrom<GameRepr> for ConfrontationGame {
    type Error = ReprError;

    fn try_from(r: GameRepr) -> Result<Self, ReprError> {
        let old_form = r.sides.is_none();
        let mut machines = Vec::with_capacity(r.machines.len());
        let mut olds = Vec::with_capacity(r.machines.len());
        for m in r.machines {
            let (machine, old) = m.split();
            machines.push(machine);
            olds.push(old);
        }
        let crew = match r.crew {
            Some(crew) => {
                if let Some(i) = olds.iter().position(|o| !o.0.is_empty()) {
                    return Err(ReprError(format!(
                        "machines[{i}]: old crew lists (crew_in_contact, crew_engaged, crew_fleeing) in a game that keeps its crew as figures"
                    )));
                }
                crew
            }
            None => {
                let mut next = 1u64;
                let mut crew = Vec::new();
                for (i, (m, old)) in machines.iter().zip(&olds).enumerate() {
                    crew.extend(
                        old_crew(&format!("machines[{i}]"), m, old, &mut next)
                            .map_err(ReprError)?,
                    );
                }
                crew
            }
        };
        Ok(ConfrontationGame {
            sides: r.sides.unwrap_or_else(default_sides),
            round: r.round.unwrap_or_else(|| {
                if old_form {
                    Round::migrated()
                } else {
                    Round::default()
                }
            }),
            settings: r.settings,
            machines,
            crew,
            figures: r.figures,
            wounds: r.wounds,
            dead: r.dead,
            markers: r.markers,
            resolutions: r.resolutions,
        })
    }
}
