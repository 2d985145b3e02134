//! The crate's one error type.

use std::fmt;

use feldherr_dice::step::Message;
use feldherr_pairing::PairingError;
use feldherr_scoring::{ScoringError, Side};
use serde::{Deserialize, Serialize};

use crate::{BattleKind, DraftChange, DroppedAfter, EventGame, EventTieBreaker, SledSource};

/// Everything that can go wrong when scoring the WFB New Year event.
///
/// Every variant names the field, player or table at fault and the offending
/// value, so the organiser sees what to correct.
#[derive(Debug, Clone, PartialEq)]
pub enum NewYearError {
    /// A value outside what the rules allow (negative VP, a table 0 in
    /// wide, round 0 of the sled race).
    InvalidValue {
        /// The field, as in the saved JSON (`a.victory_points`).
        field: String,
        /// The value given, as text.
        value: String,
        /// What is allowed.
        expected: &'static str,
    },
    /// More treasures recovered at one table than there are: each of the
    /// three treasures can be recovered only once (N3).
    TooManyTreasures {
        /// Treasures given for side A.
        a: i64,
        /// Treasures given for side B.
        b: i64,
    },
    /// The shifted treasure line would not lie on the table (N4).
    LineOffTable {
        /// The shift in inches.
        shift: f64,
        /// The player towards whose edge the line moves.
        towards: Side,
        /// Where the line would lie, in inches from player A's edge.
        line_y: f64,
        /// The table's depth in inches.
        depth: f64,
    },
    /// A sled race finisher finished in an earlier round than someone ahead
    /// of him in the finish order.
    RaceRoundsOutOfOrder {
        /// Position of the finisher in the finish order (from 1).
        position: usize,
        /// The finisher's name (his id when the race is checked on its own).
        player: String,
        /// His round.
        round: u32,
        /// The player just ahead of him.
        previous_player: String,
        /// That player's round.
        previous_round: u32,
    },
    /// A player listed twice in the sled race result.
    PlayerTwiceInRace {
        /// The player's name (his id when the race is checked on its own).
        player: String,
    },
    /// A player without a character on foot listed as finisher or
    /// non-finisher of the sled race (N6: he cannot start).
    RacerWithoutCharacter {
        /// The player's name (his id when the race is checked on its own).
        player: String,
    },
    /// A player with a character on foot missing from the sled race result.
    MissingFromRace {
        /// The player's name (his id when the race is checked on its own).
        player: String,
    },
    /// Two players with the same internal id.
    DuplicatePlayer {
        /// The id given twice (never shown in the message).
        id: String,
        /// The first player's name.
        first: String,
        /// The second player's name.
        second: String,
    },
    /// A pairing or race result refers to a player who is not registered
    /// (only a hand-edited file can do that).
    UnknownPlayer {
        /// Where the reference was found ("Raeuber-Warhammer, table 2").
        context: String,
        /// The reference as saved.
        id: String,
    },
    /// A player paired twice in one game.
    PairedTwice {
        /// The game.
        game: BattleKind,
        /// The player's name.
        player: String,
        /// Table of the first pairing.
        first_table: u32,
        /// Table of the second pairing.
        second_table: u32,
    },
    /// A player paired against himself.
    PairedWithSelf {
        /// The game.
        game: BattleKind,
        /// The table.
        table: u32,
        /// The player's name.
        player: String,
    },
    /// Two pairings on the same table in one game.
    DuplicateTable {
        /// The game.
        game: BattleKind,
        /// The table number used twice.
        table: u32,
    },
    /// An error in the result of one pairing.
    InPairing {
        /// The game.
        game: BattleKind,
        /// The table.
        table: u32,
        /// What is wrong with the result.
        source: Box<NewYearError>,
    },
    /// A saved event of a schema version this version cannot read.
    UnsupportedSchemaVersion {
        /// The version found in the document.
        found: u32,
    },
    /// A saved event that is not valid JSON for the schema.
    Json {
        /// The parser's message.
        message: String,
    },
    /// An error from the scoring building blocks (standings, tables).
    Scoring(ScoringError),
    /// A text longer than [`crate::MAX_TEXT_CHARS`] characters.
    TextTooLong {
        /// The field (`players[3].club`).
        field: String,
        /// Its length in characters.
        chars: usize,
    },
    /// An empty event or player name (or player id).
    Empty {
        /// The field (`name`, `players[3].name`).
        field: String,
    },
    /// A tie-breaker chosen twice (N7).
    DuplicateTieBreaker {
        /// The tie-breaker.
        tie_breaker: EventTieBreaker,
    },
    /// A player has a bye and a table in the same game, or two byes.
    ByeClash {
        /// The game.
        game: BattleKind,
        /// The player's name.
        player: String,
    },
    /// Removing a player who is paired or in the race result is refused;
    /// the organiser can mark him as dropped instead.
    PlayerInUse {
        /// The player's name.
        player: String,
        /// Everything that refers to him.
        uses: Vec<PlayerUse>,
    },
    /// A dropped player gets no new pairing.
    DroppedPlayer {
        /// The player's name.
        player: String,
    },
    /// An edit refers to a player id that is not registered.
    NoSuchPlayer,
    /// An edit refers to a table that has no pairing in that game.
    NoSuchTable {
        /// The game.
        game: BattleKind,
        /// The table number.
        table: u32,
    },
    /// A new draw would replace pairings that already have results.
    GameHasResults {
        /// The game.
        game: BattleKind,
    },
    /// The pairing generator refused.
    Pairing(PairingError),
    /// A hosted game's report does not fit the event.
    Report {
        /// What is wrong, naming the player by name.
        reason: String,
    },
    /// A sheet could not be laid out or drawn.
    Sheet(feldherr_sheet::SheetError),
    /// A result value beyond what the armies can give (PN1, PN2): names
    /// the field, the table and both players.
    Implausible {
        /// The game.
        game: BattleKind,
        /// The table.
        table: u32,
        /// The name of the player whose side the value is.
        player: String,
        /// His opponent's name.
        opponent: String,
        /// The field (`a.victory_points`).
        field: String,
        /// The value entered.
        value: i64,
        /// The most it can be.
        max: i64,
        /// The ruling that sets the bound (`PN1`, `PN2`).
        rule: &'static str,
    },
    /// A player's army is larger than the event's army size (N7).
    ArmyOverSize {
        /// The player's name.
        player: String,
        /// His army's points.
        points: u32,
        /// The event's army size.
        army_size: u32,
    },
    /// A draft drawn for other players or standings than the event has
    /// now (issue 26); the draft stays with the caller to show or redraw.
    StaleDraft {
        /// The game.
        game: BattleKind,
        /// What changed since the draw.
        changes: Vec<DraftChange>,
    },
    /// A draft whose seats are not the players it was drawn for, once
    /// each (altered by hand).
    DraftSeats {
        /// The game.
        game: BattleKind,
        /// The player seated wrongly (twice, not drawn, or not seated).
        player: String,
    },
    /// The player has no bye in that game.
    NoBye {
        /// The game.
        game: BattleKind,
        /// The player's name.
        player: String,
    },
    /// The player has a table or a bye in that game already.
    AlreadySeated {
        /// The game.
        game: BattleKind,
        /// The player's name.
        player: String,
    },
    /// A sled race result from the source the event does not use (PN7):
    /// switch first ([`crate::EventEdit::SetSledSource`]).
    SledSourceClash {
        /// The source the event uses.
        source: SledSource,
        /// The source of the refused result.
        attempted: SledSource,
    },
    /// A result in a game after the player dropped out (PN5).
    AfterDropOut {
        /// The player's name.
        player: String,
        /// When he dropped out.
        dropped_after: DroppedAfter,
        /// The game with the result.
        game: EventGame,
    },
    /// Event points that do not fit the counter (checked arithmetic).
    PointsOverflow {
        /// The player's name.
        player: String,
    },
    /// A hosted game's player who does not belong in its slot.
    HostedPlayer {
        /// The slot's role (`sled_race`).
        role: feldherr_play::Role,
        /// The player as the hosted game names him.
        player: String,
        /// Why he does not belong.
        reason: HostedPlayerReason,
    },
    /// A hosted game with more players than its slot takes.
    HostedTooMany {
        /// The slot's role.
        role: feldherr_play::Role,
        /// Players in the hosted game.
        count: usize,
        /// The most it takes.
        limit: usize,
    },
}

/// Why a hosted game's player does not belong in its slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HostedPlayerReason {
    /// Nobody of that name is registered.
    NotAPlayer,
    /// Two registered players have that name, so it cannot be matched.
    Ambiguous,
    /// He dropped out (P22).
    DroppedOut,
    /// He has no character on foot, so he does not start (N6).
    NoCharacterOnFoot,
    /// He is in the hosted game twice.
    Twice,
}

/// `is not a player of this event`, ...
impl fmt::Display for HostedPlayerReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::NotAPlayer => "is not a player of this event",
            Self::Ambiguous => "is registered more than once, so he cannot be matched",
            Self::DroppedOut => "has dropped out",
            Self::NoCharacterOnFoot => "has no character on foot, so he does not start (N6)",
            Self::Twice => "is in the game twice",
        })
    }
}

/// Something that refers to a player, so he cannot be removed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum PlayerUse {
    /// He is paired at a table.
    Pairing {
        /// The game.
        game: BattleKind,
        /// The table.
        table: u32,
        /// The opponent's name.
        opponent: String,
    },
    /// He has a bye in a game.
    Bye {
        /// The game.
        game: BattleKind,
    },
    /// He is listed in the sled race result.
    SledRace,
}

/// `Raeuber-Warhammer, table 2 against Lena Brandt`.
impl fmt::Display for PlayerUse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Pairing {
                game,
                table,
                opponent,
            } => write!(f, "{game}, table {table} against {opponent}"),
            Self::Bye { game } => write!(f, "a bye in {game}"),
            Self::SledRace => f.write_str("the sled race result"),
        }
    }
}

impl fmt::Display for NewYearError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidValue {
                field,
                value,
                expected,
            } => write!(f, "{field}: {value} is not allowed ({expected})"),
            Self::TooManyTreasures { a, b } => write!(
                f,
                "treasures_recovered: A {a} + B {b} = {}, but there are 3 treasures and each \
                 can be recovered only once (N3)",
                a.saturating_add(*b)
            ),
            Self::LineOffTable {
                shift,
                towards,
                line_y,
                depth,
            } => write!(
                f,
                "treasure line: a shift of {shift} in towards player {towards}'s edge puts the \
                 line at y = {line_y} in, off a table {depth} in deep; it must lie strictly \
                 between the long edges (N4)"
            ),
            Self::RaceRoundsOutOfOrder {
                position,
                player,
                round,
                previous_player,
                previous_round,
            } => write!(
                f,
                "sled race: finisher {position} \"{player}\" in round {round} comes after \
                 \"{previous_player}\" in round {previous_round}; rounds must not decrease along \
                 the finish order"
            ),
            Self::PlayerTwiceInRace { player } => {
                write!(
                    f,
                    "sled race: player \"{player}\" appears twice in the result"
                )
            }
            Self::RacerWithoutCharacter { player } => write!(
                f,
                "sled race: player \"{player}\" has no character on foot, so he does not start \
                 (N6); list him under did_not_start"
            ),
            Self::MissingFromRace { player } => write!(
                f,
                "sled race: player \"{player}\" is missing from the result; list him as finisher, \
                 under did_not_finish or under did_not_start"
            ),
            Self::DuplicatePlayer { first, second, .. } => {
                write!(f, "players: {second} has the same internal id as {first}")
            }
            Self::UnknownPlayer { context, id } => write!(
                f,
                "{context}: refers to a player who is not registered (saved as \"{}\")",
                shorten(id)
            ),
            Self::PairedTwice {
                game,
                player,
                first_table,
                second_table,
            } => write!(
                f,
                "{game}: player \"{player}\" is paired twice, at table {first_table} and at table \
                 {second_table}"
            ),
            Self::PairedWithSelf {
                game,
                table,
                player,
            } => write!(
                f,
                "{game}, table {table}: player \"{player}\" is paired against himself"
            ),
            Self::DuplicateTable { game, table } => {
                write!(f, "{game}: table {table} has two pairings")
            }
            Self::InPairing {
                game,
                table,
                source,
            } => write!(f, "{game}, table {table}: {source}"),
            Self::UnsupportedSchemaVersion { found } => write!(
                f,
                "schema_version: {found} is not supported (this version reads {} to {})",
                crate::OLDEST_SCHEMA_VERSION,
                crate::SCHEMA_VERSION
            ),
            Self::Json { message } => write!(f, "event JSON: {message}"),
            Self::Scoring(e) => write!(f, "{e}"),
            Self::TextTooLong { field, chars } => write!(
                f,
                "{field}: {chars} characters are more than the {} allowed",
                crate::MAX_TEXT_CHARS
            ),
            Self::Empty { field } => write!(f, "{field}: must not be empty"),
            Self::DuplicateTieBreaker { tie_breaker } => {
                write!(f, "tie_breakers: {tie_breaker} is chosen twice (N7)")
            }
            Self::ByeClash { game, player } => write!(
                f,
                "{game}: {player} has a bye and also a table or a second bye"
            ),
            Self::PlayerInUse { player, uses } => {
                let uses: Vec<String> = uses.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "{player} cannot be removed: {} refer to him; mark him as dropped instead",
                    uses.join(", ")
                )
            }
            Self::DroppedPlayer { player } => {
                write!(f, "{player} has dropped out and gets no new pairing")
            }
            Self::NoSuchPlayer => f.write_str("the player to change is not registered"),
            Self::NoSuchTable { game, table } => {
                write!(f, "{game}: table {table} has no pairing")
            }
            Self::GameHasResults { game } => write!(
                f,
                "{game}: the pairings have results already; clear them before a new draw"
            ),
            Self::Pairing(e) => write!(f, "{e}"),
            Self::Report { reason } => write!(f, "sled race report: {reason}"),
            Self::Sheet(e) => write!(f, "sheet: {e}"),
            Self::Implausible {
                game,
                table,
                player,
                opponent,
                field,
                value,
                max,
                rule,
            } => {
                let what = if field.ends_with("victory_points") {
                    format!("more VP than an army of the event's size can give ({max} at most)")
                } else {
                    format!(
                        "more standards than an army of the event's size carries ({max} at most)"
                    )
                };
                write!(
                    f,
                    "{game}, table {table}, {player} against {opponent}: {field} {value} of \
                     {player} is {what} ({rule})"
                )
            }
            Self::ArmyOverSize {
                player,
                points,
                army_size,
            } => write!(
                f,
                "{player}'s army of {points} points is larger than the event's army size of \
                 {army_size} (N7)"
            ),
            Self::StaleDraft { game, changes } => {
                let changes: Vec<String> = changes.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "{game}: the draft no longer fits the event ({}); draw again",
                    changes.join("; ")
                )
            }
            Self::DraftSeats { game, player } => write!(
                f,
                "{game}: the draft does not seat {player} exactly once as drawn; draw again"
            ),
            Self::NoBye { game, player } => write!(f, "{game}: {player} has no bye"),
            Self::AlreadySeated { game, player } => {
                write!(f, "{game}: {player} has a table or a bye already")
            }
            Self::SledSourceClash { source, attempted } => write!(
                f,
                "sled race: the result comes from {source}, not from {attempted}; switch the \
                 source first (PN7)"
            ),
            Self::AfterDropOut {
                player,
                dropped_after,
                game,
            } => write!(
                f,
                "{player} dropped out {dropped_after} but has a result in the {game} game; \
                 correct when he dropped out first (PN5)"
            ),
            Self::PointsOverflow { player } => {
                write!(f, "{player}'s event points are too large to add up")
            }
            Self::HostedPlayer {
                role,
                player,
                reason,
            } => write!(f, "hosted game \"{role}\": {player} {reason}"),
            Self::HostedTooMany { role, count, limit } => write!(
                f,
                "hosted game \"{role}\": {count} players are more than the {limit} it takes"
            ),
        }
    }
}

impl std::error::Error for NewYearError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::InPairing { source, .. } => Some(source.as_ref()),
            Self::Scoring(e) => Some(e),
            Self::Pairing(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ScoringError> for NewYearError {
    fn from(e: ScoringError) -> Self {
        Self::Scoring(e)
    }
}

impl From<feldherr_sheet::SheetError> for NewYearError {
    fn from(e: feldherr_sheet::SheetError) -> Self {
        Self::Sheet(e)
    }
}

impl From<PairingError> for NewYearError {
    fn from(e: PairingError) -> Self {
        Self::Pairing(e)
    }
}

impl From<NewYearError> for feldherr_play::PlayError {
    fn from(e: NewYearError) -> Self {
        match e {
            NewYearError::InvalidValue {
                field,
                value,
                expected,
            } => feldherr_play::PlayError::invalid(field, value, expected),
            other => {
                let said = other.message();
                let (message, rule) = other.message_and_rule();
                let e = feldherr_play::PlayError::refused(message, rule);
                match said {
                    Some(m) => e.with_message(m),
                    None => e,
                }
            }
        }
    }
}

impl NewYearError {
    /// The sentence as a catalogue message (`newyear.*`), where the error
    /// has one: the pairing draw's refusals (issue #27). A host says it
    /// with [`feldherr_play::Catalogue::message_or`], the English
    /// sentence behind it.
    pub fn message(&self) -> Option<Message> {
        match self {
            Self::Pairing(e) => Some(match e {
                PairingError::TooManyEntrants { count } => Message::new("newyear.pairing.too_many")
                    .int("count", i64::try_from(*count).unwrap_or(i64::MAX))
                    .int(
                        "max",
                        i64::try_from(feldherr_pairing::MAX_ENTRANTS).unwrap_or(i64::MAX),
                    ),
                PairingError::DuplicateEntrant { name } => {
                    Message::new("newyear.pairing.twice").text("name", name)
                }
                PairingError::NotInDraft { .. } => Message::new("newyear.pairing.not_in_draft"),
            }),
            _ => None,
        }
    }

    /// The message without a trailing ruling id, and that ruling, for
    /// hosts that show the ruling on its own (a [`feldherr_play::Problem`]).
    pub fn message_and_rule(&self) -> (String, Option<&'static str>) {
        let message = self.to_string();
        match self.rule() {
            Some(rule) => {
                let suffix = format!(" ({rule})");
                let message = message
                    .strip_suffix(&suffix)
                    .map_or_else(|| message.clone(), str::to_owned);
                (message, Some(rule))
            }
            None => (message, None),
        }
    }

    /// The ruling the error enforces, if one does.
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            Self::TooManyTreasures { .. } => Some("N3"),
            Self::LineOffTable { .. } => Some("N4"),
            Self::RacerWithoutCharacter { .. } | Self::RaceRoundsOutOfOrder { .. } => Some("N6"),
            Self::DuplicateTieBreaker { .. } | Self::ArmyOverSize { .. } => Some("N7"),
            Self::Implausible { rule, .. } => Some(rule),
            Self::SledSourceClash { .. } => Some("PN7"),
            Self::AfterDropOut { .. } => Some("PN5"),
            Self::InPairing { source, .. } => source.rule(),
            _ => None,
        }
    }
}

/// At most 40 characters of a saved reference, for messages (an unknown
/// reference may be any length).
pub(crate) fn shorten(text: &str) -> String {
    if text.chars().count() > 40 {
        let head: String = text.chars().take(40).collect();
        format!("{head}…")
    } else {
        text.to_owned()
    }
}
