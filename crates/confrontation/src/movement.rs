//! Movement of mobile machines with a GEW value (C4): a validator for a
//! drawn path.
//!
//! A machine with GEW cannot reverse or slide sideways. At its activation it
//! may face any way it likes, unless it carries a speed marker (Unaufhaltsam)
//! or stands in base contact with an enemy. Then it drives straight ahead;
//! it may change course by at most 45 deg, and only after at least GEW cm
//! straight since the start or since the previous change. In all it moves
//! at most twice its BEW. Machines without GEW move by the core rules; only
//! the total length is checked for them.
//!
//! Reading of C4 used here: when the facing is not free, a first leg that
//! leaves the start facing is a course change made after 0 cm straight, so
//! it is reported (turn 1) unless the machine has no GEW.
//!
//! ```
//! use feldherr_confrontation::{MachineCard, MachineState, MovePath};
//! use feldherr_geometry::{Angle, Point, Polyline};
//! let card: MachineCard = serde_json::from_str(r#"{"name": "Panzerwagen",
//!     "mobility": "mobile", "sp": 8, "gew": 10, "res": 14, "bew": 20}"#)?;
//! // The text's example: first turn after 13 cm, the second after about 24 cm.
//! let path = Polyline::new(vec![
//!     Point::new(0.0, 0.0), Point::new(13.0, 0.0), Point::new(21.0, 8.0), Point::new(30.0, 8.0),
//! ])?;
//! let check = MovePath::new(&card, &MachineState::default(), Angle::ZERO, false)?.check(&path)?;
//! assert!(check.is_legal(), "{:?}", check.violations);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use feldherr_geometry::{Angle, Polyline};
use serde::{Deserialize, Serialize};

use crate::card::MachineCard;
use crate::error::ConfrontationError;
use crate::state::MachineState;

/// The largest course change (C4), in degrees.
pub const MAX_TURN_DEG: f64 = 45.0;

/// Slack for drawn paths: lengths in cm and angles in degrees.
const SLACK: f64 = 1e-6;

/// One thing wrong with a drawn path (C4). `segment` is the index of the
/// path leg concerned (0 for the first leg).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum MoveViolation {
    /// The machine may not move at all (immobile, destroyed).
    CannotMove {
        /// Why.
        reason: String,
    },
    /// A course change sharper than 45 deg.
    TurnTooSharp {
        /// The leg after the change.
        segment: usize,
        /// Which course change (1 for the first).
        turn: usize,
        /// Its size in degrees.
        degrees: f64,
    },
    /// A course change before GEW cm straight.
    TooLittleStraight {
        /// The leg after the change.
        segment: usize,
        /// Which course change (1 for the first).
        turn: usize,
        /// Straight distance driven before it.
        straight_cm: f64,
        /// The machine's GEW (cm required).
        gew: u32,
    },
    /// The path is longer than twice BEW.
    TooLong {
        /// The leg on which the limit is passed.
        segment: usize,
        /// The path's length.
        length_cm: f64,
        /// Twice BEW.
        max_cm: f64,
    },
}

impl MoveViolation {
    /// The ruling that sets the limit: C3 for an immobile machine, C4 else.
    pub fn rule(&self) -> &'static str {
        match self {
            Self::CannotMove { reason } if reason.contains("C3") => "C3",
            _ => "C4",
        }
    }

    /// The leg index concerned (0 for a machine that cannot move at all).
    pub fn segment(&self) -> usize {
        match self {
            Self::CannotMove { .. } => 0,
            Self::TurnTooSharp { segment, .. }
            | Self::TooLittleStraight { segment, .. }
            | Self::TooLong { segment, .. } => *segment,
        }
    }
}

impl fmt::Display for MoveViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::CannotMove { reason } => write!(f, "the machine cannot move: {reason}"),
            Self::TurnTooSharp {
                segment,
                turn,
                degrees,
            } => write!(
                f,
                "segment {segment}: turn {turn} of {degrees:.0} deg exceeds {MAX_TURN_DEG:.0} deg"
            ),
            Self::TooLittleStraight {
                segment,
                turn,
                straight_cm,
                gew,
            } => write!(
                f,
                "segment {segment}: only {straight_cm:.1} cm straight before turn {turn}; \
                 GEW {gew} requires {gew} cm"
            ),
            Self::TooLong {
                segment,
                length_cm,
                max_cm,
            } => write!(
                f,
                "segment {segment}: path {length_cm:.0} cm exceeds twice BEW = {max_cm:.0} cm"
            ),
        }
    }
}

/// One course change found on a path.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    /// The leg after the change.
    pub segment: usize,
    /// Signed size in degrees (positive: counter-clockwise, to the left).
    pub degrees: f64,
    /// Straight distance before it, since the start or the previous change.
    pub straight_cm: f64,
}

/// The result of checking a path.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PathCheck {
    /// Total length in cm.
    pub length_cm: f64,
    /// Course changes in order (the first leg's facing change counts only
    /// when the facing is not free).
    pub turns: Vec<Turn>,
    /// Every violation, in path order.
    pub violations: Vec<MoveViolation>,
}

impl PathCheck {
    /// No violation.
    pub fn is_legal(&self) -> bool {
        self.violations.is_empty()
    }
}

/// The movement rules of one machine at its activation (C4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MovePath {
    gew: Option<u32>,
    max_cm: f64,
    facing: Angle,
    free_facing: bool,
    cannot_move: Option<String>,
}

impl MovePath {
    /// The rules for `card` in `state`, facing `facing` at the activation,
    /// `touching_enemy` if it stands in base contact with an enemy.
    ///
    /// # Errors
    /// [`ConfrontationError::Inconsistent`] for a mobile card without BEW.
    pub fn new(
        card: &MachineCard,
        state: &MachineState,
        facing: Angle,
        touching_enemy: bool,
    ) -> Result<Self, ConfrontationError> {
        let spec = card.spec();
        let cannot_move = if !card.is_mobile() {
            Some("immobile: moved by its crew (C3)".to_string())
        } else if state.destroyed {
            Some("destroyed".to_string())
        } else if state.stopped {
            Some("stopped this movement phase (Unaufhaltsam)".to_string())
        } else {
            None
        };
        let bew = match (spec.bew, card.is_mobile()) {
            (Some(b), _) => b,
            (None, false) => 0,
            (None, true) => {
                return Err(ConfrontationError::Inconsistent {
                    field: "BEW",
                    reason: "a mobile machine needs BEW to move".into(),
                });
            }
        };
        Ok(Self {
            gew: spec.gew.filter(|_| card.is_mobile()),
            max_cm: 2.0 * f64::from(bew),
            facing,
            free_facing: !state.speed_marker && !touching_enemy,
            cannot_move,
        })
    }

    /// Whether the machine may face any way at the activation (C4).
    pub fn free_facing(&self) -> bool {
        self.free_facing
    }

    /// The longest move, twice BEW, in cm.
    pub fn max_cm(&self) -> f64 {
        self.max_cm
    }

    /// Checks a drawn path starting at the machine's position; returns every
    /// violation with its leg index and numbers (C4). Legs of length zero
    /// are skipped; legs continuing in the same direction are one straight.
    ///
    /// # Errors
    /// None today beyond what the path's construction already checked; kept
    /// fallible for the crate's conventions.
    pub fn check(&self, path: &Polyline) -> Result<PathCheck, ConfrontationError> {
        let mut violations = Vec::new();
        if let Some(reason) = &self.cannot_move {
            violations.push(MoveViolation::CannotMove {
                reason: reason.clone(),
            });
        }
        let mut turns = Vec::new();
        let mut length = 0.0;
        let mut straight = 0.0;
        let mut heading: Option<Angle> = if self.free_facing {
            None
        } else {
            Some(self.facing)
        };
        let mut too_long_at = None;
        for (i, seg) in path.segments().enumerate() {
            let Some(dir) = seg.direction() else { continue };
            if seg.length() <= SLACK {
                continue;
            }
            if let Some(h) = heading {
                let degrees = Angle::signed_between(h, dir);
                if degrees.abs() > SLACK && self.gew.is_some() {
                    let n = turns.len() + 1;
                    if degrees.abs() > MAX_TURN_DEG + SLACK {
                        violations.push(MoveViolation::TurnTooSharp {
                            segment: i,
                            turn: n,
                            degrees: degrees.abs(),
                        });
                    }
                    if let Some(gew) = self.gew
                        && straight + SLACK < f64::from(gew)
                    {
                        violations.push(MoveViolation::TooLittleStraight {
                            segment: i,
                            turn: n,
                            straight_cm: straight,
                            gew,
                        });
                    }
                    turns.push(Turn {
                        segment: i,
                        degrees,
                        straight_cm: straight,
                    });
                    straight = 0.0;
                }
            }
            heading = Some(dir);
            straight += seg.length();
            length += seg.length();
            if too_long_at.is_none() && length > self.max_cm + SLACK {
                too_long_at = Some(i);
            }
        }
        if let Some(segment) = too_long_at {
            violations.push(MoveViolation::TooLong {
                segment,
                length_cm: length,
                max_cm: self.max_cm,
            });
        }
        Ok(PathCheck {
            length_cm: length,
            turns,
            violations,
        })
    }
}
