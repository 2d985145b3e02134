//! The pairings wall sheet of a battle game (issue 26): by table and by
//! name, as typed rows a sheet prints.

use std::collections::HashMap;

use feldherr_dice::step::Message;
use serde::Serialize;

use crate::event::Names;
use crate::{BattleKind, Event, surname_key};

/// One table of the sheet: "Table 1: Anna Berger - Bernd Krause".
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableRow {
    /// The table number.
    pub table: u32,
    /// Player A's name.
    pub a: String,
    /// Player A's club.
    pub a_club: String,
    /// Player B's name.
    pub b: String,
    /// Player B's club.
    pub b_club: String,
    /// Whether the table has a saved result.
    pub has_result: bool,
}

/// Where one player plays in the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Seat {
    /// At a table, against an opponent.
    Table {
        /// The table number.
        table: u32,
        /// The opponent's name.
        opponent: String,
    },
    /// He has a bye.
    Bye,
    /// Not seated yet (a late arrival before his table is set).
    NotSeated,
}

impl Seat {
    /// The catalogue message: "table 1 against Bernd Krause", "bye", "no
    /// table yet".
    pub fn message(&self) -> Message {
        match self {
            Self::Table { table, opponent } => Message::new("newyear.sheet.pairings.seat_table")
                .int("table", *table)
                .text("opponent", opponent.clone()),
            Self::Bye => Message::new("newyear.sheet.pairings.bye"),
            Self::NotSeated => Message::new("newyear.sheet.pairings.not_seated"),
        }
    }
}

/// One line of the by-name list: "Berger, Anna: table 1 against Bernd
/// Krause".
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NameRow {
    /// The player's name.
    pub name: String,
    /// His club.
    pub club: String,
    /// Where he plays.
    pub seat: Seat,
}

/// The wall sheet data of one battle game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PairingsSheet {
    /// The game.
    pub game: BattleKind,
    /// The tables by number.
    pub by_table: Vec<TableRow>,
    /// The names of the players with a bye, by surname.
    pub byes: Vec<String>,
    /// Every player seated in the game, and every player still in the
    /// event without a seat, by surname (then the whole name).
    pub by_name: Vec<NameRow>,
}

impl Event {
    /// The pairings wall sheet of `game`: the tables by number, the byes,
    /// and every player by surname with his table and opponent. Dropped
    /// players appear only where they are seated.
    ///
    /// ```
    /// use feldherr_wfb_newyear::{BattleKind, Event, EventEdit, Pairing, Player, Seat};
    ///
    /// let mut event = Event::new("Neujahr");
    /// for (id, name) in [("a", "Anna Berger"), ("b", "Bernd Krause"), ("c", "Clara Albers")] {
    ///     event.apply(&EventEdit::AddPlayer(Player::new(id, name, "", "", true)))?;
    /// }
    /// event.apply(&EventEdit::AddPairing {
    ///     game: BattleKind::RaeuberWarhammer,
    ///     pairing: Pairing::new(1, "a", "b"),
    /// })?;
    /// let sheet = event.pairings_sheet(BattleKind::RaeuberWarhammer);
    /// assert_eq!((sheet.by_table[0].a.as_str(), sheet.by_table[0].b.as_str()), ("Anna Berger", "Bernd Krause"));
    /// assert_eq!(sheet.by_name[0].name, "Clara Albers");
    /// assert_eq!(sheet.by_name[0].seat, Seat::NotSeated);
    /// assert_eq!(sheet.by_name[1].seat, Seat::Table { table: 1, opponent: "Bernd Krause".into() });
    /// # Ok::<(), feldherr_wfb_newyear::NewYearError>(())
    /// ```
    pub fn pairings_sheet(&self, game: BattleKind) -> PairingsSheet {
        let names = Names::new(&self.players);
        let club = |id: &str| names.player(id).map(|p| p.club.clone()).unwrap_or_default();
        let battle = self.game(game);
        let mut by_table: Vec<TableRow> = battle
            .pairings
            .iter()
            .map(|p| TableRow {
                table: p.table,
                a: names.name(&p.player_a),
                a_club: club(&p.player_a),
                b: names.name(&p.player_b),
                b_club: club(&p.player_b),
                has_result: p.result.is_some(),
            })
            .collect();
        by_table.sort_by_key(|row| row.table);
        let mut byes: Vec<String> = battle.byes.iter().map(|id| names.name(id)).collect();
        byes.sort_by_key(|name| surname_key(name));
        let mut seats: HashMap<&str, (u32, &str)> = HashMap::new();
        for p in &battle.pairings {
            seats.insert(p.player_a.as_str(), (p.table, p.player_b.as_str()));
            seats.insert(p.player_b.as_str(), (p.table, p.player_a.as_str()));
        }
        let bye_ids: std::collections::HashSet<&str> =
            battle.byes.iter().map(String::as_str).collect();
        let mut by_name: Vec<NameRow> = self
            .players
            .iter()
            .filter_map(|player| {
                let seat = if let Some((table, opponent)) = seats.get(player.id.as_str()) {
                    Seat::Table {
                        table: *table,
                        opponent: names.name(opponent),
                    }
                } else if bye_ids.contains(player.id.as_str()) {
                    Seat::Bye
                } else if player.dropped {
                    return None;
                } else {
                    Seat::NotSeated
                };
                Some(NameRow {
                    name: player.name.clone(),
                    club: player.club.clone(),
                    seat,
                })
            })
            .collect();
        by_name.sort_by_cached_key(|row| surname_key(&row.name));
        PairingsSheet {
            game,
            by_table,
            byes,
            by_name,
        }
    }
}
