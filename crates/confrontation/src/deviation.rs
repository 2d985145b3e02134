//! Deviation of missed zone shots and templates (C6), moved here from
//! `feldherr-geometry`: the geometry crate keeps the generic parts
//! (points, vectors, angles), this system keeps its own rule.

use crate::game::refusal::{inconsistent, say};
use feldherr_geometry::{Angle, GeometryError, Point, Vector};

use crate::error::{ConfrontationError, check_cm};

/// Checks a D6 face, naming `field`.
fn die_face(field: &'static str, face: u8) -> Result<u8, ConfrontationError> {
    if (1..=6).contains(&face) {
        Ok(face)
    } else {
        Err(ConfrontationError::InvalidValue {
            field,
            value: face.into(),
            expected: "a D6 face, 1 to 6",
        })
    }
}

/// Checks that a point is finite, naming `field`.
fn finite_point(field: &'static str, point: Point) -> Result<(), ConfrontationError> {
    if point.is_finite() {
        Ok(())
    } else {
        Err(inconsistent(
            field,
            say("deviation.not_finite_point")
                .text("point_x", point.x.to_string())
                .text("point_y", point.y.to_string()),
        ))
    }
}

/// The direction a deviating shot moves for a rolled `direction_face`
/// (C6): face 1 points away from the shooter along the line of fire
/// (shooter to target); faces 2 to 6 follow **clockwise** in 60° steps, so
/// face 4 points straight back at the shooter and faces `k` and `k + 3` are
/// opposite. Angles are degrees counter-clockwise from +x, as everywhere in
/// `feldherr-geometry`.
///
/// ```
/// use feldherr_confrontation::deviation_direction;
/// use feldherr_geometry::Point;
/// // Firing up the table: face 2 is 60 degrees clockwise of straight on.
/// let a = deviation_direction(Point::new(10.0, 10.0), Point::new(10.0, -5.0), 2)?;
/// assert!((a.degrees() - 30.0).abs() < 1e-9);
/// # Ok::<(), feldherr_confrontation::ConfrontationError>(())
/// ```
///
/// # Errors
/// [`ConfrontationError::InvalidValue`] (field `direction_face`) outside
/// `1..=6`; [`ConfrontationError::Inconsistent`] for non-finite points
/// (fields `target`, `shooter`) or when shooter and target coincide
/// (field `shooter`).
pub fn deviation_direction(
    target: Point,
    shooter: Point,
    direction_face: u8,
) -> Result<Angle, ConfrontationError> {
    let unit = deviation_unit(target, shooter, direction_face)?;
    unit.angle()
        .ok_or(ConfrontationError::Geometry(GeometryError::NotFinite {
            field: "direction".to_owned(),
            value: unit.x,
        }))
}

fn deviation_unit(target: Point, shooter: Point, face: u8) -> Result<Vector, ConfrontationError> {
    let face = die_face("direction_face", face)?;
    finite_point("target", target)?;
    finite_point("shooter", shooter)?;
    let Some(line_of_fire) = (target - shooter).normalize() else {
        return Err(inconsistent(
            "shooter",
            say("deviation.shooter_stands_target_no_line")
                .text("shooter_x", shooter.x.to_string())
                .text("shooter_y", shooter.y.to_string()),
        ));
    };
    // Clockwise steps of 60 degrees.
    let turn = Angle::from_degrees(-60.0 * f64::from(face - 1))?;
    Ok(line_of_fire.rotate(turn))
}

/// Where a shot aimed at `target` by a shooter at `shooter` lands after
/// deviating `distance_cm` in the direction of `direction_face` (see
/// [`deviation_direction`]).
///
/// ```
/// use feldherr_confrontation::deviate;
/// use feldherr_geometry::Point;
/// // Line of fire along +x; face 4 points back at the shooter.
/// let landed = deviate(Point::new(10.0, 0.0), Point::new(0.0, 0.0), 4, 4.0)?;
/// assert!((landed.x - 6.0).abs() < 1e-9 && landed.y.abs() < 1e-9);
/// # Ok::<(), feldherr_confrontation::ConfrontationError>(())
/// ```
///
/// # Errors
/// As [`deviation_direction`], plus [`ConfrontationError::Inconsistent`]
/// (field `distance`) for a negative or non-finite distance.
pub fn deviate(
    target: Point,
    shooter: Point,
    direction_face: u8,
    distance_cm: f64,
) -> Result<Point, ConfrontationError> {
    let unit = deviation_unit(target, shooter, direction_face)?;
    check_cm("distance", distance_cm)?;
    Ok(target + unit.scale(distance_cm))
}

/// The deviation distance in centimetres for a rolled `d6` (C6):
/// 1 → 4, 2 → 6, 3 → 8, 4 → 10, 5 → 12, 6 → 14.
///
/// # Errors
/// [`ConfrontationError::InvalidValue`] (field `d6`) outside `1..=6`.
pub fn deviation_distance_cm(d6: u8) -> Result<f64, ConfrontationError> {
    let face = die_face("d6", d6)?;
    Ok(2.0 + 2.0 * f64::from(face))
}
