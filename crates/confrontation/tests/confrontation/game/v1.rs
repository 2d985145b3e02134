//! The Confrontation parts of a version 1 app document read into a game.

use feldherr_confrontation::game::Phase;
use feldherr_confrontation::{ConfrontationGame, ConfrontationKind, ConfrontationOutcome};
use feldherr_play::Id;
use serde_json::{Value, json};

use super::support::{FELSSPALTER, PANZER, PANZERWAGEN, example_game};

const APP_FIXTURE: &str =
    include_str!("../../../../../fixtures/documents/v1/confrontation-game.json");

fn v1(doc: &Value) -> Result<ConfrontationGame, String> {
    ConfrontationGame::from_v1(&doc["machines"], &doc["figures"], &doc["resolutions"])
        .map_err(|e| e.to_string())
}

/// PC1: a game saved before sides, rounds and crew figures loads with two
/// sides "A" and "B" owning everything, in round 1's movement phase, each
/// machine's card crew as crew figures (Henn touching the Felsspalter, as
/// its old list said).
#[test]
fn the_app_example_migrates_as_pc1_says() {
    let doc: Value = serde_json::from_str(APP_FIXTURE).expect("json");
    let game = v1(&doc).expect("migrates");
    let example = example_game().game;
    let names: Vec<&str> = game.sides.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["A", "B"]);
    assert!(game.machines.iter().all(|m| m.side == Id(1)));
    assert!(game.figures.values().all(|f| f.side == Id(1)));
    assert_eq!((game.round.number, game.round.phase), (1, Phase::Movement));
    // The same machines and crew as the example (cards, ids, crew figures).
    let cards = |g: &ConfrontationGame| -> Vec<(Id, String)> {
        g.machines
            .iter()
            .map(|m| (m.id, m.name().to_owned()))
            .collect()
    };
    assert_eq!(cards(&game), cards(&example));
    let crew: Vec<(Id, &str, bool)> = game
        .crew
        .iter()
        .map(|c| (c.id, c.name(), c.in_contact))
        .collect();
    assert_eq!(crew.len(), 8);
    assert_eq!(crew[7], (Id(8), "Henn", true));
    assert!(crew[..7].iter().all(|c| !c.2));
    // Saved and loaded, it stays as it is.
    let text = serde_json::to_string(&game).expect("json");
    let back: ConfrontationGame = serde_json::from_str(&text).expect("loads");
    assert_eq!(back, game);
}

#[test]
fn v1_resolutions_keep_their_answers_and_applied_flags_with_machines_as_ids() {
    let mut doc: Value = serde_json::from_str(APP_FIXTURE).expect("json");
    doc["resolutions"] = json!([
        {"resolver": {"confrontation_damage": {
            "strength": 10, "resilience": 14, "machine": 2, "applied": true}},
         "answers": [{"dice": [3, 5]}]},
        {"resolver": {"confrontation_steam": {"machine": 1, "dice": 1}},
         "answers": [{"dice": [1]}, {"dice": [2]}]},
        {"resolver": {"confrontation_hits": {
            "cause": "passengers", "machine": 2, "strength": 14,
            "victims": [{"name": "Ogre", "res": 4, "kind": "figure"}]}},
         "answers": [{"dice": [1, 2]}]},
        {"resolver": {"confrontation_ramming": {
            "machine": 2, "x": 3, "impetus": {"distance": 23.0},
            "front": [{"name": "Panzer", "res": 14, "kind": {"machine": {"sp_left": 8, "resistent": false}}}],
            "refs": [{"piece": 6, "machine": 3}]}}}
    ]);
    let game = v1(&doc).expect("migrates");
    let r = &game.resolutions;
    assert_eq!(r.len(), 4);
    assert_eq!(r[0].id(), Id(1));
    assert!(r[0].applied());
    assert_eq!(r[0].kind().machine(), Some(PANZERWAGEN));
    assert!(matches!(r[0].outcome(), Some(ConfrontationOutcome::Damage(d)) if d.sp_lost == 1));
    assert_eq!(r[1].kind().machine(), Some(FELSSPALTER));
    assert!(r[1].finished() && !r[1].applied());
    let ConfrontationKind::Passengers(p) = r[2].kind() else {
        panic!("passengers, got {:?}", r[2].kind())
    };
    assert_eq!(
        (p.machine, p.vehicle_res, p.passengers.len()),
        (PANZERWAGEN, 14, 1)
    );
    assert!(r[2].finished());
    assert_eq!(r[3].kind().machines(), [PANZERWAGEN, PANZER]);
    // What does not fit is named: a repair at full SP (C10), a bad answer.
    let mut repair = doc.clone();
    repair["resolutions"] = json!([{"resolver": {"confrontation_repair": {
        "machine": 3, "x": 4, "start_sp": 8, "lost": 0}}}]);
    let err = v1(&repair).unwrap_err();
    assert!(
        err.contains("resolutions[0]") && err.contains("C10"),
        "{err}"
    );
    let mut answer = doc;
    answer["resolutions"] = json!([{"resolver": {"confrontation_damage": {
        "strength": 10, "resilience": 14}}, "answers": [{"dice": [9, 9]}]}]);
    assert!(v1(&answer).unwrap_err().contains("resolutions[0]"));
}

/// What an old file cannot give is said in German too (issue #27); the
/// English reason stays the reader's own (the host quotes it).
#[test]
fn v1_errors_read_in_german() {
    use feldherr_play::{Catalogue, Lang};
    let de = Catalogue::of_game::<ConfrontationGame>(Lang::De);
    let en = Catalogue::of_game::<ConfrontationGame>(Lang::En);
    let mut doc: Value = serde_json::from_str(APP_FIXTURE).expect("json");
    doc["resolutions"] = json!([{"answers": []}]);
    let e = ConfrontationGame::from_v1(&doc["machines"], &doc["figures"], &doc["resolutions"])
        .expect_err("no resolver");
    assert_eq!(
        de.error(&e),
        "eine Auflösung der alten Datei nennt keine Art"
    );
    assert_eq!(en.error(&e), "a resolution of the old file names no kind");
    assert!(e.to_string().ends_with("no resolver"), "{e}");
    doc["resolutions"] = json!([{"resolver": {"confrontation_damage": {"machine": "two"}}}]);
    let e = ConfrontationGame::from_v1(&doc["machines"], &doc["figures"], &doc["resolutions"])
        .expect_err("no index");
    assert_eq!(
        de.error(&e),
        "ein alter Verweis auf eine Maschine, \"two\", ist keine ganze Zahl"
    );
}
