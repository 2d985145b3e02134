//! Scoring the sled race (N6).

use foldhash::{HashSet, HashSetExt};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{MAX_RACE_ROUND, MAX_SLED_ENTRANTS, NewYearError};

/// One finisher of the sled race.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Finisher {
    /// The player's id.
    pub player: String,
    /// The round he crossed the finish line in, counted across the race
    /// from 1.
    pub round: u32,
}

impl Finisher {
    /// A finisher.
    pub fn new(player: impl Into<String>, round: u32) -> Self {
        Self {
            player: player.into(),
            round,
        }
    }
}

/// The result of the sled race as the organiser enters it.
///
/// `finishers` is the finish order: fewest rounds first; within a round, the
/// sled furthest past the line first (the organiser decides that order).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SledRace {
    /// Finishers in finish order.
    pub finishers: Vec<Finisher>,
    /// Players who started but did not finish (0 points).
    #[serde(default)]
    pub did_not_finish: Vec<String>,
    /// Players who did not start: no suitable character on foot (0 points,
    /// N6).
    #[serde(default)]
    pub did_not_start: Vec<String>,
}

/// How a player's race ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SledOutcome {
    /// Crossed the finish line.
    Finished {
        /// Position in the finish order, from 1.
        position: usize,
        /// The round he finished in.
        round: u32,
        /// Rounds after the winner's round.
        rounds_after_winner: u32,
    },
    /// Started but did not finish.
    DidNotFinish,
    /// Did not start.
    DidNotStart,
}

/// One player's sled race score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SledScore {
    /// The player's id.
    pub player: String,
    /// How his race ended.
    pub outcome: SledOutcome,
    /// Placing for the tie-breaker: finishers by position; everybody who
    /// did not finish or did not start shares the place after the last
    /// finisher.
    pub placing: usize,
    /// Event points (N6).
    pub points: u32,
}

/// Event points of the finisher at `position` (from 1), `rounds_after_winner`
/// rounds after the winner (N6).
pub fn finisher_points(position: usize, rounds_after_winner: u32) -> u32 {
    match (position, rounds_after_winner) {
        (1, _) => 10,
        (2, _) => 8,
        (3, _) => 7,
        (_, 0) => 6,
        (_, 1) => 5,
        (_, 2) => 4,
        _ => 2,
    }
}

impl SledRace {
    /// Checks the result: rounds from 1 to [`MAX_RACE_ROUND`], not
    /// decreasing along the finish order, no player listed twice, at most
    /// [`MAX_SLED_ENTRANTS`] starters (finishers and non-finishers).
    ///
    /// # Errors
    ///
    /// [`NewYearError::InvalidValue`] for round 0 or above
    /// [`MAX_RACE_ROUND`] and for too many starters,
    /// [`NewYearError::RaceRoundsOutOfOrder`],
    /// [`NewYearError::PlayerTwiceInRace`].
    pub fn validate(&self) -> Result<(), NewYearError> {
        let starters = self
            .finishers
            .len()
            .saturating_add(self.did_not_finish.len());
        if starters > MAX_SLED_ENTRANTS {
            return Err(NewYearError::InvalidValue {
                field: "finishers".to_owned(),
                value: format!("{starters} starters"),
                expected: "at most 16 starters, the most one race takes (PN6)",
            });
        }
        let mut previous: Option<&Finisher> = None;
        for (index, finisher) in self.finishers.iter().enumerate() {
            if finisher.round == 0 || finisher.round > MAX_RACE_ROUND {
                return Err(NewYearError::InvalidValue {
                    field: format!("finishers[{index}].round"),
                    value: finisher.round.to_string(),
                    expected: "a round counted from 1, at most 300 (PN6)",
                });
            }
            if let Some(before) = previous
                && finisher.round < before.round
            {
                return Err(NewYearError::RaceRoundsOutOfOrder {
                    position: index + 1,
                    player: finisher.player.clone(),
                    round: finisher.round,
                    previous_player: before.player.clone(),
                    previous_round: before.round,
                });
            }
            previous = Some(finisher);
        }
        let mut seen = HashSet::with_capacity(starters.saturating_add(self.did_not_start.len()));
        for id in self.players() {
            if !seen.insert(id) {
                return Err(NewYearError::PlayerTwiceInRace {
                    player: id.to_owned(),
                });
            }
        }
        Ok(())
    }

    /// Whether `id` started: a finisher or a non-finisher.
    pub fn started(&self, id: &str) -> bool {
        self.finishers.iter().any(|f| f.player == id) || self.did_not_finish.iter().any(|p| p == id)
    }

    /// Every player id in the result: finishers, then non-finishers, then
    /// non-starters.
    pub fn players(&self) -> impl Iterator<Item = &str> {
        self.finishers
            .iter()
            .map(|f| f.player.as_str())
            .chain(self.did_not_finish.iter().map(String::as_str))
            .chain(self.did_not_start.iter().map(String::as_str))
    }

    /// Scores the race (N6): 10, 8 and 7 for the first three finishers;
    /// every other finisher 6 in the winner's round, 5 one round later, 4
    /// two rounds later, 2 later still; 0 for not finishing or not starting.
    ///
    /// ```
    /// use feldherr_wfb_newyear::{Finisher, SledRace};
    ///
    /// let race = SledRace {
    ///     finishers: vec![
    ///         Finisher::new("uwe", 6),
    ///         Finisher::new("lena", 6),
    ///         Finisher::new("petra", 6),
    ///         Finisher::new("dieter", 6),
    ///         Finisher::new("sabine", 7),
    ///     ],
    ///     did_not_finish: vec!["jonas".into()],
    ///     did_not_start: vec!["katrin".into()],
    /// };
    /// let points: Vec<u32> = race.score()?.iter().map(|s| s.points).collect();
    /// assert_eq!(points, [10, 8, 7, 6, 5, 0, 0]);
    /// # Ok::<(), feldherr_wfb_newyear::NewYearError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`SledRace::validate`].
    pub fn score(&self) -> Result<Vec<SledScore>, NewYearError> {
        self.validate()?;
        Ok(self.score_valid())
    }

    /// [`SledRace::score`] of a result [`SledRace::validate`] accepted
    /// (the event's standings check the whole event first, then score).
    pub(crate) fn score_valid(&self) -> Vec<SledScore> {
        let winner_round = self.finishers.first().map_or(0, |f| f.round);
        let unplaced = self.finishers.len() + 1;
        let mut scores = Vec::with_capacity(self.finishers.len());
        for (index, finisher) in self.finishers.iter().enumerate() {
            let position = index + 1;
            let rounds_after_winner = finisher.round.saturating_sub(winner_round);
            scores.push(SledScore {
                player: finisher.player.clone(),
                outcome: SledOutcome::Finished {
                    position,
                    round: finisher.round,
                    rounds_after_winner,
                },
                placing: position,
                points: finisher_points(position, rounds_after_winner),
            });
        }
        let others = self
            .did_not_finish
            .iter()
            .map(|id| (id, SledOutcome::DidNotFinish))
            .chain(
                self.did_not_start
                    .iter()
                    .map(|id| (id, SledOutcome::DidNotStart)),
            );
        for (id, outcome) in others {
            scores.push(SledScore {
                player: id.clone(),
                outcome,
                placing: unplaced,
                points: 0,
            });
        }
        scores
    }
}

/// `uwe: 1st in round 6, 10 points`, `jonas: did not finish, 0 points`.
impl fmt::Display for SledScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.player)?;
        match self.outcome {
            SledOutcome::Finished {
                position,
                round,
                rounds_after_winner,
            } => {
                write!(f, "finisher {position} in round {round}")?;
                if rounds_after_winner > 0 {
                    write!(f, " (+{rounds_after_winner})")?;
                }
            }
            SledOutcome::DidNotFinish => f.write_str("did not finish")?,
            SledOutcome::DidNotStart => f.write_str("did not start")?,
        }
        write!(f, ", {} points", self.points)
    }
}
