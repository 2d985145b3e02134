//! The battle: scoring points (W5), special rules, every end condition
//! (W6), Lang lebe der Koenig (W10), layouts (W3).

use feldherr_dice::step::Answer;
use feldherr_play::{Game, Id, MatchResult};
use feldherr_table::Table;
use feldherr_table::geometry::Point;
use feldherr_warmaster::{
    ClockEdit, Control, EndReason, EpSource, Player, RollOutcome, Scenario, Settings, SpecialRule,
    Stage, TerrainType, Verdict, VictoryCondition, WarmasterEdit as E, WarmasterGame,
    WarmasterRoll,
};

use super::{ok, refused, roll, table};

/// Both armies: General (1), Hero (2), Spearmen 1-4 (3-6), Knights 1-2
/// (7-8): six counting units, break point 3.
pub const ARMY: &str =
    "General, 1, 125, general\nHero, 1, 80, hero\nSpearmen, 4, 55\nKnights, 2, 110, cavalry";

pub const GENERAL: Id = Id(1);
pub const HERO: Id = Id(2);
pub const SPEARMEN: [Id; 4] = [Id(3), Id(4), Id(5), Id(6)];
pub const KNIGHTS: [Id; 2] = [Id(7), Id(8)];

/// A game ready for battle: A starts from the south edge.
pub fn ready(
    scenario: Scenario,
    special: Option<SpecialRule>,
    settings: Settings,
) -> (WarmasterGame, Table) {
    let (mut game, mut t) = set_up(scenario, special, settings);
    // The starting player deploys first, then his opponent, whose
    // deployment begins the battle; the clock starts as A begins (W9).
    let now_ms = settings.clock.then_some(0);
    if settings.clock {
        ok(
            &mut game,
            &mut t,
            E::Clock(ClockEdit::Start {
                player: Player::A,
                now_ms: 0,
            }),
        );
    }
    for player in Player::BOTH {
        ok(&mut game, &mut t, E::Deployed { player, now_ms });
    }
    (game, t)
}

/// A game set up up to the deployment: A starts from the south edge.
pub fn set_up(
    scenario: Scenario,
    special: Option<SpecialRule>,
    settings: Settings,
) -> (WarmasterGame, Table) {
    let (mut game, mut t) = (WarmasterGame::new_game(), table());
    set_up_game(&mut game, &mut t, scenario, special, settings);
    (game, t)
}

/// Sets up `game` up to the deployment: Anna (A) starts from the south
/// edge against Bernd (B), both with [`ARMY`].
pub fn set_up_game(
    game: &mut WarmasterGame,
    t: &mut Table,
    scenario: Scenario,
    special: Option<SpecialRule>,
    settings: Settings,
) {
    ok(game, t, E::SetSettings(settings));
    for p in Player::BOTH {
        ok(
            game,
            t,
            E::ImportArmy {
                player: p,
                text: ARMY.into(),
            },
        );
    }
    ok(
        game,
        t,
        E::SetPlayerName {
            player: Player::A,
            name: "Anna".into(),
        },
    );
    ok(
        game,
        t,
        E::SetPlayerName {
            player: Player::B,
            name: "Bernd".into(),
        },
    );
    // A table built together: one wood in a corner (W1 distances are not
    // enforced off the alternating placement, PW12).
    ok(
        game,
        t,
        E::PlaceTerrain {
            player: None,
            terrain: TerrainType::Wood,
            at: Point::new(20.0, 20.0),
            shape: None,
            name: None,
        },
    );
    ok(game, t, E::SetStartingPlayer(Player::A));
    ok(game, t, E::ChooseEdge(feldherr_warmaster::Edge::South));
    ok(game, t, E::SetScenario(scenario));
    ok(game, t, E::PlaceLayout);
    ok(game, t, E::SetSpecialRule(special));
}

/// States control of every objective: the labels in `held` by `player`,
/// the rest by nobody.
pub fn control(game: &mut WarmasterGame, t: &mut Table, held: &[(&str, Control)]) {
    let objectives = game.objectives.clone();
    for o in objectives {
        let c = held
            .iter()
            .find(|(l, _)| *l == o.label)
            .map_or(Control::NOBODY, |(_, c)| *c);
        ok(
            game,
            t,
            E::SetControl {
                objective: o.id,
                control: c,
            },
        );
    }
}

/// Ends the current player turn with `held` stated.
pub fn turn(game: &mut WarmasterGame, t: &mut Table, held: &[(&str, Control)]) {
    control(game, t, held);
    ok(game, t, E::EndTurn { now_ms: None });
}

fn a() -> Control {
    Control::by(Player::A)
}

#[test]
fn w5_scoring_starts_at_the_second_players_second_turn() {
    let (mut g, mut t) = ready(Scenario::KingOfTheHill, None, Settings::default());
    let hill = [("Hill", a())];
    assert!(matches!(
        g.stage(),
        Stage::Turn {
            round: 1,
            player: Player::A,
            scoring: false,
            ..
        }
    ));
    ok(&mut g, &mut t, E::EndTurn { now_ms: None }); // 1 A
    ok(&mut g, &mut t, E::EndTurn { now_ms: None }); // 1 B
    ok(&mut g, &mut t, E::EndTurn { now_ms: None }); // 2 A: not scored
    assert_eq!(g.ep(Player::A), 0);
    assert!(matches!(
        g.stage(),
        Stage::Turn {
            round: 2,
            player: Player::B,
            scoring: true,
            ..
        }
    ));
    // Nothing was stated before: every objective is missing.
    let msg = refused(&mut g, &mut t, E::EndTurn { now_ms: None });
    assert!(msg.contains("missing: Hill, West, East"), "{msg}");
    turn(&mut g, &mut t, &hill); // 2 B: scored for both players
    assert_eq!((g.ep(Player::A), g.ep(Player::B)), (1, 0));
    turn(&mut g, &mut t, &hill); // 3 A: scored again
    assert_eq!(g.ep(Player::A), 2);
    let chart = g.ep_per_turn();
    assert_eq!(chart.len(), 6, "{chart:?}");
    assert_eq!(chart[3].gained, [1, 0]);
    assert_eq!(chart[4].total, [2, 0]);
}

#[test]
fn control_carries_over_from_the_last_player_turn() {
    // Issue 25, 8: the control stated in one player turn is where the
    // next one starts; ending the turn confirms it.
    let (mut g, mut t) = ready(Scenario::KingOfTheHill, None, Settings::default());
    for _ in 0..3 {
        ok(&mut g, &mut t, E::EndTurn { now_ms: None });
    }
    turn(&mut g, &mut t, &[("Hill", a()), ("West", a())]); // 2 B: 2 EP
    let carried = g.battle.as_ref().and_then(|b| b.current()).expect("3 A");
    assert_eq!(carried.control.len(), 3);
    assert!(carried.control.iter().all(|c| c.carried));
    // 3 A: one click changes the west marker; the rest stands.
    let west = g.objectives[1].id;
    ok(
        &mut g,
        &mut t,
        E::SetControl {
            objective: west,
            control: Control::NOBODY,
        },
    );
    let now = g.battle.as_ref().and_then(|b| b.current()).expect("3 A");
    assert!(!now.control[1].carried && now.control[0].carried);
    ok(&mut g, &mut t, E::EndTurn { now_ms: None }); // 3 A: 1 EP
    assert_eq!(g.ep(Player::A), 3);
    ok(&mut g, &mut t, E::EndTurn { now_ms: None }); // 3 B: carried, 1 EP
    assert_eq!(g.ep(Player::A), 4);
}
#[test]
fn w6_ten_ep_ends_the_game_at_once() {
    let (mut g, mut t) = ready(Scenario::KingOfTheHill, None, Settings::default());
    let all = [("Hill", a()), ("West", a()), ("East", a())];
    for _ in 0..3 {
        ok(&mut g, &mut t, E::EndTurn { now_ms: None });
    }
    turn(&mut g, &mut t, &all); // 2 B: 3
    turn(&mut g, &mut t, &all); // 3 A: 6
    turn(&mut g, &mut t, &all); // 3 B: 9
    assert!(g.end.is_none());
    turn(&mut g, &mut t, &all); // 4 A: 12
    let end = g.end.clone().expect("ended");
    assert_eq!((end.round, end.turn_of), (4, Player::A));
    assert_eq!(end.reasons, vec![EndReason::TenEp { player: Player::A }]);
    assert_eq!(g.conditions(Player::A), vec![VictoryCondition::TenEp]);
    let msg = refused(&mut g, &mut t, E::EndTurn { now_ms: None });
    assert!(msg.contains("over"), "{msg}");
    // VP: 12 EP x 50 = 600 and one condition at 2000 points: 100.
    let v = g.victory();
    assert_eq!(v.sides[0].total, 700);
    assert_eq!(v.verdict, Verdict::Points { winner: Player::A });
    let report = g.report().expect("report");
    assert!(report.finished);
    assert_eq!(report.sides[0].player, "Anna");
    assert_eq!(report.sides[0].result, Some(MatchResult::Win));
    assert_eq!(report.sides[1].result, Some(MatchResult::Loss));
    assert_eq!(report.sides[0].objective_points, Some(12));
}

#[test]
fn w6_sudden_death_at_a_3_ep_lead() {
    let (mut g, mut t) = ready(
        Scenario::KingOfTheHill,
        Some(SpecialRule::SuddenDeath),
        Settings::default(),
    );
    for _ in 0..3 {
        ok(&mut g, &mut t, E::EndTurn { now_ms: None });
    }
    turn(&mut g, &mut t, &[("Hill", a()), ("West", a())]); // 2 B: 2-0
    assert!(g.end.is_none());
    turn(&mut g, &mut t, &[("Hill", a())]); // 3 A: 3-0
    let end = g.end.clone().expect("ended");
    assert_eq!(
        end.reasons,
        vec![EndReason::SuddenDeath { leader: Player::A }]
    );
    assert_eq!(g.conditions(Player::A), vec![VictoryCondition::SuddenDeath]);
    assert!(g.conditions(Player::B).is_empty());
}

#[test]
fn w6_a_slain_general_ends_the_game_without_the_king_rule() {
    let (mut g, mut t) = ready(Scenario::Outflanked, None, Settings::default());
    let msg = refused(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::B,
            unit: GENERAL,
            new_general: Some(HERO),
            now_ms: None,
        },
    );
    assert!(msg.contains("only under Lang lebe der Koenig"), "{msg}");
    ok(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::B,
            unit: GENERAL,
            new_general: None,
            now_ms: None,
        },
    );
    let end = g.end.clone().expect("ended");
    assert_eq!(
        end.reasons,
        vec![EndReason::GeneralSlain { player: Player::B }]
    );
    assert_eq!(
        g.conditions(Player::A),
        vec![VictoryCondition::EnemyGeneralSlain]
    );
    // VP for A: the general (125) and 50 per 1000 points at 2000 (100).
    assert_eq!(g.victory().sides[0].total, 225);
}

/// Ends player turns 1 A, 1 B and 2 A: EP count from 2 B on (W5).
pub fn to_second_players_second_turn(g: &mut WarmasterGame, t: &mut Table) {
    for _ in 0..3 {
        ok(g, t, E::EndTurn { now_ms: None });
    }
    assert!(g.ep_open());
}

fn destroyed(player: Player, unit: Id) -> E {
    E::UnitDestroyed {
        player,
        unit,
        new_general: None,
        now_ms: None,
    }
}

#[test]
fn w10_long_live_the_king() {
    let (mut g, mut t) = ready(
        Scenario::Outflanked,
        Some(SpecialRule::LongLiveTheKing),
        Settings::default(),
    );
    to_second_players_second_turn(&mut g, &mut t);
    // B's general is slain: B must name a new general from his characters.
    let msg = refused(&mut g, &mut t, destroyed(Player::B, GENERAL));
    assert!(
        msg.contains(
            "the general \"General\" is slain: Bernd names a new general from his characters (Hero)"
        ),
        "{msg}"
    );
    let msg = refused(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::B,
            unit: GENERAL,
            new_general: Some(SPEARMEN[0]),
            now_ms: None,
        },
    );
    assert!(
        // The sentence names the unit itself (issue #27).
        msg.starts_with(
            "new_general: \"Spearmen 1\" is refused: \"Spearmen 1\" is not a living character of Bernd"
        ),
        "{msg}"
    );
    ok(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::B,
            unit: GENERAL,
            new_general: Some(HERO),
            now_ms: None,
        },
    );
    assert!(g.end.is_none(), "the game goes on (W10)");
    assert_eq!(g.ep(Player::A), 1, "slaying the general gives an EP");
    assert_eq!(g.battle.as_ref().map(|b| b.generals[1]), Some(Some(HERO)));
    assert_eq!(
        g.battle.as_ref().map(|b| b.successions.clone()),
        Some(vec![feldherr_warmaster::Succession {
            player: Player::B,
            slain: GENERAL,
            successor: HERO,
            round: 2
        }])
    );
    // A's general fights twice more in this turn: the second is over the cap of 2.
    ok(
        &mut g,
        &mut t,
        E::GeneralFought {
            player: Player::A,
            now_ms: None,
        },
    );
    ok(
        &mut g,
        &mut t,
        E::GeneralFought {
            player: Player::A,
            now_ms: None,
        },
    );
    assert_eq!(
        g.ep(Player::A),
        2,
        "at most 2 EP per general per round (W10)"
    );
    assert!(
        g.ep_lines()
            .iter()
            .any(|e| matches!(e.line.source, EpSource::KingCap { .. }) && e.line.ep == -1)
    );
    // Next game turn: a fresh allowance.
    turn(&mut g, &mut t, &[]);
    ok(
        &mut g,
        &mut t,
        E::GeneralFought {
            player: Player::A,
            now_ms: None,
        },
    );
    assert_eq!(g.ep(Player::A), 3);
    // B's new general is slain and no character is left: the game ends.
    ok(&mut g, &mut t, destroyed(Player::B, HERO));
    let end = g.end.clone().expect("ended");
    assert_eq!(
        end.reasons,
        vec![EndReason::GeneralSlain { player: Player::B }]
    );
    assert_eq!(g.ep(Player::A), 4);
}

#[test]
fn w5_no_ep_of_any_source_before_the_second_players_second_turn() {
    // W5, clarified 2026-11-26 (text line 79: "EP koennen immer ab dem
    // zweiten Spielzug des zweiten Spielers erhalten werden"): Killbox,
    // Lang lebe der Koenig and Verbranntes Land give nothing before; the
    // event is recorded with a line of 0 EP saying why.
    let (mut g, mut t) = ready(
        Scenario::Linebreak,
        Some(SpecialRule::Killbox),
        Settings::default(),
    );
    assert!(!g.ep_open());
    ok(&mut g, &mut t, destroyed(Player::B, SPEARMEN[0])); // 1 A
    assert_eq!(g.ep(Player::A), 0);
    let line = &g.ep_lines()[0].line;
    assert_eq!(line.ep, 0);
    assert!(
        matches!(&line.source, EpSource::Withheld { event } if matches!(**event, EpSource::Killbox { .. })),
        "{line:?}"
    );
    ok(&mut g, &mut t, E::EndTurn { now_ms: None });
    ok(&mut g, &mut t, E::EndTurn { now_ms: None });
    ok(&mut g, &mut t, destroyed(Player::B, SPEARMEN[1])); // 2 A
    assert_eq!(g.ep(Player::A), 0);
    ok(&mut g, &mut t, E::EndTurn { now_ms: None });
    // 2 B: from now on.
    ok(&mut g, &mut t, destroyed(Player::A, SPEARMEN[1]));
    assert_eq!(g.ep(Player::B), 1);

    // Lang lebe der Koenig in turn 1: the successor is named, no EP.
    let (mut g, mut t) = ready(
        Scenario::Outflanked,
        Some(SpecialRule::LongLiveTheKing),
        Settings::default(),
    );
    ok(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::B,
            unit: GENERAL,
            new_general: Some(HERO),
            now_ms: None,
        },
    );
    ok(
        &mut g,
        &mut t,
        E::GeneralFought {
            player: Player::A,
            now_ms: None,
        },
    );
    assert_eq!(g.ep(Player::A), 0);
    assert_eq!(g.ep_lines().len(), 2);
    assert!(g.ep_lines().iter().all(|e| e.line.ep == 0));

    // Verbranntes Land in turn 1 B.
    let (mut g, mut t) = ready(
        Scenario::Entrenched,
        Some(SpecialRule::ScorchedEarth),
        Settings::default(),
    );
    ok(&mut g, &mut t, E::EndTurn { now_ms: None });
    ok(
        &mut g,
        &mut t,
        E::Pillaged {
            player: Player::B,
            unit: KNIGHTS[0],
            now_ms: None,
        },
    );
    assert_eq!(g.ep(Player::B), 0);
    assert!(
        g.battle
            .as_ref()
            .is_some_and(|b| b.unit_state(Player::B, KNIGHTS[0]).pillaged)
    );
}
#[test]
fn w6_w7_the_break_point_ends_the_game() {
    let (mut g, mut t) = ready(Scenario::Entrenched, None, Settings::default());
    assert_eq!(g.break_point(Player::B).value, 3);
    // A character does not count towards the break point.
    ok(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::B,
            unit: HERO,
            new_general: None,
            now_ms: None,
        },
    );
    ok(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::B,
            unit: SPEARMEN[0],
            new_general: None,
            now_ms: None,
        },
    );
    ok(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::B,
            unit: SPEARMEN[1],
            new_general: None,
            now_ms: None,
        },
    );
    assert!(g.end.is_none());
    ok(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::B,
            unit: KNIGHTS[0],
            new_general: None,
            now_ms: None,
        },
    );
    let end = g.end.clone().expect("ended");
    assert_eq!(
        end.reasons,
        vec![EndReason::ArmyBroken { player: Player::B }]
    );
    // VP for A: 80 + 55 + 55 + 110 + condition 100.
    assert_eq!(g.victory().sides[0].total, 400);
}

#[test]
fn killbox_gives_an_ep_per_enemy_unit_destroyed() {
    let (mut g, mut t) = ready(
        Scenario::Linebreak,
        Some(SpecialRule::Killbox),
        Settings::default(),
    );
    to_second_players_second_turn(&mut g, &mut t);
    ok(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::B,
            unit: SPEARMEN[0],
            new_general: None,
            now_ms: None,
        },
    );
    assert_eq!(g.ep(Player::A), 1);
    // A character is no unit for Killbox (PW4).
    ok(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::B,
            unit: HERO,
            new_general: None,
            now_ms: None,
        },
    );
    assert_eq!(g.ep(Player::A), 1);
    ok(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::A,
            unit: KNIGHTS[1],
            new_general: None,
            now_ms: None,
        },
    );
    assert_eq!(g.ep(Player::B), 1);
    // Without Killbox no EP.
    let (mut g, mut t) = ready(Scenario::Linebreak, None, Settings::default());
    ok(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::B,
            unit: SPEARMEN[0],
            new_general: None,
            now_ms: None,
        },
    );
    assert_eq!(g.ep(Player::A), 0);
}

#[test]
fn scorched_earth_a_pillaging_unit_gives_an_ep_and_is_not_destroyed() {
    let (mut g, mut t) = ready(
        Scenario::Entrenched,
        Some(SpecialRule::ScorchedEarth),
        Settings::default(),
    );
    to_second_players_second_turn(&mut g, &mut t);
    ok(
        &mut g,
        &mut t,
        E::StandsLost {
            player: Player::A,
            unit: KNIGHTS[0],
            lost: 2,
        },
    );
    ok(
        &mut g,
        &mut t,
        E::Pillaged {
            player: Player::A,
            unit: KNIGHTS[0],
            now_ms: None,
        },
    );
    ok(
        &mut g,
        &mut t,
        E::Pillaged {
            player: Player::A,
            unit: SPEARMEN[0],
            now_ms: None,
        },
    );
    assert_eq!(g.ep(Player::A), 2);
    let msg = refused(
        &mut g,
        &mut t,
        E::Pillaged {
            player: Player::A,
            unit: KNIGHTS[0],
            now_ms: None,
        },
    );
    assert!(msg.contains("off the table"), "{msg}");
    // B's VP: half of the knights (2 of 3 stands lost), nothing for the spearmen.
    let v = g.victory();
    assert_eq!(v.sides[1].lines.len(), 1);
    assert_eq!(v.sides[1].lines[0].points, 55);
    assert!(!g.broken(Player::A));
    let (mut g, mut t) = ready(Scenario::Entrenched, None, Settings::default());
    let msg = refused(
        &mut g,
        &mut t,
        E::Pillaged {
            player: Player::A,
            unit: KNIGHTS[0],
            now_ms: None,
        },
    );
    assert!(msg.contains("Verbranntes Land"), "{msg}");
}

#[test]
fn dominate_through_the_game() {
    let (mut g, mut t) = ready(
        Scenario::Entrenched,
        Some(SpecialRule::Dominate),
        Settings::default(),
    );
    for _ in 0..3 {
        ok(&mut g, &mut t, E::EndTurn { now_ms: None });
    }
    let msg = refused(
        &mut g,
        &mut t,
        E::SetControl {
            objective: Id(1),
            control: Control {
                by: None,
                alone: true,
            },
        },
    );
    assert!(msg.contains("alone"), "{msg}");
    turn(
        &mut g,
        &mut t,
        &[
            ("South", Control::alone(Player::A)),
            ("North", Control::by(Player::B)),
        ],
    );
    assert_eq!((g.ep(Player::A), g.ep(Player::B)), (2, 1));
}

fn play_rounds(g: &mut WarmasterGame, t: &mut Table, until: impl Fn(&WarmasterGame) -> bool) {
    for _ in 0..40 {
        if until(g) {
            return;
        }
        let scoring = matches!(g.stage(), Stage::Turn { scoring: true, .. });
        if scoring {
            control(g, t, &[]);
        }
        ok(g, t, E::EndTurn { now_ms: None });
    }
    panic!("never reached");
}

#[test]
fn w6_the_turn_limit_ends_the_game_after_turn_6() {
    let (mut g, mut t) = ready(Scenario::Linebreak, None, Settings::default());
    play_rounds(&mut g, &mut t, |g| g.end.is_some());
    let end = g.end.clone().expect("ended");
    assert_eq!(end.reasons, vec![EndReason::TurnLimit { rounds: 6 }]);
    assert_eq!((end.round, end.turn_of), (6, Player::B));
    assert_eq!(g.victory().verdict, Verdict::Draw);
}

#[test]
fn w6_random_game_length_rolls_after_turns_5_and_6() {
    // 2+ after turn 5, then 3 (under 4+) after turn 6: six turns.
    let (mut g, mut t) = ready(
        Scenario::Linebreak,
        Some(SpecialRule::RandomGameLength),
        Settings::default(),
    );
    play_rounds(&mut g, &mut t, |g| {
        matches!(g.stage(), Stage::LengthRoll { .. })
    });
    assert_eq!(
        g.stage(),
        Stage::LengthRoll {
            after_round: 5,
            need: 2
        }
    );
    let msg = refused(&mut g, &mut t, E::EndTurn { now_ms: None });
    assert!(msg.contains("game-length roll"), "{msg}");
    let msg = refused(
        &mut g,
        &mut t,
        E::Roll(WarmasterRoll::GameLength {
            after_round: 5,
            need: 4,
        }),
    );
    assert!(msg.contains("need"), "{msg}");
    roll(
        &mut g,
        &mut t,
        WarmasterRoll::GameLength {
            after_round: 5,
            need: 2,
        },
        &[Answer::Dice(vec![2])],
    );
    assert!(matches!(g.stage(), Stage::Turn { round: 6, .. }));
    play_rounds(&mut g, &mut t, |g| {
        matches!(g.stage(), Stage::LengthRoll { .. })
    });
    assert_eq!(
        g.stage(),
        Stage::LengthRoll {
            after_round: 6,
            need: 4
        }
    );
    roll(
        &mut g,
        &mut t,
        WarmasterRoll::GameLength {
            after_round: 6,
            need: 4,
        },
        &[Answer::Dice(vec![3])],
    );
    assert_eq!(
        g.end.clone().map(|e| e.reasons),
        Some(vec![EndReason::TurnLimit { rounds: 6 }])
    );

    // A 1 after turn 5 ends the game there.
    let (mut g, mut t) = ready(
        Scenario::Linebreak,
        Some(SpecialRule::RandomGameLength),
        Settings::default(),
    );
    play_rounds(&mut g, &mut t, |g| {
        matches!(g.stage(), Stage::LengthRoll { .. })
    });
    roll(
        &mut g,
        &mut t,
        WarmasterRoll::GameLength {
            after_round: 5,
            need: 2,
        },
        &[Answer::Dice(vec![1])],
    );
    assert_eq!(
        g.end.clone().map(|e| e.reasons),
        Some(vec![EndReason::TurnLimit { rounds: 5 }])
    );

    // 6 and 4: turn 7 is played, then the game ends without a roll.
    let (mut g, mut t) = ready(
        Scenario::Linebreak,
        Some(SpecialRule::RandomGameLength),
        Settings::default(),
    );
    play_rounds(&mut g, &mut t, |g| {
        matches!(g.stage(), Stage::LengthRoll { .. })
    });
    roll(
        &mut g,
        &mut t,
        WarmasterRoll::GameLength {
            after_round: 5,
            need: 2,
        },
        &[Answer::Dice(vec![6])],
    );
    play_rounds(&mut g, &mut t, |g| {
        matches!(g.stage(), Stage::LengthRoll { .. })
    });
    roll(
        &mut g,
        &mut t,
        WarmasterRoll::GameLength {
            after_round: 6,
            need: 4,
        },
        &[Answer::Dice(vec![4])],
    );
    play_rounds(&mut g, &mut t, |g| g.end.is_some());
    assert_eq!(
        g.end.clone().map(|e| e.reasons),
        Some(vec![EndReason::TurnLimit { rounds: 7 }])
    );
    let log: Vec<String> = g
        .resolutions
        .last()
        .expect("roll")
        .resolution()
        .log()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        log.last().map(String::as_str),
        Some("[W6] D6 4, 4+ needed: turn 7 is played")
    );
}

#[test]
fn w5_incursion_rolls_for_the_marker_worth_2() {
    let (mut g, mut t) = ready(Scenario::Incursion, None, Settings::default());
    for _ in 0..3 {
        ok(&mut g, &mut t, E::EndTurn { now_ms: None });
    }
    assert!(matches!(
        g.stage(),
        Stage::Turn {
            round: 2,
            incursion_roll_due: true,
            ..
        }
    ));
    control(&mut g, &mut t, &[("B", a()), ("C", Control::by(Player::B))]);
    let msg = refused(&mut g, &mut t, E::EndTurn { now_ms: None });
    assert!(msg.contains("Incursion marker"), "{msg}");
    let msg = refused(
        &mut g,
        &mut t,
        E::Roll(WarmasterRoll::Incursion { round: 3 }),
    );
    assert!(msg.contains("round"), "{msg}");
    roll(
        &mut g,
        &mut t,
        WarmasterRoll::Incursion { round: 2 },
        &[Answer::Dice(vec![4])],
    );
    ok(&mut g, &mut t, E::EndTurn { now_ms: None });
    assert_eq!((g.ep(Player::A), g.ep(Player::B)), (2, 1));
}

#[test]
fn w9_a_clock_running_out_ends_the_game_and_decides_it() {
    let settings = Settings {
        clock: true,
        clock_minutes: 10,
        ..Settings::default()
    };
    let (mut g, mut t) = ready(Scenario::Outflanked, None, settings);
    // A ends his turn after a minute: the clock switches with the turn.
    ok(
        &mut g,
        &mut t,
        E::EndTurn {
            now_ms: Some(60_000),
        },
    );
    assert_eq!(g.clock.running, Some(Player::B));
    ok(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::B,
            unit: SPEARMEN[0],
            new_general: None,
            now_ms: Some(120_000),
        },
    );
    // B's ten minutes run out; A has nine left: A wins whatever the VP.
    ok(
        &mut g,
        &mut t,
        E::Clock(ClockEdit::Tick {
            now_ms: 60_000 + 600_000 + 5,
        }),
    );
    let end = g.end.clone().expect("ended");
    assert_eq!(end.reasons, vec![EndReason::ClockOut { player: Player::B }]);
    let out = g.clock.ran_out.expect("ran out");
    assert_eq!(out.at_ms, 660_000);
    assert_eq!(out.opponent_left_ms, 540_000);
    assert_eq!(g.victory().verdict, Verdict::Clock { winner: Player::A });

    // With 5 minutes or less left for the opponent, VP decide (W9).
    let settings = Settings {
        clock: true,
        clock_minutes: 6,
        ..Settings::default()
    };
    let (mut g, mut t) = ready(Scenario::Outflanked, None, settings);
    ok(
        &mut g,
        &mut t,
        E::EndTurn {
            now_ms: Some(60_000),
        },
    ); // A has 5:00 left
    ok(
        &mut g,
        &mut t,
        E::Clock(ClockEdit::Tick {
            now_ms: 60_000 + 360_000,
        }),
    );
    assert!(g.end.is_some());
    assert_eq!(g.clock.clock_winner(), None);
    assert_eq!(g.victory().verdict, Verdict::Draw);
}

#[test]
fn w3_layouts_are_placed_and_impassable_terrain_is_pushed_away() {
    let mut g = WarmasterGame::new_game();
    let mut t = table();
    ok(&mut g, &mut t, E::SetScenario(Scenario::TakeAndHold));
    ok(&mut g, &mut t, E::PlaceLayout);
    let centres: Vec<(String, f64, f64)> = g
        .objectives
        .iter()
        .map(|o| {
            let p = t.piece(o.piece).expect("marker").center();
            (o.label.clone(), p.x, p.y)
        })
        .collect();
    assert_eq!(
        centres,
        vec![
            ("South".into(), 90.0, 25.0),
            ("North".into(), 90.0, 95.0),
            ("A west".into(), 45.0, 60.0),
            ("A east".into(), 135.0, 60.0)
        ]
    );
    // A lake 4 cm from the west marker, a wood right on it.
    ok(
        &mut g,
        &mut t,
        E::PlaceTerrain {
            player: None,
            terrain: TerrainType::Lake,
            at: Point::new(45.0, 75.5),
            shape: None,
            name: None,
        },
    );
    ok(
        &mut g,
        &mut t,
        E::PlaceTerrain {
            player: None,
            terrain: TerrainType::Wood,
            at: Point::new(135.0, 60.0),
            shape: None,
            name: None,
        },
    );
    let w3: Vec<String> = g
        .warnings(&t)
        .iter()
        .filter(|p| p.rule.as_deref() == Some("W3"))
        .map(ToString::to_string)
        .collect();
    assert_eq!(w3, vec!["objectives[2]: warning: impassable \"Lake 1\" is 5 cm from objective \"A west\"; at least 10 cm is required (W3)".to_owned()]);
    ok(&mut g, &mut t, E::PushTerrainAway);
    let lake = t.piece(g.terrain[0].piece).expect("lake").center();
    assert!(
        (lake.x - 45.0).abs() < 1e-6 && (lake.y - 80.5).abs() < 1e-3,
        "{lake:?}"
    );
    let wood = t.piece(g.terrain[1].piece).expect("wood").center();
    assert_eq!(
        (wood.x, wood.y),
        (135.0, 60.0),
        "only impassable terrain moves"
    );
    assert!(
        g.warnings(&t)
            .iter()
            .all(|p| p.rule.as_deref() != Some("W3"))
    );
    // The markers are editable.
    let west = g.objectives[2].id;
    ok(
        &mut g,
        &mut t,
        E::MoveObjective {
            objective: west,
            to: Point::new(50.0, 60.0),
        },
    );
    assert_eq!(
        t.piece(g.objectives[2].piece).map(|p| p.center().x),
        Some(50.0)
    );
    // King of the Hill: all terrain leaves the centre's 5 cm.
    ok(&mut g, &mut t, E::SetScenario(Scenario::KingOfTheHill));
    assert!(
        g.objectives.is_empty(),
        "a new scenario takes the old markers away"
    );
    ok(&mut g, &mut t, E::PlaceLayout);
    ok(
        &mut g,
        &mut t,
        E::PlaceTerrain {
            player: None,
            terrain: TerrainType::Hill,
            at: Point::new(92.0, 60.0),
            shape: None,
            name: None,
        },
    );
    assert!(
        g.warnings(&t)
            .iter()
            .any(|p| p.message.contains("within 5 cm of the table centre"))
    );
    ok(&mut g, &mut t, E::PushTerrainAway);
    assert!(
        g.warnings(&t)
            .iter()
            .all(|p| !p.message.contains("table centre"))
    );
}

#[test]
fn w2_scenario_and_special_rule_rolls() {
    let mut g = WarmasterGame::new_game();
    let mut t = table();
    // Text line 53: the starting player rolls for the scenario, so the
    // terrain and he come first.
    let msg = refused(&mut g, &mut t, E::Roll(WarmasterRoll::Scenario {}));
    assert!(msg.contains("place the terrain first"), "{msg}");
    ok(
        &mut g,
        &mut t,
        E::PlaceTerrain {
            player: None,
            terrain: TerrainType::Hill,
            at: Point::new(30.0, 30.0),
            shape: None,
            name: None,
        },
    );
    assert_eq!(g.stage(), Stage::StartingPlayer);
    let msg = refused(&mut g, &mut t, E::Roll(WarmasterRoll::Scenario {}));
    assert!(
        msg.contains("the starting player rolls for the scenario"),
        "{msg}"
    );
    roll(
        &mut g,
        &mut t,
        WarmasterRoll::start_roll_off(),
        &[
            Answer::Dice(vec![5, 5]),
            Answer::Dice(vec![1, 6]),
            Answer::Choice(1),
        ],
    );
    assert_eq!(
        g.resolutions[0].outcome(),
        Some(&RollOutcome::StartingPlayer { player: Player::A })
    );
    assert_eq!(g.starting_player, Some(Player::A), "B won and let A start");
    roll(
        &mut g,
        &mut t,
        WarmasterRoll::Scenario {},
        &[Answer::Dice(vec![6])],
    );
    assert_eq!(g.scenario, Some(Scenario::Linebreak));
    // The special rule is rolled after choosing sides.
    ok(
        &mut g,
        &mut t,
        E::Roll(WarmasterRoll::SpecialRule {
            scenario: Scenario::Linebreak,
        }),
    );
    let i = g.resolutions.len() - 1;
    g.resolutions_mut()
        .answer_at(i, Answer::Dice(vec![5]))
        .expect("answer");
    let id = g.resolutions[i].id();
    let msg = refused(&mut g, &mut t, E::Apply { id });
    assert!(msg.contains("after choosing his side"), "{msg}");
    ok(
        &mut g,
        &mut t,
        E::ChooseEdge(feldherr_warmaster::Edge::North),
    );
    assert_eq!(g.south, Some(Player::B));
    ok(&mut g, &mut t, E::Apply { id });
    assert_eq!(g.special_rule, Some(SpecialRule::Killbox));
    let msg = refused(&mut g, &mut t, E::Apply { id });
    assert!(msg.contains("applied already"), "{msg}");
    // The battle needs the layout.
    let msg = refused(
        &mut g,
        &mut t,
        E::Deployed {
            player: Player::B,
            now_ms: None,
        },
    );
    assert!(msg.contains("markers"), "{msg}");
    // Odds are exact.
    let mut g2 = WarmasterGame::new_game();
    ok(
        &mut g2,
        &mut t,
        E::Roll(WarmasterRoll::SpecialRule {
            scenario: Scenario::TakeAndHold,
        }),
    );
    match g2.resolutions[0].resolution().prompt() {
        Some(feldherr_dice::step::Prompt::Roll(r)) => {
            let labels: Vec<&str> = r.odds.iter().map(|o| o.label.as_str()).collect();
            assert_eq!(
                labels,
                [
                    "no special rule (1-2)",
                    "Random game length (3-4)",
                    "Scorched earth (5-6)"
                ]
            );
            assert!(
                r.odds
                    .iter()
                    .all(|o| (o.probability - 1.0 / 3.0).abs() < 1e-15)
            );
            assert_eq!(r.rule.as_deref(), Some("W2"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn pw11_a_clock_run_out_during_a_turn_ends_it_unscored() {
    let settings = Settings {
        clock: true,
        clock_minutes: 10,
        ..Settings::default()
    };
    let (mut g, mut t) = ready(Scenario::KingOfTheHill, None, settings);
    ok(
        &mut g,
        &mut t,
        E::EndTurn {
            now_ms: Some(1_000),
        },
    );
    ok(
        &mut g,
        &mut t,
        E::EndTurn {
            now_ms: Some(2_000),
        },
    );
    ok(
        &mut g,
        &mut t,
        E::EndTurn {
            now_ms: Some(3_000),
        },
    );
    control(&mut g, &mut t, &[("Hill", Control::by(Player::B))]);
    // B's turn 2 would score, but his clock ran out before he ended it.
    ok(
        &mut g,
        &mut t,
        E::EndTurn {
            now_ms: Some(3_000 + 600_000 + 1),
        },
    );
    assert_eq!(
        g.end.clone().map(|e| e.reasons),
        Some(vec![EndReason::ClockOut { player: Player::B }])
    );
    assert_eq!(g.ep(Player::B), 0);
}

#[test]
fn pw10_losses_can_be_corrected_after_the_end_without_ep() {
    let (mut g, mut t) = ready(
        Scenario::Linebreak,
        Some(SpecialRule::Killbox),
        Settings::default(),
    );
    ok(&mut g, &mut t, E::EndGame { now_ms: None });
    ok(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::B,
            unit: SPEARMEN[0],
            new_general: None,
            now_ms: None,
        },
    );
    ok(
        &mut g,
        &mut t,
        E::StandsLost {
            player: Player::B,
            unit: SPEARMEN[1],
            lost: 2,
        },
    );
    assert_eq!(g.ep(Player::A), 0, "no Killbox EP after the end");
    assert_eq!(
        g.end.clone().map(|e| e.reasons),
        Some(vec![EndReason::Agreed])
    );
    // 55 + 30 (half of 55 is 27.5, rounded up to 30).
    assert_eq!(g.victory().sides[0].total, 85);
    let msg = refused(
        &mut g,
        &mut t,
        E::StandsLost {
            player: Player::B,
            unit: SPEARMEN[2],
            lost: 3,
        },
    );
    assert!(msg.starts_with("lost: 3 is refused"), "{msg}");
}

#[test]
fn w11_army_problems_name_their_path_in_the_game() {
    let mut g = WarmasterGame::new_game();
    let mut t = table();
    let settings = Settings {
        game_size: 1250,
        options: feldherr_warmaster::GuardiansOptions {
            arrogant: true,
            ..Default::default()
        },
        ..Settings::default()
    };
    ok(&mut g, &mut t, E::SetSettings(settings));
    ok(
        &mut g,
        &mut t,
        E::ImportArmy {
            player: Player::B,
            text:
                "army: Dunkelelfen\nGeneral, 1, 155, general, item=Sword of Might\nSpearmen, 20, 60"
                    .into(),
        },
    );
    let problems: Vec<String> = g.warnings(&t).iter().map(ToString::to_string).collect();
    assert!(
        problems.contains(
            &"players[1].army.units: warning: the army costs 1355 points, 105 over the game size of 1250"
                .to_owned()
        ),
        "{problems:?}"
    );
    assert!(
        problems.contains(&"players[0].army.units: warning: the army has no units".to_owned()),
        "{problems:?}"
    );
    // A bad unit in a whole army names its field.
    let mut army = g.army(Player::B).clone();
    army.units[1].stands = 0;
    let msg = refused(
        &mut g,
        &mut t,
        E::SetArmy {
            player: Player::B,
            army,
        },
    );
    assert!(
        msg.starts_with("army.units[1].stands: 0 is refused"),
        "{msg}"
    );
}

#[test]
fn a_new_army_takes_the_old_stands_off_the_map() {
    let mut g = WarmasterGame::new_game();
    let mut t = table();
    ok(
        &mut g,
        &mut t,
        E::ImportArmy {
            player: Player::A,
            text: ARMY.into(),
        },
    );
    ok(
        &mut g,
        &mut t,
        E::PlaceStand {
            player: Player::A,
            unit: SPEARMEN[0],
            at: Point::new(50.0, 20.0),
            facing: None,
        },
    );
    assert_eq!(t.pieces().len(), 1);
    ok(
        &mut g,
        &mut t,
        E::ImportArmy {
            player: Player::A,
            text: ARMY.into(),
        },
    );
    assert!(t.pieces().is_empty());
    assert!(g.stands.is_empty());
    // A unit has only so many stands.
    for x in [20.0, 30.0, 40.0] {
        ok(
            &mut g,
            &mut t,
            E::PlaceStand {
                player: Player::A,
                unit: SPEARMEN[0],
                at: Point::new(x, 20.0),
                facing: None,
            },
        );
    }
    let msg = refused(
        &mut g,
        &mut t,
        E::PlaceStand {
            player: Player::A,
            unit: SPEARMEN[0],
            at: Point::new(60.0, 20.0),
            facing: None,
        },
    );
    assert!(msg.contains("all on the map"), "{msg}");
}

#[test]
fn incursion_terrain_roll_clears_a_random_marker_w3_pw16() {
    let mut g = WarmasterGame::new_game();
    let mut t = table();
    ok(&mut g, &mut t, E::SetScenario(Scenario::Incursion));
    ok(&mut g, &mut t, E::PlaceLayout);
    // Woods over all three markers (A at x 30, B at 90, C at 150; y 60).
    for x in [30.0, 90.0, 150.0] {
        ok(
            &mut g,
            &mut t,
            E::PlaceTerrain {
                player: None,
                terrain: TerrainType::Wood,
                at: Point::new(x + 2.0, 60.0),
                shape: None,
                name: None,
            },
        );
    }
    assert!(!g.marker_in_open_ground(&t));
    assert!(
        g.warnings(&t)
            .iter()
            .any(|p| p.to_string().contains("open ground"))
    );
    // A 3 picks marker B (1-2 A, 3-4 B, 5-6 C).
    roll(
        &mut g,
        &mut t,
        WarmasterRoll::IncursionTerrain {},
        &[Answer::Dice(vec![3])],
    );
    assert_eq!(
        g.resolutions.last().and_then(|r| r.outcome()),
        Some(&RollOutcome::IncursionTerrain { marker: 1 })
    );
    assert!(g.marker_in_open_ground(&t));
    assert!(
        !g.warnings(&t)
            .iter()
            .any(|p| p.to_string().contains("open ground"))
    );
    // The wood on B moved away from B's centre (to the east, the way it
    // leaned); the others stayed.
    let wood_b = t.piece(g.terrain[1].piece).expect("wood").center();
    assert!(wood_b.x > 92.0, "{wood_b:?}");
    assert!((t.piece(g.terrain[0].piece).expect("wood").center().x - 32.0).abs() < 1e-9);
    // With a marker in the open no roll is needed.
    let err = refused(&mut g, &mut t, E::Roll(WarmasterRoll::IncursionTerrain {}));
    assert!(err.contains("open ground"), "{err}");
}

#[test]
fn w6_random_game_length_ignores_the_turn_limit() {
    // Text line 154: after 5 turns a D6 2+, after the sixth a 4+, after
    // the seventh the game ends "auf jeden Fall", whatever turn limit the
    // settings hold.
    for turn_limit in [3, 6, 10] {
        let settings = Settings {
            turn_limit,
            ..Settings::default()
        };
        let (mut g, mut t) = ready(
            Scenario::Linebreak,
            Some(SpecialRule::RandomGameLength),
            settings,
        );
        play_rounds(&mut g, &mut t, |g| {
            matches!(g.stage(), Stage::LengthRoll { .. }) || g.end.is_some()
        });
        assert_eq!(
            g.stage(),
            Stage::LengthRoll {
                after_round: 5,
                need: 2
            },
            "turn limit {turn_limit}"
        );
        roll(
            &mut g,
            &mut t,
            WarmasterRoll::GameLength {
                after_round: 5,
                need: 2,
            },
            &[Answer::Dice(vec![2])],
        );
        play_rounds(&mut g, &mut t, |g| {
            matches!(g.stage(), Stage::LengthRoll { .. })
        });
        assert_eq!(
            g.stage(),
            Stage::LengthRoll {
                after_round: 6,
                need: 4
            }
        );
        roll(
            &mut g,
            &mut t,
            WarmasterRoll::GameLength {
                after_round: 6,
                need: 4,
            },
            &[Answer::Dice(vec![6])],
        );
        play_rounds(&mut g, &mut t, |g| g.end.is_some());
        assert_eq!(
            g.end.clone().map(|e| e.reasons),
            Some(vec![EndReason::TurnLimit { rounds: 7 }]),
            "turn limit {turn_limit}"
        );
    }
    assert_eq!(WarmasterGame::new_game().length_need(4), None);
    assert_eq!(WarmasterGame::new_game().length_need(6), Some(4));
}
