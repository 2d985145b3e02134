//! The standings as typed data (PW5): tournament points, then the VP
//! difference, then EP; whole numbers throughout, summed with checked
//! arithmetic.

use feldherr_play::PlayError;
use serde::{Deserialize, Serialize};

use super::WarmasterTournament;

/// The tie-breakers after tournament points, in order (PW5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// Own VP minus the opponents' VP, summed over the rounds.
    VpDifference,
    /// EP scored, summed over the rounds.
    Ep,
}

impl TieBreak {
    /// Both, in order.
    pub const ALL: [TieBreak; 2] = [TieBreak::VpDifference, TieBreak::Ep];

    /// The catalogue key of its name.
    #[must_use]
    pub const fn label_key(self) -> &'static str {
        match self {
            TieBreak::VpDifference => "warmaster.tie_break.vp_difference",
            TieBreak::Ep => "warmaster.tie_break.ep",
        }
    }

    /// Its value in `row`.
    #[must_use]
    pub fn value(self, row: &StandingsRow) -> i64 {
        match self {
            TieBreak::VpDifference => row.vp_difference,
            TieBreak::Ep => row.ep,
        }
    }
}

/// How a row's place was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decided", rename_all = "snake_case")]
pub enum PlaceDecided {
    /// Nobody else has the same tournament points.
    Points,
    /// Others have the same points; this tie-breaker was the last one
    /// needed to separate the row from them: its value against the
    /// nearest one it separated ("VP difference +450 vs +200").
    TieBreak {
        /// The tie-breaker.
        by: TieBreak,
        /// This row's value.
        value: i64,
        /// The value of the nearest row it was separated from.
        versus: i64,
    },
    /// Another row is equal on points and on every tie-breaker: the place
    /// is shared.
    Shared,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingsRow {
    /// The place, from 1 (equal rows share it).
    pub place: u32,
    /// The player's id.
    pub player: String,
    /// His name.
    pub name: String,
    /// Tournament points.
    pub points: i64,
    /// Tournament points per round (0 where he had no game or the result
    /// is not in).
    pub per_round: Vec<i64>,
    /// VP scored, summed.
    pub vp: i64,
    /// Own VP minus the opponents' VP, summed.
    pub vp_difference: i64,
    /// EP scored, summed.
    pub ep: i64,
    /// Games with a result.
    pub games: u32,
    /// Byes.
    pub byes: u32,
    /// He dropped out after this many rounds.
    pub dropped_after: Option<u32>,
    /// How his place was decided.
    pub decided: PlaceDecided,
}

/// The standings after some rounds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentStandings {
    /// The rounds counted.
    pub after_rounds: u32,
    /// The tie-breakers after points, in order.
    pub tie_breaks: Vec<TieBreak>,
    /// Best first.
    pub rows: Vec<StandingsRow>,
}

impl TournamentStandings {
    /// The row of the player with `id`.
    #[must_use]
    pub fn row_of(&self, id: &str) -> Option<&StandingsRow> {
        self.rows.iter().find(|r| r.player == id)
    }
}

fn overflow(name: &str, what: &str) -> PlayError {
    crate::refusal::invalid(
        "round_list",
        name,
        crate::refusal::say("standings_overflow")
            .text("player", name)
            .key(
                "what",
                crate::refusal::REFUSALS.key(match what {
                    "EP" => "total.ep",
                    "VP" => "total.vp",
                    "VP difference" => "total.vp_difference",
                    _ => "total.tournament_points",
                }),
            ),
    )
}

impl WarmasterTournament {
    /// The standings over every round paired (games without a result
    /// score 0 meanwhile).
    ///
    /// # Errors
    /// Only for results out of their bounds, whose sums overflow.
    pub fn standings(&self) -> Result<TournamentStandings, PlayError> {
        self.standings_after(self.round_list.len())
    }

    /// The standings over the first `rounds` rounds: tournament points,
    /// then the VP difference (own VP minus the opponent's, summed), then
    /// EP scored (PW5); a bye scores its points and no VP or EP (PW14).
    /// Sums are checked: out-of-bounds results are an error, never a
    /// wrapped number.
    ///
    /// # Errors
    /// Only for results out of their bounds, whose sums overflow.
    pub fn standings_after(&self, rounds: usize) -> Result<TournamentStandings, PlayError> {
        let played = &self.round_list[..rounds.min(self.round_list.len())];
        let mut rows = Vec::with_capacity(self.players.len());
        for p in &self.players {
            let mut row = StandingsRow {
                place: 0,
                player: p.id.clone(),
                name: p.name.clone(),
                points: 0,
                per_round: Vec::with_capacity(played.len()),
                vp: 0,
                vp_difference: 0,
                ep: 0,
                games: 0,
                byes: 0,
                dropped_after: p.dropped_after,
                decided: PlaceDecided::Points,
            };
            for round in played {
                let mut got = 0_i64;
                if round.bye.as_deref() == Some(p.id.as_str()) {
                    got = self.points.bye;
                    row.byes = row.byes.saturating_add(1);
                }
                for pairing in &round.pairings {
                    let Some(r) = &pairing.result else { continue };
                    let (own, opp) = if pairing.a == p.id {
                        (&r.a, &r.b)
                    } else if pairing.b == p.id {
                        (&r.b, &r.a)
                    } else {
                        continue;
                    };
                    got = self.points.of(own.result);
                    row.games = row.games.saturating_add(1);
                    let diff = own
                        .vp
                        .checked_sub(opp.vp)
                        .ok_or_else(|| overflow(&p.name, "VP difference"))?;
                    row.vp_difference = row
                        .vp_difference
                        .checked_add(diff)
                        .ok_or_else(|| overflow(&p.name, "VP difference"))?;
                    row.vp = row
                        .vp
                        .checked_add(own.vp)
                        .ok_or_else(|| overflow(&p.name, "VP"))?;
                    row.ep = row
                        .ep
                        .checked_add(own.ep)
                        .ok_or_else(|| overflow(&p.name, "EP"))?;
                }
                row.per_round.push(got);
                row.points = row
                    .points
                    .checked_add(got)
                    .ok_or_else(|| overflow(&p.name, "tournament points"))?;
            }
            rows.push(row);
        }
        let key = |r: &StandingsRow| (r.points, r.vp_difference, r.ep);
        // Best first; equal rows keep the list order (stable sort).
        rows.sort_by_key(|r| std::cmp::Reverse(key(r)));
        let n = rows.len();
        for i in 0..n {
            let place = if i > 0 && key(&rows[i]) == key(&rows[i - 1]) {
                rows[i - 1].place
            } else {
                u32::try_from(i + 1).unwrap_or(u32::MAX)
            };
            rows[i].place = place;
            rows[i].decided = decided(&rows, i);
        }
        Ok(TournamentStandings {
            after_rounds: u32::try_from(played.len()).unwrap_or(u32::MAX),
            tie_breaks: TieBreak::ALL.to_vec(),
            rows,
        })
    }
}

/// How row `i` of the sorted `rows` got its place: by points when no
/// other row has its points; shared when another row equals it on
/// everything; otherwise by the last tie-breaker needed to separate it
/// from every row of its points, against the nearest one (above it, or
/// below it when it is first of its group).
fn decided(rows: &[StandingsRow], i: usize) -> PlaceDecided {
    let me = &rows[i];
    let same: Vec<&StandingsRow> = rows
        .iter()
        .enumerate()
        .filter(|(j, r)| *j != i && r.points == me.points)
        .map(|(_, r)| r)
        .collect();
    if same.is_empty() {
        return PlaceDecided::Points;
    }
    let equal_all = |r: &StandingsRow| TieBreak::ALL.iter().all(|t| t.value(r) == t.value(me));
    if same.iter().any(|r| equal_all(r)) {
        return PlaceDecided::Shared;
    }
    // The deepest tie-breaker any row of the group needs against this one.
    let depth = |r: &StandingsRow| {
        TieBreak::ALL
            .iter()
            .position(|t| t.value(r) != t.value(me))
            .unwrap_or(0)
    };
    let needed = same.iter().map(|r| depth(r)).max().unwrap_or(0);
    let by = TieBreak::ALL[needed];
    let nearest = rows[..i]
        .iter()
        .rev()
        .chain(rows[i + 1..].iter())
        .find(|r| r.points == me.points && depth(r) == needed)
        .map_or(by.value(me), |r| by.value(r));
    PlaceDecided::TieBreak {
        by,
        value: by.value(me),
        versus: nearest,
    }
}
