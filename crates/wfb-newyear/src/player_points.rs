//! One player's points over the event.

use serde::{Deserialize, Serialize};

use crate::{EventTieBreaker, SledPlace};

/// A player's event points per game and the values of the tie-breakers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerPoints {
    /// The player's id.
    pub player: String,
    /// The player's name.
    pub name: String,
    /// Event points from Raeuber-Warhammer (N1); 0 while unpaired or
    /// without result.
    pub raeuber_warhammer: u32,
    /// Event points from the New Year scenario, treasures included (N3).
    pub new_year_scenario: u32,
    /// Event points from the sled race (N6); 0 without race result.
    pub sled_race: u32,
    /// Own VP minus the opponent's over both battle games (standards bonus
    /// included).
    pub vp_difference: i64,
    /// Treasures recovered in the New Year scenario.
    pub treasures_recovered: u32,
    /// Sled race placing; `None` while there is no race result.
    pub sled_placing: Option<usize>,
    /// The sled place as the standings show it: empty before the race
    /// has a result, placed with the round, did not finish, did not start.
    pub sled_place: SledPlace,
}

impl PlayerPoints {
    /// Sum of the three games' event points. The points of a validated
    /// event always fit ([`PlayerPoints::checked_total`]).
    pub fn total(&self) -> u32 {
        self.raeuber_warhammer
            .saturating_add(self.new_year_scenario)
            .saturating_add(self.sled_race)
    }

    /// Sum of the three games' event points; `None` on overflow.
    pub fn checked_total(&self) -> Option<u32> {
        self.raeuber_warhammer
            .checked_add(self.new_year_scenario)?
            .checked_add(self.sled_race)
    }

    /// The value of a tie-breaker, as the standings compare it. Without a
    /// race result every player gets the same placing, so it decides
    /// nothing.
    pub fn tie_value(&self, tie_breaker: EventTieBreaker) -> f64 {
        match tie_breaker {
            // VP sums stay far below 2^53: exact.
            EventTieBreaker::VpDifference => self.vp_difference as f64,
            EventTieBreaker::TreasuresRecovered => f64::from(self.treasures_recovered),
            EventTieBreaker::SledPlacing => self.sled_placing.map_or(0.0, |p| p as f64),
        }
    }
}
