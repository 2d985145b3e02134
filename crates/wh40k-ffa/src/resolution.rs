//! The game's saved resolutions: roll-off, bag draw, combat.

use crate::refusal::{invalid, say};
use std::fmt;

use feldherr_dice::step::{Answer, Message};
use feldherr_play::{PlayError, Replayed, ResolutionKind};
use serde::{Deserialize, Serialize};

use crate::bag_draw::{BagDraw, Drawn};
use crate::combat::{Combat, CombatOutcome};
use crate::roll_off::{RollOff, RollOffWinner};

/// The inputs of one resolution of the free-for-all.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FfaResolution {
    /// The roll-off for round 1 (F2).
    RollOff(RollOff),
    /// A draw from the dice bag by the software (F2).
    Draw(BagDraw),
    /// A multi-sided close combat (F3, F4).
    Combat(Combat),
}

/// The typed outcome of a finished resolution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FfaOutcome {
    /// Who starts round 1.
    RollOff(RollOffWinner),
    /// Whose die came out of the bag.
    Draw(Drawn),
    /// The combat's winners, tests and sweeping advances.
    Combat(CombatOutcome),
}

impl fmt::Display for FfaOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FfaOutcome::RollOff(o) => o.fmt(f),
            FfaOutcome::Draw(o) => o.fmt(f),
            FfaOutcome::Combat(o) => o.fmt(f),
        }
    }
}

impl ResolutionKind for FfaResolution {
    type Outcome = FfaOutcome;

    fn replay(&self, answers: &[Answer]) -> Result<Replayed<FfaOutcome>, PlayError> {
        match self {
            FfaResolution::RollOff(r) => {
                if r.players.len() < 2 {
                    return Err(invalid(
                        "roll_off.players",
                        r.players.len(),
                        say("resolution.roll_off_needs_two_more"),
                    ));
                }
                Replayed::of(r.clone(), answers, |o| FfaOutcome::RollOff(o.clone()))
            }
            FfaResolution::Draw(d) => {
                if d.bag.is_empty() {
                    return Err(invalid("draw.bag", 0, say("resolution.bag_empty")));
                }
                Replayed::of(d.clone(), answers, |o| FfaOutcome::Draw(o.clone()))
            }
            FfaResolution::Combat(c) => {
                c.check()?;
                Replayed::of(c.clone(), answers, |o| FfaOutcome::Combat(o.clone()))
            }
        }
    }

    fn title_message(&self) -> Option<Message> {
        Some(match self {
            FfaResolution::RollOff(_) => Message::new("wh40k_ffa.title.roll_off"),
            FfaResolution::Draw(d) => {
                Message::new("wh40k_ffa.title.draw").int("round", count(d.round))
            }
            FfaResolution::Combat(c) => {
                let names: Vec<&str> = c.sides.iter().map(|s| s.player.as_str()).collect();
                Message::new("wh40k_ffa.title.combat")
                    .int("round", count(c.round))
                    .text("sides", names.join(" / "))
            }
        })
    }

    fn outcome_message(&self, outcome: &FfaOutcome) -> Option<Message> {
        Some(match outcome {
            FfaOutcome::RollOff(o) => {
                Message::new("wh40k_ffa.outcome.roll_off").text("player", o.name.clone())
            }
            FfaOutcome::Draw(o) => Message::new("wh40k_ffa.outcome.draw")
                .text("player", o.name.clone())
                .int("round", count(o.round)),
            FfaOutcome::Combat(o) => Message::new("wh40k_ffa.outcome.combat")
                .text("winners", o.winner_names.join(", "))
                .int("tests", count(o.tests.len()))
                .int("fleeing", count(o.fleeing.len()))
                .int("destroyed", count(o.destroyed.len())),
        })
    }
}

/// A count or round number as a message argument (both are bounded far
/// below `i64::MAX` by the army and round limits).
fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
