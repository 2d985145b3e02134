//! Results the players report themselves (issue 30): every round's
//! pairings as [`EntryTable`]s with the fields of the app's result form
//! (VP, EP, who won, a clock win), checked as a typed result is
//! ([`TournamentResult::check`]: W8, W9).

use feldherr_dice::step::Message;
use feldherr_play::{
    EntryTable, MatchResult, PlayError, ReportCheck, ReportValues, ResultField, Seat,
};

use super::{
    MAX_GAME_EP, MAX_GAME_VP, TournamentEdit, TournamentResult, TournamentSide, WarmasterTournament,
};

/// The round's key: `round-N`.
fn round_key(round: u32) -> String {
    WarmasterTournament::round_key(round)
}

/// The `winner` field: 0 a draw, 1 player A, 2 player B.
const WINNER: &str = "winner";

/// The `clock` field: 1 when the winner won on the clock (W9).
const CLOCK: &str = "clock";

impl WarmasterTournament {
    /// The key of round `round` in the result entry and the table codes of
    /// a shared tournament: `round-N`.
    pub fn round_key(round: u32) -> String {
        format!("round-{round}")
    }

    /// Every round's pairings as tables the players may report.
    pub fn entry_tables(&self) -> Vec<EntryTable> {
        let mut out = Vec::new();
        for (i, round) in self.round_list.iter().enumerate() {
            let number = u32::try_from(i).unwrap_or(u32::MAX).saturating_add(1);
            for p in &round.pairings {
                let players = vec![
                    Seat::new(&p.a, self.name_of(&p.a)),
                    Seat::new(&p.b, self.name_of(&p.b)),
                ];
                let mut fields = Vec::new();
                for (side, prefix) in ["a", "b"].into_iter().enumerate() {
                    fields.push(ResultField::number(
                        format!("{prefix}.vp"),
                        Message::new("wm.entry.vp"),
                        Some(side),
                        0,
                        MAX_GAME_VP,
                    ));
                    fields.push(ResultField::number(
                        format!("{prefix}.ep"),
                        Message::new("wm.entry.ep"),
                        Some(side),
                        0,
                        MAX_GAME_EP,
                    ));
                }
                let mut winner =
                    ResultField::number(WINNER, Message::new("wm.entry.winner"), None, 0, 2);
                winner.choices = vec![
                    (0, Message::new("wm.entry.draw")),
                    (
                        1,
                        Message::new("wm.entry.wins").text("player", players[0].name.clone()),
                    ),
                    (
                        2,
                        Message::new("wm.entry.wins").text("player", players[1].name.clone()),
                    ),
                ];
                let mut clock =
                    ResultField::number(CLOCK, Message::new("wm.entry.clock"), None, 0, 1);
                clock.choices = vec![
                    (0, Message::new("wm.entry.no")),
                    (1, Message::new("wm.entry.yes")),
                ];
                fields.extend([winner, clock]);
                out.push(EntryTable {
                    round: round_key(number),
                    round_label: Message::new("wm.entry.round").int("round", number),
                    table: p.table,
                    players,
                    fields,
                    entered: p.result.map(|r| values_of(&r)),
                });
            }
        }
        out
    }

    /// A reported result at `table` of `round` (`round-N`), checked as a
    /// typed one, with each player's tournament points and the
    /// [`TournamentEdit::RecordResult`] that records it.
    ///
    /// # Errors
    /// [`PlayError::NotFound`] for an unknown round or table; the field's
    /// refusal; [`TournamentResult::check`]'s (W8, W9).
    pub fn check_report(
        &self,
        round: &str,
        table: u32,
        values: &ReportValues,
    ) -> Result<ReportCheck<TournamentEdit>, PlayError> {
        let number: u32 = round
            .strip_prefix("round-")
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| crate::refusal::not_found("round", round))?;
        let entry = self
            .entry_tables()
            .into_iter()
            .find(|t| t.round == round && t.table == table)
            .ok_or_else(|| crate::refusal::not_found("table", table))?;
        entry.check_values(values)?;
        let (a, b) = match values[WINNER] {
            1 => (MatchResult::Win, MatchResult::Loss),
            2 => (MatchResult::Loss, MatchResult::Win),
            _ => (MatchResult::Draw, MatchResult::Draw),
        };
        let side = |prefix: &str, result| TournamentSide {
            vp: values[&format!("{prefix}.vp")],
            ep: values[&format!("{prefix}.ep")],
            result,
        };
        let result = TournamentResult {
            a: side("a", a),
            b: side("b", b),
            clock: values[CLOCK] == 1,
        };
        result.check()?;
        let points = |r: MatchResult| match r {
            MatchResult::Win => self.points.win,
            MatchResult::Draw => self.points.draw,
            MatchResult::Loss => self.points.loss,
        };
        Ok(ReportCheck {
            points: vec![
                (entry.players[0].clone(), points(a)),
                (entry.players[1].clone(), points(b)),
            ],
            edit: TournamentEdit::RecordResult {
                round: number,
                table,
                result,
            },
        })
    }
}

/// A saved result as the fields' values.
fn values_of(result: &TournamentResult) -> ReportValues {
    let winner = match result.a.result {
        MatchResult::Win => 1,
        MatchResult::Loss => 2,
        MatchResult::Draw => 0,
    };
    [
        ("a.vp", result.a.vp),
        ("a.ep", result.a.ep),
        ("b.vp", result.b.vp),
        ("b.ep", result.b.ep),
        (WINNER, winner),
        (CLOCK, i64::from(result.clock)),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect()
}
