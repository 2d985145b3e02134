//! A war machine of a game: its card, its state, its piece and its
//! passengers.

use feldherr_play::{Id, PlayError};
use serde::{Deserialize, Serialize};

use crate::crew::{MoveAllowance, Role, Server, immobile_move, movers};
use crate::{ConfrontationError, Hold, MachineCard, MachineState, Passenger};

/// A war machine in a Confrontation game: its card and what happened to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameMachine {
    /// Its stable id in the game (never renumbered).
    pub id: Id,
    /// The checked card.
    pub card: MachineCard,
    /// SP lost, markers, crew in contact, destroyed.
    #[serde(default)]
    pub state: MachineState,
    /// SP left after each change, oldest first (for the record sheet).
    #[serde(default)]
    pub sp_history: Vec<u32>,
    /// The model piece on the table that stands for it.
    #[serde(default)]
    pub piece: Option<u64>,
    /// Figures riding in it (Transport).
    #[serde(default)]
    pub passengers: Vec<Passenger>,
    /// Crew figures (indices into the card's crew) in base contact with an
    /// enemy: they neither serve nor move the machine (C3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub crew_engaged: Vec<usize>,
    /// Crew figures (indices into the card's crew) that flee (C3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub crew_fleeing: Vec<usize>,
    /// How many figures may touch the machine, when its card or model says
    /// so; `None`: as many as its card has crew figures (C3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contact_limit: Option<u32>,
}

impl GameMachine {
    /// A fresh machine with its card.
    pub fn new(id: Id, card: MachineCard) -> Self {
        let sp = card.sp();
        Self {
            id,
            card,
            state: MachineState::default(),
            sp_history: vec![sp],
            piece: None,
            passengers: Vec::new(),
            crew_engaged: Vec::new(),
            crew_fleeing: Vec::new(),
            contact_limit: None,
        }
    }

    /// The card's name.
    pub fn name(&self) -> &str {
        &self.card.spec().name
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

    /// The crew figures of the card as servers: in contact as the state
    /// says, engaged and fleeing as noted (C3).
    pub fn servers(&self) -> Vec<(Server, u32)> {
        self.card
            .spec()
            .crew
            .iter()
            .enumerate()
            .map(|(i, c)| {
                (
                    Server {
                        role: Role::Crew,
                        in_contact: self.state.crew_in_contact.contains(&i),
                        engaged: self.crew_engaged.contains(&i),
                        fleeing: self.crew_fleeing.contains(&i),
                        moved: false,
                    },
                    c.bew,
                )
            })
            .collect()
    }

    /// How many figures may touch it (C3): the noted limit, else the
    /// card's crew count.
    pub fn max_contact(&self) -> u32 {
        self.contact_limit
            .unwrap_or_else(|| u32::try_from(self.card.spec().crew.len()).unwrap_or(u32::MAX))
    }

    /// The BEW of the crew who may move it (C3): in contact, neither engaged
    /// nor fleeing ([`movers`]); at most as many as may touch it, the
    /// fastest kept.
    pub fn movers(&self) -> Vec<u32> {
        let mut bew = movers(&self.servers());
        bew.sort_unstable_by(|a, b| b.cmp(a));
        bew.truncate(usize::try_from(self.max_contact()).unwrap_or(usize::MAX));
        bew
    }

    /// What the crew may do with an immobile machine (C3); `None` when no
    /// crew figure may move it.
    pub fn crew_allowance(&self) -> Option<Result<MoveAllowance, ConfrontationError>> {
        let bew = self.movers();
        if bew.is_empty() {
            return None;
        }
        Some(immobile_move(
            self.card.spec().gew.unwrap_or(0),
            &bew,
            self.max_contact(),
        ))
    }

    /// Checks the state against the card; the error names the field.
    pub fn check_state(&self, state: &MachineState) -> Result<(), PlayError> {
        let sp = self.card.sp();
        if state.sp_lost > sp {
            return Err(PlayError::invalid(
                "state.sp_lost",
                state.sp_lost,
                format!("{} has {sp} SP", self.name()),
            ));
        }
        let crew = self.card.spec().crew.len();
        check_crew_list("state.crew_in_contact", &state.crew_in_contact, crew)
    }
}

/// Checks a list of crew indices: each below `crew`, none twice.
pub(crate) fn check_crew_list(field: &str, list: &[usize], crew: usize) -> Result<(), PlayError> {
    for (i, c) in list.iter().enumerate() {
        if *c >= crew {
            return Err(PlayError::invalid(
                format!("{field}[{i}]"),
                c,
                format!("the card has {crew} crew figure(s)"),
            ));
        }
        if list[..i].contains(c) {
            return Err(PlayError::invalid(
                format!("{field}[{i}]"),
                c,
                "listed twice",
            ));
        }
    }
    Ok(())
}
