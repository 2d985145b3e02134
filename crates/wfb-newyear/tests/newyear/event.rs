//! The example event `fixtures/wfb-newyear/event.json` (N7) and bad event
//! input.
//!
//! Hand computation of the fixture.
//!
//! Raeuber-Warhammer (N1; +100 VP for more standards, N2):
//!
//! | table | A        | VP (std)       | B      | VP (std)      | diff | band     | A pts | B pts |
//! |-------|----------|----------------|--------|---------------|------|----------|-------|-------|
//! | 1     | jonas    | 1250+100 (1)   | lena   | 700 (0)       | 650  | 600-899  | 3     | 6     |
//! | 2     | matthias | 820 (2)        | sabine | 400 (2)       | 420  | 400-599  | 2     | 4     |
//! | 3     | uwe      | 650 (0)        | katrin | 1500+100 (1)  | 950  | 900-1299 | 8     | 4     |
//! | 4     | dieter   | 610+100 (1)    | petra  | 450 (0)       | 260  | 0-399    | 0     | 0     |
//!
//! Table 3 lies in 900-998, the range the rule text leaves uncovered (N1).
//!
//! New Year scenario (N3; +2 per treasure):
//!
//! | table | A        | VP (std, tr)   | B      | VP (std, tr)       | diff | band     | A pts  | B pts  |
//! |-------|----------|----------------|--------|--------------------|------|----------|--------|--------|
//! | 1     | jonas    | 1400 (0, 1)    | sabine | 300+100 (1, 1)     | 1000 | 800-1199 | 5+2=7  | 1+2=3  |
//! | 2     | lena     | 950+100 (1, 2) | uwe    | 1000 (0, 0)        | 50   | 0-399    | 3+4=7  | 3      |
//! | 3     | matthias | 500 (0, 1)     | dieter | 1200+100 (1, 0)    | 800  | 800-1199 | 1+2=3  | 5      |
//! | 4     | katrin   | 700 (0, 2)     | petra  | 1200 (0, 0)        | 500  | 400-799  | 2+4=6  | 4      |
//!
//! Sled race (N6): uwe, lena, petra, dieter, matthias all in round 6 ->
//! 10, 8, 7, 6, 6; sabine round 7 (+1) -> 5; jonas did not finish -> 0;
//! katrin has no character on foot (Bretonnia), did not start -> 0.
//! Placings 1-6; jonas and katrin share 7.
//!
//! | player   | RW | NY | sled | total | VP diff            | treasures | placing |
//! |----------|----|----|------|-------|--------------------|-----------|---------|
//! | lena     | 6  | 7  | 8    | 21    | -650 + 50 = -600   | 2         | 2       |
//! | uwe      | 8  | 3  | 10   | 21    | -950 - 50 = -1000  | 0         | 1       |
//! | sabine   | 4  | 3  | 5    | 12    | -420 - 1000 = -1420| 1         | 6       |
//! | petra    | 0  | 4  | 7    | 11    | -260 + 500 = 240   | 0         | 3       |
//! | dieter   | 0  | 5  | 6    | 11    | 260 + 800 = 1060   | 0         | 4       |
//! | matthias | 2  | 3  | 6    | 11    | 420 - 800 = -380   | 1         | 5       |
//! | jonas    | 3  | 7  | 0    | 10    | 650 + 1000 = 1650  | 1         | 7       |
//! | katrin   | 4  | 6  | 0    | 10    | 950 - 500 = 450    | 2         | 7       |
//!
//! Without tie-breakers (N7 default): 1 lena, 1 uwe; 3 sabine; 4 petra,
//! 4 dieter, 4 matthias; 7 jonas, 7 katrin (input order within a shared
//! place).
//!
//! Saved order treasures, VP difference, sled placing: lena (2 treasures)
//! before uwe (0); sabine 3rd; of the 11s matthias (1 treasure) 4th, then
//! dieter and petra (0 each) by VP difference 1060 > 240: 5th, 6th; katrin
//! (2 treasures) 7th before jonas (1) 8th.
//!
//! Sled placing alone: uwe (1) before lena (2); petra 3 < dieter 4 <
//! matthias 5; jonas and katrin both placed 7: still shared.
//!
//! VP difference alone: lena -600 > uwe -1000; dieter 1060 > petra 240 >
//! matthias -380; jonas 1650 > katrin 450.

use feldherr_wfb_newyear::{
    Event, EventTieBreaker, Finisher, NewYearError, Pairing, Player, SideResult,
};

use super::{Input, check, fixture};

pub(crate) fn event() -> Event {
    Event::from_json(&fixture("event.json")).unwrap_or_else(|e| panic!("event.json: {e}"))
}

/// Player, Raeuber-Warhammer, New Year scenario, sled race, total, VP
/// difference, treasures, sled placing.
type PointsRow<'a> = (&'a str, u32, u32, u32, u32, i64, u32, Option<usize>);

fn standings(event: Event, tie_breakers: Option<Vec<EventTieBreaker>>) -> Input {
    Input::Standings {
        event: Box::new(event),
        tie_breakers,
    }
}

#[test]
fn fixture_points_per_player_and_game() {
    let points = event().player_points().unwrap();
    let got: Vec<PointsRow<'_>> = points
        .iter()
        .map(|p| {
            (
                p.player.as_str(),
                p.raeuber_warhammer,
                p.new_year_scenario,
                p.sled_race,
                p.total(),
                p.vp_difference,
                p.treasures_recovered,
                p.sled_placing,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("jonas", 3, 7, 0, 10, 1650, 1, Some(7)),
            ("lena", 6, 7, 8, 21, -600, 2, Some(2)),
            ("matthias", 2, 3, 6, 11, -380, 1, Some(5)),
            ("sabine", 4, 3, 5, 12, -1420, 1, Some(6)),
            ("uwe", 8, 3, 10, 21, -1000, 0, Some(1)),
            ("katrin", 4, 6, 0, 10, 450, 2, Some(7)),
            ("dieter", 0, 5, 6, 11, 1060, 0, Some(4)),
            ("petra", 0, 4, 7, 11, 240, 0, Some(3)),
        ]
    );
    // VP differences of a closed event sum to zero.
    assert_eq!(points.iter().map(|p| p.vp_difference).sum::<i64>(), 0);
}

#[test]
fn fixture_players_and_defaults() {
    let event = event();
    // Saved as version 1, migrated on load (nothing to convert).
    assert_eq!(event.schema_version, 3);
    assert_eq!(event.players.len(), 8);
    // Petra's army points are left out of the JSON: 1500 by default (N7).
    assert!(event.players.iter().all(|p| p.army_points == 1500));
    let armies: std::collections::BTreeSet<&str> =
        event.players.iter().map(|p| p.army.as_str()).collect();
    assert_eq!(armies.len(), 8);
}

#[test]
fn fixture_standings() {
    let cases = [
        // N7 default: equal totals share the place.
        (
            Some(vec![]),
            "1 lena (shared); 1 uwe (shared); 3 sabine (total); \
             4 matthias (shared); 4 dieter (shared); 4 petra (shared); \
             7 jonas (shared); 7 katrin (shared)",
        ),
        // The order saved with the event.
        (
            None,
            "1 lena (treasures_recovered); 2 uwe (treasures_recovered); 3 sabine (total); \
             4 matthias (treasures_recovered); 5 dieter (vp_difference); 6 petra (vp_difference); \
             7 katrin (treasures_recovered); 8 jonas (treasures_recovered)",
        ),
        (
            Some(vec![EventTieBreaker::SledPlacing]),
            "1 uwe (sled_placing); 2 lena (sled_placing); 3 sabine (total); \
             4 petra (sled_placing); 5 dieter (sled_placing); 6 matthias (sled_placing); \
             7 jonas (shared); 7 katrin (shared)",
        ),
        (
            Some(vec![EventTieBreaker::VpDifference]),
            "1 lena (vp_difference); 2 uwe (vp_difference); 3 sabine (total); \
             4 dieter (vp_difference); 5 petra (vp_difference); 6 matthias (vp_difference); \
             7 jonas (vp_difference); 8 katrin (vp_difference)",
        ),
        (
            Some(vec![EventTieBreaker::TreasuresRecovered]),
            "1 lena (treasures_recovered); 2 uwe (treasures_recovered); 3 sabine (total); \
             4 matthias (treasures_recovered); 5 dieter (shared); 5 petra (shared); \
             7 katrin (treasures_recovered); 8 jonas (treasures_recovered)",
        ),
    ];
    for (tie_breakers, expected) in cases {
        check(&standings(event(), tie_breakers), expected);
    }
}

#[test]
fn fixture_standings_text() {
    let event = event();
    insta::assert_snapshot!("saved_tie_breakers", event.standings().unwrap().to_string());
    insta::assert_snapshot!(
        "no_tie_breakers",
        event.standings_with(&[]).unwrap().to_string()
    );
}

#[test]
fn fixture_round_trips_through_json() {
    let event = event();
    let json = event.to_json().unwrap();
    assert_eq!(Event::from_json(&json).unwrap(), event);
}

#[test]
fn event_built_in_code() {
    let mut event = Event::new("Kleines Neujahr");
    event.players = vec![
        Player::new("a", "Anna Berger", "Club", "Dwarfs", true),
        Player::new("b", "Bernd Krause", "Club", "Skaven", false),
    ];
    event.raeuber_warhammer.pairings = vec![
        Pairing::new(1, "a", "b").with_result(SideResult::new(500, 0), SideResult::new(1000, 0)),
    ];
    // The scenario is still being played: no result, no points yet.
    event.new_year_scenario.pairings = vec![Pairing::new(1, "b", "a")];
    // Bernd has no character on foot: not listed, he did not start (N6).
    event.sled_race = Some(feldherr_wfb_newyear::SledRace {
        finishers: vec![Finisher::new("a", 9)],
        ..Default::default()
    });
    // Anna lost by 500: 4 (N1), and won the race: 10.
    check(&standings(event.clone(), None), "1 a (total); 2 b (total)");
    let points = event.player_points().unwrap();
    assert_eq!(points[0].total(), 14);
    assert_eq!(points[1].total(), 2);
    let sled = event.sled_scores().unwrap().unwrap();
    assert_eq!(sled[1].to_string(), "b: did not start, 0 points");
    assert_eq!(sled[1].placing, 2);
}

/// Applies `change` to the fixture and expects the standings to fail with
/// `message`.
fn check_bad(change: impl FnOnce(&mut Event), message: &str) {
    let mut event = event();
    change(&mut event);
    check(&standings(event, None), &format!("error: {message}"));
}

#[test]
fn bad_events() {
    check_bad(
        |e| e.raeuber_warhammer.pairings[1].player_b = "sabina".into(),
        "Raeuber-Warhammer, table 2, player_b: refers to a player who is not registered (saved \
         as \"sabina\")",
    );
    check_bad(
        |e| e.new_year_scenario.pairings[3].player_a = "jonas".into(),
        "New Year scenario: player \"Jonas Albrecht\" is paired twice, at table 1 and at table 4",
    );
    check_bad(
        |e| e.raeuber_warhammer.pairings[0].player_b = "jonas".into(),
        "Raeuber-Warhammer, table 1: player \"Jonas Albrecht\" is paired against himself",
    );
    check_bad(
        |e| e.new_year_scenario.pairings[2].table = 1,
        "New Year scenario: table 1 has two pairings",
    );
    check_bad(
        |e| {
            if let Some(r) = &mut e.raeuber_warhammer.pairings[2].result {
                r.b.victory_points = -50;
            }
        },
        "Raeuber-Warhammer, table 3: b.victory_points: -50 is not allowed (a whole number, 0 or more)",
    );
    check_bad(
        |e| {
            if let Some(r) = &mut e.new_year_scenario.pairings[1].result {
                r.b.treasures_recovered = 2;
            }
        },
        "New Year scenario, table 2: treasures_recovered: A 2 + B 2 = 4, but there are 3 \
         treasures and each can be recovered only once (N3)",
    );
    check_bad(
        |e| {
            if let Some(race) = &mut e.sled_race {
                race.finishers[5].round = 5;
            }
        },
        "sled race: finisher 6 \"Sabine Vogt\" in round 5 comes after \"Matthias Köhler\" in \
         round 6; rounds must not decrease along the finish order",
    );
    check_bad(
        |e| {
            if let Some(race) = &mut e.sled_race {
                race.did_not_finish.push("uwe".into());
            }
        },
        "sled race: player \"Uwe Hartmann\" appears twice in the result",
    );
    check_bad(
        |e| {
            if let Some(race) = &mut e.sled_race {
                race.did_not_start.push("hans".into());
            }
        },
        "sled race: refers to a player who is not registered (saved as \"hans\")",
    );
    check_bad(
        |e| {
            if let Some(race) = &mut e.sled_race {
                race.did_not_start.clear();
                race.did_not_finish.push("katrin".into());
            }
        },
        "sled race: player \"Katrin Lehmann\" has no character on foot, so he does not start (N6); \
         list him under did_not_start",
    );
    check_bad(
        |e| {
            if let Some(race) = &mut e.sled_race {
                race.did_not_finish.clear();
            }
        },
        "sled race: player \"Jonas Albrecht\" is missing from the result; list him as finisher, under \
         did_not_finish or under did_not_start",
    );
    check_bad(
        |e| e.players[7].id = "jonas".into(),
        "players: Petra Neumann has the same internal id as Jonas Albrecht",
    );
    check_bad(
        |e| e.tie_breakers = vec![EventTieBreaker::SledPlacing, EventTieBreaker::SledPlacing],
        "tie_breakers: sled placing is chosen twice (N7)",
    );
    check_bad(
        |e| e.schema_version = 4,
        "schema_version: 4 is not supported (this version reads 1 to 3)",
    );
}

#[test]
fn bad_event_json() {
    let json = fixture("event.json");
    let future = json.replacen("\"schema_version\": 1", "\"schema_version\": 4", 1);
    assert_eq!(
        Event::from_json(&future),
        Err(NewYearError::UnsupportedSchemaVersion { found: 4 })
    );
    let negative = json.replacen("\"victory_points\": 700,", "\"victory_points\": -700,", 1);
    assert_eq!(
        Event::from_json(&negative).unwrap_err().to_string(),
        "Raeuber-Warhammer, table 1: b.victory_points: -700 is not allowed (a whole number, 0 or more)"
    );
    let broken = Event::from_json("{\"schema_version\": 1, \"name\": 3}").unwrap_err();
    assert!(
        broken
            .to_string()
            .starts_with("event JSON: name: invalid type: integer `3`, expected a string"),
        "{broken}"
    );
    let missing = Event::from_json("{}").unwrap_err();
    assert_eq!(
        missing.to_string(),
        "event JSON: missing field `schema_version` at line 1 column 2"
    );
}

/// Issue 16: an unknown key is an error naming the key and its path, not
/// silently ignored (a typo in `sled_race` used to give everybody 0).
#[test]
fn unknown_keys_are_refused_with_their_path() {
    let json = fixture("event.json");
    for (from, to, expected) in [
        (
            "\"sled_race\"",
            "\"sled_rase\"",
            "event JSON: sled_rase: unknown field `sled_rase`, expected one of",
        ),
        (
            "\"character_on_foot\": false",
            "\"character_on_foot\": false, \"dropout\": true",
            "event JSON: players[5].dropout: unknown field `dropout`",
        ),
        (
            "\"standards_captured\": 1 },",
            "\"standards_captured\": 1, \"vp\": 3 },",
            "event JSON: raeuber_warhammer.pairings[0].result.a.vp: unknown field `vp`",
        ),
    ] {
        let changed = json.replacen(from, to, 1);
        assert_ne!(changed, json, "{from}");
        let err = Event::from_json(&changed).unwrap_err().to_string();
        assert!(err.starts_with(expected), "{err}");
    }
}

/// Issue 16: text fields are bounded (200 characters) and names may not be
/// empty; every problem names its field.
#[test]
fn text_limits_and_empty_names() {
    let mut e = event();
    e.players[2].club = "x".repeat(70_000);
    assert_eq!(
        e.validate().unwrap_err().to_string(),
        "players[2].club: 70000 characters are more than the 200 allowed"
    );
    let mut e = event();
    e.players[1].army = "ä".repeat(200);
    assert_eq!(e.validate(), Ok(()));
    e.players[1].name = "  ".into();
    assert_eq!(
        e.validate().unwrap_err().to_string(),
        "players[1].name: must not be empty"
    );
    let mut e = event();
    e.name = String::new();
    assert_eq!(
        e.validate().unwrap_err().to_string(),
        "name: must not be empty"
    );
    let json = fixture("event.json").replacen(
        "\"name\": \"WFB-Neujahrs-Event 2025\"",
        &format!("\"name\": \"{}\"", "N".repeat(201)),
        1,
    );
    assert_eq!(
        Event::from_json(&json).unwrap_err().to_string(),
        "name: 201 characters are more than the 200 allowed"
    );
    // Every issue, with paths.
    let mut e = event();
    e.players[0].name = String::new();
    e.tie_breakers.push(EventTieBreaker::VpDifference);
    let paths: Vec<String> = e.issues().into_iter().map(|i| i.path).collect();
    assert_eq!(paths, ["players[0].name", "tie_breakers[3]"]);
}

/// A version 1 file reads and is written back as version 3 with the same
/// content; the format is otherwise unchanged (new keys appear only when
/// used).
#[test]
fn version_1_migrates_to_version_3() {
    let event = Event::from_json(&fixture("event.json")).unwrap();
    let saved = event.to_json().unwrap();
    assert!(saved.contains("\"schema_version\": 3"));
    for new_key in [
        "dropped",
        "byes",
        "bye_points",
        "seed",
        "\"table\": {",
        "army_size",
        "sled_source",
        "drawn_from",
    ] {
        assert!(!saved.contains(new_key), "{new_key}");
    }
    assert_eq!(Event::from_json(&saved).unwrap(), event);
}

/// The app's schema 1 event document (kept in fixtures/documents/v1) embeds a version 1 event under
/// `new_year`; it reads with unknown keys refused, and migrates.
#[test]
fn the_app_documents_event_reads() {
    let path = format!(
        "{}/../../fixtures/documents/v1/newyear-event.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("document");
    let document: serde_json::Value = serde_json::from_str(&text).expect("json");
    let inner = document.get("new_year").expect("new_year").to_string();
    let event = Event::from_json(&inner).expect("the embedded event loads");
    assert_eq!(event.schema_version, 3);
    assert_eq!(event.players.len(), 8);
}

/// Issue 16: a huge unknown reference is not echoed whole.
#[test]
fn a_huge_unknown_reference_is_shortened() {
    let mut e = event();
    e.raeuber_warhammer.pairings[0].player_b = "x".repeat(70_000);
    let message = e.validate().unwrap_err().to_string();
    assert!(message.len() < 200, "{}", message.len());
    assert!(
        message.ends_with(&format!("(saved as \"{}…\")", "x".repeat(40))),
        "{message}"
    );
}
