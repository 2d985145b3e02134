//! S2, S3, S5 and the ice start of S9.

use feldherr_play::Id;
use feldherr_sled_race::speed::{
    change_magnitude, mean_speed, sign_rule, slope_modifier, speed_band_modifier,
    turn_angle_modifier, turn_speed_modifier,
};
use feldherr_sled_race::{DrawKind, DrawResolver, SlopeReading, TerrainKind};

use super::common::*;

#[test]
fn s5_slope_modifier_every_row() {
    for (angle, m) in [
        (0.0, 1),
        (29.0, 1),
        (29.9, 1),
        (30.0, 0),
        (59.0, 0),
        (60.0, -1),
        (89.0, -1),
        (90.0, -2),
        (119.0, -2),
        (120.0, -3),
        (149.0, -3),
        (150.0, -4),
        (180.0, -4),
    ] {
        assert_eq!(slope_modifier(angle), m, "angle {angle}");
    }
}

#[test]
fn s5_sign_rules() {
    // previous > 0, result < 0 -> 0
    assert_eq!(sign_rule(3, -1), 0);
    // previous <= 0, result < 0 -> stands (backwards)
    assert_eq!(sign_rule(0, -2), -2);
    assert_eq!(sign_rule(-3, -1), -1);
    // previous < 0, result > 0 -> 0
    assert_eq!(sign_rule(-2, 1), 0);
    // otherwise the result
    assert_eq!(sign_rule(2, 5), 5);
    assert_eq!(sign_rule(0, 3), 3);
    assert_eq!(sign_rule(-2, 0), 0);
}

#[test]
fn s5_mean_rounds_both_ways() {
    assert_eq!(mean_speed(2, 5), (3, 4));
    assert_eq!(mean_speed(2, 4), (3, 3));
    assert_eq!(mean_speed(-5, 2), (-2, -1));
}

#[test]
fn s5_example_elf_rounds_up_to_four() {
    // Elf with dice 2, 4, 5 at speed 2 picks the 5: 3.5, rounded up to 4.
    // Facing 45° from downhill: slope modifier 0.
    let mut elf = sled(1, "Elf", [3, 6, 3, 5, 2], (20.0, 24.0), 45.0, 2);
    elf.dice = vec![2, 4, 5];
    let st = state(vec![], vec![elf], 1);
    let (out, log) = run_move(&st, 1, None, &[], &[2, 1]);
    assert_eq!(number(&log, "sled.log.mean", "sum"), Some(7));
    assert_eq!(number(&log, "sled.log.slope_modifier", "modifier"), Some(0));
    assert_eq!(sled_of(&out, 1).speed, 4);
    assert_eq!(sled_of(&out, 1).dice, vec![2, 4], "a used die is gone (S2)");
    // rounded down instead: 3
    let (out, _) = run_move(&st, 1, None, &[], &[2, 0]);
    assert_eq!(sled_of(&out, 1).speed, 3);
}

#[test]
fn s5_sign_rule_applied_in_the_speed_phase() {
    // Moving forwards at 1, die 1 -> 1, facing uphill (180°): -4 -> -3 -> 0.
    let mut s = sled(1, "A", [3, 4, 3, 3, 1], (30.0, 24.0), 180.0, 1);
    s.dice = vec![1];
    let (out, log) = run_move(&state(vec![], vec![s.clone()], 1), 1, None, &[], &[0]);
    assert_eq!(number(&log, "sled.log.sign_rule", "speed"), Some(0));
    assert_eq!(sled_of(&out, 1).speed, 0);
    // Standing, facing uphill: (0 + 1) / 2 down = 0, -4: travels backwards.
    s.speed = 0;
    let (out, _) = run_move(&state(vec![], vec![s.clone()], 1), 1, None, &[], &[0, 0]);
    assert_eq!(sled_of(&out, 1).speed, -4);
    // Backwards at -4, die 6: 1 -> facing downhill +1 -> 2 -> 0 (S5).
    s.speed = -4;
    s.facing = deg(0.0);
    s.center = feldherr_geometry::Point::new(30.0, 24.0);
    s.dice = vec![6];
    let (out, log) = run_move(&state(vec![], vec![s], 1), 1, None, &[], &[0]);
    assert_eq!(number(&log, "sled.log.slope_modifier", "result"), Some(2));
    assert_eq!(sled_of(&out, 1).speed, 0);
}

#[test]
fn s5_option_direction_of_travel() {
    // Backwards (speed -2) facing uphill: by the facing the modifier is -4,
    // by the direction of travel (downhill) +1.
    let mut s = sled(1, "A", [3, 4, 3, 3, 1], (30.0, 24.0), 180.0, -2);
    s.dice = vec![];
    let mut st = state(vec![], vec![s], 1);
    let (out, _) = run_move(&st, 1, None, &[], &[]);
    assert_eq!(sled_of(&out, 1).speed, -6);
    st.settings.slope_reading = SlopeReading::Travel;
    let (out, _) = run_move(&st, 1, None, &[], &[]);
    assert_eq!(sled_of(&out, 1).speed, -1);
}

#[test]
fn s5_standing_sled_faces_anywhere_first() {
    let mut s = sled(1, "A", [3, 4, 3, 3, 1], (30.0, 24.0), 0.0, 0);
    s.dice = vec![4];
    let st = state(vec![], vec![s], 1);
    let (out, log) = run_move(&st, 1, Some(40.0), &[], &[0]);
    assert!(logged(&log, "sled.log.face"));
    let a = sled_of(&out, 1);
    assert!((a.facing.degrees() - 40.0).abs() < 1e-9);
    assert_eq!(a.speed, 2, "(0 + 4) / 2 = 2, 40° from downhill: 0");
}

#[test]
fn s2_no_die_left_keeps_speed_but_slope_applies() {
    let s = sled(1, "A", [3, 4, 3, 3, 1], (30.0, 24.0), 0.0, 3);
    let (out, log) = run_move(&state(vec![], vec![s], 1), 1, None, &[], &[]);
    assert!(logged(&log, "sled.log.no_dice"));
    assert_eq!(sled_of(&out, 1).speed, 4);
}

#[test]
fn s9_ice_start_keeps_speed_and_ignores_slope() {
    let ice = circle(TerrainKind::Ice, 30.0, 24.0, 3.0);
    let mut s = sled(1, "A", [3, 4, 3, 3, 1], (30.0, 24.0), 0.0, 3);
    s.dice = vec![6, 6, 6];
    let (out, log) = run_move(
        &state(vec![ice.clone()], vec![s.clone()], 1),
        1,
        None,
        &[],
        &[],
    );
    assert!(logged(&log, "sled.log.ice_start_keep"));
    assert_eq!(sled_of(&out, 1).speed, 3);
    assert_eq!(sled_of(&out, 1).dice.len(), 3, "no die used");
    // Standing on ice: a die is used.
    s.speed = 0;
    let (out, log) = run_move(&state(vec![ice], vec![s], 1), 1, None, &[], &[0]);
    assert!(logged(&log, "sled.log.ice_start_standing"));
    assert_eq!(sled_of(&out, 1).speed, 4, "(0 + 6) / 2 + 1");
    assert_eq!(sled_of(&out, 1).dice.len(), 2);
}

#[test]
fn s2_movement_dice_by_toughness() {
    let elf = sled(1, "Elf", [3, 6, 3, 5, 2], (2.05, 10.0), 0.0, 0);
    let ogre = sled(2, "Ogre", [5, 2, 5, 4, 3], (2.05, 30.0), 0.0, 0);
    let mut st = state(vec![], vec![elf, ogre], 0);
    st.round = 0;
    let (out, _) = super::common::run(
        DrawResolver {
            before: std::sync::Arc::new(st),
            kind: DrawKind::TurnDice,
        },
        &[1, 2, 3, 6, 5, 4, 3, 2],
        &[],
    );
    assert_eq!(out.after.turn, 1);
    assert_eq!(sled_of(&out, 1).dice, vec![1, 2, 3]);
    assert_eq!(sled_of(&out, 2).dice, vec![6, 5, 4, 3, 2]);
}

#[test]
fn s3_start_draw_and_round_order() {
    let sleds = vec![
        sled(1, "A", [3, 4, 3, 3, 1], (0.0, 0.0), 0.0, 0),
        sled(2, "B", [3, 4, 3, 3, 1], (0.0, 0.0), 0.0, 0),
        sled(3, "C", [3, 4, 3, 3, 1], (0.0, 0.0), 0.0, 0),
    ];
    let mut st = state(vec![], sleds, 0);
    st.placed = false;
    // Draw: marker 3 of [A, B, C] -> C first; then 1 of [A, B] -> A; B last.
    let (out, _) = super::common::run(
        DrawResolver {
            before: std::sync::Arc::new(st),
            kind: DrawKind::Start,
        },
        &[3, 1],
        &[],
    );
    let y = |id| sled_of(&out, id).center.y;
    assert!(y(3) < y(1) && y(1) < y(2), "slots in drawn order");
    assert!((sled_of(&out, 3).center.y - 12.0).abs() < 1e-9);
    assert!(out.after.sleds.iter().all(|s| s.speed == 0));
    let mut st = out.after;
    st.turn = 1;
    st.round = 0;
    let (out, _) = super::common::run(
        DrawResolver {
            before: std::sync::Arc::new(st),
            kind: DrawKind::Round,
        },
        &[2, 2],
        &[],
    );
    assert_eq!(out.after.order, vec![Id(2), Id(3), Id(1)]);
    assert_eq!(out.after.round, 1);
}

#[test]
fn modifier_tables_every_row() {
    // S9 and S13 speed bands
    for (v, m) in [
        (0, 0),
        (1, 0),
        (2, -1),
        (3, -1),
        (4, -2),
        (5, -2),
        (6, -3),
        (9, -3),
        (-4, -2),
    ] {
        assert_eq!(speed_band_modifier(v), m, "speed {v}");
    }
    // S11 speed
    for (v, m) in [
        (1, 0),
        (2, 0),
        (3, -1),
        (4, -1),
        (5, -2),
        (6, -2),
        (7, -3),
        (12, -3),
    ] {
        assert_eq!(turn_speed_modifier(v), m, "speed {v}");
    }
    // S11 angle
    for (a, m) in [
        (10.0, 0),
        (29.0, 0),
        (30.0, -1),
        (59.0, -1),
        (60.0, -2),
        (89.0, -2),
        (90.0, -3),
        (119.0, -3),
        (120.0, -4),
        (180.0, -4),
        (-45.0, -1),
    ] {
        assert_eq!(turn_angle_modifier(a), m, "angle {a}");
    }
    assert_eq!(change_magnitude(2, -3), 0);
    assert_eq!(change_magnitude(-2, 1), -3);
    assert_eq!(change_magnitude(0, 2), 2);
}

/// S5: each speed option the race offers (one per distinct die and
/// rounding, after the slope modifier) is the speed the move gives with
/// its answers: "die 6: speed 3" at 0 facing 45° ends at 3, not 4.
#[test]
fn s5_speed_options_are_the_speeds_the_move_gives() {
    let check = |speed: i32,
                 facing: f64,
                 dice: Vec<u32>,
                 new_facing: Option<f64>,
                 expected: &[(u32, Option<bool>, i32)]| {
        let mut s = sled(1, "A", [3, 4, 3, 3, 1], (30.0, 24.0), facing, speed);
        s.dice = dice;
        let st = state(vec![], vec![s], 1);
        let options = st.speed_options(Id(1), new_facing.map(deg));
        let got: Vec<(u32, Option<bool>, i32)> = options
            .iter()
            .map(|o| (o.face, o.round_up, o.speed))
            .collect();
        assert_eq!(got, expected);
        for o in options {
            let mut choices = vec![o.die];
            choices.extend(o.round_up.map(usize::from));
            let (out, _) = run_move(&st, 1, new_facing, &[], &choices);
            assert_eq!(sled_of(&out, 1).speed, o.speed, "{o:?}");
        }
    };
    // Downhill (+1): equal dice once; an odd mean both ways.
    check(
        0,
        0.0,
        vec![6, 3, 6],
        None,
        &[(6, None, 4), (3, Some(true), 3), (3, Some(false), 2)],
    );
    // Faced to 45° first (modifier 0): die 6 gives 3.
    check(0, 0.0, vec![6], Some(45.0), &[(6, None, 3)]);
    // Across the slope at speed 2 (100°: -2): a moving sled never reverses.
    check(
        2,
        100.0,
        vec![1, 2],
        None,
        &[(2, None, 0), (1, Some(true), 0), (1, Some(false), 0)],
    );
    // No dice left: nothing to choose.
    check(3, 0.0, vec![], None, &[]);
}
