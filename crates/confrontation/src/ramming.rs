//! Ramming (Ramme/X, C5): collisions when a machine charges or engages.
//!
//! Strength = X x ceil(distance / 10 cm), the distance travelled since the
//! start of the charge, base edge to base edge; with Unaufhaltsam and a
//! speed marker at the start of the round it is X x ceil(2 x BEW / 10)
//! whatever the distance. Each figure touching the front edge takes a wound
//! roll 2D6 + strength - RES on which doubles are not criticals. If every
//! one is killed outright (or destroyed, Resistent) the machine may drive on;
//! the next figure met takes a collision of the same strength; it stops as
//! soon as one survives.
//!
//! ```
//! use feldherr_confrontation::{Impetus, collision_strength};
//! assert_eq!(collision_strength(3, Impetus::Distance(23.0))?, 9);       // example 1
//! assert_eq!(collision_strength(3, Impetus::SpeedMarker { bew: 20 })?, 12); // example 2
//! # Ok::<(), feldherr_confrontation::ConfrontationError>(())
//! ```

use crate::game::refusal::{inconsistent, say};
use feldherr_dice::step::{ChoiceRequest, LogStep, Message, Pending, Resolver, Steps};
use serde::{Deserialize, Serialize};

use crate::damage::{Fate, HitResult, Victim, resolve_hit};
use crate::error::{ConfrontationError, check_cm, check_range};
use crate::figure_wounds::WoundTable;

/// What gives the collision its force.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Impetus {
    /// Distance in cm since the start of the charge or engagement.
    Distance(f64),
    /// Unaufhaltsam with a speed marker at the start of the round: twice BEW.
    SpeedMarker {
        /// BEW on the card at the moment of the charge.
        bew: u32,
    },
}

/// The collision strength (C5).
pub fn collision_strength(x: u32, impetus: Impetus) -> Result<i32, ConfrontationError> {
    check_range("Ramme X", x.into(), 1, 20, "1 to 20")?;
    let factor = match impetus {
        Impetus::Distance(d) => {
            check_cm("charge distance", d)?;
            // A tiny tolerance keeps 20.0000001 (rounding) at factor 2.
            ((d - 1e-9) / 10.0).ceil().max(0.0) as u32
        }
        Impetus::SpeedMarker { bew } => {
            check_range("BEW", bew.into(), 1, 99, "1 to 99")?;
            (2 * bew).div_ceil(10)
        }
    };
    Ok((x * factor) as i32)
}

/// One collision victim and its result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CollisionHit {
    /// Who was hit.
    pub name: String,
    /// The result.
    pub result: HitResult,
}

/// The outcome of a ramming.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RammingOutcome {
    /// The collision strength.
    pub strength: i32,
    /// Each collision in order.
    pub hits: Vec<CollisionHit>,
    /// Whether the machine drove on through everyone offered.
    pub drove_through: bool,
}

/// A ramming as a resolver (C5): `front` are the figures touching the front
/// edge at the charge; `beyond` the figures met one after another if the
/// machine drives on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ramming {
    strength: i32,
    front: Vec<Victim>,
    beyond: Vec<Victim>,
    table: WoundTable,
}

impl Ramming {
    /// A ramming by a machine with Ramme/`x`.
    pub fn new(
        x: u32,
        impetus: Impetus,
        front: Vec<Victim>,
        beyond: Vec<Victim>,
        table: WoundTable,
    ) -> Result<Self, ConfrontationError> {
        let strength = collision_strength(x, impetus)?;
        if front.is_empty() {
            return Err(inconsistent(
                "front",
                say("ramming.collision_needs_figure_touching_front"),
            ));
        }
        for v in front.iter().chain(&beyond) {
            v.check()?;
        }
        Ok(Self {
            strength,
            front,
            beyond,
            table,
        })
    }

    /// The counter-collision: a figure charging or engaging an Unaufhaltsam
    /// machine with Ramme/`x` and its speed marker frontally suffers a
    /// collision at once.
    pub fn counter(
        x: u32,
        bew: u32,
        charger: Victim,
        table: WoundTable,
    ) -> Result<Self, ConfrontationError> {
        Self::new(
            x,
            Impetus::SpeedMarker { bew },
            vec![charger],
            Vec::new(),
            table,
        )
    }

    /// The collision strength.
    pub fn strength(&self) -> i32 {
        self.strength
    }
}

fn gone(f: Fate) -> bool {
    f != Fate::Survives
}

impl crate::TitleMessage for Ramming {
    fn title_message(&self) -> Message {
        Message::new("conf.title.ramming").int("str", self.strength)
    }
}

impl Resolver for Ramming {
    type Outcome = RammingOutcome;

    fn title(&self) -> String {
        format!("Collision at STR {}", self.strength)
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<RammingOutcome, Pending> {
        steps.log(
            LogStep::rule("C5", format!("Collision strength {}", self.strength))
                .with_message(Message::new("conf.log.ram.strength").int("str", self.strength))
                .number("strength", self.strength.into()),
        );
        let mut hits = Vec::new();
        let mut all_gone = true;
        for v in &self.front {
            let result = resolve_hit(steps, self.strength, v, &self.table, false, "C5")?;
            all_gone &= gone(result.fate);
            hits.push(CollisionHit {
                name: v.name.clone(),
                result,
            });
        }
        let mut drove_through = all_gone;
        for v in &self.beyond {
            if !all_gone {
                steps.log(
                    LogStep::rule("C5", "A figure survived: the machine stops")
                        .with_message(Message::new("conf.log.ram.stops")),
                );
                drove_through = false;
                break;
            }
            let go = steps.choose(
                ChoiceRequest::new("Drive on after the collision?")
                    .with_message(Message::new("conf.choice.drive_on"))
                    .rule("C5")
                    .option_message(
                        "stop",
                        Message::new("conf.choice.drive_on.stop"),
                        "the machine halts here",
                    )
                    .detail_message(Message::new("conf.choice.drive_on.stop_detail"))
                    .option_message(
                        "drive on",
                        Message::new("conf.choice.drive_on.go"),
                        format!("{} takes a collision at STR {}", v.name, self.strength),
                    )
                    .detail_message(
                        Message::new("conf.choice.drive_on.go_detail")
                            .text("name", v.name.clone())
                            .int("str", self.strength),
                    ),
            )?;
            if go == 0 {
                drove_through = false;
                break;
            }
            let result = resolve_hit(steps, self.strength, v, &self.table, false, "C5")?;
            all_gone = gone(result.fate);
            hits.push(CollisionHit {
                name: v.name.clone(),
                result,
            });
        }
        if !all_gone {
            drove_through = false;
        }
        Ok(RammingOutcome {
            strength: self.strength,
            hits,
            drove_through,
        })
    }
}
