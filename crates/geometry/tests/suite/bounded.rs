//! Issue 16, bounded work: the polygon check is a sort-and-sweep, and the
//! vertex count is capped with a refusal naming the count and the cap.

use std::f64::consts::TAU;

use feldherr_geometry::{GeometryError, MAX_POLYGON_VERTICES, Point, Polygon};

/// A star outline with `n` vertices, alternately on radius 10 and 9: every
/// edge's x range overlaps many others, and it is simple.
fn star(n: usize) -> Vec<Point> {
    (0..n)
        .map(|k| {
            let r = if k % 2 == 0 { 10.0 } else { 9.0 };
            let a = TAU * k as f64 / n as f64;
            Point::new(r * a.cos(), r * a.sin())
        })
        .collect()
}

#[test]
fn a_polygon_at_the_vertex_cap_is_accepted() {
    let Ok(polygon) = Polygon::new(star(MAX_POLYGON_VERTICES)) else {
        panic!("the star was refused");
    };
    assert_eq!(polygon.vertex_count(), MAX_POLYGON_VERTICES);
}

#[test]
fn a_big_self_intersecting_polygon_names_the_first_crossing() {
    let mut vertices = star(MAX_POLYGON_VERTICES);
    // Vertex 5000 (at the far left) pulled out past the far right: its two
    // edges cut across the whole outline.
    vertices[5000] = Point::new(20.0, 0.001);
    let Err(err) = Polygon::new(vertices) else {
        panic!("a crossing outline was accepted");
    };
    assert_eq!(
        err,
        GeometryError::SelfIntersecting {
            field: "vertices".into(),
            first_edge: 0,
            second_edge: 4999,
        }
    );
}

/// The 100,000-vertex polygon (50 s in `check` before) is refused
/// at once, naming the count and the cap.
#[test]
fn a_polygon_over_the_cap_is_refused_naming_count_and_cap() {
    for n in [MAX_POLYGON_VERTICES + 1, 100_000] {
        let Err(err) = Polygon::new(star(n)) else {
            panic!("{n} vertices were accepted");
        };
        assert_eq!(
            err,
            GeometryError::TooManyPoints {
                field: "vertices".into(),
                count: n,
                maximum: MAX_POLYGON_VERTICES,
            }
        );
        let message = err.to_string();
        assert!(message.contains(&n.to_string()), "{message}");
        assert!(message.contains("at most 10000"), "{message}");
    }
}

/// Loading goes through the same check: a saved polygon over the cap is a
/// load error, not minutes of work.
#[test]
fn loading_a_polygon_over_the_cap_is_refused() {
    let points: Vec<String> = star(MAX_POLYGON_VERTICES + 1)
        .iter()
        .map(|p| format!("{{\"x\":{},\"y\":{}}}", p.x, p.y))
        .collect();
    let json = format!("{{\"vertices\":[{}]}}", points.join(","));
    let err = serde_json::from_str::<Polygon>(&json).unwrap_err();
    assert!(err.to_string().contains("at most 10000"), "{err}");
}
