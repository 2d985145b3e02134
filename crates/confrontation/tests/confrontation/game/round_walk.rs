//! A game of two sides walked through its rounds with dice typed in, the
//! state checked after each step: the Zwerge's Panzerwagen drives and earns
//! its speed marker, its boiler fails for good (C9); a dwarf charges the
//! Goblins' Felsspalter and meets its counter-fire (Gegenschuss); the
//! goblin crew leave their gun and the dwarf captures it (Übernahme); the
//! captured gun is re-aimed but not moved by its new auxiliary; the total
//! failure's 4+ holds the next round up until it is rolled; the speed
//! marker is lost in contact at the end of a round.

use feldherr_confrontation::crew::Role;
use feldherr_confrontation::game::{
    Activation, ChargeOrder, Charger, FigureStats, Pending, Phase, RoundCheck, RoundEvent,
    ShotProblem,
};
use feldherr_confrontation::{
    ConfrontationEdit, ConfrontationKind, ConfrontationOutcome, Motion, WoundLevel,
};
use feldherr_play::Game;
use feldherr_table::geometry::{Angle, FacingArc, Point};

use super::support::{
    FELSSPALTER, GOBLIN_C, GOBLINS, GRIZHOU, GUIGNE, HENN, PANZERWAGEN, ZWERGE, example_game,
    to_phase,
};

/// The dwarf who charges: a Thallion-like figure (FER 3, DIS 3: he may
/// serve a Felsspalter, text line 290), RES 5, STR 5.
const DWARF: u64 = 10;

#[test]
fn two_sides_a_round_with_counter_fire_a_capture_and_a_total_failure() {
    let mut game = example_game();
    assert_eq!(
        (game.game.round.number, game.game.round.phase),
        (1, Phase::Movement)
    );
    let mut dwarf = FigureStats::new(5, ZWERGE);
    dwarf.str = Some(5);
    dwarf.fer = Some(3);
    dwarf.dis = Some(3);
    game.add_figure(DWARF, "Thallion", Point::new(62.0, 72.0), dwarf);

    // Round 1, movement. The Zwerge activate their Panzerwagen; the Goblins
    // may not activate it.
    assert!(
        game.edit(ConfrontationEdit::Activate {
            machine: PANZERWAGEN,
            side: GOBLINS
        })
        .unwrap_err()
        .contains("neither fielded nor holds it")
    );
    game.edit(ConfrontationEdit::Activate {
        machine: PANZERWAGEN,
        side: ZWERGE,
    })
    .expect("activated");
    assert_eq!(
        game.game.round.active,
        Some(Activation {
            machine: PANZERWAGEN,
            side: ZWERGE
        })
    );
    // It drives 30 cm east: more than its BEW 20, so it ran and earns its
    // speed marker (Unaufhaltsam) from the drawn path.
    game.edit(ConfrontationEdit::DriveMachine {
        machine: PANZERWAGEN,
        path: vec![Point::new(20.0, 20.0), Point::new(50.0, 20.0)],
        take_marker: true,
        movers: None,
    })
    .expect("drives");
    let wagon = game.machine(PANZERWAGEN);
    assert_eq!(wagon.state.motion, Motion::Ran);
    assert!(wagon.state.speed_marker);
    assert_eq!(
        game.table.piece(2).expect("piece").center(),
        Point::new(50.0, 20.0)
    );
    // It drives once a round.
    assert!(
        game.edit(ConfrontationEdit::DriveMachine {
            machine: PANZERWAGEN,
            path: vec![Point::new(50.0, 20.0), Point::new(55.0, 20.0)],
            take_marker: false,
            movers: None,
        })
        .unwrap_err()
        .contains("moved this round already")
    );
    // Its boiler: a 1 is an incident, the incident die a 6: total failure.
    let steam = game.game.steam_inputs(PANZERWAGEN, 1).expect("steam");
    let id = game.resolve(steam, &[&[1], &[6]]);
    game.apply_result(id);
    assert!(game.machine(PANZERWAGEN).state.steam.total_failure);
    game.edit(ConfrontationEdit::EndActivation).expect("ended");

    // The dwarf charges the Felsspalter from (62, 72), ending against its
    // front (east) edge.
    game.move_piece(DWARF, Point::new(25.25, 60.0));
    let charge = ChargeOrder {
        charger: Charger::Figure(DWARF),
        target: FELSSPALTER,
        from: Point::new(62.0, 72.0),
        first_sight: None,
    };
    let report = game.game.charge(&game.table, &charge).expect("charge");
    assert_eq!(report.arc, FacingArc::Front);
    assert_eq!(report.allowed, Ok(()));
    assert!(report.penalties_apply);
    assert_eq!(report.collision, None);
    // Counter-fire: the dwarf is set down halfway, at (41, 66), 21.8 cm
    // from the gun: outside its 20 cm minimum range.
    let offer = report.counter_fire.expect("counter-fire offered");
    assert_eq!(offer.placed, Point::new(41.0, 66.0));
    assert!((offer.distance_cm - 21.84).abs() < 0.01);
    let kind = game
        .game
        .counter_fire_inputs(&game.table, &charge, None, None)
        .expect("counter-fire");
    let ConfrontationKind::CounterFire(inputs) = &kind else {
        panic!("a counter-fire")
    };
    // Difficulty 6 (the text's), Guigne's FER 3.
    assert_eq!((inputs.shot.difficulty, inputs.shot.fer), (6, 3));
    assert_eq!(inputs.shot.gunner.as_deref(), Some("Guigne"));
    // FER 3 + 3 = 6: on target; the template lies on the dwarf alone; his
    // wound 2 + 3 + 10 - 5 = 10: serious. He survives and is in melee.
    let id = game.resolve(kind, &[&[3], &[2, 3]]);
    let saved = game.game.resolution(id).expect("resolution");
    let Some(ConfrontationOutcome::CounterFire(shot)) = saved.outcome() else {
        panic!("a counter-fire outcome")
    };
    assert!(feldherr_confrontation::game::charger_survives(shot));
    assert!(
        saved
            .resolution()
            .log()
            .iter()
            .any(|l| l.text.contains("survives: put in contact"))
    );
    game.apply_result(id);
    assert_eq!(game.game.wound(DWARF), WoundLevel::Serious);
    // The counter-fire was the Felsspalter's shot this round (PC7).
    assert!(game.machine(FELSSPALTER).state.fired);

    // The round runs out: ranged, melee, end; nothing pending.
    to_phase(&mut game, Phase::End);
    assert!(game.game.pending().is_empty());
    game.edit(ConfrontationEdit::EndRound {
        touching: Vec::new(),
    })
    .expect("round 2");
    // Round 2 starts: the Panzerwagen kept its marker (it touched nobody);
    // its total failure asks for the 4+ before the movement phase (C9).
    assert_eq!(
        (game.game.round.number, game.game.round.phase),
        (2, Phase::Start)
    );
    assert!(game.game.round.events.is_empty());
    let wagon = game.machine(PANZERWAGEN);
    assert!(wagon.state.speed_marker && wagon.state.speed_marker_at_round_start);
    assert_eq!(wagon.state.motion, Motion::Still);
    assert!(!game.machine(FELSSPALTER).state.fired);
    assert_eq!(
        game.game.pending(),
        [Pending::Check(RoundCheck::TotalFailure(PANZERWAGEN))]
    );
    let blocked = game.edit(ConfrontationEdit::NextPhase).unwrap_err();
    assert!(
        blocked.contains("total failure's 4+ is not rolled yet"),
        "{blocked}"
    );
    // The same reason as a message, German in German.
    let why = game
        .game
        .pending_message(&game.table, game.game.pending()[0]);
    let lang = |l| {
        feldherr_play::Catalogue::parse("conf", feldherr_confrontation::messages(l)).expect("json")
    };
    let en = lang(feldherr_play::Lang::En).render(&why).expect("en");
    assert!(blocked.contains(&en), "{blocked} / {en}");
    assert_eq!(
        lang(feldherr_play::Lang::De).render(&why).as_deref(),
        Some("Panzerwagen: die 4+ des Totalausfalls ist noch nicht gewürfelt")
    );
    // A 3: no pressure roll this round.
    let check = game.game.total_failure_inputs(PANZERWAGEN).expect("4+");
    let id = game.resolve(check, &[&[3]]);
    game.apply_result(id);
    assert!(!game.machine(PANZERWAGEN).state.steam.cleared_this_round);
    assert!(game.game.pending().is_empty());
    // Once a round.
    assert!(
        game.game
            .total_failure_inputs(PANZERWAGEN)
            .and_then(|k| game.game.clone().apply(
                &ConfrontationEdit::AddResolution(k),
                &mut game.table.clone()
            ))
            .unwrap_err()
            .to_string()
            .contains("rolled already this round")
    );
    game.edit(ConfrontationEdit::NextPhase).expect("movement");
    let refused = game
        .game
        .steam_inputs(PANZERWAGEN, 1)
        .unwrap_err()
        .to_string();
    assert!(refused.contains("no 4+ this round"), "{refused}");

    // The goblin crew leave their gun at its activation to fight 15 cm
    // away; Grizhou too.
    game.edit(ConfrontationEdit::Activate {
        machine: FELSSPALTER,
        side: GOBLINS,
    })
    .expect("activated");
    for crew in [GUIGNE, HENN] {
        game.edit(ConfrontationEdit::SetCrew {
            crew,
            in_contact: false,
            engaged: false,
            fleeing: false,
        })
        .expect("crew");
    }
    game.move_piece(GRIZHOU, Point::new(20.0, 80.0));
    game.edit(ConfrontationEdit::EndActivation).expect("ended");
    // They are still its crew, activated with its card.
    assert_eq!(game.game.crew_of(FELSSPALTER).count(), 5);

    // The dwarf captures it: nobody of the Goblins within 10 cm (those
    // without a piece confirmed), BES 1 qualified figure touching it.
    let check = game
        .game
        .capture_check(&game.table, FELSSPALTER, &[DWARF], false)
        .expect("check");
    assert!(
        check
            .verdict
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("confirm"),
        "{:?}",
        check.verdict
    );
    let check = game
        .game
        .capture_check(&game.table, FELSSPALTER, &[DWARF], true)
        .expect("check");
    assert_eq!(check.verdict, Ok(()));
    assert_eq!(check.captor_side, Some(ZWERGE));
    game.edit(ConfrontationEdit::Capture {
        machine: FELSSPALTER,
        captors: vec![DWARF],
        holders_far: true,
    })
    .expect("captured");
    let gun = game.machine(FELSSPALTER);
    assert_eq!(
        (gun.side, gun.held_by, gun.controller()),
        (GOBLINS, Some(ZWERGE), ZWERGE)
    );
    let auxiliary = game
        .game
        .crew_of(FELSSPALTER)
        .find(|c| c.piece == Some(DWARF))
        .expect("the dwarf serves it");
    assert_eq!((auxiliary.role, auxiliary.side), (Role::Auxiliary, ZWERGE));
    // Each side may activate its card for it: the Goblins their crew, the
    // Zwerge the gun with its new auxiliary.
    let options = game.game.activation_options(ZWERGE);
    assert!(options.iter().any(|a| a.machine == FELSSPALTER));
    assert!(
        game.game
            .activation_options(GOBLINS)
            .iter()
            .all(|a| a.machine != FELSSPALTER),
        "the Goblins' card for it was activated this round"
    );
    game.edit(ConfrontationEdit::Activate {
        machine: FELSSPALTER,
        side: ZWERGE,
    })
    .expect("activated");
    // An auxiliary may re-aim it but never move it (text line 308).
    let moved = game
        .edit(ConfrontationEdit::DriveMachine {
            machine: FELSSPALTER,
            path: vec![Point::new(20.0, 60.0), Point::new(20.0, 62.0)],
            take_marker: false,
            movers: None,
        })
        .unwrap_err();
    assert!(
        moved.contains("no crew figure of the side holding it"),
        "{moved}"
    );
    game.edit(ConfrontationEdit::ReaimMachine {
        machine: FELSSPALTER,
        facing: Angle::from_degrees(180.0).expect("angle"),
    })
    .expect("re-aimed");
    assert!(game.machine(FELSSPALTER).state.reaimed);
    game.edit(ConfrontationEdit::EndActivation).expect("ended");

    // The Panzerwagen (speed marker) drives 22 cm on, ending against a
    // goblin; it may not change its facing freely with the marker.
    game.edit(ConfrontationEdit::Activate {
        machine: PANZERWAGEN,
        side: ZWERGE,
    })
    .expect("activated");
    let turn = game
        .edit(ConfrontationEdit::ReaimMachine {
            machine: PANZERWAGEN,
            facing: Angle::from_degrees(90.0).expect("angle"),
        })
        .unwrap_err();
    assert!(turn.contains("C4"), "{turn}");
    game.move_piece(GOBLIN_C, Point::new(77.25, 20.0));
    game.edit(ConfrontationEdit::DriveMachine {
        machine: PANZERWAGEN,
        path: vec![Point::new(50.0, 20.0), Point::new(72.0, 20.0)],
        take_marker: false,
        movers: None,
    })
    .expect("drives");
    assert!(game.machine(PANZERWAGEN).state.speed_marker);
    assert_eq!(
        game.game.machine_touches_enemy(&game.table, PANZERWAGEN),
        Some(true)
    );
    // The captured gun, re-aimed, shoots in the ranged phase at -1.
    to_phase(&mut game, Phase::Ranged);
    let shot = game.game.shot_inputs(
        &game.table,
        &super::support::order(FELSSPALTER, super::support::GOBLIN_A),
    );
    assert!(
        matches!(shot, Err(ShotProblem::OutOfArc { .. })),
        "facing west now, the goblins are behind it: {shot:?}"
    );
    to_phase(&mut game, Phase::End);
    game.edit(ConfrontationEdit::EndRound {
        touching: Vec::new(),
    })
    .expect("round 3");
    // In contact at the end of the round: the speed marker is lost.
    assert_eq!(
        game.game.round.events,
        [RoundEvent::SpeedMarkerLost {
            machine: PANZERWAGEN
        }]
    );
    assert!(!game.machine(PANZERWAGEN).state.speed_marker);
    // Round 3: the 4+ again; a 5, and the boiler works this round.
    let check = game.game.total_failure_inputs(PANZERWAGEN).expect("4+");
    let id = game.resolve(check, &[&[5]]);
    game.apply_result(id);
    assert!(game.machine(PANZERWAGEN).state.steam.cleared_this_round);
    assert!(game.game.steam_inputs(PANZERWAGEN, 1).is_ok());
    let problems = feldherr_play::Game::problems(&game.game, &game.table);
    assert!(problems.is_empty(), "{problems:?}");
    // Saved and loaded, it is the same game.
    let text = serde_json::to_string(&game.game).expect("json");
    let back: feldherr_confrontation::ConfrontationGame =
        serde_json::from_str(&text).expect("loads");
    assert_eq!(back, game.game);
}
