//! The crew of the machines as figures: every figure activated with a
//! machine's card, whether it came with the machine (its card's crew), was
//! an ordinary figure assigned to it, or serves as an auxiliary.

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::crew::Role;
use crate::{CrewCard, WoundLevel};

/// Where a crew figure came from: the machine it was deployed with and its
/// entry in that machine card's crew list. Mechaniker repair only that
/// machine (C10); Minenleger and Pionier lay their markers only if they
/// were its crew at deployment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrewOrigin {
    /// The machine it was deployed with.
    pub machine: Id,
    /// Its entry in that card's crew list.
    pub slot: usize,
}

/// One figure activated with a machine's card: crew ("Mannschaft") or an
/// auxiliary ("Hilfspersonal").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrewFigure {
    /// Its stable id in the game (never renumbered).
    pub id: Id,
    /// Its values (its own army card's); the name is the figure's.
    pub card: CrewCard,
    /// Crew (trained on the machine: moves it) or auxiliary (serves,
    /// fires, re-aims; never moves it).
    pub role: Role,
    /// The side it fights for.
    pub side: Id,
    /// The machine whose card activates it.
    pub machine: Id,
    /// The machine and card entry it was deployed with, if it came with
    /// one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<CrewOrigin>,
    /// Its figure piece on the table, if it has one: contact with the
    /// machine and with enemies is then measured from the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<u64>,
    /// In base contact with its machine (without a piece: as stated).
    #[serde(default)]
    pub in_contact: bool,
    /// In base contact with an enemy (without a piece: as stated): it
    /// neither serves nor moves the machine (C3).
    #[serde(default)]
    pub engaged: bool,
    /// Fleeing: still crew, activated with the machine, but not serving.
    #[serde(default)]
    pub fleeing: bool,
    /// Moved this round more than turning the machine: it does not serve
    /// it this round.
    #[serde(default)]
    pub moved: bool,
    /// Served the machine this round (moved it, re-aimed it or fired it):
    /// its own ranged weapon stays silent.
    #[serde(default)]
    pub served: bool,
    /// Its wound (without a piece; a figure on the table keeps its wound
    /// by piece).
    #[serde(default, skip_serializing_if = "is_unhurt")]
    pub wound: WoundLevel,
    /// Killed: it no longer counts.
    #[serde(default)]
    pub dead: bool,
}

fn is_unhurt(w: &WoundLevel) -> bool {
    *w == WoundLevel::None
}

impl CrewFigure {
    /// Its name.
    pub fn name(&self) -> &str {
        &self.card.name
    }

    /// A figure of the card's crew list, deployed with `machine`.
    pub fn supplied(id: Id, card: CrewCard, side: Id, machine: Id, slot: usize) -> Self {
        Self {
            id,
            card,
            role: Role::Crew,
            side,
            machine,
            origin: Some(CrewOrigin { machine, slot }),
            piece: None,
            in_contact: false,
            engaged: false,
            fleeing: false,
            moved: false,
            served: false,
            wound: WoundLevel::None,
            dead: false,
        }
    }

    /// Whether it was deployed with `machine` (as its crew at the start).
    pub fn deployed_with(&self, machine: Id) -> bool {
        self.origin.is_some_and(|o| o.machine == machine)
    }
}
