//! Issue #28 for Confrontation: every impossible state a saved game can
//! hold is refused by `problems()` with the path of the field (and the rule
//! where one is broken); random sequences of edits the game accepts never
//! produce a game `problems()` refuses, and every such game saves and loads
//! back equal.

use feldherr_confrontation::ConfrontationGame;
use feldherr_confrontation::game::{
    Characteristic, FigureAbility, FigureStats, MoraleTest, RollPurpose, ShotOrder, Subject,
};
use feldherr_confrontation::{ConfrontationEdit, WoundLevel};
use feldherr_dice::step::{Answer, Prompt};
use feldherr_play::{Game, Id};
use feldherr_table::TableEdit;
use feldherr_table::geometry::{Angle, FacingArc, Point};
use proptest::prelude::*;
use serde_json::{Value, json};

use super::support::{Example, example_game};

/// A change to the saved example and what `problems()` must say: the path
/// it starts with, words in the message, and the rule if one is named.
struct Case {
    what: &'static str,
    change: fn(&mut Value),
    path: &'static str,
    words: &'static str,
    rule: Option<&'static str>,
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            what: "SP lost beyond the card",
            change: |g| g["machines"][3]["state"]["sp_lost"] = json!(9),
            path: "machines[3].state",
            words: "Panzer has 8 SP",
            rule: None,
        },
        Case {
            what: "a machine without SP left not destroyed",
            change: |g| g["machines"][3]["state"]["sp_lost"] = json!(8),
            path: "machines[3].state.destroyed",
            words: "no SP left but not destroyed",
            rule: Some("C1"),
        },
        Case {
            what: "a speed marker without Unaufhaltsam",
            change: |g| g["machines"][3]["state"]["speed_marker"] = json!(true),
            path: "machines[3].state",
            words: "Panzer has no Unaufhaltsam",
            rule: None,
        },
        Case {
            what: "an immobile machine frightened",
            change: |g| g["machines"][1]["state"]["frightened"] = json!(true),
            path: "machines[1].state",
            words: "Felsspalter is immobile",
            rule: None,
        },
        Case {
            what: "a mobile machine re-aimed",
            change: |g| g["machines"][3]["state"]["reaimed"] = json!(true),
            path: "machines[3].state",
            words: "it turns by driving",
            rule: None,
        },
        Case {
            what: "a jam without artillery",
            change: |g| g["machines"][2]["state"]["jammed"] = json!(true),
            path: "machines[2].state",
            words: "Panzerwagen has no artillery",
            rule: None,
        },
        Case {
            what: "an SP history beyond the card",
            change: |g| g["machines"][3]["sp_history"] = json!([8, 12]),
            path: "machines[3].sp_history[1]",
            words: "12 SP",
            rule: None,
        },
        Case {
            what: "a machine of a side that does not exist",
            change: |g| g["machines"][0]["side"] = json!(9),
            path: "machines[0].side",
            words: "side #9 does not exist",
            rule: None,
        },
        Case {
            what: "a captured machine whose captor does not exist",
            change: |g| g["machines"][1]["held_by"] = json!(9),
            path: "machines[1].held_by",
            words: "captured by side #9, which does not exist",
            rule: None,
        },
        Case {
            what: "a machine held by its own side",
            change: |g| g["machines"][1]["held_by"] = json!(1),
            path: "machines[1].held_by",
            words: "held by its own side",
            rule: None,
        },
        Case {
            what: "a machine without BES captured",
            change: |g| g["machines"][3]["held_by"] = json!(1),
            path: "machines[3].held_by",
            words: "cannot be captured",
            rule: Some("PC9"),
        },
        Case {
            what: "two machines with one id",
            change: |g| g["machines"][1]["id"] = json!(1),
            path: "machines[1].id",
            words: "id #1 is also machines[0]'s",
            rule: None,
        },
        Case {
            what: "a contact limit of 0",
            change: |g| g["machines"][1]["contact_limit"] = json!(0),
            path: "machines[1].contact_limit",
            words: "1 to 99",
            rule: None,
        },
        Case {
            what: "two crew figures with one id",
            change: |g| g["crew"][1]["id"] = json!(1),
            path: "crew[1].id",
            words: "id #1 is also crew[0]'s",
            rule: None,
        },
        Case {
            what: "one figure crew of two machines",
            change: |g| g["crew"][0]["piece"] = json!(7),
            path: "crew[5].piece",
            words: "piece 7 is also crew[0]",
            rule: None,
        },
        Case {
            what: "crew of a machine that does not exist",
            change: |g| g["crew"][0]["machine"] = json!(99),
            path: "crew[0].machine",
            words: "machine #99 does not exist",
            rule: None,
        },
        Case {
            what: "crew of a side that does not exist",
            change: |g| g["crew"][0]["side"] = json!(9),
            path: "crew[0].side",
            words: "side #9 does not exist",
            rule: None,
        },
        Case {
            what: "crew from a card entry that does not exist",
            change: |g| g["crew"][0]["origin"]["slot"] = json!(7),
            path: "crew[0].origin.slot",
            words: "Ballista lists 3 crew figure(s)",
            rule: None,
        },
        Case {
            what: "two crew figures from one card entry",
            change: |g| g["crew"][1]["origin"]["slot"] = json!(0),
            path: "crew[1].origin",
            words: "crew[0] came with the same card entry",
            rule: None,
        },
        Case {
            what: "a supplied crew figure as auxiliary",
            change: |g| g["crew"][3]["role"] = json!("auxiliary"),
            path: "crew[3].role",
            words: "supplied with a machine, so crew",
            rule: None,
        },
        Case {
            what: "a killed crew figure alive",
            change: |g| g["crew"][0]["wound"] = json!("killed"),
            path: "crew[0].wound",
            words: "SOFORT TOT exactly when dead",
            rule: None,
        },
        Case {
            what: "a crew figure dead whose figure lives",
            change: |g| g["crew"][5]["dead"] = json!(true),
            path: "crew[5].dead",
            words: "dead exactly when its figure (piece 7) is",
            rule: None,
        },
        Case {
            what: "one side only",
            change: |g| {
                if let Some(s) = g["sides"].as_array_mut() {
                    s.truncate(1);
                }
            },
            path: "sides",
            words: "at least two",
            rule: None,
        },
        Case {
            what: "two sides with one name",
            change: |g| g["sides"][1]["name"] = json!("Goblins"),
            path: "sides[1].name",
            words: "another side has this name",
            rule: None,
        },
        Case {
            what: "round 1000",
            change: |g| g["round"]["number"] = json!(1000),
            path: "round.number",
            words: "at most 999",
            rule: None,
        },
        Case {
            what: "deployment in round 1",
            change: |g| g["round"]["phase"] = json!("deployment"),
            path: "round.phase",
            words: "deployment is round 0",
            rule: Some("PC2"),
        },
        Case {
            what: "an activation of a machine that does not exist",
            change: |g| g["round"]["activated"] = json!([{"machine": 99, "side": 1}]),
            path: "round.activated[0].machine",
            words: "machine #99 does not exist",
            rule: None,
        },
        Case {
            what: "a side activating a machine it neither fielded nor holds",
            change: |g| g["round"]["activated"] = json!([{"machine": 4, "side": 1}]),
            path: "round.activated[0].side",
            words: "Goblins neither fielded nor holds Panzer",
            rule: Some("PC14"),
        },
        Case {
            what: "an active card not activated",
            change: |g| g["round"]["active"] = json!({"machine": 4, "side": 2}),
            path: "round.active",
            words: "not among this round's activations",
            rule: None,
        },
        Case {
            what: "a figure of a side that does not exist",
            change: |g| g["figures"]["3"]["side"] = json!(9),
            path: "figures[3].side",
            words: "side #9 does not exist",
            rule: None,
        },
        Case {
            what: "a figure's value out of bounds",
            change: |g| g["figures"]["3"]["fer"] = json!(40),
            path: "figures[3]",
            words: "FER: 40",
            rule: None,
        },
        Case {
            what: "a killed figure kept as wounded",
            change: |g| g["wounds"] = json!({"3": "killed"}),
            path: "wounds[3]",
            words: "the killed are dead",
            rule: None,
        },
        Case {
            what: "a wound of a figure without values",
            change: |g| g["wounds"] = json!({"99": "light"}),
            path: "wounds[99]",
            words: "figure 99 has no values",
            rule: None,
        },
        Case {
            what: "a mine laid by nobody",
            change: |g| g["markers"]["8"]["crew"] = json!(99),
            path: "markers[8].crew",
            words: "crew figure #99 does not exist",
            rule: None,
        },
        Case {
            what: "a mine laid by a crew figure who lays none",
            change: |g| g["markers"]["8"]["crew"] = json!(4),
            path: "markers[8].crew",
            words: "Guigne has no ability to lay a mine",
            rule: Some("C10"),
        },
        Case {
            what: "a mine that is a barricade",
            change: |g| g["markers"]["8"]["kind"] = json!("barricade"),
            path: "markers[8].kind",
            words: "is no barricade",
            rule: None,
        },
        Case {
            what: "a template of 0 cm",
            change: |g| g["settings"]["template_cm"] = json!(0.0),
            path: "settings",
            words: "1 to 50 cm",
            rule: None,
        },
        Case {
            what: "a figure's piece that is gone",
            change: |g| g["figures"]["55"] = json!({"res": 3}),
            path: "figures[55]",
            words: "piece 55 is not on the table",
            rule: None,
        },
    ]
}

#[test]
fn problems_refuse_every_impossible_state_with_its_path_and_rule() {
    let example = example_game();
    let base = serde_json::to_value(&example.game).expect("json");
    for case in cases() {
        let mut doc = base.clone();
        (case.change)(&mut doc);
        let game: ConfrontationGame = serde_json::from_value(doc)
            .unwrap_or_else(|e| panic!("{}: the changed game loads: {e}", case.what));
        let problems = game.problems(&example.table);
        let found = problems.iter().find(|p| {
            p.path.starts_with(case.path)
                && p.message.contains(case.words)
                && (case.rule.is_none() || p.rule.as_deref() == case.rule)
        });
        assert!(
            found.is_some(),
            "{}: expected {} / {} / {:?}, got {problems:#?}",
            case.what,
            case.path,
            case.words,
            case.rule
        );
    }
}

/// Old crew lists in a game that keeps crew figures, unknown keys and bad
/// crew indices of an old save are refused on load, naming the field.
#[test]
fn what_does_not_load_is_named() {
    let example = example_game();
    let mut doc = serde_json::to_value(&example.game).expect("json");
    doc["machines"][1]["crew_engaged"] = json!([0]);
    let err = serde_json::from_value::<ConfrontationGame>(doc).unwrap_err();
    assert!(
        err.to_string().contains("machines[1]: old crew lists"),
        "{err}"
    );
    let old = json!({"machines": [{"id": 1, "card": {"name": "Ballista", "mobility": "immobile",
        "sp": 4, "gew": 8, "bes": 1, "res": 10, "crew": [{"name": "Servant", "bew": 10}]},
        "state": {"crew_in_contact": [3]}}]});
    let err = serde_json::from_value::<ConfrontationGame>(old).unwrap_err();
    assert!(
        err.to_string()
            .contains("machines[0].state.crew_in_contact[0]: 3 is no crew figure of Ballista"),
        "{err}"
    );
}

/// The example with two more figures who can do most things, a dwarf
/// Thallion (FER and DIS 4, STR 5, Finte, Schlagabfolge, Konzentration)
/// and a goblin veteran (FER and DIS 3, Instabil/5, Fechtmeister, of
/// Henn's type), and a second Felsspalter without a piece.
fn rich_example() -> Example {
    let mut game = example_game();
    let mut dwarf = FigureStats::new(5, Id(2));
    dwarf.fer = Some(4);
    dwarf.dis = Some(4);
    dwarf.str = Some(5);
    dwarf.att = Some(4);
    dwarf.abilities = vec![
        FigureAbility::Finte,
        FigureAbility::Schlagabfolge,
        FigureAbility::Konzentration {
            x: 3,
            bold: vec![Characteristic::Att],
        },
    ];
    game.add_figure(10, "Thallion", Point::new(40.0, 40.0), dwarf);
    let mut veteran = FigureStats::new(3, Id(1));
    veteran.fer = Some(3);
    veteran.dis = Some(3);
    veteran.abilities = vec![FigureAbility::Instabil(5), FigureAbility::Fechtmeister];
    veteran.card = Some("Henn".into());
    game.add_figure(11, "Veteran", Point::new(50.0, 90.0), veteran);
    game.edit(ConfrontationEdit::DeployMachine {
        card: super::support::card("Felsspalter"),
        side: Id(1),
    })
    .expect("a second Felsspalter");
    game
}

/// The figure pieces of the game, living or dead.
fn figure_pieces(game: &Example) -> Vec<u64> {
    game.game.figures.keys().copied().collect()
}

/// One random edit of the kinds the screens make, from small numbers,
/// aimed at what the game allows now most of the time.
fn edit_from(game: &Example, pick: u8, a: u8, b: u8, c: u8) -> Option<ConfrontationEdit> {
    let active = game.game.round.active.map(|x| x.machine);
    let machine = match (active, b % 3) {
        (Some(m), 0 | 1) => m,
        _ => Id(u64::from(a % 5) + 1),
    };
    let controller = game.game.machine(machine).map_or(Id(1), |m| m.controller());
    let side = if c.is_multiple_of(4) {
        Id(u64::from(b % 2) + 1)
    } else {
        controller
    };
    let figures = figure_pieces(game);
    let piece = figures
        .get(usize::from(a) % figures.len().max(1))
        .copied()
        .unwrap_or(3);
    let crew: Vec<Id> = game.game.crew.iter().map(|c| c.id).collect();
    let crew = crew
        .get(usize::from(b) % crew.len().max(1))
        .copied()
        .unwrap_or(Id(1));
    let (start, facing) = game
        .game
        .machine_start(&game.table, machine)
        .unwrap_or((Point::new(60.0, 60.0), Angle::ZERO));
    let level = [
        WoundLevel::Light,
        WoundLevel::Serious,
        WoundLevel::Critical,
        WoundLevel::Killed,
    ][usize::from(c % 4)];
    let along = |d: f64, turn: f64| {
        let a = facing.degrees() + turn;
        Point::new(
            start.x + d * a.to_radians().cos(),
            start.y + d * a.to_radians().sin(),
        )
    };
    Some(match pick % 28 {
        0 => ConfrontationEdit::NextPhase,
        2 => ConfrontationEdit::EndRound {
            touching: if c.is_multiple_of(2) {
                vec![machine]
            } else {
                Vec::new()
            },
        },
        1 | 3 | 4 => ConfrontationEdit::Activate { machine, side },
        5 => ConfrontationEdit::EndActivation,
        6 | 7 => ConfrontationEdit::DriveMachine {
            machine,
            path: vec![
                start,
                along(
                    f64::from(c % 16) + 1.0,
                    if b.is_multiple_of(2) {
                        0.0
                    } else {
                        f64::from(c % 90) - 45.0
                    },
                ),
            ],
            take_marker: c.is_multiple_of(2),
            movers: None,
        },
        8 => ConfrontationEdit::ReaimMachine {
            machine,
            facing: Angle::from_degrees(f64::from(c) * 2.0).unwrap_or(Angle::ZERO),
        },
        9 => ConfrontationEdit::StopMachine(machine),
        10 => ConfrontationEdit::SetCrew {
            crew,
            in_contact: c.is_multiple_of(2),
            engaged: c.is_multiple_of(3),
            fleeing: c.is_multiple_of(5),
        },
        11 => ConfrontationEdit::DirectWound {
            target: match c % 3 {
                0 => Subject::Machine(machine),
                1 => Subject::Figure(piece),
                _ => Subject::Crew(crew),
            },
            wound: level,
        },
        12 => ConfrontationEdit::SetFrightened {
            machine,
            frightened: c.is_multiple_of(2),
        },
        13 => ConfrontationEdit::SetFigureWound {
            piece,
            wound: level,
        },
        14 => ConfrontationEdit::AddAuxiliary { piece, machine },
        15 => ConfrontationEdit::Capture {
            machine,
            captors: vec![piece],
            holders_far: !c.is_multiple_of(4),
        },
        16 => ConfrontationEdit::TransferCrew { crew, to: machine },
        17 => ConfrontationEdit::ReleaseAuxiliary(crew),
        18 => ConfrontationEdit::JoinCrew { piece, machine },
        19 => ConfrontationEdit::MoveMachine {
            machine,
            to: Point::new(f64::from(b % 110) + 5.0, f64::from(c % 110) + 5.0),
            facing: Angle::from_degrees(f64::from(c)).ok(),
        },
        20 => ConfrontationEdit::RemoveFigure(piece),
        21 => ConfrontationEdit::CrewKilled(crew),
        22 => ConfrontationEdit::SpendConcentration {
            piece: 10,
            characteristic: Characteristic::Att,
            points: u32::from(c % 3),
        },
        23 => ConfrontationEdit::BuyExtraDie(10),
        24 => ConfrontationEdit::Leave {
            machine,
            passenger: usize::from(c % 2),
            side: Some(FacingArc::Rear),
            stop: c.is_multiple_of(2),
        },
        25 => ConfrontationEdit::Board {
            machine,
            passenger: feldherr_confrontation::Passenger::new(
                "Rider",
                feldherr_confrontation::Size::Small,
                3,
            ),
            side: Some(FacingArc::Rear),
            moving: false,
        },
        26 => ConfrontationEdit::StartFeint {
            piece: 10,
            opponent: piece,
            successful: u32::from(c % 3),
            opp_att: u32::from(b % 3),
            opp_def: u32::from(a % 3),
        },
        27 => ConfrontationEdit::SetFigureStats { piece, stats: None },
        _ => return None,
    })
}

/// A figure walks up to touch a machine's east, north, west or south edge
/// (a table move, as the host makes it).
fn walk_up(game: &mut Example, a: u8, b: u8) {
    let figures = figure_pieces(game);
    let Some(piece) = figures.get(usize::from(a) % figures.len().max(1)).copied() else {
        return;
    };
    let Some(m) = game
        .game
        .machines
        .get(usize::from(b) % game.game.machines.len().max(1))
    else {
        return;
    };
    let Some((at, facing)) = game.game.machine_start(&game.table, m.id) else {
        return;
    };
    let (dx, dy) = [(5.25, 0.0), (0.0, 3.75), (-5.25, 0.0), (0.0, -3.75)][usize::from(b % 4)];
    let (s, c) = facing.degrees().to_radians().sin_cos();
    let to = Point::new(at.x + dx * c - dy * s, at.y + dx * s + dy * c);
    if to.x > 1.0 && to.x < 119.0 && to.y > 1.0 && to.y < 119.0 {
        let _ = game.table.apply(TableEdit::Move { id: piece, to });
    }
}

/// A resolution of the kinds the screens make, answered with `dice` and
/// applied when it ends.
fn resolve_random(game: &mut Example, pick: u8, a: u8, dice: &[u8]) {
    let machine = Id(u64::from(a % 5) + 1);
    let piece = u64::from(a % 8) + 1;
    let kind = match pick % 10 {
        0 => game
            .game
            .shot_inputs(&game.table, &ShotOrder::new(machine, piece, 5))
            .ok()
            .map(feldherr_confrontation::ConfrontationKind::Shot),
        1 => game
            .game
            .damage_inputs(machine, i32::from(a % 15), a.is_multiple_of(2))
            .ok(),
        2 => game.game.steam_inputs(machine, 1).ok(),
        3 => game.game.total_failure_inputs(machine).ok(),
        4 => game.game.instabil_inputs(machine).ok(),
        5 => game
            .game
            .mechanics(&game.table, machine)
            .first()
            .and_then(|(m, _)| game.game.repair_inputs(&game.table, machine, *m).ok()),
        6 => game
            .game
            .morale_inputs(
                &game.table,
                Subject::Machine(machine),
                MoraleTest::Courage,
                8,
            )
            .ok(),
        7 => game
            .game
            .figure_roll_inputs(
                &game.table,
                &feldherr_confrontation::game::FigureRollOrder {
                    subject: Subject::Figure(piece),
                    purpose: RollPurpose::Attack,
                    characteristic: Characteristic::Att,
                    difficulty: 6,
                    against: None,
                    value: Some(3),
                },
            )
            .ok(),
        8 => game
            .game
            .instabil_figure_inputs(&game.table, Subject::Figure(11))
            .ok(),
        _ => game
            .game
            .mine_inputs(&game.table, 8)
            .ok()
            .map(feldherr_confrontation::ConfrontationKind::Hits),
    };
    let Some(kind) = kind else { return };
    if game.edit(ConfrontationEdit::AddResolution(kind)).is_err() {
        return;
    }
    let id = game
        .game
        .resolutions
        .last()
        .map(|r| r.id())
        .unwrap_or(Id(0));
    for face in dice.iter().cycle().take(60) {
        let Some(prompt) = game
            .game
            .resolution(id)
            .and_then(|r| r.resolution().prompt().cloned())
        else {
            break;
        };
        let answer = match prompt {
            Prompt::Roll(r) => Answer::Dice(
                r.dice
                    .iter()
                    .map(|d| u32::from(*face) % d.sides() + 1)
                    .collect(),
            ),
            Prompt::Choice(c) => Answer::Choice(usize::from(*face) % c.options.len().max(1)),
        };
        if game
            .edit(ConfrontationEdit::Answer {
                resolution: id,
                answer,
            })
            .is_err()
        {
            break;
        }
    }
    let _ = game.edit(ConfrontationEdit::ApplyResult(id));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random sequences of edits the game accepts (figures walking up to
    /// machines, resolutions answered with random dice and applied) never
    /// produce a game `problems()` refuses; each such game saves and loads
    /// back equal.
    #[test]
    fn accepted_edits_never_make_an_impossible_game(
        steps in prop::collection::vec((any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>(), 0u8..8, prop::collection::vec(any::<u8>(), 1..6)), 1..60)
    ) {
        let mut game = rich_example();
        for (pick, a, b, c, kind, dice) in steps {
            let before = game.clone();
            match kind {
                0 | 1 => resolve_random(&mut game, pick, a, &dice),
                2 => walk_up(&mut game, a, b),
                _ => {
                    let Some(edit) = edit_from(&game, pick, a, b, c) else { continue };
                    if game.edit(edit.clone()).is_err() {
                        prop_assert_eq!(&game.game, &before.game, "a refused edit changed the game");
                        continue;
                    }
                }
            }
            let problems = game.game.problems(&game.table);
            prop_assert!(problems.is_empty(), "after {:?}: {:#?}", (pick, a, b, c, kind), problems);
        }
        let text = serde_json::to_string(&game.game).expect("json");
        let back: ConfrontationGame = serde_json::from_str(&text).expect("loads");
        prop_assert_eq!(back, game.game.clone());
    }
}
