//! W9: the chess clock as a pure state machine.

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
    assert!(c.switch(999_000).is_err(), "no switch while paused");
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
    use feldherr_play::Game;
    use feldherr_warmaster::{ClockEdit, WarmasterEdit as E};
    game.apply(
        &E::Clock(ClockEdit::Start {
            player: Player::A,
            now_ms: 10_000,
        }),
        &mut t,
    )
    .expect("start");
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
    assert_eq!(view.remaining_ms[0], 45 * MINUTE_MS - 60_000);
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
    assert_eq!(loaded.clock.used_ms, [60_000, 330_000]);
}

#[test]
fn w9_the_clock_is_refused_when_it_is_off() {
    let (mut game, mut t) = ready(
        feldherr_warmaster::Scenario::Outflanked,
        None,
        feldherr_warmaster::Settings::default(),
    );
    use feldherr_play::Game;
    use feldherr_warmaster::{ClockEdit, WarmasterEdit as E};
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
    let (mut game, mut t) = ready(feldherr_warmaster::Scenario::Outflanked, None, settings);
    use feldherr_play::Game;
    use feldherr_warmaster::{ClockEdit, WarmasterEdit as E};
    let err = game
        .apply(
            &E::Clock(ClockEdit::Start {
                player: Player::B,
                now_ms: 0,
            }),
            &mut t,
        )
        .expect_err("A starts");
    assert!(
        err.to_string().contains("starting player (player A)"),
        "{err}"
    );
}

#[test]
fn w9_the_warning_tone_is_switched_during_the_battle_and_saved_only_when_on() {
    use feldherr_play::Game;
    use feldherr_warmaster::WarmasterEdit;
    let (mut game, mut table) = super::example::play();
    // The battle has begun: the settings are fixed, the tone is not.
    let mut settings = game.settings;
    settings.turn_limit = 7;
    assert!(
        game.apply(&WarmasterEdit::SetSettings(settings), &mut table)
            .is_err()
    );
    assert!(!game.settings.clock_sound);
    let saved = serde_json::to_string(&game.settings).expect("json");
    assert!(!saved.contains("clock_sound"), "{saved}");
    game.apply(&WarmasterEdit::SetClockSound(true), &mut table)
        .expect("tone on");
    assert!(game.settings.clock_sound);
    let saved = serde_json::to_string(&game.settings).expect("json");
    assert!(saved.contains("\"clock_sound\":true"), "{saved}");
    let back: feldherr_warmaster::Settings = serde_json::from_str(&saved).expect("back");
    assert_eq!(back, game.settings);
}
