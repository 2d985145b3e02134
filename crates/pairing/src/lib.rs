//! Seeded pairings for wargame events, usable by any kind of event.
//!
//! An event hands over its [`Entrant`]s (players still in the event, in the
//! order of its standings so far, best first), the games already played
//! ([`History`]) and a seed; [`draw`] returns a [`Draft`]: numbered tables,
//! perhaps a bye, and every compromise it had to make. The organiser may
//! [`Draft::swap`] two players before the event stores the draft.
//!
//! Rules of the draw:
//! - [`Method::Random`] (the first game): the entrants are shuffled with the
//!   seed, then paired avoiding same-club games where possible.
//! - [`Method::ByStandings`] (later games): best against best in the order
//!   given (entrants with the same `score` are shuffled with the seed among
//!   themselves), avoiding rematches first and same-club games second.
//! - An odd count gives one bye: to the entrant with the fewest byes so far;
//!   among those the lowest in the standings (by standings) or a seeded
//!   random one (first game).
//!
//! Bounded work: an exact depth-first search (best opponent first) runs
//! with a budget of [`SEARCH_BUDGET`] steps, first for a draw with no
//! compromise, then for one without rematches. When the budget runs out
//! (large fields with many constraints), the fallback is a greedy pairing
//! (each entrant in order takes the cheapest free opponent) improved by at
//! most [`IMPROVEMENT_PASSES`] passes of table-to-table swaps; the draft
//! then lists any compromise left. At most [`MAX_ENTRANTS`] entrants.
//!
//! Conventions: entrants are named by their `id` (stable, the event's own)
//! and carry a `name` for messages; no message shows an id.
//!
//! ```
//! use feldherr_pairing::{Entrant, History, Method, draw};
//!
//! let entrants = vec![
//!     Entrant::new("a", "Anna Arndt", "Ulm", 10),
//!     Entrant::new("b", "Bernd Bauer", "Ulm", 8),
//!     Entrant::new("c", "Clara Claus", "Kassel", 6),
//!     Entrant::new("d", "Dora Dietz", "Kassel", 4),
//!     Entrant::new("e", "Emil Engel", "Bamberg", 2),
//! ];
//! let mut history = History::default();
//! history.add_game("a", "c");
//! history.add_bye("e");
//! let draft = draw(&entrants, &history, Method::ByStandings, 7)?;
//! // Emil had the bye last game, so the lowest other entrant gets it.
//! assert_eq!(draft.bye.as_deref(), Some("d"));
//! // Anna may not meet Clara again, nor Bernd of her own club: Emil.
//! assert_eq!(draft.tables[0].players(), ("a", "e"));
//! assert_eq!(draft.tables[0].number, 1);
//! assert!(draft.compromises.is_empty());
//! // The same seed gives the same draw.
//! assert_eq!(draw(&entrants, &history, Method::ByStandings, 7)?, draft);
//! # Ok::<(), feldherr_pairing::PairingError>(())
//! ```

#![warn(missing_docs)]

mod draft;
mod draw;
mod entrant;
mod error;

pub use draft::{Compromise, Draft, DraftTable};
pub use draw::{IMPROVEMENT_PASSES, MAX_ENTRANTS, Method, SEARCH_BUDGET, draw};
pub use entrant::{Entrant, History};
pub use error::PairingError;
