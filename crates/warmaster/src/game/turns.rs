//! The battle: its beginning, events, EP, player turns, the clock and
//! the end (W5, W6, W9, W10).

use feldherr_play::{Id, PlayError};

use super::*;
use crate::battle::{
    Battle, ControlEntry, EndClock, EndReason, EpEntry, GameEnd, Succession, TurnRecord,
};
use crate::clock::MAX_TIME_MS;
use crate::conquest::{EP_TO_WIN, KING_EP_PER_ROUND, SUDDEN_DEATH_LEAD, score};
use crate::{Control, EpLine, EpSource, Player, Scenario, SpecialRule, Unit};

/// Zufaellige Spieldauer: the game turns after which the starting player
/// rolls, with the score that gives another turn (W6): 2+ after turn 5,
/// 4+ after turn 6.
pub const RANDOM_LENGTH_ROLLS: [(u32, u32); 2] = [(5, 2), (6, 4)];
/// Zufaellige Spieldauer: the game ends after this turn at the latest (W6).
pub const RANDOM_LENGTH_LAST: u32 = 7;

/// The score a game-length roll after `after_round` needs (W6).
#[must_use]
pub(crate) fn length_need(after_round: u32) -> Option<u32> {
    RANDOM_LENGTH_ROLLS
        .iter()
        .find(|(after, _)| *after == after_round)
        .map(|(_, need)| *need)
}

/// When the clock stops as the game ends.
#[derive(Debug, Clone, Copy)]
pub(super) enum ClockAt {
    /// At the time the ending edit gives (needed while the clock runs).
    Now(Option<u64>),
    /// As of the end of the last player turn: the clock was handed over
    /// then, and the game ended with that turn (PW17).
    HandOver,
    /// The clock ran out: it stopped at that instant.
    RanOut,
}

impl WarmasterGame {
    /// Refuses the deployment while the set-up before it is not done, in
    /// the text's order: terrain, starting player, scenario, layout,
    /// sides, special rule, and both armies ready.
    pub(super) fn ready_for_deployment(&self) -> Result<(), PlayError> {
        if self.battle.is_some() {
            return Err(plain_refusal(say("begun")));
        }
        self.terrain_placed()?;
        if self.starting_player.is_none() {
            return Err(plain_refusal(say("decide_starter")));
        }
        if self.scenario.is_none() {
            return Err(refused(say("decide_scenario"), "W2"));
        }
        if self.objectives.is_empty() {
            return Err(refused(say("place_markers"), "W3"));
        }
        if self.south.is_none() {
            return Err(plain_refusal(say("side_first")));
        }
        if self.settings.scenario_rules && !self.special_rule_decided {
            return Err(refused(say("roll_special"), "W2"));
        }
        for p in Player::BOTH {
            if let Some(problem) = self
                .army(p)
                .readiness(self.settings.game_size)
                .into_iter()
                .next()
            {
                return Err(plain_refusal(
                    say("army_not_ready")
                        .text("player", &self.player(p).name)
                        .nested(
                            "problem",
                            problem.said().cloned().unwrap_or_else(|| {
                                feldherr_dice::step::Message::verbatim(&problem.message)
                            }),
                        ),
                ));
            }
        }
        Ok(())
    }

    /// `player` has placed his whole army (text lines 70-72): the
    /// starting player first, then his opponent, whose deployment begins
    /// the battle. The clock passes to whoever deploys or plays next.
    pub(super) fn deployed(
        &mut self,
        player: Player,
        now_ms: Option<u64>,
    ) -> Result<(), PlayError> {
        self.ready_for_deployment()?;
        let starting = self
            .starting_player
            .ok_or_else(|| plain_refusal(say("decide_starter")))?;
        let next = if self.deployed.contains(&starting) {
            starting.other()
        } else {
            starting
        };
        if player != next {
            return Err(plain_refusal(
                say("deploys_now").text("player", &self.player(next).name),
            ));
        }
        if self.settings.clock {
            if !self.clock.started() {
                return Err(refused(say("start_clock"), "W9"));
            }
            if self.clock.live() && now_ms.is_none() {
                return Err(refused(say("time_deployed"), "W9"));
            }
        }
        self.observe_time(now_ms)?;
        self.deployed.push(player);
        if let (Some(now), true) = (
            now_ms,
            self.settings.clock && self.clock.live() && self.clock.ran_out.is_none(),
        ) {
            self.clock.hand_over(player.other(), now)?;
        }
        if player != starting {
            self.begin_battle()?;
            // A clock that ran out during the deployment ends the game at
            // once (W9).
            self.check_clock()?;
        }
        Ok(())
    }

    fn begin_battle(&mut self) -> Result<(), PlayError> {
        self.ready_for_deployment()?;
        let starting = self
            .starting_player
            .ok_or_else(|| plain_refusal(say("decide_starter")))?;
        // Zufaellige Spieldauer: five turns, then the rolls (W6), whatever
        // the turn limit.
        let rounds = if self.special_rule == Some(SpecialRule::RandomGameLength) {
            RANDOM_LENGTH_ROLLS[0].0
        } else {
            self.settings.turn_limit
        };
        let generals = Player::BOTH.map(|p| self.army(p).general().map(|u| u.id));
        self.battle = Some(Battle {
            round: 1,
            turn_of: starting,
            rounds,
            turns: vec![TurnRecord {
                round: 1,
                player: starting,
                control: Vec::new(),
                ended: false,
            }],
            ep: Vec::new(),
            incursion: Vec::new(),
            length_roll_due: None,
            generals,
            units: Vec::new(),
            successions: Vec::new(),
        });
        Ok(())
    }

    /// Whether EP can be gained now: from the second player's second turn
    /// on, for EP of every source (W5, clarified 2026-11-26), and only
    /// while the game is played.
    #[must_use]
    pub fn ep_open(&self) -> bool {
        match (&self.battle, &self.end) {
            (Some(b), None) => self.is_scoring_point(b.round, b.turn_of),
            _ => false,
        }
    }

    pub(super) fn push_ep(&mut self, line: EpLine) {
        if let Some(b) = self.battle.as_mut() {
            let entry = EpEntry {
                round: b.round,
                turn_of: b.turn_of,
                line,
            };
            b.ep.push(entry);
        }
    }

    /// An event's EP (Killbox, Verbranntes Land): counted at once (PW3),
    /// or withheld with a line of 0 saying why before the second player's
    /// second turn (W5).
    fn event_ep(&mut self, player: Player, source: EpSource) {
        let line = if self.ep_open() {
            EpLine {
                player,
                source,
                ep: 1,
            }
        } else {
            EpLine {
                player,
                source: EpSource::Withheld {
                    event: Box::new(source),
                },
                ep: 0,
            }
        };
        self.push_ep(line);
    }

    /// Lang lebe der Koenig: one EP for `player`, at most 2 per general
    /// and game turn (W10); withheld before the second player's second
    /// turn (W5).
    pub(super) fn king_ep(&mut self, player: Player, source: EpSource) -> Result<(), PlayError> {
        if !self.ep_open() {
            self.event_ep(player, source);
            return Ok(());
        }
        let b = self
            .battle
            .as_ref()
            .ok_or_else(|| plain_refusal(say("not_begun")))?;
        let general = b.generals[player.index()];
        let earned: i32 =
            b.ep.iter()
                .filter(|e| e.round == b.round && e.line.player == player)
                .filter(|e| match &e.line.source {
                    EpSource::KingSlain { by_general, .. } => *by_general == general,
                    EpSource::GeneralFought { general: g } => Some(*g) == general,
                    EpSource::KingCap { general: g } => *g == general,
                    _ => false,
                })
                .fold(0_i32, |sum, e| sum.saturating_add(e.line.ep));
        self.push_ep(EpLine {
            player,
            source,
            ep: 1,
        });
        if earned >= KING_EP_PER_ROUND {
            self.push_ep(EpLine {
                player,
                source: EpSource::KingCap { general },
                ep: -1,
            });
        }
        Ok(())
    }

    /// The time an edit gives, checked and brought to the clock: a clock
    /// that ran out before it ends the game at that instant (W6, W9,
    /// PW11). While the clock runs, an edit that may end the game must
    /// give the time, since the clock stops then.
    pub(super) fn observe_time(&mut self, now_ms: Option<u64>) -> Result<(), PlayError> {
        if let Some(now) = now_ms
            && now > MAX_TIME_MS
        {
            return Err(invalid(
                "now_ms",
                now,
                say("time_limit").int("max", MAX_TIME_MS as i64),
            ));
        }
        if !self.settings.clock || self.end.is_some() {
            return Ok(());
        }
        match now_ms {
            Some(now) => {
                self.clock.tick(now)?;
                self.check_clock()
            }
            None if self.clock.live() && self.battle.is_some() => {
                Err(refused(say("time_may_end"), "W9"))
            }
            None => Ok(()),
        }
    }

    pub(super) fn unit_destroyed(
        &mut self,
        player: Player,
        unit: Id,
        new_general: Option<Id>,
        now_ms: Option<u64>,
    ) -> Result<(), PlayError> {
        let u = self.unit_of(player, unit)?.clone();
        let after_end = self.end.is_some();
        let b = if after_end {
            self.battle
                .as_mut()
                .ok_or_else(|| plain_refusal(say("not_begun")))?
        } else {
            self.battle_running()?
        };
        let mut state = b.unit_state(player, unit);
        if state.destroyed || state.pillaged {
            return Err(plain_refusal(say("off_table").text("unit", &u.name)));
        }
        state.destroyed = true;
        state.stands_lost = u.stands;
        b.set_unit_state(state);
        if after_end {
            // A correction for the VP count: no EP, no end condition (PW10).
            if new_general.is_some() {
                return Err(plain_refusal(say("over_no_general")));
            }
            return Ok(());
        }
        // Event EP count at once, outside the scenario cap (PW3), from the
        // second player's second turn on (W5).
        let killer = player.other();
        let mut reasons = Vec::new();
        if self.special_rule == Some(SpecialRule::Killbox) && !u.kind.is_character() {
            // Units only, not characters (PW4).
            self.event_ep(
                killer,
                EpSource::Killbox {
                    unit,
                    name: u.name.clone(),
                },
            );
        }
        let is_general = self
            .battle
            .as_ref()
            .is_some_and(|b| b.generals[player.index()] == Some(unit));
        let owner = self.player(player).name.clone();
        if is_general {
            if self.special_rule == Some(SpecialRule::LongLiveTheKing) {
                let by_general = self
                    .battle
                    .as_ref()
                    .and_then(|b| b.generals[killer.index()]);
                self.king_ep(
                    killer,
                    EpSource::KingSlain {
                        unit,
                        name: u.name.clone(),
                        by_general,
                    },
                )?;
                let candidates: Vec<&Unit> = self
                    .army(player)
                    .units
                    .iter()
                    .filter(|c| c.kind.is_character() && c.id != unit)
                    .filter(|c| {
                        self.battle.as_ref().is_some_and(|b| {
                            let s = b.unit_state(player, c.id);
                            !s.destroyed && !s.pillaged
                        })
                    })
                    .collect();
                if candidates.is_empty() {
                    if new_general.is_some() {
                        return Err(refused(say("no_character").text("player", &owner), "W10"));
                    }
                    reasons.push(EndReason::GeneralSlain { player });
                } else {
                    let names: Vec<&str> = candidates.iter().map(|c| c.name.as_str()).collect();
                    let Some(new) = new_general else {
                        return Err(refused(
                            say("general_slain")
                                .text("general", &u.name)
                                .text("player", &owner)
                                .text("names", names.join(", ")),
                            "W10",
                        ));
                    };
                    if !candidates.iter().any(|c| c.id == new) {
                        let named = self
                            .army(player)
                            .unit(new)
                            .map_or_else(|| new.to_string(), |c| format!("\"{}\"", c.name));
                        return Err(invalid(
                            "new_general",
                            &named,
                            say("not_a_character")
                                .text("unit", &named)
                                .text("player", &owner)
                                .text("names", names.join(", ")),
                        ));
                    }
                    if let Some(b) = self.battle.as_mut() {
                        b.generals[player.index()] = Some(new);
                        b.successions.push(Succession {
                            player,
                            slain: unit,
                            successor: new,
                            round: b.round,
                        });
                    }
                }
            } else {
                if new_general.is_some() {
                    return Err(refused(say("general_only_koenig"), "W10"));
                }
                reasons.push(EndReason::GeneralSlain { player });
            }
        } else if new_general.is_some() {
            return Err(refused(say("general_only_slain"), "W10"));
        }
        if self.broken(player) {
            reasons.push(EndReason::ArmyBroken { player });
        }
        self.check_end(reasons, ClockAt::Now(now_ms))
    }

    /// Whether `player`'s army reached its break point (W7): destroyed
    /// counting units at least the break point (and at least one);
    /// pillaging units are not destroyed (PW9).
    #[must_use]
    pub fn broken(&self, player: Player) -> bool {
        let Some(b) = &self.battle else {
            return false;
        };
        let destroyed = self
            .army(player)
            .units
            .iter()
            .filter(|u| u.counts_for_break_point() && b.unit_state(player, u.id).destroyed)
            .count();
        let bp = self.break_point(player).value as usize;
        destroyed > 0 && destroyed >= bp
    }

    pub(super) fn pillaged(
        &mut self,
        player: Player,
        unit: Id,
        now_ms: Option<u64>,
    ) -> Result<(), PlayError> {
        if self.special_rule != Some(SpecialRule::ScorchedEarth) {
            return Err(refused(say("pillage_only"), "W2"));
        }
        let u = self.unit_of(player, unit)?.clone();
        let b = self.battle_running()?;
        let mut s = b.unit_state(player, unit);
        if s.destroyed || s.pillaged {
            return Err(plain_refusal(say("off_table").text("unit", &u.name)));
        }
        s.pillaged = true;
        b.set_unit_state(s);
        self.event_ep(player, EpSource::ScorchedEarth { unit, name: u.name });
        self.check_end(Vec::new(), ClockAt::Now(now_ms))
    }

    /// Ends the game if `reasons` or the EP totals say so (W6).
    pub(super) fn check_end(
        &mut self,
        mut reasons: Vec<EndReason>,
        at: ClockAt,
    ) -> Result<(), PlayError> {
        if self.end.is_some() || self.battle.is_none() {
            return Ok(());
        }
        let ep = Player::BOTH.map(|p| self.ep(p));
        for p in Player::BOTH {
            if ep[p.index()] >= EP_TO_WIN {
                reasons.insert(0, EndReason::TenEp { player: p });
            }
        }
        if self.special_rule == Some(SpecialRule::SuddenDeath) {
            let lead = ep[0].saturating_sub(ep[1]);
            let leader = if lead > 0 { Player::A } else { Player::B };
            if lead.saturating_abs() >= SUDDEN_DEATH_LEAD
                && !reasons.contains(&EndReason::TenEp { player: leader })
            {
                reasons.insert(0, EndReason::SuddenDeath { leader });
            }
        }
        if reasons.is_empty() {
            return Ok(());
        }
        self.finish(reasons, at)
    }

    /// Ends the game for `reasons`; the chess clock stops then (W6, W9).
    /// A game that ended stays ended: the first end is kept.
    pub(super) fn finish(&mut self, reasons: Vec<EndReason>, at: ClockAt) -> Result<(), PlayError> {
        if self.end.is_some() {
            return Ok(());
        }
        let Some(b) = &self.battle else {
            return Ok(());
        };
        let (round, turn_of) = (b.round, b.turn_of);
        let clock = if self.settings.clock && self.clock.started() {
            let at_ms = match at {
                ClockAt::Now(Some(now)) => {
                    self.clock.stop(now)?;
                    now
                }
                ClockAt::Now(None) if self.clock.live() => {
                    return Err(refused(say("time_end"), "W9"));
                }
                ClockAt::Now(None) => self.clock.last_ms,
                ClockAt::HandOver => {
                    let at = if self.clock.running.is_some() {
                        self.clock.since_ms
                    } else {
                        self.clock.last_ms
                    };
                    self.clock.stop_at_hand_over();
                    at
                }
                ClockAt::RanOut => self.clock.ran_out.map_or(self.clock.last_ms, |o| o.at_ms),
            };
            Some(EndClock {
                at_ms,
                remaining_ms: Player::BOTH.map(|p| self.clock.remaining(p, at_ms)),
            })
        } else {
            None
        };
        self.end = Some(GameEnd {
            round,
            turn_of,
            reasons,
            clock,
        });
        Ok(())
    }

    pub(super) fn end_turn(&mut self, now_ms: Option<u64>) -> Result<(), PlayError> {
        let starting = self
            .starting_player
            .ok_or_else(|| plain_refusal(say("no_starter")))?;
        let (round, turn_of) = {
            let b = self.battle_running()?;
            (b.round, b.turn_of)
        };
        if self.settings.clock && self.clock.live() && now_ms.is_none() {
            return Err(refused(say("time_turn"), "W9"));
        }
        // A clock that ran out during the turn ended the game then (W6,
        // W9): the turn is not scored (PW11).
        self.observe_time(now_ms)?;
        if self.end.is_some() {
            return Ok(());
        }
        if self.is_scoring_point(round, turn_of) {
            if self.scenario == Some(Scenario::Incursion)
                && self
                    .battle
                    .as_ref()
                    .and_then(|b| b.doubled_in(round))
                    .is_none()
            {
                return Err(refused(
                    say("incursion_first").int("round", i64::from(round)),
                    "W5",
                ));
            }
            let control = self.current_control();
            let missing: Vec<&str> = self
                .objectives
                .iter()
                .filter(|o| !control.iter().any(|c| c.objective == o.id))
                .map(|o| o.label.as_str())
                .collect();
            if !missing.is_empty() {
                return Err(refused(
                    say("control_first").text("missing", missing.join(", ")),
                    "W5",
                ));
            }
            let ctx = self.scoring_context(round)?;
            let lines: Vec<EpLine> = Player::BOTH
                .into_iter()
                .flat_map(|p| score(&ctx, &|id| lookup(&control, id), p))
                .collect();
            for line in lines {
                self.push_ep(line);
            }
        }
        if let Some(t) = self.battle.as_mut().and_then(Battle::current_mut) {
            t.ended = true;
        }
        self.check_end(Vec::new(), ClockAt::Now(now_ms))?;
        if self.end.is_some() {
            return Ok(());
        }
        // The other player's clock starts, also when the clock was paused
        // for the combat phase (W9, clarified 2026-11-26).
        if let (Some(now), true) = (now_ms, self.settings.clock && self.clock.live()) {
            self.clock.hand_over(turn_of.other(), now)?;
        }
        let random = self.special_rule == Some(SpecialRule::RandomGameLength);
        let b = self
            .battle
            .as_mut()
            .ok_or_else(|| plain_refusal(say("not_begun")))?;
        if turn_of == starting {
            b.turn_of = starting.other();
            let control = carried_control(b);
            b.turns.push(TurnRecord {
                round,
                player: b.turn_of,
                control,
                ended: false,
            });
        } else if round >= b.rounds {
            if random && round < RANDOM_LENGTH_LAST {
                b.length_roll_due = Some(round);
            } else {
                self.finish(
                    vec![EndReason::TurnLimit { rounds: round }],
                    ClockAt::Now(now_ms),
                )?;
            }
        } else {
            next_round(b, starting);
        }
        Ok(())
    }

    pub(super) fn clock_edit(&mut self, edit: ClockEdit) -> Result<(), PlayError> {
        if !self.settings.clock {
            return Err(refused(say("clock_off"), "W9"));
        }
        if let ClockEdit::Start { .. } = edit
            && self.battle.is_none()
            && !matches!(self.stage(), Stage::Deployment { .. })
        {
            return Err(refused(say("clock_after_setup"), "W9"));
        }
        if self.end.is_some() && !matches!(edit, ClockEdit::Tick { .. } | ClockEdit::Stop { .. }) {
            return Err(refused(say("clock_stopped"), "W9"));
        }
        let round = self.battle.as_ref().map_or(0, |b| b.round);
        match edit {
            ClockEdit::Start { player, now_ms } => {
                if !self.clock.started()
                    && let Some(s) = self.starting_player
                    && s != player
                {
                    return Err(refused(
                        say("clock_starter").text("player", &self.player(s).name),
                        "W9",
                    ));
                }
                if !self.clock.started() {
                    self.clock = ChessClock::new(self.settings.clock_minutes);
                }
                self.clock.start(player, now_ms)?;
            }
            ClockEdit::Switch { now_ms } => {
                self.clock.switch(now_ms)?;
            }
            ClockEdit::Pause { now_ms } => self.clock.pause(round, now_ms)?,
            ClockEdit::Resume { now_ms } => self.clock.resume(now_ms)?,
            ClockEdit::Tick { now_ms } => {
                self.clock.tick(now_ms)?;
            }
            ClockEdit::Stop { now_ms } => self.clock.stop(now_ms)?,
        }
        self.check_clock()
    }

    /// Ends the battle when a clock ran out (W6, W9).
    pub(super) fn check_clock(&mut self) -> Result<(), PlayError> {
        if let Some(out) = self.clock.ran_out
            && self.battle.is_some()
            && self.end.is_none()
        {
            self.finish(
                vec![EndReason::ClockOut { player: out.player }],
                ClockAt::RanOut,
            )?;
        }
        Ok(())
    }
}

/// The control the new player turn starts from: the last turn's,
/// carried over (the players change only what changed).
fn carried_control(b: &Battle) -> Vec<ControlEntry> {
    b.current()
        .map(|t| {
            t.control
                .iter()
                .map(|c| ControlEntry {
                    carried: true,
                    ..*c
                })
                .collect()
        })
        .unwrap_or_default()
}

pub(super) fn next_round(b: &mut Battle, starting: Player) {
    let control = carried_control(b);
    b.round = b.round.saturating_add(1);
    b.turn_of = starting;
    b.turns.push(TurnRecord {
        round: b.round,
        player: starting,
        control,
        ended: false,
    });
}

pub(super) fn set_entry(
    entries: &mut Vec<ControlEntry>,
    objective: Id,
    control: Control,
    from_stands: bool,
) {
    let entry = ControlEntry {
        objective,
        control,
        from_stands,
        carried: false,
    };
    match entries.iter_mut().find(|c| c.objective == objective) {
        Some(c) => *c = entry,
        None => entries.push(entry),
    }
}
