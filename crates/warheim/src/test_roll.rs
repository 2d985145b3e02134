//! The plain tests of single actions: spotting a marker (Prec, line 175),
//! a special ability (Mor, line 165), a throw (Ph as a dodge, line 155).
//! One D20 roll against a value (H1); a pass is all that counts, so an
//! Elite's +1 never changes it and is not asked.

use std::fmt;

use feldherr_dice::step::{LogStep, Message, Pending, Resolver, Steps};
use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::attack::{failed, need_message, need_text, roll_dice};
use crate::roll::Pool;

/// Which test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TestKind {
    /// Разглядеть (line 175): Prec to reveal a hidden marker.
    Spot {
        /// The marker's fighter.
        target: Id,
        /// His name, for the log.
        target_name: String,
    },
    /// Спецспособность (line 165): Mor for a special ability to work.
    Special {
        /// The ability, as the army sheet names it.
        ability: String,
    },
    /// Бросок (line 155): Ph as a dodge to land in base contact with an
    /// enemy in a straight line.
    Throw {
        /// The enemy thrown at.
        target: Id,
        /// His name, for the log.
        target_name: String,
    },
}

impl TestKind {
    fn key(&self) -> &'static str {
        match self {
            TestKind::Spot { .. } => "warheim.test.spot",
            TestKind::Special { .. } => "warheim.test.special",
            TestKind::Throw { .. } => "warheim.test.throw",
        }
    }

    fn rule(&self) -> &'static str {
        match self {
            TestKind::Spot { .. } => "PH28",
            TestKind::Special { .. } => "H1",
            TestKind::Throw { .. } => "PH30",
        }
    }

    /// What the test is about, for messages: the marker, the ability or
    /// the enemy.
    pub fn about(&self) -> &str {
        match self {
            TestKind::Spot { target_name, .. } | TestKind::Throw { target_name, .. } => target_name,
            TestKind::Special { ability } => ability,
        }
    }
}

/// A test with its numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestSpec {
    /// The fighter.
    pub fighter: Id,
    /// His name, for the log.
    pub name: String,
    /// Which test.
    pub kind: TestKind,
    /// The dice (Hero: one more) and the value.
    pub pool: Pool,
}

impl TestSpec {
    /// Checks the numbers.
    pub fn check(&self) -> Result<(), crate::WarheimError> {
        self.pool.check()?;
        if self.pool.dice == 0 {
            return Err(crate::WarheimError::invalid_says(
                "pool.dice",
                0,
                crate::refusal::say("test_no_dice"),
            ));
        }
        Ok(())
    }
}

/// The typed outcome of a test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestOutcome {
    /// The fighter.
    pub fighter: Id,
    /// Which test.
    pub kind: TestKind,
    /// The faces.
    pub faces: Vec<u32>,
    /// Whether it passed (any die a success).
    pub passed: bool,
}

impl fmt::Display for TestOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.passed { "passed" } else { "failed" })
    }
}

/// The test resolver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestRoll(pub TestSpec);

impl TestRoll {
    /// Rolls the test on `steps` (a reveal rolls its spot this way first).
    pub(crate) fn run(spec: &TestSpec, steps: &mut Steps<'_>) -> Result<TestOutcome, Pending> {
        let pool = spec.pool;
        let faces = roll_dice(
            steps,
            pool.dice,
            &|| {
                pool.successes()
                    .map(|&n| if n > 0 { "passes" } else { "fails" })
                    .odds_lines()
            },
            format!(
                "{}: {} test ({}), {}",
                spec.name,
                spec.kind.key().rsplit('.').next().unwrap_or(""),
                spec.kind.about(),
                need_text(pool.value)
            ),
            Message::new("warheim.roll.test")
                .text("who", spec.name.clone())
                .key("test", spec.kind.key())
                .text("about", spec.kind.about().to_owned())
                .int("dice", pool.dice)
                .nested("need", need_message(pool.value)),
        )?;
        let passed = pool
            .results(&faces)
            .map_err(|e| failed(&e))?
            .iter()
            .any(|r| r.succeeded());
        steps.log(
            LogStep::rule(
                spec.kind.rule(),
                format!("{}: {}", spec.name, if passed { "passes" } else { "fails" }),
            )
            .with_message(
                Message::new(if passed {
                    "warheim.log.test_passed"
                } else {
                    "warheim.log.test_failed"
                })
                .text("who", spec.name.clone())
                .key("test", spec.kind.key())
                .text("about", spec.kind.about().to_owned()),
            ),
        );
        Ok(TestOutcome {
            fighter: spec.fighter,
            kind: spec.kind.clone(),
            faces,
            passed,
        })
    }
}

impl Resolver for TestRoll {
    type Outcome = TestOutcome;

    fn title(&self) -> String {
        format!("{}: {}", self.0.name, self.0.kind.about())
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<TestOutcome, Pending> {
        Self::run(&self.0, steps)
    }
}
