//! The turn order (Ablauf), ruling F2: the roll-off starts round 1, the
//! dice bag decides the rest.

use crate::refusal::{invalid, refused, say};
use feldherr_dice::step::Message;
use feldherr_play::PlayError;
use serde::{Deserialize, Serialize};

use crate::army::Seat;

/// The most rounds a game records (a bound on work, far above any
/// mission's length).
pub const MAX_ROUNDS: usize = 99;

/// What is in the bag before the next draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bag {
    /// The round the next draw belongs to, from 1.
    pub round: usize,
    /// The seats whose dice are in the bag, in seat order.
    pub dice: Vec<Seat>,
    /// The die held back until this draw is made: the last player of the
    /// previous round (F2), on the first draw of rounds 2 and later.
    pub held_back: Option<Seat>,
}

impl Bag {
    /// The exact chance that the next draw is `seat`'s die.
    pub fn chance_of(&self, seat: Seat) -> f64 {
        if self.dice.contains(&seat) {
            1.0 / self.dice.len() as f64
        } else {
            0.0
        }
    }
}

/// The order of play of every round so far.
///
/// The first entry of round 1 is the roll-off winner; every other entry
/// is a draw from the bag. The last entry is the player whose turn it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnOrder {
    /// How many players take part.
    pub players: usize,
    /// Each round's order of play, oldest first.
    #[serde(default)]
    pub rounds: Vec<Vec<Seat>>,
}

impl TurnOrder {
    /// An order for `players` players, before the roll-off.
    ///
    /// # Errors
    /// [`PlayError::Refused`] unless there are three or four players.
    pub fn new(players: usize) -> Result<Self, PlayError> {
        if !(3..=4).contains(&players) {
            return Err(refused(
                say("turn_order.free_all_played_three_four").text("players", players.to_string()),
                None,
            ));
        }
        Ok(Self {
            players,
            rounds: Vec::new(),
        })
    }

    fn check_seat(&self, seat: Seat) -> Result<(), PlayError> {
        if seat >= self.players {
            return Err(invalid(
                "seat",
                seat + 1,
                say("turn_order.players_are_1").text("players", self.players.to_string()),
            ));
        }
        Ok(())
    }

    /// Starts round 1 with the roll-off winner.
    ///
    /// # Errors
    /// [`PlayError::Refused`] once round 1 has started;
    /// [`PlayError::Invalid`] for a seat that does not exist.
    pub fn start(&mut self, winner: Seat) -> Result<(), PlayError> {
        self.check_seat(winner)?;
        if !self.rounds.is_empty() {
            return Err(refused(
                say("turn_order.round_1_has_started_already"),
                Some("F2"),
            ));
        }
        self.rounds.push(vec![winner]);
        Ok(())
    }

    /// Whether the roll-off has started round 1.
    pub fn started(&self) -> bool {
        !self.rounds.is_empty()
    }

    /// The round being played (from 1) and whose turn it is; `None`
    /// before the roll-off.
    pub fn current(&self) -> Option<(usize, Seat)> {
        let round = self.rounds.last()?;
        Some((self.rounds.len(), *round.last()?))
    }

    /// The bag before the next draw; `None` before the roll-off.
    pub fn bag(&self) -> Option<Bag> {
        let round = self.rounds.last()?;
        if round.len() < self.players {
            Some(Bag {
                round: self.rounds.len(),
                dice: (0..self.players).filter(|s| !round.contains(s)).collect(),
                held_back: None,
            })
        } else {
            let last = round.last().copied();
            Some(Bag {
                round: self.rounds.len() + 1,
                dice: (0..self.players).filter(|s| Some(*s) != last).collect(),
                held_back: last,
            })
        }
    }

    /// Checks that the next draw may be `seat`'s die.
    ///
    /// # Errors
    /// [`PlayError::Refused`] (F2) before the roll-off, for the player who
    /// just played (his die is held back: he would play twice in a row),
    /// for a player who played this round already, and beyond
    /// [`MAX_ROUNDS`]; [`PlayError::Invalid`] for a seat that does not
    /// exist.
    pub fn check_draw(&self, seat: Seat) -> Result<Bag, PlayError> {
        self.check_seat(seat)?;
        let bag = self
            .bag()
            .ok_or_else(|| refused(say("turn_order.roll_off_decides_who_starts"), Some("F2")))?;
        if bag.round > MAX_ROUNDS {
            return Err(refused(
                say("turn_order.game_records_most_rounds")
                    .text("max_rounds", MAX_ROUNDS.to_string()),
                None,
            ));
        }
        if bag.dice.contains(&seat) {
            return Ok(bag);
        }
        if bag.held_back == Some(seat) {
            return Err(refused(
                say("turn_order.player_played_last_round_his")
                    .text("seat_1", (seat + 1).to_string())
                    .text("bag_round_1", (bag.round - 1).to_string())
                    .text("bag_round", bag.round.to_string()),
                Some("F2"),
            ));
        }
        Err(refused(
            say("turn_order.player_has_played_round_already")
                .text("seat_1", (seat + 1).to_string())
                .text("bag_round", bag.round.to_string()),
            Some("F2"),
        ))
    }

    /// Records a draw of `seat`'s die: he plays next.
    ///
    /// # Errors
    /// As [`TurnOrder::check_draw`].
    pub fn draw(&mut self, seat: Seat) -> Result<(), PlayError> {
        let bag = self.check_draw(seat)?;
        if bag.round > self.rounds.len() {
            self.rounds.push(vec![seat]);
        } else if let Some(round) = self.rounds.last_mut() {
            round.push(seat);
        }
        Ok(())
    }

    /// Takes back the last draw (or the roll-off result); false when there
    /// was nothing to take back.
    pub fn take_back(&mut self) -> bool {
        let Some(round) = self.rounds.last_mut() else {
            return false;
        };
        round.pop();
        if round.is_empty() {
            self.rounds.pop();
        }
        true
    }

    /// Checks a loaded order by replaying it.
    pub(crate) fn check(&self) -> Result<(), PlayError> {
        let mut replay = TurnOrder::new(self.players)?;
        for (r, round) in self.rounds.iter().enumerate() {
            if round.is_empty() {
                return Err(invalid(
                    format!("turn_order.rounds[{r}]"),
                    "[]",
                    say("turn_order.round_has_least_one_player"),
                ));
            }
            for (i, &seat) in round.iter().enumerate() {
                let result = if r == 0 && i == 0 {
                    replay.start(seat)
                } else {
                    replay.draw(seat)
                };
                result.map_err(|e| {
                    let why = e
                        .message()
                        .cloned()
                        .unwrap_or_else(|| Message::verbatim(&e.to_string()));
                    PlayError::invalid(
                        format!("turn_order.rounds[{r}][{i}]"),
                        seat + 1,
                        e.to_string(),
                    )
                    .with_message(
                        say("load.turn_order")
                            .int("round", i64::try_from(r + 1).unwrap_or(i64::MAX))
                            .nested("reason", why),
                    )
                })?;
                if i == 0 && r > 0 && replay.rounds.len() != r + 1 {
                    return Err(invalid(
                        format!("turn_order.rounds[{}]", r.saturating_sub(1)),
                        "unfinished",
                        say("turn_order.round_ends_only_when_everybody"),
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod load_tests {
    use feldherr_play::{Catalogue, Lang};

    use super::*;

    /// A saved order that does not replay is refused on load with a
    /// sentence each language says (issue #27).
    #[test]
    fn a_saved_order_that_does_not_replay_is_said_in_german() {
        let mut order = TurnOrder::new(3).expect("order");
        order.rounds = vec![vec![0, 1, 2], vec![2, 0, 1]];
        let e = order.check().expect_err("refused");
        assert!(e.to_string().contains("turn_order.rounds[1][0]"), "{e}");
        let de = Catalogue::of_game::<crate::FreeForAll>(Lang::De).error(&e);
        let en = Catalogue::of_game::<crate::FreeForAll>(Lang::En).error(&e);
        assert!(
            de.starts_with(
                "Runde 2 der gespeicherten Zugreihenfolge lässt sich nicht nachspielen: "
            ),
            "{de}"
        );
        assert!(
            en.starts_with("round 2 of the saved turn order does not replay: "),
            "{en}"
        );
        assert!(!de.contains("[1]"), "{de}");
    }
}
