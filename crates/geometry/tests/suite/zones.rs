//! Sled zones (S4) and facing arcs.

use feldherr_geometry::{FacingArc, OrientedRect, Point, Pose, SledZone, facing_arc, sled_zone};

use crate::common::{deg, oriented, pt};

/// The point 5 units from `sled`'s centre at `bearing` degrees
/// counter-clockwise from its facing.
fn at_bearing(sled: &OrientedRect, bearing: f64) -> Point {
    sled.center() + (sled.facing() + deg(bearing)).direction().scale(5.0)
}

fn check(sled: &OrientedRect, bearing: f64, backwards: bool, expected: SledZone) {
    let zone = sled_zone(sled, backwards, at_bearing(sled, bearing)).unwrap();
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
fn zone_in_each_sector() {
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
fn zone_boundaries_go_to_the_zone_nearer_the_front() {
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
        assert_eq!(SledZone::from_bearing(bearing).unwrap(), zone, "{bearing}");
    }
}

#[test]
fn backwards_flips_zones() {
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
    }
}

#[test]
fn sled_zone_of_the_other_sled_centre() {
    // Sled heading up the table; the other sled ahead and to the right.
    let sled = oriented(10.0, 10.0, 2.0, 4.0, 90.0);
    assert_eq!(
        sled_zone(&sled, false, pt(13.0, 14.0)).unwrap(),
        SledZone::FrontRight
    );
    assert_eq!(
        sled_zone(&sled, false, pt(7.0, 14.0)).unwrap(),
        SledZone::FrontLeft
    );
    assert_eq!(
        sled_zone(&sled, false, pt(10.0, 2.0)).unwrap(),
        SledZone::Rear
    );
    assert_eq!(
        sled_zone(&sled, true, pt(10.0, 2.0)).unwrap(),
        SledZone::Front
    );
    assert_eq!(SledZone::RearLeft.to_string(), "rear left");
}

#[test]
fn facing_arcs() {
    let pose = Pose::new(pt(0.0, 0.0), deg(90.0));
    for (bearing, arc) in [
        (0.0, FacingArc::Front),
        (45.0, FacingArc::Front),
        (-45.0, FacingArc::Front),
        (45.000_001, FacingArc::Left),
        (90.0, FacingArc::Left),
        (135.0, FacingArc::Left),
        (-90.0, FacingArc::Right),
        (-135.0, FacingArc::Right),
        (135.000_001, FacingArc::Rear),
        (180.0, FacingArc::Rear),
        (-170.0, FacingArc::Rear),
    ] {
        let p = pose.position + (pose.facing + deg(bearing)).direction().scale(3.0);
        assert_eq!(facing_arc(pose, p).unwrap(), arc, "{bearing}");
        assert_eq!(FacingArc::from_bearing(bearing).unwrap(), arc, "{bearing}");
    }
    assert!(FacingArc::Left.is_flank());
    assert_eq!(FacingArc::Rear.to_string(), "rear");
}
