//! Distance, contact, overlap and containment with hand-computed values.

use approx::assert_abs_diff_eq;
use feldherr_geometry::{
    CONTACT_TOLERANCE, Shape, contains_partly, contains_point, contains_wholly, distance,
    distance_point_shape, distance_points, overlaps, touching,
};

use crate::common::{circle, poly, pt, rect, u_shape, u_shape_clockwise};

/// Checks the distance both ways, and that contact agrees with it.
fn check(a: &Shape, b: &Shape, expected: f64) {
    assert_abs_diff_eq!(distance(a, b), expected, epsilon = 1e-9);
    assert_abs_diff_eq!(distance(b, a), expected, epsilon = 1e-9);
    assert_eq!(touching(a, b), expected <= CONTACT_TOLERANCE);
}

#[test]
fn circle_circle() {
    check(&circle(0.0, 0.0, 1.0), &circle(5.0, 0.0, 2.0), 2.0);
    check(&circle(0.0, 0.0, 1.0), &circle(3.0, 4.0, 1.0), 3.0);
    check(&circle(0.0, 0.0, 1.0), &circle(2.0, 0.0, 1.0), 0.0);
    check(&circle(0.0, 0.0, 1.0), &circle(1.0, 0.0, 1.0), 0.0);
    check(&circle(0.0, 0.0, 5.0), &circle(1.0, 0.0, 1.0), 0.0);
    check(&circle(0.0, 0.0, 0.0), &circle(3.0, 0.0, 1.0), 2.0);
}

#[test]
fn circle_rect() {
    // 2 wide, 4 long, facing +x: spans x -2..2, y -1..1.
    let r = rect(0.0, 0.0, 2.0, 4.0, 0.0);
    check(&r, &circle(5.0, 0.0, 1.0), 2.0);
    check(&r, &circle(0.0, 3.0, 1.0), 1.0);
    check(&r, &circle(4.0, 3.0, 1.0), 8f64.sqrt() - 1.0);
    check(&r, &circle(0.0, 0.0, 0.5), 0.0);
    check(&r, &circle(3.0, 0.0, 1.0), 0.0);
    // Facing up the table the same rect spans x -1..1, y -2..2.
    check(&rect(0.0, 0.0, 2.0, 4.0, 90.0), &circle(0.0, 5.0, 1.0), 2.0);
}

#[test]
fn rect_rect_rotated_45() {
    let square = rect(0.0, 0.0, 2.0, 2.0, 0.0);
    // A 2 x 2 square turned 45 degrees reaches sqrt(2) from its centre.
    check(&square, &rect(4.0, 0.0, 2.0, 2.0, 45.0), 3.0 - 2f64.sqrt());
    check(
        &rect(0.0, 0.0, 2.0, 2.0, 45.0),
        &rect(5.0, 0.0, 2.0, 2.0, 45.0),
        5.0 - 2.0 * 2f64.sqrt(),
    );
    // Edge to edge diagonally: both turned 45, offset along the diagonal.
    check(
        &rect(0.0, 0.0, 2.0, 2.0, 45.0),
        &rect(3.0, 3.0, 2.0, 2.0, 45.0),
        3.0 * 2f64.sqrt() - 2.0,
    );
    check(&square, &rect(2.0, 2.0, 2.0, 2.0, 0.0), 0.0);
}

#[test]
fn polygon_polygon_concave() {
    for u in [u_shape(), u_shape_clockwise()] {
        // A unit square inside the notch, 0.5 clear of floor and both walls.
        check(
            &u,
            &poly(&[(2.5, 2.5), (3.5, 2.5), (3.5, 3.5), (2.5, 3.5)]),
            0.5,
        );
        // Above the notch: nearest are the inner top corners (2, 4) and (4, 4).
        check(
            &u,
            &poly(&[(2.5, 5.0), (3.5, 5.0), (3.5, 6.0), (2.5, 6.0)]),
            1.25f64.sqrt(),
        );
        // Sitting on the notch floor.
        check(
            &u,
            &poly(&[(2.5, 2.0), (3.5, 2.0), (3.5, 3.0), (2.5, 3.0)]),
            0.0,
        );
        // Wholly inside a leg.
        check(&u, &poly(&[(0.5, 0.5), (1.5, 0.5), (1.0, 1.5)]), 0.0);
        // Circle in the notch.
        check(&u, &circle(3.0, 3.0, 0.75), 0.25);
    }
}

#[test]
fn point_distances() {
    let u = u_shape();
    for (p, expected) in [
        (pt(1.0, 1.0), 0.0),
        (pt(3.0, 3.0), 1.0),
        (pt(3.0, 5.0), 2f64.sqrt()),
        (pt(7.0, 0.0), 1.0),
        (pt(6.0, 2.0), 0.0),
        (pt(2.0, 3.0), 0.0),
        (pt(-3.0, -4.0), 5.0),
    ] {
        assert_abs_diff_eq!(distance_point_shape(p, &u), expected, epsilon = 1e-12);
        assert_eq!(contains_point(&u, p), expected == 0.0, "{p}");
    }
    assert_abs_diff_eq!(
        distance_point_shape(pt(0.0, 5.0), &circle(0.0, 0.0, 2.0)),
        3.0
    );
    assert!(contains_point(
        &rect(0.0, 0.0, 2.0, 2.0, 45.0),
        pt(1.4, 0.0)
    ));
    assert!(!contains_point(
        &rect(0.0, 0.0, 2.0, 2.0, 45.0),
        pt(1.0, 1.0)
    ));
    assert_abs_diff_eq!(distance_points(pt(0.0, 0.0), pt(3.0, 4.0)), 5.0);
}

/// Checks contact and overlap (both ways).
fn check_contact(a: &Shape, b: &Shape, touch: bool, overlap: bool) {
    assert_eq!(touching(a, b), touch, "touching {a:?} {b:?}");
    assert_eq!(touching(b, a), touch);
    assert_eq!(overlaps(a, b), overlap, "overlaps {a:?} {b:?}");
    assert_eq!(overlaps(b, a), overlap);
}

#[test]
fn contact_and_overlap_with_tolerance() {
    let c = circle(0.0, 0.0, 1.0);
    check_contact(&c, &circle(2.011, 0.0, 1.0), false, false);
    check_contact(&c, &circle(2.009, 0.0, 1.0), true, false);
    check_contact(&c, &circle(2.0, 0.0, 1.0), true, false);
    check_contact(&c, &circle(1.991, 0.0, 1.0), true, false);
    check_contact(&c, &circle(1.989, 0.0, 1.0), true, true);
    check_contact(&c, &circle(0.0, 0.0, 0.2), true, true);
    // A tiny marker below the tolerance never overlaps.
    check_contact(&c, &circle(0.0, 0.0, 0.004), true, false);

    let square = rect(0.0, 0.0, 2.0, 2.0, 0.0);
    check_contact(&square, &rect(1.991, 0.5, 2.0, 2.0, 0.0), true, false);
    check_contact(&square, &rect(1.989, 0.5, 2.0, 2.0, 0.0), true, true);
    check_contact(&square, &rect(2.005, 0.5, 2.0, 2.0, 0.0), true, false);
    check_contact(&square, &circle(2.0, 0.0, 1.0), true, false);
    check_contact(&square, &circle(1.98, 0.0, 1.0), true, true);
}

#[test]
fn overlap_of_a_corner_needs_room_for_the_tolerance_disc() {
    // The corner of a 45-degree square pokes into a circle. The shared
    // region is a right-angled sliver whose inscribed disc is about 0.83 of
    // the poke depth, so it must poke in about 0.0121 to overlap.
    let diamond = rect(0.0, 0.0, 2.0, 2.0, 45.0);
    let reach = 2f64.sqrt();
    check_contact(&diamond, &circle(reach + 1.0 - 0.02, 0.0, 1.0), true, true);
    check_contact(
        &diamond,
        &circle(reach + 1.0 - 0.011, 0.0, 1.0),
        true,
        false,
    );
}

#[test]
fn concave_contact_and_overlap() {
    let u = u_shape();
    let on_floor = poly(&[(2.5, 2.0), (3.5, 2.0), (3.5, 3.0), (2.5, 3.0)]);
    check_contact(&u, &on_floor, true, false);
    let sunk = poly(&[(2.5, 1.98), (3.5, 1.98), (3.5, 3.0), (2.5, 3.0)]);
    check_contact(&u, &sunk, true, true);
    // Fits the notch exactly: touches both walls and the floor, no overlap.
    check_contact(&u, &rect(3.0, 3.0, 2.0, 2.0, 0.0), true, false);
    // Slightly too wide for the notch: overlaps the walls.
    check_contact(&u, &rect(3.0, 3.0, 2.0, 2.05, 0.0), true, true);
    check_contact(&u, &circle(3.0, 3.0, 0.75), false, false);
    check_contact_u_clockwise();
}

fn check_contact_u_clockwise() {
    let u = u_shape_clockwise();
    check_contact(&u, &rect(3.0, 3.0, 2.0, 2.0, 0.0), true, false);
    check_contact(&u, &rect(3.0, 3.0, 2.0, 2.05, 0.0), true, true);
}

/// Checks whole and partial containment.
fn check_within(outer: &Shape, inner: &Shape, wholly: bool, partly: bool) {
    assert_eq!(contains_wholly(outer, inner), wholly, "wholly {inner:?}");
    assert_eq!(contains_partly(outer, inner), partly, "partly {inner:?}");
}

#[test]
fn containment() {
    let big = circle(0.0, 0.0, 5.0);
    check_within(&big, &circle(3.0, 0.0, 1.0), true, true);
    check_within(&big, &circle(4.0, 0.0, 1.0), true, true);
    check_within(&big, &circle(4.005, 0.0, 1.0), true, true);
    check_within(&big, &circle(4.02, 0.0, 1.0), false, true);
    check_within(&big, &circle(6.005, 0.0, 1.0), false, false);
    check_within(&big, &circle(8.0, 0.0, 1.0), false, false);
    check_within(&big, &rect(0.0, 0.0, 6.0, 6.0, 0.0), true, true);
    check_within(&big, &rect(0.0, 0.0, 7.1, 7.1, 0.0), false, true);
    check_within(&big, &rect(0.0, 0.0, 7.0, 7.0, 45.0), true, true);
    check_within(
        &rect(0.0, 0.0, 4.0, 4.0, 0.0),
        &circle(0.0, 0.0, 2.0),
        true,
        true,
    );
    check_within(
        &rect(0.0, 0.0, 4.0, 4.0, 0.0),
        &circle(0.0, 0.0, 2.1),
        false,
        true,
    );

    let u = u_shape();
    // In the left leg.
    check_within(&u, &rect(1.0, 2.0, 1.5, 3.0, 90.0), true, true);
    // Along the bottom bar, under the notch.
    check_within(&u, &rect(3.0, 1.0, 1.0, 5.0, 0.0), true, true);
    // Across the notch: every corner is inside the U but the top edge is not.
    check_within(&u, &rect(3.0, 2.5, 1.0, 5.0, 0.0), false, true);
    // In the notch, clear of the U.
    check_within(&u, &circle(3.0, 3.0, 0.75), false, false);
    // The U inside a big circle, and not the other way round.
    check_within(&circle(3.0, 2.0, 4.0), &u, true, true);
    check_within(&u, &circle(3.0, 2.0, 4.0), false, true);
}
