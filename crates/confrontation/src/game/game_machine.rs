//! A war machine of a game: its card, its state, its side, its piece and
//! its passengers. Its crew are figures of the game
//! ([`super::CrewFigure`]).

use crate::game::refusal::{invalid, say};
use feldherr_dice::step::Message;
use feldherr_play::{Id, PlayError};
use serde::{Deserialize, Serialize};

use super::side::first_side;
use crate::{ConfrontationError, Hold, MachineCard, MachineState, Passenger};

/// A war machine in a Confrontation game: its card and what happened to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameMachine {
    /// Its stable id in the game (never renumbered).
    pub id: Id,
    /// The checked card.
    pub card: MachineCard,
    /// SP lost, markers, destroyed, what it did this round.
    #[serde(default)]
    pub state: MachineState,
    /// SP left after each change, oldest first (for the record sheet).
    #[serde(default)]
    pub sp_history: Vec<u32>,
    /// The model piece on the table that stands for it. A light machine
    /// carried by its owner stands on its owner's figure piece.
    #[serde(default)]
    pub piece: Option<u64>,
    /// Figures riding in it (Transport).
    #[serde(default)]
    pub passengers: Vec<Passenger>,
    /// The side that fielded it (its "Originallager"; a game saved before
    /// sides: side 1, PC1). Its card stays in this side's army deck and
    /// activates this side's crew on it.
    #[serde(default = "first_side")]
    pub side: Id,
    /// The side that captured it and holds it now, if another side
    /// (Übernahme); `None`: its own side holds it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held_by: Option<Id>,
    /// How many figures may touch the machine when an explanation card
    /// says so; `None`: as its size on the card allows (PC3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contact_limit: Option<u32>,
}

impl GameMachine {
    /// A fresh machine of `side` with its card.
    pub fn new(id: Id, card: MachineCard, side: Id) -> Self {
        let sp = card.sp();
        Self {
            id,
            card,
            state: MachineState::default(),
            sp_history: vec![sp],
            piece: None,
            passengers: Vec::new(),
            side,
            held_by: None,
            contact_limit: None,
        }
    }

    /// The card's name.
    pub fn name(&self) -> &str {
        &self.card.spec().name
    }

    /// The side that controls it now: its captor, else its own side.
    pub fn controller(&self) -> Id {
        self.held_by.unwrap_or(self.side)
    }

    /// Whether it is a light machine carried and served by its owner: no
    /// SP, destroyed only with its owner (text line 149).
    pub fn carried(&self) -> bool {
        self.card.spec().carried_by_owner
    }

    /// Notes the SP left in the history when it changed.
    pub(crate) fn record_sp(&mut self) {
        let left = self.state.sp_left(&self.card);
        if self.sp_history.last() != Some(&left) {
            self.sp_history.push(left);
        }
    }

    /// Its hold with the passengers aboard (Transport).
    pub fn hold(&self) -> Result<Hold, ConfrontationError> {
        let mut hold = Hold::for_card(&self.card)?;
        for p in &self.passengers {
            hold.deploy(p.clone())?;
        }
        Ok(hold)
    }

    /// Checks a state against the card; the error names the field and the
    /// machine.
    pub fn check_state(&self, state: &MachineState) -> Result<(), PlayError> {
        let sp = self.card.sp();
        let name = self.name();
        let bad = |field: &str, value: String, message: Message| {
            Err(invalid(
                format!("state.{field}"),
                value,
                message.text("name", name),
            ))
        };
        if state.sp_lost > sp {
            return bad(
                "sp_lost",
                state.sp_lost.to_string(),
                say("state.sp").int("sp", i64::from(sp)),
            );
        }
        if !self.carried() && sp > 0 && (state.sp_lost == sp) != state.destroyed {
            return bad(
                "destroyed",
                state.destroyed.to_string(),
                if state.sp_lost == sp {
                    say("state.destroyed")
                } else {
                    say("state.not_destroyed").int("left", i64::from(sp - state.sp_lost))
                },
            );
        }
        if (state.speed_marker || state.speed_marker_at_round_start) && !self.card.is_unaufhaltsam()
        {
            return bad("speed_marker", "true".into(), say("state.no_unaufhaltsam"));
        }
        if state.stopped && !self.card.is_unaufhaltsam() {
            return bad("stopped", "true".into(), say("state.no_unaufhaltsam_stop"));
        }
        if state.frightened && !self.card.is_mobile() {
            return bad("frightened", "true".into(), say("state.immobile_tests"));
        }
        if state.frightened && self.card.spec().gew.is_some() && state.speed_marker {
            return bad(
                "speed_marker",
                "true".into(),
                say("state.frightened_marker"),
            );
        }
        if state.reaimed && self.card.is_mobile() {
            return bad("reaimed", "true".into(), say("state.mobile_turns"));
        }
        if (state.jammed || state.fired) && self.card.spec().artillery.is_none() {
            return bad(
                if state.jammed { "jammed" } else { "fired" },
                "true".into(),
                say("state.no_artillery"),
            );
        }
        if state.motion == crate::Motion::Ran && self.card.spec().gew.is_none() {
            // Without GEW a mobile machine may run (core rules) but not fire;
            // an immobile machine is only "moved" by its crew.
            if !self.card.is_mobile() {
                return bad("motion", "ran".into(), say("state.immobile_run"));
            }
        }
        if state.boosts.len() > 16 {
            return bad(
                "boosts",
                state.boosts.len().to_string(),
                say("state.boosts").int("max", 16),
            );
        }
        for (i, b) in state.boosts.iter().enumerate() {
            if b.bonus == 0 || b.bonus > 36 {
                return bad(
                    &format!("boosts[{i}].bonus"),
                    b.bonus.to_string(),
                    say("state.boost_range"),
                );
            }
        }
        Ok(())
    }
}

/// Checks a list of crew indices: each below `crew`, none twice.
pub(crate) fn check_crew_list(field: &str, list: &[usize], crew: usize) -> Result<(), PlayError> {
    for (i, c) in list.iter().enumerate() {
        if *c >= crew {
            return Err(invalid(
                format!("{field}[{i}]"),
                c,
                say("game_machine.machine_has_crew_figure_s").text("crew", crew.to_string()),
            ));
        }
        if list[..i].contains(c) {
            return Err(invalid(
                format!("{field}[{i}]"),
                c,
                say("game_machine.listed_twice"),
            ));
        }
    }
    Ok(())
}
