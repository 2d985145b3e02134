//! Terrain placement (clearances as Warmaster's terrain uses them) and table edges.

use approx::assert_abs_diff_eq;
use feldherr_geometry::{
    PlacementAgainst, PlacementRules, PlacementViolation, Shape, Table, TableEdge, check_placement,
};
use serde::Deserialize;

use crate::common::{circle, rect};

fn table() -> Table {
    Table::new(180.0, 120.0).unwrap()
}

/// Checks the violations for `pieces` under 10 cm edge and 12 cm piece clearances: `(piece, against, distance)`.
fn check(pieces: &[Shape], expected: &[(usize, PlacementAgainst, f64)]) {
    let found = check_placement(&table(), pieces, &PlacementRules::new(10.0, 12.0).unwrap());
    assert_eq!(found.len(), expected.len(), "{found:#?}");
    for (v, &(piece, against, distance)) in found.iter().zip(expected) {
        assert_eq!(v.piece, piece);
        assert_eq!(v.against, against);
        assert_abs_diff_eq!(v.distance, distance, epsilon = 1e-9);
    }
}

#[test]
fn distance_to_an_edge() {
    check(
        &[circle(14.9, 60.0, 5.0)],
        &[(0, PlacementAgainst::Edge(TableEdge::Left), 9.9)],
    );
    check(&[circle(15.1, 60.0, 5.0)], &[]);
    check(&[circle(15.0, 60.0, 5.0)], &[]);
    check(
        &[circle(165.1, 60.0, 5.0)],
        &[(0, PlacementAgainst::Edge(TableEdge::Right), 9.9)],
    );
    check(&[circle(164.9, 60.0, 5.0)], &[]);
    check(
        &[circle(60.0, 14.9, 5.0)],
        &[(0, PlacementAgainst::Edge(TableEdge::Bottom), 9.9)],
    );
    check(
        &[circle(60.0, 105.1, 5.0)],
        &[(0, PlacementAgainst::Edge(TableEdge::Top), 9.9)],
    );
    check(&[circle(60.0, 104.9, 5.0)], &[]);
    // A rectangle turned 45 degrees is measured from its nearest corner.
    let diamond = rect(10.0 + 50f64.sqrt() + 0.1, 60.0, 10.0, 10.0, 45.0);
    check(&[diamond], &[]);
    let diamond = rect(10.0 + 50f64.sqrt() - 0.1, 60.0, 10.0, 10.0, 45.0);
    check(
        &[diamond],
        &[(0, PlacementAgainst::Edge(TableEdge::Left), 9.9)],
    );
}

#[test]
fn distance_between_pieces() {
    check(
        &[circle(60.0, 60.0, 5.0), circle(81.9, 60.0, 5.0)],
        &[(0, PlacementAgainst::Piece(1), 11.9)],
    );
    check(&[circle(60.0, 60.0, 5.0), circle(82.1, 60.0, 5.0)], &[]);
    check(
        &[
            rect(60.0, 60.0, 10.0, 20.0, 0.0),
            rect(91.9, 60.0, 10.0, 20.0, 0.0),
        ],
        &[(0, PlacementAgainst::Piece(1), 11.9)],
    );
    check(
        &[
            rect(60.0, 60.0, 10.0, 20.0, 0.0),
            rect(92.1, 60.0, 10.0, 20.0, 0.0),
        ],
        &[],
    );
    // Three pieces: each close pair reported once, under the lower index;
    // pieces 1 and 2 are sqrt(800) - 10 = 18.3 apart.
    check(
        &[
            circle(60.0, 60.0, 5.0),
            circle(80.0, 60.0, 5.0),
            circle(60.0, 80.0, 5.0),
        ],
        &[
            (0, PlacementAgainst::Piece(1), 10.0),
            (0, PlacementAgainst::Piece(2), 10.0),
        ],
    );
}

#[test]
fn partly_off_the_table() {
    let off = circle(3.0, 60.0, 5.0);
    check(
        std::slice::from_ref(&off),
        &[(0, PlacementAgainst::Edge(TableEdge::Left), -2.0)],
    );
    // Off the table is a violation even when no edge clearance is required.
    let lenient = PlacementRules::new(0.0, 0.0).unwrap();
    let found = check_placement(&table(), std::slice::from_ref(&off), &lenient);
    assert_eq!(found.len(), 1);
    assert!(found[0].is_off_table());
    let flush = circle(5.0, 60.0, 5.0);
    assert!(check_placement(&table(), std::slice::from_ref(&flush), &lenient).is_empty());
    assert!(table().contains_wholly(&flush));
    assert!(!table().contains_wholly(&off));
}

#[test]
fn edge_distances() {
    let t = table();
    let piece = rect(30.0, 20.0, 10.0, 20.0, 90.0);
    // Facing up: 10 wide in x (25..35), 20 long in y (10..30).
    let d = t.edge_distances(&piece);
    let expected = [
        (TableEdge::Left, 25.0),
        (TableEdge::Right, 145.0),
        (TableEdge::Bottom, 10.0),
        (TableEdge::Top, 90.0),
    ];
    for ((edge, dist), (e_edge, e_dist)) in d.into_iter().zip(expected) {
        assert_eq!(edge, e_edge);
        assert_abs_diff_eq!(dist, e_dist, epsilon = 1e-9);
    }
    assert_eq!(t.edge_segment(TableEdge::Top).length(), 180.0);
}

#[test]
fn violations_explain_themselves() {
    let edge = PlacementViolation {
        piece: 0,
        against: PlacementAgainst::Edge(TableEdge::Left),
        distance: 9.900_000_000_000_002,
        required: 10.0,
    };
    insta::assert_snapshot!(edge, @"piece 0 is 9.9 from the left table edge; at least 10 is required");
    let off = PlacementViolation {
        piece: 3,
        against: PlacementAgainst::Edge(TableEdge::Top),
        distance: -2.5,
        required: 10.0,
    };
    insta::assert_snapshot!(off, @"piece 3 sticks out 2.5 over the top table edge; it must be on the table and at least 10 from that edge");
    let pair = PlacementViolation {
        piece: 1,
        against: PlacementAgainst::Piece(4),
        distance: 11.9,
        required: 12.0,
    };
    insta::assert_snapshot!(pair, @"piece 1 is 11.9 from piece 4 (edge to edge); at least 12 is required");
}

#[derive(Deserialize)]
struct Fixture {
    table: Table,
    rules: PlacementRules,
    pieces: Vec<Shape>,
    expected: Vec<PlacementViolation>,
}

#[test]
fn w1_fixture() {
    let fixture: Fixture = serde_json::from_str(include_str!(
        "../../../../fixtures/geometry/w1_placement.json"
    ))
    .unwrap();
    let found = check_placement(&fixture.table, &fixture.pieces, &fixture.rules);
    assert_eq!(found.len(), fixture.expected.len(), "{found:#?}");
    for (v, e) in found.iter().zip(&fixture.expected) {
        assert_eq!((v.piece, v.against), (e.piece, e.against));
        assert_abs_diff_eq!(v.distance, e.distance, epsilon = 1e-9);
        assert_abs_diff_eq!(v.required, e.required);
    }
}
