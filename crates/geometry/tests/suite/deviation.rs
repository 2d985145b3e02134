//! Deviation (Confrontation ruling C6).

use approx::assert_abs_diff_eq;
use feldherr_geometry::{Point, deviate, deviation_direction, deviation_distance_cm};

use crate::common::pt;

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
