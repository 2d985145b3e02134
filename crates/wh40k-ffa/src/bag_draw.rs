//! A draw from the dice bag by the software (F2): a die roll over the
//! bag's contents, each die equally likely.

use std::fmt;

use feldherr_dice::step::{LogStep, Message, Pending, Resolver, Steps};
use feldherr_dice::{Die, OddsLine, RollRequest, Roller};
use serde::{Deserialize, Serialize};

use crate::army::Seat;
use crate::roll_off::Contender;

/// A draw: the round and the dice in the bag, in seat order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BagDraw {
    /// The round the draw belongs to, from 1.
    pub round: usize,
    /// The players whose dice are in the bag.
    pub bag: Vec<Contender>,
}

/// Whose die came out of the bag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drawn {
    /// The round, from 1.
    pub round: usize,
    /// The seat drawn.
    pub seat: Seat,
    /// His name.
    pub name: String,
}

impl fmt::Display for Drawn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} plays next in round {}", self.name, self.round)
    }
}

impl Resolver for BagDraw {
    type Outcome = Drawn;

    fn title(&self) -> String {
        format!("Draw from the bag, round {}", self.round)
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<Drawn, Pending> {
        let names: Vec<&str> = self.bag.iter().map(|c| c.name.as_str()).collect();
        let index = match self.bag.len() {
            0 => {
                return Err(Pending::Failed(feldherr_dice::DiceError::InvalidDie {
                    sides: 0,
                }));
            }
            1 => 0,
            n => {
                let die = Die::new(n as u32)?;
                let list: Vec<String> = names
                    .iter()
                    .enumerate()
                    .map(|(i, name)| format!("{} = {name}", i + 1))
                    .collect();
                let request =
                    RollRequest::new(1, die, format!("draw from the bag ({})", list.join(", ")))
                        .rule("F2")
                        .with_message(
                            Message::new("wh40k_ffa.prompt.draw").text("faces", list.join(", ")),
                        )
                        .odds_if(steps.wants_odds(), || {
                            self.bag
                                .iter()
                                .map(|c| OddsLine {
                                    label: c.name.clone(),
                                    probability: 1.0 / n as f64,
                                })
                                .collect()
                        });
                let face = steps.roll_one(request)?;
                face.saturating_sub(1) as usize
            }
        };
        let Some(drawn) = self.bag.get(index) else {
            return Err(Pending::Failed(feldherr_dice::DiceError::AlreadyFinished));
        };
        if self.bag.len() == 1 {
            steps.log(
                LogStep::rule(
                    "F2",
                    format!("only {}'s die is left in the bag", drawn.name),
                )
                .with_message(
                    Message::new("wh40k_ffa.log.last_die").text("player", drawn.name.clone()),
                ),
            );
        } else {
            steps.log(
                LogStep::rule(
                    "F2",
                    format!(
                        "{}'s die came out of the bag ({} dice in it)",
                        drawn.name,
                        self.bag.len()
                    ),
                )
                .with_message(
                    Message::new("wh40k_ffa.log.drawn")
                        .text("player", drawn.name.clone())
                        .int("dice", self.bag.len() as i64),
                )
                .number("seat", drawn.seat as i64 + 1),
            );
        }
        Ok(Drawn {
            round: self.round,
            seat: drawn.seat,
            name: drawn.name.clone(),
        })
    }
}
