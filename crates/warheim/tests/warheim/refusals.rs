//! Refusals in the interface language (issue #27): invalid edits read,
//! through the German catalogue, as German sentences naming fighters and
//! players by name; every refusal key the sources name is in both
//! catalogues.

use feldherr_play::testing::RefusalScan;
use feldherr_play::{Catalogue, Game, Id, Lang, PlayError};
use feldherr_table::Table;
use feldherr_warheim::{Source, Warheim, WarheimEdit};

use super::{example_game, roster};

/// The error of `edit`, which must be refused and change nothing.
fn refusal(game: &mut Warheim, table: &mut Table, edit: WarheimEdit) -> PlayError {
    let before = game.clone();
    let e = game.apply(&edit, table).expect_err("refused");
    assert_eq!(*game, before, "a refused edit changes nothing");
    e
}

/// `edit` is refused; in German it reads `german`, in English as the
/// crate's own sentence.
fn check(game: &mut Warheim, table: &mut Table, edit: WarheimEdit, german: &str) {
    let e = refusal(game, table, edit);
    let message = e.message().expect("a catalogue message");
    assert!(message.key.starts_with("warheim.refusal."), "{message:?}");
    let de = Catalogue::of_game::<Warheim>(Lang::De);
    assert_eq!(de.error(&e), german, "{e:?}");
    let en = Catalogue::of_game::<Warheim>(Lang::En).error(&e);
    match &e {
        PlayError::Invalid { reason, .. } => assert_eq!(&en, reason),
        // A missing thing has no name to give: its sentence names no id
        // (issue #27); `Display` keeps the id for logs.
        PlayError::NotFound { .. } => assert!(!en.contains('#'), "{en}"),
        _ => assert_eq!(en, e.to_string()),
    }
}

#[test]
fn invalid_edits_read_in_german_naming_fighters_by_name() {
    let (mut game, mut table) = example_game();
    check(
        &mut game,
        &mut table,
        WarheimEdit::EndTurn,
        "es läuft keine Runde (H5)",
    );
    check(
        &mut game,
        &mut table,
        WarheimEdit::Reload {
            fighter: Id(1),
            weapon: 0,
        },
        "Witch hunter: Sword muss nicht nachgeladen werden",
    );
    check(
        &mut game,
        &mut table,
        WarheimEdit::Reload {
            fighter: Id(11),
            weapon: 5,
        },
        "Upper orc hat nur 1 Waffe(n)",
    );
    check(
        &mut game,
        &mut table,
        WarheimEdit::SetElevation {
            fighter: Id(12),
            elevation: 42.5,
        },
        "Lower orc: 42,5 Zoll ist nicht 0 bis 40 Zoll über dem Tisch",
    );
    check(
        &mut game,
        &mut table,
        WarheimEdit::Apply(Id(7)),
        "diesen Wurfablauf gibt es nicht (mehr)",
    );
    game.apply(&WarheimEdit::StartTurn, &mut table)
        .expect("a turn starts");
    check(
        &mut game,
        &mut table,
        WarheimEdit::StartTurn,
        "eine Runde läuft; erst sie beenden (H5)",
    );
    check(
        &mut game,
        &mut table,
        WarheimEdit::RemoveLastRoster,
        "Kampftrupps ändern sich nur zwischen zwei Runden (H5)",
    );
    // The rule engine below the game says "{fighter}" and "{player}"; the
    // game fills in the names.
    let chooser = game.turn.as_ref().expect("a turn").chooser;
    let (other, name) = (1 - chooser, game.rosters[chooser].player.clone());
    check(
        &mut game,
        &mut table,
        WarheimEdit::ChooseGroup {
            player: other,
            group: 0,
        },
        &format!("{name} wählt die Gruppe (H5)"),
    );
    let group = game
        .turn
        .as_ref()
        .expect("a turn")
        .groups
        .iter()
        .position(|g| g.player == chooser)
        .expect("a group");
    game.apply(
        &WarheimEdit::ChooseGroup {
            player: chooser,
            group,
        },
        &mut table,
    )
    .expect("chosen");
    let stranger = if chooser == 0 { 11 } else { 1 };
    let stranger_name = if chooser == 0 {
        "Upper orc"
    } else {
        "Witch hunter"
    };
    check(
        &mut game,
        &mut table,
        WarheimEdit::BeginActivation {
            fighter: Id(stranger),
            source: Source::Pool,
        },
        &format!("{stranger_name} gehört nicht zur Gruppe am Zug"),
    );
}

/// A roster's checks below the game module (fighter, profile, roster)
/// read in German too, naming the fighter by name, with a decimal comma.
#[test]
fn bad_rosters_read_in_german_naming_fighters_by_name() {
    let (mut game, mut table) = example_game();
    let mut tall = roster("orcs.json");
    let name = tall.fighters[0].name.clone();
    tall.fighters[0].height = Some(13.5);
    check(
        &mut game,
        &mut table,
        WarheimEdit::SetRoster {
            player: 1,
            roster: tall,
        },
        &format!(
            "{name}: eine Miniatur von 13,5 Zoll Höhe ist nicht über 0 und höchstens 12 Zoll groß"
        ),
    );
    let mut twice = roster("orcs.json");
    let first = twice.fighters[0].clone();
    twice.fighters.push(first);
    check(
        &mut game,
        &mut table,
        WarheimEdit::SetRoster {
            player: 1,
            roster: twice,
        },
        &format!("{name}: seine Kennung kommt im Kampftrupp doppelt vor"),
    );
    let mut nobody = roster("orcs.json");
    nobody.player = " ".into();
    check(
        &mut game,
        &mut table,
        WarheimEdit::SetRoster {
            player: 1,
            roster: nobody,
        },
        "ein Kampftrupp braucht einen Spieler",
    );
}

/// Every refusal key the sources name (`say("…")`, `not_found("…", …)`)
/// is in both catalogues, in German words.
#[test]
fn every_refusal_key_is_in_both_catalogues() {
    let en = Catalogue::parse("en", Warheim::messages(Lang::En)).expect("en");
    let de = Catalogue::parse("de", Warheim::messages(Lang::De)).expect("de");
    let mut scan = RefusalScan::new("warheim.refusal");
    scan.scan_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/src"), true);
    // Chosen by an `if` in attack_order.rs, so no literal follows `say(`.
    for key in ["decimal", "number", "impact_lays", "impact_lays_no"] {
        scan.add(key);
    }
    assert!(scan.keys().len() > 90, "{} keys found", scan.keys().len());
    let problems = scan.problems(&en, &de);
    assert!(problems.is_empty(), "{problems:#?}");
}
