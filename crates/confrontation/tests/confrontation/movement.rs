//! Movement of mobile machines (C4) and Unaufhaltsam's speed marker,
//! data-driven from `fixtures/confrontation/movement_paths.json`; follow-up
//! moves after a fight and facing changes instead (P18).

#![expect(
    clippy::unwrap_used,
    reason = "a test fails loudly on an unexpected error"
)]

use feldherr_confrontation::{
    ConfrontationError, MachineCard, MachineState, MovePath, MoveViolation, PathCheck, SpeedMarker,
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

fn texts(c: &PathCheck) -> Vec<String> {
    c.violations.iter().map(ToString::to_string).collect()
}

fn deg(d: f64) -> Angle {
    Angle::from_degrees(d).unwrap()
}

#[test]
fn follow_ups_go_straight_along_the_facing() {
    let tank = card("Panzerwagen"); // GEW 10
    let st = MachineState::default();
    let follow =
        |cm: f64, touching| MovePath::follow_up(&tank, &st, Angle::ZERO, cm, touching).unwrap();
    // Straight on along the facing, 8 cm of 8: legal (P18).
    let f = follow(8.0, false);
    assert!(f.is_follow_up() && !f.free_facing());
    assert_eq!(f.max_cm(), 8.0);
    let c = f.check(&path(&[(8.0, 0.0)])).unwrap();
    assert!(c.is_legal(), "{:?}", c.violations);
    assert!(c.turns.is_empty());
    // One cm more than the follow-up distance is refused (P18), not twice BEW.
    let c = f.check(&path(&[(5.0, 0.0), (4.0, 0.0)])).unwrap();
    assert_eq!(
        texts(&c),
        ["segment 1: follow-up of 9.0 cm exceeds the follow-up distance of 8.0 cm (P18)"]
    );
    assert_eq!(c.violations[0].rule(), "P18");
    // No free facing at the start: leaving the facing at once is a turn after 0 cm.
    let c = follow(15.0, false).check(&path(&[(5.0, 30.0)])).unwrap();
    assert_eq!(
        c.violations,
        [MoveViolation::TooLittleStraight {
            segment: 0,
            turn: 1,
            straight_cm: 0.0,
            gew: 10
        }]
    );
}

#[test]
fn follow_ups_turn_only_after_gew_cm() {
    let tank = card("Panzerwagen"); // GEW 10
    let follow = |cm: f64| {
        MovePath::follow_up(&tank, &MachineState::default(), deg(90.0), cm, false).unwrap()
    };
    // Facing 90 deg: 6 cm straight, then 30 deg to the left: fewer than GEW cm (C4).
    let c = follow(15.0)
        .check(&path(&[(6.0, 90.0), (6.0, 120.0)]))
        .unwrap();
    assert_eq!(
        texts(&c),
        ["segment 1: only 6.0 cm straight before turn 1; GEW 10 requires 10 cm"]
    );
    assert_eq!(c.violations[0].rule(), "C4");
    // 10 cm straight, then 45 deg, within a 15 cm follow-up: legal.
    let c = follow(15.0)
        .check(&path(&[(10.0, 90.0), (5.0, 45.0)]))
        .unwrap();
    assert!(c.is_legal(), "{:?}", c.violations);
    assert_eq!(c.turns.len(), 1);
    assert!((c.turns[0].straight_cm - 10.0).abs() < 1e-9);
    assert!((c.turns[0].degrees + 45.0).abs() < 1e-9);
    // ... but never sharper than 45 deg.
    let c = follow(15.0)
        .check(&path(&[(10.0, 90.0), (5.0, 30.0)]))
        .unwrap();
    assert_eq!(texts(&c), ["segment 1: turn 1 of 60 deg exceeds 45 deg"]);
    // A machine without GEW follows up by the core rules: only the length counts.
    let bomb = card("Zwergenbombe");
    let c = MovePath::follow_up(&bomb, &MachineState::default(), Angle::ZERO, 6.0, false)
        .unwrap()
        .check(&path(&[(3.0, 90.0), (3.0, 180.0)]))
        .unwrap();
    assert!(c.is_legal(), "{:?}", c.violations);
}

#[test]
fn no_follow_up_in_contact_but_a_facing_change_instead() {
    let tank = card("Panzerwagen");
    let st = MachineState::default();
    let in_contact = MovePath::follow_up(&tank, &st, Angle::ZERO, 8.0, true).unwrap();
    let c = in_contact.check(&path(&[(8.0, 0.0)])).unwrap();
    assert_eq!(c.violations, [MoveViolation::FollowUpInContact]);
    assert_eq!(c.violations[0].rule(), "P18");
    assert_eq!(
        texts(&c),
        ["no follow-up while an enemy is in base contact with the machine (P18)"]
    );
    assert_eq!(
        in_contact
            .check_facing_change(deg(90.0))
            .unwrap()
            .violations,
        [MoveViolation::FollowUpInContact]
    );
    // Free of enemies: instead of the follow-up, any new facing.
    let free = MovePath::follow_up(&tank, &st, Angle::ZERO, 8.0, false).unwrap();
    for d in [45.0, 135.0, 180.0, 270.0] {
        let c = free.check_facing_change(deg(d)).unwrap();
        assert!(c.is_legal(), "{d} deg: {:?}", c.violations);
        assert_eq!(c.length_cm, 0.0);
    }
    // At the activation a turn on the spot is free only with free facing (C4);
    // otherwise it is a course change after 0 cm straight (P14).
    let activation = MovePath::new(&tank, &st, Angle::ZERO, false).unwrap();
    assert!(
        activation
            .check_facing_change(deg(135.0))
            .unwrap()
            .is_legal()
    );
    let fixed = MovePath::new(&tank, &st, Angle::ZERO, true).unwrap();
    let c = fixed.check_facing_change(deg(90.0)).unwrap();
    assert_eq!(
        texts(&c),
        [
            "segment 0: turn 1 of 90 deg exceeds 45 deg",
            "segment 0: only 0.0 cm straight before turn 1; GEW 10 requires 10 cm"
        ]
    );
}

#[test]
fn immobile_machines_are_not_moved_by_a_follow_up() {
    let st = MachineState::default();
    let ballista = MovePath::follow_up(&card("Ballista"), &st, Angle::ZERO, 5.0, false).unwrap();
    let c = ballista.check(&path(&[(5.0, 0.0)])).unwrap();
    assert_eq!(c.violations, [MoveViolation::FollowUpImmobile]);
    assert_eq!(c.violations[0].rule(), "C3");
    assert_eq!(
        texts(&c),
        [
            "an immobile machine is not moved by a follow-up: its crew follows up, or moves it (C3, P18)"
        ]
    );
    // Nor turned instead.
    assert_eq!(
        ballista.check_facing_change(deg(30.0)).unwrap().violations,
        [MoveViolation::FollowUpImmobile]
    );
    // A destroyed machine does not follow up either.
    let gone = MachineState {
        destroyed: true,
        ..MachineState::default()
    };
    let c = MovePath::follow_up(&card("Panzerwagen"), &gone, Angle::ZERO, 5.0, false)
        .unwrap()
        .check(&path(&[(5.0, 0.0)]))
        .unwrap();
    assert_eq!(texts(&c), ["the machine cannot move: destroyed"]);
}

#[test]
fn follow_up_distance_must_be_a_distance() {
    let tank = card("Panzerwagen");
    let st = MachineState::default();
    for (bad, text) in [
        (
            -1.0,
            "follow-up distance: -1 cm is not a distance (finite, 0 or more)",
        ),
        (
            f64::NAN,
            "follow-up distance: NaN cm is not a distance (finite, 0 or more)",
        ),
        (
            f64::INFINITY,
            "follow-up distance: inf cm is not a distance (finite, 0 or more)",
        ),
    ] {
        let err = MovePath::follow_up(&tank, &st, Angle::ZERO, bad, false).unwrap_err();
        assert!(
            matches!(
                err,
                ConfrontationError::Inconsistent {
                    field: "follow-up distance",
                    ..
                }
            ),
            "{err:?}"
        );
        assert_eq!(err.to_string(), text);
    }
    // A follow-up of 0 cm: only a facing change is possible.
    let none = MovePath::follow_up(&tank, &st, Angle::ZERO, 0.0, false).unwrap();
    assert!(!none.check(&path(&[(1.0, 0.0)])).unwrap().is_legal());
    assert!(none.check_facing_change(deg(90.0)).unwrap().is_legal());
}

#[test]
fn follow_up_rules_survive_json_and_old_documents_still_load() {
    let tank = card("Panzerwagen");
    let st = MachineState::default();
    let f = MovePath::follow_up(&tank, &st, Angle::ZERO, 8.0, true).unwrap();
    let again: MovePath = serde_json::from_str(&serde_json::to_string(&f).unwrap()).unwrap();
    assert_eq!(again, f);
    // Saved before follow-ups existed: an activation's rules.
    let m = MovePath::new(&tank, &st, Angle::ZERO, false).unwrap();
    let mut v = serde_json::to_value(&m).unwrap();
    let fields = v.as_object_mut().unwrap();
    assert!(fields.remove("follow_up").is_some() && fields.remove("refused").is_some());
    let old: MovePath = serde_json::from_value(v).unwrap();
    assert_eq!(old, m);
    assert!(!old.is_follow_up());
}

#[test]
fn an_immobile_machine_moved_by_its_crew_goes_up_to_twice_the_modified_bew() {
    use feldherr_confrontation::crew::immobile_move;
    let ballista: MachineCard = serde_json::from_str(
        r#"{"name": "Ballista", "mobility": "immobile", "sp": 4, "gew": 8, "bes": 1, "res": 10,
            "crew": [{"name": "Servant", "bew": 10}]}"#,
    )
    .unwrap();
    let straight = |x: f64| Polyline::new(vec![Point::new(0.0, 0.0), Point::new(x, 0.0)]).unwrap();
    // The text's example: two movers of BEW 10: X = 6, 4 cm, 8 running;
    // any turns (GEW limits only machines that drive themselves).
    let two = immobile_move(8, &[10, 10], 4).unwrap();
    let rules =
        MovePath::crew_moved(&ballista, &MachineState::default(), Angle::ZERO, two).unwrap();
    assert!(rules.check(&straight(8.0)).unwrap().is_legal());
    let zigzag = Polyline::new(vec![
        Point::new(0.0, 0.0),
        Point::new(2.0, 0.0),
        Point::new(2.0, 3.0),
        Point::new(0.0, 3.0),
    ])
    .unwrap();
    assert!(rules.check(&zigzag).unwrap().is_legal());
    let too_far = rules.check(&straight(8.5)).unwrap();
    assert_eq!(too_far.violations.len(), 1);
    assert_eq!(too_far.violations[0].rule(), "C3");
    assert_eq!(
        too_far.violations[0].to_string(),
        "segment 0: path 8.5 cm exceeds twice the crew's BEW minus X = 8 cm (C3)"
    );
    // One mover of BEW 8: 8 - 8 = 0, it does not move.
    let stuck = immobile_move(8, &[8], 4).unwrap();
    let rules =
        MovePath::crew_moved(&ballista, &MachineState::default(), Angle::ZERO, stuck).unwrap();
    let check = rules.check(&straight(0.5)).unwrap();
    assert!(matches!(
        &check.violations[0],
        MoveViolation::CannotMove { reason } if reason.contains("(C3)")
    ));
    assert_eq!(check.violations[0].rule(), "C3");
    // A mobile machine moves itself.
    let panzer: MachineCard = serde_json::from_str(
        r#"{"name": "Panzer", "mobility": "mobile", "sp": 8, "gew": 12, "res": 14, "bew": 15}"#,
    )
    .unwrap();
    assert!(MovePath::crew_moved(&panzer, &MachineState::default(), Angle::ZERO, two).is_err());
}
