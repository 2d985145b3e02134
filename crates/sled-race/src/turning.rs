//! Phase 4: turning after the move (S11).

use feldherr_dice::mechanics::CharacteristicTest;
use feldherr_dice::step::{Pending, Resolver, Steps};
use feldherr_dice::{Die, Dist, RollRequest, Roller};
use feldherr_geometry::Angle;
use std::sync::Arc;

use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::movement::Stepped;
use crate::speed::{change_magnitude, turn_angle_modifier, turn_speed_modifier};
use crate::text::{msg, render, rule_step};
use crate::{RaceState, TurnFailureReading, TurnTestNaturals};

/// The most a sled may try to turn, either way.
pub const MAX_TURN: f64 = 180.0;

/// A row of the failure table (S11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnResult {
    /// The test passed: the sled turns as asked.
    Turned,
    /// 1-2: canted, speed -2, no turn.
    Canted,
    /// 3: turns half as far.
    Half,
    /// 4: turns one and a half times as far.
    OneAndAHalf,
    /// 5: does not turn.
    NoTurn,
    /// 6: capsizes, speed 0.
    Capsized,
}

impl TurnResult {
    /// The row for a failure read as `n` (1 to 6).
    pub fn of_failure(n: i32) -> TurnResult {
        match n {
            ..=2 => TurnResult::Canted,
            3 => TurnResult::Half,
            4 => TurnResult::OneAndAHalf,
            5 => TurnResult::NoTurn,
            _ => TurnResult::Capsized,
        }
    }

    /// Catalogue key.
    pub fn key(self) -> &'static str {
        match self {
            TurnResult::Turned => "sled.turn.turned",
            TurnResult::Canted => "sled.turn.canted",
            TurnResult::Half => "sled.turn.half",
            TurnResult::OneAndAHalf => "sled.turn.one_and_a_half",
            TurnResult::NoTurn => "sled.turn.no_turn",
            TurnResult::Capsized => "sled.turn.capsized",
        }
    }

    /// The turn made (of `angle`) and the new speed (from `speed`).
    pub fn apply(self, angle: f64, speed: i32) -> (f64, i32) {
        match self {
            TurnResult::Turned => (angle, speed),
            TurnResult::Canted => (0.0, change_magnitude(speed, -2)),
            TurnResult::Half => (angle / 2.0, speed),
            TurnResult::OneAndAHalf => (angle * 1.5, speed),
            TurnResult::NoTurn => (0.0, speed),
            TurnResult::Capsized => (0.0, 0),
        }
    }
}

impl std::fmt::Display for TurnResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(render(&msg(self.key(), &[])).as_str())
    }
}

/// Whether the turning test passes with `face` against `value` (S7).
pub fn turn_test_passes(naturals: TurnTestNaturals, value: i32, face: u32) -> bool {
    match naturals {
        TurnTestNaturals::Warhammer => CharacteristicTest::new(value.clamp(-20, 20))
            .and_then(|t| t.evaluate(face))
            .is_ok_and(|r| r.passed()),
        TurnTestNaturals::Literal => match face {
            6 => true,
            1 => false,
            f => f as i32 <= value,
        },
    }
}

/// The failure-table row of a failed test by its margin (S11 default):
/// face minus value, at most 6; 0 or less counts as 1.
pub fn margin_row(value: i32, face: u32) -> TurnResult {
    let margin = (face as i32 - value).clamp(1, 6);
    TurnResult::of_failure(margin)
}

/// The turning attempt of one sled.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnResolver {
    /// The race before the turn (shared with the saved resolution).
    pub before: Arc<RaceState>,
    /// The sled.
    pub sled: Id,
    /// The turn asked for, degrees, CCW positive (left); 0: no attempt.
    pub angle: f64,
}

impl Resolver for TurnResolver {
    type Outcome = Stepped;

    fn title(&self) -> String {
        let name = self
            .before
            .sled(self.sled)
            .map_or("?", |s| s.driver.name.as_str());
        format!("{name} turns {:.0}°", self.angle)
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<Stepped, Pending> {
        let mut st = (*self.before).clone();
        let id = self.sled;
        st.turning = None;
        st.moved.push(id);
        let Some(s) = st.sled(id).cloned() else {
            return Ok(Stepped::new(
                st,
                Vec::new(),
                msg("sled.outcome.no_sled", &[]),
            ));
        };
        let name = s.driver.name.clone();
        if self.angle == 0.0 || s.speed <= 0 {
            steps.log(rule_step(
                "S11",
                msg("sled.log.no_turn_try", &[]).text("name", &name),
            ));
            let message = msg("sled.outcome.no_turn", &[]).text("name", &name);
            return Ok(Stepped::new(st, Vec::new(), message));
        }
        let speed_mod = turn_speed_modifier(s.speed);
        let angle_mod = turn_angle_modifier(self.angle);
        let initiative = s.driver.initiative as i32;
        let value = initiative + speed_mod + angle_mod;
        let naturals = st.settings.turn_naturals;
        let reading = st.settings.turn_failure;
        let angle = self.angle;
        let purpose = msg(
            "sled.roll.turn_test",
            &[
                ("initiative", initiative.into()),
                ("speed", s.speed.into()),
                ("speed_mod", speed_mod.into()),
                ("angle", (angle.round() as i64)),
                ("angle_mod", angle_mod.into()),
                ("value", value.into()),
            ],
        )
        .text("name", &name);
        let odds = || {
            Die::D6
                .dist()
                .map(|&f| {
                    if turn_test_passes(naturals, value, f) {
                        TurnResult::Turned
                    } else {
                        match reading {
                            TurnFailureReading::Margin => margin_row(value, f),
                            // The row follows from a further die: show pass/fail.
                            TurnFailureReading::FurtherDie => TurnResult::NoTurn,
                        }
                    }
                })
                .odds_lines()
        };
        let face = steps.roll_one(
            RollRequest::new(1, Die::D6, render(&purpose))
                .rule("S11")
                .with_message(purpose)
                .odds_if(steps.wants_odds(), odds),
        )?;
        let result = if turn_test_passes(naturals, value, face) {
            steps.log(rule_step(
                "S11",
                msg("sled.log.turn_pass", &[("face", face.into())]),
            ));
            TurnResult::Turned
        } else {
            match reading {
                TurnFailureReading::Margin => {
                    let margin = (face as i32 - value).clamp(1, 6);
                    steps.log(rule_step(
                        "S11",
                        msg(
                            "sled.log.turn_fail_margin",
                            &[("face", face.into()), ("margin", margin.into())],
                        ),
                    ));
                    TurnResult::of_failure(margin)
                }
                TurnFailureReading::FurtherDie => {
                    let purpose = msg("sled.roll.turn_failure", &[]).text("name", &name);
                    let table: Dist<TurnResult> =
                        Die::D6.dist().map(|&f| TurnResult::of_failure(f as i32));
                    let row = steps.roll_one(
                        RollRequest::new(1, Die::D6, render(&purpose))
                            .rule("S11")
                            .with_message(purpose)
                            .odds_if(steps.wants_odds(), || table.odds_lines()),
                    )?;
                    TurnResult::of_failure(row as i32)
                }
            }
        };
        let (turn, speed) = result.apply(angle, s.speed);
        if let Some(m) = st.sled_mut(id) {
            m.facing = Angle::from_degrees(m.facing.degrees() + turn).unwrap_or(m.facing);
            m.speed = speed;
        }
        steps.log(rule_step(
            "S11",
            msg(
                "sled.log.turn_result",
                &[("turn", (turn.round() as i64)), ("speed", speed.into())],
            )
            .key("result", result.key()),
        ));
        let message = msg(
            "sled.outcome.turn",
            &[("turn", turn.round() as i64), ("speed", speed.into())],
        )
        .text("name", &name)
        .key("result", result.key());
        Ok(Stepped::new(st, Vec::new(), message))
    }
}
