//! The roll-off for round 1 (F2): every player rolls a D6, the highest
//! starts; players tied for highest roll again.

use std::fmt;

use feldherr_dice::step::{LogStep, Message, Pending, Resolver, Steps};
use feldherr_dice::{Die, OddsLine, RollRequest, Roller};
use serde::{Deserialize, Serialize};

use crate::army::Seat;

/// One player taking part in a roll-off or a draw: his seat and name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Contender {
    /// His seat.
    pub seat: Seat,
    /// His name, for prompts and logs.
    pub name: String,
}

/// The roll-off: its contenders in seat order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollOff {
    /// Every player.
    pub players: Vec<Contender>,
}

/// Who won the roll-off.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollOffWinner {
    /// The winner's seat.
    pub seat: Seat,
    /// His name.
    pub name: String,
    /// How many times the dice were rolled (1 without a tie).
    pub rolls: u32,
}

impl fmt::Display for RollOffWinner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} starts round 1", self.name)
    }
}

impl Resolver for RollOff {
    type Outcome = RollOffWinner;

    fn title(&self) -> String {
        "Roll-off for the first turn".into()
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<RollOffWinner, Pending> {
        let mut contenders: Vec<&Contender> = self.players.iter().collect();
        let mut rolls = 0u32;
        loop {
            rolls += 1;
            let names: Vec<&str> = contenders.iter().map(|c| c.name.as_str()).collect();
            let n = contenders.len();
            let request = RollRequest::new(n, Die::D6, format!("roll-off: {}", names.join(", ")))
                .with_owners(names.iter().copied())
                .rule("F2")
                .with_message(
                    Message::new("wh40k_ffa.prompt.roll_off").text("players", names.join(", ")),
                )
                .odds_if(steps.wants_odds(), || {
                    // Ties are rolled again, so each contender starts with
                    // the same chance in the end.
                    contenders
                        .iter()
                        .map(|c| OddsLine {
                            label: format!("{} starts", c.name),
                            probability: 1.0 / n as f64,
                        })
                        .collect()
                });
            let faces = steps.roll(request)?;
            let high = faces.iter().copied().max().unwrap_or(0);
            let tied: Vec<&Contender> = contenders
                .iter()
                .zip(&faces)
                .filter(|&(_, &f)| f == high)
                .map(|(c, _)| *c)
                .collect();
            if let [winner] = tied.as_slice() {
                steps.log(
                    LogStep::rule(
                        "F2",
                        format!("{} rolled highest ({high}) and starts round 1", winner.name),
                    )
                    .with_message(
                        Message::new("wh40k_ffa.log.roll_off_won")
                            .text("player", winner.name.clone())
                            .int("face", high),
                    )
                    .number("seat", winner.seat as i64 + 1),
                );
                return Ok(RollOffWinner {
                    seat: winner.seat,
                    name: winner.name.clone(),
                    rolls,
                });
            }
            let names: Vec<&str> = tied.iter().map(|c| c.name.as_str()).collect();
            steps.log(
                LogStep::rule(
                    "F2",
                    format!("{} tied at {high} and roll again", names.join(", ")),
                )
                .with_message(
                    Message::new("wh40k_ffa.log.roll_off_tie")
                        .text("players", names.join(", "))
                        .int("face", high),
                ),
            );
            contenders = tied;
        }
    }
}
