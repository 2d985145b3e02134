//! A Warmaster tournament: N rounds of pairings (drawn with
//! `feldherr-pairing`, a bye for an odd count), results from each game's
//! report or typed in, configurable tournament points and standings with
//! VP difference and EP as tie-breakers.

use std::collections::BTreeSet;

use feldherr_pairing::{Entrant, History, Method, draw};
use feldherr_play::{EventRules, GameReport, HostedSlot, MatchResult, PlayError, Problem};
use feldherr_scoring::{Competitor, Standings, TieBreaker};
use serde::{Deserialize, Serialize};

use crate::WarmasterGame;

/// Most players a tournament accepts (a bound, not a rule).
pub const MAX_PLAYERS: usize = 256;
/// Most rounds a tournament accepts (a bound, not a rule).
pub const MAX_ROUNDS: u32 = 20;

/// A player of the tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentPlayer {
    /// Unique id.
    pub id: String,
    /// Name (as his games know him).
    pub name: String,
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
}

impl TournamentResult {
    /// Checks that the two results fit (win against loss, draw against
    /// draw) and VP and EP are not negative.
    ///
    /// # Errors
    /// [`PlayError::Invalid`] naming the field.
    pub fn check(&self) -> Result<(), PlayError> {
        use MatchResult as R;
        match (self.a.result, self.b.result) {
            (R::Win, R::Loss) | (R::Loss, R::Win) | (R::Draw, R::Draw) => {}
            (a, b) => {
                return Err(PlayError::invalid(
                    "result",
                    format!("{a:?} against {b:?}"),
                    "one side wins and the other loses, or both draw",
                ));
            }
        }
        for (name, side) in [("a", &self.a), ("b", &self.b)] {
            if side.vp < 0 {
                return Err(PlayError::invalid(
                    format!("{name}.vp"),
                    side.vp,
                    "VP are never negative",
                ));
            }
            if side.ep < 0 {
                return Err(PlayError::invalid(
                    format!("{name}.ep"),
                    side.ep,
                    "EP are never negative",
                ));
            }
        }
        Ok(())
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
    /// The event's name.
    pub name: String,
    /// How many rounds are played.
    pub rounds: u32,
    /// Tournament points per game.
    #[serde(default)]
    pub points: TournamentPoints,
    /// The players.
    #[serde(default)]
    pub players: Vec<TournamentPlayer>,
    /// The rounds paired so far (round 1 first).
    #[serde(default)]
    pub round_list: Vec<TournamentRound>,
}

/// A change to a tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "edit", rename_all = "snake_case")]
pub enum TournamentEdit {
    /// Add a player.
    AddPlayer {
        /// His id.
        id: String,
        /// His name.
        name: String,
    },
    /// Remove a player who is in no pairing.
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
    /// in the standings.
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

/// The role of the game at `table` in `round`: `round-2/table-3`.
#[must_use]
pub fn role(round: u32, table: u32) -> String {
    format!("round-{round}/table-{table}")
}

fn parse_role(role: &str) -> Option<(u32, u32)> {
    let rest = role.strip_prefix("round-")?;
    let (r, t) = rest.split_once("/table-")?;
    Some((r.parse().ok()?, t.parse().ok()?))
}

impl WarmasterTournament {
    /// An empty tournament of `rounds` rounds.
    #[must_use]
    pub fn new(name: impl Into<String>, rounds: u32) -> Self {
        WarmasterTournament {
            name: name.into(),
            rounds,
            points: TournamentPoints::default(),
            players: Vec::new(),
            round_list: Vec::new(),
        }
    }

    fn player(&self, id: &str) -> Option<&TournamentPlayer> {
        self.players.iter().find(|p| p.id == id)
    }

    fn round_index(&self, round: u32) -> Result<usize, PlayError> {
        if round == 0 || round > self.rounds {
            return Err(PlayError::invalid(
                "round",
                round,
                format!("rounds run from 1 to {}", self.rounds),
            ));
        }
        Ok(round as usize - 1)
    }

    fn pairing_mut(&mut self, round: u32, table: u32) -> Result<&mut TournamentPairing, PlayError> {
        let i = self.round_index(round)?;
        self.round_list
            .get_mut(i)
            .and_then(|r| r.pairings.iter_mut().find(|p| p.table == table))
            .ok_or_else(|| PlayError::not_found("pairing", role(round, table)))
    }

    fn check_pairings(
        &self,
        pairings: &[TournamentPairing],
        bye: Option<&String>,
    ) -> Result<(), PlayError> {
        let mut seen = BTreeSet::new();
        if let Some(id) = bye {
            if self.player(id).is_none() {
                return Err(PlayError::not_found("player", id));
            }
            seen.insert(id.clone());
        }
        let mut tables = BTreeSet::new();
        for (i, p) in pairings.iter().enumerate() {
            if !tables.insert(p.table) {
                return Err(PlayError::invalid(
                    format!("pairings[{i}].table"),
                    p.table,
                    "two pairings on one table",
                ));
            }
            for (field, id) in [("a", &p.a), ("b", &p.b)] {
                if self.player(id).is_none() {
                    return Err(PlayError::not_found("player", id));
                }
                if !seen.insert(id.clone()) {
                    return Err(PlayError::invalid(
                        format!("pairings[{i}].{field}"),
                        id,
                        "the player is paired twice in the round",
                    ));
                }
            }
            if let Some(r) = &p.result {
                r.check()?;
            }
        }
        Ok(())
    }

    /// The pairings and the bye for `round`, drawn with `feldherr-pairing`
    /// (PW15): round 1 in list order (the organiser's seeding); later
    /// rounds best against best in the standings after the rounds before
    /// (points, VP difference, EP), rematches avoided where possible. An
    /// odd count gives one bye, to a player with the fewest byes, lowest
    /// in the standings.
    ///
    /// # Errors
    /// No players, a round out of range, or earlier rounds without every
    /// result.
    pub fn pair(&self, round: u32) -> Result<(Vec<TournamentPairing>, Option<String>), PlayError> {
        let i = self.round_index(round)?;
        if self.players.len() < 2 {
            return Err(PlayError::refused(
                format!("{} players: at least 2 are paired", self.players.len()),
                None,
            ));
        }
        if i > self.round_list.len() {
            return Err(PlayError::refused(format!("pair round {i} first"), None));
        }
        let earlier = &self.round_list[..i];
        if earlier
            .iter()
            .flat_map(|r| &r.pairings)
            .any(|p| p.result.is_none())
        {
            return Err(PlayError::refused(
                "every result of the rounds before must be in",
                None,
            ));
        }
        let order: Vec<String> = if i == 0 {
            self.players.iter().map(|p| p.id.clone()).collect()
        } else {
            let standings = self.standings_after(i)?;
            standings.rows().iter().map(|r| r.id.clone()).collect()
        };
        // Scores falling by place keep the order exactly (the draw only
        // shuffles equal scores), so the seed plays no part.
        let count = i64::try_from(order.len()).unwrap_or(i64::MAX);
        let entrants: Vec<Entrant> = (0_i64..)
            .zip(&order)
            .map(|(place, id)| {
                let name = self.player(id).map_or(id.as_str(), |p| p.name.as_str());
                Entrant::new(id.clone(), name, "", count - place)
            })
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
        let draft = draw(&entrants, &history, Method::ByStandings, 0)
            .map_err(|e| PlayError::refused(e.to_string(), None))?;
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

    /// The standings over every round (unplayed games score 0).
    ///
    /// # Errors
    /// Only on broken saved data (duplicate ids).
    pub fn standings(&self) -> Result<Standings, PlayError> {
        self.standings_after(self.round_list.len())
    }

    /// The standings over the first `rounds` rounds: tournament points,
    /// then the VP difference (own VP minus the opponent's, summed), then
    /// EP scored (PW5).
    ///
    /// # Errors
    /// Only on broken saved data (duplicate ids).
    pub fn standings_after(&self, rounds: usize) -> Result<Standings, PlayError> {
        let played = &self.round_list[..rounds.min(self.round_list.len())];
        let competitors: Vec<Competitor> = self
            .players
            .iter()
            .map(|p| {
                let mut points = Vec::new();
                let (mut diff, mut ep) = (0_i64, 0_i64);
                for round in played {
                    // A bye scores its points, no VP and no EP (PW14).
                    let mut got = if round.bye.as_deref() == Some(p.id.as_str()) {
                        self.points.bye
                    } else {
                        0
                    };
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
                        diff += own.vp - opp.vp;
                        ep += own.ep;
                    }
                    points.push(got);
                }
                Competitor::new(p.id.clone(), p.name.clone(), points)
                    .with_tie_value("vp_difference", diff as f64)
                    .with_tie_value("ep", ep as f64)
            })
            .collect();
        Standings::rank(
            &competitors,
            &[
                TieBreaker::higher("vp_difference", "VP difference"),
                TieBreaker::higher("ep", "EP"),
            ],
        )
        .map_err(|e| PlayError::invalid("players", "standings", e.to_string()))
    }
}

impl EventRules for WarmasterTournament {
    type Edit = TournamentEdit;
    const KIND: &'static str = "warmaster_tournament";

    fn name(&self) -> &str {
        &self.name
    }

    fn rename(&mut self, name: &str) -> Result<(), PlayError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(PlayError::invalid("name", "\"\"", "an event needs a name"));
        }
        self.name = name.to_owned();
        Ok(())
    }

    fn apply(&mut self, edit: &TournamentEdit) -> Result<(), PlayError> {
        let mut next = self.clone();
        match edit {
            TournamentEdit::AddPlayer { id, name } => {
                if id.trim().is_empty() || name.trim().is_empty() {
                    return Err(PlayError::invalid(
                        "id",
                        id,
                        "a player needs an id and a name",
                    ));
                }
                if next.player(id).is_some() {
                    return Err(PlayError::invalid("id", id, "the id is in use"));
                }
                if next.players.iter().any(|p| p.name == *name) {
                    return Err(PlayError::invalid(
                        "name",
                        name,
                        "two players of one name cannot be told apart in game reports",
                    ));
                }
                if next.players.len() >= MAX_PLAYERS {
                    return Err(PlayError::refused(
                        format!("at most {MAX_PLAYERS} players"),
                        None,
                    ));
                }
                next.players.push(TournamentPlayer {
                    id: id.clone(),
                    name: name.clone(),
                });
            }
            TournamentEdit::RemovePlayer { id } => {
                if next
                    .round_list
                    .iter()
                    .flat_map(|r| &r.pairings)
                    .any(|p| p.a == *id || p.b == *id)
                {
                    return Err(PlayError::refused(
                        format!("{id} is paired; change the pairings first"),
                        None,
                    ));
                }
                let before = next.players.len();
                next.players.retain(|p| p.id != *id);
                if next.players.len() == before {
                    return Err(PlayError::not_found("player", id));
                }
            }
            TournamentEdit::SetRounds { rounds } => {
                if *rounds == 0 || *rounds > MAX_ROUNDS {
                    return Err(PlayError::invalid(
                        "rounds",
                        rounds,
                        format!("from 1 to {MAX_ROUNDS}"),
                    ));
                }
                if (*rounds as usize) < next.round_list.len() {
                    return Err(PlayError::invalid(
                        "rounds",
                        rounds,
                        format!("{} rounds are paired already", next.round_list.len()),
                    ));
                }
                next.rounds = *rounds;
            }
            TournamentEdit::SetPoints { points } => next.points = *points,
            TournamentEdit::SetPairings {
                round,
                pairings,
                bye,
            } => {
                let i = next.round_index(*round)?;
                if i > next.round_list.len() {
                    return Err(PlayError::refused(format!("pair round {i} first"), None));
                }
                next.check_pairings(pairings, bye.as_ref())?;
                if i == next.round_list.len() {
                    next.round_list.push(TournamentRound::default());
                }
                next.round_list[i].pairings = pairings.clone();
                next.round_list[i].bye = bye.clone();
            }
            TournamentEdit::PairRound { round } => {
                let (pairings, bye) = next.pair(*round)?;
                let i = next.round_index(*round)?;
                if next
                    .round_list
                    .get(i)
                    .is_some_and(|r| r.pairings.iter().any(|p| p.result.is_some()))
                {
                    return Err(PlayError::refused(
                        format!("round {round} has results; clear them first"),
                        None,
                    ));
                }
                if i == next.round_list.len() {
                    next.round_list.push(TournamentRound::default());
                }
                next.round_list[i].pairings = pairings;
                next.round_list[i].bye = bye;
            }
            TournamentEdit::RecordResult {
                round,
                table,
                result,
            } => {
                result.check()?;
                next.pairing_mut(*round, *table)?.result = Some(*result);
            }
            TournamentEdit::ClearResult { round, table } => {
                next.pairing_mut(*round, *table)?.result = None;
            }
        }
        *self = next;
        Ok(())
    }

    fn problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
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
        for (i, r) in self.round_list.iter().enumerate() {
            if let Err(e) = self.check_pairings(&r.pairings, r.bye.as_ref()) {
                out.push(Problem::new(format!("round_list[{i}]"), e.to_string()));
            }
            for (j, p) in r.pairings.iter().enumerate() {
                if p.result.is_none() {
                    out.push(Problem::new(
                        format!("round_list[{i}].pairings[{j}].result"),
                        format!("the result of round {} table {} is not in", i + 1, p.table),
                    ));
                }
            }
        }
        out
    }

    fn slots(&self) -> Vec<HostedSlot> {
        let name = |id: &str| {
            self.player(id)
                .map_or_else(|| id.to_owned(), |p| p.name.clone())
        };
        self.round_list
            .iter()
            .enumerate()
            .flat_map(|(i, r)| r.pairings.iter().map(move |p| (i, p)))
            .map(|(i, p)| HostedSlot {
                role: role(i as u32 + 1, p.table),
                system: <WarmasterGame as feldherr_play::Game>::SYSTEM,
                players: vec![name(&p.a), name(&p.b)],
            })
            .collect()
    }

    fn feed(
        &self,
        role_name: &str,
        report: &GameReport,
    ) -> Result<Option<TournamentEdit>, PlayError> {
        let (round, table) =
            parse_role(role_name).ok_or_else(|| PlayError::not_found("hosted game", role_name))?;
        let i = self.round_index(round)?;
        let pairing = self
            .round_list
            .get(i)
            .and_then(|r| r.pairings.iter().find(|p| p.table == table))
            .ok_or_else(|| PlayError::not_found("hosted game", role_name))?;
        if !report.finished {
            return Ok(None);
        }
        let side = |id: &str| -> Result<TournamentSide, PlayError> {
            let name = self
                .player(id)
                .map(|p| p.name.as_str())
                .ok_or_else(|| PlayError::not_found("player", id))?;
            let s = report
                .sides
                .iter()
                .find(|s| s.player == name)
                .ok_or_else(|| PlayError::not_found("player in the game report", name))?;
            let missing =
                |what: &str| PlayError::invalid(what, name, "the report does not give it");
            Ok(TournamentSide {
                vp: s.victory_points.ok_or_else(|| missing("victory_points"))?,
                ep: s
                    .objective_points
                    .ok_or_else(|| missing("objective_points"))?,
                result: s.result.ok_or_else(|| missing("result"))?,
            })
        };
        let result = TournamentResult {
            a: side(&pairing.a)?,
            b: side(&pairing.b)?,
        };
        result.check()?;
        Ok(Some(TournamentEdit::RecordResult {
            round,
            table,
            result,
        }))
    }
}
