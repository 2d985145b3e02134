//! Refusals in the interface language (issue #27): invalid edits driven
//! through the example game say, through the German catalogue, a German
//! sentence that names machines, figures and sides by name; and every
//! refusal key the game module uses is in both catalogues.

use std::collections::BTreeSet;

use feldherr_confrontation::ConfrontationGame;
use feldherr_confrontation::game::ConfrontationEdit;
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
        "Maschine #99 gibt es nicht",
    );
    check(
        ConfrontationEdit::EndRound {
            touching: Vec::new(),
        },
        "die Runde beenden ist nur möglich in: Ende der Runde (jetzt: Bewegungsphase, Runde 1) (PC2)",
    );
    let _ = (FELSSPALTER, ZWERGE);
}

/// The `"…"` literals following `call` in `source`.
fn literals_after<'a>(source: &'a str, call: &str) -> Vec<&'a str> {
    source
        .match_indices(call)
        .filter_map(|(at, _)| {
            let rest = source[at + call.len()..].trim_start();
            let rest = rest.strip_prefix('"')?;
            rest.split_once('"').map(|(lit, _)| lit)
        })
        .collect()
}

/// `what` as the crate writes it in a key.
fn slug(what: &str) -> String {
    what.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect()
}

/// A sentence without its placeholders.
fn words(text: &str) -> String {
    text.split('{')
        .map(|part| part.split_once('}').map_or(part, |(_, rest)| rest))
        .collect()
}

/// The `{name}` placeholders of a sentence.
fn placeholders(text: &str) -> BTreeSet<&str> {
    text.split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(name, _)| name))
        .collect()
}

/// Every refusal key the game module's sources name (`say("…")`,
/// `not_found("…", …)`, the actions of `in_phase`, `in_play` and
/// `check_active`) is in the English and the German catalogue; the German
/// uses no placeholder the English does not have (but the bad value), and
/// differs from it unless it is only names and numbers.
#[test]
fn every_refusal_key_is_in_both_catalogues() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/game");
    let en = catalogue(Lang::En);
    let de = Catalogue::parse("de", ConfrontationGame::messages(Lang::De)).expect("de");
    let mut keys = BTreeSet::new();
    for entry in std::fs::read_dir(dir).expect("sources") {
        let path = entry.expect("entry").path();
        let source = std::fs::read_to_string(&path).expect("source");
        for key in literals_after(&source, "say(") {
            keys.insert(format!("conf.game.refusal.{key}"));
        }
        for what in literals_after(&source, "not_found(") {
            keys.insert(format!("conf.game.refusal.not_found.{}", slug(what)));
        }
        for call in [
            "in_phase(",
            "in_play(",
            "check_active(machine,",
            "check_active(to,",
        ] {
            for what in literals_after(&source, call) {
                keys.insert(format!("conf.game.refusal.action.{}", slug(what)));
            }
        }
    }
    for join in ["or", "comma"] {
        keys.insert(format!("conf.game.refusal.list.{join}"));
    }
    assert!(keys.len() > 200, "{} keys found", keys.len());
    let mut problems = Vec::new();
    for key in &keys {
        match (en.get(key), de.get(key)) {
            (Some(en), Some(de)) => {
                let mut allowed = placeholders(en);
                allowed.insert("value");
                if !placeholders(de).is_subset(&allowed) {
                    problems.push(format!("{key}: German placeholders {de}"));
                }
                // The text's own terms (Konzentration, Instabil) stay.
                let worded = words(en)
                    .split_whitespace()
                    .filter(|w| w.chars().any(char::is_alphabetic))
                    .count();
                if en == de && worded > 1 {
                    problems.push(format!("{key}: German is the English {de}"));
                }
            }
            (en, de) => problems.push(format!("{key}: en {en:?}, de {de:?}")),
        }
    }
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
