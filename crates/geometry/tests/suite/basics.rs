//! Points, vectors, angles, units, rectangles and polygons.

use approx::assert_abs_diff_eq;
use feldherr_geometry::{
    Angle, Length, Point, Polygon, Polyline, Pose, Segment, Unit, Vector,
    angle_between_facing_and_direction,
};

use crate::common::{deg, oriented, pt};

fn check_point(actual: Point, expected: (f64, f64)) {
    assert_abs_diff_eq!(actual.x, expected.0, epsilon = 1e-9);
    assert_abs_diff_eq!(actual.y, expected.1, epsilon = 1e-9);
}

#[test]
fn angles_normalise_to_0_360() {
    for (input, expected) in [
        (0.0, 0.0),
        (-90.0, 270.0),
        (450.0, 90.0),
        (360.0, 0.0),
        (-360.0, 0.0),
        (-1e-20, 0.0),
        (720.5, 0.5),
    ] {
        assert_abs_diff_eq!(deg(input).degrees(), expected, epsilon = 1e-12);
    }
}

#[test]
fn angle_differences() {
    for (a, b, signed) in [
        (10.0, 350.0, -20.0),
        (350.0, 10.0, 20.0),
        (0.0, 180.0, 180.0),
        (180.0, 0.0, 180.0),
        (90.0, 90.0, 0.0),
        (30.0, 200.0, 170.0),
        (30.0, 220.0, -170.0),
    ] {
        assert_abs_diff_eq!(
            Angle::signed_between(deg(a), deg(b)),
            signed,
            epsilon = 1e-12
        );
        assert_abs_diff_eq!(
            Angle::between(deg(a), deg(b)),
            signed.abs(),
            epsilon = 1e-12
        );
        assert_abs_diff_eq!(
            angle_between_facing_and_direction(deg(a), deg(b)),
            signed.abs(),
            epsilon = 1e-12
        );
    }
}

#[test]
fn angle_directions_and_arithmetic() {
    assert_eq!(deg(0.0).direction(), Vector::new(1.0, 0.0));
    assert_eq!(deg(90.0).direction(), Vector::new(0.0, 1.0));
    assert_eq!(deg(180.0).direction(), Vector::new(-1.0, 0.0));
    assert_eq!(deg(270.0).direction(), Vector::new(0.0, -1.0));
    let d = deg(60.0).direction();
    assert_abs_diff_eq!(d.x, 0.5, epsilon = 1e-12);
    assert_abs_diff_eq!(d.y, 3f64.sqrt() / 2.0, epsilon = 1e-12);
    assert_abs_diff_eq!((deg(350.0) + deg(20.0)).degrees(), 10.0, epsilon = 1e-12);
    assert_abs_diff_eq!((deg(10.0) - deg(20.0)).degrees(), 350.0, epsilon = 1e-12);
    assert_abs_diff_eq!((-deg(90.0)).degrees(), 270.0, epsilon = 1e-12);
    assert_abs_diff_eq!(deg(100.0).opposite().degrees(), 280.0, epsilon = 1e-12);
    assert_abs_diff_eq!(
        deg(10.0).turned_clockwise(60.0).unwrap().degrees(),
        310.0,
        epsilon = 1e-12
    );
    assert_abs_diff_eq!(
        Angle::from_radians(std::f64::consts::PI).unwrap().degrees(),
        180.0,
        epsilon = 1e-12
    );
    assert_eq!(deg(45.5).to_string(), "45.5°");
}

#[test]
fn vectors() {
    let a = Vector::new(3.0, 4.0);
    let b = Vector::new(-1.0, 2.0);
    assert_abs_diff_eq!(a.length(), 5.0);
    assert_eq!(a + b, Vector::new(2.0, 6.0));
    assert_eq!(a - b, Vector::new(4.0, 2.0));
    assert_eq!(a * 2.0, Vector::new(6.0, 8.0));
    assert_eq!(2.0 * a, Vector::new(6.0, 8.0));
    assert_eq!(-a, Vector::new(-3.0, -4.0));
    assert_abs_diff_eq!(a.dot(b), 5.0);
    assert_abs_diff_eq!(a.cross(b), 10.0);
    let n = a.normalize().unwrap();
    assert_abs_diff_eq!(n.x, 0.6, epsilon = 1e-12);
    assert_eq!(Vector::ZERO.normalize(), None);
    assert_eq!(Vector::ZERO.angle(), None);
    let r = Vector::new(1.0, 0.0).rotate(deg(90.0));
    assert_eq!(r, Vector::new(0.0, 1.0));
    assert_abs_diff_eq!(
        Vector::new(-1.0, -1.0).angle().unwrap().degrees(),
        225.0,
        epsilon = 1e-12
    );
    assert_eq!(a.perp(), Vector::new(-4.0, 3.0));
}

#[test]
fn points() {
    let p = pt(1.0, 2.0);
    assert_abs_diff_eq!(p.distance_to(pt(4.0, 6.0)), 5.0);
    assert_eq!(p + Vector::new(1.0, 1.0), pt(2.0, 3.0));
    assert_eq!(pt(4.0, 6.0) - p, Vector::new(3.0, 4.0));
    check_point(
        pt(2.0, 0.0).rotate_about(pt(1.0, 0.0), deg(90.0)),
        (1.0, 1.0),
    );
    assert_eq!(p.midpoint(pt(3.0, 4.0)), pt(2.0, 3.0));
    assert_eq!(p.to_string(), "(1, 2)");
    assert!(Point::try_new(1.0, f64::NAN).is_err());
}

#[test]
fn lengths_convert_exactly_and_display() {
    let foot = Length::inches(12.0).unwrap();
    assert_eq!(foot.to_string(), "12.0 in");
    let cm = foot.to(Unit::Centimetre);
    assert_abs_diff_eq!(cm.value(), 30.48, epsilon = 1e-12);
    assert_eq!(cm.unit(), Unit::Centimetre);
    assert_eq!(format!("{cm:.1}"), "30.5 cm");
    assert_eq!(Length::centimetres(30.5).unwrap().to_string(), "30.5 cm");
    assert_abs_diff_eq!(
        Length::centimetres(2.54).unwrap().in_unit(Unit::Inch),
        1.0,
        epsilon = 1e-15
    );
    assert_abs_diff_eq!(Unit::Inch.factor_to(Unit::Centimetre), 2.54);
    assert_eq!(Unit::Inch.to_string(), "in");
    assert_eq!(foot.to(Unit::Inch), foot);
}

#[test]
fn rectangle_corners_and_midpoints() {
    // 2 wide, 4 long, facing up the table: spans x 9..11, y 8..12.
    let r = oriented(10.0, 10.0, 2.0, 4.0, 90.0);
    check_point(r.front_left(), (9.0, 12.0));
    check_point(r.front_right(), (11.0, 12.0));
    check_point(r.rear_left(), (9.0, 8.0));
    check_point(r.rear_right(), (11.0, 8.0));
    check_point(r.front_edge_midpoint(), (10.0, 12.0));
    check_point(r.rear_edge_midpoint(), (10.0, 8.0));
    check_point(r.left_side_midpoint(), (9.0, 10.0));
    check_point(r.right_side_midpoint(), (11.0, 10.0));
    let corners = r.corners();
    check_point(corners[0], (11.0, 12.0));
    check_point(corners[2], (9.0, 8.0));
    assert_abs_diff_eq!(r.area(), 8.0);
    assert_abs_diff_eq!(r.to_polygon().signed_area(), 8.0, epsilon = 1e-9);
    let b = r.bounds();
    check_point(b.min, (9.0, 8.0));
    check_point(b.max, (11.0, 12.0));
    let turned = r.rotate_about(pt(10.0, 10.0), deg(-90.0));
    assert_abs_diff_eq!(turned.facing().degrees(), 0.0);
    check_point(turned.front_edge_midpoint(), (12.0, 10.0));
    assert_eq!(r.pose(), Pose::new(pt(10.0, 10.0), deg(90.0)));
}

#[test]
fn polygons_keep_orientation_and_measure() {
    let square =
        Polygon::new(vec![pt(0.0, 0.0), pt(0.0, 2.0), pt(2.0, 2.0), pt(2.0, 0.0)]).unwrap();
    assert!(!square.is_counter_clockwise());
    assert_abs_diff_eq!(square.area(), 4.0);
    assert_abs_diff_eq!(square.signed_area(), -4.0);
    assert!(square.is_convex());
    check_point(square.centroid(), (1.0, 1.0));
    assert_eq!(square.vertex_count(), 4);
    assert_eq!(square.edges().count(), 4);
    let feldherr_geometry::Shape::Polygon(u) = crate::common::u_shape() else {
        unreachable!()
    };
    assert!(!u.is_convex());
    assert_abs_diff_eq!(u.area(), 20.0);
}

#[test]
fn segments_and_polylines() {
    let s = Segment::new(pt(0.0, 0.0), pt(3.0, 4.0)).unwrap();
    assert_abs_diff_eq!(s.length(), 5.0);
    check_point(s.point_at(2.5), (1.5, 2.0));
    check_point(s.point_at(99.0), (3.0, 4.0));
    assert_abs_diff_eq!(s.distance_to_point(pt(0.0, 5.0)), 3.0, epsilon = 1e-12);
    let p = Polyline::new(vec![pt(0.0, 0.0), pt(3.0, 0.0), pt(3.0, 4.0)]).unwrap();
    assert_abs_diff_eq!(p.length(), 7.0);
    check_point(p.point_at(5.0), (3.0, 2.0));
    assert_eq!(Polyline::from(s).points().len(), 2);
}

#[test]
fn pose_bearings() {
    let pose = Pose::new(pt(0.0, 0.0), deg(90.0));
    assert_abs_diff_eq!(
        pose.bearing_to(pt(-1.0, 0.0)).unwrap(),
        90.0,
        epsilon = 1e-12
    );
    assert_abs_diff_eq!(
        pose.bearing_to(pt(1.0, 0.0)).unwrap(),
        -90.0,
        epsilon = 1e-12
    );
    assert_abs_diff_eq!(
        pose.bearing_to(pt(0.0, -1.0)).unwrap(),
        180.0,
        epsilon = 1e-12
    );
    assert_eq!(pose.bearing_to(pt(0.0, 0.0)), None);
    assert_eq!(pose.left(), Vector::new(-1.0, 0.0));
}
