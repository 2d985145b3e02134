//! Changes to an event, as the app makes them (issue 9, 10).

use feldherr_pairing::Draft;

use crate::{
    BattleKind, BattleResult, DroppedAfter, Event, EventDraft, EventTieBreaker, MAX_TABLES,
    NewYearError, Pairing, Player, PlayingTable, SledRace, SledSource,
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
    /// kept. Dropping records when ([`Player::dropped_after`]): after the
    /// last game he has a result in ([`Event::last_game_played`], PN5);
    /// a player already dropped keeps his point. Back in clears it.
    SetDropped {
        /// The player's id.
        id: String,
        /// Dropped or not.
        dropped: bool,
    },
    /// Mark a player as dropped out after a given game (or correct when):
    /// refused when he has a result in a later game (PN5).
    DropOutAfter {
        /// The player's id.
        id: String,
        /// When he dropped out.
        after: DroppedAfter,
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
    /// Enter or clear the typed sled race result (a race run on the
    /// table). Refused while the result comes from the race run in the
    /// event (PN7); the first typed result makes typing the source.
    SetSledRace(Option<SledRace>),
    /// The result of the race run in the event, from its report
    /// ([`feldherr_play::EventRules::feed`]); `None` while it runs (a
    /// step taken back takes the result out). Refused while the result is
    /// typed (PN7); the first hosted step makes the hosted race the
    /// source.
    FeedSledRace(Option<SledRace>),
    /// Switch where the sled race result comes from (PN7). Switching to
    /// the other source discards the current result; the same source
    /// changes nothing.
    SetSledSource(SledSource),
    /// Set the event's army size in points (N7); every player's army and
    /// every result must fit it (PN1, PN2). Players whose army has the old
    /// size get the new one; a player with a smaller list keeps its points
    /// (refused if they are above the new size).
    SetArmySize(u32),
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
    /// bye, keeping its seed. Refused while the game has results, for a
    /// dropped player, and when its seats are not the players to pair now
    /// ([`NewYearError::StaleDraft`]). Prefer [`EventEdit::ConfirmDraft`].
    ConfirmDraw {
        /// Which game.
        game: BattleKind,
        /// The draft from [`Event::draw`].
        draft: Draft,
    },
    /// Take a draft from [`Event::draft`]: the tables with a result it
    /// kept stay, the other tables and the byes are replaced, the seed is
    /// kept (and, for the New Year scenario, what it paired by). Refused
    /// when it is stale ([`NewYearError::StaleDraft`] with every change)
    /// or seats someone other than the players it was drawn for.
    ConfirmDraft(EventDraft),
    /// Give a bye's slot to a late arrival: the player with the bye and
    /// `late` play each other at a new table (the next number after the
    /// highest). `late` must be registered, not dropped, and not seated in
    /// the game; the player with the bye must not have dropped out (PN4).
    PairBye {
        /// Which game.
        game: BattleKind,
        /// The id of the player with the bye.
        bye: String,
        /// The id of the late arrival.
        late: String,
    },
    /// Give a player a bye by hand; he must not be dropped or seated.
    AddBye {
        /// Which game.
        game: BattleKind,
        /// The player's id.
        player: String,
    },
    /// Take a player's bye away (he is then not seated in the game).
    RemoveBye {
        /// Which game.
        game: BattleKind,
        /// The player's id.
        player: String,
    },
    /// Keep the New Year scenario's pairings although a corrected result
    /// changed the standings they were drawn by (PN8): what the draw paired
    /// by becomes the standings now, and the warning goes.
    KeepDrawnPairings {
        /// Which game.
        game: BattleKind,
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
            EventEdit::SetDropped { id, dropped } => {
                let last = self.last_game_played(id);
                let player = self.player_mut(id)?;
                if !*dropped {
                    player.dropped_after = None;
                } else if !player.dropped || player.dropped_after.is_none() {
                    player.dropped_after = Some(last);
                }
                player.dropped = *dropped;
            }
            EventEdit::DropOutAfter { id, after } => {
                let player = self.player_mut(id)?;
                player.dropped = true;
                player.dropped_after = Some(*after);
            }
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
            EventEdit::SetSledRace(race) => self.set_sled_race(race, SledSource::Typed)?,
            EventEdit::FeedSledRace(race) => self.set_sled_race(race, SledSource::Hosted)?,
            EventEdit::SetSledSource(source) => {
                if self.sled_source() != Some(*source) {
                    self.sled_race = None;
                }
                self.sled_source = Some(*source);
            }
            EventEdit::SetArmySize(size) => {
                // Armies built to the old size are built to the new one;
                // a smaller list keeps its points (and must still fit).
                let old = self.army_size;
                for player in &mut self.players {
                    if player.army_points == old {
                        player.army_points = *size;
                    }
                }
                self.army_size = *size;
            }
            EventEdit::SetTieBreakers(order) => self.tie_breakers.clone_from(order),
            EventEdit::SetByePoints { game, points } => self.game_mut(*game).bye_points = *points,
            EventEdit::SetTable(table) => {
                table.validate()?;
                self.table = *table;
            }
            EventEdit::ConfirmDraw { game, draft } => self.confirm_bare_draw(*game, draft)?,
            EventEdit::ConfirmDraft(draft) => self.confirm_draft(draft)?,
            EventEdit::PairBye { game, bye, late } => {
                self.seatable(*game, late)?;
                if let Some(p) = self.player(bye)
                    && p.dropped
                {
                    return Err(NewYearError::DroppedPlayer {
                        player: p.name.clone(),
                    });
                }
                let bye_name = self.player_name(bye);
                let battle = self.game_mut(*game);
                let index =
                    battle
                        .byes
                        .iter()
                        .position(|b| b == bye)
                        .ok_or(NewYearError::NoBye {
                            game: *game,
                            player: bye_name,
                        })?;
                battle.byes.remove(index);
                let table = battle
                    .pairings
                    .iter()
                    .map(|p| p.table)
                    .max()
                    .unwrap_or(0)
                    .saturating_add(1)
                    .min(MAX_TABLES.saturating_add(1));
                battle
                    .pairings
                    .push(Pairing::new(table, bye.clone(), late.clone()));
            }
            EventEdit::AddBye { game, player } => {
                self.seatable(*game, player)?;
                self.game_mut(*game).byes.push(player.clone());
            }
            EventEdit::RemoveBye { game, player } => {
                let name = self.player_name(player);
                let battle = self.game_mut(*game);
                let index =
                    battle
                        .byes
                        .iter()
                        .position(|b| b == player)
                        .ok_or(NewYearError::NoBye {
                            game: *game,
                            player: name,
                        })?;
                battle.byes.remove(index);
            }
            EventEdit::KeepDrawnPairings { game } => {
                let standing = self.standing_before(*game)?;
                let battle = self.game_mut(*game);
                for basis in &mut battle.drawn_from {
                    if let Some(now) = standing.iter().find(|b| b.player == basis.player) {
                        basis.points = now.points;
                        basis.vp_difference = now.vp_difference;
                    }
                }
            }
        }
        Ok(())
    }

    /// Refuses a player who cannot get a new seat in `game`: not
    /// registered, dropped, or seated already.
    fn seatable(&self, game: BattleKind, id: &str) -> Result<(), NewYearError> {
        let player = self.player(id).ok_or(NewYearError::NoSuchPlayer)?;
        if player.dropped {
            return Err(NewYearError::DroppedPlayer {
                player: player.name.clone(),
            });
        }
        let battle = self.game(game);
        if battle.has_bye(id) || battle.table_of(id).is_some() {
            return Err(NewYearError::AlreadySeated {
                game,
                player: player.name.clone(),
            });
        }
        Ok(())
    }

    /// Sets the sled race result from `source` (PN7): refused when the
    /// event takes it from the other source; the first result (or hosted
    /// step) decides the source.
    fn set_sled_race(
        &mut self,
        race: &Option<SledRace>,
        source: SledSource,
    ) -> Result<(), NewYearError> {
        match self.sled_source() {
            Some(current) if current != source => {
                return Err(NewYearError::SledSourceClash {
                    source: current,
                    attempted: source,
                });
            }
            _ => {}
        }
        // A typed "clear" before any result decides nothing; a hosted step
        // does: the race runs in the event.
        if race.is_some() || source == SledSource::Hosted {
            self.sled_source = Some(source);
        }
        self.sled_race.clone_from(race);
        Ok(())
    }
}
