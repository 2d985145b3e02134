//! The turn: groups and their activations, players alternating whole
//! groups (H5).

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::model_type::{Discipline, ModelType};
use crate::refusal::say;
use crate::{Roster, WarheimError};

/// Where an activation comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// The group's shared pool (Disciplined fighters' activations, the
    /// Warband bonus).
    Pool,
    /// An Undisciplined fighter's own activation.
    Own,
    /// The commander's group's extra activation: using it reveals him.
    CommanderExtra,
}

/// One group's activations in this turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupTurn {
    /// The player (index into the rosters).
    pub player: usize,
    /// The roster group, or `None` for a group of one (Disorganized, or
    /// a Solo not joined).
    pub group: Option<Id>,
    /// The fighters who can act in it.
    pub fighters: Vec<Id>,
    /// Activations in the shared pool.
    pub pool: u32,
    /// Undisciplined fighters' own activations left.
    pub own: Vec<Id>,
    /// The commander's extra activation, still unused.
    pub commander_extra: bool,
    /// The squad order may still be given this turn.
    pub squad_order: bool,
    /// Broken by the loss of the commander: nothing left to spend.
    #[serde(default)]
    pub broken: bool,
    /// Whether the group has spent anything yet.
    #[serde(default)]
    pub started: bool,
}

impl GroupTurn {
    /// Activations left, the commander's extra included.
    pub fn remaining(&self) -> u32 {
        if self.broken {
            return 0;
        }
        self.pool + self.own.len() as u32 + u32::from(self.commander_extra)
    }

    /// Activations left as a player other than the owner sees them: the
    /// commander's extra shows only once he is revealed.
    pub fn remaining_seen(&self, owner_is_viewer: bool, revealed: bool) -> u32 {
        if owner_is_viewer || revealed {
            self.remaining()
        } else {
            self.remaining() - u32::from(self.commander_extra && !self.broken)
        }
    }
}

/// The state of the turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// Turn number, from 1.
    pub number: u32,
    /// Every group of every player.
    pub groups: Vec<GroupTurn>,
    /// The player whose choice of group it is (or who is acting).
    pub chooser: usize,
    /// The group acting now (index into `groups`).
    pub active: Option<usize>,
    /// Solos who joined a group for this turn.
    #[serde(default)]
    pub joined: Vec<Id>,
    /// The activation running, when the players go through it step by
    /// step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activation: Option<crate::activation::Activation>,
}

/// Activations `roster`'s fighters give at the start of a turn (H5):
/// every able fighter one; Undisciplined ones keep theirs; Disorganized
/// ones (and Solos outside groups) are groups of one; the commander's
/// group one more; a group of two or more of one Warband company one more.
pub fn groups_of(player: usize, roster: &Roster) -> Vec<GroupTurn> {
    let able = |id: &Id| roster.fighter(*id).is_some_and(|f| !f.down());
    let mut out = Vec::new();
    for group in &roster.groups {
        let fighters: Vec<Id> = group
            .members
            .iter()
            .copied()
            .filter(|id| able(id) && roster.discipline_of(*id) != Discipline::Disorganized)
            .collect();
        if fighters.is_empty() {
            continue;
        }
        let disciplined = fighters
            .iter()
            .filter(|id| roster.discipline_of(**id) == Discipline::Disciplined)
            .count() as u32;
        let own: Vec<Id> = fighters
            .iter()
            .copied()
            .filter(|id| roster.discipline_of(*id) == Discipline::Undisciplined)
            .collect();
        let members: Vec<_> = fighters
            .iter()
            .filter_map(|id| roster.fighter(*id))
            .collect();
        let warband = members.len() >= 2
            && members.iter().all(|f| f.is(ModelType::Warband))
            && members.windows(2).all(|w| w[0].company == w[1].company);
        let commander =
            !roster.commander_lost && roster.commander.is_some_and(|c| fighters.contains(&c));
        let squad = commander
            && members.iter().all(|f| {
                roster.discipline_of(f.id) == Discipline::Disciplined
                    && !f.is(ModelType::Skirmisher)
                    && f.types == members[0].types
            });
        out.push(GroupTurn {
            player,
            group: Some(group.id),
            fighters,
            pool: disciplined + u32::from(warband),
            own,
            commander_extra: commander,
            squad_order: squad,
            broken: false,
            started: false,
        });
    }
    for f in &roster.fighters {
        if f.down() {
            continue;
        }
        let single = roster.discipline_of(f.id) == Discipline::Disorganized
            || roster.group_of(f.id).is_none();
        if single {
            let commander = !roster.commander_lost && roster.commander == Some(f.id);
            out.push(GroupTurn {
                player,
                group: None,
                fighters: vec![f.id],
                pool: 1,
                own: Vec::new(),
                commander_extra: commander,
                squad_order: false,
                broken: false,
                started: false,
            });
        }
    }
    out
}

impl Turn {
    /// Turn `number` for `rosters`; player 1 chooses first (H5).
    pub fn start(number: u32, rosters: &[Roster]) -> Self {
        let groups = rosters
            .iter()
            .enumerate()
            .flat_map(|(p, r)| groups_of(p, r))
            .collect();
        let mut turn = Self {
            number,
            groups,
            chooser: 0,
            active: None,
            joined: Vec::new(),
            activation: None,
        };
        turn.chooser = turn.next_chooser(rosters.len(), 0).unwrap_or(0);
        turn
    }

    /// Whether `player` has a group with activations left.
    pub fn has_groups(&self, player: usize) -> bool {
        self.groups
            .iter()
            .any(|g| g.player == player && g.remaining() > 0)
    }

    /// The first player from `from` on (cyclically) with groups left.
    fn next_chooser(&self, players: usize, from: usize) -> Option<usize> {
        (0..players)
            .map(|i| (from + i) % players.max(1))
            .find(|&p| self.has_groups(p))
    }

    /// Whether every group is spent.
    pub fn finished(&self) -> bool {
        self.active.is_none() && self.groups.iter().all(|g| g.remaining() == 0)
    }

    /// `player` picks group `index` to act.
    pub fn choose(&mut self, player: usize, index: usize) -> Result<(), WarheimError> {
        if self.active.is_some() {
            return Err(WarheimError::invalid_says(
                "group",
                index,
                say("group_acting"),
            ));
        }
        if player != self.chooser {
            return Err(WarheimError::invalid_says(
                "player",
                player + 1,
                say("not_your_choice"),
            ));
        }
        let g = self
            .groups
            .get(index)
            .ok_or_else(|| WarheimError::invalid_says("group", index, say("no_such_group")))?;
        if g.player != player {
            return Err(WarheimError::invalid_says(
                "group",
                index,
                say("group_of_other"),
            ));
        }
        if g.remaining() == 0 {
            return Err(WarheimError::invalid_says(
                "group",
                index,
                say("group_spent"),
            ));
        }
        self.active = Some(index);
        Ok(())
    }

    /// Spends one activation of the active group for `fighter` from
    /// `source`. Returns whether the commander was revealed by it.
    pub fn spend(
        &mut self,
        fighter: Id,
        source: Source,
        undisciplined: bool,
    ) -> Result<bool, WarheimError> {
        let index = self.active.ok_or_else(|| {
            WarheimError::invalid_says("fighter", fighter, say("choose_group_first"))
        })?;
        let g = self
            .groups
            .get_mut(index)
            .ok_or_else(|| WarheimError::invalid_says("group", index, say("no_such_group")))?;
        if !g.fighters.contains(&fighter) {
            return Err(WarheimError::invalid_says(
                "fighter",
                fighter,
                say("not_in_group"),
            ));
        }
        g.started = true;
        let revealed = match source {
            Source::Pool => {
                if g.pool == 0 {
                    return Err(WarheimError::invalid_says(
                        "source",
                        "pool",
                        say("pool_spent"),
                    ));
                }
                g.pool -= 1;
                false
            }
            Source::Own => {
                if !undisciplined {
                    return Err(WarheimError::invalid_says(
                        "source",
                        "own",
                        say("own_undisciplined"),
                    ));
                }
                let Some(pos) = g.own.iter().position(|&f| f == fighter) else {
                    return Err(WarheimError::invalid_says(
                        "source",
                        "own",
                        say("own_spent"),
                    ));
                };
                g.own.remove(pos);
                false
            }
            Source::CommanderExtra => {
                if !g.commander_extra {
                    return Err(WarheimError::invalid_says(
                        "source",
                        "commander_extra",
                        say("no_commander_extra"),
                    ));
                }
                g.commander_extra = false;
                true
            }
        };
        Ok(revealed)
    }

    /// Spends one pool activation of the active group for its squad order.
    pub fn squad_order(&mut self) -> Result<(), WarheimError> {
        let index = self
            .active
            .ok_or_else(|| WarheimError::invalid_says("squad order", "-", say("no_group")))?;
        let g = self
            .groups
            .get_mut(index)
            .ok_or_else(|| WarheimError::invalid_says("group", index, say("no_such_group")))?;
        if !g.squad_order {
            return Err(WarheimError::invalid_says(
                "squad order",
                "-",
                say("squad_group"),
            ));
        }
        if g.pool == 0 {
            return Err(WarheimError::invalid_says(
                "squad order",
                "-",
                say("pool_spent"),
            ));
        }
        g.pool -= 1;
        g.squad_order = false;
        g.started = true;
        Ok(())
    }

    /// A Solo declares at the start of the acting group's activation that
    /// he is part of it until the end of the turn: his activation (and a
    /// commander's extra) moves into the group.
    pub fn join_solo(&mut self, solo: Id) -> Result<(), WarheimError> {
        let index = self
            .active
            .ok_or_else(|| WarheimError::invalid_says("solo", solo, say("no_group")))?;
        let (player, started) = self
            .groups
            .get(index)
            .map(|g| (g.player, g.started))
            .ok_or_else(|| WarheimError::invalid_says("group", index, say("no_such_group")))?;
        if started {
            return Err(WarheimError::invalid_says("solo", solo, say("solo_late")));
        }
        let single = self
            .groups
            .iter()
            .position(|g| {
                g.player == player && g.group.is_none() && g.fighters == [solo] && g.remaining() > 0
            })
            .ok_or_else(|| WarheimError::invalid_says("solo", solo, say("no_solo")))?;
        let extra = self.groups[single].commander_extra;
        self.groups[single].pool = 0;
        self.groups[single].commander_extra = false;
        let g = &mut self.groups[index];
        g.fighters.push(solo);
        g.pool += 1;
        g.commander_extra |= extra;
        self.joined.push(solo);
        Ok(())
    }

    /// Ends the active group (when it is spent, or when only the
    /// commander's extra is left and the player keeps him hidden) and
    /// passes the choice on.
    /// `stuck` ends it even with activations left, when nobody in the
    /// group can act.
    pub fn end_group(&mut self, players: usize, stuck: bool) -> Result<(), WarheimError> {
        let index = self
            .active
            .ok_or_else(|| WarheimError::invalid_says("group", "-", say("no_group")))?;
        let g = self
            .groups
            .get(index)
            .ok_or_else(|| WarheimError::invalid_says("group", index, say("no_such_group")))?;
        let left = g.remaining() - u32::from(g.commander_extra);
        if left > 0 && !stuck {
            return Err(WarheimError::invalid_says(
                "group",
                index,
                say("group_left").int("left", i64::from(left)),
            ));
        }
        let player = g.player;
        if g.commander_extra
            && let Some(g) = self.groups.get_mut(index)
        {
            // Declining the extra keeps the commander hidden; it is gone.
            g.commander_extra = false;
        }
        self.active = None;
        self.chooser = self
            .next_chooser(players, player + 1)
            .unwrap_or(self.chooser);
        Ok(())
    }

    /// Breaks `player`'s groups after the loss of the commander: groups
    /// without a Leader lose what they had left (PH7).
    pub fn break_groups(&mut self, player: usize, keep: &[Id], players: usize) {
        for (i, g) in self.groups.iter_mut().enumerate() {
            if g.player == player && g.group.is_some_and(|id| !keep.contains(&id)) {
                g.broken = true;
                // A running activation finishes; its end passes the choice.
                if self.active == Some(i) && self.activation.is_none() {
                    self.active = None;
                }
            }
            if g.player == player {
                g.commander_extra = false;
                g.squad_order = false;
            }
        }
        if self.active.is_none() {
            self.chooser = self
                .next_chooser(players, self.chooser)
                .unwrap_or(self.chooser);
        }
    }
}
