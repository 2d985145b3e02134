//! Refusals in the interface language (issue #27): invalid edits read,
//! through the German catalogue, as German sentences naming drivers and
//! players by name; every refusal key the sources name is in both
//! catalogues.

use feldherr_play::testing::RefusalScan;
use feldherr_play::{Catalogue, Game, Id, Lang, PlayError};
use feldherr_sled_race::{Driver, Mount, Race, RaceEdit, StepInput};
use feldherr_table::Table;

/// The error of `edit`, which must be refused.
fn refusal(race: &mut Race, table: &mut Table, edit: RaceEdit) -> PlayError {
    let before = race.clone();
    let e = race.apply(&edit, table).expect_err("refused");
    assert_eq!(*race, before, "a refused edit changes nothing");
    e
}

/// `edit` is refused; in German it reads `german`, in English as the
/// crate's own sentence.
fn check(race: &mut Race, table: &mut Table, edit: RaceEdit, german: &str) {
    let e = refusal(race, table, edit);
    let message = e.message().expect("a catalogue message");
    assert!(message.key.starts_with("sled.refusal."), "{message:?}");
    let de = Catalogue::of_game::<Race>(Lang::De);
    assert_eq!(de.error(&e), german, "{e:?}");
    let en = Catalogue::of_game::<Race>(Lang::En).error(&e);
    match &e {
        PlayError::Invalid { reason, .. } => assert_eq!(&en, reason),
        // A missing thing has no name to give: its sentence names no id
        // (issue #27); `Display` keeps the id for logs.
        PlayError::NotFound { .. } => assert!(!en.contains('#'), "{en}"),
        _ => assert_eq!(en, e.to_string()),
    }
}

fn entrant(player: &str, name: &str) -> RaceEdit {
    RaceEdit::AddEntrant {
        player: player.into(),
        driver: Some(Driver::on_foot(name, player, [4, 4, 4, 4, 2])),
    }
}

#[test]
fn invalid_edits_read_in_german_naming_drivers_by_name() {
    let mut table = Race::default_table();
    let mut race = Race::new_game();
    check(
        &mut race,
        &mut table,
        RaceEdit::Open(StepInput::Draw),
        "das Rennen hat noch nicht begonnen (S3)",
    );
    check(
        &mut race,
        &mut table,
        RaceEdit::Start,
        "kein Teilnehmer hat einen Fahrer zu Fuß (N6)",
    );
    let mut knight = Driver::on_foot("Ritter Kunz", "Eva", [4, 4, 4, 4, 2]);
    knight.mount = Mount::Chariot;
    check(
        &mut race,
        &mut table,
        RaceEdit::AddEntrant {
            player: "Eva".into(),
            driver: Some(knight),
        },
        "Ritter Kunz fährt einen Streitwagen: die Figur im Rennen darf weder beritten sein noch \
         einen Streitwagen fahren; eine Figur zu Fuß wählen (N6)",
    );
    let mut weak = Driver::on_foot("Grimbold", "Eva", [4, 4, 4, 4, 2]);
    weak.toughness = 11;
    check(
        &mut race,
        &mut table,
        RaceEdit::AddEntrant {
            player: "Eva".into(),
            driver: Some(weak),
        },
        "der Widerstand des Fahrers muss 1 bis 10 sein, nicht 11",
    );
    race.apply(&entrant("Anna", "Elfenheld"), &mut table)
        .expect("entrant");
    check(
        &mut race,
        &mut table,
        entrant("Anna", "Ogerheld"),
        "Anna ist schon gemeldet",
    );
    check(
        &mut race,
        &mut table,
        RaceEdit::AddEntrant {
            player: "Ben".into(),
            driver: Some(Driver::on_foot("Ogerheld", "Carl", [4, 4, 4, 4, 2])),
        },
        "Ogerheld gehört zu Carl, nicht zu Ben",
    );
    check(
        &mut race,
        &mut table,
        RaceEdit::RemoveEntrant(Id(9)),
        "diesen Teilnehmer gibt es nicht (mehr)",
    );
    race.apply(&entrant("Ben", "Ogerheld"), &mut table)
        .expect("entrant");
    race.apply(&RaceEdit::Start, &mut table).expect("start");
    check(
        &mut race,
        &mut table,
        entrant("Carl", "Zwergenthan"),
        "das Rennen hat begonnen; die Aufstellung ist geschlossen (S3)",
    );
    check(
        &mut race,
        &mut table,
        RaceEdit::Open(StepInput::Turn { angle: 10.0 }),
        "als Nächstes kommt die Auslosung des Starts, nicht dieser Schritt",
    );
}

/// Every refusal key the sources name (`say("…")`, `not_found("…", …)`,
/// the fields a range names) is in both catalogues, in German words.
#[test]
fn every_refusal_key_is_in_both_catalogues() {
    let en = Catalogue::parse("en", Race::messages(Lang::En)).expect("en");
    let de = Catalogue::parse("de", Race::messages(Lang::De)).expect("de");
    let mut scan = RefusalScan::new("sled.refusal")
        .call("in_range(", "field.")
        .call("positive(", "field.");
    scan.scan_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/src"), true);
    for key in [
        "decimal",
        "number",
        "field.settings_sled_width",
        "field.settings_sled_length",
    ] {
        scan.add(key);
    }
    assert!(scan.keys().len() > 40, "{} keys found", scan.keys().len());
    let problems = scan.problems(&en, &de);
    assert!(problems.is_empty(), "{problems:#?}");
}
