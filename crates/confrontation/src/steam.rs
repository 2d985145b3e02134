//! Steam and naphtha machines (C9): pressure (steam) and injection
//! (naphtha) rolls, the incident table, and the markers that stay with the
//! model and change later rolls.
//!
//! Incident table (D6): 1 explosion (the figure is killed, every figure
//! within 5 cm takes a STR 10 wound); 2 overheat (marker; a second overheat
//! reads as 1); 3 cracked structure (the next roll is an incident on 1 or 2);
//! 4 damaged valve (the next roll ignores 5s and 6s); 5 pressure loss (leak
//! marker; a second leak reads as 6); 6 total failure (no roll unless a 4+
//! on a D6 at the start of each round).
//!
//! ```
//! use feldherr_confrontation::{PressureResolution, SteamMarkers, SteamOutcome, Incident};
//! use feldherr_dice::step::Driver;
//! let mut driver = Driver::new(PressureResolution::new(1, SteamMarkers::default())?);
//! driver.answer_dice(vec![1])?; // incident
//! driver.answer_dice(vec![3])?; // cracked structure
//! let out = driver.outcome().unwrap();
//! assert_eq!(out.result, SteamOutcome::Incident(Incident::Cracked));
//! assert!(out.markers.cracked);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::{PressureResult, PressureRoll};
use feldherr_dice::step::{LogStep, Message, Pending, Resolver, Steps};
use feldherr_dice::{Die, Dist, OddsLine, RollRequest, Roller};
use feldherr_geometry::Point;
use serde::{Deserialize, Serialize};

use crate::error::{ConfrontationError, check_range};

/// Radius of an explosion's blast in cm.
pub const EXPLOSION_RADIUS_CM: f64 = 5.0;
/// STR of the wound an explosion deals to every figure in the blast.
pub const EXPLOSION_STRENGTH: i32 = 10;

/// Markers a steam or naphtha machine carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SteamMarkers {
    /// Overheat marker ("Ueberhitzung"): a second overheat explodes.
    #[serde(default)]
    pub overheat: bool,
    /// Leak marker ("Druckabfall"): a second leak is a total failure.
    #[serde(default)]
    pub leak: bool,
    /// Cracked structure: the next roll is an incident on 1 or 2.
    #[serde(default)]
    pub cracked: bool,
    /// Damaged valve: the next roll ignores 5s and 6s.
    #[serde(default)]
    pub damaged_valve: bool,
    /// Total failure: no roll unless 4+ at the start of the round.
    #[serde(default)]
    pub total_failure: bool,
    /// Whether the start-of-round 4+ succeeded this round.
    #[serde(default)]
    pub cleared_this_round: bool,
    /// The model exploded.
    #[serde(default)]
    pub exploded: bool,
}

impl SteamMarkers {
    /// Whether a pressure roll is possible now.
    pub fn may_roll(&self) -> bool {
        !self.exploded && (!self.total_failure || self.cleared_this_round)
    }

    /// Starts a new round: forgets last round's 4+.
    pub fn new_round(&mut self) {
        self.cleared_this_round = false;
    }
}

/// An incident, as read off the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Incident {
    /// 1: the boiler explodes.
    Explosion,
    /// 2: overheat marker.
    Overheat,
    /// 3: cracked structure.
    Cracked,
    /// 4: damaged valve.
    DamagedValve,
    /// 5: leak marker.
    Leak,
    /// 6: total failure.
    TotalFailure,
}

impl Incident {
    /// The entry for a face of the incident D6 (before markers redirect it).
    pub fn from_face(face: u32) -> Self {
        match face {
            0 | 1 => Self::Explosion,
            2 => Self::Overheat,
            3 => Self::Cracked,
            4 => Self::DamagedValve,
            5 => Self::Leak,
            _ => Self::TotalFailure,
        }
    }

    /// The entry that applies given the markers: a second overheat reads
    /// as 1 (explosion), a second leak as 6 (total failure).
    pub fn redirected(self, markers: &SteamMarkers) -> Self {
        match self {
            Self::Overheat if markers.overheat => Self::Explosion,
            Self::Leak if markers.leak => Self::TotalFailure,
            other => other,
        }
    }

    /// Applies the incident's markers.
    pub fn apply(self, markers: &mut SteamMarkers) {
        match self {
            Self::Explosion => markers.exploded = true,
            Self::Overheat => markers.overheat = true,
            Self::Cracked => markers.cracked = true,
            Self::DamagedValve => markers.damaged_valve = true,
            Self::Leak => markers.leak = true,
            Self::TotalFailure => {
                markers.total_failure = true;
                markers.cleared_this_round = false;
            }
        }
    }
}

impl fmt::Display for Incident {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Explosion => "explosion: killed, STR 10 on everyone within 5 cm",
            Self::Overheat => "overheat",
            Self::Cracked => "cracked structure",
            Self::DamagedValve => "damaged valve",
            Self::Leak => "pressure loss (leak)",
            Self::TotalFailure => "total failure",
        })
    }
}

/// The result of a pressure or injection roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SteamOutcome {
    /// No roll was allowed (total failure without a 4+ this round).
    Blocked,
    /// The bonus.
    Bonus(u32),
    /// An incident; no bonus.
    Incident(Incident),
}

/// After a pressure roll: the result and the markers now on the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PressureOutcome {
    /// Bonus, incident or blocked.
    pub result: SteamOutcome,
    /// Markers afterwards.
    pub markers: SteamMarkers,
}

/// A pressure or injection roll with its incident (C9), as a resolver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PressureResolution {
    dice: u32,
    markers: SteamMarkers,
}

impl PressureResolution {
    /// A roll of `dice` D6 by a model carrying `markers`.
    pub fn new(dice: u32, markers: SteamMarkers) -> Result<Self, ConfrontationError> {
        check_range("pressure dice", dice.into(), 1, 6, "1 to 6")?;
        Ok(Self { dice, markers })
    }

    fn roll_mechanic(&self) -> Result<PressureRoll, ConfrontationError> {
        let mut roll = PressureRoll::new(self.dice)?;
        if self.markers.cracked {
            roll = roll.cracked();
        }
        if self.markers.damaged_valve {
            roll = roll.damaged_valve();
        }
        Ok(roll)
    }

    /// Exact odds of the outcome (incidents resolved, markers redirecting).
    pub fn distribution(&self) -> Dist<SteamOutcome> {
        if !self.markers.may_roll() {
            return Dist::certain(SteamOutcome::Blocked);
        }
        let Ok(roll) = self.roll_mechanic() else {
            return Dist::certain(SteamOutcome::Blocked);
        };
        let markers = self.markers;
        roll.distribution().and_then(|r| match r {
            PressureResult::Bonus(b) => Dist::certain(SteamOutcome::Bonus(*b)),
            PressureResult::Incident => Die::D6
                .dist()
                .map(|f| SteamOutcome::Incident(Incident::from_face(*f).redirected(&markers))),
        })
    }
}

fn outcome_odds(d: &Dist<SteamOutcome>) -> Vec<OddsLine> {
    d.iter()
        .map(|(o, p)| OddsLine {
            label: match o {
                SteamOutcome::Blocked => "blocked".into(),
                SteamOutcome::Bonus(b) => format!("+{b}"),
                SteamOutcome::Incident(i) => i.to_string(),
            },
            probability: p,
        })
        .collect()
}

impl crate::TitleMessage for PressureResolution {
    fn title_message(&self) -> Message {
        Message::new("conf.title.pressure").int("n", self.dice)
    }
}

impl Resolver for PressureResolution {
    type Outcome = PressureOutcome;

    fn title(&self) -> String {
        format!("Pressure/injection roll, {} D6", self.dice)
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<PressureOutcome, Pending> {
        let mut markers = self.markers;
        if !markers.may_roll() {
            steps.log(
                LogStep::rule(
                    "C9",
                    "Total failure and no 4+ this round (or exploded): no pressure roll",
                )
                .with_message(Message::new("conf.log.steam.blocked")),
            );
            return Ok(PressureOutcome {
                result: SteamOutcome::Blocked,
                markers,
            });
        }
        let roll = self
            .roll_mechanic()
            .map_err(|e| Pending::Failed(e.into_dice_error()))?;
        let incident = if self.markers.cracked { 2 } else { 1 };
        let request = RollRequest::new(
            self.dice as usize,
            Die::D6,
            format!("pressure/injection roll: {incident} or less is an incident"),
        )
        .rule("C9")
        .with_message(Message::new("conf.roll.pressure").int("incident", incident))
        .odds_if(steps.wants_odds(), || outcome_odds(&self.distribution()));
        let faces = steps.roll(request)?;
        let result = roll.evaluate(&faces)?;
        // Cracked and damaged valve apply to this one roll only.
        let had = (markers.cracked, markers.damaged_valve);
        markers.cracked = false;
        markers.damaged_valve = false;
        let result = match result {
            PressureResult::Bonus(b) => {
                steps.log(
                    LogStep::rule(
                        "C9",
                        format!(
                            "Bonus +{b} until the end of the round{}{}",
                            if had.0 {
                                " (cracked: 2 was an incident)"
                            } else {
                                ""
                            },
                            if had.1 {
                                " (damaged valve: 5 and 6 gave nothing)"
                            } else {
                                ""
                            }
                        ),
                    )
                    .with_message(
                        Message::new("conf.log.steam.bonus")
                            .int("bonus", b)
                            .key(
                                "cracked",
                                if had.0 {
                                    "conf.note.cracked"
                                } else {
                                    "conf.note.none"
                                },
                            )
                            .key(
                                "valve",
                                if had.1 {
                                    "conf.note.damaged_valve"
                                } else {
                                    "conf.note.none"
                                },
                            ),
                    )
                    .number("bonus", b.into()),
                );
                SteamOutcome::Bonus(b)
            }
            PressureResult::Incident => {
                let d = Die::D6
                    .dist()
                    .map(|f| Incident::from_face(*f).redirected(&markers));
                let request = RollRequest::new(1, Die::D6, "incident table")
                    .rule("C9")
                    .with_message(Message::new("conf.roll.incident"))
                    .odds_if(steps.wants_odds(), || {
                        d.iter()
                            .map(|(i, p)| OddsLine {
                                label: i.to_string(),
                                probability: p,
                            })
                            .collect()
                    });
                let face = steps.roll_one(request)?;
                let printed = Incident::from_face(face);
                let incident = printed.redirected(&markers);
                let (note, message) = if printed == incident {
                    (
                        String::new(),
                        Message::new("conf.log.steam.incident")
                            .int("face", face)
                            .key("incident", incident.message_key()),
                    )
                } else {
                    (
                        format!(" (second {printed}: read as {incident})"),
                        Message::new("conf.log.steam.incident_redirected")
                            .int("face", face)
                            .key("incident", incident.message_key())
                            .key("printed", printed.message_key()),
                    )
                };
                incident.apply(&mut markers);
                steps.log(
                    LogStep::rule("C9", format!("Incident {face}: {incident}{note}"))
                        .with_message(message)
                        .number("incident", face.into()),
                );
                SteamOutcome::Incident(incident)
            }
        };
        Ok(PressureOutcome { result, markers })
    }
}

/// The start-of-round roll of a model with a total failure: 4+ on a D6 allows
/// pressure rolls this round (C9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TotalFailureCheck {
    markers: SteamMarkers,
}

impl TotalFailureCheck {
    /// For a model with these markers (a model without total failure needs
    /// no roll and passes).
    pub fn new(markers: SteamMarkers) -> Self {
        Self { markers }
    }
}

impl crate::TitleMessage for TotalFailureCheck {
    fn title_message(&self) -> Message {
        Message::new("conf.title.total_failure")
    }
}

impl Resolver for TotalFailureCheck {
    type Outcome = SteamMarkers;

    fn title(&self) -> String {
        "Total failure: 4+ to use the machine this round".into()
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<SteamMarkers, Pending> {
        let mut m = self.markers;
        m.new_round();
        if !m.total_failure {
            return Ok(m);
        }
        let request = RollRequest::new(1, Die::D6, "total failure check: 4+ needed")
            .rule("C9")
            .with_message(Message::new("conf.roll.total_failure"))
            .odds_if(steps.wants_odds(), || {
                vec![
                    OddsLine {
                        label: "works this round".into(),
                        probability: 0.5,
                    },
                    OddsLine {
                        label: "blocked".into(),
                        probability: 0.5,
                    },
                ]
            });
        let face = steps.roll_one(request)?;
        m.cleared_this_round = face >= 4;
        let (text, key) = if m.cleared_this_round {
            (
                format!("{face} >= 4: the machine works this round"),
                "conf.log.total_failure.works",
            )
        } else {
            (
                format!("{face} < 4: no pressure roll this round"),
                "conf.log.total_failure.blocked",
            )
        };
        steps.log(LogStep::rule("C9", text).with_message(Message::new(key).int("face", face)));
        Ok(m)
    }
}

/// The figures caught by an explosion at `at`: every base (centre, radius)
/// within 5 cm, edge to edge.
pub fn explosion_victims(at: Point, bases: &[(Point, f64)]) -> Vec<usize> {
    bases
        .iter()
        .enumerate()
        .filter(|(_, (c, r))| at.distance_to(*c) - r <= EXPLOSION_RADIUS_CM + 1e-9)
        .map(|(i, _)| i)
        .collect()
}
