//! W4: control computed from stands on the map.

use feldherr_play::Id;
use feldherr_table::geometry::{Angle, OrientedRect, Point, Shape};
use feldherr_warmaster::{Control, Player, StandOnMap, marker_control, zone_control};

use super::circle;

/// A 4 x 2 cm stand facing up the table, its front edge's middle at
/// (`x`, `y_front`)... simpler: centred on (`x`, `y`).
fn stand(player: Player, unit: u64, x: f64, y: f64) -> StandOnMap {
    let facing = Angle::from_degrees(90.0).expect("angle");
    StandOnMap {
        player,
        unit: Id(unit),
        flying: false,
        summoned: false,
        shape: Shape::Rect(OrientedRect::new(Point::new(x, y), 4.0, 2.0, facing).expect("rect")),
    }
}

/// The marker: 3 cm across at (90, 60).
fn marker() -> Shape {
    circle(90.0, 60.0, 1.5)
}

/// A stand of `player` whose edge is `gap` cm below the marker's edge
/// (a stand is 2 cm deep along y; its centre sits 1 cm below its top).
fn below(player: Player, unit: u64, gap: f64) -> StandOnMap {
    stand(player, unit, 90.0, 60.0 - 1.5 - gap - 1.0)
}

/// A stand of `player` whose edge is `gap` cm above the marker's edge.
fn above(player: Player, unit: u64, gap: f64) -> StandOnMap {
    stand(player, unit, 90.0, 60.0 + 1.5 + gap + 1.0)
}

#[test]
fn w4_a_stand_in_contact_controls_the_marker() {
    let c = marker_control(&marker(), &[below(Player::A, 1, 0.0)]);
    assert_eq!(c.control, Control::by(Player::A));
    assert_eq!(c.touching[0], vec![Id(1)]);
    // 0.5 cm away is not contact.
    let c = marker_control(&marker(), &[below(Player::A, 1, 0.5)]);
    assert_eq!(c.control, Control::NOBODY);
}

#[test]
fn w4_an_enemy_near_5_cm_on_both_sides() {
    for (gap, blocks) in [(4.9, true), (5.0, true), (5.1, false)] {
        let c = marker_control(
            &marker(),
            &[below(Player::A, 1, 0.0), above(Player::B, 7, gap)],
        );
        let want = if blocks {
            Control::NOBODY
        } else {
            Control::by(Player::A)
        };
        assert_eq!(
            c.control, want,
            "enemy {gap} cm away (PW1: exactly 5 cm is within)"
        );
        assert_eq!(c.near[1].is_empty(), !blocks);
    }
}

#[test]
fn w4_a_flyer_cannot_control_but_blocks() {
    let mut flyer = below(Player::A, 1, 0.0);
    flyer.flying = true;
    assert_eq!(
        marker_control(&marker(), &[flyer.clone()]).control,
        Control::NOBODY
    );
    let mut enemy_flyer = above(Player::B, 9, 3.0);
    enemy_flyer.flying = true;
    let c = marker_control(&marker(), &[below(Player::A, 1, 0.0), enemy_flyer]);
    assert_eq!(
        c.control,
        Control::NOBODY,
        "the enemy flyer within 5 cm blocks"
    );
}

#[test]
fn w4_both_in_contact_nobody_controls() {
    let c = marker_control(
        &marker(),
        &[below(Player::A, 1, 0.0), above(Player::B, 2, 0.0)],
    );
    assert_eq!(c.control, Control::NOBODY);
}

#[test]
fn w4_zones_count_stand_centres_and_ignore_summoned_units() {
    let zone = circle(90.0, 60.0, 10.0);
    let a = [
        stand(Player::A, 1, 85.0, 60.0),
        stand(Player::A, 1, 89.0, 60.0),
    ];
    let b_inside = stand(Player::B, 5, 95.0, 60.0);
    // A centre exactly on the boundary counts as inside.
    let b_edge = stand(Player::B, 5, 100.0, 60.0);
    // Centre outside although the stand overlaps the zone: does not count.
    let b_out = stand(Player::B, 5, 101.5, 60.0);
    let z = zone_control(
        &zone,
        &[a[0].clone(), a[1].clone(), b_inside.clone(), b_out.clone()],
    );
    assert_eq!(z.stands, [2, 1]);
    assert_eq!(z.control, Control::by(Player::A), "B is in it: not alone");
    let z = zone_control(
        &zone,
        &[a[0].clone(), a[1].clone(), b_inside.clone(), b_edge],
    );
    assert_eq!(z.stands, [2, 2]);
    assert_eq!(z.control, Control::NOBODY, "a tie gives nobody the zone");
    // B's stands are summoned: they do not count, but A does not hold it
    // alone either (PW2).
    let mut s1 = b_inside.clone();
    s1.summoned = true;
    let mut s2 = stand(Player::B, 6, 91.0, 62.0);
    s2.summoned = true;
    let mut s3 = stand(Player::B, 6, 92.0, 57.0);
    s3.summoned = true;
    let z = zone_control(&zone, &[a[0].clone(), s1, s2, s3]);
    assert_eq!(z.stands, [1, 0]);
    assert_eq!(z.control, Control::by(Player::A));
    assert!(!z.control.alone);
    // Alone: no B stand in it.
    let z = zone_control(&zone, &[a[0].clone(), b_out]);
    assert_eq!(z.control, Control::alone(Player::A));
}
