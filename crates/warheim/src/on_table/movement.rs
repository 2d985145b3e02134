//! Moves drawn on the table (lines 109-119, 149-151, 187-195, PH24): a
//! path from the fighter's base, measured against his Speeds and the
//! zones it crosses, his base swept along it past obstacles and models,
//! and where it leaves him (on the ground, on a roof, or falling).

use feldherr_geometry::{
    Angle, Contact, Point, Polyline, Shape, contains_point, path_intervals, sweep_intervals,
};
use feldherr_play::Id;
use serde::{Deserialize, Serialize};

use super::Body;
use crate::modifiers::Terrain;

/// Points a drawn path may have.
pub const MAX_PATH_POINTS: usize = 64;
/// Sight is checked along a path every this many inches (PH24).
pub const SIGHT_STEP: f64 = 0.5;

/// Which move, and so which Speed measures it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveKind {
    /// Движение as the first action: the first Speed (line 149).
    Move,
    /// Движение as the second action: the second Speed (line 151).
    SecondMove,
    /// Чарж: both Speeds, ending in base contact (line 195).
    Charge,
    /// Взобраться: the second Speed over a surface unfit to move on,
    /// obstacles no bar, the height climbed counted (line 187).
    Climb,
    /// Прыжок across: the first Speed, over impassable zones and
    /// obstacles up to the second Speed high (line 189).
    Jump,
    /// Прыжок up: the height jumped, at most the second Speed (line 189).
    JumpUp,
    /// Скрытное перемещение: the first Speed (line 193).
    Stealth,
    /// A dodge's step aside, or a throw's leap: the second Speed (lines
    /// 153, 155).
    Aside,
    /// A panicking flight: a full move, both Speeds, towards a table edge,
    /// which it may leave (line 251).
    Flee,
}

impl MoveKind {
    /// The allowance before the zones: which Speeds add up.
    fn speeds(self, speed: [u32; 2]) -> (f64, [bool; 2]) {
        let [s1, s2] = speed.map(f64::from);
        match self {
            MoveKind::Move | MoveKind::Stealth | MoveKind::Jump => (s1, [true, false]),
            MoveKind::SecondMove | MoveKind::Climb | MoveKind::JumpUp | MoveKind::Aside => {
                (s2, [false, true])
            }
            MoveKind::Charge | MoveKind::Flee => (s1 + s2, [true, true]),
        }
    }
}

/// What a terrain piece is to a move.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ground {
    /// Stands up to a height: blocks a base unless low (line 113), and can
    /// be stood on.
    Obstacle,
    /// A zone of the text: changes the Speeds (lines 309-311).
    Zone(Terrain),
    /// Impassable but for a jump (line 189).
    Impassable,
    /// A ladder: going up by an ordinary move (line 117).
    Ladder,
    /// Nothing to a move (markers).
    Flat,
}

/// A terrain piece as moves and sight see it.
#[derive(Debug, Clone, PartialEq)]
pub struct TerrainPiece {
    /// The piece.
    pub id: u64,
    /// What it is to a move.
    pub ground: Ground,
    /// Its outline.
    pub shape: Shape,
    /// Its top, in inches above the table.
    pub top: f64,
}

/// A move as drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovePath {
    /// Which move.
    pub kind: MoveKind,
    /// The points after the start (the fighter's base centre), in inches.
    pub points: Vec<Point>,
    /// The height gained (climbing, jumping up, a ladder) or lost on
    /// purpose, at the end, in inches.
    #[serde(default)]
    pub rise: f64,
    /// The facing at the end, degrees; `None`: along the last leg.
    #[serde(default)]
    pub facing: Option<f64>,
}

/// Why a drawn move cannot be made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Blocked {
    /// The base does not pass an obstacle as high as the second Speed or
    /// higher (line 113).
    Obstacle {
        /// The piece.
        piece: u64,
        /// How high it rises over the fighter's ground.
        height: f64,
    },
    /// An impassable zone, crossed only by a jump (line 189).
    Impassable {
        /// The piece.
        piece: u64,
    },
    /// Another model's base is in the way.
    Model {
        /// The fighter.
        fighter: Id,
    },
    /// The base leaves the table.
    OffTable,
    /// Going up without a jump, a climb or a ladder (lines 115, 117).
    NoWayUp,
}

/// A measured move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeasuredMove {
    /// Which move.
    pub kind: MoveKind,
    /// The whole path, the start first.
    pub path: Vec<Point>,
    /// Its length, the height climbed or jumped included, in inches.
    pub length: f64,
    /// How far the Speeds reach after the zones' penalties.
    pub allowance: f64,
    /// The zones the path crosses.
    pub zones: Vec<Terrain>,
    /// What stops it, if anything.
    pub blocked: Vec<Blocked>,
    /// Where it ends.
    pub end: Point,
    /// The facing at the end.
    pub facing: f64,
    /// The height the fighter stands at when it ends.
    pub ground: f64,
    /// The height he falls from the end, if he is left in the air (line
    /// 191).
    pub fall: Option<f64>,
    /// A flight that left the table.
    pub left_table: bool,
}

impl MeasuredMove {
    /// Whether the Speeds reach the whole path (exactly the allowance
    /// reaches, PH24).
    pub fn within_reach(&self) -> bool {
        self.length <= self.allowance + 1e-9
    }
}

/// Measures `path` drawn from `mover`'s base, with Speeds `speed`, over
/// `terrain`, past `others`, on a table `size` inches (PH24).
pub fn measure(
    mover: &Body,
    speed: [u32; 2],
    path: &MovePath,
    terrain: &[TerrainPiece],
    others: &[Body],
    size: (f64, f64),
) -> Result<MeasuredMove, crate::WarheimError> {
    if path.points.is_empty() || path.points.len() > MAX_PATH_POINTS {
        return Err(crate::WarheimError::invalid_says(
            "path.points",
            path.points.len(),
            crate::refusal::say("path_points").int("max", MAX_PATH_POINTS as i64),
        ));
    }
    if !path.rise.is_finite() || path.rise.abs() > 40.0 {
        return Err(crate::WarheimError::invalid_says(
            "path.rise",
            path.rise,
            crate::refusal::say("path_rise"),
        ));
    }
    let mut points = vec![mover.center()];
    points.extend(path.points.iter().copied());
    let line = Polyline::new(points.clone()).map_err(|e| {
        crate::WarheimError::invalid_says("path.points", e, crate::refusal::say("path_line"))
    })?;
    let (base_allowance, which) = path.kind.speeds(speed);
    let mut zones: Vec<Terrain> = Vec::new();
    let mut blocked = Vec::new();
    let climbs = matches!(path.kind, MoveKind::Climb);
    let jumps = matches!(path.kind, MoveKind::Jump | MoveKind::JumpUp);
    let second = f64::from(speed[1]);
    let mut ladder = false;
    for piece in terrain {
        let crossed = !path_intervals(&line, &piece.shape).is_empty();
        match piece.ground {
            Ground::Zone(z) => {
                if crossed && !zones.contains(&z) {
                    zones.push(z);
                }
            }
            Ground::Ladder => ladder |= crossed,
            Ground::Impassable => {
                if !jumps && swept(mover, &points, &piece.shape) {
                    blocked.push(Blocked::Impassable { piece: piece.id });
                }
            }
            Ground::Obstacle => {
                let height = piece.top - mover.ground;
                let low = if jumps {
                    height <= second + 1e-9
                } else {
                    height < second
                };
                if height <= 1e-9 || low || climbs {
                    continue;
                }
                if swept(mover, &points, &piece.shape) {
                    blocked.push(Blocked::Obstacle {
                        piece: piece.id,
                        height,
                    });
                }
            }
            Ground::Flat => {}
        }
    }
    zones.sort();
    for other in others {
        if other.id != mover.id && swept(mover, &points, &other.base) {
            blocked.push(Blocked::Model { fighter: other.id });
        }
    }
    let r = mover.radius();
    let on_table = |p: &Point| {
        p.x >= r - 1e-9 && p.y >= r - 1e-9 && p.x <= size.0 - r + 1e-9 && p.y <= size.1 - r + 1e-9
    };
    let end = points.last().copied().unwrap_or(mover.center());
    let mut left_table = false;
    if !points.iter().all(on_table) {
        if path.kind == MoveKind::Flee {
            left_table = true;
        } else {
            blocked.push(Blocked::OffTable);
        }
    }
    let up = match path.kind {
        MoveKind::Climb | MoveKind::JumpUp => true,
        MoveKind::Move | MoveKind::SecondMove => ladder,
        _ => false,
    };
    if path.rise > 1e-9 && !up {
        blocked.push(Blocked::NoWayUp);
    }
    let penalty: i32 = zones
        .iter()
        .map(|z| {
            let m = z.speed_modifier();
            i32::from(which[0]) * m[0] + i32::from(which[1]) * m[1]
        })
        .sum();
    let allowance = (base_allowance + f64::from(penalty)).max(0.0);
    let length = line.length() + path.rise.abs();
    let elevation = (mover.ground + path.rise).max(0.0);
    let surface = terrain
        .iter()
        .filter(|p| p.ground == Ground::Obstacle && p.top <= elevation + 1e-9)
        .filter(|p| contains_point(&p.shape, end))
        .map(|p| p.top)
        .fold(0.0_f64, f64::max);
    let fall = (elevation - surface > 1e-9).then_some(elevation - surface);
    let facing = match path.facing {
        Some(f) => Angle::from_degrees(f)
            .map_err(|_| {
                crate::WarheimError::invalid_says(
                    "path.facing",
                    f,
                    crate::refusal::say("finite_facing"),
                )
            })?
            .degrees(),
        None => points
            .windows(2)
            .rev()
            .find_map(|w| (w[1] - w[0]).angle())
            .unwrap_or(mover.facing)
            .degrees(),
    };
    Ok(MeasuredMove {
        kind: path.kind,
        path: points,
        length,
        allowance,
        zones,
        blocked,
        end,
        facing,
        ground: surface.min(elevation),
        fall,
        left_table,
    })
}

/// Whether `mover`'s base swept along `points` overlaps `shape` anywhere
/// after the start (touching is not overlapping).
fn swept(mover: &Body, points: &[Point], shape: &Shape) -> bool {
    let start = mover.center();
    points.windows(2).any(|w| {
        let (a, b) = (w[0], w[1]);
        let Some(heading) = (b - a).angle() else {
            return false;
        };
        let base = mover.base.translate(a - start);
        sweep_intervals(
            &base,
            heading,
            a.distance_to(b),
            shape,
            Contact::Overlapping,
        )
        .is_ok_and(|ivs| ivs.iter().any(|iv| iv.leave > 1e-6))
    })
}

/// Points along `path` where sight is checked: the start, every
/// [`SIGHT_STEP`] inches, the end.
pub fn sight_points(path: &[Point]) -> Vec<Point> {
    let Ok(line) = Polyline::new(path.to_vec()) else {
        return path.to_vec();
    };
    let length = line.length();
    let steps = (length / SIGHT_STEP).floor() as usize;
    let mut out: Vec<Point> = (0..=steps.min(10_000))
        .map(|i| line.point_at(i as f64 * SIGHT_STEP))
        .collect();
    if let Some(&end) = path.last() {
        out.push(end);
    }
    out
}
