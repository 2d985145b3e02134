//! Magic ("Магическая атака", lines 171-173, 185, 225-233): schools and
//! spells as user data, casting with the WIP roll, the target's dispel
//! (opposed, -3 per school level of difference) or overpowering (a plain
//! test minus the caster's level), intuitive spells without the WIP part,
//! and the effect rolled as an attack.

mod cast;
mod spell;

pub(crate) use cast::check_known;
pub use cast::{Cast, CastOrder, CastOutcome, CastSpec, Counter, CounterSpec};
pub use spell::{SchoolLevel, Spell, SpellEffect};
