//! What finished resolutions do to the fighters.

use std::collections::BTreeMap;

use feldherr_play::{Id, PlayError};
use feldherr_table::Table;

use super::{Warheim, WarheimKind, WarheimOutcome};
use crate::Condition;
use crate::attack::{Change, Fall, fall};
use crate::attack_order::AttackOrder;
use crate::morale::{MoraleKind, MoraleSpec};
use crate::test_roll::TestKind;

/// What the changes of one or more resolutions come to for one fighter:
/// T lost in all, whether he saved, the T they were declared at.
#[derive(Debug, Default)]
struct Total {
    t_before: Option<i32>,
    lost: u32,
    saved: u32,
    beast: bool,
}

impl Warheim {
    /// A shot of a weapon that reloads leaves it unloaded (line 177),
    /// unless the Veteran reloads it at once (line 205).
    pub(crate) fn fire(&mut self, order: &AttackOrder) -> Result<(), PlayError> {
        let p = self.roster_of(order.attacker)?;
        let Some(f) = self.rosters[p].fighter_mut(order.attacker) else {
            return Ok(());
        };
        let reloads = f.weapons.get(order.weapon).is_some_and(|w| w.reload);
        if reloads && !order.reload_after {
            let mut state = f.current();
            state.unloaded.insert(order.weapon);
            f.state = Some(state);
        }
        Ok(())
    }

    /// Applies what `outcomes` did, together: the T lost by each fighter
    /// summed, his state from the total, one nerves test for what he lost
    /// or saved in all (PH11, PH27); the active player's fighters first
    /// (line 43), then the others in the order they appear.
    pub(crate) fn apply_outcomes(
        &mut self,
        outcomes: &[WarheimOutcome],
        active_player: Option<usize>,
        table: &mut Table,
    ) -> Result<(), PlayError> {
        let mut order: Vec<Id> = Vec::new();
        let mut totals: BTreeMap<Id, Total> = BTreeMap::new();
        for outcome in outcomes {
            for c in outcome.changes() {
                self.add_change(c, &mut order, &mut totals)?;
            }
        }
        if let Some(active) = active_player {
            order.sort_by_key(|id| usize::from(self.roster_of(*id).ok() != Some(active)));
        }
        for id in order {
            if let Some(total) = totals.get(&id) {
                self.take(id, total)?;
            }
        }
        for outcome in outcomes {
            self.apply_effects(outcome, table)?;
        }
        Ok(())
    }

    fn add_change(
        &self,
        c: &Change,
        order: &mut Vec<Id>,
        totals: &mut BTreeMap<Id, Total>,
    ) -> Result<(), PlayError> {
        let p = self.roster_of(c.fighter)?;
        let f = self.rosters[p]
            .fighter(c.fighter)
            .ok_or_else(|| crate::refusal::not_found("fighter", c.fighter))?;
        let now = f.current().t;
        if now != c.t_before {
            return Err(crate::refusal::refused(
                crate::refusal::say("t_changed")
                    .text("fighter", &f.name)
                    .int("now", i64::from(now))
                    .int("before", i64::from(c.t_before)),
                Some("PH8"),
            ));
        }
        if !order.contains(&c.fighter) {
            order.push(c.fighter);
        }
        let total = totals.entry(c.fighter).or_default();
        total.t_before = Some(c.t_before);
        total.lost = total.lost.saturating_add(c.t_lost);
        total.saved = total.saved.saturating_add(c.saved);
        total.beast |= f.is(crate::ModelType::Beast);
        Ok(())
    }

    /// One fighter takes his total: T, state, nerves, the commander's loss.
    fn take(&mut self, id: Id, total: &Total) -> Result<(), PlayError> {
        let p = self.roster_of(id)?;
        let Some(f) = self.rosters[p].fighter_mut(id) else {
            return Ok(());
        };
        let regeneration = f.skill(crate::SkillKind::Regeneration);
        let mut state = f.current();
        let lost = i32::try_from(total.lost).unwrap_or(i32::MAX);
        state.t = total.t_before.unwrap_or(state.t).saturating_sub(lost);
        let fell = fall(state.t, regeneration);
        match fell {
            Fall::Standing => {}
            Fall::Unconscious => {
                state.conditions.insert(Condition::Unconscious);
            }
            Fall::Dead => {
                state.conditions.remove(&Condition::Unconscious);
                state.conditions.insert(Condition::Dead);
            }
        }
        let name = f.name.clone();
        let wip = f.profile.is_mage();
        let value = if wip {
            f.profile.wip.unwrap_or(0)
        } else {
            state.mor
        };
        f.state = Some(state);
        if fell == Fall::Standing && (total.lost > 0 || total.saved > 0) {
            let beast = if total.beast && total.lost > 0 { 3 } else { 0 };
            self.push(WarheimKind::Morale(MoraleSpec {
                fighter: id,
                name,
                kind: MoraleKind::Nerves,
                mor: value,
                penalty: lost.saturating_add(beast),
                wip,
            }))?;
        }
        self.check_commander(id)
    }

    /// What an outcome does besides T: a spotted marker is revealed, a
    /// panicking fighter panics, a hidden target who reacted is revealed.
    fn apply_effects(
        &mut self,
        outcome: &WarheimOutcome,
        table: &mut Table,
    ) -> Result<(), PlayError> {
        match outcome {
            WarheimOutcome::Morale(o) => {
                if o.panic {
                    self.set(o.fighter, Condition::Panic, true)?;
                    self.check_commander(o.fighter)?;
                }
            }
            WarheimOutcome::Test(o) => match (o.passed, &o.kind) {
                (true, TestKind::Spot { target, .. }) => {
                    self.set(*target, Condition::Hidden, false)?;
                }
                // Line 155: a passed throw lands him in base contact.
                (true, TestKind::Throw { target, .. }) => {
                    if let Some(m) = self.throw_landing(table, o.fighter, *target)?
                        && m.blocked.is_empty()
                    {
                        self.move_to(table, o.fighter, &m)?;
                    }
                }
                _ => {}
            },
            WarheimOutcome::Reveal(o) => {
                if let (true, TestKind::Spot { target, .. }) = (o.spot.passed, &o.spot.kind) {
                    self.set(*target, Condition::Hidden, false)?;
                }
            }
            WarheimOutcome::Attack(o) => {
                let attacker = o.changes.first().map(|c| c.fighter);
                for ex in o.exchanges.iter().filter(|e| e.thrown_back) {
                    if let Some(a) = attacker {
                        self.throw_back(table, a, ex.target)?;
                    }
                }
            }
            WarheimOutcome::Cast(_) | WarheimOutcome::Fall(_) => {}
        }
        Ok(())
    }
}
