//! Tolerances used by the queries.

/// Base-contact tolerance in native table units (inches or centimetres).
///
/// Two shapes whose edge-to-edge gap is at most this are [`touching`]
/// (in base contact); two shapes [`overlap`] only when the region they share
/// is more than this across (it holds a disc of this diameter). Players
/// cannot measure more finely than this on a real table, and it absorbs
/// floating-point noise when pieces are placed "in contact" by computation.
///
/// [`touching`]: crate::touching
/// [`overlap`]: crate::overlaps
pub const CONTACT_TOLERANCE: f64 = 0.01;

/// Numerical slack for exact geometric predicates (point on boundary,
/// measured distance equal to a required minimum), in native table units.
///
/// It only absorbs floating-point rounding; it is not a rules tolerance.
pub const GEOMETRIC_EPSILON: f64 = 1e-9;

/// Angular slack in degrees: a bearing within this of an arc boundary
/// counts as lying exactly on that boundary (and then the tie rule of
/// [`FacingArc`](crate::FacingArc) decides).
pub const ANGLE_TOLERANCE_DEG: f64 = 1e-9;
