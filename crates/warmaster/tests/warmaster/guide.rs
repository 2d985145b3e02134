//! The guide follows the text's order (issue 25, 7): terrain, starting
//! player, scenario, layout, sides, special rule, then the deployment
//! (the starting player's whole army, then his opponent's) and the first
//! turn.

use feldherr_dice::step::Answer;
use feldherr_play::Game;
use feldherr_table::geometry::Point;
use feldherr_warmaster::{
    ClockEdit, Edge, Player, Settings, Stage, TerrainType, WarmasterEdit as E, WarmasterGame,
    WarmasterRoll,
};

use super::battle::ARMY;
use super::{ok, refused, roll, table};

#[test]
fn the_stages_come_in_the_texts_order() {
    let mut g = WarmasterGame::new_game();
    let mut t = table();
    let settings = Settings {
        clock: true,
        ..Settings::default()
    };
    ok(&mut g, &mut t, E::SetSettings(settings));
    for (player, name) in [(Player::A, "Anna"), (Player::B, "Bernd")] {
        ok(
            &mut g,
            &mut t,
            E::SetPlayerName {
                player,
                name: name.into(),
            },
        );
        ok(
            &mut g,
            &mut t,
            E::ImportArmy {
                player,
                text: ARMY.into(),
            },
        );
    }
    assert_eq!(g.stage(), Stage::Setup);
    // The players build the table together (text line 32).
    for x in [40.0, 90.0, 140.0] {
        ok(
            &mut g,
            &mut t,
            E::PlaceTerrain {
                player: None,
                terrain: TerrainType::Hill,
                at: Point::new(x, 25.0),
                shape: None,
                name: None,
            },
        );
    }
    // Not built alternately: the starting player by roll-off (line 67).
    assert_eq!(g.stage(), Stage::StartingPlayer);
    roll(
        &mut g,
        &mut t,
        WarmasterRoll::start_roll_off(),
        &[Answer::Dice(vec![6, 2]), Answer::Choice(1)],
    );
    assert_eq!(g.starting_player, Some(Player::B), "Anna let Bernd start");
    // The starting player rolls for the scenario (line 53).
    assert_eq!(g.stage(), Stage::Scenario);
    roll(
        &mut g,
        &mut t,
        WarmasterRoll::Scenario {},
        &[Answer::Dice(vec![5])],
    );
    assert_eq!(g.stage(), Stage::Layout);
    ok(&mut g, &mut t, E::PlaceLayout);
    // He chooses his side (line 69), then rolls for the special rule
    // (line 134).
    assert_eq!(g.stage(), Stage::Sides);
    ok(&mut g, &mut t, E::ChooseEdge(Edge::North));
    assert_eq!(g.stage(), Stage::SpecialRule);
    roll(
        &mut g,
        &mut t,
        WarmasterRoll::SpecialRule {
            scenario: feldherr_warmaster::Scenario::Entrenched,
        },
        &[Answer::Dice(vec![3])],
    );
    // He places his whole army first (line 70); the clock starts as he
    // begins (line 24).
    assert_eq!(
        g.stage(),
        Stage::Deployment {
            player: Player::B,
            clock_due: true
        }
    );
    let msg = refused(
        &mut g,
        &mut t,
        E::Deployed {
            player: Player::A,
            now_ms: Some(0),
        },
    );
    assert!(msg.starts_with("Bernd deploys now"), "{msg}");
    let msg = refused(
        &mut g,
        &mut t,
        E::Deployed {
            player: Player::B,
            now_ms: Some(0),
        },
    );
    assert!(msg.contains("start the chess clock first"), "{msg}");
    ok(
        &mut g,
        &mut t,
        E::Clock(ClockEdit::Start {
            player: Player::B,
            now_ms: 1_000,
        }),
    );
    ok(
        &mut g,
        &mut t,
        E::Deployed {
            player: Player::B,
            now_ms: Some(301_000),
        },
    );
    // Then his opponent (line 71), on his own time.
    assert_eq!(
        g.stage(),
        Stage::Deployment {
            player: Player::A,
            clock_due: false
        }
    );
    assert_eq!(g.clock.running, Some(Player::A));
    assert!(g.battle.is_none());
    ok(
        &mut g,
        &mut t,
        E::Deployed {
            player: Player::A,
            now_ms: Some(541_000),
        },
    );
    // The starting player begins the first turn (line 72).
    assert!(matches!(
        g.stage(),
        Stage::Turn {
            round: 1,
            player: Player::B,
            ..
        }
    ));
    assert_eq!(g.clock.running, Some(Player::B));
    assert_eq!(g.clock.used_ms, [240_000, 300_000]);
    assert_eq!(g.deployed, vec![Player::B, Player::A]);
}

#[test]
fn the_deployment_waits_for_ready_armies() {
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
        E::PlaceTerrain {
            player: None,
            terrain: TerrainType::Wood,
            at: Point::new(20.0, 20.0),
            shape: None,
            name: None,
        },
    );
    ok(&mut g, &mut t, E::SetStartingPlayer(Player::A));
    ok(
        &mut g,
        &mut t,
        E::SetScenario(feldherr_warmaster::Scenario::Linebreak),
    );
    ok(&mut g, &mut t, E::PlaceLayout);
    ok(&mut g, &mut t, E::ChooseEdge(Edge::South));
    ok(&mut g, &mut t, E::SetSpecialRule(None));
    let msg = refused(
        &mut g,
        &mut t,
        E::Deployed {
            player: Player::A,
            now_ms: None,
        },
    );
    assert_eq!(msg, "Player B's army is not ready: the army has no units");
}
