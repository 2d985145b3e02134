//! Sight off the table (lines 83-101, PH20-PH23): the column, half
//! visible at the boundary, the rear half, blockers, cover, heights.

use feldherr_play::{Game, Id};
use feldherr_table::Layer;
use feldherr_warheim::on_table::{CoverBy, WALL_KIND};
use feldherr_warheim::{ReactionChoice, Warheim, WarheimEdit, Weapon};

use super::{add_rect, example_game, place};

/// The hunter (1) at (10, 10) facing +x, the upper orc (11) at (20, 10);
/// the hunter a short model (0.5 in), the orc 1 in tall; a wall across
/// the line at x = 15, `height` high.
fn wall_between(height: f64) -> (Warheim, feldherr_table::Table, u64) {
    let (mut game, mut table) = example_game();
    let mut hunters = game.rosters[0].clone();
    hunters.fighters[0].height = Some(0.5);
    let mut orcs = game.rosters[1].clone();
    orcs.fighters[0].height = Some(1.0);
    for (player, roster) in [(0, hunters), (1, orcs)] {
        game.apply(&WarheimEdit::SetRoster { player, roster }, &mut table)
            .unwrap();
    }
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 20.0, 10.0, 180.0);
    let wall = add_rect(
        &mut table,
        WALL_KIND,
        15.0,
        10.0,
        0.5,
        6.0,
        90.0,
        Layer::Terrain,
    );
    game.apply(
        &WarheimEdit::SetHeight {
            piece: wall,
            height: Some(height),
        },
        &mut table,
    )
    .unwrap();
    (game, table, wall)
}

/// Line 101, PH20: a wall as high as the viewer's eye hides the lower
/// half of the orc exactly: half visible is seen; a hair more is not.
#[test]
fn exactly_half_visible_is_seen() {
    let (game, table, _) = wall_between(0.5);
    let s = game.sight(&table, Id(1), Id(11)).unwrap().unwrap();
    assert!((s.visible - 0.5).abs() < 1e-12, "{}", s.visible);
    assert!(s.sees);
    let (game, table, _) = wall_between(0.51);
    let s = game.sight(&table, Id(1), Id(11)).unwrap().unwrap();
    assert!(s.visible < 0.5, "{}", s.visible);
    assert!(!s.sees);
    // Without the wall he sees all of him.
    let (mut game, mut table, wall) = wall_between(0.0);
    let s = game.sight(&table, Id(1), Id(11)).unwrap().unwrap();
    assert_eq!((s.visible, s.sees), (1.0, true));
    game.apply(
        &WarheimEdit::SetHeight {
            piece: wall,
            height: None,
        },
        &mut table,
    )
    .unwrap();
    let s = game.sight(&table, Id(1), Id(11)).unwrap().unwrap();
    assert_eq!(s.visible, 0.0, "a wall is 2 in by default");
}

/// Line 83: the rear half does not see.
#[test]
fn the_rear_half_does_not_see() {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 1, 10.0, 10.0, 180.0);
    place(&mut game, &mut table, 11, 20.0, 10.0, 180.0);
    let s = game.sight(&table, Id(1), Id(11)).unwrap().unwrap();
    assert!(!s.in_front && !s.sees);
    assert!(game.sight(&table, Id(11), Id(1)).unwrap().unwrap().sees);
    // Exactly at the side (90 degrees) is still the front half.
    place(&mut game, &mut table, 1, 10.0, 10.0, 90.0);
    assert!(game.sight(&table, Id(1), Id(11)).unwrap().unwrap().in_front);
}

fn tower_shield() -> Weapon {
    Weapon {
        name: "Tower shield".into(),
        attacks: 1,
        bands: vec![feldherr_warheim::RangeBand {
            up_to: 0.0,
            modifier: 0,
        }],
        shield_arm: 2,
        tower_shield: true,
        ..Weapon::default()
    }
}

/// Line 95, PH20: models block nothing, unless they carry a tower shield.
#[test]
fn only_a_tower_shield_blocks_sight() {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 14.0, 10.0, 180.0);
    place(&mut game, &mut table, 12, 20.0, 10.0, 180.0);
    assert!(game.sight(&table, Id(1), Id(12)).unwrap().unwrap().sees);
    let mut orcs = game.rosters[1].clone();
    orcs.fighters[0].weapons.push(tower_shield());
    game.apply(
        &WarheimEdit::SetRoster {
            player: 1,
            roster: orcs,
        },
        &mut table,
    )
    .unwrap();
    let s = game.sight(&table, Id(1), Id(12)).unwrap().unwrap();
    assert!(!s.sees, "{}", s.visible);
}

/// Lines 93, 97-99, PH22: cover from a wall at least half his height in
/// contact and between; from a shield bearer in base contact who sees the
/// attacker. The target order carries it, measured.
#[test]
fn cover_from_walls_and_shields() {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 20.0, 10.0, 180.0);
    // A low wall (0.7 in: more than half of 1.25) touching the orc on the
    // hunter's side.
    let wall = add_rect(
        &mut table,
        WALL_KIND,
        19.25,
        10.0,
        0.5,
        3.0,
        90.0,
        Layer::Terrain,
    );
    game.apply(
        &WarheimEdit::SetHeight {
            piece: wall,
            height: Some(0.7),
        },
        &mut table,
    )
    .unwrap();
    assert_eq!(
        game.cover(&table, Id(1), Id(11)).unwrap(),
        Some(CoverBy::Terrain(wall))
    );
    let order = game
        .target_order(&table, Id(1), Id(11), ReactionChoice::None)
        .unwrap()
        .unwrap();
    assert!(order.cover && order.wall);
    // From behind the orc, the wall is not between: no cover.
    place(&mut game, &mut table, 1, 26.0, 10.0, 180.0);
    assert_eq!(game.cover(&table, Id(1), Id(11)).unwrap(), None);
    // A wall lower than half his height gives none.
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    game.apply(
        &WarheimEdit::SetHeight {
            piece: wall,
            height: Some(0.6),
        },
        &mut table,
    )
    .unwrap();
    assert_eq!(game.cover(&table, Id(1), Id(11)).unwrap(), None);
    // The lower orc with a shield in base contact, facing the hunter.
    let mut orcs = game.rosters[1].clone();
    orcs.fighters[1].weapons.push(Weapon {
        tower_shield: false,
        ..tower_shield()
    });
    game.apply(
        &WarheimEdit::SetRoster {
            player: 1,
            roster: orcs,
        },
        &mut table,
    )
    .unwrap();
    place(&mut game, &mut table, 12, 20.0, 11.0, 180.0);
    assert_eq!(
        game.cover(&table, Id(1), Id(11)).unwrap(),
        Some(CoverBy::Shield(Id(12)))
    );
    // Turned away, the shield bearer does not see the hunter: no cover.
    place(&mut game, &mut table, 12, 20.0, 11.0, 0.0);
    assert_eq!(game.cover(&table, Id(1), Id(11)).unwrap(), None);
}

/// Line 89, PH23: distances with the diagonal for heights.
#[test]
fn distance_over_heights() {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 15.0, 10.0, 180.0);
    game.apply(
        &WarheimEdit::SetElevation {
            fighter: Id(11),
            elevation: 3.0,
        },
        &mut table,
    )
    .unwrap();
    let order = game
        .target_order(&table, Id(1), Id(11), ReactionChoice::None)
        .unwrap()
        .unwrap();
    // 4 in edge to edge, 3 in up: 5 in.
    assert!((order.distance - 5.0).abs() < 1e-9, "{}", order.distance);
}
