//! Confrontation machines in a game: the card editor (validation, the
//! text's examples), the status panel (C2 penalty after SP loss) and a
//! repair (C10) with typed dice, applied to the machine.

mod common;

use common::{click, harness, replace_text, type_into};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use feldherr::app::{FeldherrApp, Screen};
use feldherr::document::{Document, GameDoc};
use feldherr_dice::Dice;

/// A new Confrontation game, on its machines view.
fn machines_view(harness: &mut Harness<'static, FeldherrApp>) {
    let buttons: Vec<_> = harness.get_all_by_label("New game").collect();
    buttons[3].click();
    harness.run();
    assert_eq!(harness.state().screen(), Screen::Document);
    click(harness, "Machines");
    harness.get_by_label("War machines");
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
    assert!(game(&harness).machines.is_empty());
}

#[test]
fn loading_the_panzerwagen_example_and_adding_it() {
    let mut harness = harness(Dice::scripted([]));
    machines_view(&mut harness);
    click(&mut harness, "Load Panzerwagen");
    click(&mut harness, "Add machine");
    let game = game(&harness);
    assert_eq!(game.machines.len(), 1);
    let card = &game.machines[0].card;
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
    assert!(self::game(&harness).machines.is_empty());
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
    assert_eq!(game.machines[0].state.sp_lost, 4);
    assert!(game.machines[0].state.steam.leak);
}

#[test]
fn a_repair_with_a_typed_die_is_applied_to_the_machine() {
    let mut harness = harness(Dice::scripted([]));
    machines_view(&mut harness);
    click(&mut harness, "Load Panzerwagen");
    click(&mut harness, "Add machine");
    click(&mut harness, "Lose 1 SP");
    click(&mut harness, "Lose 1 SP");
    click(&mut harness, "Add repair");
    // The new resolution is shown at once.
    type_into(&mut harness, "Die 1", "5");
    click(&mut harness, "Enter");
    harness.get_by_label("Result: repaired: 1 SP back (1 SP lost)");
    click(&mut harness, "Apply result to Panzerwagen");
    harness.get_by_label("Result applied to Panzerwagen");
    let game = game(&harness);
    assert_eq!(game.machines[0].state.sp_lost, 1);
    assert!(game.machines[0].state.repair_tried);
    assert!(game.problems().is_empty(), "{:?}", game.problems());
    // A second attempt in the same round is refused (C10).
    click(&mut harness, "Machines");
    click(&mut harness, "Add repair");
    harness.get_by_label("not allowed (C10): one repair attempt per machine and round");
}

#[test]
fn machines_are_saved_with_the_game_and_old_files_load() {
    let mut game = GameDoc::new(
        "Fortification",
        feldherr::document::RuleSystem::Confrontation,
    );
    let card = feldherr::ui::confrontation::example("Ballista").expect("example");
    let json = serde_json::to_value(&game).expect("json");
    // An old file without machines still loads.
    let mut old = json.clone();
    old.as_object_mut().expect("object").remove("machines");
    let loaded: GameDoc = serde_json::from_value(old).expect("old file");
    assert!(loaded.machines.is_empty());
    let mut doc = Document::Game(game.clone());
    feldherr::document::DocumentEdit::Game(feldherr::document::GameEdit::AddMachine(card))
        .apply(&mut doc)
        .expect("added");
    let Document::Game(with) = doc else { panic!() };
    game = with;
    let back: GameDoc =
        serde_json::from_str(&serde_json::to_string(&game).expect("json")).expect("back");
    assert_eq!(back, game);
    assert_eq!(back.machines[0].card.spec().name, "Ballista");
}

#[test]
fn the_record_sheet_renders_machines_and_resolutions() {
    use feldherr::document::{DocumentEdit, GameEdit, ResolutionKind, SavedResolution};
    use feldherr::sheets::{SheetOptions, machine_sheet};
    use feldherr_dice::step::Answer;

    let mut doc = Document::Game(GameDoc::new(
        "Fortification",
        feldherr::document::RuleSystem::Confrontation,
    ));
    let card = feldherr::ui::confrontation::example("Panzerwagen").expect("example");
    let mut state = feldherr_confrontation::MachineState::default();
    state.lose_sp(&card, 2);
    let edits = [
        GameEdit::AddMachine(card),
        GameEdit::SetMachineState { index: 0, state },
        GameEdit::AddResolution(SavedResolution {
            resolver: ResolutionKind::ConfrontationRepair {
                machine: 0,
                x: 4,
                start_sp: 8,
                lost: 2,
                applied: false,
            },
            answers: vec![],
        }),
        GameEdit::Answer {
            index: 0,
            answer: Answer::Dice(vec![5]),
        },
        GameEdit::ApplyResult(0),
    ];
    for edit in edits {
        DocumentEdit::Game(edit).apply(&mut doc).expect("edit");
    }
    let Document::Game(game) = doc else { panic!() };
    assert_eq!(game.machines[0].sp_history, vec![8, 6, 7]);
    let texts = feldherr::i18n::Texts::new("en");
    let sheet = machine_sheet(&texts, &game, SheetOptions::default()).expect("sheet");
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
    assert_eq!(
        game(&harness).machines[0].state.crew_in_contact,
        vec![0, 1, 2]
    );
}
