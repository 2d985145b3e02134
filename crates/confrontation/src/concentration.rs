//! Konzentration/X: X points a round to add to the characteristics printed
//! in bold, one at a time and whenever the player likes, but never to a
//! roll already made (nor to BEW once the move is measured). The bonus lasts
//! to the end of the round and cannot be passed on by Kommando.
//!
//! ```
//! use feldherr_confrontation::Concentration;
//! let mut c = Concentration::new(3, &["ATT", "STR"])?;
//! c.spend("ATT", 2)?;
//! c.used("ATT"); // the attack roll is made
//! assert!(c.spend("ATT", 1).is_err()); // too late for that roll
//! c.spend("STR", 1)?;
//! assert_eq!((c.bonus("ATT"), c.bonus("STR"), c.left()), (2, 1, 0));
//! assert!(c.spend("DEF", 1).is_err()); // DEF is not bold
//! # Ok::<(), feldherr_confrontation::ConfrontationError>(())
//! ```

use crate::game::refusal::{not_allowed, say};
use feldherr_dice::step::Message;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::{ConfrontationError, check_range};

/// The Konzentration points of one figure in the current round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Concentration {
    x: u32,
    bold: Vec<String>,
    spent: BTreeMap<String, u32>,
    used: Vec<String>,
}

impl Concentration {
    /// Konzentration/`x` for the bold characteristics `bold` ("ATT", "BEW" ...).
    ///
    /// # Errors
    /// [`ConfrontationError::InvalidValue`] for X outside 1..=20.
    pub fn new(x: u32, bold: &[&str]) -> Result<Self, ConfrontationError> {
        check_range("Konzentration X", x.into(), 1, 20, "1 to 20")?;
        Ok(Self {
            x,
            bold: bold.iter().map(|s| s.to_string()).collect(),
            spent: BTreeMap::new(),
            used: Vec::new(),
        })
    }

    /// Points still free this round.
    pub fn left(&self) -> u32 {
        self.x.saturating_sub(self.spent.values().sum())
    }

    /// The bonus on `characteristic` this round.
    pub fn bonus(&self, characteristic: &str) -> u32 {
        self.spent.get(characteristic).copied().unwrap_or(0)
    }

    /// Adds `points` to a bold characteristic.
    ///
    /// # Errors
    /// [`ConfrontationError::NotAllowed`]: not bold, not enough points, or
    /// the roll (or measured move) using it was already made.
    pub fn spend(&mut self, characteristic: &str, points: u32) -> Result<(), ConfrontationError> {
        let refuse = |message: Message| not_allowed("Konzentration", message);
        if !self.bold.iter().any(|b| b == characteristic) {
            return Err(refuse(
                say("concentration.not_printed_bold")
                    .text("characteristic", characteristic.to_string()),
            ));
        }
        if self.used.iter().any(|u| u == characteristic) {
            return Err(refuse(
                say("concentration.roll_measured_move_already_made")
                    .text("characteristic", characteristic.to_string()),
            ));
        }
        if points > self.left() {
            return Err(refuse(
                say("concentration.points_asked_left_round")
                    .text("points", points.to_string())
                    .text("left", self.left().to_string()),
            ));
        }
        *self.spent.entry(characteristic.to_string()).or_insert(0) += points;
        Ok(())
    }

    /// Notes that the roll using `characteristic` (or the measured move, for
    /// BEW) is made: later points cannot change it.
    pub fn used(&mut self, characteristic: &str) {
        self.used.push(characteristic.to_string());
    }

    /// A new round: all points free again, bonuses gone.
    pub fn new_round(&mut self) {
        self.spent.clear();
        self.used.clear();
    }
}
