//! Warheim in the app: the example document (the text's witch hunter and
//! two orcs on the table), a roster built in the editor and a bad one
//! refused, the hero-against-two-orcs attack from the attack panel with
//! typed dice (H3, H4), the commander hidden from the opponent (H5),
//! activations counted, and the skirmish report's text.

mod common;
#[path = "warheim/flow.rs"]
mod flow;
#[path = "warheim/magic.rs"]
mod magic;
#[path = "warheim/order.rs"]
mod order;

use common::{click, harness, replace_text, type_into};
use eframe::egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use feldherr::app::FeldherrApp;
use feldherr::systems::warheim::wh;
use feldherr_host::document::{self, Document, DocumentEdit, GameDoc, GameEdit};
use feldherr_warheim::skirmish_report;

/// A Warheim edit as a document's game edit.
fn game_edit(edit: WarheimEdit) -> GameEdit {
    GameEdit::System(feldherr_host::registry::SystemEdit::Warheim(edit))
}
use feldherr_dice::Dice;
use feldherr_dice::step::Answer;
use feldherr_play::Id;
use feldherr_table::geometry::Point;
use feldherr_warheim::{
    AttackOrder, Condition, MartialUse, ReactionChoice, Roster, TargetOrder, WarheimEdit,
};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../fixtures/documents/warheim-game.json"
);

fn roster(name: &str) -> Roster {
    let path = format!("{}/../fixtures/warheim/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).expect("fixture")).expect("roster")
}

/// The example game as code: the text's rosters, the hunter facing east,
/// the upper orc 1.5 in east of him facing west, the lower orc in base
/// contact north of him facing south. The fixture must match it.
fn build() -> Document {
    let mut doc = Document::Game(GameDoc::new("Warheim example", "warheim").expect("a system"));
    let edits = [
        WarheimEdit::SetRoster {
            player: 0,
            roster: roster("witch_hunter.json"),
        },
        WarheimEdit::SetRoster {
            player: 1,
            roster: roster("orcs.json"),
        },
        WarheimEdit::Place {
            fighter: Id(1),
            at: Point::new(18.0, 18.0),
            facing: 0.0,
        },
        WarheimEdit::Place {
            fighter: Id(11),
            at: Point::new(20.5, 18.0),
            facing: 180.0,
        },
        WarheimEdit::Place {
            fighter: Id(12),
            at: Point::new(18.0, 19.0),
            facing: 270.0,
        },
    ];
    for e in edits {
        DocumentEdit::Game(game_edit(e))
            .apply(&mut doc)
            .expect("edit");
    }
    doc
}

#[test]
fn the_example_document_matches_the_code() {
    let built = build();
    if std::env::var_os("FELDHERR_BLESS").is_some() {
        document::save(std::path::Path::new(FIXTURE), &built).expect("write fixture");
    }
    let loaded = document::load(std::path::Path::new(FIXTURE)).expect("fixture loads");
    assert_eq!(loaded, built);
    assert!(loaded.problems().is_empty(), "{:?}", loaded.problems());
}

fn game(h: &Harness<'static, FeldherrApp>) -> GameDoc {
    match h.state().active_document().expect("a document").document() {
        Document::Game(game) => game.clone(),
        Document::Event(_) => panic!("a game"),
    }
}

/// Opens a copy of the example document.
fn open_example(h: &mut Harness<'static, FeldherrApp>, name: &str) {
    let dir = common::temp_dir(name);
    let copy = dir.join("warheim.json");
    std::fs::copy(FIXTURE, &copy).expect("copy fixture");
    h.state_mut().queue(feldherr::app::Command::Open(copy));
    h.run();
    h.set_size(eframe::egui::vec2(1600.0, 2400.0));
    h.run();
}

/// Opens a combo box showing `shown` (the `nth` of them) and picks `option`.
fn pick(h: &mut Harness<'static, FeldherrApp>, shown: &str, nth: usize, option: &str) {
    let combos: Vec<_> = h.get_all_by_label(shown).collect();
    combos[nth].click();
    h.run();
    h.get_all_by_label(option).last().expect("option").click();
    h.run();
}

fn click_role(h: &mut Harness<'static, FeldherrApp>, label: &str, role: Role) {
    h.get_all_by_label(label)
        .find(|n| NodeT::accesskit_node(n).role() == role)
        .expect("widget")
        .click();
    h.run();
}

fn buttons(h: &Harness<'static, FeldherrApp>, label: &str) -> usize {
    h.query_all_by_label(label)
        .filter(|n| NodeT::accesskit_node(n).role() == Role::Button)
        .count()
}

#[test]
fn a_roster_is_built_in_the_editor_and_a_bad_one_refused() {
    let mut h = harness(Dice::scripted([]));
    let cards: Vec<_> = h.get_all_by_label("New game").collect();
    let index = feldherr_host::registry::SYSTEMS
        .iter()
        .position(|s| s.id == "warheim")
        .expect("registered");
    cards[index].click();
    h.run();
    h.set_size(eframe::egui::vec2(1600.0, 2000.0));
    click(&mut h, "Rosters");
    type_into(&mut h, "Player name", "Reiksguard");
    click(&mut h, "Add fighter");
    type_into(&mut h, "Fighter", "Sergeant");
    replace_text(&mut h, "WS", "45");
    click(&mut h, "Elite");
    replace_text(&mut h, "Martial", "2");
    click(&mut h, "Add weapon");
    type_into(&mut h, "Weapon name", "Halberd");
    replace_text(&mut h, "Attacks", "2");
    replace_text(&mut h, "Range bands", "0:+3; 1:0; 2:-3");
    replace_text(&mut h, "Strength bonus", "3");
    click(&mut h, "Add group");
    click_role(&mut h, "Sergeant", Role::CheckBox);
    pick(&mut h, "Commander", 0, "Sergeant");
    // WS 45 is beyond the profile's range: the engine's message.
    click(&mut h, "Save roster");
    h.get_by_label_contains("Sergeant: WS 45 is not 0 to 40");
    assert!(wh(&game(&h)).rosters.is_empty());
    // A word where a number goes names the field.
    replace_text(&mut h, "WS", "vierzehn");
    click(&mut h, "Save roster");
    h.get_by_label("WS: \"vierzehn\" is not a number");
    replace_text(&mut h, "WS", "14");
    click(&mut h, "Save roster");
    h.get_by_label("Roster saved");
    let game = game(&h);
    let r = &wh(&game).rosters[0];
    assert_eq!(r.player, "Reiksguard");
    let f = &r.fighters[0];
    assert_eq!((f.name.as_str(), f.profile.ws), ("Sergeant", 14));
    assert_eq!(f.types, vec![feldherr_warheim::ModelType::Elite]);
    assert_eq!(f.skill(feldherr_warheim::SkillKind::Martial), 2);
    let w = &f.weapons[0];
    assert_eq!(
        (w.name.as_str(), w.attacks, w.strength_bonus),
        ("Halberd", 2, 3)
    );
    assert_eq!(w.band_modifier(0.0), Some(3));
    assert_eq!(w.band_modifier(1.5), Some(-3));
    assert_eq!(r.groups[0].members, vec![f.id]);
    assert_eq!(r.commander, Some(f.id));
}

/// The text's example from the attack panel: the hunter (Martial 1 for
/// strength, Elite +1 on the die at the upper orc) sends one die at the
/// upper orc 1.5 in away and two at the lower orc in base contact; both
/// strike back with their axes, the lower one with Martial 1 for strength.
/// Dice as in the text: 8 / 14; 11, 16 / 12; saves 17 and 8 (H3, H4).
#[test]
fn the_hero_against_two_orcs_from_the_attack_panel() {
    let mut h = harness(Dice::scripted([]));
    open_example(&mut h, "wh-attack");
    click(&mut h, "Attack");
    pick(&mut h, "Attacker", 0, "Witch hunter (1)");
    pick(&mut h, "Martial (attacker)", 0, "+1 strength per level");
    pick(&mut h, "Targets:", 0, "Upper orc (2)");
    // Measured on the table: 1.5 in, in front of him.
    assert_eq!(field(&h, "Distance to Upper orc (in)"), "1.50");
    replace_text(&mut h, "Dice at Upper orc", "1");
    pick(&mut h, "Reaction of Upper orc", 0, "strikes back with Axe");
    pick(&mut h, "Targets:", 0, "Lower orc (2)");
    assert_eq!(field(&h, "Distance to Lower orc (in)"), "0.00");
    assert_eq!(field(&h, "Dice at Lower orc"), "2");
    pick(&mut h, "Reaction of Lower orc", 0, "strikes back with Axe");
    pick(&mut h, "Martial of Lower orc", 0, "+1 strength per level");
    h.get_by_label("Dice pool: 3, split between targets: 3");
    // The exact odds are shown before any die.
    h.get_by_label("Exact odds before rolling");
    h.get_by_label("At Upper orc: hits on Upper orc : hits on the attacker");
    click(&mut h, "Declare attack");
    assert_eq!(wh(&game(&h)).resolutions.len(), 1);
    // The text's dice; after the orc's 12 the hunter is offered his +1
    // (PH2) and declines it.
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
    h.get_by_label("Upper orc: 1 hit(s), 1 saved, T 5 -> 5, standing");
    click(&mut h, "Apply result");
    let game = game(&h);
    let orcs = &wh(&game).rosters[1];
    let lower = orcs.fighter(Id(12)).expect("lower orc");
    assert_eq!(lower.current().t, -1);
    assert!(lower.has(Condition::Unconscious) && !lower.has(Condition::Dead));
    let upper = orcs.fighter(Id(11)).expect("upper orc");
    assert_eq!(upper.current().t, 5);
    assert!(upper.current().conditions.is_empty());
    // The upper orc saved: his nerves test is queued (PH11).
    assert_eq!(wh(&game).resolutions.len(), 2);
    // At a glance in the side panel.
    h.get_by_label("Lower orc: T -1/5, Mor 10, unconscious");
    // The nerves test the engine queued is offered in the Attack tab.
    click(&mut h, "Attack");
    h.get_by_label("Open: 2. nerves test of Upper orc (see the resolutions)");
}

/// A friend dies: the flight tests of the fighters who may have seen it
/// are offered, and one declared from the panel.
#[test]
fn a_death_offers_flight_tests() {
    let mut h = harness(Dice::scripted([]));
    open_example(&mut h, "wh-flight");
    // Three dice at the lower orc in base contact (17): one success; his
    // save against 13 rolls 1 and loses 12 T: dead beyond Regeneration 1.
    let lower = TargetOrder::new(Id(12), 3, 0.0, ReactionChoice::None);
    let order = AttackOrder::new(Id(1), 0, vec![lower]);
    let mut edits = vec![game_edit(WarheimEdit::Attack(order))];
    for faces in [vec![2, 18, 19], vec![1]] {
        edits.push(GameEdit::Answer {
            index: 0,
            answer: Answer::Dice(faces),
        });
    }
    edits.push(game_edit(WarheimEdit::Apply(Id(1))));
    for e in edits {
        h.state_mut()
            .queue(feldherr::app::Command::Edit(DocumentEdit::Game(e)));
        h.run();
    }
    let dead = wh(&game(&h)).rosters[1]
        .fighter(Id(12))
        .expect("orc")
        .clone();
    assert!(dead.has(Condition::Dead), "{:?}", dead.state);
    click(&mut h, "Attack");
    h.get_by_label("Lower orc died: friends who saw it within their reach test flight.");
    click(&mut h, "Flight test for Upper orc");
    let game = game(&h);
    let last = wh(&game).resolutions.last().expect("a test");
    match last.kind() {
        feldherr_warheim::WarheimKind::Morale(spec) => {
            assert_eq!(
                (spec.fighter, spec.kind),
                (Id(11), feldherr_warheim::MoraleKind::Flight)
            );
        }
        other => panic!("not a morale test: {other:?}"),
    }
    // Once tested, he is no longer offered.
    click(&mut h, "Attack");
    h.get_by_label("Morale tests");
    assert_eq!(buttons(&h, "Flight test for Upper orc"), 0);
}

fn field(h: &Harness<'static, FeldherrApp>, label: &str) -> String {
    h.get_by_label(label)
        .accesskit_node()
        .value()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn the_commander_is_hidden_from_the_opponent_until_revealed() {
    let mut h = harness(Dice::scripted([]));
    open_example(&mut h, "wh-commander");
    click(&mut h, "Rosters");
    click(&mut h, "as Orcs");
    click_role(&mut h, "Witch hunters", Role::Button);
    h.get_by_label("Commander: hidden");
    // The side panel marks only player 2's own commander.
    assert_eq!(h.get_all_by_label_contains("(commander)").count(), 1);
    click(&mut h, "Turn");
    click(&mut h, "Start turn");
    // Player 2 sees the hunter's group without the extra activation.
    h.get_by_label("Hunter: 1 left");
    h.get_by_label("Boyz: 3 left");
    click(&mut h, "Referee");
    h.get_by_label("Hunter: 2 left");
    click(&mut h, "Choose Hunter");
    // Player 2 is not offered the hunter's hidden extra activation.
    click(&mut h, "as Orcs");
    assert_eq!(buttons(&h, "commander's extra (reveals him)"), 0);
    click(&mut h, "Referee");
    click(&mut h, "commander's extra (reveals him)");
    click(&mut h, "Begin activation of Witch hunter");
    assert!(wh(&game(&h)).rosters[0].commander_revealed);
    click(&mut h, "as Orcs");
    click(&mut h, "Rosters");
    click_role(&mut h, "Witch hunters", Role::Button);
    h.get_by_label("Commander: Witch hunter");
}

#[test]
fn activations_are_counted_and_players_alternate() {
    let mut h = harness(Dice::scripted([]));
    open_example(&mut h, "wh-turn");
    click(&mut h, "Turn");
    click(&mut h, "Start turn");
    h.get_by_label("Witch hunters chooses a group");
    // Boyz: two orcs and the commander's extra (H5).
    h.get_by_label("Boyz: 3 left");
    assert_eq!(buttons(&h, "Choose Boyz"), 0);
    click(&mut h, "Choose Hunter");
    click(&mut h, "Begin activation of Witch hunter");
    click(&mut h, "End activation");
    h.get_by_label("Hunter: 1 left");
    click(&mut h, "End group");
    h.get_by_label("Orcs chooses a group");
    click(&mut h, "Choose Boyz");
    click(&mut h, "Begin activation of Upper orc");
    click(&mut h, "End activation");
    click(&mut h, "Lower orc");
    click(&mut h, "Begin activation of Lower orc");
    click(&mut h, "End activation");
    h.get_by_label("Boyz: 1 left");
    let game = game(&h);
    let turn = wh(&game).turn.as_ref().expect("a turn");
    // The hunter declined his commander's extra: it is gone, he stays hidden.
    h.get_by_label("Hunter: 0 left");
    assert_eq!(turn.groups.iter().map(|g| g.remaining()).sum::<u32>(), 1);
    assert!(!wh(&game).rosters[0].commander_revealed);
}

/// The report of the example after the attack (resolved with the text's
/// dice and applied), in English and German.
#[test]
fn the_skirmish_report_lines() {
    let mut doc = build();
    let strike = |martial| ReactionChoice::Attack { weapon: 0, martial };
    let target =
        |id, dice, distance, martial| TargetOrder::new(Id(id), dice, distance, strike(martial));
    let mut order = AttackOrder::new(
        Id(1),
        0,
        vec![
            target(11, 1, 1.5, None),
            target(12, 2, 0.0, Some(MartialUse::Strength)),
        ],
    );
    order.martial = Some(MartialUse::Strength);
    let mut edits = vec![game_edit(WarheimEdit::Attack(order))];
    // The text's dice; after the orc's 12 the hunter declines his +1.
    for answer in [
        Answer::Dice(vec![8]),
        Answer::Dice(vec![14]),
        Answer::Dice(vec![11, 16]),
        Answer::Dice(vec![12]),
        Answer::Choice(0),
        Answer::Dice(vec![17]),
        Answer::Dice(vec![8]),
    ] {
        edits.push(GameEdit::Answer { index: 0, answer });
    }
    edits.push(game_edit(WarheimEdit::Apply(Id(1))));
    edits.push(GameEdit::Answer {
        index: 1,
        answer: Answer::Dice(vec![4]),
    });
    edits.push(game_edit(WarheimEdit::Apply(Id(2))));
    edits.push(game_edit(WarheimEdit::RecordResult(Some(0))));
    for e in edits {
        DocumentEdit::Game(e).apply(&mut doc).expect("edit");
    }
    let Document::Game(game) = doc else { panic!() };
    for code in ["en", "de"] {
        let texts = feldherr::i18n::Texts::new(code);
        let sheet = skirmish_report(
            wh(&game),
            &game.name,
            &texts,
            feldherr_sheet::SheetOptions::default(),
        )
        .expect("sheet");
        let outline = sheet.layout().expect("layout").text_outline();
        insta::assert_snapshot!(format!("warheim_report_{code}"), outline);
    }
}
