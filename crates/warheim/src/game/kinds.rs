//! The saved resolutions of a Warheim game: their inputs and typed
//! outcomes, with titles and outcomes as catalogue messages.

use feldherr_dice::step::{Answer, Message};
use feldherr_play::{PlayError, Replayed, ResolutionKind};
use serde::{Deserialize, Serialize};

use crate::attack::{Attack, AttackOutcome, AttackSpec, Change, Fall};
use crate::falling::{FallOutcome, FallSpec, Falling};
use crate::magic::{Cast, CastOutcome, CastSpec};
use crate::morale::{MoraleKind, MoraleOutcome, MoraleSpec, MoraleTest};
use crate::reveal::{Reveal, RevealOutcome, RevealSpec};
use crate::test_roll::{TestOutcome, TestRoll, TestSpec};

/// The inputs of a saved resolution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WarheimKind {
    /// An attack with its numbers fixed.
    Attack(AttackSpec),
    /// A nerves or flight test.
    Morale(MoraleSpec),
    /// A spell cast: the WIP roll, the target's answer, the effect.
    Cast(CastSpec),
    /// A plain test: spotting, a special ability, a throw.
    Test(TestSpec),
    /// A fall from a height.
    Fall(FallSpec),
    /// Spotting a marker and shooting it.
    Reveal(RevealSpec),
}

/// The typed outcome of a saved resolution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WarheimOutcome {
    /// Hits per side, T lost, states changed.
    Attack(AttackOutcome),
    /// Held or panicked.
    Morale(MoraleOutcome),
    /// Cast or not, and the effect's attack.
    Cast(CastOutcome),
    /// Passed or failed.
    Test(TestOutcome),
    /// What the fall cost.
    Fall(FallOutcome),
    /// Spotted or not, and the shot.
    Reveal(RevealOutcome),
}

impl WarheimOutcome {
    /// The fighters' changes it carries (hits, T lost, states), the
    /// active player's first.
    pub fn changes(&self) -> Vec<&Change> {
        match self {
            WarheimOutcome::Attack(o) => o.changes.iter().collect(),
            WarheimOutcome::Cast(o) => o.effect.iter().flat_map(|e| &e.changes).collect(),
            WarheimOutcome::Reveal(o) => o.shot.iter().flat_map(|e| &e.changes).collect(),
            WarheimOutcome::Fall(o) => vec![&o.change],
            WarheimOutcome::Morale(_) | WarheimOutcome::Test(_) => Vec::new(),
        }
    }
}

impl ResolutionKind for WarheimKind {
    type Outcome = WarheimOutcome;

    fn replay(&self, answers: &[Answer]) -> Result<Replayed<WarheimOutcome>, PlayError> {
        match self {
            WarheimKind::Attack(spec) => {
                spec.check()?;
                Replayed::of(Attack::new(spec.clone()), answers, |o| {
                    WarheimOutcome::Attack(o.clone())
                })
            }
            WarheimKind::Morale(spec) => {
                spec.value()?;
                Replayed::of(MoraleTest(spec.clone()), answers, |o| {
                    WarheimOutcome::Morale(o.clone())
                })
            }
            WarheimKind::Cast(spec) => {
                spec.check()?;
                Replayed::of(Cast(spec.clone()), answers, |o| {
                    WarheimOutcome::Cast(o.clone())
                })
            }
            WarheimKind::Test(spec) => {
                spec.check()?;
                Replayed::of(TestRoll(spec.clone()), answers, |o| {
                    WarheimOutcome::Test(o.clone())
                })
            }
            WarheimKind::Fall(spec) => {
                spec.check()?;
                Replayed::of(Falling(spec.clone()), answers, |o| {
                    WarheimOutcome::Fall(o.clone())
                })
            }
            WarheimKind::Reveal(spec) => {
                spec.check()?;
                Replayed::of(Reveal(spec.clone()), answers, |o| {
                    WarheimOutcome::Reveal(o.clone())
                })
            }
        }
    }

    fn title_message(&self) -> Option<Message> {
        Some(match self {
            WarheimKind::Attack(spec) => {
                let targets: Vec<&str> = spec
                    .targets
                    .iter()
                    .map(|t| t.target.name.as_str())
                    .collect();
                Message::new("warheim.title.attack")
                    .text("attacker", spec.attacker.name.clone())
                    .text("targets", targets.join(", "))
            }
            WarheimKind::Morale(spec) => Message::new("warheim.title.morale")
                .text("who", spec.name.clone())
                .key("test", morale_key(spec.kind)),
            WarheimKind::Cast(spec) => Message::new("warheim.title.cast")
                .text("who", spec.name.clone())
                .text("spell", spec.spell.clone()),
            WarheimKind::Test(spec) => Message::new("warheim.title.test")
                .text("who", spec.name.clone())
                .key("test", test_key(&spec.kind))
                .text("about", spec.kind.about().to_owned()),
            WarheimKind::Fall(spec) => Message::new("warheim.title.fall")
                .text("who", spec.fighter.name.clone())
                .int("height", spec.height),
            WarheimKind::Reveal(spec) => Message::new("warheim.title.reveal")
                .text("who", spec.spot.name.clone())
                .text("about", spec.spot.kind.about().to_owned()),
        })
    }

    fn outcome_message(&self, outcome: &WarheimOutcome) -> Option<Message> {
        Some(match outcome {
            WarheimOutcome::Attack(o) => attack_message(o),
            WarheimOutcome::Morale(o) => Message::new(if o.panic {
                "warheim.outcome.morale_panic"
            } else {
                "warheim.outcome.morale_held"
            })
            .key("test", morale_key(o.kind))
            .int("value", i64::from(o.value)),
            WarheimOutcome::Cast(o) => match (&o.effect, o.cast, o.countered) {
                (Some(e), _, _) => {
                    Message::new("warheim.outcome.cast_effect").nested("effect", attack_message(e))
                }
                (None, true, _) => Message::new("warheim.outcome.cast"),
                (None, false, Some(true)) => Message::new("warheim.outcome.cast_countered"),
                (None, false, _) => Message::new("warheim.outcome.cast_failed"),
            },
            WarheimOutcome::Test(o) => Message::new(if o.passed {
                "warheim.outcome.test_passed"
            } else {
                "warheim.outcome.test_failed"
            })
            .key("test", test_key(&o.kind)),
            WarheimOutcome::Fall(o) => Message::new("warheim.outcome.fall")
                .int("t_lost", o.change.t_lost)
                .key("state", o.change.fall.key()),
            WarheimOutcome::Reveal(o) => match &o.shot {
                None => Message::new("warheim.outcome.reveal_missed"),
                Some(s) => Message::new("warheim.outcome.reveal").nested("shot", attack_message(s)),
            },
        })
    }
}

fn attack_message(o: &AttackOutcome) -> Message {
    let count = |f: &dyn Fn(&Change) -> bool| {
        i64::try_from(o.changes.iter().filter(|c| f(c)).count()).unwrap_or(i64::MAX)
    };
    let t_lost: u64 = o.changes.iter().map(|c| u64::from(c.t_lost)).sum();
    Message::new("warheim.outcome.attack")
        .int("hit", count(&|c| c.hits > 0))
        .int("t_lost", i64::try_from(t_lost).unwrap_or(i64::MAX))
        .int("unconscious", count(&|c| c.fall == Fall::Unconscious))
        .int("dead", count(&|c| c.fall == Fall::Dead))
}

fn test_key(kind: &crate::test_roll::TestKind) -> &'static str {
    match kind {
        crate::test_roll::TestKind::Spot { .. } => "warheim.test.spot",
        crate::test_roll::TestKind::Special { .. } => "warheim.test.special",
        crate::test_roll::TestKind::Throw { .. } => "warheim.test.throw",
    }
}

/// The catalogue key naming a kind of morale test.
pub(crate) fn morale_key(kind: MoraleKind) -> &'static str {
    match kind {
        MoraleKind::Nerves => "warheim.morale.nerves",
        MoraleKind::Flight => "warheim.morale.flight",
    }
}
