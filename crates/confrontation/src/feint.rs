//! Finte: successful attack dice turned into feints that cancel the
//! opponent's combat dice.
//!
//! ```
//! use feldherr_confrontation::Feint;
//! // 3 successful attacks; the opponent has 2 ATT and 2 DEF dice.
//! let mut f = Feint::new(3, 2, 2)?;
//! f.cancel_defence()?;
//! f.cancel_defence()?;
//! assert_eq!((f.attacks_left(), f.opponent_defence()), (1, 0)); // one blow he cannot parry
//! # Ok::<(), feldherr_confrontation::ConfrontationError>(())
//! ```

use crate::game::refusal::{not_allowed, say};
use feldherr_dice::step::Message;
use serde::{Deserialize, Serialize};

use crate::error::{ConfrontationError, check_range};

/// A figure with Finte deciding, before the opponent's DEF roll, how many
/// of its successful attacks become feints. Each feint cancels one ATT or
/// one DEF die of an opponent in melee with it; it need not convert any,
/// and once it stops the defender defends as usual with what is left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Feint {
    attacks: u32,
    opp_att: u32,
    opp_def: u32,
    done: bool,
}

impl Feint {
    /// `successful` attacks against an opponent (in melee with the figure)
    /// who still has `opp_att` ATT and `opp_def` DEF dice.
    ///
    /// # Errors
    /// [`ConfrontationError::InvalidValue`] for more than 20 dice.
    pub fn new(successful: u32, opp_att: u32, opp_def: u32) -> Result<Self, ConfrontationError> {
        for (f, v) in [
            ("attacks", successful),
            ("ATT dice", opp_att),
            ("DEF dice", opp_def),
        ] {
            check_range(f, v.into(), 0, 20, "0 to 20")?;
        }
        Ok(Self {
            attacks: successful,
            opp_att,
            opp_def,
            done: false,
        })
    }

    fn take(&mut self, which: &'static str) -> Result<(), ConfrontationError> {
        if self.done {
            return Err(refused(say("feint.feints_end_once_defender_rolls")));
        }
        if self.attacks == 0 {
            return Err(refused(say("feint.no_successful_attack_left_turn")));
        }
        let dice = if which == "ATT" {
            &mut self.opp_att
        } else {
            &mut self.opp_def
        };
        if *dice == 0 {
            return Err(refused(
                say("feint.opponent_has_no_die_left").text("which", which.to_string()),
            ));
        }
        *dice -= 1;
        self.attacks -= 1;
        Ok(())
    }

    /// A feint cancels one opponent ATT die.
    ///
    /// # Errors
    /// No attack left, no such die, or feints already ended.
    pub fn cancel_attack(&mut self) -> Result<(), ConfrontationError> {
        self.take("ATT")
    }

    /// A feint cancels one opponent DEF die.
    ///
    /// # Errors
    /// No attack left, no such die, or feints already ended.
    pub fn cancel_defence(&mut self) -> Result<(), ConfrontationError> {
        self.take("DEF")
    }

    /// No more feints: the defender now rolls DEF against the attacks left.
    pub fn finish(&mut self) {
        self.done = true;
    }

    /// Successful attacks still to be parried.
    pub fn attacks_left(&self) -> u32 {
        self.attacks
    }

    /// The opponent's ATT dice left.
    pub fn opponent_attack(&self) -> u32 {
        self.opp_att
    }

    /// The opponent's DEF dice left.
    pub fn opponent_defence(&self) -> u32 {
        self.opp_def
    }
}

fn refused(message: Message) -> ConfrontationError {
    not_allowed("Finte", message)
}
