//! Drawing markers from the cup (S3) and rolling movement dice (S2).

use feldherr_dice::step::{Pending, Resolver, Steps};
use feldherr_dice::{Die, RollRequest, Roller};
use std::fmt::Write;
use std::sync::Arc;

use feldherr_play::Id;

use crate::movement::Stepped;
use crate::text::{msg, render, rule_step};
use crate::{RaceState, SledStatus};

/// Draws `ids` from the cup one by one: with two or more markers left a
/// die with as many faces as markers picks the next (the organiser types
/// the number of the marker as listed, or the software rolls).
fn draw(steps: &mut Steps<'_>, st: &RaceState, ids: &[Id], key: &str) -> Result<Vec<Id>, Pending> {
    let mut left: Vec<Id> = ids.to_vec();
    let mut drawn = Vec::new();
    while !left.is_empty() {
        let pick = if left.len() == 1 {
            0
        } else {
            let name = |id: &Id| st.sled(*id).map_or("?", |s| s.driver.name.as_str());
            let mut markers = String::with_capacity(left.len() * 12);
            for (i, id) in left.iter().enumerate() {
                if i > 0 {
                    markers.push_str(", ");
                }
                let _ = write!(markers, "{} {}", i + 1, name(id));
            }
            let purpose = msg(key, &[("place", (drawn.len() as i64 + 1))]).text("markers", markers);
            let die = Die::new(left.len() as u32)?;
            let face = steps.roll_one(
                RollRequest::new(1, die, render(&purpose))
                    .rule("S3")
                    .with_message(purpose)
                    .odds_if(steps.wants_odds(), || {
                        die.dist()
                            .map(|&f| {
                                left.get(f as usize - 1)
                                    .map(|id| format!("{f} {}", name(id)))
                                    .unwrap_or_default()
                            })
                            .odds_lines()
                    }),
            )?;
            face as usize - 1
        };
        let id = left.remove(pick.min(left.len() - 1));
        steps.log(rule_step(
            "S3",
            msg("sled.log.drawn", &[("place", (drawn.len() as i64 + 1))])
                .text("name", st.sled(id).map_or("?", |s| s.driver.name.as_str())),
        ));
        drawn.push(id);
    }
    Ok(drawn)
}

/// What a draw or dice step does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawKind {
    /// Start positions (S3).
    Start,
    /// Move order of a new round (S3).
    Round,
    /// Movement dice of a new turn (S2).
    TurnDice,
}

/// A draw or the movement dice.
#[derive(Debug, Clone, PartialEq)]
pub struct DrawResolver {
    /// The race before (shared with the saved resolution).
    pub before: Arc<RaceState>,
    /// Which.
    pub kind: DrawKind,
}

impl Resolver for DrawResolver {
    type Outcome = Stepped;

    fn title(&self) -> String {
        match self.kind {
            DrawKind::Start => "Start positions".into(),
            DrawKind::Round => format!("Order of round {}", self.before.race_round() + 1),
            DrawKind::TurnDice => format!("Movement dice of turn {}", self.before.turn + 1),
        }
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<Stepped, Pending> {
        let mut st = (*self.before).clone();
        match self.kind {
            DrawKind::Start => {
                let ids: Vec<Id> = st.sleds.iter().map(|s| s.id).collect();
                let order = draw(steps, &st, &ids, "sled.roll.start_marker")?;
                let n = order.len();
                let length = st.settings.sled_length;
                for (slot, id) in order.iter().enumerate() {
                    let at = st.track.start_slot(slot, n, length);
                    if let Some(s) = st.sled_mut(*id) {
                        s.center = at;
                        s.facing = crate::track::downhill();
                        s.speed = 0;
                    }
                }
                st.placed = true;
                let message = msg("sled.outcome.start", &[("count", n as i64)]);
                Ok(Stepped::new(st, Vec::new(), message))
            }
            DrawKind::Round => {
                let ids: Vec<Id> = st.racing().map(|s| s.id).collect();
                let order = draw(steps, &st, &ids, "sled.roll.order_marker")?;
                st.round += 1;
                st.order = order;
                st.moved.clear();
                let message = msg(
                    "sled.outcome.round_order",
                    &[("round", i64::from(st.race_round()))],
                );
                Ok(Stepped::new(st, Vec::new(), message))
            }
            DrawKind::TurnDice => {
                let racing: Vec<(Id, u32, String)> = st
                    .racing()
                    .map(|s| (s.id, s.driver.toughness, s.driver.name.clone()))
                    .collect();
                for s in st.sleds.iter_mut() {
                    s.dice.clear();
                }
                for (id, toughness, name) in racing {
                    // A damaged save must not make a roll of millions of
                    // dice: a driver has Toughness 1 to 10.
                    if !(1..=10).contains(&toughness) {
                        return Err(Pending::Failed(
                            feldherr_dice::DiceError::InvalidParameter {
                                field: "driver.toughness",
                                value: i64::from(toughness),
                                expected: "1 to 10",
                            },
                        ));
                    }
                    let purpose = msg("sled.roll.movement_dice", &[("count", toughness.into())])
                        .text("name", &name);
                    let faces = steps.roll(
                        RollRequest::new(toughness as usize, Die::D6, render(&purpose))
                            .rule("S2")
                            .with_message(purpose)
                            .odds_if(steps.wants_odds(), || Die::D6.dist().odds_lines()),
                    )?;
                    if let Some(s) = st.sled_mut(id)
                        && s.status == SledStatus::Racing
                    {
                        s.dice = faces;
                    }
                }
                st.turn += 1;
                st.round = 0;
                st.order.clear();
                st.moved.clear();
                let message = msg("sled.outcome.turn_dice", &[("turn", i64::from(st.turn))]);
                Ok(Stepped::new(st, Vec::new(), message))
            }
        }
    }
}
