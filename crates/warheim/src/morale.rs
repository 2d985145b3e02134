//! Morale ("Мораль"): the nerves test after damage or a successful save,
//! the flight test when a friend dies in sight and reach.

use crate::refusal::say;
use std::fmt;

use crate::d20::{D20Result, D20Test, modified_value};
use feldherr_dice::step::{LogStep, Message, Pending, Resolver, Steps};
use feldherr_dice::{Die, RollRequest, Roller};
use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::WarheimError;

/// Which morale test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoraleKind {
    /// Нервы: after being wounded or saving; penalty = T lost. A failure
    /// panics the fighter, who dodges towards cover at once (no roll).
    Nerves,
    /// Бегство: a friend died in his sight and movement reach. A failure
    /// panics him and he makes a full move towards the nearest table edge.
    Flight,
}

impl MoraleKind {
    fn key(self) -> &'static str {
        match self {
            MoraleKind::Nerves => "warheim.morale.nerves",
            MoraleKind::Flight => "warheim.morale.flight",
        }
    }
}

/// A morale test with its numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleSpec {
    /// The fighter.
    pub fighter: Id,
    /// His name, for the log.
    pub name: String,
    /// Which test.
    pub kind: MoraleKind,
    /// The value tested: his current Mor, or his WIP for a mage's nerves.
    pub mor: i32,
    /// The penalty (nerves: T lost, and 3 more for a wounded Beast).
    pub penalty: i32,
    /// A mage's nerves are tested on WIP (line 251): `mor` holds his WIP.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub wip: bool,
}

impl MoraleSpec {
    /// The value rolled against: Mor - penalty, lowered by at most 12 (H2).
    pub fn value(&self) -> Result<i32, WarheimError> {
        if !(0..=40).contains(&self.penalty) {
            return Err(WarheimError::invalid_says(
                "penalty",
                self.penalty,
                say("penalty_range"),
            ));
        }
        Ok(modified_value(self.mor, &[], &[-self.penalty])?)
    }

    /// Exact odds of passing.
    pub fn pass_chance(&self) -> Result<f64, WarheimError> {
        Ok(D20Test::new(self.value()?)?
            .distribution()
            .prob(|r| r.succeeded()))
    }
}

/// The typed outcome of a morale test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleOutcome {
    /// The fighter.
    pub fighter: Id,
    /// Which test.
    pub kind: MoraleKind,
    /// The value rolled against.
    pub value: i32,
    /// The result.
    pub result: D20Result,
    /// Whether he panics.
    pub panic: bool,
}

impl fmt::Display for MoraleOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} test against {}: {}",
            self.kind, self.value, self.result
        )?;
        if self.panic {
            f.write_str(", panic")?;
        }
        Ok(())
    }
}

/// The morale test resolver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoraleTest(pub MoraleSpec);

impl Resolver for MoraleTest {
    type Outcome = MoraleOutcome;

    fn title(&self) -> String {
        format!("{:?} test: {}", self.0.kind, self.0.name)
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<MoraleOutcome, Pending> {
        let spec = &self.0;
        let value = spec.value().map_err(|e| {
            Pending::Failed(feldherr_dice::DiceError::UnexpectedAnswer {
                expected: e.to_string(),
            })
        })?;
        let test = D20Test::new(value)?;
        let wants = steps.wants_odds();
        let faces = steps.roll(
            RollRequest::new(
                1,
                Die::D20,
                format!(
                    "{}: {:?} test, {}",
                    spec.name,
                    spec.kind,
                    crate::attack::need_text(value)
                ),
            )
            .rule("H1")
            .with_message(
                Message::new("warheim.roll.morale")
                    .text("who", spec.name.clone())
                    .key("test", spec.kind.key())
                    .nested("need", crate::attack::need_message(value)),
            )
            .odds_if(wants, || test.summary().odds_lines()),
        )?;
        let result = test.evaluate(faces.first().copied().unwrap_or(0))?;
        let panic = !result.succeeded();
        let then = match (panic, spec.kind) {
            (false, _) => "warheim.log.morale_held",
            (true, MoraleKind::Nerves) => "warheim.log.nerves_failed",
            (true, MoraleKind::Flight) => "warheim.log.flight_failed",
        };
        steps.log(
            LogStep::rule("PH11", format!("{}: {result}", spec.name))
                .with_message(Message::new(then).text("who", spec.name.clone())),
        );
        Ok(MoraleOutcome {
            fighter: spec.fighter,
            kind: spec.kind,
            value,
            result,
            panic,
        })
    }
}
