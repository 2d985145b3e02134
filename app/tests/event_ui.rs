//! The event screens: players, pairings, results with live validation,
//! sled race, standings and the projector view.

mod common;

use common::{click, harness, replace_text, type_into};
use egui_kittest::kittest::Queryable;
use feldherr::app::Command;
use feldherr::document::Document;
use feldherr_dice::Dice;

fn event_of(
    harness: &egui_kittest::Harness<'static, feldherr::app::FeldherrApp>,
) -> feldherr_wfb_newyear::Event {
    match harness
        .state()
        .active_document()
        .expect("a document")
        .document()
    {
        Document::Event(e) => match &e.event {
            feldherr::systems::SystemEvent::NewYear(event) => event.0.clone(),
            _ => panic!("a New Year event"),
        },
        Document::Game(_) => panic!("an event"),
    }
}

/// Opens a copy of the example event (so the fixture itself is never
/// written by autosave) from the folder `dir`.
fn open_fixture_event(
    h: &mut egui_kittest::Harness<'static, feldherr::app::FeldherrApp>,
    dir: &std::path::Path,
) {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/documents/newyear-event.json"
    );
    let copy = dir.join("event.json");
    std::fs::copy(fixture, &copy).expect("copy fixture");
    h.state_mut().queue(Command::Open(copy));
    h.run();
}

fn add_player(
    h: &mut egui_kittest::Harness<'static, feldherr::app::FeldherrApp>,
    name: &str,
    on_foot: bool,
) {
    type_into(h, "New player", name);
    type_into(h, "Club of the new player", "SC Nord");
    type_into(h, "Army of the new player", "Zwerge");
    if on_foot {
        click(h, "The new player has a character on foot");
    }
    click(h, "Add player");
}

#[test]
fn enter_an_event_from_players_to_standings() {
    let mut h = harness(Dice::scripted([]));
    // The New Year card comes first; Warmaster offers a tournament too.
    h.get_all_by_label("New event")
        .next()
        .expect("a New event button")
        .click();
    h.run();
    add_player(&mut h, "Anna Adler", true);
    add_player(&mut h, "Bernd Bauer", false);
    let event = event_of(&h);
    assert_eq!(event.players.len(), 2);
    assert!(event.players[0].character_on_foot);
    assert!(!event.players[1].character_on_foot);
    assert_eq!(event.players[0].army_points, 1500);

    click(&mut h, "Raeuber-Warhammer");
    click(&mut h, "Player A");
    click(&mut h, "Anna Adler");
    click(&mut h, "Player B");
    click(&mut h, "Bernd Bauer");
    click(&mut h, "Add pairing");
    assert_eq!(event_of(&h).raeuber_warhammer.pairings.len(), 1);
    h.get_by_label("Table 1: Anna Adler (A) against Bernd Bauer (B)");

    // Live validation: a negative VP is named and nothing can be saved.
    type_into(&mut h, "VP A", "-50");
    type_into(&mut h, "VP B", "500");
    h.get_by_label("VP A: -50 is negative; VP, standards and treasures cannot be");
    assert!(h.query_by_label("Save result").is_none());
    type_into(&mut h, "Standards A", "1.5");
    h.get_by_label("Standards A: \"1.5\" is not a whole number");
    replace_text(&mut h, "VP A", "1200");
    replace_text(&mut h, "Standards A", "1");
    // 1200 + 100 (more standards, N2) against 500: difference 800 -> 6 / 3 (N1).
    h.get_by_label(
        "With the standards bonus: A 1300 VP, B 500 VP, difference 800: event points A 3, B 6",
    );
    click(&mut h, "Save result");
    let event = event_of(&h);
    let result = event.raeuber_warhammer.pairings[0]
        .result
        .as_ref()
        .expect("saved");
    assert_eq!(result.a.victory_points, 1200);
    assert_eq!(result.a.standards_captured, 1);

    // Anna has a character on foot and must be in the race result (N6).
    click(&mut h, "Sled race");
    type_into(&mut h, "Round of Anna Adler", "5");
    click(&mut h, "Save race result");
    assert!(event_of(&h).sled_race.is_some());

    click(&mut h, "Standings");
    // Bernd: 6 (losing pays); Anna: 3 + 10 for winning the race.
    let rows = feldherr::systems::newyear::standings_rows(&event_of(&h));
    assert_eq!(
        rows,
        vec![
            ("1".to_owned(), "Anna Adler".to_owned(), 13),
            ("2".to_owned(), "Bernd Bauer".to_owned(), 6)
        ]
    );
    h.get_by_label("13");
    click(&mut h, "Projector view");
    h.get_by_label("Leave projector view (Esc)");
    click(&mut h, "Leave projector view (Esc)");
    h.get_by_label("Tie-breakers, in the order ticked (none: equal totals share the place, N7):");
    click(&mut h, "Rules cards");
    h.get_by_label("Raeuber-Warhammer: lose big to win");
    h.get_by_label("•  There is no magic phase.");
}

#[test]
fn a_player_cannot_be_paired_twice_in_one_game() {
    let mut h = harness(Dice::scripted([]));
    open_fixture_event(&mut h, &common::temp_dir("paired-twice"));
    click(&mut h, "Raeuber-Warhammer");
    click(&mut h, "Player A");
    click(&mut h, "Jonas Albrecht");
    click(&mut h, "Player B");
    click(&mut h, "Katrin Lehmann");
    click(&mut h, "Add pairing");
    let error = h.state().error().expect("refused").to_owned();
    // Players are named by their names, never by internal ids (issue 10).
    assert!(error.contains("Jonas Albrecht"), "{error}");
    assert!(!error.contains("\"jonas\""), "{error}");
    assert!(
        error.contains("twice") || error.contains("paired"),
        "{error}"
    );
    assert_eq!(event_of(&h).raeuber_warhammer.pairings.len(), 4);
}

#[test]
fn fixture_standings_with_shared_places_and_tie_breakers() {
    let mut h = harness(Dice::scripted([]));
    open_fixture_event(&mut h, &common::temp_dir("standings"));
    click(&mut h, "Standings");
    // Saved order: treasures, VP difference, sled placing.
    let rows = feldherr::systems::newyear::standings_rows(&event_of(&h));
    let names: Vec<&str> = rows.iter().map(|(_, n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "Lena Brandt",
            "Uwe Hartmann",
            "Sabine Vogt",
            "Matthias Köhler",
            "Dieter Schulz",
            "Petra Neumann",
            "Katrin Lehmann",
            "Jonas Albrecht"
        ]
    );
    // Untick all three: equal totals share the place.
    // Each untick renumbers the rest.
    for label in ["1. treasures", "1. VP difference", "1. sled placing"] {
        click(&mut h, label);
    }
    assert!(event_of(&h).tie_breakers.is_empty());
    let rows = feldherr::systems::newyear::standings_rows(&event_of(&h));
    let places: Vec<&str> = rows.iter().map(|(p, _, _)| p.as_str()).collect();
    assert_eq!(places, ["1=", "1=", "3", "4=", "4=", "4=", "7=", "7="]);
}

#[test]
fn treasure_line_helper_shows_the_dwarf_and_goblin_example() {
    let mut h = harness(Dice::scripted([]));
    // The New Year card comes first; Warmaster offers a tournament too.
    h.get_all_by_label("New event")
        .next()
        .expect("a New event button")
        .click();
    h.run();
    click(&mut h, "New Year scenario");
    click(&mut h, "Treasure line helper (N4)");
    // N4: Dwarfs (A) Movement 3 against Goblin wolf riders (B) 9:
    // 6 in towards the Dwarfs, so 24 - 6 = 18 in from A's edge.
    type_into(&mut h, "Movement of player A", "3");
    type_into(&mut h, "Movement of player B", "9");
    h.get_by_label("The line moves 6 in towards player A: 18 in from A's edge.");
    h.get_by_label("Treasure cards at (18 in, 18 in), (36 in, 18 in), (54 in, 18 in).");
    replace_text(&mut h, "Movement of player B", "x");
    h.get_by_label("Movement of player B: \"x\" is not a whole number of inches");
}

#[test]
fn printing_writes_every_sheet_with_progress() {
    let dir = common::temp_dir("print");
    let mut h = harness(Dice::scripted([]));
    open_fixture_event(&mut h, &dir);
    click(&mut h, "Print");
    replace_text(&mut h, "Folder", &dir.join("out").display().to_string());
    replace_text(&mut h, "DPI (PNG)", "50");
    click(&mut h, "Write all sheets");
    h.get_by_label("DPI: \"50\" is not between 72 and 1200");
    // Only the standings: "any sheet or all sheets".
    for kind in ["Result slips", "Sled race", "Rules cards"] {
        h.get_all_by_label(kind).last().expect(kind).click();
        h.run();
    }
    replace_text(&mut h, "DPI (PNG)", "72");
    h.get_by_label("Write all sheets").click();
    // The export runs on a worker thread while a progress bar animates:
    // step frames (bounded) until it reports.
    for _ in 0..400 {
        h.step();
        if h.query_by_label_contains("files written to").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    h.get_by_label_contains("files written to");
    let written: Vec<String> = std::fs::read_dir(dir.join("out"))
        .expect("out")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(written, ["standings.png"]);
}

#[test]
fn saved_results_show_in_their_fields_whichever_tab_was_first() {
    let dir = common::temp_dir("fields");
    let mut h = harness(Dice::scripted([]));
    open_fixture_event(&mut h, &dir);
    // The players tab is drawn first; the results must still appear later.
    click(&mut h, "Raeuber-Warhammer");
    assert_eq!(h.get_all_by_label("Result saved").count(), 4);
    h.get_by_label(
        "With the standards bonus: A 1350 VP, B 700 VP, difference 650: event points A 3, B 6",
    );
}
