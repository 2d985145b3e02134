//! Control of objective markers and zones (W4): as stated by the players
//! or computed from stands on the map.

use feldherr_play::Id;
use feldherr_table::geometry::{CONTACT_TOLERANCE, GEOMETRIC_EPSILON, Shape, distance};
use serde::{Deserialize, Serialize};

use crate::Player;

/// An enemy unit this close to an objective marker (edge to edge, cm)
/// stops control (W4). Exactly 5 cm counts as within (PW1).
pub const BLOCKING_RANGE_CM: f64 = 5.0;

/// Who controls one objective or zone at a scoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Control {
    /// The controlling player; `None` when nobody does.
    pub by: Option<Player>,
    /// For a zone held by `by`: whether no unit of the opponent is in it
    /// (Dominieren). Ignored for objective markers.
    #[serde(default)]
    pub alone: bool,
}

impl Control {
    /// Nobody controls it.
    pub const NOBODY: Control = Control {
        by: None,
        alone: false,
    };

    /// `player` controls it (for a zone: with enemy units in it).
    #[must_use]
    pub const fn by(player: Player) -> Control {
        Control {
            by: Some(player),
            alone: false,
        }
    }

    /// `player` controls a zone with no enemy unit in it.
    #[must_use]
    pub const fn alone(player: Player) -> Control {
        Control {
            by: Some(player),
            alone: true,
        }
    }

    /// What the players may state for a marker of `kind` (W4): nobody,
    /// player A or player B; for a zone also A or B alone in it
    /// (Dominieren), which an objective marker does not know.
    ///
    /// ```
    /// use feldherr_warmaster::{Control, MarkerKind, Player};
    ///
    /// assert_eq!(Control::options(MarkerKind::Objective).len(), 3);
    /// assert!(Control::options(MarkerKind::Zone).contains(&Control::alone(Player::B)));
    /// ```
    #[must_use]
    pub fn options(kind: crate::MarkerKind) -> Vec<Control> {
        let mut out = vec![
            Control::NOBODY,
            Control::by(Player::A),
            Control::by(Player::B),
        ];
        if kind == crate::MarkerKind::Zone {
            out.extend([Control::alone(Player::A), Control::alone(Player::B)]);
        }
        out
    }
}

/// One stand on the map, with what W4 needs of its unit.
#[derive(Debug, Clone, PartialEq)]
pub struct StandOnMap {
    /// The owner.
    pub player: Player,
    /// The unit it belongs to.
    pub unit: Id,
    /// The unit flies: cannot control markers, but blocks them.
    pub flying: bool,
    /// The unit is summoned: never counts for zones.
    pub summoned: bool,
    /// The stand's outline.
    pub shape: Shape,
}

/// How control of an objective marker was computed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkerControl {
    /// Per player (A, B): non-flying units with a stand touching it.
    pub touching: [Vec<Id>; 2],
    /// Per player: units (flyers included) with a stand within 5 cm.
    pub near: [Vec<Id>; 2],
    /// The result.
    pub control: Control,
}

/// How control of a zone was computed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZoneControl {
    /// Per player: stands with their centre inside, summoned units not
    /// counted.
    pub stands: [u32; 2],
    /// Per player: whether any stand of his (summoned too) has its centre
    /// inside.
    pub present: [bool; 2],
    /// The result.
    pub control: Control,
}

fn push_unique(list: &mut Vec<Id>, id: Id) {
    if !list.contains(&id) {
        list.push(id);
    }
}

/// Control of the objective marker `marker` (W4): a player controls it
/// when one of his non-flying units has a stand touching it and no enemy
/// unit (flyers included) has a stand within 5 cm of it (exactly 5 cm
/// counts as within, PW1).
#[must_use]
pub fn marker_control(marker: &Shape, stands: &[StandOnMap]) -> MarkerControl {
    let mut touching: [Vec<Id>; 2] = [Vec::new(), Vec::new()];
    let mut near: [Vec<Id>; 2] = [Vec::new(), Vec::new()];
    for stand in stands {
        let d = distance(marker, &stand.shape);
        let i = stand.player.index();
        if d <= CONTACT_TOLERANCE && !stand.flying {
            push_unique(&mut touching[i], stand.unit);
        }
        if d <= BLOCKING_RANGE_CM + GEOMETRIC_EPSILON {
            push_unique(&mut near[i], stand.unit);
        }
    }
    let holds = |p: Player| !touching[p.index()].is_empty() && near[p.other().index()].is_empty();
    let by = Player::BOTH.into_iter().find(|&p| holds(p));
    MarkerControl {
        touching,
        near,
        control: Control { by, alone: false },
    }
}

/// Control of the zone `zone` (W4): the player with more stands whose
/// centre lies inside (boundary included) controls it; summoned units do
/// not count; a tie gives nobody the zone. `alone` is set when no stand
/// of the opponent (summoned ones included) is inside (Dominieren, PW2).
#[must_use]
pub fn zone_control(zone: &Shape, stands: &[StandOnMap]) -> ZoneControl {
    let mut counts = [0_u32; 2];
    let mut present = [false; 2];
    for stand in stands {
        if zone.contains_point(stand.shape.centroid()) {
            let i = stand.player.index();
            present[i] = true;
            if !stand.summoned {
                counts[i] += 1;
            }
        }
    }
    let by = match counts[0].cmp(&counts[1]) {
        std::cmp::Ordering::Greater => Some(Player::A),
        std::cmp::Ordering::Less => Some(Player::B),
        std::cmp::Ordering::Equal => None,
    };
    let alone = by.is_some_and(|p| !present[p.other().index()]);
    ZoneControl {
        stands: counts,
        present,
        control: Control { by, alone },
    }
}
