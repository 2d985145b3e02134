//! Shared helpers.

use feldherr_play::{Game, Id, PlayError};
use feldherr_table::Table;
use feldherr_wh40k_ffa::{FfaEdit, FreeForAll, Player, UnitProfile};

/// A unit profile that must be valid.
pub fn unit(id: u64, name: &str, models: u32, leadership: u8, initiative: u8) -> UnitProfile {
    UnitProfile::new(Id(id), name, models, leadership, initiative).expect("valid test unit")
}

/// Three or four players with two units each (ids 10 * seat + 1, + 2).
pub fn players(n: usize) -> Vec<Player> {
    ["Anna", "Ben", "Cem", "Dora", "Emil"]
        .iter()
        .take(n)
        .enumerate()
        .map(|(seat, name)| {
            let base = 10 * (seat as u64 + 1);
            Player::new(*name).with_army(vec![
                unit(base + 1, &format!("{name} Trupp 1"), 10, 8, 4),
                unit(base + 2, &format!("{name} Trupp 2"), 5, 7, 3),
            ])
        })
        .collect()
}

/// A game with `n` players set.
pub fn game(n: usize) -> (FreeForAll, Table) {
    let mut game = FreeForAll::new_game();
    let mut table = FreeForAll::default_table();
    game.apply(&FfaEdit::SetPlayers(players(n)), &mut table)
        .expect("three or four players");
    (game, table)
}

/// Applies `edit`, which must succeed.
pub fn ok(game: &mut FreeForAll, table: &mut Table, edit: FfaEdit) {
    if let Err(e) = game.apply(&edit, table) {
        panic!("{edit:?} refused: {e}");
    }
}

/// Applies `edit`, which must be refused; returns the error and checks
/// nothing changed.
pub fn refused(game: &mut FreeForAll, table: &mut Table, edit: FfaEdit) -> PlayError {
    let before = (game.clone(), table.clone());
    let err = game
        .apply(&edit, table)
        .expect_err("the edit should be refused");
    assert_eq!(
        (game.clone(), table.clone()),
        before,
        "a refused edit changed something"
    );
    err
}

/// The text of an error, for `contains` checks.
pub fn text(e: &PlayError) -> String {
    e.to_string()
}
