//! Falling (line 191): a fighter left in the air after a jump or a move
//! falls; from higher than his second Speed he takes an AN hit of
//! strength Arm + height, so his save needs the height (PH25).

use crate::refusal::say;
use std::fmt;

use feldherr_dice::step::{Pending, Resolver, Steps};
use serde::{Deserialize, Serialize};

use crate::attack::{Attack, Change, Combatant, Hit, Strike};
use crate::{DamageType, WarheimError};

/// Highest fall the table allows, in inches.
pub const MAX_FALL: u32 = 40;

/// A fall with its numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FallSpec {
    /// The fighter as the save needs him (Arm, T, Regeneration).
    pub fighter: Combatant,
    /// The height fallen, whole inches (PH25).
    pub height: u32,
}

impl FallSpec {
    /// Checks the numbers.
    pub fn check(&self) -> Result<(), WarheimError> {
        if !(1..=MAX_FALL).contains(&self.height) {
            return Err(WarheimError::invalid_says(
                "height",
                self.height,
                say("fall_range").int("max", MAX_FALL),
            ));
        }
        crate::d20::D20Save::new(self.strength(), self.fighter.arm)?;
        Ok(())
    }

    /// The hit's strength: Arm + height.
    pub fn strength(&self) -> i32 {
        self.fighter.arm + i32::try_from(self.height).unwrap_or(i32::MAX)
    }
}

/// The typed outcome of a fall: what happened to the fighter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FallOutcome {
    /// His change (T lost, state, nerves due).
    pub change: Change,
}

impl fmt::Display for FallOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "-{} T -> {} ({:?})",
            self.change.t_lost, self.change.t_after, self.change.fall
        )
    }
}

/// The fall resolver: one save against the hit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Falling(pub FallSpec);

impl Resolver for Falling {
    type Outcome = FallOutcome;

    fn title(&self) -> String {
        format!("{} falls {} in", self.0.fighter.name, self.0.height)
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<FallOutcome, Pending> {
        let spec = &self.0;
        let hit = Hit {
            crit: false,
            strike: Strike {
                strength: spec.strength(),
                damage_bonus: 0,
                damage_type: DamageType::Normal,
            },
        };
        let tally = Attack::take_hits(steps, &spec.fighter, spec.fighter.arm, &[hit])?;
        Ok(FallOutcome {
            change: Attack::change(steps, &spec.fighter, &tally),
        })
    }
}
