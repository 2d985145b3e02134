//! The event document: players, the three games and the standings (N7).

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use feldherr_scoring::{Competitor, Side, Standings, TieBreaker};
use serde::{Deserialize, Serialize};

use crate::plausibility::MAX_ARMY_SIZE;
use crate::{
    BattleGame, BattleKind, DEFAULT_ARMY_POINTS, DroppedAfter, EventGame, EventTieBreaker,
    NewYearError, Player, PlayerPoints, PlayerUse, PlayingTable, ResultBounds, SledOutcome,
    SledPlace, SledRace, SledScore, SledSource, TreasureLine,
};

/// The schema version this crate writes.
///
/// Version 2 added, all optional with defaults: a player's `dropped`
/// flag; per battle game `byes`, `bye_points` and the draw's `seed`; the
/// event's `table` size. Version 3 (this one) added, again optional: the
/// event's `army_size` and `sled_source`, a player's `dropped_after`, the
/// New Year scenario's `drawn_from`. Versions 1 and 2 read unchanged
/// (nothing to convert; a race result without a source counts as typed,
/// PN7) and are written back as version 3.
pub const SCHEMA_VERSION: u32 = 3;

/// The oldest schema version this crate reads.
pub const OLDEST_SCHEMA_VERSION: u32 = 1;

/// The longest text field (event name, date, a player's id, name, club
/// and army), in characters. Longer texts are refused on load with the
/// field named (issue 16).
pub const MAX_TEXT_CHARS: usize = 200;

/// The most players an event takes (PN9: as many as a draw pairs,
/// [`feldherr_pairing::MAX_ENTRANTS`]); more is refused on load and by
/// [`crate::EventEdit::AddPlayer`].
pub const MAX_PLAYERS: usize = 2_000;

/// The highest table number (half of [`MAX_PLAYERS`]); table numbers run
/// from 1.
pub const MAX_TABLES: u32 = 1_000;

// The messages spell these limits out ("at most 2000 players", "from 1 to
// 1000"); a change must change them too.
const _: () = assert!(MAX_PLAYERS == feldherr_pairing::MAX_ENTRANTS && MAX_PLAYERS == 2_000);
const _: () = assert!(MAX_TABLES as usize * 2 == MAX_PLAYERS);

/// A WFB New Year event: the document the app saves as JSON.
///
/// Three games with one army each (N7): Raeuber-Warhammer and the New Year
/// scenario with pairings entered by the organiser or drawn
/// ([`Event::draw`]), and the sled race. The player with the most event
/// points wins; equal totals share the place unless the organiser chose
/// tie-breakers (in order, saved here).
///
/// A player who is not paired in a game, or whose game has no result yet,
/// gets 0 event points for it; the standings are then provisional.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// The size of the event's tables (G2: 72 x 48 in unless changed); the
    /// treasure line is placed on it (N4). Saved only when changed.
    #[serde(default, skip_serializing_if = "is_default_table")]
    pub table: PlayingTable,
    /// The army size in points every player builds to (N7: 1500 by
    /// default); bounds each player's army and every result (PN1, PN2).
    /// Saved only when changed (schema 3).
    #[serde(
        default = "default_army_size",
        skip_serializing_if = "is_default_army_size"
    )]
    pub army_size: u32,
    /// Where the sled race result comes from (PN7): the race run in the
    /// event or a typed finish order, never both. `None` until the first
    /// result or hosted step decides; a result saved without a source
    /// (before schema 3) counts as typed. Saved only when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sled_source: Option<SledSource>,
}

fn is_default_table(table: &PlayingTable) -> bool {
    *table == PlayingTable::default()
}

const fn default_army_size() -> u32 {
    DEFAULT_ARMY_POINTS
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if passes a reference"
)]
const fn is_default_army_size(size: &u32) -> bool {
    *size == DEFAULT_ARMY_POINTS
}

#[derive(Deserialize)]
struct VersionOnly {
    schema_version: u32,
}

/// One thing wrong with an event: where (a path into the saved JSON) and
/// what.
#[derive(Debug, Clone, PartialEq)]
pub struct EventIssue {
    /// The path, e.g. `raeuber_warhammer.pairings[1].player_b`.
    pub path: String,
    /// What is wrong; players are named by their names.
    pub error: NewYearError,
}

/// Looks up players' names by id.
pub(crate) struct Names<'a> {
    by_id: HashMap<&'a str, (usize, &'a Player)>,
}

impl<'a> Names<'a> {
    pub(crate) fn new(players: &'a [Player]) -> Self {
        let mut by_id = HashMap::with_capacity(players.len());
        for (index, player) in players.iter().enumerate() {
            by_id.entry(player.id.as_str()).or_insert((index, player));
        }
        Self { by_id }
    }

    pub(crate) fn player(&self, id: &str) -> Option<&'a Player> {
        self.by_id.get(id).map(|(_, p)| *p)
    }

    pub(crate) fn index(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).map(|(i, _)| *i)
    }

    /// The player's name; an unknown reference as saved, marked as such.
    pub(crate) fn name(&self, id: &str) -> String {
        self.player(id).map_or_else(
            || {
                format!(
                    "an unregistered player (saved as \"{}\")",
                    crate::error::shorten(id)
                )
            },
            |p| p.name.clone(),
        )
    }
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
            table: PlayingTable::default(),
            army_size: DEFAULT_ARMY_POINTS,
            sled_source: None,
        }
    }

    /// An empty event named by the catalogue of `lang` ("New Year event",
    /// "Neujahrsereignis"); the name is the user's to change afterwards.
    ///
    /// ```
    /// use feldherr_play::Lang;
    /// use feldherr_wfb_newyear::Event;
    ///
    /// assert_eq!(Event::new_in(Lang::De).name, "Neujahrsereignis");
    /// assert_eq!(Event::new_in(Lang::En).name, "New Year event");
    /// ```
    pub fn new_in(lang: feldherr_play::Lang) -> Self {
        Self::new(crate::default_event_name(lang))
    }

    /// A new player whose army has the event's army size (N7), for
    /// [`crate::EventEdit::AddPlayer`].
    pub fn new_player(
        &self,
        id: impl Into<String>,
        name: impl Into<String>,
        club: impl Into<String>,
        army: impl Into<String>,
        character_on_foot: bool,
    ) -> Player {
        Player {
            army_points: self.army_size,
            ..Player::new(id, name, club, army, character_on_foot)
        }
    }

    /// The bounds of every battle result from the event's army size (PN1,
    /// PN2).
    pub fn result_bounds(&self) -> ResultBounds {
        ResultBounds::for_army(self.army_size)
    }

    /// Where the sled race result comes from: the saved source, or typed
    /// for a result saved without one (PN7); `None` before either source
    /// was used.
    pub fn sled_source(&self) -> Option<SledSource> {
        self.sled_source
            .or_else(|| self.sled_race.as_ref().map(|_| SledSource::Typed))
    }

    /// Reads a saved event (schema 1 to 3), migrates it to
    /// [`SCHEMA_VERSION`] and validates it.
    ///
    /// # Errors
    ///
    /// [`NewYearError::Json`] for JSON that does not fit the schema (an
    /// unknown key is named with its path),
    /// [`NewYearError::UnsupportedSchemaVersion`], and every error of
    /// [`Event::validate`].
    pub fn from_json(json: &str) -> Result<Self, NewYearError> {
        let json_error = |message: String| NewYearError::Json { message };
        let version: VersionOnly =
            serde_json::from_str(json).map_err(|e| json_error(e.to_string()))?;
        if !(OLDEST_SCHEMA_VERSION..=SCHEMA_VERSION).contains(&version.schema_version) {
            return Err(NewYearError::UnsupportedSchemaVersion {
                found: version.schema_version,
            });
        }
        let mut deserializer = serde_json::Deserializer::from_str(json);
        let mut event: Self = serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
            let path = e.path().to_string();
            if path == "." {
                json_error(e.into_inner().to_string())
            } else {
                json_error(format!("{path}: {}", e.into_inner()))
            }
        })?;
        event.migrate();
        event.validate()?;
        Ok(event)
    }

    /// Brings an event read from an older schema to [`SCHEMA_VERSION`]:
    /// versions 1 and 2 have nothing to convert (every field added since
    /// has a default; a race result without a source counts as typed,
    /// [`Event::sled_source`]), so only the number changes.
    pub fn migrate(&mut self) {
        if (OLDEST_SCHEMA_VERSION..SCHEMA_VERSION).contains(&self.schema_version) {
            self.schema_version = SCHEMA_VERSION;
        }
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

    /// The pairings of a battle game, to change.
    pub fn game_mut(&mut self, kind: BattleKind) -> &mut BattleGame {
        match kind {
            BattleKind::RaeuberWarhammer => &mut self.raeuber_warhammer,
            BattleKind::NewYearScenario => &mut self.new_year_scenario,
        }
    }

    /// The player with an id.
    pub fn player(&self, id: &str) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// The name of the player with an id (for messages).
    pub fn player_name(&self, id: &str) -> String {
        Names::new(&self.players).name(id)
    }

    /// The treasure line on the event's own table (N4, G2), from each
    /// player's highest Movement among his units that may recover
    /// treasures.
    ///
    /// # Errors
    ///
    /// As [`TreasureLine::place`].
    pub fn treasure_line(
        &self,
        movement_a: u32,
        movement_b: u32,
    ) -> Result<TreasureLine, NewYearError> {
        TreasureLine::place(self.table, movement_a, movement_b)
    }

    /// Everything that refers to a player: his tables, byes and the race
    /// result. A player with uses cannot be removed, only dropped.
    pub fn uses_of(&self, id: &str) -> Vec<PlayerUse> {
        let names = Names::new(&self.players);
        let mut uses = Vec::new();
        for kind in BattleKind::ALL {
            let game = self.game(kind);
            for pairing in &game.pairings {
                let opponent = if pairing.player_a == id {
                    &pairing.player_b
                } else if pairing.player_b == id {
                    &pairing.player_a
                } else {
                    continue;
                };
                uses.push(PlayerUse::Pairing {
                    game: kind,
                    table: pairing.table,
                    opponent: names.name(opponent),
                });
            }
            if game.byes.iter().any(|b| b == id) {
                uses.push(PlayerUse::Bye { game: kind });
            }
        }
        if self
            .sled_race
            .as_ref()
            .is_some_and(|race| race.players().any(|p| p == id))
        {
            uses.push(PlayerUse::SledRace);
        }
        uses
    }

    /// Players with the same name as an earlier one (a warning, not an
    /// error): `(index, name)` of each later one.
    pub fn duplicate_names(&self) -> Vec<(usize, String)> {
        let mut seen = HashSet::new();
        self.players
            .iter()
            .enumerate()
            .filter(|(_, p)| !seen.insert(p.name.trim().to_lowercase()))
            .map(|(index, p)| (index, p.name.clone()))
            .collect()
    }

    /// Checks the whole document; the first of [`Event::issues`].
    ///
    /// # Errors
    ///
    /// The first issue found: [`NewYearError::UnsupportedSchemaVersion`],
    /// [`NewYearError::Empty`], [`NewYearError::TextTooLong`],
    /// [`NewYearError::DuplicatePlayer`], [`NewYearError::UnknownPlayer`],
    /// [`NewYearError::DuplicateTieBreaker`],
    /// [`NewYearError::DuplicateTable`], [`NewYearError::PairedWithSelf`],
    /// [`NewYearError::PairedTwice`], [`NewYearError::ByeClash`],
    /// [`NewYearError::InPairing`] for a bad result (negative VP, treasures
    /// recovered more than once, ...), and the sled race errors
    /// ([`SledRace::validate`], [`NewYearError::RacerWithoutCharacter`],
    /// [`NewYearError::MissingFromRace`]).
    pub fn validate(&self) -> Result<(), NewYearError> {
        match self.issues().into_iter().next() {
            Some(issue) => Err(issue.error),
            None => Ok(()),
        }
    }

    /// Every error in the document, with its path. Empty when it is sound.
    pub fn issues(&self) -> Vec<EventIssue> {
        let mut out = Vec::new();
        let mut push = |path: String, error: NewYearError| out.push(EventIssue { path, error });
        if !(OLDEST_SCHEMA_VERSION..=SCHEMA_VERSION).contains(&self.schema_version) {
            push(
                "schema_version".into(),
                NewYearError::UnsupportedSchemaVersion {
                    found: self.schema_version,
                },
            );
            return out;
        }
        check_text(&mut push, || "name".into(), &self.name, true);
        check_text(&mut push, || "date".into(), &self.date, false);
        if self.players.len() > MAX_PLAYERS {
            push(
                "players".into(),
                NewYearError::InvalidValue {
                    field: "players".into(),
                    value: format!("{} players", self.players.len()),
                    expected: "at most 2000 players",
                },
            );
            return out;
        }
        if !(1..=MAX_ARMY_SIZE).contains(&self.army_size) {
            push(
                "army_size".into(),
                NewYearError::InvalidValue {
                    field: "army_size".into(),
                    value: self.army_size.to_string(),
                    expected: "an army size from 1 to 100000 points",
                },
            );
        }
        let names = Names::new(&self.players);
        for (index, player) in self.players.iter().enumerate() {
            let at = || format!("players[{index}]");
            check_text(&mut push, || format!("{}.id", at()), &player.id, true);
            check_text(&mut push, || format!("{}.name", at()), &player.name, true);
            check_text(&mut push, || format!("{}.club", at()), &player.club, false);
            check_text(&mut push, || format!("{}.army", at()), &player.army, false);
            if player.army_points == 0 {
                push(
                    format!("{}.army_points", at()),
                    NewYearError::InvalidValue {
                        field: format!("{}.army_points", at()),
                        value: "0".into(),
                        expected: "the army's points, 1 or more",
                    },
                );
            } else if player.army_points > self.army_size {
                push(
                    format!("{}.army_points", at()),
                    NewYearError::ArmyOverSize {
                        player: player.name.clone(),
                        points: player.army_points,
                        army_size: self.army_size,
                    },
                );
            }
            if player.dropped_after.is_some() && !player.dropped {
                push(
                    format!("{}.dropped_after", at()),
                    NewYearError::InvalidValue {
                        field: format!("{}.dropped_after", at()),
                        value: player
                            .dropped_after
                            .map(|d| d.to_string())
                            .unwrap_or_default(),
                        expected: "nothing: only a player who dropped out has a drop-out point",
                    },
                );
            }
            if let Some(first) = names.index(&player.id)
                && first != index
            {
                push(
                    format!("{}.id", at()),
                    NewYearError::DuplicatePlayer {
                        id: player.id.clone(),
                        first: names.name(&player.id),
                        second: player.name.clone(),
                    },
                );
            }
        }
        let mut chosen = HashSet::new();
        for (index, tie_breaker) in self.tie_breakers.iter().enumerate() {
            if !chosen.insert(*tie_breaker) {
                push(
                    format!("tie_breakers[{index}]"),
                    NewYearError::DuplicateTieBreaker {
                        tie_breaker: *tie_breaker,
                    },
                );
            }
        }
        if let Err(e) = self.table.validate() {
            push("table".into(), e);
        }
        for kind in BattleKind::ALL {
            self.game_issues(kind, &names, &mut push);
        }
        if let Some(race) = &self.sled_race {
            self.race_issues(race, &names, &mut push);
        }
        self.drop_out_issues(&mut push);
        out
    }

    /// Results in games after a player's drop-out point (PN5).
    fn drop_out_issues(&self, push: &mut impl FnMut(String, NewYearError)) {
        for player in &self.players {
            let Some(after) = player.dropped.then_some(player.dropped_after).flatten() else {
                continue;
            };
            let mut refuse = |path: String, game: EventGame| {
                push(
                    path,
                    NewYearError::AfterDropOut {
                        player: player.name.clone(),
                        dropped_after: after,
                        game,
                    },
                );
            };
            for kind in BattleKind::ALL {
                let game = EventGame::from(kind);
                if after.allows(game) {
                    continue;
                }
                let battle = self.game(kind);
                for (index, pairing) in battle.pairings.iter().enumerate() {
                    if pairing.result.is_some()
                        && (pairing.player_a == player.id || pairing.player_b == player.id)
                    {
                        refuse(format!("{}.pairings[{index}].result", kind.key()), game);
                    }
                }
                for (index, bye) in battle.byes.iter().enumerate() {
                    if *bye == player.id {
                        refuse(format!("{}.byes[{index}]", kind.key()), game);
                    }
                }
            }
            if !after.allows(EventGame::SledRace)
                && let Some(race) = &self.sled_race
                && race.started(&player.id)
            {
                refuse("sled_race".into(), EventGame::SledRace);
            }
        }
    }

    /// The last game `id` has a result in (a table with a result, a bye,
    /// a start in the race result): his drop-out point if he leaves now
    /// (PN5).
    pub fn last_game_played(&self, id: &str) -> DroppedAfter {
        let mut last = DroppedAfter::Registration;
        for kind in BattleKind::ALL {
            let battle = self.game(kind);
            if battle.has_bye(id) || battle.table_of(id).is_some_and(|p| p.result.is_some()) {
                last = last.max(DroppedAfter::game(kind.into()));
            }
        }
        if self.sled_race.as_ref().is_some_and(|race| race.started(id)) {
            last = last.max(DroppedAfter::SledRace);
        }
        last
    }

    fn game_issues(
        &self,
        kind: BattleKind,
        names: &Names<'_>,
        push: &mut impl FnMut(String, NewYearError),
    ) {
        let game = self.game(kind);
        let mut tables = HashSet::new();
        let mut paired: HashMap<&str, u32> = HashMap::new();
        for (index, pairing) in game.pairings.iter().enumerate() {
            let at = || format!("{}.pairings[{index}]", kind.key());
            if pairing.table == 0 || pairing.table > MAX_TABLES {
                push(
                    format!("{}.table", at()),
                    NewYearError::InvalidValue {
                        field: format!("{}.table", at()),
                        value: pairing.table.to_string(),
                        expected: "a table number from 1 to 1000",
                    },
                );
            }
            if !tables.insert(pairing.table) {
                push(
                    format!("{}.table", at()),
                    NewYearError::DuplicateTable {
                        game: kind,
                        table: pairing.table,
                    },
                );
            }
            let mut known = true;
            for (field, id) in [
                ("player_a", &pairing.player_a),
                ("player_b", &pairing.player_b),
            ] {
                if names.player(id).is_none() {
                    known = false;
                    push(
                        format!("{}.{field}", at()),
                        NewYearError::UnknownPlayer {
                            context: format!("{kind}, table {}, {field}", pairing.table),
                            id: id.clone(),
                        },
                    );
                }
            }
            if pairing.player_a == pairing.player_b {
                push(
                    format!("{}.player_b", at()),
                    NewYearError::PairedWithSelf {
                        game: kind,
                        table: pairing.table,
                        player: names.name(&pairing.player_a),
                    },
                );
            } else if known {
                for (field, id) in [
                    ("player_a", &pairing.player_a),
                    ("player_b", &pairing.player_b),
                ] {
                    if let Some(first_table) = paired.insert(id.as_str(), pairing.table) {
                        push(
                            format!("{}.{field}", at()),
                            NewYearError::PairedTwice {
                                game: kind,
                                player: names.name(id),
                                first_table,
                                second_table: pairing.table,
                            },
                        );
                    }
                }
            }
            if let Some(result) = &pairing.result {
                let beyond = self.result_bounds().check(result);
                for b in &beyond {
                    let (player, opponent) = if b.side == 'a' {
                        (&pairing.player_a, &pairing.player_b)
                    } else {
                        (&pairing.player_b, &pairing.player_a)
                    };
                    push(
                        format!("{}.result.{}.{}", at(), b.side, b.field),
                        NewYearError::Implausible {
                            game: kind,
                            table: pairing.table,
                            player: names.name(player),
                            opponent: names.name(opponent),
                            field: format!("{}.{}", b.side, b.field),
                            value: b.value,
                            max: b.max,
                            rule: b.rule,
                        },
                    );
                }
                if beyond.is_empty()
                    && let Err(e) = kind.score(&result.a, &result.b)
                {
                    push(
                        format!("{}.result", at()),
                        NewYearError::InPairing {
                            game: kind,
                            table: pairing.table,
                            source: Box::new(e),
                        },
                    );
                }
            }
        }
        if game.bye_points > kind.max_event_points() {
            push(
                format!("{}.bye_points", kind.key()),
                NewYearError::InvalidValue {
                    field: format!("{}.bye_points", kind.key()),
                    value: game.bye_points.to_string(),
                    expected: match kind {
                        BattleKind::RaeuberWarhammer => {
                            "at most 10, the most Raeuber-Warhammer gives (PN3)"
                        }
                        BattleKind::NewYearScenario => {
                            "at most 12, the most the New Year scenario gives (PN3)"
                        }
                    },
                },
            );
        }
        self.basis_issues(kind, names, push);
        let mut byes = HashSet::new();
        for (index, id) in game.byes.iter().enumerate() {
            let at = format!("{}.byes[{index}]", kind.key());
            if names.player(id).is_none() {
                push(
                    at,
                    NewYearError::UnknownPlayer {
                        context: format!("{kind}, bye"),
                        id: id.clone(),
                    },
                );
            } else if paired.contains_key(id.as_str()) || !byes.insert(id.as_str()) {
                push(
                    at,
                    NewYearError::ByeClash {
                        game: kind,
                        player: names.name(id),
                    },
                );
            }
        }
    }

    /// The saved draw basis (`drawn_from`): the New Year scenario's only,
    /// registered players once each, values the first game can give.
    fn basis_issues(
        &self,
        kind: BattleKind,
        names: &Names<'_>,
        push: &mut impl FnMut(String, NewYearError),
    ) {
        let game = self.game(kind);
        if kind == BattleKind::RaeuberWarhammer && !game.drawn_from.is_empty() {
            push(
                format!("{}.drawn_from", kind.key()),
                NewYearError::InvalidValue {
                    field: format!("{}.drawn_from", kind.key()),
                    value: format!("{} entries", game.drawn_from.len()),
                    expected: "nothing: Raeuber-Warhammer is drawn at random, not by standings",
                },
            );
            return;
        }
        let mut seen = HashSet::new();
        let max_points = i64::from(BattleKind::RaeuberWarhammer.max_event_points());
        let max_vp = i64::from(MAX_ARMY_SIZE) + i64::from(crate::STANDARDS_BONUS);
        for (index, basis) in game.drawn_from.iter().enumerate() {
            let at = || format!("{}.drawn_from[{index}]", kind.key());
            if names.player(&basis.player).is_none() {
                push(
                    format!("{}.player", at()),
                    NewYearError::UnknownPlayer {
                        context: format!("{kind}, what the draw paired by"),
                        id: basis.player.clone(),
                    },
                );
            } else if !seen.insert(basis.player.as_str()) {
                push(
                    format!("{}.player", at()),
                    NewYearError::InvalidValue {
                        field: format!("{}.player", at()),
                        value: names.name(&basis.player),
                        expected: "each player once",
                    },
                );
            }
            if !(0..=max_points).contains(&basis.points) {
                push(
                    format!("{}.points", at()),
                    NewYearError::InvalidValue {
                        field: format!("{}.points", at()),
                        value: basis.points.to_string(),
                        expected: "0 to 10, the points Raeuber-Warhammer gives",
                    },
                );
            }
            if !(-max_vp..=max_vp).contains(&basis.vp_difference) {
                push(
                    format!("{}.vp_difference", at()),
                    NewYearError::InvalidValue {
                        field: format!("{}.vp_difference", at()),
                        value: basis.vp_difference.to_string(),
                        expected: "a VP difference one game can give (at most 100100 either way)",
                    },
                );
            }
        }
    }

    fn race_issues(
        &self,
        race: &SledRace,
        names: &Names<'_>,
        push: &mut impl FnMut(String, NewYearError),
    ) {
        if let Err(e) = race.validate() {
            push("sled_race".into(), named(e, names));
        }
        let listed: HashSet<&str> = race.players().collect();
        // A set, not a search per entrant: 2,000 non-starters made this
        // check quadratic (issue #29's standings goal).
        let not_started: HashSet<&str> = race.did_not_start.iter().map(String::as_str).collect();
        for id in race.players() {
            match names.player(id) {
                None => push(
                    "sled_race".into(),
                    NewYearError::UnknownPlayer {
                        context: "sled race".to_owned(),
                        id: id.to_owned(),
                    },
                ),
                Some(player) => {
                    let raced = !not_started.contains(id);
                    if raced && !player.character_on_foot {
                        push(
                            "sled_race".into(),
                            NewYearError::RacerWithoutCharacter {
                                player: player.name.clone(),
                            },
                        );
                    }
                }
            }
        }
        for player in &self.players {
            // A player who dropped out before the race need not be listed.
            if player.character_on_foot && !player.dropped && !listed.contains(player.id.as_str()) {
                push(
                    "sled_race".into(),
                    NewYearError::MissingFromRace {
                        player: player.name.clone(),
                    },
                );
            }
        }
    }

    /// The sled race scores of every player (N6), `None` without a race
    /// result. Players who are not listed count as not started.
    ///
    /// # Errors
    ///
    /// Every error of [`Event::validate`].
    pub fn sled_scores(&self) -> Result<Option<Vec<SledScore>>, NewYearError> {
        self.validate()?;
        Ok(self.sled_scores_unchecked())
    }

    /// The sled scores of an event [`Event::validate`] accepted.
    fn sled_scores_unchecked(&self) -> Option<Vec<SledScore>> {
        let race = self.sled_race.as_ref()?;
        let mut scores = race.score_valid();
        let unplaced = race.finishers.len() + 1;
        let listed: HashSet<&str> = race.players().collect();
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
        Some(scores)
    }

    /// Every player's event points per game and tie-breaker values, in the
    /// order of [`Event::players`]. A bye scores the game's `bye_points`
    /// and nothing for the VP difference or treasures.
    ///
    /// # Errors
    ///
    /// Every error of [`Event::validate`].
    pub fn player_points(&self) -> Result<Vec<PlayerPoints>, NewYearError> {
        self.validate()?;
        let names = Names::new(&self.players);
        let sled = self.sled_scores_unchecked();
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
                sled_place: SledPlace::NotRun,
            })
            .collect();
        for kind in BattleKind::ALL {
            let game = self.game(kind);
            for pairing in &game.pairings {
                let Some(result) = &pairing.result else {
                    continue;
                };
                let outcome = kind.score(&result.a, &result.b)?;
                for (side, id) in [(Side::A, &pairing.player_a), (Side::B, &pairing.player_b)] {
                    if let Some(p) = names.index(id).and_then(|i| points.get_mut(i)) {
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
                        p.vp_difference = p
                            .vp_difference
                            .checked_add(outcome.vp_margin(side))
                            .ok_or_else(|| NewYearError::PointsOverflow {
                                player: p.name.clone(),
                            })?;
                    }
                }
            }
            for id in &game.byes {
                if let Some(p) = names.index(id).and_then(|i| points.get_mut(i)) {
                    match kind {
                        BattleKind::RaeuberWarhammer => p.raeuber_warhammer = game.bye_points,
                        BattleKind::NewYearScenario => p.new_year_scenario = game.bye_points,
                    }
                }
            }
        }
        for score in sled.into_iter().flatten() {
            if let Some(p) = names.index(&score.player).and_then(|i| points.get_mut(i)) {
                p.sled_race = score.points;
                p.sled_placing = Some(score.placing);
                p.sled_place = match score.outcome {
                    SledOutcome::Finished { round, .. } => SledPlace::Placed {
                        placing: score.placing,
                        round,
                    },
                    SledOutcome::DidNotFinish => SledPlace::DidNotFinish,
                    SledOutcome::DidNotStart => SledPlace::DidNotStart,
                };
            }
        }
        if let Some(p) = points.iter().find(|p| p.checked_total().is_none()) {
            return Err(NewYearError::PointsOverflow {
                player: p.name.clone(),
            });
        }
        Ok(points)
    }

    /// The standings with the tie-breakers saved in the event.
    ///
    /// # Errors
    ///
    /// Every error of [`Event::validate`] (a tie-breaker chosen twice
    /// included).
    pub fn standings(&self) -> Result<Standings, NewYearError> {
        self.standings_with(&self.tie_breakers)
    }

    /// The standings with the given tie-breakers, in order (empty: equal
    /// totals share the place). Game points are, in order:
    /// Raeuber-Warhammer, New Year scenario, sled race. O(n log n).
    ///
    /// # Errors
    ///
    /// As [`Event::standings`]; [`NewYearError::DuplicateTieBreaker`] for
    /// a tie-breaker given twice.
    pub fn standings_with(
        &self,
        tie_breakers: &[EventTieBreaker],
    ) -> Result<Standings, NewYearError> {
        let points = self.player_points()?;
        self.standings_of(&points, tie_breakers)
    }

    pub(crate) fn standings_of(
        &self,
        points: &[PlayerPoints],
        tie_breakers: &[EventTieBreaker],
    ) -> Result<Standings, NewYearError> {
        let mut chosen = HashSet::new();
        for tie_breaker in tie_breakers {
            if !chosen.insert(*tie_breaker) {
                return Err(NewYearError::DuplicateTieBreaker {
                    tie_breaker: *tie_breaker,
                });
            }
        }
        let competitors: Vec<Competitor> = points
            .iter()
            .map(|p| {
                let games = vec![
                    i64::from(p.raeuber_warhammer),
                    i64::from(p.new_year_scenario),
                    i64::from(p.sled_race),
                ];
                // Only the chosen tie-breakers' values: the others would be
                // ignored by the ranking.
                tie_breakers.iter().fold(
                    Competitor::new(p.player.clone(), p.name.clone(), games),
                    |c, &tb| c.with_tie_value(tb.key(), p.tie_value(tb)),
                )
            })
            .collect();
        let tie_breakers: Vec<TieBreaker> =
            tie_breakers.iter().map(|tb| tb.tie_breaker()).collect();
        Ok(Standings::rank_owned(competitors, &tie_breakers)?)
    }
}

/// Checks a text field: not longer than [`MAX_TEXT_CHARS`], and not empty
/// (blank) when `required`.
/// Checks one text field; `field` makes its path only when there is
/// something to say (issue #29: 2,000 players' paths built eagerly cost a
/// third of the standings).
fn check_text(
    push: &mut impl FnMut(String, NewYearError),
    field: impl FnOnce() -> String,
    text: &str,
    required: bool,
) {
    let chars = text.chars().count();
    if chars > MAX_TEXT_CHARS {
        let field = field();
        push(field.clone(), NewYearError::TextTooLong { field, chars });
    } else if required && text.trim().is_empty() {
        let field = field();
        push(field.clone(), NewYearError::Empty { field });
    }
}

/// A race error with the players' ids replaced by their names.
fn named(error: NewYearError, names: &Names<'_>) -> NewYearError {
    match error {
        NewYearError::RaceRoundsOutOfOrder {
            position,
            player,
            round,
            previous_player,
            previous_round,
        } => NewYearError::RaceRoundsOutOfOrder {
            position,
            player: names.name(&player),
            round,
            previous_player: names.name(&previous_player),
            previous_round,
        },
        NewYearError::PlayerTwiceInRace { player } => NewYearError::PlayerTwiceInRace {
            player: names.name(&player),
        },
        other => other,
    }
}
