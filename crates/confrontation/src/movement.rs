//! Movement of mobile machines with a GEW value (C4) and follow-up moves
//! after a fight (P18): a validator for a drawn path.
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
//! it is reported (turn 1) unless the machine has no GEW (P14).
//!
//! Follow-up moves ("Weiterbewegungen", [`MovePath::follow_up`], P18): a
//! mobile machine may follow up after a fight only if no enemy is in base
//! contact with it. The path starts along its current facing (no free
//! facing); a course change follows C4 (at most 45 deg, after at least GEW
//! cm straight), so a follow-up shorter than GEW goes straight ahead. The
//! distance comes from the core rules and is given by the caller. Instead of
//! moving, the machine may change its facing
//! ([`MovePath::check_facing_change`]). An immobile machine is never moved
//! by a follow-up: its crew follows up by the core rules, or moves it (C3).
//! A stop of Unaufhaltsam holds for the movement phase only and does not
//! bar a follow-up.
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
//!
//! // A follow-up of 8 cm after the fight: straight on (8 cm is less than GEW),
//! // or a facing change instead.
//! let follow = MovePath::follow_up(&card, &MachineState::default(), Angle::ZERO, 8.0, false)?;
//! let straight = Polyline::new(vec![Point::new(0.0, 0.0), Point::new(8.0, 0.0)])?;
//! assert!(follow.check(&straight)?.is_legal());
//! assert!(follow.check_facing_change(Angle::from_degrees(120.0)?)?.is_legal());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::game::refusal::{inconsistent, not_allowed, say};
use std::fmt;

use feldherr_geometry::{Angle, OrientedRect, Polyline, Shape, overlaps};
use serde::{Deserialize, Serialize};

use crate::card::MachineCard;
use crate::error::{ConfrontationError, check_cm};
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
    /// A follow-up while an enemy is in base contact (P18).
    FollowUpInContact,
    /// A follow-up moving an immobile machine: only its crew follows up
    /// (C3, P18).
    FollowUpImmobile,
    /// A follow-up longer than the follow-up distance (P18).
    FollowUpTooLong {
        /// The leg on which the limit is passed.
        segment: usize,
        /// The path's length.
        length_cm: f64,
        /// The follow-up distance.
        max_cm: f64,
    },
    /// A crew move of an immobile machine longer than twice the movers'
    /// modified BEW (C3).
    CrewMoveTooLong {
        /// The leg on which the limit is passed.
        segment: usize,
        /// The path's length.
        length_cm: f64,
        /// Twice the modified BEW.
        max_cm: f64,
    },
    /// The machine's hull runs over another model's base on this leg
    /// (P36): contact would be a charge or an engagement, so the path must
    /// stop at it.
    CrossesModel {
        /// The first leg on which it does.
        segment: usize,
        /// Index of the model in the list given to [`MovePath::check_among`].
        model: usize,
    },
}

impl MoveViolation {
    /// The ruling that sets the limit: C3 for an immobile machine, P18 for
    /// what only follow-ups have, C4 else.
    pub fn rule(&self) -> &'static str {
        match self {
            Self::CannotMove { reason } if reason.contains("C3") => "C3",
            Self::FollowUpImmobile | Self::CrewMoveTooLong { .. } => "C3",
            Self::FollowUpInContact | Self::FollowUpTooLong { .. } => "P18",
            Self::CrossesModel { .. } => "P36",
            Self::CannotMove { .. }
            | Self::TurnTooSharp { .. }
            | Self::TooLittleStraight { .. }
            | Self::TooLong { .. } => "C4",
        }
    }

    /// The leg index concerned (0 for a machine that cannot move at all).
    pub fn segment(&self) -> usize {
        match self {
            Self::CannotMove { .. } | Self::FollowUpInContact | Self::FollowUpImmobile => 0,
            Self::TurnTooSharp { segment, .. }
            | Self::TooLittleStraight { segment, .. }
            | Self::TooLong { segment, .. }
            | Self::FollowUpTooLong { segment, .. }
            | Self::CrewMoveTooLong { segment, .. }
            | Self::CrossesModel { segment, .. } => *segment,
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
            Self::CrossesModel { segment, model } => write!(
                f,
                "segment {segment}: the hull runs over model {model}; contact would be a \
                 charge or an engagement (P36)"
            ),
            Self::FollowUpInContact => {
                f.write_str("no follow-up while an enemy is in base contact with the machine (P18)")
            }
            Self::FollowUpImmobile => f.write_str(
                "an immobile machine is not moved by a follow-up: its crew follows up, \
                 or moves it (C3, P18)",
            ),
            Self::FollowUpTooLong {
                segment,
                length_cm,
                max_cm,
            } => write!(
                f,
                "segment {segment}: follow-up of {length_cm:.1} cm exceeds the follow-up \
                 distance of {max_cm:.1} cm (P18)"
            ),
            Self::CrewMoveTooLong {
                segment,
                length_cm,
                max_cm,
            } => write!(
                f,
                "segment {segment}: path {length_cm:.1} cm exceeds twice the crew's \
                 BEW minus X = {max_cm:.0} cm (C3)"
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
    /// A follow-up move after a fight (P18), not a move at the activation.
    #[serde(default)]
    follow_up: bool,
    /// Why a follow-up is refused whatever the path (P18).
    #[serde(default)]
    refused: Option<MoveViolation>,
    /// An immobile machine moved by its crew (C3).
    #[serde(default)]
    crew_moved: bool,
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
                return Err(inconsistent(
                    "BEW",
                    say("movement.mobile_machine_needs_bew_move"),
                ));
            }
        };
        Ok(Self {
            gew: spec.gew.filter(|_| card.is_mobile()),
            max_cm: 2.0 * f64::from(bew),
            facing,
            free_facing: !state.speed_marker && !touching_enemy,
            cannot_move,
            follow_up: false,
            refused: None,
            crew_moved: false,
        })
    }

    /// The rules for a follow-up move ("Weiterbewegung", P18) of `card` in
    /// `state` after a fight: facing `facing`, at most `distance_cm` (the
    /// follow-up distance of the core rules), `touching_enemy` if an enemy
    /// is still in base contact. The path starts along `facing`; course
    /// changes follow C4; [`MovePath::check`] refuses any follow-up of an
    /// immobile machine ([`MoveViolation::FollowUpImmobile`]) or of one in
    /// contact ([`MoveViolation::FollowUpInContact`]).
    ///
    /// # Errors
    /// [`ConfrontationError::Inconsistent`] naming `follow-up distance` for
    /// a negative or non-finite distance.
    pub fn follow_up(
        card: &MachineCard,
        state: &MachineState,
        facing: Angle,
        distance_cm: f64,
        touching_enemy: bool,
    ) -> Result<Self, ConfrontationError> {
        check_cm("follow-up distance", distance_cm)?;
        let refused = if !card.is_mobile() {
            Some(MoveViolation::FollowUpImmobile)
        } else if touching_enemy {
            Some(MoveViolation::FollowUpInContact)
        } else {
            None
        };
        Ok(Self {
            gew: card.spec().gew.filter(|_| card.is_mobile()),
            max_cm: distance_cm,
            facing,
            free_facing: false,
            cannot_move: (card.is_mobile() && state.destroyed).then(|| "destroyed".to_string()),
            follow_up: true,
            refused,
            crew_moved: false,
        })
    }

    /// The rules for an immobile machine moved by its crew (C3): any path
    /// (its crew turns it freely at the activation) up to twice the
    /// modified BEW of the movers (`allowance.run_cm`). A destroyed
    /// machine, or a crew whose modified BEW is 0, cannot move it.
    ///
    /// ```
    /// use feldherr_confrontation::crew::immobile_move;
    /// use feldherr_confrontation::{MachineCard, MachineState, MovePath};
    /// use feldherr_geometry::{Angle, Point, Polyline};
    /// let card: MachineCard = serde_json::from_str(r#"{"name": "Ballista",
    ///     "mobility": "immobile", "sp": 4, "gew": 8, "bes": 1, "res": 10,
    ///     "crew": [{"name": "Servant", "bew": 10}]}"#)?;
    /// // The text's ballista moved by one crewman of BEW 10: 2 cm, 4 running.
    /// let rules = MovePath::crew_moved(&card, &MachineState::default(), Angle::ZERO,
    ///     immobile_move(8, &[10], 4)?)?;
    /// let path = |x| Polyline::new(vec![Point::new(0.0, 0.0), Point::new(x, 0.0)]);
    /// assert!(rules.check(&path(4.0)?)?.is_legal());
    /// assert!(!rules.check(&path(4.5)?)?.is_legal());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`ConfrontationError::NotAllowed`] for a mobile machine (it moves
    /// itself, C4).
    pub fn crew_moved(
        card: &MachineCard,
        state: &MachineState,
        facing: Angle,
        allowance: crate::crew::MoveAllowance,
    ) -> Result<Self, ConfrontationError> {
        if card.is_mobile() {
            return Err(not_allowed(
                "C3",
                say("movement.mobile_moves_itself_c4")
                    .text("card_spec", card.spec().name.to_string()),
            ));
        }
        let cannot_move = if state.destroyed {
            Some("destroyed".to_string())
        } else if allowance.walk_cm == 0 {
            Some(format!(
                "the crew's BEW minus X = {} leaves nothing (C3)",
                allowance.penalty
            ))
        } else {
            None
        };
        Ok(Self {
            gew: None,
            max_cm: f64::from(allowance.run_cm),
            facing,
            free_facing: true,
            cannot_move,
            follow_up: false,
            refused: None,
            crew_moved: true,
        })
    }

    /// Whether these are the rules of a follow-up move (P18).
    pub fn is_follow_up(&self) -> bool {
        self.follow_up
    }

    /// Whether the machine may face any way at the activation (C4).
    pub fn free_facing(&self) -> bool {
        self.free_facing
    }

    /// The longest move in cm: twice BEW, or the follow-up distance.
    pub fn max_cm(&self) -> f64 {
        self.max_cm
    }

    /// Checks a turn on the spot to `new_facing` instead of a move. After a
    /// fight it replaces the follow-up and may face any way, unless a
    /// follow-up is refused (P18). At the activation it is free when the
    /// facing is (C4); otherwise it is a course change after 0 cm straight
    /// (P14) and reported like one.
    ///
    /// # Errors
    /// None today; kept fallible for the crate's conventions.
    pub fn check_facing_change(&self, new_facing: Angle) -> Result<PathCheck, ConfrontationError> {
        let mut violations = self.refusals();
        let degrees = Angle::signed_between(self.facing, new_facing);
        let mut turns = Vec::new();
        if !self.follow_up && !self.free_facing && degrees.abs() > SLACK {
            if let Some(gew) = self.gew {
                if degrees.abs() > MAX_TURN_DEG + SLACK {
                    violations.push(MoveViolation::TurnTooSharp {
                        segment: 0,
                        turn: 1,
                        degrees: degrees.abs(),
                    });
                }
                violations.push(MoveViolation::TooLittleStraight {
                    segment: 0,
                    turn: 1,
                    straight_cm: 0.0,
                    gew,
                });
            }
            turns.push(Turn {
                segment: 0,
                degrees,
                straight_cm: 0.0,
            });
        }
        Ok(PathCheck {
            length_cm: 0.0,
            turns,
            violations,
        })
    }

    /// What refuses any move or facing change, whatever the path.
    fn refusals(&self) -> Vec<MoveViolation> {
        let mut violations = Vec::new();
        if let Some(reason) = &self.cannot_move {
            violations.push(MoveViolation::CannotMove {
                reason: reason.clone(),
            });
        }
        violations.extend(self.refused.clone());
        violations
    }

    /// Checks a drawn path starting at the machine's position; returns every
    /// violation with its leg index and numbers (C4). Legs of length zero
    /// are skipped; legs continuing in the same direction are one straight.
    ///
    /// # Errors
    /// None today beyond what the path's construction already checked; kept
    /// fallible for the crate's conventions.
    pub fn check(&self, path: &Polyline) -> Result<PathCheck, ConfrontationError> {
        let mut violations = self.refusals();
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
            violations.push(if self.follow_up {
                MoveViolation::FollowUpTooLong {
                    segment,
                    length_cm: length,
                    max_cm: self.max_cm,
                }
            } else if self.crew_moved {
                MoveViolation::CrewMoveTooLong {
                    segment,
                    length_cm: length,
                    max_cm: self.max_cm,
                }
            } else {
                MoveViolation::TooLong {
                    segment,
                    length_cm: length,
                    max_cm: self.max_cm,
                }
            });
        }
        Ok(PathCheck {
            length_cm: length,
            turns,
            violations,
        })
    }

    /// [`MovePath::check`], and whether the machine's hull (`width_cm`
    /// across, `length_cm` along its heading) runs over one of `models`'
    /// outlines on the way (P36): each leg sweeps the hull from where the
    /// leg starts to where it ends. Touching is not crossing; a model
    /// already overlapping the hull at the start is not flagged.
    ///
    /// # Errors
    /// [`ConfrontationError::Inconsistent`] for a hull size that is not a
    /// positive distance.
    pub fn check_among(
        &self,
        path: &Polyline,
        width_cm: f64,
        length_cm: f64,
        models: &[Shape],
    ) -> Result<PathCheck, ConfrontationError> {
        check_cm("width", width_cm)?;
        check_cm("length", length_cm)?;
        let mut check = self.check(path)?;
        let mut flagged = vec![false; models.len()];
        let mut start_hull: Option<Shape> = None;
        for (i, seg) in path.segments().enumerate() {
            let Some(dir) = seg.direction() else { continue };
            if seg.length() <= SLACK {
                continue;
            }
            if start_hull.is_none() {
                start_hull = Some(Shape::Rect(OrientedRect::new(
                    seg.start(),
                    width_cm,
                    length_cm,
                    dir,
                )?));
            }
            let swept = Shape::Rect(OrientedRect::new(
                seg.midpoint(),
                width_cm,
                seg.length() + length_cm,
                dir,
            )?);
            for (m, shape) in models.iter().enumerate() {
                let at_start = start_hull.as_ref().is_some_and(|h| overlaps(h, shape));
                if !flagged[m] && !at_start && overlaps(&swept, shape) {
                    flagged[m] = true;
                    check.violations.push(MoveViolation::CrossesModel {
                        segment: i,
                        model: m,
                    });
                }
            }
        }
        Ok(check)
    }
}
