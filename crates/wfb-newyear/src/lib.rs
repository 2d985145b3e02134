//! The WFB New Year event: scoring for the referee's and organiser's desk.
//!
//! The event has three games played with one 1500-point army (N7):
//!
//! - Raeuber-Warhammer, where losing high pays ([`BattleKind::RaeuberWarhammer`],
//!   N1, N2);
//! - the New Year scenario with three treasures
//!   ([`BattleKind::NewYearScenario`], N2, N3), with the treasure line
//!   ([`TreasureLine`], N4) and the recovery check ([`RecoveryCheck`], N5);
//! - the sled race, scored by finish order and rounds ([`SledRace`], N6).
//!
//! [`Event`] is the saved document (JSON, `schema_version` 3; versions 1
//! and 2 read and migrate): players (with drop-outs), pairings with results
//! and byes, the race result and its source, the organiser's tie-breakers,
//! the table size and the army size;
//! it computes every player's event points and the standings through
//! [`feldherr_scoring`]. It is one kind of event behind the contract
//! ([`feldherr_play::EventRules`], kind `wfb_newyear`): changes come as
//! [`EventEdit`]s, the sled race is a hosted game fed back by its report.
//!
//! For the organiser's day: [`Event::draw`] pairs a battle game with a
//! seed ([`feldherr_pairing`]); [`standings_rows`] gives the rows the app,
//! the command line and the sheets show, sortable by any column
//! ([`sort_rows`]) with what decided each place ([`DecidedBy`], rendered
//! through [`catalogue`] in English or German); [`rule_card_text`] gives
//! the rules cards; [`eligible_enemy_within_3_in`] measures N5 from
//! positions.
//!
//! For the second event day (issue 26): [`Event::draft`] draws the tables
//! without a result around the kept ones and an [`EventDraft`] goes stale
//! visibly ([`EventDraft::changes`]); a late arrival takes a bye's slot
//! ([`EventEdit::PairBye`]); drop-outs record when ([`DroppedAfter`]);
//! [`Event::warnings`] names tables without a result and a corrected
//! result under a later draw; the sled race result has one source
//! ([`SledSource`]); [`Event::preview_result`] refuses implausible results
//! ([`ResultBounds`]) and names the band edges the rulings decide
//! ([`BandNote`]); [`Event::pairings_sheet`] gives the wall sheet rows.
//!
//! Bad input is refused with the field named: unknown or duplicate JSON
//! keys (with their path), texts over [`MAX_TEXT_CHARS`] characters, empty
//! names, a tie-breaker chosen twice, results beyond what the armies can
//! give, more players, tables or race rounds than the limits (issue 28).
//! Messages name players by name, never by their internal id.
//!
//! Conventions: distances in inches (G1), tables 72 x 48 in by default
//! (G2); player A's deployment edge lies at `y = 0`, player B's at
//! `y = depth`. Victory points, standards and treasures are entered as
//! signed whole numbers so that a negative entry gets an error naming its
//! field instead of a parse failure. Ruling ids (`N1` ... `N7`, `P`, `PN1`
//! ... `PN9`) refer to the project's `docs/RULINGS.md`.
//!
//! ```
//! use feldherr_scoring::Side;
//! use feldherr_wfb_newyear::{BattleKind, PlayingTable, SideResult, TreasureLine};
//!
//! // New Year scenario: A 1400 VP, 1 treasure; B 300 VP, one standard more, 1 treasure.
//! let a = SideResult::new(1400, 0).with_treasures(1);
//! let b = SideResult::new(300, 1).with_treasures(1);
//! let outcome = BattleKind::NewYearScenario.score(&a, &b)?;
//! assert_eq!(outcome.score.difference, 1000); // 1400 - (300 + 100)
//! assert_eq!(outcome.event_points(Side::A), 5 + 2);
//! assert_eq!(outcome.event_points(Side::B), 1 + 2);
//!
//! // Dwarfs (Movement 3) against Goblin wolf riders (9): 6 in towards the Dwarfs.
//! let line = TreasureLine::place(PlayingTable::default(), 3, 9)?;
//! assert_eq!((line.shift, line.towards, line.line_y), (6.0, Some(Side::A), 18.0));
//!
//! // An event: register, pair, enter a result, read the standings.
//! use feldherr_wfb_newyear::{Event, EventEdit, Player, standings_rows};
//! let mut event = Event::new("Neujahr 2027");
//! for (id, name, club) in [("a", "Anna Berger", "Ulm"), ("b", "Bernd Krause", "Ulm"), ("c", "Clara Vogt", "Kassel")] {
//!     event.apply(&EventEdit::AddPlayer(Player::new(id, name, club, "Dwarfs", false)))?;
//! }
//! let draft = event.draw(BattleKind::RaeuberWarhammer, 2027)?;
//! assert_eq!(draft.tables.len(), 1); // three players: one table and a bye
//! assert!(draft.compromises.is_empty()); // Anna and Bernd (both Ulm) kept apart
//! event.apply(&EventEdit::ConfirmDraw { game: BattleKind::RaeuberWarhammer, draft })?;
//! event.apply(&EventEdit::SetResult {
//!     game: BattleKind::RaeuberWarhammer,
//!     table: 1,
//!     result: Some(feldherr_wfb_newyear::BattleResult { a: SideResult::new(900, 0), b: SideResult::new(200, 0) }),
//! })?;
//! let rows = standings_rows(&event)?;
//! assert_eq!(rows[0].points.raeuber_warhammer, 6); // the loser of a 700 VP game (N1)
//! # Ok::<(), feldherr_wfb_newyear::NewYearError>(())
//! ```

#![warn(missing_docs)]

mod battle_kind;
mod battle_outcome;
mod battle_table;
mod drop_point;
mod error;
mod event;
mod event_draft;
mod event_draw;
mod event_edit;
mod event_rules;
mod event_tie_breaker;
mod event_warning;
mod messages;
mod pairing;
mod pairings_sheet;
mod plausibility;
mod player;
mod player_points;
mod playing_table;
mod recovery;
mod recovery_range;
mod result_entry;
mod score_preview;
mod sheets;
mod side_result;
mod sled_race;
mod sled_source;
mod standings_row;
mod standings_table;
mod table_rules;
mod treasure_line;

pub use battle_kind::{BattleKind, POINTS_PER_TREASURE, STANDARDS_BONUS, TREASURES};
pub use battle_outcome::{BattleOutcome, SideScore};
pub use battle_table::{BattleTable, NoEdit, NoResolution};
pub use drop_point::{DroppedAfter, EventGame};
pub use error::{HostedPlayerReason, NewYearError, PlayerUse};
pub use event::{
    Event, EventIssue, MAX_PLAYERS, MAX_TABLES, MAX_TEXT_CHARS, OLDEST_SCHEMA_VERSION,
    SCHEMA_VERSION,
};
pub use event_draft::{DraftChange, DrawBasis, DrawnEntrant, EventDraft};
pub use event_edit::EventEdit;
pub use event_rules::{SLED_RACE_ROLE, SLED_RACE_SYSTEM};
pub use event_tie_breaker::EventTieBreaker;
pub use event_warning::{EventProgress, EventWarning, GameProgress};
pub use messages::{RULE_CARDS, catalogue, default_event_name, messages, rule_card_text};
pub use pairing::{BattleGame, BattleResult, Pairing};
pub use pairings_sheet::{NameRow, PairingsSheet, Seat, TableRow};
pub use plausibility::{MAX_ARMY_SIZE, POINTS_PER_STANDARD, ResultBounds};
pub use player::{DEFAULT_ARMY_POINTS, Player};
pub use player_points::PlayerPoints;
pub use playing_table::PlayingTable;
pub use recovery::{
    MIN_UNIT_STRENGTH, NoRecovery, RecoveryAnswer, RecoveryCheck, UnitKind, UnitState,
};
pub use recovery_range::{EnemyUnit, RECOVERY_RANGE_IN, eligible_enemy_within_3_in};
pub use score_preview::{BandNote, BandNoteKind, ScorePreview};
pub use sheets::{
    TableCodes, event_sheets, event_sheets_coded, event_sheets_two_up, event_sheets_two_up_coded,
    pairings as pairings_wall_sheet, pairings_coded as pairings_wall_sheet_coded, rules_cards,
    sled_race as sled_race_sheet, slip, slip_coded, standings as standings_sheet,
};
pub use side_result::SideResult;
pub use sled_race::{Finisher, SledOutcome, SledRace, SledScore, finisher_points};
pub use sled_source::{MAX_RACE_ROUND, MAX_SLED_ENTRANTS, SledPlace, SledSource};
pub use standings_row::{
    DecidedBy, StandingsColumn, StandingsRow, sort_rows, standings_rows, surname_key,
    tie_value_text,
};
pub use standings_table::standings_table;
pub use table_rules::wfb_table_rules;
pub use treasure_line::{Position, TREASURE_CARD_IN, TreasureLine};
