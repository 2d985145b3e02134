//! The crew's rules in play, each with the text's example where it has one
//! and bad input refused naming the figure or machine: auxiliaries
//! (Hilfspersonal), crew changing machines of the same type, ordinary
//! figures becoming crew, a destroyed machine's card staying for its crew,
//! capture and recapture (Übernahme), fear on machines, repairs by a
//! Mechaniker, mines, decoys and barricades, figures leaving a vehicle.

use feldherr_confrontation::crew::Role;
use feldherr_confrontation::game::{
    ChargeOrder, ChargeRefusal, Charger, FigureStats, MarkerKind, MoraleTest, Phase, ShotProblem,
    Subject,
};
use feldherr_confrontation::{ConfrontationEdit, ConfrontationGame, MachineCard, Passenger, Size};
use feldherr_play::{Game, Id};
use feldherr_table::geometry::{Angle, Circle, FacingArc, OrientedRect, Point, Shape};
use feldherr_table::{Layer, Piece, TableEdit};

use super::support::{
    ADH, BALLISTA, Example, FELSSPALTER, GOBLINS, GRIZHOU, GRIZHOU_CREW, GUIGNE, HENN, PANZER,
    PANZERWAGEN, SALPETRE, ZWERGE, card, example_game, goblin, order, to_phase,
};

fn activate(game: &mut Example, machine: Id, side: Id) {
    game.edit(ConfrontationEdit::Activate { machine, side })
        .expect("activated");
}

/// The Felsspalter's goblin crew all walk off (Grizhou 20 cm away).
fn crew_leave(game: &mut Example) {
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
}

fn stats(side: Id, fer: u32, dis: u32) -> FigureStats {
    let mut s = FigureStats::new(4, side);
    s.fer = Some(fer);
    s.dis = Some(dis);
    s
}

/// Text line 290: to serve a Felsspalter a figure needs FER and DIS 3+ as
/// printed; a Dirz crossbowman (FER 3, DIS 2) cannot, a Thallion can. The
/// auxiliary serves it, fires it with his FER and re-aims it, never moves
/// it; he may leave at its activation.
#[test]
fn auxiliaries_serve_fire_and_re_aim_but_never_move_a_machine() {
    let mut game = example_game();
    crew_leave(&mut game);
    game.add_figure(
        20,
        "Dirz crossbowman",
        Point::new(25.25, 60.0),
        stats(GOBLINS, 3, 2),
    );
    game.add_figure(
        21,
        "Thallion",
        Point::new(20.0, 56.25),
        stats(GOBLINS, 4, 4),
    );
    let early = game
        .edit(ConfrontationEdit::AddAuxiliary {
            piece: 21,
            machine: FELSSPALTER,
        })
        .unwrap_err();
    assert!(
        early.contains("only while Felsspalter is activated by Goblins"),
        "{early}"
    );
    activate(&mut game, FELSSPALTER, GOBLINS);
    let refused = game
        .edit(ConfrontationEdit::AddAuxiliary {
            piece: 20,
            machine: FELSSPALTER,
        })
        .unwrap_err();
    assert!(
        refused.contains(
            "Dirz crossbowman: FER 3 and DIS 2 printed, Felsspalter needs FER 3 and DIS 3"
        ),
        "{refused}"
    );
    game.edit(ConfrontationEdit::AddAuxiliary {
        piece: 21,
        machine: FELSSPALTER,
    })
    .expect("serves");
    let thallion = game
        .game
        .crew_of(FELSSPALTER)
        .find(|c| c.piece == Some(21))
        .expect("auxiliary")
        .id;
    // He counts for BES 1 and may not move the gun (C3, line 252).
    let moved = game
        .edit(ConfrontationEdit::DriveMachine {
            machine: FELSSPALTER,
            path: vec![Point::new(20.0, 60.0), Point::new(22.0, 60.0)],
            take_marker: false,
            movers: None,
        })
        .unwrap_err();
    assert!(moved.contains("no crew figure"), "{moved}");
    // He re-aims it (and the gun takes -1 on its FER dice this round).
    game.edit(ConfrontationEdit::ReaimMachine {
        machine: FELSSPALTER,
        facing: Angle::from_degrees(10.0).expect("angle"),
    })
    .expect("re-aimed");
    // He fires it with his own FER 4 (text line 406).
    to_phase(&mut game, Phase::Ranged);
    let mut o = order(FELSSPALTER, super::support::GOBLIN_C);
    o.fer = None;
    let inputs = game.game.shot_inputs(&game.table, &o).expect("shot");
    assert_eq!(
        (inputs.fer, inputs.gunner.as_deref(), inputs.die_modifier),
        (4, Some("Thallion"), -1)
    );
    // He leaves at its next activation and is an ordinary figure again.
    game.edit(ConfrontationEdit::NextPhase).expect("melee");
    game.edit(ConfrontationEdit::NextPhase).expect("end");
    game.edit(ConfrontationEdit::EndRound {
        touching: Vec::new(),
    })
    .expect("round 2");
    game.edit(ConfrontationEdit::NextPhase).expect("movement");
    let early = game
        .edit(ConfrontationEdit::ReleaseAuxiliary(thallion))
        .unwrap_err();
    assert!(early.contains("only while"), "{early}");
    activate(&mut game, FELSSPALTER, GOBLINS);
    game.edit(ConfrontationEdit::ReleaseAuxiliary(thallion))
        .expect("leaves");
    assert!(game.game.crew_of(FELSSPALTER).all(|c| c.piece != Some(21)));
    assert!(game.game.round.figures[&21].released);
    // Regular crew do not leave their card that way.
    let crew = game
        .edit(ConfrontationEdit::ReleaseAuxiliary(GUIGNE))
        .unwrap_err();
    assert!(crew.contains("Guigne: regular crew stay"), "{crew}");
    // A mobile machine has no auxiliaries.
    game.edit(ConfrontationEdit::EndActivation).expect("ended");
    activate(&mut game, PANZER, ZWERGE);
    let mobile = game
        .game
        .auxiliary_check(&game.table, 21, PANZER)
        .unwrap_err();
    assert!(
        mobile
            .to_string()
            .contains("Panzer: a mobile machine has no auxiliaries")
    );
    // In German too (issue #27), the machine by name, the rule after it.
    let de = feldherr_play::Catalogue::of_game::<feldherr_confrontation::ConfrontationGame>(
        feldherr_play::Lang::De,
    );
    assert_eq!(
        de.error(&mobile),
        "Panzer: eine bewegliche Maschine hat kein Hilfspersonal (ihre Besatzung gehört zu \
         ihr) (Hilfspersonal)"
    );
}

/// Text line 318: a destroyed immobile machine's auxiliaries return to
/// their own cards at once; its crew stay, represented by its card (line
/// 208), which is still activated.
#[test]
fn a_destroyed_machines_card_stays_for_its_crew_and_auxiliaries_go_home() {
    let mut game = example_game();
    game.add_figure(
        21,
        "Thallion",
        Point::new(20.0, 56.25),
        stats(GOBLINS, 4, 4),
    );
    activate(&mut game, FELSSPALTER, GOBLINS);
    game.edit(ConfrontationEdit::AddAuxiliary {
        piece: 21,
        machine: FELSSPALTER,
    })
    .expect("serves");
    game.edit(ConfrontationEdit::EndActivation).expect("ended");
    let mut state = game.machine(FELSSPALTER).state.clone();
    state.sp_lost = 5;
    game.edit(ConfrontationEdit::SetMachineState {
        machine: FELSSPALTER,
        state,
    })
    .expect("destroyed");
    assert!(game.machine(FELSSPALTER).state.destroyed);
    let left: Vec<(&str, Role)> = game
        .game
        .crew_of(FELSSPALTER)
        .map(|c| (c.name(), c.role))
        .collect();
    assert_eq!(left.len(), 5);
    assert!(left.iter().all(|(_, r)| *r == Role::Crew));
    assert!(game.game.round.figures[&21].released);
    // Its card is activated next round for its crew.
    to_phase(&mut game, Phase::End);
    game.edit(ConfrontationEdit::EndRound {
        touching: Vec::new(),
    })
    .expect("round 2");
    game.edit(ConfrontationEdit::NextPhase).expect("movement");
    assert!(
        game.game
            .activation_options(GOBLINS)
            .iter()
            .any(|a| a.machine == FELSSPALTER)
    );
    activate(&mut game, FELSSPALTER, GOBLINS);
    let problems = game.game.problems(&game.table);
    assert!(problems.is_empty(), "{problems:?}");
}

/// Text line 200: two Felsspalter; the first loses its crew; the goblin
/// player sends Minenleger from the second over; they serve the new gun
/// from its activation, touching it, and are activated with the old card
/// until then.
#[test]
fn crew_change_to_a_machine_of_the_same_type_at_its_activation() {
    let mut game = example_game();
    game.edit(ConfrontationEdit::DeployMachine {
        card: card("Felsspalter"),
        side: GOBLINS,
    })
    .expect("a second Felsspalter");
    let second = game.game.machines.last().expect("machine").id;
    let its_crew: Vec<Id> = game.game.crew_of(second).map(|c| c.id).collect();
    for crew in its_crew {
        game.edit(ConfrontationEdit::CrewKilled(crew))
            .expect("killed");
    }
    assert_eq!(game.game.crew_of(second).count(), 0);
    // Salpetre is still the first gun's, until the second is activated.
    let early = game
        .edit(ConfrontationEdit::TransferCrew {
            crew: SALPETRE,
            to: second,
        })
        .unwrap_err();
    assert!(early.contains("only while"), "{early}");
    assert_eq!(
        game.game.crew_figure(SALPETRE).expect("crew").machine,
        FELSSPALTER
    );
    activate(&mut game, second, GOBLINS);
    game.edit(ConfrontationEdit::TransferCrew {
        crew: SALPETRE,
        to: second,
    })
    .expect("changes");
    assert_eq!(
        game.game.crew_figure(SALPETRE).expect("crew").machine,
        second
    );
    // Not to a machine of another type (PC6), nor of the other side.
    game.edit(ConfrontationEdit::EndActivation).expect("ended");
    activate(&mut game, PANZERWAGEN, ZWERGE);
    let other = game
        .edit(ConfrontationEdit::TransferCrew {
            crew: ADH,
            to: PANZERWAGEN,
        })
        .unwrap_err();
    assert!(
        other.contains("Adh serves a Felsspalter: it may change only to a machine of the same type, not a Panzerwagen"),
        "{other}"
    );
}

fn kanone() -> MachineCard {
    serde_json::from_str(
        r#"{"name": "Kanone", "mobility": "immobile", "sp": 4, "gew": 6, "bes": 1,
            "res": 10, "crew": [{"name": "Minenleger", "bew": 10, "fer": 2}]}"#,
    )
    .expect("card")
}

/// Text line 266: a figure deployed as an ordinary unit may be assigned to
/// a machine (of its crew type) and is then regular crew, for good.
#[test]
fn an_ordinary_figure_of_the_crew_type_becomes_crew_for_good() {
    let mut game = example_game();
    let rect = OrientedRect::new(Point::new(60.0, 100.0), 5.0, 8.0, Angle::ZERO).expect("rect");
    game.table
        .apply(TableEdit::Add(Piece::new(
            30,
            "Kanone",
            "war_machine",
            Layer::Model,
            Shape::Rect(rect),
        )))
        .expect("piece");
    game.edit(ConfrontationEdit::DeployMachine {
        card: kanone(),
        side: GOBLINS,
    })
    .expect("deployed");
    let kanone = game.game.machines.last().expect("machine").id;
    game.edit(ConfrontationEdit::LinkMachinePiece {
        machine: kanone,
        piece: Some(30),
    })
    .expect("linked");
    let mut miner = goblin(GOBLINS);
    miner.card = Some("Minenleger".into());
    game.add_figure(31, "Goblin miner", Point::new(65.25, 100.0), miner);
    let mut archer = goblin(GOBLINS);
    archer.card = Some("Bogenschütze".into());
    game.add_figure(32, "Goblin archer", Point::new(54.75, 100.0), archer);
    activate(&mut game, kanone, GOBLINS);
    let refused = game
        .edit(ConfrontationEdit::JoinCrew {
            piece: 32,
            machine: kanone,
        })
        .unwrap_err();
    assert!(
        refused.contains(
            "Goblin archer (Bogenschütze) is no crew type of Kanone: its crew are Minenleger"
        ),
        "{refused}"
    );
    game.edit(ConfrontationEdit::JoinCrew {
        piece: 31,
        machine: kanone,
    })
    .expect("joins");
    let joined = game
        .game
        .crew_of(kanone)
        .find(|c| c.piece == Some(31))
        .expect("crew")
        .clone();
    assert_eq!(
        (joined.role, joined.name(), joined.card.bew),
        (Role::Crew, "Goblin miner", 10)
    );
    // Regular crew now: he moves the gun and does not leave the crew.
    assert_eq!(game.game.movers(&game.table, kanone), [10]);
    assert!(
        game.edit(ConfrontationEdit::ReleaseAuxiliary(joined.id))
            .unwrap_err()
            .contains("regular crew stay")
    );
    let problems = game.game.problems(&game.table);
    assert!(problems.is_empty(), "{problems:?}");
}

/// Text lines 304-312: capture when no figure of the side holding the
/// machine is within 10 cm and at least BES qualified figures touch it; the
/// captor's auxiliaries serve it; recapture under the same conditions
/// removes the captor's crew card.
#[test]
fn capture_and_recapture() {
    let mut game = example_game();
    crew_leave(&mut game);
    game.add_figure(21, "Thallion", Point::new(25.25, 60.0), stats(ZWERGE, 4, 4));
    // A goblin 9.9 cm from the hull blocks it; at 10.1 cm he does not.
    game.add_figure(22, "Goblin guard", Point::new(20.0, 73.65), goblin(GOBLINS));
    let blocked = game
        .game
        .capture_check(&game.table, FELSSPALTER, &[21], true)
        .expect("check");
    let why = blocked.verdict.expect_err("blocked");
    let reason = why.to_string();
    assert!(
        reason.contains("Goblin guard of Goblins is 9.9 cm from Felsspalter"),
        "{reason}"
    );
    // Said in German with its decimal comma; in English as above.
    let lang = |l| {
        feldherr_play::Catalogue::parse("conf", feldherr_confrontation::messages(l)).expect("json")
    };
    assert_eq!(
        lang(feldherr_play::Lang::En).render(&why.message()),
        Some(reason.clone())
    );
    assert_eq!(
        lang(feldherr_play::Lang::De)
            .render(&why.message())
            .as_deref(),
        Some("Goblin guard (Goblins) steht 9,9 cm von Felsspalter entfernt (10 cm oder näher)")
    );
    game.move_piece(22, Point::new(20.0, 73.85));
    let check = game
        .game
        .capture_check(&game.table, FELSSPALTER, &[21], true)
        .expect("check");
    assert_eq!(check.verdict, Ok(()));
    // A figure that does not qualify, or of two sides, is refused by name.
    game.add_figure(
        23,
        "Dwarf slinger",
        Point::new(14.75, 60.0),
        stats(ZWERGE, 2, 2),
    );
    let check = game
        .game
        .capture_check(&game.table, FELSSPALTER, &[23], true)
        .expect("check");
    assert!(
        check.captors[0]
            .verdict
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("Dwarf slinger")
    );
    assert!(
        check
            .verdict
            .unwrap_err()
            .to_string()
            .contains("0 qualified figure(s)")
    );
    game.edit(ConfrontationEdit::Capture {
        machine: FELSSPALTER,
        captors: vec![21],
        holders_far: true,
    })
    .expect("captured");
    assert_eq!(game.machine(FELSSPALTER).controller(), ZWERGE);
    // Serving one machine, Thallion captures no second one (a figure is
    // crew of one machine at a time; CI once made him crew of two).
    let second = game
        .game
        .capture_check(&game.table, BALLISTA, &[21], true)
        .expect("check");
    assert_eq!(
        second.captors[0].verdict,
        Err(feldherr_confrontation::game::CaptorRefusal::AlreadyCrew {
            name: "Thallion".into(),
            machine: "Felsspalter".into(),
        }),
        "{:?}",
        game.game.machine(BALLISTA).map(|m| m.controller())
    );
    // The goblins take it back: a goblin Thallion-like figure touches it,
    // and no dwarf stands within 10 cm of it... except the captor himself.
    game.add_figure(
        24,
        "Goblin veteran",
        Point::new(20.0, 56.25),
        stats(GOBLINS, 3, 3),
    );
    let blocked = game
        .game
        .capture_check(&game.table, FELSSPALTER, &[24], true)
        .expect("check");
    assert!(
        blocked
            .verdict
            .unwrap_err()
            .to_string()
            .contains("Thallion of Zwerge")
    );
    game.move_piece(21, Point::new(45.0, 60.0));
    game.move_piece(23, Point::new(0.0, 100.0));
    game.edit(ConfrontationEdit::Capture {
        machine: FELSSPALTER,
        captors: vec![24],
        holders_far: true,
    })
    .expect("recaptured");
    let gun = game.machine(FELSSPALTER);
    assert_eq!((gun.held_by, gun.controller()), (None, GOBLINS));
    // The dwarf's crew card is gone; the goblin serves as auxiliary.
    let crew: Vec<(Option<u64>, Role)> = game
        .game
        .crew_of(FELSSPALTER)
        .filter(|c| c.role == Role::Auxiliary)
        .map(|c| (c.piece, c.role))
        .collect();
    assert_eq!(crew, [(Some(24), Role::Auxiliary)]);
    // A machine without BES (its crew is part of it) is not captured (PC9).
    let panzer = game
        .game
        .capture_check(&game.table, PANZER, &[24], true)
        .expect("check");
    assert!(
        panzer
            .verdict
            .unwrap_err()
            .to_string()
            .contains("no BES on its card")
    );
    let problems = game.game.problems(&game.table);
    assert!(problems.is_empty(), "{problems:?}");
}

/// Text line 496: a frightened mobile machine with GEW stops at once,
/// drops its speed marker and fires no shot until it rallies; line 502:
/// immobile machines take no tests, their crew do (line 504).
#[test]
fn fear_stops_a_heavy_machine_and_its_shots_until_it_rallies() {
    let mut game = example_game();
    let mut state = game.machine(PANZERWAGEN).state.clone();
    state.speed_marker = true;
    game.edit(ConfrontationEdit::SetMachineState {
        machine: PANZERWAGEN,
        state,
    })
    .expect("marker");
    // Courage: MUT 5 against fear 8: a 2 fails (2 + 5 < 8).
    let test = game
        .game
        .morale_inputs(
            &game.table,
            Subject::Machine(PANZERWAGEN),
            MoraleTest::Courage,
            8,
        )
        .expect("test");
    let id = game.resolve(test, &[&[2]]);
    assert!(
        game.game
            .resolution(id)
            .expect("resolution")
            .resolution()
            .log()
            .iter()
            .any(|l| l.text == "MUT test: 2 + MUT 5 = 7 < 8: fails")
    );
    game.apply_result(id);
    let wagon = game.machine(PANZERWAGEN);
    assert!(wagon.state.frightened && !wagon.state.speed_marker && wagon.state.stopped);
    activate(&mut game, PANZERWAGEN, ZWERGE);
    let drive = game
        .edit(ConfrontationEdit::DriveMachine {
            machine: PANZERWAGEN,
            path: vec![Point::new(20.0, 20.0), Point::new(30.0, 20.0)],
            take_marker: false,
            movers: None,
        })
        .unwrap_err();
    assert!(drive.contains("frightened"), "{drive}");
    // The Panzer, frightened, fires no shot.
    game.edit(ConfrontationEdit::SetFrightened {
        machine: PANZER,
        frightened: true,
    })
    .expect("frightened");
    assert_eq!(
        game.game
            .shot_inputs(&game.table, &order(PANZER, super::support::GOBLIN_B)),
        Err(ShotProblem::Frightened)
    );
    // Rallying: DIS 4 against 5: a 2 passes.
    let rally = game
        .game
        .morale_inputs(
            &game.table,
            Subject::Machine(PANZERWAGEN),
            MoraleTest::Rally,
            5,
        )
        .expect("rally");
    let id = game.resolve(rally, &[&[2]]);
    game.apply_result(id);
    assert!(!game.machine(PANZERWAGEN).state.frightened);
    // Immobile machines take no tests; their crew with their own values.
    let err = game
        .game
        .morale_inputs(
            &game.table,
            Subject::Machine(FELSSPALTER),
            MoraleTest::Courage,
            8,
        )
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("Felsspalter: immobile machines take no MUT or DIS tests"),
        "{err}"
    );
    let err = game
        .game
        .morale_inputs(&game.table, Subject::Crew(GUIGNE), MoraleTest::Courage, 8)
        .unwrap_err()
        .to_string();
    assert!(err.contains("Guigne: no MUT on its card"), "{err}");
    // Only crew touching a fear-causing creature test (line 506).
    let mut troll = FigureStats::new(9, ZWERGE);
    troll.abilities = vec![feldherr_confrontation::game::FigureAbility::Angst(7)];
    game.add_figure(40, "Troll", Point::new(20.0, 66.25), troll);
    assert_eq!(
        game.game.crew_to_test(&game.table, FELSSPALTER, 40),
        [GRIZHOU_CREW]
    );
}

/// Text lines 660-662: a Mechaniker repairs at the end of the round the
/// machine he was deployed with, touching it and no enemy; once a round.
#[test]
fn a_mechaniker_repairs_his_own_machine_touching_it() {
    let mut game = example_game();
    let mut state = game.machine(FELSSPALTER).state.clone();
    state.sp_lost = 2;
    game.edit(ConfrontationEdit::SetMachineState {
        machine: FELSSPALTER,
        state,
    })
    .expect("damaged");
    to_phase(&mut game, Phase::End);
    // Guigne is no Mechaniker.
    let err = game
        .game
        .repair_inputs(&game.table, FELSSPALTER, GUIGNE)
        .unwrap_err()
        .to_string();
    assert!(err.contains("Guigne: no Mechaniker"), "{err}");
    // Grizhou (Mechaniker/4) touches it: a 4 gives 1 SP back.
    let repair = game
        .game
        .repair_inputs(&game.table, FELSSPALTER, GRIZHOU_CREW)
        .expect("repair");
    let id = game.resolve(repair, &[&[4]]);
    game.apply_result(id);
    assert_eq!(game.machine(FELSSPALTER).state.sp_lost, 1);
    // Once a round (C10).
    assert!(
        game.game
            .repair_inputs(&game.table, FELSSPALTER, GRIZHOU_CREW)
            .unwrap_err()
            .to_string()
            .contains("one repair attempt")
    );
    // Walked off, he does not repair (next round).
    game.edit(ConfrontationEdit::EndRound {
        touching: Vec::new(),
    })
    .expect("round 2");
    to_phase(&mut game, Phase::End);
    game.move_piece(GRIZHOU, Point::new(20.0, 80.0));
    let err = game
        .game
        .repair_inputs(&game.table, FELSSPALTER, GRIZHOU_CREW)
        .unwrap_err()
        .to_string();
    assert!(err.contains("Grizhou does not touch Felsspalter"), "{err}");
}

/// Text lines 664-672: at deployment a Minenleger lays one mine and one
/// decoy within 20 cm of his machine, a Pionier a barricade (WK 10, X SP);
/// a decoy does nothing; a barricade can be hit.
#[test]
fn mines_decoys_and_barricades_are_laid_at_deployment() {
    let mut table = ConfrontationGame::default_table();
    let rect = OrientedRect::new(Point::new(20.0, 60.0), 5.0, 8.0, Angle::ZERO).expect("rect");
    let marker = |id, name: &str, kind: &str, at: Point| {
        Piece::new(
            id,
            name,
            kind,
            Layer::Marker,
            Shape::Circle(Circle::new(at, 1.0).expect("circle")),
        )
    };
    let barricade = Piece::new(
        6,
        "Barricade",
        "barricade",
        Layer::Terrain,
        Shape::Rect(
            OrientedRect::new(Point::new(40.0, 70.0), 2.0, 10.0, Angle::ZERO).expect("rect"),
        ),
    );
    for p in [
        Piece::new(
            1,
            "Felsspalter",
            "war_machine",
            Layer::Model,
            Shape::Rect(rect),
        ),
        marker(2, "Mine", "mine", Point::new(34.0, 60.0)),
        marker(3, "Decoy", "decoy", Point::new(34.0, 50.0)),
        marker(4, "Far mine", "mine", Point::new(60.0, 60.0)),
        marker(5, "Second mine", "mine", Point::new(30.0, 50.0)),
        barricade,
    ] {
        table.apply(TableEdit::Add(p)).expect("piece");
    }
    let mut game = Example {
        table,
        game: ConfrontationGame::new_game(),
    };
    game.edit(ConfrontationEdit::DeployMachine {
        card: card("Felsspalter"),
        side: GOBLINS,
    })
    .expect("deployed");
    game.edit(ConfrontationEdit::LinkMachinePiece {
        machine: Id(1),
        piece: Some(1),
    })
    .expect("linked");
    let (salpetre, adh, henn) = (Id(2), Id(4), Id(5));
    let lay = |crew, piece, kind| ConfrontationEdit::LayMarker { crew, piece, kind };
    let far = game.edit(lay(salpetre, 4, MarkerKind::Mine)).unwrap_err();
    assert!(
        far.contains("Far mine") && far.contains("at most 20 cm"),
        "{far}"
    );
    game.edit(lay(salpetre, 2, MarkerKind::Mine)).expect("mine");
    game.edit(lay(salpetre, 3, MarkerKind::Decoy))
        .expect("decoy");
    let second = game.edit(lay(salpetre, 5, MarkerKind::Mine)).unwrap_err();
    assert!(
        second.contains("Salpetre: laid its mine already"),
        "{second}"
    );
    let no = game.edit(lay(henn, 5, MarkerKind::Mine)).unwrap_err();
    assert!(no.contains("Henn: no Minenleger"), "{no}");
    game.edit(lay(adh, 6, MarkerKind::Barricade))
        .expect("barricade");
    assert_eq!(game.game.markers[&6].sp, 3);
    // Play begins: no more markers; the decoy does nothing; the barricade
    // is a target with WK 10 and 3 SP.
    game.edit(ConfrontationEdit::NextPhase).expect("start");
    game.edit(ConfrontationEdit::NextPhase).expect("movement");
    let err = game
        .game
        .mine_inputs(&game.table, 3)
        .unwrap_err()
        .to_string();
    assert!(err.contains("Decoy: a decoy; nothing happens"), "{err}");
    let models = game.game.table_models(&game.table).expect("models");
    let b = models
        .iter()
        .find(|m| m.source.piece == Some(6))
        .expect("the barricade is a target");
    assert_eq!(b.model.victim.res, 10);
    let problems = game.game.problems(&game.table);
    assert!(problems.is_empty(), "{problems:?}");
}

/// Text line 634: figures leaving a vehicle may move on but neither run,
/// charge nor shoot that round; they leave only while its card is
/// activated (line 624).
#[test]
fn figures_leaving_a_vehicle_do_not_charge_that_round() {
    let mut game = example_game();
    game.add_figure(50, "Dwarf", Point::new(13.75, 20.0), goblin(ZWERGE));
    let mut rider = Passenger::new("Dwarf", Size::Small, 3);
    rider.piece = Some(50);
    game.edit(ConfrontationEdit::Board {
        machine: PANZERWAGEN,
        passenger: rider,
        side: Some(FacingArc::Rear),
        moving: false,
    })
    .expect("boards");
    let leave = ConfrontationEdit::Leave {
        machine: PANZERWAGEN,
        passenger: 0,
        side: Some(FacingArc::Rear),
        stop: false,
    };
    let early = game.edit(leave.clone()).unwrap_err();
    assert!(
        early.contains("only while its card is activated"),
        "{early}"
    );
    activate(&mut game, PANZERWAGEN, ZWERGE);
    game.edit(leave).expect("leaves");
    assert!(game.game.round.figures[&50].left_vehicle);
    let report = game
        .game
        .charge(
            &game.table,
            &ChargeOrder {
                charger: Charger::Figure(50),
                target: FELSSPALTER,
                from: Point::new(13.75, 20.0),
                first_sight: None,
            },
        )
        .expect("report");
    assert_eq!(
        report.allowed,
        Err(ChargeRefusal::LeftVehicle("Dwarf".into()))
    );
}

#[test]
fn a_machine_changes_sides_only_at_deployment() {
    let mut game = example_game();
    let err = game
        .edit(ConfrontationEdit::SetMachineSide {
            machine: PANZER,
            side: GOBLINS,
        })
        .unwrap_err();
    assert!(err.contains("only in the deployment"), "{err}");
}

/// Text lines 616 and 640: a figure inside a vehicle is no target; when
/// the vehicle is destroyed each passenger takes a wound of STR = its RES,
/// which reaches the figure, and a survivor neither moves nor charges that
/// round.
#[test]
fn passengers_are_no_targets_and_survive_the_wreck_shaken() {
    let mut game = example_game();
    game.add_figure(50, "Dwarf", Point::new(13.75, 20.0), goblin(ZWERGE));
    let mut rider = Passenger::new("Dwarf", Size::Small, 3);
    rider.piece = Some(50);
    game.edit(ConfrontationEdit::Board {
        machine: PANZERWAGEN,
        passenger: rider,
        side: Some(FacingArc::Rear),
        moving: false,
    })
    .expect("boards");
    let models = game.game.table_models(&game.table).expect("models");
    assert!(models.iter().all(|m| m.source.piece != Some(50)));
    let mut state = game.machine(PANZERWAGEN).state.clone();
    state.sp_lost = 8;
    game.edit(ConfrontationEdit::SetMachineState {
        machine: PANZERWAGEN,
        state,
    })
    .expect("destroyed");
    let inputs = game.game.passenger_inputs(PANZERWAGEN).expect("wounds");
    // 1 + 2 + 14 - 3 = 14: critical.
    let id = game.resolve(
        feldherr_confrontation::ConfrontationKind::Passengers(inputs),
        &[&[1, 2]],
    );
    game.apply_result(id);
    assert_eq!(
        game.game.wound(50),
        feldherr_confrontation::WoundLevel::Critical
    );
    assert!(game.game.round.figures[&50].wreck_survivor);
    let report = game
        .game
        .charge(
            &game.table,
            &ChargeOrder {
                charger: Charger::Figure(50),
                target: FELSSPALTER,
                from: Point::new(13.75, 20.0),
                first_sight: None,
            },
        )
        .expect("report");
    assert_eq!(
        report.allowed,
        Err(ChargeRefusal::WreckSurvivor("Dwarf".into()))
    );
}

/// Text line 262: a crew figure that moved this round more than turning
/// the machine does not serve it.
#[test]
fn crew_that_moved_do_not_serve() {
    let mut game = example_game();
    game.move_piece(GRIZHOU, Point::new(20.0, 80.0));
    game.edit(ConfrontationEdit::SetCrew {
        crew: HENN,
        in_contact: false,
        engaged: false,
        fleeing: false,
    })
    .expect("Henn walks off");
    game.edit(ConfrontationEdit::CrewMoved {
        crew: GUIGNE,
        moved: true,
    })
    .expect("Guigne ran over");
    assert!(matches!(
        game.game.shot_inputs(&game.table, &order(FELSSPALTER, super::support::GOBLIN_A)),
        Err(ShotProblem::Other(e)) if e.contains("0 figure(s) serve the machine, BES needs 1")
    ));
    // He did not serve it: his own weapon is free (text line 408).
    assert_eq!(game.game.crew_may_shoot(&game.table, GUIGNE), Ok(()));
}
