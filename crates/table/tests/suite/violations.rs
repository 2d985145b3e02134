//! Placement violations (Warmaster ruling W1) by piece id and name.

use approx::assert_abs_diff_eq;
use feldherr_table::geometry::TableEdge;
use feldherr_table::{Against, Layer, Piece, Table, TableEdit, TableRules, Violation};
use serde::Deserialize;

use crate::common::{circle, fixture, pt, terrain};

#[derive(Deserialize)]
struct Expected {
    #[serde(flatten)]
    violation: Violation,
    text: String,
}

#[derive(Deserialize)]
struct Fixture {
    table: Table,
    expected: Vec<Expected>,
}

/// Checks that `table` under `rules` breaks exactly the `expected` rules.
fn check(table: &Table, rules: &TableRules, expected: &[Expected]) {
    let found = table.violations(rules);
    assert_eq!(found.len(), expected.len(), "{found:#?}");
    for (v, e) in found.iter().zip(expected) {
        let want = &e.violation;
        assert_eq!(
            (v.piece, &v.name, &v.against, v.unit),
            (want.piece, &want.name, &want.against, want.unit)
        );
        assert_abs_diff_eq!(v.distance, want.distance, epsilon = 1e-9);
        assert_abs_diff_eq!(v.required, want.required, epsilon = 1e-12);
        assert_eq!(v.to_string(), e.text);
        assert_eq!(v.explanation(), e.text);
    }
}

#[test]
fn w1_fixture() {
    let Fixture { table, expected } = fixture("w1_violations.json");
    check(&table, &TableRules::warmaster(), &expected);
}

/// One wood of radius 10 whose centre is `gap + 10` from the left edge.
fn wood_from_left(gap: f64) -> Table {
    let mut table = Table::warmaster();
    table
        .add(terrain(1, "Wood", "wood", circle(10.0 + gap, 60.0, 10.0)))
        .unwrap();
    table
}

#[test]
fn edge_at_9_9_and_10_1_cm() {
    let rules = TableRules::warmaster();
    let v = wood_from_left(9.9).violations(&rules);
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].against, Against::Edge(TableEdge::Left));
    assert_abs_diff_eq!(v[0].distance, 9.9, epsilon = 1e-9);
    assert_eq!(v[0].piece_ids(), [1]);
    assert!(!v[0].is_off_table());
    assert!(wood_from_left(10.1).violations(&rules).is_empty());
    assert!(wood_from_left(10.0).violations(&rules).is_empty());
}

/// Two woods of radius 10, `gap` apart edge to edge, mid-table.
fn two_woods(gap: f64) -> Table {
    let mut table = Table::warmaster();
    table
        .add(terrain(1, "North", "wood", circle(60.0, 60.0, 10.0)))
        .unwrap();
    table
        .add(terrain(2, "South", "wood", circle(80.0 + gap, 60.0, 10.0)))
        .unwrap();
    table
}

#[test]
fn between_pieces_at_11_9_and_12_1_cm() {
    let rules = TableRules::warmaster();
    let v = two_woods(11.9).violations(&rules);
    assert_eq!(v.len(), 1);
    assert_eq!(
        v[0].against,
        Against::Piece {
            id: 2,
            name: "South".into()
        }
    );
    assert_eq!(v[0].piece_ids(), [1, 2]);
    assert_abs_diff_eq!(v[0].distance, 11.9, epsilon = 1e-9);
    assert!(two_woods(12.1).violations(&rules).is_empty());
    assert!(two_woods(12.0).violations(&rules).is_empty());
}

#[test]
fn only_governed_layers_count() {
    let rules = TableRules::warmaster();
    let mut table = two_woods(1.0);
    // Make the second wood an objective marker: no longer governed.
    table
        .apply(TableEdit::SetKind {
            id: 2,
            kind: "objective".into(),
            layer: Layer::Marker,
        })
        .unwrap();
    assert!(table.violations(&rules).is_empty());
    // Rules may govern markers too.
    let mut strict = rules.clone();
    strict.placement_layers.push(Layer::Marker);
    assert_eq!(table.violations(&strict).len(), 1);
    // Models never unless asked; no placement rule, no violations.
    table
        .add(Piece::new(
            3,
            "Stand",
            "unit_stand",
            Layer::Model,
            circle(1.0, 1.0, 1.0),
        ))
        .unwrap();
    assert_eq!(table.violations(&strict).len(), 1);
    assert!(table.violations(&TableRules::wfb_sled_race()).is_empty());
    assert!(table.violations(&TableRules::confrontation()).is_empty());
}

#[test]
fn off_the_table() {
    let mut table = Table::warmaster();
    table
        .add(terrain(
            9,
            "Lake",
            "lake",
            circle(pt(0.0, 0.0).x + 2.0, 60.0, 5.0),
        ))
        .unwrap();
    let v = table.violations(&TableRules::warmaster());
    assert_eq!(v.len(), 1);
    assert!(v[0].is_off_table());
    assert_eq!(
        v[0].to_string(),
        "\"Lake\" sticks out 3 cm over the left table edge; it must be on the table and at least 10 cm from that edge"
    );
}
