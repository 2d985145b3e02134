//! Counter-fire (Gegenschuss) of artillery against a charger, and the
//! Schutzwall/X ability.
//!
//! The charging figure is set down halfway between where its charge (or
//! engagement) started and the machine; if it started out of the gunners'
//! sight, halfway between the point where it first came into sight and the
//! machine. It may not be put behind cover, and it counts as on the
//! machine's height level. If a weapon with a minimum range would have its
//! target placed inside that range, there is no counter-fire. The FER test
//! has the usual difficulty 6 ([`COUNTER_FIRE_DIFFICULTY`]).
//!
//! - Zone ammunition: the template is laid on the figure and the shot goes
//!   on as usual (C6, [`CounterFire::zone_shot`]); a survivor is then put in
//!   contact with the machine and they are in melee.
//! - Penetrating ammunition: as a normal penetrating shot, going on after
//!   each instant kill (C7, [`PenetratingCounterFire`]).
//!
//! Schutzwall/X ([`may_descend`]): within X cm of the machine no figure may
//! come down from a higher level to the machine's level; climbing out of the
//! protected area is allowed. The rampart moves with the machine.
//!
//! ```
//! use feldherr_confrontation::CounterFire;
//! use feldherr_geometry::Point;
//! let machine = Point::new(0.0, 0.0);
//! let cf = CounterFire::place(machine, 0, Point::new(30.0, 0.0), None, None)?;
//! assert_eq!(cf.position(), Point::new(15.0, 0.0));
//! // A mortar with a 20 cm minimum range cannot fire at 15 cm.
//! assert!(CounterFire::place(machine, 0, Point::new(30.0, 0.0), None, Some(20.0)).is_err());
//! # Ok::<(), feldherr_confrontation::ConfrontationError>(())
//! ```

use crate::game::refusal::{decimal, not_allowed, say};
use feldherr_dice::Dist;
use feldherr_dice::step::{LogStep, Message, Pending, Resolver, Steps};
use feldherr_geometry::{Point, Shape, distance};
use serde::{Deserialize, Serialize};

use crate::artillery::{FerTest, FireResult, Model, PenetratingShot, PenetrationOutcome, ZoneShot};
use crate::card::ArtilleryClass;
use crate::damage::Fate;
use crate::error::{ConfrontationError, check_cm};
use crate::figure_wounds::WoundTable;

/// The FER difficulty of a counter-fire.
pub const COUNTER_FIRE_DIFFICULTY: i32 = 6;

/// Where the charger stands when the machine fires back.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct CounterFire {
    machine: Point,
    position: Point,
    level: i32,
}

impl CounterFire {
    /// Places the charger: halfway between `charge_start` (or `first_sight`,
    /// if it started unseen) and the `machine`, on the machine's level.
    ///
    /// # Errors
    /// [`ConfrontationError::NotAllowed`] if the point lies inside the
    /// weapon's `min_range_cm`; a bad distance or point.
    pub fn place(
        machine: Point,
        machine_level: i32,
        charge_start: Point,
        first_sight: Option<Point>,
        min_range_cm: Option<f64>,
    ) -> Result<Self, ConfrontationError> {
        let from = first_sight.unwrap_or(charge_start);
        for p in [machine, from] {
            Point::try_new(p.x, p.y)?;
        }
        let position = from.midpoint(machine);
        if let Some(min) = min_range_cm {
            check_cm("minimum range", min)?;
            let d = position.distance_to(machine);
            if d < min {
                return Err(not_allowed(
                    "Gegenschuss",
                    say("counter_fire.charger_placed_cm_away_inside")
                        .nested("d", decimal(d, 1))
                        .nested("min", decimal(min, 1)),
                ));
            }
        }
        Ok(Self {
            machine,
            position,
            level: machine_level,
        })
    }

    /// Where the charger is set down.
    pub fn position(&self) -> Point {
        self.position
    }

    /// The height level it counts as on (the machine's).
    pub fn level(&self) -> i32 {
        self.level
    }

    /// The charger moved to its counter-fire position and level.
    pub fn place_model(&self, mut charger: Model) -> Model {
        charger.center = self.position;
        charger.level = self.level;
        charger
    }

    /// The FER test of the counter-fire: difficulty 6.
    ///
    /// # Errors
    /// A bad FER or modifier.
    pub fn fer_test(&self, fer: i32, die_modifier: i32) -> Result<FerTest, ConfrontationError> {
        FerTest::new(fer, COUNTER_FIRE_DIFFICULTY, die_modifier)
    }

    /// A counter-fire with zone ammunition (C6): the charger (placed) is the
    /// target, `others` are the models around it that the template may
    /// catch.
    ///
    /// # Errors
    /// As [`ZoneShot::new`].
    #[allow(clippy::too_many_arguments)]
    pub fn zone_shot(
        &self,
        class: ArtilleryClass,
        strength: i32,
        fer: i32,
        die_modifier: i32,
        charger: Model,
        others: Vec<Model>,
        template_cm: f64,
        table: WoundTable,
    ) -> Result<ZoneShot, ConfrontationError> {
        let mut models = vec![self.place_model(charger)];
        models.extend(others);
        ZoneShot::new(
            class,
            strength,
            self.fer_test(fer, die_modifier)?,
            self.machine,
            self.level,
            0,
            models,
            template_cm,
            table,
        )
    }
}

/// The outcome of a penetrating counter-fire.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CounterFireOutcome {
    /// The FER test.
    pub fire: FireResult,
    /// The penetrating hit, if the test succeeded.
    pub hit: Option<PenetrationOutcome>,
}

/// A counter-fire with penetrating ammunition (C7), as a resolver: FER
/// test at 6, then a penetrating hit from the machine through the placed
/// charger along the line of fire.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PenetratingCounterFire {
    test: FerTest,
    shot: PenetratingShot,
}

impl PenetratingCounterFire {
    /// Counter-fire from the machine at `cf` on `charger`; `others` are the
    /// models beyond that the shot may go on to, up to `range_cm`.
    ///
    /// # Errors
    /// As [`PenetratingShot::new`] and [`FerTest::new`].
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        cf: &CounterFire,
        class: ArtilleryClass,
        strength: i32,
        fer: i32,
        die_modifier: i32,
        range_cm: f64,
        charger: Model,
        others: Vec<Model>,
        table: WoundTable,
    ) -> Result<Self, ConfrontationError> {
        let mut models = vec![cf.place_model(charger)];
        models.extend(others);
        Ok(Self {
            test: cf.fer_test(fer, die_modifier)?,
            shot: PenetratingShot::new(class, strength, cf.machine, 0, range_cm, models, table)?,
        })
    }

    /// The model indices the shot would go through, in order (0 = charger).
    pub fn chain(&self) -> &[usize] {
        self.shot.chain()
    }

    /// Exact odds of the FER test's result together with the fates of the
    /// targets hit in chain order (none unless the test hits; see
    /// [`PenetratingShot::distribution`]).
    pub fn distribution(&self) -> Dist<(FireResult, Vec<Fate>)> {
        self.test.distribution().and_then(|&fire| {
            if fire == FireResult::Hit {
                self.shot.distribution().map(|fates| (fire, fates.clone()))
            } else {
                Dist::certain((fire, Vec::new()))
            }
        })
    }
}

impl crate::TitleMessage for PenetratingCounterFire {
    fn title_message(&self) -> Message {
        Message::new("conf.title.counter_fire")
    }
}

impl Resolver for PenetratingCounterFire {
    type Outcome = CounterFireOutcome;

    fn title(&self) -> String {
        "Counter-fire, penetrating".into()
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<CounterFireOutcome, Pending> {
        steps.log(
            LogStep::rule(
                "Gegenschuss",
                "Charger set down halfway to the machine; FER test at difficulty 6",
            )
            .with_message(Message::new("conf.log.counter_fire.placed")),
        );
        let fire = self.test.resolve(steps, "Gegenschuss")?;
        if fire != FireResult::Hit {
            steps.log(
                LogStep::rule(
                    "Gegenschuss",
                    format!("{}: no hit", format!("{fire:?}").to_lowercase()),
                )
                .with_message(
                    Message::new("conf.log.counter_fire.no_hit").key("fire", fire.message_key()),
                ),
            );
            return Ok(CounterFireOutcome { fire, hit: None });
        }
        let hit = self.shot.resolve(steps)?;
        Ok(CounterFireOutcome {
            fire,
            hit: Some(hit),
        })
    }
}

/// Schutzwall/X: whether a figure at `figure` (its base) may come down from
/// level `from_level` to `to_level` near a machine `machine` (its base, on
/// `machine_level`) with a rampart of `x_cm`. Coming down to the machine's
/// level within X cm is refused; climbing, or anything farther away, is
/// allowed.
///
/// # Errors
/// [`ConfrontationError::NotAllowed`] naming the distance.
pub fn may_descend(
    machine: &Shape,
    machine_level: i32,
    x_cm: f64,
    figure: &Shape,
    from_level: i32,
    to_level: i32,
) -> Result<(), ConfrontationError> {
    check_cm("Schutzwall X", x_cm)?;
    let d = distance(machine, figure);
    if to_level < from_level && to_level == machine_level && d <= x_cm {
        return Err(not_allowed(
            "Schutzwall",
            say("counter_fire.cm_from_machine_within_rampart")
                .nested("d", decimal(d, 1))
                .nested("x_cm", decimal(x_cm, 1))
                .text("to_level", to_level.to_string()),
        ));
    }
    Ok(())
}
