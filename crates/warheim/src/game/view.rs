//! The turn tracker as one player sees it: the commander's extra
//! activation of another player's group shows only once revealed.

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use super::Warheim;

/// One group's activations as one player sees them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupView {
    /// Index into the turn's groups (for [`crate::WarheimEdit::ChooseGroup`]).
    pub index: usize,
    /// The owner.
    pub player: usize,
    /// The roster group, `None` for a group of one.
    pub group: Option<Id>,
    /// Its fighters.
    pub fighters: Vec<Id>,
    /// Activations left, as the viewer may know them.
    pub remaining: u32,
}

/// The turn tracker's view for one player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnView {
    /// Turn number.
    pub number: u32,
    /// Whose choice it is (or who is acting).
    pub chooser: usize,
    /// The acting group.
    pub active: Option<usize>,
    /// Every group.
    pub groups: Vec<GroupView>,
}

impl Warheim {
    /// The turn tracker as `viewer` sees it: the commander's extra
    /// activation of another player's group shows only once revealed.
    pub fn turn_view(&self, viewer: usize) -> Option<TurnView> {
        let turn = self.turn.as_ref()?;
        Some(TurnView {
            number: turn.number,
            chooser: turn.chooser,
            active: turn.active,
            groups: turn
                .groups
                .iter()
                .enumerate()
                .map(|(index, g)| {
                    let revealed = self
                        .rosters
                        .get(g.player)
                        .is_some_and(|r| r.commander_revealed);
                    GroupView {
                        index,
                        player: g.player,
                        group: g.group,
                        fighters: g.fighters.clone(),
                        remaining: g.remaining_seen(g.player == viewer, revealed),
                    }
                })
                .collect(),
        })
    }

    /// `player`'s commander as `viewer` may see him.
    pub fn commander_seen(&self, player: usize, viewer: usize) -> Option<Id> {
        self.rosters
            .get(player)?
            .commander_seen_by(player == viewer)
    }
}
