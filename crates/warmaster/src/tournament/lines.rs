//! A round's lines for the screen and the round sheets: who played whom
//! and who won how ("Anna wins on the clock (W9)"), by name.

use feldherr_dice::step::Message;
use feldherr_play::{MatchResult, PlayError};
use serde::{Deserialize, Serialize};

use super::{TournamentResult, WarmasterTournament};

/// How a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum WinBy {
    /// On victory points: 50 or more ahead (W8).
    Points {
        /// The winner's VP.
        winner_vp: i64,
        /// The loser's VP.
        loser_vp: i64,
    },
    /// On the clock: the loser's clock ran out while the winner had more
    /// than 5 minutes left (W9).
    Clock,
}

/// What a pairing's game came to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum LineOutcome {
    /// The result is not in.
    Pending,
    /// A draw: the VP lie under 50 apart (W8).
    Draw {
        /// A's VP.
        a_vp: i64,
        /// B's VP.
        b_vp: i64,
    },
    /// `winner` (a name) won, and how.
    Win {
        /// The winner's name.
        winner: String,
        /// How.
        by: WinBy,
    },
}

/// One line of a round: a table's pairing and its outcome, players by
/// name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundLine {
    /// The table.
    pub table: u32,
    /// Player A's id and name.
    pub a: (String, String),
    /// Player B's id and name.
    pub b: (String, String),
    /// The outcome.
    pub outcome: LineOutcome,
    /// The result as recorded.
    pub result: Option<TournamentResult>,
}

impl RoundLine {
    /// The outcome as a catalogue message: "Anna wins on the clock (W9)",
    /// "Bernd wins on victory points, 600 : 250", "draw, 300 : 280 VP",
    /// "result not in".
    #[must_use]
    pub fn message(&self) -> Message {
        match &self.outcome {
            LineOutcome::Pending => Message::new("warmaster.round.pending"),
            LineOutcome::Draw { a_vp, b_vp } => Message::new("warmaster.round.draw")
                .int("a", *a_vp)
                .int("b", *b_vp),
            LineOutcome::Win {
                winner,
                by: WinBy::Clock,
            } => Message::new("warmaster.round.clock").text("player", winner.clone()),
            LineOutcome::Win {
                winner,
                by:
                    WinBy::Points {
                        winner_vp,
                        loser_vp,
                    },
            } => Message::new("warmaster.round.points")
                .text("player", winner.clone())
                .int("winner", *winner_vp)
                .int("loser", *loser_vp),
        }
    }
}

fn outcome(result: &TournamentResult, a: &str, b: &str) -> LineOutcome {
    let (winner, winner_vp, loser_vp) = match result.a.result {
        MatchResult::Draw => {
            return LineOutcome::Draw {
                a_vp: result.a.vp,
                b_vp: result.b.vp,
            };
        }
        MatchResult::Win => (a, result.a.vp, result.b.vp),
        MatchResult::Loss => (b, result.b.vp, result.a.vp),
    };
    LineOutcome::Win {
        winner: winner.to_owned(),
        by: if result.clock {
            WinBy::Clock
        } else {
            WinBy::Points {
                winner_vp,
                loser_vp,
            }
        },
    }
}

impl WarmasterTournament {
    /// The lines of round `round` (from 1), table by table.
    ///
    /// # Errors
    /// A round out of range.
    pub fn round_lines(&self, round: u32) -> Result<Vec<RoundLine>, PlayError> {
        let i = self.round_index(round)?;
        let Some(r) = self.round_list.get(i) else {
            return Ok(Vec::new());
        };
        let mut lines: Vec<RoundLine> = r
            .pairings
            .iter()
            .map(|p| {
                let (a, b) = (self.name_of(&p.a), self.name_of(&p.b));
                RoundLine {
                    table: p.table,
                    a: (p.a.clone(), a.to_owned()),
                    b: (p.b.clone(), b.to_owned()),
                    outcome: p
                        .result
                        .as_ref()
                        .map_or(LineOutcome::Pending, |res| outcome(res, a, b)),
                    result: p.result,
                }
            })
            .collect();
        lines.sort_by_key(|l| l.table);
        Ok(lines)
    }

    /// The name of the player with the bye in round `round`, if any.
    #[must_use]
    pub fn bye_in(&self, round: u32) -> Option<&str> {
        let i = usize::try_from(round).ok()?.checked_sub(1)?;
        self.round_list
            .get(i)?
            .bye
            .as_deref()
            .map(|id| self.name_of(id))
    }
}
