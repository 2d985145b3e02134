//! The start screen and the damage-table screen, driven headless with
//! egui_kittest.

mod common;

use common::{harness, type_into};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use feldherr::app::{FeldherrApp, Screen};
use feldherr_dice::Dice;

fn open_damage_table(harness: &mut Harness<'static, FeldherrApp>) {
    harness.get_by_label("Damage table").click();
    harness.run();
    assert_eq!(
        harness.state().screen(),
        Screen::Tool("confrontation", "damage_table")
    );
}

#[test]
fn start_screen_names_the_five_rule_sets_and_the_event() {
    let harness = harness(Dice::scripted([]));
    for name in [
        "WFB New Year event",
        "Warmaster Revolution \"Guardians\"",
        "Warheim",
        "Confrontation \"Fortification\"",
        "40K free-for-all (3-4 players)",
    ] {
        harness.get_by_label(name);
    }
}

#[test]
fn typed_dice_resolve_the_texts_example() {
    let mut harness = harness(Dice::scripted([]));
    open_damage_table(&mut harness);
    // The odds show before any die is rolled (STR 10 against RES 14).
    // Shown twice: beside the inputs and on the prompt.
    assert_eq!(harness.get_all_by_label("41.67 %").count(), 2);
    type_into(&mut harness, "Die 1", "3");
    type_into(&mut harness, "Die 2", "5");
    harness.get_by_label("Enter").click();
    harness.run();
    harness.get_by_label("Result: 1 SP lost (Struktur, damage 4)");
    harness.get_by_label("Damage = 3 + 5 + STR 10 - RES 14 = 4: row 1-5, 1 SP lost");
}

#[test]
fn a_seven_is_refused_and_nothing_changes() {
    let mut harness = harness(Dice::scripted([]));
    open_damage_table(&mut harness);
    type_into(&mut harness, "Die 1", "7");
    type_into(&mut harness, "Die 2", "2");
    harness.get_by_label("Enter").click();
    harness.run();
    harness.get_by_label("damage table: 7 is not a face of a D6 (allowed 1 to 6)");
    assert!(harness.query_by_label_contains("Result:").is_none());
    harness.get_by_label("Nothing resolved yet.");
}

#[test]
fn random_roll_then_undo_returns_to_the_prompt() {
    // Scripted "random" dice: a double 6 is a critical hit of 4 SP.
    let mut harness = harness(Dice::scripted([6, 6]));
    open_damage_table(&mut harness);
    harness.get_by_label("Roll at random").click();
    harness.run();
    harness.get_by_label("Result: 4 SP lost (critical hit, double 6)");
    harness.get_by_label("Take back").click();
    harness.run();
    assert!(harness.query_by_label_contains("Result:").is_none());
    harness.get_by_label("Roll 2D6 for: damage table");
}

#[test]
fn bad_strength_is_named() {
    let mut harness = harness(Dice::scripted([]));
    open_damage_table(&mut harness);
    type_into(&mut harness, "STR (attacker)", "x");
    harness.get_by_label("STR: \"10x\" is not a whole number");
}

#[test]
fn language_switch_to_german() {
    let mut harness = harness(Dice::scripted([]));
    harness
        .state_mut()
        .queue(feldherr::app::Command::SetLanguage("de".into()));
    harness.run();
    harness.get_by_label("Was wird gespielt?");
    harness.get_by_label("Schadenstabelle");
}

/// Issue #27: numbers follow the language: the same odds read "41,67 %"
/// in German and "41.67 %" in English.
#[test]
fn odds_are_written_in_the_interface_language() {
    let mut options = feldherr::app::AppOptions::for_tests(Dice::scripted([]));
    options.settings.language = "de".into();
    let mut harness = common::harness_with(options);
    harness
        .state_mut()
        .queue(feldherr::app::Command::Show(Screen::Tool(
            "confrontation",
            "damage_table",
        )));
    harness.run();
    assert_eq!(harness.get_all_by_label("41,67 %").count(), 2);
    assert!(harness.query_by_label("41.67 %").is_none());
}
