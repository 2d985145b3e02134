//! The loss of the commander and the regrouping after it (line 251).

use feldherr_play::{Id, PlayError};

use super::Warheim;
use crate::model_type::ModelType;
use crate::skill::SkillKind;
use crate::{Condition, Roster};

impl Warheim {
    /// The commander or a Hero panicked, fell or died: the player's groups
    /// break; fighters of groups without a Leader become Disorganized
    /// (Slaves among them flee); the running turn loses what those groups
    /// had left (PH7).
    pub(crate) fn check_commander(&mut self, fighter: Id) -> Result<(), PlayError> {
        let p = self.roster_of(fighter)?;
        let roster = &self.rosters[p];
        let Some(f) = roster.fighter(fighter) else {
            return Ok(());
        };
        let struck = f.down() || f.has(Condition::Panic);
        if !struck
            || roster.commander_lost
            || !(roster.commander == Some(fighter) || f.is(ModelType::Hero))
        {
            return Ok(());
        }
        let mut keep = Vec::new();
        let mut broken = Vec::new();
        for g in &roster.groups {
            let led = g.members.iter().any(|m| {
                roster
                    .fighter(*m)
                    .is_some_and(|x| x.skill(SkillKind::Leadership) > 0 && !x.down())
            });
            if led {
                keep.push(g.id);
            } else {
                broken.extend(g.members.iter().copied());
            }
        }
        // Line 271: a Slave flees once he becomes Disorganized, which is
        // what the break does to a group without a Leader (PH13); one who
        // was Undisciplined all along does not become anything now.
        let slaves: Vec<Id> = roster
            .fighters
            .iter()
            .filter(|x| x.is(ModelType::Slave) && broken.contains(&x.id))
            .map(|x| x.id)
            .collect();
        let roster = &mut self.rosters[p];
        roster.commander_lost = true;
        roster.broken.extend(broken);
        for s in slaves {
            self.set(s, Condition::Panic, true)?;
        }
        let players = self.rosters.len();
        if let Some(turn) = &mut self.turn {
            turn.break_groups(p, &keep, players);
        }
        Ok(())
    }
}

/// Whether `r` has a fighter able to become the new commander.
pub(super) fn appointable(r: &Roster) -> bool {
    r.fighters.iter().any(|f| {
        !f.down()
            && [
                SkillKind::Leadership,
                SkillKind::Tactician,
                SkillKind::Strategist,
                SkillKind::Veteran,
            ]
            .iter()
            .any(|s| f.skill(*s) > 0)
    })
}
