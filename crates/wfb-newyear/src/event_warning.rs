//! What the screens warn about without refusing anything (issue 26):
//! tables without a result, standings changed under a later draw, more
//! drivers than one race takes; and where the event stands.

use feldherr_dice::step::Message;
use serde::Serialize;

use crate::event::Names;
use crate::{BattleKind, DraftChange, Event, MAX_SLED_ENTRANTS, NewYearError, SledSource};

/// A warning about a sound event: nothing is wrong, but the organiser
/// should look. [`Event::warnings`] lists them; [`EventWarning::message`]
/// renders them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventWarning {
    /// Tables of a drawn game without a saved result: the standings are
    /// provisional (P9), the projector and the standings say so.
    MissingResults {
        /// The game.
        game: BattleKind,
        /// The tables, in saved order.
        tables: Vec<u32>,
    },
    /// A corrected result changed the standings a later draw paired by
    /// (PN8): the New Year scenario was drawn from Raeuber-Warhammer
    /// standings that are not the standings now. Keep the pairings
    /// ([`crate::EventEdit::KeepDrawnPairings`]) or draw again.
    StandingsChangedSinceDraw {
        /// The game drawn by the old standings.
        game: BattleKind,
        /// Each player whose standing changed
        /// ([`DraftChange::StandingChanged`]).
        changes: Vec<DraftChange>,
    },
    /// More players with a character on foot than one race takes (PN6):
    /// the others cannot start in the race run in the event.
    TooManyDrivers {
        /// Players with a character on foot who have not dropped out.
        drivers: usize,
        /// The most one race takes.
        limit: usize,
    },
}

impl EventWarning {
    /// The catalogue message ("Raeuber-Warhammer: 3 tables without a
    /// result (2, 5, 7)").
    pub fn message(&self) -> Message {
        match self {
            Self::MissingResults { game, tables } => {
                let key = if tables.len() == 1 {
                    "newyear.warning.missing_results.one"
                } else {
                    "newyear.warning.missing_results.many"
                };
                Message::new(key)
                    .key("game", crate::EventGame::from(*game).label_key())
                    .int("count", i64::try_from(tables.len()).unwrap_or(i64::MAX))
                    .text("tables", table_list(tables))
            }
            Self::StandingsChangedSinceDraw { game, changes } => {
                let names: Vec<&str> = changes
                    .iter()
                    .filter_map(|c| match c {
                        DraftChange::StandingChanged { name, .. } => Some(name.as_str()),
                        _ => None,
                    })
                    .collect();
                Message::new("newyear.warning.standings_changed")
                    .key("game", crate::EventGame::from(*game).label_key())
                    .text("names", names.join(", "))
            }
            Self::TooManyDrivers { drivers, limit } => {
                Message::new("newyear.warning.too_many_drivers")
                    .int("drivers", i64::try_from(*drivers).unwrap_or(i64::MAX))
                    .int("limit", i64::try_from(*limit).unwrap_or(i64::MAX))
            }
        }
    }
}

/// `2, 5, 7`.
fn table_list(tables: &[u32]) -> String {
    tables
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// How far one battle game is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameProgress {
    /// The game.
    pub game: BattleKind,
    /// Tables paired.
    pub tables: usize,
    /// Tables with a saved result.
    pub with_result: usize,
    /// Tables without a result, in saved order.
    pub without_result: Vec<u32>,
    /// Byes given.
    pub byes: usize,
}

impl GameProgress {
    /// Whether the game is paired and every table has its result.
    pub fn complete(&self) -> bool {
        self.tables > 0 && self.without_result.is_empty()
    }
}

/// Where the event stands, for the standings header and the projector.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EventProgress {
    /// Raeuber-Warhammer, then the New Year scenario.
    pub games: [GameProgress; 2],
    /// Where the sled race result comes from (PN7), if decided.
    pub sled_source: Option<SledSource>,
    /// Whether the sled race has a result.
    pub sled_result: bool,
}

impl EventProgress {
    /// Whether the standings are final: both games complete and the race
    /// has a result.
    pub fn is_final(&self) -> bool {
        self.games.iter().all(GameProgress::complete) && self.sled_result
    }

    /// Tables without a result over both games.
    pub fn tables_without_result(&self) -> usize {
        self.games.iter().map(|g| g.without_result.len()).sum()
    }
}

impl Event {
    /// The note beside the bye points setting of `game`: the organiser's
    /// decision, as the rules are silent (P21, PN3).
    pub fn bye_points_note(&self, game: BattleKind) -> Message {
        Message::new("newyear.bye_points.note")
            .key("game", crate::EventGame::from(game).label_key())
            .int("points", self.game(game).bye_points)
            .int("max", game.max_event_points())
    }

    /// Where the event stands: per battle game the tables with and without
    /// a result, and the sled race.
    pub fn progress(&self) -> EventProgress {
        let game = |kind: BattleKind| {
            let battle = self.game(kind);
            let without_result = battle.tables_without_result();
            GameProgress {
                game: kind,
                tables: battle.pairings.len(),
                with_result: battle.pairings.len() - without_result.len(),
                without_result,
                byes: battle.byes.len(),
            }
        };
        EventProgress {
            games: BattleKind::ALL.map(game),
            sled_source: self.sled_source(),
            sled_result: self.sled_race.is_some(),
        }
    }

    /// Every warning, in order: tables without a result per game,
    /// standings changed under a later draw, too many drivers.
    ///
    /// ```
    /// use feldherr_wfb_newyear::{BattleKind, Event, EventEdit, EventWarning, Player};
    ///
    /// let mut event = Event::new("Neujahr");
    /// for id in ["a", "b", "c", "d"] {
    ///     event.apply(&EventEdit::AddPlayer(Player::new(id, format!("Player {id}"), "", "", true)))?;
    /// }
    /// let draft = event.draft(BattleKind::RaeuberWarhammer, 1)?;
    /// event.apply(&EventEdit::ConfirmDraft(draft))?;
    /// assert_eq!(
    ///     event.warnings()?,
    ///     [EventWarning::MissingResults { game: BattleKind::RaeuberWarhammer, tables: vec![1, 2] }]
    /// );
    /// # Ok::<(), feldherr_wfb_newyear::NewYearError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Every error of [`Event::validate`].
    pub fn warnings(&self) -> Result<Vec<EventWarning>, NewYearError> {
        self.validate()?;
        let mut out = Vec::new();
        for kind in BattleKind::ALL {
            let tables = self.game(kind).tables_without_result();
            if !tables.is_empty() {
                out.push(EventWarning::MissingResults { game: kind, tables });
            }
        }
        for kind in BattleKind::ALL {
            let changes = self.standings_changed_since_draw(kind)?;
            if !changes.is_empty() {
                out.push(EventWarning::StandingsChangedSinceDraw {
                    game: kind,
                    changes,
                });
            }
        }
        let drivers = self
            .players
            .iter()
            .filter(|p| p.character_on_foot && !p.dropped)
            .count();
        if drivers > MAX_SLED_ENTRANTS && self.sled_race.is_none() {
            out.push(EventWarning::TooManyDrivers {
                drivers,
                limit: MAX_SLED_ENTRANTS,
            });
        }
        Ok(out)
    }

    /// The players whose standing before `game` is not what its draw
    /// paired by (PN8); empty without a saved draw basis or pairings.
    ///
    /// # Errors
    ///
    /// Every error of [`Event::validate`].
    pub fn standings_changed_since_draw(
        &self,
        game: BattleKind,
    ) -> Result<Vec<DraftChange>, NewYearError> {
        let battle = self.game(game);
        if battle.drawn_from.is_empty() || (battle.pairings.is_empty() && battle.byes.is_empty()) {
            return Ok(Vec::new());
        }
        let standing = self.standing_before(game)?;
        let names = Names::new(&self.players);
        let mut changes = Vec::new();
        for basis in &battle.drawn_from {
            let Some(now) = names.index(&basis.player).and_then(|i| standing.get(i)) else {
                continue;
            };
            if now.points != basis.points || now.vp_difference != basis.vp_difference {
                changes.push(DraftChange::StandingChanged {
                    name: names.name(&basis.player),
                    points_before: basis.points,
                    points_now: now.points,
                    vp_before: basis.vp_difference,
                    vp_now: now.vp_difference,
                });
            }
        }
        Ok(changes)
    }

    /// Applies `edit` as [`Event::apply`] and returns the warnings it
    /// brought (those that were not there before; tables without a result
    /// only for a game that had none), e.g. a corrected
    /// Raeuber-Warhammer result that changes the standings the New Year
    /// scenario was drawn by.
    ///
    /// # Errors
    ///
    /// As [`Event::apply`]; on error nothing changed.
    pub fn apply_reporting(
        &mut self,
        edit: &crate::EventEdit,
    ) -> Result<Vec<EventWarning>, NewYearError> {
        let before = self.warnings()?;
        self.apply(edit)?;
        let after = self.warnings()?;
        // Tables without a result are a state, not news: only a game that
        // had none before reports them.
        let known = |w: &EventWarning| match w {
            EventWarning::MissingResults { game, .. } => before
                .iter()
                .any(|b| matches!(b, EventWarning::MissingResults { game: g, .. } if g == game)),
            other => before.contains(other),
        };
        Ok(after.into_iter().filter(|w| !known(w)).collect())
    }
}
