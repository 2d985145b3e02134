//! Deviation of missed shots and templates (Confrontation ruling C6).

use crate::error::{die_face, finite_point, non_negative};
use crate::{Angle, GeometryError, Point, Vector};

/// The direction a deviating shot moves for a rolled `direction_face`
/// (ruling C6): face 1 points away from the shooter along the line of fire
/// (shooter → target); faces 2 to 6 follow **clockwise** in 60° steps, so
/// face 4 points straight back at the shooter and faces `k` and `k + 3` are
/// opposite.
///
/// # Errors
/// [`GeometryError::DieFaceOutOfRange`] (field `direction_face`) outside
/// `1..=6`; [`GeometryError::NotFinite`] for non-finite points;
/// [`GeometryError::CoincidentPoints`] when shooter and target coincide.
pub fn deviation_direction(
    target: Point,
    shooter: Point,
    direction_face: u8,
) -> Result<Angle, GeometryError> {
    Ok(deviation_unit(target, shooter, direction_face)?
        .angle()
        .unwrap_or(Angle::ZERO))
}

fn deviation_unit(target: Point, shooter: Point, face: u8) -> Result<Vector, GeometryError> {
    let face = die_face("direction_face", face)?;
    finite_point("target", target)?;
    finite_point("shooter", shooter)?;
    let Some(line_of_fire) = (target - shooter).normalize() else {
        return Err(GeometryError::CoincidentPoints {
            field: "shooter".to_owned(),
            other: "target".to_owned(),
            point: shooter,
        });
    };
    // Clockwise steps of 60°; `Angle::direction` is exact for 180°.
    let turn = Angle::normalised(-60.0 * f64::from(face - 1));
    Ok(line_of_fire.rotate(turn))
}

/// Where a shot aimed at `target` by a shooter at `shooter` lands after
/// deviating `distance` units in the direction of `direction_face` (see
/// [`deviation_direction`]).
///
/// # Errors
/// As [`deviation_direction`], plus [`GeometryError::NotFinite`] /
/// [`GeometryError::Negative`] (field `distance`) for a bad distance.
pub fn deviate(
    target: Point,
    shooter: Point,
    direction_face: u8,
    distance: f64,
) -> Result<Point, GeometryError> {
    let unit = deviation_unit(target, shooter, direction_face)?;
    non_negative("distance", distance)?;
    Ok(target + unit.scale(distance))
}

/// The deviation distance in centimetres for a rolled `d6` (ruling C6):
/// 1 → 4, 2 → 6, 3 → 8, 4 → 10, 5 → 12, 6 → 14.
///
/// # Errors
/// [`GeometryError::DieFaceOutOfRange`] (field `d6`) outside `1..=6`.
pub fn deviation_distance_cm(d6: u8) -> Result<f64, GeometryError> {
    let face = die_face("d6", d6)?;
    Ok(2.0 + 2.0 * f64::from(face))
}
