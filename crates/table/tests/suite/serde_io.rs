//! JSON round trips; deserialising validates.

use feldherr_table::geometry::Unit;
use feldherr_table::{PieceSize, Table, TableEdit, TableRules};

use crate::common::{deg, fixture, pt};

#[test]
fn table_round_trip() {
    let fixture: serde_json::Value = fixture("w1_violations.json");
    let table: Table = serde_json::from_value(fixture["table"].clone()).unwrap();
    assert_eq!(table.pieces().len(), 10);
    let json = serde_json::to_string_pretty(&table).unwrap();
    let back: Table = serde_json::from_str(&json).unwrap();
    assert_eq!(back, table);
}

#[test]
fn rules_and_edits_round_trip() {
    for rules in [
        crate::example_rules::warmaster(),
        crate::example_rules::wfb_sled_race(),
        crate::example_rules::confrontation(),
    ] {
        let json = serde_json::to_string(&rules).unwrap();
        let back: TableRules = serde_json::from_str(&json).unwrap();
        assert_eq!(back, rules);
        // Every type builds a piece on its default table.
        let table = rules.default_table();
        assert_eq!(table.unit(), rules.unit);
        for (i, t) in rules.types.iter().enumerate() {
            let piece = t.piece(
                i as u64 + 1,
                &t.label,
                pt(table.width() / 2.0, table.depth() / 2.0),
            );
            assert!(piece.is_ok(), "{}: {piece:?}", t.id);
            assert!(
                t.label_key
                    .as_deref()
                    .is_some_and(|k| k.starts_with("canvas.type."))
            );
        }
    }
    let edits = vec![
        TableEdit::Move {
            id: 1,
            to: pt(1.0, 2.0),
        },
        TableEdit::Rotate {
            id: 1,
            facing: deg(30.0),
        },
        TableEdit::Resize {
            id: 1,
            size: PieceSize::Rect {
                width: 1.0,
                length: 2.0,
            },
        },
        TableEdit::Delete { id: 1 },
        TableEdit::SetTableSize {
            width: 48.0,
            depth: 48.0,
        },
    ];
    let json = serde_json::to_string(&edits).unwrap();
    assert!(json.contains(r#""edit":"move""#), "{json}");
    let back: Vec<TableEdit> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, edits);
}

#[test]
fn invalid_json_is_refused() {
    let bad_size = r#"{ "width": -1.0, "depth": 48.0, "unit": "Inch" }"#;
    let e = serde_json::from_str::<Table>(bad_size).unwrap_err();
    assert!(
        e.to_string()
            .contains("`width` must be greater than zero, got -1"),
        "{e}"
    );
    let twice = r#"{ "width": 72.0, "depth": 48.0, "unit": "Inch", "pieces": [
        { "id": 1, "name": "A", "kind": "hill", "layer": "terrain",
          "shape": { "kind": "circle", "center": { "x": 1.0, "y": 1.0 }, "radius": 1.0 } },
        { "id": 1, "name": "B", "kind": "hill", "layer": "terrain",
          "shape": { "kind": "circle", "center": { "x": 5.0, "y": 1.0 }, "radius": 1.0 } } ] }"#;
    let e = serde_json::from_str::<Table>(twice).unwrap_err();
    assert!(e.to_string().contains("piece id 1 is already used"), "{e}");
    let empty: Table =
        serde_json::from_str(r#"{ "width": 36, "depth": 36, "unit": "Inch" }"#).unwrap();
    assert_eq!(empty, crate::example_rules::warheim_table());
    assert_eq!(empty.unit(), Unit::Inch);
}
