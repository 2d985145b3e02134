//! Rosters: the fixtures load; bad rosters are refused naming fighter and
//! field.

use feldherr_play::{Game, Id};
use feldherr_warheim::{Discipline, ModelType, MoveType, Roster, Warheim, WarheimEdit};

use super::{fixture, game_of, roster};

/// Applies the case's change to its base fixture and checks that the
/// roster is refused with every expected fragment in the message, both by
/// `Roster::check` (or loading) and by the game's edit.
fn check(case: &serde_json::Value) {
    let name = case["case"].as_str().unwrap();
    let mut json = fixture(case["base"].as_str().unwrap());
    let pointer = case["pointer"].as_str().unwrap();
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    let slot = json.pointer_mut(parent).unwrap();
    match slot {
        serde_json::Value::Array(a) => a[key.parse::<usize>().unwrap()] = case["value"].clone(),
        serde_json::Value::Object(o) => {
            o.insert(key.to_owned(), case["value"].clone());
        }
        _ => panic!("{name}: bad pointer"),
    }
    let message = match serde_json::from_value::<Roster>(json) {
        Err(e) => e.to_string(),
        Ok(r) => {
            let direct = r.check().expect_err(name).to_string();
            let mut game = Warheim::new_game();
            let mut table = Warheim::default_table();
            let edit = game.apply(
                &WarheimEdit::SetRoster {
                    player: 0,
                    roster: r,
                },
                &mut table,
            );
            assert!(
                edit.is_err() && game.rosters.is_empty(),
                "{name}: the edit must refuse and change nothing"
            );
            direct
        }
    };
    for fragment in case["error"].as_array().unwrap() {
        let fragment = fragment.as_str().unwrap();
        assert!(
            message.contains(fragment),
            "{name}: {message:?} lacks {fragment:?}"
        );
    }
}

#[test]
fn bad_rosters_are_refused() {
    let cases = fixture("bad_rosters.json");
    let cases = cases.as_array().unwrap();
    assert!(cases.len() >= 20);
    for case in cases {
        check(case);
    }
}

#[test]
fn the_fixtures_of_the_example() {
    let hunter = roster("witch_hunter.json");
    hunter.check().unwrap();
    let f = &hunter.fighters[0];
    assert_eq!(
        (
            f.profile.ws,
            f.profile.ph,
            f.profile.movement,
            f.profile.speed
        ),
        (14, 12, MoveType::Foot, [4, 2])
    );
    assert!(f.is(ModelType::Hero));
    assert_eq!(f.weapons[0].name, "Sword");
    assert_eq!(f.weapons[0].attacks, 2);
    let orcs = roster("orcs.json");
    orcs.check().unwrap();
    for orc in &orcs.fighters {
        assert_eq!(
            (
                orc.profile.ws,
                orc.profile.ph,
                orc.profile.arm,
                orc.profile.t
            ),
            (12, 12, 1, 5)
        );
        assert_eq!(orc.weapons[0].band_modifier(0.5), Some(0));
        assert_eq!(orc.weapons[0].band_modifier(1.5), Some(-6));
        assert_eq!(orc.weapons[0].band_modifier(2.5), None);
        assert_eq!(orc.discipline, Discipline::Disciplined);
    }
}

#[test]
fn players_two_or_three_and_unique_ids() {
    let (mut game, mut table) = game_of(vec![roster("witch_hunter.json"), roster("orcs.json")]);
    // A third player is fine, a fourth is refused.
    let mut third = roster("orcs.json");
    for (i, f) in third.fighters.iter_mut().enumerate() {
        f.id = Id(30 + i as u64);
    }
    third.groups[0].members = vec![Id(30), Id(31)];
    third.commander = Some(Id(30));
    // Ids shared with another player are refused, naming the fighter.
    let e = game
        .apply(
            &WarheimEdit::SetRoster {
                player: 2,
                roster: roster("orcs.json"),
            },
            &mut table,
        )
        .unwrap_err();
    assert!(e.to_string().contains("Upper orc"), "{e}");
    game.apply(
        &WarheimEdit::SetRoster {
            player: 2,
            roster: third.clone(),
        },
        &mut table,
    )
    .unwrap();
    let mut fourth = third;
    for f in &mut fourth.fighters {
        f.id = Id(f.id.0 + 10);
    }
    fourth.groups[0].members = vec![Id(40), Id(41)];
    fourth.commander = Some(Id(40));
    assert!(
        game.apply(
            &WarheimEdit::SetRoster {
                player: 3,
                roster: fourth
            },
            &mut table
        )
        .is_err()
    );
    assert!(
        game.problems(&table).is_empty(),
        "{:?}",
        game.problems(&table)
    );
    // One player only is a problem.
    let (lonely, table) = game_of(vec![roster("orcs.json")]);
    assert_eq!(lonely.problems(&table)[0].rule.as_deref(), Some("H5"));
}

#[test]
fn the_table_is_36_by_36_inches() {
    let table = Warheim::default_table();
    let expected =
        feldherr_table::Table::new(36.0, 36.0, feldherr_table::geometry::Unit::Inch).unwrap();
    assert_eq!(table, expected);
    assert_ne!(table, feldherr_table::Table::six_by_four());
}
