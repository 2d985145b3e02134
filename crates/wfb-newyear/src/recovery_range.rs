//! Is an eligible enemy within 3 in of a treasure card? Measured from
//! positions (N5, issue 10).

use feldherr_geometry::{GEOMETRIC_EPSILON, Shape, distance};
use serde::{Deserialize, Serialize};

use crate::{MIN_UNIT_STRENGTH, UnitKind};

/// How close an eligible enemy unit may not be to the card: 3 in (N5).
pub const RECOVERY_RANGE_IN: f64 = 3.0;

/// An enemy unit on the table, as far as treasure recovery is concerned.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyUnit {
    /// The unit's footprint (its bases), in inches.
    pub shape: Shape,
    /// Its unit strength.
    pub unit_strength: u32,
    /// Its kind.
    pub kind: UnitKind,
}

impl EnemyUnit {
    /// Whether the unit could itself recover treasures (N5): unit strength
    /// 5 or more and a kind that may.
    pub fn eligible(&self) -> bool {
        self.unit_strength >= MIN_UNIT_STRENGTH && self.kind.may_recover()
    }
}

/// The index of the nearest eligible enemy unit within 3 in of the card,
/// edge to edge; `None` when there is none. The text says "innerhalb von 3
/// Zoll": an enemy at exactly 3 in is within (up to
/// [`GEOMETRIC_EPSILON`] of rounding). Ineligible enemies (characters,
/// skirmishers, units below strength 5, ...) never block (N5).
///
/// The answer fills [`crate::RecoveryCheck::eligible_enemy_within_3_in`].
///
/// ```
/// use feldherr_geometry::{Angle, OrientedRect, Point, Shape};
/// use feldherr_wfb_newyear::{EnemyUnit, UnitKind, eligible_enemy_within_3_in};
///
/// let card = Shape::from(OrientedRect::new(Point::new(36.0, 24.0), 2.0, 3.0, Angle::from_degrees(90.0)?)?);
/// // A block 2 in wide (along x) and 5 in deep.
/// let up = Angle::from_degrees(90.0)?;
/// let block = |x: f64, kind| {
///     OrientedRect::new(Point::new(x, 24.0), 2.0, 5.0, up).map(|rect| {
///         EnemyUnit { shape: Shape::from(rect), unit_strength: 10, kind }
///     })
/// };
/// // The card spans x = 35..37; a block centred at x = 41 spans 40..42:
/// // exactly 3 in away, so within.
/// assert_eq!(eligible_enemy_within_3_in(&card, &[block(41.0, UnitKind::Regular)?]), Some(0));
/// assert_eq!(eligible_enemy_within_3_in(&card, &[block(41.1, UnitKind::Regular)?]), None);
/// assert_eq!(eligible_enemy_within_3_in(&card, &[block(41.0, UnitKind::Skirmishers)?]), None);
/// # Ok::<(), feldherr_geometry::GeometryError>(())
/// ```
pub fn eligible_enemy_within_3_in(card: &Shape, enemies: &[EnemyUnit]) -> Option<usize> {
    enemies
        .iter()
        .enumerate()
        .filter(|(_, enemy)| enemy.eligible())
        .map(|(index, enemy)| (index, distance(card, &enemy.shape)))
        .filter(|(_, gap)| *gap <= RECOVERY_RANGE_IN + GEOMETRIC_EPSILON)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(index, _)| index)
}
