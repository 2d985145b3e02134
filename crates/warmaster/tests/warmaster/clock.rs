//! W9: the chess clock as a pure state machine.

use feldherr_play::Game;
use feldherr_warmaster::{ChessClock, MINUTE_MS, Player, WARNING_MS, WarmasterGame};

use super::battle::ready;

#[test]
fn w9_switch_pause_and_warning() {
    let mut c = ChessClock::new(45);
    assert_eq!(c.budget_ms, 45 * MINUTE_MS);
    assert!(!c.started());
    c.start(Player::A, 1_000).expect("start");
    assert_eq!(c.remaining(Player::A, 61_000), 44 * MINUTE_MS);
    assert_eq!(c.switch(61_000).expect("switch"), Player::B);
    assert_eq!(
        c.remaining(Player::A, 500_000),
        44 * MINUTE_MS,
        "A's clock stands"
    );
    // A combat phase: paused, nothing runs.
    c.pause(3, 121_000).expect("pause");
    assert_eq!(c.remaining(Player::B, 999_000), 44 * MINUTE_MS);
    let view = c.view(999_000);
    assert_eq!(view.running, None);
    assert_eq!(
        view.paused.map(|p| (p.player, p.round)),
        Some((Player::B, 3))
    );
    // Switching during the pause starts the other player's clock (W9,
    // clarified 2026-11-26).
    let mut switched = c.clone();
    assert_eq!(switched.switch(999_000).expect("switch"), Player::A);
    assert_eq!(switched.paused, None);
    assert_eq!(switched.used_ms, [60_000, 60_000]);
    c.resume(999_000).expect("resume");
    assert_eq!(c.running, Some(Player::B));
    // Time may not go back.
    let err = c.tick(998_000).expect_err("back in time");
    assert!(err.to_string().starts_with("now_ms: 998000"), "{err}");
    // Under five minutes: the warning flag.
    let almost = 999_000 + (44 * MINUTE_MS - WARNING_MS) - 1;
    assert!(!c.view(almost).warning[1]);
    assert!(c.view(almost + 2).warning[1]);
    assert!(!c.view(almost + 2).warning[0]);
}

#[test]
fn w9_clock_state_survives_a_restart() {
    let settings = feldherr_warmaster::Settings {
        clock: true,
        ..feldherr_warmaster::Settings::default()
    };
    let (mut game, mut t) = ready(feldherr_warmaster::Scenario::Outflanked, None, settings);
    game.apply(
        &E::EndTurn {
            now_ms: Some(70_000),
        },
        &mut t,
    )
    .expect("end turn");
    // The app crashes at 100 s; the autosaved document is loaded at 400 s.
    let saved = serde_json::to_string(&game).expect("save");
    let loaded: WarmasterGame = serde_json::from_str(&saved).expect("load");
    assert_eq!(loaded, game);
    let view = loaded.clock.view(400_000);
    assert_eq!(view.running, Some(Player::B));
    assert_eq!(view.remaining_ms[0], 45 * MINUTE_MS - 70_000);
    assert_eq!(
        view.remaining_ms[1],
        45 * MINUTE_MS - 330_000,
        "B's clock ran on meanwhile"
    );
    // And it keeps working after the restart.
    let mut loaded = loaded;
    loaded
        .apply(&E::Clock(ClockEdit::Switch { now_ms: 400_000 }), &mut t)
        .expect("switch");
    assert_eq!(loaded.clock.running, Some(Player::A));
    assert_eq!(loaded.clock.used_ms, [70_000, 330_000]);
}

#[test]
fn w9_the_clock_is_refused_when_it_is_off() {
    let (mut game, mut t) = ready(
        feldherr_warmaster::Scenario::Outflanked,
        None,
        feldherr_warmaster::Settings::default(),
    );
    let err = game
        .apply(
            &E::Clock(ClockEdit::Start {
                player: Player::A,
                now_ms: 0,
            }),
            &mut t,
        )
        .expect_err("off");
    assert!(err.to_string().contains("off"), "{err}");
}

#[test]
fn w9_the_clock_starts_with_the_starting_player() {
    let settings = feldherr_warmaster::Settings {
        clock: true,
        ..feldherr_warmaster::Settings::default()
    };
    let (mut game, mut t) =
        super::battle::set_up(feldherr_warmaster::Scenario::Outflanked, None, settings);
    // Not before the set-up is done (text line 24).
    let mut fresh = WarmasterGame::new_game();
    fresh.settings.clock = true;
    let err = fresh
        .apply(
            &E::Clock(ClockEdit::Start {
                player: Player::A,
                now_ms: 0,
            }),
            &mut t.clone(),
        )
        .expect_err("too early");
    assert!(err.to_string().contains("begins to deploy"), "{err}");
    let err = game
        .apply(
            &E::Clock(ClockEdit::Start {
                player: Player::B,
                now_ms: 0,
            }),
            &mut t,
        )
        .expect_err("A starts");
    assert!(err.to_string().contains("starting player (Anna)"), "{err}");
}

#[test]
fn w9_the_warning_tone_is_switched_during_the_battle_and_saved_only_when_on() {
    let (mut game, mut table) = super::example::play();
    // The battle has begun: the settings are fixed, the tone is not.
    let mut settings = game.settings;
    settings.turn_limit = 7;
    assert!(game.apply(&E::SetSettings(settings), &mut table).is_err());
    assert!(!game.settings.clock_sound);
    let saved = serde_json::to_string(&game.settings).expect("json");
    assert!(!saved.contains("clock_sound"), "{saved}");
    game.apply(&E::SetClockSound(true), &mut table)
        .expect("tone on");
    assert!(game.settings.clock_sound);
    let saved = serde_json::to_string(&game.settings).expect("json");
    assert!(saved.contains("\"clock_sound\":true"), "{saved}");
    let back: feldherr_warmaster::Settings = serde_json::from_str(&saved).expect("back");
    assert_eq!(back, game.settings);
}

fn clock_game(minutes: u32) -> (WarmasterGame, feldherr_table::Table) {
    let settings = feldherr_warmaster::Settings {
        clock: true,
        clock_minutes: minutes,
        ..feldherr_warmaster::Settings::default()
    };
    ready(feldherr_warmaster::Scenario::Outflanked, None, settings)
}

use feldherr_warmaster::{ClockEdit, EndReason, WarmasterEdit as E};

#[test]
fn w9_ending_a_turn_during_the_combat_pause_starts_the_other_players_clock() {
    // W9, clarified 2026-11-26: "ending the turn starts the other
    // player's clock", also while it is paused for the combat phase.
    let (mut g, mut t) = clock_game(45);
    super::ok(
        &mut g,
        &mut t,
        E::Clock(ClockEdit::Pause { now_ms: 120_000 }),
    );
    // The app must give the time: the clock is live while paused.
    let msg = super::refused(&mut g, &mut t, E::EndTurn { now_ms: None });
    assert!(msg.contains("now_ms"), "{msg}");
    super::ok(
        &mut g,
        &mut t,
        E::EndTurn {
            now_ms: Some(300_000),
        },
    );
    assert_eq!(g.clock.paused, None);
    assert_eq!(g.clock.running, Some(Player::B), "B's turn: B's clock");
    assert_eq!(g.clock.used_ms, [120_000, 0], "the pause cost A nothing");
    let view = g.clock.view(360_000);
    assert_eq!(
        view.remaining_ms,
        [45 * MINUTE_MS - 120_000, 45 * MINUTE_MS - 60_000]
    );
    // The next pause and resume run B's time, not A's.
    super::ok(
        &mut g,
        &mut t,
        E::Clock(ClockEdit::Pause { now_ms: 400_000 }),
    );
    super::ok(
        &mut g,
        &mut t,
        E::Clock(ClockEdit::Resume { now_ms: 500_000 }),
    );
    assert_eq!(g.clock.running, Some(Player::B));
    assert_eq!(g.clock.used_ms, [120_000, 100_000]);
}

#[test]
fn w6_w9_the_clock_stops_when_the_game_ends_and_the_result_never_flips() {
    // Issue 25, 1: a break point ends the game during B's turn; the
    // clock stops then (text line 118 applies "while the game is played").
    let (mut g, mut t) = clock_game(10);
    super::ok(
        &mut g,
        &mut t,
        E::EndTurn {
            now_ms: Some(60_000),
        },
    );
    // An event that may end the game needs the time while the clock runs.
    let kill = |unit, now_ms| E::UnitDestroyed {
        player: Player::A,
        unit,
        new_general: None,
        now_ms,
    };
    let msg = super::refused(&mut g, &mut t, kill(super::battle::SPEARMEN[0], None));
    assert!(msg.contains("now_ms") && msg.contains("(W9)"), "{msg}");
    for (i, unit) in super::battle::SPEARMEN.into_iter().take(3).enumerate() {
        super::ok(&mut g, &mut t, kill(unit, Some(100_000 + i as u64 * 1_000)));
    }
    let end = g.end.clone().expect("broken");
    assert_eq!(
        end.reasons,
        vec![EndReason::ArmyBroken { player: Player::A }]
    );
    assert_eq!(g.clock.running, None, "the clock stopped");
    assert_eq!(g.clock.paused, None);
    let at_end = end.clock.expect("the times at the end");
    assert_eq!(at_end.at_ms, 102_000);
    assert_eq!(at_end.remaining_ms, [600_000 - 60_000, 600_000 - 42_000]);
    // Saved: nothing runs.
    let json = serde_json::to_value(&g.clock).expect("json");
    assert_eq!(json["running"], serde_json::Value::Null);
    // B's ten minutes would have run out long since: nothing changes.
    let verdict = g.victory().verdict;
    super::ok(
        &mut g,
        &mut t,
        E::Clock(ClockEdit::Tick { now_ms: 5_000_000 }),
    );
    assert_eq!(g.clock.ran_out, None);
    assert_eq!(g.victory().verdict, verdict);
    assert_eq!(g.clock.view(9_000_000).remaining_ms, at_end.remaining_ms);
    assert_eq!(
        g.report().expect("report").sides[0].result,
        Some(verdict.result_for(Player::A))
    );
    // The clock cannot be started again.
    let msg = super::refused(
        &mut g,
        &mut t,
        E::Clock(ClockEdit::Switch { now_ms: 5_000_001 }),
    );
    assert!(msg.contains("game is over"), "{msg}");
}

#[test]
fn w9_a_clock_that_ran_out_before_an_event_ended_the_game_at_that_instant() {
    // PW11: B's clock ran out at 11:00 though nobody ticked it; an EP event
    // reported at 12:00 comes after the end and is refused.
    let (mut g, mut t) = clock_game(10);
    super::ok(
        &mut g,
        &mut t,
        E::EndTurn {
            now_ms: Some(60_000),
        },
    );
    let msg = super::refused(
        &mut g,
        &mut t,
        E::EndGame {
            now_ms: Some(720_000),
        },
    );
    assert!(msg.contains("Bernd's clock ran out before this"), "{msg}");
    // A loss recorded then is a correction after the end (PW10).
    super::ok(
        &mut g,
        &mut t,
        E::UnitDestroyed {
            player: Player::A,
            unit: super::battle::KNIGHTS[0],
            new_general: None,
            now_ms: Some(720_000),
        },
    );
    let end = g.end.clone().expect("ended");
    assert_eq!(end.reasons, vec![EndReason::ClockOut { player: Player::B }]);
    assert_eq!(end.clock.map(|c| c.at_ms), Some(660_000));
    assert_eq!(end.clock.map(|c| c.remaining_ms), Some([540_000, 0]));
}

#[test]
fn pw17_a_game_ending_on_the_length_roll_stops_the_clock_at_the_end_of_the_turn() {
    use feldherr_dice::step::Answer;
    use feldherr_warmaster::{SpecialRule, WarmasterRoll};
    let settings = feldherr_warmaster::Settings {
        clock: true,
        ..feldherr_warmaster::Settings::default()
    };
    let (mut g, mut t) = ready(
        feldherr_warmaster::Scenario::Linebreak,
        Some(SpecialRule::RandomGameLength),
        settings,
    );
    let mut now = 0;
    while g.stage()
        != (feldherr_warmaster::Stage::LengthRoll {
            after_round: 5,
            need: 2,
        })
    {
        if matches!(
            g.stage(),
            feldherr_warmaster::Stage::Turn { scoring: true, .. }
        ) {
            super::battle::control(&mut g, &mut t, &[]);
        }
        now += 60_000;
        super::ok(&mut g, &mut t, E::EndTurn { now_ms: Some(now) });
    }
    assert_eq!(now, 600_000);
    assert_eq!(
        g.clock.running,
        Some(Player::A),
        "the starting player rolls"
    );
    super::roll(
        &mut g,
        &mut t,
        WarmasterRoll::GameLength {
            after_round: 5,
            need: 2,
        },
        &[Answer::Dice(vec![1])],
    );
    let end = g.end.clone().expect("ended");
    assert_eq!(end.reasons, vec![EndReason::TurnLimit { rounds: 5 }]);
    // Five turns of a minute each per player; the roll cost nobody time.
    assert_eq!(
        end.clock.map(|c| (c.at_ms, c.remaining_ms)),
        Some((600_000, [45 * MINUTE_MS - 300_000; 2]))
    );
    assert_eq!(g.clock.running, None);
}
