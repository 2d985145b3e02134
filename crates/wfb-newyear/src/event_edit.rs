//! Changes to an event, as the app makes them (issue 9, 10).

use feldherr_pairing::Draft;

use crate::{
    BattleKind, BattleResult, Event, EventTieBreaker, NewYearError, Pairing, Player, PlayingTable,
    SledRace,
};

/// A change to a New Year event. Players are referred to by their stable
/// id, pairings by their table number. Applying one either succeeds wholly
/// (and the event stays valid) or changes nothing.
#[derive(Debug, Clone, PartialEq)]
pub enum EventEdit {
    /// Set the date.
    SetDate(String),
    /// Register a player; his id must be new.
    AddPlayer(Player),
    /// Change a player's name, club, army, army size or character on foot;
    /// the id stays, so the change shows in every pairing, result and
    /// sheet.
    UpdatePlayer {
        /// The player's id.
        id: String,
        /// The new data (its `id` is ignored).
        player: Player,
    },
    /// Remove a player; refused with [`NewYearError::PlayerInUse`] while
    /// anything refers to him (offer [`EventEdit::SetDropped`] instead).
    RemovePlayer(String),
    /// Mark a player as dropped out (or back in): no new pairings, results
    /// kept.
    SetDropped {
        /// The player's id.
        id: String,
        /// Dropped or not.
        dropped: bool,
    },
    /// Add a pairing to a battle game; a dropped player is refused.
    AddPairing {
        /// Which game.
        game: BattleKind,
        /// The pairing (table and players).
        pairing: Pairing,
    },
    /// Remove the pairing at a table.
    RemovePairing {
        /// Which game.
        game: BattleKind,
        /// The table number.
        table: u32,
    },
    /// Enter, change or clear the result of the pairing at a table.
    SetResult {
        /// Which game.
        game: BattleKind,
        /// The table number.
        table: u32,
        /// The result; `None` clears it.
        result: Option<BattleResult>,
    },
    /// Enter or clear the sled race result.
    SetSledRace(Option<SledRace>),
    /// Set the tie-breakers in the organiser's order; one given twice is
    /// refused.
    SetTieBreakers(Vec<EventTieBreaker>),
    /// Set the event points a bye scores in a game.
    SetByePoints {
        /// Which game.
        game: BattleKind,
        /// Event points.
        points: u32,
    },
    /// Set the size of the event's tables (N4 uses it).
    SetTable(PlayingTable),
    /// Take a drawn (and perhaps swapped) draft as the game's pairings and
    /// bye, keeping its seed. Refused while the game has results.
    ConfirmDraw {
        /// Which game.
        game: BattleKind,
        /// The draft from [`Event::draw`].
        draft: Draft,
    },
}

impl Event {
    /// Applies `edit`; on error nothing changed and the error names the
    /// players by their names.
    ///
    /// # Errors
    ///
    /// Every error of [`Event::validate`] for the changed event, and
    /// [`NewYearError::NoSuchPlayer`], [`NewYearError::NoSuchTable`],
    /// [`NewYearError::PlayerInUse`], [`NewYearError::DroppedPlayer`],
    /// [`NewYearError::GameHasResults`].
    pub fn apply(&mut self, edit: &EventEdit) -> Result<(), NewYearError> {
        let mut next = self.clone();
        next.apply_unchecked(edit)?;
        next.validate()?;
        *self = next;
        Ok(())
    }

    fn player_mut(&mut self, id: &str) -> Result<&mut Player, NewYearError> {
        self.players
            .iter_mut()
            .find(|p| p.id == id)
            .ok_or(NewYearError::NoSuchPlayer)
    }

    fn apply_unchecked(&mut self, edit: &EventEdit) -> Result<(), NewYearError> {
        match edit {
            EventEdit::SetDate(date) => date.clone_into(&mut self.date),
            EventEdit::AddPlayer(player) => {
                if let Some(other) = self.player(&player.id) {
                    return Err(NewYearError::DuplicatePlayer {
                        id: player.id.clone(),
                        first: other.name.clone(),
                        second: player.name.clone(),
                    });
                }
                self.players.push(player.clone());
            }
            EventEdit::UpdatePlayer { id, player } => {
                let slot = self.player_mut(id)?;
                let id = slot.id.clone();
                *slot = Player {
                    id,
                    ..player.clone()
                };
            }
            EventEdit::RemovePlayer(id) => {
                let index = self
                    .players
                    .iter()
                    .position(|p| p.id == *id)
                    .ok_or(NewYearError::NoSuchPlayer)?;
                let uses = self.uses_of(id);
                if !uses.is_empty() {
                    return Err(NewYearError::PlayerInUse {
                        player: self.player_name(id),
                        uses,
                    });
                }
                self.players.remove(index);
            }
            EventEdit::SetDropped { id, dropped } => self.player_mut(id)?.dropped = *dropped,
            EventEdit::AddPairing { game, pairing } => {
                for id in [&pairing.player_a, &pairing.player_b] {
                    if let Some(p) = self.player(id)
                        && p.dropped
                    {
                        return Err(NewYearError::DroppedPlayer {
                            player: p.name.clone(),
                        });
                    }
                }
                self.game_mut(*game).pairings.push(pairing.clone());
            }
            EventEdit::RemovePairing { game, table } => {
                let pairings = &mut self.game_mut(*game).pairings;
                let index = pairings.iter().position(|p| p.table == *table).ok_or(
                    NewYearError::NoSuchTable {
                        game: *game,
                        table: *table,
                    },
                )?;
                pairings.remove(index);
            }
            EventEdit::SetResult {
                game,
                table,
                result,
            } => {
                let pairing = self
                    .game_mut(*game)
                    .pairings
                    .iter_mut()
                    .find(|p| p.table == *table)
                    .ok_or(NewYearError::NoSuchTable {
                        game: *game,
                        table: *table,
                    })?;
                pairing.result = *result;
            }
            EventEdit::SetSledRace(race) => self.sled_race.clone_from(race),
            EventEdit::SetTieBreakers(order) => self.tie_breakers.clone_from(order),
            EventEdit::SetByePoints { game, points } => self.game_mut(*game).bye_points = *points,
            EventEdit::SetTable(table) => {
                table.validate()?;
                self.table = *table;
            }
            EventEdit::ConfirmDraw { game, draft } => {
                let battle = self.game_mut(*game);
                if battle.pairings.iter().any(|p| p.result.is_some()) {
                    return Err(NewYearError::GameHasResults { game: *game });
                }
                battle.pairings = draft
                    .tables
                    .iter()
                    .map(|t| Pairing::new(t.number, t.a.clone(), t.b.clone()))
                    .collect();
                battle.byes = draft.bye.iter().cloned().collect();
                battle.seed = Some(draft.seed);
                for id in draft
                    .bye
                    .iter()
                    .chain(draft.tables.iter().flat_map(|t| [&t.a, &t.b]))
                {
                    if let Some(p) = self.player(id)
                        && p.dropped
                    {
                        return Err(NewYearError::DroppedPlayer {
                            player: p.name.clone(),
                        });
                    }
                }
            }
        }
        Ok(())
    }
}
