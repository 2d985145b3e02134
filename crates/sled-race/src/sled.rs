//! A sled in the race: its pose, speed, wounds and movement dice.

use std::sync::Arc;

use feldherr_geometry::{Angle, OrientedRect, Point};
use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use crate::zone::sled_zone;
use crate::{Driver, RaceSettings, SledZone};

/// Toughness of every sled ("Widerstand von 6").
pub const SLED_TOUGHNESS: u32 = 6;
/// Wounds of every sled ("3 Wunden").
pub const SLED_WOUNDS: u32 = 3;

/// Where a sled is in the race.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SledStatus {
    /// Still racing.
    Racing,
    /// Crossed the finish line (S15).
    Finished {
        /// The race round (counted from 1 over all turns) of the crossing.
        round: u32,
        /// How far its centre got past the line at the end of that move.
        past: f64,
        /// The place of its move in that round's order (ties, P32).
        order: u32,
    },
    /// Out of the race: the sled or the driver lost the last wound (S14).
    Out {
        /// The race round it happened in.
        round: u32,
    },
}

/// One sled with its driver.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sled {
    /// Stable id (the entrant's id).
    pub id: Id,
    /// The driver (shared: copying a state copies no names).
    #[serde(with = "crate::state::shared")]
    pub driver: Arc<Driver>,
    /// The sled's table piece, once placed.
    #[serde(default)]
    pub piece: Option<u64>,
    /// Centre of the footprint.
    pub center: Point,
    /// Facing of the model (its front).
    pub facing: Angle,
    /// Current speed; negative travels backwards (S5).
    pub speed: i32,
    /// Wounds the sled has left.
    pub sled_wounds: u32,
    /// Wounds the driver has left.
    pub driver_wounds: u32,
    /// Movement dice left this turn (S2).
    pub dice: Vec<u32>,
    /// Racing, finished or out.
    pub status: SledStatus,
}

impl Sled {
    /// A fresh sled for `driver` at `center` facing downhill, speed 0.
    pub fn new(id: Id, driver: Driver, center: Point) -> Sled {
        let wounds = driver.wounds;
        Sled {
            id,
            driver: Arc::new(driver),
            piece: None,
            center,
            facing: Angle::ZERO,
            speed: 0,
            sled_wounds: SLED_WOUNDS,
            driver_wounds: wounds,
            dice: Vec::new(),
            status: SledStatus::Racing,
        }
    }

    /// Whether it is still racing.
    pub fn racing(&self) -> bool {
        self.status == SledStatus::Racing
    }

    /// The footprint.
    pub fn outline(&self, settings: &RaceSettings) -> Option<OrientedRect> {
        OrientedRect::new(
            self.center,
            settings.sled_width,
            settings.sled_length,
            self.facing,
        )
        .ok()
    }

    /// The direction of travel: the facing, reversed when the speed is
    /// negative (S4). A standing sled's zones follow its facing (S12).
    pub fn travel(&self) -> Angle {
        if self.speed < 0 {
            self.facing.opposite()
        } else {
            self.facing
        }
    }

    /// The collision value: max(driver Toughness, |speed|) (S12).
    pub fn collision_value(&self) -> i32 {
        i32::try_from(self.driver.toughness)
            .unwrap_or(i32::MAX)
            .max(self.speed.saturating_abs())
    }

    /// The zone of this sled that `point` lies in (S4); `None` at its centre.
    pub fn zone_of(&self, settings: &RaceSettings, point: Point) -> Option<SledZone> {
        let rect = self.outline(settings)?;
        sled_zone(&rect, self.speed < 0, point).ok()
    }

    /// The six zones as 60° sectors for drawing: each zone with its
    /// bearings (degrees CCW from +x) from and to, seen from the centre.
    pub fn zone_sectors(&self) -> [(SledZone, f64, f64); 6] {
        let t = self.travel().degrees();
        [
            (SledZone::Front, t - 30.0, t + 30.0),
            (SledZone::FrontLeft, t + 30.0, t + 90.0),
            (SledZone::RearLeft, t + 90.0, t + 150.0),
            (SledZone::Rear, t + 150.0, t + 210.0),
            (SledZone::RearRight, t + 210.0, t + 270.0),
            (SledZone::FrontRight, t + 270.0, t + 330.0),
        ]
    }
}
