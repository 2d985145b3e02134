//! Refusals in the interface language (issue #27): invalid edits driven
//! through the example game say, through the German catalogue, a German
//! sentence that names machines, figures and sides by name; and every
//! refusal key the game module uses is in both catalogues.

use feldherr_confrontation::ConfrontationGame;
use feldherr_confrontation::game::ConfrontationEdit;
use feldherr_play::testing::RefusalScan;
use feldherr_play::{Catalogue, Game, Id, Lang, PlayError};

use super::support::{FELSSPALTER, GOBLINS, GRIZHOU, PANZER, ZWERGE, example_game};

fn catalogue(lang: Lang) -> Catalogue {
    Catalogue::of_game::<ConfrontationGame>(lang)
}

/// The error of `edit` on the example game, which must refuse it.
fn refusal(edit: ConfrontationEdit) -> PlayError {
    let mut example = example_game();
    example
        .game
        .apply(&edit, &mut example.table)
        .expect_err("refused")
}

/// `edit` is refused; in German it reads `german`, in English as the
/// crate's own sentence.
fn check(edit: ConfrontationEdit, german: &str) {
    let e = refusal(edit);
    let message = e.message().expect("a catalogue message");
    assert!(message.key.starts_with("conf.game.refusal."), "{message:?}");
    assert_eq!(catalogue(Lang::De).error(&e), german, "{e:?}");
    // English through the catalogue is the error's own sentence (the
    // reason of a refusal, with the rule id after it).
    let en = catalogue(Lang::En).error(&e);
    match &e {
        PlayError::Invalid { reason, .. } => assert_eq!(&en, reason),
        // A missing thing has no name to give: its sentence names no id
        // (issue #27); `Display` keeps the id for logs.
        PlayError::NotFound { .. } => assert!(!en.contains('#'), "{en}"),
        _ => assert_eq!(en, e.to_string()),
    }
}

#[test]
fn invalid_edits_read_in_german_naming_things_by_name() {
    check(
        ConfrontationEdit::RemoveSide(GOBLINS),
        "Goblins: ein Spiel hat mindestens zwei Seiten",
    );
    check(
        ConfrontationEdit::RenameSide {
            side: GOBLINS,
            name: "Zwerge".into(),
        },
        "„Zwerge“: eine andere Seite heißt schon so",
    );
    check(
        ConfrontationEdit::RemoveFigure(GRIZHOU),
        "Diese Figur ist Grizhou, lebende Besatzung von Felsspalter; erst die Verknüpfung lösen",
    );
    check(
        ConfrontationEdit::RemoveMachine(Id(99)),
        "diese Maschine gibt es nicht (mehr)",
    );
    check(
        ConfrontationEdit::EndRound {
            touching: Vec::new(),
        },
        "die Runde beenden ist nur möglich in: Ende der Runde (jetzt: Bewegungsphase, Runde 1) (PC2)",
    );
    let _ = (FELSSPALTER, ZWERGE);
}

/// Every refusal key the game module's sources name (`say("…")`,
/// `not_found("…", …)`, the actions of `in_phase`, `in_play` and
/// `check_active`) is in the English and the German catalogue; the German
/// uses no placeholder the English does not have (but the bad value), and
/// differs from it unless it is only names and numbers.
#[test]
fn every_refusal_key_is_in_both_catalogues() {
    let en = catalogue(Lang::En);
    let de = Catalogue::parse("de", ConfrontationGame::messages(Lang::De)).expect("de");
    let mut scan = RefusalScan::new("conf.game.refusal");
    for call in [
        "in_phase(",
        "in_play(",
        "check_active(machine,",
        "check_active(to,",
    ] {
        scan = scan.call(call, "action.");
    }
    scan.scan_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/src/game"), false);
    for join in ["or", "comma"] {
        scan.add(&format!("list.{join}"));
    }
    assert!(scan.keys().len() > 200, "{} keys found", scan.keys().len());
    let problems = scan.problems(&en, &de);
    assert!(problems.is_empty(), "{problems:#?}");
}

/// Refusals of the rule engine below the game (a value out of range, a
/// rule's refusal) and of a shot read in German too, with the decimal
/// comma.
#[test]
fn engine_and_shot_refusals_read_in_german() {
    use feldherr_confrontation::game::ShotProblem;
    let de = catalogue(Lang::De);
    let example = example_game();
    // STR 100 is beyond the damage table's 0 to 99.
    let e = example
        .game
        .damage_inputs(PANZER, 100, false)
        .expect_err("refused");
    assert_eq!(de.error(&e), "STÄ: 100 ist nicht erlaubt (0 bis 99)");
    // A machine drives only in the movement phase, activated.
    let e = refusal(ConfrontationEdit::DriveMachine {
        machine: FELSSPALTER,
        path: Vec::new(),
        take_marker: false,
        movers: None,
    });
    assert_eq!(
        de.error(&e),
        "fahren: nur während der Aktivierung von Felsspalter durch Goblins (PC14)"
    );
    let far: PlayError = ShotProblem::OutOfRange {
        distance: 47.56,
        range: 40.0,
    }
    .into();
    assert_eq!(
        de.error(&far),
        "das Ziel ist 47,6 cm entfernt, die Reichweite beträgt 40 cm"
    );
    let view: PlayError = ShotProblem::OutOfView {
        gunner: "Guigne".into(),
        bearing: 97.2,
    }
    .into();
    assert_eq!(
        de.error(&view),
        "das Ziel liegt 97° neben der Blickrichtung von Guigne, außerhalb der Sicht des Schützen"
    );
}
