//! Refusals in the interface language (issue #27): invalid edits read,
//! through the German catalogue, as German sentences naming players and
//! units by name; every refusal key the sources name is in both
//! catalogues.

use feldherr_play::testing::RefusalScan;
use feldherr_play::{Catalogue, Game, Id, Lang};
use feldherr_wh40k_ffa::{FfaEdit, FreeForAll};

use crate::common::{game, players, refused};

fn catalogue(lang: Lang) -> Catalogue {
    Catalogue::of_game::<FreeForAll>(lang)
}

#[test]
fn invalid_edits_read_in_german() {
    let de = catalogue(Lang::De);
    let mut g = FreeForAll::new_game();
    let mut table = FreeForAll::default_table();
    let e = refused(&mut g, &mut table, FfaEdit::SetPlayers(players(2)));
    assert_eq!(
        de.error(&e),
        "ein Jeder-gegen-jeden-Spiel wird zu dritt oder zu viert gespielt, nicht mit 2"
    );
    let (mut g, mut table) = game(3);
    let e = refused(&mut g, &mut table, FfaEdit::Rally { unit: Id(11) });
    assert_eq!(
        de.error(&e),
        "Sammeln gibt es im Zug eines Spielers; erst den Wurf um Runde 1 machen (F2)"
    );
    let e = refused(&mut g, &mut table, FfaEdit::RemoveUnit { unit: Id(99) });
    assert_eq!(
        de.error(&e),
        "Entfernungen gibt es im Zug eines Spielers; erst den Wurf um Runde 1 machen (F2)"
    );
    // In round 1: a unit that does not flee does not rally, by its name
    // and its player's, "von" in German and "of" in English (issue #27).
    let (mut g, mut table) = crate::units::started();
    let e = refused(&mut g, &mut table, FfaEdit::Rally { unit: Id(11) });
    assert_eq!(
        de.error(&e),
        "Anna Trupp 1 von Anna flieht nicht; nur eine fliehende Einheit sammelt sich (PF1)"
    );
    assert_eq!(
        catalogue(Lang::En).error(&e),
        "Anna Trupp 1 of Anna is not fleeing; only a fleeing unit rallies (PF1)"
    );
    assert_eq!(catalogue(Lang::En).error(&e), e.to_string());
    let e = refused(&mut g, &mut table, FfaEdit::RemoveUnit { unit: Id(99) });
    assert_eq!(de.error(&e), "diese Einheit gibt es nicht (mehr)");
}

/// Every refusal key the sources name is in both catalogues, in German
/// words.
#[test]
fn every_refusal_key_is_in_both_catalogues() {
    let en = Catalogue::parse("en", FreeForAll::messages(Lang::En)).expect("en");
    let de = Catalogue::parse("de", FreeForAll::messages(Lang::De)).expect("de");
    let mut scan = RefusalScan::new("wh40k_ffa.refusal").call("self.now(", "what.");
    scan.scan_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/src"), true);
    assert!(scan.keys().len() > 60, "{} keys found", scan.keys().len());
    let problems = scan.problems(&en, &de);
    assert!(problems.is_empty(), "{problems:#?}");
}

/// Every problem the crate reports carries a catalogue message: no
/// `Problem::new` in its sources is left without `.with_message` in the
/// same statement (issue #27).
#[test]
fn every_problem_carries_a_message() {
    let mut bare = Vec::new();
    let mut found = 0;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut dirs = vec![std::path::PathBuf::from(dir)];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("src") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let source = std::fs::read_to_string(&path).expect("source");
            for (at, _) in source.match_indices("Problem::new(") {
                found += 1;
                let statement = source[at..].split(';').next().unwrap_or_default();
                if !statement.contains(".with_message(") {
                    let line = source[..at].lines().count();
                    bare.push(format!("{}:{line}", path.display()));
                }
            }
        }
    }
    assert!(found > 0, "the scan finds the crate's problems");
    assert!(bare.is_empty(), "problems without a message: {bare:#?}");
}
