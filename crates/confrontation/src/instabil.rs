//! Instabil/X: at the end of every round roll a D6; on X or more the figure
//! takes a light wound (a model with SP loses 1 SP) and rolls again at
//! once, until a roll is below X or the figure is killed outright.
//!
//! Wounds stack as in the core game: each light wound raises the figure's
//! state by one level (light, serious, critical, killed). An Instabil
//! figure cannot use Regeneration ([`InstabilRoll::may_regenerate`]).
//!
//! ```
//! use feldherr_confrontation::{Instability, InstabilRoll, WoundLevel};
//! use feldherr_dice::step::Driver;
//! let mut d = Driver::new(InstabilRoll::new(5, Instability::Figure(WoundLevel::None))?);
//! d.answer_dice(vec![6])?; // light wound, roll again
//! d.answer_dice(vec![5])?; // serious, roll again
//! d.answer_dice(vec![2])?; // below 5: done
//! assert_eq!(d.outcome().map(|o| o.after), Some(Instability::Figure(WoundLevel::Serious)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use feldherr_dice::step::{LogStep, Message, Pending, Resolver, Steps};
use feldherr_dice::{Die, Dist, OddsLine, RollRequest, Roller};
use serde::{Deserialize, Serialize};

use crate::error::{ConfrontationError, check_range};
use crate::figure_wounds::WoundLevel;

/// The state Instabil wears down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Instability {
    /// A figure and its current wound.
    Figure(WoundLevel),
    /// A model with SP and the SP left.
    Structure(u32),
}

impl Instability {
    fn gone(self) -> bool {
        matches!(self, Self::Figure(WoundLevel::Killed) | Self::Structure(0))
    }

    fn worse(self) -> Self {
        match self {
            Self::Figure(w) => Self::Figure(match w {
                WoundLevel::None => WoundLevel::Light,
                WoundLevel::Light => WoundLevel::Serious,
                WoundLevel::Serious => WoundLevel::Critical,
                WoundLevel::Critical | WoundLevel::Killed => WoundLevel::Killed,
            }),
            Self::Structure(sp) => Self::Structure(sp.saturating_sub(1)),
        }
    }
}

/// The end-of-round rolls of Instabil.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct InstabilOutcome {
    /// Rolls of X or more.
    pub hits: u32,
    /// The state afterwards.
    pub after: Instability,
}

/// Instabil/X at the end of a round, as a resolver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct InstabilRoll {
    x: u32,
    before: Instability,
}

impl InstabilRoll {
    /// Instabil/`x` on a model in state `before`.
    ///
    /// # Errors
    /// [`ConfrontationError::InvalidValue`] for X outside 2..=6.
    pub fn new(x: u32, before: Instability) -> Result<Self, ConfrontationError> {
        check_range("Instabil X", x.into(), 2, 6, "2 to 6")?;
        Ok(Self { x, before })
    }

    /// Probability of one roll hitting: (7 - X) / 6.
    pub fn hit_probability(&self) -> f64 {
        f64::from(7 - self.x) / 6.0
    }

    /// Exact odds of the outcome: `k` wounds and then a roll below X have
    /// probability p^k (1 - p), with p the [`hit_probability`](Self::hit_probability);
    /// the model's end (killed outright, or 0 SP) after `n` wounds has p^n
    /// (P15). Chains so long that their odds are below 1e-300 are left out.
    pub fn distribution(&self) -> Dist<InstabilOutcome> {
        let p = self.hit_probability();
        let mut weights = Vec::new();
        let mut after = self.before;
        let mut hits = 0;
        let mut reach = 1.0;
        while !after.gone() && reach > 1e-300 {
            weights.push((InstabilOutcome { hits, after }, reach * (1.0 - p)));
            reach *= p;
            hits += 1;
            after = after.worse();
        }
        if after.gone() {
            weights.push((InstabilOutcome { hits, after }, reach));
        }
        Dist::from_weights(weights)
    }

    /// An Instabil figure may not use Regeneration.
    pub fn may_regenerate(instabil: bool) -> bool {
        !instabil
    }
}

impl crate::TitleMessage for InstabilRoll {
    fn title_message(&self) -> Message {
        Message::new("conf.title.instabil").int("x", self.x)
    }
}

impl Resolver for InstabilRoll {
    type Outcome = InstabilOutcome;

    fn title(&self) -> String {
        format!("Instabil/{}", self.x)
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<InstabilOutcome, Pending> {
        let mut state = self.before;
        let mut hits = 0;
        while !state.gone() {
            let p = self.hit_probability();
            let request = RollRequest::new(1, Die::D6, format!("Instabil: {}+ wounds", self.x))
                .rule("Instabil")
                .with_message(Message::new("conf.roll.instabil").int("x", self.x))
                .odds_if(steps.wants_odds(), || {
                    vec![
                        OddsLine {
                            label: "wound, roll again".into(),
                            probability: p,
                        },
                        OddsLine {
                            label: "stops".into(),
                            probability: 1.0 - p,
                        },
                    ]
                });
            let face = steps.roll_one(request)?;
            if face < self.x {
                steps.log(
                    LogStep::rule(
                        "Instabil",
                        format!("{face} is below {}: no more wounds", self.x),
                    )
                    .with_message(
                        Message::new("conf.log.instabil.stops")
                            .int("face", face)
                            .int("x", self.x),
                    ),
                );
                break;
            }
            hits += 1;
            state = state.worse();
            steps.log(
                LogStep::rule(
                    "Instabil",
                    format!(
                        "{face}: a light wound (or 1 SP), now {}",
                        match state {
                            Instability::Figure(level) => level.to_string(),
                            Instability::Structure(sp) => format!("{sp} SP left"),
                        }
                    ),
                )
                .with_message(
                    Message::new("conf.log.instabil.wound")
                        .int("face", face)
                        .nested("state", crate::OutcomeMessage::message(&state)),
                ),
            );
        }
        Ok(InstabilOutcome { hits, after: state })
    }
}
