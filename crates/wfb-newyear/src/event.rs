//! The event document: players, the three games and the standings (N7).

use std::collections::{BTreeMap, BTreeSet};

use feldherr_scoring::{Competitor, Side, Standings, TieBreaker};
use serde::{Deserialize, Serialize};

use crate::{
    BattleGame, BattleKind, EventTieBreaker, NewYearError, Player, PlayerPoints, SledOutcome,
    SledRace, SledScore,
};

/// The schema version this crate writes and reads.
pub const SCHEMA_VERSION: u32 = 1;

/// A WFB New Year event: the document the app saves as JSON.
///
/// Three games with one army each (N7): Raeuber-Warhammer and the New Year
/// scenario with pairings entered by the organiser, and the sled race. The
/// player with the most event points wins; equal totals share the place
/// unless the organiser chose tie-breakers (in order, saved here).
///
/// A player who is not paired in a game, or whose game has no result yet,
/// gets 0 event points for it; the standings are then provisional.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Version of the saved document; [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// Name of the event.
    pub name: String,
    /// Date of the event as the organiser writes it (e.g. "2027-01-02");
    /// printed on the sheets.
    #[serde(default)]
    pub date: String,
    /// The players.
    pub players: Vec<Player>,
    /// Raeuber-Warhammer (N1, N2).
    pub raeuber_warhammer: BattleGame,
    /// The New Year scenario (N2, N3).
    pub new_year_scenario: BattleGame,
    /// The sled race result (N6); `None` until it has been run.
    #[serde(default)]
    pub sled_race: Option<SledRace>,
    /// Tie-breakers in the organiser's order; empty: equal totals share
    /// the place (N7).
    #[serde(default)]
    pub tie_breakers: Vec<EventTieBreaker>,
}

#[derive(Deserialize)]
struct VersionOnly {
    schema_version: u32,
}

impl Event {
    /// An empty event.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            schema_version: SCHEMA_VERSION,
            name: name.into(),
            date: String::new(),
            players: Vec::new(),
            raeuber_warhammer: BattleGame::default(),
            new_year_scenario: BattleGame::default(),
            sled_race: None,
            tie_breakers: Vec::new(),
        }
    }

    /// Reads a saved event and validates it.
    ///
    /// # Errors
    ///
    /// [`NewYearError::Json`] for JSON that does not fit the schema,
    /// [`NewYearError::UnsupportedSchemaVersion`], and every error of
    /// [`Event::validate`].
    pub fn from_json(json: &str) -> Result<Self, NewYearError> {
        let json_error = |e: serde_json::Error| NewYearError::Json {
            message: e.to_string(),
        };
        let version: VersionOnly = serde_json::from_str(json).map_err(json_error)?;
        if version.schema_version != SCHEMA_VERSION {
            return Err(NewYearError::UnsupportedSchemaVersion {
                found: version.schema_version,
            });
        }
        let event: Self = serde_json::from_str(json).map_err(json_error)?;
        event.validate()?;
        Ok(event)
    }

    /// The event as pretty-printed JSON.
    ///
    /// # Errors
    ///
    /// [`NewYearError::Json`] if serialisation fails (it does not for
    /// this type).
    pub fn to_json(&self) -> Result<String, NewYearError> {
        serde_json::to_string_pretty(self).map_err(|e| NewYearError::Json {
            message: e.to_string(),
        })
    }

    /// The pairings of a battle game.
    pub fn game(&self, kind: BattleKind) -> &BattleGame {
        match kind {
            BattleKind::RaeuberWarhammer => &self.raeuber_warhammer,
            BattleKind::NewYearScenario => &self.new_year_scenario,
        }
    }

    /// The player with an id.
    pub fn player(&self, id: &str) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// Checks the whole document.
    ///
    /// # Errors
    ///
    /// [`NewYearError::UnsupportedSchemaVersion`],
    /// [`NewYearError::DuplicatePlayer`], [`NewYearError::UnknownPlayer`],
    /// [`NewYearError::DuplicateTable`], [`NewYearError::PairedWithSelf`],
    /// [`NewYearError::PairedTwice`], [`NewYearError::InPairing`] for a bad
    /// result (negative VP, treasures recovered more than once, ...), and
    /// the sled race errors ([`SledRace::validate`],
    /// [`NewYearError::RacerWithoutCharacter`],
    /// [`NewYearError::MissingFromRace`]).
    pub fn validate(&self) -> Result<(), NewYearError> {
        if self.schema_version != SCHEMA_VERSION {
            return Err(NewYearError::UnsupportedSchemaVersion {
                found: self.schema_version,
            });
        }
        let mut ids = BTreeSet::new();
        for player in &self.players {
            if !ids.insert(player.id.as_str()) {
                return Err(NewYearError::DuplicatePlayer {
                    id: player.id.clone(),
                });
            }
        }
        for kind in [BattleKind::RaeuberWarhammer, BattleKind::NewYearScenario] {
            self.validate_game(kind, &ids)?;
        }
        if let Some(race) = &self.sled_race {
            self.validate_race(race, &ids)?;
        }
        Ok(())
    }

    fn validate_game(&self, kind: BattleKind, ids: &BTreeSet<&str>) -> Result<(), NewYearError> {
        let mut tables = BTreeSet::new();
        let mut paired: BTreeMap<&str, u32> = BTreeMap::new();
        for pairing in &self.game(kind).pairings {
            if !tables.insert(pairing.table) {
                return Err(NewYearError::DuplicateTable {
                    game: kind,
                    table: pairing.table,
                });
            }
            for id in [&pairing.player_a, &pairing.player_b] {
                if !ids.contains(id.as_str()) {
                    return Err(NewYearError::UnknownPlayer {
                        context: format!("{kind}, table {}", pairing.table),
                        id: id.clone(),
                    });
                }
            }
            if pairing.player_a == pairing.player_b {
                return Err(NewYearError::PairedWithSelf {
                    game: kind,
                    table: pairing.table,
                    id: pairing.player_a.clone(),
                });
            }
            for id in [&pairing.player_a, &pairing.player_b] {
                if let Some(first_table) = paired.insert(id.as_str(), pairing.table) {
                    return Err(NewYearError::PairedTwice {
                        game: kind,
                        id: id.clone(),
                        first_table,
                        second_table: pairing.table,
                    });
                }
            }
            if let Some(result) = &pairing.result {
                kind.score(&result.a, &result.b)
                    .map_err(|e| NewYearError::InPairing {
                        game: kind,
                        table: pairing.table,
                        source: Box::new(e),
                    })?;
            }
        }
        Ok(())
    }

    fn validate_race(&self, race: &SledRace, ids: &BTreeSet<&str>) -> Result<(), NewYearError> {
        race.validate()?;
        for id in race.players() {
            if !ids.contains(id) {
                return Err(NewYearError::UnknownPlayer {
                    context: "sled race".to_owned(),
                    id: id.to_owned(),
                });
            }
        }
        let raced = race
            .finishers
            .iter()
            .map(|f| f.player.as_str())
            .chain(race.did_not_finish.iter().map(String::as_str));
        for id in raced {
            if self.player(id).is_some_and(|p| !p.character_on_foot) {
                return Err(NewYearError::RacerWithoutCharacter { id: id.to_owned() });
            }
        }
        let listed: BTreeSet<&str> = race.players().collect();
        for player in &self.players {
            if player.character_on_foot && !listed.contains(player.id.as_str()) {
                return Err(NewYearError::MissingFromRace {
                    id: player.id.clone(),
                });
            }
        }
        Ok(())
    }

    /// The sled race scores of every player (N6), `None` without a race
    /// result. Players without a character on foot who are not listed count
    /// as not started.
    ///
    /// # Errors
    ///
    /// Every error of [`Event::validate`].
    pub fn sled_scores(&self) -> Result<Option<Vec<SledScore>>, NewYearError> {
        self.validate()?;
        let Some(race) = &self.sled_race else {
            return Ok(None);
        };
        let mut scores = race.score()?;
        let unplaced = race.finishers.len() + 1;
        let listed: BTreeSet<&str> = race.players().collect();
        for player in &self.players {
            if !listed.contains(player.id.as_str()) {
                scores.push(SledScore {
                    player: player.id.clone(),
                    outcome: SledOutcome::DidNotStart,
                    placing: unplaced,
                    points: 0,
                });
            }
        }
        Ok(Some(scores))
    }

    /// Every player's event points per game and tie-breaker values, in the
    /// order of [`Event::players`].
    ///
    /// # Errors
    ///
    /// Every error of [`Event::validate`].
    pub fn player_points(&self) -> Result<Vec<PlayerPoints>, NewYearError> {
        let sled = self.sled_scores()?;
        let mut points: Vec<PlayerPoints> = self
            .players
            .iter()
            .map(|p| PlayerPoints {
                player: p.id.clone(),
                name: p.name.clone(),
                raeuber_warhammer: 0,
                new_year_scenario: 0,
                sled_race: 0,
                vp_difference: 0,
                treasures_recovered: 0,
                sled_placing: None,
            })
            .collect();
        for kind in [BattleKind::RaeuberWarhammer, BattleKind::NewYearScenario] {
            for pairing in &self.game(kind).pairings {
                let Some(result) = &pairing.result else {
                    continue;
                };
                let outcome = kind.score(&result.a, &result.b)?;
                for (side, id) in [(Side::A, &pairing.player_a), (Side::B, &pairing.player_b)] {
                    if let Some(p) = points.iter_mut().find(|p| p.player == *id) {
                        let scored = outcome.side(side);
                        match kind {
                            BattleKind::RaeuberWarhammer => {
                                p.raeuber_warhammer = scored.event_points;
                            }
                            BattleKind::NewYearScenario => {
                                p.new_year_scenario = scored.event_points;
                                p.treasures_recovered = scored.treasures_recovered;
                            }
                        }
                        p.vp_difference = p.vp_difference.saturating_add(outcome.vp_margin(side));
                    }
                }
            }
        }
        for score in sled.into_iter().flatten() {
            if let Some(p) = points.iter_mut().find(|p| p.player == score.player) {
                p.sled_race = score.points;
                p.sled_placing = Some(score.placing);
            }
        }
        Ok(points)
    }

    /// The standings with the tie-breakers saved in the event.
    ///
    /// # Errors
    ///
    /// Every error of [`Event::validate`], and
    /// [`NewYearError::Scoring`] for a tie-breaker chosen twice.
    pub fn standings(&self) -> Result<Standings, NewYearError> {
        self.standings_with(&self.tie_breakers)
    }

    /// The standings with the given tie-breakers, in order (empty: equal
    /// totals share the place). Game points are, in order:
    /// Raeuber-Warhammer, New Year scenario, sled race.
    ///
    /// # Errors
    ///
    /// As [`Event::standings`].
    pub fn standings_with(
        &self,
        tie_breakers: &[EventTieBreaker],
    ) -> Result<Standings, NewYearError> {
        let competitors: Vec<Competitor> = self
            .player_points()?
            .into_iter()
            .map(|p| {
                let games = vec![
                    i64::from(p.raeuber_warhammer),
                    i64::from(p.new_year_scenario),
                    i64::from(p.sled_race),
                ];
                EventTieBreaker::ALL.iter().fold(
                    Competitor::new(p.player.clone(), p.name.clone(), games),
                    |c, &tb| c.with_tie_value(tb.key(), p.tie_value(tb)),
                )
            })
            .collect();
        let tie_breakers: Vec<TieBreaker> =
            tie_breakers.iter().map(|tb| tb.tie_breaker()).collect();
        Ok(Standings::rank(&competitors, &tie_breakers)?)
    }
}
