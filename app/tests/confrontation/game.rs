//! A Confrontation game driven through its document: shots, ramming,
//! pressure rolls, blasts, mines and passengers built from the example
//! table as saved before sides and crew figures
//! (fixtures/confrontation/saved_before_sides.json), answered with given dice,
//! and their results applied to the machines.

use super::conf_mut;
use feldherr::systems::confrontation::{
    ConfrontationEdit, ConfrontationKind, FigureStats, GameMachine, conf,
};
use feldherr_confrontation::game::{ShotInputs, ShotOrder, ShotProblem};
use feldherr_confrontation::{DamageRoll, Impetus, Motion, Passenger, Size, SteamMarkers};
use feldherr_dice::step::{Answer, Prompt};
use feldherr_host::document::{self, Document, DocumentEdit, GameDoc, GameEdit};
use feldherr_host::registry::SystemEdit;
use feldherr_play::{Id, ResolutionKind as _};
use feldherr_table::TableEdit;
use feldherr_table::geometry::{FacingArc, Point};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../fixtures/confrontation/saved_before_sides.json"
);

/// Machine ids of the example game.
const BALLISTA: Id = Id(1);
const FELSSPALTER: Id = Id(2);
const PANZERWAGEN: Id = Id(3);
const PANZER: Id = Id(4);

/// Piece ids of the example table.
const GOBLIN_A: u64 = 3;
const GOBLIN_B: u64 = 4;
const GOBLIN_C: u64 = 5;
const PANZER_PIECE: u64 = 6;
const MINE: u64 = 8;

/// A figure of side A with RES `res` and INI `ini` on the ground.
fn stats(res: i32, ini: i32) -> FigureStats {
    let mut stats = FigureStats::new(res, Id(1));
    stats.ini = ini;
    stats
}

fn example_game() -> GameDoc {
    match document::load(std::path::Path::new(FIXTURE)).expect("fixture loads") {
        Document::Game(game) => game,
        Document::Event(_) => panic!("the fixture is a game"),
    }
}

/// The example as saved before sides, rounds and crew figures loads as
/// PC1 says (round 1's movement phase, Henn touching the Felsspalter), and
/// so does the example document of today; neither reports a problem.
#[test]
fn the_example_documents_load_without_problems() {
    let game = example_game();
    assert!(game.problems().is_empty(), "{:?}", game.problems());
    let henn = conf(&game)
        .crew_of(FELSSPALTER)
        .find(|c| c.name() == "Henn")
        .expect("Henn");
    assert!(henn.in_contact);
    let today = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/documents/confrontation-game.json"
    );
    let Document::Game(today) = document::load(std::path::Path::new(today)).expect("loads") else {
        panic!("a game");
    };
    assert!(today.problems().is_empty(), "{:?}", today.problems());
}

/// Turns piece `id` to face west.
fn face_west(game: &mut GameDoc, id: u64) {
    game.table
        .as_mut()
        .expect("table")
        .apply(TableEdit::Rotate {
            id,
            facing: feldherr_table::geometry::Angle::from_degrees(180.0).expect("angle"),
        })
        .expect("turned");
}

/// Sets whether every crew figure of `machine` touches it.
fn crew_touching(game: &mut GameDoc, machine: Id, first_only: bool, touching: bool) {
    let crew = &mut conf_mut(game).expect("a Confrontation game").crew;
    for (i, c) in crew.iter_mut().filter(|c| c.machine == machine).enumerate() {
        if !first_only || i == 0 {
            c.in_contact = touching;
        }
    }
}

fn machine(game: &GameDoc, id: Id) -> &GameMachine {
    conf(game).machine(id).expect("machine")
}

fn machine_mut(game: &mut GameDoc, id: Id) -> &mut GameMachine {
    conf_mut(game)
        .expect("a Confrontation game")
        .machines
        .iter_mut()
        .find(|m| m.id == id)
        .expect("machine")
}

/// The outcome text of finished resolution `id`.
fn outcome_text(game: &GameDoc, id: Id) -> String {
    conf(game)
        .resolution(id)
        .expect("resolution")
        .resolution()
        .outcome_text()
        .expect("finished")
}

fn shot_inputs(game: &GameDoc, order: &ShotOrder) -> Result<ShotInputs, ShotProblem> {
    conf(game).shot_inputs(&game.table_or_default(), order)
}

fn ramming_inputs(
    game: &GameDoc,
    machine: Id,
    impetus: Impetus,
    front: &[u64],
    beyond: &[u64],
) -> Result<feldherr_confrontation::game::RammingInputs, String> {
    conf(game)
        .ramming_inputs(&game.table_or_default(), machine, impetus, front, beyond)
        .map_err(|e| e.to_string())
}

fn edit(game: &mut GameDoc, edit: GameEdit) -> Result<(), String> {
    let mut doc = Document::Game(game.clone());
    DocumentEdit::Game(edit)
        .apply(&mut doc)
        .map_err(|e| e.to_string())?;
    if let Document::Game(g) = doc {
        *game = g;
    }
    Ok(())
}

/// Adds `kind` as a new resolution, answers its prompts from `dice` (one
/// roll per entry) and returns its id; fails if it is not finished.
fn resolve(game: &mut GameDoc, kind: ConfrontationKind, dice: &[&[u32]]) -> Id {
    let saved = kind;
    edit(game, ce(ConfrontationEdit::AddResolution(saved))).expect("resolution added");
    let index = conf(game).resolutions.len() - 1;
    let id = conf(game).resolutions[index].id();
    for faces in dice {
        let driver = conf(game).resolutions[index].resolution();
        assert!(
            matches!(driver.prompt(), Some(Prompt::Roll(_))),
            "expected a roll for {faces:?}, got {:?}\n{}",
            driver.prompt(),
            driver.log_text()
        );
        edit(
            game,
            GameEdit::Answer {
                index,
                answer: Answer::Dice(faces.to_vec()),
            },
        )
        .expect("answer fits");
    }
    let driver = conf(game).resolutions[index].resolution();
    assert!(
        driver.outcome_text().is_some(),
        "unfinished: {:?}\n{}",
        driver.prompt(),
        driver.log_text()
    );
    id
}

fn order(machine: Id, target: u64) -> ShotOrder {
    ShotOrder {
        fer: Some(3),
        template_cm: Some(10.0),
        ..ShotOrder::new(machine, target, 5)
    }
}

#[test]
fn a_heavy_zone_shot_hits_everyone_under_the_template_and_costs_the_machine_sp() {
    let mut game = example_game();
    let inputs = shot_inputs(&game, &order(FELSSPALTER, GOBLIN_A)).expect("shot");
    // The Felsspalter's own piece is not among the models; the target is Goblin A.
    assert_eq!(inputs.shooter, Point::new(20.0, 60.0));
    assert_eq!(inputs.models[inputs.target].victim.name, "Goblin A");
    assert!(inputs.refs.iter().all(|r| r.piece != Some(1)));
    assert_eq!(
        (inputs.strength, inputs.difficulty, inputs.die_modifier),
        (10, 5, 0)
    );
    // FER 4 + 3 >= 5: on target. Goblin A takes the direct hit (wound 3, 4);
    // Goblin B is hit on 3+ (rolls 3, wound 1, 2); the Panzer is hit on 3+
    // (rolls 5) and rolls 2 and 5 on the damage table at STR 10 vs RES 14.
    let index = resolve(
        &mut game,
        ConfrontationKind::Shot(inputs),
        &[&[4], &[3, 4], &[3], &[1, 2], &[5], &[2, 5]],
    );
    let lost = DamageRoll::new(10, 14)
        .expect("roll")
        .evaluate(&[2, 5])
        .expect("faces")
        .sp_lost;
    assert!(lost > 0, "the example must cost SP");
    edit(&mut game, ce(ConfrontationEdit::ApplyResult(index))).expect("applied");
    let panzer = &machine(&game, PANZER);
    assert_eq!(panzer.state.sp_lost, lost);
    assert_eq!(panzer.sp_history, vec![8, 8 - lost]);
    assert!(conf(&game).resolution(index).expect("resolution").applied());
    let again = edit(&mut game, ce(ConfrontationEdit::ApplyResult(index))).unwrap_err();
    assert!(again.contains("is applied already"), "{again}");
    assert_eq!(machine(&game, PANZER).state.sp_lost, lost);
}

#[test]
fn a_zone_shot_that_misses_lands_where_the_deviation_says() {
    let mut game = example_game();
    let inputs = shot_inputs(&game, &order(FELSSPALTER, GOBLIN_C)).expect("shot");
    // FER 1 + 3 < 5 would jam (a natural 1), so a 6 then a 1: a fumble, missed.
    // Deviation: 4 cm (face 1) straight away from the shooter: (94, 60);
    // direction face 1. Goblin C rolls 2 for its hit on 3+: spared.
    let index = resolve(
        &mut game,
        ConfrontationKind::Shot(inputs),
        &[&[6], &[1], &[1], &[1], &[2]],
    );
    let text = outcome_text(&game, index);
    assert!(text.contains("deviated 4 cm"), "{text}");
    assert!(text.contains("Goblin C: not hit"), "{text}");
}

#[test]
fn shots_refused_with_the_reason() {
    let mut game = example_game();
    // Goblin A is 50 cm away: beyond the Panzer's min range? The Panzer has
    // none, but the Felsspalter's minimum range is 20 cm.
    game.table
        .as_mut()
        .expect("table")
        .apply(TableEdit::Move {
            id: GOBLIN_A,
            to: Point::new(30.0, 60.0),
        })
        .expect("move");
    assert_eq!(
        shot_inputs(&game, &order(FELSSPALTER, GOBLIN_A)),
        Err(ShotProblem::TooClose {
            distance: 10.0,
            min: 20.0
        })
    );
    game.table
        .as_mut()
        .expect("table")
        .apply(TableEdit::Move {
            id: GOBLIN_A,
            to: Point::new(115.0, 60.0),
        })
        .expect("move");
    assert_eq!(
        shot_inputs(&game, &order(FELSSPALTER, GOBLIN_A)),
        Err(ShotProblem::OutOfRange {
            distance: 95.0,
            range: 90.0
        })
    );
    // The Ballista, served, stands for no piece.
    crew_touching(&mut game, BALLISTA, true, true);
    assert_eq!(
        shot_inputs(&game, &order(BALLISTA, GOBLIN_B)),
        Err(ShotProblem::NoLink)
    );
    // No target, or a piece that is not a model.
    let mut no_target = order(FELSSPALTER, MINE);
    assert_eq!(shot_inputs(&game, &no_target), Err(ShotProblem::NoTarget));
    no_target.target = None;
    assert_eq!(shot_inputs(&game, &no_target), Err(ShotProblem::NoTarget));
    // Nobody serving the Felsspalter: BES 1 is not met (C3).
    let mut unserved = game.clone();
    crew_touching(&mut unserved, FELSSPALTER, false, false);
    assert!(matches!(
        shot_inputs(&unserved, &order(FELSSPALTER, GOBLIN_B)),
        Err(ShotProblem::Other(e)) if e.contains("(C3)") && e.contains("BES needs 1")
    ));
    // An immobile machine cannot move and fire (C3).
    let mut moved = game.clone();
    machine_mut(&mut moved, FELSSPALTER).state.motion = Motion::Moved;
    assert_eq!(
        shot_inputs(&moved, &order(FELSSPALTER, GOBLIN_B)),
        Err(ShotProblem::Moved)
    );
    // A figure without RES is named.
    conf_mut(&mut game)
        .expect("a Confrontation game")
        .figures
        .remove(&GOBLIN_C);
    assert!(matches!(
        shot_inputs(&game, &order(FELSSPALTER, GOBLIN_B)),
        Err(ShotProblem::Other(e)) if e.contains("Goblin C") && e.contains("RES not set")
    ));
    // A jam (a natural 1) is applied: no more shots this round.
    conf_mut(&mut game)
        .expect("a Confrontation game")
        .figures
        .insert(GOBLIN_C, stats(3, 2));
    let inputs = shot_inputs(&game, &order(FELSSPALTER, GOBLIN_B)).expect("shot");
    let index = resolve(&mut game, ConfrontationKind::Shot(inputs), &[&[1]]);
    edit(&mut game, ce(ConfrontationEdit::ApplyResult(index))).expect("applied");
    assert!(machine(&game, FELSSPALTER).state.jammed);
    assert_eq!(
        shot_inputs(&game, &order(FELSSPALTER, GOBLIN_B)),
        Err(ShotProblem::Jammed)
    );
}

#[test]
fn a_penetrating_shot_runs_down_the_line_until_it_sticks() {
    let mut game = example_game();
    // The Panzer (heavy, penetrating, STR 12, range 80) at (76, 60), turned
    // west (its field of fire is 180 degrees), fires west at Goblin B
    // (73, 60); behind it stand Goblin A (70, 60) and the Felsspalter
    // (20, 60).
    face_west(&mut game, PANZER_PIECE);
    let inputs = shot_inputs(&game, &order(PANZER, GOBLIN_B)).expect("shot");
    // FER 4: hit. B: 6+5+12-3 = 20, killed; A: 20, killed (heavy: no STR
    // lost); the Felsspalter rolls 2 and 5 at STR 12 vs RES 12 and survives.
    let index = resolve(
        &mut game,
        ConfrontationKind::Shot(inputs),
        &[&[4], &[6, 5], &[6, 5], &[2, 5]],
    );
    let text = outcome_text(&game, index);
    assert!(text.starts_with("on target; Goblin B (STR 12)"), "{text}");
    assert!(text.contains("Goblin A (STR 12)"), "{text}");
    assert!(text.contains("Felsspalter (STR 12)"), "{text}");
    assert!(text.ends_with("the shot is stuck"), "{text}");
    let lost = DamageRoll::new(12, 12)
        .expect("roll")
        .evaluate(&[2, 5])
        .expect("faces")
        .sp_lost;
    edit(&mut game, ce(ConfrontationEdit::ApplyResult(index))).expect("applied");
    assert_eq!(machine(&game, FELSSPALTER).state.sp_lost, lost);
    assert_eq!(machine(&game, PANZER).state.sp_lost, 0);
}

#[test]
fn ramming_orders_the_victims_met_when_driving_on() {
    let game = example_game();
    // The text's first example: Ramme/3 after 23 cm: STR 9.
    let inputs = ramming_inputs(
        &game,
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
    let no_ram = ramming_inputs(&game, PANZER, Impetus::Distance(10.0), &[GOBLIN_A], &[]);
    assert!(no_ram.unwrap_err().contains("Ramme"));
    let not_model = ramming_inputs(&game, PANZERWAGEN, Impetus::Distance(10.0), &[MINE], &[]);
    assert!(not_model.unwrap_err().contains("piece 8"));
    // Nobody in front: no collision.
    let empty = ramming_inputs(&game, PANZERWAGEN, Impetus::Distance(10.0), &[], &[]);
    assert!(empty.unwrap_err().contains("front"));
}

#[test]
fn ramming_through_a_figure_into_a_machine() {
    let mut game = example_game();
    let inputs = ramming_inputs(
        &game,
        PANZERWAGEN,
        Impetus::Distance(23.0),
        &[GOBLIN_B],
        &[PANZER_PIECE],
    )
    .expect("ramming");
    // STR 9: Goblin B 6+6+9-3 = 18, killed; drive on; the Panzer rolls 2, 5.
    let kind = ConfrontationKind::Ramming(inputs);
    let answers = [
        Answer::Dice(vec![6, 6]),
        Answer::Choice(1),
        Answer::Dice(vec![2, 5]),
    ];
    kind.replay(&answers).expect("answers fit");
    edit(&mut game, ce(ConfrontationEdit::AddResolution(kind))).expect("added");
    for answer in answers {
        edit(&mut game, GameEdit::Answer { index: 0, answer }).expect("answered");
    }
    let lost = DamageRoll::new(9, 14)
        .expect("roll")
        .evaluate(&[2, 5])
        .expect("faces")
        .sp_lost;
    edit(&mut game, ce(ConfrontationEdit::ApplyResult(Id(1)))).expect("applied");
    assert_eq!(machine(&game, PANZER).state.sp_lost, lost);
}

#[test]
fn pressure_rolls_carry_their_markers_to_the_next_roll_and_explode() {
    let mut game = example_game();
    let roll = |game: &GameDoc| {
        conf(game)
            .steam_inputs(FELSSPALTER, 1)
            .expect("a pressure roll")
    };
    // A 1 is an incident; the incident die shows 2: overheat.
    let kind = roll(&game);
    let first = resolve(&mut game, kind, &[&[1], &[2]]);
    edit(&mut game, ce(ConfrontationEdit::ApplyResult(first))).expect("applied");
    assert_eq!(
        machine(&game, FELSSPALTER).state.steam,
        SteamMarkers {
            overheat: true,
            ..SteamMarkers::default()
        }
    );
    // A second overheat reads as 1: the boiler explodes.
    let kind = roll(&game);
    let second = resolve(&mut game, kind, &[&[1], &[2]]);
    let text = outcome_text(&game, second);
    assert!(text.contains("explosion"), "{text}");
    edit(&mut game, ce(ConfrontationEdit::ApplyResult(second))).expect("applied");
    let m = &machine(&game, FELSSPALTER);
    assert!(m.state.destroyed && m.state.steam.exploded);
    assert_eq!(m.sp_history.last(), Some(&0));
    // The blast: STR 10 on everyone within 5 cm of the machine's outline:
    // Grizhou (2.25 cm away) but not Goblin A (47.75 cm away).
    // (The crate's one geometric model, edge to edge, P19.)
    let table = game.table_or_default();
    let blast = conf(&game)
        .explosion_inputs(&table, FELSSPALTER)
        .expect("blast");
    let names: Vec<&str> = blast.victims.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["Grizhou"]);
}

#[test]
fn a_mine_hits_every_model_within_ten_centimetres() {
    let game = example_game();
    let table = game.table_or_default();
    let blast = conf(&game).mine_inputs(&table, MINE).expect("mine");
    let names: Vec<&str> = blast.victims.iter().map(|v| v.name.as_str()).collect();
    // A: 10.2 - 2.25 = 7.95 cm; B: 7.8 cm; the Panzer's base 6.0 cm;
    // C: 18.4 cm, out.
    assert_eq!(names, ["Goblin A", "Goblin B", "Panzer"]);
}

#[test]
fn passengers_board_by_the_rules_and_suffer_when_the_vehicle_is_destroyed() {
    let mut game = example_game();
    let board = |name: &str, size: Size, side: Option<FacingArc>| {
        ce(ConfrontationEdit::Board {
            machine: PANZERWAGEN,
            passenger: Passenger::new(name, size, 4),
            side,
            moving: false,
        })
    };
    // Transport/4, rear access: a large figure (3 places) from the rear.
    edit(&mut game, board("Ogre", Size::Large, Some(FacingArc::Rear))).expect("boards");
    // A normal figure needs 2 places: 1 is free.
    let full = edit(
        &mut game,
        board("Goblin", Size::Normal, Some(FacingArc::Rear)),
    )
    .unwrap_err();
    assert!(full.contains("needs 2 places, 1 free"), "{full}");
    // The side door does not exist; a moving vehicle takes nobody.
    let side = edit(&mut game, board("Imp", Size::Small, Some(FacingArc::Left))).unwrap_err();
    assert!(side.contains("access"), "{side}");
    let moving = ce(ConfrontationEdit::Board {
        machine: PANZERWAGEN,
        passenger: Passenger::new("Imp", Size::Small, 4),
        side: Some(FacingArc::Rear),
        moving: true,
    });
    assert!(edit(&mut game, moving).unwrap_err().contains("stand still"));
    let mut rider = Passenger::new("Rider", Size::Small, 4);
    rider.cavalry = true;
    let cavalry = ce(ConfrontationEdit::Board {
        machine: PANZERWAGEN,
        passenger: rider,
        side: Some(FacingArc::Rear),
        moving: false,
    });
    assert!(edit(&mut game, cavalry).unwrap_err().contains("cavalry"));
    edit(&mut game, board("Imp", Size::Small, Some(FacingArc::Rear))).expect("boards");
    // Passengers leave at the vehicle's activation, by its access.
    edit(
        &mut game,
        ce(ConfrontationEdit::Activate {
            machine: PANZERWAGEN,
            side: Id(1),
        }),
    )
    .expect("activated");
    let leave = |side| {
        ce(ConfrontationEdit::Leave {
            machine: PANZERWAGEN,
            passenger: 1,
            side: Some(side),
            stop: false,
        })
    };
    assert!(edit(&mut game, leave(FacingArc::Front)).is_err());
    edit(&mut game, leave(FacingArc::Rear)).expect("leaves");
    assert_eq!(machine(&game, PANZERWAGEN).passengers.len(), 1);
    // The vehicle is destroyed: each passenger takes a wound at its RES 14.
    let mut state = machine(&game, PANZERWAGEN).state.clone();
    state.sp_lost = 8;
    state.destroyed = true;
    edit(
        &mut game,
        ce(ConfrontationEdit::SetMachineState {
            machine: PANZERWAGEN,
            state,
        }),
    )
    .expect("destroyed");
    // The crate's PassengerWounds: STR is the vehicle's RES 14.
    let hits = ConfrontationKind::Passengers(
        conf(&game)
            .passenger_inputs(PANZERWAGEN)
            .expect("passengers"),
    );
    let index = resolve(&mut game, hits, &[&[1, 2]]);
    let text = outcome_text(&game, index);
    // 1 + 2 + 14 - 4 = 13: critical (P13).
    assert!(text.starts_with("Ogre: critical"), "{text}");
    edit(&mut game, ce(ConfrontationEdit::ApplyResult(index))).expect("applied");
    assert!(machine(&game, PANZERWAGEN).passengers.is_empty());
}

#[test]
fn machines_referred_to_are_kept_and_the_others_keep_their_ids() {
    let mut game = example_game();
    let inputs = shot_inputs(&game, &order(FELSSPALTER, GOBLIN_A)).expect("shot");
    edit(
        &mut game,
        ce(ConfrontationEdit::AddResolution(ConfrontationKind::Shot(
            inputs,
        ))),
    )
    .expect("added");
    // The shot refers to the Felsspalter (firing) and the Panzer (a model).
    for referred in [FELSSPALTER, PANZER] {
        let err = edit(&mut game, ce(ConfrontationEdit::RemoveMachine(referred))).unwrap_err();
        // Named by name, no id (issue #27).
        assert!(err.contains("a resolution refers to it"), "{err}");
    }
    edit(&mut game, ce(ConfrontationEdit::RemoveMachine(BALLISTA))).expect("removed");
    let ConfrontationKind::Shot(shot) = &conf(&game).resolutions[0].kind() else {
        panic!("a shot");
    };
    // Stable ids: nothing is renumbered when the Ballista goes.
    assert_eq!(shot.machine, FELSSPALTER);
    assert!(shot.refs.iter().any(|r| r.machine == Some(PANZER)));
    assert_eq!(machine(&game, PANZER).name(), "Panzer");
    assert!(game.problems().is_empty(), "{:?}", game.problems());
}

#[test]
fn figure_stats_and_links_are_checked() {
    let mut game = example_game();
    let bad = ce(ConfrontationEdit::SetFigureStats {
        piece: GOBLIN_A,
        stats: Some(stats(120, 2)),
    });
    let err = edit(&mut game, bad).unwrap_err();
    assert!(err.contains("RES: 120"), "{err}");
    let taken = ce(ConfrontationEdit::LinkMachinePiece {
        machine: BALLISTA,
        piece: Some(PANZER_PIECE),
    });
    let err = edit(&mut game, taken).unwrap_err();
    assert!(err.contains("Panzer stands on this piece already"), "{err}");
    let missing = ce(ConfrontationEdit::LinkMachinePiece {
        machine: BALLISTA,
        piece: Some(99),
    });
    assert!(edit(&mut game, missing).unwrap_err().contains("piece 99"));
    // A damaged file: stats out of range are reported with their piece.
    conf_mut(&mut game)
        .expect("a Confrontation game")
        .figures
        .insert(GOBLIN_B, stats(3, 40));
    let problems = game.problems();
    assert!(
        problems
            .iter()
            .any(|p| p.to_string().contains("figures[4]") && p.to_string().contains("INI: 40")),
        "{problems:?}"
    );
}

#[test]
fn instabil_rolls_again_after_each_loss_and_costs_the_machine_sp() {
    let mut game = example_game();
    let mut spec = machine(&game, PANZER).card.spec().clone();
    spec.abilities
        .push(feldherr_confrontation::MechanicalAbility::Instabil(4));
    let card = feldherr_confrontation::MachineCard::new(spec).expect("card");
    edit(
        &mut game,
        ce(ConfrontationEdit::UpdateMachineCard {
            machine: PANZER,
            card,
        }),
    )
    .expect("card saved");
    // Instabil is rolled at the end of the round (PC2).
    while conf(&game).round.phase != feldherr_confrontation::game::Phase::End {
        edit(&mut game, ce(ConfrontationEdit::NextPhase)).expect("next phase");
    }
    let kind = conf(&game).instabil_inputs(PANZER).expect("Instabil/4");
    // 4 and 6 are X or more: 1 SP each, and roll again; a 3 ends it.
    let index = resolve(&mut game, kind, &[&[4], &[6], &[3]]);
    let text = outcome_text(&game, index);
    assert_eq!(text, "2 SP lost, 6 SP left");
    edit(&mut game, ce(ConfrontationEdit::ApplyResult(index))).expect("applied");
    assert_eq!(machine(&game, PANZER).state.sp_lost, 2);
    // Instabil X outside 2 to 6 is refused, naming it.
    let bad = ConfrontationKind::Instabil(feldherr_confrontation::game::InstabilInputs {
        machine: PANZER,
        x: 7,
        sp_left: 6,
    });
    assert!(
        bad.replay(&[])
            .unwrap_err()
            .to_string()
            .contains("Instabil X")
    );
}

#[test]
fn mines_are_laid_within_20_cm_and_set_off_within_5_cm() {
    let mut game = example_game();
    // Mine 1 at (72, 50) is far from the Felsspalter, whose Salpetre lays mines.
    let mine_status = |game: &GameDoc| conf(game).mine_status(&game.table_or_default());
    let layer = |status: &[feldherr_confrontation::game::MineStatus]| {
        let layer = status[0].layer.clone().expect("a mine layer");
        (layer.name, layer.distance_cm)
    };
    let status = mine_status(&game);
    assert_eq!(status.len(), 1);
    let (machine, distance) = layer(&status);
    assert_eq!(machine, "Felsspalter");
    assert!(distance > 20.0 && !status[0].placement_ok, "{distance}");
    assert!(status[0].triggered_by.is_empty());
    // Moved next to it (7 cm from its hull), with Goblin C 0.75 cm away.
    // Any model within 5 cm sets it off, the machine itself included.
    let table = game.table.as_mut().expect("table");
    table
        .apply(TableEdit::Move {
            id: MINE,
            to: Point::new(32.0, 60.0),
        })
        .expect("move");
    table
        .apply(TableEdit::Move {
            id: GOBLIN_C,
            to: Point::new(35.0, 60.0),
        })
        .expect("move");
    let status = mine_status(&game);
    let (_, distance) = layer(&status);
    assert!((distance - 7.0).abs() < 1e-9, "{distance}");
    assert!(status[0].placement_ok);
    assert_eq!(status[0].triggered_by, ["Goblin C"]);
    game.table
        .as_mut()
        .expect("table")
        .apply(TableEdit::Move {
            id: MINE,
            to: Point::new(28.0, 60.0),
        })
        .expect("move");
    let status = mine_status(&game);
    assert_eq!(status[0].triggered_by, ["Felsspalter", "Goblin C"]); // 2.0 and 4.75 cm
    // Without a machine that lays mines there is nobody to have laid it.
    conf_mut(&mut game)
        .expect("a Confrontation game")
        .machines
        .retain(|m| m.id != FELSSPALTER);
    let status = mine_status(&game);
    assert!(status[0].layer.is_none() && !status[0].placement_ok);
}

/// A Confrontation edit as a game edit.
#[allow(dead_code, reason = "not every test file edits machines")]
fn ce(edit: ConfrontationEdit) -> GameEdit {
    GameEdit::System(SystemEdit::Confrontation(edit))
}
