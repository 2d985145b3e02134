//! Warmaster Revolution "Guardians": the competitive game from army lists
//! to the result, for Feldherr, the referee's and organiser's desk for
//! tabletop miniature wargames.
//!
//! - Armies ([`Army`], [`Unit`], [`UnitKind`]) with points, stands, flags,
//!   magic items, Regiments of Renown and the *Warmaster Armies* version;
//!   what the setup refuses ([`Army::errors`]: bounds, two Generals,
//!   "Arrogant" items) and what keeps an army from the battle
//!   ([`Army::readiness`]); the break point (W7, [`Army::break_point`]);
//!   import from a text list ([`import_army`]).
//! - Terrain: the cheat sheet as data under the Guardians options in
//!   force ([`TerrainType::effects_with`], [`cheat_sheet`],
//!   [`TerrainEffects::may_enter`]; flyers, PW18; "Zerstoererisch",
//!   [`Unit::rules`]), Warmaster's table rules ([`warmaster_table_rules`])
//!   with the W1 distances, the distance check with explanations
//!   ([`placement_violations`]) and the alternating placement as a state
//!   machine ([`AlternatingTerrain`]).
//! - Scenarios, special rules and layouts (W2, W3: [`Scenario`],
//!   [`SpecialRule`]); control of markers and zones from stands (W4:
//!   [`marker_control`], [`zone_control`]); conquest points per scenario
//!   with caps (W5: [`score`]); victory points line by line (W8:
//!   [`VictoryReport`]); the chess clock (W9: [`ChessClock`]).
//! - [`WarmasterGame`] implements `feldherr_play::Game` with
//!   [`WarmasterEdit`]s; every dice step is a saved resolution
//!   ([`WarmasterRoll`], typed [`RollOutcome`], odds per outcome
//!   [`WarmasterRoll::odds`]).
//! - [`WarmasterTournament`] implements `feldherr_play::EventRules`: its
//!   own name, players who drop out, prescribed [`GameTerms`], typed
//!   [`TournamentStandings`] and [`RoundLine`]s.
//!
//! # For the app
//!
//! - Where the game stands: [`WarmasterGame::stage`] ([`Stage`]), in the
//!   text's order from the armies to the deployment and the battle; during
//!   the alternating placement [`TerrainStep`] says whose turn it is, how
//!   many pieces are left, which types are taken and whether he may pass;
//!   [`placement_violations`] checks a piece live while it is dragged;
//!   [`WarmasterGame::terrain_pushes`] tells which piece the W3 push moves
//!   how far.
//! - Turn tracker: [`WarmasterGame::preview_scoring`] (this turn's EP line
//!   by line), [`WarmasterGame::ep_per_turn`] (the chart),
//!   [`WarmasterGame::control_from_stands`] (why each objective is held);
//!   control carries over from the turn before.
//! - Result: [`WarmasterGame::victory`] (typed VP lines, notes and the
//!   [`Verdict`]), [`GameEnd`] with its [`EndReason`]s and the clock at
//!   the end, [`WarmasterGame::army_report`]; every typed line has a
//!   catalogue `message()` for German text.
//! - Clock: [`ChessClock::view`] at the host's `now` (times left, warning
//!   under 5 minutes, pause with its game turn); clock edits are
//!   [`ClockEdit`]s, [`WarmasterEdit::EndTurn`] hands the clock to the
//!   other player (also from a pause), and the clock stops when the game
//!   ends.
//! - Checks: [`WarmasterGame::errors`] lists every impossible state,
//!   [`WarmasterGame::warnings`] what is merely worth a word (marked
//!   `Problem::warning`); `Game::problems` gives both, errors first, and
//!   only errors refuse a document (P37). Each list is capped at
//!   [`MAX_PROBLEMS`].
//!
//! Conventions: lengths in centimetres (G1) on the table's coordinates
//! (origin at the lower-left corner, x along the long edge, y towards the
//! north edge); the south edge (y = 0) and north edge are given to players
//! by [`WarmasterGame::south`]. Times are milliseconds passed in by the
//! host. Ruling ids (`W1`...`W11`, `G4`, `PW1`...) refer to the project's
//! `docs/RULINGS.md`.
//!
//! # Example
//!
//! ```
//! use feldherr_dice::step::Answer;
//! use feldherr_play::{Game, Id};
//! use feldherr_table::geometry::Point;
//! use feldherr_warmaster::{
//!     Player, RollOutcome, Scenario, Stage, TerrainType, WarmasterEdit as E, WarmasterGame,
//!     WarmasterRoll,
//! };
//!
//! let mut game = WarmasterGame::new_game();
//! let mut table = WarmasterGame::default_table();
//! game.apply(&E::ImportArmy { player: Player::A, text: "General, 1, 125, general\nSpearmen, 4, 55".into() }, &mut table)?;
//! assert_eq!(game.break_point(Player::A).value, 2); // 4 units: half is 2 (W7)
//!
//! // A table built together, then the starting player by agreement.
//! game.apply(&E::PlaceTerrain { player: None, terrain: TerrainType::Wood, at: Point::new(30.0, 30.0), shape: None, name: None }, &mut table)?;
//! game.apply(&E::SetStartingPlayer(Player::A), &mut table)?;
//! assert_eq!(game.stage(), Stage::Scenario);
//!
//! // The starting player rolls for the scenario (W2): a typed-in 4 is
//! // King of the Hill.
//! game.apply(&E::Roll(WarmasterRoll::Scenario {}), &mut table)?;
//! game.resolutions_mut().answer_at(0, Answer::Dice(vec![4]))?;
//! assert_eq!(
//!     game.resolutions[0].outcome(),
//!     Some(&RollOutcome::Scenario { scenario: Scenario::KingOfTheHill })
//! );
//! game.apply(&E::Apply { id: Id(1) }, &mut table)?;
//! game.apply(&E::PlaceLayout, &mut table)?;
//! assert_eq!(game.objectives.len(), 3); // a zone and two markers (W3)
//! assert_eq!(game.stage(), Stage::Sides);
//! # Ok::<(), feldherr_play::PlayError>(())
//! ```

#![warn(missing_docs)]

mod alternating;
pub mod army;
mod army_import;
mod battle;
mod clock;
mod conquest;
mod control;
mod error;
mod game;
mod game_report;
mod messages;
mod player;
mod problem_list;
mod push;
mod refusal;
mod report;
mod rolls;
mod scenario;
mod settings;
mod terrain;
mod tournament;
mod tournament_sheets;
mod victory;
pub mod words;

pub use alternating::{AlternatingTerrain, MAX_PIECES, PASS_FROM, PlacedTerrain, TerrainStep};
pub use army::{
    ARMIES_VERSION, ARROGANT_ITEMS, Army, ArmyKind, BreakPoint, DESTRUCTIVE_ATTACKS, ForbiddenItem,
    Unit, UnitKind, UnitRules,
};
pub use army_import::{MAX_COUNT, MAX_LINES, import_army};
pub use battle::{
    Battle, ControlEntry, EndClock, EndReason, EpEntry, GameEnd, IncursionPick, Succession, TurnEp,
    TurnRecord, UnitState,
};
pub use clock::{ChessClock, ClockOut, ClockPause, ClockView, MAX_TIME_MS, MINUTE_MS, WARNING_MS};
pub use conquest::{
    EP_TO_WIN, EpLine, EpSource, KING_EP_PER_ROUND, SUDDEN_DEATH_LEAD, ScoringContext, score,
};
pub use control::{
    BLOCKING_RANGE_CM, Control, MarkerControl, StandOnMap, ZoneControl, marker_control,
    zone_control,
};
pub use error::WarmasterError;
pub use game::{
    ClockEdit, ControlDetail, HILL_CLEARANCE_CM, IMPASSABLE_CLEARANCE_CM, MAX_EP_LINES,
    MAX_RESOLUTIONS, MAX_STANDS_ON_MAP, MAX_TERRAIN, PlayerSetup, RANDOM_LENGTH_LAST,
    RANDOM_LENGTH_ROLLS, Stage, StandLink, TerrainRecord, WarmasterEdit, WarmasterGame, is_stand,
};
pub use game_report::game_report;
pub use player::{Edge, Player};
pub use problem_list::MAX_PROBLEMS;
pub use push::{PushReason, TerrainPush};
pub use report::{GeneralRole, UnitReport};
pub use rolls::{OddsRow, RollOutcome, RollResolver, WarmasterRoll, marker_letter};
pub use scenario::{LayoutMarker, MarkerKind, Objective, Scenario, SpecialRule};
pub use settings::{GameTerms, GuardiansOptions, MAX_GAME_SIZE, SUGGESTED_SIZES, Settings};
pub use terrain::{
    DESTRUCTIVE_NOTE, Defended, EDGE_CLEARANCE_CM, Entry, OBJECTIVE_KIND, OBJECTIVE_RADIUS_CM,
    PIECE_CLEARANCE_CM, STAND_KIND, Sight, TERRAIN_GUIDELINE, TerrainEffects, TerrainType,
    ZONE_KIND, ZONE_RADIUS_CM, cheat_sheet, placement_violations, terrain_piece,
    warmaster_table_rules,
};
pub use tournament::{
    LineOutcome, MAX_GAME_EP, MAX_GAME_VP, MAX_PLAYERS, MAX_ROUNDS, PlaceDecided, RoundLine,
    StandingsRow, TieBreak, TournamentEdit, TournamentPairing, TournamentPlayer, TournamentPoints,
    TournamentResult, TournamentRound, TournamentSide, TournamentStandings, WarmasterTournament,
    WinBy, role as tournament_role,
};
pub use tournament_sheets::{
    TableCodes, player_name, result_text, round_sheet, round_sheet_coded, slip, slip_coded,
    standings_table, tournament_sheets, tournament_sheets_coded,
};
pub use victory::{
    DRAW_THRESHOLD, SideVictoryPoints, UnitFate, Verdict, VictoryCondition, VictoryReport, VpLine,
    VpLineKind, VpNote, bonus, half_points, side_points, verdict,
};
