//! A Warmaster tournament: its own name, players (added, renamed, dropped
//! out), the game size and Guardians options it prescribes for all its
//! games, N rounds of pairings (drawn with `feldherr-pairing`, a bye for
//! an odd count), results from each game's report or typed in, and typed
//! standings with the VP difference and EP as tie-breakers (PW5, PW14,
//! PW15).
//!
//! The data and its edits are here; the standings in `standings`, the
//! round lines ("Anna wins on the clock (W9)") in `lines`, and every check
//! of a loaded tournament (and of a game it hosts) in `problems`.

mod entry;
mod lines;
mod problems;
mod standings;

use std::collections::BTreeSet;

use feldherr_pairing::{Entrant, History, MAX_ENTRANTS, Method, PairingError, draw};
use feldherr_play::{
    EventRules, GameReport, HostedSlot, MatchResult, PlayError, Problem, Role, Seat,
};
use serde::{Deserialize, Serialize};

pub use lines::{LineOutcome, RoundLine, WinBy};
pub use standings::{PlaceDecided, StandingsRow, TieBreak, TournamentStandings};

use crate::refusal::{refused, say};
use crate::{GameTerms, WarmasterGame};

/// Most players a tournament accepts (a bound, not a rule).
pub const MAX_PLAYERS: usize = 256;
/// Most rounds a tournament accepts (a bound, not a rule).
pub const MAX_ROUNDS: u32 = 20;
/// Longest tournament or player name, in characters (a bound).
pub const MAX_TEXT: usize = 200;
/// Longest player id, in characters (a bound).
pub const MAX_ID: usize = 64;
/// Most VP one side of a game can have (a bound, not a rule: far above
/// any army's points plus every bonus).
pub const MAX_GAME_VP: i64 = 10_000_000;
/// Most EP one side of a game can have (a bound, not a rule).
pub const MAX_GAME_EP: i64 = 1_000;
/// Largest tournament points for a result, either sign (a bound).
pub const MAX_RESULT_POINTS: i64 = 1_000;

/// A player of the tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentPlayer {
    /// Unique id.
    pub id: String,
    /// Name (as his games know him).
    pub name: String,
    /// He dropped out after this many rounds were paired: he keeps his
    /// results and is not paired again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dropped_after: Option<u32>,
}

impl TournamentPlayer {
    /// Whether he may be paired in round `round` (from 1).
    #[must_use]
    pub fn plays_in(&self, round: u32) -> bool {
        self.dropped_after.is_none_or(|after| round <= after)
    }
}

/// Tournament points per game (default win 3, draw 1, loss 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentPoints {
    /// For a win.
    pub win: i64,
    /// For a draw.
    pub draw: i64,
    /// For a loss.
    pub loss: i64,
    /// For a bye (PW14: a win's points by default; no VP, no EP).
    #[serde(default = "bye_points")]
    pub bye: i64,
}

fn bye_points() -> i64 {
    3
}

impl Default for TournamentPoints {
    fn default() -> Self {
        TournamentPoints {
            win: 3,
            draw: 1,
            loss: 0,
            bye: bye_points(),
        }
    }
}

impl TournamentPoints {
    /// The points for `result`.
    #[must_use]
    pub fn of(&self, result: MatchResult) -> i64 {
        match result {
            MatchResult::Win => self.win,
            MatchResult::Draw => self.draw,
            MatchResult::Loss => self.loss,
        }
    }

    /// Checks each value's bounds.
    ///
    /// # Errors
    /// [`PlayError::Invalid`] naming the field.
    pub fn check(&self) -> Result<(), PlayError> {
        for (field, value) in [
            ("points.win", self.win),
            ("points.draw", self.draw),
            ("points.loss", self.loss),
            ("points.bye", self.bye),
        ] {
            if value.abs() > MAX_RESULT_POINTS {
                return Err(crate::refusal::invalid(
                    field,
                    value,
                    say("result_points").int("max", MAX_RESULT_POINTS),
                ));
            }
        }
        Ok(())
    }
}

/// One side of a game's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentSide {
    /// Victory points.
    pub vp: i64,
    /// Conquest points.
    pub ep: i64,
    /// Win, draw or loss.
    pub result: MatchResult,
}

/// A game's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentResult {
    /// Player A's side.
    pub a: TournamentSide,
    /// Player B's side.
    pub b: TournamentSide,
    /// The winner won on the clock (W9): the opponent's clock ran out
    /// while he had more than 5 minutes left, whatever the VP. A win by
    /// less than 50 VP can only be that.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub clock: bool,
}

impl TournamentResult {
    /// A result without a clock win.
    #[must_use]
    pub fn new(a: TournamentSide, b: TournamentSide) -> Self {
        TournamentResult { a, b, clock: false }
    }

    /// The result of a finished Warmaster game, from its verdict (the
    /// clock win included); `None` while the game is played.
    #[must_use]
    pub fn from_game(game: &WarmasterGame) -> Option<TournamentResult> {
        game.end.as_ref()?;
        let v = game.victory();
        let side = |p: crate::Player| TournamentSide {
            vp: v.sides[p.index()].total,
            ep: i64::from(game.ep(p)),
            result: v.verdict.result_for(p),
        };
        Some(TournamentResult {
            a: side(crate::Player::A),
            b: side(crate::Player::B),
            clock: matches!(v.verdict, crate::Verdict::Clock { .. }),
        })
    }

    /// Checks that the two results fit (win against loss, draw against
    /// draw), VP and EP lie in their bounds, and the result is one the
    /// rules give for these VP (W8, W9): a draw under 50 VP apart, a win
    /// by at least 50 VP or on the clock.
    ///
    /// # Errors
    /// [`PlayError::Invalid`] naming the field.
    pub fn check(&self) -> Result<(), PlayError> {
        use MatchResult as R;
        match (self.a.result, self.b.result) {
            (R::Win, R::Loss) | (R::Loss, R::Win) | (R::Draw, R::Draw) => {}
            (a, b) => {
                return Err(crate::refusal::invalid(
                    "result",
                    format!("{a:?} against {b:?}"),
                    say("result_sides"),
                ));
            }
        }
        for (name, side) in [("a", &self.a), ("b", &self.b)] {
            if !(0..=MAX_GAME_VP).contains(&side.vp) {
                return Err(crate::refusal::invalid(
                    format!("{name}.vp"),
                    side.vp,
                    say("game_vp").int("max", MAX_GAME_VP),
                ));
            }
            if !(0..=MAX_GAME_EP).contains(&side.ep) {
                return Err(crate::refusal::invalid(
                    format!("{name}.ep"),
                    side.ep,
                    say("game_ep").int("max", MAX_GAME_EP),
                ));
            }
        }
        let lead = self.a.vp - self.b.vp;
        let draw_range = -(crate::DRAW_THRESHOLD - 1)..=(crate::DRAW_THRESHOLD - 1);
        match (self.a.result, self.clock) {
            (R::Draw, true) => {
                return Err(crate::refusal::invalid("clock", "true", say("clock_draw")));
            }
            (R::Draw, false) if !draw_range.contains(&lead) => {
                return Err(crate::refusal::invalid(
                    "result",
                    format!("a draw at {} : {} VP", self.a.vp, self.b.vp),
                    say("draw_apart"),
                ));
            }
            (R::Win | R::Loss, false) => {
                let winner_lead = if self.a.result == R::Win { lead } else { -lead };
                if winner_lead < crate::DRAW_THRESHOLD {
                    return Err(crate::refusal::invalid(
                        "result",
                        format!("a win at {} : {} VP", self.a.vp, self.b.vp),
                        say("win_on_clock"),
                    ));
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The side of `player` (A or B of the pairing).
    #[must_use]
    pub fn side(&self, player: crate::Player) -> &TournamentSide {
        match player {
            crate::Player::A => &self.a,
            crate::Player::B => &self.b,
        }
    }
}

/// Two players at a table in one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentPairing {
    /// Table number (unique in the round).
    pub table: u32,
    /// Player A's id.
    pub a: String,
    /// Player B's id.
    pub b: String,
    /// The result, once in.
    #[serde(default)]
    pub result: Option<TournamentResult>,
}

/// One round.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentRound {
    /// Its pairings.
    #[serde(default)]
    pub pairings: Vec<TournamentPairing>,
    /// The player with the bye (an odd number of players).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye: Option<String>,
}

/// A Warmaster tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WarmasterTournament {
    /// The tournament's name ("Guardians Cup").
    pub name: String,
    /// How many rounds are played.
    pub rounds: u32,
    /// Tournament points per game.
    #[serde(default)]
    pub points: TournamentPoints,
    /// The game size and Guardians options prescribed for all its games
    /// (text line 266).
    #[serde(default)]
    pub terms: GameTerms,
    /// The players.
    #[serde(default)]
    pub players: Vec<TournamentPlayer>,
    /// The rounds paired so far (round 1 first).
    #[serde(default)]
    pub round_list: Vec<TournamentRound>,
}

/// A change to a tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "edit", rename_all = "snake_case", deny_unknown_fields)]
pub enum TournamentEdit {
    /// Rename the tournament.
    Rename {
        /// The new name.
        name: String,
    },
    /// Add a player (also after rounds were played: he starts with none).
    AddPlayer {
        /// His id.
        id: String,
        /// His name.
        name: String,
    },
    /// Rename a player.
    RenamePlayer {
        /// His id.
        id: String,
        /// The new name.
        name: String,
    },
    /// A player drops out: he keeps his results and is not paired in the
    /// rounds not yet paired.
    DropPlayer {
        /// His id.
        id: String,
    },
    /// A dropped player comes back for the rounds not yet paired.
    ReinstatePlayer {
        /// His id.
        id: String,
    },
    /// Remove a player who is in no pairing and had no bye.
    RemovePlayer {
        /// His id.
        id: String,
    },
    /// Set the number of rounds.
    SetRounds {
        /// How many.
        rounds: u32,
    },
    /// Set the tournament points.
    SetPoints {
        /// The points.
        points: TournamentPoints,
    },
    /// Set the game size and Guardians options of all its games (before
    /// the first result is in).
    SetTerms {
        /// The terms.
        terms: GameTerms,
    },
    /// Set a round's pairings by hand (results kept where a pairing stays).
    SetPairings {
        /// The round, from 1.
        round: u32,
        /// The pairings.
        pairings: Vec<TournamentPairing>,
        /// The player with the bye, if any.
        #[serde(default)]
        bye: Option<String>,
    },
    /// Pair a round with `feldherr-pairing` (PW15): round 1 in list order,
    /// later rounds best against best by standings, rematches avoided where
    /// possible; an odd count gives a bye to a player without one, lowest
    /// in the standings. Dropped players are left out.
    PairRound {
        /// The round, from 1.
        round: u32,
    },
    /// Record a result.
    RecordResult {
        /// The round.
        round: u32,
        /// The table.
        table: u32,
        /// The result.
        result: TournamentResult,
    },
    /// Clear a result.
    ClearResult {
        /// The round.
        round: u32,
        /// The table.
        table: u32,
    },
}

/// The role of the game at `table` in `round` (saved as
/// `round-2/table-3`).
#[must_use]
pub fn role(round: u32, table: u32) -> Role {
    Role::Table { round, table }
}

fn check_text(field: &str, text: &str, limit: usize) -> Result<(), PlayError> {
    let n = text.chars().count();
    if text.trim().is_empty() || n > limit {
        return Err(crate::refusal::invalid(
            field,
            format!("\"{text}\""),
            say("text_length").int("max", limit as i64),
        ));
    }
    Ok(())
}

impl WarmasterTournament {
    /// An empty tournament of `rounds` rounds.
    #[must_use]
    pub fn new(name: impl Into<String>, rounds: u32) -> Self {
        WarmasterTournament {
            name: name.into(),
            rounds,
            points: TournamentPoints::default(),
            terms: GameTerms::default(),
            players: Vec::new(),
            round_list: Vec::new(),
        }
    }

    /// The player with `id`.
    #[must_use]
    pub fn player(&self, id: &str) -> Option<&TournamentPlayer> {
        self.players.iter().find(|p| p.id == id)
    }

    /// The name of the player with `id` (the id itself if he is unknown).
    #[must_use]
    pub fn name_of<'a>(&'a self, id: &'a str) -> &'a str {
        self.player(id).map_or(id, |p| p.name.as_str())
    }

    fn player_mut(&mut self, id: &str) -> Result<&mut TournamentPlayer, PlayError> {
        self.players
            .iter_mut()
            .find(|p| p.id == id)
            .ok_or_else(|| crate::refusal::not_found("player", id))
    }

    fn round_index(&self, round: u32) -> Result<usize, PlayError> {
        if round == 0 || round > self.rounds {
            return Err(crate::refusal::invalid(
                "round",
                round,
                say("round_range").int("rounds", self.rounds),
            ));
        }
        Ok(round as usize - 1)
    }

    fn pairing_mut(&mut self, round: u32, table: u32) -> Result<&mut TournamentPairing, PlayError> {
        let i = self.round_index(round)?;
        self.round_list
            .get_mut(i)
            .and_then(|r| r.pairings.iter_mut().find(|p| p.table == table))
            .ok_or_else(|| crate::refusal::not_found("pairing", role(round, table)))
    }

    /// Checks a round's pairings and bye: known players who play in the
    /// round, nobody twice, one pairing per table, tables from 1, results
    /// that fit (W8, W9). Players are named by name.
    fn check_pairings(
        &self,
        round: u32,
        pairings: &[TournamentPairing],
        bye: Option<&String>,
    ) -> Result<(), PlayError> {
        let mut seen = BTreeSet::new();
        let known = |field: String, id: &str| -> Result<(), PlayError> {
            let p = self
                .player(id)
                .ok_or_else(|| crate::refusal::not_found("player", id))?;
            if !p.plays_in(round) {
                return Err(crate::refusal::invalid(
                    field,
                    &p.name,
                    say("dropped_out")
                        .text("player", &p.name)
                        .int("round", p.dropped_after.unwrap_or(0)),
                ));
            }
            Ok(())
        };
        if let Some(id) = bye {
            known("bye".into(), id)?;
            seen.insert(id.clone());
        }
        let mut tables = BTreeSet::new();
        for (i, p) in pairings.iter().enumerate() {
            if p.table == 0 || p.table as usize > MAX_PLAYERS {
                return Err(crate::refusal::invalid(
                    format!("pairings[{i}].table"),
                    p.table,
                    say("table_range").int("max", MAX_PLAYERS as i64),
                ));
            }
            if !tables.insert(p.table) {
                return Err(crate::refusal::invalid(
                    format!("pairings[{i}].table"),
                    p.table,
                    say("table_twice"),
                ));
            }
            for (field, id) in [("a", &p.a), ("b", &p.b)] {
                known(format!("pairings[{i}].{field}"), id)?;
                if !seen.insert(id.clone()) {
                    return Err(crate::refusal::invalid(
                        format!("pairings[{i}].{field}"),
                        self.name_of(id),
                        say("paired_twice").text("player", self.name_of(id)),
                    ));
                }
            }
            if let Some(r) = &p.result {
                r.check()
                    .map_err(|e| under(e, &format!("pairings[{i}].result")))?;
            }
        }
        Ok(())
    }

    /// The pairings and the bye for `round`, drawn with `feldherr-pairing`
    /// (PW15): round 1 in list order (the organiser's seeding); later
    /// rounds best against best in the standings after the rounds before
    /// (points, VP difference, EP), rematches avoided where possible. An
    /// odd count gives one bye, to a player with the fewest byes, lowest
    /// in the standings. Dropped players are left out.
    ///
    /// # Errors
    /// Fewer than two players, a round out of range, or earlier rounds
    /// without every result.
    pub fn pair(&self, round: u32) -> Result<(Vec<TournamentPairing>, Option<String>), PlayError> {
        let i = self.round_index(round)?;
        if i > self.round_list.len() {
            return Err(crate::refusal::refused(
                say("pair_first").int("round", self.round_list.len() as i64 + 1),
                None,
            ));
        }
        let earlier = &self.round_list[..i];
        if let Some((r, p)) = earlier
            .iter()
            .enumerate()
            .flat_map(|(r, round)| round.pairings.iter().map(move |p| (r, p)))
            .find(|(_, p)| p.result.is_none())
        {
            return Err(crate::refusal::refused(
                say("result_missing")
                    .text("a", self.name_of(&p.a))
                    .text("b", self.name_of(&p.b))
                    .int("round", r as i64 + 1),
                None,
            ));
        }
        let order: Vec<String> = if i == 0 {
            self.players.iter().map(|p| p.id.clone()).collect()
        } else {
            self.standings_after(i)?
                .rows
                .into_iter()
                .map(|r| r.player)
                .collect()
        };
        let order: Vec<&TournamentPlayer> = order
            .iter()
            .filter_map(|id| self.player(id))
            .filter(|p| p.plays_in(round))
            .collect();
        if order.len() < 2 {
            return Err(crate::refusal::refused(
                say("too_few_players").int("count", order.len() as i64),
                None,
            ));
        }
        // Scores falling by place keep the order exactly (the draw only
        // shuffles equal scores), so the seed plays no part.
        let count = i64::try_from(order.len()).unwrap_or(i64::MAX);
        let entrants: Vec<Entrant> = (0_i64..)
            .zip(&order)
            .map(|(place, p)| Entrant::new(p.id.clone(), p.name.clone(), "", count - place))
            .collect();
        let mut history = History::default();
        for r in earlier {
            for p in &r.pairings {
                history.add_game(&p.a, &p.b);
            }
            if let Some(bye) = &r.bye {
                history.add_bye(bye);
            }
        }
        let draft =
            draw(&entrants, &history, Method::ByStandings, 0).map_err(|e| pairing_refusal(&e))?;
        let pairings = draft
            .tables
            .iter()
            .map(|t| {
                let (a, b) = t.players();
                TournamentPairing {
                    table: t.number,
                    a: a.to_owned(),
                    b: b.to_owned(),
                    result: None,
                }
            })
            .collect();
        Ok((pairings, draft.bye))
    }

    /// The terms the game hosted as `role` is played under: the game
    /// size and Guardians options the tournament prescribes for all its
    /// games.
    ///
    /// # Errors
    /// A role the tournament does not have.
    pub fn terms_for(&self, role: &Role) -> Result<GameTerms, PlayError> {
        self.slot_pairing(role)?;
        Ok(self.terms)
    }

    pub(crate) fn slot_pairing(&self, role: &Role) -> Result<(u32, &TournamentPairing), PlayError> {
        let (round, table) = role
            .table()
            .ok_or_else(|| crate::refusal::not_found("hosted game", role))?;
        let i = self.round_index(round)?;
        let pairing = self
            .round_list
            .get(i)
            .and_then(|r| r.pairings.iter().find(|p| p.table == table))
            .ok_or_else(|| crate::refusal::not_found("hosted game", role))?;
        Ok((round, pairing))
    }

    /// Seats the game hosted as `role`: the pairing's players become A
    /// and B and the game takes the prescribed terms and keeps them
    /// ([`WarmasterGame::seat_with_terms`]).
    ///
    /// # Errors
    /// A role the tournament does not have; a game that refuses the names
    /// or the terms (its battle has begun, its army carries an item the
    /// terms forbid).
    pub fn seat(
        &self,
        role: &Role,
        game: &mut WarmasterGame,
        table: &mut feldherr_table::Table,
    ) -> Result<(), PlayError> {
        let (_, pairing) = self.slot_pairing(role)?;
        let names = [
            self.name_of(&pairing.a).to_owned(),
            self.name_of(&pairing.b).to_owned(),
        ];
        game.seat_with_terms(&names, &self.terms, table)
    }
}

fn under(e: PlayError, prefix: &str) -> PlayError {
    match e {
        PlayError::Invalid {
            field,
            value,
            reason,
            message,
        } => PlayError::Invalid {
            field: format!("{prefix}.{field}"),
            value,
            reason,
            message,
        },
        other => other,
    }
}

impl EventRules for WarmasterTournament {
    type Edit = TournamentEdit;
    const KIND: &'static str = "warmaster_tournament";

    fn name(&self) -> &str {
        &self.name
    }

    fn rename(&mut self, name: &str) -> Result<(), PlayError> {
        self.apply(&TournamentEdit::Rename {
            name: name.to_owned(),
        })
    }

    fn apply(&mut self, edit: &TournamentEdit) -> Result<(), PlayError> {
        let mut next = self.clone();
        next.apply_inner(edit)?;
        *self = next;
        Ok(())
    }

    /// The errors, then the warnings (marked as such, never a refusal).
    fn problems(&self) -> Vec<Problem> {
        let mut problems = self.errors();
        problems.extend(self.warnings());
        problems
    }

    /// Every round's pairings (issue 30, `tournament/entry.rs`).
    fn entry_tables(&self) -> Vec<feldherr_play::EntryTable> {
        WarmasterTournament::entry_tables(self)
    }

    /// As [`WarmasterTournament::check_report`].
    fn check_report(
        &self,
        round: &str,
        table: u32,
        values: &feldherr_play::ReportValues,
    ) -> Result<feldherr_play::ReportCheck<TournamentEdit>, PlayError> {
        WarmasterTournament::check_report(self, round, table, values)
    }

    fn slots(&self) -> Vec<HostedSlot> {
        self.round_list
            .iter()
            .enumerate()
            .flat_map(|(i, r)| r.pairings.iter().map(move |p| (i, p)))
            .map(|(i, p)| HostedSlot {
                role: role(
                    u32::try_from(i).unwrap_or(u32::MAX).saturating_add(1),
                    p.table,
                ),
                system: <WarmasterGame as feldherr_play::Game>::SYSTEM,
                players: vec![
                    Seat::new(&p.a, self.name_of(&p.a)),
                    Seat::new(&p.b, self.name_of(&p.b)),
                ],
                // The game size and options every game of the tournament
                // is played under (text line 266); `seat_with` takes them.
                terms: serde_json::to_value(self.terms).ok(),
            })
            .collect()
    }

    /// The result of a finished hosted game. The report gives VP, EP and
    /// the result; a win by less than 50 VP can only be a win on the
    /// clock (W8, W9) and is recorded so. Each of the pairing's players is
    /// found in the report by the name he was seated with (his seat), so a
    /// player renamed after the game was seated keeps his result.
    fn feed(
        &self,
        role: &Role,
        seats: &[Seat],
        report: &GameReport,
    ) -> Result<Option<TournamentEdit>, PlayError> {
        let (round, pairing) = self.slot_pairing(role)?;
        if !report.finished {
            return Ok(None);
        }
        let side = |id: &str| -> Result<TournamentSide, PlayError> {
            let name = seats
                .iter()
                .find(|s| s.id == id)
                .map_or_else(|| self.name_of(id), |s| s.name.as_str());
            let s = report
                .sides
                .iter()
                .find(|s| s.player == name)
                .ok_or_else(|| crate::refusal::not_found("player in the game report", name))?;
            let missing = |what: &str| crate::refusal::invalid(what, name, say("report_missing"));
            Ok(TournamentSide {
                vp: s.victory_points.ok_or_else(|| missing("victory_points"))?,
                ep: s
                    .objective_points
                    .ok_or_else(|| missing("objective_points"))?,
                result: s.result.ok_or_else(|| missing("result"))?,
            })
        };
        let (a, b) = (side(&pairing.a)?, side(&pairing.b)?);
        let winner_lead = match a.result {
            MatchResult::Win => a.vp.saturating_sub(b.vp),
            MatchResult::Loss => b.vp.saturating_sub(a.vp),
            MatchResult::Draw => 0,
        };
        let result = TournamentResult {
            a,
            b,
            clock: a.result != MatchResult::Draw && winner_lead < crate::DRAW_THRESHOLD,
        };
        result.check()?;
        Ok(Some(TournamentEdit::RecordResult {
            round,
            table: pairing.table,
            result,
        }))
    }
}

impl WarmasterTournament {
    fn apply_inner(&mut self, edit: &TournamentEdit) -> Result<(), PlayError> {
        match edit {
            TournamentEdit::Rename { name } => {
                let name = name.trim();
                check_text("name", name, MAX_TEXT)?;
                self.name = name.to_owned();
            }
            TournamentEdit::AddPlayer { id, name } => {
                check_text("id", id, MAX_ID)?;
                let name = name.trim();
                check_text("name", name, MAX_TEXT)?;
                if let Some(p) = self.player(id) {
                    return Err(crate::refusal::invalid(
                        "id",
                        id,
                        say("player_id_taken").text("player", &p.name),
                    ));
                }
                self.check_name_free(name, None)?;
                if self.players.len() >= MAX_PLAYERS {
                    return Err(crate::refusal::refused(
                        say("too_many_players").int("max", MAX_PLAYERS as i64),
                        None,
                    ));
                }
                self.players.push(TournamentPlayer {
                    id: id.clone(),
                    name: name.to_owned(),
                    dropped_after: None,
                });
            }
            TournamentEdit::RenamePlayer { id, name } => {
                let name = name.trim();
                check_text("name", name, MAX_TEXT)?;
                self.check_name_free(name, Some(id))?;
                self.player_mut(id)?.name = name.to_owned();
            }
            TournamentEdit::DropPlayer { id } => {
                let paired = u32::try_from(self.round_list.len()).unwrap_or(u32::MAX);
                let p = self.player_mut(id)?;
                if let Some(after) = p.dropped_after {
                    return Err(crate::refusal::refused(
                        say("dropped_already")
                            .text("player", &p.name)
                            .int("round", after),
                        None,
                    ));
                }
                p.dropped_after = Some(paired);
            }
            TournamentEdit::ReinstatePlayer { id } => {
                let p = self.player_mut(id)?;
                if p.dropped_after.take().is_none() {
                    return Err(crate::refusal::refused(
                        say("not_dropped").text("player", &p.name),
                        None,
                    ));
                }
            }
            TournamentEdit::RemovePlayer { id } => {
                let name = self
                    .player(id)
                    .map(|p| p.name.clone())
                    .ok_or_else(|| crate::refusal::not_found("player", id))?;
                if self.round_list.iter().any(|r| {
                    r.bye.as_deref() == Some(id.as_str())
                        || r.pairings.iter().any(|p| p.a == *id || p.b == *id)
                }) {
                    return Err(crate::refusal::refused(
                        say("remove_paired").text("player", name),
                        None,
                    ));
                }
                self.players.retain(|p| p.id != *id);
            }
            TournamentEdit::SetRounds { rounds } => {
                if *rounds == 0 || *rounds > MAX_ROUNDS {
                    return Err(crate::refusal::invalid(
                        "rounds",
                        rounds,
                        say("rounds_range").int("max", MAX_ROUNDS),
                    ));
                }
                if (*rounds as usize) < self.round_list.len() {
                    return Err(crate::refusal::invalid(
                        "rounds",
                        rounds,
                        say("rounds_paired").int("count", self.round_list.len() as i64),
                    ));
                }
                self.rounds = *rounds;
            }
            TournamentEdit::SetPoints { points } => {
                points.check()?;
                self.points = *points;
            }
            TournamentEdit::SetTerms { terms } => {
                terms.check()?;
                if self
                    .round_list
                    .iter()
                    .flat_map(|r| &r.pairings)
                    .any(|p| p.result.is_some())
                {
                    return Err(crate::refusal::refused(say("terms_results"), Some("W11")));
                }
                self.terms = *terms;
            }
            TournamentEdit::SetPairings {
                round,
                pairings,
                bye,
            } => {
                let i = self.round_index(*round)?;
                if i > self.round_list.len() {
                    return Err(crate::refusal::refused(
                        say("pair_first").int("round", self.round_list.len() as i64 + 1),
                        None,
                    ));
                }
                self.check_pairings(*round, pairings, bye.as_ref())?;
                if i == self.round_list.len() {
                    self.round_list.push(TournamentRound::default());
                }
                self.round_list[i].pairings = pairings.clone();
                self.round_list[i].bye = bye.clone();
            }
            TournamentEdit::PairRound { round } => {
                let (pairings, bye) = self.pair(*round)?;
                let i = self.round_index(*round)?;
                if self
                    .round_list
                    .get(i)
                    .is_some_and(|r| r.pairings.iter().any(|p| p.result.is_some()))
                {
                    return Err(crate::refusal::refused(
                        say("round_has_results").int("round", *round),
                        None,
                    ));
                }
                if i == self.round_list.len() {
                    self.round_list.push(TournamentRound::default());
                }
                self.round_list[i].pairings = pairings;
                self.round_list[i].bye = bye;
            }
            TournamentEdit::RecordResult {
                round,
                table,
                result,
            } => {
                result.check()?;
                self.pairing_mut(*round, *table)?.result = Some(*result);
            }
            TournamentEdit::ClearResult { round, table } => {
                self.pairing_mut(*round, *table)?.result = None;
            }
        }
        Ok(())
    }

    fn check_name_free(&self, name: &str, except: Option<&String>) -> Result<(), PlayError> {
        if self
            .players
            .iter()
            .any(|p| p.name == name && Some(&p.id) != except)
        {
            return Err(crate::refusal::invalid("name", name, say("name_twice")));
        }
        Ok(())
    }
}

/// The pairing draw's refusal, said as a catalogue message (issue #27).
fn pairing_refusal(e: &PairingError) -> PlayError {
    let message = match e {
        PairingError::TooManyEntrants { count } => say("pairing.too_many")
            .int("count", i64::try_from(*count).unwrap_or(i64::MAX))
            .int("max", MAX_ENTRANTS as i64),
        PairingError::DuplicateEntrant { name } => say("pairing.twice").text("name", name),
        PairingError::NotInDraft { .. } => say("pairing.not_in_draft"),
    };
    refused(message, None)
}

#[cfg(test)]
mod pairing_refusal_tests {
    use feldherr_play::{Catalogue, Lang};

    use super::*;

    #[test]
    fn the_pairing_draws_refusals_read_in_german_and_english() {
        let de = Catalogue::of_game::<WarmasterGame>(Lang::De);
        let en = Catalogue::of_game::<WarmasterGame>(Lang::En);
        let twice = pairing_refusal(&PairingError::DuplicateEntrant {
            name: "Anna".into(),
        });
        assert_eq!(de.error(&twice), "„Anna“ ist zweimal gemeldet");
        assert_eq!(en.error(&twice), "\"Anna\" is entered twice");
        assert_eq!(twice.to_string(), "\"Anna\" is entered twice");
        let many = pairing_refusal(&PairingError::TooManyEntrants { count: 12_345 });
        assert_eq!(
            de.error(&many),
            "12.345 Spieler sind mehr als die 2000, die eine Auslosung aufnimmt"
        );
        assert_eq!(
            en.error(&many),
            "12,345 players are more than the 2000 a draw takes"
        );
        let ghost = pairing_refusal(&PairingError::NotInDraft { id: "p4".into() });
        assert_eq!(
            de.error(&ghost),
            "ein Spieler zum Tauschen ist nicht in diesem Entwurf"
        );
    }
}
