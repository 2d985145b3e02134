//! Who sees whom (lines 83-101, PH20): a model sees from the front half of
//! its base; the enemy is a column of his base by his height; he is seen
//! when at least half of that column is visible. Terrain with a height
//! blocks sight up to its top; models block nothing unless they carry a
//! tower shield. Cover (lines 93, 97-99, PH22) and the height-aware
//! distance (line 89, PH23) live here too.

use feldherr_geometry::{
    Angle, CONTACT_TOLERANCE, Point, Segment, Shape, distance, segment_blocked, segment_intervals,
};
use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use super::Body;

/// Vertical strips the visible part of a column is measured in (PH20).
pub const STRIPS: usize = 16;
/// Most terrain pieces and shielded models measured as blockers; beyond
/// this the table is refused, so that work is bounded (a real Warheim
/// table holds a few dozen).
pub const MAX_BLOCKERS: usize = 400;

/// Something that blocks sight: a footprint standing on the table up to a
/// height.
#[derive(Debug, Clone, PartialEq)]
pub struct Blocker {
    /// Its outline.
    pub shape: Shape,
    /// Its top above the table, in inches.
    pub top: f64,
    /// The terrain piece it is, if any.
    pub piece: Option<u64>,
    /// The fighter it is (a tower shield), if any.
    pub fighter: Option<Id>,
}

/// What one model sees of another.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Sight {
    /// The other model stands before the front half of the viewer's base.
    pub in_front: bool,
    /// The part of the other model's column that is visible, 0 to 1.
    pub visible: f64,
    /// The viewer sees him: in front and at least half visible.
    pub sees: bool,
}

/// Whether `point` lies before the front half of `viewer`'s base (line
/// 83): within 90 degrees of his facing.
pub fn in_front(viewer: &Body, point: Point) -> bool {
    match (point - viewer.center()).angle() {
        None => true,
        Some(direction) => Angle::between(viewer.facing, direction) <= 90.0 + 1e-9,
    }
}

/// The part of `target`'s column that `viewer` sees past `blockers`: the
/// column is cut into [`STRIPS`] vertical strips across the line of
/// sight; in each, a blocker hides every point below the line from the
/// viewer's eye (the top of his column, over his base's centre) over the
/// blocker's top; the visible parts are averaged.
pub fn visible_fraction(viewer: &Body, target: &Body, blockers: &[Blocker]) -> f64 {
    let eye = viewer.top();
    let from = viewer.center();
    let to = target.center();
    let Some(across) = (to - from).normalize().map(|d| d.perp()) else {
        return 1.0;
    };
    let r = target.radius();
    let (low, high) = (target.ground, target.top());
    let mut sum = 0.0;
    for k in 0..STRIPS {
        let offset = ((k as f64 + 0.5) / STRIPS as f64 * 2.0 - 1.0) * r;
        let point = to + across.scale(offset);
        let Ok(ray) = Segment::new(from, point) else {
            continue;
        };
        let len = ray.length();
        let mut hidden_to = f64::NEG_INFINITY;
        for b in blockers {
            if b.fighter == Some(viewer.id) || b.fighter == Some(target.id) {
                continue;
            }
            for iv in segment_intervals(&ray, &b.shape) {
                let t_in = (iv.enter / len).clamp(0.0, 1.0);
                let t_out = (iv.leave / len).clamp(0.0, 1.0);
                // On the ray at fraction t the line to height z is at
                // eye + (z - eye) t: the blocker hides z up to
                // eye + (top - eye) / t, largest at t_in when it rises
                // above the eye, at t_out when it stays below.
                let z = if b.top >= eye {
                    if t_in <= 1e-12 {
                        f64::INFINITY
                    } else {
                        eye + (b.top - eye) / t_in
                    }
                } else if t_out <= 1e-12 {
                    f64::NEG_INFINITY
                } else {
                    eye + (b.top - eye) / t_out
                };
                hidden_to = hidden_to.max(z);
            }
        }
        let visible = (high - hidden_to.max(low)).clamp(0.0, high - low);
        sum += if high > low {
            visible / (high - low)
        } else {
            1.0
        };
    }
    sum / STRIPS as f64
}

/// What `viewer` sees of `target` (lines 83, 85, 87, 101).
pub fn sight(viewer: &Body, target: &Body, blockers: &[Blocker]) -> Sight {
    let in_front = in_front(viewer, target.center());
    let visible = visible_fraction(viewer, target, blockers);
    Sight {
        in_front,
        visible,
        sees: in_front && visible >= 0.5 - 1e-12,
    }
}

/// The distance between two models (line 89, PH23): edge to edge across
/// the table, with the difference in the height they stand at as the
/// other side of the triangle.
pub fn distance_between(a: &Body, b: &Body) -> f64 {
    let flat = distance(&a.base, &b.base);
    let rise = a.ground - b.ground;
    (flat * flat + rise * rise).sqrt()
}

/// Why a target has cover against an attacker (line 93, 97, PH22).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CoverBy {
    /// A terrain piece he touches, at least half his height, between them.
    Terrain(u64),
    /// A model with a shield in base contact with him who sees the
    /// attacker.
    Shield(Id),
}

/// Whether `target` has cover against `attacker` (PH22): a terrain piece
/// in contact with his base, at least half his height above his ground,
/// that the line between the bases' centres crosses (line 93); or a
/// model with a shield in base contact with him who sees the attacker
/// (lines 97, 99). `bodies` are every model on the table, `blockers` what
/// blocks sight.
pub fn cover(
    attacker: &Body,
    target: &Body,
    terrain: &[Blocker],
    bodies: &[Body],
    blockers: &[Blocker],
) -> Option<CoverBy> {
    let line = Segment::new(attacker.center(), target.center()).ok();
    for b in terrain {
        let Some(piece) = b.piece else { continue };
        let touching = distance(&b.shape, &target.base) <= CONTACT_TOLERANCE;
        let tall = b.top - target.ground >= target.height / 2.0 - 1e-9;
        let between = line.is_some_and(|l| segment_blocked(&l, &b.shape));
        if touching && tall && between {
            return Some(CoverBy::Terrain(piece));
        }
    }
    for shield in bodies {
        if shield.id == target.id || shield.id == attacker.id || !shield.shield {
            continue;
        }
        let touching = distance(&shield.base, &target.base) <= CONTACT_TOLERANCE;
        if touching && sight(shield, attacker, blockers).sees {
            return Some(CoverBy::Shield(shield.id));
        }
    }
    None
}
