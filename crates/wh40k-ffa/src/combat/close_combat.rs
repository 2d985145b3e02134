//! A close combat of any number of sides (Nahkampf, Moral), F3.

use crate::refusal::{invalid, refused, say};
use feldherr_play::{Id, PlayError};
use serde::{Deserialize, Serialize};

use super::{OutnumberTable, SeveralWinners, SweepRule};
use crate::army::{MAX_MODELS, Seat};

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The most casualties one side may enter for one combat.
pub const MAX_CASUALTIES: u32 = 1000;
/// The most units one side may bring into one combat.
pub const MAX_COMBAT_UNITS: usize = 20;

/// One unit in a combat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatUnit {
    /// The unit's id in its army.
    pub unit: Id,
    /// Its name.
    pub name: String,
    /// Its models still in the fight after this round's casualties; 0
    /// means the unit was destroyed.
    pub models: u32,
    /// Models it lost in this round of the combat: it came into the
    /// combat with `models + lost`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub lost: u32,
    /// The player whose casualties were its last, when it was destroyed
    /// in a combat of three or more sides and the players said so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lost_to: Option<Seat>,
    /// Leadership, 1 to 10.
    pub leadership: u8,
    /// Initiative, 1 to 10.
    pub initiative: u8,
}

/// One side of a combat: one player's units and the casualties they
/// caused, whoever took them (F3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatSide {
    /// The player's seat.
    pub seat: Seat,
    /// The player's name.
    pub player: String,
    /// All casualties the side's units caused in this combat.
    pub casualties_caused: u32,
    /// Its units in the combat.
    pub units: Vec<CombatUnit>,
}

impl CombatSide {
    /// The side's models still in the fight (all its engaged units, F3).
    pub fn models(&self) -> u32 {
        self.units.iter().map(|u| u.models).sum()
    }
}

/// The options a combat is resolved with: game data, saved with the game.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatRules {
    /// The outnumbering table (F3).
    #[serde(default)]
    pub outnumbering: OutnumberTable,
    /// With several winners, whom a testing side is compared with (F3).
    #[serde(default)]
    pub several_winners: SeveralWinners,
    /// When a sweeping advance catches a fleeing unit (F4).
    #[serde(default)]
    pub sweep: SweepRule,
}

/// A combat as entered by the organiser: the round and whose turn it is
/// fought in, its sides and the rules it is resolved with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Combat {
    /// The round, from 1.
    pub round: usize,
    /// The active player: a combat is fought only in the turn of a player
    /// who takes part in it.
    pub turn_of: Seat,
    /// Its sides, two or more, one per player.
    pub sides: Vec<CombatSide>,
    /// The options it is resolved with.
    #[serde(default)]
    pub rules: CombatRules,
}

/// A testing side compared with the winners (F3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outnumbering {
    /// The testing side.
    pub seat: Seat,
    /// Its models in the fight.
    pub models: u32,
    /// The winning models it is compared with.
    pub winner_models: u32,
    /// The Leadership penalty from the table.
    pub penalty: u8,
}

/// Who won a combat and who tests, before any die is rolled (F3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatResult {
    /// Each side's result: the casualties it caused, in side order.
    pub results: Vec<(Seat, u32)>,
    /// The sides with the highest result; more than one on a tie.
    pub winners: Vec<Seat>,
    /// Every side that did not win, compared with the winners.
    pub outnumbering: Vec<Outnumbering>,
    /// The units that test, with their side: every unit of a side that did
    /// not win and still has models.
    pub testing: Vec<(Seat, Id)>,
}

/// Whether a combat of these seats is fought in `active`'s turn: only
/// those in which the active player takes part.
pub fn fought_in_turn_of(seats: &[Seat], active: Seat) -> bool {
    seats.contains(&active)
}

impl Combat {
    /// Checks the combat: at least two sides of distinct players, each
    /// with one or more units, every number within bounds, and the active
    /// player taking part.
    ///
    /// # Errors
    /// [`PlayError::Invalid`] naming the field; [`PlayError::Refused`]
    /// when the active player takes no part.
    pub fn check(&self) -> Result<(), PlayError> {
        if self.sides.len() < 2 {
            return Err(invalid(
                "sides",
                self.sides.len(),
                say("close_combat.combat_has_least_two_sides"),
            ));
        }
        self.rules.outnumbering.check()?;
        let mut seen = std::collections::BTreeSet::new();
        for (i, side) in self.sides.iter().enumerate() {
            let path = format!("sides[{i}]");
            if self.sides[..i].iter().any(|s| s.seat == side.seat) {
                return Err(invalid(
                    format!("{path}.seat"),
                    side.seat + 1,
                    say("close_combat.each_player_one_side_put"),
                ));
            }
            if side.casualties_caused > MAX_CASUALTIES {
                return Err(invalid(
                    format!("{path}.casualties_caused"),
                    side.casualties_caused,
                    say("close_combat.most").text("max_casualties", MAX_CASUALTIES.to_string()),
                ));
            }
            if side.units.is_empty() || side.units.len() > MAX_COMBAT_UNITS {
                return Err(invalid(
                    format!("{path}.units"),
                    side.units.len(),
                    say("close_combat.side_brings_1_units")
                        .text("max_combat_units", MAX_COMBAT_UNITS.to_string()),
                ));
            }
            for (j, unit) in side.units.iter().enumerate() {
                let upath = format!("{path}.units[{j}]");
                if unit.models > MAX_MODELS {
                    return Err(invalid(
                        format!("{upath}.models"),
                        unit.models,
                        say("close_combat.most_2").text("max_models", MAX_MODELS.to_string()),
                    ));
                }
                if unit.lost > MAX_MODELS {
                    return Err(invalid(
                        format!("{upath}.lost"),
                        unit.lost,
                        say("close_combat.unit_has_most_models_lose")
                            .text("unit_name", unit.name.to_string())
                            .text("side_player", side.player.to_string())
                            .text("max_models", MAX_MODELS.to_string()),
                    ));
                }
                if let Some(by) = unit.lost_to
                    && (by == side.seat || !self.sides.iter().any(|s| s.seat == by))
                {
                    return Err(invalid(
                        format!("{upath}.lost_to"),
                        by + 1,
                        say("close_combat.can_only_lose_models_another")
                            .text("unit_name", unit.name.to_string())
                            .text("side_player", side.player.to_string()),
                    ));
                }
                for (field, value) in [
                    ("leadership", unit.leadership),
                    ("initiative", unit.initiative),
                ] {
                    if !(1..=10).contains(&value) {
                        return Err(invalid(
                            format!("{upath}.{field}"),
                            value,
                            say("close_combat.must_1_10"),
                        ));
                    }
                }
                if !seen.insert(unit.unit) {
                    return Err(invalid(
                        format!("{upath}.unit"),
                        unit.unit,
                        say("close_combat.unit_combat_twice"),
                    ));
                }
            }
        }
        let seats: Vec<Seat> = self.sides.iter().map(|s| s.seat).collect();
        if !fought_in_turn_of(&seats, self.turn_of) {
            return Err(refused(
                say("close_combat.only_combats_with_units_active")
                    .text("turn_of_1", (self.turn_of + 1).to_string()),
                Some("F3"),
            ));
        }
        Ok(())
    }

    /// The side of `seat`.
    pub fn side(&self, seat: Seat) -> Option<&CombatSide> {
        self.sides.iter().find(|s| s.seat == seat)
    }

    /// Winners, outnumbering and testing units (F3): each side's result is
    /// every casualty it caused; the highest result wins and several sides
    /// tied for it all win; every unit of every other side tests. A unit
    /// with no model left does not test, and models are counted after the
    /// round's casualties (P26).
    pub fn result(&self) -> CombatResult {
        let results: Vec<(Seat, u32)> = self
            .sides
            .iter()
            .map(|s| (s.seat, s.casualties_caused))
            .collect();
        let high = results.iter().map(|r| r.1).max().unwrap_or(0);
        let winners: Vec<Seat> = results
            .iter()
            .filter(|r| r.1 == high)
            .map(|r| r.0)
            .collect();
        let winning = self.sides.iter().filter(|s| winners.contains(&s.seat));
        let winner_models = match self.rules.several_winners {
            SeveralWinners::LargestSide => winning.map(CombatSide::models).max().unwrap_or(0),
            SeveralWinners::AllTogether => winning.map(CombatSide::models).sum(),
        };
        let losers = self.sides.iter().filter(|s| !winners.contains(&s.seat));
        let outnumbering = losers
            .clone()
            .map(|s| Outnumbering {
                seat: s.seat,
                models: s.models(),
                winner_models,
                penalty: self.rules.outnumbering.penalty(winner_models, s.models()),
            })
            .collect();
        let testing = losers
            .flat_map(|s| {
                s.units
                    .iter()
                    .filter(|u| u.models > 0)
                    .map(move |u| (s.seat, u.unit))
            })
            .collect();
        CombatResult {
            results,
            winners,
            outnumbering,
            testing,
        }
    }
}
