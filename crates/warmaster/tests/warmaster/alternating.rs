//! W1: the alternating terrain placement, through the game.

use feldherr_dice::step::Answer;
use feldherr_play::Game;
use feldherr_table::geometry::Point;
use feldherr_warmaster::{
    AlternatingTerrain, Player, TerrainStep, TerrainType, WarmasterEdit as E, WarmasterGame,
    WarmasterRoll, cheat_sheet,
};

use super::{ok, refused, roll, table};

/// Twelve spots at least 12 cm apart and 10 cm from the edges for woods
/// (radius 10): a grid 40 cm apart.
fn spot(i: usize) -> Point {
    let col = (i % 4) as f64;
    let row = (i / 4) as f64;
    Point::new(25.0 + col * 42.0, 22.0 + row * 38.0)
}

const TYPES: [TerrainType; 2] = [TerrainType::Wood, TerrainType::BrokenGround];

fn place(
    game: &mut WarmasterGame,
    t: &mut feldherr_table::Table,
    player: Player,
    i: usize,
    k: usize,
) {
    ok(
        game,
        t,
        E::PlaceTerrain {
            player: Some(player),
            terrain: TYPES[k % 2],
            at: spot(i),
            shape: None,
            name: None,
        },
    );
}

#[test]
fn w1_roll_off_re_rolls_ties_and_the_winner_places_one_then_two() {
    let mut game = WarmasterGame::new_game();
    let mut t = table();
    // A tie (3, 3) is rolled again; then B wins 2 to 5.
    roll(
        &mut game,
        &mut t,
        WarmasterRoll::terrain_roll_off(),
        &[Answer::Dice(vec![3, 3]), Answer::Dice(vec![2, 5])],
    );
    let log: Vec<String> = game.resolutions[0]
        .resolution()
        .log()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        log.iter().any(|l| l == "[W1] both rolled 3: roll again"),
        "{log:?}"
    );
    assert!(
        log.iter()
            .any(|l| l == "[W1] Player B wins the roll-off, 2 to 5"),
        "{log:?}"
    );
    let alt = game.alternating.clone().expect("placement begun");
    assert_eq!(alt.first, Player::B);
    assert_eq!(
        alt.step(),
        TerrainStep::Place {
            player: Player::B,
            pieces_left: 1,
            must_differ_from: vec![],
            may_pass: false
        }
    );
    place(&mut game, &mut t, Player::B, 0, 0);
    // Now A places two pieces of different types.
    let msg = refused(
        &mut game,
        &mut t,
        E::PlaceTerrain {
            player: Some(Player::B),
            terrain: TerrainType::Hill,
            at: spot(1),
            shape: None,
            name: None,
        },
    );
    assert!(msg.contains("Player A's turn"), "{msg}");
    place(&mut game, &mut t, Player::A, 1, 0);
    let msg = refused(
        &mut game,
        &mut t,
        E::PlaceTerrain {
            player: Some(Player::A),
            terrain: TerrainType::Wood,
            at: spot(2),
            shape: None,
            name: None,
        },
    );
    assert!(msg.contains("different types"), "{msg}");
    place(&mut game, &mut t, Player::A, 2, 1);
    assert_eq!(
        game.alternating.as_ref().map(AlternatingTerrain::step),
        Some(TerrainStep::Place {
            player: Player::B,
            pieces_left: 1,
            must_differ_from: vec![],
            may_pass: false
        })
    );
}

#[test]
fn w1_every_placement_is_checked_with_an_explanation() {
    let mut game = WarmasterGame::new_game();
    let mut t = table();
    roll(
        &mut game,
        &mut t,
        WarmasterRoll::terrain_roll_off(),
        &[Answer::Dice(vec![6, 1])],
    );
    let msg = refused(
        &mut game,
        &mut t,
        E::PlaceTerrain {
            player: Some(Player::A),
            terrain: TerrainType::Wood,
            at: Point::new(19.0, 60.0),
            shape: None,
            name: Some("Dark wood".into()),
        },
    );
    assert_eq!(
        msg,
        "\"Dark wood\" is 9 cm from the left table edge; at least 10 cm is required (W1)"
    );
}

#[test]
fn w1_pass_refused_before_10_pieces_and_accepted_at_10_then_one_last_piece() {
    let mut game = WarmasterGame::new_game();
    let mut t = table();
    roll(
        &mut game,
        &mut t,
        WarmasterRoll::terrain_roll_off(),
        &[Answer::Dice(vec![4, 1])],
    );
    // A places 1, B 2, A 1, B 2, A 1, B 2: 9 pieces; A is next.
    let mut i = 0;
    for _ in 0..3 {
        place(&mut game, &mut t, Player::A, i, 0);
        i += 1;
        place(&mut game, &mut t, Player::B, i, 0);
        i += 1;
        place(&mut game, &mut t, Player::B, i, 1);
        i += 1;
    }
    assert_eq!(i, 9);
    let msg = refused(&mut game, &mut t, E::PassTerrain { player: Player::A });
    assert!(msg.contains("only 9 pieces stand"), "{msg}");
    place(&mut game, &mut t, Player::A, 9, 0);
    // 10 pieces: B may pass now.
    match game.alternating.as_ref().map(AlternatingTerrain::step) {
        Some(TerrainStep::Place {
            player, may_pass, ..
        }) => {
            assert_eq!(player, Player::B);
            assert!(may_pass);
        }
        other => panic!("{other:?}"),
    }
    ok(&mut game, &mut t, E::PassTerrain { player: Player::B });
    assert_eq!(
        game.alternating.as_ref().map(AlternatingTerrain::step),
        Some(TerrainStep::LastPiece { player: Player::A })
    );
    // The passer may not place; the other places one last piece.
    let msg = refused(
        &mut game,
        &mut t,
        E::PlaceTerrain {
            player: Some(Player::B),
            terrain: TerrainType::Hill,
            at: spot(10),
            shape: None,
            name: None,
        },
    );
    assert!(msg.contains("Player A's turn"), "{msg}");
    place(&mut game, &mut t, Player::A, 10, 0);
    assert_eq!(
        game.starting_player,
        Some(Player::B),
        "the passer starts (W1)"
    );
    assert_eq!(
        game.alternating.as_ref().map(AlternatingTerrain::step),
        Some(TerrainStep::Done {
            starting_player: Player::B
        })
    );
    let msg = refused(
        &mut game,
        &mut t,
        E::PlaceTerrain {
            player: Some(Player::A),
            terrain: TerrainType::Hill,
            at: spot(11),
            shape: None,
            name: None,
        },
    );
    assert!(msg.contains("over"), "{msg}");
    assert_eq!(game.terrain.len(), 11);
    let w1: Vec<_> = game
        .warnings(&t)
        .into_iter()
        .filter(|p| p.rule.as_deref() == Some("W1"))
        .collect();
    assert!(w1.is_empty(), "{w1:?}");
}

#[test]
fn w1_a_pass_in_the_middle_of_a_pair_is_refused_and_more_than_12_pieces_warn() {
    let mut alt = AlternatingTerrain::new(Player::A);
    let names = ["Anna".to_owned(), "Bernd".to_owned()];
    for n in 0..14_u64 {
        let p = alt.turn;
        let k = alt.batch.len();
        alt.place(p, TYPES[k % 2], n, &names).expect("placed");
    }
    // 14 pieces: A, B B, A, B B, ... A, then B's first of his pair.
    assert_eq!(alt.turn, Player::B);
    assert_eq!(alt.batch.len(), 1);
    let err = alt.pass(Player::B, &names).expect_err("mid-pair");
    assert!(err.to_string().contains("middle of his pair"), "{err}");

    // The game warns beyond 12 pieces but allows them.
    let mut game = WarmasterGame::new_game();
    let mut t = table();
    for i in 0..13 {
        let p = Point::new(20.0 + (i % 5) as f64 * 35.0, 20.0 + (i / 5) as f64 * 40.0);
        ok(
            &mut game,
            &mut t,
            E::PlaceTerrain {
                player: None,
                terrain: TerrainType::BrokenGround,
                at: p,
                shape: None,
                name: None,
            },
        );
    }
    let problems: Vec<String> = game.warnings(&t).iter().map(ToString::to_string).collect();
    assert!(
        problems
            .iter()
            .any(|p| p == "terrain: warning: 13 terrain pieces stand; the guideline is 12 (W1)"),
        "{problems:?}"
    );
}

#[test]
fn cheat_sheet_rows_are_data() {
    use feldherr_warmaster::GuardiansOptions;
    let sheet = cheat_sheet(&GuardiansOptions::default());
    assert_eq!(sheet.len(), 9);
    let lake = TerrainType::Lake.effects();
    assert!(TerrainType::Lake.impassable() && TerrainType::Building.impassable());
    assert!(!TerrainType::Hill.impassable());
    assert_eq!(lake.note_key, Some("warmaster.terrain_note.impassable"));
    assert_eq!(TerrainType::Village.effects().command, Some(-1));
    assert_eq!(TerrainType::Hill.effects().command, Some(1));
    assert_eq!(TerrainType::Field.effects().command, None);
    // Text line 292: "Wald  Inf  -1  2 cm  Inf  -": the remark column is
    // empty, so the row has no remark (issue 25, 8: no "- -").
    assert_eq!(TerrainType::Wood.effects().note_key, None);
    assert!(TerrainType::Wood.effects().notes().is_empty());
    assert!(TerrainType::BrokenGround.effects().notes().is_empty());
}
