//! Terrain moved during the scenario's set-up (W3, PW16): which piece,
//! how far and why, so the players are told rather than left to look.

use feldherr_dice::step::Message;
use feldherr_play::Id;
use feldherr_table::geometry::Point;
use serde::{Deserialize, Serialize};

use crate::TerrainType;

/// Why a terrain piece was moved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum PushReason {
    /// Impassable terrain stays 10 cm away from every objective marker
    /// (text line 88, W3).
    ImpassableNearMarker {
        /// The marker.
        objective: Id,
        /// Its label.
        label: String,
    },
    /// King of the Hill: no terrain within 5 cm of the centre (text line
    /// 222, W3).
    HillCentre,
    /// Incursion: the piece covered the marker picked to lie in open
    /// ground (text line 172, PW16).
    IncursionMarker {
        /// The marker's label.
        marker: String,
    },
}

/// One terrain piece moved along the shortest way.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TerrainPush {
    /// The table piece.
    pub piece: u64,
    /// Its name.
    pub name: String,
    /// Its type.
    pub terrain: TerrainType,
    /// Its centre before.
    pub from: Point,
    /// Its centre after.
    pub to: Point,
    /// How far it moved, cm.
    pub distance_cm: f64,
    /// Why.
    pub reason: PushReason,
}

impl TerrainPush {
    /// The move as a catalogue message: "Lake 1 moved 5.5 cm away from
    /// objective West (W3)"; the distance to a tenth of a centimetre, its
    /// decimal sign left to the catalogue.
    #[must_use]
    pub fn message(&self) -> Message {
        let tenths = (self.distance_cm * 10.0).round();
        // A bounded table: the distance fits an i64 comfortably.
        #[expect(
            clippy::cast_possible_truncation,
            reason = "a distance on a table of at most a few metres, rounded"
        )]
        let tenths = tenths as i64;
        let (key, what) = match &self.reason {
            PushReason::ImpassableNearMarker { label, .. } => {
                ("warmaster.push.marker", Some(label.clone()))
            }
            PushReason::HillCentre => ("warmaster.push.centre", None),
            PushReason::IncursionMarker { marker } => {
                ("warmaster.push.incursion", Some(marker.clone()))
            }
        };
        let mut m = Message::new(key)
            .text("name", self.name.clone())
            .int("cm", tenths / 10)
            .int("tenth", tenths % 10);
        if let Some(what) = what {
            m = m.text("marker", what);
        }
        m
    }
}
