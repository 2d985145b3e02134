//! The combat resolved step by step: results, winners, outnumbering,
//! Leadership tests with their odds, sweeping advances (F3, F4).

use std::fmt;

use feldherr_dice::mechanics::TwoD6Test;
use feldherr_dice::step::{ChoiceRequest, LogStep, Message, Pending, Resolver, Steps};
use feldherr_dice::{Die, OddsLine, RollRequest, Roller};
use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use super::{Combat, CombatUnit, Outnumbering};
use crate::army::Seat;

/// One unit's Leadership test (Moraltest).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleTest {
    /// The unit's side.
    pub seat: Seat,
    /// The unit.
    pub unit: Id,
    /// Its name.
    pub name: String,
    /// Its Leadership.
    pub leadership: u8,
    /// The outnumbering penalty of its side.
    pub penalty: u8,
    /// The two dice.
    pub faces: [u32; 2],
    /// Whether it held (2D6 at or under Leadership minus penalty).
    pub passed: bool,
}

/// One unit's sweeping-advance roll: D6 plus Initiative (P25).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepRoll {
    /// The unit.
    pub unit: Id,
    /// The die.
    pub face: u32,
    /// Its Initiative.
    pub initiative: u8,
    /// Die plus Initiative.
    pub total: u32,
}

/// What became of one winning side's sweeping advance (F4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepOutcome {
    /// The winning side.
    pub seat: Seat,
    /// Enemy units that still fight (neither destroyed nor fleeing); any
    /// of them forbids the advance.
    pub still_fighting: Vec<Id>,
    /// Whether the side advanced (allowed, something to catch, and chosen).
    pub advanced: bool,
    /// Its units' rolls, when it advanced.
    pub winner_rolls: Vec<SweepRoll>,
    /// The fleeing units' rolls, when it advanced.
    pub fleeing_rolls: Vec<SweepRoll>,
    /// The fleeing units it destroyed.
    pub destroyed: Vec<Id>,
}

impl SweepOutcome {
    /// Whether the advance was allowed: no enemy unit still fights.
    pub fn allowed(&self) -> bool {
        self.still_fighting.is_empty()
    }
}

/// The typed outcome of a combat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatOutcome {
    /// Each side's result (casualties caused), in side order.
    pub results: Vec<(Seat, u32)>,
    /// The winning sides; several on a tie.
    pub winners: Vec<Seat>,
    /// Their players' names, in the same order.
    pub winner_names: Vec<String>,
    /// Every side that did not win, compared with the winners.
    pub outnumbering: Vec<Outnumbering>,
    /// Every Leadership test, in side and unit order.
    pub tests: Vec<MoraleTest>,
    /// One entry per winning side.
    pub sweeps: Vec<SweepOutcome>,
    /// Units that flee and were not caught.
    pub fleeing: Vec<Id>,
    /// Units destroyed by a sweeping advance.
    pub destroyed: Vec<Id>,
}

impl fmt::Display for CombatOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "won by {}; {} test(s), {} unit(s) flee, {} destroyed by sweeping advance",
            self.winner_names.join(" and "),
            self.tests.len(),
            self.fleeing.len(),
            self.destroyed.len()
        )
    }
}

fn unit_by_id(combat: &Combat, id: Id) -> Option<&CombatUnit> {
    combat
        .sides
        .iter()
        .flat_map(|s| &s.units)
        .find(|u| u.unit == id)
}

fn player_name(combat: &Combat, seat: Seat) -> String {
    combat
        .side(seat)
        .map_or_else(|| format!("player {}", seat + 1), |s| s.player.clone())
}

impl Resolver for Combat {
    type Outcome = CombatOutcome;

    fn title(&self) -> String {
        let names: Vec<&str> = self.sides.iter().map(|s| s.player.as_str()).collect();
        format!("Close combat, round {}: {}", self.round, names.join(" vs "))
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<CombatOutcome, Pending> {
        let result = self.result();
        for side in &self.sides {
            steps.log(
                LogStep::rule(
                    "F3",
                    format!(
                        "{} caused {} casualties",
                        side.player, side.casualties_caused
                    ),
                )
                .with_message(
                    Message::new("wh40k_ffa.log.side_result")
                        .text("player", side.player.clone())
                        .int("casualties", side.casualties_caused),
                )
                .number("casualties", i64::from(side.casualties_caused)),
            );
        }
        for side in &self.sides {
            for unit in side.units.iter().filter(|u| u.lost > 0) {
                let (key, text) = if unit.models == 0 {
                    (
                        "wh40k_ffa.log.unit_destroyed",
                        format!(
                            "{} of {} lost its last {} models: destroyed",
                            unit.name, side.player, unit.lost
                        ),
                    )
                } else {
                    (
                        "wh40k_ffa.log.unit_losses",
                        format!(
                            "{} of {} lost {} models, {} left",
                            unit.name, side.player, unit.lost, unit.models
                        ),
                    )
                };
                steps.log(
                    LogStep::rule("F3", text)
                        .with_message(
                            Message::new(key)
                                .text("unit", unit.name.clone())
                                .text("player", side.player.clone())
                                .int("lost", unit.lost)
                                .int("left", unit.models),
                        )
                        .number("left", i64::from(unit.models)),
                );
            }
        }
        let winner_names: Vec<String> = result
            .winners
            .iter()
            .map(|&s| player_name(self, s))
            .collect();
        let (key, text) = if result.winners.len() == 1 {
            (
                "wh40k_ffa.log.winner",
                format!("{} wins the combat", winner_names.join(", ")),
            )
        } else {
            (
                "wh40k_ffa.log.winners_tied",
                format!(
                    "{} tie for the win; none of them tests",
                    winner_names.join(", ")
                ),
            )
        };
        steps.log(
            LogStep::rule("F3", text)
                .with_message(Message::new(key).text("players", winner_names.join(", ")))
                .number("winners", result.winners.len() as i64),
        );

        // Leadership tests, side by side.
        let mut tests = Vec::new();
        for out in &result.outnumbering {
            let name = player_name(self, out.seat);
            // "Leadership -2", never "-0": a side that is not outnumbered
            // gets a line of its own.
            let (key, text) = if out.penalty == 0 {
                (
                    "wh40k_ffa.log.not_outnumbered",
                    format!(
                        "{name}: {} models against {} winning models, not outnumbered",
                        out.models, out.winner_models
                    ),
                )
            } else {
                (
                    "wh40k_ffa.log.outnumbered",
                    format!(
                        "{name}: {} models against {} winning models, Leadership -{}",
                        out.models, out.winner_models, out.penalty
                    ),
                )
            };
            steps.log(
                LogStep::rule("F3", text)
                    .with_message(
                        Message::new(key)
                            .text("player", name.clone())
                            .int("models", out.models)
                            .int("winners", out.winner_models)
                            .int("penalty", out.penalty),
                    )
                    .number("penalty", i64::from(out.penalty)),
            );
            let Some(side) = self.side(out.seat) else {
                continue;
            };
            for unit in side.units.iter().filter(|u| u.models > 0) {
                let target = i32::from(unit.leadership) - i32::from(out.penalty);
                let test = TwoD6Test::new(target)?;
                let request = RollRequest::new(
                    2,
                    Die::D6,
                    format!("Leadership test of {} (need {target} or less)", unit.name),
                )
                .rule("F3")
                .with_message(
                    Message::new("wh40k_ffa.prompt.leadership")
                        .text("unit", unit.name.clone())
                        .int("need", target),
                )
                .odds_if(steps.wants_odds(), || test.distribution().odds_lines());
                let faces = steps.roll(request)?;
                let passed = test.evaluate(&faces)?.passed();
                let [a, b] = [
                    faces.first().copied().unwrap_or(0),
                    faces.get(1).copied().unwrap_or(0),
                ];
                let (key, verb) = if passed {
                    ("wh40k_ffa.log.test_passed", "holds")
                } else {
                    ("wh40k_ffa.log.test_failed", "flees")
                };
                steps.log(
                    LogStep::rule(
                        "F3",
                        format!("{} rolled {} against {target}: {verb}", unit.name, a + b),
                    )
                    .with_message(
                        Message::new(key)
                            .text("unit", unit.name.clone())
                            .int("total", a + b)
                            .int("need", target),
                    )
                    .number("total", i64::from(a + b)),
                );
                tests.push(MoraleTest {
                    seat: out.seat,
                    unit: unit.unit,
                    name: unit.name.clone(),
                    leadership: unit.leadership,
                    penalty: out.penalty,
                    faces: [a, b],
                    passed,
                });
            }
        }
        let mut fleeing: Vec<Id> = tests.iter().filter(|t| !t.passed).map(|t| t.unit).collect();
        let mut destroyed = Vec::new();

        // Sweeping advances, winner by winner (F4). Every unit of every
        // other side is an enemy, other winners' included: on a tie no
        // winner advances while another winner's unit still fights (P26).
        let mut sweeps = Vec::new();
        for &seat in &result.winners {
            let name = player_name(self, seat);
            let enemies: Vec<&CombatUnit> = self
                .sides
                .iter()
                .filter(|s| s.seat != seat)
                .flat_map(|s| &s.units)
                .filter(|u| u.models > 0 && !destroyed.contains(&u.unit))
                .collect();
            let still_fighting: Vec<Id> = enemies
                .iter()
                .filter(|u| !fleeing.contains(&u.unit))
                .map(|u| u.unit)
                .collect();
            let mut sweep = SweepOutcome {
                seat,
                still_fighting: still_fighting.clone(),
                advanced: false,
                winner_rolls: Vec::new(),
                fleeing_rolls: Vec::new(),
                destroyed: Vec::new(),
            };
            let own: Vec<&CombatUnit> = self
                .side(seat)
                .map(|s| s.units.iter().filter(|u| u.models > 0).collect())
                .unwrap_or_default();
            let targets: Vec<&CombatUnit> = enemies
                .iter()
                .filter(|u| fleeing.contains(&u.unit))
                .copied()
                .collect();
            if !still_fighting.is_empty() {
                let names: Vec<String> = still_fighting
                    .iter()
                    .filter_map(|id| unit_by_id(self, *id))
                    .map(|u| u.name.clone())
                    .collect();
                steps.log(
                    LogStep::rule(
                        "F4",
                        format!("{name} may not advance: {} still fight", names.join(", ")),
                    )
                    .with_message(
                        Message::new("wh40k_ffa.log.sweep_refused")
                            .text("player", name.clone())
                            .text("units", names.join(", ")),
                    ),
                );
                sweeps.push(sweep);
                continue;
            }
            if targets.is_empty() || own.is_empty() {
                steps.log(
                    LogStep::rule("F4", format!("{name}: nobody flees, nothing to advance on"))
                        .with_message(
                            Message::new("wh40k_ffa.log.sweep_nothing")
                                .text("player", name.clone()),
                        ),
                );
                sweeps.push(sweep);
                continue;
            }
            let choice = steps.choose(
                ChoiceRequest::new(format!("{name}: sweeping advance?"))
                    .rule("F4")
                    .with_message(
                        Message::new("wh40k_ffa.prompt.sweep").text("player", name.clone()),
                    )
                    .option_message(
                        "advance",
                        Message::new("wh40k_ffa.option.advance"),
                        "every winning unit rolls against every fleeing unit",
                    )
                    .detail_message(Message::new("wh40k_ffa.option.advance_detail"))
                    .option_message(
                        "stay",
                        Message::new("wh40k_ffa.option.stay"),
                        "the fleeing units get away",
                    )
                    .detail_message(Message::new("wh40k_ffa.option.stay_detail")),
            )?;
            if choice != 0 {
                steps.log(
                    LogStep::rule("F4", format!("{name} does not advance")).with_message(
                        Message::new("wh40k_ffa.log.sweep_declined").text("player", name.clone()),
                    ),
                );
                sweeps.push(sweep);
                continue;
            }
            sweep.advanced = true;
            let rule = self.rules.sweep;
            let own_is: Vec<u32> = own.iter().map(|u| u32::from(u.initiative)).collect();
            let own_names: Vec<&str> = own.iter().map(|u| u.name.as_str()).collect();
            let request = RollRequest::new(
                own.len(),
                Die::D6,
                format!(
                    "sweeping advance of {} (D6 + Initiative each)",
                    own_names.join(", ")
                ),
            )
            .with_owners(own_names.iter().copied())
            .rule("F4")
            .with_message(
                Message::new("wh40k_ffa.prompt.sweep_winners").text("units", own_names.join(", ")),
            )
            .odds_if(steps.wants_odds(), || {
                targets
                    .iter()
                    .map(|t| OddsLine {
                        label: format!("{} destroyed", t.name),
                        probability: rule.chance_caught(&own_is, u32::from(t.initiative)),
                    })
                    .collect()
            });
            let faces = steps.roll(request)?;
            sweep.winner_rolls = own
                .iter()
                .zip(&faces)
                .map(|(u, &face)| SweepRoll {
                    unit: u.unit,
                    face,
                    initiative: u.initiative,
                    total: face + u32::from(u.initiative),
                })
                .collect();
            let totals: Vec<u32> = sweep.winner_rolls.iter().map(|r| r.total).collect();
            let listed = sweep
                .winner_rolls
                .iter()
                .zip(&own)
                .map(|(r, u)| format!("{} {} ({} + {})", u.name, r.total, r.face, r.initiative))
                .collect::<Vec<_>>()
                .join(", ");
            let total_list = totals
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            steps.log(
                LogStep::rule("F4", format!("{name} advances: {listed} (D6 + Initiative)"))
                    .with_message(
                        Message::new("wh40k_ffa.log.sweep_totals")
                            .text("player", name.clone())
                            .text("totals", listed.clone()),
                    ),
            );
            let target_names: Vec<&str> = targets.iter().map(|u| u.name.as_str()).collect();
            let request = RollRequest::new(
                targets.len(),
                Die::D6,
                format!(
                    "flight of {} (D6 + Initiative each)",
                    target_names.join(", ")
                ),
            )
            .with_owners(target_names.iter().copied())
            .rule("F4")
            .with_message(
                Message::new("wh40k_ffa.prompt.sweep_fleeing")
                    .text("units", target_names.join(", ")),
            )
            .odds_if(steps.wants_odds(), || {
                targets
                    .iter()
                    .map(|t| OddsLine {
                        label: format!("{} destroyed", t.name),
                        probability: rule.chance_caught_given(&totals, u32::from(t.initiative)),
                    })
                    .collect()
            });
            let faces = steps.roll(request)?;
            for (target, &face) in targets.iter().zip(&faces) {
                let total = face + u32::from(target.initiative);
                sweep.fleeing_rolls.push(SweepRoll {
                    unit: target.unit,
                    face,
                    initiative: target.initiative,
                    total,
                });
                let caught = rule.caught(&totals, total);
                let (key, text) = if caught {
                    (
                        "wh40k_ffa.log.caught",
                        format!(
                            "{} ({total} = {face} + {}) against {total_list}: caught and destroyed",
                            target.name, target.initiative
                        ),
                    )
                } else {
                    (
                        "wh40k_ffa.log.escaped",
                        format!(
                            "{} ({total} = {face} + {}) against {total_list}: gets away",
                            target.name, target.initiative
                        ),
                    )
                };
                steps.log(
                    LogStep::rule("F4", text)
                        .with_message(
                            Message::new(key)
                                .text("unit", target.name.clone())
                                .int("total", total)
                                .int("face", face)
                                .int("initiative", target.initiative)
                                .text("winners", total_list.clone())
                                .key("rule", rule.label_key()),
                        )
                        .number("total", i64::from(total)),
                );
                if caught {
                    sweep.destroyed.push(target.unit);
                    destroyed.push(target.unit);
                    fleeing.retain(|id| *id != target.unit);
                }
            }
            sweeps.push(sweep);
        }
        Ok(CombatOutcome {
            results: result.results,
            winners: result.winners,
            winner_names,
            outnumbering: result.outnumbering,
            tests,
            sweeps,
            fleeing,
            destroyed,
        })
    }
}
