//! Fear and rallying: the courage (MUT) test of a mobile machine or a crew
//! figure facing fear, and the rally (DIS) test of a frightened one
//! (chapter "Kommando und Flucht"; the difficulties are the core rules',
//! PC12).

use crate::game::refusal::{not_found, refused, say};
use feldherr_dice::step::{Pending, Resolver, Steps};
use feldherr_play::PlayError;
use feldherr_table::Table;
use serde::{Deserialize, Serialize};

use super::{ConfrontationGame, Effect, Subject};
use crate::{CharacteristicTest, ConfrontationRoll};

/// Which test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoraleTest {
    /// A courage (MUT) test against a fear value: failed, a mobile machine
    /// is frightened, a crew figure flees.
    Courage,
    /// A rally (DIS) test: passed, the machine or crew figure rallies.
    Rally,
}

/// A courage or rally test as a resolution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleInputs {
    /// The mobile machine or the crew figure testing.
    pub subject: Subject,
    /// Its name.
    pub name: String,
    /// Courage or rally.
    pub test: MoraleTest,
    /// MUT (courage) or DIS (rally), as printed.
    pub value: i32,
    /// The fear value, or the core rules' rally difficulty.
    pub difficulty: i32,
    /// Modifier on the die result.
    #[serde(default)]
    pub die_modifier: i32,
}

/// The test's result: passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoraleOutcome(pub bool);

impl std::fmt::Display for MoraleOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0 { "passed" } else { "failed" })
    }
}

/// The resolver of a [`MoraleInputs`].
#[derive(Debug, Clone)]
pub struct MoraleResolver {
    inputs: MoraleInputs,
    test: CharacteristicTest,
}

impl MoraleInputs {
    /// The resolver; the error names the bad input.
    pub fn resolver(&self) -> Result<MoraleResolver, PlayError> {
        let roll = ConfrontationRoll::standard()
            .with_modifier(self.die_modifier)
            .map_err(PlayError::Dice)?;
        let label = match self.test {
            MoraleTest::Courage => "MUT",
            MoraleTest::Rally => "DIS",
        };
        let test = CharacteristicTest::new(label, self.value, self.difficulty, roll)
            .map_err(super::edit::conf)?;
        Ok(MoraleResolver {
            inputs: self.clone(),
            test,
        })
    }

    /// What the test changes: a failed courage test frightens a machine or
    /// makes a crew figure flee; a passed rally test ends it.
    pub fn effect(&self, passed: bool) -> Option<Effect> {
        let now = match (self.test, passed) {
            (MoraleTest::Courage, false) => true,
            (MoraleTest::Rally, true) => false,
            _ => return None,
        };
        match self.subject {
            Subject::Machine(machine) => Some(Effect::Frightened {
                machine,
                frightened: now,
            }),
            Subject::Crew(crew) => Some(Effect::CrewFleeing { crew, fleeing: now }),
            Subject::Figure(_) => None,
        }
    }
}

impl Resolver for MoraleResolver {
    type Outcome = MoraleOutcome;

    fn title(&self) -> String {
        match self.inputs.test {
            MoraleTest::Courage => format!("Fear: {}'s courage test", self.inputs.name),
            MoraleTest::Rally => format!("{} rallies", self.inputs.name),
        }
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<MoraleOutcome, Pending> {
        self.test.resolve(steps, "Angst").map(MoraleOutcome)
    }
}

impl ConfrontationGame {
    /// A courage or rally test of a mobile machine (its card's MUT or DIS,
    /// text line 489) or of a crew figure (its own card's, line 504)
    /// against `difficulty`. Immobile machines take no tests (line 502);
    /// the machine's SP penalty does not touch MUT and DIS (C2).
    pub fn morale_inputs(
        &self,
        _table: &Table,
        subject: Subject,
        test: MoraleTest,
        difficulty: i32,
    ) -> Result<super::ConfrontationKind, PlayError> {
        let value = |v: Option<u32>, what: &str, name: &str| {
            v.and_then(|v| i32::try_from(v).ok()).ok_or_else(|| {
                refused(
                    say("morale.no_card")
                        .text("name", name.to_string())
                        .text("what", what.to_string()),
                    Some("Angst"),
                )
            })
        };
        let label = match test {
            MoraleTest::Courage => "MUT",
            MoraleTest::Rally => "DIS",
        };
        let (name, v) = match subject {
            Subject::Machine(id) => {
                let m = self.machine(id).ok_or_else(|| not_found("machine", id))?;
                if !m.card.is_mobile() {
                    return Err(refused(
                        say("morale.immobile_machines_take_no_mut")
                            .text("machine", m.name().to_string()),
                        Some("Angst"),
                    ));
                }
                if m.state.destroyed {
                    return Err(refused(
                        say("morale.destroyed").text("machine", m.name().to_string()),
                        None,
                    ));
                }
                if test == MoraleTest::Rally && !m.state.frightened {
                    return Err(refused(
                        say("morale.not_frightened").text("machine", m.name().to_string()),
                        Some("Angst"),
                    ));
                }
                let spec = m.card.spec();
                let raw = match test {
                    MoraleTest::Courage => spec.courage,
                    MoraleTest::Rally => spec.discipline,
                };
                (m.name().to_owned(), value(raw, label, m.name())?)
            }
            Subject::Crew(id) => {
                let c = self
                    .crew_figure(id)
                    .ok_or_else(|| not_found("crew figure", id))?;
                if c.dead {
                    return Err(refused(
                        say("morale.dead").text("crew", c.name().to_string()),
                        None,
                    ));
                }
                if test == MoraleTest::Rally && !c.fleeing {
                    return Err(refused(
                        say("morale.not_fleeing").text("crew", c.name().to_string()),
                        Some("Angst"),
                    ));
                }
                let raw = match test {
                    MoraleTest::Courage => c.card.courage,
                    MoraleTest::Rally => c.card.dis,
                };
                (c.name().to_owned(), value(raw, label, c.name())?)
            }
            Subject::Figure(_) => {
                return Err(refused(
                    say("morale.figure_s_fear_core_rules"),
                    Some("Angst"),
                ));
            }
        };
        let inputs = MoraleInputs {
            subject,
            name,
            test,
            value: v,
            difficulty,
            die_modifier: 0,
        };
        inputs.resolver()?;
        Ok(super::ConfrontationKind::Morale(inputs))
    }
}
