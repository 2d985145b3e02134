//! Scoring building blocks for wargame events, not tied to one game.
//!
//! - [`BandTable`]: bands of absolute victory-point (VP) difference to event
//!   points for the winner and the loser, validated (contiguous from 0, no
//!   gap or overlap, the last band open-ended) and definable in JSON. Ships
//!   the WFB New Year event's tables: [`BandTable::raeuber_warhammer`] (N1)
//!   and [`BandTable::new_year_scenario`] (N3).
//! - [`MatchScore`]: two VP totals read off a band table: leader (or draw),
//!   difference, band and each side's event points.
//! - [`Bonus`] and [`Bonuses`]: named bonuses per [`Side`], such as the
//!   +100 VP for more captured standards (N2).
//! - [`round_to_nearest_5`] and [`round_half_up`]: rounding with halves
//!   rounded up (towards positive infinity, also for negative values).
//! - [`Standings`]: competitors ranked by total points over several games,
//!   with shared places ("1, 2, 2, 4") and an ordered list of
//!   [`TieBreaker`]s; every row says what decided its place ([`Decision`]).
//!
//! Conventions: victory points and points per game are `i64` (negative
//! values allowed here; game crates decide what their input allows), VP
//! differences are `u64`, band points `u32`, tie-breaker values `f64`
//! (finite). Game-specific units (inches, centimetres) do not occur here.
//! Ruling ids (`N1`, `N3`) refer to the project's `docs/RULINGS.md`.
//!
//! ```
//! use feldherr_scoring::{BandTable, Bonus, Bonuses, MatchScore, Side};
//!
//! // Raeuber-Warhammer: A has 1250 VP and one captured standard, B 700 and none.
//! let mut bonuses = Bonuses::new();
//! bonuses.extend_with(Bonus::to_side_with_more("more standards", 100, 1, 0));
//! let a = 1250 + bonuses.total(Side::A);
//! let b = 700 + bonuses.total(Side::B);
//! let score = MatchScore::new(&BandTable::raeuber_warhammer(), a, b);
//! assert_eq!(score.difference, 650);
//! assert_eq!(score.leader, Some(Side::A));
//! assert_eq!((score.a_points, score.b_points), (3, 6)); // the loser gets more (N1)
//! ```

#![warn(missing_docs)]

mod band;
mod band_table;
mod bonus;
mod competitor;
mod error;
mod match_score;
mod rounding;
mod side;
mod standings;
mod standings_table;
mod tie_breaker;

pub use band::Band;
pub use band_table::BandTable;
pub use bonus::{Bonus, Bonuses};
pub use competitor::Competitor;
pub use error::ScoringError;
pub use match_score::MatchScore;
pub use rounding::{round_half_up, round_to_nearest_5};
pub use side::Side;
pub use standings::{Decision, StandingRow, Standings};
pub use standings_table::{Cell, ColumnKind, StandingsTable, TableColumn, TableRow, TieValue};
pub use tie_breaker::{Better, TieBreaker};
