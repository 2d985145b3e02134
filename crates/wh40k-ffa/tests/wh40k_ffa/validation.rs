//! Impossible saved states are refused (issue #28): each with the path of
//! the field and the rule, one regression test per item.

use feldherr_play::{Catalogue, Game, Lang};
use feldherr_wh40k_ffa::FreeForAll;
use serde_json::{Value, json};

const PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../fixtures/wh40k-ffa/example_game.json"
);

fn example() -> Value {
    serde_json::from_str(&std::fs::read_to_string(PATH).expect("fixture")).expect("json")
}

/// The problems of a saved game (zone pieces aside: the bare default
/// table has none), or the load error as a problem at its path. Every
/// problem carries its catalogue message, which reads in English as its
/// sentence and renders in German as German (issue #27).
fn problems_of(json: Value) -> Vec<(String, Option<String>, String)> {
    let game: FreeForAll = match serde_json::from_value(json) {
        Ok(g) => g,
        Err(e) => return vec![("load".into(), None, e.to_string())],
    };
    let en = Catalogue::of_game::<FreeForAll>(Lang::En);
    let de = Catalogue::of_game::<FreeForAll>(Lang::De);
    let problems = game.problems(&FreeForAll::default_table());
    for p in &problems {
        let said = p.said().unwrap_or_else(|| panic!("no message: {p}"));
        assert_eq!(en.render(said).as_deref(), Some(p.message.as_str()), "{p}");
        let german = de.render(said).unwrap_or_else(|| panic!("no German: {p}"));
        assert_ne!(german, p.message, "{p}");
        assert!(!german.contains('#') && !german.contains('['), "{german}");
    }
    problems
        .into_iter()
        .filter(|p| !p.path.ends_with(".piece"))
        .map(|p| (p.path, p.rule, p.message))
        .collect()
}

/// Applies `change` to the example and expects a problem at `path` under
/// `rule` whose message contains `words`.
fn check(change: impl FnOnce(&mut Value), path: &str, rule: Option<&str>, words: &str) {
    let mut json = example();
    change(&mut json);
    let found = problems_of(json);
    assert!(
        found
            .iter()
            .any(|(p, r, m)| p == path && r.as_deref() == rule && m.contains(words)),
        "expected {path} ({rule:?}) \"{words}\" among {found:#?}"
    );
}

#[test]
fn the_example_is_sound() {
    assert_eq!(problems_of(example()), []);
}

#[test]
fn a_bag_holding_one_players_die_twice() {
    check(
        |j| {
            let first = j["resolutions"][1]["resolver"]["draw"]["bag"][0].clone();
            j["resolutions"][1]["resolver"]["draw"]["bag"][1] = first;
        },
        "resolutions[1].resolver.draw.bag[1].seat",
        Some("F2"),
        "the bag holds Anna's die twice",
    );
}

#[test]
fn two_resolutions_with_one_id() {
    check(
        |j| j["resolutions"][1]["id"] = json!(1),
        "resolutions[1].id",
        None,
        "the draw for round 1 has the same id as the roll-off",
    );
}

#[test]
fn five_hundred_models_lost_from_a_ten_model_unit() {
    check(
        |j| j["resolutions"][2]["resolver"]["combat"]["sides"][0]["units"][0]["lost"] = json!(500),
        "resolutions[2].resolver.combat.sides[0].units[0].lost",
        Some("F3"),
        "Ben Trupp 1 of Ben has 10 models; 500 lost and 8 left is more",
    );
    check(
        |j| j["units"][2]["models_left"] = json!(500),
        "units[2].models_left",
        Some("F3"),
        "Ben Trupp 1 of Ben has 10 models, not 500",
    );
}

#[test]
fn a_unit_state_contradicting_its_history() {
    // Anna's first unit fled with 6 models; saved as 10, active.
    check(
        |j| {
            j["units"][0]["models_left"] = json!(10);
            j["units"][0]["status"] = json!("active");
        },
        "units[0]",
        Some("F3"),
        "Anna Trupp 1 of Anna: saved as 10 models, active, but its history gives 6 models, fleeing since round 2",
    );
    // Cem's unit was caught by the sweeping advance: saved alive.
    check(
        |j| j["units"][4]["status"] = json!("active"),
        "units[4]",
        Some("F3"),
        "Cem Trupp 1 of Cem: saved as 0 models, active",
    );
    // A record entry whose combat is not applied.
    check(
        |j| j["resolutions"][2]["applied"] = json!(false),
        "record[0]",
        Some("F3"),
        "no applied, finished combat has this id",
    );
    // A lock with a unit of the same player.
    check(
        |j| j["units"][2]["in_combat_with"] = json!([22]),
        "units[2].in_combat_with[0]",
        Some("F3"),
        "Ben Trupp 1 of Ben cannot be locked in combat with Ben Trupp 2 of Ben",
    );
}

#[test]
fn events_in_turns_that_were_not_played() {
    check(
        |j| j["record"][0]["round"] = json!(7),
        "record[0].round",
        Some("F2"),
        "round 7, Ben's turn was not played",
    );
}
