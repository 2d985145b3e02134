//! Paths through shapes, swept contact and lines of sight.

use approx::assert_abs_diff_eq;
use feldherr_geometry::{
    Contact, Interval, Polyline, Segment, Shape, blocking_obstacles, path_intervals,
    segment_blocked, segment_intervals, sweep_intervals,
};

use crate::common::{circle, deg, poly, pt, rect, u_shape};

/// Compares interval lists end by end.
fn check(actual: &[Interval], expected: &[(f64, f64)]) {
    assert_eq!(actual.len(), expected.len(), "{actual:?} vs {expected:?}");
    for (iv, &(enter, leave)) in actual.iter().zip(expected) {
        assert_abs_diff_eq!(iv.enter, enter, epsilon = 1e-9);
        assert_abs_diff_eq!(iv.leave, leave, epsilon = 1e-9);
    }
}

fn seg(x0: f64, y0: f64, x1: f64, y1: f64) -> Segment {
    Segment::new(pt(x0, y0), pt(x1, y1)).unwrap()
}

#[test]
fn segment_through_circle() {
    let c = circle(0.0, 0.0, 2.0);
    check(
        &segment_intervals(&seg(-5.0, 0.0, 5.0, 0.0), &c),
        &[(3.0, 7.0)],
    );
    // Starting inside: enter at 0.
    check(
        &segment_intervals(&seg(0.0, 0.0, 10.0, 0.0), &c),
        &[(0.0, 2.0)],
    );
    // Ending inside.
    check(
        &segment_intervals(&seg(-5.0, 0.0, -1.0, 0.0), &c),
        &[(3.0, 4.0)],
    );
    // Wholly inside.
    check(
        &segment_intervals(&seg(-1.0, 0.0, 1.0, 0.0), &c),
        &[(0.0, 2.0)],
    );
    // A chord 3-4-5: the line y = 1.2 cuts the circle at x = +-1.6.
    check(
        &segment_intervals(&seg(-5.0, 1.2, 5.0, 1.2), &c),
        &[(3.4, 6.6)],
    );
    // Grazing the top: a single point of contact.
    check(
        &segment_intervals(&seg(-5.0, 2.0, 5.0, 2.0), &c),
        &[(5.0, 5.0)],
    );
    check(&segment_intervals(&seg(-5.0, 3.0, 5.0, 3.0), &c), &[]);
    // Zero-length path.
    check(
        &segment_intervals(&seg(1.0, 1.0, 1.0, 1.0), &c),
        &[(0.0, 0.0)],
    );
}

#[test]
fn segment_through_rect() {
    // x 4..6, y -1..1.
    let r = rect(5.0, 0.0, 2.0, 2.0, 0.0);
    check(
        &segment_intervals(&seg(0.0, 0.0, 10.0, 0.0), &r),
        &[(4.0, 6.0)],
    );
    // Running along the top edge counts as inside (closed shapes).
    check(
        &segment_intervals(&seg(0.0, 1.0, 10.0, 1.0), &r),
        &[(4.0, 6.0)],
    );
    // Diagonal through the corner region: from (3,-2) heading (1,1).
    let diag = seg(3.0, -2.0, 8.0, 3.0);
    let s2 = 2f64.sqrt();
    check(&segment_intervals(&diag, &r), &[(s2, 3.0 * s2)]);
    // Turned 45 degrees the square is a diamond reaching sqrt(2) from its centre.
    let diamond = rect(5.0, 0.0, 2.0, 2.0, 45.0);
    check(
        &segment_intervals(&seg(0.0, 0.0, 10.0, 0.0), &diamond),
        &[(5.0 - s2, 5.0 + s2)],
    );
    // Touching only the diamond's top corner.
    check(
        &segment_intervals(&seg(0.0, s2, 10.0, s2), &diamond),
        &[(5.0, 5.0)],
    );
}

#[test]
fn polyline_through_concave_polygon() {
    let u = u_shape();
    let straight = Polyline::new(vec![pt(-1.0, 3.0), pt(7.0, 3.0)]).unwrap();
    check(&path_intervals(&straight, &u), &[(1.0, 3.0), (5.0, 7.0)]);
    let bent = Polyline::new(vec![pt(-1.0, 3.0), pt(3.0, 3.0), pt(3.0, -1.0)]).unwrap();
    check(&path_intervals(&bent, &u), &[(1.0, 3.0), (5.0, 7.0)]);
    // Inside the whole way, across a bend: one interval.
    let inside = Polyline::new(vec![pt(1.0, 1.0), pt(5.0, 1.0), pt(5.0, 3.0)]).unwrap();
    check(&path_intervals(&inside, &u), &[(0.0, 6.0)]);
    // Along the notch walls and floor, which are boundary.
    let around =
        Polyline::new(vec![pt(2.0, 4.0), pt(2.0, 2.0), pt(4.0, 2.0), pt(4.0, 4.0)]).unwrap();
    check(&path_intervals(&around, &u), &[(0.0, 6.0)]);
}

/// A sled 2 wide and 4 long at the origin, facing +x (x -2..2, y -1..1).
fn sled() -> Shape {
    rect(0.0, 0.0, 2.0, 4.0, 0.0)
}

#[test]
fn sweep_rect_past_circle() {
    let post = circle(10.0, 0.0, 1.0);
    // Front edge reaches 9 - 0.01 after 6.99; rear edge leaves 11 + 0.01 after 13.01.
    let touching = sweep_intervals(&sled(), deg(0.0), 20.0, &post, Contact::Touching).unwrap();
    check(&touching, &[(6.99, 13.01)]);
    let overlapping =
        sweep_intervals(&sled(), deg(0.0), 20.0, &post, Contact::Overlapping).unwrap();
    check(&overlapping, &[(7.01, 12.99)]);
    // Inch by inch: inches 6 (6..7) to 13 (13..14) touch the post.
    let inches: Vec<u32> = (0..20)
        .filter(|&k| {
            touching
                .iter()
                .any(|iv| iv.meets(f64::from(k), f64::from(k + 1)))
        })
        .collect();
    assert_eq!(inches, (6..=13).collect::<Vec<_>>());
    // Stopping short: contact from 6.99 to the end of the move.
    let short = sweep_intervals(&sled(), deg(0.0), 8.0, &post, Contact::Touching).unwrap();
    check(&short, &[(6.99, 8.0)]);
    // Moving away: no contact.
    let away = sweep_intervals(&sled(), deg(180.0), 20.0, &post, Contact::Touching).unwrap();
    check(&away, &[]);
}

#[test]
fn sweep_rect_past_rotated_rect() {
    let s2 = 2f64.sqrt();
    let diamond = rect(10.0, 0.0, 2.0, 2.0, 45.0);
    let touching = sweep_intervals(&sled(), deg(0.0), 20.0, &diamond, Contact::Touching).unwrap();
    check(&touching, &[(8.0 - s2 - 0.01, 12.0 + s2 + 0.01)]);
    // Sliding sideways (heading 90) into a circle above.
    let above = circle(0.0, 10.0, 1.0);
    let sideways = sweep_intervals(&sled(), deg(90.0), 20.0, &above, Contact::Touching).unwrap();
    check(&sideways, &[(7.99, 12.01)]);
    // Already in contact at the start.
    let start = sweep_intervals(
        &sled(),
        deg(0.0),
        5.0,
        &circle(0.0, 0.0, 0.5),
        Contact::Touching,
    )
    .unwrap();
    check(&start, &[(0.0, 2.51)]);
    // Passing alongside with a 0.005 gap: in contact while the long sides
    // face each other, and a little longer while the corners are within
    // the tolerance of each other.
    let beside = rect(5.0, 2.005, 2.0, 4.0, 0.0);
    let gap: f64 = (2.005 - 1.0) - 1.0;
    let reach = (0.01f64.powi(2) - gap * gap).sqrt();
    let slide = sweep_intervals(&sled(), deg(0.0), 20.0, &beside, Contact::Touching).unwrap();
    check(&slide, &[(1.0 - reach, 9.0 + reach)]);
    let none = sweep_intervals(&sled(), deg(0.0), 20.0, &beside, Contact::Overlapping).unwrap();
    check(&none, &[]);
}

#[test]
fn sweep_circle_through_concave_polygon() {
    // A 0.5 disc falls through the U's notch: it clears the walls by 0.5 and
    // touches from the notch floor (centre at y 2.51) until it leaves the
    // bottom (centre at y -0.51).
    let u = u_shape();
    let disc = circle(3.0, 6.0, 0.5);
    let touching = sweep_intervals(&disc, deg(270.0), 10.0, &u, Contact::Touching).unwrap();
    check(&touching, &[(3.49, 6.51)]);
    let overlapping = sweep_intervals(&disc, deg(270.0), 10.0, &u, Contact::Overlapping).unwrap();
    check(&overlapping, &[(3.51, 6.49)]);
    // Sliding right along y = 3 it crosses the left leg, the notch, the right leg.
    let across = sweep_intervals(
        &circle(-2.0, 3.0, 0.5),
        deg(0.0),
        10.0,
        &u,
        Contact::Touching,
    )
    .unwrap();
    check(&across, &[(1.49, 4.51), (5.49, 8.51)]);
}

#[test]
fn lines_of_sight() {
    let line = seg(0.0, 0.0, 10.0, 0.0);
    let obstacles = [
        circle(5.0, 1.0, 1.0),
        circle(5.0, 1.5, 1.0),
        rect(5.0, 0.0, 1.0, 1.0, 30.0),
        rect(5.0, 3.0, 2.0, 2.0, 0.0),
        poly(&[(4.0, -1.0), (6.0, -1.0), (5.0, 0.0)]),
        circle(20.0, 0.0, 1.0),
    ];
    let expected = [true, false, true, false, true, false];
    for (o, &blocked) in obstacles.iter().zip(&expected) {
        assert_eq!(segment_blocked(&line, o), blocked, "{o:?}");
        assert_eq!(!segment_intervals(&line, o).is_empty(), blocked, "{o:?}");
    }
    assert_eq!(blocking_obstacles(&line, &obstacles), vec![0, 2, 4]);
    // Down into the U's notch, stopping short of its floor, then through it.
    assert!(!segment_blocked(&seg(3.0, 3.5, 3.0, 2.5), &u_shape()));
    assert!(segment_blocked(&seg(3.0, 3.5, 3.0, 1.5), &u_shape()));
    // Starting inside an obstacle blocks.
    assert!(segment_blocked(
        &seg(5.0, 0.0, 6.0, 0.0),
        &circle(5.0, 0.0, 3.0)
    ));
}
