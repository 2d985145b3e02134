//! Deviation of missed zone shots (C6), moved here from
//! `feldherr-geometry` with its tests.

#![expect(
    clippy::unwrap_used,
    reason = "a test fails loudly on an unexpected error"
)]

use approx::assert_abs_diff_eq;
use feldherr_confrontation::{
    ConfrontationError, deviate, deviation_direction, deviation_distance_cm,
};
use feldherr_geometry::Point;

fn pt(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

fn check(target: Point, shooter: Point, face: u8, distance: f64, expected: (f64, f64)) {
    let landed = deviate(target, shooter, face, distance).unwrap();
    assert_abs_diff_eq!(landed.x, expected.0, epsilon = 1e-9);
    assert_abs_diff_eq!(landed.y, expected.1, epsilon = 1e-9);
}

#[test]
fn each_face_with_shooter_to_the_left() {
    // Line of fire along +x; face 1 carries on along it, then clockwise.
    let h = 2.0 * 3f64.sqrt();
    let (target, shooter) = (pt(10.0, 0.0), pt(0.0, 0.0));
    for (face, expected) in [
        (1, (14.0, 0.0)),
        (2, (12.0, -h)),
        (3, (8.0, -h)),
        (4, (6.0, 0.0)),
        (5, (8.0, h)),
        (6, (12.0, h)),
    ] {
        check(target, shooter, face, 4.0, expected);
    }
}

#[test]
fn each_face_with_shooter_below() {
    // Line of fire up the table: face 1 is up, face 2 is 60 degrees clockwise
    // of that (towards +x).
    let h = 2.0 * 3f64.sqrt();
    let (target, shooter) = (pt(10.0, 10.0), pt(10.0, -5.0));
    for (face, expected) in [
        (1, (10.0, 14.0)),
        (2, (10.0 + h, 12.0)),
        (3, (10.0 + h, 8.0)),
        (4, (10.0, 6.0)),
        (5, (10.0 - h, 8.0)),
        (6, (10.0 - h, 12.0)),
    ] {
        check(target, shooter, face, 4.0, expected);
    }
    assert_abs_diff_eq!(
        deviation_direction(target, shooter, 2).unwrap().degrees(),
        30.0,
        epsilon = 1e-9
    );
    check(target, shooter, 3, 0.0, (10.0, 10.0));
}

#[test]
fn c6_distance_table() {
    for (d6, cm) in [
        (1, 4.0),
        (2, 6.0),
        (3, 8.0),
        (4, 10.0),
        (5, 12.0),
        (6, 14.0),
    ] {
        assert_abs_diff_eq!(deviation_distance_cm(d6).unwrap(), cm);
    }
}

/// Formerly a property test in `feldherr-geometry`: over a grid of
/// targets, shooters, faces and distances, the shot lands at the distance,
/// opposite faces oppose, and face 1 points away from the shooter.
#[test]
fn deviation_lands_at_the_distance_and_opposite_faces_oppose() {
    let coords = [-15.0, -7.3, 0.0, 0.4, 9.9, 15.0];
    for (i, &tx) in coords.iter().enumerate() {
        for &ty in &coords {
            for &sx in &coords {
                for &sy in &coords {
                    let (target, shooter) = (pt(tx, ty), pt(sx, sy));
                    if target.distance_to(shooter) <= 1e-3 {
                        continue;
                    }
                    let d = 2.5 * i as f64;
                    for face in 1u8..=3 {
                        let landed = deviate(target, shooter, face, d).unwrap();
                        assert_abs_diff_eq!(landed.distance_to(target), d, epsilon = 1e-9);
                        let opposite = deviate(target, shooter, face + 3, d).unwrap();
                        let sum = (landed - target) + (opposite - target);
                        assert_abs_diff_eq!(sum.length(), 0.0, epsilon = 1e-9);
                    }
                    let first = deviate(target, shooter, 1, 1.0).unwrap();
                    assert!((first - target).dot(target - shooter) > 0.0);
                }
            }
        }
    }
}

/// Checks the error names `field` and its message names the value.
fn check_err<T: std::fmt::Debug>(
    result: Result<T, ConfrontationError>,
    field: &str,
    value_text: &str,
) {
    let err = result.unwrap_err();
    let message = err.to_string();
    assert!(message.starts_with(&format!("{field}:")), "{message}");
    assert!(message.contains(value_text), "{message}");
}

#[test]
fn bad_faces_and_points_are_refused() {
    let (target, shooter) = (pt(10.0, 0.0), pt(0.0, 0.0));
    check_err(
        deviate(target, shooter, 0, 4.0),
        "direction_face",
        "0 is not allowed",
    );
    check_err(
        deviate(target, shooter, 7, 4.0),
        "direction_face",
        "7 is not allowed",
    );
    check_err(deviation_distance_cm(0), "d6", "0 is not allowed");
    check_err(deviation_distance_cm(7), "d6", "7 is not allowed");
    check_err(deviate(target, shooter, 1, -1.0), "distance", "-1");
    check_err(deviate(target, shooter, 1, f64::NAN), "distance", "NaN");
    check_err(deviate(target, target, 1, 4.0), "shooter", "(10, 0)");
    check_err(deviate(pt(f64::NAN, 0.0), shooter, 1, 4.0), "target", "NaN");
    assert_eq!(
        deviate(pt(1.0, 0.0), pt(0.0, 0.0), 7, 4.0)
            .unwrap_err()
            .to_string(),
        "direction_face: 7 is not allowed (a D6 face, 1 to 6)"
    );
}
