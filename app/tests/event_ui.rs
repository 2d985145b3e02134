//! The event screens: players, pairings, results with live validation,
//! sled race, standings and the projector view.

mod common;

use common::{click, harness, replace_text, replace_text_nth, type_into};
use eframe::egui;
use egui_kittest::kittest::{NodeT, Queryable};
use feldherr::app::Command;
use feldherr_dice::Dice;
use feldherr_host::document::Document;

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
            feldherr_host::registry::SystemEvent::NewYear(event) => event.clone(),
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
    let copy = common::fixture_copy(dir, "documents/newyear-event.json", "event.json");
    common::open(h, &copy);
}

/// A headless app (1200 x 800, English) with a copy of the example event
/// open from a fresh temporary folder named for `test`; returns the folder
/// too.
fn example_event(
    test: &str,
) -> (
    egui_kittest::Harness<'static, feldherr::app::FeldherrApp>,
    std::path::PathBuf,
) {
    let dir = common::temp_dir(test);
    let mut h = harness(Dice::scripted([]));
    open_fixture_event(&mut h, &dir);
    (h, dir)
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
    // Enter in the name field adds the player as the button does (#26).
    type_into(&mut h, "New player", "Clara Christ");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(event_of(&h).players.len(), 3);
    assert_eq!(event_of(&h).players[2].name, "Clara Christ");
    click(&mut h, "Remove Clara Christ");
    assert_eq!(event_of(&h).players.len(), 2);

    click(&mut h, "Raeuber-Warhammer");
    click(&mut h, "Player");
    click(&mut h, "Anna Adler");
    click(&mut h, "Opponent");
    click(&mut h, "Bernd Bauer");
    click(&mut h, "Add pairing");
    assert_eq!(event_of(&h).raeuber_warhammer.pairings.len(), 1);
    h.get_by_label("Table 1: Anna Adler (A) against Bernd Bauer (B)");

    // Live validation: a negative VP is named and nothing can be saved.
    type_into(&mut h, "VP A", "-50");
    type_into(&mut h, "VP B", "500");
    h.get_by_label("VP A: -50 is negative; VP, standards and treasures cannot be");
    // The button stays in its place, greyed out (issue 26).
    assert!(h.get_by_label("Save result").accesskit_node().is_disabled());
    type_into(&mut h, "Standards A", "1.5");
    h.get_by_label("Standards A: \"1.5\" is not a whole number");
    replace_text(&mut h, "VP A", "1200");
    replace_text(&mut h, "Standards A", "1");
    // 1200 + 100 (more standards, N2) against 500: difference 800 -> 6 / 3 (N1).
    // Before the save it reads as what it would give (issue 26).
    h.get_by_label(
        "Not saved yet; it would give, with the standards bonus: A 1300 VP, B 500 VP, \
         difference 800: event points A 3, B 6",
    );
    h.get_by_label("Typed, not saved");
    click(&mut h, "Save result");
    h.get_by_label(
        "With the standards bonus: A 1300 VP, B 500 VP, difference 800: event points A 3, B 6",
    );
    h.get_by_label("Saved in the standings");
    let event = event_of(&h);
    let result = event.raeuber_warhammer.pairings[0]
        .result
        .as_ref()
        .expect("saved");
    assert_eq!(result.a.victory_points, 1200);
    assert_eq!(result.a.standards_captured, 1);

    // Anna has a character on foot and must be in the race result (N6).
    click(&mut h, "Sled race");
    click(&mut h, "Race run on the table: type the finish order");
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
    let (mut h, _) = example_event("paired-twice");
    click(&mut h, "Raeuber-Warhammer");
    click(&mut h, "Player");
    click(&mut h, "Jonas Albrecht");
    click(&mut h, "Opponent");
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
    let (mut h, _) = example_event("standings");
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
    type_into(&mut h, "Movement (player at the near edge)", "3");
    type_into(&mut h, "Movement (player at the far edge)", "9");
    h.get_by_label(
        "The line moves 6 in towards the player at the near edge: 18 in from the near edge.",
    );
    h.get_by_label("Treasure cards at (18 in, 18 in), (36 in, 18 in), (54 in, 18 in).");
    replace_text(&mut h, "Movement (player at the far edge)", "x");
    h.get_by_label("Movement (player at the far edge): \"x\" is not a whole number of inches");
}

#[test]
fn printing_writes_every_sheet_with_progress() {
    let (mut h, dir) = example_event("print");
    click(&mut h, "Print");
    replace_text(&mut h, "Folder", &dir.join("out").display().to_string());
    replace_text(&mut h, "DPI (PNG)", "50");
    click(&mut h, "Write all sheets");
    h.get_by_label("DPI: \"50\" is not between 72 and 1200");
    // Only the standings: "any sheet or all sheets".
    for kind in [
        "Result slips",
        "Sled race",
        "Rules cards",
        "Pairings wall sheets",
    ] {
        h.get_all_by_label(kind).last().expect(kind).click();
        h.run();
    }
    replace_text(&mut h, "DPI (PNG)", "72");
    let written = write_all_sheets(&mut h, &dir.join("out"));
    assert_eq!(written, ["standings.png"]);
}

#[test]
fn saved_results_show_in_their_fields_whichever_tab_was_first() {
    let (mut h, _) = example_event("fields");
    // The players tab is drawn first; the results must still appear later.
    click(&mut h, "Raeuber-Warhammer");
    assert_eq!(h.get_all_by_label("Result saved").count(), 4);
    h.get_by_label(
        "With the standards bonus: A 1350 VP, B 700 VP, difference 650: event points A 3, B 6",
    );
}

/// Opens a copy of a fixture event (`fixtures/<path>`) from `dir`.
fn open_fixture(
    h: &mut egui_kittest::Harness<'static, feldherr::app::FeldherrApp>,
    dir: &std::path::Path,
    path: &str,
) {
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures")
        .join(path);
    let copy = dir.join("event.json");
    let text = std::fs::read_to_string(fixture).expect("fixture");
    let mut value: serde_json::Value = serde_json::from_str(&text).expect("json");
    // A bare event of the crate's fixtures goes into a document.
    if value.get("format").is_none() {
        value["event"] = serde_json::Value::from("wfb_newyear");
        value = serde_json::json!({
            "format": "feldherr",
            "kind": "event",
            "schema_version": 2,
            "event": value,
        });
    }
    std::fs::write(&copy, value.to_string()).expect("copy fixture");
    common::open(h, &copy);
    assert_eq!(h.state().error(), None, "{path} opens");
}

fn sized(width: f32, height: f32) -> egui_kittest::Harness<'static, feldherr::app::FeldherrApp> {
    common::harness_sized(width, height)
}

#[test]
fn a_player_is_edited_after_adding_and_the_change_shows_in_pairings() {
    let (mut h, _) = example_event("edit-player");
    click(&mut h, "Edit Jonas Albrecht");
    // The first player's row is in edit mode: name, club, army.
    replace_text(&mut h, "Name of Jonas Albrecht", "Jonas Albrecht-Meier");
    replace_text(&mut h, "Club of Jonas Albrecht", "SC Süd");
    click(&mut h, "Save changes");
    let event = event_of(&h);
    let jonas = event.player("jonas").expect("same id");
    assert_eq!(jonas.name, "Jonas Albrecht-Meier");
    assert_eq!(jonas.club, "SC Süd");
    click(&mut h, "Raeuber-Warhammer");
    h.get_by_label("Table 1: Jonas Albrecht-Meier (A) against Lena Brandt (B)");
    click(&mut h, "Standings");
    h.get_by_label("Jonas Albrecht-Meier");
    h.get_by_label("SC Süd");
}

#[test]
fn removing_a_paired_player_explains_why_and_offers_the_drop_out() {
    let (mut h, _) = example_event("remove-player");
    click(&mut h, "Remove Jonas Albrecht");
    // Nothing removed; the question names his uses by names, no ids.
    assert_eq!(event_of(&h).players.len(), 8);
    h.get_by_label("Jonas Albrecht cannot be removed: these refer to him:");
    h.get_by_label("•  Raeuber-Warhammer, table 1 against Lena Brandt");
    h.get_by_label("•  New Year scenario, table 1 against Sabine Vogt");
    assert!(h.query_by_label_contains("\"jonas\"").is_none());
    click(&mut h, "Mark as dropped out");
    let event = event_of(&h);
    assert!(event.player("jonas").expect("kept").dropped);
    // His results stay; he is shown as dropped everywhere.
    assert!(event.raeuber_warhammer.pairings[0].result.is_some());
    h.get_by_label("Jonas Albrecht (dropped out)");
    click(&mut h, "Standings");
    // The standings say when: after the last game he has a result in.
    h.get_by_label("Jonas Albrecht (dropped after game 3: sled race)");
    // A dropped player is not offered for a new pairing.
    click(&mut h, "Raeuber-Warhammer");
    click(&mut h, "Player");
    assert!(h.query_by_label("Jonas Albrecht").is_none());
    // The document stays sound: it saves and reloads.
    assert!(
        h.state()
            .active_document()
            .expect("doc")
            .document()
            .problems()
            .is_empty()
    );
}

#[test]
fn a_player_without_uses_is_removed_and_duplicate_names_warn() {
    let mut h = harness(Dice::scripted([]));
    new_newyear_event(&mut h);
    add_player(&mut h, "Anna Adler", false);
    add_player(&mut h, "Anna Adler", false);
    h.get_by_label(
        "Warning: Anna Adler is registered more than once; add a club or an initial so the \
         players can tell them apart.",
    );
    // Two players, two ids; the second is told apart by its id only.
    let event = event_of(&h);
    assert_eq!(event.players.len(), 2);
    assert_ne!(event.players[0].id, event.players[1].id);
    h.get_all_by_label("Remove Anna Adler")
        .next()
        .expect("remove")
        .click();
    h.run();
    assert_eq!(event_of(&h).players.len(), 1);
    assert!(
        h.query_by_label_contains("registered more than once")
            .is_none()
    );
}

fn new_event_with(
    h: &mut egui_kittest::Harness<'static, feldherr::app::FeldherrApp>,
    players: &[(&str, &str)],
) {
    new_newyear_event(h);
    for (name, club) in players {
        type_into(h, "New player", name);
        type_into(h, "Club of the new player", club);
        click(h, "Add player");
    }
}

#[test]
fn the_generator_draws_with_a_seed_swaps_and_confirms_with_a_bye() {
    use feldherr_wfb_newyear::BattleKind;
    let mut h = harness(Dice::scripted([]));
    new_event_with(
        &mut h,
        &[
            ("Anna Adler", "Ulm"),
            ("Bernd Bauer", "Ulm"),
            ("Clara Vogt", "Kassel"),
            ("Dieter Schulz", "Kassel"),
            ("Emil Engel", "Bamberg"),
        ],
    );
    click(&mut h, "Raeuber-Warhammer");
    replace_text(&mut h, "Seed", "42");
    click(&mut h, "Draw");
    h.get_by_label("Draft (seed 42), not confirmed yet:");
    // Same-club games avoided: none to report.
    h.get_by_label("No rematch, no game within a club, no repeated bye.");
    let event = event_of(&h);
    let mut expected = event.draft(BattleKind::RaeuberWarhammer, 42).expect("draw");
    assert!(
        event.raeuber_warhammer.pairings.is_empty(),
        "not yet confirmed"
    );
    // Swap the first two seats before confirming.
    let (x, y) = (
        expected.draft.tables[0].a.clone(),
        expected.draft.tables[0].b.clone(),
    );
    let name = |id: &str| event.player_name(id);
    // Swap the player at table 1 with the one who has the bye.
    let bye = expected.draft.bye.clone().expect("five players: a bye");
    click(&mut h, "Swap");
    click(&mut h, &name(&x));
    click(&mut h, "with");
    click(&mut h, &name(&bye));
    click(&mut h, "Swap players");
    expected.swap(&x, &bye, &event).expect("swap");
    h.get_by_label(&format!("Bye: {} (0 event points)", name(&x)));
    click(&mut h, "Confirm pairings");
    let event = event_of(&h);
    let game = &event.raeuber_warhammer;
    assert_eq!(game.seed, Some(42));
    assert_eq!(game.byes, std::slice::from_ref(&x));
    let seats: Vec<(u32, &str, &str)> = game
        .pairings
        .iter()
        .map(|p| (p.table, p.player_a.as_str(), p.player_b.as_str()))
        .collect();
    let drawn: Vec<(u32, &str, &str)> = expected
        .draft
        .tables
        .iter()
        .map(|t| (t.number, t.a.as_str(), t.b.as_str()))
        .collect();
    assert_eq!(seats, drawn);
    assert_eq!(game.pairings[0].table, 1);
    assert!(seats.iter().any(|(_, a, b)| *a == bye || *b == bye));
    assert!(seats.iter().any(|(_, a, b)| *a == y || *b == y));
    // Numbered tables and the bye on the tab; the seed stays shown.
    h.get_by_label_contains(&format!("Bye: {} scores 0 event points", name(&x)));
    h.get_by_label("The confirmed pairings were drawn with seed 42.");
    // The same seed repeats the draw.
    let again = event_of(&h);
    let mut fresh = again.clone();
    fresh.raeuber_warhammer.pairings.clear();
    fresh.raeuber_warhammer.byes.clear();
    let repeat = fresh
        .draft(BattleKind::RaeuberWarhammer, 42)
        .expect("draw again");
    assert_eq!(repeat.draft.bye, Some(bye));
}

#[test]
fn the_bye_points_are_typed_and_a_bad_value_is_refused_not_clamped() {
    let mut h = harness(Dice::scripted([]));
    new_event_with(
        &mut h,
        &[
            ("Anna Adler", "Ulm"),
            ("Bernd Bauer", "Ulm"),
            ("Clara Vogt", "Kassel"),
        ],
    );
    click(&mut h, "Raeuber-Warhammer");
    let bye_points = |h: &egui_kittest::Harness<'static, feldherr::app::FeldherrApp>| {
        event_of(h).raeuber_warhammer.bye_points
    };
    let before = bye_points(&h);
    replace_text(&mut h, "Event points for a bye", "3");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(bye_points(&h), 3);
    // Negative and huge values are refused with the value, never clamped.
    for bad in ["-1", "99999999999", "drei"] {
        replace_text(&mut h, "Event points for a bye", bad);
        h.key_press(egui::Key::Enter);
        h.run();
        h.get_by_label_contains(&format!("\"{bad}\" is not a whole number of 0 or more"));
        assert_eq!(bye_points(&h), 3, "{bad}");
    }
    // A good value clears the error; undo shows the old value again.
    replace_text(&mut h, "Event points for a bye", "4");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(bye_points(&h), 4);
    assert!(h.query_by_label_contains("is not a whole number").is_none());
    h.state_mut().queue(feldherr::app::Command::Undo);
    h.run();
    assert_eq!(bye_points(&h), 3);
    let shown = h
        .get_by_label("Event points for a bye")
        .accesskit_node()
        .value()
        .unwrap_or_default();
    assert_eq!(shown, "3");
    assert_ne!(before, 4);
    // A draw of three players gives the bye these points.
    replace_text(&mut h, "Seed", "7");
    click(&mut h, "Draw");
    h.get_by_label_contains("(3 event points)");
}

#[test]
fn a_half_typed_result_survives_switching_tabs_and_a_fixed_error_disappears() {
    let mut h = harness(Dice::scripted([]));
    new_event_with(&mut h, &[("Anna Adler", "Ulm"), ("Bernd Bauer", "Kassel")]);
    click(&mut h, "Raeuber-Warhammer");
    click(&mut h, "Player");
    click(&mut h, "Anna Adler");
    click(&mut h, "Opponent");
    click(&mut h, "Bernd Bauer");
    click(&mut h, "Add pairing");
    type_into(&mut h, "VP A", "1234");
    type_into(&mut h, "VP B", "x");
    h.get_by_label("VP B: \"x\" is not a whole number");
    // Leaving asks (issue 26); what cannot be saved is named, and the
    // organiser stays.
    click(&mut h, "Players");
    click(&mut h, "Save and go on");
    h.get_by_label("Table 1: VP B: \"x\" is not a whole number");
    click(&mut h, "Stay here");
    // An edit elsewhere: the typed text is still there.
    h.state_mut().queue(feldherr::systems::newyear::event_edit(
        feldherr_wfb_newyear::EventEdit::AddPlayer(feldherr_wfb_newyear::Player::new(
            "clara",
            "Clara Vogt",
            "",
            "",
            false,
        )),
    ));
    h.run();
    assert_eq!(event_of(&h).players.len(), 3);
    assert_eq!(h.get_by_label("VP A").value().as_deref(), Some("1234"));
    assert_eq!(h.get_by_label("VP B").value().as_deref(), Some("x"));
    h.get_by_label("VP B: \"x\" is not a whole number");
    // Fixing the value clears the error at once.
    replace_text(&mut h, "VP B", "200");
    assert!(h.query_by_label_contains("is not a whole number").is_none());
    click(&mut h, "Save result");
    assert!(event_of(&h).raeuber_warhammer.pairings[0].result.is_some());
}

#[test]
fn vp_fields_show_five_digits_from_1024_by_700() {
    for (width, height) in [(1024.0, 700.0), (1920.0, 1080.0)] {
        let mut h = sized(width, height);
        new_event_with(&mut h, &[("Anna Adler", "Ulm"), ("Bernd Bauer", "Kassel")]);
        click(&mut h, "Raeuber-Warhammer");
        click(&mut h, "Player");
        click(&mut h, "Anna Adler");
        click(&mut h, "Opponent");
        click(&mut h, "Bernd Bauer");
        click(&mut h, "Add pairing");
        let field = h.get_by_label("VP A").rect().width();
        // Five digits of the 14 pt body font are about 45 points; the
        // field holds six plus its margins.
        let five = h.ctx.fonts_mut(|f| {
            f.layout_no_wrap(
                "00000".into(),
                eframe::egui::FontId::proportional(14.0),
                eframe::egui::Color32::WHITE,
            )
            .size()
            .x
        });
        assert!(field >= five + 8.0, "{width}x{height}: {field} < {five}");
    }
}

#[test]
fn standings_sort_by_every_column_and_say_what_decided() {
    let mut h = sized(1920.0, 1080.0);
    open_fixture(
        &mut h,
        &common::temp_dir("sort"),
        "wfb-newyear/event-24.json",
    );
    click(&mut h, "Standings");
    // Tie-breaker: VP difference (the checkbox comes before the heading).
    h.get_all_by_label("VP difference")
        .next()
        .expect("checkbox")
        .click();
    h.run();
    assert_eq!(h.state().error(), None);
    assert!(!event_of(&h).tie_breakers.is_empty());
    // "Decided by" gives the deciding values.
    let decided = h
        .get_all_by_label_contains(" vs ")
        .next()
        .expect("a tie-breaker decided a place")
        .accesskit_node()
        .value()
        .unwrap_or_default();
    assert!(
        decided.starts_with("VP difference ")
            || decided.starts_with("treasures ")
            || decided.starts_with("sled placing "),
        "{decided}"
    );
    let event = event_of(&h);
    let names: std::collections::HashSet<String> = event
        .players
        .iter()
        .map(|p| {
            if p.dropped {
                // "(dropped out)" or "(dropped after game 1: ...)".
                format!("{} (dropped", p.name)
            } else {
                p.name.clone()
            }
        })
        .collect();
    // The names in the order shown, top to bottom.
    let shown = |h: &egui_kittest::Harness<'static, feldherr::app::FeldherrApp>| -> Vec<String> {
        let mut at: Vec<(f32, String)> = names
            .iter()
            .flat_map(|name| {
                if name.ends_with(" (dropped") {
                    h.get_all_by_label_contains(name)
                        .map(|n| (n.rect().top(), name.clone()))
                        .collect::<Vec<_>>()
                } else {
                    h.get_all_by_label(name)
                        .map(|n| (n.rect().top(), name.clone()))
                        .collect::<Vec<_>>()
                }
            })
            .collect();
        at.sort_by(|a, b| a.0.total_cmp(&b.0));
        at.into_iter().map(|(_, n)| n).collect()
    };
    click(&mut h, "Player");
    let by_name = shown(&h);
    assert_eq!(by_name.len(), 24);
    let mut sorted = by_name.clone();
    sorted.sort_by_key(|n| feldherr_wfb_newyear::surname_key(n.trim_end_matches(" (dropped")));
    assert_eq!(by_name, sorted, "names by surname");
    click(&mut h, "Player ^");
    let reversed = shown(&h);
    assert_eq!(reversed.first(), by_name.last());
    // Every column sorts, the tie-breaker values too.
    for heading in [
        "Club",
        "Army",
        "Raeuber",
        "Scenario",
        "Sled",
        "Total",
        "VP diff.",
        "Treasures",
        "Sled place",
        "Decided by",
        "Place",
    ] {
        let all: Vec<_> = h.get_all_by_label(heading).collect();
        all.last().expect(heading).click();
        h.run();
        assert!(
            h.query_by_label(&format!("{heading} ^")).is_some()
                || h.query_by_label(&format!("{heading} v")).is_some(),
            "{heading} sorted"
        );
    }
}

#[test]
fn the_projector_pages_8_24_64_and_120_players_with_name_round_and_time() {
    for (path, players) in [
        ("documents/newyear-event.json", 8),
        ("wfb-newyear/event-24.json", 24),
        ("wfb-newyear/event-64.json", 64),
        ("wfb-newyear/event-120.json", 120),
    ] {
        for (width, height) in [(1024.0, 700.0), (1920.0, 1080.0)] {
            let mut h = sized(width, height);
            open_fixture(&mut h, &common::temp_dir(&format!("proj{players}")), path);
            click(&mut h, "Standings");
            click(&mut h, "Projector view");
            // The projector fills the window: no top bar.
            assert!(h.query_by_label("Undo").is_none(), "{path}: top bar");
            let event = event_of(&h);
            assert!(h.get_all_by_label(&event.name).count() >= 1);
            h.get_by_label("F11: full screen");
            // The round: "<game>: n of m results", or after the race.
            assert!(
                h.query_by_label("after the sled race").is_some()
                    || h.query_by_label_contains(" results").is_some(),
                "{path}: the round"
            );
            // The clock, HH:MM (this minute or the one before).
            let now = jiff::Zoned::now();
            let clocks = [
                now.strftime("%H:%M").to_string(),
                now.saturating_sub(jiff::Span::new().minutes(1))
                    .strftime("%H:%M")
                    .to_string(),
            ];
            assert!(
                clocks.iter().any(|c| h.query_by_label(c).is_some()),
                "{path}: a clock"
            );
            // All rows fit on one page or the pages are counted.
            let page = h.query_by_label_contains("Page 1 of ");
            if players >= 64 {
                let page = page
                    .expect("paged")
                    .accesskit_node()
                    .value()
                    .unwrap_or_default();
                let pages: usize = page
                    .trim_start_matches("Page 1 of ")
                    .parse()
                    .expect("a page count");
                assert!(pages >= 2, "{path} at {width}x{height}: {page}");
            }
            if players == 8 {
                assert!(page.is_none(), "8 players fit one page");
            }
            if players == 24 && width > 1900.0 {
                // Two columns side by side on a wide screen: one page.
                assert!(page.is_none(), "24 players fit one 1920 x 1080 page");
                for player in &event.players {
                    assert!(
                        h.query_all_by_label_contains(&player.name).next().is_some(),
                        "{} on the page",
                        player.name
                    );
                }
            }
            // Every row shown is entirely inside the window.
            for player in &event.players {
                for node in h.query_all_by_label_contains(&player.name) {
                    assert!(
                        node.rect().bottom() <= height + 0.5,
                        "{path} at {width}x{height}: {} below the screen",
                        player.name
                    );
                }
            }
            h.key_press(egui::Key::Escape);
            h.run();
            h.get_by_label("Projector view");
            h.get_by_label("Undo");
        }
    }
}

#[test]
fn the_treasure_helper_uses_the_event_table_and_checks_recovery_at_3_in() {
    let mut h = harness(Dice::scripted([]));
    new_newyear_event(&mut h);
    click(&mut h, "New Year scenario");
    click(&mut h, "Treasure line helper (N4)");
    replace_text(&mut h, "Table width (in)", "60");
    replace_text(&mut h, "Table depth (in)", "40");
    click(&mut h, "Use this table size for the event");
    let table = event_of(&h).table;
    assert_eq!((table.width, table.depth), (60.0, 40.0));
    // N4 on a 60 x 40 table: middle 20 in, 6 in towards A: 14 in.
    type_into(&mut h, "Movement (player at the near edge)", "3");
    type_into(&mut h, "Movement (player at the far edge)", "9");
    h.get_by_label(
        "The line moves 6 in towards the player at the near edge: 14 in from the near edge.",
    );
    h.get_by_label("Treasure cards at (15 in, 14 in), (30 in, 14 in), (45 in, 14 in).");
    // N5: card 1 lies at (15, 14) along the line, its long side across:
    // its far edge at y = 15.75. A regiment (unit strength 10, a 2 in
    // square) centred at y = 19.75 is exactly 3 in away: within
    // ("innerhalb von 3 Zoll").
    click(&mut h, "Add enemy unit");
    for (field, value) in [
        ("x (in) of enemy 1", "15"),
        ("y (in) of enemy 1", "19.75"),
        ("Frontage (in) of enemy 1", "2"),
        ("Depth (in) of enemy 1", "2"),
        ("Unit strength of enemy 1", "10"),
    ] {
        type_into(&mut h, field, value);
    }
    h.get_by_label("Enemy 1 is 3.00 in from card 1.");
    h.get_by_label("Enemy 1 is within 3 in of card 1: the treasure cannot be recovered now (N5).");
    // A hair further: free.
    replace_text(&mut h, "y (in) of enemy 1", "19.8");
    h.get_by_label("Enemy 1 is 3.05 in from card 1.");
    h.get_by_label("No eligible enemy within 3 in of card 1: the treasure may be recovered (N5).");
    // Too weak a unit never stops a recovery.
    replace_text(&mut h, "y (in) of enemy 1", "17");
    replace_text(&mut h, "Unit strength of enemy 1", "4");
    h.get_by_label("No eligible enemy within 3 in of card 1: the treasure may be recovered (N5).");
}

#[test]
fn reopen_last_session_survives_a_failed_open() {
    let dir = common::temp_dir("reopen");
    let copy = common::fixture_copy(&dir, "documents/newyear-event.json", "event.json");
    let mut options = feldherr::app::AppOptions::for_tests(Dice::scripted([]));
    options.settings.last_session = vec![copy.clone()];
    let mut h = common::harness_with(options);
    h.get_by_label("Reopen last session (1 document)");
    // A failed open and other start-screen commands keep it.
    h.state_mut().queue(Command::Open(dir.join("missing.json")));
    h.run();
    assert!(h.state().error().is_some());
    h.state_mut().queue(Command::DismissError);
    h.state_mut().queue(Command::SetDark(true));
    h.run();
    assert_eq!(
        h.state().settings().last_session,
        std::slice::from_ref(&copy)
    );
    click(&mut h, "Reopen last session (1 document)");
    assert_eq!(h.state().documents().len(), 1);
    assert_eq!(h.state().settings().last_session, [copy]);
}

#[test]
fn without_a_portal_open_and_save_as_ask_for_a_typed_path() {
    let dir = common::temp_dir("typed-path");
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/documents/newyear-event.json"
    );
    let copy = dir.join("event.json");
    std::fs::copy(fixture, &copy).expect("copy");
    let mut h = harness(Dice::scripted([]));
    h.state_mut().set_native_dialogs(false);
    h.state_mut().queue(Command::OpenDialog);
    h.run();
    h.get_by_label("Open a document");
    h.get_by_label_contains("no desktop portal");
    replace_text(&mut h, "Path of the file", &copy.display().to_string());
    click(&mut h, "OK");
    assert_eq!(h.state().documents().len(), 1);
    // Save as: typed too; the file is written there.
    h.state_mut().queue(Command::SaveAsDialog);
    h.run();
    h.get_by_label("Save as");
    let target = dir.join("copy.json");
    replace_text(&mut h, "Path of the file", &target.display().to_string());
    click(&mut h, "OK");
    assert!(target.exists());
    // Cancel closes it and changes nothing.
    h.state_mut().queue(Command::SaveAsDialog);
    h.run();
    click(&mut h, "Cancel");
    assert!(h.query_by_label("Path of the file").is_none());
}

fn fixture_event(path: &str) -> feldherr_wfb_newyear::Event {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../fixtures")
            .join(path),
    )
    .expect("fixture");
    feldherr_wfb_newyear::Event::from_json(&text).expect("event")
}

#[test]
fn slips_fit_a5_with_signatures_and_go_two_to_an_a4_page() {
    use feldherr_sheet::PageSize;
    use feldherr_sheet::SheetOptions;
    use feldherr_wfb_newyear::BattleKind;
    use feldherr_wfb_newyear::{event_sheets, event_sheets_two_up, slip};
    let texts = feldherr::i18n::Texts::new("en");
    let event = fixture_event("wfb-newyear/event-24.json");
    let a5 = SheetOptions {
        page: PageSize::A5,
        dpi: 72,
    };
    let mut slips = 0;
    for kind in [BattleKind::RaeuberWarhammer, BattleKind::NewYearScenario] {
        for pairing in &event.game(kind).pairings {
            let layout = slip(&texts, &event, kind, pairing, a5)
                .expect("slip")
                .layout()
                .expect("layout");
            // One A5 page, signatures included.
            assert_eq!(layout.page_count(), 1, "table {}", pairing.table);
            assert!(
                layout.pages()[0]
                    .texts()
                    .any(|(_, _, t)| t.contains("Referee")),
                "signatures on the page"
            );
            slips += 1;
        }
    }
    assert_eq!(slips, 23);
    let options = SheetOptions {
        page: PageSize::A4,
        dpi: 72,
    };
    let two_up = event_sheets_two_up(&texts, &event, options).expect("sheets");
    let pages: Vec<_> = two_up
        .iter()
        .filter(|s| s.name.starts_with("slips-a4-"))
        .collect();
    // 23 slips: 12 A4 pages, each one page with two (the last one) slips.
    assert_eq!(pages.len(), 12);
    for sheet in &pages {
        let layout = sheet.sheet.layout().expect("layout");
        assert_eq!(layout.page_count(), 1, "{}", sheet.name);
        assert_eq!(layout.page_size_pt(), PageSize::A4.size_pt());
    }
    // The cut line: dashed grey pixels across the middle of the page.
    let page = pages[0]
        .sheet
        .layout()
        .expect("layout")
        .render_page(0)
        .expect("raster");
    let middle = page.height() / 2;
    let grey = (0..page.width())
        .filter(|x| {
            (middle.saturating_sub(3)..middle + 3)
                .any(|y| page.pixel(*x, y).is_some_and(|p| p[0] < 160))
        })
        .count();
    assert!(
        grey > page.width() as usize / 3,
        "a dashed line across: {grey} of {}",
        page.width()
    );
    // The other sheets stay on A4; the separate slips are gone.
    assert!(two_up.iter().any(|s| s.name == "standings"));
    assert!(!two_up.iter().any(|s| s.name.starts_with("slip-")));
    // The bye and its points are on the standings sheet.
    let standings = event_sheets(&texts, &event, options)
        .expect("sheets")
        .into_iter()
        .find(|s| s.name == "standings")
        .expect("standings");
    let outline = standings.sheet.layout().expect("layout").text_outline();
    assert!(
        outline.contains("Bye in New Year scenario: Jonas Albrecht, 3 event points"),
        "{outline}"
    );
}

#[test]
fn printing_defaults_beside_the_event_file_and_reports_overwrites_first() {
    let (mut h, dir) = example_event("print-beside");
    click(&mut h, "Print");
    let folder = dir.join("event-sheets");
    assert_eq!(
        h.get_by_label("Folder").accesskit_node().value().as_deref(),
        Some(folder.display().to_string().as_str())
    );
    h.get_by_label("Slips: two A5 per A4 page, with a cut line");
    replace_text(&mut h, "DPI (PNG)", "72");
    for kind in [
        "Result slips",
        "Sled race",
        "Rules cards",
        "Pairings wall sheets",
    ] {
        h.get_all_by_label(kind).last().expect(kind).click();
        h.run();
    }
    let write = |h: &mut egui_kittest::Harness<'static, feldherr::app::FeldherrApp>| {
        h.get_by_label("Write all sheets").click();
        for _ in 0..400 {
            h.step();
            if h.query_by_label_contains("files written to").is_some()
                || h.query_by_label_contains("would be overwritten").is_some()
            {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(25));
        }
        h.run();
    };
    write(&mut h);
    h.get_by_label_contains("files written to");
    let written = folder.join("standings.png");
    let before = std::fs::metadata(&written)
        .expect("written")
        .modified()
        .ok();
    // Again: the existing file is named before anything is written.
    write(&mut h);
    h.get_by_label("1 files exist already and would be overwritten:");
    h.get_by_label("standings.png");
    assert_eq!(
        std::fs::metadata(&written).expect("kept").modified().ok(),
        before
    );
    assert!(h.query_by_label_contains("files written to").is_none());
    h.get_by_label("Overwrite the existing files").click();
    for _ in 0..400 {
        h.step();
        if h.query_by_label_contains("files written to").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    h.get_by_label_contains("files written to");
}

#[test]
fn without_a_portal_the_table_picture_asks_for_a_typed_path() {
    let dir = common::temp_dir("typed-picture");
    let mut h = harness(Dice::scripted([]));
    h.state_mut().set_native_dialogs(false);
    h.state_mut().queue(Command::NewGame("confrontation"));
    h.run();
    h.state_mut().queue(Command::ExportTablePicture);
    h.run();
    h.get_by_label("Export the table picture");
    h.get_by_label_contains("no desktop portal");
    let target = dir.join("table.png");
    replace_text(&mut h, "Path of the file", &target.display().to_string());
    click(&mut h, "OK");
    let bytes = std::fs::read(&target).expect("picture written");
    assert!(bytes.starts_with(b"\x89PNG"));
    // Issue #10: the picture decodes and is the bare 120 x 120 cm table
    // (2400 x 2400 px) with the strip of scale bar and legend below.
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut pixels).expect("PNG pixels");
    assert_eq!(info.width, 2400);
    assert!(info.height > 2400 + 40, "{} px high", info.height);
}

#[test]
fn the_table_picture_names_the_pieces_and_has_a_legend_in_german() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/documents/warmaster-game.json"
    );
    let Ok(Document::Game(game)) = feldherr_host::document::load(std::path::Path::new(path)) else {
        panic!("the Warmaster fixture loads as a game");
    };
    let table = game.table_or_default();
    let rules = game.game.table_rules();
    let ppu = (2400.0 / table.width()) as f32;
    let bare = feldherr_table::render_rgba(&table, &rules, ppu).expect("bare picture");
    let texts = feldherr::i18n::Texts::new("de");
    let lookup = |key: &str| texts.get(key).map(str::to_owned);
    let picture =
        feldherr_sheet::table_picture(&lookup, &table, &rules, ppu).expect("labelled picture");
    let layout = &picture;
    let picture = &picture.image;
    assert_eq!(picture.width, bare.width);
    assert!(picture.height > bare.height);
    // Every named piece labelled or counted, one legend entry per type on
    // the table, the unit in German.
    let labelled: usize = layout
        .labels
        .iter()
        .filter_map(|l| match &l.role {
            feldherr_table::LabelRole::Piece { ids } => Some(ids.len()),
            _ => None,
        })
        .sum();
    let named = table
        .pieces()
        .iter()
        .filter(|p| !p.name.trim().is_empty())
        .count();
    assert_eq!(labelled + layout.left_out.len(), named);
    assert!(
        layout
            .labels
            .iter()
            .any(|l| l.role == feldherr_table::LabelRole::ScaleUnit && l.text == "cm")
    );
    assert!(
        layout.labels.iter().any(|l| l.text == "Wald"),
        "the legend in German"
    );
    let kinds: std::collections::BTreeSet<&str> =
        table.pieces().iter().map(|p| p.kind.as_str()).collect();
    assert_eq!(layout.legend.len(), kinds.len());
    // Text was written onto the table: the labelled table part differs
    // from the bare one where the first piece label is.
    let label = layout
        .labels
        .iter()
        .find(|l| matches!(l.role, feldherr_table::LabelRole::Piece { .. }))
        .expect("a piece label");
    let row = label.y as u32;
    let (from, to) = (
        label.bounds.x as u32,
        (label.bounds.x + label.bounds.w) as u32,
    );
    let changed = (from..to)
        .filter(|&x| picture.pixel(x, row) != bare.pixel(x, row))
        .count();
    assert!(changed > 5, "letters along {}", label.text);
    // Written in the strip: dark letters somewhere below the table.
    let dark = (bare.height..picture.height)
        .flat_map(|y| (0..picture.width).map(move |x| (x, y)))
        .filter(|&(x, y)| picture.pixel(x, y).is_some_and(|p| p[0] < 60 && p[1] < 60))
        .count();
    assert!(dark > 500);
    assert_eq!(texts.t("picture.unit.in"), "Zoll");
    assert_eq!(
        texts.t("canvas.type.wood"),
        "Wald",
        "legend names come translated"
    );
}

#[test]
fn without_a_portal_every_record_sheet_asks_for_a_typed_path() {
    let dir = common::temp_dir("typed-sheets");
    for example in [
        "confrontation-game",
        "warmaster-game",
        "warheim-game",
        "wh40k-ffa-game",
        "sled-race",
    ] {
        let file = format!("{example}.json");
        let copy = common::fixture_copy(&dir, &format!("documents/{file}"), &file);
        let mut h = harness(Dice::scripted([]));
        h.state_mut().set_native_dialogs(false);
        common::open(&mut h, &copy);
        // One button on every game screen whose system has a record sheet.
        click(&mut h, "Export record sheet (PDF)");
        h.get_by_label_contains("no desktop portal");
        // Suggested beside the game's file, under a name every system takes.
        let suggested = h
            .get_by_label("Path of the file")
            .value()
            .unwrap_or_default();
        let suggested = std::path::PathBuf::from(suggested);
        assert_eq!(suggested.parent(), Some(dir.as_path()), "{example}");
        let file = suggested
            .file_name()
            .and_then(|f| f.to_str())
            .unwrap_or_default();
        assert!(file.ends_with("-record.pdf"), "{file}");
        assert!(!file.contains([':', '/', '\\', '?', '*']), "{file}");
        let target = dir.join(format!("{example}.pdf"));
        replace_text(&mut h, "Path of the file", &target.display().to_string());
        click(&mut h, "OK");
        let bytes = std::fs::read(&target).unwrap_or_else(|e| panic!("{example}: {e}"));
        assert!(bytes.starts_with(b"%PDF"), "{example}");
        assert!(h.state().error().is_none(), "{example}");
    }
    // A New Year battle game has no record sheet of its own: no button.
    let mut h = harness(Dice::scripted([]));
    h.state_mut().queue(Command::NewGame("wfb_newyear"));
    h.run();
    assert!(h.query_by_label("Export record sheet (PDF)").is_none());
}

/// Starts a New Year event: its card comes first on the start screen
/// (Warmaster offers a "New event" for its tournament too).
fn new_newyear_event(h: &mut egui_kittest::Harness<'static, feldherr::app::FeldherrApp>) {
    h.get_all_by_label("New event")
        .next()
        .expect("a New event button")
        .click();
    h.run();
}

/// A New Year event with `players` (id, name) registered through edits.
fn event_with_players(
    h: &mut egui_kittest::Harness<'static, feldherr::app::FeldherrApp>,
    players: &[(&str, &str)],
) {
    use feldherr::systems::newyear::event_edit;
    use feldherr_wfb_newyear::{EventEdit, Player};
    new_newyear_event(h);
    for (id, name) in players {
        h.state_mut()
            .queue(event_edit(EventEdit::AddPlayer(Player::new(
                *id, *name, "", "Zwerge", false,
            ))));
    }
    h.run();
}

/// A new event of Anna Adler, Bernd Bauer, Clara Christ and Dieter Dorn,
/// paired at tables 1 (Anna against Bernd) and 2 (Clara against Dieter) of
/// the Räuber-Warhammer game.
fn four_players_at_two_tables(h: &mut egui_kittest::Harness<'static, feldherr::app::FeldherrApp>) {
    use feldherr_wfb_newyear::BattleKind;
    event_with_players(
        h,
        &[
            ("a", "Anna Adler"),
            ("b", "Bernd Bauer"),
            ("c", "Clara Christ"),
            ("d", "Dieter Dorn"),
        ],
    );
    pair(h, BattleKind::RaeuberWarhammer, 1, "a", "b");
    pair(h, BattleKind::RaeuberWarhammer, 2, "c", "d");
}

fn pair(
    h: &mut egui_kittest::Harness<'static, feldherr::app::FeldherrApp>,
    game: feldherr_wfb_newyear::BattleKind,
    table: u32,
    a: &str,
    b: &str,
) {
    use feldherr::systems::newyear::event_edit;
    use feldherr_wfb_newyear::{EventEdit, Pairing};
    h.state_mut().queue(event_edit(EventEdit::AddPairing {
        game,
        pairing: Pairing::new(table, a, b),
    }));
    h.run();
}

#[test]
fn a_result_is_saved_or_visibly_not_on_the_tab_the_standings_and_the_projector() {
    let mut h = harness(Dice::scripted([]));
    four_players_at_two_tables(&mut h);
    // Beside the game's tab and on each table (issue 26).
    h.get_by_label("(2 without a result)");
    click(&mut h, "Raeuber-Warhammer");
    assert_eq!(h.get_all_by_label("No result yet").count(), 2);
    let before = h
        .get_all_by_label("Save result")
        .next()
        .expect("a button")
        .rect();
    replace_text_nth(&mut h, "VP A", 0, "900");
    replace_text_nth(&mut h, "VP B", 0, "200");
    h.get_by_label("Typed, not saved");
    assert_eq!(h.get_all_by_label("No result yet").count(), 1);
    // The button did not move while the hint and the preview appeared.
    let after = h
        .get_all_by_label("Save result")
        .next()
        .expect("a button")
        .rect();
    assert_eq!(before.min, after.min);
    h.get_by_label_contains("Not saved yet; it would give");
    // Leaving asks: stay keeps the typed values and the tab.
    click(&mut h, "Standings");
    h.get_by_label("Results not saved");
    h.get_by_label(
        "Table 1 has a typed result that is not saved; it does not count in the standings.",
    );
    click(&mut h, "Stay here");
    assert!(h.query_by_label("Results not saved").is_none());
    h.get_by_label("Typed, not saved");
    // Discard: the fields are empty again, the standings shown.
    click(&mut h, "Standings");
    click(&mut h, "Discard what was typed");
    assert!(event_of(&h).raeuber_warhammer.pairings[0].result.is_none());
    h.get_by_label("2 tables without a result: the standings are provisional");
    h.get_by_label("Raeuber-Warhammer: 2 tables without a result (tables 1, 2)");
    // Save and go on saves what was typed.
    click(&mut h, "Raeuber-Warhammer");
    assert_eq!(h.get_all_by_label("No result yet").count(), 2);
    replace_text_nth(&mut h, "VP A", 1, "300");
    replace_text_nth(&mut h, "VP B", 1, "1000");
    click(&mut h, "Standings");
    click(&mut h, "Save and go on");
    let event = event_of(&h);
    let saved = event.raeuber_warhammer.pairings[1].result.expect("saved");
    assert_eq!(
        (saved.a.victory_points, saved.b.victory_points),
        (300, 1000)
    );
    h.get_by_label("1 table without a result: the standings are provisional");
    h.get_by_label("(1 without a result)");
    click(&mut h, "Projector view");
    h.get_by_label("1 table without a result: the standings are provisional");
    click(&mut h, "Leave projector view (Esc)");
    // The last result: the warnings go.
    click(&mut h, "Raeuber-Warhammer");
    replace_text_nth(&mut h, "VP A", 0, "900");
    replace_text_nth(&mut h, "VP B", 0, "200");
    h.get_all_by_label("Save result")
        .next()
        .expect("a button")
        .click();
    h.run();
    assert_eq!(h.get_all_by_label("Saved in the standings").count(), 2);
    assert!(h.query_by_label_contains("without a result").is_none());
}

#[test]
fn a_late_arrival_takes_a_bye_byes_are_removed_and_a_redraw_keeps_the_results() {
    use feldherr::systems::newyear::event_edit;
    use feldherr_wfb_newyear::{BattleKind, BattleResult, EventEdit, Player, SideResult};
    let mut h = harness(Dice::scripted([]));
    event_with_players(
        &mut h,
        &[
            ("a", "Anna Adler"),
            ("b", "Bernd Bauer"),
            ("c", "Clara Christ"),
            ("d", "Dieter Dorn"),
            ("e", "Emil Engel"),
        ],
    );
    click(&mut h, "Raeuber-Warhammer");
    replace_text(&mut h, "Seed", "1");
    click(&mut h, "Draw");
    click(&mut h, "Confirm pairings");
    let event = event_of(&h);
    let bye = event.raeuber_warhammer.byes[0].clone();
    let bye_name = event.player_name(&bye);
    // A draft goes stale when a player arrives: said before the click,
    // confirming is refused, the draft stays.
    click(&mut h, "Draw");
    h.get_by_label("Draft (seed 1), not confirmed yet:");
    let add = |h: &mut egui_kittest::Harness<'static, feldherr::app::FeldherrApp>,
               id: &str,
               name: &str| {
        h.state_mut()
            .queue(event_edit(EventEdit::AddPlayer(Player::new(
                id, name, "", "", false,
            ))));
        h.run();
    };
    add(&mut h, "f", "Fritz Frei");
    h.get_by_label("The draft no longer fits the event; draw again before confirming:");
    h.get_by_label("•  Fritz Frei is to be paired but was not drawn");
    assert!(
        h.get_by_label("Confirm pairings")
            .accesskit_node()
            .is_disabled()
    );
    h.get_by_label("Draft (seed 1), not confirmed yet:");
    click(&mut h, "Discard draft");
    // The late arrival takes the bye's slot: both play at table 3.
    click(&mut h, &format!("Late arrival to play {bye_name}"));
    click(&mut h, "Fritz Frei");
    click(&mut h, "Pair at a new table");
    let event = event_of(&h);
    let game = &event.raeuber_warhammer;
    assert!(game.byes.is_empty());
    let table = game.at_table(3).expect("a new table");
    assert_eq!(
        (table.player_a.as_str(), table.player_b.as_str()),
        (bye.as_str(), "f")
    );
    // A bye given by hand and removed again.
    add(&mut h, "g", "Gerd Gross");
    click(&mut h, "Give Gerd Gross a bye");
    assert_eq!(event_of(&h).raeuber_warhammer.byes, ["g"]);
    click(&mut h, "Remove the bye of Gerd Gross");
    assert!(event_of(&h).raeuber_warhammer.byes.is_empty());
    // A result at table 1; a redraw keeps it and pairs the others.
    let result = BattleResult {
        a: SideResult::new(900, 0),
        b: SideResult::new(200, 0),
    };
    h.state_mut().queue(event_edit(EventEdit::SetResult {
        game: BattleKind::RaeuberWarhammer,
        table: 1,
        result: Some(result),
    }));
    h.run();
    let kept = event_of(&h).raeuber_warhammer.pairings[0].clone();
    h.get_by_label(
        "Tables with a result are kept; a draw pairs only the other players, around them.",
    );
    replace_text(&mut h, "Seed", "5");
    click(&mut h, "Draw");
    h.get_by_label("Kept, as they have a result: tables 1");
    click(&mut h, "Confirm pairings");
    let event = event_of(&h);
    let game = &event.raeuber_warhammer;
    assert_eq!(game.at_table(1), Some(&kept));
    // Seven players: table 1 kept, two new tables and a bye.
    assert_eq!(game.pairings.len(), 3);
    assert_eq!(game.byes.len(), 1);
    assert_eq!(game.seed, Some(5));
}

#[test]
fn the_standings_are_exported_as_csv_through_the_save_dialog() {
    let dir = common::temp_dir("standings-csv");
    let mut h = harness(Dice::scripted([]));
    h.state_mut().set_native_dialogs(false);
    open_fixture_event(&mut h, &dir);
    click(&mut h, "Standings");
    click(&mut h, "Export standings (CSV)");
    h.get_by_label("Export the standings (CSV)");
    let suggested = h
        .get_by_label("Path of the file")
        .value()
        .unwrap_or_default();
    assert!(suggested.ends_with("-standings.csv"), "{suggested}");
    let target = dir.join("standings.csv");
    replace_text(&mut h, "Path of the file", &target.display().to_string());
    click(&mut h, "OK");
    let written = std::fs::read_to_string(&target).expect("written");
    // The command line's table and printer, for spreadsheets: a byte-order
    // mark and CR LF.
    let event = event_of(&h);
    let texts = feldherr::i18n::Texts::new("en");
    let table = feldherr_wfb_newyear::standings_table(&event, &texts).expect("table");
    let expected = feldherr_host::standings::csv(
        &table,
        feldherr_host::standings::CsvOptions {
            bom: true,
            crlf: true,
            separator: feldherr_host::standings::Separator::Comma,
        },
    );
    assert_eq!(written, expected);
    assert!(written.starts_with('\u{feff}'));
    assert_eq!(written.lines().count(), event.players.len() + 1);
    assert!(h.state().error().is_none());
}

#[test]
fn a_correction_under_a_later_draw_warns_and_a_drop_out_says_when() {
    use feldherr::systems::newyear::event_edit;
    use feldherr_wfb_newyear::{BattleKind, BattleResult, DroppedAfter, EventEdit, SideResult};
    let mut h = harness(Dice::scripted([]));
    four_players_at_two_tables(&mut h);
    for (table, a, b) in [(1, 900, 200), (2, 500, 400)] {
        h.state_mut().queue(event_edit(EventEdit::SetResult {
            game: BattleKind::RaeuberWarhammer,
            table,
            result: Some(BattleResult {
                a: SideResult::new(a, 0),
                b: SideResult::new(b, 0),
            }),
        }));
    }
    h.run();
    let draft = event_of(&h)
        .draft(BattleKind::NewYearScenario, 3)
        .expect("draft");
    h.state_mut()
        .queue(event_edit(EventEdit::ConfirmDraft(draft)));
    h.run();
    assert!(!event_of(&h).new_year_scenario.drawn_from.is_empty());
    // Correcting table 1 changes the standings the scenario was drawn by:
    // said before the click, and after it on the tabs and the standings.
    click(&mut h, "Raeuber-Warhammer");
    replace_text_nth(&mut h, "VP A", 0, "100");
    h.get_by_label_contains(
        "The New Year scenario was drawn by the standings this correction changes (",
    );
    click(&mut h, "Save result");
    h.get_by_label_contains("was drawn by standings that a corrected result has changed since");
    click(&mut h, "Standings");
    h.get_by_label_contains("was drawn by standings that a corrected result has changed since");
    click(&mut h, "Keep the pairings as drawn");
    assert!(h.query_by_label_contains("corrected result").is_none());
    assert!(
        event_of(&h)
            .warnings()
            .expect("warnings")
            .iter()
            .all(|w| !matches!(
                w,
                feldherr_wfb_newyear::EventWarning::StandingsChangedSinceDraw { .. }
            ))
    );
    // A drop-out: when is recorded, shown with the standings, corrected on
    // the players tab and printed.
    h.state_mut().queue(event_edit(EventEdit::SetDropped {
        id: "d".into(),
        dropped: true,
    }));
    h.run();
    assert_eq!(
        event_of(&h).player("d").expect("d").dropped_after,
        Some(DroppedAfter::RaeuberWarhammer)
    );
    h.get_by_label("Dieter Dorn (dropped after game 1: Raeuber-Warhammer)");
    click(&mut h, "Players");
    click(&mut h, "When Dieter Dorn dropped out");
    click(&mut h, "after game 2: New Year scenario");
    assert_eq!(
        event_of(&h).player("d").expect("d").dropped_after,
        Some(DroppedAfter::NewYearScenario)
    );
    let texts = feldherr::i18n::Texts::new("en");
    let table = feldherr_wfb_newyear::standings_table(&event_of(&h), &texts).expect("table");
    let printed: Vec<String> = table.rows.iter().map(|r| r.cells[1].to_string()).collect();
    assert!(
        printed.contains(&"Dieter Dorn (dropped after game 2: New Year scenario)".to_owned()),
        "{printed:?}"
    );
}

#[test]
fn implausible_results_are_refused_with_field_and_value_and_band_edges_are_named() {
    use feldherr_wfb_newyear::BattleKind;
    let mut h = harness(Dice::scripted([]));
    event_with_players(&mut h, &[("a", "Anna Adler"), ("b", "Bernd Bauer")]);
    pair(&mut h, BattleKind::RaeuberWarhammer, 1, "a", "b");
    click(&mut h, "Raeuber-Warhammer");
    // The typo of issue 26: refused, the field, the player and the bound named.
    replace_text(&mut h, "VP A", "999999999");
    replace_text(&mut h, "Standards A", "37");
    replace_text(&mut h, "VP B", "800");
    h.get_by_label(
        "VP A: 999999999 for Anna Adler is more VP than an army of 1500 points can give \
         (at most 1500, PN1)",
    );
    assert!(h.get_by_label("Save result").accesskit_node().is_disabled());
    replace_text(&mut h, "VP A", "1200");
    h.get_by_label(
        "Standards A: 37 for Anna Adler is more standards than an army of 1500 points can \
         carry (at most 30, PN2)",
    );
    // Exactly 1300: the text prints ">1300"; N1 reads it as the top band.
    replace_text(&mut h, "Standards A", "0");
    replace_text(&mut h, "VP A", "1300");
    replace_text(&mut h, "VP B", "0");
    h.get_by_label(
        "A difference of exactly 1300: the rules print \">1300\"; it counts in the band from \
         1300 (N1).",
    );
    assert!(!h.get_by_label("Save result").accesskit_node().is_disabled());
    // The bye points are the organiser's decision.
    click(&mut h, "Draw the pairings");
    h.get_by_label_contains("The rules say nothing about byes: the organiser decides");
    // A larger army size takes larger results; a bad one is named.
    click(&mut h, "Players");
    click(&mut h, "Discard what was typed");
    replace_text(&mut h, "Army size (points)", "abc");
    h.key_press(egui::Key::Enter);
    h.run();
    h.get_by_label("Army size: \"abc\" is not a whole number of points");
    replace_text(&mut h, "Army size (points)", "2000");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(event_of(&h).army_size, 2000);
    click(&mut h, "Raeuber-Warhammer");
    replace_text(&mut h, "VP A", "1800");
    replace_text(&mut h, "VP B", "100");
    assert!(h.query_by_label_contains("more VP than an army").is_none());
    click(&mut h, "Save result");
    assert!(event_of(&h).raeuber_warhammer.pairings[0].result.is_some());
}

#[test]
fn the_round_timer_counts_down_on_the_projector_in_its_own_window() {
    let dir = common::temp_dir("projector-window");
    let mut h = sized(1920.0, 1080.0);
    open_fixture_event(&mut h, &dir);
    click(&mut h, "Standings");
    click(&mut h, "Start timer");
    h.get_by_label_contains("Time left 2:");
    click(&mut h, "Pause timer");
    h.get_by_label_contains("Paused: 2:");
    click(&mut h, "Start timer");
    // The projector in a window of its own (embedded where the platform
    // has one window): the main window keeps its tabs and works.
    click(&mut h, "Projector in its own window");
    h.get_by_label("Close this window");
    h.get_by_label("F11: full screen");
    assert!(h.query_all_by_label_contains("Time left 2:").count() >= 2);
    h.get_by_label("Undo");
    // Embedded here, the window lies over the tabs: click them through
    // accessibility, as a second screen would leave them free.
    h.get_by_label("Raeuber-Warhammer").click_accesskit();
    h.run();
    h.get_by_label("Close this window");
    h.get_by_label_contains("Table 1:");
    assert!(h.query_all_by_label_contains("Time left 2:").count() >= 1);
    click(&mut h, "Close this window");
    assert!(h.query_by_label("F11: full screen").is_none());
    click(&mut h, "Standings");
    click(&mut h, "Reset timer");
    assert!(h.query_by_label_contains("Time left").is_none());
}

#[test]
fn an_army_list_smaller_than_the_event_size_is_edited_and_one_above_it_refused() {
    let (mut h, _) = example_event("army-points");
    // The column says what it holds: army points, not event points.
    h.get_by_label("Army points");
    click(&mut h, "Edit Jonas Albrecht");
    replace_text(&mut h, "Army points of Jonas Albrecht", "1499");
    click(&mut h, "Save changes");
    assert_eq!(
        event_of(&h).player("jonas").expect("jonas").army_points,
        1499
    );
    click(&mut h, "Edit Jonas Albrecht");
    replace_text(&mut h, "Army points of Jonas Albrecht", "15x");
    click(&mut h, "Save changes");
    h.get_by_label("Army points of Jonas Albrecht: \"15x\" is not a whole number");
    replace_text(&mut h, "Army points of Jonas Albrecht", "1600");
    click(&mut h, "Save changes");
    h.get_by_label_contains("Not saved: ");
    // The typed values stay to be corrected; nothing changed.
    assert_eq!(
        h.get_by_label("Army points of Jonas Albrecht")
            .value()
            .as_deref(),
        Some("1600")
    );
    assert_eq!(
        event_of(&h).player("jonas").expect("jonas").army_points,
        1499
    );
}

#[test]
fn typed_results_survive_a_restart_and_closing_or_switching_asks_first() {
    let dir = common::temp_dir("typed_restart");
    let mut options = feldherr::app::AppOptions::for_tests(Dice::scripted([]));
    options.autosave_dir = Some(dir.clone());
    let mut h = common::harness_with(options);
    four_players_at_two_tables(&mut h);
    click(&mut h, "Raeuber-Warhammer");
    replace_text_nth(&mut h, "VP A", 1, "1234");
    replace_text_nth(&mut h, "VP B", 1, "567");
    h.get_by_label("Typed, not saved");
    // Kept with the session, by the document's autosave file.
    let location = h.state().documents()[0]
        .location()
        .expect("autosaved")
        .to_path_buf();
    assert!(h.state().settings().unsaved_input.contains_key(&location));
    // Another document: choosing it asks; staying keeps the tab.
    h.state_mut()
        .queue(Command::Show(feldherr::app::Screen::Start));
    h.run();
    new_newyear_event(&mut h);
    assert_eq!(h.state().documents().len(), 2);
    h.state_mut().queue(Command::Activate(0));
    h.run();
    click(&mut h, "Raeuber-Warhammer");
    assert!(h.query_all_by_value("1234").next().is_some(), "1234 shows");
    h.state_mut().queue(Command::Activate(1));
    h.run();
    h.get_by_label_contains(": typed input not saved");
    click(&mut h, "Stay and save it");
    assert_eq!(active_index(&h), Some(0));
    assert!(h.query_all_by_value("1234").next().is_some(), "1234 shows");
    // Going on keeps the typed values for later.
    h.state_mut().queue(Command::Activate(1));
    h.run();
    click(&mut h, "Go to the other document");
    assert_eq!(active_index(&h), Some(1));
    assert!(h.state().settings().unsaved_input.contains_key(&location));
    // A restart: the session reopens and the typed values are back, still
    // marked as not saved (nothing went into the document).
    let mut settings = h.state().settings().clone();
    settings.last_session = vec![location.clone()];
    let mut options = feldherr::app::AppOptions::for_tests(Dice::scripted([]));
    options.autosave_dir = Some(dir.clone());
    options.settings = settings;
    let mut h = common::harness_with(options);
    click(&mut h, "Reopen last session (1 document)");
    click(&mut h, "Raeuber-Warhammer");
    assert!(h.query_all_by_value("1234").next().is_some(), "1234 shows");
    assert!(h.query_all_by_value("567").next().is_some(), "567 shows");
    h.get_by_label("Typed, not saved");
    assert!(event_of(&h).raeuber_warhammer.pairings[1].result.is_none());
    // Closing asks; closing throws the typed values away.
    h.state_mut().queue(Command::Close(0));
    h.run();
    h.get_by_label(
        "Something typed on this document (a result on a table) is not saved in it. Closing throws it away.",
    );
    click(&mut h, "Stay and save it");
    assert_eq!(h.state().documents().len(), 1);
    h.state_mut().queue(Command::Close(0));
    h.run();
    click(&mut h, "Close and throw it away");
    // An unnamed changed event asks whether to keep it as a draft.
    if h.query_by_label("Keep it open").is_some() {
        click(&mut h, "Keep as draft");
    }
    assert!(h.state().documents().is_empty());
    assert!(h.state().settings().unsaved_input.is_empty());
}

/// Which open document is the active one.
fn active_index(h: &egui_kittest::Harness<'static, feldherr::app::FeldherrApp>) -> Option<usize> {
    h.state().active_index()
}

#[test]
fn the_decided_by_column_reads_whole_at_1024_by_700_in_german() {
    let mut options = feldherr::app::AppOptions::for_tests(Dice::scripted([]));
    options.settings.language = "de".into();
    let mut h = egui_kittest::Harness::builder()
        .with_size(eframe::egui::vec2(1024.0, 700.0))
        .build_ui_state(
            |ui, app: &mut feldherr::app::FeldherrApp| app.show(ui),
            feldherr::app::FeldherrApp::with_options(options),
        );
    h.run();
    open_fixture(
        &mut h,
        &common::temp_dir("decided_1024"),
        "wfb-newyear/event-24.json",
    );
    click(&mut h, "Tabelle");
    h.get_all_by_label("SP-Differenz")
        .next()
        .expect("checkbox")
        .click();
    h.run();
    // The column beside the total, every text of it inside the window (no
    // horizontal scrolling; a long one wraps, issue 26).
    let header = h.get_by_label_contains("Entsch");
    let right = header.rect().max.x;
    let mut cells = 0;
    for cell in h.query_all_by_label_contains(" gegen ") {
        cells += 1;
        assert!(cell.rect().max.x <= 1024.0, "{:?}", cell.rect());
    }
    assert!(cells > 0, "a tie-breaker decided a place");
    assert!(right <= 1024.0, "{right}");
}

#[test]
fn print_choices_are_remembered_for_the_next_event() {
    use eframe::egui::accesskit::Toggled;
    let on = |h: &egui_kittest::Harness<'static, feldherr::app::FeldherrApp>, label: &str| {
        h.get_by_label(label).accesskit_node().toggled() == Some(Toggled::True)
    };
    let mut h = harness(Dice::scripted([]));
    open_fixture(
        &mut h,
        &common::temp_dir("print_remembered"),
        "wfb-newyear/event-24.json",
    );
    click(&mut h, "Print");
    assert!(on(&h, "A4") && !on(&h, "A5"));
    click(&mut h, "A5");
    click(&mut h, "PDF (one per sheet, plus all-sheets.pdf)");
    click(&mut h, "Deutsch");
    // Another event's print tab starts from them (issue 26).
    h.state_mut()
        .queue(Command::Show(feldherr::app::Screen::Start));
    h.run();
    new_newyear_event(&mut h);
    assert_eq!(h.state().documents().len(), 2);
    click(&mut h, "Print");
    assert!(on(&h, "A5") && !on(&h, "A4"));
    assert!(on(&h, "PDF (one per sheet, plus all-sheets.pdf)"));
    assert!(on(&h, "Deutsch") && !on(&h, "English"));
}

#[test]
fn the_projector_says_after_the_sled_race_only_when_every_table_has_its_result() {
    use feldherr::systems::newyear::event_edit;
    use feldherr_wfb_newyear::{BattleKind, EventEdit};
    let mut h = harness(Dice::scripted([]));
    open_fixture(
        &mut h,
        &common::temp_dir("proj_round"),
        "wfb-newyear/event-24.json",
    );
    let event = event_of(&h);
    assert!(event.sled_race.is_some(), "the fixture's race was run");
    assert!(event.new_year_scenario.tables_without_result().is_empty());
    click(&mut h, "Standings");
    click(&mut h, "Projector view");
    h.get_by_label("after the sled race");
    click(&mut h, "Leave projector view (Esc)");
    // A result taken out: the header says what is true.
    let table = event.new_year_scenario.pairings[0].table;
    let total = event.new_year_scenario.pairings.len();
    h.state_mut().queue(event_edit(EventEdit::SetResult {
        game: BattleKind::NewYearScenario,
        table,
        result: None,
    }));
    h.run();
    click(&mut h, "Projector view");
    assert!(h.query_by_label("after the sled race").is_none());
    h.get_by_label(&format!(
        "sled race run; New Year scenario: {} of {total} results",
        total - 1
    ));
}

/// Types the result of every table of the game tab shown through its
/// fields and saves each with its own button: side A wins by a margin
/// that grows with the table number.
fn enter_results_through_the_window(
    h: &mut egui_kittest::Harness<'static, feldherr::app::FeldherrApp>,
    tables: usize,
) {
    for i in 0..tables {
        let vp_a = 900 + 20 * i;
        replace_text_nth(h, "VP A", i, &vp_a.to_string());
        replace_text_nth(h, "VP B", i, "300");
        // The table's own button: the one level with its fields.
        let y = h
            .get_all_by_label("VP A")
            .nth(i)
            .expect("VP A")
            .rect()
            .center()
            .y;
        h.get_all_by_label("Save result")
            .min_by(|a, b| {
                let da = (a.rect().center().y - y).abs();
                let db = (b.rect().center().y - y).abs();
                da.total_cmp(&db)
            })
            .expect("a Save result")
            .click();
        h.run();
    }
}

#[test]
fn a_24_player_event_with_a_late_arrival_and_a_drop_out_runs_through_the_window() {
    use feldherr::systems::newyear::event_edit;
    use feldherr_wfb_newyear::{EventEdit, Player};
    let dir = common::temp_dir("event24_day");
    // Tall enough that every table row is laid out without scrolling.
    let mut h = sized(1920.0, 3200.0);
    // 23 registered; the 24th arrives late.
    let players: Vec<(String, String)> = (1..=23)
        .map(|n| (format!("p{n:02}"), format!("Player {n:02}")))
        .collect();
    let refs: Vec<(&str, &str)> = players
        .iter()
        .map(|(id, name)| (id.as_str(), name.as_str()))
        .collect();
    event_with_players(&mut h, &refs);
    // Game 1: drawn in the window, 11 tables and a bye.
    click(&mut h, "Raeuber-Warhammer");
    replace_text(&mut h, "Seed", "7");
    click(&mut h, "Draw");
    click(&mut h, "Confirm pairings");
    let event = event_of(&h);
    assert_eq!(event.raeuber_warhammer.pairings.len(), 11);
    let bye = event.raeuber_warhammer.byes[0].clone();
    let bye_name = event.player_name(&bye).to_owned();
    // The late arrival takes the bye's slot at a new table.
    h.state_mut()
        .queue(event_edit(EventEdit::AddPlayer(Player::new(
            "p24",
            "Xaver Spaet",
            "",
            "Zwerge",
            false,
        ))));
    h.run();
    click(&mut h, &format!("Late arrival to play {bye_name}"));
    click(&mut h, "Xaver Spaet");
    click(&mut h, "Pair at a new table");
    let event = event_of(&h);
    assert!(event.raeuber_warhammer.byes.is_empty());
    let late = event.raeuber_warhammer.at_table(12).expect("table 12");
    assert_eq!(
        (late.player_a.as_str(), late.player_b.as_str()),
        (bye.as_str(), "p24")
    );
    h.get_by_label("(12 without a result)");
    enter_results_through_the_window(&mut h, 12);
    let event = event_of(&h);
    assert!(event.raeuber_warhammer.tables_without_result().is_empty());
    // A drop-out after game 1, ticked on the players tab.
    let dropped = event.raeuber_warhammer.pairings[0].player_b.clone();
    let dropped_name = event.player_name(&dropped).to_owned();
    click(&mut h, "Players");
    click(&mut h, &format!("{dropped_name} has dropped out"));
    assert!(event_of(&h).player(&dropped).expect("player").dropped);
    // Game 2: 23 players, 11 tables and a bye, entered in the window.
    click(&mut h, "New Year scenario");
    replace_text(&mut h, "Seed", "11");
    click(&mut h, "Draw");
    click(&mut h, "Confirm pairings");
    let event = event_of(&h);
    let game = &event.new_year_scenario;
    assert_eq!((game.pairings.len(), game.byes.len()), (11, 1));
    assert!(game.table_of(&dropped).is_none() && !game.byes.contains(&dropped));
    enter_results_through_the_window(&mut h, 11);
    let event = event_of(&h);
    assert!(event.new_year_scenario.tables_without_result().is_empty());
    // The standings: no table without a result; named players at the
    // crate's places, on the row of their name.
    click(&mut h, "Standings");
    assert!(h.query_by_label_contains("without a result").is_none());
    let rows = feldherr_wfb_newyear::standings_rows(&event).expect("standings");
    assert_eq!(rows.len(), 24);
    let dropped_row = rows
        .iter()
        .find(|r| r.points.name == dropped_name)
        .expect("the drop-out stays in the standings");
    assert_eq!(dropped_row.points.new_year_scenario, 0);
    let late_row = rows
        .iter()
        .find(|r| r.points.name == "Xaver Spaet")
        .expect("the late arrival");
    for row in [&rows[0], &rows[1], &rows[23], late_row, dropped_row] {
        let name = h
            .get_all_by_label_contains(&row.points.name)
            .find(|n| n.rect().min.x < 200.0)
            .expect("the name in the table")
            .rect();
        let place = row.place_label();
        assert!(
            h.query_all_by_label(&place)
                .any(|n| (n.rect().center().y - name.center().y).abs() < 6.0
                    && n.rect().max.x <= name.min.x),
            "{} at place {place}",
            row.points.name
        );
    }
    // The pairings wall sheet, made from the print tab alone.
    click(&mut h, "Print");
    replace_text(&mut h, "Folder", &dir.join("out").display().to_string());
    replace_text(&mut h, "DPI (PNG)", "72");
    for kind in ["Result slips", "Sled race", "Rules cards", "Standings"] {
        h.get_all_by_label(kind).last().expect(kind).click();
        h.run();
    }
    let written = write_all_sheets(&mut h, &dir.join("out"));
    assert!(!written.is_empty());
    assert!(
        written.iter().all(|f| f.contains("pairings")),
        "{written:?}"
    );
}

/// Clicks *Write all sheets* on the print tab and waits (bounded) for the
/// export, which runs on a worker thread while a progress bar animates;
/// the names of the files in `out`.
fn write_all_sheets(
    h: &mut egui_kittest::Harness<'static, feldherr::app::FeldherrApp>,
    out: &std::path::Path,
) -> Vec<String> {
    h.get_by_label("Write all sheets").click();
    for _ in 0..400 {
        h.step();
        if h.query_by_label_contains("files written to").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    h.get_by_label_contains("files written to");
    std::fs::read_dir(out)
        .expect("out")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

/// The players' phones, for the share panel's tests: plain HTTP/1.1 over
/// `TcpStream` against the server the app started.
mod phone {
    use std::io::{Read, Write};
    use std::net::{SocketAddr, TcpStream};

    /// The status and body of the answer to `request`.
    pub fn http(addr: SocketAddr, request: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(addr).expect("the server listens");
        stream
            .set_read_timeout(Some(std::time::Duration::from_secs(30)))
            .expect("timeout");
        stream.write_all(request.as_bytes()).expect("sent");
        let mut text = String::new();
        stream.read_to_string(&mut text).expect("answer");
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a status");
        (status, body.to_owned())
    }

    pub fn get(addr: SocketAddr, path: &str) -> (u16, String) {
        http(
            addr,
            &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
        )
    }

    fn post(addr: SocketAddr, body: &str) -> (u16, String) {
        http(
            addr,
            &format!(
                "POST /table HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
                 Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            ),
        )
    }

    fn token(page: &str) -> String {
        let start = page
            .find("name=\"token\" value=\"")
            .expect("a form with a token")
            + 20;
        page[start..start + 32].to_owned()
    }

    /// Reports a result of the Räuber-Warhammer game at `table` as
    /// `name`, through the form's preview and save; the save's body.
    pub fn report(addr: SocketAddr, table: u32, code: &str, name: &str, vp: (i64, i64)) -> String {
        let round = "raeuber_warhammer";
        let (status, form) = get(addr, &format!("/table?round={round}&table={table}"));
        assert_eq!(status, 200, "{form}");
        let fields = |token: &str, step: &str| {
            format!(
                "token={token}&step={step}&round={round}&table={table}&code={code}&name={name}\
                 &v.a.victory_points={}&v.a.standards_captured=0&v.b.victory_points={}&v.b.standards_captured=1",
                vp.0, vp.1
            )
        };
        let (status, preview) = post(addr, &fields(&token(&form), "preview"));
        assert_eq!(status, 200, "{preview}");
        let (status, saved) = post(addr, &fields(&token(&preview), "save"));
        assert_eq!(status, 200, "{saved}");
        saved
    }
}

/// Opens a copy of the served example event (four players, two tables of
/// the Räuber-Warhammer game paired) from `dir` and opens the share panel.
fn open_shareable_event(
    h: &mut egui_kittest::Harness<'static, feldherr::app::FeldherrApp>,
    dir: &std::path::Path,
) -> std::path::PathBuf {
    let copy = common::fixture_copy(dir, "serve/event.json", "event.json");
    common::open(h, &copy);
    click(h, "Results from the players' phones");
    copy
}

/// Shares the open event on a free port of this machine (the share panel
/// open); returns the server's address.
fn share_on_loopback(
    h: &mut egui_kittest::Harness<'static, feldherr::app::FeldherrApp>,
) -> std::net::SocketAddr {
    replace_text(h, "Address:", "127.0.0.1:0");
    click(h, "Share on the network");
    let url = h.state().sharing().expect("shared").url;
    url.trim_start_matches("http://")
        .trim_end_matches('/')
        .parse()
        .expect("an address")
}

/// The code of `table` of the Räuber-Warhammer game, as the app holds it.
fn table_code(
    h: &egui_kittest::Harness<'static, feldherr::app::FeldherrApp>,
    table: u32,
) -> String {
    let open = h.state().active_document().expect("a document");
    let Document::Event(doc) = open.document() else {
        panic!("an event")
    };
    doc.sharing
        .code("raeuber_warhammer", table)
        .expect("a code")
        .to_owned()
}

/// Lets the app draw until `label` shows (a phone's report arrives on the
/// server's thread; the app shows it in its next frame).
fn wait_for(h: &mut egui_kittest::Harness<'static, feldherr::app::FeldherrApp>, label: &str) {
    for _ in 0..50 {
        h.run();
        if h.query_all_by_label_contains(label).next().is_some() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("{label} never showed");
}

#[test]
fn sharing_starts_on_a_free_port_and_a_phone_report_shows_to_be_confirmed() {
    let dir = common::temp_dir("share-panel");
    let mut h = harness(Dice::scripted([]));
    let file = open_shareable_event(&mut h, &dir);
    // A public address is refused before the click, with the server's reason.
    replace_text(&mut h, "Address:", "8.8.8.8:8080");
    h.get_by_label_contains(
        "8.8.8.8:8080 is a public address: the event stays on the club's own network",
    );
    replace_text(&mut h, "Address:", "0.0.0.0:8080");
    h.get_by_label_contains("0.0.0.0:8080 is not one machine's address");
    assert!(
        h.get_by_label("Share on the network")
            .accesskit_node()
            .is_disabled()
    );
    assert!(
        h.get_by_label("Share on the network")
            .accesskit_node()
            .is_disabled()
    );
    let addr = share_on_loopback(&mut h);
    let sharing = h.state().sharing().expect("shared");
    assert_ne!(addr.port(), 0, "a free port was picked");
    h.get_by_label(&sharing.url);
    h.get_by_label("Stop sharing");
    h.get_by_label("No results reported yet.");
    // The server serves the app's own document: the codes it made are the
    // app's, and the pairings page names the players.
    let code = table_code(&h, 1);
    let (status, page) = phone::get(addr, "/");
    assert_eq!(status, 200);
    assert!(page.contains("Anna"), "{page}");

    // A phone reports table 1: the panel shows it as reported, with who
    // and the event points, at once.
    let saved = phone::report(addr, 1, &code, "Bernd+K.", (1200, 300));
    assert!(saved.contains("Saved."), "{saved}");
    wait_for(&mut h, "Bernd K.");
    h.get_by_label("reported");
    h.get_by_label_contains("Results from the players' phones (1 to look at)");
    // Confirm: the result is in the event, on disk, and the status says so.
    click(&mut h, "Confirm");
    h.get_by_label("confirmed");
    let on_disk = feldherr_host::document::load(&file).expect("loads");
    let Document::Event(doc) = on_disk else {
        panic!("an event")
    };
    assert!(
        doc.entry_tables()
            .iter()
            .find(|t| t.round == "raeuber_warhammer" && t.table == 1)
            .expect("table 1")
            .entered
            .is_some(),
        "confirmed into the event"
    );

    // Two phones disagree on table 2: both are flagged, neither counts.
    let code = table_code(&h, 2);
    phone::report(addr, 2, &code, "Carla", (500, 900));
    phone::report(addr, 2, &code, "Dieter", (900, 500));
    wait_for(&mut h, "Dieter, ");
    assert_eq!(h.get_all_by_label("conflict").count(), 2);

    // Close entry for the round: a phone is refused.
    click(&mut h, "Close entry");
    h.get_by_label_contains("closed for entry");

    // Stop: the port is closed.
    click(&mut h, "Stop sharing");
    assert!(h.state().sharing().is_none());
    h.get_by_label("Share on the network");
    assert!(std::net::TcpStream::connect(addr).is_err(), "stopped");
}

#[test]
fn closing_a_shared_event_stops_its_server() {
    let dir = common::temp_dir("share-close");
    let mut h = harness(Dice::scripted([]));
    open_shareable_event(&mut h, &dir);
    let addr = share_on_loopback(&mut h);
    assert_eq!(phone::get(addr, "/health").0, 200);
    h.state_mut().queue(Command::Close(0));
    h.run();
    assert!(h.state().documents().is_empty());
    assert!(
        std::net::TcpStream::connect(addr).is_err(),
        "stopped with it"
    );
}

#[test]
fn correct_sets_the_reports_aside_and_fills_the_result_entry() {
    let dir = common::temp_dir("share-correct");
    let mut h = harness(Dice::scripted([]));
    open_shareable_event(&mut h, &dir);
    let addr = share_on_loopback(&mut h);
    let code = table_code(&h, 1);
    phone::report(addr, 1, &code, "Anna", (1234, 321));
    wait_for(&mut h, "reported");
    click(&mut h, "Correct");
    h.get_by_label("set aside");
    // The Räuber-Warhammer tab shows the reported values to change.
    assert!(
        h.query_all_by_value("1234").next().is_some(),
        "the reported VP are typed in"
    );
}
