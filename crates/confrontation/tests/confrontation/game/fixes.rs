//! The fixes of issue 9: dead figures, paths over other models (P36), the
//! corrected C10 repair, the C3 movers, and problems named by path.

use feldherr_confrontation::game::{FigureStats, Phase, ShotProblem};
use feldherr_confrontation::{
    ConfrontationEdit, ConfrontationGame, ConfrontationKind, MovePath, MoveViolation,
};
use feldherr_play::{Game, Id, PlayError, SavedResolution};
use feldherr_table::geometry::{Angle, Circle, Point, Polyline, Shape, Unit};
use feldherr_table::{Layer, Piece, TableEdit};

use super::support::{
    ADH, Example, FELSSPALTER, GOBLIN_A, GOBLIN_B, GOBLINS, GRIZHOU_CREW, PANZER, PANZERWAGEN,
    SALPETRE, ZWERGE, example_game, order, to_phase,
};

fn problems(game: &Example) -> Vec<String> {
    game.game
        .problems(&game.table)
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn the_system_its_table_rules_and_its_g2_table() {
    assert_eq!(ConfrontationGame::SYSTEM, "confrontation");
    let table = ConfrontationGame::default_table();
    assert_eq!((table.width(), table.depth()), (120.0, 120.0));
    let rules = ConfrontationGame::table_rules();
    assert_eq!(rules.unit, Unit::Centimetre);
    // The crate owns its rules (G2): terrain, markers (mines) and models.
    let ids: Vec<&str> = rules.types.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "building",
            "wall",
            "rubble",
            "objective",
            "deployment_zone",
            "barricade",
            "mine",
            "decoy",
            "war_machine",
            "figure",
            "large_figure"
        ]
    );
    assert!(rules.placement.is_none());
}

#[test]
fn a_figure_killed_by_an_applied_result_is_dead_and_can_be_removed() {
    let mut game = example_game();
    let inputs = game
        .game
        .shot_inputs(&game.table, &order(PANZER, GOBLIN_B))
        .expect("shot");
    // B and A killed (20 each), the Felsspalter survives.
    let id = game.resolve(
        ConfrontationKind::Shot(inputs),
        &[&[4], &[6, 5], &[6, 5], &[2, 5]],
    );
    // Not before the result is applied (P20).
    assert!(!game.game.is_dead(GOBLIN_A));
    game.edit(ConfrontationEdit::ApplyResult(id))
        .expect("applied");
    assert!(game.game.is_dead(GOBLIN_A) && game.game.is_dead(GOBLIN_B));
    // Never a target again, nor among the models of a new resolution.
    assert_eq!(
        game.game
            .shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_A)),
        Err(ShotProblem::NoTarget)
    );
    let models = game.game.table_models(&game.table).expect("models");
    assert!(models.iter().all(|m| m.source.piece != Some(GOBLIN_A)));
    let problems_before = problems(&game);
    assert!(problems_before.is_empty(), "{problems_before:?}");
    // It can be taken off the table; its stats and mark go with it.
    game.edit(ConfrontationEdit::RemoveFigure(GOBLIN_A))
        .expect("removed");
    assert!(game.table.piece(GOBLIN_A).is_none());
    assert!(!game.game.figures.contains_key(&GOBLIN_A));
    assert!(!game.game.is_dead(GOBLIN_A));
    // A machine's piece is not a figure.
    let err = game.edit(ConfrontationEdit::RemoveFigure(1)).unwrap_err();
    assert!(err.contains("stands for machine #2"), "{err}");
}

#[test]
fn c10_a_repair_at_full_sp_is_refused_with_the_reason() {
    let mut game = example_game();
    // Repairs are made at the end of the round (mana recovery, C10).
    let early = game
        .edit(ConfrontationEdit::AddResolution(
            ConfrontationKind::Repair {
                machine: PANZER,
                x: 4,
                start_sp: 8,
                lost: 2,
            },
        ))
        .unwrap_err();
    assert!(early.contains("end of the round"), "{early}");
    to_phase(&mut game, Phase::End);
    let repair = |lost| ConfrontationKind::Repair {
        machine: PANZER,
        x: 4,
        start_sp: 8,
        lost,
    };
    // The Panzer has all its 8 SP: the game edit refuses, naming C10.
    let err = game
        .game
        .apply(
            &ConfrontationEdit::AddResolution(repair(0)),
            &mut game.table.clone(),
        )
        .unwrap_err();
    match &err {
        PlayError::Refused { reason, rule, .. } => {
            assert!(reason.contains("only a damaged machine"), "{reason}");
            assert_eq!(rule.as_deref(), Some("C10"));
        }
        other => panic!("refused, got {other:?}"),
    }
    // A saved repair at full SP does not load either.
    assert!(SavedResolution::new(Id(1), repair(0)).is_err());
    // Damaged by 2: the attempt is made, a 5 gives 1 SP back.
    let mut state = game.machine(PANZER).state.clone();
    state.sp_lost = 2;
    game.edit(ConfrontationEdit::SetMachineState {
        machine: PANZER,
        state,
    })
    .expect("state");
    let id = game.resolve(repair(2), &[&[5]]);
    game.edit(ConfrontationEdit::ApplyResult(id))
        .expect("applied");
    let m = game.machine(PANZER);
    assert_eq!(m.state.sp_lost, 1);
    assert!(m.state.repair_tried);
    // Once per round (C10).
    let again = game
        .edit(ConfrontationEdit::AddResolution(repair(1)))
        .unwrap_err();
    assert!(again.contains("one repair attempt"), "{again}");
}

#[test]
fn sp_come_back_only_if_the_machine_is_not_destroyed() {
    let mut game = example_game();
    to_phase(&mut game, Phase::End);
    let mut state = game.machine(PANZER).state.clone();
    state.sp_lost = 2;
    game.edit(ConfrontationEdit::SetMachineState {
        machine: PANZER,
        state,
    })
    .expect("state");
    let id = game.resolve(
        ConfrontationKind::Repair {
            machine: PANZER,
            x: 4,
            start_sp: 8,
            lost: 2,
        },
        &[&[6]],
    );
    // Destroyed before the result is applied: the SP stay lost.
    let mut state = game.machine(PANZER).state.clone();
    state.sp_lost = 8;
    game.edit(ConfrontationEdit::SetMachineState {
        machine: PANZER,
        state,
    })
    .expect("state");
    game.edit(ConfrontationEdit::ApplyResult(id))
        .expect("applied");
    assert_eq!(game.machine(PANZER).state.sp_lost, 8);
    assert!(game.machine(PANZER).state.destroyed);
}

#[test]
fn p21_a_path_over_another_models_base_is_flagged() {
    let mut game = example_game();
    // A goblin in the way of the Panzerwagen (20, 20), 5 x 8 cm facing east.
    let goblin = Piece::new(
        20,
        "Goblin D",
        "figure",
        Layer::Model,
        Shape::Circle(Circle::new(Point::new(40.0, 20.0), 1.25).expect("circle")),
    );
    game.table.apply(TableEdit::Add(goblin)).expect("added");
    let m = game.machine(PANZERWAGEN);
    let rules = MovePath::new(&m.card, &m.state, Angle::ZERO, false).expect("rules");
    // Driving 30 cm east runs over it.
    let through = [Point::new(20.0, 20.0), Point::new(50.0, 20.0)];
    let report = game
        .game
        .check_path(&game.table, PANZERWAGEN, &rules, &through)
        .expect("a leg")
        .expect("checked");
    assert_eq!(report.crossed, [20]);
    assert!(!report.check.is_legal());
    let crossing = report
        .check
        .violations
        .iter()
        .find(|v| matches!(v, MoveViolation::CrossesModel { .. }))
        .expect("flagged");
    assert_eq!(crossing.rule(), "P36");
    assert_eq!(report.legs.len(), 1);
    assert_eq!(report.legs[0].violations, std::slice::from_ref(crossing));
    // Stopping short of it (the hull's front at 38 cm, its base from
    // 38.75 cm) is legal.
    let short = [Point::new(20.0, 20.0), Point::new(34.0, 20.0)];
    let report = game
        .game
        .check_path(&game.table, PANZERWAGEN, &rules, &short)
        .expect("a leg")
        .expect("checked");
    assert!(
        report.crossed.is_empty() && report.check.is_legal(),
        "{report:?}"
    );
    // A dead figure is no obstacle.
    game.game.dead.insert(20);
    let report = game
        .game
        .check_path(&game.table, PANZERWAGEN, &rules, &through)
        .expect("a leg")
        .expect("checked");
    assert!(report.crossed.is_empty());
    // One point is no path yet.
    assert!(
        game.game
            .check_path(&game.table, PANZERWAGEN, &rules, &through[..1])
            .is_none()
    );
}

#[test]
fn p21_check_among_on_its_own() {
    let game = example_game();
    let m = game.machine(PANZERWAGEN);
    let rules = MovePath::new(&m.card, &m.state, Angle::ZERO, false).expect("rules");
    let path = Polyline::new(vec![
        Point::new(0.0, 0.0),
        Point::new(20.0, 0.0),
        Point::new(34.0, 14.0),
    ])
    .expect("path");
    let beside = Shape::Circle(Circle::new(Point::new(10.0, 5.0), 1.0).expect("circle"));
    let ahead = Shape::Circle(Circle::new(Point::new(29.0, 9.0), 1.0).expect("circle"));
    let check = rules
        .check_among(&path, 5.0, 8.0, &[beside, ahead])
        .expect("checked");
    // The one beside the first leg is 1.5 cm clear of the hull; the one on
    // the second leg is run over.
    assert_eq!(
        check.violations,
        [MoveViolation::CrossesModel {
            segment: 1,
            model: 1
        }]
    );
    assert!(rules.check_among(&path, 0.0, 8.0, &[]).is_err());
}

#[test]
fn c3_movers_leave_out_engaged_and_fleeing_crew_and_are_capped() {
    let mut game = example_game();
    // The Felsspalter: GEW 10, five crew of BEW 10; Guigne and Henn touch it
    // (stated), Grizhou stands touching it on the table: three movers,
    // X = 10 - 2 - 2 = 6, 4 cm (8 running).
    let allowance = game
        .game
        .crew_allowance(&game.table, FELSSPALTER)
        .expect("a mover")
        .expect("allowed");
    assert_eq!(
        (allowance.penalty, allowance.walk_cm, allowance.run_cm),
        (6, 4, 8)
    );
    for crew in [SALPETRE, ADH] {
        game.edit(ConfrontationEdit::SetCrew {
            crew,
            in_contact: true,
            engaged: false,
            fleeing: false,
        })
        .expect("crew");
    }
    assert_eq!(game.game.movers(&game.table, FELSSPALTER).len(), 5);
    // Guigne is engaged, Salpetre flees: three movers (C3).
    game.edit(ConfrontationEdit::SetCrewStatus {
        machine: FELSSPALTER,
        engaged: vec![0],
        fleeing: vec![1],
        contact_limit: None,
    })
    .expect("crew");
    assert_eq!(game.game.movers(&game.table, FELSSPALTER).len(), 3);
    // Grizhou on the table: an enemy touching him engages him.
    let dwarf = Piece::new(
        21,
        "Dwarf",
        "figure",
        Layer::Model,
        Shape::Circle(Circle::new(Point::new(20.0, 66.25), 1.25).expect("circle")),
    );
    game.table.apply(TableEdit::Add(dwarf)).expect("added");
    game.edit(ConfrontationEdit::SetFigureStats {
        piece: 21,
        stats: Some(FigureStats::new(4, ZWERGE)),
    })
    .expect("stats");
    let grizhou = game.game.crew_figure(GRIZHOU_CREW).expect("crew").clone();
    let status = game.game.crew_status(&game.table, &grizhou);
    assert!(status.measured && status.in_contact && status.engaged);
    let m = game.game.movers(&game.table, FELSSPALTER);
    assert_eq!(m.len(), 2);
    let allowance = game
        .game
        .crew_allowance(&game.table, FELSSPALTER)
        .expect("movers")
        .expect("allowed");
    assert_eq!((allowance.penalty, allowance.walk_cm), (8, 2));
    // Only one figure may touch it (an explanation card): one mover.
    game.edit(ConfrontationEdit::SetCrewStatus {
        machine: FELSSPALTER,
        engaged: vec![0],
        fleeing: vec![1],
        contact_limit: Some(1),
    })
    .expect("crew");
    assert_eq!(game.game.movers(&game.table, FELSSPALTER).len(), 1);
    // By its size (very large) 8 may touch it (PC3).
    game.edit(ConfrontationEdit::SetCrewStatus {
        machine: FELSSPALTER,
        engaged: vec![0],
        fleeing: vec![1],
        contact_limit: None,
    })
    .expect("crew");
    assert_eq!(game.game.max_contact(FELSSPALTER), 8);
    // Engaged crew do not serve either (C3): with all engaged, BES 1 fails.
    game.edit(ConfrontationEdit::SetCrewStatus {
        machine: FELSSPALTER,
        engaged: vec![0, 1, 3, 4],
        fleeing: Vec::new(),
        contact_limit: None,
    })
    .expect("crew");
    assert!(game.game.crew_allowance(&game.table, FELSSPALTER).is_none());
    assert!(matches!(
        game.game.shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_B)),
        Err(ShotProblem::Other(e)) if e.contains("(C3)")
    ));
    // A crew index the machine does not have is refused, naming it.
    let err = game
        .edit(ConfrontationEdit::SetCrewStatus {
            machine: FELSSPALTER,
            engaged: vec![7],
            fleeing: Vec::new(),
            contact_limit: None,
        })
        .unwrap_err();
    assert!(err.contains("engaged[0]") && err.contains('7'), "{err}");
}

#[test]
fn problems_name_every_broken_reference_and_bound() {
    let mut game = example_game();
    let felsspalter = game
        .game
        .machines
        .iter_mut()
        .find(|m| m.id == FELSSPALTER)
        .expect("machine");
    felsspalter.state.sp_lost = 9;
    let panzer = game
        .game
        .machines
        .iter_mut()
        .find(|m| m.id == PANZER)
        .expect("machine");
    panzer.piece = Some(1);
    let ballista = game
        .game
        .machines
        .iter_mut()
        .find(|m| m.id == Id(1))
        .expect("machine");
    ballista.piece = Some(77);
    game.game.figures.insert(55, FigureStats::new(3, GOBLINS));
    game.table
        .apply(TableEdit::Move {
            id: GOBLIN_A,
            to: Point::new(1.0e7, 60.0),
        })
        .expect("move");
    let found = problems(&game);
    let has = |path: &str, words: &str| {
        assert!(
            found
                .iter()
                .any(|p| p.starts_with(path) && p.contains(words)),
            "{path} / {words}: {found:?}"
        );
    };
    has("machines[1].state", "Felsspalter has 5 SP");
    has("machines[3].piece", "piece 1 also stands for machines[1]");
    has("machines[0].piece", "piece 77 is not on the table");
    has("figures[55]", "piece 55 is not on the table");
    has("table.pieces[3]", "far off any table");
    game.game.dead.insert(66);
    let found = problems(&game);
    assert!(
        found
            .iter()
            .any(|p| p.starts_with("dead[66]") && p.contains("not on the table")),
        "{found:?}"
    );
    // A resolution referring to a machine that is gone.
    let mut broken = example_game();
    broken
        .edit(ConfrontationEdit::AddResolution(
            ConfrontationKind::Damage {
                strength: 10,
                resilience: 14,
                sacred: false,
                machine: Some(PANZERWAGEN),
            },
        ))
        .expect("added");
    broken.game.machines.retain(|m| m.id != PANZERWAGEN);
    let found = problems(&broken);
    assert!(
        found
            .iter()
            .any(|p| p.starts_with("resolutions[0]") && p.contains("machine #3 does not exist")),
        "{found:?}"
    );
}

#[test]
fn a_saved_game_refuses_unknown_fields_and_replays_on_load() {
    let mut game = example_game();
    let inputs = game
        .game
        .shot_inputs(&game.table, &order(PANZER, GOBLIN_B))
        .expect("shot");
    let id = game.resolve(
        ConfrontationKind::Shot(inputs),
        &[&[4], &[6, 5], &[6, 5], &[2, 5]],
    );
    game.edit(ConfrontationEdit::ApplyResult(id))
        .expect("applied");
    let json = serde_json::to_value(&game.game).expect("json");
    let back: ConfrontationGame = serde_json::from_value(json.clone()).expect("loads");
    assert_eq!(back, game.game);
    assert!(back.resolution(id).expect("resolution").outcome().is_some());
    let mut extra = json.clone();
    extra["machines"][0]["colour"] = serde_json::json!("red");
    let err = serde_json::from_value::<ConfrontationGame>(extra).unwrap_err();
    assert!(err.to_string().contains("colour"), "{err}");
    // A saved answer that does not fit fails the load.
    let mut bad = json;
    bad["resolutions"][0]["answers"][0] = serde_json::json!({"dice": [9]});
    assert!(serde_json::from_value::<ConfrontationGame>(bad).is_err());
}
