//! Confrontation machines in a game: the card editor (validation, the
//! text's examples), the status panel (C2 penalty after SP loss) and a
//! repair (C10) with typed dice, applied to the machine.

use super::conf_mut;
use crate::common::{self, click, harness, replace_text, type_into};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use feldherr::app::{FeldherrApp, Screen};
use feldherr::systems::confrontation::{ConfrontationEdit, GameMachine, conf};
use feldherr_dice::Dice;
use feldherr_host::document::{Document, GameDoc, GameEdit};
use feldherr_host::registry::SystemEdit;
use feldherr_play::Id;

/// A new Confrontation game, on its machines view.
fn machines_view(harness: &mut Harness<'static, FeldherrApp>) {
    let buttons: Vec<_> = harness.get_all_by_label("New game").collect();
    buttons[3].click();
    harness.run();
    assert_eq!(harness.state().screen(), Screen::Document);
    click(harness, "Machines");
    harness.get_by_label("War machines");
}

/// Machine `id` of `game`.
fn machine(game: &GameDoc, id: u64) -> &GameMachine {
    conf(game).machine(Id(id)).expect("machine")
}

fn machine_mut(game: &mut GameDoc, id: u64) -> &mut GameMachine {
    conf_mut(game)
        .expect("a Confrontation game")
        .machines
        .iter_mut()
        .find(|m| m.id == Id(id))
        .expect("machine")
}

fn game(harness: &Harness<'static, FeldherrApp>) -> GameDoc {
    match harness
        .state()
        .active_document()
        .expect("a document")
        .document()
    {
        Document::Game(game) => game.clone(),
        Document::Event(_) => panic!("a game"),
    }
}

#[test]
fn a_bad_card_value_is_refused_with_its_field() {
    let mut harness = harness(Dice::scripted([]));
    machines_view(&mut harness);
    type_into(&mut harness, "Machine name", "Kaputt");
    type_into(&mut harness, "SP", "acht");
    type_into(&mut harness, "RES", "14");
    click(&mut harness, "Add machine");
    harness.get_by_label("SP: \"acht\" is not a whole number");
    // A mobile machine without BEW: the library's check names the field.
    replace_text(&mut harness, "SP", "8");
    click(&mut harness, "Add machine");
    harness.get_by_label("BEW: a mobile machine needs a BEW");
    assert!(conf(&game(&harness)).machines.is_empty());
}

#[test]
fn loading_the_panzerwagen_example_and_adding_it() {
    let mut harness = harness(Dice::scripted([]));
    machines_view(&mut harness);
    click(&mut harness, "Load Panzerwagen");
    click(&mut harness, "Add machine");
    let game = game(&harness);
    assert_eq!(conf(&game).machines.len(), 1);
    let card = &machine(&game, 1).card;
    assert_eq!(card.spec().name, "Panzerwagen");
    assert_eq!(
        (card.sp(), card.spec().bew, card.ram()),
        (8, Some(20), Some(3))
    );
    harness.get_by_label("Status of Panzerwagen");
    harness.get_by_label("SP: 8 of 8");
    harness.get_by_label("C2 penalty: 0");
    // Undo takes the machine away again.
    harness.key_combination_modifiers(eframe::egui::Modifiers::COMMAND, &[eframe::egui::Key::Z]);
    harness.run();
    assert!(conf(&self::game(&harness)).machines.is_empty());
}

#[test]
fn the_status_panel_shows_the_penalty_after_sp_loss() {
    let mut harness = harness(Dice::scripted([]));
    machines_view(&mut harness);
    click(&mut harness, "Load Panzer");
    click(&mut harness, "Add machine");
    for _ in 0..4 {
        click(&mut harness, "Lose 1 SP");
    }
    harness.get_by_label("SP: 4 of 8");
    harness.get_by_label("C2 penalty: -2");
    harness.get_by_label("SP history: 8, 7, 6, 5, 4");
    click(&mut harness, "Leak marker");
    let game = game(&harness);
    assert_eq!(machine(&game, 1).state.sp_lost, 4);
    assert!(machine(&game, 1).state.steam.leak);
}

#[test]
fn a_repair_with_a_typed_die_is_applied_to_the_machine() {
    let mut harness = harness(Dice::scripted([]));
    harness.set_size(eframe::egui::vec2(1400.0, 2400.0));
    machines_view(&mut harness);
    click(&mut harness, "Load Felsspalter");
    click(&mut harness, "Add machine");
    click(&mut harness, "Lose 1 SP");
    click(&mut harness, "Lose 1 SP");
    // Its Mechaniker Grizhou (X 4) touches it; repairs belong to the end
    // of the round (C10, PC2).
    click(&mut harness, "3. Grizhou in contact");
    to_end_of_round(&mut harness);
    click(&mut harness, "Add repair");
    // The new resolution is shown at once.
    type_into(&mut harness, "Die 1", "5");
    click(&mut harness, "Enter");
    harness.get_by_label("Result: repaired: 1 SP back (1 SP lost)");
    click(&mut harness, "Apply result to Felsspalter");
    harness.get_by_label("Result applied to Felsspalter");
    let game = game(&harness);
    assert_eq!(machine(&game, 1).state.sp_lost, 1);
    assert!(machine(&game, 1).state.repair_tried);
    assert!(game.problems().is_empty(), "{:?}", game.problems());
    // A second attempt in the same round is refused (C10).
    click(&mut harness, "Machines");
    click(&mut harness, "Add repair");
    harness.get_by_label("not allowed (C10): one repair attempt per machine and round");
}

/// Clicks "Next phase" from deployment to the end of round 1.
fn to_end_of_round(harness: &mut Harness<'static, FeldherrApp>) {
    for _ in 0..5 {
        click(harness, "Next phase");
    }
    harness.get_by_label("Round 1: end of the round");
}

#[test]
fn machines_are_saved_with_the_game_and_old_files_load() {
    let mut game = GameDoc::new("Fortification", "confrontation").expect("a system");
    let card = feldherr::systems::confrontation::example("Ballista").expect("example");
    let json = serde_json::to_value(&game).expect("json");
    // An old file without machines still loads.
    let mut old = json.clone();
    old.as_object_mut().expect("object").remove("machines");
    let loaded: GameDoc = serde_json::from_value(old).expect("old file");
    assert!(conf(&loaded).machines.is_empty());
    let mut doc = Document::Game(game.clone());
    feldherr_host::document::DocumentEdit::Game(ce(ConfrontationEdit::AddMachine(card)))
        .apply(&mut doc)
        .expect("added");
    let Document::Game(with) = doc else { panic!() };
    game = with;
    let back: GameDoc =
        serde_json::from_str(&serde_json::to_string(&game).expect("json")).expect("back");
    assert_eq!(back, game);
    assert_eq!(conf(&back).machines[0].card.spec().name, "Ballista");
}

#[test]
fn the_record_sheet_renders_machines_and_resolutions() {
    use feldherr::systems::confrontation::ConfrontationKind;
    use feldherr_confrontation::machine_sheet;
    use feldherr_dice::step::Answer;
    use feldherr_host::document::DocumentEdit;
    use feldherr_sheet::SheetOptions;

    let mut doc = Document::Game(GameDoc::new("Fortification", "confrontation").expect("a system"));
    let card = feldherr::systems::confrontation::example("Panzerwagen").expect("example");
    let mut state = feldherr_confrontation::MachineState::default();
    state.lose_sp(&card, 2);
    // A repair belongs to the end of the round (PC2): deployment, start,
    // movement, ranged, melee, end.
    let edits = [
        ce(ConfrontationEdit::AddMachine(card)),
        ce(ConfrontationEdit::NextPhase),
        ce(ConfrontationEdit::NextPhase),
        ce(ConfrontationEdit::NextPhase),
        ce(ConfrontationEdit::NextPhase),
        ce(ConfrontationEdit::NextPhase),
        ce(ConfrontationEdit::SetMachineState {
            machine: Id(1),
            state,
        }),
        ce(ConfrontationEdit::AddResolution(
            ConfrontationKind::Repair {
                machine: Id(1),
                x: 4,
                start_sp: 8,
                lost: 2,
            },
        )),
        GameEdit::Answer {
            index: 0,
            answer: Answer::Dice(vec![5]),
        },
        ce(ConfrontationEdit::ApplyResult(Id(1))),
    ];
    for edit in edits {
        DocumentEdit::Game(edit).apply(&mut doc).expect("edit");
    }
    let Document::Game(game) = doc else { panic!() };
    assert_eq!(machine(&game, 1).sp_history, vec![8, 6, 7]);
    let texts = feldherr::i18n::Texts::new("en");
    let sheet =
        machine_sheet(conf(&game), &game.name, &texts, SheetOptions::default()).expect("sheet");
    let layout = sheet.layout().expect("layout");
    let page = layout.render_page(0).expect("render");
    assert_eq!((page.width(), page.height()), (2480, 3508));
    assert_eq!(page.dpi(), 300);
    let dark = page
        .rgba()
        .chunks_exact(4)
        .filter(|p| p[0] < 128 && p[1] < 128 && p[2] < 128)
        .count();
    assert!(dark > 20_000, "looks blank ({dark} dark pixels)");
}

#[test]
fn crew_in_contact_moves_an_immobile_machine() {
    let mut harness = harness(Dice::scripted([]));
    machines_view(&mut harness);
    click(&mut harness, "Load Ballista");
    click(&mut harness, "Add machine");
    harness.get_by_label("C3: no crew in contact, the machine cannot move");
    click(&mut harness, "1. Servant in contact");
    // GEW 8, one mover with BEW 10: X = 8, 2 cm.
    harness.get_by_label("C3: 1 mover(s) may move it 2 cm, running 4 cm (X = 8)");
    click(&mut harness, "2. Servant in contact");
    click(&mut harness, "3. Servant in contact");
    // Three movers: X = 8 - 4 = 4, 6 cm.
    harness.get_by_label("C3: 3 mover(s) may move it 6 cm, running 12 cm (X = 4)");
    let game = game(&harness);
    let touching: Vec<bool> = conf(&game).crew_of(Id(1)).map(|c| c.in_contact).collect();
    assert_eq!(touching, [true, true, true]);
}

/// Opens a copy of the example Confrontation game from `dir`, on its
/// machines view.
fn open_example_game(h: &mut Harness<'static, FeldherrApp>, dir: &std::path::Path) {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/confrontation/saved_before_sides.json"
    );
    let copy = dir.join("game.json");
    std::fs::copy(fixture, &copy).expect("copy fixture");
    h.state_mut().queue(feldherr::app::Command::Open(copy));
    h.run();
    click(h, "Machines");
}

/// Opens a copy of the example game in a folder named for the test, with
/// a window tall enough for the whole machine column.
fn open_tall(h: &mut Harness<'static, FeldherrApp>, name: &str) {
    let dir = common::temp_dir(name);
    open_example_game(h, &dir);
    h.set_size(eframe::egui::vec2(1400.0, 2400.0));
    h.run();
}

/// Opens the shot's target list and picks `name`: the list's entry is the
/// button among the figure table's fields of the same name.
fn choose_target(h: &mut Harness<'static, FeldherrApp>, name: &str) {
    click(h, "Target");
    h.get_all_by_label(name)
        .find(|n| NodeT::accesskit_node(n).role() == eframe::egui::accesskit::Role::Button)
        .expect("entry")
        .click();
    h.run();
}

#[test]
fn a_zone_shot_from_the_machines_view_is_rolled_and_applied() {
    // FER 4: on target; A wounded (3, 4); B hit on 3 (wound 1, 2); the
    // Panzer hit on 5, damage roll 2 and 5.
    let mut h = harness(Dice::scripted([4, 3, 4, 3, 1, 2, 5, 2, 5]));
    open_tall(&mut h, "conf-shot");
    click(&mut h, "2. Felsspalter");
    click(&mut h, "Artillery shot (C6, C7)");
    // Without a target the shot is refused with the reason.
    click(&mut h, "Fire");
    h.get_by_label("Choose a target");
    choose_target(&mut h, "Goblin A");
    click(&mut h, "Fire");
    assert_eq!(conf(&game(&h)).resolutions.len(), 1);
    for _ in 0..6 {
        click(&mut h, "Roll at random");
    }
    let finished = game(&h);
    let driver = conf(&finished).resolutions[0].resolution();
    assert!(driver.outcome_text().is_some(), "{}", driver.log_text());
    click(&mut h, "Apply result to Felsspalter, Panzer");
    let lost = feldherr_confrontation::DamageRoll::new(10, 14)
        .expect("roll")
        .evaluate(&[2, 5])
        .expect("faces")
        .sp_lost;
    assert_eq!(machine(&game(&h), 4).state.sp_lost, lost);
    h.get_by_label("Result applied to Felsspalter, Panzer");
}

#[test]
fn figures_get_their_res_in_the_machines_view() {
    let mut h = harness(Dice::scripted([]));
    open_tall(&mut h, "conf-figures");
    h.get_by_label("Figures on the table");
    // Goblin A's row: RES, INI and level fields labelled by its name.
    let fields: Vec<_> = h.get_all_by_label("Goblin A").collect();
    assert_eq!(fields.len(), 3, "RES, INI and level fields");
    fields[0].focus();
    h.run();
    h.key_combination_modifiers(eframe::egui::Modifiers::COMMAND, &[eframe::egui::Key::A]);
    h.run();
    h.get_all_by_label("Goblin A")
        .next()
        .expect("RES")
        .type_text("200");
    h.run();
    h.key_press(eframe::egui::Key::Enter);
    h.run();
    h.get_by_label("Goblin A: RES: 200 is outside 0 to 99");
    assert_eq!(conf(&game(&h)).figures[&3].res, 3);
    // A good value is kept (one undoable edit).
    h.get_all_by_label("Goblin A").next().expect("RES").focus();
    h.run();
    h.key_combination_modifiers(eframe::egui::Modifiers::COMMAND, &[eframe::egui::Key::A]);
    h.run();
    h.get_all_by_label("Goblin A")
        .next()
        .expect("RES")
        .type_text("5");
    h.run();
    h.key_press(eframe::egui::Key::Enter);
    h.run();
    assert_eq!(conf(&game(&h)).figures[&3].res, 5);
}

fn piece_pose(h: &Harness<'static, FeldherrApp>, id: u64) -> (f64, f64, f64) {
    let game = game(h);
    let table = game.table_or_default();
    let piece = table.piece(id).expect("piece");
    let c = piece.center();
    let facing = piece.facing_angle().expect("facing").degrees();
    (c.x, c.y, facing)
}

#[test]
fn a_movement_path_is_checked_live_and_moves_the_machine_when_legal() {
    let mut h = harness(Dice::scripted([]));
    open_tall(&mut h, "conf-path");
    click(&mut h, "3. Panzerwagen");
    click(&mut h, "Draw the path on the table");
    h.get_by_label("Path of Panzerwagen:");
    // GEW 10: a turn after 5 cm straight breaks C4.
    type_into(&mut h, "Next leg", "5, 0");
    click(&mut h, "Add leg");
    type_into(&mut h, "Next leg", "10, 45");
    click(&mut h, "Add leg");
    h.get_by_label("segment 1: only 5.0 cm straight before turn 1; GEW 10 requires 10 cm (C4)");
    click(&mut h, "Finish path");
    h.get_by_label("The path breaks the rules above: draw it again");
    assert_eq!(piece_pose(&h, 2), (20.0, 20.0, 0.0));
    // Straight on for 12 cm, then 45 deg left for 10 cm: legal.
    type_into(&mut h, "Next leg", "12, 0");
    click(&mut h, "Add leg");
    type_into(&mut h, "Next leg", "10, 45");
    click(&mut h, "Add leg");
    h.get_by_label("legal");
    click(&mut h, "Finish path");
    let (x, y, facing) = piece_pose(&h, 2);
    let d = 10.0 / 2f64.sqrt();
    assert!(
        (x - (32.0 + d)).abs() < 1e-6 && (y - (20.0 + d)).abs() < 1e-6,
        "{x}, {y}"
    );
    assert!((facing - 45.0).abs() < 1e-6, "{facing}");
}

#[test]
fn a_follow_up_in_contact_is_refused_on_the_table() {
    let mut h = harness(Dice::scripted([]));
    open_tall(&mut h, "conf-follow");
    click(&mut h, "3. Panzerwagen");
    click(&mut h, "Follow-up move (P18)");
    type_into(&mut h, "Follow-up distance (cm)", "8");
    click(&mut h, "In base contact with an enemy");
    click(&mut h, "Draw the path on the table");
    type_into(&mut h, "Next leg", "8, 0");
    click(&mut h, "Add leg");
    h.get_by_label("no follow-up while an enemy is in base contact with the machine (P18)");
    click(&mut h, "Finish path");
    h.get_by_label("The path breaks the rules above: draw it again");
    assert_eq!(piece_pose(&h, 2), (20.0, 20.0, 0.0));
}

#[test]
fn a_deviated_shot_is_drawn_on_the_table() {
    // A 6 then a 1: missed; deviation 4 cm (face 1), direction 1; Goblin C
    // rolls 2 under the template: spared.
    let mut h = harness(Dice::scripted([6, 1, 1, 1, 2]));
    open_tall(&mut h, "conf-overlay");
    click(&mut h, "2. Felsspalter");
    click(&mut h, "Artillery shot (C6, C7)");
    choose_target(&mut h, "Goblin C");
    click(&mut h, "Fire");
    for _ in 0..5 {
        click(&mut h, "Roll at random");
    }
    click(&mut h, "Table");
    h.get_by_label("Show resolution 1 on the table");
    // The deviation's label is listed with the canvas's overlay.
    h.get_by_label("On the table");
    h.get_by_label("4 cm, 1");
    // Unticked, the overlay goes.
    click(&mut h, "Show resolution 1 on the table");
    assert!(h.query_by_label("4 cm, 1").is_none());
}

#[test]
fn the_crew_moves_an_immobile_machine_up_to_twice_its_modified_bew() {
    let mut h = harness(Dice::scripted([]));
    open_tall(&mut h, "conf-crew-path");
    click(&mut h, "2. Felsspalter");
    // Henn serves it in the example; without crew in contact nobody can
    // move it.
    click(&mut h, "5. Henn in contact");
    let said = "C3: no crew in contact, the machine cannot move";
    assert_eq!(h.get_all_by_label(said).count(), 1);
    click(&mut h, "Draw the crew's path on the table");
    // The status says so, and now the movement section too.
    assert_eq!(h.get_all_by_label(said).count(), 2);
    // Two movers of BEW 10 and GEW 10: X = 8, 2 cm walking, 4 running.
    click(&mut h, "1. Guigne in contact");
    click(&mut h, "3. Grizhou in contact");
    click(&mut h, "Draw the crew's path on the table");
    // North, the hull would run over Grizhou's base (20, 66): flagged (P36).
    type_into(&mut h, "Next leg", "3, 90");
    click(&mut h, "Add leg");
    type_into(&mut h, "Next leg", "1, -90");
    click(&mut h, "Add leg");
    h.get_by_label(
        "segment 0: the hull runs over Grizhou; contact would be a charge or an engagement (P36)",
    );
    assert!(h.query_by_label("legal").is_none());
    click(&mut h, "Remove last point");
    click(&mut h, "Remove last point");
    // South is free.
    type_into(&mut h, "Next leg", "3, -90");
    click(&mut h, "Add leg");
    type_into(&mut h, "Next leg", "2, 0");
    click(&mut h, "Add leg");
    h.get_by_label("segment 1: path 5.0 cm exceeds twice the crew's BEW minus X = 4 cm (C3)");
    click(&mut h, "Remove last point");
    type_into(&mut h, "Next leg", "1, 90");
    click(&mut h, "Add leg");
    h.get_by_label("legal");
    click(&mut h, "Finish path");
    let game = game(&h);
    let piece = game.table_or_default().piece(1).expect("piece").center();
    assert!(
        (piece.x - 21.0).abs() < 1e-6 && (piece.y - 57.0).abs() < 1e-6,
        "{piece:?}"
    );
}

#[test]
fn the_blades_of_a_drive_tick_the_figures_they_touch() {
    use feldherr_table::geometry::{Circle, Point, Shape};
    use feldherr_table::{Layer, Piece, TableEdit};
    // The example game with Sichel/4 on the Panzerwagen (20, 20, 8 cm long
    // along x, 5 cm wide) and two figures beside its way east.
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/confrontation/saved_before_sides.json"
    );
    let Document::Game(mut game) =
        feldherr_host::document::load(std::path::Path::new(fixture)).expect("fixture")
    else {
        panic!("a game");
    };
    let mut spec = machine(&game, 3).card.spec().clone();
    spec.abilities
        .push(feldherr_confrontation::MechanicalAbility::Sichel(4));
    machine_mut(&mut game, 3).card = feldherr_confrontation::MachineCard::new(spec).expect("card");
    // The victim's base (y 22.75 to 25.25) clears the hull (up to y 22.5,
    // P36) but not the blades' 1 cm beside it (P17).
    for (id, name, y) in [(20, "Blade victim", 24.0), (21, "Bystander", 30.0)] {
        let table = game.table.as_mut().expect("table");
        let shape = Shape::Circle(Circle::new(Point::new(35.0, y), 1.25).expect("circle"));
        table
            .apply(TableEdit::Add(Piece::new(
                id,
                name,
                "figure",
                Layer::Model,
                shape,
            )))
            .expect("add");
        conf_mut(&mut game)
            .expect("a Confrontation game")
            .figures
            .insert(id, {
                let mut stats = feldherr::systems::confrontation::FigureStats::new(3, Id(1));
                stats.ini = 2;
                stats
            });
    }
    let dir = common::temp_dir("conf-blades");
    let path = dir.join("blades.json");
    feldherr_host::document::save(&path, &Document::Game(game)).expect("save");
    let mut h = harness(Dice::scripted([]));
    h.state_mut().queue(feldherr::app::Command::Open(path));
    h.run();
    h.set_size(eframe::egui::vec2(1400.0, 2400.0));
    h.run();
    click(&mut h, "Machines");
    click(&mut h, "3. Panzerwagen");
    click(&mut h, "Draw the path on the table");
    type_into(&mut h, "Next leg", "20, 0");
    click(&mut h, "Add leg");
    click(&mut h, "Finish path");
    // Back on the machines view with the touched figure ticked.
    click(&mut h, "Resolve the blades");
    let game = self::game(&h);
    let Some(feldherr::systems::confrontation::ConfrontationKind::Sickle(blades)) =
        conf(&game).resolutions.last().map(|r| r.kind())
    else {
        panic!("a Sichel resolution");
    };
    let names: Vec<&str> = blades
        .figures
        .iter()
        .map(|f| f.victim.name.as_str())
        .collect();
    assert_eq!(names, ["Blade victim"]);
    assert_eq!(blades.x, 4);
}

/// The value of the text field labelled `label`.
fn field_text(harness: &Harness<'static, FeldherrApp>, label: &str) -> String {
    harness
        .get_by_label(label)
        .accesskit_node()
        .value()
        .unwrap_or_default()
}

#[test]
fn a_machine_with_artillery_ramme_and_a_mechanic_is_built_by_clicking_and_typing() {
    let mut h = harness(Dice::scripted([]));
    machines_view(&mut h);
    type_into(&mut h, "Machine name", "Rammbock");
    type_into(&mut h, "SP", "6");
    type_into(&mut h, "RES", "12");
    type_into(&mut h, "BEW", "15");
    // Artillery: ticked, heavy, zone, STR and ranges typed.
    click(&mut h, "Artillery");
    click(&mut h, "Heavy");
    click(&mut h, "Zone");
    type_into(&mut h, "Weapon STR", "9");
    type_into(&mut h, "Range (cm)", "70");
    type_into(&mut h, "Minimum range (cm)", "12,5");
    // Ramme/3.
    click(&mut h, "Ramme");
    type_into(&mut h, "Ramme X", "3");
    // A crew figure with Mechaniker/4.
    click(&mut h, "Add crew figure");
    type_into(&mut h, "Crew 1 Name", "Schmied");
    type_into(&mut h, "Crew 1 BEW", "10");
    replace_text(&mut h, "Crew 1 STR", "3");
    click(&mut h, "Crew 1 Mechaniker");
    type_into(&mut h, "Crew 1 Mechaniker X", "4");
    type_into(&mut h, "Auxiliaries need at least FER", "2");
    click(&mut h, "Add machine");
    let game = game(&h);
    assert_eq!(
        conf(&game).machines.len(),
        1,
        "{:?}",
        h.query_by_label_contains(":")
    );
    let card = &machine(&game, 1).card;
    let spec = card.spec();
    assert_eq!(spec.name, "Rammbock");
    assert_eq!((card.sp(), spec.res, spec.bew), (6, 12, Some(15)));
    assert_eq!(
        spec.artillery,
        Some(feldherr_confrontation::Artillery {
            class: feldherr_confrontation::ArtilleryClass::Heavy,
            ammunition: feldherr_confrontation::Ammunition::Zone,
            strength: 9,
            range_cm: 70.0,
            min_range_cm: Some(12.5),
        })
    );
    assert_eq!(
        spec.abilities,
        vec![feldherr_confrontation::MechanicalAbility::Ramme(3)]
    );
    assert_eq!(
        spec.crew,
        vec![feldherr_confrontation::CrewCard {
            name: "Schmied".into(),
            bew: 10,
            str: 3,
            res: 0,
            fer: None,
            dis: None,
            courage: None,
            size: feldherr_confrontation::Size::Small,
            abilities: vec![feldherr_confrontation::CrewAbility::Mechaniker(4)],
        }]
    );
    assert_eq!(
        spec.auxiliary,
        Some(feldherr_confrontation::AuxiliaryRequirement {
            min_fer: Some(2),
            min_dis: None
        })
    );
    // The added card is loaded back into the fields.
    assert_eq!(field_text(&h, "Minimum range (cm)"), "12.5");
    assert_eq!(field_text(&h, "Crew 1 Mechaniker X"), "4");
}

#[test]
fn a_bad_crew_value_is_refused_with_its_field_and_adds_nothing() {
    let mut h = harness(Dice::scripted([]));
    machines_view(&mut h);
    click(&mut h, "Load Ballista");
    replace_text(&mut h, "Crew 2 BEW", "zehn");
    click(&mut h, "Add machine");
    h.get_by_label("Crew 2 BEW: \"zehn\" is not a whole number");
    assert!(conf(&game(&h)).machines.is_empty());
    // Removing the figure leaves two good ones.
    click(&mut h, "Remove crew figure 2");
    click(&mut h, "Add machine");
    let game = game(&h);
    assert_eq!(conf(&game).machines.len(), 1);
    assert_eq!(machine(&game, 1).card.spec().crew.len(), 2);
}

#[test]
fn a_loaded_example_fills_the_structured_fields_and_saves_unchanged() {
    let mut h = harness(Dice::scripted([]));
    machines_view(&mut h);
    h.set_size(eframe::egui::vec2(1400.0, 2400.0));
    h.run();
    click(&mut h, "Load Felsspalter");
    assert_eq!(field_text(&h, "Weapon STR"), "10");
    assert_eq!(field_text(&h, "Minimum range (cm)"), "20");
    assert_eq!(field_text(&h, "Schutzwall X (cm)"), "10");
    assert_eq!(field_text(&h, "Crew 3 Name"), "Grizhou");
    assert_eq!(field_text(&h, "Crew 3 Mechaniker X"), "4");
    assert_eq!(field_text(&h, "Crew 4 Pionier X"), "3");
    assert_eq!(field_text(&h, "Auxiliaries need at least DIS"), "3");
    click(&mut h, "Add machine");
    let example = feldherr::systems::confrontation::example("Felsspalter").expect("example");
    assert_eq!(machine(&game(&h), 1).card, example);
    // Saved again without a change, the card stays the same.
    click(&mut h, "Save card");
    assert_eq!(machine(&game(&h), 1).card, example);
}

/// A Confrontation edit as a game edit.
#[allow(dead_code, reason = "not every test file edits machines")]
fn ce(edit: ConfrontationEdit) -> GameEdit {
    GameEdit::System(SystemEdit::Confrontation(edit))
}

#[test]
fn a_figure_killed_by_an_applied_shot_is_crossed_out_never_a_target_and_can_be_removed() {
    // The Panzer's penetrating shot: FER 4 on target; Goblin B and Goblin A
    // killed (6, 5 each); the Felsspalter rolls 2 and 5.
    let mut h = harness(Dice::scripted([4, 6, 5, 6, 5, 2, 5]));
    // The Panzer turned west: Goblin B is in its field of fire.
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/confrontation/saved_before_sides.json"
    );
    let Document::Game(mut example) =
        feldherr_host::document::load(std::path::Path::new(fixture)).expect("fixture")
    else {
        panic!("a game");
    };
    example
        .table
        .as_mut()
        .expect("table")
        .apply(feldherr_table::TableEdit::Rotate {
            id: 6,
            facing: feldherr_table::geometry::Angle::from_degrees(180.0).expect("angle"),
        })
        .expect("turned");
    let path = common::temp_dir("conf-dead").join("game.json");
    feldherr_host::document::save(&path, &Document::Game(example)).expect("save");
    h.state_mut().queue(feldherr::app::Command::Open(path));
    h.run();
    h.set_size(eframe::egui::vec2(1400.0, 2400.0));
    h.run();
    click(&mut h, "Machines");
    click(&mut h, "4. Panzer");
    click(&mut h, "Artillery shot (C6, C7)");
    choose_target(&mut h, "Goblin B");
    // The old card has no FER of its own: the referee types it in the
    // shot's field (the last one labelled FER; the card editor's come
    // first).
    let last = h.get_all_by_label("FER").count() - 1;
    common::replace_text_nth(&mut h, "FER", last, "3");
    click(&mut h, "Fire");
    for _ in 0..4 {
        click(&mut h, "Roll at random");
    }
    // Not applied yet: nobody is dead.
    assert!(conf(&game(&h)).dead.is_empty());
    click(&mut h, "Apply result to Panzer, Felsspalter");
    let g = game(&h);
    assert!(
        conf(&g).is_dead(4) && conf(&g).is_dead(3),
        "{:?}",
        conf(&g).dead
    );
    // Drawn crossed out on the table.
    click(&mut h, "Table");
    h.get_by_label("Goblin B: dead");
    h.get_by_label("Goblin A: dead");
    // Never a target again.
    click(&mut h, "Machines");
    click(&mut h, "2. Felsspalter");
    // (The shot section stays open from the Panzer's shot.)
    click(&mut h, "Target");
    let offered = |h: &Harness<'static, FeldherrApp>, name: &str| {
        h.get_all_by_label(name)
            .any(|n| NodeT::accesskit_node(&n).role() == eframe::egui::accesskit::Role::Button)
    };
    assert!(offered(&h, "Goblin C"));
    assert!(!offered(&h, "Goblin B"));
    h.key_press(eframe::egui::Key::Escape);
    h.run();
    // And it can be taken off the table (one undoable edit).
    click(&mut h, "Remove Goblin B from the table");
    let g = game(&h);
    assert!(g.table_or_default().piece(4).is_none());
    assert!(!conf(&g).is_dead(4) && !conf(&g).figures.contains_key(&4));
    assert!(conf(&g).is_dead(3));
    assert!(g.problems().is_empty(), "{:?}", g.problems());
}

#[test]
fn enter_in_next_leg_adds_the_leg_and_one_undo_takes_a_finished_path_back() {
    let mut h = harness(Dice::scripted([]));
    open_tall(&mut h, "conf-enter");
    click(&mut h, "3. Panzerwagen");
    click(&mut h, "Draw the path on the table");
    type_into(&mut h, "Next leg", "12, 0");
    h.key_press(eframe::egui::Key::Enter);
    h.run();
    // Enter added the leg and did not finish the path.
    h.get_by_label("Path of Panzerwagen:");
    h.get_by_label("legal");
    assert_eq!(piece_pose(&h, 2), (20.0, 20.0, 0.0));
    // The field keeps the focus: the next leg is typed straight away.
    h.get_by_label("Next leg").type_text("10, 45");
    h.run();
    h.key_press(eframe::egui::Key::Enter);
    h.run();
    h.get_by_label("Path of Panzerwagen:");
    click(&mut h, "Finish path");
    let (x, y, facing) = piece_pose(&h, 2);
    let d = 10.0 / 2f64.sqrt();
    assert!(
        (x - (32.0 + d)).abs() < 1e-6 && (y - (20.0 + d)).abs() < 1e-6,
        "{x}, {y}"
    );
    assert!((facing - 45.0).abs() < 1e-6, "{facing}");
    // One Ctrl+Z takes the whole move back: place and facing.
    h.key_combination_modifiers(eframe::egui::Modifiers::COMMAND, &[eframe::egui::Key::Z]);
    h.run();
    assert_eq!(piece_pose(&h, 2), (20.0, 20.0, 0.0));
}

#[test]
fn the_c3_movers_leave_out_engaged_and_fleeing_crew() {
    let mut h = harness(Dice::scripted([]));
    machines_view(&mut h);
    click(&mut h, "Load Ballista");
    click(&mut h, "Add machine");
    click(&mut h, "1. Servant in contact");
    click(&mut h, "2. Servant in contact");
    click(&mut h, "3. Servant in contact");
    h.get_by_label("C3: 3 mover(s) may move it 6 cm, running 12 cm (X = 4)");
    // An engaged servant neither serves nor moves it (C3).
    click(&mut h, "1. engaged");
    h.get_by_label("C3: 2 mover(s) may move it 4 cm, running 8 cm (X = 6)");
    // A fleeing one neither.
    click(&mut h, "2. fleeing");
    h.get_by_label("C3: 1 mover(s) may move it 2 cm, running 4 cm (X = 8)");
    let g = game(&h);
    let crew: Vec<(bool, bool, bool)> = conf(&g)
        .crew_of(Id(1))
        .map(|c| (c.in_contact, c.engaged, c.fleeing))
        .collect();
    // Still three in contact: contact is kept apart from engagement and
    // flight.
    assert_eq!(
        crew,
        [
            (true, true, false),
            (true, false, true),
            (true, false, false)
        ]
    );
}

#[test]
fn a_repair_at_full_sp_is_refused_with_the_reason() {
    let mut h = harness(Dice::scripted([]));
    h.set_size(eframe::egui::vec2(1400.0, 2400.0));
    machines_view(&mut h);
    click(&mut h, "Load Felsspalter");
    click(&mut h, "Add machine");
    click(&mut h, "3. Grizhou in contact");
    click(&mut h, "Add repair");
    // C10: only a damaged machine can be repaired.
    h.get_by_label(
        "not allowed (C10): only a damaged machine can be repaired; this one has all its 5 SP",
    );
    assert!(conf(&game(&h)).resolutions.is_empty());
}

#[test]
fn the_machines_tab_stacks_its_columns_at_1024_by_700() {
    // As wide as 1024 x 700, but tall enough that every widget is drawn
    // (the tab scrolls; widgets out of view are not in the tree).
    let mut h = harness(Dice::scripted([]));
    h.set_size(eframe::egui::vec2(1024.0, 2400.0));
    h.run();
    machines_view(&mut h);
    click(&mut h, "Load Felsspalter");
    click(&mut h, "Add machine");
    // The card editor and the machine's status do not share a row: the
    // status starts below the editor's last button, and nothing is cut.
    let editor = h.get_by_label("Machine name").rect();
    let status = h.get_by_label("Status of Felsspalter").rect();
    let save = h.get_by_label("Save card").rect();
    assert!(status.top() >= save.bottom(), "{status:?} vs {save:?}");
    assert!(
        status.left() <= editor.left() + 1.0,
        "{status:?} vs {editor:?}"
    );
    // Wide windows keep the two columns side by side.
    h.set_size(eframe::egui::vec2(1400.0, 900.0));
    h.run();
    let editor = h.get_by_label("Machine name").rect();
    let status = h.get_by_label("Status of Felsspalter").rect();
    assert!(status.left() > editor.right(), "{status:?} vs {editor:?}");
}
