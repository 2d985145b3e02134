//! Close combat (F3, F4): data-driven cases from
//! `fixtures/wh40k-ffa/combats.json`, outnumbering ratios, odds and bad
//! input.

use feldherr_dice::OddsLine;
use feldherr_dice::step::{Answer, Driver, Prompt};
use feldherr_play::{Game, Id, PlayError};
use feldherr_wh40k_ffa::combat::fought_in_turn_of;
use feldherr_wh40k_ffa::{
    Combat, CombatOutcome, EngagedUnit, FfaEdit, FfaOutcome, OutnumberStep, OutnumberTable,
    SeveralWinners, SideEntry, SweepRule,
};
use serde::Deserialize;

use crate::common::{game, ok, refused, text};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Expected {
    winners: Vec<usize>,
    penalties: Vec<(usize, u8)>,
    tests: Vec<(Id, bool)>,
    refused: Vec<(usize, Vec<Id>)>,
    advanced: Vec<usize>,
    fleeing: Vec<Id>,
    destroyed: Vec<Id>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    rule: String,
    combat: Combat,
    answers: Vec<Answer>,
    expected: Expected,
}

fn cases() -> Vec<Case> {
    serde_json::from_str(include_str!("../../../../fixtures/wh40k-ffa/combats.json"))
        .expect("combat cases parse")
}

fn case(name: &str) -> Case {
    cases()
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no case {name}"))
}

/// Runs one case and compares its outcome with what is expected.
fn check(case: &Case) -> CombatOutcome {
    case.combat
        .check()
        .unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let driver = Driver::replay(case.combat.clone(), &case.answers)
        .unwrap_or_else(|e| panic!("{}: {e}", case.name));
    assert!(
        driver.prompt().is_none(),
        "{}: still asks {:?}",
        case.name,
        driver.prompt()
    );
    let outcome = driver.outcome().expect("finished").clone();
    let e = &case.expected;
    let name = &case.name;
    assert_eq!(outcome.winners, e.winners, "{name}: winners");
    let penalties: Vec<(usize, u8)> = outcome
        .outnumbering
        .iter()
        .map(|o| (o.seat, o.penalty))
        .collect();
    assert_eq!(penalties, e.penalties, "{name}: outnumbering");
    let tests: Vec<(Id, bool)> = outcome.tests.iter().map(|t| (t.unit, t.passed)).collect();
    assert_eq!(tests, e.tests, "{name}: tests");
    let refused: Vec<(usize, Vec<Id>)> = outcome
        .sweeps
        .iter()
        .filter(|s| !s.allowed())
        .map(|s| (s.seat, s.still_fighting.clone()))
        .collect();
    assert_eq!(refused, e.refused, "{name}: sweeps refused");
    let advanced: Vec<usize> = outcome
        .sweeps
        .iter()
        .filter(|s| s.advanced)
        .map(|s| s.seat)
        .collect();
    assert_eq!(advanced, e.advanced, "{name}: advanced");
    assert_eq!(outcome.fleeing, e.fleeing, "{name}: fleeing");
    assert_eq!(outcome.destroyed, e.destroyed, "{name}: destroyed");
    assert_eq!(
        outcome.sweeps.len(),
        outcome.winners.len(),
        "{name}: one sweep entry per winner"
    );
    // Every log line cites F3 or F4 (or is a roll or choice).
    for step in driver.log() {
        if let Some(rule) = &step.rule {
            assert!(rule == "F3" || rule == "F4", "{name}: {step}");
        }
    }
    assert!(
        driver
            .log()
            .iter()
            .any(|s| s.rule.as_deref() == Some(case.rule.as_str()))
    );
    outcome
}

#[test]
fn f3_f4_every_combat_case() {
    let cases = cases();
    assert!(cases.len() >= 9);
    for case in &cases {
        check(case);
    }
}

#[test]
fn f3_single_winner() {
    let outcome = check(&case("single winner of three sides"));
    assert_eq!(outcome.results, [(0, 5), (1, 3), (2, 1)]);
    // Ben (second) and Cem (third) both test: everyone who did not win.
    assert_eq!(
        outcome.tests.iter().map(|t| t.seat).collect::<Vec<_>>(),
        [1, 2]
    );
    assert_eq!(outcome.tests[0].faces, [3, 3]);
    assert_eq!(outcome.outnumbering[1].models, 4);
    assert_eq!(outcome.outnumbering[1].winner_models, 10);
}

#[test]
fn f3_two_way_tie_both_winners_spared() {
    let largest = check(&case("two-way tie, compared with the largest winning side"));
    assert_eq!(largest.outnumbering[0].winner_models, 9);
    let together = check(&case("two-way tie, option: all winning sides together"));
    assert_eq!(together.outnumbering[0].winner_models, 15);
    assert!(together.tests.iter().all(|t| t.seat == 2));
}

#[test]
fn f3_three_way_tie_only_the_fourth_tests() {
    let outcome = check(&case("three-way tie of four sides"));
    assert_eq!(outcome.tests.len(), 1);
    assert_eq!(outcome.tests[0].seat, 3);
}

#[test]
fn f4_sweep_refused_while_an_enemy_unit_still_fights() {
    let outcome = check(&case(
        "sweeping advance refused while an enemy unit still fights",
    ));
    assert!(!outcome.sweeps[0].advanced);
    assert!(outcome.sweeps[0].winner_rolls.is_empty());
}

#[test]
fn f4_sweep_under_both_options() {
    let ties = check(&case("sweeping advance, default: each tie destroys"));
    let totals: Vec<u32> = ties.sweeps[0]
        .winner_rolls
        .iter()
        .map(|r| r.total)
        .collect();
    assert_eq!(totals, [6, 7]);
    let fleeing: Vec<u32> = ties.sweeps[0]
        .fleeing_rolls
        .iter()
        .map(|r| r.total)
        .collect();
    assert_eq!(fleeing, [6, 5]);
    let higher = check(&case("sweeping advance, option: equal or higher destroys"));
    assert_eq!(higher.destroyed, [Id(3), Id(4)]);
    check(&case("sweeping advance declined"));
    check(&case(
        "every enemy destroyed: nobody tests, nothing to sweep",
    ));
}

#[test]
fn f4_sweep_odds_are_exact() {
    // One winner of I4 against one fleeing unit of I4.
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    assert!(close(
        SweepRule::TiesDestroy.chance_caught(&[4], 4),
        6.0 / 36.0
    ));
    assert!(close(
        SweepRule::EqualOrHigherDestroys.chance_caught(&[4], 4),
        21.0 / 36.0
    ));
    // Two winners: caught unless both miss the tie.
    assert!(close(
        SweepRule::TiesDestroy.chance_caught(&[4, 4], 4),
        11.0 / 36.0
    ));
    // Initiative 6 against 1: a tie needs the fleeing die 5 higher.
    assert!(close(
        SweepRule::TiesDestroy.chance_caught(&[6], 1),
        1.0 / 36.0
    ));
    assert!(close(
        SweepRule::EqualOrHigherDestroys.chance_caught(&[6], 1),
        36.0 / 36.0
    ));
    // Once the winners rolled 6 and 7, Marines (I3) die on a 3 or 4 under
    // the option... and on a 3 alone by default.
    assert!(close(
        SweepRule::TiesDestroy.chance_caught_given(&[6, 7], 3),
        2.0 / 6.0
    ));
    assert!(close(
        SweepRule::EqualOrHigherDestroys.chance_caught_given(&[6, 7], 3),
        4.0 / 6.0
    ));

    // The prompts carry them.
    let case = case("sweeping advance, default: each tie destroys");
    let driver = Driver::replay(case.combat.clone(), &case.answers[..3]).unwrap();
    let Some(Prompt::Roll(request)) = driver.prompt() else {
        panic!("winners roll")
    };
    assert_eq!(request.dice.len(), 2);
    let expect = SweepRule::TiesDestroy.chance_caught(&[4, 2], 3);
    assert!(close(request.odds[0].probability, expect));
    assert_eq!(request.odds[0].label, "Marines destroyed");
    let driver = Driver::replay(case.combat.clone(), &case.answers[..4]).unwrap();
    let Some(Prompt::Roll(request)) = driver.prompt() else {
        panic!("fleeing roll")
    };
    assert!(close(request.odds[0].probability, 2.0 / 6.0));
}

#[test]
fn f3_leadership_test_odds_are_exact() {
    let case = case("single winner of three sides");
    let driver = Driver::new(case.combat.clone());
    let Some(Prompt::Roll(request)) = driver.prompt() else {
        panic!("first test")
    };
    assert_eq!(request.dice.len(), 2);
    assert_eq!(request.rule.as_deref(), Some("F3"));
    assert!(
        request.purpose.contains("need 6 or less"),
        "{}",
        request.purpose
    );
    let pass: Vec<&OddsLine> = request
        .odds
        .iter()
        .filter(|o| o.label == "passed")
        .collect();
    assert_eq!(pass.len(), 1, "{:?}", request.odds);
    assert!((pass[0].probability - 15.0 / 36.0).abs() < 1e-15);
}

#[test]
fn f3_outnumbering_just_under_and_at_two_and_three_to_one() {
    let table = OutnumberTable::default();
    // (winning models, testing models, penalty)
    for (winners, testers, penalty) in [
        (5, 5, 0),
        (6, 5, 1),
        (9, 5, 1),   // 1.8 : 1, just under 2:1
        (10, 5, 2),  // 2:1
        (19, 10, 1), // 1.9 : 1
        (20, 10, 2),
        (14, 5, 2),  // 2.8 : 1, just under 3:1
        (29, 10, 2), // 2.9 : 1
        (15, 5, 3),  // 3:1
        (30, 10, 3),
        (100, 5, 3),
        (3, 5, 0),
        (5, 0, 0), // a side with no model left is not compared
    ] {
        assert_eq!(
            table.penalty(winners, testers),
            penalty,
            "{winners} against {testers}"
        );
    }
    // The table is game data: an edited table applies its own rows.
    let edited = OutnumberTable {
        steps: vec![
            OutnumberStep {
                ratio: 1.5,
                strictly: false,
                penalty: 1,
            },
            OutnumberStep {
                ratio: 2.0,
                strictly: true,
                penalty: 4,
            },
        ],
    };
    assert_eq!(edited.penalty(7, 5), 0);
    assert_eq!(edited.penalty(15, 10), 1);
    assert_eq!(edited.penalty(20, 10), 1);
    assert_eq!(edited.penalty(21, 10), 4);
    // Bad rows are refused by name.
    let bad = OutnumberTable {
        steps: vec![OutnumberStep {
            ratio: 1.0,
            strictly: false,
            penalty: 1,
        }],
    };
    assert!(text(&bad.check().unwrap_err()).contains("outnumbering.steps[0].ratio: 1"));
    let bad = OutnumberTable {
        steps: vec![OutnumberStep {
            ratio: 2.0,
            strictly: false,
            penalty: 11,
        }],
    };
    assert!(text(&bad.check().unwrap_err()).contains("outnumbering.steps[0].penalty: 11"));
    let bad = OutnumberTable {
        steps: vec![OutnumberStep {
            ratio: f64::INFINITY,
            strictly: false,
            penalty: 1,
        }],
    };
    assert!(bad.check().is_err());
    assert_eq!(SeveralWinners::default(), SeveralWinners::LargestSide);
}

#[test]
fn f3_bad_combats_name_the_field() {
    let base = case("single winner of three sides").combat;
    let mut one = base.clone();
    one.sides.truncate(1);
    assert!(text(&one.check().unwrap_err()).contains("sides: 1"));
    let mut twice = base.clone();
    twice.sides[1].seat = 0;
    assert!(text(&twice.check().unwrap_err()).contains("sides[1].seat: 1"));
    let mut many = base.clone();
    many.sides[2].casualties_caused = 1001;
    assert!(text(&many.check().unwrap_err()).contains("sides[2].casualties_caused: 1001"));
    let mut empty = base.clone();
    empty.sides[2].units.clear();
    assert!(text(&empty.check().unwrap_err()).contains("sides[2].units: 0"));
    let mut ld = base.clone();
    ld.sides[1].units[0].leadership = 12;
    assert!(text(&ld.check().unwrap_err()).contains("sides[1].units[0].leadership: 12"));
    let mut dup = base.clone();
    dup.sides[2].units[0].unit = Id(1);
    assert!(text(&dup.check().unwrap_err()).contains("sides[2].units[0].unit: #1"));
    let mut away = base.clone();
    away.turn_of = 3;
    let err = away.check().unwrap_err();
    assert!(
        matches!(&err, PlayError::Refused { rule: Some(r), .. } if r == "F3"),
        "{err:?}"
    );
    // Unknown keys in a saved combat are refused.
    let mut json = serde_json::to_value(&base).unwrap();
    json["sides"][0]["extra"] = serde_json::json!(1);
    assert!(serde_json::from_value::<Combat>(json).is_err());
}

#[test]
fn f3_only_combats_of_the_active_player_are_fought_in_his_turn() {
    assert!(fought_in_turn_of(&[0, 2], 2));
    assert!(!fought_in_turn_of(&[0, 2], 1));

    let (mut g, mut table) = game(3);
    let side = |seat: usize, caused: u32, unit: u64, lost: u32| SideEntry {
        seat,
        casualties_caused: caused,
        units: vec![EngagedUnit::new(Id(unit), lost)],
    };
    // Before the roll-off there is no turn to fight in.
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::StartCombat {
            sides: vec![side(0, 1, 11, 0), side(1, 0, 21, 0)],
        },
    );
    assert!(text(&err).contains("roll off"), "{err}");
    ok(&mut g, &mut table, FfaEdit::StartRollOff);
    g.resolutions_mut()
        .answer_at(0, Answer::Dice(vec![1, 2, 6]))
        .unwrap();
    ok(&mut g, &mut table, FfaEdit::Apply(Id(1)));
    assert_eq!(g.current_turn(), Some((1, 2)));
    // Cem's turn: Anna against Ben is not fought now.
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::StartCombat {
            sides: vec![side(0, 1, 11, 0), side(1, 0, 21, 0)],
        },
    );
    assert!(text(&err).contains("active player (player 3)"), "{err}");
    // Units are checked against the armies: Anna's unit on Cem's side.
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::StartCombat {
            sides: vec![side(2, 1, 11, 0), side(1, 0, 21, 0)],
        },
    );
    assert!(text(&err).contains("sides[0].units[0].unit: #11"), "{err}");
    assert!(
        text(&err).contains("Anna Trupp 1 of Anna: Anna is not in this combat"),
        "{err}"
    );
    // More casualties than models.
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::StartCombat {
            sides: vec![side(2, 1, 31, 11), side(1, 0, 21, 0)],
        },
    );
    assert!(text(&err).contains("sides[0].units[0].lost: 11"), "{err}");
    assert!(
        text(&err).contains("Cem Trupp 1 of Cem has only 10 models left"),
        "{err}"
    );
    ok(
        &mut g,
        &mut table,
        FfaEdit::StartCombat {
            sides: vec![side(2, 3, 31, 0), side(1, 1, 21, 0), side(0, 0, 11, 8)],
        },
    );
    assert_eq!(g.combats_in_turns_of(2), [Id(2)]);
    assert!(g.combats_in_turns_of(0).is_empty());
    // Applying an unfinished combat is refused; answer it through the list.
    assert_eq!(
        refused(&mut g, &mut table, FfaEdit::Apply(Id(2))),
        PlayError::Unfinished
    );
    for faces in [[4, 4], [1, 1]] {
        g.resolutions_mut()
            .answer_at(1, Answer::Dice(faces.to_vec()))
            .unwrap();
    }
    // Ben (10 models, Ld 8) passed on 8; Anna (2 models against 10: -3, Ld 8 - 3 = 5) held on 2.
    let Some(FfaOutcome::Combat(outcome)) = g.saved()[1].outcome().cloned() else {
        panic!("finished")
    };
    assert_eq!(
        outcome
            .outnumbering
            .iter()
            .map(|o| o.penalty)
            .collect::<Vec<_>>(),
        [0, 3]
    );
    assert_eq!(outcome.tests.iter().filter(|t| t.passed).count(), 2);
    ok(&mut g, &mut table, FfaEdit::Apply(Id(2)));
    assert!(g.resolutions().applied_at(1));
    refused(&mut g, &mut table, FfaEdit::Apply(Id(2)));
    assert!(matches!(
        refused(&mut g, &mut table, FfaEdit::Apply(Id(9))),
        PlayError::NotFound { .. }
    ));
}

#[test]
fn log_lines_say_leadership_minus_two_never_minus_zero_and_show_the_sweep_totals() {
    let mut penalties = Vec::new();
    for case in cases() {
        let driver = Driver::replay(case.combat.clone(), &case.answers).expect("answers fit");
        for step in driver.log() {
            assert!(!step.text.contains("-0"), "{}: {}", case.name, step.text);
            let key = step.message.as_ref().map(|m| m.key.as_str());
            if key == Some("wh40k_ffa.log.outnumbered") {
                assert!(step.get("penalty").is_some_and(|p| p > 0), "{}", step.text);
                penalties.push(step.text.clone());
            }
        }
    }
    assert!(penalties.iter().any(|t| t.contains("Leadership -2")));
    // A side that is not outnumbered gets its own words.
    let four = case("three-way tie of four sides");
    let driver = Driver::replay(four.combat.clone(), &four.answers).unwrap();
    let line = driver
        .log()
        .iter()
        .find(|s| {
            s.message
                .as_ref()
                .is_some_and(|m| m.key == "wh40k_ffa.log.not_outnumbered")
        })
        .expect("Dora is not outnumbered");
    assert!(
        line.text
            .contains("5 models against 5 winning models, not outnumbered")
    );
    // The sweeping advance shows each winner's total and each fleeing
    // unit's total against them.
    let sweep = case("sweeping advance, default: each tie destroys");
    let driver = Driver::replay(sweep.combat.clone(), &sweep.answers).unwrap();
    let texts: Vec<&str> = driver.log().iter().map(|s| s.text.as_str()).collect();
    let totals = texts
        .iter()
        .find(|t| t.contains("advances:"))
        .expect("a totals line");
    assert!(
        totals.contains("Boyz 6 (") && totals.contains("Nobz 7 ("),
        "{totals}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("against 6, 7: caught and destroyed")),
        "{texts:#?}"
    );
}
