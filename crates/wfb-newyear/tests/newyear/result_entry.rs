//! Results reported by the players (issue 30): the tables and fields the
//! event offers, and a reported result checked as a typed one.

use feldherr_play::{EventRules, ReportValues};
use feldherr_wfb_newyear::{BattleKind, Event, EventEdit, Pairing, Player};

fn event() -> Event {
    let mut event = Event::new("Neujahr");
    for (id, name) in [("a", "Anna"), ("b", "Bernd")] {
        event
            .apply(&EventEdit::AddPlayer(Player::new(id, name, "", "", true)))
            .expect("player");
    }
    for game in BattleKind::ALL {
        event
            .apply(&EventEdit::AddPairing {
                game,
                pairing: Pairing::new(3, "a", "b"),
            })
            .expect("pairing");
    }
    event
}

fn values(pairs: &[(&str, i64)]) -> ReportValues {
    pairs.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect()
}

#[test]
fn both_games_tables_are_offered_with_the_app_forms_fields() {
    let tables = EventRules::entry_tables(&event());
    let rounds: Vec<(&str, u32)> = tables.iter().map(|t| (t.round.as_str(), t.table)).collect();
    assert_eq!(rounds, [("raeuber_warhammer", 3), ("new_year_scenario", 3)]);
    let keys =
        |i: usize| -> Vec<&str> { tables[i].fields.iter().map(|f| f.key.as_str()).collect() };
    assert_eq!(
        keys(0),
        [
            "a.victory_points",
            "a.standards_captured",
            "b.victory_points",
            "b.standards_captured"
        ]
    );
    // Treasures only in the scenario, 0 to 3 (N3); VP up to the army size (PN1).
    assert!(keys(1).contains(&"b.treasures_recovered"));
    let treasures = &tables[1].fields[2];
    assert_eq!((treasures.min, treasures.max), (0, 3));
    assert_eq!(tables[0].fields[0].max, 1500);
    assert_eq!(tables[0].players[1].name, "Bernd");
}

#[test]
fn a_reported_result_gives_the_event_points_and_the_edit_that_records_it() {
    let mut event = event();
    // 1300 VP difference in Raeuber-Warhammer: the loser scores 10, the winner 5 (N1).
    let reported = values(&[
        ("a.victory_points", 1400),
        ("a.standards_captured", 0),
        ("b.victory_points", 100),
        ("b.standards_captured", 0),
    ]);
    let check = EventRules::check_report(&event, "raeuber_warhammer", 3, &reported).expect("valid");
    let points: Vec<i64> = check.points.iter().map(|(_, p)| *p).collect();
    assert_eq!(points, [5, 10]);
    EventRules::apply(&mut event, &check.edit).expect("records");
    let tables = EventRules::entry_tables(&event);
    assert_eq!(tables[0].entered.as_ref(), Some(&reported));
}

#[test]
fn a_reported_result_is_refused_as_a_typed_one_naming_the_field() {
    let event = event();
    let too_many = values(&[
        ("a.victory_points", 10),
        ("a.standards_captured", 0),
        ("a.treasures_recovered", 2),
        ("b.victory_points", 10),
        ("b.standards_captured", 0),
        ("b.treasures_recovered", 2),
    ]);
    // Four treasures of three (N3): the event's own refusal.
    let err = EventRules::check_report(&event, "new_year_scenario", 3, &too_many).unwrap_err();
    assert!(err.to_string().contains("treasure"), "{err}");
    let negative = values(&[
        ("a.victory_points", -1),
        ("a.standards_captured", 0),
        ("b.victory_points", 10),
        ("b.standards_captured", 0),
    ]);
    let err = EventRules::check_report(&event, "raeuber_warhammer", 3, &negative).unwrap_err();
    assert!(err.to_string().contains("a.victory_points"), "{err}");
    assert!(EventRules::check_report(&event, "sled_race", 3, &negative).is_err());
    assert!(EventRules::check_report(&event, "raeuber_warhammer", 4, &negative).is_err());
}
