//! Everything wrong with a loaded tournament (issue 28): every bound an
//! edit enforces, every id unique and resolved, results the rules allow,
//! sums that do not overflow; and what is merely not done yet (results
//! not in). A game the tournament hosts is checked against its pairing.

use std::collections::BTreeSet;

use feldherr_play::{MatchResult, Problem, Role, Seat};

use super::{MAX_ID, MAX_PLAYERS, MAX_ROUNDS, MAX_TEXT, TournamentResult, WarmasterTournament};
use crate::problem_list::ProblemList;
use crate::{Player, WarmasterGame};

fn text_problem(path: String, what: &str, text: &str, limit: usize) -> Option<Problem> {
    let n = text.chars().count();
    if text.trim().is_empty() {
        Some(Problem::new(path, format!("the {what} is empty")))
    } else if n > limit {
        Some(Problem::new(
            path,
            format!("the {what} has {n} characters; at most {limit}"),
        ))
    } else {
        None
    }
}

impl WarmasterTournament {
    /// Every impossible state, with its path (capped at
    /// [`crate::MAX_PROBLEMS`]): names empty or too long, too many
    /// players or rounds, player ids and names used twice, a dropped
    /// player paired after he dropped, pairings naming unknown players or
    /// a player twice, tables used twice, results the rules do not give
    /// (W8, W9) or out of their bounds, points out of their bounds, terms
    /// out of their bounds, sums that overflow. Empty when the tournament
    /// could have come from its edits.
    #[must_use]
    pub fn errors(&self) -> Vec<Problem> {
        let mut out = ProblemList::default();
        out.extend(text_problem(
            "name".into(),
            "tournament's name",
            &self.name,
            MAX_TEXT,
        ));
        if self.rounds == 0 || self.rounds > MAX_ROUNDS {
            out.push(Problem::new(
                "rounds",
                format!("{} rounds; from 1 to {MAX_ROUNDS}", self.rounds),
            ));
        }
        if self.round_list.len() > self.rounds as usize {
            out.push(Problem::new(
                "round_list",
                format!(
                    "{} rounds are paired but the tournament has {}",
                    self.round_list.len(),
                    self.rounds
                ),
            ));
        }
        if let Err(e) = self.points.check() {
            out.push(Problem::new("points", e.to_string()));
        }
        if let Err(e) = self.terms.check() {
            out.push(Problem::new("terms", e.to_string()));
        }
        if self.players.len() > MAX_PLAYERS {
            out.push(Problem::new(
                "players",
                format!("{} players; at most {MAX_PLAYERS}", self.players.len()),
            ));
        }
        let mut ids = BTreeSet::new();
        let mut names = BTreeSet::new();
        let paired = u32::try_from(self.round_list.len()).unwrap_or(u32::MAX);
        for (i, p) in self.players.iter().enumerate().take(MAX_PLAYERS * 4) {
            if out.full() {
                out.count_more(1);
                continue;
            }
            out.extend(text_problem(
                format!("players[{i}].id"),
                "player's id",
                &p.id,
                MAX_ID,
            ));
            out.extend(text_problem(
                format!("players[{i}].name"),
                "player's name",
                &p.name,
                MAX_TEXT,
            ));
            if !ids.insert(p.id.as_str()) {
                out.push(Problem::new(
                    format!("players[{i}].id"),
                    format!("the id \"{}\" is used twice ({})", p.id, p.name),
                ));
            }
            if !names.insert(p.name.as_str()) {
                out.push(Problem::new(
                    format!("players[{i}].name"),
                    format!(
                        "two players are called {}; game reports could not tell them apart",
                        p.name
                    ),
                ));
            }
            if let Some(after) = p.dropped_after
                && after > paired
            {
                out.push(Problem::new(
                    format!("players[{i}].dropped_after"),
                    format!(
                        "{} dropped out after round {after}, but {paired} rounds are paired",
                        p.name
                    ),
                ));
            }
        }
        for (i, r) in self
            .round_list
            .iter()
            .enumerate()
            .take(MAX_ROUNDS as usize + 1)
        {
            if out.full() {
                break;
            }
            let round = u32::try_from(i + 1).unwrap_or(u32::MAX);
            if r.pairings.len() > MAX_PLAYERS {
                out.push(Problem::new(
                    format!("round_list[{i}].pairings"),
                    format!("{} pairings; at most {MAX_PLAYERS}", r.pairings.len()),
                ));
                continue;
            }
            if let Err(e) = self.check_pairings(round, &r.pairings, r.bye.as_ref()) {
                out.push(Problem::new(format!("round_list[{i}]"), e.to_string()));
            }
        }
        if !out.full()
            && let Err(e) = self.standings()
        {
            out.push(Problem::new("round_list", e.to_string()));
        }
        out.finish()
    }

    /// What is not done yet (not impossible): results not in, rounds
    /// not paired (capped at [`crate::MAX_PROBLEMS`]). Each is marked a
    /// warning ([`Problem::warning`]), never a refusal.
    #[must_use]
    pub fn warnings(&self) -> Vec<Problem> {
        self.warning_list()
            .into_iter()
            .map(Problem::warning)
            .collect()
    }

    fn warning_list(&self) -> Vec<Problem> {
        let mut out = ProblemList::default();
        for (i, r) in self.round_list.iter().enumerate() {
            for (j, p) in r.pairings.iter().enumerate() {
                if p.result.is_none() {
                    out.push(Problem::new(
                        format!("round_list[{i}].pairings[{j}].result"),
                        format!(
                            "the result of {} against {} in round {} is not in",
                            self.name_of(&p.a),
                            self.name_of(&p.b),
                            i + 1
                        ),
                    ));
                }
            }
        }
        if self.round_list.len() < self.rounds as usize {
            out.push(Problem::new(
                "round_list",
                format!(
                    "{} of {} rounds are paired",
                    self.round_list.len(),
                    self.rounds
                ),
            ));
        }
        out.finish()
    }

    /// A hosted game checked against its pairing (issue 28): it is played
    /// by the pairing's players (A and B in order), under the terms the
    /// tournament prescribes, and a finished game's result is the one
    /// recorded. Paths are relative to the game. `seats` are the players
    /// the game was seated with: a player renamed since keeps the name he
    /// was seated with in the game.
    #[must_use]
    pub fn check_hosted(&self, role: &Role, seats: &[Seat], game: &WarmasterGame) -> Vec<Problem> {
        let mut out = Vec::new();
        let Ok((round, pairing)) = self.slot_pairing(role) else {
            out.push(Problem::new(
                "",
                format!("the tournament has no game {role}"),
            ));
            return out;
        };
        for (p, id) in [(Player::A, &pairing.a), (Player::B, &pairing.b)] {
            let want = seats
                .iter()
                .find(|s| &s.id == id)
                .map_or_else(|| self.name_of(id), |s| s.name.as_str());
            let have = &game.player(p).name;
            if have != want {
                out.push(Problem::new(
                    format!("players[{}].name", p.index()),
                    format!(
                        "round {round} table {} is {} against {}; the game has {have} there",
                        pairing.table,
                        self.name_of(&pairing.a),
                        self.name_of(&pairing.b)
                    ),
                ));
            }
        }
        if !self.terms.kept_by(&game.settings) {
            out.push(
                Problem::new(
                    "settings",
                    format!(
                        "the tournament prescribes {} points and its Guardians options; the game has {} points{}",
                        self.terms.game_size,
                        game.settings.game_size,
                        if game.settings.options == self.terms.options {
                            ""
                        } else {
                            " and other options"
                        }
                    ),
                )
                .rule("W11"),
            );
        }
        if let (Some(recorded), Some(played)) = (pairing.result, TournamentResult::from_game(game))
            && !same_result(&recorded, &played)
        {
            out.push(Problem::new(
                "end",
                format!(
                    "the game ended {} : {} VP ({}), but the tournament has {} : {} VP ({}) for it",
                    played.a.vp,
                    played.b.vp,
                    result_word(played.a.result),
                    recorded.a.vp,
                    recorded.b.vp,
                    result_word(recorded.a.result),
                ),
            ));
        }
        out
    }
}

/// The same VP, EP and results (a clock win may be inferred either way
/// when the winner also leads by 50 VP).
fn same_result(a: &TournamentResult, b: &TournamentResult) -> bool {
    a.a == b.a && a.b == b.b
}

fn result_word(r: MatchResult) -> &'static str {
    match r {
        MatchResult::Win => "A won",
        MatchResult::Draw => "a draw",
        MatchResult::Loss => "B won",
    }
}
