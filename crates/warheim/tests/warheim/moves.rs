//! Moves drawn on the table (lines 109-119, 149-151, 187-195, 309-311,
//! PH24, PH25): Speeds and zones, obstacles, the charge's reach at its
//! boundary, falling from a height.

use feldherr_dice::step::Answer;
use feldherr_play::{Game, Id};
use feldherr_table::Layer;
use feldherr_table::geometry::Point;
use feldherr_warheim::on_table::{BUILDING_KIND, LOW_OBSTACLE_KIND, MoveKind, MovePath, WALL_KIND};
use feldherr_warheim::{WarheimEdit, WarheimKind, WarheimOutcome};

use super::{add_rect, add_zone, answer_all, example_game, place};

fn path(kind: MoveKind, points: &[(f64, f64)]) -> MovePath {
    MovePath {
        kind,
        points: points.iter().map(|&(x, y)| Point::new(x, y)).collect(),
        rise: 0.0,
        facing: None,
    }
}

fn draw(
    game: &mut feldherr_warheim::Warheim,
    table: &mut feldherr_table::Table,
    id: u64,
    p: MovePath,
) -> Result<(), String> {
    game.apply(
        &WarheimEdit::DrawMove {
            fighter: Id(id),
            path: p,
        },
        table,
    )
    .map_err(|e| e.to_string())
}

/// Lines 149, 151: the hunter (Speed 4 / 2) moves 4 in, not more; his
/// second move 2 in; the piece moves and faces along the last leg.
#[test]
fn speeds_limit_a_move() {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 1, 10.0, 10.0, 90.0);
    let m = game
        .measure_move(&table, Id(1), &path(MoveKind::Move, &[(14.0, 10.0)]))
        .unwrap();
    assert_eq!((m.length, m.allowance), (4.0, 4.0));
    assert!(m.within_reach(), "exactly the Speed reaches");
    draw(
        &mut game,
        &mut table,
        1,
        path(MoveKind::Move, &[(14.0, 10.0)]),
    )
    .unwrap();
    let piece = game.piece_of(&table, Id(1)).unwrap();
    assert_eq!((piece.center().x, piece.center().y), (14.0, 10.0));
    assert_eq!(piece.facing_angle().unwrap().degrees(), 0.0);
    let e = draw(
        &mut game,
        &mut table,
        1,
        path(MoveKind::SecondMove, &[(14.0, 12.01)]),
    )
    .unwrap_err();
    assert!(e.contains("Witch hunter") && e.contains("2.00 in"), "{e}");
}

/// Lines 309, 311 (PH5, PH24): a swamp takes 1 from the second Speed, ice
/// 1 from both; zones are counted once each.
#[test]
fn zones_slow_a_move() {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    add_zone(&mut table, "swamp", 12.0, 10.0, 1.0);
    let over = path(MoveKind::SecondMove, &[(14.0, 10.0)]);
    let m = game.measure_move(&table, Id(1), &over).unwrap();
    assert_eq!(m.allowance, 1.0);
    let first = path(MoveKind::Move, &[(14.0, 10.0)]);
    assert_eq!(
        game.measure_move(&table, Id(1), &first).unwrap().allowance,
        4.0
    );
    add_zone(&mut table, "ice", 13.0, 10.0, 0.5);
    let m = game.measure_move(&table, Id(1), &first).unwrap();
    assert_eq!((m.allowance, m.zones.len()), (3.0, 2));
    let charge = path(MoveKind::Charge, &[(14.0, 10.0)]);
    assert_eq!(
        game.measure_move(&table, Id(1), &charge).unwrap().allowance,
        3.0,
        "6, the swamp -1 on the second Speed, ice -1 on each"
    );
}

/// Line 113: a low obstacle below the second Speed is stepped over; a
/// wall is not, and says why.
#[test]
fn obstacles_and_bases() {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    add_rect(
        &mut table,
        LOW_OBSTACLE_KIND,
        12.0,
        10.0,
        0.3,
        4.0,
        90.0,
        Layer::Terrain,
    );
    draw(
        &mut game,
        &mut table,
        1,
        path(MoveKind::Move, &[(13.5, 10.0)]),
    )
    .unwrap();
    add_rect(
        &mut table,
        WALL_KIND,
        15.0,
        10.0,
        0.3,
        4.0,
        90.0,
        Layer::Terrain,
    );
    let e = draw(
        &mut game,
        &mut table,
        1,
        path(MoveKind::Move, &[(16.5, 10.0)]),
    )
    .unwrap_err();
    assert!(
        e.contains("Witch hunter") && e.contains("second Speed"),
        "{e}"
    );
    // Another model's base is in the way; contact is fine.
    place(&mut game, &mut table, 11, 13.5, 12.0, 0.0);
    let e = draw(
        &mut game,
        &mut table,
        1,
        path(MoveKind::Move, &[(13.5, 13.5)]),
    )
    .unwrap_err();
    assert!(e.contains("Upper orc"), "{e}");
    draw(
        &mut game,
        &mut table,
        1,
        path(MoveKind::Move, &[(13.5, 11.0)]),
    )
    .unwrap();
}

/// Lines 115, 191 (PH25): up needs a climb; off a 4 in roof with a second
/// Speed of 2 the hunter falls: a hit of strength Arm + 4, so his save
/// needs 4.
#[test]
fn a_fall_from_a_roof() {
    let (mut game, mut table) = example_game();
    let building = add_rect(
        &mut table,
        BUILDING_KIND,
        10.0,
        10.0,
        4.0,
        4.0,
        0.0,
        Layer::Terrain,
    );
    let _ = building;
    place(&mut game, &mut table, 1, 13.0, 10.0, 0.0);
    let mut up = path(MoveKind::Move, &[(10.0, 10.0)]);
    up.rise = 4.0;
    let e = draw(&mut game, &mut table, 1, up.clone()).unwrap_err();
    assert!(e.contains("climb"), "{e}");
    up.kind = MoveKind::Climb;
    let e = draw(&mut game, &mut table, 1, up).unwrap_err();
    assert!(
        e.contains("2.00 in"),
        "3 + 4 in is beyond his second Speed: {e}"
    );
    // The players put him on the roof.
    game.apply(
        &WarheimEdit::SetElevation {
            fighter: Id(1),
            elevation: 4.0,
        },
        &mut table,
    )
    .unwrap();
    place(&mut game, &mut table, 1, 11.0, 10.0, 0.0);
    draw(
        &mut game,
        &mut table,
        1,
        path(MoveKind::Move, &[(14.0, 10.0)]),
    )
    .unwrap();
    assert_eq!(game.elevation_of(Id(1)), 0.0);
    let WarheimKind::Fall(spec) = game.resolutions[0].kind() else {
        panic!("a fall is queued")
    };
    assert_eq!((spec.height, spec.strength(), spec.fighter.arm), (4, 6, 2));
    // He saves with a 3: one short of 4, 1 T lost; he is Elite and may
    // add 1: a 4 stops it.
    let out = answer_all(&mut game, 0, vec![Answer::Dice(vec![3]), Answer::Choice(1)]);
    let WarheimOutcome::Fall(f) = out else {
        panic!()
    };
    assert_eq!((f.change.t_lost, f.change.saved), (0, 1));
}
