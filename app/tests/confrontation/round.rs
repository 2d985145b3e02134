//! Issue #23's walk through the window: the example game of two sides
//! (Goblins, Zwerge) through a round and into the next with dice typed in:
//! the Zwerge activate their Panzerwagen from the army deck, its boiler
//! fails for good; a dwarf charges the Goblins' Felsspalter and meets its
//! counter-fire (Gegenschuss); the round ends; the total failure's 4+
//! holds the next round up until it is rolled; the goblin crew leave their
//! gun and the dwarf captures it (Übernahme), which changes its colour and
//! owner in the panels.

use super::conf_mut;
use crate::common::{self, click, harness, type_into};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use feldherr::app::{Command, FeldherrApp};
use feldherr::systems::confrontation::conf;
use feldherr_confrontation::WoundLevel;
use feldherr_confrontation::game::{FigureStats, Phase};
use feldherr_dice::Dice;
use feldherr_host::document::{Document, DocumentEdit, GameDoc, GameEdit};
use feldherr_play::Id;
use feldherr_table::geometry::{Circle, Point, Shape};
use feldherr_table::{Layer, Piece, Table, TableEdit};

const FELSSPALTER: Id = Id(2);
const PANZERWAGEN: Id = Id(3);
const GOBLINS: Id = Id(1);
const ZWERGE: Id = Id(2);
/// The dwarf's piece.
const THALLION: u64 = 10;

fn game(h: &Harness<'static, FeldherrApp>) -> GameDoc {
    match h.state().active_document().expect("a document").document() {
        Document::Game(game) => game.clone(),
        Document::Event(_) => panic!("a game"),
    }
}

/// The example game of the crate (two sides, round 1, movement phase)
/// with Thallion, a dwarf of the Zwerge (STR 5, RES 5, FER 3, DIS 3) at
/// (62, 72), saved as a document and opened.
fn open_two_sides(h: &mut Harness<'static, FeldherrApp>, name: &str) {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/confrontation/example_game.json"
    );
    let example: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture).expect("fixture")).expect("json");
    let mut doc = GameDoc::new("Fortification", "confrontation").expect("a system");
    *conf_mut(&mut doc).expect("a Confrontation game") =
        serde_json::from_value(example["game"].clone()).expect("game");
    let mut table: Table = serde_json::from_value(example["table"].clone()).expect("table");
    let shape = Shape::Circle(Circle::new(Point::new(62.0, 72.0), 1.25).expect("circle"));
    table
        .apply(TableEdit::Add(Piece::new(
            THALLION,
            "Thallion",
            "figure",
            Layer::Model,
            shape,
        )))
        .expect("piece");
    doc.table = Some(table);
    let mut dwarf = FigureStats::new(5, ZWERGE);
    dwarf.str = Some(5);
    dwarf.fer = Some(3);
    dwarf.dis = Some(3);
    conf_mut(&mut doc)
        .expect("game")
        .figures
        .insert(THALLION, dwarf);
    assert!(doc.problems().is_empty(), "{:?}", doc.problems());
    let path = common::temp_dir(name).join("game.json");
    feldherr_host::document::save(&path, &Document::Game(doc)).expect("save");
    h.state_mut().queue(Command::Open(path));
    h.run();
    h.set_size(eframe::egui::vec2(1400.0, 2400.0));
    h.run();
}

/// A piece moved on the table (what a drag with the mouse does).
fn move_piece(h: &mut Harness<'static, FeldherrApp>, id: u64, to: Point) {
    h.state_mut()
        .queue(Command::Edit(DocumentEdit::Game(GameEdit::Table(
            TableEdit::Move { id, to },
        ))));
    h.run();
}

/// Picks `entry` in the combo box labelled `combo`.
fn choose(h: &mut Harness<'static, FeldherrApp>, combo: &str, entry: &str) {
    click(h, combo);
    h.get_all_by_label(entry)
        .find(|n| NodeT::accesskit_node(n).role() == eframe::egui::accesskit::Role::Button)
        .expect("entry")
        .click();
    h.run();
}

/// Whether a button labelled `label` is shown and enabled.
fn enabled(h: &Harness<'static, FeldherrApp>, label: &str) -> bool {
    h.get_by_label(label)
        .accesskit_node()
        .is_disabled()
        .eq(&false)
}

/// Types the faces of the current prompt ("Die 1", "Die 2", ...) and
/// enters them.
fn roll(h: &mut Harness<'static, FeldherrApp>, faces: &[u32]) {
    for (i, face) in faces.iter().enumerate() {
        type_into(h, &format!("Die {}", i + 1), &face.to_string());
    }
    click(h, "Enter");
}

#[test]
fn two_sides_through_a_round_with_counter_fire_a_capture_and_a_total_failure() {
    let mut h = harness(Dice::scripted([]));
    open_two_sides(&mut h, "conf-round-walk");
    click(&mut h, "Sides and round");
    h.get_by_label("Round 1: movement phase");
    // Both sides in their colours, each with its own cards in the deck.
    h.get_by_label("Name of Goblins");
    h.get_by_label("Name of Zwerge");
    h.get_by_label("Activate Felsspalter (Goblins)");
    assert!(h.query_by_label("Activate Panzerwagen (Goblins)").is_none());
    click(&mut h, "Activate Panzerwagen (Zwerge)");
    h.get_by_label("Activated now: Panzerwagen, by Zwerge");
    assert_eq!(
        conf(&game(&h)).round.active.map(|a| (a.machine, a.side)),
        Some((PANZERWAGEN, ZWERGE))
    );
    // Its boiler fails for good (the status panel's marker).
    click(&mut h, "Machines");
    click(&mut h, "3. Panzerwagen");
    click(&mut h, "Total failure");
    assert!(
        conf(&game(&h))
            .machine(PANZERWAGEN)
            .expect("wagon")
            .state
            .steam
            .total_failure
    );
    click(&mut h, "Sides and round");
    click(&mut h, "End the activation");

    // Thallion charges the Felsspalter from (62, 72), ending against its
    // front.
    click(&mut h, "Charge and fear");
    choose(&mut h, "Charger", "Thallion");
    move_piece(&mut h, THALLION, Point::new(25.25, 60.0));
    choose(&mut h, "Machine charged", "Felsspalter");
    h.get_by_label("Thallion charges Felsspalter: Front");
    h.get_by_label("The charge is allowed.");
    // The counter-fire: set down halfway, outside the 20 cm minimum range.
    h.get_by_label(
        "Counter-fire: Thallion is set down halfway at (41.0, 66.0), 21.8 cm from Felsspalter",
    );
    click(
        &mut h,
        "Counter-fire of Felsspalter at Thallion (Gegenschuss)",
    );
    assert_eq!(conf(&game(&h)).resolutions.len(), 1);
    // FER 3 + 3 = 6: on target; the dwarf's wound 2 + 3 + 10 - 5 = 10.
    roll(&mut h, &[3]);
    keep(&h, "during_shot");
    roll(&mut h, &[2, 3]);
    click(&mut h, "Apply result to Felsspalter");
    let g = game(&h);
    assert_eq!(conf(&g).wound(THALLION), WoundLevel::Serious);
    assert!(conf(&g).machine(FELSSPALTER).expect("gun").state.fired);

    // The round runs out and the next starts.
    click(&mut h, "Sides and round");
    for _ in 0..3 {
        click(&mut h, "Next phase");
    }
    h.get_by_label("Round 1: end of the round");
    click(&mut h, "End the round");
    h.get_by_label("Round 2: start of the round");
    // The total failure's 4+ holds the round up, said before the click.
    assert!(!enabled(&h, "Next phase"));
    h.get_by_label("not allowed (C9): Panzerwagen: its total failure's 4+ is not rolled yet");
    click(
        &mut h,
        "Roll the total failure's 4+ for Panzerwagen (Zwerge, C9)",
    );
    roll(&mut h, &[3]);
    click(&mut h, "Apply result to Panzerwagen");
    click(&mut h, "Sides and round");
    assert!(enabled(&h, "Next phase"));
    click(&mut h, "Next phase");
    h.get_by_label("Round 2: movement phase");

    // The goblin crew leave their gun; Grizhou walks off 15 cm.
    click(&mut h, "Activate Felsspalter (Goblins)");
    click(&mut h, "Crew and capture");
    click(&mut h, "Guigne touches the machine");
    click(&mut h, "Henn touches the machine");
    move_piece(&mut h, 7, Point::new(20.0, 80.0));
    click(&mut h, "Sides and round");
    click(&mut h, "End the activation");
    // Thallion touches the gun: the capture is offered; the Goblins'
    // figures without a piece must be confirmed far away first.
    click(&mut h, "Crew and capture");
    h.get_by_label("Enemies touch Felsspalter (Goblins): capture");
    h.get_by_label("Thallion qualifies");
    assert!(!enabled(&h, "Zwerge captures Felsspalter"));
    click(
        &mut h,
        "The figures of Goblins without a piece are farther than 10 cm",
    );
    click(&mut h, "Zwerge captures Felsspalter");
    let g = game(&h);
    let gun = conf(&g).machine(FELSSPALTER).expect("gun");
    assert_eq!(
        (gun.side, gun.held_by, gun.controller()),
        (GOBLINS, Some(ZWERGE), ZWERGE)
    );
    h.get_by_label("captured from Goblins");
    // The Zwerge may now activate it with its new auxiliary.
    click(&mut h, "Sides and round");
    h.get_by_label("Activate Felsspalter (Zwerge)");
    assert_eq!(conf(&g).round.phase, Phase::Movement);
    assert!(g.problems().is_empty(), "{:?}", g.problems());
    keep(&h, "captured");
}

/// Keeps the game as it stands in the test's folder (for screenshots).
fn keep(h: &Harness<'static, FeldherrApp>, stage: &str) {
    let dir = std::env::temp_dir().join(format!(
        "feldherr-ui-conf-round-walk-{}",
        std::process::id()
    ));
    let path = dir.join(format!("{stage}.json"));
    feldherr_host::document::save(&path, &Document::Game(game(h))).expect("save");
}
