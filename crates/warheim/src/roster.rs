//! A player's roster: fighters, groups and the (secret) commander.

use std::collections::BTreeSet;

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::model_type::Discipline;
use crate::refusal::say;
use crate::{Fighter, WarheimError};

/// The base size of a group (H5, line 125: "базовая величина ... три
/// бойца"): what a new group is formed with; a base size, not a limit.
pub const GROUP_SIZE: usize = 3;
/// Most fighters in a roster.
pub const MAX_FIGHTERS: usize = 40;

/// A group of fighters that shares activations (H5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    /// Stable id within the roster.
    pub id: Id,
    /// Name shown to the players.
    pub name: String,
    /// Fighter ids, one or more (three is the base size, H5).
    pub members: Vec<Id>,
}

/// One player's roster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roster {
    /// The player's name.
    pub player: String,
    /// The fighters.
    pub fighters: Vec<Fighter>,
    /// The groups; Disorganized fighters are in none (they are groups of
    /// one by themselves).
    #[serde(default)]
    pub groups: Vec<Group>,
    /// The commander; secret from the opponents until revealed.
    #[serde(default)]
    pub commander: Option<Id>,
    /// Whether the commander has been revealed (his group's extra
    /// activation used, H5).
    #[serde(default)]
    pub commander_revealed: bool,
    /// The commander (or a Hero) panicked, fell or died: groups broke up.
    #[serde(default)]
    pub commander_lost: bool,
    /// Fighters made Disorganized by the loss of the commander, until the
    /// groups are formed again.
    #[serde(default)]
    pub broken: BTreeSet<Id>,
}

impl Roster {
    /// A roster with fighters and nothing else.
    pub fn new(player: impl Into<String>, fighters: Vec<Fighter>) -> Self {
        Self {
            player: player.into(),
            fighters,
            groups: Vec::new(),
            commander: None,
            commander_revealed: false,
            commander_lost: false,
            broken: BTreeSet::new(),
        }
    }

    /// The discipline `fighter` acts with now: Disorganized while his group
    /// is broken by the loss of the commander.
    pub fn discipline_of(&self, fighter: Id) -> Discipline {
        if self.broken.contains(&fighter) {
            return Discipline::Disorganized;
        }
        self.fighter(fighter)
            .map_or(Discipline::Disorganized, |f| f.discipline)
    }

    /// The fighter with `id`.
    pub fn fighter(&self, id: Id) -> Option<&Fighter> {
        self.fighters.iter().find(|f| f.id == id)
    }

    /// The fighter with `id`, to change.
    pub fn fighter_mut(&mut self, id: Id) -> Option<&mut Fighter> {
        self.fighters.iter_mut().find(|f| f.id == id)
    }

    /// The group `fighter` acts in now: none once the loss of the
    /// commander broke it (he is Disorganized, a group of one, until the
    /// groups are formed again; line 251, PH7). Reports and sheets list
    /// this.
    pub fn group_of(&self, fighter: Id) -> Option<&Group> {
        if self.broken.contains(&fighter) {
            return None;
        }
        self.listed_group_of(fighter)
    }

    /// The group the roster lists `fighter` in, broken or not.
    pub fn listed_group_of(&self, fighter: Id) -> Option<&Group> {
        self.groups.iter().find(|g| g.members.contains(&fighter))
    }

    /// The commander as `viewer` may see him: the owner always, others
    /// only once he is revealed.
    pub fn commander_seen_by(&self, owner_is_viewer: bool) -> Option<Id> {
        if owner_is_viewer || self.commander_revealed {
            self.commander
        } else {
            None
        }
    }

    /// Checks the whole roster; the error names the fighter or the field.
    pub fn check(&self) -> Result<(), WarheimError> {
        if self.player.trim().is_empty() {
            return Err(WarheimError::roster_says(
                "player",
                "\"\"",
                say("roster_player"),
            ));
        }
        if self.fighters.is_empty() || self.fighters.len() > MAX_FIGHTERS {
            return Err(WarheimError::roster_says(
                "fighters",
                self.fighters.len(),
                say("roster_size")
                    .text("player", &self.player)
                    .int("max", MAX_FIGHTERS as i64),
            ));
        }
        let mut ids = BTreeSet::new();
        for (i, f) in self.fighters.iter().enumerate() {
            if !ids.insert(f.id) {
                return Err(WarheimError::fighter_says(
                    &f.name,
                    format!("fighters[{i}].id"),
                    f.id,
                    say("fighter_id_twice"),
                ));
            }
            f.check()?;
        }
        let mut placed = BTreeSet::new();
        let mut group_ids = BTreeSet::new();
        for (g, group) in self.groups.iter().enumerate() {
            if !group_ids.insert(group.id) {
                return Err(WarheimError::roster_says(
                    format!("groups[{g}].id"),
                    group.id,
                    say("group_id_twice")
                        .text("player", &self.player)
                        .text("group", &group.name),
                ));
            }
            if group.members.is_empty() || group.members.len() > MAX_FIGHTERS {
                return Err(WarheimError::roster_says(
                    format!("groups[{g}].members"),
                    group.members.len(),
                    say("group_size")
                        .text("group", &group.name)
                        .int("max", MAX_FIGHTERS as i64),
                ));
            }
            for (m, id) in group.members.iter().enumerate() {
                let Some(f) = self.fighter(*id) else {
                    return Err(WarheimError::roster_says(
                        format!("groups[{g}].members[{m}]"),
                        id,
                        say("group_member_missing")
                            .text("player", &self.player)
                            .text("group", &group.name),
                    ));
                };
                if f.discipline == Discipline::Disorganized {
                    return Err(WarheimError::fighter_says(
                        &f.name,
                        "discipline",
                        "Disorganized",
                        say("disorganized_group").text("group", &group.name),
                    ));
                }
                if !placed.insert(*id) {
                    return Err(WarheimError::fighter_says(
                        &f.name,
                        format!("groups[{g}].members[{m}]"),
                        id,
                        say("two_groups"),
                    ));
                }
            }
        }
        if let Some(c) = self.commander
            && self.fighter(c).is_none()
        {
            return Err(WarheimError::roster_says(
                "commander",
                c,
                say("commander_missing").text("player", &self.player),
            ));
        }
        Ok(())
    }

    /// Fighters not in any group although they should be (Disciplined or
    /// Undisciplined): `problems` reports them.
    pub fn ungrouped(&self) -> Vec<&Fighter> {
        self.fighters
            .iter()
            .filter(|f| {
                f.discipline != Discipline::Disorganized
                    && !f.is(crate::ModelType::Solo)
                    && self.listed_group_of(f.id).is_none()
            })
            .collect()
    }
}
