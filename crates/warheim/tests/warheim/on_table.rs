//! Fighters on the table: placing links a piece, the line measures edge to
//! edge, facing from the target's base halves (PH4, PH12), zones and walls
//! crossed.

use feldherr_play::{Game, Id};
use feldherr_table::geometry::Point;
use feldherr_table::{Piece, TableEdit};
use feldherr_warheim::modifiers::{Facing, Terrain};
use feldherr_warheim::on_table::{FIGHTER, WALL_KIND, table_rules};
use feldherr_warheim::{Warheim, WarheimEdit};

use super::example_game;

fn place(
    game: &mut Warheim,
    table: &mut feldherr_table::Table,
    id: u64,
    x: f64,
    y: f64,
    facing: f64,
) {
    game.apply(
        &WarheimEdit::Place {
            fighter: Id(id),
            at: Point::new(x, y),
            facing,
        },
        table,
    )
    .unwrap();
}

#[test]
fn placing_adds_a_piece_once_then_moves_it() {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    let piece = game.piece_of(&table, Id(1)).unwrap().clone();
    assert_eq!(
        (piece.kind.as_str(), piece.name.as_str()),
        (FIGHTER, "Witch hunter")
    );
    place(&mut game, &mut table, 1, 12.0, 11.0, 90.0);
    assert_eq!(table.pieces().len(), 1);
    let moved = game.piece_of(&table, Id(1)).unwrap();
    assert_eq!(moved.id, piece.id);
    assert_eq!((moved.center().x, moved.center().y), (12.0, 11.0));
    assert_eq!(moved.facing_angle().unwrap().degrees(), 90.0);
    // An unknown fighter or a bad angle is refused and changes nothing.
    let bad = WarheimEdit::Place {
        fighter: Id(99),
        at: Point::new(1.0, 1.0),
        facing: 0.0,
    };
    assert!(game.apply(&bad, &mut table).is_err());
    let bad = WarheimEdit::Place {
        fighter: Id(11),
        at: Point::new(1.0, 1.0),
        facing: f64::NAN,
    };
    let err = game.apply(&bad, &mut table).unwrap_err().to_string();
    assert!(err.contains("facing"), "{err}");
    assert_eq!(table.pieces().len(), 1);
}

#[test]
fn the_line_measures_edge_to_edge_with_facing_ph12() {
    let (mut game, mut table) = example_game();
    // Hunter at (10, 10); upper orc 2.5 in east, facing him (west = 180).
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 12.5, 10.0, 180.0);
    // Lower orc in base contact north of him, facing east (90 deg off: flank).
    place(&mut game, &mut table, 12, 10.0, 11.0, 0.0);
    let line = game.line(&table, Id(1), Id(11)).unwrap();
    assert!((line.distance - 1.5).abs() < 1e-9, "{line:?}");
    assert_eq!(line.facing, Facing::Front);
    let line = game.line(&table, Id(1), Id(12)).unwrap();
    assert_eq!(line.distance, 0.0);
    assert_eq!(line.facing, Facing::Flank);
    // The orc turned away: the hunter is in his rear half.
    place(&mut game, &mut table, 12, 10.0, 11.0, 90.0);
    assert_eq!(
        game.line(&table, Id(1), Id(12)).unwrap().facing,
        Facing::Rear
    );
    // 46 degrees off is the flank, 45 still the front (PH12).
    let (f, _) = feldherr_warheim::on_table::facing_of(
        Point::new(0.0, 0.0),
        feldherr_table::geometry::Angle::ZERO,
        Point::new(1.0, 1.0),
    );
    assert_eq!(f, Facing::Front);
    let (f, _) = feldherr_warheim::on_table::facing_of(
        Point::new(0.0, 0.0),
        feldherr_table::geometry::Angle::ZERO,
        Point::new(1.0, 1.1),
    );
    assert_eq!(f, Facing::Flank);
}

#[test]
fn zones_and_walls_on_the_line() {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 1, 5.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 25.0, 10.0, 180.0);
    place(&mut game, &mut table, 12, 5.0, 30.0, 180.0);
    let rules = table_rules();
    let add = |table: &mut feldherr_table::Table, kind: &str, at: Point| {
        let id = table.next_id();
        let piece: Piece = rules.type_def(kind).unwrap().piece(id, kind, at).unwrap();
        table.apply(TableEdit::Add(piece)).unwrap();
    };
    add(&mut table, "fog", Point::new(15.0, 10.0));
    add(&mut table, "swamp", Point::new(15.0, 25.0));
    add(&mut table, WALL_KIND, Point::new(20.0, 10.0));
    let line = game.line(&table, Id(1), Id(11)).unwrap();
    assert_eq!(line.terrain, vec![Terrain::Fog]);
    assert!(line.wall);
    let line = game.line(&table, Id(1), Id(12)).unwrap();
    assert!(line.terrain.is_empty() && !line.wall, "{line:?}");
    // Unplaced fighters have no line.
    let (fresh, table) = example_game();
    assert!(fresh.line(&table, Id(1), Id(11)).is_none());
}
