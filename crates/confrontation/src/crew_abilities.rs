//! Crew abilities: repair (Mechaniker/X, C10), mines and decoys
//! (Minenleger), barricades (Pionier/X). Distances in centimetres.
//!
//! ```
//! use feldherr_confrontation::{Repair, RepairResult};
//! use feldherr_dice::step::Driver;
//! let mut d = Driver::new(Repair::new(4, 8, 2)?); // X 4, 8 SP, 2 lost
//! d.answer_dice(vec![5])?;
//! assert_eq!(d.outcome().map(|o| o.sp_lost), Some(1));
//! assert_eq!(d.outcome().map(|o| o.result), Some(RepairResult::Repaired));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::game::refusal::{not_allowed, say};
use feldherr_dice::step::{LogStep, Message, Pending, Resolver, Steps};
use feldherr_dice::{Die, Dist, OddsLine, RollRequest, Roller};
use serde::{Deserialize, Serialize};

use crate::error::{ConfrontationError, check_range};

/// Markers and barricades go within this distance of their machine.
pub const PLACEMENT_CM: f64 = 20.0;
/// A figure this close to a mine or decoy sets it off.
pub const TRIGGER_CM: f64 = 5.0;
/// A mine wounds every figure wholly or partly within this distance.
pub const MINE_BLAST_CM: f64 = 10.0;
/// STR of a mine's wound.
pub const MINE_STRENGTH: i32 = 6;
/// RES of a barricade.
pub const BARRICADE_RES: i32 = 10;

/// What a repair attempt did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RepairResult {
    /// A 1: the machine loses 1 SP.
    Worse,
    /// Below X: nothing.
    Nothing,
    /// X or more: 1 SP back (never above the start value).
    Repaired,
}

/// After a repair attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RepairOutcome {
    /// What happened.
    pub result: RepairResult,
    /// SP lost afterwards.
    pub sp_lost: u32,
}

/// One repair attempt (C10): once per round per machine, by a Mechaniker in
/// contact with it and not with an enemy; D6 >= X gives back 1 SP (never
/// above the start value), a 1 costs 1 SP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Repair {
    x: u32,
    start_sp: u32,
    lost: u32,
}

impl Repair {
    /// Mechaniker/`x` on a machine of `start_sp` that has lost `lost` SP.
    pub fn new(x: u32, start_sp: u32, lost: u32) -> Result<Self, ConfrontationError> {
        check_range("Mechaniker X", x.into(), 2, 6, "2 to 6")?;
        check_range("SP", start_sp.into(), 1, 99, "1 to 99")?;
        check_range(
            "SP lost",
            lost.into(),
            0,
            i64::from(start_sp) - 1,
            "0 to SP - 1 (a machine at 0 SP is gone)",
        )?;
        if lost == 0 {
            // C10 (corrected): only a damaged machine can be repaired.
            return Err(not_allowed(
                "C10",
                say("crew_abilities.only_damaged_machine_can_repaired")
                    .text("start_sp", start_sp.to_string()),
            ));
        }
        Ok(Self { x, start_sp, lost })
    }

    /// Refuses a second attempt on the same machine in one round.
    pub fn check_once(already_tried: bool) -> Result<(), ConfrontationError> {
        if already_tried {
            Err(not_allowed(
                "C10",
                say("crew_abilities.one_repair_attempt_per_machine"),
            ))
        } else {
            Ok(())
        }
    }

    fn result(&self, face: u32) -> RepairResult {
        if face == 1 {
            RepairResult::Worse
        } else if face >= self.x {
            RepairResult::Repaired
        } else {
            RepairResult::Nothing
        }
    }

    /// SP lost after a result.
    pub fn lost_after(&self, r: RepairResult) -> u32 {
        match r {
            RepairResult::Worse => (self.lost + 1).min(self.start_sp),
            RepairResult::Nothing => self.lost,
            RepairResult::Repaired => self.lost.saturating_sub(1),
        }
    }

    /// Exact odds of the result.
    pub fn distribution(&self) -> Dist<RepairResult> {
        Die::D6.dist().map(|f| self.result(*f))
    }
}

impl crate::TitleMessage for Repair {
    fn title_message(&self) -> Message {
        Message::new("conf.title.repair").int("x", self.x)
    }
}

impl Resolver for Repair {
    type Outcome = RepairOutcome;

    fn title(&self) -> String {
        format!("Repair (Mechaniker/{})", self.x)
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<RepairOutcome, Pending> {
        let request = RollRequest::new(
            1,
            Die::D6,
            format!("repair: {}+ gives 1 SP back, a 1 costs 1 SP", self.x),
        )
        .rule("C10")
        .with_message(Message::new("conf.roll.repair").int("x", self.x))
        .odds_if(steps.wants_odds(), || {
            self.distribution()
                .iter()
                .map(|(r, p)| OddsLine {
                    label: format!("{r:?}").to_lowercase(),
                    probability: p,
                })
                .collect()
        });
        let face = steps.roll_one(request)?;
        let result = self.result(face);
        let sp_lost = self.lost_after(result);
        let (text, message) = match result {
            RepairResult::Worse => (
                "a 1: the machine loses 1 SP".to_owned(),
                Message::new("conf.log.repair.worse"),
            ),
            RepairResult::Nothing => (
                format!("{face} is below {}: no effect", self.x),
                Message::new("conf.log.repair.nothing")
                    .int("face", face)
                    .int("x", self.x),
            ),
            RepairResult::Repaired => (
                format!("{face} >= {}: 1 SP back", self.x),
                Message::new("conf.log.repair.repaired")
                    .int("face", face)
                    .int("x", self.x),
            ),
        };
        steps.log(
            LogStep::rule("C10", text)
                .with_message(message)
                .number("SP left", i64::from(self.start_sp - sp_lost)),
        );
        Ok(RepairOutcome { result, sp_lost })
    }
}

/// Checks a mine, decoy or barricade placement: at deployment only (the
/// layer counted as crew at the start), within 20 cm of its machine
/// (edge to edge).
pub fn check_placement(distance_cm: f64, at_deployment: bool) -> Result<(), ConfrontationError> {
    if !at_deployment {
        return Err(not_allowed(
            "crew abilities",
            say("crew_abilities.mines_decoys_barricades_are_placed"),
        ));
    }
    if !(distance_cm.is_finite() && (0.0..=PLACEMENT_CM).contains(&distance_cm)) {
        return Err(not_allowed(
            "crew abilities",
            say("crew_abilities.cm_from_machine_most_20")
                .text("distance_cm", distance_cm.to_string()),
        ));
    }
    Ok(())
}

/// Whether a figure at `distance_cm` (edge to marker) sets a marker off.
pub fn triggers(distance_cm: f64) -> bool {
    distance_cm <= TRIGGER_CM
}

/// The figures (by distance edge to mine) a mine wounds at STR 6.
pub fn mine_victims(distances_cm: &[f64]) -> Vec<usize> {
    distances_cm
        .iter()
        .enumerate()
        .filter(|(_, d)| **d <= MINE_BLAST_CM)
        .map(|(i, _)| i)
        .collect()
}

/// A barricade (Pionier/X): RES 10 and X SP, a small obstacle 2 cm high.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Barricade {
    /// SP at the start (X).
    pub sp: u32,
    /// SP lost.
    pub sp_lost: u32,
}

impl Barricade {
    /// A barricade of Pionier/`x`.
    pub fn new(x: u32) -> Result<Self, ConfrontationError> {
        check_range("Pionier X", x.into(), 1, 20, "1 to 20")?;
        Ok(Self { sp: x, sp_lost: 0 })
    }

    /// As a victim of hits (RES 10).
    pub fn victim(&self) -> crate::Victim {
        crate::Victim::machine(
            "barricade",
            BARRICADE_RES,
            self.sp.saturating_sub(self.sp_lost),
            false,
        )
    }
}
