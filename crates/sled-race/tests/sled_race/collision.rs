//! S12: collisions by zone, the Ogre/Elf example, pushing.

use feldherr_sled_race::SledZone;
use feldherr_sled_race::lower_front;

use super::common::*;

#[test]
fn s12_example_ogre_rams_standing_elf() {
    // Ogre T5 at speed 5, no dice, facing downhill: 6. The Elf (T3)
    // stands 1.5 in ahead facing the Ogre: the Ogre is in its front zone.
    let ogre = sled(1, "Ogre", [5, 2, 5, 4, 3], (10.0, 24.0), 0.0, 5);
    let elf = sled(2, "Elf", [3, 6, 3, 5, 2], (15.5, 24.0), 180.0, 0);
    let st = state(vec![], vec![ogre, elf], 1);
    // Four hits of strength 9, all to-wound rolls 1 (fail).
    let (out, log) = run_move(&st, 1, None, &[1, 1, 1, 1], &[]);
    assert_eq!(number(&log, "sled.log.front_hits", "strength"), Some(9));
    let zone = log
        .iter()
        .find(|s| {
            s.message
                .as_ref()
                .is_some_and(|m| m.key == "sled.log.collision")
        })
        .expect("collision");
    assert!(zone.text.contains("front zone"), "{}", zone.text);
    assert_eq!(number(&log, "sled.log.front_speeds", "speed_a"), Some(3));
    assert_eq!(number(&log, "sled.log.front_speeds", "speed_b"), Some(-1));
    assert_eq!(sled_of(&out, 1).speed, 3);
    assert_eq!(sled_of(&out, 2).speed, -1);
    // The Ogre had a speed point left: it pushed the Elf 1 in along.
    assert!(logged(&log, "sled.log.pushed"));
    assert!(sled_of(&out, 2).center.x > 16.4);
    assert_eq!(lower_front(6, 3), 3);
    assert_eq!(lower_front(0, 6), -1);
    assert_eq!(lower_front(2, 9), -1);
    assert_eq!(lower_front(-3, 2), -5, "the signed speed is lowered (S12)");
}

/// A comes straight down (facing 270) onto B (facing 0 at (20, 24)) at
/// `x`; A's speed after the speed phase is 5 (7 - 2 for 90° from downhill).
fn side(
    x: f64,
    b_speed: i32,
) -> (
    feldherr_sled_race::Stepped,
    Vec<feldherr_dice::step::LogStep>,
) {
    let a = sled(1, "A", [3, 4, 3, 3, 3], (x, 30.5), 270.0, 7);
    let b = sled(2, "B", [3, 4, 3, 3, 3], (20.0, 24.0), 0.0, b_speed);
    run_move(&state(vec![], vec![a, b], 1), 1, None, &[1; 8], &[])
}

fn collision_zone(log: &[feldherr_dice::step::LogStep]) -> String {
    log.iter()
        .find(|s| {
            s.message
                .as_ref()
                .is_some_and(|m| m.key == "sled.log.collision")
        })
        .map(|s| s.text.clone())
        .unwrap_or_default()
}

#[test]
fn s12_side_rear_faster_target_turns_rammer_alongside() {
    let (out, log) = side(18.5, 5);
    assert!(
        collision_zone(&log).contains("rear-left"),
        "{}",
        collision_zone(&log)
    );
    assert!(logged(&log, "sled.log.side_rear_slower"));
    assert!(!logged(&log, "sled.log.wound"));
    let a = sled_of(&out, 1);
    assert_eq!(a.speed, 4);
    assert!(a.facing.degrees().abs() < 1e-9, "parallel to B");
    assert!((a.center.y - 26.05).abs() < 1e-9, "beside B on its left");
}

#[test]
fn s12_side_rear_slower_target_hits_and_mean_down() {
    let (out, log) = side(18.5, 1);
    // collision values max(3, 5) = 5 and max(3, 1) = 3: strength 3.
    assert_eq!(number(&log, "sled.log.side_rear_hits", "strength"), Some(3));
    assert_eq!(sled_of(&out, 1).speed, 3);
    assert_eq!(sled_of(&out, 2).speed, 3);
}

#[test]
fn s12_side_front_hits_with_the_higher_value() {
    let (out, log) = side(21.5, 2);
    assert!(
        collision_zone(&log).contains("front-left"),
        "{}",
        collision_zone(&log)
    );
    assert_eq!(
        number(&log, "sled.log.side_front_hits", "strength"),
        Some(5)
    );
    // A: 5 - 3/2 = 4; B: 2 - 5/2 = 0 (never reverses).
    assert_eq!(sled_of(&out, 1).speed, 4);
    assert_eq!(sled_of(&out, 2).speed, 0);
}

#[test]
fn s12_rear_collisions_push_or_hit() {
    // A behind B on the same line, speed 6 + 1 = 7.
    let a = sled(1, "A", [3, 4, 3, 3, 3], (10.0, 24.0), 0.0, 6);
    let fast = sled(2, "B", [3, 4, 3, 3, 3], (18.5, 24.0), 0.0, 7);
    let (out, log) = run_move(&state(vec![], vec![a.clone(), fast], 1), 1, None, &[], &[]);
    assert!(
        collision_zone(&log).contains("rear zone"),
        "{}",
        collision_zone(&log)
    );
    assert!(logged(&log, "sled.log.rear_push"));
    assert!(!logged(&log, "sled.log.rear_hits"));
    // Contact in inch 5; inches 6 and 7 push B 1 in each.
    assert!((sled_of(&out, 2).center.x - 20.5).abs() < 1e-6);
    assert_eq!(sled_of(&out, 1).speed, 7);
    let slow = sled(2, "B", [3, 4, 3, 3, 3], (18.5, 24.0), 0.0, 2);
    let (out, log) = run_move(&state(vec![], vec![a, slow], 1), 1, None, &[1; 4], &[]);
    // values 7 and 3: strength 4; mean (7 + 2) / 2 rounded up = 5.
    assert_eq!(number(&log, "sled.log.rear_hits", "strength"), Some(4));
    assert_eq!(sled_of(&out, 1).speed, 5);
    assert_eq!(sled_of(&out, 2).speed, 5);
}

#[test]
fn s4_zones_follow_travel_direction() {
    let st = state(
        vec![],
        vec![sled(1, "A", [3, 4, 3, 3, 3], (20.0, 24.0), 0.0, 3)],
        1,
    );
    let a = st.sled(feldherr_play::Id(1)).expect("sled");
    let p = |x, y| feldherr_geometry::Point::new(x, y);
    assert_eq!(
        a.zone_of(&st.settings, p(25.0, 24.0)),
        Some(SledZone::Front)
    );
    assert_eq!(a.zone_of(&st.settings, p(15.0, 24.0)), Some(SledZone::Rear));
    let mut back = a.clone();
    back.speed = -2;
    assert_eq!(
        back.zone_of(&st.settings, p(15.0, 24.0)),
        Some(SledZone::Front)
    );
    let sectors = a.zone_sectors();
    assert_eq!(sectors[0], (SledZone::Front, -30.0, 30.0));
}
