//! Transport/X: places, boarding, leaving, and passengers of a destroyed
//! vehicle.
//!
//! Small figures take 1 place, normal ones 2, large ones 3; cavalry and very
//! large figures cannot ride. Figures board and leave by the access (the
//! sides or the rear) and only while the vehicle stands still; a vehicle with
//! a speed marker must stop first and then stays put for the round. Figures
//! that left may neither run, charge nor shoot that round. If the vehicle is
//! destroyed, every passenger takes a wound of STR = the vehicle's RES
//! ([`PassengerWounds`]); survivors stand where it stood and may neither move,
//! shoot nor cast or pray until the end of the round.
//!
//! ```
//! use feldherr_confrontation::{Access, Hold, Passenger, Size};
//! use feldherr_geometry::FacingArc;
//! // The text's example: Transport/4 carries 4 small, or 2 normal, or 1 large and 1 small.
//! let mut hold = Hold::new(4, Access::Rear)?;
//! hold.board(Passenger::new("Minotaur", Size::Large, 9), FacingArc::Rear, false)?;
//! hold.board(Passenger::new("Goblin", Size::Small, 5), FacingArc::Rear, false)?;
//! assert_eq!(hold.free_places(), 0);
//! assert!(hold.board(Passenger::new("Goblin 2", Size::Small, 5), FacingArc::Rear, false).is_err());
//! # Ok::<(), feldherr_confrontation::ConfrontationError>(())
//! ```

use crate::game::refusal::{not_allowed, say};
use feldherr_dice::step::{LogStep, Message, Pending, Resolver, Steps};
use feldherr_geometry::FacingArc;
use serde::{Deserialize, Serialize};

use crate::card::{Access, MachineCard, Size};
use crate::damage::{Fate, HitResult, Victim, resolve_hit};
use crate::error::{ConfrontationError, check_range};
use crate::figure_wounds::WoundTable;
use crate::state::MachineState;
use crate::unaufhaltsam::SpeedMarker;

/// A figure riding in a vehicle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Passenger {
    /// Name shown in the log.
    pub name: String,
    /// Size.
    pub size: Size,
    /// Cavalry cannot ride.
    #[serde(default)]
    pub cavalry: bool,
    /// RES, for the wound when the vehicle is destroyed.
    pub res: u32,
    /// Its figure piece, if it has one on the table (a figure that left a
    /// vehicle may not run, charge or shoot that round).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<u64>,
}

impl Passenger {
    /// A foot figure.
    pub fn new(name: impl Into<String>, size: Size, res: u32) -> Self {
        Self {
            name: name.into(),
            size,
            cavalry: false,
            res,
            piece: None,
        }
    }

    /// Places it takes: small 1, normal 2, large 3.
    ///
    /// # Errors
    /// [`ConfrontationError::NotAllowed`] for cavalry and very large figures.
    pub fn places(&self) -> Result<u32, ConfrontationError> {
        if self.cavalry {
            return Err(refused(
                say("transport.cavalry_cannot_ride").text("name", self.name.to_string()),
            ));
        }
        match self.size {
            Size::Small => Ok(1),
            Size::Normal => Ok(2),
            Size::Large => Ok(3),
            Size::VeryLarge => Err(refused(
                say("transport.very_large_cannot_ride").text("name", self.name.to_string()),
            )),
        }
    }
}

fn refused(message: Message) -> ConfrontationError {
    not_allowed("Transport", message)
}

/// Whether `side` (where the figure stands, relative to the vehicle's
/// facing) is an access side.
pub fn is_access(access: Access, side: FacingArc) -> bool {
    match access {
        Access::Side => matches!(side, FacingArc::Left | FacingArc::Right),
        Access::Rear => side == FacingArc::Rear,
    }
}

/// How the army card of figures partly or wholly inside a vehicle is
/// activated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardActivation {
    /// No figure of the card rides: as usual.
    Normal,
    /// All ride: the card leaves the army stack while they do; the
    /// vehicle's card activates them.
    LeavesStack,
    /// Some ride: the card activates those outside, the vehicle's card
    /// those inside.
    Split {
        /// Activated by their own card.
        outside: u32,
        /// Activated with the vehicle.
        inside: u32,
    },
}

/// The activation of a card of `figures` figures of which `inside` ride.
///
/// # Errors
/// [`ConfrontationError::InvalidValue`] if more ride than the card has.
pub fn card_activation(figures: u32, inside: u32) -> Result<CardActivation, ConfrontationError> {
    check_range(
        "inside",
        inside.into(),
        0,
        figures.into(),
        "0 to the card's figures",
    )?;
    Ok(match inside {
        0 => CardActivation::Normal,
        i if i == figures => CardActivation::LeavesStack,
        i => CardActivation::Split {
            outside: figures - i,
            inside: i,
        },
    })
}

/// The passengers of one vehicle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hold {
    places: u32,
    access: Access,
    passengers: Vec<Passenger>,
}

impl Hold {
    /// An empty hold of `places` places.
    ///
    /// # Errors
    /// [`ConfrontationError::InvalidValue`] for 0 places.
    pub fn new(places: u32, access: Access) -> Result<Self, ConfrontationError> {
        check_range("Transport X", places.into(), 1, 99, "1 to 99")?;
        Ok(Self {
            places,
            access,
            passengers: Vec::new(),
        })
    }

    /// The hold of a card with Transport/X.
    ///
    /// # Errors
    /// [`ConfrontationError::NotAllowed`] if the card has no Transport.
    pub fn for_card(card: &MachineCard) -> Result<Self, ConfrontationError> {
        let (places, access) = card.transport().ok_or_else(|| {
            refused(
                say("transport.has_no_transport").text("card_spec", card.spec().name.to_string()),
            )
        })?;
        Self::new(places, access)
    }

    /// The passengers.
    pub fn passengers(&self) -> &[Passenger] {
        &self.passengers
    }

    /// Places taken.
    pub fn used_places(&self) -> u32 {
        self.passengers.iter().filter_map(|p| p.places().ok()).sum()
    }

    /// Places free.
    pub fn free_places(&self) -> u32 {
        self.places.saturating_sub(self.used_places())
    }

    /// Puts a figure in at deployment (no access or stillness needed).
    ///
    /// # Errors
    /// As [`Hold::board`] for size and room.
    pub fn deploy(&mut self, p: Passenger) -> Result<(), ConfrontationError> {
        let need = p.places()?;
        if need > self.free_places() {
            return Err(refused(
                say("transport.needs_places_free")
                    .text("p_name", p.name.to_string())
                    .text("need", need.to_string())
                    .text("free_places", self.free_places().to_string()),
            ));
        }
        self.passengers.push(p);
        Ok(())
    }

    /// A figure boards from `side` during the movement phase; the vehicle
    /// must stand still (`moving` false).
    ///
    /// # Errors
    /// [`ConfrontationError::NotAllowed`]: cavalry, very large, no room,
    /// wrong side, vehicle moving.
    pub fn board(
        &mut self,
        p: Passenger,
        side: FacingArc,
        moving: bool,
    ) -> Result<(), ConfrontationError> {
        self.check_door(side, moving)?;
        self.deploy(p)
    }

    /// A figure leaves from `side` while the vehicle's card is active; the
    /// vehicle must stand still. Returns it; it may move on but neither run,
    /// charge nor shoot this round.
    ///
    /// # Errors
    /// [`ConfrontationError::NotAllowed`]: not aboard, wrong side, moving.
    pub fn leave(
        &mut self,
        name: &str,
        side: FacingArc,
        moving: bool,
    ) -> Result<Passenger, ConfrontationError> {
        self.check_door(side, moving)?;
        let i = self
            .passengers
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| refused(say("transport.not_aboard").text("name", name.to_string())))?;
        Ok(self.passengers.remove(i))
    }

    /// The vehicle halts so that `name` can leave (a vehicle in motion, or
    /// one with a speed marker, must stop first): it gives up its speed
    /// marker and may not move again this movement phase.
    ///
    /// # Errors
    /// As [`Hold::leave`]; the vehicle stays stopped even then.
    pub fn stop_and_leave(
        &mut self,
        name: &str,
        side: FacingArc,
        state: &mut MachineState,
    ) -> Result<Passenger, ConfrontationError> {
        SpeedMarker::stop(state);
        self.leave(name, side, false)
    }

    fn check_door(&self, side: FacingArc, moving: bool) -> Result<(), ConfrontationError> {
        if moving {
            return Err(refused(say("transport.vehicle_must_stand_still_with")));
        }
        if !is_access(self.access, side) {
            return Err(refused(
                say("transport.access_not")
                    .text("access", format!("{:?}", self.access))
                    .text("side", format!("{:?}", side)),
            ));
        }
        Ok(())
    }
}

/// One passenger's wound when the vehicle is destroyed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassengerHit {
    /// The passenger.
    pub name: String,
    /// The wound and fate.
    pub result: HitResult,
}

/// The wounds of the passengers of a destroyed vehicle: STR = the vehicle's
/// RES, one wound roll each (a resolver).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassengerWounds {
    strength: i32,
    victims: Vec<Victim>,
    table: WoundTable,
}

impl PassengerWounds {
    /// The passengers of `hold` in a vehicle of RES `vehicle_res`.
    pub fn new(vehicle_res: u32, hold: &Hold, table: WoundTable) -> Self {
        Self {
            strength: vehicle_res.min(99) as i32,
            victims: hold
                .passengers
                .iter()
                .map(|p| Victim::figure(p.name.clone(), p.res.min(99) as i32))
                .collect(),
            table,
        }
    }

    /// The passengers `passengers` of a vehicle of RES `vehicle_res`, as a
    /// game keeps them (without their hold).
    pub fn of(vehicle_res: u32, passengers: &[Passenger], table: WoundTable) -> Self {
        Self {
            strength: vehicle_res.min(99) as i32,
            victims: passengers
                .iter()
                .map(|p| Victim::figure(p.name.clone(), p.res.min(99) as i32))
                .collect(),
            table,
        }
    }

    /// The wound strength (the vehicle's RES).
    pub fn strength(&self) -> i32 {
        self.strength
    }
}

impl crate::TitleMessage for PassengerWounds {
    fn title_message(&self) -> Message {
        Message::new("conf.title.passengers").int("str", self.strength)
    }
}

impl Resolver for PassengerWounds {
    type Outcome = Vec<PassengerHit>;

    fn title(&self) -> String {
        format!("Passengers of a destroyed vehicle, STR {}", self.strength)
    }

    fn resolve(&self, steps: &mut Steps<'_>) -> Result<Vec<PassengerHit>, Pending> {
        steps.log(
            LogStep::rule(
                "Transport",
                format!(
                    "Vehicle destroyed: each passenger takes a wound of STR {} (its RES)",
                    self.strength
                ),
            )
            .with_message(Message::new("conf.log.transport.destroyed").int("str", self.strength))
            .number("strength", self.strength.into()),
        );
        let mut hits = Vec::new();
        for v in &self.victims {
            let result = resolve_hit(steps, self.strength, v, &self.table, true, "Transport")?;
            if result.fate == Fate::Survives {
                steps.log(
                    LogStep::rule(
                        "Transport",
                        format!(
                            "{} survives: placed where the vehicle stood; no move, shot, spell or prayer this round",
                            v.name
                        ),
                    )
                    .with_message(
                        Message::new("conf.log.transport.survives").text("name", v.name.clone()),
                    ),
                );
            }
            hits.push(PassengerHit {
                name: v.name.clone(),
                result,
            });
        }
        Ok(hits)
    }
}
