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
    // S12 (corrected 2026-11-26): the absolute speed drops in the sled's
    // own direction; only a loss larger than it reverses (a quarter kept).
    assert_eq!(lower_front(-4, 3), -1, "backwards at -4 slowed by 3");
    assert_eq!(lower_front(-3, 2), -1);
    assert_eq!(lower_front(-4, 4), 0);
    assert_eq!(lower_front(-4, 7), 0, "reversed by 3, a quarter truncated");
    assert_eq!(lower_front(-4, 9), 1, "reversed by 5, a quarter kept");
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
    // Contact 4.51 in into the move of 7 (the fronts 4.5 in apart, plus
    // the overlap tolerance): B is pushed for the 2.49 in left (S6).
    assert!(
        (sled_of(&out, 2).center.x - (18.5 + 2.49)).abs() < 1e-6,
        "{}",
        sled_of(&out, 2).center.x
    );
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

/// A moving sled and what lies ahead of it, for the S6 and PS1 cases:
/// A (T3) at x = 10 facing downhill with speed 5 and no dice: 6 after the
/// slope (+1). Its front is at x = 12.
fn rammer() -> feldherr_sled_race::Sled {
    sled(1, "A", [3, 4, 3, 3, 3], (10.0, 24.0), 0.0, 5)
}

/// The message argument `name` of the first log step with key `key`,
/// rendered in English.
fn rendered(log: &[feldherr_dice::step::LogStep], key: &str) -> String {
    log.iter()
        .find(|s| s.message.as_ref().is_some_and(|m| m.key == key))
        .map(|s| s.text.clone())
        .unwrap_or_default()
}

#[test]
fn s6_a_contact_2_5_in_into_a_move_of_6_leaves_3_5_in_for_the_push() {
    // B, as fast as A, 2.5 in ahead: its rear at 14.49, so the two
    // overlap (by more than the 0.01 in tolerance) after exactly 2.5 in.
    let b = sled(2, "B", [3, 4, 3, 3, 3], (16.49, 24.0), 0.0, 6);
    let (out, log) = run_move(&state(vec![], vec![rammer(), b], 1), 1, None, &[], &[]);
    assert!(logged(&log, "sled.log.rear_push"));
    let contact = rendered(&log, "sled.log.contact_left");
    assert!(
        contact.contains("contact after 2.5 in; 3.5 in of the move left"),
        "{contact}"
    );
    // The rear push goes on for those 3.5 in: B moves 3.5 in.
    let moved_b = sled_of(&out, 2).center.x - 16.49;
    assert!((moved_b - 3.5).abs() < 1e-6, "B pushed {moved_b} in");
    // A covered its 6 in in total (stopping 0.02 in short of B).
    let moved_a = sled_of(&out, 1).center.x - 10.0;
    assert!(
        (moved_a - (6.0 - 0.02)).abs() < 1e-6,
        "A moved {moved_a} in"
    );
    assert_eq!(sled_of(&out, 1).speed, 6);
    assert!(out.summary.contains("moved 6 in"), "{}", out.summary);
}

#[test]
fn s12_a_sled_moving_backwards_at_minus_4_slowed_by_3_moves_at_minus_1() {
    // A (T3) at speed 2, facing downhill: 3 after the slope. B (T3)
    // travels backwards at -4: its front zone is behind its model, where A
    // comes from. Collision values 3 and 4; four hits of strength 7 fail.
    let a = sled(1, "A", [3, 4, 3, 3, 3], (14.0, 24.0), 0.0, 2);
    let b = sled(2, "B", [3, 4, 3, 3, 3], (20.5, 24.0), 0.0, -4);
    let (out, log) = run_move(&state(vec![], vec![a, b], 1), 1, None, &[1, 1, 1, 1], &[]);
    assert!(
        rendered(&log, "sled.log.collision").contains("front zone"),
        "{:?}",
        rendered(&log, "sled.log.collision")
    );
    assert_eq!(number(&log, "sled.log.front_hits", "strength"), Some(7));
    // B: |-4| - 3 = 1 in its own direction: -1 (it does not speed up).
    assert_eq!(sled_of(&out, 2).speed, -1);
    // A: 3 - 4 reverses by 1; a quarter of 1 truncated is 0.
    assert_eq!(sled_of(&out, 1).speed, 0);
}

/// How many log steps carry key `key`.
fn count(log: &[feldherr_dice::step::LogStep], key: &str) -> usize {
    log.iter()
        .filter(|s| s.message.as_ref().is_some_and(|m| m.key == key))
        .count()
}

#[test]
fn ps1_a_push_blocked_by_a_wall_hits_the_pushed_sled_and_stops_the_rammer() {
    use feldherr_sled_race::TerrainKind;
    // A rams B from behind after 2.5 in and pushes it; a wall across the
    // track (x 20.5 .. 21.5) stops B in inch 5.
    let b = sled(2, "B", [3, 4, 3, 3, 3], (16.49, 24.0), 0.0, 6);
    let wall = rect(TerrainKind::Wall, 21.0, 24.0, 1.0, 10.0, None);
    // B's driver and sled take a hit of strength 6 (its own speed, S10):
    // to-wound rolls of 1 fail.
    let (out, log) = run_move(
        &state(vec![wall], vec![rammer(), b], 1),
        1,
        None,
        &[1, 1],
        &[],
    );
    assert_eq!(count(&log, "sled.log.collision"), 1, "no second collision");
    assert_eq!(number(&log, "sled.log.pushed_into", "strength"), Some(6));
    let b = sled_of(&out, 2);
    assert_eq!(b.speed, 0, "S10: the pushed sled stops at the wall");
    assert!(b.center.x + 2.0 <= 20.5 + 1e-9, "B is short of the wall");
    // The rammer stopped in contact with B, speed kept, its move over.
    assert!(logged(&log, "sled.log.push_stop"));
    let a = sled_of(&out, 1);
    assert_eq!(a.speed, 6);
    let gap = (b.center.x - 2.0) - (a.center.x + 2.0);
    assert!((0.0..0.05).contains(&gap), "gap {gap}");
    assert!(
        !logged(&log, "sled.log.obstacle"),
        "A never reaches the wall"
    );
}

#[test]
fn ps1_a_push_blocked_by_another_sled_is_that_sleds_collision() {
    // As before, but a standing sled C (T3) waits 1 in ahead of B: B is
    // driven into C's rear as if it rammed it (S12, slower: hits of
    // 6 - 3 = 3, both take the mean 3 rounded up... of 6 and 0: 3).
    let b = sled(2, "B", [3, 4, 3, 3, 3], (16.49, 24.0), 0.0, 6);
    let c = sled(3, "C", [3, 4, 3, 3, 3], (23.0, 24.0), 0.0, 0);
    let (out, log) = run_move(
        &state(vec![], vec![rammer(), b, c], 1),
        1,
        None,
        &[1, 1, 1, 1],
        &[],
    );
    assert_eq!(count(&log, "sled.log.collision"), 2, "A into B, B into C");
    assert!(logged(&log, "sled.log.pushed_onto"));
    assert_eq!(number(&log, "sled.log.rear_hits", "strength"), Some(3));
    assert_eq!(sled_of(&out, 2).speed, 3);
    assert_eq!(sled_of(&out, 3).speed, 3);
    assert!(logged(&log, "sled.log.push_stop"));
    assert_eq!(sled_of(&out, 1).speed, 6, "the rammer keeps its speed");
}
