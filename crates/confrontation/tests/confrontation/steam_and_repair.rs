//! Steam and naphtha (C9): markers change later rolls; repair (C10).

#![expect(
    clippy::unwrap_used,
    reason = "a test fails loudly on an unexpected error"
)]

use approx::assert_abs_diff_eq;
use feldherr_confrontation::{
    Barricade, Incident, PressureResolution, Repair, RepairResult, SteamMarkers, SteamOutcome,
    TotalFailureCheck, check_placement, explosion_victims, mine_victims, triggers,
};
use feldherr_dice::Dice;
use feldherr_dice::step::Driver;
use feldherr_geometry::Point;

fn check(markers: SteamMarkers, dice: &[u32], expected: SteamOutcome) -> SteamMarkers {
    let mut d = Driver::new(PressureResolution::new(1, markers).unwrap());
    for f in dice {
        d.answer_dice(vec![*f]).unwrap();
    }
    let out = d.outcome().unwrap();
    assert_eq!(out.result, expected, "{markers:?} {dice:?}");
    out.markers
}

#[test]
fn markers_change_later_rolls() {
    let m = SteamMarkers::default();
    assert_eq!(check(m, &[2], SteamOutcome::Bonus(2)), m);
    // Cracked: the next roll is an incident on 2 too; then the marker is gone.
    let m = check(m, &[1, 3], SteamOutcome::Incident(Incident::Cracked));
    assert!(m.cracked);
    let m = check(m, &[2, 4], SteamOutcome::Incident(Incident::DamagedValve));
    assert!(!m.cracked && m.damaged_valve);
    // Damaged valve: a 5 gives nothing, once.
    let m = check(m, &[5], SteamOutcome::Bonus(0));
    assert!(!m.damaged_valve);
    assert_eq!(check(m, &[5], SteamOutcome::Bonus(5)), m);
    // Leak, then a second leak reads as total failure.
    let m = check(m, &[1, 5], SteamOutcome::Incident(Incident::Leak));
    let m = check(m, &[1, 5], SteamOutcome::Incident(Incident::TotalFailure));
    assert!(m.total_failure);
    // Total failure: no roll without a 4+ at the start of the round.
    let m = check(m, &[], SteamOutcome::Blocked);
    let mut t = Driver::new(TotalFailureCheck::new(m));
    t.answer_dice(vec![3]).unwrap();
    assert!(!t.outcome().unwrap().may_roll());
    let mut t = Driver::new(TotalFailureCheck::new(m));
    t.answer_dice(vec![4]).unwrap();
    let m = *t.outcome().unwrap();
    assert!(m.may_roll());
    // Overheat twice: explosion.
    let m = check(m, &[1, 2], SteamOutcome::Incident(Incident::Overheat));
    let m = check(m, &[1, 2], SteamOutcome::Incident(Incident::Explosion));
    assert!(m.exploded);
}

#[test]
fn pressure_odds_by_hand_and_monte_carlo() {
    let plain = PressureResolution::new(1, SteamMarkers::default())
        .unwrap()
        .distribution();
    assert_abs_diff_eq!(
        plain.prob_of(&SteamOutcome::Bonus(6)),
        1.0 / 6.0,
        epsilon = 1e-12
    );
    assert_abs_diff_eq!(
        plain.prob_of(&SteamOutcome::Incident(Incident::Explosion)),
        1.0 / 36.0,
        epsilon = 1e-12
    );
    let hot = SteamMarkers {
        overheat: true,
        cracked: true,
        ..Default::default()
    };
    let r = PressureResolution::new(1, hot).unwrap();
    let d = r.distribution();
    // Cracked: incident on 1-2 (2/6); overheat redirects 2 to explosion: 2 of 6 incident faces.
    assert_abs_diff_eq!(
        d.prob_of(&SteamOutcome::Incident(Incident::Explosion)),
        4.0 / 36.0,
        epsilon = 1e-12
    );
    assert_abs_diff_eq!(d.prob_of(&SteamOutcome::Bonus(2)), 0.0, epsilon = 1e-12);
    let mut dice = Dice::seeded(3);
    feldherr_dice::monte_carlo::check(&d, 40_000, || {
        Driver::new(r)
            .run_to_end(&mut dice, |_| 0)
            .map(|o| o.result)
    })
    .unwrap();
}

#[test]
fn explosion_blast_within_5_cm() {
    let bases = [
        (Point::new(6.0, 0.0), 1.0),
        (Point::new(6.2, 0.0), 1.0),
        (Point::new(0.0, 3.0), 1.0),
    ];
    assert_eq!(explosion_victims(Point::new(0.0, 0.0), &bases), vec![0, 2]);
}

#[test]
fn repair_never_exceeds_start_sp() {
    let run = |x, sp, lost, face| {
        let mut d = Driver::new(Repair::new(x, sp, lost).unwrap());
        d.answer_dice(vec![face]).unwrap();
        *d.outcome().unwrap()
    };
    // C10 (corrected): a machine at full SP is not damaged, so no attempt.
    assert_eq!(
        Repair::new(4, 8, 0).unwrap_err().to_string(),
        "not allowed (C10): only a damaged machine can be repaired; this one has all its 8 SP"
    );
    assert_eq!(run(4, 8, 1, 6).sp_lost, 0);
    assert_eq!(run(4, 8, 3, 4).sp_lost, 2);
    assert_eq!(run(4, 8, 3, 3).result, RepairResult::Nothing);
    assert_eq!(run(4, 8, 3, 1).sp_lost, 4);
    let r = Repair::new(4, 8, 3).unwrap();
    let d = r.distribution();
    assert_abs_diff_eq!(d.prob_of(&RepairResult::Worse), 1.0 / 6.0, epsilon = 1e-12);
    assert_abs_diff_eq!(
        d.prob_of(&RepairResult::Repaired),
        3.0 / 6.0,
        epsilon = 1e-12
    );
    let mut dice = Dice::seeded(9);
    feldherr_dice::monte_carlo::check(&d, 30_000, || {
        Driver::new(r)
            .run_to_end(&mut dice, |_| 0)
            .map(|o| o.result)
    })
    .unwrap();
    assert_eq!(
        Repair::check_once(true).unwrap_err().to_string(),
        "not allowed (C10): one repair attempt per machine and round"
    );
    assert!(Repair::new(1, 8, 0).is_err());
}

#[test]
fn mines_decoys_and_barricades() {
    assert!(check_placement(20.0, true).is_ok());
    assert_eq!(
        check_placement(20.5, true).unwrap_err().to_string(),
        "not allowed (crew abilities): 20.5 cm from the machine, at most 20 cm allowed"
    );
    assert!(check_placement(5.0, false).is_err());
    assert!(triggers(5.0) && !triggers(5.1));
    assert_eq!(mine_victims(&[0.0, 10.0, 10.1]), vec![0, 1]);
    let b = Barricade::new(3).unwrap();
    assert_eq!(b.victim().res, 10);
}
