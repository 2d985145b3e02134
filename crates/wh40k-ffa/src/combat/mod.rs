//! Close combat with three or four sides (Nahkampf, Moral): F3 and F4.

mod close_combat;
mod outnumbering;
mod resolution;
mod sweep;

pub use close_combat::{
    Combat, CombatResult, CombatRules, CombatSide, CombatUnit, MAX_CASUALTIES, MAX_COMBAT_UNITS,
    Outnumbering, fought_in_turn_of,
};
pub use outnumbering::{OutnumberStep, OutnumberTable, SeveralWinners};
pub use resolution::{CombatOutcome, MoraleTest, SweepOutcome, SweepRoll};
pub use sweep::SweepRule;
