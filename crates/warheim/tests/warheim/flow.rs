//! Activations as one flow (lines 31-43, 109-111, 195, 203, PH26, PH27):
//! worked scripts with the dice typed in and the states after them.

use feldherr_dice::step::Answer;
use feldherr_play::{Game, Id};
use feldherr_table::Table;
use feldherr_table::geometry::Point;
use feldherr_warheim::activation::{Declaration, OrderedAction, ReactionDecl, Slot};
use feldherr_warheim::on_table::{MoveKind, MovePath};
use feldherr_warheim::{
    AttackOrder, Condition, FullAction, MartialUse, ReactionChoice, ShortAction, Skill, SkillKind,
    Source, Warheim, WarheimEdit, WarheimKind, WarheimOutcome, Weapon, WeaponKind,
};

use super::{answer_all, dice, example_answers, example_game, place, start};

fn apply(game: &mut Warheim, table: &mut Table, edit: WarheimEdit) {
    game.apply(&edit, table)
        .unwrap_or_else(|e| panic!("{edit:?}: {e}"));
}

fn refused(game: &mut Warheim, table: &mut Table, edit: WarheimEdit) -> String {
    let before = game.clone();
    let e = game.apply(&edit, table).unwrap_err().to_string();
    assert_eq!(*game, before, "a refused edit changes nothing");
    e
}

fn go(kind: MoveKind, to: (f64, f64), facing: Option<f64>) -> MovePath {
    MovePath {
        kind,
        points: vec![Point::new(to.0, to.1)],
        rise: 0.0,
        facing,
    }
}

fn react(fighter: u64, action: ShortAction, against: u64, weapon: Option<usize>) -> WarheimEdit {
    WarheimEdit::React {
        fighter: Id(fighter),
        reaction: ReactionDecl::React {
            action,
            against: Id(against),
            weapon,
            spell: None,
        },
    }
}

/// The text's example at its start (lines 139-141): the hunter 3.5 in
/// from the lower orc's flank has begun and declared his move.
fn example_moving() -> (Warheim, Table) {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 1, 16.5, 11.0, 0.0);
    place(&mut game, &mut table, 11, 20.0, 13.5, 180.0);
    place(&mut game, &mut table, 12, 20.0, 10.0, 180.0);
    start(&mut game, &mut table, 0, 0, 1);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Declare(Declaration::short(ShortAction::Move)),
    );
    (game, table)
}

/// The text's example through the flow (lines 139-141): the hunter moves
/// into contact at the lower orc's flank, 1.5 in from the upper one; both
/// orcs saw him and strike back; he attacks both; at the end of the
/// activation the lower orc falls unconscious at T -1 and the upper one
/// tests his nerves. The numbers come out as the text has them.
#[test]
fn the_example_as_an_activation() {
    let (mut game, mut table) = example_moving();
    apply(
        &mut game,
        &mut table,
        WarheimEdit::DrawMove {
            fighter: Id(1),
            path: go(MoveKind::Move, (20.0, 11.0), Some(270.0)),
        },
    );
    let a = game.activation().unwrap();
    assert_eq!(a.seers(), vec![Id(11), Id(12)], "both orcs saw him come");
    // Before every seer answers, no second action.
    let second = Declaration::short(ShortAction::Attack)
        .with_weapon(0)
        .at(&[Id(11), Id(12)]);
    let e = refused(
        &mut game,
        &mut table,
        WarheimEdit::DeclareSecond(second.clone()),
    );
    assert!(
        e.contains("Upper orc, Lower orc") && e.contains("line 33"),
        "{e}"
    );
    apply(
        &mut game,
        &mut table,
        react(11, ShortAction::Attack, 1, Some(0)),
    );
    apply(
        &mut game,
        &mut table,
        react(12, ShortAction::Attack, 1, Some(0)),
    );
    apply(&mut game, &mut table, WarheimEdit::DeclareSecond(second));
    // The attack starts from the declared action with the measured lines.
    let mut order = AttackOrder::new(Id(1), 0, Vec::new());
    for (id, dice, martial) in [(11, 1, None), (12, 2, Some(MartialUse::Strength))] {
        let mut t = game
            .target_order(
                &table,
                Id(1),
                Id(id),
                ReactionChoice::Attack { weapon: 0, martial },
            )
            .unwrap()
            .unwrap();
        t.dice = dice;
        order.targets.push(t);
    }
    assert!((order.targets[0].distance - 1.5).abs() < 1e-9);
    assert_eq!(order.targets[1].distance, 0.0);
    assert_eq!(
        order.targets[1].facing,
        feldherr_warheim::modifiers::Facing::Flank
    );
    order.martial = Some(MartialUse::Strength);
    apply(&mut game, &mut table, WarheimEdit::Attack(order));
    let WarheimOutcome::Attack(out) = answer_all(&mut game, 0, example_answers()) else {
        panic!()
    };
    assert_eq!(out.change(Id(12)).unwrap().t_after, -1);
    // States change when the activation ends (line 43), not before.
    let e = refused(&mut game, &mut table, WarheimEdit::Apply(Id(1)));
    assert!(e.contains("line 43"), "{e}");
    apply(&mut game, &mut table, WarheimEdit::EndActivation);
    let lower = game.rosters[1].fighter(Id(12)).unwrap();
    assert!(lower.has(Condition::Unconscious) && lower.current().t == -1);
    let WarheimKind::Morale(nerves) = game.resolutions[1].kind() else {
        panic!()
    };
    assert_eq!((nerves.fighter, nerves.penalty), (Id(11), 0));
    assert!(game.activation().is_none());
}

/// Line 195 at its boundary: Speeds 4 + 2 reach exactly 6 in; the orc
/// 6 in away is reached, the hunter moves into contact.
#[test]
fn a_charge_exactly_at_its_reach() {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 17.0, 10.0, 180.0);
    start(&mut game, &mut table, 0, 0, 1);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Declare(
            Declaration::full(FullAction::Charge)
                .with_weapon(0)
                .at(&[Id(11)]),
        ),
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::DrawMove {
            fighter: Id(1),
            path: go(MoveKind::Charge, (16.0, 10.0), None),
        },
    );
    let a = game.activation().unwrap();
    assert!(!a.charge_failed);
    assert_eq!(a.moves[0].length, 6.0);
    let p = game.piece_of(&table, Id(1)).unwrap().center();
    assert_eq!((p.x, p.y), (16.0, 10.0));
}

/// A second weapon for the upper orc: a throwing axe, 8 in.
fn throwing_axe() -> Weapon {
    Weapon {
        name: "Throwing axe".into(),
        kind: WeaponKind::Ranged,
        attacks: 1,
        bands: vec![feldherr_warheim::RangeBand {
            up_to: 8.0,
            modifier: 0,
        }],
        strength_bonus: 1,
        ..Weapon::default()
    }
}

/// Line 195: a charge that falls short (6.02 in for a reach of 6): the
/// hunter does not move and does not strike; the orc, who saw him, throws
/// his axe as his reaction. Worked with dice.
#[test]
fn a_charge_that_falls_short() {
    let (mut game, mut table) = example_game();
    let mut orcs = game.rosters[1].clone();
    orcs.fighters[0].weapons.push(throwing_axe());
    apply(
        &mut game,
        &mut table,
        WarheimEdit::SetRoster {
            player: 1,
            roster: orcs,
        },
    );
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 17.02, 10.0, 180.0);
    start(&mut game, &mut table, 0, 0, 1);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Declare(
            Declaration::full(FullAction::Charge)
                .with_weapon(0)
                .at(&[Id(11)]),
        ),
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::DrawMove {
            fighter: Id(1),
            path: go(MoveKind::Charge, (16.02, 10.0), None),
        },
    );
    let a = game.activation().unwrap();
    assert!(a.charge_failed);
    let p = game.piece_of(&table, Id(1)).unwrap().center();
    assert_eq!((p.x, p.y), (10.0, 10.0), "he does not move");
    apply(
        &mut game,
        &mut table,
        react(11, ShortAction::Shoot, 1, Some(1)),
    );
    // His strike is refused.
    let mut strike = AttackOrder::new(
        Id(1),
        0,
        vec![super::target(11, 3, 0.0, ReactionChoice::None)],
    );
    strike.charge = true;
    let e = refused(&mut game, &mut table, WarheimEdit::Attack(strike));
    assert!(
        e.contains("Witch hunter") && e.contains("fell short"),
        "{e}"
    );
    // The enemy strikes: the axe at 6.02 in, Prec 8, one die (a reaction).
    let mut axe = AttackOrder::new(Id(11), 1, Vec::new());
    let mut t = game
        .target_order(&table, Id(11), Id(1), ReactionChoice::None)
        .unwrap()
        .unwrap();
    t.dice = 1;
    axe.targets.push(t);
    axe.as_reaction = true;
    apply(&mut game, &mut table, WarheimEdit::Attack(axe));
    // 5 hits; the hunter saves against 13 - 2 = 11 with a 6: 5 T lost,
    // and declines his +1 (it would save one T).
    let mut answers = dice(&[&[5], &[6]]);
    answers.push(Answer::Choice(0));
    answer_all(&mut game, 0, answers);
    apply(&mut game, &mut table, WarheimEdit::EndActivation);
    assert_eq!(game.rosters[0].fighters[0].current().t, 1);
}

/// Lines 31, 203: bad input refused with the fighter's name and the rule:
/// a reaction by a fighter who saw nothing; an order to a Leader.
/// The example's hunter (a Leader) with a squire and a captain in his
/// group, placed; the upper orc sees them, the lower one has his back
/// turned.
fn order_game() -> (Warheim, Table) {
    let (mut game, mut table) = example_game();
    let mut hunters = game.rosters[0].clone();
    let mut squire = hunters.fighters[0].clone();
    squire.id = Id(2);
    squire.name = "Squire".into();
    squire.types = vec![feldherr_warheim::ModelType::Infantry];
    squire.skills.clear();
    let mut captain = squire.clone();
    captain.id = Id(3);
    captain.name = "Captain".into();
    captain.skills = vec![Skill {
        kind: SkillKind::Leadership,
        level: 1,
    }];
    hunters.fighters.push(squire);
    hunters.fighters.push(captain);
    hunters.groups[0].members = vec![Id(1), Id(2), Id(3)];
    apply(
        &mut game,
        &mut table,
        WarheimEdit::SetRoster {
            player: 0,
            roster: hunters,
        },
    );
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 2, 12.0, 10.0, 0.0);
    place(&mut game, &mut table, 3, 12.0, 12.0, 0.0);
    place(&mut game, &mut table, 11, 20.0, 10.0, 180.0);
    // The lower orc stands with his back to everything.
    place(&mut game, &mut table, 12, 30.0, 30.0, 90.0);
    (game, table)
}

#[test]
fn reactions_and_orders_refused() {
    let (mut game, mut table) = order_game();
    start(&mut game, &mut table, 0, 0, 1);
    let order_to = |who: u64| {
        let mut d = Declaration::full(FullAction::Order);
        d.ordered = Some(OrderedAction {
            fighter: Id(who),
            action: ShortAction::Move,
            weapon: None,
            spell: None,
            targets: Vec::new(),
            ability: None,
        });
        d
    };
    let e = refused(&mut game, &mut table, WarheimEdit::Declare(order_to(3)));
    assert!(e.contains("Captain") && e.contains("line 203"), "{e}");
    apply(&mut game, &mut table, WarheimEdit::Declare(order_to(2)));
    // The squire moves on the order; the captain may not.
    apply(
        &mut game,
        &mut table,
        WarheimEdit::DrawMove {
            fighter: Id(2),
            path: go(MoveKind::Move, (14.0, 10.0), None),
        },
    );
    let e = refused(
        &mut game,
        &mut table,
        WarheimEdit::DrawMove {
            fighter: Id(3),
            path: go(MoveKind::Move, (13.0, 12.0), None),
        },
    );
    assert!(e.contains("Captain") && e.contains("PH26"), "{e}");
    let a = game.activation().unwrap();
    assert!(a.seers().contains(&Id(11)) && !a.seers().contains(&Id(12)));
    // The lower orc saw nothing: no reaction.
    let e = refused(
        &mut game,
        &mut table,
        react(12, ShortAction::Dodge, 1, None),
    );
    assert!(e.contains("Lower orc") && e.contains("line 31"), "{e}");
    // The upper orc saw the Leader: he must react to him, not the squire.
    let e = refused(
        &mut game,
        &mut table,
        react(11, ShortAction::Dodge, 2, None),
    );
    assert!(e.contains("Upper orc") && e.contains("line 203"), "{e}");
    apply(
        &mut game,
        &mut table,
        react(11, ShortAction::Dodge, 1, None),
    );
    // One reaction however many he saw.
    let e = refused(
        &mut game,
        &mut table,
        react(11, ShortAction::Dodge, 1, None),
    );
    assert!(e.contains("one reaction"), "{e}");
    apply(&mut game, &mut table, WarheimEdit::EndActivation);
}

/// Lines 37-41: against a marker a delayed reaction; the marker reveals
/// itself with an ambush strike and the delayed reactor answers after
/// that declaration. Worked with dice.
#[test]
fn a_delayed_reaction() {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 11.0, 10.0, 180.0);
    place(&mut game, &mut table, 12, 30.0, 30.0, 90.0);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::SetCondition {
            fighter: Id(11),
            condition: Condition::Hidden,
            on: true,
        },
    );
    apply(&mut game, &mut table, WarheimEdit::StartTurn);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::ChooseGroup {
            player: 0,
            group: 0,
        },
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::BeginActivation {
            fighter: Id(1),
            source: Source::Pool,
        },
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Declare(Declaration::short(ShortAction::Special)),
    );
    // The marker does not react to the hunter's special ability; passes.
    apply(
        &mut game,
        &mut table,
        WarheimEdit::React {
            fighter: Id(11),
            reaction: ReactionDecl::Pass,
        },
    );
    apply(&mut game, &mut table, WarheimEdit::EndActivation);
    // The commander's extra activation is left: he keeps it (and hidden).
    apply(&mut game, &mut table, WarheimEdit::EndGroup);
    // Player 2's turn: the marker acts.
    apply(
        &mut game,
        &mut table,
        WarheimEdit::ChooseGroup {
            player: 1,
            group: 1,
        },
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::BeginActivation {
            fighter: Id(11),
            source: Source::Pool,
        },
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Declare(Declaration::short(ShortAction::Special)),
    );
    assert!(game.activation().unwrap().marker);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::React {
            fighter: Id(1),
            reaction: ReactionDecl::Delay,
        },
    );
    // Still a marker: the delayed reaction waits.
    let e = refused(
        &mut game,
        &mut table,
        react(1, ShortAction::Dodge, 11, None),
    );
    assert!(e.contains("Witch hunter") && e.contains("line 41"), "{e}");
    apply(
        &mut game,
        &mut table,
        WarheimEdit::DeclareSecond(
            Declaration::short(ShortAction::AmbushStrike)
                .with_weapon(0)
                .at(&[Id(1)]),
        ),
    );
    assert!(
        !game.rosters[1].fighters[0].has(Condition::Hidden),
        "revealed by declaring"
    );
    apply(
        &mut game,
        &mut table,
        react(1, ShortAction::Dodge, 11, None),
    );
    let mut order = AttackOrder::new(
        Id(11),
        0,
        vec![
            game.target_order(&table, Id(11), Id(1), ReactionChoice::Dodge)
                .unwrap()
                .unwrap(),
        ],
    );
    order.targets[0].dice = 1;
    order.ambush = true;
    apply(&mut game, &mut table, WarheimEdit::Attack(order));
    let WarheimKind::Attack(spec) = game.resolutions[0].kind() else {
        panic!()
    };
    // The hunter dodges at Ph 12 - 6 (the ambush), two dice (Hero).
    let feldherr_warheim::attack::ReactionSpec::Dodge { pool } = spec.targets[0].reaction else {
        panic!()
    };
    assert_eq!((pool.dice, pool.value), (2, 6));
    // The orc's 10 at 15; the hunter's dodge 3 and 12: the 3 does not beat
    // the 10: the hit stands; the hunter's save 20 stops it.
    answer_all(&mut game, 0, dice(&[&[10], &[3, 12], &[20]]));
    apply(&mut game, &mut table, WarheimEdit::EndActivation);
    assert_eq!(game.rosters[0].fighters[0].current().t, 6);
}

/// Line 41: a marker that never reveals itself draws no reaction.
#[test]
fn a_marker_that_stays_hidden_draws_none() {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 12.0, 10.0, 180.0);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::SetCondition {
            fighter: Id(11),
            condition: Condition::Hidden,
            on: true,
        },
    );
    apply(&mut game, &mut table, WarheimEdit::StartTurn);
    // Player 1 plays his hunter first, then player 2's marker.
    apply(
        &mut game,
        &mut table,
        WarheimEdit::ChooseGroup {
            player: 0,
            group: 0,
        },
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::BeginActivation {
            fighter: Id(1),
            source: Source::Pool,
        },
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Declare(Declaration::short(ShortAction::Special)),
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::React {
            fighter: Id(11),
            reaction: ReactionDecl::Pass,
        },
    );
    apply(&mut game, &mut table, WarheimEdit::EndActivation);
    apply(&mut game, &mut table, WarheimEdit::EndGroup);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::ChooseGroup {
            player: 1,
            group: 1,
        },
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::BeginActivation {
            fighter: Id(11),
            source: Source::Pool,
        },
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Declare(Declaration::short(ShortAction::Special)),
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::React {
            fighter: Id(1),
            reaction: ReactionDecl::Delay,
        },
    );
    // A hidden fighter does not move (line 297).
    let e = refused(
        &mut game,
        &mut table,
        WarheimEdit::DeclareSecond(Declaration::short(ShortAction::Move)),
    );
    assert!(e.contains("Upper orc") && e.contains("line 297"), "{e}");
    apply(
        &mut game,
        &mut table,
        WarheimEdit::DeclareSecond(Declaration::short(ShortAction::Hide)),
    );
    let e = refused(
        &mut game,
        &mut table,
        react(1, ShortAction::Dodge, 11, None),
    );
    assert!(e.contains("line 41"), "{e}");
    apply(&mut game, &mut table, WarheimEdit::EndActivation);
}

/// Line 203: the ordered model acts with his own weapon at his own
/// targets, resolved with him as the attacker (Slot::Ordered); his
/// special ability is named; a weapon he does not carry is refused with
/// his name.
#[test]
fn an_order_to_attack_and_to_use_an_ability() {
    let (mut game, mut table) = order_game();
    start(&mut game, &mut table, 0, 0, 1);
    let order = |action: ShortAction, weapon: Option<usize>, ability: Option<&str>| {
        let mut d = Declaration::full(FullAction::Order);
        d.ordered = Some(OrderedAction {
            fighter: Id(2),
            action,
            weapon,
            spell: None,
            targets: vec![Id(11)],
            ability: ability.map(str::to_owned),
        });
        d
    };
    let e = refused(
        &mut game,
        &mut table,
        WarheimEdit::Declare(order(ShortAction::Attack, Some(9), None)),
    );
    assert!(e.contains("Squire") && e.contains("weapon"), "{e}");
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Declare(order(ShortAction::Attack, Some(0), None)),
    );
    let a = game.activation().unwrap();
    let (who, d) = a.declared(Slot::Ordered).unwrap();
    assert_eq!(
        (who, d.weapon, d.targets.clone()),
        (Id(2), Some(0), vec![Id(11)])
    );
    apply(
        &mut game,
        &mut table,
        react(11, ShortAction::Dodge, 1, None),
    );
    // The Leader has no attack of his own declared: his attack is refused.
    let e = refused(
        &mut game,
        &mut table,
        WarheimEdit::Attack(order_at(1, 11, 3)),
    );
    assert!(e.contains("Witch hunter") || e.contains("PH26"), "{e}");
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Attack(order_at(2, 11, 2)),
    );
    let a = game.activation().unwrap();
    assert!(a.is_done(Slot::Ordered));
    assert!(!a.is_done(Slot::First));

    // A special ability ordered: its name travels with the declaration.
    let (mut game, mut table) = order_game();
    start(&mut game, &mut table, 0, 0, 1);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Declare(order(ShortAction::Special, None, Some("Battle cry"))),
    );
    let (_, d) = game.activation().unwrap().declared(Slot::Ordered).unwrap();
    assert_eq!(d.ability.as_deref(), Some("Battle cry"));
    apply(
        &mut game,
        &mut table,
        react(11, ShortAction::Dodge, 1, None),
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Special {
            fighter: Id(2),
            ability: "Battle cry".into(),
        },
    );
    assert!(game.activation().unwrap().is_done(Slot::Ordered));
}

fn order_at(attacker: u64, target: u64, dice: u32) -> AttackOrder {
    AttackOrder::new(
        Id(attacker),
        0,
        vec![feldherr_warheim::TargetOrder::new(
            Id(target),
            dice,
            2.0,
            ReactionChoice::None,
        )],
    )
}

/// PH26: a drawn move is taken back and drawn again while no seer has
/// answered: the hunter stands, faces and is seen as before it; drawn on
/// top of itself it is refused; once a reaction is declared it stands.
#[test]
fn a_move_taken_back_and_drawn_again() {
    let (mut game, mut table) = example_moving();
    let before_seers = game.activation().unwrap().seers();
    let piece = |game: &Warheim, table: &Table| {
        let p = game.piece_of(table, Id(1)).unwrap();
        (p.center(), p.facing_angle().map(|a| a.degrees().round()))
    };
    let start_at = piece(&game, &table);
    let e = refused(
        &mut game,
        &mut table,
        WarheimEdit::TakeBackMove { fighter: Id(1) },
    );
    assert!(e.contains("Witch hunter") && e.contains("no move"), "{e}");
    let path = go(MoveKind::Move, (16.5, 15.0), Some(90.0));
    apply(
        &mut game,
        &mut table,
        WarheimEdit::DrawMove {
            fighter: Id(1),
            path: path.clone(),
        },
    );
    assert_ne!(piece(&game, &table), start_at);
    let e = refused(
        &mut game,
        &mut table,
        WarheimEdit::DrawMove {
            fighter: Id(1),
            path: path.clone(),
        },
    );
    assert!(
        e.contains("Witch hunter") && e.contains("take it back"),
        "{e}"
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::TakeBackMove { fighter: Id(1) },
    );
    assert_eq!(piece(&game, &table), start_at);
    let a = game.activation().unwrap();
    assert!(a.moves.is_empty());
    assert_eq!(a.seers(), before_seers);
    // Drawn again, the other way: into contact as in the example.
    apply(
        &mut game,
        &mut table,
        WarheimEdit::DrawMove {
            fighter: Id(1),
            path: go(MoveKind::Move, (20.0, 11.0), Some(270.0)),
        },
    );
    assert_eq!(game.activation().unwrap().moves.len(), 1);
    apply(
        &mut game,
        &mut table,
        react(11, ShortAction::Dodge, 1, None),
    );
    let e = refused(
        &mut game,
        &mut table,
        WarheimEdit::TakeBackMove { fighter: Id(1) },
    );
    assert!(e.contains("Witch hunter") && e.contains("line 31"), "{e}");
}
