//! Players: three or four, each with an army.

use feldherr_play::{Game, Id, PlayError};
use feldherr_wh40k_ffa::{FfaEdit, FreeForAll, Player, UnitProfile};

use crate::common::{game, ok, players, refused, text, unit};

#[test]
fn three_and_four_players_are_accepted() {
    for n in [3, 4] {
        let (game, _) = game(n);
        assert_eq!(game.players().len(), n);
        assert_eq!(game.turn_order().map(|t| t.players), Some(n));
        let report = game.report().expect("players are reported");
        assert!(!report.finished, "the text names no winner");
        assert_eq!(report.sides.len(), n);
        assert!(report.sides.iter().all(|s| s.placing.is_none()));
    }
}

#[test]
fn two_and_five_players_are_refused_with_a_clear_message() {
    for n in [0, 1, 2, 5] {
        let mut g = FreeForAll::new_game();
        let mut table = FreeForAll::default_table();
        let err = refused(&mut g, &mut table, FfaEdit::SetPlayers(players(n)));
        assert!(matches!(err, PlayError::Refused { .. }), "{err:?}");
        assert!(
            text(&err).contains(&format!("three or four players, not {n}")),
            "{err}"
        );
    }
}

#[test]
fn bad_unit_values_name_the_field() {
    assert!(text(&UnitProfile::new(Id(1), "", 5, 7, 3).unwrap_err()).contains("unit.name"));
    assert!(text(&UnitProfile::new(Id(1), "X", 0, 7, 3).unwrap_err()).contains("unit.models: 0"));
    assert!(
        text(&UnitProfile::new(Id(1), "X", 5, 11, 3).unwrap_err()).contains("unit.leadership: 11")
    );
    assert!(
        text(&UnitProfile::new(Id(1), "X", 5, 7, 0).unwrap_err()).contains("unit.initiative: 0")
    );

    let (mut g, mut table) = game(3);
    let mut bad = unit(99, "Bad", 5, 7, 3);
    bad.leadership = 0;
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::SetArmy {
            seat: 1,
            units: vec![bad],
        },
    );
    assert!(
        text(&err).contains("players[1].army[0].leadership: 0"),
        "{err}"
    );
    // A unit id used in another army.
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::SetArmy {
            seat: 1,
            units: vec![unit(11, "Copy", 5, 7, 3)],
        },
    );
    assert!(text(&err).contains("another unit has this id"), "{err}");
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::SetArmy {
            seat: 3,
            units: vec![],
        },
    );
    assert!(text(&err).contains("seat: 4"), "{err}");
    ok(
        &mut g,
        &mut table,
        FfaEdit::SetArmy {
            seat: 1,
            units: vec![unit(99, "Neu", 5, 7, 3)],
        },
    );
    assert_eq!(g.players()[1].army.len(), 1);
}

#[test]
fn duplicate_or_empty_names_are_refused() {
    let mut g = FreeForAll::new_game();
    let mut table = FreeForAll::default_table();
    let twice = vec![Player::new("Anna"), Player::new("Anna"), Player::new("Cem")];
    assert!(
        text(&refused(&mut g, &mut table, FfaEdit::SetPlayers(twice))).contains("players[1].name")
    );
    let empty = vec![Player::new("Anna"), Player::new(" "), Player::new("Cem")];
    assert!(
        text(&refused(&mut g, &mut table, FfaEdit::SetPlayers(empty))).contains("players[1].name")
    );
}

#[test]
fn players_are_fixed_once_the_game_has_begun() {
    let (mut g, mut table) = game(3);
    ok(&mut g, &mut table, FfaEdit::StartRollOff);
    let err = refused(&mut g, &mut table, FfaEdit::SetPlayers(players(4)));
    assert!(text(&err).contains("fixed"), "{err}");
}
