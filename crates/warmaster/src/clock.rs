//! The chess clock (W9) as a pure state machine over timestamps.
//!
//! The host passes `now` in milliseconds (any epoch, never going back);
//! the clock never reads a clock itself. Its state is the budget, the
//! time used by each player up to the last switch and the timestamp since
//! which the running player's clock runs, so a saved clock survives a
//! restart: after loading, the remaining time is computed from `now`.

use feldherr_play::PlayError;
use serde::{Deserialize, Serialize};

use crate::Player;
use crate::refusal::{invalid, refused, say};

/// One minute in milliseconds.
pub const MINUTE_MS: u64 = 60_000;
/// Under this much time left the clock flashes (W9).
pub const WARNING_MS: u64 = 5 * MINUTE_MS;
/// The latest timestamp accepted, ms (2^53 - 1: every timestamp is exact
/// in JSON numbers; about 285,000 years after the epoch). A bound, not a
/// rule.
pub const MAX_TIME_MS: u64 = (1 << 53) - 1;

/// The clock ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockOut {
    /// Whose clock ran out.
    pub player: Player,
    /// When (the instant it reached zero).
    pub at_ms: u64,
    /// The opponent's time left at that instant.
    pub opponent_left_ms: u64,
}

/// A combat-phase pause.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockPause {
    /// The player whose clock was running (and runs again on resume).
    pub player: Player,
    /// Since when.
    pub since_ms: u64,
    /// The game turn of the combat phase.
    pub round: u32,
}

/// The chess clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChessClock {
    /// Each player's time, ms.
    pub budget_ms: u64,
    /// Time used by A and B up to their clock's last stop.
    #[serde(default)]
    pub used_ms: [u64; 2],
    /// Whose clock runs, if any.
    #[serde(default)]
    pub running: Option<Player>,
    /// Since when it runs.
    #[serde(default)]
    pub since_ms: u64,
    /// A combat-phase pause in progress.
    #[serde(default)]
    pub paused: Option<ClockPause>,
    /// The last timestamp seen; `now` may not go back before it.
    #[serde(default)]
    pub last_ms: u64,
    /// The clock ran out.
    #[serde(default)]
    pub ran_out: Option<ClockOut>,
}

/// What a clock face shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// Time left for A and B, ms (0 once run out).
    pub remaining_ms: [u64; 2],
    /// Whose clock runs.
    pub running: Option<Player>,
    /// A combat-phase pause in progress.
    pub paused: Option<ClockPause>,
    /// Under 5 minutes left (flash, optional sound).
    pub warning: [bool; 2],
    /// The clock ran out.
    pub ran_out: Option<ClockOut>,
}

impl ChessClock {
    /// A stopped clock with `minutes` for each player.
    #[must_use]
    pub fn new(minutes: u32) -> ChessClock {
        ChessClock {
            budget_ms: u64::from(minutes) * MINUTE_MS,
            used_ms: [0, 0],
            running: None,
            since_ms: 0,
            paused: None,
            last_ms: 0,
            ran_out: None,
        }
    }

    fn check_now(&self, now_ms: u64) -> Result<(), PlayError> {
        if now_ms > MAX_TIME_MS {
            return Err(invalid(
                "now_ms",
                now_ms,
                say("time_limit").int("max", MAX_TIME_MS as i64),
            ));
        }
        if now_ms < self.last_ms {
            return Err(invalid(
                "now_ms",
                now_ms,
                say("time_back").int("last", self.last_ms as i64),
            ));
        }
        Ok(())
    }

    /// Time used by `player` at `now_ms`.
    #[must_use]
    pub fn used(&self, player: Player, now_ms: u64) -> u64 {
        let base = self.used_ms[player.index()];
        if self.running == Some(player) {
            base.saturating_add(now_ms.saturating_sub(self.since_ms))
        } else {
            base
        }
    }

    /// Time left for `player` at `now_ms` (0 once run out).
    #[must_use]
    pub fn remaining(&self, player: Player, now_ms: u64) -> u64 {
        self.budget_ms.saturating_sub(self.used(player, now_ms))
    }

    /// The clock face at `now_ms`.
    #[must_use]
    pub fn view(&self, now_ms: u64) -> ClockView {
        let remaining_ms = Player::BOTH.map(|p| self.remaining(p, now_ms));
        ClockView {
            remaining_ms,
            running: self.running,
            paused: self.paused,
            warning: remaining_ms.map(|r| r < WARNING_MS),
            ran_out: self.ran_out.or_else(|| self.out_at(now_ms)),
        }
    }

    /// Whether the clock was started.
    #[must_use]
    pub fn started(&self) -> bool {
        self.running.is_some() || self.paused.is_some() || self.used_ms != [0, 0]
    }

    fn out_at(&self, now_ms: u64) -> Option<ClockOut> {
        let player = self.running?;
        let used = self.used(player, now_ms);
        if used < self.budget_ms {
            return None;
        }
        let left_before = self.budget_ms.saturating_sub(self.used_ms[player.index()]);
        Some(ClockOut {
            player,
            at_ms: self.since_ms.saturating_add(left_before),
            opponent_left_ms: self.remaining(player.other(), now_ms),
        })
    }

    /// Brings the clock up to `now_ms`: if the running clock reached zero,
    /// it stops at that instant and the run-out is recorded. Returns the
    /// run-out, if there is one.
    ///
    /// # Errors
    /// `now_ms` before the last timestamp seen.
    pub fn tick(&mut self, now_ms: u64) -> Result<Option<ClockOut>, PlayError> {
        self.check_now(now_ms)?;
        self.last_ms = now_ms;
        if self.ran_out.is_none()
            && let Some(out) = self.out_at(now_ms)
        {
            self.used_ms[out.player.index()] = self.budget_ms;
            self.running = None;
            self.ran_out = Some(out);
        }
        Ok(self.ran_out)
    }

    fn stop_running(&mut self, now_ms: u64) {
        if let Some(p) = self.running.take() {
            let run = now_ms.saturating_sub(self.since_ms);
            self.used_ms[p.index()] = self.used_ms[p.index()]
                .saturating_add(run)
                .min(self.budget_ms);
        }
    }

    /// Starts `player`'s clock (W9: when the starting player begins to
    /// deploy).
    ///
    /// # Errors
    /// Refused when the clock runs, is paused or ran out; `now_ms` going
    /// back.
    pub fn start(&mut self, player: Player, now_ms: u64) -> Result<(), PlayError> {
        self.tick(now_ms)?;
        if self.ran_out.is_some() {
            return Err(refused(say("clock_out"), Some("W9")));
        }
        if self.running.is_some() || self.paused.is_some() {
            return Err(refused(say("clock_runs"), Some("W9")));
        }
        self.running = Some(player);
        self.since_ms = now_ms;
        Ok(())
    }

    /// Stops the running clock and starts the other (end of a player
    /// turn). During a combat-phase pause the other player's clock starts
    /// too (W9, clarified 2026-11-26). Returns whose clock runs now.
    ///
    /// # Errors
    /// Refused when the clock neither runs nor is paused (stopped or run
    /// out); `now_ms` going back.
    pub fn switch(&mut self, now_ms: u64) -> Result<Player, PlayError> {
        self.tick(now_ms)?;
        let Some(player) = self.running.or(self.paused.map(|p| p.player)) else {
            return Err(refused(say("no_clock"), Some("W9")));
        };
        let next = player.other();
        self.hand_over(next, now_ms)?;
        Ok(next)
    }

    /// Stops whatever runs (charging its player up to `now_ms`), ends a
    /// combat-phase pause and starts `to`'s clock: the end of a player
    /// turn, whose ever clock ran (W9).
    ///
    /// # Errors
    /// Refused when the clock ran out; `now_ms` going back.
    pub fn hand_over(&mut self, to: Player, now_ms: u64) -> Result<(), PlayError> {
        self.tick(now_ms)?;
        if self.ran_out.is_some() {
            return Err(refused(say("clock_out"), Some("W9")));
        }
        self.stop_running(now_ms);
        self.paused = None;
        self.running = Some(to);
        self.since_ms = now_ms;
        Ok(())
    }

    /// Pauses for a combat phase of game turn `round`.
    ///
    /// # Errors
    /// Refused when no clock runs.
    pub fn pause(&mut self, round: u32, now_ms: u64) -> Result<(), PlayError> {
        self.tick(now_ms)?;
        let Some(player) = self.running else {
            return Err(refused(say("no_clock"), Some("W9")));
        };
        self.stop_running(now_ms);
        self.paused = Some(ClockPause {
            player,
            since_ms: now_ms,
            round,
        });
        Ok(())
    }

    /// Ends a combat-phase pause: the same player's clock runs again.
    ///
    /// # Errors
    /// Refused when the clock is not paused.
    pub fn resume(&mut self, now_ms: u64) -> Result<(), PlayError> {
        self.tick(now_ms)?;
        let Some(pause) = self.paused.take() else {
            return Err(refused(say("not_paused"), Some("W9")));
        };
        self.running = Some(pause.player);
        self.since_ms = now_ms;
        Ok(())
    }

    /// Stops the clock (the game ended).
    ///
    /// # Errors
    /// `now_ms` going back.
    pub fn stop(&mut self, now_ms: u64) -> Result<(), PlayError> {
        self.tick(now_ms)?;
        self.stop_running(now_ms);
        self.paused = None;
        Ok(())
    }

    /// Stops the clock as of the instant the running clock last started,
    /// charging nobody for the time since: the game ended with the player
    /// turn that handed the clock over (PW17). A paused clock just stops.
    pub fn stop_at_hand_over(&mut self) {
        self.running = None;
        self.paused = None;
    }

    /// Whether a clock runs or is paused for a combat phase.
    #[must_use]
    pub fn live(&self) -> bool {
        self.running.is_some() || self.paused.is_some()
    }

    /// The clock-loss rule (W9): the player with time left wins whatever
    /// the VP when the other's clock ran out while he had more than 5
    /// minutes left; otherwise `None` (VP decide).
    #[must_use]
    pub fn clock_winner(&self) -> Option<Player> {
        let out = self.ran_out?;
        (out.opponent_left_ms > WARNING_MS).then_some(out.player.other())
    }
}
