//! The app's scenario tests, ported to the game's own API with the same
//! assertions: every kind of resolution driven with given dice.

use feldherr_confrontation::game::{
    FigureStats, InstabilInputs, MarkerKind, Phase, ShotProblem, SteamInputs,
};
use feldherr_confrontation::{
    ConfrontationEdit, ConfrontationKind, DamageRoll, Impetus, MachineCard, MechanicalAbility,
    Motion, Passenger, Size, SteamMarkers, WoundLevel,
};
use feldherr_dice::step::Answer;
use feldherr_play::{Game, Id, SavedResolution};
use feldherr_table::geometry::{FacingArc, Point};

use super::support::{
    BALLISTA, FELSSPALTER, FIXTURE, GOBLIN_A, GOBLIN_B, GOBLIN_C, GOBLINS, GRIZHOU, GUIGNE, HENN,
    MINE, PANZER, PANZER_PIECE, PANZERWAGEN, SALPETRE, ZWERGE, build, example_game, goblin, order,
    to_phase,
};

#[test]
fn the_fixture_is_the_example_game() {
    let built = build();
    if std::env::var_os("FELDHERR_BLESS").is_some() {
        let text = serde_json::to_string_pretty(&built).expect("json");
        std::fs::write(FIXTURE, text + "\n").expect("write fixture");
    }
    assert_eq!(example_game(), built);
    let problems = built.game.problems(&built.table);
    assert!(problems.is_empty(), "{problems:?}");
}

#[test]
fn a_heavy_zone_shot_hits_everyone_under_the_template_and_costs_the_machine_sp() {
    let mut game = example_game();
    let inputs = game
        .game
        .shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_B))
        .expect("shot");
    // The Felsspalter's own piece is not among the models; the target is Goblin B.
    assert_eq!(inputs.shooter, Point::new(20.0, 60.0));
    assert_eq!(inputs.models[inputs.target].victim.name, "Goblin B");
    assert!(inputs.refs.iter().all(|r| r.piece != Some(1)));
    assert_eq!(
        (inputs.strength, inputs.difficulty, inputs.die_modifier),
        (10, 5, 0)
    );
    // Guigne fires it (FER 3, the best of those serving it).
    assert_eq!(inputs.gunner.as_deref(), Some("Guigne"));
    // FER 4 + 3 >= 5: on target. Under the template (10 cm across, on B at
    // (73, 60)): Goblin A 3 cm away is hit on 3+ (rolls 3, wound 3, 4);
    // Goblin B takes the direct hit (wound 1, 2); the Panzer's hull 3 cm
    // away is hit on 3+ (rolls 5) and rolls 2 and 5 at STR 10 vs RES 14.
    let id = game.resolve(
        ConfrontationKind::Shot(inputs),
        &[&[4], &[3], &[3, 4], &[1, 2], &[5], &[2, 5]],
    );
    let lost = DamageRoll::new(10, 14)
        .expect("roll")
        .evaluate(&[2, 5])
        .expect("faces")
        .sp_lost;
    assert!(lost > 0, "the example must cost SP");
    game.edit(ConfrontationEdit::ApplyResult(id))
        .expect("applied");
    let panzer = game.machine(PANZER);
    assert_eq!(panzer.state.sp_lost, lost);
    assert_eq!(panzer.sp_history, vec![8, 8 - lost]);
    assert!(game.game.resolution(id).expect("resolution").applied());
    // The wounds reach the figures (C8, PC5): A 3+4+10-3 = 14, critical;
    // B 1+2+10-3 = 10, serious.
    assert_eq!(game.game.wound(GOBLIN_A), WoundLevel::Critical);
    assert_eq!(game.game.wound(GOBLIN_B), WoundLevel::Serious);
    // It fired this round (PC7).
    assert!(game.machine(FELSSPALTER).state.fired);
    let again = game.edit(ConfrontationEdit::ApplyResult(id)).unwrap_err();
    // Named by its title, not by its id (issue #27).
    assert!(again.contains("is applied already"), "{again}");
    assert_eq!(game.machine(PANZER).state.sp_lost, lost);
}

#[test]
fn a_zone_shot_that_misses_lands_where_the_deviation_says() {
    let mut game = example_game();
    let inputs = game
        .game
        .shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_C))
        .expect("shot");
    // FER 1 + 3 < 5 would jam (a natural 1), so a 6 then a 1: a fumble, missed.
    // Deviation: 4 cm (face 1) straight away from the shooter: (94, 60);
    // direction face 1. Goblin C rolls 2 for its hit on 3+: spared.
    let id = game.resolve(
        ConfrontationKind::Shot(inputs),
        &[&[6], &[1], &[1], &[1], &[2]],
    );
    let text = game.text(id);
    assert!(text.contains("deviated 4 cm"), "{text}");
    assert!(text.contains("Goblin C: not hit"), "{text}");
    // The overlay's data: aimed at Goblin C, landed 4 cm beyond, C spared.
    let saved = game.game.resolution(id).expect("resolution");
    let shot = saved.kind().shot().expect("a shot");
    let outcome = match saved.outcome() {
        Some(feldherr_confrontation::ConfrontationOutcome::Shot(s)) => s,
        other => panic!("a shot outcome, got {other:?}"),
    };
    let overlay = shot.overlay(Some(outcome));
    assert_eq!(overlay.aimed_at, Some(Point::new(90.0, 60.0)));
    assert_eq!(overlay.target_piece, Some(GOBLIN_C));
    assert_eq!(overlay.template_radius_cm, Some(5.0));
    assert_eq!(overlay.deviation, Some((4.0, 1)));
    let landed = overlay.landed_at.expect("landed");
    assert!(
        landed.distance_to(Point::new(94.0, 60.0)) < 1e-9,
        "{landed:?}"
    );
    assert!(
        overlay
            .models
            .iter()
            .any(|m| m.piece == Some(GOBLIN_C) && m.result.is_none())
    );
}

#[test]
fn shots_refused_with_the_reason() {
    let mut game = example_game();
    // The Felsspalter's minimum range is 20 cm.
    game.move_piece(GOBLIN_A, Point::new(30.0, 60.0));
    assert_eq!(
        game.game
            .shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_A)),
        Err(ShotProblem::TooClose {
            distance: 10.0,
            min: 20.0
        })
    );
    game.move_piece(GOBLIN_A, Point::new(115.0, 60.0));
    assert_eq!(
        game.game
            .shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_A)),
        Err(ShotProblem::OutOfRange {
            distance: 95.0,
            range: 90.0
        })
    );
    // The Ballista, served, stands for no piece.
    game.edit(ConfrontationEdit::SetCrew {
        crew: Id(1),
        in_contact: true,
        engaged: false,
        fleeing: false,
    })
    .expect("crew");
    assert_eq!(
        game.game
            .shot_inputs(&game.table, &order(BALLISTA, GOBLIN_B)),
        Err(ShotProblem::NoLink)
    );
    // No target, or a piece that is not a model.
    let mut no_target = order(FELSSPALTER, MINE);
    assert_eq!(
        game.game.shot_inputs(&game.table, &no_target),
        Err(ShotProblem::NoTarget)
    );
    no_target.target = None;
    assert_eq!(
        game.game.shot_inputs(&game.table, &no_target),
        Err(ShotProblem::NoTarget)
    );
    // Nobody serving the Felsspalter: BES 1 is not met (C3).
    let mut unserved = game.clone();
    for crew in [GUIGNE, HENN] {
        unserved
            .edit(ConfrontationEdit::SetCrew {
                crew,
                in_contact: false,
                engaged: false,
                fleeing: false,
            })
            .expect("crew");
    }
    // Grizhou stands touching it on the table: he serves until he walks off.
    assert!(
        unserved
            .game
            .shot_inputs(&unserved.table, &order(FELSSPALTER, GOBLIN_B))
            .is_ok()
    );
    unserved.move_piece(GRIZHOU, Point::new(20.0, 80.0));
    assert!(matches!(
        unserved.game.shot_inputs(&unserved.table, &order(FELSSPALTER, GOBLIN_B)),
        Err(ShotProblem::Other(e)) if e.contains("(C3)") && e.contains("BES needs 1")
    ));
    // An immobile machine cannot move and fire (text line 260).
    let mut moved = game.clone();
    let mut state = moved.machine(FELSSPALTER).state.clone();
    state.motion = Motion::Moved;
    moved
        .edit(ConfrontationEdit::SetMachineState {
            machine: FELSSPALTER,
            state,
        })
        .expect("state");
    assert_eq!(
        moved
            .game
            .shot_inputs(&moved.table, &order(FELSSPALTER, GOBLIN_B)),
        Err(ShotProblem::Moved)
    );
    // A figure without RES is named.
    game.edit(ConfrontationEdit::SetFigureStats {
        piece: GOBLIN_C,
        stats: None,
    })
    .expect("forget");
    assert!(matches!(
        game.game.shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_B)),
        Err(ShotProblem::Other(e)) if e.contains("Goblin C") && e.contains("RES not set")
    ));
    // A jam (a natural 1) is applied: no more shots this round.
    game.edit(ConfrontationEdit::SetFigureStats {
        piece: GOBLIN_C,
        stats: Some(goblin(GOBLINS)),
    })
    .expect("stats");
    let inputs = game
        .game
        .shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_B))
        .expect("shot");
    let id = game.resolve(ConfrontationKind::Shot(inputs), &[&[1]]);
    game.edit(ConfrontationEdit::ApplyResult(id))
        .expect("applied");
    assert!(game.machine(FELSSPALTER).state.jammed);
    assert_eq!(
        game.game
            .shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_B)),
        Err(ShotProblem::Jammed)
    );
}

#[test]
fn a_penetrating_shot_runs_down_the_line_until_it_sticks() {
    let mut game = example_game();
    // The Panzer (heavy, penetrating, STR 12, range 80) at (80, 60) faces
    // west and fires at Goblin B (73, 60); behind it stand Goblin A (70, 60)
    // and the Felsspalter (20, 60).
    let inputs = game
        .game
        .shot_inputs(&game.table, &order(PANZER, GOBLIN_B))
        .expect("shot");
    // FER 4: hit. B: 6+5+12-3 = 20, killed; A: 20, killed (heavy: no STR
    // lost); the Felsspalter rolls 2 and 5 at STR 12 vs RES 12 and survives.
    let id = game.resolve(
        ConfrontationKind::Shot(inputs),
        &[&[4], &[6, 5], &[6, 5], &[2, 5]],
    );
    let text = game.text(id);
    assert!(text.starts_with("on target; Goblin B (STR 12)"), "{text}");
    assert!(text.contains("Goblin A (STR 12)"), "{text}");
    assert!(text.contains("Felsspalter (STR 12)"), "{text}");
    assert!(text.ends_with("the shot is stuck"), "{text}");
    let lost = DamageRoll::new(12, 12)
        .expect("roll")
        .evaluate(&[2, 5])
        .expect("faces")
        .sp_lost;
    game.edit(ConfrontationEdit::ApplyResult(id))
        .expect("applied");
    assert_eq!(game.machine(FELSSPALTER).state.sp_lost, lost);
    assert_eq!(game.machine(PANZER).state.sp_lost, 0);
}

#[test]
fn ramming_orders_the_victims_met_when_driving_on() {
    let game = example_game();
    // The text's first example: Ramme/3 after 23 cm: STR 9.
    let inputs = game
        .game
        .ramming_inputs(
            &game.table,
            PANZERWAGEN,
            Impetus::Distance(23.0),
            &[GOBLIN_C],
            &[PANZER_PIECE, GOBLIN_B, GOBLIN_C],
        )
        .expect("ramming");
    let names: Vec<&str> = inputs.beyond.iter().map(|v| v.name.as_str()).collect();
    // Nearest to the Panzerwagen (20, 20) first; Goblin C is already in front.
    assert_eq!(names, ["Goblin B", "Panzer"]);
    assert_eq!(inputs.refs.len(), 3);
    assert_eq!(inputs.refs[2].machine, Some(PANZER));
    let resolver = inputs.resolver().expect("resolver");
    assert_eq!(resolver.0.strength(), 9);
    // A machine without Ramme, or a piece that is not a model, is refused.
    let no_ram = game.game.ramming_inputs(
        &game.table,
        PANZER,
        Impetus::Distance(10.0),
        &[GOBLIN_A],
        &[],
    );
    assert!(no_ram.unwrap_err().to_string().contains("Ramme"));
    let not_model = game.game.ramming_inputs(
        &game.table,
        PANZERWAGEN,
        Impetus::Distance(10.0),
        &[MINE],
        &[],
    );
    assert!(not_model.unwrap_err().to_string().contains("piece 8"));
    // Nobody in front: no collision.
    let empty =
        game.game
            .ramming_inputs(&game.table, PANZERWAGEN, Impetus::Distance(10.0), &[], &[]);
    assert!(empty.unwrap_err().to_string().contains("front"));
}

#[test]
fn ramming_through_a_figure_into_a_machine() {
    let mut game = example_game();
    let inputs = game
        .game
        .ramming_inputs(
            &game.table,
            PANZERWAGEN,
            Impetus::Distance(23.0),
            &[GOBLIN_B],
            &[PANZER_PIECE],
        )
        .expect("ramming");
    // STR 9: Goblin B 6+6+9-3 = 18, killed; drive on; the Panzer rolls 2, 5.
    let saved = SavedResolution::with_answers(
        Id(1),
        ConfrontationKind::Ramming(inputs.clone()),
        vec![
            Answer::Dice(vec![6, 6]),
            Answer::Choice(1),
            Answer::Dice(vec![2, 5]),
        ],
        false,
    );
    saved.expect("answers fit");
    game.edit(ConfrontationEdit::AddResolution(
        ConfrontationKind::Ramming(inputs),
    ))
    .expect("added");
    for answer in [
        Answer::Dice(vec![6, 6]),
        Answer::Choice(1),
        Answer::Dice(vec![2, 5]),
    ] {
        game.edit(ConfrontationEdit::Answer {
            resolution: Id(1),
            answer,
        })
        .expect("answer fits");
    }
    let lost = DamageRoll::new(9, 14)
        .expect("roll")
        .evaluate(&[2, 5])
        .expect("faces")
        .sp_lost;
    game.edit(ConfrontationEdit::ApplyResult(Id(1)))
        .expect("applied");
    assert_eq!(game.machine(PANZER).state.sp_lost, lost);
    // The fix: Goblin B, killed, is marked dead.
    assert!(game.game.is_dead(GOBLIN_B));
}

#[test]
fn pressure_rolls_carry_their_markers_to_the_next_roll_and_explode() {
    let mut game = example_game();
    let roll = |game: &super::support::Example| {
        ConfrontationKind::Steam(SteamInputs {
            machine: FELSSPALTER,
            dice: 1,
            markers: game.machine(FELSSPALTER).state.steam,
            characteristic: None,
        })
    };
    // A 1 is an incident; the incident die shows 2: overheat.
    let kind = roll(&game);
    let first = game.resolve(kind, &[&[1], &[2]]);
    game.edit(ConfrontationEdit::ApplyResult(first))
        .expect("applied");
    assert_eq!(
        game.machine(FELSSPALTER).state.steam,
        SteamMarkers {
            overheat: true,
            ..SteamMarkers::default()
        }
    );
    // A second overheat reads as 1: the boiler explodes.
    let kind = roll(&game);
    let second = game.resolve(kind, &[&[1], &[2]]);
    let text = game.text(second);
    assert!(text.contains("explosion"), "{text}");
    game.edit(ConfrontationEdit::ApplyResult(second))
        .expect("applied");
    let m = game.machine(FELSSPALTER);
    assert!(m.state.destroyed && m.state.steam.exploded);
    assert_eq!(m.sp_history.last(), Some(&0));
    // The blast: STR 10 on everyone within 5 cm of the machine's outline:
    // Grizhou (touching it) but not Goblin A (47.75 cm away).
    let blast = game
        .game
        .explosion_inputs(&game.table, FELSSPALTER)
        .expect("blast");
    let names: Vec<&str> = blast.victims.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["Grizhou"]);
}

#[test]
fn a_mine_hits_every_model_within_ten_centimetres() {
    let mut game = example_game();
    // Mine 1 at (34, 60): the Felsspalter's hull 9 cm away is within 10 cm;
    // Grizhou 12.2 cm away is not.
    let hits = game.game.mine_inputs(&game.table, MINE).expect("mine");
    let names: Vec<&str> = hits.victims.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["Felsspalter"]);
    assert_eq!(hits.strength, 6);
    // Goblin C walks up to it (within 5 cm sets it off) and is caught too.
    game.move_piece(GOBLIN_C, Point::new(38.0, 60.0));
    let hits = game.game.mine_inputs(&game.table, MINE).expect("mine");
    let names: Vec<&str> = hits.victims.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["Felsspalter", "Goblin C"]);
    // It goes off once: the applied result spends it (C10).
    let id = game.resolve(ConfrontationKind::Hits(hits), &[&[1, 2], &[6, 6]]);
    game.edit(ConfrontationEdit::ApplyResult(id))
        .expect("applied");
    assert!(game.game.markers[&MINE].spent);
    let again = game.game.mine_inputs(&game.table, MINE).unwrap_err();
    assert!(again.to_string().contains("went off already"), "{again}");
    // Goblin C: 6 + 6 + 6 - 3 = 15, critical.
    assert_eq!(game.game.wound(GOBLIN_C), WoundLevel::Critical);
}

#[test]
fn passengers_board_by_the_rules_and_suffer_when_the_vehicle_is_destroyed() {
    let mut game = example_game();
    // Passengers leave while the vehicle's card is activated.
    game.edit(ConfrontationEdit::Activate {
        machine: PANZERWAGEN,
        side: ZWERGE,
    })
    .expect("activated");
    let board = |name: &str, size: Size, side: Option<FacingArc>| ConfrontationEdit::Board {
        machine: PANZERWAGEN,
        passenger: Passenger::new(name, size, 4),
        side,
        moving: false,
    };
    // Transport/4, rear access: a large figure (3 places) from the rear.
    game.edit(board("Ogre", Size::Large, Some(FacingArc::Rear)))
        .expect("boards");
    // A normal figure needs 2 places: 1 is free.
    let full = game
        .edit(board("Goblin", Size::Normal, Some(FacingArc::Rear)))
        .unwrap_err();
    assert!(full.contains("needs 2 places, 1 free"), "{full}");
    // The side door does not exist; a moving vehicle takes nobody.
    let side = game
        .edit(board("Imp", Size::Small, Some(FacingArc::Left)))
        .unwrap_err();
    assert!(side.contains("access"), "{side}");
    let moving = ConfrontationEdit::Board {
        machine: PANZERWAGEN,
        passenger: Passenger::new("Imp", Size::Small, 4),
        side: Some(FacingArc::Rear),
        moving: true,
    };
    assert!(game.edit(moving).unwrap_err().contains("stand still"));
    let mut rider = Passenger::new("Rider", Size::Small, 4);
    rider.cavalry = true;
    let cavalry = ConfrontationEdit::Board {
        machine: PANZERWAGEN,
        passenger: rider,
        side: Some(FacingArc::Rear),
        moving: false,
    };
    assert!(game.edit(cavalry).unwrap_err().contains("cavalry"));
    game.edit(board("Imp", Size::Small, Some(FacingArc::Rear)))
        .expect("boards");
    // Leaving needs the access side too.
    let leave = |side| ConfrontationEdit::Leave {
        machine: PANZERWAGEN,
        passenger: 1,
        side: Some(side),
        stop: false,
    };
    assert!(game.edit(leave(FacingArc::Front)).is_err());
    game.edit(leave(FacingArc::Rear)).expect("leaves");
    assert_eq!(game.machine(PANZERWAGEN).passengers.len(), 1);
    // Its passengers are safe while the vehicle stands.
    assert!(game.game.passenger_inputs(PANZERWAGEN).is_err());
    // The vehicle is destroyed: each passenger takes a wound at its RES 14.
    let mut state = game.machine(PANZERWAGEN).state.clone();
    state.sp_lost = 8;
    state.destroyed = true;
    game.edit(ConfrontationEdit::SetMachineState {
        machine: PANZERWAGEN,
        state,
    })
    .expect("destroyed");
    let inputs = game.game.passenger_inputs(PANZERWAGEN).expect("wounds");
    assert_eq!(inputs.vehicle_res, 14);
    let id = game.resolve(ConfrontationKind::Passengers(inputs), &[&[1, 2]]);
    let text = game.text(id);
    // 1 + 2 + 14 - 4 = 13: critical (P13).
    assert!(text.starts_with("Ogre: critical"), "{text}");
    game.edit(ConfrontationEdit::ApplyResult(id))
        .expect("applied");
    assert!(game.machine(PANZERWAGEN).passengers.is_empty());
}

#[test]
fn machines_referred_to_are_kept_and_no_id_changes() {
    let mut game = example_game();
    let inputs = game
        .game
        .shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_A))
        .expect("shot");
    game.edit(ConfrontationEdit::AddResolution(ConfrontationKind::Shot(
        inputs,
    )))
    .expect("added");
    // The shot refers to the Felsspalter (firing) and the Panzer (a model).
    for referred in [FELSSPALTER, PANZER] {
        let err = game
            .edit(ConfrontationEdit::RemoveMachine(referred))
            .unwrap_err();
        assert!(err.contains(": a resolution refers to it"), "{err}");
    }
    game.edit(ConfrontationEdit::RemoveMachine(BALLISTA))
        .expect("removed");
    let shot = game.game.resolutions[0].kind().shot().expect("a shot");
    assert_eq!(shot.machine, FELSSPALTER);
    assert!(shot.refs.iter().any(|r| r.machine == Some(PANZER)));
    assert_eq!(game.machine(PANZER).id, PANZER);
    let problems = game.game.problems(&game.table);
    assert!(problems.is_empty(), "{problems:?}");
    // A new machine does not take a removed machine's id while a higher one
    // is in use, and never renumbers the others.
    game.edit(ConfrontationEdit::AddMachine(super::support::card(
        "Ballista",
    )))
    .expect("added");
    assert_eq!(game.game.machines.last().expect("machine").id, Id(5));
}

#[test]
fn figure_stats_and_links_are_checked() {
    let mut game = example_game();
    let bad = ConfrontationEdit::SetFigureStats {
        piece: GOBLIN_A,
        stats: Some(FigureStats::new(120, GOBLINS)),
    };
    let err = game.edit(bad).unwrap_err();
    assert!(err.contains("RES: 120"), "{err}");
    let taken = ConfrontationEdit::LinkMachinePiece {
        machine: BALLISTA,
        piece: Some(PANZER_PIECE),
    };
    let err = game.edit(taken).unwrap_err();
    assert!(err.contains("stands on this piece already"), "{err}");
    let missing = ConfrontationEdit::LinkMachinePiece {
        machine: BALLISTA,
        piece: Some(99),
    };
    assert!(game.edit(missing).unwrap_err().contains("piece 99"));
    // A damaged file: stats out of range are reported with their piece.
    let mut broken = goblin(GOBLINS);
    broken.ini = 40;
    game.game.figures.insert(GOBLIN_B, broken);
    let problems: Vec<String> = game
        .game
        .problems(&game.table)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        problems
            .iter()
            .any(|p| p.contains("figures[4]") && p.contains("INI: 40")),
        "{problems:?}"
    );
}

#[test]
fn instabil_rolls_again_after_each_loss_and_costs_the_machine_sp() {
    let mut game = example_game();
    let mut spec = game.machine(PANZER).card.spec().clone();
    spec.abilities.push(MechanicalAbility::Instabil(4));
    let card = MachineCard::new(spec).expect("card");
    game.edit(ConfrontationEdit::UpdateMachineCard {
        machine: PANZER,
        card,
    })
    .expect("card saved");
    // Instabil rolls at the end of the round.
    to_phase(&mut game, Phase::End);
    let kind = game.game.instabil_inputs(PANZER).expect("Instabil");
    assert_eq!(
        kind,
        ConfrontationKind::Instabil(InstabilInputs {
            machine: PANZER,
            x: 4,
            sp_left: 8,
        })
    );
    // 4 and 6 are X or more: 1 SP each, and roll again; a 3 ends it.
    let id = game.resolve(kind, &[&[4], &[6], &[3]]);
    assert_eq!(game.text(id), "2 SP lost, 6 SP left");
    game.edit(ConfrontationEdit::ApplyResult(id))
        .expect("applied");
    assert_eq!(game.machine(PANZER).state.sp_lost, 2);
    // Instabil X outside 2 to 6 is refused, naming it.
    let bad = SavedResolution::new(
        Id(9),
        ConfrontationKind::Instabil(InstabilInputs {
            machine: PANZER,
            x: 7,
            sp_left: 6,
        }),
    );
    assert!(bad.unwrap_err().to_string().contains("Instabil X"));
}

#[test]
fn mines_are_laid_within_20_cm_and_set_off_within_5_cm() {
    let mut game = example_game();
    // Mine 1, laid by Salpetre 9 cm from the Felsspalter at deployment.
    let status = game.game.mine_status(&game.table);
    assert_eq!(status.len(), 1);
    let layer = status[0].layer.clone().expect("a mine layer");
    assert_eq!(layer.name, "Felsspalter");
    assert_eq!(layer.machine, FELSSPALTER);
    assert!(
        (layer.distance_cm - 9.0).abs() < 1e-9,
        "{}",
        layer.distance_cm
    );
    assert!(status[0].placement_ok && !status[0].decoy && !status[0].spent);
    assert_eq!(status[0].laid_by, Some(SALPETRE));
    assert!(status[0].triggered_by.is_empty());
    // Moved next to it (7 cm from its hull), with Goblin C 0.75 cm away.
    // Any model within 5 cm sets it off, the machine itself included.
    game.move_piece(MINE, Point::new(32.0, 60.0));
    game.move_piece(GOBLIN_C, Point::new(35.0, 60.0));
    let status = game.game.mine_status(&game.table);
    let layer = status[0].layer.clone().expect("a mine layer");
    assert!(
        (layer.distance_cm - 7.0).abs() < 1e-9,
        "{}",
        layer.distance_cm
    );
    assert!(status[0].placement_ok);
    assert_eq!(status[0].triggered_by, ["Goblin C"]);
    assert_eq!(status[0].triggered_pieces, [GOBLIN_C]);
    game.move_piece(MINE, Point::new(28.0, 60.0));
    let status = game.game.mine_status(&game.table);
    assert_eq!(status[0].triggered_by, ["Felsspalter", "Goblin C"]); // 2.0 and 4.75 cm
    // Mines are laid at deployment only (C10).
    let late = game
        .edit(ConfrontationEdit::LayMarker {
            crew: SALPETRE,
            piece: MINE,
            kind: MarkerKind::Mine,
        })
        .unwrap_err();
    assert!(late.contains("deployment"), "{late}");
    // Without a machine that lays mines there is nobody to have laid it.
    game.edit(ConfrontationEdit::RemoveMachine(FELSSPALTER))
        .expect("removed");
    let status = game.game.mine_status(&game.table);
    assert!(status[0].layer.is_none() && !status[0].placement_ok);
    assert!(game.game.markers.is_empty());
}

#[test]
fn a_damage_roll_against_a_machine_is_applied_once() {
    let mut game = example_game();
    // The text's example: RES 14, STR 10, dice 3 and 5: 1 SP.
    let kind = ConfrontationKind::Damage {
        strength: 10,
        resilience: 14,
        sacred: false,
        machine: Some(PANZERWAGEN),
    };
    let id = game.resolve(kind, &[&[3, 5]]);
    assert_eq!(game.game.effects(id).expect("effects").len(), 1);
    game.edit(ConfrontationEdit::ApplyResult(id))
        .expect("applied");
    assert_eq!(game.machine(PANZERWAGEN).state.sp_lost, 1);
    // Applied: neither answers nor removal any more.
    assert!(game.edit(ConfrontationEdit::TakeBack(id)).is_err());
    assert!(game.edit(ConfrontationEdit::RemoveResolution(id)).is_err());
    // A free-standing roll has nothing to apply to.
    let free = game.resolve(
        ConfrontationKind::Damage {
            strength: 10,
            resilience: 14,
            sacred: false,
            machine: None,
        },
        &[&[3, 5]],
    );
    assert!(game.edit(ConfrontationEdit::ApplyResult(free)).is_err());
    game.edit(ConfrontationEdit::RemoveResolution(free))
        .expect("removed");
    assert!(game.game.resolution(free).is_none());
}
