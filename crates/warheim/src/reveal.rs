//! Вскрыть (line 199): spot a hidden marker and shoot it, one full action:
//! the Prec test first; only a spotted marker is shot.

use crate::refusal::say;
use std::fmt;

use feldherr_dice::step::{Pending, Resolver, Steps};
use serde::{Deserialize, Serialize};

use crate::WarheimError;
use crate::attack::{Attack, AttackOutcome, AttackSpec};
use crate::test_roll::{TestKind, TestOutcome, TestRoll, TestSpec};

/// A reveal with its numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RevealSpec {
    /// The spotting test.
    pub spot: TestSpec,
    /// The shot at the marker, once spotted.
    pub shot: AttackSpec,
}

impl RevealSpec {
    /// Checks the numbers: a spot test, one target, the same fighter.
    pub fn check(&self) -> Result<(), WarheimError> {
        self.spot.check()?;
        self.shot.check()?;
        let TestKind::Spot { target, .. } = &self.spot.kind else {
            return Err(WarheimError::invalid_says(
                "spot.kind",
                "not a spot",
                say("reveal_spots_first"),
            ));
        };
        if self.shot.targets.len() != 1 || self.shot.targets[0].target.id != *target {
            return Err(WarheimError::invalid_says(
                "shot.targets",
                self.shot.targets.len(),
                say("reveal_one_marker"),
            ));
        }
        Ok(())
    }
}

/// The typed outcome of a reveal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevealOutcome {
    /// The spotting test.
    pub spot: TestOutcome,
    /// The shot, when the marker was spotted.
    pub shot: Option<AttackOutcome>,
}

impl fmt::Display for RevealOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.shot {
            None => f.write_str("not spotted"),
            Some(s) => write!(f, "spotted: {s}"),
        }
    }
}

/// The reveal resolver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reveal(pub RevealSpec);

impl Resolver for Reveal {
    type Outcome = RevealOutcome;

    fn title(&self) -> String {
        format!("{} reveals {}", self.0.spot.name, self.0.spot.kind.about())
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<RevealOutcome, Pending> {
        let spot = TestRoll::run(&self.0.spot, steps)?;
        let shot = if spot.passed {
            Some(Attack::new(self.0.shot.clone()).resolve(steps)?)
        } else {
            None
        };
        Ok(RevealOutcome { spot, shot })
    }
}
