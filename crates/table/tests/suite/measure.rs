//! Measuring edge to edge and point to point.

use approx::assert_abs_diff_eq;
use feldherr_table::geometry::{Shape, distance};
use feldherr_table::{Measurement, format_length, measure, measure_points};
use proptest::prelude::*;

use crate::common::{circle, poly, pt, rect, terrain};

#[test]
fn edge_to_edge_and_point_to_point() {
    let a = terrain(1, "A", "wood", circle(10.0, 10.0, 2.0));
    let b = terrain(2, "B", "hill", rect(20.0, 10.0, 4.0, 2.0, 0.0));
    // Circle edge at x = 12, rectangle (2 along x) from x = 19.
    assert_abs_diff_eq!(measure(&a, &b), 7.0, epsilon = 1e-12);
    assert_abs_diff_eq!(measure_points(pt(0.0, 0.0), pt(3.0, 4.0)), 5.0);
    let m = Measurement::pieces(&a, &b);
    assert_abs_diff_eq!(m.from.x, 12.0, epsilon = 1e-12);
    assert_abs_diff_eq!(m.from.y, 10.0, epsilon = 1e-12);
    assert_abs_diff_eq!(m.to.x, 19.0, epsilon = 1e-12);
    assert_abs_diff_eq!(m.distance, 7.0, epsilon = 1e-12);
    let p = Measurement::shape_point(&a.shape, pt(10.0, 20.0));
    assert_abs_diff_eq!(p.distance, 8.0, epsilon = 1e-12);
    assert_abs_diff_eq!(p.from.y, 12.0, epsilon = 1e-12);
    assert_eq!(
        Measurement::shape_point(&a.shape, pt(10.5, 10.0)).distance,
        0.0
    );
    assert_eq!(
        Measurement::points(pt(1.0, 1.0), pt(1.0, 4.0)).distance,
        3.0
    );
}

#[test]
fn overlapping_pieces_measure_zero_at_a_shared_point() {
    let a = circle(10.0, 10.0, 5.0);
    let b = poly(&[(12.0, 8.0), (30.0, 8.0), (30.0, 12.0), (12.0, 12.0)]);
    let m = Measurement::between(&a, &b);
    assert_eq!(m.distance, 0.0);
    assert_eq!(m.from, m.to);
    assert!(a.contains_point(m.from) && b.contains_point(m.from));
}

#[test]
fn lengths_for_people() {
    use feldherr_table::geometry::Unit;
    assert_eq!(format_length(12.34, Unit::Inch), "12.3 in");
    assert_eq!(format_length(10.0, Unit::Centimetre), "10 cm");
    assert_eq!(format_length(-0.01, Unit::Centimetre), "0 cm");
}

fn any_shape() -> impl Strategy<Value = Shape> {
    let c = (0.0..60.0, 0.0..40.0, 0.1..6.0).prop_map(|(x, y, r)| circle(x, y, r));
    let r = (0.0..60.0, 0.0..40.0, 0.5..8.0, 0.5..8.0, 0.0..360.0)
        .prop_map(|(x, y, w, l, f)| rect(x, y, w, l, f));
    let p = (0.0..60.0, 0.0..40.0, 0.5..6.0).prop_map(|(x, y, s)| {
        poly(&[
            (x, y),
            (x + 2.0 * s, y),
            (x + 2.0 * s, y + s),
            (x + s, y + 0.4 * s),
            (x, y + s),
        ])
    });
    prop_oneof![c, r, p]
}

proptest! {
    /// The ruler's line joins the two shapes and is as long as the exact
    /// distance.
    #[test]
    fn ruler_line_matches_distance(a in any_shape(), b in any_shape()) {
        let m = Measurement::between(&a, &b);
        prop_assert!((m.distance - distance(&a, &b)).abs() < 1e-12);
        prop_assert!(a.distance_to_point(m.from) < 1e-6);
        prop_assert!(b.distance_to_point(m.to) < 1e-6);
        prop_assert!((m.from.distance_to(m.to) - m.distance).abs() < 1e-6);
    }
}

/// Found by the property above: a thin rectangle crossing a notched
/// polygon, no corner of either inside the other. The ruler's point must
/// lie on both (where two edges cross).
#[test]
fn crossing_outlines_without_a_corner_inside_share_a_point() {
    let a = rect(
        37.921571926031554,
        28.127424645505222,
        7.435853715584123,
        0.5,
        216.03589266675314,
    );
    let b = poly(&[
        (37.22582630821686, 28.188900837275902),
        (47.71331764142377, 28.188900837275902),
        (47.71331764142377, 33.432646503879354),
        (42.46957197482031, 30.286399103917283),
        (37.22582630821686, 33.432646503879354),
    ]);
    let m = Measurement::between(&a, &b);
    assert_eq!(m.distance, 0.0);
    assert!(a.distance_to_point(m.from) < 1e-9, "{:?}", m.from);
    assert!(b.distance_to_point(m.to) < 1e-9, "{:?}", m.to);
}
