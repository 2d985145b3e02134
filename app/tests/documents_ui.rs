//! Documents in the app: creating a game, resolving in it, undo after a
//! roll, saving and reopening, errors for damaged files.

mod common;

use common::{click, harness, harness_with, replace_text, temp_dir, type_into};
use egui_kittest::kittest::Queryable;
use feldherr::app::{AppOptions, Command, Screen};
use feldherr_dice::Dice;
use feldherr_host::document::{self, Document};

/// Creates a Confrontation game and adds a damage roll STR 10 / RES 14.
fn new_game_with_damage_roll(
    harness: &mut egui_kittest::Harness<'static, feldherr::app::FeldherrApp>,
) {
    // The Confrontation card is the fourth system; its "New game" button.
    let buttons: Vec<_> = harness.get_all_by_label("New game").collect();
    assert_eq!(
        buttons.len(),
        feldherr_host::registry::SYSTEMS.len(),
        "one per rule system"
    );
    buttons[3].click();
    harness.run();
    assert_eq!(harness.state().screen(), Screen::Document);
    click(harness, "Add damage roll");
    harness.get_by_label("Roll 2D6 for: damage table");
}

#[test]
fn creating_a_game_and_resolving_in_it() {
    let mut harness = harness(Dice::scripted([]));
    new_game_with_damage_roll(&mut harness);
    type_into(&mut harness, "Die 1", "3");
    type_into(&mut harness, "Die 2", "5");
    click(&mut harness, "Enter");
    harness.get_by_label("Result: 1 SP lost (Struktur, damage 4)");
    let doc = harness
        .state()
        .active_document()
        .expect("a document")
        .document()
        .clone();
    let Document::Game(game) = doc else {
        panic!("a game")
    };
    assert_eq!(game.game.resolutions().count(), 1);
    assert_eq!(
        game.game
            .resolutions()
            .resolution_at(0)
            .expect("a resolution")
            .answers()
            .len(),
        1
    );
}

#[test]
fn a_typed_seven_is_refused() {
    let mut harness = harness(Dice::scripted([]));
    new_game_with_damage_roll(&mut harness);
    type_into(&mut harness, "Die 1", "7");
    type_into(&mut harness, "Die 2", "1");
    click(&mut harness, "Enter");
    harness.get_by_label("damage table: 7 is not a face of a D6 (allowed 1 to 6)");
    assert!(harness.query_by_label_contains("Result:").is_none());
    // The refused answer is not in the document.
    let guard = harness.state().active_document().expect("doc");
    let Document::Game(game) = guard.document() else {
        panic!("a game")
    };
    assert!(
        game.game
            .resolutions()
            .resolution_at(0)
            .expect("a resolution")
            .answers()
            .is_empty()
    );
}

#[test]
fn undo_after_a_roll_returns_to_the_prompt_and_redo_restores() {
    let mut harness = harness(Dice::scripted([6, 6]));
    new_game_with_damage_roll(&mut harness);
    click(&mut harness, "Roll at random");
    harness.get_by_label("Result: 4 SP lost (critical hit, double 6)");
    // Ctrl+Z
    harness.key_combination_modifiers(eframe::egui::Modifiers::COMMAND, &[eframe::egui::Key::Z]);
    harness.run();
    assert!(harness.query_by_label_contains("Result:").is_none());
    harness.get_by_label("Roll 2D6 for: damage table");
    // Ctrl+Shift+Z
    harness.key_combination_modifiers(
        eframe::egui::Modifiers::COMMAND | eframe::egui::Modifiers::SHIFT,
        &[eframe::egui::Key::Z],
    );
    harness.run();
    harness.get_by_label("Result: 4 SP lost (critical hit, double 6)");
    // The top bar's Undo does the same; then the add itself can be undone.
    click(&mut harness, "Undo");
    click(&mut harness, "Undo");
    assert_eq!(harness.get_all_by_label("No resolution yet.").count(), 2);
    let guard = harness.state().active_document().expect("doc");
    let Document::Game(game) = guard.document() else {
        panic!("a game")
    };
    assert!((game.game.resolutions().count() == 0));
}

#[test]
fn closing_a_changed_document_without_a_file_asks_first() {
    let dir = temp_dir("drafts");
    let mut options = AppOptions::for_tests(Dice::scripted([3, 5, 3, 5]));
    options.autosave_dir = Some(dir.clone());
    let mut harness = harness_with(options);
    new_game_with_damage_roll(&mut harness);
    assert!(
        harness
            .state()
            .active_document()
            .expect("doc")
            .path()
            .is_none()
    );
    let draft = harness
        .state()
        .active_document()
        .and_then(|d| d.location().map(std::path::Path::to_path_buf))
        .expect("autosaved");
    click(&mut harness, "x");
    // Not closed: the question offers a file, a draft or nothing.
    assert_eq!(harness.state().screen(), Screen::Document);
    harness.get_by_label_contains("without a file?");
    harness.get_by_label_contains("never saved to a file of its own");
    click(&mut harness, "Keep it open");
    assert_eq!(harness.state().screen(), Screen::Document);
    assert!(harness.query_by_label_contains("without a file?").is_none());

    // Kept as a draft: listed on the start screen by name, and opened
    // from there as it was.
    click(&mut harness, "x");
    click(&mut harness, "Keep as draft");
    assert_eq!(harness.state().screen(), Screen::Start);
    harness.get_by_label("Drafts");
    let name = "Confrontation \"Fortification\" 1";
    harness.get_by_label(name);
    click(&mut harness, name);
    assert_eq!(harness.state().screen(), Screen::Document);
    assert_eq!(
        harness
            .state()
            .active_document()
            .and_then(|d| d.location().map(std::path::Path::to_path_buf)),
        Some(draft.clone())
    );
    click(&mut harness, "Resolution");
    harness.get_by_label_contains("Roll 2D6 for: damage table");
    // Not listed while it is open.
    harness.state_mut().queue(Command::Show(Screen::Start));
    harness.run();
    assert!(harness.query_by_label("Drafts").is_none());

    // Discarded: the draft's file is gone and so is its line.
    harness.state_mut().queue(Command::Activate(0));
    harness.run();
    click(&mut harness, "Add damage roll");
    click(&mut harness, "x");
    click(&mut harness, "Discard");
    assert_eq!(harness.state().screen(), Screen::Start);
    assert!(!draft.exists(), "the draft's file is deleted");
    assert!(harness.query_by_label("Drafts").is_none());
    assert!(harness.state().settings().drafts.is_empty());
}

/// Issue #28: the same file open in two windows. The second is told; an
/// edit in it after the first wrote the file is not written over the
/// first's; the banner compares the two and takes the file's version.
#[test]
fn a_file_changed_in_another_window_is_never_overwritten() {
    let dir = temp_dir("two-windows");
    let path = dir.join("Vereinsabend Köln.json");
    let game = feldherr_host::document::GameDoc::new("Evening game", "warheim").expect("system");
    document::save(&path, &Document::Game(game)).expect("saved");
    let window = || {
        let mut options = AppOptions::for_tests(Dice::scripted([]));
        options.claims_dir = Some(dir.join("claims"));
        let mut harness = harness_with(options);
        harness.state_mut().queue(Command::Open(path.clone()));
        harness.run();
        harness
    };
    let mut first = window();
    assert!(
        first
            .query_by_label_contains("open in another Feldherr window")
            .is_none()
    );
    let mut second = window();
    second.get_by_label_contains("is open in another Feldherr window too");

    replace_text(&mut first, "Name", "Renamed in the first");
    first.get_by_label("Notes").focus();
    first.run();
    assert_eq!(
        document::load(&path).expect("loads").name(),
        "Renamed in the first"
    );

    replace_text(&mut second, "Name", "Renamed in the second");
    second.get_by_label("Notes").focus();
    second.run();
    assert_eq!(
        document::load(&path).expect("loads").name(),
        "Renamed in the first",
        "the second window did not write over the first's change"
    );
    assert!(second.state().error().is_none(), "a banner, not a dialog");
    second.get_by_label_contains("was changed by another program or window");
    second.get_by_label("Not written");
    click(&mut second, "Compare");
    second.get_by_label("name");
    second.get_by_label("\"Renamed in the second\"");
    second.get_by_label("\"Renamed in the first\"");
    click(&mut second, "Take the file’s version");
    assert_eq!(
        second
            .state()
            .active_document()
            .expect("doc")
            .document()
            .name(),
        "Renamed in the first"
    );
    assert!(
        second
            .query_by_label_contains("was changed by another")
            .is_none()
    );

    // Closing a window whose changes were not written asks first.
    replace_text(&mut first, "Name", "First again");
    first.get_by_label("Notes").focus();
    first.run();
    replace_text(&mut second, "Name", "Second again");
    second.get_by_label("Notes").focus();
    second.run();
    click(&mut second, "x");
    second.get_by_label_contains("Its file was changed elsewhere");
    click(&mut second, "Write mine over it and close");
    assert_eq!(second.state().screen(), Screen::Start);
    assert_eq!(document::load(&path).expect("loads").name(), "Second again");
}

#[test]
fn reopening_a_saved_document() {
    let dir = temp_dir("reopen");
    let path = dir.join("table-3.json");
    let mut harness = harness(Dice::scripted([3, 5]));
    new_game_with_damage_roll(&mut harness);
    click(&mut harness, "Roll at random");
    harness.state_mut().queue(Command::SaveAs(path.clone()));
    harness.run();
    // Every later change is saved at once, without asking.
    replace_text(&mut harness, "Name", "Table 3");
    harness.get_by_label("Notes").focus();
    harness.run();
    let on_disk = document::load(&path).expect("saved");
    assert_eq!(on_disk.name(), "Table 3");
    // Close it and open it again through the typed path.
    click(&mut harness, "x");
    assert_eq!(harness.state().screen(), Screen::Start);
    type_into(&mut harness, "Path", &path.display().to_string());
    click(&mut harness, "Open path");
    assert_eq!(harness.state().screen(), Screen::Document);
    click(&mut harness, "Resolution");
    harness.get_by_label("Result: 1 SP lost (Struktur, damage 4)");
    // It is in the recent files.
    assert_eq!(harness.state().settings().recent.first(), Some(&path));
}

#[test]
fn damaged_or_newer_files_show_an_error_and_are_not_touched() {
    let dir = temp_dir("damaged");
    let newer = dir.join("newer.json");
    let text =
        r#"{"format":"feldherr","schema_version":99,"kind":"game","name":"x","system":"warheim"}"#;
    std::fs::write(&newer, text).expect("write");
    let mut harness = harness(Dice::scripted([]));
    harness.state_mut().queue(Command::Open(newer.clone()));
    harness.run();
    let error = harness.state().error().expect("an error dialog").to_owned();
    assert!(
        error.contains("written by a newer Feldherr (schema version 99"),
        "{error}"
    );
    harness.get_by_label_contains("written by a newer Feldherr");
    click(&mut harness, "OK");
    assert!(harness.state().error().is_none());
    assert_eq!(std::fs::read_to_string(&newer).expect("read"), text);
    assert!(harness.state().documents().is_empty());
}

#[test]
fn a_refused_file_is_explained_in_the_interface_language() {
    let dir = temp_dir("refused-de");
    let newer = dir.join("newer.json");
    let text =
        r#"{"format":"feldherr","schema_version":99,"kind":"game","name":"x","system":"warheim"}"#;
    std::fs::write(&newer, text).expect("write");
    let broken = dir.join("broken.json");
    std::fs::write(&broken, "{\"format\": ").expect("write");
    let mut options = AppOptions::for_tests(Dice::scripted([]));
    options.settings.language = "de".into();
    let mut harness = harness_with(options);
    harness.state_mut().queue(Command::Open(newer.clone()));
    harness.run();
    let error = harness.state().error().expect("refused").to_owned();
    assert_eq!(
        error,
        format!(
            "{}: von einem neueren Feldherr geschrieben (Schema-Version 99; diese Version liest bis 3). Nichts wurde geändert.",
            newer.display()
        )
    );
    harness.state_mut().queue(Command::DismissError);
    harness.state_mut().queue(Command::Open(broken.clone()));
    harness.run();
    let error = harness.state().error().expect("refused").to_owned();
    assert!(error.contains("kein gültiges JSON in Zeile 1"), "{error}");
}

#[test]
fn a_bare_event_file_is_taken_in_as_a_new_untitled_event() {
    let dir = temp_dir("bare");
    let bare = dir.join("event-24.json");
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/wfb-newyear/event-24.json");
    std::fs::copy(&source, &bare).expect("copied");
    let before = std::fs::read_to_string(&bare).expect("read");
    let mut harness = harness(Dice::scripted([]));
    harness.state_mut().queue(Command::Open(bare.clone()));
    harness.run();
    assert!(
        harness.state().error().is_none(),
        "{:?}",
        harness.state().error()
    );
    let open = harness.state().active_document().expect("taken in");
    // Untitled: saving asks for a new file, the bare file is never written.
    assert_eq!(open.path(), None);
    let Document::Event(event) = open.document() else {
        panic!("an event")
    };
    assert_eq!(event.name(), "WFB-Neujahrs-Event 24");
    drop(open);
    harness.get_by_label("Players");
    assert_eq!(std::fs::read_to_string(&bare).expect("read"), before);
    // A JSON file that is neither is still refused, naming why.
    let other = dir.join("other.json");
    std::fs::write(&other, r#"{"players": 3}"#).expect("write");
    harness.state_mut().queue(Command::Open(other));
    harness.run();
    let error = harness.state().error().expect("refused").to_owned();
    assert!(error.contains("not a Feldherr document"), "{error}");
}

/// Issue 16: a file with a key this version does not know is offered
/// read-only or cancel. Cancel opens nothing; read-only opens it without
/// the key under a banner naming it, takes no edits, and is never saved
/// over the original ("Save as" another file is allowed and makes it an
/// ordinary document).
#[test]
fn unknown_keys_offer_read_only_or_cancel() {
    let dir = temp_dir("unknown-keys");
    let path = dir.join("typo.json");
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/documents/confrontation-game.json");
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture).expect("fixture")).expect("json");
    doc["game"]["crew_extra"] = serde_json::json!(2);
    let text = doc.to_string();
    std::fs::write(&path, &text).expect("write");

    let mut harness = harness(Dice::scripted([]));
    harness.state_mut().queue(Command::Open(path.clone()));
    harness.run();
    assert!(harness.state().error().is_none());
    let offer = harness
        .state()
        .read_only_offer()
        .expect("the offer")
        .to_owned();
    assert!(offer.contains("unknown field `crew_extra`"), "{offer}");
    harness.get_by_label("Keys this version does not know");
    harness.get_by_label_contains("unknown field `crew_extra`");
    click(&mut harness, "Cancel");
    assert!(harness.state().read_only_offer().is_none());
    assert!(harness.state().documents().is_empty());

    harness.state_mut().queue(Command::Open(path.clone()));
    harness.run();
    click(&mut harness, "Open read-only");
    assert_eq!(harness.state().screen(), Screen::Document);
    let open = harness.state().active_document().expect("opened");
    let (original, keys) = open.read_only().expect("read-only");
    assert_eq!(original, path.as_path());
    assert_eq!(keys, ["game.crew_extra"]);
    assert!(open.path().is_none(), "no path to save to");
    drop(open);
    harness.get_by_label("Read-only");
    harness.get_by_label_contains(
        "Left out because this version does not know them: game.crew_extra.",
    );

    // Saving over the original is refused, the file untouched.
    harness.state_mut().queue(Command::SaveAs(path.clone()));
    harness.run();
    let error = harness.state().error().expect("refused").to_owned();
    assert!(
        error.contains("saving over it would lose the unknown keys"),
        "{error}"
    );
    click(&mut harness, "OK");
    // Edits are refused too.
    harness.state_mut().queue(Command::Edit(
        feldherr_host::document::DocumentEdit::Rename("x".into()),
    ));
    harness.run();
    assert!(
        harness
            .state()
            .error()
            .expect("refused")
            .contains("read-only")
    );
    click(&mut harness, "OK");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), text);

    // Save as another file: an ordinary document from then on.
    let copy = dir.join("copy.json");
    harness.state_mut().queue(Command::SaveAs(copy.clone()));
    harness.run();
    assert!(harness.state().error().is_none());
    let open = harness.state().active_document().expect("open");
    assert!(open.read_only().is_none());
    assert_eq!(open.path(), Some(copy.as_path()));
    assert!(harness.query_by_label("Read-only").is_none());
    let saved = std::fs::read_to_string(&copy).expect("saved");
    assert!(!saved.contains("crew_extra"));
    document::load(&copy).expect("the copy loads strictly");
}

#[test]
fn untitled_documents_are_autosaved_and_offered_again() {
    let dir = temp_dir("autosave");
    let mut options = AppOptions::for_tests(Dice::scripted([2, 4]));
    options.autosave_dir = Some(dir.clone());
    let mut harness = harness_with(options);
    new_game_with_damage_roll(&mut harness);
    click(&mut harness, "Roll at random");
    let session = harness.state().settings().last_session.clone();
    assert_eq!(session.len(), 1);
    assert!(session[0].starts_with(&dir));
    let Document::Game(game) = document::load(&session[0]).expect("autosaved") else {
        panic!("a game")
    };
    assert_eq!(
        game.game
            .resolutions()
            .resolution_at(0)
            .expect("a resolution")
            .answers()
            .len(),
        1
    );

    // A new start with the remembered session offers to reopen it.
    let mut options = AppOptions::for_tests(Dice::scripted([]));
    options.autosave_dir = Some(dir);
    options.settings.last_session = session;
    let mut harness = harness_with(options);
    click(&mut harness, "Reopen last session (1 document)");
    click(&mut harness, "Resolution");
    harness.get_by_label("Result: 1 SP lost (Huelle, damage 2)");
}

#[test]
fn table_edits_in_a_game_are_saved_and_undoable() {
    let mut harness = harness(Dice::scripted([]));
    let buttons: Vec<_> = harness.get_all_by_label("New game").collect();
    buttons[1].click(); // Warmaster
    harness.run();
    let Document::Game(game) = harness
        .state()
        .active_document()
        .expect("doc")
        .document()
        .clone()
    else {
        panic!("a game")
    };
    // G2: Warmaster's default table is 180 x 120 cm.
    let table = game.table.expect("a table");
    assert_eq!((table.width(), table.depth()), (180.0, 120.0));
    // Add a hill through the document's edit path, as the canvas does.
    let rules = feldherr_host::registry::SystemGame::new_of("warmaster")
        .expect("Warmaster")
        .table_rules();
    let hill = rules
        .type_def("hill")
        .expect("hill")
        .piece(
            table.next_id(),
            "Hill 1",
            feldherr_table::geometry::Point::new(5.0, 60.0),
        )
        .expect("piece");
    harness
        .state_mut()
        .queue(Command::Edit(feldherr_host::document::DocumentEdit::Game(
            feldherr_host::document::GameEdit::Table(feldherr_table::TableEdit::Add(hill)),
        )));
    harness.run();
    let doc = harness
        .state()
        .active_document()
        .expect("doc")
        .document()
        .clone();
    // W1: 5 cm from the left edge is reported by `feldherr check` too, as
    // the game's warning, never an error (P37, PW12).
    assert!(
        doc.problems()
            .iter()
            .any(|p| p.path == "game.terrain" && !p.is_error() && p.rule.as_deref() == Some("W1")),
        "{:?}",
        doc.problems()
    );
    harness.get_by_label_contains("placement rule(s) broken");
    click(&mut harness, "Undo");
    let Document::Game(game) = harness
        .state()
        .active_document()
        .expect("doc")
        .document()
        .clone()
    else {
        panic!("a game")
    };
    assert!(game.table.expect("table").pieces().is_empty());
}

/// Issue #27: the top bar keeps one row with many documents open, at
/// 1024 x 700: what does not fit goes into a menu, the active document
/// always shows, and two documents of one name show their folders.
#[test]
fn the_top_bar_keeps_one_row_with_many_documents() {
    let dir = temp_dir("top-bar");
    let mut harness = common::harness_sized(1024.0, 700.0);
    let names = [
        "Vereinsabend Köln, Winterturnier Runde 1",
        "Warmaster Guardians Liga",
        "Neujahrsturnier 2027",
        "Schlittenrennen",
        "Grenzfeste",
    ];
    let mut paths = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let folder = dir.join(format!("folder-{i}"));
        std::fs::create_dir_all(&folder).expect("folder");
        let path = folder.join("game.json");
        let game = feldherr_host::document::GameDoc::new(*name, "warheim").expect("system");
        document::save(&path, &Document::Game(game)).expect("saved");
        paths.push(path);
    }
    // A sixth of the same name as the fifth, in another folder.
    let twin = dir.join("elsewhere").join("game.json");
    std::fs::create_dir_all(twin.parent().expect("folder")).expect("folder");
    let game = feldherr_host::document::GameDoc::new("Grenzfeste", "warheim").expect("system");
    document::save(&twin, &Document::Game(game)).expect("saved");
    paths.push(twin);
    for path in &paths {
        harness.state_mut().queue(Command::Open(path.clone()));
        harness.run();
    }
    assert_eq!(harness.state().documents().len(), 6);

    // One row: every control of the bar sits on the line of "Start".
    let home = harness.get_by_label("Start").rect();
    let save = harness.get_by_label("Save").rect();
    assert!(
        (save.center().y - home.center().y).abs() < 4.0,
        "Save at {save:?}, Start at {home:?}"
    );
    let more = harness.get_by_label_contains("more").rect();
    assert!((more.center().y - home.center().y).abs() < 4.0);
    // The active (last opened) document shows, with its folder beside the
    // twin's name.
    let active = harness.get_by_label("Grenzfeste – elsewhere").rect();
    assert!((active.center().y - home.center().y).abs() < 4.0);
    assert!(active.right() <= 1024.0);

    // The menu holds the others; choosing one makes it the active one and
    // it shows in the bar.
    harness.get_by_label_contains("more").click();
    harness.run();
    harness
        .get_by_label("Vereinsabend Köln, Wintertur…")
        .click();
    harness.run();
    assert_eq!(
        harness
            .state()
            .active_document()
            .expect("doc")
            .document()
            .name(),
        "Vereinsabend Köln, Winterturnier Runde 1"
    );
    let shown = harness.get_by_label("Vereinsabend Köln, Wintertur…").rect();
    assert!((shown.center().y - home.center().y).abs() < 4.0);
}

/// Issue #27: names the app creates follow the interface language at
/// creation: a new German Warmaster game's players are "Erster Spieler"
/// and "Zweiter Spieler", and the game is named in German too.
#[test]
fn a_new_game_is_named_in_the_interface_language() {
    let mut options = AppOptions::for_tests(Dice::scripted([]));
    options.settings.language = "de".into();
    let mut harness = harness_with(options);
    harness.state_mut().queue(Command::NewGame("warmaster"));
    harness.run();
    let guard = harness.state().active_document().expect("doc");
    let Document::Game(doc) = guard.document() else {
        panic!("a game")
    };
    let game =
        feldherr::systems::game_of::<feldherr_warmaster::WarmasterGame>(doc).expect("warmaster");
    assert_eq!(game.names(), ["Erster Spieler", "Zweiter Spieler"]);
    let mut options = AppOptions::for_tests(Dice::scripted([]));
    options.settings.language = "en".into();
    let mut harness = harness_with(options);
    harness.state_mut().queue(Command::NewGame("warmaster"));
    harness.run();
    let guard = harness.state().active_document().expect("doc");
    let Document::Game(doc) = guard.document() else {
        panic!("a game")
    };
    let game =
        feldherr::systems::game_of::<feldherr_warmaster::WarmasterGame>(doc).expect("warmaster");
    assert_eq!(game.names(), ["First player", "Second player"]);
}
