//! Table geometry for Feldherr, the referee's desk for tabletop miniature
//! wargames.
//!
//! This crate answers the measuring questions a referee settles with a tape
//! and a protractor: how far apart two bases are, whether they are in
//! contact or overlap, whether a unit is wholly or partly inside a wood,
//! which stretches of a move cross terrain, whether a line of sight is
//! blocked, which arc a piece is in, and whether terrain has been
//! placed legally. It knows no rule system; the
//! rules crates call it.
//!
//! # Units and conventions
//!
//! * **Lengths** are plain `f64` in the table's *native unit*, inches or
//!   centimetres, whichever the rule system uses. [`Length`] and [`Unit`]
//!   convert exactly (1 in = 2.54 cm) for display.
//! * **Coordinates:** the origin is the table's lower-left corner; x runs to
//!   the right along the long edge, y upwards, away from the first player's
//!   edge ([`TableEdge::Bottom`]).
//! * **Angles** are degrees at the API, counter-clockwise positive, 0° =
//!   +x, 90° = +y. An [`Angle`] is always normalised to `[0, 360)`. Signed
//!   differences ([`Angle::signed_between`], bearings) lie in `(-180, 180]`,
//!   positive meaning counter-clockwise, i.e. to the *left*. A rule that
//!   turns clockwise (Confrontation's deviation, in its own crate)
//!   converts at its own API.
//! * **Rectangles** ([`OrientedRect`]) have a `length` along their facing
//!   (front to back) and a `width` across it (left to right).
//! * **Shapes are closed**: a point on the boundary is inside.
//!
//! # Tolerances
//!
//! * [`CONTACT_TOLERANCE`] (0.01 native units): shapes whose gap is at most
//!   this are [`touching`] (in base contact); shapes [`overlaps`] only when
//!   they interpenetrate by more than this (the shared region holds a disc
//!   of this diameter). [`contains_wholly`] lets the inner shape stick out by
//!   at most this much. Swept contact ([`sweep_intervals`]) uses the same
//!   definitions.
//! * [`GEOMETRIC_EPSILON`] (1e-9): rounding slack for exact predicates
//!   (point on boundary, a measured distance equal to a required minimum).
//! * [`ANGLE_TOLERANCE_DEG`] (1e-9°): a bearing this close to an arc
//!   boundary is on it; ties then go to the arc nearer the front
//!   ([`FacingArc`]).
//!
//! # Exactness
//!
//! No query samples. Distances and containment are closed-form; overlap,
//! containment with tolerance, path crossings and swept contact enumerate
//! the finitely many critical points or travels (corners meeting edges,
//! tangencies of offset edges and arcs) in closed form and test between
//! them, so results are exact up to floating-point rounding.
//!
//! # Input validation
//!
//! Constructors return [`GeometryError`] for non-finite numbers, negative
//! radii, non-positive sizes, degenerate or self-intersecting polygons, and
//! die faces outside 1–6; the error names the field and the value. Library
//! code never panics on input data. All data types implement serde's
//! `Serialize` and `Deserialize` (deserialising validates too) for saved
//! games.
//!
//! # Example
//!
//! ```
//! use feldherr_geometry::{
//!     Angle, Circle, FacingArc, OrientedRect, Point, Pose, Shape, distance, facing_arc,
//!     overlaps, touching,
//! };
//!
//! // A round base and a stand facing up the table (90°): 4 long, 2 wide,
//! // so it spans x = 13..15.
//! let base = Shape::from(Circle::new(Point::new(10.0, 10.0), 1.0)?);
//! let stand = OrientedRect::new(Point::new(14.0, 10.0), 2.0, 4.0, Angle::from_degrees(90.0)?)?;
//! assert!((distance(&base, &Shape::from(stand)) - 2.0).abs() < 1e-9);
//!
//! // Move the base into contact: touching, but not overlapping.
//! let moved = base.translate(feldherr_geometry::Vector::new(2.0, 0.0));
//! assert!(touching(&moved, &Shape::from(stand)));
//! assert!(!overlaps(&moved, &Shape::from(stand)));
//!
//! // Seen from the stand, a point straight ahead is in its front arc and
//! // a point to its right (clockwise side) in its right arc.
//! let pose = Pose::new(stand.center(), stand.facing());
//! assert_eq!(facing_arc(pose, Point::new(14.0, 14.0))?, FacingArc::Front);
//! assert_eq!(facing_arc(pose, Point::new(18.0, 10.0))?, FacingArc::Right);
//! # Ok::<(), feldherr_geometry::GeometryError>(())
//! ```
#![warn(missing_docs)]

mod algo;
mod angle;
mod arcs;
mod bounds;
mod circle;
mod curve;
mod distance;
mod error;
mod interval;
mod length;
mod path;
mod placement;
mod point;
mod polygon;
mod polyline;
mod pose;
mod prim;
mod rect;
mod segment;
mod shape;
mod sight;
mod sweep;
mod table;
mod tolerance;
mod unit;
mod vector;

pub use angle::{Angle, angle_between_facing_and_direction};
pub use arcs::{FacingArc, facing_arc};
pub use bounds::Bounds;
pub use circle::Circle;
pub use distance::{
    contains_partly, contains_point, contains_wholly, distance, distance_point_shape,
    distance_points, overlaps, touching,
};
pub use error::GeometryError;
pub use interval::Interval;
pub use length::Length;
pub use path::{Contact, path_intervals, segment_intervals, sweep_intervals};
pub use placement::{
    PlacementAgainst, PlacementRules, PlacementViolation, check_placement, check_placement_capped,
};
pub use point::Point;
pub use polygon::{MAX_POLYGON_VERTICES, Polygon};
pub use polyline::Polyline;
pub use pose::Pose;
pub use rect::OrientedRect;
pub use segment::Segment;
pub use shape::Shape;
pub use sight::{blocking_obstacles, segment_blocked};
pub use table::{Table, TableEdge};
pub use tolerance::{ANGLE_TOLERANCE_DEG, CONTACT_TOLERANCE, GEOMETRIC_EPSILON};
pub use unit::Unit;
pub use vector::Vector;
