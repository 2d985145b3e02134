//! S4: the six zones around a sled, moved here from `feldherr-geometry`
//! with their tests.

use feldherr_geometry::{Angle, OrientedRect, Point, Pose, Vector};
use feldherr_sled_race::{SledError, SledZone, sled_zone, travel_direction};
use proptest::prelude::*;

use super::common::deg;

fn pt(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

fn oriented(x: f64, y: f64, width: f64, length: f64, facing: f64) -> OrientedRect {
    OrientedRect::new(pt(x, y), width, length, deg(facing)).expect("a valid rectangle")
}

/// The point 5 in from `sled`'s centre at `bearing` degrees
/// counter-clockwise from its facing.
fn at_bearing(sled: &OrientedRect, bearing: f64) -> Point {
    sled.center() + (sled.facing() + deg(bearing)).direction().scale(5.0)
}

fn check(sled: &OrientedRect, bearing: f64, backwards: bool, expected: SledZone) {
    let zone = sled_zone(sled, backwards, at_bearing(sled, bearing)).expect("a zone");
    assert_eq!(zone, expected, "bearing {bearing}, backwards {backwards}");
}

fn sleds() -> [OrientedRect; 3] {
    [
        oriented(0.0, 0.0, 2.0, 4.0, 0.0),
        oriented(10.0, 20.0, 2.0, 4.0, 90.0),
        oriented(-7.5, 3.25, 3.0, 5.0, 217.0),
    ]
}

#[test]
fn s4_zone_in_each_sector() {
    for sled in sleds() {
        for (bearing, zone) in [
            (0.0, SledZone::Front),
            (15.0, SledZone::Front),
            (-15.0, SledZone::Front),
            (60.0, SledZone::FrontLeft),
            (-60.0, SledZone::FrontRight),
            (120.0, SledZone::RearLeft),
            (-120.0, SledZone::RearRight),
            (180.0, SledZone::Rear),
            (165.0, SledZone::Rear),
            (-165.0, SledZone::Rear),
        ] {
            check(&sled, bearing, false, zone);
        }
    }
}

#[test]
fn s4_zone_boundaries_go_to_the_zone_nearer_the_front() {
    for sled in sleds() {
        for (bearing, zone) in [
            (30.0, SledZone::Front),
            (-30.0, SledZone::Front),
            (30.000_001, SledZone::FrontLeft),
            (90.0, SledZone::FrontLeft),
            (-90.0, SledZone::FrontRight),
            (90.000_001, SledZone::RearLeft),
            (150.0, SledZone::RearLeft),
            (-150.0, SledZone::RearRight),
            (150.000_001, SledZone::Rear),
            (-150.000_001, SledZone::Rear),
        ] {
            check(&sled, bearing, false, zone);
        }
    }
    for (bearing, zone) in [
        (30.0, SledZone::Front),
        (-30.0, SledZone::Front),
        (90.0, SledZone::FrontLeft),
        (-90.0, SledZone::FrontRight),
        (150.0, SledZone::RearLeft),
        (-150.0, SledZone::RearRight),
        (180.0, SledZone::Rear),
        (210.0, SledZone::RearRight),
        (390.0, SledZone::Front),
    ] {
        assert_eq!(
            SledZone::from_bearing(bearing).expect("finite"),
            zone,
            "{bearing}"
        );
    }
}

#[test]
fn s4_backwards_flips_zones() {
    for sled in sleds() {
        for (bearing, zone) in [
            (0.0, SledZone::Rear),
            (60.0, SledZone::RearRight),
            (-60.0, SledZone::RearLeft),
            (120.0, SledZone::FrontRight),
            (-120.0, SledZone::FrontLeft),
            (180.0, SledZone::Front),
        ] {
            check(&sled, bearing, true, zone);
        }
        assert_eq!(
            travel_direction(&sled, true),
            sled.facing().opposite(),
            "backwards travels against the facing"
        );
        assert_eq!(travel_direction(&sled, false), sled.facing());
    }
}

#[test]
fn s4_zone_of_the_other_sled_centre() {
    // Sled heading up the table; the other sled ahead and to the right.
    let sled = oriented(10.0, 10.0, 2.0, 4.0, 90.0);
    let zone = |backwards, x, y| sled_zone(&sled, backwards, pt(x, y)).expect("a zone");
    assert_eq!(zone(false, 13.0, 14.0), SledZone::FrontRight);
    assert_eq!(zone(false, 7.0, 14.0), SledZone::FrontLeft);
    assert_eq!(zone(false, 10.0, 2.0), SledZone::Rear);
    assert_eq!(zone(true, 10.0, 2.0), SledZone::Front);
    assert_eq!(SledZone::RearLeft.to_string(), "rear left");
}

#[test]
fn s4_bad_points_are_refused_by_name() {
    let sled = oriented(1.0, 2.0, 1.0, 2.0, 0.0);
    let err = sled_zone(&sled, false, pt(f64::NAN, 0.0)).expect_err("NaN");
    assert!(
        matches!(&err, SledError::Invalid { field, value, .. } if field == "other" && value.contains("NaN")),
        "{err:?}"
    );
    let err = sled_zone(&sled, false, pt(1.0, 2.0)).expect_err("the centre");
    assert!(err.to_string().contains("other: (1, 2)"), "{err}");
    assert!(SledZone::from_bearing(f64::INFINITY).is_err());
}

#[test]
fn s4_zones_save_and_load() {
    for zone in SledZone::ALL {
        let json = serde_json::to_string(&zone).expect("json");
        assert_eq!(
            serde_json::from_str::<SledZone>(&json).expect("loads"),
            zone
        );
    }
}

fn arb_point() -> impl Strategy<Value = Point> {
    (-15.0..15.0f64, -15.0..15.0f64).prop_map(|(x, y)| Point::new(x, y))
}

fn arb_angle() -> impl Strategy<Value = Angle> {
    (0.0..360.0f64).prop_map(|d| Angle::from_degrees(d).expect("finite"))
}

proptest! {
    #[test]
    fn s4_zones_turn_and_move_with_the_sled(
        center in arb_point(), facing in arb_angle(), other in arb_point(),
        pivot in arb_point(), angle in arb_angle(), backwards in any::<bool>(),
    ) {
        let bearing = Pose::new(center, facing).bearing_to(other);
        prop_assume!(bearing.is_some());
        let b = bearing.unwrap_or_default().abs();
        prop_assume!([30.0, 90.0, 150.0, 180.0].iter().all(|edge| (b - edge).abs() > 1e-6));
        prop_assume!(center.distance_to(other) > 1e-3);
        let sled = OrientedRect::new(center, 2.0, 4.0, facing).expect("a sled");
        let zone = sled_zone(&sled, backwards, other).expect("a zone");
        let turned = sled_zone(
            &sled.rotate_about(pivot, angle),
            backwards,
            other.rotate_about(pivot, angle),
        )
        .expect("a zone");
        prop_assert_eq!(zone, turned);
        let shift = Vector::new(7.5, -3.0);
        let moved = sled_zone(&sled.translate(shift), backwards, other + shift).expect("a zone");
        prop_assert_eq!(zone, moved);
    }
}
