//! Bad input is rejected with an error naming the field and the value.

use feldherr_geometry::{
    Angle, Circle, Contact, GeometryError, Length, OrientedRect, PlacementRules, Point, Polygon,
    Polyline, Segment, Table, sweep_intervals,
};

use crate::common::{circle, pt};

/// Checks the error's field name and that its message names field and value.
fn check<T: std::fmt::Debug>(result: Result<T, GeometryError>, field: &str, value_text: &str) {
    let err = result.unwrap_err();
    let message = err.to_string();
    assert!(message.contains(&format!("`{field}`")), "{message}");
    assert!(message.contains(value_text), "{message}");
    let named = match &err {
        GeometryError::NotFinite { field, .. }
        | GeometryError::Negative { field, .. }
        | GeometryError::NotPositive { field, .. }
        | GeometryError::TooFewPoints { field, .. }
        | GeometryError::TooManyPoints { field, .. }
        | GeometryError::RepeatedVertex { field, .. }
        | GeometryError::ZeroArea { field, .. }
        | GeometryError::SelfIntersecting { field, .. }
        | GeometryError::DieFaceOutOfRange { field, .. }
        | GeometryError::CoincidentPoints { field, .. } => field.clone(),
        _ => String::new(),
    };
    assert_eq!(named, field);
}

#[test]
fn non_finite_numbers() {
    check(Circle::new(pt(f64::NAN, 0.0), 1.0), "center.x", "NaN");
    check(Circle::new(pt(0.0, f64::INFINITY), 1.0), "center.y", "inf");
    check(Circle::new(pt(0.0, 0.0), f64::NAN), "radius", "NaN");
    check(
        OrientedRect::new(pt(0.0, 0.0), f64::NAN, 1.0, Angle::ZERO),
        "width",
        "NaN",
    );
    check(Angle::from_degrees(f64::NAN), "degrees", "NaN");
    check(Angle::from_degrees(f64::NEG_INFINITY), "degrees", "-inf");
    check(Angle::from_radians(f64::NAN), "radians", "NaN");
    check(Point::try_new(f64::NAN, 1.0), "point.x", "NaN");
    check(
        Segment::new(pt(0.0, 0.0), pt(1.0, f64::NAN)),
        "end.y",
        "NaN",
    );
    check(
        Polyline::new(vec![pt(0.0, 0.0), pt(f64::NAN, 0.0)]),
        "points[1].x",
        "NaN",
    );
    check(Length::inches(f64::NAN), "value", "NaN");
    check(Table::new(f64::INFINITY, 1.0), "width", "inf");
    check(
        Polygon::new(vec![pt(0.0, 0.0), pt(1.0, f64::NAN), pt(0.0, 1.0)]),
        "vertices[1].y",
        "NaN",
    );
    check(
        sweep_intervals(
            &circle(0.0, 0.0, 1.0),
            Angle::ZERO,
            f64::NAN,
            &circle(5.0, 0.0, 1.0),
            Contact::Touching,
        ),
        "travel",
        "NaN",
    );
}

#[test]
fn negative_and_zero_sizes() {
    check(Circle::new(pt(0.0, 0.0), -1.0), "radius", "-1");
    check(
        OrientedRect::new(pt(0.0, 0.0), -2.0, 1.0, Angle::ZERO),
        "width",
        "-2",
    );
    check(
        OrientedRect::new(pt(0.0, 0.0), 2.0, 0.0, Angle::ZERO),
        "length",
        "0",
    );
    check(Table::new(0.0, 120.0), "width", "0");
    check(Table::new(180.0, -1.0), "depth", "-1");
    check(PlacementRules::new(-10.0, 12.0), "min_to_edge", "-10");
    check(PlacementRules::new(10.0, f64::NAN), "min_between", "NaN");
    check(
        sweep_intervals(
            &circle(0.0, 0.0, 1.0),
            Angle::ZERO,
            -3.0,
            &circle(5.0, 0.0, 1.0),
            Contact::Touching,
        ),
        "travel",
        "-3",
    );
    // A zero radius is a point marker and allowed.
    assert!(Circle::new(pt(0.0, 0.0), 0.0).is_ok());
}

#[test]
fn degenerate_polygons() {
    check(Polygon::new(vec![]), "vertices", "got 0");
    check(
        Polygon::new(vec![pt(0.0, 0.0), pt(1.0, 0.0)]),
        "vertices",
        "got 2",
    );
    check(
        Polygon::new(vec![pt(0.0, 0.0), pt(1.0, 0.0), pt(3.0, 0.0)]),
        "vertices",
        "no area",
    );
    check(
        Polygon::new(vec![pt(0.0, 0.0), pt(1.0, 1.0), pt(2.0, 2.0), pt(3.0, 3.0)]),
        "vertices",
        "no area",
    );
    // Bow tie: edges 0 and 2 cross.
    check(
        Polygon::new(vec![pt(0.0, 0.0), pt(2.0, 2.0), pt(2.0, 0.0), pt(0.0, 2.0)]),
        "vertices",
        "edge 0 meets edge 2",
    );
    // Touching itself at a vertex.
    check(
        Polygon::new(vec![
            pt(0.0, 0.0),
            pt(4.0, 0.0),
            pt(2.0, 2.0),
            pt(4.0, 4.0),
            pt(0.0, 4.0),
            pt(2.0, 2.0),
        ]),
        "vertices",
        "self-intersecting",
    );
    // A spike doubling back along itself.
    check(
        Polygon::new(vec![
            pt(0.0, 0.0),
            pt(4.0, 0.0),
            pt(4.0, 4.0),
            pt(4.0, 6.0),
            pt(4.0, 5.0),
            pt(0.0, 4.0),
        ]),
        "vertices",
        "self-intersecting",
    );
    check(
        Polygon::new(vec![pt(0.0, 0.0), pt(1.0, 0.0), pt(1.0, 0.0), pt(0.0, 1.0)]),
        "vertices",
        "point 2 repeats the previous point (1, 0)",
    );
    check(Polyline::new(vec![pt(0.0, 0.0)]), "points", "got 1");
}

#[test]
fn error_messages_read_well() {
    insta::assert_snapshot!(
        Circle::new(pt(0.0, 0.0), -1.5).unwrap_err(),
        @"`radius` must not be negative, got -1.5"
    );
    insta::assert_snapshot!(
        Polygon::new(vec![pt(0.0, 0.0), pt(2.0, 2.0), pt(2.0, 0.0), pt(0.0, 2.0)]).unwrap_err(),
        @"`vertices` is self-intersecting: edge 0 meets edge 2"
    );
}
