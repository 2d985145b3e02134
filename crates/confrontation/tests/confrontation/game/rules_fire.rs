//! The text's rules of fire and movement in play: the field of fire and the
//! gunner's view (180 degrees), shots into a melee, a zone shot shown step
//! by step, a shot's difficulty changed before its FER die, moving and
//! running machines firing, light artillery carried by its owner, direct
//! wounds, Unaufhaltsam's closed flanks, missing penalties, collision and
//! stop, counter-fire refused inside the minimum range and fired with
//! penetrating ammunition.

use feldherr_confrontation::game::{
    ChargeOrder, ChargeRefusal, Charger, FigureStats, ShotOrder, ShotProblem, Subject,
};
use feldherr_confrontation::{
    ConfrontationEdit, ConfrontationKind, ConfrontationOutcome, FireResult, MachineCard,
    MechanicalAbility, WoundLevel,
};
use feldherr_dice::step::{Answer, Prompt};
use feldherr_play::{Game, Id};
use feldherr_table::geometry::{Angle, Circle, FacingArc, OrientedRect, Point, Shape};
use feldherr_table::{Layer, Piece, TableEdit};

use super::support::{
    Example, FELSSPALTER, GOBLIN_A, GOBLIN_B, GOBLIN_C, GOBLINS, GRIZHOU, GRIZHOU_CREW, GUIGNE,
    HENN, PANZER, PANZER_PIECE, PANZERWAGEN, ZWERGE, card, example_game, goblin, order,
};

fn angle(degrees: f64) -> Angle {
    Angle::from_degrees(degrees).expect("angle")
}

/// Text line 386: only targets in the 180 degree field of fire ahead of
/// the weapon; a turret mount (an explanation card) turns freely.
#[test]
fn the_field_of_fire_is_the_180_degrees_ahead() {
    let mut game = example_game();
    // The Panzer faces west; Goblin C stands east of it, behind.
    match game.game.shot_inputs(&game.table, &order(PANZER, GOBLIN_C)) {
        Err(ShotProblem::OutOfArc { bearing }) => {
            assert!((bearing.abs() - 180.0).abs() < 1e-9, "{bearing}")
        }
        other => panic!("out of arc, got {other:?}"),
    }
    // Goblin B ahead of it is fine.
    assert!(
        game.game
            .shot_inputs(&game.table, &order(PANZER, GOBLIN_B))
            .is_ok()
    );
    // A turret mount.
    let mut spec = game.machine(PANZER).card.spec().clone();
    spec.turret = true;
    game.edit(ConfrontationEdit::UpdateMachineCard {
        machine: PANZER,
        card: MachineCard::new(spec).expect("card"),
    })
    .expect("card");
    assert!(
        game.game
            .shot_inputs(&game.table, &order(PANZER, GOBLIN_C))
            .is_ok()
    );
}

/// Text line 390: an immobile machine sees through the figure firing it:
/// crew touching it, no enemy; the target in its view.
#[test]
fn an_immobile_machine_sees_through_its_gunner() {
    let mut game = example_game();
    // Guigne stands south of the gun, touching it, facing south; Henn
    // walks off. Grizhou (no facing on the table) still sees everything.
    let guigne = Piece::new(
        11,
        "Guigne",
        "figure",
        Layer::Model,
        Shape::Circle(Circle::new(Point::new(20.0, 56.25), 1.25).expect("circle")),
    )
    .with_facing(angle(-90.0));
    game.table.apply(TableEdit::Add(guigne)).expect("piece");
    game.edit(ConfrontationEdit::SetFigureStats {
        piece: 11,
        stats: Some(goblin(GOBLINS)),
    })
    .expect("stats");
    game.edit(ConfrontationEdit::LinkCrewPiece {
        crew: GUIGNE,
        piece: Some(11),
    })
    .expect("linked");
    game.edit(ConfrontationEdit::SetCrew {
        crew: HENN,
        in_contact: false,
        engaged: false,
        fleeing: false,
    })
    .expect("Henn");
    let mut guigne_fires = order(FELSSPALTER, GOBLIN_A);
    guigne_fires.gunner = Some(GUIGNE);
    match game.game.shot_inputs(&game.table, &guigne_fires) {
        Err(ShotProblem::OutOfView { gunner, bearing }) => {
            assert_eq!(gunner, "Guigne");
            assert!(bearing > 90.0 && bearing < 95.0, "{bearing}");
        }
        other => panic!("out of Guigne's view, got {other:?}"),
    }
    // Left to the game, Grizhou fires (FER not printed: the order's).
    let inputs = game
        .game
        .shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_A))
        .expect("shot");
    assert_eq!(inputs.gunner.as_deref(), Some("Grizhou"));
    // Without a FER anywhere the game refuses.
    let mut unknown = order(FELSSPALTER, GOBLIN_A);
    unknown.fer = None;
    unknown.gunner = Some(GRIZHOU_CREW);
    assert_eq!(
        game.game.shot_inputs(&game.table, &unknown),
        Err(ShotProblem::NoGunner)
    );
}

/// Text line 372: a shot at an immobile machine touched by its crew (or by
/// enemies) is a shot into a melee; the players say whom it hits (PC11).
#[test]
fn a_shot_into_a_melee_asks_whom_it_hits() {
    let mut game = example_game();
    // Clear the line: the goblins step aside.
    game.move_piece(GOBLIN_A, Point::new(70.0, 90.0));
    game.move_piece(GOBLIN_B, Point::new(73.0, 90.0));
    let inputs = game
        .game
        .shot_inputs(&game.table, &order(PANZER, 1))
        .expect("shot at the Felsspalter");
    let names: Vec<&str> = inputs
        .melee
        .iter()
        .map(|i| inputs.models[*i].victim.name.as_str())
        .collect();
    assert_eq!(names, ["Felsspalter", "Grizhou"]);
    game.edit(ConfrontationEdit::AddResolution(ConfrontationKind::Shot(
        inputs,
    )))
    .expect("added");
    let id = game.game.resolutions.last().expect("shot").id();
    game.edit(ConfrontationEdit::Answer {
        resolution: id,
        answer: Answer::Dice(vec![4]),
    })
    .expect("FER");
    let r = game.game.resolution(id).expect("resolution");
    let Some(Prompt::Choice(choice)) = r.resolution().prompt() else {
        panic!("whom does it hit?")
    };
    assert_eq!(choice.rule.as_deref(), Some("PC11"));
    let labels: Vec<&str> = choice.options.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(labels, ["Felsspalter", "Grizhou"]);
    for answer in [Answer::Choice(1), Answer::Dice(vec![1, 1])] {
        game.edit(ConfrontationEdit::Answer {
            resolution: id,
            answer,
        })
        .expect("answer");
    }
    game.apply_result(id);
    // Grizhou: 1 + 1 + 12 - 3 = 11, critical; the gun untouched.
    assert_eq!(game.game.wound(GRIZHOU), WoundLevel::Critical);
    assert_eq!(game.machine(FELSSPALTER).state.sp_lost, 0);
}

/// A zone shot on the table step by step: the deviation's distance gives
/// the direction die's legend, the direction the template's place, before
/// the models under it are rolled for; the direction die carries its odds.
#[test]
fn a_zone_shot_shows_where_it_lands_as_soon_as_the_dice_say() {
    let mut game = example_game();
    let inputs = game
        .game
        .shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_C))
        .expect("shot");
    game.edit(ConfrontationEdit::AddResolution(ConfrontationKind::Shot(
        inputs,
    )))
    .expect("added");
    let id = game.game.resolutions.last().expect("shot").id();
    let answer = |game: &mut Example, faces: Vec<u32>| {
        game.edit(ConfrontationEdit::Answer {
            resolution: id,
            answer: Answer::Dice(faces),
        })
        .expect("answer");
    };
    // A 6 then a 1: a fumble, missed; nothing lies yet.
    answer(&mut game, vec![6]);
    answer(&mut game, vec![1]);
    let p = game.game.shot_progress(id).expect("progress");
    assert_eq!(p.fire, Some(FireResult::Missed));
    assert!(p.template.is_none() && p.legend.is_empty());
    // The distance: 1, 4 cm; the legend shows where each face lands.
    answer(&mut game, vec![1]);
    let p = game.game.shot_progress(id).expect("progress");
    assert_eq!(p.deviation_cm, Some(4.0));
    assert_eq!(p.legend.len(), 6);
    let face1 = p.legend[0];
    assert_eq!(face1.0, 1);
    assert!(face1.1.distance_to(Point::new(94.0, 60.0)) < 1e-9);
    let face4 = p.legend[3];
    assert!(face4.1.distance_to(Point::new(86.0, 60.0)) < 1e-9);
    // The direction die: its odds and what its faces mean.
    let r = game.game.resolution(id).expect("resolution");
    let Some(Prompt::Roll(request)) = r.resolution().prompt() else {
        panic!("the direction die")
    };
    assert!(
        request.purpose.contains("1 away from the shooter"),
        "{}",
        request.purpose
    );
    assert_eq!(request.odds.len(), 6);
    assert!(
        request
            .odds
            .iter()
            .all(|o| (o.probability - 1.0 / 6.0).abs() < 1e-12)
    );
    assert_eq!(request.odds[3].label, "4: back towards the shooter");
    // Face 1: the template at (94, 60), Goblin C under it, before his roll.
    answer(&mut game, vec![1]);
    let p = game.game.shot_progress(id).expect("progress");
    let (at, radius, level) = p.template.expect("the template lies");
    assert!(at.distance_to(Point::new(94.0, 60.0)) < 1e-9);
    assert_eq!((radius, level), (5.0, 0));
    assert_eq!(p.under, [GOBLIN_C]);
    let r = game.game.resolution(id).expect("resolution");
    let shot = r.kind().shot().expect("shot");
    let overlay = shot.overlay_at(r.answers(), None);
    assert_eq!(overlay.landed_at, Some(at));
    assert_eq!(overlay.under, [GOBLIN_C]);
    // Its prompt says what hits: 3+ (heavy).
    let Some(Prompt::Roll(request)) = r.resolution().prompt() else {
        panic!("Goblin C's roll")
    };
    assert!(request.purpose.ends_with("3+ hits"), "{}", request.purpose);
}

/// A shot's difficulty (the core rules' part) may change until its FER die
/// is rolled; the movement modifiers stay.
#[test]
fn a_shots_difficulty_changes_until_the_fer_die_is_rolled() {
    let mut game = example_game();
    let inputs = game
        .game
        .shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_A))
        .expect("shot");
    game.edit(ConfrontationEdit::AddResolution(ConfrontationKind::Shot(
        inputs,
    )))
    .expect("added");
    let id = game.game.resolutions.last().expect("shot").id();
    game.edit(ConfrontationEdit::SetShotDifficulty {
        resolution: id,
        difficulty: 8,
    })
    .expect("changed");
    let shot = game
        .game
        .resolution(id)
        .expect("resolution")
        .kind()
        .shot()
        .expect("shot")
        .clone();
    assert_eq!(shot.difficulty, 8);
    game.edit(ConfrontationEdit::Answer {
        resolution: id,
        answer: Answer::Dice(vec![4]),
    })
    .expect("FER");
    let err = game
        .edit(ConfrontationEdit::SetShotDifficulty {
            resolution: id,
            difficulty: 5,
        })
        .unwrap_err();
    assert!(err.contains("the FER die is rolled"), "{err}");
}

fn bombarde_game() -> (Example, Id) {
    let mut game = example_game();
    let card: MachineCard = serde_json::from_str(
        r#"{"name": "Bombarde", "mobility": "mobile", "sp": 6, "gew": 6, "res": 12,
            "bew": 20, "fer": 4, "artillery": {"class": "light", "strength": 8,
            "range_cm": 60.0}}"#,
    )
    .expect("card");
    let rect = OrientedRect::new(Point::new(40.0, 100.0), 5.0, 8.0, Angle::ZERO).expect("rect");
    game.table
        .apply(TableEdit::Add(Piece::new(
            30,
            "Bombarde",
            "war_machine",
            Layer::Model,
            Shape::Rect(rect),
        )))
        .expect("piece");
    game.edit(ConfrontationEdit::DeployMachine { card, side: ZWERGE })
        .expect("deployed");
    let id = game.game.machines.last().expect("machine").id;
    game.edit(ConfrontationEdit::LinkMachinePiece {
        machine: id,
        piece: Some(30),
    })
    .expect("linked");
    game.add_figure(31, "Target", Point::new(90.0, 100.0), goblin(GOBLINS));
    game.edit(ConfrontationEdit::Activate {
        machine: id,
        side: ZWERGE,
    })
    .expect("activated");
    (game, id)
}

/// Text lines 396-398: a mobile machine that moved fires at +1, one with
/// GEW that ran at +2; the game knows how it moved and its card's FER.
#[test]
fn a_machine_that_moved_or_ran_fires_harder() {
    for (to, motion_difficulty) in [(50.0, 1), (65.0, 2)] {
        let (mut game, bombarde) = bombarde_game();
        game.edit(ConfrontationEdit::DriveMachine {
            machine: bombarde,
            path: vec![Point::new(40.0, 100.0), Point::new(to, 100.0)],
            take_marker: false,
            movers: None,
        })
        .expect("drives");
        let order = ShotOrder::new(bombarde, 31, 5);
        let inputs = game.game.shot_inputs(&game.table, &order).expect("shot");
        assert_eq!(
            (inputs.fer, inputs.difficulty, inputs.difficulty_modifier),
            (4, 5 + motion_difficulty, motion_difficulty)
        );
    }
}

/// Text line 149: light artillery served by its owner (the Zwergenbombe)
/// has no SP and is destroyed only with its owner (PC4).
#[test]
fn a_light_machine_carried_by_its_owner_goes_with_its_owner() {
    let mut game = example_game();
    let mut bomber = FigureStats::new(4, ZWERGE);
    bomber.fer = Some(3);
    game.add_figure(40, "Bombardier", Point::new(76.0, 70.0), bomber);
    game.edit(ConfrontationEdit::DeployMachine {
        card: card("Zwergenbombe"),
        side: ZWERGE,
    })
    .expect("deployed");
    let bombe = game.game.machines.last().expect("machine").id;
    game.edit(ConfrontationEdit::LinkMachinePiece {
        machine: bombe,
        piece: Some(40),
    })
    .expect("carried");
    let err = game
        .game
        .damage_inputs(bombe, 10, false)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("Zwergenbombe: carried by its owner, it has no SP"),
        "{err}"
    );
    let err = game
        .edit(ConfrontationEdit::DirectWound {
            target: Subject::Machine(bombe),
            wound: WoundLevel::Light,
        })
        .unwrap_err();
    assert!(
        err.contains("Zwergenbombe: has no SP; wound its owner (Bombardier)"),
        "{err}"
    );
    assert!(game.game.problems(&game.table).is_empty());
    // A shot at the Bombardier is a shot at a figure (C8); killed, he takes
    // his bomb with him.
    let inputs = game
        .game
        .shot_inputs(&game.table, &order(PANZER, GOBLIN_B))
        .expect("shot");
    assert!(inputs.models.iter().any(|m| m.victim.name == "Bombardier"
        && matches!(m.victim.kind, feldherr_confrontation::VictimKind::Figure)));
    game.edit(ConfrontationEdit::DirectWound {
        target: Subject::Figure(40),
        wound: WoundLevel::Killed,
    })
    .expect("killed");
    assert!(game.game.is_dead(40));
    assert!(game.machine(bombe).state.destroyed);
    let problems = game.game.problems(&game.table);
    assert!(problems.is_empty(), "{problems:?}");
}

/// Text line 167: a spell's or miracle's direct wound costs a machine 1,
/// 2, 3 or 4 SP; a Resistent one is immune (line 588); a figure's wounds
/// add up (PC5).
#[test]
fn direct_wounds_cost_machines_one_to_four_sp() {
    let mut game = example_game();
    let mut lost = 0;
    for (wound, sp) in [
        (WoundLevel::Light, 1),
        (WoundLevel::Serious, 2),
        (WoundLevel::Critical, 3),
    ] {
        game.edit(ConfrontationEdit::DirectWound {
            target: Subject::Machine(PANZER),
            wound,
        })
        .expect("wounded");
        lost += sp;
        assert_eq!(game.machine(PANZER).state.sp_lost, lost);
    }
    game.edit(ConfrontationEdit::DirectWound {
        target: Subject::Machine(PANZER),
        wound: WoundLevel::Killed,
    })
    .expect("SOFORT TOT: 4 SP");
    let panzer = game.machine(PANZER);
    assert!(panzer.state.destroyed && panzer.state.sp_lost == 8);
    // Resistent.
    let mut spec = game.machine(PANZERWAGEN).card.spec().clone();
    spec.abilities.push(MechanicalAbility::Resistent);
    game.edit(ConfrontationEdit::UpdateMachineCard {
        machine: PANZERWAGEN,
        card: MachineCard::new(spec).expect("card"),
    })
    .expect("card");
    let err = game
        .edit(ConfrontationEdit::DirectWound {
            target: Subject::Machine(PANZERWAGEN),
            wound: WoundLevel::Light,
        })
        .unwrap_err();
    assert!(err.contains("Panzerwagen: Resistent"), "{err}");
    // A figure: light and light make serious.
    for _ in 0..2 {
        game.edit(ConfrontationEdit::DirectWound {
            target: Subject::Figure(GOBLIN_A),
            wound: WoundLevel::Light,
        })
        .expect("wounded");
    }
    assert_eq!(game.game.wound(GOBLIN_A), WoundLevel::Serious);
}

/// Text lines 642-652: with a speed marker an Unaufhaltsam machine is
/// closed to charges from the flanks and the rear unless STR exceeds its
/// RES; charged frontally it takes no charge penalty, and a rammer hits
/// back (Ramme/3, BEW 20: STR 12, the text's example 2); it may stop.
#[test]
fn unaufhaltsam_closes_its_flanks_and_rear_to_the_weak() {
    let mut game = example_game();
    let mut state = game.machine(PANZERWAGEN).state.clone();
    state.speed_marker = true;
    game.edit(ConfrontationEdit::SetMachineState {
        machine: PANZERWAGEN,
        state,
    })
    .expect("marker");
    let mut weak = goblin(GOBLINS);
    weak.str = Some(10);
    game.add_figure(40, "Goblin", Point::new(14.75, 20.0), weak);
    let charge = |piece| ChargeOrder {
        charger: Charger::Figure(piece),
        target: PANZERWAGEN,
        from: Point::new(0.0, 20.0),
        first_sight: None,
    };
    let report = game.game.charge(&game.table, &charge(40)).expect("report");
    assert_eq!(report.arc, FacingArc::Rear);
    assert_eq!(
        report.allowed,
        Err(ChargeRefusal::ClosedSide {
            arc: FacingArc::Rear,
            strength: 10,
            res: 14
        })
    );
    // STR 15 exceeds RES 14.
    let mut strong = goblin(GOBLINS);
    strong.str = Some(15);
    game.edit(ConfrontationEdit::SetFigureStats {
        piece: 40,
        stats: Some(strong),
    })
    .expect("stats");
    assert_eq!(
        game.game
            .charge(&game.table, &charge(40))
            .expect("report")
            .allowed,
        Ok(())
    );
    // From the front: open, no penalty for the machine, a collision of 12.
    game.move_piece(40, Point::new(25.25, 20.0));
    let report = game.game.charge(&game.table, &charge(40)).expect("report");
    assert_eq!(report.arc, FacingArc::Front);
    assert_eq!(report.allowed, Ok(()));
    assert!(!report.penalties_apply);
    assert_eq!(report.collision, Some(12));
    // A charger whose STR the game does not know, from the flank.
    game.add_figure(41, "Goblin 2", Point::new(20.0, 23.75), goblin(GOBLINS));
    assert_eq!(
        game.game
            .charge(&game.table, &charge(41))
            .expect("report")
            .allowed,
        Err(ChargeRefusal::UnknownStrength)
    );
    // It stops: the marker goes, no more movement this phase.
    game.edit(ConfrontationEdit::StopMachine(PANZERWAGEN))
        .expect("stops");
    assert!(!game.machine(PANZERWAGEN).state.speed_marker);
    game.edit(ConfrontationEdit::Activate {
        machine: PANZERWAGEN,
        side: ZWERGE,
    })
    .expect("activated");
    let err = game
        .edit(ConfrontationEdit::DriveMachine {
            machine: PANZERWAGEN,
            path: vec![Point::new(20.0, 20.0), Point::new(30.0, 20.0)],
            take_marker: false,
            movers: None,
        })
        .unwrap_err();
    assert!(err.contains("stopped"), "{err}");
    // Without the marker the charge penalties apply and nobody collides.
    let report = game.game.charge(&game.table, &charge(40)).expect("report");
    assert!(report.penalties_apply && report.collision.is_none());
}

/// Text line 418: no counter-fire at a charger set down inside the
/// minimum range; with penetrating ammunition a natural 1 is a fumble,
/// not a jam (line 448).
#[test]
fn counter_fire_inside_the_minimum_range_and_with_penetrating_shot() {
    let mut game = example_game();
    let mut dwarf = FigureStats::new(3, ZWERGE);
    dwarf.str = Some(4);
    game.add_figure(40, "Dwarf", Point::new(25.25, 60.0), dwarf);
    // Started 30 cm off: set down 15 cm from the Felsspalter, inside 20 cm.
    let report = game
        .game
        .charge(
            &game.table,
            &ChargeOrder {
                charger: Charger::Figure(40),
                target: FELSSPALTER,
                from: Point::new(50.0, 60.0),
                first_sight: None,
            },
        )
        .expect("report");
    assert_eq!(
        report.counter_fire,
        Err(ShotProblem::TooClose {
            distance: 15.0,
            min: 20.0
        })
    );
    // A goblin charges the Panzer (penetrating) from (40, 64).
    game.add_figure(41, "Goblin D", Point::new(75.0, 63.75), goblin(GOBLINS));
    let order = ChargeOrder {
        charger: Charger::Figure(41),
        target: PANZER,
        from: Point::new(40.0, 64.0),
        first_sight: None,
    };
    let kind = game
        .game
        .counter_fire_inputs(&game.table, &order, None, Some(3))
        .expect("counter-fire");
    // A 1: a fumble, no jam (penetrating).
    let id = game.resolve(kind.clone(), &[&[1]]);
    let r = game.game.resolution(id).expect("resolution");
    assert!(matches!(
        r.outcome(),
        Some(ConfrontationOutcome::CounterFire(s)) if s.fire() == FireResult::Missed
    ));
    game.edit(ConfrontationEdit::RemoveResolution(id))
        .expect("removed");
    // A 4: on target; the goblin, set down at (60, 62), takes STR 12:
    // 1 + 1 + 12 - 3 = 11, critical: the shot is stuck in him.
    let id = game.resolve(kind, &[&[4], &[1, 1]]);
    game.apply_result(id);
    assert_eq!(game.game.wound(41), WoundLevel::Critical);
    let panzer = game.machine(PANZER);
    assert!(panzer.state.fired && !panzer.state.jammed);
    assert_eq!(
        game.table.piece(PANZER_PIECE).expect("piece").center(),
        Point::new(80.0, 60.0)
    );
}

/// Text line 586: only a frontal collision counts: the models touching the
/// hull's front edge.
#[test]
fn only_the_models_touching_the_front_edge_are_rammed() {
    let mut game = example_game();
    game.add_figure(40, "In front", Point::new(25.25, 20.0), goblin(GOBLINS));
    game.add_figure(41, "Beside", Point::new(22.0, 23.75), goblin(GOBLINS));
    game.add_figure(42, "Behind", Point::new(14.75, 20.0), goblin(GOBLINS));
    assert_eq!(game.game.front_touches(&game.table, PANZERWAGEN), [40]);
}

/// Text line 736: a pressure roll for a ranged use comes before the FER
/// test; an incident cancels the shot.
#[test]
fn an_incident_of_a_roll_for_the_shot_cancels_it() {
    let mut game = example_game();
    let roll = game
        .game
        .steam_inputs_for(
            FELSSPALTER,
            1,
            Some(feldherr_confrontation::game::Characteristic::Fer),
        )
        .expect("pressure roll");
    // A 1: an incident (3: cracked structure).
    let id = game.resolve(roll, &[&[1], &[3]]);
    game.apply_result(id);
    let gun = game.machine(FELSSPALTER);
    assert!(gun.state.fired && gun.state.steam.cracked);
    assert_eq!(
        game.game
            .shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_A)),
        Err(ShotProblem::Fired)
    );
    // A bonus is kept on FER until the end of the round.
    let mut game = example_game();
    let roll = game
        .game
        .steam_inputs_for(
            FELSSPALTER,
            1,
            Some(feldherr_confrontation::game::Characteristic::Fer),
        )
        .expect("pressure roll");
    let id = game.resolve(roll, &[&[4]]);
    game.apply_result(id);
    assert_eq!(game.machine(FELSSPALTER).state.boosts.len(), 1);
    let inputs = game
        .game
        .shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_A))
        .expect("shot");
    assert_eq!(inputs.fer, 3 + 4);
}
