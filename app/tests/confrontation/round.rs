//! Issue #23's walk through the window: the example game of two sides
//! (Goblins, Zwerge) through a round and into the next with dice typed in:
//! the Zwerge activate their Panzerwagen from the army deck, its pressure
//! roll fails its boiler for good; a dwarf charges the Goblins'
//! Felsspalter and meets its counter-fire (Gegenschuss); the round ends;
//! the total failure's 4+ holds the next round up until it is rolled; the goblin crew leave their
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
    // Its boiler fails for good: the pressure roll's 1 is an incident,
    // the incident die's 6 a total failure (C9).
    click(&mut h, "Machines");
    click(&mut h, "3. Panzerwagen");
    click(&mut h, "Steam and naphtha (C9)");
    click(&mut h, "Pressure roll");
    roll(&mut h, &[1]);
    roll(&mut h, &[6]);
    click(&mut h, "Apply result to Panzerwagen");
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
    assert_eq!(conf(&game(&h)).resolutions.len(), 2);
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

/// Draws a path for the selected machine, leg by leg ("length, turn").
fn draw(h: &mut Harness<'static, FeldherrApp>, legs: &[&str]) {
    click(h, "Draw the path on the table");
    for leg in legs {
        type_into(h, "Next leg", leg);
        click(h, "Add leg");
    }
}

/// Unaufhaltsam at the Panzerwagen's activation (BEW 20): a path of 5 cm
/// earns no speed marker and offers none; 30 cm earns it and offers it,
/// ticked; the owner may decline it, and the drive goes ahead without.
#[test]
fn the_speed_marker_is_offered_when_the_path_earns_it_and_may_be_declined() {
    for decline in [false, true] {
        let mut h = harness(Dice::scripted([]));
        open_two_sides(&mut h, "conf-take-marker");
        click(&mut h, "Sides and round");
        click(&mut h, "Activate Panzerwagen (Zwerge)");
        click(&mut h, "Machines");
        click(&mut h, "3. Panzerwagen");
        draw(&mut h, &["5, 0"]);
        let offer = "Panzerwagen takes the speed marker (Unaufhaltsam)";
        assert!(h.query_by_label(offer).is_none());
        type_into(&mut h, "Next leg", "25, 0");
        click(&mut h, "Add leg");
        assert!(h.get_by_label(offer).accesskit_node().toggled().is_some());
        if decline {
            click(&mut h, offer);
        }
        click(&mut h, "Finish path");
        let g = game(&h);
        let wagon = conf(&g).machine(PANZERWAGEN).expect("wagon");
        assert_eq!(wagon.state.motion, feldherr_confrontation::Motion::Ran);
        assert_eq!(wagon.state.speed_marker, !decline, "declined: {decline}");
        let c = g.table_or_default().piece(2).expect("piece").center();
        assert!((c.x - 50.0).abs() < 1e-6 && (c.y - 20.0).abs() < 1e-6);
    }
}

/// A machine without Unaufhaltsam drives at its activation with no speed
/// marker offered (the drive asks for none).
#[test]
fn a_machine_without_unaufhaltsam_drives_at_its_activation() {
    let mut h = harness(Dice::scripted([]));
    open_two_sides(&mut h, "conf-drive-panzer");
    // The goblins step out of the Panzer's way.
    move_piece(&mut h, 3, Point::new(70.0, 90.0));
    move_piece(&mut h, 4, Point::new(75.0, 90.0));
    click(&mut h, "Sides and round");
    click(&mut h, "Activate Panzer (Zwerge)");
    click(&mut h, "Machines");
    click(&mut h, "4. Panzer");
    draw(&mut h, &["10, 0"]);
    assert!(
        h.query_by_label("Panzer takes the speed marker (Unaufhaltsam)")
            .is_none()
    );
    click(&mut h, "Finish path");
    let g = game(&h);
    let panzer = conf(&g).machine(Id(4)).expect("Panzer");
    assert_eq!(panzer.state.motion, feldherr_confrontation::Motion::Moved);
    assert!(!panzer.state.speed_marker);
    let c = g.table_or_default().piece(6).expect("piece").center();
    assert!((c.x - 70.0).abs() < 1e-6, "{c:?}");
}

/// A machine's own contact limit from its explanation card (PC3): typed in
/// the Crew and capture tab, refused before the click when out of range,
/// set, and given back to what its size allows.
#[test]
fn a_machine_gets_its_own_contact_limit() {
    let mut h = harness(Dice::scripted([]));
    open_two_sides(&mut h, "conf-contact-limit");
    click(&mut h, "Crew and capture");
    let field = "Figures that may touch Felsspalter by its explanation card";
    let set = "Set the contact limit of Felsspalter";
    let by_size = "Felsspalter: as many as its size allows (PC3)";
    assert!(h.query_by_label(by_size).is_none());
    common::replace_text(&mut h, field, "0");
    h.key_press(eframe::egui::Key::Enter);
    h.run();
    assert!(!enabled(&h, set));
    h.get_by_label_contains("1 to 99 figures may touch a machine");
    common::replace_text(&mut h, field, "3");
    h.key_press(eframe::egui::Key::Enter);
    h.run();
    assert!(enabled(&h, set));
    click(&mut h, set);
    let g = game(&h);
    assert_eq!(
        conf(&g).machine(FELSSPALTER).expect("gun").contact_limit,
        Some(3)
    );
    assert_eq!(conf(&g).max_contact(FELSSPALTER), 3);
    click(&mut h, by_size);
    let g = game(&h);
    assert_eq!(
        conf(&g).machine(FELSSPALTER).expect("gun").contact_limit,
        None
    );
    assert!(g.problems().is_empty(), "{:?}", g.problems());
}

/// The Charge and fear tab says why a charge is refused in the interface's
/// language: in German, a goblin charging its own side's Felsspalter.
#[test]
fn a_refused_charge_is_said_in_german() {
    let mut h = harness(Dice::scripted([]));
    open_two_sides(&mut h, "conf-charge-german");
    h.state_mut().queue(Command::SetLanguage("de".into()));
    h.run();
    click(&mut h, "Angriff und Furcht");
    choose(&mut h, "Angreifer", "Goblin A");
    choose(&mut h, "Angegriffene Maschine", "Felsspalter");
    h.get_by_label("Goblin A darf nicht angreifen: Goblin A kämpft auf der Seite der Maschine");
}

/// The round waiting for the total failure's 4+ says so in German beside
/// the disabled "Nächste Phase".
#[test]
fn a_pending_total_failure_is_said_in_german() {
    let mut h = harness(Dice::scripted([]));
    open_two_sides(&mut h, "conf-pending-german");
    click(&mut h, "Machines");
    click(&mut h, "3. Panzerwagen");
    click(&mut h, "Total failure");
    click(&mut h, "Sides and round");
    for _ in 0..3 {
        click(&mut h, "Next phase");
    }
    click(&mut h, "End the round");
    h.state_mut().queue(Command::SetLanguage("de".into()));
    h.run();
    h.get_by_label(
        "nicht erlaubt (C9): Panzerwagen: die 4+ des Totalausfalls ist noch nicht gewürfelt",
    );
}

/// The capture's refusal and a crew figure's own shot refused, in German:
/// the Goblins' crew still touch the Felsspalter when Thallion reaches it,
/// and Grizhou touches Thallion.
#[test]
fn a_refused_capture_is_said_in_german() {
    let mut h = harness(Dice::scripted([]));
    open_two_sides(&mut h, "conf-capture-german");
    move_piece(&mut h, THALLION, Point::new(25.25, 60.0));
    h.state_mut().queue(Command::SetLanguage("de".into()));
    h.run();
    click(&mut h, "Besatzung und Übernahme");
    let node = h.get_by_label_contains("cm von Felsspalter entfernt (10 cm oder näher)");
    let node = node.accesskit_node();
    let label = node.label().or_else(|| node.value()).unwrap_or_default();
    assert!(
        label.starts_with("nicht erlaubt (Übernahme): ") && label.contains(" (Goblins) steht "),
        "{label}"
    );
    assert!(label.contains(',') && !label.contains(" of "), "{label}");
    // Thallion touching Grizhou: Grizhou's own weapon is not free.
    move_piece(&mut h, THALLION, Point::new(22.5, 63.75));
    h.get_by_label("Grizhou berührt einen Gegner");
}
