//! Refusals in the interface language (issue #27): invalid edits read,
//! through the German catalogue, as German sentences naming players and
//! units by name; every refusal key the sources name is in both
//! catalogues.

use feldherr_play::testing::RefusalScan;
use feldherr_play::{Catalogue, Game, Id, Lang, PlayError};
use feldherr_table::Table;
use feldherr_warmaster::{
    Edge, Player, Scenario, Settings, Unit, UnitKind, WarmasterEdit, WarmasterError, WarmasterGame,
};

/// The error of `edit`, which must be refused.
fn refusal(game: &mut WarmasterGame, table: &mut Table, edit: WarmasterEdit) -> PlayError {
    let before = game.clone();
    let e = game.apply(&edit, table).expect_err("refused");
    assert_eq!(*game, before, "a refused edit changes nothing");
    e
}

/// `edit` is refused; in German it reads `german`, in English as the
/// crate's own sentence.
fn check(game: &mut WarmasterGame, table: &mut Table, edit: WarmasterEdit, german: &str) {
    let e = refusal(game, table, edit);
    let message = e.message().expect("a catalogue message");
    assert!(message.key.starts_with("warmaster.refusal."), "{message:?}");
    let de = Catalogue::of_game::<WarmasterGame>(Lang::De);
    assert_eq!(de.error(&e), german, "{e:?}");
    let en = Catalogue::of_game::<WarmasterGame>(Lang::En).error(&e);
    match &e {
        PlayError::Invalid { reason, .. } => assert_eq!(&en, reason),
        // A missing thing has no name to give: its sentence names no id
        // (issue #27); `Display` keeps the id for logs.
        PlayError::NotFound { .. } => assert!(!en.contains('#'), "{en}"),
        _ => assert_eq!(en, e.to_string()),
    }
}

#[test]
fn invalid_edits_read_in_german_naming_players_by_name() {
    let mut game = WarmasterGame::new_game();
    let mut table = WarmasterGame::default_table();
    game.apply(
        &WarmasterEdit::SetPlayerName {
            player: Player::A,
            name: "Bernd".into(),
        },
        &mut table,
    )
    .expect("named");
    check(
        &mut game,
        &mut table,
        WarmasterEdit::SetPlayerName {
            player: Player::B,
            name: "Bernd".into(),
        },
        "der andere Spieler heißt schon Bernd; der Bericht könnte sie nicht unterscheiden",
    );
    check(
        &mut game,
        &mut table,
        WarmasterEdit::RemoveUnit {
            player: Player::A,
            unit: Id(9),
        },
        "diese Einheit gibt es nicht (mehr)",
    );
    check(
        &mut game,
        &mut table,
        WarmasterEdit::ChooseEdge(Edge::North),
        "der Startspieler wählt die Seite; erst ihn bestimmen",
    );
    let (mut game, mut table) = super::example::play();
    check(
        &mut game,
        &mut table,
        WarmasterEdit::SetScenario(Scenario::Outflanked),
        "am Szenario ändert sich nichts mehr, sobald die Schlacht begonnen hat",
    );
}

/// The army's, the settings' and the scenario's checks read in German
/// too, naming the unit by name.
#[test]
fn bad_units_and_settings_read_in_german() {
    let de = Catalogue::of_game::<WarmasterGame>(Lang::De);
    let german = |e: WarmasterError| {
        let e = PlayError::from(e);
        assert!(e.message().is_some(), "{e:?}");
        de.error(&e)
    };
    let long = "S".repeat(81);
    let unit = Unit::new(Id(1), &long, UnitKind::Infantry, 55, 3);
    assert_eq!(
        german(unit.check().expect_err("too long")),
        format!("{long}: der Name einer Einheit hat höchstens 80 Zeichen")
    );
    let unit = Unit::new(Id(1), "Spearmen", UnitKind::Infantry, 20_000, 3);
    assert_eq!(
        german(unit.check().expect_err("too dear")),
        "Spearmen: 20000 Punkte, höchstens 10000"
    );
    let settings = Settings {
        turn_limit: 1,
        ..Settings::default()
    };
    assert_eq!(
        german(settings.check().expect_err("one turn")),
        "eine Grenze von 1 Spielzügen: 2 bis 20 Spielzüge"
    );
    assert_eq!(
        german(Scenario::ALL[0].special_rule(7).expect_err("no such face")),
        "ein W6 zeigt 1 bis 6, nicht 7"
    );
}

/// Every refusal key the game module's, the terrain placement's and the
/// clock's sources name (`say("…")`, `not_found("…", …)`,
/// what can no longer change) is in both catalogues, in German words.
#[test]
fn every_refusal_key_is_in_both_catalogues() {
    let en = Catalogue::parse("en", WarmasterGame::messages(Lang::En)).expect("en");
    let de = Catalogue::parse("de", WarmasterGame::messages(Lang::De)).expect("de");
    let mut scan = RefusalScan::new("warmaster.refusal")
        .call("before_battle(", "what.")
        .call("before_deployment(", "what.");
    // The game module, the terrain placement, the clock, the army, the
    // settings, the rolls, the scenario and the tournament.
    scan.scan_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/src/game"), true);
    scan.scan_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/src/tournament"), true);
    scan.scan_source(include_str!("../../src/alternating.rs"));
    scan.scan_source(include_str!("../../src/clock.rs"));
    scan.scan_source(include_str!("../../src/army.rs"));
    scan.scan_source(include_str!("../../src/settings.rs"));
    scan.scan_source(include_str!("../../src/rolls.rs"));
    scan.scan_source(include_str!("../../src/scenario.rs"));
    // The totals an overflowing standings row names (standings.rs).
    for key in [
        "total.ep",
        "total.vp",
        "total.vp_difference",
        "total.tournament_points",
    ] {
        scan.add(key);
    }
    assert!(scan.keys().len() > 90, "{} keys found", scan.keys().len());
    let problems = scan.problems(&en, &de);
    assert!(problems.is_empty(), "{problems:#?}");
}
