//! The 40K free-for-all screens: player setup (two and five players
//! refused), the deployment choice on the table (F1, three and four
//! players), a bag round with a refused typed draw (F2), a three-sided
//! combat led through the resolution panel (F3, F4), the example document
//! (fixtures/documents/wh40k-ffa-game.json) and the record sheet's lines.

mod common;

use common::{click, harness, replace_text, type_into};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use feldherr::app::{Command, FeldherrApp, Screen};
use feldherr::i18n::Texts;
use feldherr::systems::wh40k::ffa;
use feldherr_dice::Dice;
use feldherr_dice::step::Answer;
use feldherr_host::document::{self, Document, DocumentEdit, GameDoc, GameEdit};
use feldherr_host::registry::SystemEdit;
use feldherr_play::Id;
use feldherr_wh40k_ffa::{
    EngagedUnit, FfaEdit, FfaOutcome, FfaResolution, Player, SideEntry, SweepRule, UnitProfile,
    ZoneSlot,
};
use feldherr_wh40k_ffa::{record_lines, record_sheet};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../fixtures/documents/wh40k-ffa-game.json"
);

/// The start screen's "New game" button of the 40K card.
const CARD: usize = 4;

fn new_game(harness: &mut Harness<'static, FeldherrApp>) {
    // The card may be below the fold when the cards above it have long
    // texts: scroll it into view first.
    harness
        .get_all_by_label("New game")
        .nth(CARD)
        .expect("the 40K card")
        .scroll_to_me();
    harness.run();
    let buttons: Vec<_> = harness.get_all_by_label("New game").collect();
    buttons[CARD].click();
    harness.run();
    assert_eq!(harness.state().screen(), Screen::Document);
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

fn edit(harness: &mut Harness<'static, FeldherrApp>, edit: FfaEdit) {
    harness
        .state_mut()
        .queue(Command::Edit(DocumentEdit::Game(GameEdit::System(
            SystemEdit::Wh40kFfa(edit),
        ))));
    harness.run();
    assert_eq!(harness.state().error(), None);
}

/// Asserts `label` is shown at least once (the side panel repeats the
/// turn and round of the tabs).
fn shows(harness: &Harness<'static, FeldherrApp>, label: &str) {
    assert!(
        harness.query_all_by_label(label).count() >= 1,
        "{label:?} is not shown"
    );
}

fn unit(id: u64, name: &str, models: u32, ld: u8, ini: u8) -> UnitProfile {
    UnitProfile::new(Id(id), name, models, ld, ini).expect("unit")
}

/// Anna, Ben and Cem, one or two units each.
fn three_players() -> Vec<Player> {
    vec![
        Player::new("Anna").with_army(vec![
            unit(1, "Taktischer Trupp", 10, 8, 4),
            unit(2, "Sturmtrupp", 5, 8, 4),
        ]),
        Player::new("Ben").with_army(vec![unit(3, "Orkboyz", 5, 7, 2)]),
        Player::new("Cem").with_army(vec![unit(4, "Khorne-Berserker", 4, 9, 5)]),
    ]
}

fn sys(doc: &mut GameDoc, e: FfaEdit) {
    GameEdit::System(SystemEdit::Wh40kFfa(e))
        .apply_in_place(doc)
        .expect("edit");
}

fn answer(doc: &mut GameDoc, index: usize, answer: Answer) {
    GameEdit::Answer { index, answer }
        .apply_in_place(doc)
        .expect("answer");
}

#[test]
fn setup_refuses_two_and_five_players_and_saves_three_with_armies() {
    let mut harness = harness(Dice::scripted([]));
    new_game(&mut harness);
    harness.get_by_label("Set up three or four players to choose deployment zones.");
    click(&mut harness, "Players");
    type_into(&mut harness, "Name of player 1", "Anna");
    type_into(&mut harness, "Name of player 2", "Ben");
    click(&mut harness, "Remove player 3");
    click(&mut harness, "Save players");
    harness.get_by_label("A free-for-all is played by three or four players, not 2.");
    for _ in 0..3 {
        click(&mut harness, "Add player");
    }
    click(&mut harness, "Save players");
    harness.get_by_label("A free-for-all is played by three or four players, not 5.");
    assert!(ffa(&game(&harness)).players().is_empty());
    click(&mut harness, "Remove player 5");
    click(&mut harness, "Remove player 4");
    type_into(&mut harness, "Name of player 3", "Cem");
    type_into(
        &mut harness,
        "Army of player 1",
        "Taktischer Trupp, 10, 8, 4",
    );
    type_into(&mut harness, "Army of player 2", "Orkboyz, zwölf, 7, 2");
    click(&mut harness, "Save players");
    harness.get_by_label("Ben, line 1: Models \"zwölf\" is not a whole number");
    replace_text(&mut harness, "Army of player 2", "Orkboyz, 12, 7, 2");
    type_into(&mut harness, "Army of player 3", "Berserker, 8, 9, 5");
    click(&mut harness, "Save players");
    harness.get_by_label("Players saved.");
    let doc = game(&harness);
    let players = ffa(&doc).players();
    let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Anna", "Ben", "Cem"]);
    assert_eq!(players[1].army[0].models, 12);
    assert_eq!(
        (players[2].army[0].leadership, players[2].army[0].initiative),
        (9, 5)
    );
    let ids: Vec<Id> = players.iter().map(|p| p.army[0].id).collect();
    assert_eq!(ids, [Id(1), Id(2), Id(3)]);
}

#[test]
fn three_players_are_led_through_the_deployment_on_the_table() {
    let mut harness = harness(Dice::scripted([]));
    new_game(&mut harness);
    edit(&mut harness, FfaEdit::SetPlayers(three_players()));
    click(&mut harness, "Table");
    harness.get_by_label("Deployment 1 of 3: Anna chooses a zone");
    // Every corner and both long edges are open to the first player (F1).
    for zone in [
        "bottom left corner",
        "bottom right corner",
        "top left corner",
        "top right corner",
        "bottom long edge",
        "top long edge",
    ] {
        harness.get_by_label(&format!("Take the {zone}"));
    }
    click(&mut harness, "Take the bottom left corner");
    harness.get_by_label("Deployment 2 of 3: Ben chooses a zone");
    harness.get_by_label("top long edge: the long edge opposite the first player's corner");
    harness.get_by_label("bottom right corner: the other corner on the first player's long edge");
    assert!(harness.query_by_label("Take the top left corner").is_none());
    click(&mut harness, "Take the top long edge");
    harness.get_by_label("Deployment 3 of 3: Cem chooses a zone");
    harness.get_by_label("Only one zone is left open.");
    click(&mut harness, "Take the bottom right corner");
    harness.get_by_label("Every player has a deployment zone.");
    let doc = game(&harness);
    let d = ffa(&doc).deployment().expect("deployment");
    let taken: Vec<ZoneSlot> = d.choices.iter().map(|c| c.slot).collect();
    assert_eq!(
        taken,
        [
            ZoneSlot::BottomLeft,
            ZoneSlot::TopEdge,
            ZoneSlot::BottomRight
        ]
    );
    assert_eq!(doc.table_or_default().pieces().len(), 3);
    // Taking the last one back removes its zone from the table.
    click(&mut harness, "Take back the last zone");
    assert_eq!(game(&harness).table_or_default().pieces().len(), 2);
    harness.get_by_label("Deployment 3 of 3: Cem chooses a zone");
}

#[test]
fn the_deployment_order_is_set_on_the_players_tab() {
    let mut harness = harness(Dice::scripted([]));
    new_game(&mut harness);
    edit(&mut harness, FfaEdit::SetPlayers(three_players()));
    click(&mut harness, "Players");
    replace_text(
        &mut harness,
        "Players by number, first chooser first",
        "3, 1",
    );
    click(&mut harness, "Save order");
    // The refusal in words, no field path (issue #27).
    harness.get_by_label_contains("Refused: must name each of the 3 seats once");
    replace_text(
        &mut harness,
        "Players by number, first chooser first",
        "3, 1, 2",
    );
    click(&mut harness, "Save order");
    assert_eq!(
        ffa(&game(&harness)).deployment().expect("deployment").order,
        [2, 0, 1]
    );
    // Zone sizes are mission data (F1), checked against the table.
    replace_text(&mut harness, "Corner zone along the long edge", "0");
    click(&mut harness, "Save zone sizes");
    harness.get_by_label("Corner zone along the long edge: \"0\" is not a length above 0");
    replace_text(&mut harness, "Corner zone along the long edge", "40");
    click(&mut harness, "Save zone sizes");
    harness.get_by_label_contains("corner zones do not fit along a");
    replace_text(&mut harness, "Corner zone along the long edge", "24");
    click(&mut harness, "Save zone sizes");
    assert_eq!(ffa(&game(&harness)).zone_sizes().corner_width, 24.0);
    click(&mut harness, "Table");
    harness.get_by_label("Deployment 1 of 3: Cem chooses a zone");
}

#[test]
fn the_rounds_tab_speaks_german() {
    let mut harness = harness(Dice::scripted([]));
    let doc = document::load(std::path::Path::new(FIXTURE)).expect("fixture");
    let Document::Game(doc) = doc else {
        panic!("a game");
    };
    open(&mut harness, &doc, "ffa-german");
    harness.state_mut().queue(Command::SetLanguage("de".into()));
    harness.run();
    // The saved resolutions are listed with their titles and outcomes in
    // German, from the engine's catalogue.
    shows(&harness, "1. Wurf um den ersten Zug: Anna beginnt Runde 1");
    click(&mut harness, "Runden");
    shows(&harness, "Runde 2: Anna ist am Zug");
    harness.get_by_label("Würfel von Ben, Chance 1 zu 2");
    assert!(
        harness
            .get_by_label("Gezogen: Anna")
            .accesskit_node()
            .is_disabled()
    );
    harness.get_by_label(
        "Abgelehnt (F2): Anna hat in Runde 2 schon gespielt; jeder spielt einmal pro Runde.",
    );
}

#[test]
fn after_a_long_edge_the_others_take_the_opposite_corners() {
    let mut harness = harness(Dice::scripted([]));
    new_game(&mut harness);
    edit(&mut harness, FfaEdit::SetPlayers(three_players()));
    click(&mut harness, "Table");
    click(&mut harness, "Take the bottom long edge");
    harness
        .get_by_label("top left corner: after a long edge the others take the corners opposite it");
    assert!(
        harness
            .query_by_label("Take the bottom left corner")
            .is_none()
    );
    click(&mut harness, "Take the top right corner");
    harness.get_by_label("top left corner: the one corner opposite the long edge still free");
    click(&mut harness, "Take the top left corner");
    harness.get_by_label("Every player has a deployment zone.");
}

#[test]
fn four_players_take_the_four_corners() {
    let mut harness = harness(Dice::scripted([]));
    new_game(&mut harness);
    let mut players = three_players();
    players.push(Player::new("Dora"));
    edit(&mut harness, FfaEdit::SetPlayers(players));
    click(&mut harness, "Table");
    assert!(harness.query_by_label("Take the top long edge").is_none());
    for (who, zone) in [
        ("Anna", "top right corner"),
        ("Ben", "bottom left corner"),
        ("Cem", "top left corner"),
    ] {
        harness.get_by_label(&format!(
            "Deployment {} of 4: {who} chooses a zone",
            match who {
                "Anna" => 1,
                "Ben" => 2,
                _ => 3,
            }
        ));
        click(&mut harness, &format!("Take the {zone}"));
    }
    harness.get_by_label("bottom right corner: with four players every zone is a corner");
    click(&mut harness, "Take the bottom right corner");
    harness.get_by_label("Every player has a deployment zone.");
    assert_eq!(game(&harness).table_or_default().pieces().len(), 4);
}

#[test]
fn a_bag_round_with_a_refused_typed_draw() {
    let mut harness = harness(Dice::scripted([2]));
    new_game(&mut harness);
    edit(&mut harness, FfaEdit::SetPlayers(three_players()));
    click(&mut harness, "Rounds");
    assert_eq!(
        harness
            .get_all_by_label("Round 1 starts with the roll-off (F2).")
            .count(),
        2,
        "the tab and the side panel"
    );
    click(&mut harness, "Roll off for round 1");
    click(&mut harness, "Rounds");
    // One roll-off at a time.
    harness
        .get_by_label("A roll-off is waiting in the resolutions: finish it and apply its result.");
    assert!(harness.query_by_label("Roll off for round 1").is_none());
    click(&mut harness, "Resolution");
    // The roll-off is shown in the resolution panel: Ben rolls highest.
    // Each die's field is named for its player.
    type_into(&mut harness, "Anna's die", "3");
    type_into(&mut harness, "Ben's die", "6");
    type_into(&mut harness, "Cem's die", "2");
    click(&mut harness, "Enter");
    click(&mut harness, "Start round 1 with Ben");
    harness.get_by_label("Applied: Ben started round 1");
    click(&mut harness, "Rounds");
    shows(&harness, "Round 1: Ben's turn");
    harness.get_by_label("Anna's die, chance 1 in 2");
    harness.get_by_label("Cem's die, chance 1 in 2");
    // Ben's die is not in the bag: typing it in is refused before the
    // click, with the reason beside the button.
    assert!(
        harness
            .get_by_label("Drawn: Ben")
            .accesskit_node()
            .is_disabled()
    );
    harness.get_by_label(
        "Refused (F2): Ben has played in round 1 already; everybody plays once per round.",
    );
    click(&mut harness, "Drawn: Cem");
    shows(&harness, "Round 1: Cem's turn");
    click(&mut harness, "Drawn: Anna");
    // Round 1 is over; Anna played last, so her die is held back.
    harness.get_by_label(
        "Anna's die is held back until the first draw of round 2 (Anna played last).",
    );
    harness.get_by_label("Ben's die, chance 1 in 2");
    click(&mut harness, "Drawn: Anna");
    harness.get_by_label(
        "Refused (F2): Anna played last in round 1; that die stays out of the bag for the first draw of round 2, so nobody plays twice in a row.",
    );
    // The software draws: a die over the two in the bag (Ben = 1, Cem = 2).
    click(&mut harness, "Draw by the software");
    click(&mut harness, "Roll at random");
    click(&mut harness, "Enter Cem in the order of round 2");
    click(&mut harness, "Rounds");
    shows(&harness, "Round 2: Cem's turn");
    let doc = game(&harness);
    let order = ffa(&doc).turn_order().expect("order");
    assert_eq!(order.rounds, vec![vec![1, 2, 0], vec![2]]);
    assert_eq!(ffa(&doc).bag().expect("bag").dice, [0, 1]);
}

/// A game with three players, their zones and round 1 begun by Anna.
fn game_in_round_one() -> GameDoc {
    let mut doc = GameDoc::new("Jeder gegen Jeden", "wh40k_ffa").expect("system");
    sys(&mut doc, FfaEdit::SetPlayers(three_players()));
    for (seat, slot) in [
        (0, ZoneSlot::BottomLeft),
        (1, ZoneSlot::BottomRight),
        (2, ZoneSlot::TopEdge),
    ] {
        sys(&mut doc, FfaEdit::ChooseZone { seat, slot });
    }
    sys(&mut doc, FfaEdit::StartRollOff);
    answer(&mut doc, 0, Answer::Dice(vec![6, 2, 3]));
    sys(&mut doc, FfaEdit::Apply(Id(1)));
    doc
}

fn open(harness: &mut Harness<'static, FeldherrApp>, doc: &GameDoc, name: &str) {
    let dir = common::temp_dir(name);
    let path = dir.join("game.json");
    document::save(&path, &Document::Game(doc.clone())).expect("saved");
    harness.state_mut().queue(Command::Open(path));
    harness.run();
    assert_eq!(harness.state().screen(), Screen::Document);
}

#[test]
fn a_three_sided_combat_is_led_through_the_resolution_panel() {
    let mut harness = harness(Dice::scripted([]));
    open(&mut harness, &game_in_round_one(), "ffa-combat");
    click(&mut harness, "Combat");
    harness.get_by_label("New combat in round 1, Anna's turn");
    // Only combats of the active player: Anna always takes part.
    harness.get_by_label("(active player)");
    click(&mut harness, "Taktischer Trupp of Anna fights");
    type_into(&mut harness, "Casualties caused by Anna", "5");
    click(&mut harness, "Start combat");
    harness.get_by_label("A combat has at least two sides.");
    click(&mut harness, "Ben takes part");
    click(&mut harness, "Cem takes part");
    click(&mut harness, "Orkboyz of Ben fights");
    click(&mut harness, "Khorne-Berserker of Cem fights");
    type_into(&mut harness, "Casualties caused by Ben", "2");
    type_into(&mut harness, "Casualties caused by Cem", "1");
    // The result before any die, as the engine computes it.
    harness.get_by_label("Before any die");
    harness.get_by_label("Winner: Anna");
    harness.get_by_label("Leadership tests: Orkboyz, Khorne-Berserker");
    click(&mut harness, "Start combat");
    // The resolution view: result, winner and outnumbering before any die.
    harness.get_by_label("Anna: result 5, 10 models in the fight (Taktischer Trupp (10))");
    harness.get_by_label("Anna wins the combat");
    harness.get_by_label("Ben: 5 models against 10 winning models, Leadership -2");
    harness.get_by_label("Next step: Leadership test of Orkboyz (need 5 or less)");
    // The Orkboyz need 5 or less: 11 flees. The Berserker need 7: 5 holds.
    type_into(&mut harness, "Die 1", "6");
    type_into(&mut harness, "Die 2", "5");
    click(&mut harness, "Enter");
    type_into(&mut harness, "Die 1", "2");
    type_into(&mut harness, "Die 2", "3");
    click(&mut harness, "Enter");
    harness.get_by_label("Cem: 4 models against 10 winning models, Leadership -2");
    harness.get_by_label("Orkboyz rolled 11 against 5: flees");
    harness.get_by_label("Khorne-Berserker rolled 5 against 7: holds");
    // F4: the Berserker still fight, so Anna may not advance.
    harness.get_by_label("Anna may not advance: Khorne-Berserker still fight");
    harness.get_by_label("Flee: Orkboyz");
    click(&mut harness, "Record the combat as fought");
    harness.get_by_label("Recorded as fought");
    let doc = game(&harness);
    let saved = &ffa(&doc).saved()[1];
    assert!(saved.applied());
    let Some(FfaOutcome::Combat(outcome)) = saved.outcome() else {
        panic!("a combat outcome");
    };
    assert_eq!(outcome.winners, [0]);
    assert_eq!(outcome.fleeing, [Id(3)]);
    assert!(outcome.destroyed.is_empty());
    assert_eq!(ffa(&doc).combats_in_turns_of(0), [Id(2)]);
}

#[test]
fn a_sweeping_advance_under_either_option_of_f4() {
    for (rule, label, destroyed) in [
        (SweepRule::TiesDestroy, "a tie destroys", vec![Id(3)]),
        (
            SweepRule::EqualOrHigherDestroys,
            "equal or higher destroys",
            vec![Id(3), Id(4)],
        ),
    ] {
        let mut harness = harness(Dice::scripted([]));
        open(&mut harness, &game_in_round_one(), "ffa-sweep");
        click(&mut harness, "Combat");
        click(&mut harness, label);
        click(&mut harness, "Save combat options");
        assert_eq!(ffa(&game(&harness)).combat_rules().sweep, rule);
        click(&mut harness, "Taktischer Trupp of Anna fights");
        click(&mut harness, "Ben takes part");
        click(&mut harness, "Cem takes part");
        click(&mut harness, "Orkboyz of Ben fights");
        click(&mut harness, "Khorne-Berserker of Cem fights");
        type_into(&mut harness, "Casualties caused by Anna", "6");
        click(&mut harness, "Start combat");
        // Both flee: Orkboyz 12 against 5, Berserker 12 against 7.
        for faces in [["6", "6"], ["6", "6"]] {
            type_into(&mut harness, "Die 1", faces[0]);
            type_into(&mut harness, "Die 2", faces[1]);
            click(&mut harness, "Enter");
        }
        click(
            &mut harness,
            "advance: every winning unit rolls against every fleeing unit",
        );
        // Anna's Trupp: 3 + I4 = 7. Orkboyz 5 + I2 = 7 (a tie), Berserker
        // 1 + I5 = 6 (beaten, not tied).
        type_into(&mut harness, "Taktischer Trupp's die", "3");
        click(&mut harness, "Enter");
        type_into(&mut harness, "Orkboyz's die", "5");
        type_into(&mut harness, "Khorne-Berserker's die", "1");
        click(&mut harness, "Enter");
        let doc = game(&harness);
        let Some(FfaOutcome::Combat(outcome)) = ffa(&doc).saved()[1].outcome() else {
            panic!("a combat outcome");
        };
        assert_eq!(outcome.destroyed, destroyed, "{rule:?}");
        harness.get_by_label(&format!(
            "Sweeping advance: {label}; several winners compared as: the largest winning side"
        ));
    }
}

#[test]
fn the_preview_gives_the_outnumbering_penalty_just_under_and_at_two_and_three_to_one() {
    let mut harness = harness(Dice::scripted([]));
    open(&mut harness, &game_in_round_one(), "ffa-ratios");
    click(&mut harness, "Combat");
    click(&mut harness, "Taktischer Trupp of Anna fights");
    click(&mut harness, "Ben takes part");
    click(&mut harness, "Orkboyz of Ben fights");
    type_into(&mut harness, "Casualties caused by Anna", "3");
    // The models in the fight are those the game knows minus the
    // casualties typed for this round (Anna's 10, Ben's 5).
    for (anna, ben, penalty) in [
        (10, 5, 2), // 2:1
        (9, 5, 1),  // just under 2:1
        (9, 3, 3),  // 3:1
        (8, 3, 2),  // just under 3:1
        (5, 5, 0),  // not outnumbered
    ] {
        replace_text(
            &mut harness,
            "Casualties of Taktischer Trupp of Anna (of 10 models left)",
            &(10 - anna).to_string(),
        );
        replace_text(
            &mut harness,
            "Casualties of Orkboyz of Ben (of 5 models left)",
            &(5 - ben).to_string(),
        );
        let line = if penalty == 0 {
            format!("Ben: {ben} models against {anna} winning models, no penalty")
        } else {
            format!("Ben: {ben} models against {anna} winning models, Leadership -{penalty}")
        };
        harness.get_by_label(&line);
    }
    // More casualties than models left is refused, naming the field.
    replace_text(
        &mut harness,
        "Casualties of Orkboyz of Ben (of 5 models left)",
        "6",
    );
    click(&mut harness, "Start combat");
    harness.get_by_label(
        "Casualties of Orkboyz of Ben (of 5 models left): \"6\" is not a whole number from 0 to 5",
    );
    assert_eq!(ffa(&game(&harness)).saved().len(), 1, "no combat started");
}

#[test]
fn the_outnumbering_table_is_edited_on_the_combat_tab() {
    let mut harness = harness(Dice::scripted([]));
    open(&mut harness, &game_in_round_one(), "ffa-table");
    click(&mut harness, "Combat");
    replace_text(&mut harness, "Penalty of row 3", "4");
    replace_text(&mut harness, "Ratio of row 2", "zwei");
    click(&mut harness, "Save combat options");
    harness.get_by_label("Ratio of row 2: \"zwei\" is not a whole number in range");
    replace_text(&mut harness, "Ratio of row 2", "0.5");
    click(&mut harness, "Save combat options");
    let refusal = harness
        .get_all_by_label_contains("a side is outnumbered only by more models")
        .count();
    assert_eq!(refusal, 1);
    replace_text(&mut harness, "Ratio of row 2", "2");
    click(&mut harness, "Save combat options");
    let doc = game(&harness);
    let steps = &ffa(&doc).combat_rules().outnumbering.steps;
    assert_eq!(steps[2].penalty, 4);
    assert_eq!(steps[1].ratio, 2.0);
}

/// The example game: three players in their zones, round 1 and the start
/// of round 2 drawn, one combat per kind of result.
fn example() -> GameDoc {
    let mut doc = game_in_round_one();
    doc.name = "Jeder gegen Jeden, Beispiel".into();
    // Round 1: Anna (roll-off), then Ben and Cem from the bag.
    // Anna's combat: single winner, the Orkboyz flee, no sweep (the
    // Berserker still fight). Each unit's casualties of the round are
    // typed; the game knows the models it had.
    sys(
        &mut doc,
        FfaEdit::StartCombat {
            sides: vec![
                side(0, 5, &[(1, 1)]),
                side(1, 2, &[(3, 3)]),
                side(2, 1, &[(4, 2)]),
            ],
        },
    );
    for faces in [[6, 5], [2, 3]] {
        answer(&mut doc, 1, Answer::Dice(faces.to_vec()));
    }
    sys(&mut doc, FfaEdit::Apply(Id(2)));
    // Ben's turn: his Orkboyz flee (PF1), he fights nothing.
    sys(&mut doc, FfaEdit::TypeDraw { seat: 1 });
    sys(&mut doc, FfaEdit::TypeDraw { seat: 2 });
    // Cem's turn: the Berserker, still locked with the Taktischer Trupp
    // (F3), fight on; Cem wins, Anna's unit tests and holds.
    sys(
        &mut doc,
        FfaEdit::StartCombat {
            sides: vec![side(0, 1, &[(1, 2)]), side(2, 2, &[(4, 1)])],
        },
    );
    answer(&mut doc, 2, Answer::Dice(vec![3, 3]));
    sys(&mut doc, FfaEdit::Apply(Id(3)));
    sys(&mut doc, FfaEdit::StartDraw);
    answer(&mut doc, 3, Answer::Dice(vec![1]));
    sys(&mut doc, FfaEdit::Apply(Id(4)));
    doc
}

/// A side of a combat: the casualties it caused and, per unit, the models
/// it lost (the game knows how many each unit has left).
fn side(seat: usize, casualties: u32, units: &[(u64, u32)]) -> SideEntry {
    SideEntry {
        seat,
        casualties_caused: casualties,
        units: units
            .iter()
            .map(|&(id, lost)| EngagedUnit::new(Id(id), lost))
            .collect(),
    }
}

#[test]
fn the_example_document_matches_the_code() {
    let doc = Document::Game(example());
    if std::env::var_os("FELDHERR_BLESS").is_some() {
        document::save(std::path::Path::new(FIXTURE), &doc).expect("write fixture");
    }
    let loaded = document::load(std::path::Path::new(FIXTURE)).expect("fixture loads");
    assert_eq!(
        loaded, doc,
        "the fixture drifted from the code (FELDHERR_BLESS=1 rewrites it)"
    );
    assert!(loaded.problems().is_empty(), "{:?}", loaded.problems());
    let Document::Game(game) = loaded else {
        panic!("a game");
    };
    let order = ffa(&game).turn_order().expect("order");
    assert_eq!(order.rounds, vec![vec![0, 1, 2], vec![0]]);
    assert!(ffa(&game).saved().iter().all(|r| r.applied()
        && matches!(
            r.kind(),
            FfaResolution::RollOff(_) | FfaResolution::Draw(_) | FfaResolution::Combat(_)
        )));
}

#[test]
fn the_record_sheet_lines() {
    let doc = example();
    insta::assert_snapshot!(
        "wh40k-ffa-record-en",
        record_lines(ffa(&doc), &doc.name, &Texts::new("en")).join("\n")
    );
    insta::assert_snapshot!(
        "wh40k-ffa-record-de",
        record_lines(ffa(&doc), &doc.name, &Texts::new("de")).join("\n")
    );
    for lang in ["en", "de"] {
        let sheet = record_sheet(
            ffa(&doc),
            &doc.table_or_default(),
            &doc.name,
            &Texts::new(lang),
        )
        .expect("sheet");
        let pdf = sheet.to_pdf().expect("pdf");
        assert!(pdf.starts_with(b"%PDF"), "{lang}");
    }
}

#[test]
fn the_combat_form_shows_the_models_the_game_says_are_left() {
    let mut harness = harness(Dice::scripted([]));
    open(&mut harness, &example(), "ffa-left");
    click(&mut harness, "Combat");
    // The Taktischer Trupp lost 1 and then 2 of its 10 in round 1.
    harness.get_by_label("7 models, Ld 8, I 4");
    click(&mut harness, "Taktischer Trupp of Anna fights");
    harness.get_by_label("Casualties of Taktischer Trupp of Anna (of 7 models left)");
}

/// Anna, Ben and Cem with two units each, for two rounds of combats.
fn two_units_each() -> Vec<Player> {
    vec![
        Player::new("Anna").with_army(vec![
            unit(1, "Taktischer Trupp", 10, 8, 4),
            unit(2, "Sturmtrupp", 5, 8, 4),
        ]),
        Player::new("Ben").with_army(vec![
            unit(3, "Orkboyz", 5, 7, 2),
            unit(4, "Grotz", 10, 5, 2),
        ]),
        Player::new("Cem").with_army(vec![
            unit(5, "Khorne-Berserker", 4, 9, 5),
            unit(6, "Kultisten", 8, 7, 3),
        ]),
    ]
}

/// Types two dice into the resolution panel and enters them.
fn two_dice(harness: &mut Harness<'static, FeldherrApp>, a: &str, b: &str) {
    type_into(harness, "Die 1", a);
    type_into(harness, "Die 2", b);
    click(harness, "Enter");
}

fn models_left(harness: &Harness<'static, FeldherrApp>, unit: u64) -> u32 {
    ffa(&game(harness))
        .unit_state(Id(unit))
        .expect("unit")
        .models_left
}

/// Whether the widget labelled `label` is shown disabled.
fn disabled(harness: &Harness<'static, FeldherrApp>, label: &str) -> bool {
    harness.get_by_label(label).accesskit_node().is_disabled()
}

/// The engine's refusal of a combat, as the form would show it.
fn refusal(harness: &Harness<'static, FeldherrApp>, sides: Vec<SideEntry>) -> String {
    feldherr::systems::wh40k::try_edit(&game(harness), &FfaEdit::StartCombat { sides })
        .expect_err("refused")
        .to_string()
}

/// Issue #24: three players over two rounds with two three-sided combats
/// through the window, each unit's strength typed once (in its army): the
/// form offers only units that can fight, with the models the game says
/// they have; confirming a combat changes the units, undo takes it back;
/// the record shows each unit's history.
#[test]
fn units_remember_their_state_over_two_rounds() {
    let mut harness = harness(Dice::scripted([]));
    let mut doc = GameDoc::new("Zwei Runden", "wh40k_ffa").expect("system");
    sys(&mut doc, FfaEdit::SetPlayers(two_units_each()));
    for (seat, slot) in [
        (0, ZoneSlot::BottomLeft),
        (1, ZoneSlot::BottomRight),
        (2, ZoneSlot::TopEdge),
    ] {
        sys(&mut doc, FfaEdit::ChooseZone { seat, slot });
    }
    sys(&mut doc, FfaEdit::StartRollOff);
    answer(&mut doc, 0, Answer::Dice(vec![6, 2, 3]));
    sys(&mut doc, FfaEdit::Apply(Id(1)));
    open(&mut harness, &doc, "ffa-remember");

    // Round 1, Anna's turn: no close combat is going on yet.
    click(&mut harness, "Combat");
    harness.get_by_label("Close combats to fight in Anna's turn (F3)");
    harness.get_by_label(
        "No close combat is going on with this player's units; a charge starts a new one below.",
    );
    click(&mut harness, "Taktischer Trupp of Anna fights");
    // Checked before the click: one side is not a combat.
    harness.get_by_label("A combat has at least two sides.");
    assert!(disabled(&harness, "Start combat"));
    click(&mut harness, "Ben takes part");
    click(&mut harness, "Cem takes part");
    click(&mut harness, "Orkboyz of Ben fights");
    click(&mut harness, "Khorne-Berserker of Cem fights");
    // More casualties than models: said inline, naming unit and player.
    type_into(
        &mut harness,
        "Casualties of Orkboyz of Ben (of 5 models left)",
        "6",
    );
    harness.get_by_label(
        "Casualties of Orkboyz of Ben (of 5 models left): \"6\" is not a whole number from 0 to 5",
    );
    assert!(disabled(&harness, "Start combat"));
    replace_text(
        &mut harness,
        "Casualties of Orkboyz of Ben (of 5 models left)",
        "2",
    );
    // The Taktischer Trupp lost 4 of its 10 models: it fights with 6.
    type_into(
        &mut harness,
        "Casualties of Taktischer Trupp of Anna (of 10 models left)",
        "4",
    );
    type_into(
        &mut harness,
        "Casualties of Khorne-Berserker of Cem (of 4 models left)",
        "1",
    );
    type_into(&mut harness, "Casualties caused by Anna", "3");
    type_into(&mut harness, "Casualties caused by Ben", "2");
    type_into(&mut harness, "Casualties caused by Cem", "2");
    harness.get_by_label("Anna: result 3, 6 models in the fight (Taktischer Trupp (6))");
    harness.get_by_label("Winner: Anna");
    click(&mut harness, "Start combat");
    // Orkboyz (3 against 6, Ld 7 - 2) and Berserker (3 against 6, Ld 9 -
    // 2) both flee; Anna advances: 3 + I4 = 7 catches the Orkboyz (5 + I2
    // = 7, a tie), not the Berserker (1 + I5 = 6).
    harness.get_by_label("Ben: 3 models against 6 winning models, Leadership -2");
    two_dice(&mut harness, "6", "6");
    two_dice(&mut harness, "6", "6");
    click(
        &mut harness,
        "advance: every winning unit rolls against every fleeing unit",
    );
    type_into(&mut harness, "Taktischer Trupp's die", "3");
    click(&mut harness, "Enter");
    type_into(&mut harness, "Orkboyz's die", "5");
    type_into(&mut harness, "Khorne-Berserker's die", "1");
    click(&mut harness, "Enter");
    // What confirming does, before the click (PF2).
    harness.get_by_label("Recording the result does this to the units (PF2):");
    harness.get_by_label("Taktischer Trupp of Anna: from 10 to 6 models, won");
    harness.get_by_label("Orkboyz of Ben: from 5 to 0 models, caught by a sweeping advance");
    harness.get_by_label("Khorne-Berserker of Cem: from 4 to 3 models, fled");
    // Nothing changes before the players confirm.
    assert_eq!(models_left(&harness, 1), 10);
    click(&mut harness, "Record the combat as fought");
    assert_eq!(models_left(&harness, 1), 6);
    assert_eq!(models_left(&harness, 3), 0);
    // Undo takes the confirmed combat back (the host's undo), redo again.
    harness.state_mut().queue(Command::Undo);
    harness.run();
    assert_eq!(models_left(&harness, 1), 10);
    assert_eq!(models_left(&harness, 3), 5);
    assert!(
        ffa(&game(&harness))
            .unit_state(Id(3))
            .expect("unit")
            .status
            .active()
    );
    harness.state_mut().queue(Command::Redo);
    harness.run();
    assert_eq!(models_left(&harness, 1), 6);

    // The battle at a glance.
    click(&mut harness, "Units");
    harness.get_by_label("6 of 10");
    harness.get_by_label("destroyed in round 1 by Anna: caught by a sweeping advance");
    harness.get_by_label("fleeing since round 1");
    click(&mut harness, "History of Orkboyz of Ben");
    harness.get_by_label(
        "Round 1, Anna's turn: close combat against Anna, Cem: 5 models, lost 2, 0 left; caught by a sweeping advance",
    );

    // Ben's turn: his destroyed Orkboyz are not offered.
    click(&mut harness, "Rounds");
    click(&mut harness, "Drawn: Ben");
    click(&mut harness, "Combat");
    harness
        .get_by_label("Orkboyz of Ben: destroyed in round 1 by Anna: caught by a sweeping advance");
    assert!(harness.query_by_label("Orkboyz of Ben fights").is_none());
    harness.get_by_label("Grotz of Ben fights");
    // Cem's turn: his fleeing Berserker is asked about, not offered.
    click(&mut harness, "Rounds");
    click(&mut harness, "Drawn: Cem");
    click(&mut harness, "Combat");
    harness.get_by_label("Fleeing units of Cem: rallied, still fleeing or off the table? (PF1)");
    harness.get_by_label("Khorne-Berserker of Cem rallied");
    harness.get_by_label("Khorne-Berserker of Cem: fleeing since round 1");
    assert!(
        harness
            .query_by_label("Khorne-Berserker of Cem fights")
            .is_none()
    );

    // Round 2: Cem played last, so Anna or Ben; Anna is drawn.
    click(&mut harness, "Rounds");
    click(&mut harness, "Drawn: Anna");
    click(&mut harness, "Combat");
    harness.get_by_label("New combat in round 2, Anna's turn");
    // Bad input is refused naming the unit and its player.
    let destroyed = refusal(&harness, vec![side(0, 0, &[(1, 0)]), side(1, 0, &[(3, 0)])]);
    assert!(
        destroyed.contains("Orkboyz of Ben was destroyed in a close combat in round 1"),
        "{destroyed}"
    );
    let fleeing = refusal(&harness, vec![side(0, 0, &[(1, 0)]), side(2, 0, &[(5, 0)])]);
    assert!(
        fleeing.contains("Khorne-Berserker of Cem is fleeing"),
        "{fleeing}"
    );
    let too_many = refusal(&harness, vec![side(0, 0, &[(1, 7)]), side(1, 0, &[(4, 0)])]);
    assert!(
        too_many.contains("Taktischer Trupp of Anna has only 6 models left"),
        "{too_many}"
    );
    let not_in = refusal(
        &harness,
        vec![side(0, 0, &[(1, 0), (4, 0)]), side(2, 0, &[(6, 0)])],
    );
    assert!(
        not_in.contains("Grotz of Ben: Ben is not in this combat"),
        "{not_in}"
    );

    // The second combat: Anna's two units against Ben's Grotz and Cem's
    // Kultisten. The Trupp fights with the 6 models it has left.
    click(&mut harness, "Taktischer Trupp of Anna fights");
    click(&mut harness, "Sturmtrupp of Anna fights");
    click(&mut harness, "Ben takes part");
    click(&mut harness, "Cem takes part");
    click(&mut harness, "Grotz of Ben fights");
    click(&mut harness, "Kultisten of Cem fights");
    type_into(
        &mut harness,
        "Casualties of Taktischer Trupp of Anna (of 6 models left)",
        "1",
    );
    type_into(
        &mut harness,
        "Casualties of Sturmtrupp of Anna (of 5 models left)",
        "2",
    );
    type_into(
        &mut harness,
        "Casualties of Grotz of Ben (of 10 models left)",
        "3",
    );
    type_into(
        &mut harness,
        "Casualties of Kultisten of Cem (of 8 models left)",
        "1",
    );
    type_into(&mut harness, "Casualties caused by Anna", "4");
    type_into(&mut harness, "Casualties caused by Ben", "1");
    type_into(&mut harness, "Casualties caused by Cem", "2");
    harness.get_by_label(
        "Anna: result 4, 8 models in the fight (Taktischer Trupp (5), Sturmtrupp (3))",
    );
    click(&mut harness, "Start combat");
    // Grotz 7 against 8 (Ld 5 - 1) and Kultisten 7 against 8 (Ld 7 - 1)
    // both hold: the three stay locked.
    two_dice(&mut harness, "2", "1");
    two_dice(&mut harness, "3", "2");
    click(&mut harness, "Record the combat as fought");
    assert_eq!(models_left(&harness, 1), 5);
    let state = ffa(&game(&harness))
        .unit_state(Id(4))
        .expect("unit")
        .clone();
    assert_eq!(state.models_left, 7);
    assert_eq!(state.in_combat_with, [Id(1), Id(2), Id(6)]);

    // Ben's turn: the close combat with his Grotz is offered to be fought.
    click(&mut harness, "Rounds");
    click(&mut harness, "Drawn: Ben");
    click(&mut harness, "Combat");
    let offered = "Fight: Taktischer Trupp of Anna (5), Sturmtrupp of Anna (3), Grotz of Ben (7), Kultisten of Cem (7)";
    click(&mut harness, offered);
    harness.get_by_label("Casualties of Grotz of Ben (of 7 models left)");
    // Cem's turn: the Berserker rally and may fight again.
    click(&mut harness, "Rounds");
    click(&mut harness, "Drawn: Cem");
    click(&mut harness, "Combat");
    click(&mut harness, "Khorne-Berserker of Cem rallied");
    harness.get_by_label("Khorne-Berserker of Cem fights");

    // The record: each unit's history, each round's order and combats.
    let doc = game(&harness);
    if let Some(path) = std::env::var_os("FELDHERR_FFA_SAVE") {
        // For looking at the screens with this game (screenshots).
        document::save(std::path::Path::new(&path), &Document::Game(doc.clone())).expect("saved");
    }
    let lines = record_lines(ffa(&doc), &doc.name, &Texts::new("en"));
    for line in [
        "2 | 1. Anna  2. Ben  3. Cem | Round 2, Anna's turn (Anna / Ben / Cem)",
        "### Taktischer Trupp of Anna: 5 of 10 models, in the fight",
        "Round 1, Anna's turn: close combat against Ben, Cem: 10 models, lost 4, 6 left; won",
        "Round 2, Anna's turn: close combat against Ben, Cem: 6 models, lost 1, 5 left; won",
        "### Orkboyz of Ben: 0 of 5 models, destroyed in round 1 by Anna: caught by a sweeping advance",
        "Round 2, Cem's turn: rallied",
    ] {
        assert!(
            lines.iter().any(|l| l == line),
            "{line:?} missing from\n{}",
            lines.join("\n")
        );
    }
}

/// Issue #27: a new 40K game is named in the interface language at
/// creation, by the system's short default name ("Jeder gegen Jeden 1",
/// "Free-for-all 1"), never by the English full name.
#[test]
fn a_new_game_is_named_in_the_interface_language() {
    for (lang, name) in [("de", "Jeder gegen Jeden 1"), ("en", "Free-for-all 1")] {
        let mut options = feldherr::app::AppOptions::for_tests(Dice::scripted([]));
        options.settings.language = lang.into();
        let mut harness = common::harness_with(options);
        harness.state_mut().queue(Command::NewGame("wh40k_ffa"));
        harness.run();
        assert_eq!(game(&harness).name, name, "{lang}");
    }
}

/// Issue #27: "Cem" was written twice at his zone, once as the zone
/// piece's label and once by the deployment overlay. Of the example's
/// pieces and the overlay over them, no label text is emitted twice (in
/// English and German), and every zone piece is still named by its own
/// label, in its player's colour.
#[test]
fn no_label_is_written_twice_for_one_piece() {
    use feldherr::systems::wh40k::deployment::chosen_overlay;
    use feldherr::ui::table_canvas::OverlayItem;
    let doc = example();
    let table = doc.table_or_default();
    for lang in ["en", "de"] {
        let texts = Texts::new(lang);
        let (overlay, listed) = chosen_overlay(ffa(&doc), &texts, &table);
        assert_eq!(listed.len(), 3, "{listed:?}");
        let mut emitted: Vec<String> = table
            .pieces()
            .iter()
            .map(|p| overlay.piece_label(p))
            .collect();
        emitted.extend(overlay.items.iter().filter_map(|item| match item {
            OverlayItem::Label { text, .. } => Some(text.clone()),
            _ => item.text().map(str::to_owned),
        }));
        let mut seen = std::collections::BTreeSet::new();
        for text in &emitted {
            assert!(
                seen.insert(text),
                "{lang}: {text:?} is written twice in {emitted:?}"
            );
        }
        for name in ["Anna", "Ben", "Cem"] {
            let zone = table
                .pieces()
                .iter()
                .find(|p| p.name == name)
                .expect("zone piece");
            assert_eq!(overlay.piece_label(zone), name);
            assert!(
                overlay.owners.iter().any(|(id, _)| *id == zone.id),
                "{name}"
            );
        }
    }
}
