//! Integration tests of the Warheim engine: one binary, one module per
//! part of the rules.

#![expect(clippy::unwrap_used, reason = "tests fail loudly on bad fixtures")]

mod activations;
mod attacks;
mod catalogue;
mod d20_mechanics;
mod departures;
mod example;
mod flow;
mod magic;
mod morale;
mod moves;
mod on_table;
mod properties;
mod refusals;
mod rolls;
mod rosters;
mod saves;
mod scripts;
mod sight;
mod skirmish;
mod validation;

use feldherr_dice::step::Answer;
use feldherr_play::{Game, Id};
use feldherr_table::Table;
use feldherr_warheim::{
    AttackOrder, AttackOutcome, ReactionChoice, Roster, TargetOrder, Warheim, WarheimEdit,
    WarheimOutcome,
};

/// A fixture of `fixtures/warheim/`.
pub fn fixture(name: &str) -> serde_json::Value {
    let path = format!(
        "{}/../../fixtures/warheim/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// A roster fixture.
pub fn roster(name: &str) -> Roster {
    serde_json::from_value(fixture(name)).unwrap()
}

/// The text's example: the witch hunter (player 1) and the two orcs.
pub fn example_game() -> (Warheim, Table) {
    game_of(vec![roster("witch_hunter.json"), roster("orcs.json")])
}

/// A game with `rosters`.
pub fn game_of(rosters: Vec<Roster>) -> (Warheim, Table) {
    let mut game = Warheim::new_game();
    let mut table = Warheim::default_table();
    for (player, roster) in rosters.into_iter().enumerate() {
        game.apply(&WarheimEdit::SetRoster { player, roster }, &mut table)
            .unwrap();
    }
    (game, table)
}

/// Starts a turn if none runs, chooses `player`'s group `group` and
/// begins `fighter`'s activation from the pool.
pub fn start(game: &mut Warheim, table: &mut Table, player: usize, group: usize, fighter: u64) {
    let turn = game.turn.is_none().then_some(WarheimEdit::StartTurn);
    let edits = [
        WarheimEdit::ChooseGroup { player, group },
        WarheimEdit::BeginActivation {
            fighter: Id(fighter),
            source: feldherr_warheim::Source::Pool,
        },
    ];
    for edit in turn.into_iter().chain(edits) {
        game.apply(&edit, table)
            .unwrap_or_else(|e| panic!("{edit:?}: {e}"));
    }
}

/// A target in front, in the open, seen, with `dice` at `distance`.
pub fn target(id: u64, dice: u32, distance: f64, reaction: ReactionChoice) -> TargetOrder {
    TargetOrder::new(Id(id), dice, distance, reaction)
}

/// An attack by `attacker` with his first weapon.
pub fn order(attacker: u64, targets: Vec<TargetOrder>) -> AttackOrder {
    AttackOrder::new(Id(attacker), 0, targets)
}

/// Declares `order`, answers the resolution with `answers` and returns
/// its outcome.
pub fn resolve(
    game: &mut Warheim,
    table: &mut Table,
    order: AttackOrder,
    answers: Vec<Answer>,
) -> AttackOutcome {
    game.apply(&WarheimEdit::Attack(order), table).unwrap();
    let index = game.resolutions.len() - 1;
    for a in answers {
        game.resolutions_mut().answer_at(index, a).unwrap();
    }
    match game.resolutions[index].outcome() {
        Some(WarheimOutcome::Attack(o)) => o.clone(),
        other => panic!("unfinished or not an attack: {other:?}"),
    }
}

/// Dice answers.
pub fn dice(faces: &[&[u32]]) -> Vec<Answer> {
    faces.iter().map(|f| Answer::Dice(f.to_vec())).collect()
}

/// The text's dice for the hunter's attack: at the upper orc 8, the orc
/// 14; at the lower orc 11 and 16, the orc 12; the hunter declines his +1
/// (it would make the 16 a crit at 17); the saves 17 and 8.
pub fn example_answers() -> Vec<Answer> {
    let mut answers = dice(&[&[8], &[14], &[11, 16], &[12]]);
    answers.push(Answer::Choice(0));
    answers.extend(dice(&[&[17], &[8]]));
    answers
}

/// Three players: the witch hunter, the two orcs and the bright wizard
/// with his apprentice.
pub fn three_players() -> (Warheim, Table) {
    game_of(vec![
        roster("witch_hunter.json"),
        roster("orcs.json"),
        roster("bright_wizard.json"),
    ])
}

/// Answers resolution `index` with `answers` and returns it finished.
pub fn answer_all(game: &mut Warheim, index: usize, answers: Vec<Answer>) -> WarheimOutcome {
    for a in answers {
        game.resolutions_mut().answer_at(index, a).unwrap();
    }
    game.resolutions[index]
        .outcome()
        .cloned()
        .unwrap_or_else(|| {
            panic!(
                "unfinished: {:?}",
                game.resolutions[index].resolution().prompt()
            )
        })
}

/// Puts fighter `id` on the table at (`x`, `y`) facing `facing` degrees.
pub fn place(game: &mut Warheim, table: &mut Table, id: u64, x: f64, y: f64, facing: f64) {
    game.apply(
        &WarheimEdit::Place {
            fighter: Id(id),
            at: feldherr_table::geometry::Point::new(x, y),
            facing,
        },
        table,
    )
    .unwrap();
}

/// Adds a terrain piece of `kind`: a rectangle `width` across and
/// `length` along `facing`, centred at (`x`, `y`); returns its id.
#[expect(clippy::too_many_arguments, reason = "a piece is all of these")]
pub fn add_rect(
    table: &mut Table,
    kind: &str,
    x: f64,
    y: f64,
    width: f64,
    length: f64,
    facing: f64,
    layer: feldherr_table::Layer,
) -> u64 {
    use feldherr_table::geometry::{Angle, OrientedRect, Point, Shape};
    let id = table.next_id();
    let shape = Shape::from(
        OrientedRect::new(
            Point::new(x, y),
            width,
            length,
            Angle::from_degrees(facing).unwrap(),
        )
        .unwrap(),
    );
    table
        .apply(feldherr_table::TableEdit::Add(feldherr_table::Piece::new(
            id,
            format!("{kind} {id}"),
            kind,
            layer,
            shape,
        )))
        .unwrap();
    id
}

/// Adds a round zone of `kind` centred at (`x`, `y`).
pub fn add_zone(table: &mut Table, kind: &str, x: f64, y: f64, radius: f64) -> u64 {
    use feldherr_table::geometry::{Circle, Point, Shape};
    let id = table.next_id();
    let shape = Shape::from(Circle::new(Point::new(x, y), radius).unwrap());
    table
        .apply(feldherr_table::TableEdit::Add(feldherr_table::Piece::new(
            id,
            format!("{kind} {id}"),
            kind,
            feldherr_table::Layer::Terrain,
            shape,
        )))
        .unwrap();
    id
}
