//! Worked game scripts with the dice typed in and the states after them:
//! a volley, a reload cycle, a template over three fighters, a marker
//! spotted and revealed, a squad order's single reaction, a throw.

use feldherr_dice::step::Answer;
use feldherr_play::{Game, Id};
use feldherr_table::Table;
use feldherr_table::geometry::Point;
use feldherr_warheim::activation::{Declaration, ReactionDecl, Slot};
use feldherr_warheim::on_table::{BUILDING_KIND, MoveKind, MovePath, TemplatePlacement};
use feldherr_warheim::{
    AttackOrder, Condition, Discipline, RangeBand, ReactionChoice, ShortAction, Source, Template,
    TemplateUse, Warheim, WarheimEdit, WarheimKind, WarheimOutcome, Weapon, WeaponKind,
};

use super::{add_rect, answer_all, dice, example_game, place, start, target};

fn apply(game: &mut Warheim, table: &mut Table, edit: WarheimEdit) {
    game.apply(&edit, table)
        .unwrap_or_else(|e| panic!("{edit:?}: {e}"));
}

fn refused(game: &mut Warheim, table: &mut Table, edit: WarheimEdit) -> String {
    game.apply(&edit, table).unwrap_err().to_string()
}

fn ranged(name: &str, reach: f64, strength: i32) -> Weapon {
    Weapon {
        name: name.into(),
        kind: WeaponKind::Ranged,
        attacks: 1,
        bands: vec![RangeBand {
            up_to: reach,
            modifier: 0,
        }],
        strength_bonus: strength,
        ..Weapon::default()
    }
}

fn arm_orc(game: &mut Warheim, table: &mut Table, index: usize, w: Weapon) {
    let mut orcs = game.rosters[1].clone();
    orcs.fighters[index].weapons.push(w);
    apply(
        game,
        table,
        WarheimEdit::SetRoster {
            player: 1,
            roster: orcs,
        },
    );
}

fn arm_hunter(game: &mut Warheim, table: &mut Table, w: Weapon) {
    let mut hunters = game.rosters[0].clone();
    hunters.fighters[0].weapons.push(w);
    apply(
        game,
        table,
        WarheimEdit::SetRoster {
            player: 0,
            roster: hunters,
        },
    );
}

/// Line 209: a volley: two shots, the Attacks added, one target. The
/// lower orc's bow (1 attack) rolls 2 dice at Prec 8; the hunter dodges
/// with two (Hero) at Ph 12: 3 and 7 against 5 and 19: the 7 stands, the
/// 3 falls to the 5. The hunter's save 15 against 11 stops it.
#[test]
fn a_volley() {
    let (mut game, mut table) = example_game();
    let bow = Weapon {
        bow: true,
        ..ranged("Bow", 24.0, 1)
    };
    arm_orc(&mut game, &mut table, 1, bow);
    let mut order = AttackOrder::new(Id(12), 1, vec![target(1, 2, 10.0, ReactionChoice::Dodge)]);
    order.volley = true;
    assert_eq!(order.pool_size(&game.rosters[1].fighters[1]).unwrap(), 2);
    // Not split between targets.
    let mut split = order.clone();
    split.targets = vec![
        target(1, 1, 10.0, ReactionChoice::None),
        target(2, 1, 10.0, ReactionChoice::None),
    ];
    let e = refused(&mut game, &mut table, WarheimEdit::Attack(split));
    assert!(e.contains("Lower orc") && e.contains("line 209"), "{e}");
    apply(&mut game, &mut table, WarheimEdit::Attack(order.clone()));
    let WarheimOutcome::Attack(out) = answer_all(&mut game, 0, dice(&[&[3, 7], &[5, 19], &[15]]))
    else {
        panic!()
    };
    assert_eq!(out.exchanges[0].hits.a, 1);
    let hunter = out.change(Id(1)).unwrap();
    assert_eq!((hunter.hits, hunter.saved, hunter.t_lost), (1, 1, 0));
    // An Undisciplined archer does not volley.
    let mut orcs = game.rosters[1].clone();
    orcs.fighters[1].discipline = Discipline::Undisciplined;
    apply(
        &mut game,
        &mut table,
        WarheimEdit::SetRoster {
            player: 1,
            roster: orcs,
        },
    );
    let e = refused(&mut game, &mut table, WarheimEdit::Attack(order));
    assert!(e.contains("Disciplined"), "{e}");
}

/// Lines 177-179, 205 (PH16): a crossbow shoots, is unloaded, cannot
/// shoot, is reloaded, shoots again; in one activation a shot and a
/// reload of the same weapon are refused, of two weapons allowed.
#[test]
fn a_reload_cycle() {
    let (mut game, mut table) = example_game();
    let crossbow = Weapon {
        reload: true,
        ..ranged("Crossbow", 18.0, 4)
    };
    arm_orc(&mut game, &mut table, 0, crossbow.clone());
    arm_orc(
        &mut game,
        &mut table,
        0,
        Weapon {
            name: "Pistol".into(),
            ..crossbow
        },
    );
    let shot = AttackOrder::new(Id(11), 1, vec![target(1, 1, 6.0, ReactionChoice::None)]);
    apply(&mut game, &mut table, WarheimEdit::Attack(shot.clone()));
    assert!(!game.rosters[1].fighters[0].loaded(1));
    let e = refused(&mut game, &mut table, WarheimEdit::Attack(shot.clone()));
    assert!(
        e.contains("Upper orc") && e.contains("not loaded") && e.contains("line 177"),
        "{e}"
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Reload {
            fighter: Id(11),
            weapon: 1,
        },
    );
    let e = refused(
        &mut game,
        &mut table,
        WarheimEdit::Reload {
            fighter: Id(11),
            weapon: 1,
        },
    );
    assert!(e.contains("is loaded"), "{e}");
    apply(&mut game, &mut table, WarheimEdit::Attack(shot));
    // In an activation: shot and reload of the crossbow refused; the
    // crossbow's shot and the pistol's reload allowed.
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Reload {
            fighter: Id(11),
            weapon: 1,
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
        WarheimEdit::Activate {
            fighter: Id(1),
            source: Source::Pool,
            plan: feldherr_warheim::ActionPlan::Short(ShortAction::Special, None),
        },
    );
    apply(&mut game, &mut table, WarheimEdit::EndGroup);
    let orc_group = game
        .turn_view(1)
        .unwrap()
        .groups
        .iter()
        .position(|g| g.player == 1)
        .unwrap();
    apply(
        &mut game,
        &mut table,
        WarheimEdit::ChooseGroup {
            player: 1,
            group: orc_group,
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
        WarheimEdit::Declare(
            Declaration::short(ShortAction::Shoot)
                .with_weapon(1)
                .at(&[Id(1)]),
        ),
    );
    let e = refused(
        &mut game,
        &mut table,
        WarheimEdit::DeclareSecond(Declaration::short(ShortAction::Reload).with_weapon(1)),
    );
    assert!(e.contains("Upper orc") && e.contains("same weapon"), "{e}");
    apply(
        &mut game,
        &mut table,
        WarheimEdit::DeclareSecond(Declaration::short(ShortAction::Reload).with_weapon(2)),
    );
}

/// Lines 221, 223 (PH21): a blast (3 in) laid on three orcs: the table
/// says who is under it; each takes a hit; the fourth, 2.5 in away, not.
/// The hunter with a bomb (a Direct blast, weapon 1) at 10, 10; orcs 11,
/// 12 and 13 close together around 20, 10, orc 14 2.5 in beyond.
fn blast_game() -> (Warheim, Table) {
    let (mut game, mut table) = example_game();
    let bomb = Weapon {
        template: Some(Template::Blast),
        template_use: Some(TemplateUse::Direct),
        ..ranged("Bomb", 12.0, 2)
    };
    arm_hunter(&mut game, &mut table, bomb);
    let mut orcs = game.rosters[1].clone();
    for id in [13, 14] {
        let mut o = orcs.fighters[0].clone();
        o.id = Id(id);
        o.name = format!("Orc {id}");
        orcs.fighters.push(o);
    }
    orcs.groups[0].members.extend([Id(13), Id(14)]);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::SetRoster {
            player: 1,
            roster: orcs,
        },
    );
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 19.0, 10.0, 180.0);
    place(&mut game, &mut table, 12, 21.0, 10.0, 180.0);
    place(&mut game, &mut table, 13, 20.0, 11.2, 180.0);
    place(&mut game, &mut table, 14, 23.0, 10.0, 180.0);
    (game, table)
}

#[test]
fn a_blast_over_three_fighters() {
    let (mut game, mut table) = blast_game();
    let placement = blast_at_orcs();
    let under = game
        .under_template(&table, &placement, Some(Id(1)), false)
        .unwrap();
    assert_eq!(under, vec![Id(11), Id(12), Id(13)]);
    let mut order = AttackOrder::new(Id(1), 1, Vec::new());
    order.template = Some(placement);
    apply(&mut game, &mut table, WarheimEdit::Attack(order));
    let WarheimKind::Attack(spec) = game.resolutions[0].kind() else {
        panic!()
    };
    assert_eq!(spec.targets.len(), 3);
    assert!(spec.targets.iter().all(|t| t.template));
    // No dice to hit: the saves, strength 12 + 2 = 14 against Arm 1: 13.
    let WarheimOutcome::Attack(out) = answer_all(&mut game, 0, dice(&[&[13], &[5], &[12]])) else {
        panic!()
    };
    let lost: Vec<u32> = [11, 12, 13]
        .iter()
        .map(|&id| out.change(Id(id)).unwrap().t_lost)
        .collect();
    assert_eq!(lost, vec![0, 8, 1]);
    apply(&mut game, &mut table, WarheimEdit::Apply(Id(1)));
    assert!(
        game.rosters[1]
            .fighter(Id(12))
            .unwrap()
            .has(Condition::Dead)
    );
    assert_eq!(game.rosters[1].fighter(Id(13)).unwrap().current().t, 4);
}

/// Lines 175, 181, 199, 297: the upper orc hides behind a building where
/// the hunter cannot see him; seen, hiding is refused naming who sees;
/// the hunter spots him (Prec 12, a 6) and the marker is revealed; hidden
/// again, he is revealed and shot in one action.
#[test]
fn a_marker_spotted_and_revealed() {
    let (mut game, mut table) = example_game();
    let pistol = Weapon {
        reload: true,
        ..ranged("Pistol", 8.0, 4)
    };
    arm_hunter(&mut game, &mut table, pistol);
    add_rect(
        &mut table,
        BUILDING_KIND,
        13.0,
        10.0,
        2.0,
        4.0,
        0.0,
        feldherr_table::Layer::Terrain,
    );
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 16.0, 10.0, 180.0);
    place(&mut game, &mut table, 12, 30.0, 30.0, 90.0);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Hide {
            fighter: Id(11),
            overrule: false,
        },
    );
    assert!(game.rosters[1].fighters[0].has(Condition::Hidden));
    // A marker is no target (line 297), even where the players say the
    // hunter sees him.
    let mut at_marker = AttackOrder::new(Id(1), 1, vec![target(11, 1, 5.0, ReactionChoice::None)]);
    at_marker.overrule = true;
    let e = refused(&mut game, &mut table, WarheimEdit::Attack(at_marker));
    assert!(e.contains("Upper orc") && e.contains("line 297"), "{e}");
    // From behind the building he cannot spot him either.
    let e = refused(
        &mut game,
        &mut table,
        WarheimEdit::Spot {
            spotter: Id(1),
            target: Id(11),
            overrule: false,
        },
    );
    assert!(e.contains("Witch hunter") && e.contains("line 175"), "{e}");
    place(&mut game, &mut table, 1, 16.0, 14.0, 270.0);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Spot {
            spotter: Id(1),
            target: Id(11),
            overrule: false,
        },
    );
    let WarheimKind::Test(spec) = game.resolutions[0].kind() else {
        panic!()
    };
    assert_eq!(
        (spec.pool.dice, spec.pool.value),
        (2, 12),
        "Prec 12, Hero two dice"
    );
    answer_all(&mut game, 0, dice(&[&[6, 18]]));
    apply(&mut game, &mut table, WarheimEdit::Apply(Id(1)));
    assert!(!game.rosters[1].fighters[0].has(Condition::Hidden));
    // In sight he cannot hide: the message names who sees him.
    let e = refused(
        &mut game,
        &mut table,
        WarheimEdit::Hide {
            fighter: Id(11),
            overrule: false,
        },
    );
    assert!(
        e.contains("Upper orc") && e.contains("Witch hunter") && e.contains("line 181"),
        "{e}"
    );
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Hide {
            fighter: Id(11),
            overrule: true,
        },
    );
    // Reveal: spot (4, 20) and shoot (3) in one action; no reaction from
    // the marker; his save 15 against 12 + 4 - 1 stops the shot.
    let mut reveal = AttackOrder::new(Id(1), 1, vec![target(11, 2, 3.0, ReactionChoice::None)]);
    reveal.targets[0].dice = 2;
    apply(&mut game, &mut table, WarheimEdit::Reveal(reveal));
    let out = answer_all(
        &mut game,
        1,
        vec![
            Answer::Dice(vec![4, 20]),
            Answer::Dice(vec![3, 19]),
            Answer::Dice(vec![15]),
        ],
    );
    let WarheimOutcome::Reveal(r) = out else {
        panic!()
    };
    assert!(r.spot.passed);
    let shot = r.shot.unwrap();
    assert_eq!(shot.change(Id(11)).unwrap().saved, 1);
    apply(&mut game, &mut table, WarheimEdit::Apply(Id(2)));
    let orc = &game.rosters[1].fighters[0];
    assert!(!orc.has(Condition::Hidden));
    assert!(!game.rosters[0].fighters[0].loaded(1), "the pistol fired");
}

/// Line 243: a squad order draws one reaction from each enemy, however
/// many of the squad he saw.
#[test]
fn a_squad_order_draws_one_reaction() {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 16.0, 9.0, 180.0);
    place(&mut game, &mut table, 12, 16.0, 11.0, 180.0);
    start(&mut game, &mut table, 0, 0, 1);
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
    apply(
        &mut game,
        &mut table,
        WarheimEdit::React {
            fighter: Id(12),
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
    apply(&mut game, &mut table, WarheimEdit::BeginSquadOrder);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Declare(Declaration::short(ShortAction::Move)),
    );
    for (id, y) in [(11, 9.0), (12, 11.0)] {
        apply(
            &mut game,
            &mut table,
            WarheimEdit::DrawMove {
                fighter: Id(id),
                path: MovePath {
                    kind: MoveKind::Move,
                    points: vec![Point::new(14.0, y)],
                    rise: 0.0,
                    facing: Some(180.0),
                },
            },
        );
    }
    let a = game.activation().unwrap();
    assert_eq!(a.saw(Id(1)), &[Id(11), Id(12)]);
    let dodge = |against| WarheimEdit::React {
        fighter: Id(1),
        reaction: ReactionDecl::React {
            action: ShortAction::Dodge,
            against: Id(against),
            weapon: None,
            spell: None,
        },
    };
    apply(&mut game, &mut table, dodge(11));
    let e = refused(&mut game, &mut table, dodge(12));
    assert!(
        e.contains("Witch hunter") && e.contains("one reaction"),
        "{e}"
    );
}

/// Line 155: a throw into base contact (1.5 in, within the second Speed
/// of 2): a Ph test as a dodge, and on a pass he lands beside the orc; at
/// 2.5 in the throw is lost.
#[test]
fn a_throw() {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 12.5, 10.0, 180.0);
    place(&mut game, &mut table, 12, 30.0, 30.0, 90.0);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Throw {
            fighter: Id(1),
            target: Id(11),
        },
    );
    answer_all(&mut game, 0, dice(&[&[5, 17]]));
    apply(&mut game, &mut table, WarheimEdit::Apply(Id(1)));
    let p = game.piece_of(&table, Id(1)).unwrap().center();
    assert!(
        (p.x - 11.5).abs() < 1e-9 && (p.y - 10.0).abs() < 1e-9,
        "{p:?}"
    );
    place(&mut game, &mut table, 1, 9.0, 10.0, 0.0);
    let e = refused(
        &mut game,
        &mut table,
        WarheimEdit::Throw {
            fighter: Id(1),
            target: Id(11),
        },
    );
    assert!(
        e.contains("Witch hunter") && e.contains("lost") && e.contains("line 155"),
        "{e}"
    );
}

/// Line 277 (PH10): a Heavy hunter's charge hits the lower orc, who is
/// thrown back 1 in straight away from him when the attack is applied.
#[test]
fn a_heavy_charge_throws_back() {
    let (mut game, mut table) = example_game();
    let mut hunters = game.rosters[0].clone();
    hunters.fighters[0]
        .types
        .push(feldherr_warheim::ModelType::Heavy);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::SetRoster {
            player: 0,
            roster: hunters,
        },
    );
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 12, 11.0, 10.0, 180.0);
    let mut order = AttackOrder::new(Id(1), 0, vec![target(12, 3, 0.0, ReactionChoice::None)]);
    order.charge = true;
    apply(&mut game, &mut table, WarheimEdit::Attack(order));
    // Three hits at 17 (4, 5, 6); the orc saves all three (18, 19, 20).
    answer_all(&mut game, 0, dice(&[&[4, 5, 6], &[18], &[19], &[20]]));
    apply(&mut game, &mut table, WarheimEdit::Apply(Id(1)));
    let p = game.piece_of(&table, Id(12)).unwrap().center();
    assert!(
        (p.x - 12.0).abs() < 1e-9 && (p.y - 10.0).abs() < 1e-9,
        "{p:?}"
    );
}

/// Line 251: a panicking fighter runs his full move (both Speeds) for the
/// nearest edge; off the table he is gone from it.
#[test]
fn a_flight_off_the_table() {
    let (mut game, mut table) = example_game();
    place(&mut game, &mut table, 11, 10.0, 4.0, 0.0);
    let path = game.flight_path(&table, Id(11)).unwrap();
    assert_eq!(path.kind, MoveKind::Flee);
    assert_eq!((path.points[0].x, path.points[0].y), (10.0, -2.0));
    apply(
        &mut game,
        &mut table,
        WarheimEdit::DrawMove {
            fighter: Id(11),
            path,
        },
    );
    assert!(game.piece_of(&table, Id(11)).is_none());
    assert_eq!(game.problems(&table), Vec::new());
}

/// Lines 163, 197 (PH31): a shot needs sight of its target; an indirect
/// weapon snap-fires over the building at -6 to Prec and strength.
#[test]
fn snap_fire_over_a_building() {
    let (mut game, mut table) = example_game();
    let mortar = Weapon {
        indirect: true,
        ..ranged("Mortar", 24.0, 6)
    };
    arm_orc(&mut game, &mut table, 0, mortar);
    add_rect(
        &mut table,
        BUILDING_KIND,
        13.0,
        10.0,
        2.0,
        4.0,
        0.0,
        feldherr_table::Layer::Terrain,
    );
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 16.0, 10.0, 180.0);
    let shot = AttackOrder::new(Id(11), 1, vec![target(1, 1, 5.0, ReactionChoice::None)]);
    let e = refused(&mut game, &mut table, WarheimEdit::Attack(shot.clone()));
    assert!(e.contains("Upper orc") && e.contains("line 163"), "{e}");
    let mut snap = shot;
    snap.snap_fire = true;
    apply(&mut game, &mut table, WarheimEdit::Attack(snap));
    let WarheimKind::Attack(spec) = game.resolutions[0].kind() else {
        panic!()
    };
    assert_eq!(spec.targets[0].pool.value, 2, "Prec 8 - 6");
    assert_eq!(spec.strike.strength, 12, "Ph 12 + 6 - 6");
}

/// Line 219 (PH21): an Impact blast: the roll at the orc aimed at places
/// the template where the line from the firer meets his base; everyone
/// under it is hit.
#[test]
fn an_impact_template() {
    let (mut game, mut table) = example_game();
    let grenade = Weapon {
        template: Some(Template::Blast),
        template_use: Some(TemplateUse::Impact),
        ..ranged("Grenade", 10.0, 2)
    };
    arm_hunter(&mut game, &mut table, grenade);
    place(&mut game, &mut table, 1, 10.0, 10.0, 0.0);
    place(&mut game, &mut table, 11, 16.0, 10.0, 180.0);
    place(&mut game, &mut table, 12, 16.0, 11.5, 180.0);
    let mut order = AttackOrder::new(Id(1), 1, Vec::new());
    let mut aim = game
        .target_order(&table, Id(1), Id(11), ReactionChoice::None)
        .unwrap()
        .unwrap();
    aim.dice = 2;
    order.impact = Some(aim);
    apply(&mut game, &mut table, WarheimEdit::Attack(order));
    let WarheimKind::Attack(spec) = game.resolutions[0].kind() else {
        panic!()
    };
    let ids: Vec<Id> = spec.targets.iter().map(|t| t.target.id).collect();
    assert_eq!(ids, vec![Id(11), Id(12)]);
    // The roll misses (two fails at Prec 12): nobody is hit, no save.
    let WarheimOutcome::Attack(out) = answer_all(&mut game, 0, dice(&[&[19, 20]])) else {
        panic!()
    };
    assert_eq!(out.impact_hit, Some(false));
    assert!(out.changes.iter().all(|c| c.hits == 0));
}

fn blast_at_orcs() -> TemplatePlacement {
    TemplatePlacement {
        template: Template::Blast,
        at: Point::new(20.0, 10.0),
        direction: 0.0,
    }
}

/// Lines 215-221, 217 (PH9, PH21): in an activation the hunter throws his
/// bomb at the three orcs who saw him: each under the blast enters the
/// attack with no dice (a template rolls none) and the answer he declared:
/// orc 11 dodges (at -3), orc 13 turns, orc 12 passed and has none; their
/// dodge and turn are met inside the attack and marked done.
#[test]
fn a_blast_meets_the_declared_dodges() {
    let (mut game, mut table) = blast_game();
    start(&mut game, &mut table, 0, 0, 1);
    apply(
        &mut game,
        &mut table,
        WarheimEdit::Declare(Declaration::short(ShortAction::Shoot).with_weapon(1)),
    );
    let seers = game.activation().unwrap().seers();
    for id in seers {
        let reaction = match id.0 {
            11 => ReactionDecl::React {
                action: ShortAction::Dodge,
                against: Id(1),
                weapon: None,
                spell: None,
            },
            13 => ReactionDecl::React {
                action: ShortAction::Turn,
                against: Id(1),
                weapon: None,
                spell: None,
            },
            _ => ReactionDecl::Pass,
        };
        apply(
            &mut game,
            &mut table,
            WarheimEdit::React {
                fighter: id,
                reaction,
            },
        );
    }
    assert_eq!(game.template_reaction(Id(11), Id(1)), ReactionChoice::Dodge);
    assert_eq!(game.template_reaction(Id(12), Id(1)), ReactionChoice::None);
    let mut order = AttackOrder::new(Id(1), 1, Vec::new());
    order.template = Some(blast_at_orcs());
    apply(&mut game, &mut table, WarheimEdit::Attack(order));
    let WarheimKind::Attack(spec) = game.resolutions[0].kind() else {
        panic!()
    };
    let answers: Vec<(u64, u32, &str)> = spec
        .targets
        .iter()
        .map(|t| {
            let r = match t.reaction {
                feldherr_warheim::attack::ReactionSpec::Dodge { .. } => "dodge",
                feldherr_warheim::attack::ReactionSpec::Turn { .. } => "turn",
                feldherr_warheim::attack::ReactionSpec::None => "none",
                _ => "other",
            };
            (t.target.id.0, t.pool.dice, r)
        })
        .collect();
    assert_eq!(
        answers,
        vec![(11, 0, "dodge"), (12, 0, "none"), (13, 0, "turn")]
    );
    let a = game.activation().unwrap();
    assert!(a.is_done(Slot::Reaction(Id(11))) && a.is_done(Slot::Reaction(Id(13))));
    assert!(!a.is_done(Slot::Reaction(Id(12))));
}
