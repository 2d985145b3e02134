//! Edits, good and bad, from `fixtures/table/edits.json` and by hand.

use approx::assert_abs_diff_eq;
use feldherr_table::geometry::{Point, Shape, Unit};
use feldherr_table::{Piece, PieceSize, Table, TableEdit, TableError};
use serde::Deserialize;

use crate::common::{circle, deg, fixture, pt, rect, terrain};

#[derive(Deserialize)]
struct Fixture {
    table: Table,
    steps: Vec<Step>,
}

/// One edit and what must hold after it; unset fields are not checked.
#[derive(Deserialize)]
struct Step {
    edit: TableEdit,
    error: Option<String>,
    piece: Option<u64>,
    count: Option<usize>,
    center: Option<Point>,
    facing: Option<f64>,
    radius: Option<f64>,
    width: Option<f64>,
    length: Option<f64>,
    area: Option<f64>,
    name: Option<String>,
    kind: Option<String>,
    first_vertex: Option<Point>,
    table_size: Option<[f64; 2]>,
}

/// Applies `step` to `table` and checks it.
fn check(table: &mut Table, step: Step, index: usize) {
    let before = table.clone();
    let result = table.apply(step.edit.clone());
    let at = format!("step {index}: {:?}", step.edit);
    if let Some(expected) = &step.error {
        let error = result.expect_err(&at);
        assert_eq!(&error.to_string(), expected, "{at}");
        assert_eq!(*table, before, "{at}: a refused edit changes nothing");
        return;
    }
    result.unwrap_or_else(|e| panic!("{at}: {e}"));
    if let Some(count) = step.count {
        assert_eq!(table.pieces().len(), count, "{at}");
    }
    if let Some([w, d]) = step.table_size {
        assert_eq!((table.width(), table.depth()), (w, d), "{at}");
    }
    let Some(id) = step.piece else { return };
    let piece = table
        .piece(id)
        .unwrap_or_else(|| panic!("{at}: no piece {id}"));
    if let Some(c) = step.center {
        assert_abs_diff_eq!(piece.center().x, c.x, epsilon = 1e-9);
        assert_abs_diff_eq!(piece.center().y, c.y, epsilon = 1e-9);
    }
    if let Some(f) = step.facing {
        let facing = piece.facing_angle().expect("a facing");
        assert_abs_diff_eq!(facing.degrees(), f, epsilon = 1e-9);
    }
    if let Some(r) = step.radius {
        let Shape::Circle(c) = &piece.shape else {
            panic!("{at}: not a circle")
        };
        assert_abs_diff_eq!(c.radius(), r, epsilon = 1e-12);
    }
    if let (Some(w), Some(l)) = (step.width, step.length) {
        let Shape::Rect(r) = &piece.shape else {
            panic!("{at}: not a rectangle")
        };
        assert_abs_diff_eq!(r.width(), w, epsilon = 1e-12);
        assert_abs_diff_eq!(r.length(), l, epsilon = 1e-12);
    }
    if let Some(a) = step.area {
        assert_abs_diff_eq!(piece.shape.area(), a, epsilon = 1e-9);
    }
    if let Some(v) = step.first_vertex {
        let Shape::Polygon(p) = &piece.shape else {
            panic!("{at}: not a polygon")
        };
        assert_abs_diff_eq!(p.vertices()[0].x, v.x, epsilon = 1e-9);
        assert_abs_diff_eq!(p.vertices()[0].y, v.y, epsilon = 1e-9);
    }
    if let Some(name) = &step.name {
        assert_eq!(&piece.name, name, "{at}");
    }
    if let Some(kind) = &step.kind {
        assert_eq!(&piece.kind, kind, "{at}");
    }
}

#[test]
fn fixture_edits() {
    let Fixture { mut table, steps } = fixture("edits.json");
    assert!(!steps.is_empty());
    for (i, step) in steps.into_iter().enumerate() {
        check(&mut table, step, i);
    }
}

#[test]
fn non_finite_values_are_named() {
    let mut table = Table::six_by_four();
    table
        .add(terrain(1, "Hill", "hill", circle(10.0, 10.0, 3.0)))
        .unwrap();
    let before = table.clone();
    let cases = [
        (
            TableEdit::Move {
                id: 1,
                to: pt(f64::NAN, 3.0),
            },
            "`to.x` must be a finite number, got NaN",
        ),
        (
            TableEdit::Move {
                id: 1,
                to: pt(3.0, f64::INFINITY),
            },
            "`to.y` must be a finite number, got inf",
        ),
        (
            TableEdit::Resize {
                id: 1,
                size: PieceSize::Radius(f64::NAN),
            },
            "`radius` must be a finite number, got NaN",
        ),
        (
            TableEdit::SetTableSize {
                width: f64::NEG_INFINITY,
                depth: 4.0,
            },
            "`width` must be a finite number, got -inf",
        ),
    ];
    for (edit, message) in cases {
        let error = table.apply(edit).unwrap_err();
        assert_eq!(error.to_string(), message);
        assert_eq!(table, before);
    }
}

#[test]
fn tables_are_validated() {
    assert_eq!(
        Table::new(0.0, 48.0, Unit::Inch).unwrap_err(),
        TableError::NotPositive {
            field: "width".into(),
            value: 0.0
        }
    );
    assert!(matches!(
        Table::new(72.0, f64::NAN, Unit::Inch),
        Err(TableError::NotFinite { ref field, .. }) if field == "depth"
    ));
    let twice = vec![
        terrain(4, "A", "hill", circle(10.0, 10.0, 1.0)),
        terrain(4, "B", "hill", circle(20.0, 10.0, 1.0)),
    ];
    assert_eq!(
        Table::with_pieces(72.0, 48.0, Unit::Inch, twice).unwrap_err(),
        TableError::DuplicateId { id: 4 }
    );
}

#[test]
fn default_sizes_follow_g2() {
    let sizes = [
        (Table::six_by_four(), 72.0, 48.0, Unit::Inch),
        (
            crate::example_rules::warmaster_table(),
            180.0,
            120.0,
            Unit::Centimetre,
        ),
        (
            crate::example_rules::warheim_table(),
            36.0,
            36.0,
            Unit::Inch,
        ),
        (
            crate::example_rules::confrontation_table(),
            120.0,
            120.0,
            Unit::Centimetre,
        ),
    ];
    for (table, w, d, unit) in sizes {
        assert_eq!((table.width(), table.depth(), table.unit()), (w, d, unit));
        assert!(table.pieces().is_empty());
    }
    assert_eq!(Table::six_by_four().grid_step(), 6.0);
    assert_eq!(crate::example_rules::warmaster_table().grid_step(), 10.0);
}

#[test]
fn ids_draw_order_and_hit_testing() {
    let mut table = Table::six_by_four();
    assert_eq!(table.next_id(), 1);
    let model = Piece::new(
        7,
        "Sled",
        "sled",
        feldherr_table::Layer::Model,
        rect(10.0, 10.0, 2.0, 4.0, 90.0),
    );
    table.add(model).unwrap();
    table
        .add(terrain(2, "Wood", "wood", circle(10.0, 10.0, 5.0)))
        .unwrap();
    assert_eq!(table.next_id(), 8);
    let order: Vec<u64> = table.draw_order().iter().map(|p| p.id).collect();
    assert_eq!(order, [2, 7], "terrain under models");
    assert_eq!(table.piece_at(pt(10.0, 10.5)).map(|p| p.id), Some(7));
    assert_eq!(table.piece_at(pt(13.0, 10.0)).map(|p| p.id), Some(2));
    assert!(table.piece_at(pt(30.0, 30.0)).is_none());
}

#[test]
fn rotating_a_circle_records_its_facing_only() {
    let mut table = Table::six_by_four();
    let shape = circle(5.0, 5.0, 1.0);
    table
        .add(Piece::new(
            1,
            "Char",
            "character",
            feldherr_table::Layer::Model,
            shape.clone(),
        ))
        .unwrap();
    table
        .apply(TableEdit::Rotate {
            id: 1,
            facing: deg(135.0),
        })
        .unwrap();
    let piece = table.piece(1).unwrap();
    assert_eq!(piece.shape, shape);
    assert_eq!(piece.facing_angle(), Some(deg(135.0)));
}

#[test]
fn templates_build_pieces() {
    let rules = crate::example_rules::warmaster();
    let stand = rules.type_def("unit_stand").unwrap();
    let piece = stand.piece(5, "Spearmen", pt(50.0, 20.0)).unwrap();
    assert_eq!(piece.layer, feldherr_table::Layer::Model);
    assert_eq!(piece.facing_angle(), Some(deg(90.0)));
    let Shape::Rect(r) = &piece.shape else {
        panic!("a stand is a rectangle")
    };
    assert_eq!((r.width(), r.length()), (4.0, 2.0));
    let hill = rules.type_def("hill").unwrap();
    for kind in feldherr_table::ShapeKind::ALL {
        let shape = hill
            .shape
            .as_kind(kind)
            .at(pt(90.0, 60.0), deg(0.0))
            .unwrap();
        assert_eq!(feldherr_table::ShapeKind::of(&shape), kind);
    }
    assert!(matches!(
        hill.shape.at(pt(f64::NAN, 1.0), deg(0.0)),
        Err(TableError::NotFinite { .. })
    ));
}

/// Issue #28 (P38): a table side beyond `MAX_TABLE_SIDE` (1e308 loaded
/// and then no sheet could draw the table) is refused when the table is
/// made, resized or loaded, naming the field and the value; the largest
/// side itself is a table.
#[test]
fn a_table_side_beyond_the_largest_is_refused_when_made_resized_or_loaded() {
    use feldherr_table::MAX_TABLE_SIDE;
    assert!(Table::new(MAX_TABLE_SIDE, MAX_TABLE_SIDE, Unit::Inch).is_ok());
    assert_eq!(
        Table::new(1e308, 48.0, Unit::Inch).unwrap_err(),
        TableError::TooLarge {
            field: "width".into(),
            value: 1e308
        }
    );
    let mut table = Table::new(72.0, 48.0, Unit::Inch).expect("table");
    let before = table.clone();
    let error = table
        .apply(TableEdit::SetTableSize {
            width: 72.0,
            depth: 1_000_001.0,
        })
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "`depth` must be at most 1000000 (a table side), got 1.000001e6"
    );
    assert_eq!(table, before);
    let error = serde_json::from_str::<Table>(r#"{"width":1e308,"depth":48,"unit":"Inch"}"#)
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("`width` must be at most 1000000 (a table side), got 1e308"),
        "{error}"
    );
}
