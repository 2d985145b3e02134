//! The race's saved resolutions: their inputs and typed outcomes.

use std::sync::Arc;

use feldherr_dice::Dice;
use feldherr_dice::step::{Answer, ChoiceRequest, Driver, Message, Resolver};
use feldherr_geometry::{Angle, Point};
use feldherr_play::{Id, PlayError, Replayed, ResolutionKind};
use serde::{Deserialize, Serialize};

use crate::RaceState;
use crate::draw::{DrawKind, DrawResolver};
use crate::movement::{MoveResolver, Stepped};
use crate::turning::TurnResolver;

/// The inputs of one resolution of the race: the state it starts from
/// and what it resolves. One resolution per draw, per turn's dice, per
/// sled move (phases 1 to 3) and per turn attempt (phase 4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SledKind {
    /// Drawing the start positions (S3).
    StartDraw {
        /// The race before.
        #[serde(with = "crate::state::shared")]
        before: Arc<RaceState>,
    },
    /// Rolling every driver's movement dice (S2).
    TurnDice {
        /// The race before.
        #[serde(with = "crate::state::shared")]
        before: Arc<RaceState>,
    },
    /// Drawing a round's move order (S3).
    RoundOrder {
        /// The race before.
        #[serde(with = "crate::state::shared")]
        before: Arc<RaceState>,
    },
    /// A sled's move (S5, S6, S8-S10, S12, S13).
    Move {
        /// The race before.
        #[serde(with = "crate::state::shared")]
        before: Arc<RaceState>,
        /// The sled.
        sled: Id,
        /// Its new facing if it stands (phase 1).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        facing: Option<Angle>,
    },
    /// A sled's turn attempt (S11).
    Turn {
        /// The race before.
        #[serde(with = "crate::state::shared")]
        before: Arc<RaceState>,
        /// The sled.
        sled: Id,
        /// Degrees, CCW positive; 0 for no attempt.
        angle: f64,
    },
}

/// What a finished resolution of the race ends with.
#[derive(Debug, Clone, PartialEq)]
pub struct SledOutcome {
    /// The race after it.
    pub after: RaceState,
    /// The moving sled's centre after every inch (moves only).
    pub path: Vec<Point>,
    /// What happened, in one line, as a catalogue message.
    pub summary: Message,
}

fn outcome(s: &Stepped) -> SledOutcome {
    SledOutcome {
        after: s.after.clone(),
        path: s.path.clone(),
        summary: s.message.clone(),
    }
}

impl SledKind {
    /// The state the resolution starts from.
    pub fn before(&self) -> &RaceState {
        self.shared_before()
    }

    /// The state the resolution starts from, shared.
    pub fn shared_before(&self) -> &Arc<RaceState> {
        match self {
            SledKind::StartDraw { before }
            | SledKind::TurnDice { before }
            | SledKind::RoundOrder { before }
            | SledKind::Move { before, .. }
            | SledKind::Turn { before, .. } => before,
        }
    }

    fn draw(&self) -> Option<DrawResolver> {
        let (before, kind) = match self {
            SledKind::StartDraw { before } => (before, DrawKind::Start),
            SledKind::TurnDice { before } => (before, DrawKind::TurnDice),
            SledKind::RoundOrder { before } => (before, DrawKind::Round),
            _ => return None,
        };
        Some(DrawResolver {
            before: Arc::clone(before),
            kind,
        })
    }

    /// Runs the resolution to its end with `dice` and `choose`, returning
    /// the answers (for [`crate::Race::play_next`], tests and benchmarks).
    pub fn drive(
        &self,
        dice: &mut Dice,
        choose: impl FnMut(&ChoiceRequest) -> usize,
    ) -> Result<Vec<Answer>, PlayError> {
        fn run<R: Resolver>(
            r: R,
            dice: &mut Dice,
            choose: impl FnMut(&ChoiceRequest) -> usize,
        ) -> Result<Vec<Answer>, PlayError> {
            let mut driver = Driver::new(r);
            driver.run_to_end(dice, choose)?;
            Ok(driver.answers().to_vec())
        }
        if let Some(d) = self.draw() {
            return run(d, dice, choose);
        }
        match self {
            SledKind::Move {
                before,
                sled,
                facing,
            } => run(
                MoveResolver {
                    before: Arc::clone(before),
                    sled: *sled,
                    facing: *facing,
                },
                dice,
                choose,
            ),
            SledKind::Turn {
                before,
                sled,
                angle,
            } => run(
                TurnResolver {
                    before: Arc::clone(before),
                    sled: *sled,
                    angle: *angle,
                },
                dice,
                choose,
            ),
            _ => Err(crate::refusal::refused(
                crate::refusal::say("not_a_resolution"),
                None,
            )),
        }
    }
}

impl ResolutionKind for SledKind {
    type Outcome = SledOutcome;

    fn replay(&self, answers: &[Answer]) -> Result<Replayed<SledOutcome>, PlayError> {
        if let Some(d) = self.draw() {
            return Replayed::of(d, answers, outcome);
        }
        match self {
            SledKind::Move {
                before,
                sled,
                facing,
            } => Replayed::of(
                MoveResolver {
                    before: Arc::clone(before),
                    sled: *sled,
                    facing: *facing,
                },
                answers,
                outcome,
            ),
            SledKind::Turn {
                before,
                sled,
                angle,
            } => Replayed::of(
                TurnResolver {
                    before: Arc::clone(before),
                    sled: *sled,
                    angle: *angle,
                },
                answers,
                outcome,
            ),
            _ => Err(crate::refusal::refused(
                crate::refusal::say("not_a_resolution"),
                None,
            )),
        }
    }

    fn outcome_message(&self, outcome: &SledOutcome) -> Option<Message> {
        Some(outcome.summary.clone())
    }

    fn title_message(&self) -> Option<Message> {
        let name = |before: &RaceState, sled: Id| {
            before
                .sled(sled)
                .map_or_else(|| "?".to_owned(), |s| s.driver.name.clone())
        };
        Some(match self {
            SledKind::StartDraw { .. } => Message::new("sled.title.start"),
            SledKind::TurnDice { before } => {
                Message::new("sled.title.turn_dice").int("turn", i64::from(before.turn) + 1)
            }
            SledKind::RoundOrder { before } => Message::new("sled.title.round_order")
                .int("round", i64::from(before.race_round()) + 1),
            SledKind::Move { before, sled, .. } => Message::new("sled.title.move")
                .int("round", i64::from(before.race_round()))
                .text("who", name(before, *sled)),
            SledKind::Turn {
                before,
                sled,
                angle,
            } => Message::new("sled.title.turn")
                .text("who", name(before, *sled))
                .text("angle", format!("{angle:.0}")),
        })
    }
}
