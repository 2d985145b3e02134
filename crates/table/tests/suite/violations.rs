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
    check(&table, &crate::example_rules::warmaster(), &expected);
}

/// One wood of radius 10 whose centre is `gap + 10` from the left edge.
fn wood_from_left(gap: f64) -> Table {
    let mut table = crate::example_rules::warmaster_table();
    table
        .add(terrain(1, "Wood", "wood", circle(10.0 + gap, 60.0, 10.0)))
        .unwrap();
    table
}

#[test]
fn edge_at_9_9_and_10_1_cm() {
    let rules = crate::example_rules::warmaster();
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
    let mut table = crate::example_rules::warmaster_table();
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
    let rules = crate::example_rules::warmaster();
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
    let rules = crate::example_rules::warmaster();
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
    assert!(
        table
            .violations(&crate::example_rules::wfb_sled_race())
            .is_empty()
    );
    assert!(
        table
            .violations(&crate::example_rules::confrontation())
            .is_empty()
    );
}

#[test]
fn off_the_table() {
    let mut table = crate::example_rules::warmaster_table();
    table
        .add(terrain(
            9,
            "Lake",
            "lake",
            circle(pt(0.0, 0.0).x + 2.0, 60.0, 5.0),
        ))
        .unwrap();
    let v = table.violations(&crate::example_rules::warmaster());
    assert_eq!(v.len(), 1);
    assert!(v[0].is_off_table());
    assert_eq!(
        v[0].to_string(),
        "\"Lake\" sticks out 3 cm over the left table edge; it must be on the table and at least 10 cm from that edge"
    );
}

/// Issue 16, bounded work: `n` terrain circles of radius 0.4 cm on a grid
/// of 1 cm, 100 to a row, starting 20 cm in from the left and bottom edges.
fn crowded(n: usize) -> Table {
    let pieces = (0..n).map(|k| {
        let (col, row) = ((k % 100) as f64, (k / 100) as f64);
        terrain(
            k as u64 + 1,
            &format!("Rock {k}"),
            "rock",
            circle(20.0 + col, 20.0 + row, 0.4),
        )
    });
    let mut table = crate::example_rules::warmaster_table();
    for piece in pieces {
        table.add(piece).unwrap();
    }
    table
}

/// 5,000 Warmaster pieces (the 101 MB of text): the capped list
/// keeps the first 100 in report order and counts the rest exactly.
#[test]
fn five_thousand_pieces_give_a_capped_list_and_an_exact_count() {
    let table = crowded(5_000);
    let rules = crate::example_rules::warmaster();
    let (kept, more) = table.violations_capped(&rules, 100);
    assert_eq!(kept.len(), 100);
    // Independent count: two rocks break W1 (12 cm) when their centres are
    // less than 12.8 cm apart, that is dx² + dy² <= 163 in whole cm.
    let mut pairs = 0;
    for a in 0..5_000i64 {
        for b in a + 1..5_000 {
            let (dx, dy) = (a % 100 - b % 100, a / 100 - b / 100);
            if dx * dx + dy * dy <= 163 {
                pairs += 1;
            }
        }
    }
    assert_eq!(kept.len() + more, pairs);
    // The first piece's neighbours come first, in index order.
    assert!(kept.iter().all(|v| v.piece == 1), "{:?}", kept.last());
    let others: Vec<u64> = kept
        .iter()
        .map(|v| match v.against {
            Against::Piece { id, .. } => id,
            Against::Edge(_) => 0,
        })
        .collect();
    assert!(others.windows(2).all(|w| w[0] < w[1]), "{others:?}");
    assert_eq!(
        feldherr_table::more_violations(more).unwrap(),
        format!("… and {more} more placement problems")
    );
    assert_eq!(feldherr_table::more_violations(0), None);
    assert_eq!(
        feldherr_table::more_violations(1).unwrap(),
        "… and 1 more placement problem"
    );
}

/// The sort-and-sweep finds exactly what measuring every pair finds, in the
/// same order, on scattered pieces of every shape, some off the table; and
/// a capped list is a prefix of the full one.
#[test]
fn capped_violations_match_an_all_pairs_reference() {
    use feldherr_table::geometry::{GEOMETRIC_EPSILON, distance};
    let mut state: u64 = 42;
    let mut next = |m: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % m
    };
    let mut table = crate::example_rules::warmaster_table();
    for k in 0..300u64 {
        let (x, y) = (next(200) as f64 - 10.0, next(140) as f64 - 10.0);
        let shape = match k % 3 {
            0 => circle(x, y, 1.0 + next(8) as f64),
            1 => crate::common::rect(x, y, 2.0 + next(10) as f64, 3.0, next(360) as f64),
            _ => crate::common::poly(&[(x, y), (x + 9.0, y + 1.0), (x + 2.0, y + 7.0)]),
        };
        table
            .add(terrain(k + 1, &format!("T{k}"), "hill", shape))
            .unwrap();
    }
    let rules = crate::example_rules::warmaster();
    let full = table.violations(&rules);
    // The reference: every pair measured.
    let surface = table.surface().unwrap();
    let pieces = table.pieces();
    let mut reference = Vec::new();
    for (i, p) in pieces.iter().enumerate() {
        for (edge, d) in surface.edge_distances(&p.shape) {
            if d < 10.0 - GEOMETRIC_EPSILON {
                reference.push((p.id, Against::Edge(edge), d));
            }
        }
        for q in &pieces[i + 1..] {
            let d = distance(&p.shape, &q.shape);
            if d < 12.0 - GEOMETRIC_EPSILON {
                let against = Against::Piece {
                    id: q.id,
                    name: q.name.clone(),
                };
                reference.push((p.id, against, d));
            }
        }
    }
    let found: Vec<_> = full
        .iter()
        .map(|v| (v.piece, v.against.clone(), v.distance))
        .collect();
    assert!(reference.len() > 200, "{}", reference.len());
    assert_eq!(found, reference);
    for limit in [0, 1, 7, 100, reference.len(), reference.len() + 5] {
        let (kept, more) = table.violations_capped(&rules, limit);
        assert_eq!(kept.as_slice(), &full[..limit.min(full.len())]);
        assert_eq!(more, full.len().saturating_sub(limit));
    }
}
