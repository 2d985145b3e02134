//! The crate's one error type.

use std::fmt;

use feldherr_scoring::{ScoringError, Side};

use crate::BattleKind;

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
        /// The finisher's player id.
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
        /// The player's id.
        id: String,
    },
    /// A player without a character on foot listed as finisher or
    /// non-finisher of the sled race (N6: he cannot start).
    RacerWithoutCharacter {
        /// The player's id.
        id: String,
    },
    /// A player with a character on foot missing from the sled race result.
    MissingFromRace {
        /// The player's id.
        id: String,
    },
    /// Two players with the same id.
    DuplicatePlayer {
        /// The id given twice.
        id: String,
    },
    /// A pairing or race result names a player who is not registered.
    UnknownPlayer {
        /// Where the id was found ("Raeuber-Warhammer, table 2").
        context: String,
        /// The unknown id.
        id: String,
    },
    /// A player paired twice in one game.
    PairedTwice {
        /// The game.
        game: BattleKind,
        /// The player's id.
        id: String,
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
        /// The player's id.
        id: String,
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
                 \"{previous_player}\" in round {previous_round}; rounds must not decrease \
                 along the finish order"
            ),
            Self::PlayerTwiceInRace { id } => {
                write!(f, "sled race: player \"{id}\" appears twice in the result")
            }
            Self::RacerWithoutCharacter { id } => write!(
                f,
                "sled race: player \"{id}\" has no character on foot, so he does not start \
                 (N6); list him under did_not_start"
            ),
            Self::MissingFromRace { id } => write!(
                f,
                "sled race: player \"{id}\" is missing from the result; list him as finisher, \
                 under did_not_finish or under did_not_start"
            ),
            Self::DuplicatePlayer { id } => write!(f, "players: id \"{id}\" appears twice"),
            Self::UnknownPlayer { context, id } => {
                write!(f, "{context}: unknown player \"{id}\"")
            }
            Self::PairedTwice {
                game,
                id,
                first_table,
                second_table,
            } => write!(
                f,
                "{game}: player \"{id}\" is paired twice, at table {first_table} and at table \
                 {second_table}"
            ),
            Self::PairedWithSelf { game, table, id } => write!(
                f,
                "{game}, table {table}: player \"{id}\" is paired against himself"
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
                "schema_version: {found} is not supported (this version reads 1)"
            ),
            Self::Json { message } => write!(f, "event JSON: {message}"),
            Self::Scoring(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for NewYearError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::InPairing { source, .. } => Some(source.as_ref()),
            Self::Scoring(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ScoringError> for NewYearError {
    fn from(e: ScoringError) -> Self {
        Self::Scoring(e)
    }
}
