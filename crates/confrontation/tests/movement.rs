//! Movement of mobile machines (C4) and Unaufhaltsam's speed marker,
//! data-driven from `fixtures/confrontation/movement_paths.json`.

#![expect(
    clippy::unwrap_used,
    reason = "a test fails loudly on an unexpected error"
)]

use feldherr_confrontation::{
    MachineCard, MachineState, MovePath, MoveViolation, PathCheck, SpeedMarker,
};
use feldherr_geometry::{Angle, FacingArc, Point, Polyline};
use serde::Deserialize;

#[derive(Deserialize)]
struct Fixture {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    note: String,
    start_facing: f64,
    #[serde(default)]
    speed_marker: bool,
    #[serde(default)]
    touching_enemy: bool,
    legs: Vec<(f64, f64)>,
    expected: Vec<String>,
}

fn card(name: &str) -> MachineCard {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/confrontation/machine_cards.json"
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let c = v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["card"]["name"] == name)
        .unwrap();
    serde_json::from_value(c["card"].clone()).unwrap()
}

/// Builds a polyline from legs of (length, heading in degrees).
fn path(legs: &[(f64, f64)]) -> Polyline {
    let mut p = Point::new(0.0, 0.0);
    let mut points = vec![p];
    for &(len, heading) in legs {
        let d = Angle::from_degrees(heading).unwrap().direction();
        p = Point::new(p.x + d.x * len, p.y + d.y * len);
        points.push(p);
    }
    Polyline::new(points).unwrap()
}

fn run(case: &Case) -> PathCheck {
    let state = MachineState {
        speed_marker: case.speed_marker,
        ..MachineState::default()
    };
    MovePath::new(
        &card("Panzerwagen"),
        &state,
        Angle::from_degrees(case.start_facing).unwrap(),
        case.touching_enemy,
    )
    .unwrap()
    .check(&path(&case.legs))
    .unwrap()
}

fn check(case: &Case, expected: &[String]) {
    let got: Vec<String> = run(case).violations.iter().map(|v| v.to_string()).collect();
    assert_eq!(got, expected, "{}", case.note);
}

#[test]
fn drawn_paths_of_the_panzerwagen() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/confrontation/movement_paths.json"
    );
    let f: Fixture = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(f.cases.len() >= 10);
    for case in &f.cases {
        check(case, &case.expected);
    }
}

#[test]
fn the_text_example_reports_its_turns() {
    let case = Case {
        note: "example".into(),
        start_facing: 0.0,
        speed_marker: false,
        touching_enemy: false,
        legs: vec![(13.0, 0.0), (11.0, 45.0), (16.0, 0.0)],
        expected: vec![],
    };
    let c = run(&case);
    assert!(c.is_legal());
    assert!((c.length_cm - 40.0).abs() < 1e-9);
    assert_eq!(c.turns.len(), 2);
    assert!((c.turns[0].straight_cm - 13.0).abs() < 1e-9);
    assert!((c.turns[0].degrees - 45.0).abs() < 1e-9);
    assert!((c.turns[1].straight_cm - 11.0).abs() < 1e-9);
    assert!((c.turns[1].degrees + 45.0).abs() < 1e-9);
    // The check survives a JSON round trip (saved with the document).
    let again: PathCheck = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
    assert_eq!(again, c);
}

#[test]
fn immobile_stopped_and_destroyed_machines_cannot_move() {
    let p = path(&[(5.0, 0.0)]);
    let st = MachineState::default();
    let c = MovePath::new(&card("Ballista"), &st, Angle::ZERO, false)
        .unwrap()
        .check(&p)
        .unwrap();
    assert!(matches!(c.violations[0], MoveViolation::CannotMove { .. }));
    assert_eq!(c.violations[0].rule(), "C3");
    let mut stopped = MachineState::default();
    SpeedMarker::stop(&mut stopped);
    let m = MovePath::new(&card("Panzerwagen"), &stopped, Angle::ZERO, false).unwrap();
    assert!(m.free_facing());
    let v = m.check(&p).unwrap().violations;
    assert_eq!((v.len(), v[0].rule(), v[0].segment()), (1, "C4", 0));
    let mp = MovePath::new(&card("Panzerwagen"), &st, Angle::ZERO, true).unwrap();
    assert!(!mp.free_facing());
    assert_eq!(mp.max_cm(), 40.0);
}

#[test]
fn speed_marker_life_cycle() {
    let tank = card("Panzerwagen"); // Unaufhaltsam, BEW 20, RES 14
    let mut s = MachineState::default();
    // 20 cm is not more than BEW: no marker.
    assert!(!SpeedMarker::earned(&tank, 20.0).unwrap());
    assert!(SpeedMarker::after_move(&tank, &mut s, 20.0, true).is_err());
    SpeedMarker::after_move(&tank, &mut s, 20.5, true).unwrap();
    assert!(s.speed_marker);
    // Kept while it moves at least BEW.
    s.new_round();
    SpeedMarker::after_move(&tank, &mut s, 20.0, false).unwrap();
    assert!(s.speed_marker);
    // Lost on a shorter move.
    SpeedMarker::after_move(&tank, &mut s, 12.0, false).unwrap();
    assert!(!s.speed_marker);
    // Lost on stopping; the machine may not move again this phase.
    SpeedMarker::after_move(&tank, &mut s, 30.0, true).unwrap();
    SpeedMarker::stop(&mut s);
    assert!(!s.speed_marker && s.stopped);
    s.new_round();
    assert!(!s.stopped);
    // Lost in base contact at the end of the round.
    SpeedMarker::after_move(&tank, &mut s, 30.0, true).unwrap();
    SpeedMarker::end_of_round(&mut s, false);
    assert!(s.speed_marker);
    SpeedMarker::end_of_round(&mut s, true);
    assert!(!s.speed_marker);
    // The owner may decline the marker.
    SpeedMarker::after_move(&tank, &mut s, 30.0, false).unwrap();
    assert!(!s.speed_marker);
    // Without Unaufhaltsam no marker at all.
    let ballista = card("Ballista");
    assert!(
        SpeedMarker::earned(&ballista, 30.0).is_err()
            || !SpeedMarker::earned(&ballista, 30.0).unwrap()
    );
}

#[test]
fn charging_a_machine_with_a_speed_marker() {
    let tank = card("Panzerwagen");
    let moving = MachineState {
        speed_marker: true,
        ..MachineState::default()
    };
    let check = |state: &MachineState, side, str_: i32, ok: bool| {
        assert_eq!(
            SpeedMarker::may_be_charged(&tank, state, side, str_).is_ok(),
            ok,
            "{side:?} STR {str_}"
        );
    };
    check(&moving, FacingArc::Front, 3, true);
    check(&moving, FacingArc::Left, 14, false); // STR must exceed RES 14
    check(&moving, FacingArc::Right, 15, true);
    check(&moving, FacingArc::Rear, 10, false);
    check(&MachineState::default(), FacingArc::Rear, 3, true);
    let err = SpeedMarker::may_be_charged(&tank, &moving, FacingArc::Rear, 10).unwrap_err();
    assert!(err.to_string().contains("STR 10 exceeds RES 14"), "{err}");
    assert!(!SpeedMarker::charge_penalties_apply(
        &tank,
        FacingArc::Front
    ));
    assert!(SpeedMarker::charge_penalties_apply(&tank, FacingArc::Left));
}
