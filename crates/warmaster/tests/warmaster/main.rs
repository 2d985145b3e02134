//! Tests of feldherr-warmaster: the data-driven cases of
//! `fixtures/warmaster/cases.json` (break points W7, army problems and
//! import, EP per scenario W5, VP W8, placement distances W1) through one
//! `check` helper, and the modules below for the alternating placement,
//! control from stands, the battle's special rules and end conditions,
//! the clock, the dice steps, the example game and the tournament.

mod alternating;
mod battle;
mod clock;
mod control;
mod example;
mod guide;
mod messages;
mod options;
mod properties;
mod refusals;
mod report;
mod result_entry;
mod rolls;
mod tournament;
mod validation;

use std::collections::BTreeMap;

use feldherr_play::{Game, Id, PlayError};
use feldherr_table::Table;
use feldherr_table::geometry::{Circle, Point, Shape};
use feldherr_warmaster::{
    Control, Edge, GuardiansOptions, MarkerKind, Objective, Player, Scenario, ScoringContext,
    SpecialRule, UnitFate, VictoryCondition, WarmasterGame, import_army, placement_violations,
    score, side_points, verdict,
};
use serde::Deserialize;

/// The fixtures directory of this crate.
pub fn fixtures() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/warmaster")
}

/// An empty 180 x 120 cm table.
pub fn table() -> Table {
    WarmasterGame::default_table()
}

/// A circle of radius `r` at (`x`, `y`).
pub fn circle(x: f64, y: f64, r: f64) -> Shape {
    Shape::Circle(Circle::new(Point::new(x, y), r).expect("valid circle"))
}

/// Applies an edit, panicking with the error.
pub fn ok(game: &mut WarmasterGame, table: &mut Table, edit: feldherr_warmaster::WarmasterEdit) {
    if let Err(e) = game.apply(&edit, table) {
        panic!("{edit:?} refused: {e}");
    }
}

/// Applies an edit that must be refused; returns the error text.
pub fn refused(
    game: &mut WarmasterGame,
    table: &mut Table,
    edit: feldherr_warmaster::WarmasterEdit,
) -> String {
    let before = game.clone();
    let table_before = table.clone();
    match game.apply(&edit, table) {
        Ok(()) => panic!("{edit:?} was accepted"),
        Err(e) => {
            assert_eq!(*game, before, "a refused edit changed the game");
            assert_eq!(*table, table_before, "a refused edit changed the table");
            e.to_string()
        }
    }
}

/// Starts a dice step, answers it with `answers` and applies it.
pub fn roll(
    game: &mut WarmasterGame,
    table: &mut Table,
    kind: feldherr_warmaster::WarmasterRoll,
    answers: &[feldherr_dice::step::Answer],
) -> Id {
    ok(game, table, feldherr_warmaster::WarmasterEdit::Roll(kind));
    let index = game.resolutions.len() - 1;
    for a in answers {
        game.resolutions_mut()
            .answer_at(index, a.clone())
            .expect("answer fits");
    }
    let id = game.resolutions[index].id();
    ok(game, table, feldherr_warmaster::WarmasterEdit::Apply { id });
    id
}

#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
enum Input {
    BreakPoint {
        army: String,
        #[serde(default)]
        options: GuardiansOptions,
    },
    ArmyProblems {
        army: String,
        game_size: u32,
        #[serde(default)]
        options: GuardiansOptions,
    },
    Import {
        text: String,
    },
    Score {
        scenario: Scenario,
        #[serde(default)]
        special: Option<SpecialRule>,
        /// label -> "a", "b", "a alone", "b alone"
        control: BTreeMap<String, String>,
        #[serde(default)]
        doubled: Option<String>,
        player: Player,
        /// Whose edge is south.
        south: Player,
    },
    Vp {
        enemy: Vec<UnitFate>,
        ep: i32,
        #[serde(default)]
        conditions: Vec<VictoryCondition>,
        game_size: u32,
    },
    Verdict {
        a: i64,
        b: i64,
        #[serde(default)]
        clock_winner: Option<Player>,
    },
    Placement {
        pieces: Vec<Shape>,
        new: Shape,
    },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    input: Input,
    expected: String,
}

fn control_of(text: &str) -> Control {
    match text {
        "a" => Control::by(Player::A),
        "b" => Control::by(Player::B),
        "a alone" => Control::alone(Player::A),
        "b alone" => Control::alone(Player::B),
        _ => Control::NOBODY,
    }
}

/// Evaluates one case as text.
fn check(input: Input) -> String {
    match input {
        Input::BreakPoint { army, options } => match import_army(&army) {
            Ok(a) => {
                let bp = a.break_point(&options);
                format!(
                    "counting {}, half {}, lowered {}, break point {}",
                    bp.counting_units, bp.half_rounded_up, bp.lowered_by, bp.value
                )
            }
            Err(e) => e.to_string(),
        },
        Input::ArmyProblems {
            army,
            game_size,
            options,
        } => match import_army(&army) {
            Ok(a) => {
                let p: Vec<String> = a
                    .problems(game_size, &options)
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                if p.is_empty() {
                    "no problems".into()
                } else {
                    p.join(" | ")
                }
            }
            Err(e) => e.to_string(),
        },
        Input::Import { text } => match import_army(&text) {
            Ok(a) => {
                let units: Vec<String> = a
                    .units
                    .iter()
                    .map(|u| {
                        let mut flags = Vec::new();
                        if u.flying {
                            flags.push("flying");
                        }
                        if u.summoned {
                            flags.push("summoned");
                        }
                        if u.not_counting {
                            flags.push("no-break");
                        }
                        let items = if u.magic_items.is_empty() {
                            String::new()
                        } else {
                            format!(" [{}]", u.magic_items.join("; "))
                        };
                        format!(
                            "{} {} {} {}pts {}st{}{}",
                            u.id,
                            u.name,
                            u.kind,
                            u.points,
                            u.stands,
                            if flags.is_empty() {
                                String::new()
                            } else {
                                format!(" {}", flags.join(" "))
                            },
                            items
                        )
                    })
                    .collect();
                format!(
                    "{} ({:?}), {} points: {}",
                    a.list,
                    a.kind,
                    a.total_points(),
                    units.join(", ")
                )
            }
            Err(e) => e.to_string(),
        },
        Input::Score {
            scenario,
            special,
            control,
            doubled,
            player,
            south,
        } => {
            let objectives: Vec<Objective> = scenario
                .layout()
                .iter()
                .enumerate()
                .map(|(i, m)| Objective {
                    id: Id(i as u64 + 1),
                    piece: i as u64 + 100,
                    label: m.label.to_owned(),
                    kind: m.kind,
                    side: m.side,
                })
                .collect();
            for label in control.keys() {
                assert!(
                    objectives.iter().any(|o| &o.label == label),
                    "no objective {label} in {scenario}"
                );
            }
            let edge = |p: Player| if p == south { Edge::South } else { Edge::North };
            let ctx = ScoringContext {
                scenario,
                special,
                objectives: &objectives,
                doubled: doubled.and_then(|d| {
                    objectives
                        .iter()
                        .find(|o| o.label == d && o.kind == MarkerKind::Objective)
                        .map(|o| o.id)
                }),
                home: [edge(Player::A), edge(Player::B)],
            };
            let lookup = |id: Id| {
                objectives
                    .iter()
                    .find(|o| o.id == id)
                    .and_then(|o| control.get(&o.label))
                    .map_or(Control::NOBODY, |c| control_of(c))
            };
            let lines = score(&ctx, &lookup, player);
            let total: i32 = lines.iter().map(|l| l.ep).sum();
            let text: Vec<String> = lines
                .iter()
                .map(|l| {
                    serde_json::to_string(&l.source)
                        .unwrap_or_default()
                        .replace('"', "")
                        + &format!(" {:+}", l.ep)
                })
                .collect();
            format!("{total} EP: {}", text.join("; "))
        }
        Input::Vp {
            enemy,
            ep,
            conditions,
            game_size,
        } => {
            let side = side_points(Player::A, &enemy, ep, &conditions, game_size);
            let lines: Vec<String> = side
                .lines
                .iter()
                .map(|l| {
                    let kind = serde_json::to_value(&l.kind).unwrap_or_default();
                    let exact = kind
                        .get("exact")
                        .map(|e| format!(" ({e})"))
                        .unwrap_or_default();
                    format!(
                        "{}{exact} {}",
                        kind.get("line").and_then(|v| v.as_str()).unwrap_or("?"),
                        l.points
                    )
                })
                .collect();
            format!("{} VP: {}", side.total, lines.join("; "))
        }
        Input::Verdict { a, b, clock_winner } => format!("{:?}", verdict(a, b, clock_winner)),
        Input::Placement { pieces, new } => {
            let mut t = table();
            for (i, shape) in pieces.into_iter().enumerate() {
                let id = i as u64 + 1;
                t.add(feldherr_table::Piece::new(
                    id,
                    format!("Piece {id}"),
                    "wood",
                    feldherr_table::Layer::Terrain,
                    shape,
                ))
                .expect("piece added");
            }
            let v = placement_violations(&t, "New", &new);
            if v.is_empty() {
                "legal".into()
            } else {
                v.iter()
                    .map(|v| v.explanation())
                    .collect::<Vec<_>>()
                    .join(" | ")
            }
        }
    }
}

#[test]
fn fixture_cases() {
    let text = std::fs::read_to_string(fixtures().join("cases.json")).expect("cases.json");
    let cases: Vec<Case> = serde_json::from_str(&text).expect("cases parse");
    assert!(cases.len() > 20);
    let mut failures = Vec::new();
    for case in cases {
        let got = check(case.input);
        if got != case.expected {
            failures.push(format!(
                "{}\n  expected: {}\n  got:      {}",
                case.name, case.expected, got
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn g4_a_bad_fixture_value_is_an_error_naming_the_field() {
    let bad = r#"{"game_size": 0}"#;
    let s: Result<feldherr_warmaster::Settings, _> = serde_json::from_str(bad);
    // serde fills defaults; the check names the field.
    let s = s.expect("parses");
    let err = s.check().expect_err("0 points refused");
    assert!(err.to_string().starts_with("game_size: 0"), "{err}");
    let unknown: Result<feldherr_warmaster::Settings, _> =
        serde_json::from_str(r#"{"game_size": 1250, "colour": 3}"#);
    assert!(unknown.is_err(), "unknown keys are refused");
}

/// The error text of a refused edit, for tests that match it.
pub fn text(e: PlayError) -> String {
    e.to_string()
}

#[test]
fn w5_the_cap_bites_on_an_edited_layout() {
    // Incursion with a fourth marker added by the players: 1 + 1 + 2 + 1
    // is capped at 4 per scoring.
    let objectives: Vec<Objective> = ["A", "B", "C", "D"]
        .iter()
        .enumerate()
        .map(|(i, l)| Objective {
            id: Id(i as u64 + 1),
            piece: i as u64 + 10,
            label: (*l).to_owned(),
            kind: MarkerKind::Objective,
            side: None,
        })
        .collect();
    let ctx = ScoringContext {
        scenario: Scenario::Incursion,
        special: None,
        objectives: &objectives,
        doubled: Some(Id(3)),
        home: [Edge::South, Edge::North],
    };
    let lines = score(&ctx, &|_| Control::by(Player::A), Player::A);
    assert_eq!(lines.iter().map(|l| l.ep).sum::<i32>(), 4);
    let last = lines.last().expect("lines");
    assert_eq!(last.ep, -1);
    assert_eq!(last.source, feldherr_warmaster::EpSource::Cap { cap: 4 });
}

#[test]
fn w11_destructive_monsters() {
    use feldherr_warmaster::{Unit, UnitKind};
    let on = GuardiansOptions {
        destructive: true,
        ..GuardiansOptions::default()
    };
    let off = GuardiansOptions::default();
    let mut monster = Unit::new(Id(1), "Giant", UnitKind::Monster, 150, 1);
    assert_eq!(monster.destructive_attacks(&on), 2);
    assert!(!monster.may_be_defended(&on));
    assert_eq!(monster.destructive_attacks(&off), 0);
    assert!(monster.may_be_defended(&off));
    monster.flying = true;
    assert_eq!(
        monster.destructive_attacks(&on),
        0,
        "flying monsters are left out"
    );
    let infantry = Unit::new(Id(2), "Spearmen", UnitKind::Infantry, 55, 3);
    assert_eq!(infantry.destructive_attacks(&on), 0);
}
