//! What the screens and sheets are told (issue 25, 8 and 9): terrain
//! pushed away piece by piece, why a slain general gave no victory
//! condition, successor generals and magic items, army list versions and
//! Regiments of Renown.

use feldherr_dice::step::Answer;
use feldherr_play::{Catalogue, Game, Id, Lang, step_messages};
use feldherr_table::geometry::Point;
use feldherr_warmaster::{
    GeneralRole, Player, PushReason, Scenario, Settings, SpecialRule, TerrainType, VpNote,
    WarmasterEdit as E, WarmasterGame, WarmasterRoll, import_army,
};

use super::battle::{GENERAL, HERO, ready, to_second_players_second_turn};
use super::{ok, roll, table};

fn catalogue(lang: Lang) -> Catalogue {
    let mut c = Catalogue::parse("step", step_messages(lang)).expect("step catalogue");
    c.extend(Catalogue::parse("warmaster", WarmasterGame::messages(lang)).expect("catalogue"));
    c
}

#[test]
fn pushing_terrain_away_says_which_piece_moved_how_far() {
    // Text line 88: impassable terrain at least 10 cm from every OM, moved
    // the shortest way.
    let mut g = WarmasterGame::new_game();
    let mut t = table();
    ok(&mut g, &mut t, E::SetScenario(Scenario::TakeAndHold));
    ok(&mut g, &mut t, E::PlaceLayout);
    ok(
        &mut g,
        &mut t,
        E::PlaceTerrain {
            player: None,
            terrain: TerrainType::Lake,
            at: Point::new(45.0, 75.5),
            shape: None,
            name: None,
        },
    );
    let pushes = g.terrain_pushes(&t).expect("planned");
    assert_eq!(pushes.len(), 1);
    let p = &pushes[0];
    assert_eq!(p.name, "Lake 1");
    assert!((p.distance_cm - 5.0).abs() < 1e-3, "{p:?}");
    assert!(
        matches!(&p.reason, PushReason::ImpassableNearMarker { label, .. } if label == "A west")
    );
    assert_eq!(
        catalogue(Lang::En).render(&p.message()).as_deref(),
        Some(
            "Lake 1 moved 5.0 cm away from objective A west: impassable terrain stays 10 cm away (W3)"
        )
    );
    assert_eq!(
        catalogue(Lang::De).render(&p.message()).as_deref(),
        Some(
            "Lake 1 um 5,0 cm von Objekt A west weggerückt: unpassierbares Gelände bleibt 10 cm entfernt (W3)"
        )
    );
    // The edit makes exactly the planned moves.
    ok(&mut g, &mut t, E::PushTerrainAway);
    let lake = t.piece(p.piece).expect("lake").center();
    assert!((lake.x - p.to.x).abs() < 1e-9 && (lake.y - p.to.y).abs() < 1e-9);
    assert!(g.terrain_pushes(&t).expect("planned").is_empty());
}

#[test]
fn the_incursion_roll_says_which_piece_left_the_marker() {
    let mut g = WarmasterGame::new_game();
    let mut t = table();
    ok(&mut g, &mut t, E::SetScenario(Scenario::Incursion));
    ok(&mut g, &mut t, E::PlaceLayout);
    for x in [30.0, 90.0, 150.0] {
        ok(
            &mut g,
            &mut t,
            E::PlaceTerrain {
                player: None,
                terrain: TerrainType::Wood,
                at: Point::new(x + 2.0, 60.0),
                shape: None,
                name: None,
            },
        );
    }
    let plan = g.marker_clearing(1, &t).expect("marker B");
    assert_eq!(plan.len(), 1);
    assert_eq!(plan[0].name, "Wood 2");
    assert_eq!(
        plan[0].reason,
        PushReason::IncursionMarker { marker: "B".into() }
    );
    roll(
        &mut g,
        &mut t,
        WarmasterRoll::IncursionTerrain {},
        &[Answer::Dice(vec![4])],
    );
    let wood = t.piece(plan[0].piece).expect("wood").center();
    assert!((wood.x - plan[0].to.x).abs() < 1e-9);
    assert!(g.marker_in_open_ground(&t));
}

#[test]
fn a_successor_general_is_marked_and_explained() {
    // Text line 142: the game goes on, so slaying the general is no
    // victory condition; the sheet says why and marks the successor.
    let (mut g, mut t) = ready(
        Scenario::Outflanked,
        Some(SpecialRule::LongLiveTheKing),
        Settings::default(),
    );
    to_second_players_second_turn(&mut g, &mut t);
    ok(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::B,
            unit: GENERAL,
            new_general: Some(HERO),
            now_ms: None,
        },
    );
    ok(&mut g, &mut t, E::EndGame { now_ms: None });
    let v = g.victory();
    assert!(g.conditions(Player::A).is_empty());
    assert_eq!(
        v.notes,
        vec![VpNote::SuccessorGeneral {
            player: Player::B,
            slain: "General".into(),
            successor: "Hero".into(),
            round: 2
        }]
    );
    let names = [g.players[0].name.clone(), g.players[1].name.clone()];
    assert_eq!(
        catalogue(Lang::En)
            .render(&v.notes[0].message(&names))
            .as_deref(),
        Some(
            "Bernd's general General was slain in turn 2 under Long live the King; Hero took over and the game went on, so it met no victory condition (W10)"
        )
    );
    let army = g.army_report(Player::B);
    let general = army.iter().find(|u| u.unit == GENERAL).expect("general");
    assert_eq!(general.general, Some(GeneralRole::General));
    assert!(general.destroyed);
    let hero = army.iter().find(|u| u.unit == HERO).expect("hero");
    assert_eq!(
        hero.general,
        Some(GeneralRole::Successor {
            round: 2,
            after: "General".into()
        })
    );
    assert!(army.iter().filter(|u| u.general.is_none()).count() == army.len() - 2);
}

#[test]
fn army_lists_record_their_version_items_and_regiments_of_renown() {
    // Text lines 11 and 15.
    let army = import_army(
        "army: Empire\nversion: 2.23.1\nGeneral, 1, 125, general, item=Sword of Might, item=Crown of Command\nHelblaster, 1, 100, machine, renown",
    )
    .expect("imports");
    assert_eq!(army.list_version.as_deref(), Some("2.23.1"));
    assert_eq!(
        army.list_version.as_deref(),
        Some(feldherr_warmaster::ARMIES_VERSION)
    );
    assert!(army.units[1].renown && !army.units[0].renown);
    let mut g = WarmasterGame::new_game();
    let mut t = table();
    ok(
        &mut g,
        &mut t,
        E::SetArmy {
            player: Player::A,
            army,
        },
    );
    let report = g.army_report(Player::A);
    assert_eq!(
        report[0].magic_items,
        vec!["Sword of Might".to_owned(), "Crown of Command".to_owned()]
    );
    assert!(report[1].renown);
    assert_eq!(report[0].unit, Id(1));
    // Saved and loaded with both.
    let json = serde_json::to_string(&g).expect("save");
    assert!(json.contains("\"list_version\":\"2.23.1\"") && json.contains("\"renown\":true"));
    let back: WarmasterGame = serde_json::from_str(&json).expect("load");
    assert_eq!(back, g);
    // A version line must say something.
    let err = import_army("version:  \nGeneral, 1, 100, general").expect_err("empty");
    assert!(err.to_string().starts_with("line 1"), "{err}");
}
