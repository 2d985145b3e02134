//! A draw that knows the players and standings it was drawn for, so it
//! goes stale visibly (issue 26), and redrawing only the tables without a
//! result.

use std::collections::{HashMap, HashSet};
use std::fmt;

use feldherr_dice::step::Message;
use feldherr_pairing::{Compromise, Draft, Entrant, Method};
use serde::{Deserialize, Serialize};

use crate::event::Names;
use crate::{BattleKind, Event, MAX_TABLES, NewYearError, Pairing};

/// What a draw used of one player: his points and VP difference in the
/// standings it paired by. Saved with the New Year scenario's pairings
/// (`drawn_from`), so a later correction of Raeuber-Warhammer that
/// changes them is reported ([`crate::EventWarning::StandingsChangedSinceDraw`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawBasis {
    /// The player's id.
    pub player: String,
    /// His event points before the game (Raeuber-Warhammer's).
    pub points: i64,
    /// His VP difference before the game.
    pub vp_difference: i64,
}

/// One player a draft was drawn for, in the order the draw took them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawnEntrant {
    /// The player's id.
    pub player: String,
    /// His name when drawn (messages about a player removed since).
    pub name: String,
    /// His event points before the game, as the draw used them.
    pub points: i64,
    /// His VP difference before the game, as the draw used it.
    pub vp_difference: i64,
}

/// Why a draft no longer fits the event: the confirm is refused with
/// these ([`NewYearError::StaleDraft`]), and the screen shows them before.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum DraftChange {
    /// A player to pair now who was not drawn (a late arrival, a player
    /// back from a drop-out, a table whose result was cleared).
    Joined {
        /// His name.
        name: String,
    },
    /// A drawn player who is not to be paired any more (dropped out,
    /// removed, or now at a table with a result).
    Left {
        /// His name.
        name: String,
    },
    /// A drawn player's standing changed (a corrected result).
    StandingChanged {
        /// His name.
        name: String,
        /// Points when drawn.
        points_before: i64,
        /// Points now.
        points_now: i64,
        /// VP difference when drawn.
        vp_before: i64,
        /// VP difference now.
        vp_now: i64,
    },
    /// A table drawn anew got a result since (it would be kept now).
    ResultEntered {
        /// The table.
        table: u32,
    },
    /// A table the draft keeps lost its result since.
    ResultCleared {
        /// The table.
        table: u32,
    },
}

impl DraftChange {
    /// The catalogue message.
    pub fn message(&self) -> Message {
        match self {
            Self::Joined { name } => Message::new("newyear.draft_change.joined").text("name", name),
            Self::Left { name } => Message::new("newyear.draft_change.left").text("name", name),
            Self::StandingChanged {
                name,
                points_before,
                points_now,
                vp_before,
                vp_now,
            } => Message::new("newyear.draft_change.standing")
                .text("name", name)
                .int("points_before", *points_before)
                .int("points_now", *points_now)
                .text("vp_before", signed(*vp_before))
                .text("vp_now", signed(*vp_now)),
            Self::ResultEntered { table } => {
                Message::new("newyear.draft_change.result_entered").int("table", *table)
            }
            Self::ResultCleared { table } => {
                Message::new("newyear.draft_change.result_cleared").int("table", *table)
            }
        }
    }
}

/// A VP difference with its sign: `+450`, `-50`, `0`.
pub(crate) fn signed(value: i64) -> String {
    if value > 0 {
        format!("+{value}")
    } else {
        value.to_string()
    }
}

/// `Karl Vogt has arrived since the draw`, ...
impl fmt::Display for DraftChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Joined { name } => write!(f, "{name} is to be paired but was not drawn"),
            Self::Left { name } => write!(f, "{name} was drawn but is not to be paired any more"),
            Self::StandingChanged {
                name,
                points_before,
                points_now,
                vp_before,
                vp_now,
            } => write!(
                f,
                "{name} was drawn with {points_before} points and VP difference {}, now has \
                 {points_now} and {}",
                signed(*vp_before),
                signed(*vp_now)
            ),
            Self::ResultEntered { table } => {
                write!(f, "table {table} has a result now and is kept")
            }
            Self::ResultCleared { table } => {
                write!(f, "table {table} was kept but has no result any more")
            }
        }
    }
}

/// A draw before the organiser confirms it, with what it was drawn for:
/// the game, the players (and their standings), and the tables with a
/// result it keeps. When any of that changes, [`EventDraft::changes`]
/// says what, and [`crate::EventEdit::ConfirmDraft`] is refused
/// ([`NewYearError::StaleDraft`]); the draft itself stays with the
/// caller to be shown or drawn again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventDraft {
    /// The game.
    pub game: BattleKind,
    /// The tables (numbered as they will be saved, around the kept ones),
    /// the bye and the compromises.
    pub draft: Draft,
    /// The players drawn, in the order the draw took them.
    pub drawn_for: Vec<DrawnEntrant>,
    /// The tables with a result the draft keeps.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kept_tables: Vec<u32>,
}

impl EventDraft {
    /// What changed in `event` since the draft was drawn; empty while it
    /// is fresh.
    ///
    /// # Errors
    ///
    /// Every error of [`Event::validate`].
    pub fn changes(&self, event: &Event) -> Result<Vec<DraftChange>, NewYearError> {
        let mut changes = Vec::new();
        let kept_now = event.tables_with_result(self.game);
        let kept_then: HashSet<u32> = self.kept_tables.iter().copied().collect();
        for table in &kept_now {
            if !kept_then.contains(table) {
                changes.push(DraftChange::ResultEntered { table: *table });
            }
        }
        let kept_now: HashSet<u32> = kept_now.into_iter().collect();
        for table in &self.kept_tables {
            if !kept_now.contains(table) {
                changes.push(DraftChange::ResultCleared { table: *table });
            }
        }
        let now = event.open_entrants(self.game)?;
        let names = Names::new(&event.players);
        let then: HashMap<&str, &DrawnEntrant> = self
            .drawn_for
            .iter()
            .map(|d| (d.player.as_str(), d))
            .collect();
        let now_ids: HashSet<&str> = now.iter().map(|b| b.player.as_str()).collect();
        for basis in &now {
            match then.get(basis.player.as_str()) {
                None => changes.push(DraftChange::Joined {
                    name: names.name(&basis.player),
                }),
                Some(drawn)
                    if drawn.points != basis.points
                        || drawn.vp_difference != basis.vp_difference =>
                {
                    changes.push(DraftChange::StandingChanged {
                        name: names.name(&basis.player),
                        points_before: drawn.points,
                        points_now: basis.points,
                        vp_before: drawn.vp_difference,
                        vp_now: basis.vp_difference,
                    });
                }
                Some(_) => {}
            }
        }
        for drawn in &self.drawn_for {
            if !now_ids.contains(drawn.player.as_str()) {
                let name = names
                    .player(&drawn.player)
                    .map_or_else(|| drawn.name.clone(), |p| p.name.clone());
                changes.push(DraftChange::Left { name });
            }
        }
        Ok(changes)
    }

    /// Swaps two players (by id) before the confirm: each takes the
    /// other's seat (or the bye); the compromises are listed anew.
    ///
    /// # Errors
    ///
    /// [`NewYearError::Pairing`] when either is not in the draft.
    pub fn swap(&mut self, x: &str, y: &str, event: &Event) -> Result<(), NewYearError> {
        let entrants: Vec<Entrant> = self
            .drawn_for
            .iter()
            .map(|d| {
                let club = event.player(&d.player).map_or("", |p| p.club.as_str());
                Entrant::new(d.player.clone(), d.name.clone(), club, d.points)
            })
            .collect();
        self.draft
            .swap(x, y, &entrants, &event.history(self.game))?;
        Ok(())
    }

    /// Every seat of the draft (tables, then the bye).
    fn seats(&self) -> impl Iterator<Item = &str> {
        self.draft
            .tables
            .iter()
            .flat_map(|t| [t.a.as_str(), t.b.as_str()])
            .chain(self.draft.bye.as_deref())
    }
}

impl Event {
    /// The tables of `game` with a result, in saved order.
    pub fn tables_with_result(&self, game: BattleKind) -> Vec<u32> {
        self.game(game)
            .pairings
            .iter()
            .filter(|p| p.result.is_some())
            .map(|p| p.table)
            .collect()
    }

    /// The players a draw of `game` pairs now, with the standings it
    /// pairs by: every player who has not dropped out and is not at a
    /// table with a result, best first (points, then VP difference; P23).
    pub(crate) fn open_entrants(&self, game: BattleKind) -> Result<Vec<DrawBasis>, NewYearError> {
        let standing = self.standing_before(game)?;
        let seated: HashSet<&str> = self
            .game(game)
            .pairings
            .iter()
            .filter(|p| p.result.is_some())
            .flat_map(|p| [p.player_a.as_str(), p.player_b.as_str()])
            .collect();
        let mut open: Vec<DrawBasis> = standing
            .into_iter()
            .zip(&self.players)
            .filter(|(_, p)| !p.dropped && !seated.contains(p.id.as_str()))
            .map(|(basis, _)| basis)
            .collect();
        open.sort_by(|a, b| {
            b.points
                .cmp(&a.points)
                .then(b.vp_difference.cmp(&a.vp_difference))
        });
        Ok(open)
    }

    /// Draws the pairings of `game` with `seed` for the players not at a
    /// table with a result (P23, PN4): those tables are kept, the others
    /// and the byes are drawn anew, the new tables numbered around the
    /// kept ones. Without results that is the whole game. Nothing changes
    /// until the draft is confirmed ([`crate::EventEdit::ConfirmDraft`]).
    ///
    /// ```
    /// use feldherr_wfb_newyear::{BattleKind, Event, EventEdit, Player};
    ///
    /// let mut event = Event::new("Neujahr");
    /// for id in ["a", "b", "c", "d"] {
    ///     event.apply(&EventEdit::AddPlayer(Player::new(id, format!("Player {id}"), "", "", true)))?;
    /// }
    /// let draft = event.draft(BattleKind::RaeuberWarhammer, 7)?;
    /// // A late arrival makes it stale: the confirm is refused, naming him.
    /// event.apply(&EventEdit::AddPlayer(Player::new("e", "Emil Engel", "", "", true)))?;
    /// let err = event.apply(&EventEdit::ConfirmDraft(draft.clone())).unwrap_err();
    /// assert!(err.to_string().contains("Emil Engel"));
    /// let draft = event.draft(BattleKind::RaeuberWarhammer, 7)?;
    /// event.apply(&EventEdit::ConfirmDraft(draft))?;
    /// assert_eq!(event.raeuber_warhammer.byes.len(), 1);
    /// # Ok::<(), feldherr_wfb_newyear::NewYearError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Every error of [`Event::validate`], and [`NewYearError::Pairing`].
    pub fn draft(&self, game: BattleKind, seed: u64) -> Result<EventDraft, NewYearError> {
        self.validate()?;
        let open = self.open_entrants(game)?;
        let names = Names::new(&self.players);
        let entrants: Vec<Entrant> = open
            .iter()
            .map(|b| {
                let club = names.player(&b.player).map_or("", |p| p.club.as_str());
                Entrant::new(b.player.clone(), names.name(&b.player), club, b.points)
            })
            .collect();
        let method = match game {
            BattleKind::RaeuberWarhammer => Method::Random,
            BattleKind::NewYearScenario => Method::ByStandings,
        };
        let mut draft = feldherr_pairing::draw(&entrants, &self.history(game), method, seed)?;
        let kept_tables = self.tables_with_result(game);
        renumber(&mut draft, &kept_tables);
        Ok(EventDraft {
            game,
            draft,
            drawn_for: open
                .into_iter()
                .map(|b| DrawnEntrant {
                    name: names.name(&b.player),
                    player: b.player,
                    points: b.points,
                    vp_difference: b.vp_difference,
                })
                .collect(),
            kept_tables,
        })
    }

    /// Confirms a draft (see [`crate::EventEdit::ConfirmDraft`]).
    pub(crate) fn confirm_draft(&mut self, draft: &EventDraft) -> Result<(), NewYearError> {
        let game = draft.game;
        let changes = draft.changes(self)?;
        if !changes.is_empty() {
            return Err(NewYearError::StaleDraft { game, changes });
        }
        // The seats must be exactly the players drawn for, once each
        // (a draft altered by hand is refused).
        let mut seated = HashSet::new();
        let drawn: HashSet<&str> = draft.drawn_for.iter().map(|d| d.player.as_str()).collect();
        let names = Names::new(&self.players);
        for seat in draft.seats() {
            if !drawn.contains(seat) || !seated.insert(seat) {
                return Err(NewYearError::DraftSeats {
                    game,
                    player: names.name(seat),
                });
            }
        }
        if let Some(missing) = draft
            .drawn_for
            .iter()
            .find(|d| !seated.contains(d.player.as_str()))
        {
            return Err(NewYearError::DraftSeats {
                game,
                player: names.name(&missing.player),
            });
        }
        let basis: Vec<DrawBasis> = draft
            .drawn_for
            .iter()
            .map(|d| DrawBasis {
                player: d.player.clone(),
                points: d.points,
                vp_difference: d.vp_difference,
            })
            .collect();
        let battle = self.game_mut(game);
        battle.pairings.retain(|p| p.result.is_some());
        battle.pairings.extend(
            draft
                .draft
                .tables
                .iter()
                .map(|t| Pairing::new(t.number, t.a.clone(), t.b.clone())),
        );
        battle.byes = draft.draft.bye.iter().cloned().collect();
        battle.seed = Some(draft.draft.seed);
        // Only a draw by the standings keeps what it paired by.
        if game == BattleKind::NewYearScenario {
            let redrawn: HashSet<&str> = basis.iter().map(|b| b.player.as_str()).collect();
            let mut kept: Vec<DrawBasis> = battle
                .drawn_from
                .iter()
                .filter(|b| !redrawn.contains(b.player.as_str()))
                .cloned()
                .collect();
            kept.extend(basis);
            battle.drawn_from = kept;
        }
        Ok(())
    }

    /// The legacy confirm of a bare [`Draft`] ([`crate::EventEdit::ConfirmDraw`]):
    /// refused while the game has results, for a dropped player, and when
    /// its seats are not the players to pair now.
    pub(crate) fn confirm_bare_draw(
        &mut self,
        game: BattleKind,
        draft: &Draft,
    ) -> Result<(), NewYearError> {
        if self.game(game).pairings.iter().any(|p| p.result.is_some()) {
            return Err(NewYearError::GameHasResults { game });
        }
        let seats: Vec<&str> = draft
            .tables
            .iter()
            .flat_map(|t| [t.a.as_str(), t.b.as_str()])
            .chain(draft.bye.as_deref())
            .collect();
        for id in &seats {
            if let Some(p) = self.player(id)
                && p.dropped
            {
                return Err(NewYearError::DroppedPlayer {
                    player: p.name.clone(),
                });
            }
        }
        let open = self.open_entrants(game)?;
        let names = Names::new(&self.players);
        let open_ids: HashSet<&str> = open.iter().map(|b| b.player.as_str()).collect();
        let seat_ids: HashSet<&str> = seats.iter().copied().collect();
        let mut changes: Vec<DraftChange> = open
            .iter()
            .filter(|b| !seat_ids.contains(b.player.as_str()))
            .map(|b| DraftChange::Joined {
                name: names.name(&b.player),
            })
            .collect();
        changes.extend(seats.iter().filter(|id| !open_ids.contains(*id)).map(|id| {
            DraftChange::Left {
                name: names.name(id),
            }
        }));
        if !changes.is_empty() {
            return Err(NewYearError::StaleDraft { game, changes });
        }
        let by_id: HashMap<&str, &DrawBasis> =
            open.iter().map(|b| (b.player.as_str(), b)).collect();
        let drawn_for = seats
            .iter()
            .filter_map(|id| by_id.get(id))
            .map(|b| DrawnEntrant {
                player: b.player.clone(),
                name: names.name(&b.player),
                points: b.points,
                vp_difference: b.vp_difference,
            })
            .collect();
        self.confirm_draft(&EventDraft {
            game,
            draft: draft.clone(),
            drawn_for,
            kept_tables: Vec::new(),
        })
    }
}

/// Numbers the draft's tables 1, 2, ... skipping the kept tables'
/// numbers, and its compromises with them.
fn renumber(draft: &mut Draft, kept: &[u32]) {
    if kept.is_empty() {
        return;
    }
    let kept: HashSet<u32> = kept.iter().copied().collect();
    let mut free = (1..=MAX_TABLES).filter(|n| !kept.contains(n));
    let mut map = HashMap::new();
    for table in &mut draft.tables {
        if let Some(number) = free.next() {
            map.insert(table.number, number);
            table.number = number;
        }
    }
    for compromise in &mut draft.compromises {
        match compromise {
            Compromise::Rematch { table, .. } | Compromise::SameClub { table, .. } => {
                if let Some(number) = map.get(table) {
                    *table = *number;
                }
            }
            Compromise::RepeatedBye { .. } => {}
        }
    }
}
