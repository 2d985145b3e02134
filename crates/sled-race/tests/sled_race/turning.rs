//! S11: the turning test and the failure table under both options; S7.

use feldherr_sled_race::{
    TurnFailureReading, TurnResult, TurnTestNaturals, margin_row, turn_test_passes,
};

use super::common::*;

fn turner(speed: i32) -> feldherr_sled_race::RaceState {
    // Initiative 4.
    let mut st = state(
        vec![],
        vec![sled(1, "A", [3, 4, 3, 3, 1], (30.0, 24.0), 0.0, speed)],
        1,
    );
    st.turning = Some(feldherr_play::Id(1));
    st
}

#[test]
fn s11_pass_turns_fully() {
    // speed 3 (-1), 45° (-1): needs 2 or less.
    let (out, log) = run_turn(&turner(3), 1, 45.0, &[2]);
    assert_eq!(number(&log, "sled.log.turn_pass", "face"), Some(2));
    let a = sled_of(&out, 1);
    assert!((a.facing.degrees() - 45.0).abs() < 1e-9);
    assert_eq!(out.after.turning, None);
    assert_eq!(out.after.moved, vec![feldherr_play::Id(1)]);
}

#[test]
fn s11_failure_table_by_margin() {
    // value 2 (I4, speed 3 -1, 45° -1).
    for (face, row, facing, speed) in [
        (3, TurnResult::Canted, 0.0, 1),
        (4, TurnResult::Canted, 0.0, 1),
        (5, TurnResult::Half, 22.5, 3),
    ] {
        let (out, log) = run_turn(&turner(3), 1, 45.0, &[face]);
        assert!(
            log.iter().any(|s| s.text.contains(&row.to_string())),
            "{face}"
        );
        let a = sled_of(&out, 1);
        assert!((a.facing.degrees() - facing).abs() < 1e-9, "{face}");
        assert_eq!(a.speed, speed, "{face}");
    }
    // value 0 (speed 7 -3, 30° -1): 4 fails by 4: one and a half.
    let (out, _) = run_turn(&turner(7), 1, 30.0, &[4]);
    assert!((sled_of(&out, 1).facing.degrees() - 45.0).abs() < 1e-9);
    // 5 fails by 5: no turn; 6 by 6: capsizes.
    let (out, _) = run_turn(&turner(7), 1, 30.0, &[5]);
    assert_eq!(sled_of(&out, 1).facing.degrees(), 0.0);
    assert_eq!(sled_of(&out, 1).speed, 7);
    let (out, _) = run_turn(&turner(7), 1, 30.0, &[6]);
    assert_eq!(sled_of(&out, 1).speed, 0);
    // Pure rows, including a natural 6 against a high value (margin 1).
    assert_eq!(margin_row(8, 6), TurnResult::Canted);
    assert_eq!(margin_row(-5, 4), TurnResult::Capsized);
    assert_eq!(margin_row(2, 5), TurnResult::Half);
    // Canting never reverses the sled.
    let (out, _) = run_turn(&turner(1), 1, 20.0, &[6]);
    assert_eq!(sled_of(&out, 1).speed, 0);
}

#[test]
fn s11_failure_table_by_further_die() {
    for (row_die, facing, speed) in [
        (1, 0.0, 1),
        (2, 0.0, 1),
        (3, 30.0, 3),
        (4, 90.0, 3),
        (5, 0.0, 3),
        (6, 0.0, 0),
    ] {
        let mut st = turner(3);
        st.settings.turn_failure = TurnFailureReading::FurtherDie;
        // 60° (-2), speed 3 (-1): value 1; a 5 fails, then the row die.
        let (out, _) = run_turn(&st, 1, 60.0, &[5, row_die]);
        let a = sled_of(&out, 1);
        assert!((a.facing.degrees() - facing).abs() < 1e-9, "row {row_die}");
        assert_eq!(a.speed, speed, "row {row_die}");
    }
}

#[test]
fn s7_turning_naturals_both_options() {
    // Default: a 6 always fails, a 1 passes only if the value is 1 or more.
    assert!(!turn_test_passes(TurnTestNaturals::Warhammer, 9, 6));
    assert!(turn_test_passes(TurnTestNaturals::Warhammer, 1, 1));
    assert!(!turn_test_passes(TurnTestNaturals::Warhammer, 0, 1));
    // Literal: a 6 passes, a 1 fails.
    assert!(turn_test_passes(TurnTestNaturals::Literal, -3, 6));
    assert!(!turn_test_passes(TurnTestNaturals::Literal, 5, 1));
    let mut st = turner(7);
    st.settings.turn_naturals = TurnTestNaturals::Literal;
    let (out, _) = run_turn(&st, 1, 120.0, &[6]);
    assert!((sled_of(&out, 1).facing.degrees() - 120.0).abs() < 1e-9);
}

#[test]
fn s11_no_attempt_with_zero_angle() {
    let (out, log) = run_turn(&turner(3), 1, 0.0, &[]);
    assert!(logged(&log, "sled.log.no_turn_try"));
    assert_eq!(sled_of(&out, 1).facing.degrees(), 0.0);
}
