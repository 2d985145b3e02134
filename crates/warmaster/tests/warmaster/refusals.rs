//! Refusals in the interface language (issue #27): invalid edits read,
//! through the German catalogue, as German sentences naming players and
//! units by name; every refusal key the sources name is in both
//! catalogues.

use feldherr_play::testing::RefusalScan;
use feldherr_play::{Catalogue, Game, Id, Lang, PlayError};
use feldherr_table::Table;
use feldherr_warmaster::{
    Edge, GuardiansOptions, Player, Scenario, Settings, Unit, UnitKind, WarmasterEdit,
    WarmasterError, WarmasterGame, import_army,
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
        "Spearmen: 20.000 Punkte, höchstens 10.000"
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
    scan.scan_source(include_str!("../../src/army_import.rs"));
    scan.scan_source(include_str!("../../src/error.rs"));
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
    // What a too large list or army names (error.rs).
    for what in ["list_bytes", "list_lines", "army"] {
        scan.add(&format!("too_large_what.{what}"));
    }
    assert!(scan.keys().len() > 90, "{} keys found", scan.keys().len());
    let problems = scan.problems(&en, &de);
    assert!(problems.is_empty(), "{problems:#?}");
}

/// The army's problems (issue #27) carry catalogue messages: the army's
/// screen lists them in German, naming units by name and without the
/// saved path; the English sentence is the crate's own.
#[test]
fn army_problems_read_in_german_naming_units_by_name() {
    let de = Catalogue::of_game::<WarmasterGame>(Lang::De);
    let en = Catalogue::of_game::<WarmasterGame>(Lang::En);
    let army = import_army(
        "army: Dark Elves\nSorceress, 1, 90, wizard, item=Helm of Dominion\nSpearmen, 2, 60",
    )
    .expect("army");
    let options = GuardiansOptions {
        arrogant: true,
        ..GuardiansOptions::default()
    };
    let problems = army.problems(200, &options);
    assert!(problems.iter().all(|p| p.said().is_some()), "{problems:?}");
    let german: Vec<String> = problems.iter().map(|p| de.problem(p)).collect();
    assert_eq!(
        german,
        [
            "die Armee kostet 210 Punkte, 10 mehr als die Spielgröße von 200",
            "die Armee hat keinen General",
            "„Sorceress“ trägt „Helm of Dominion“; Dunkelelfen dürfen diesen Gegenstand \
             unter „Arrogant“ nicht nehmen (W11)",
        ]
    );
    let english: Vec<String> = problems.iter().map(|p| en.problem(p)).collect();
    assert_eq!(
        english,
        [
            "the army costs 210 points, 10 over the game size of 200",
            "the army has no General",
            "\"Sorceress\" carries the Helm of Dominion, which Dark Elves may not take under \
             \"Arrogant\" (W11)",
        ]
    );
    // The catalogue message is what the English sentence says, without
    // the path the CLI prints.
    for (p, text) in problems.iter().zip(&english) {
        assert!(p.to_string().ends_with(text.as_str()), "{p} / {text}");
        assert!(!text.contains("units"), "{text}");
    }
    // Two units of one id are named by name, the id not at all.
    let mut twice = import_army("General, 1, 125, general\nSpearmen, 1, 60").expect("army");
    twice.units[1].id = twice.units[0].id;
    let p = twice
        .errors(&GuardiansOptions::default())
        .pop()
        .expect("same id");
    assert_eq!(
        de.problem(&p),
        "„General“ und „Spearmen“ haben dieselbe Kennung"
    );
    // The army's check refuses with the same message.
    let e = PlayError::from(
        twice
            .check(&GuardiansOptions::default())
            .expect_err("same id"),
    );
    assert_eq!(
        de.error(&e),
        "„General“ und „Spearmen“ haben dieselbe Kennung"
    );
}

/// An imported list's errors (issue #27) read in German, naming the line,
/// the field and the value.
#[test]
fn import_errors_read_in_german_naming_the_field_and_the_value() {
    let de = Catalogue::of_game::<WarmasterGame>(Lang::De);
    let en = Catalogue::of_game::<WarmasterGame>(Lang::En);
    let both = |text: &str| {
        let e = import_army(text).expect_err("refused");
        let english = e.to_string();
        let e = PlayError::from(e);
        assert!(e.message().is_some(), "{e:?}");
        // The English message says what the crate's sentence says.
        assert_eq!(en.error(&e), english);
        de.error(&e)
    };
    assert_eq!(
        both("General, 1, 125, general\nSpearmen, four, 55"),
        "Zeile 2 („Spearmen, four, 55“): Anzahl: „four“ ist keine ganze Zahl"
    );
    assert_eq!(
        both("Spearmen, 1, 55, stands=0"),
        "Zeile 1 („Spearmen, 1, 55, stands=0“): Spearmen: 0 Bases, erlaubt sind 1 bis 60"
    );
    assert_eq!(
        both("Spearmen, 4, 55, heavy"),
        "Zeile 1 („Spearmen, 4, 55, heavy“): unbekannte Angabe „heavy“"
    );
    assert_eq!(
        both("Spearmen 4 55"),
        "Zeile 1 („Spearmen 4 55“): erwartet: Name, Anzahl, Punkte; gefunden: 1 Feld(er)"
    );
    assert_eq!(
        both("Spearmen, 0, 55"),
        "Zeile 1 („Spearmen, 0, 55“): Anzahl 0: erlaubt sind 1 bis 50"
    );
    assert_eq!(
        both("version: 12345678901234567890123456789012345678901\nGeneral, 1, 125, general")
            .split_once(": eine Version")
            .map(|(head, _)| head.to_owned()),
        Some(
            "Zeile 1 („version: 12345678901234567890123456789012345678901“): Version \
             „12345678901234567890123456789012345678901“"
                .to_owned()
        )
    );
    // Too large a list: the size with the thousands dot.
    let long = "# x\n".repeat(20_000);
    let e = PlayError::from(import_army(&long).expect_err("too long"));
    assert_eq!(
        de.error(&e),
        "Armeeliste (in Zeilen): 20.000 Einträge; höchstens 500 werden angenommen"
    );
    assert_eq!(
        en.error(&e),
        "the army list (in lines) has 20,000 entries; at most 500 are accepted"
    );
}

/// In the game's problems an army's problem names its player (issue
/// #27): "Armee von Anna: …", a warning marked as one.
#[test]
fn a_games_army_problems_name_the_player() {
    let mut game = WarmasterGame::new_game();
    let mut table = WarmasterGame::default_table();
    game.apply(
        &WarmasterEdit::SetPlayerName {
            player: Player::A,
            name: "Anna".into(),
        },
        &mut table,
    )
    .expect("named");
    let de = Catalogue::of_game::<WarmasterGame>(Lang::De);
    let en = Catalogue::of_game::<WarmasterGame>(Lang::En);
    let problems = game.problems(&table);
    let german: Vec<String> = problems.iter().map(|p| de.problem(p)).collect();
    assert!(
        german.contains(&"Warnung: Armee von Anna: die Armee hat keine Einheiten".to_owned()),
        "{german:?}"
    );
    let english: Vec<String> = problems.iter().map(|p| en.problem(p)).collect();
    assert!(
        english.contains(&"warning: Anna's army: the army has no units".to_owned()),
        "{english:?}"
    );
}
