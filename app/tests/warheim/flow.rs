//! An activation as one flow through the window (lines 31-43, 195, PH26):
//! the text's example as an activation (begin, declare, the move drawn on
//! the table, who saw him, their reactions, the second action, the attack
//! started from the declared action with typed dice, the end), a charge
//! that falls short, and a reaction refused for a fighter who saw nothing.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use feldherr::app::FeldherrApp;
use feldherr::systems::warheim::wh;
use feldherr_dice::Dice;
use feldherr_host::document::{Document, DocumentEdit};
use feldherr_play::Id;
use feldherr_table::geometry::Point;
use feldherr_warheim::{Condition, WarheimEdit};

use super::{buttons, click_role, field, game, game_edit, open_example, pick};
use crate::common::{click, harness, replace_text, type_into};
use eframe::egui::accesskit::Role;

/// Sends `edits` as the app would (the setup, not what is tested).
pub(super) fn send(h: &mut Harness<'static, FeldherrApp>, edits: Vec<WarheimEdit>) {
    for e in edits {
        h.state_mut()
            .queue(feldherr::app::Command::Edit(DocumentEdit::Game(game_edit(
                e,
            ))));
        h.run();
    }
}

pub(super) fn place(fighter: u64, x: f64, y: f64, facing: f64) -> WarheimEdit {
    WarheimEdit::Place {
        fighter: Id(fighter),
        at: Point::new(x, y),
        facing,
    }
}

/// Where the text's example starts (lines 139-141): the hunter 3.5 in
/// from contact at the lower orc's flank, the upper orc beside him.
pub(super) const EXAMPLE_START: [(u64, f64, f64, f64); 3] = [
    (1, 16.5, 11.0, 0.0),
    (11, 20.0, 13.5, 180.0),
    (12, 20.0, 10.0, 180.0),
];

/// Opens a copy of the example document and puts each fighter (id, x, y,
/// facing) on the table.
pub(super) fn open_placed(
    h: &mut Harness<'static, FeldherrApp>,
    name: &str,
    places: &[(u64, f64, f64, f64)],
) {
    open_example(h, name);
    let edits = places
        .iter()
        .map(|&(id, x, y, facing)| place(id, x, y, facing))
        .collect();
    send(h, edits);
}

pub(super) fn centre(h: &Harness<'static, FeldherrApp>, fighter: u64) -> Point {
    let g = game(h);
    let table = g.table_or_default();
    wh(&g)
        .piece_of(&table, Id(fighter))
        .expect("placed")
        .center()
}

/// Keeps the game as it stands (for the screenshots of the lead).
pub(super) fn keep(h: &Harness<'static, FeldherrApp>, stage: &str) {
    let dir = std::env::temp_dir().join("feldherr-wh-flow");
    std::fs::create_dir_all(&dir).expect("dir");
    feldherr_host::document::save(&dir.join(format!("{stage}.json")), &Document::Game(game(h)))
        .expect("save");
}

/// Start of the turn: the hunter's group chosen, his activation begun.
pub(super) fn begin_hunter(h: &mut Harness<'static, FeldherrApp>) {
    click(h, "Turn");
    click(h, "Start turn");
    click(h, "Choose Hunter");
    click(h, "Begin activation of Witch hunter");
    let g = game(h);
    let a = wh(&g).activation().expect("an activation");
    assert_eq!(a.fighter, Id(1));
}

/// Draws a move leg by leg ("length, turn") and finishes it.
pub(super) fn draw(h: &mut Harness<'static, FeldherrApp>, who: &str, legs: &[&str]) {
    click(h, &format!("Draw the move of {who} on the table"));
    for leg in legs {
        type_into(h, "Next leg", leg);
        click(h, "Add leg");
    }
}

/// The text's example (lines 139-141) as an activation: the hunter moves
/// 3.5 in into contact at the lower orc's flank, 1.5 in from the upper
/// one; both orcs saw him (measured along his move) and strike back; he
/// declares his attack at both; the Attack tab starts from it with the
/// lines measured; the text's dice; at the end the lower orc falls.
#[test]
fn the_example_as_one_activation() {
    let mut h = harness(Dice::scripted([]));
    open_placed(&mut h, "wh-flow-example", &EXAMPLE_START);
    begin_hunter(&mut h);
    // Only a fighter with an activation left is offered.
    h.get_by_label("1. Declare");
    click(&mut h, "Declare");
    draw(&mut h, "Witch hunter", &["3.5, 0"]);
    // Measured before it is made: his first Speed is 4 in.
    h.get_by_label("Path 3.50 in; his Speeds reach 4.00 in here");
    h.get_by_label("Finish the path to make the move.");
    click(&mut h, "Finish path");
    let c = centre(&h, 1);
    assert!(
        (c.x - 20.0).abs() < 1e-9 && (c.y - 11.0).abs() < 1e-9,
        "{c:?}"
    );
    // The seers, computed from the table along the move.
    h.get_by_label("Seen by: Upper orc, Lower orc");
    keep(&h, "table-move-seers");
    click(&mut h, "Turn");
    h.get_by_label("Witch hunter moved 3.50 in of 4.00 in");
    for seer in ["Upper orc saw him", "Lower orc saw him"] {
        assert_eq!(
            h.get_by_label(seer).accesskit_node().toggled(),
            Some(eframe::egui::accesskit::Toggled::True),
            "{seer}"
        );
    }
    // Nothing resolves before every seer answered (line 33).
    h.get_by_label("Still to answer: Upper orc, Lower orc");
    click(&mut h, "Declare reaction of Upper orc");
    click(&mut h, "Declare reaction of Lower orc");
    h.get_by_label("Upper orc: attack against Witch hunter with Axe");
    h.get_by_label("Every seer has answered.");
    // The second action: the attack with his sword at both orcs.
    pick(&mut h, "Weapon", 0, "Sword");
    click_role(&mut h, "Upper orc", Role::CheckBox);
    click_role(&mut h, "Lower orc", Role::CheckBox);
    click(&mut h, "Declare second action");
    h.get_by_label("Second action: attack with Sword at Upper orc, Lower orc");
    keep(&h, "turn-mid-activation");
    // The orcs' blows back are answered inside the hunter's attack.
    assert_eq!(buttons(&h, "Resolve (Upper orc)"), 1);
    // The attack starts from the declared action, measured on the table.
    click(&mut h, "Resolve (Witch hunter)");
    h.get_by_label("second action of Witch hunter");
    assert_eq!(field(&h, "Distance to Upper orc (in)"), "1.50");
    assert_eq!(field(&h, "Distance to Lower orc (in)"), "0.00");
    pick(&mut h, "Martial (attacker)", 0, "+1 strength per level");
    replace_text(&mut h, "Dice at Upper orc", "1");
    replace_text(&mut h, "Dice at Lower orc", "2");
    pick(&mut h, "Martial of Lower orc", 0, "+1 strength per level");
    h.get_by_label("Dice pool: 3, split between targets: 3");
    click(&mut h, "Declare attack");
    for faces in [vec![8], vec![14], vec![11, 16], vec![12], vec![17], vec![8]] {
        if faces == [17] {
            click(&mut h, "no: the dice stand as rolled");
        }
        for (i, face) in faces.iter().enumerate() {
            type_into(&mut h, &format!("Die {}", i + 1), &face.to_string());
        }
        click(&mut h, "Enter");
    }
    h.get_by_label("Lower orc: 1 hit(s), 0 saved, T 5 -> -1, unconscious");
    // States change when the activation ends (line 43).
    click(&mut h, "Turn");
    h.get_by_label("4. Witch hunter: attack with Sword at Upper orc, Lower orc");
    // Met inside the attack: done, no Resolve button left.
    assert_eq!(buttons(&h, "Resolve (Upper orc)"), 0);
    assert_eq!(buttons(&h, "Resolve (Lower orc)"), 0);
    click(&mut h, "End activation");
    let g = game(&h);
    assert!(wh(&g).activation().is_none());
    let lower = wh(&g).rosters[1].fighter(Id(12)).expect("lower orc");
    assert!(lower.has(Condition::Unconscious) && lower.current().t == -1);
}

/// Line 195: Speeds 4 + 2 reach 6 in; a charge drawn 6.02 in falls short:
/// the window says so before the move is made, and the hunter stays.
#[test]
fn a_charge_that_falls_short() {
    let mut h = harness(Dice::scripted([]));
    open_placed(
        &mut h,
        "wh-flow-charge",
        &[
            (1, 10.0, 10.0, 0.0),
            (11, 17.02, 10.0, 180.0),
            (12, 30.0, 30.0, 90.0),
        ],
    );
    begin_hunter(&mut h);
    click(&mut h, "One full action");
    pick(&mut h, "Full action", 0, "charge");
    pick(&mut h, "Weapon", 0, "Sword");
    click_role(&mut h, "Upper orc", Role::CheckBox);
    click(&mut h, "Declare");
    draw(&mut h, "Witch hunter", &["6.02, 0"]);
    h.get_by_label("Path 6.02 in; his Speeds reach 6.00 in here");
    h.get_by_label("Short of reach: the charge fails, Witch hunter stays where he is (line 195).");
    click(&mut h, "Finish path");
    let c = centre(&h, 1);
    assert!(
        (c.x - 10.0).abs() < 1e-9 && (c.y - 10.0).abs() < 1e-9,
        "{c:?}"
    );
    let g = game(&h);
    assert!(wh(&g).activation().expect("running").charge_failed);
    click(&mut h, "Turn");
    h.get_by_label(
        "The charge fell short: Witch hunter stays where he stood and does not strike; the enemies' reactions stand (line 195).",
    );
}

/// Line 31: a fighter who saw nothing may not react; the window says so
/// beside the disabled button, naming him.
#[test]
fn a_reaction_refused_for_a_fighter_who_saw_nothing() {
    let mut h = harness(Dice::scripted([]));
    open_placed(
        &mut h,
        "wh-flow-refused",
        &[
            (1, 10.0, 10.0, 0.0),
            (11, 20.0, 10.0, 180.0),
            // The lower orc stands with his back to everything.
            (12, 30.0, 30.0, 90.0),
        ],
    );
    begin_hunter(&mut h);
    click(&mut h, "Declare");
    draw(&mut h, "Witch hunter", &["1, 0"]);
    click(&mut h, "Finish path");
    click(&mut h, "Turn");
    h.get_by_label("Still to answer: Upper orc");
    pick(&mut h, "Who reacts", 0, "Lower orc");
    h.get_by_label(
        "Lower orc: only a model that saw the active model at some point of its move reacts (line 31)",
    );
    // The players may overrule the table: ticked, he may react.
    click(&mut h, "Lower orc saw him");
    let g = game(&h);
    let a = wh(&g).activation().expect("running");
    assert!(a.seen_overruled && a.seers().contains(&Id(12)));
}

/// A fighter's height above the table is set on the table panel
/// (SetElevation); a height beyond the table's is refused beside the
/// button, naming him.
#[test]
fn a_fighters_height_above_the_table_is_set_on_the_table_panel() {
    let mut h = harness(Dice::scripted([]));
    open_example(&mut h, "wh-flow-elevation");
    click(&mut h, "Table");
    pick(&mut h, "Place", 0, "Witch hunter (on the table)");
    replace_text(&mut h, "Height of Witch hunter above the table (in)", "50");
    h.get_by_label("Witch hunter: 50.0 in is not 0 to 40 inches above the table");
    replace_text(&mut h, "Height of Witch hunter above the table (in)", "2,5");
    click(&mut h, "Set height");
    let g = game(&h);
    assert_eq!(wh(&g).elevations.get(&Id(1)), Some(&2.5));
}

/// The three-player skirmish with a mage (`fixtures/warheim/skirmish_three.json`)
/// opened as a game.
fn open_three(h: &mut Harness<'static, FeldherrApp>) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/warheim/skirmish_three.json"
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("fixture")).expect("json");
    let mut doc =
        feldherr_host::document::GameDoc::new("Skirmish of three", "warheim").expect("a system");
    doc.game = feldherr_host::registry::SystemGame::Warheim(
        serde_json::from_value(v["game"].clone()).expect("game"),
    );
    doc.table = Some(serde_json::from_value(v["table"].clone()).expect("table"));
    let dir = crate::common::temp_dir("wh-flow-three");
    let file = dir.join("three.json");
    feldherr_host::document::save(&file, &Document::Game(doc)).expect("save");
    h.state_mut().queue(feldherr::app::Command::Open(file));
    h.run();
    h.set_size(eframe::egui::vec2(1600.0, 2400.0));
    h.run();
}

/// Three players: the hunter's move up the table is seen by enemies of
/// both other players; each seer answers once (the orcs let him pass, the
/// Bright wizard channels Spark), the wizard's reaction is offered for
/// resolution in the magic tab, and the activation ends.
#[test]
fn three_players_see_the_move_and_answer() {
    let mut h = harness(Dice::scripted([]));
    open_three(&mut h);
    send(&mut h, vec![place(1, 14.0, 10.0, 90.0)]);
    click(&mut h, "Turn");
    click(&mut h, "Start turn");
    click(&mut h, "Choose Hunter");
    click(&mut h, "Begin activation of Witch hunter");
    click(&mut h, "Declare");
    draw(&mut h, "Witch hunter", &["4, 0"]);
    h.get_by_label("Path 4.00 in; his Speeds reach 4.00 in here");
    click(&mut h, "Finish path");
    let g = game(&h);
    let mut seers = wh(&g).activation().expect("running").seers();
    seers.sort();
    assert_eq!(seers, vec![Id(11), Id(12), Id(31), Id(32)]);
    keep(&h, "three-seers");
    click(&mut h, "Turn");
    for orc in ["Upper orc", "Lower orc", "Apprentice"] {
        pick(&mut h, "Who reacts", 0, orc);
        click(&mut h, "no reaction");
        click(&mut h, &format!("Declare reaction of {orc}"));
    }
    pick(&mut h, "Who reacts", 0, "Bright wizard");
    click(&mut h, "reacts");
    pick(&mut h, "Reaction", 0, "channel");
    pick(&mut h, "Weapon (reaction)", 0, "no weapon");
    pick(&mut h, "Spell (reaction)", 0, "Spark");
    click(&mut h, "Declare reaction of Bright wizard");
    h.get_by_label("Every seer has answered.");
    h.get_by_label("2. Bright wizard: reaction: channel with Spark at Witch hunter");
    h.get_by_label("Resolve (Bright wizard)");
    click(&mut h, "End activation");
    let g = game(&h);
    assert!(wh(&g).activation().is_none());
}
