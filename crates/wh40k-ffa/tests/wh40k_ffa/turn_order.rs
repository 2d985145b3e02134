//! Turn order (F2): roll-off, the dice bag over three rounds, typed draws
//! refused with their reason, and a property test over random games.

use feldherr_dice::Dice;
use feldherr_dice::step::{Answer, Prompt};
use feldherr_play::{Game, Id, PlayError};
use feldherr_table::Table;
use feldherr_wh40k_ffa::{Bag, FfaEdit, FfaOutcome, FreeForAll, TurnOrder};
use proptest::prelude::*;

use crate::common::{game, ok, refused, text};

fn last_index(g: &FreeForAll) -> usize {
    g.resolutions().count() - 1
}

/// Starts a software draw, answers it with `face` (if the bag holds more
/// than one die) and applies it.
fn software_draw(g: &mut FreeForAll, table: &mut Table, face: Option<u32>) {
    ok(g, table, FfaEdit::StartDraw);
    let index = last_index(g);
    if let Some(face) = face {
        let prompt = g
            .resolutions()
            .resolution_at(index)
            .and_then(|r| r.prompt().cloned());
        let Some(Prompt::Roll(request)) = prompt else {
            panic!(
                "a draw from {} dice is a roll",
                g.bag().map(|b| b.dice.len()).unwrap_or(0)
            );
        };
        // Exact odds: each die in the bag equally likely.
        let n = request.dice[0].sides() as f64;
        assert_eq!(request.odds.len() as f64, n);
        assert!(
            request
                .odds
                .iter()
                .all(|o| (o.probability - 1.0 / n).abs() < 1e-15)
        );
        assert_eq!(request.rule.as_deref(), Some("F2"));
        g.resolutions_mut()
            .answer_at(index, Answer::Dice(vec![face]))
            .expect("the answer fits");
    }
    assert!(g.resolutions().finished_at(index), "the draw is finished");
    let id = g.resolutions().id_at(index).expect("the draw exists");
    ok(g, table, FfaEdit::Apply(id));
}

fn bag(g: &FreeForAll) -> Bag {
    g.bag().expect("the roll-off was made")
}

#[test]
fn f2_roll_off_ties_are_rolled_again() {
    let (mut g, mut table) = game(4);
    ok(&mut g, &mut table, FfaEdit::StartRollOff);
    let answer = |g: &mut FreeForAll, faces: Vec<u32>| {
        g.resolutions_mut()
            .answer_at(0, Answer::Dice(faces))
            .unwrap()
    };
    // Anna and Cem tie at 5; in the re-roll Cem wins.
    answer(&mut g, vec![5, 2, 5, 1]);
    let prompt = g
        .resolutions()
        .resolution_at(0)
        .and_then(|r| r.prompt().cloned());
    let Some(Prompt::Roll(request)) = prompt else {
        panic!("a re-roll")
    };
    assert_eq!(request.dice.len(), 2, "only the tied players roll again");
    assert!(
        request
            .odds
            .iter()
            .all(|o| (o.probability - 0.5).abs() < 1e-15)
    );
    answer(&mut g, vec![3, 3]);
    answer(&mut g, vec![2, 4]);
    let Some(FfaOutcome::RollOff(won)) = g.saved()[0].outcome().cloned() else {
        panic!("finished")
    };
    assert_eq!((won.seat, won.name.as_str(), won.rolls), (2, "Cem", 3));
    // Nothing is drawn before the roll-off is applied.
    let err = refused(&mut g, &mut table, FfaEdit::TypeDraw { seat: 0 });
    assert!(text(&err).contains("roll-off"), "{err}");
    refused(&mut g, &mut table, FfaEdit::StartDraw);
    ok(&mut g, &mut table, FfaEdit::Apply(Id(1)));
    assert_eq!(g.current_turn(), Some((1, 2)));
    // Applied once only; a second roll-off is refused.
    refused(&mut g, &mut table, FfaEdit::Apply(Id(1)));
    refused(&mut g, &mut table, FfaEdit::StartRollOff);
}

#[test]
fn f2_the_bag_over_the_first_three_rounds_with_scripted_draws() {
    let (mut g, mut table) = game(3);
    ok(&mut g, &mut table, FfaEdit::StartRollOff);
    g.resolutions_mut()
        .answer_at(0, Answer::Dice(vec![3, 6, 2]))
        .unwrap();
    ok(&mut g, &mut table, FfaEdit::Apply(Id(1)));
    // Round 1: Ben won the roll-off; Anna's and Cem's dice are in the bag.
    assert_eq!(g.current_turn(), Some((1, 1)));
    assert_eq!(
        bag(&g),
        Bag {
            round: 1,
            dice: vec![0, 2],
            held_back: None
        }
    );
    software_draw(&mut g, &mut table, Some(2)); // Cem
    assert_eq!(
        bag(&g),
        Bag {
            round: 1,
            dice: vec![0],
            held_back: None
        }
    );
    software_draw(&mut g, &mut table, None); // Anna, the last die
    assert_eq!(g.turn_order().unwrap().rounds, [vec![1, 2, 0]]);

    // Round 2: Anna played last; her die is held back for the first draw.
    assert_eq!(
        bag(&g),
        Bag {
            round: 2,
            dice: vec![1, 2],
            held_back: Some(0)
        }
    );
    let err = refused(&mut g, &mut table, FfaEdit::TypeDraw { seat: 0 });
    assert!(matches!(&err, PlayError::Refused { rule: Some(r), .. } if r == "F2"));
    assert!(text(&err).contains("played last in round 1"), "{err}");
    assert!(text(&err).contains("nobody plays twice in a row"), "{err}");
    software_draw(&mut g, &mut table, Some(1)); // Ben
    // Her die is back in the bag after the first draw.
    assert_eq!(
        bag(&g),
        Bag {
            round: 2,
            dice: vec![0, 2],
            held_back: None
        }
    );
    let err = refused(&mut g, &mut table, FfaEdit::TypeDraw { seat: 1 });
    assert!(
        text(&err).contains("has played in round 2 already"),
        "{err}"
    );
    software_draw(&mut g, &mut table, Some(1)); // Anna
    software_draw(&mut g, &mut table, None); // Cem
    assert_eq!(g.turn_order().unwrap().rounds[1], [1, 0, 2]);

    // Round 3: Cem's die held back.
    assert_eq!(
        bag(&g),
        Bag {
            round: 3,
            dice: vec![0, 1],
            held_back: Some(2)
        }
    );
    software_draw(&mut g, &mut table, Some(2)); // Ben
    assert_eq!(
        bag(&g),
        Bag {
            round: 3,
            dice: vec![0, 2],
            held_back: None
        }
    );
    ok(&mut g, &mut table, FfaEdit::TypeDraw { seat: 2 }); // typed from the real bag
    ok(&mut g, &mut table, FfaEdit::TypeDraw { seat: 0 });
    assert_eq!(
        g.turn_order().unwrap().rounds,
        [vec![1, 2, 0], vec![1, 0, 2], vec![1, 2, 0]]
    );
    assert_eq!(g.current_turn(), Some((3, 0)));

    // A software draw made for an older bag is not applied to a new one.
    ok(&mut g, &mut table, FfaEdit::TakeBackDraw);
    ok(&mut g, &mut table, FfaEdit::StartDraw); // bag: Anna only
    let stale = g.resolutions().id_at(last_index(&g)).unwrap();
    ok(&mut g, &mut table, FfaEdit::TypeDraw { seat: 0 });
    let err = refused(&mut g, &mut table, FfaEdit::Apply(stale));
    assert!(text(&err).contains("the bag has changed"), "{err}");
    // Bad seats are named.
    let err = refused(&mut g, &mut table, FfaEdit::TypeDraw { seat: 7 });
    assert!(text(&err).contains("seat: 8"), "{err}");
}

#[test]
fn f2_random_draws_are_rolls_over_the_bag() {
    let (mut g, mut table) = game(4);
    ok(&mut g, &mut table, FfaEdit::StartRollOff);
    let mut dice = Dice::seeded(40);
    let index = 0;
    while !g.resolutions().finished_at(index) {
        let mut r = g.saved()[index].clone();
        let Some(Prompt::Roll(request)) = r.resolution().prompt().cloned() else {
            panic!("roll")
        };
        let faces = dice
            .roll_many(request.dice.len(), request.dice[0], "roll-off")
            .unwrap();
        r.answer(Answer::Dice(faces.clone())).unwrap();
        g.resolutions_mut()
            .answer_at(index, Answer::Dice(faces))
            .unwrap();
    }
    ok(&mut g, &mut table, FfaEdit::Apply(Id(1)));
    for _ in 0..11 {
        ok(&mut g, &mut table, FfaEdit::StartDraw);
        let index = last_index(&g);
        if !g.resolutions().finished_at(index) {
            let Some(Prompt::Roll(request)) = g
                .resolutions()
                .resolution_at(index)
                .and_then(|r| r.prompt().cloned())
            else {
                panic!()
            };
            let face = dice.roll(request.dice[0], "draw").unwrap();
            g.resolutions_mut()
                .answer_at(index, Answer::Dice(vec![face]))
                .unwrap();
        }
        let id = g.resolutions().id_at(index).unwrap();
        ok(&mut g, &mut table, FfaEdit::Apply(id));
    }
    let rounds = &g.turn_order().unwrap().rounds;
    assert_eq!(rounds.len(), 3);
    check_invariants(4, rounds);
}

fn check_invariants(players: usize, rounds: &[Vec<usize>]) {
    for (r, round) in rounds.iter().enumerate() {
        let mut seen = round.clone();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(
            seen.len(),
            round.len(),
            "round {} repeats a player: {round:?}",
            r + 1
        );
        if r + 1 < rounds.len() {
            assert_eq!(
                seen,
                (0..players).collect::<Vec<_>>(),
                "everybody plays once in round {}",
                r + 1
            );
        }
    }
    let flat: Vec<usize> = rounds.iter().flatten().copied().collect();
    for pair in flat.windows(2) {
        assert_ne!(
            pair[0], pair[1],
            "a player plays twice in a row: {rounds:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// F2 over many random games: draws picked at random from the bag,
    /// typed draws of a die not in the bag refused.
    #[test]
    fn f2_nobody_plays_twice_in_a_row_and_everybody_once_per_round(
        players in 3usize..=4,
        winner in 0usize..4,
        picks in proptest::collection::vec((0usize..4, 0usize..4), 1..60),
    ) {
        let mut order = TurnOrder::new(players).unwrap();
        order.start(winner % players).unwrap();
        for (pick, wrong) in picks {
            let bag = order.bag().unwrap();
            // A die that is not in the bag is refused, under F2.
            if !bag.dice.contains(&(wrong % players)) {
                let err = order.clone().draw(wrong % players).unwrap_err();
                let is_refusal = matches!(err, PlayError::Refused { .. });
                prop_assert!(is_refusal, "{:?}", err);
            }
            prop_assert!(bag.held_back.is_none_or(|h| !bag.dice.contains(&h)));
            let seat = bag.dice[pick % bag.dice.len()];
            order.draw(seat).unwrap();
        }
        check_invariants(players, &order.rounds);
        let total: usize = order.rounds.iter().map(Vec::len).sum();
        prop_assert!(order.rounds.iter().rev().skip(1).all(|r| r.len() == players));
        prop_assert!(total >= 2);
    }
}

#[test]
fn f2_saved_orders_are_checked_on_load() {
    let (g, _) = game(3);
    let mut json = serde_json::to_value(&g).unwrap();
    json["turn_order"]["rounds"] = serde_json::json!([[0, 1, 2], [2, 0, 1]]);
    let err = serde_json::from_value::<FreeForAll>(json.clone()).unwrap_err();
    assert!(err.to_string().contains("turn_order.rounds[1][0]"), "{err}");
    json["turn_order"]["rounds"] = serde_json::json!([[0, 1], [2, 0, 1]]);
    assert!(serde_json::from_value::<FreeForAll>(json.clone()).is_err());
    json["turn_order"]["rounds"] = serde_json::json!([[0, 1, 2], [1, 0]]);
    assert!(serde_json::from_value::<FreeForAll>(json).is_ok());
}
