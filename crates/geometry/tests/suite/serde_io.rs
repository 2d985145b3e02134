//! Saved-game round trips; deserialising validates.

use feldherr_geometry::{
    Angle, Circle, Contact, Interval, Length, PlacementRules, Polyline, Pose, Segment, Shape,
    Table, Unit,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::common::{circle, deg, poly, pt, rect, u_shape};

fn check<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) {
    let json = serde_json::to_string(value).unwrap();
    let back: T = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, value, "{json}");
}

#[test]
fn round_trips() {
    check(&circle(1.0, 2.0, 0.5));
    check(&rect(1.0, 2.0, 3.0, 4.0, 45.0));
    check(&u_shape());
    check(&deg(270.0));
    check(&Pose::new(pt(1.0, 2.0), deg(30.0)));
    check(&Length::new(30.48, Unit::Centimetre).unwrap());
    check(&Table::new(180.0, 120.0).unwrap());
    check(&PlacementRules::new(10.0, 12.0).unwrap());
    check(&Segment::new(pt(0.0, 0.0), pt(1.0, 1.0)).unwrap());
    check(&Polyline::new(vec![pt(0.0, 0.0), pt(1.0, 1.0), pt(2.0, 0.0)]).unwrap());
    check(&Interval::new(1.0, 2.0));
    check(&Contact::Overlapping);
}

#[test]
fn saved_shapes_format() {
    let shapes = vec![
        circle(1.0, 2.0, 0.5),
        rect(3.0, 4.0, 2.0, 5.0, 90.0),
        poly(&[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]),
    ];
    insta::assert_snapshot!(serde_json::to_string(&shapes).unwrap(), @r#"[{"kind":"circle","center":{"x":1.0,"y":2.0},"radius":0.5},{"kind":"rect","center":{"x":3.0,"y":4.0},"width":2.0,"length":5.0,"facing":90.0},{"kind":"polygon","vertices":[{"x":0.0,"y":0.0},{"x":1.0,"y":0.0},{"x":0.0,"y":1.0}]}]"#);
}

#[test]
fn invalid_saved_data_is_rejected() {
    let err = serde_json::from_str::<Circle>(r#"{"center":{"x":0,"y":0},"radius":-1}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("`radius`"), "{err}");
    let err = serde_json::from_str::<Shape>(
        r#"{"kind":"polygon","vertices":[{"x":0,"y":0},{"x":1,"y":0}]}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("`vertices`"), "{err}");
    assert!(serde_json::from_str::<Angle>("1e400").is_err());
    // Angles are normalised on the way in.
    let a: Angle = serde_json::from_str("-90").unwrap();
    assert_eq!(a, deg(270.0));
    let err = serde_json::from_str::<Table>(r#"{"width":0,"depth":1}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("`width`"), "{err}");
}
