//! Property tests (1000 cases each).

use approx::assert_abs_diff_eq;
use feldherr_geometry::{
    Angle, CONTACT_TOLERANCE, Circle, Contact, OrientedRect, Point, Polygon, Shape, Vector,
    contains_partly, contains_point, contains_wholly, distance, distance_point_shape, overlaps,
    segment_intervals, sweep_intervals, touching,
};
use proptest::prelude::*;

use crate::common::{circle, pt, rect};

fn coord() -> impl Strategy<Value = f64> {
    -15.0..15.0f64
}

fn arb_point() -> impl Strategy<Value = Point> {
    (coord(), coord()).prop_map(|(x, y)| Point::new(x, y))
}

fn arb_angle() -> impl Strategy<Value = Angle> {
    (0.0..360.0f64).prop_map(|d| Angle::from_degrees(d).unwrap())
}

fn arb_circle() -> impl Strategy<Value = Shape> {
    (arb_point(), 0.1..6.0f64).prop_map(|(c, r)| Shape::from(Circle::new(c, r).unwrap()))
}

fn arb_rect() -> impl Strategy<Value = Shape> {
    (arb_point(), 0.1..8.0f64, 0.1..8.0f64, arb_angle())
        .prop_map(|(c, w, l, f)| Shape::from(OrientedRect::new(c, w, l, f).unwrap()))
}

/// Star-shaped polygons (often concave): vertices at increasing angles
/// around a centre, at random radii.
fn arb_polygon() -> impl Strategy<Value = Shape> {
    (
        arb_point(),
        prop::collection::vec((0.5..6.0f64, 0.0..1.0f64), 3..8),
        any::<bool>(),
    )
        .prop_filter_map("degenerate polygon", |(c, spec, clockwise)| {
            let n = spec.len() as f64;
            let mut vertices: Vec<Point> = spec
                .iter()
                .enumerate()
                .map(|(i, &(r, jitter))| {
                    let a = (i as f64 + 0.8 * jitter) / n * std::f64::consts::TAU;
                    Point::new(c.x + r * a.cos(), c.y + r * a.sin())
                })
                .collect();
            if clockwise {
                vertices.reverse();
            }
            Polygon::new(vertices).ok().map(Shape::from)
        })
}

fn arb_shape() -> impl Strategy<Value = Shape> {
    prop_oneof![arb_circle(), arb_rect(), arb_polygon()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn distance_is_symmetric(a in arb_shape(), b in arb_shape()) {
        assert_abs_diff_eq!(distance(&a, &b), distance(&b, &a), epsilon = 1e-9);
        prop_assert_eq!(touching(&a, &b), touching(&b, &a));
    }

    #[test]
    fn distance_is_invariant_under_translation(
        a in arb_shape(), b in arb_shape(), dx in -100.0..100.0f64, dy in -100.0..100.0f64,
    ) {
        let v = Vector::new(dx, dy);
        assert_abs_diff_eq!(
            distance(&a.translate(v), &b.translate(v)), distance(&a, &b), epsilon = 1e-7
        );
    }

    #[test]
    fn distance_is_invariant_under_rotation(
        a in arb_shape(), b in arb_shape(), pivot in arb_point(), angle in arb_angle(),
    ) {
        assert_abs_diff_eq!(
            distance(&a.rotate_about(pivot, angle), &b.rotate_about(pivot, angle)),
            distance(&a, &b),
            epsilon = 1e-7
        );
    }

    #[test]
    fn contact_agrees_with_distance(a in arb_shape(), b in arb_shape()) {
        let d = distance(&a, &b);
        prop_assert!(d >= 0.0);
        prop_assert_eq!(touching(&a, &b), d <= CONTACT_TOLERANCE);
        if overlaps(&a, &b) {
            prop_assert!(d == 0.0);
            prop_assert!(touching(&a, &b));
            prop_assert!(overlaps(&b, &a));
        }
        if d == 0.0 {
            prop_assert!(touching(&a, &b));
        }
    }

    #[test]
    fn circle_overlap_matches_closed_form(
        c1 in arb_point(), r1 in 0.1..5.0f64, c2 in arb_point(), r2 in 0.1..5.0f64,
    ) {
        // Two discs share a disc of diameter `depth` exactly when they
        // interpenetrate by `depth` (capped by the smaller diameter).
        let depth = (r1 + r2 - c1.distance_to(c2)).min(2.0 * r1.min(r2));
        prop_assume!((depth - CONTACT_TOLERANCE).abs() > 1e-6);
        let a = circle(c1.x, c1.y, r1);
        let b = circle(c2.x, c2.y, r2);
        prop_assert_eq!(overlaps(&a, &b), depth > CONTACT_TOLERANCE);
    }

    #[test]
    fn rect_overlap_matches_closed_form(
        c in arb_point(), w1 in 0.1..6.0f64, l1 in 0.1..6.0f64,
        dx in -6.0..6.0f64, dy in -6.0..6.0f64, w2 in 0.1..6.0f64, l2 in 0.1..6.0f64,
        facing in arb_angle(),
    ) {
        // Two rectangles with the same facing share a rectangle; it holds a
        // disc of its smaller side.
        let a = OrientedRect::new(c, w1, l1, facing).unwrap();
        let offset = facing.direction().scale(dx) + facing.direction().perp().scale(dy);
        let b = OrientedRect::new(c + offset, w2, l2, facing).unwrap();
        let along = ((l1 + l2) / 2.0 - dx.abs()).min(l1.min(l2));
        let across = ((w1 + w2) / 2.0 - dy.abs()).min(w1.min(w2));
        let shared = along.min(across);
        prop_assume!((shared - CONTACT_TOLERANCE).abs() > 1e-6);
        prop_assert_eq!(overlaps(&Shape::from(a), &Shape::from(b)), shared > CONTACT_TOLERANCE);
    }

    #[test]
    fn wholly_implies_partly(
        outer in arb_shape(), dx in -3.0..3.0f64, dy in -3.0..3.0f64, r in 0.0..2.5f64,
        other in arb_shape(),
    ) {
        let c = outer.centroid();
        let inner = circle(c.x + dx, c.y + dy, r);
        for inner in [inner, other] {
            if contains_wholly(&outer, &inner) {
                prop_assert!(contains_partly(&outer, &inner));
            }
            if contains_partly(&outer, &inner) {
                prop_assert!(touching(&outer, &inner));
            }
        }
    }

    #[test]
    fn circle_containment_matches_closed_form(
        c1 in arb_point(), r1 in 0.1..8.0f64, c2 in arb_point(), r2 in 0.0..4.0f64,
    ) {
        let stick_out = c1.distance_to(c2) + r2 - r1;
        prop_assume!((stick_out - CONTACT_TOLERANCE).abs() > 1e-6);
        let outer = circle(c1.x, c1.y, r1);
        let inner = circle(c2.x, c2.y, r2);
        prop_assert_eq!(contains_wholly(&outer, &inner), stick_out <= CONTACT_TOLERANCE);
    }

    #[test]
    fn point_containment_agrees_with_distance(shape in arb_shape(), p in arb_point()) {
        let d = distance_point_shape(p, &shape);
        prop_assert_eq!(contains_point(&shape, p), d == 0.0);
        // A point is a zero-radius circle.
        let dot = circle(p.x, p.y, 0.0);
        assert_abs_diff_eq!(distance(&dot, &shape), d, epsilon = 1e-9);
    }

    #[test]
    fn segment_intervals_agree_with_containment(
        shape in arb_shape(), a in arb_point(), b in arb_point(), t in 0.0..1.0f64,
    ) {
        let seg = feldherr_geometry::Segment::new(a, b).unwrap();
        let s = t * seg.length();
        let p = seg.point_at(s);
        prop_assume!((shape.distance_to_point(p) - 0.0).abs() > 1e-6 || shape.contains_point(p));
        let intervals = segment_intervals(&seg, &shape);
        let inside = intervals.iter().any(|iv| iv.enter - 1e-9 <= s && s <= iv.leave + 1e-9);
        // Away from the boundary the intervals decide containment exactly.
        let depth_ok = shape.distance_to_point(p) > 1e-6 || shape.contains_point(p);
        if depth_ok {
            prop_assert_eq!(inside, shape.contains_point(p), "{:?}", intervals);
        }
    }

    #[test]
    fn sweep_intervals_agree_with_contact(
        moving in arb_shape(), other in arb_shape(), heading in arb_angle(),
        travel in 0.0..30.0f64, t in 0.0..1.0f64,
    ) {
        let s = t * travel;
        let moved = moving.translate(heading.direction().scale(s));
        let d = distance(&moved, &other);
        let touching_now = sweep_intervals(&moving, heading, travel, &other, Contact::Touching)
            .unwrap()
            .iter()
            .any(|iv| iv.contains(s));
        prop_assume!((d - CONTACT_TOLERANCE).abs() > 1e-6);
        prop_assert_eq!(touching_now, d <= CONTACT_TOLERANCE);
        let overlapping_now =
            sweep_intervals(&moving, heading, travel, &other, Contact::Overlapping)
                .unwrap()
                .iter()
                .any(|iv| iv.contains(s));
        // Only compare away from the overlap threshold: check the overlap
        // does not change when the shape moves a hair either way.
        let nudge = heading.direction().scale(1e-6);
        let stable = overlaps(&moved.translate(nudge), &other)
            == overlaps(&moved.translate(-nudge), &other);
        if stable {
            prop_assert_eq!(overlapping_now, overlaps(&moved, &other));
        }
    }
}

#[test]
fn polygon_strategy_makes_valid_shapes() {
    // Smoke test for the builders used above.
    assert!(distance(&rect(0.0, 0.0, 1.0, 1.0, 0.0), &circle(5.0, 0.0, 1.0)) > 0.0);
    assert_eq!(pt(1.0, 2.0), Point::new(1.0, 2.0));
}
