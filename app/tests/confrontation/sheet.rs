//! The record sheet in German: every line through the catalogues (titles
//! and outcomes as the crate's messages, log lines translated), so that no
//! English sentence is left.

use feldherr::systems::confrontation::{ConfrontationEdit, ConfrontationKind, conf};
use feldherr::ui::resolution_panel::ResolutionWords;
use feldherr_confrontation::Impetus;
use feldherr_confrontation::game::{Phase, ShotOrder};
use feldherr_confrontation::machine_sheet;
use feldherr_dice::step::Answer;
use feldherr_host::document::{Document, DocumentEdit, GameDoc, GameEdit};
use feldherr_host::registry::SystemEdit;
use feldherr_play::Id;
use feldherr_sheet::SheetOptions;

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../fixtures/confrontation/saved_before_sides.json"
);

fn apply(game: &mut GameDoc, edit: ConfrontationEdit) {
    let mut doc = Document::Game(game.clone());
    DocumentEdit::Game(GameEdit::System(SystemEdit::Confrontation(edit)))
        .apply(&mut doc)
        .expect("edit");
    if let Document::Game(g) = doc {
        *game = g;
    }
}

/// Adds `kind`, answers it with `dice` and applies it.
fn resolve(game: &mut GameDoc, kind: ConfrontationKind, dice: &[&[u32]]) {
    apply(game, ConfrontationEdit::AddResolution(kind));
    let id = conf(game).resolutions.last().expect("added").id();
    for faces in dice {
        apply(
            game,
            ConfrontationEdit::Answer {
                resolution: id,
                answer: Answer::Dice(faces.to_vec()),
            },
        );
    }
    assert!(conf(game).resolution(id).expect("saved").finished());
    apply(game, ConfrontationEdit::ApplyResult(id));
}

/// The example game with a zone shot, a ramming and a repair, applied.
fn played() -> GameDoc {
    let Document::Game(mut game) =
        feldherr_host::document::load(std::path::Path::new(FIXTURE)).expect("fixture")
    else {
        panic!("a game");
    };
    let table = game.table_or_default();
    let order = ShotOrder {
        fer: Some(3),
        template_cm: Some(10.0),
        ..ShotOrder::new(Id(2), 3, 5)
    };
    let shot = conf(&game).shot_inputs(&table, &order).expect("shot");
    resolve(
        &mut game,
        ConfrontationKind::Shot(shot),
        &[&[4], &[3, 4], &[3], &[1, 2], &[5], &[2, 5]],
    );
    let ram = conf(&game)
        .ramming_inputs(&table, Id(3), Impetus::Distance(23.0), &[5], &[])
        .expect("ramming");
    resolve(&mut game, ConfrontationKind::Ramming(ram), &[&[6, 6]]);
    // The Felsspalter lost 2 SP; at the end of the round its Mechaniker
    // Grizhou, touching it, repairs it (C10).
    let mut state = conf(&game)
        .machine(Id(2))
        .expect("Felsspalter")
        .state
        .clone();
    state.sp_lost = 2;
    apply(
        &mut game,
        ConfrontationEdit::SetMachineState {
            machine: Id(2),
            state,
        },
    );
    let grizhou = conf(&game)
        .crew_of(Id(2))
        .find(|c| c.name() == "Grizhou")
        .expect("Grizhou")
        .id;
    apply(
        &mut game,
        ConfrontationEdit::SetCrew {
            crew: grizhou,
            in_contact: true,
            engaged: false,
            fleeing: false,
        },
    );
    while conf(&game).round.phase != Phase::End {
        apply(&mut game, ConfrontationEdit::NextPhase);
    }
    let repair = conf(&game)
        .repair_inputs(&table, Id(2), grizhou)
        .expect("the Felsspalter is damaged");
    resolve(&mut game, repair, &[&[5]]);
    game
}

/// The literal parts (between placeholders) of every English catalogue
/// sentence that reads differently in German, long enough to be a phrase.
fn english_phrases() -> Vec<String> {
    let en = feldherr::i18n::Texts::new("en");
    let de = feldherr::i18n::Texts::new("de");
    let keys: Vec<String> = en.keys().map(str::to_owned).collect();
    let mut out = Vec::new();
    for key in keys {
        let (e, d) = (en.t(&key), de.t(&key));
        if e == d {
            continue;
        }
        for part in e.split(['{', '}']).step_by(2) {
            let part = part.trim();
            if part.len() >= 12 && part.contains(' ') && !d.contains(part) {
                out.push(part.to_owned());
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn a_german_record_sheet_with_a_shot_a_ramming_and_a_repair_has_no_english_line() {
    let game = played();
    assert_eq!(conf(&game).resolutions.len(), 3);
    // To look at it: FELDHERR_PLAYED=/tmp/x.json, then `feldherr sheet`.
    if let Some(path) = std::env::var_os("FELDHERR_PLAYED") {
        feldherr_host::document::save(std::path::Path::new(&path), &Document::Game(game.clone()))
            .expect("save");
    }
    let de = feldherr::i18n::Texts::new("de");
    let sheet =
        machine_sheet(conf(&game), &game.name, &de, SheetOptions::default()).expect("sheet");
    let text = format!("{:?}", sheet.blocks());
    // The titles, the log and the outcomes are in German.
    for german in ["Schadenstabelle", "Reparatur", "Ergebnis"] {
        assert!(text.contains(german), "{german} missing:\n{text}");
    }
    let phrases = english_phrases();
    assert!(phrases.len() > 100, "{}", phrases.len());
    let found: Vec<&String> = phrases
        .iter()
        .filter(|p| text.contains(p.as_str()))
        .collect();
    assert!(
        found.is_empty(),
        "English in the German sheet: {found:?}\n{text}"
    );
    // The English sheet of the same game does have them: the check bites.
    let en = feldherr::i18n::Texts::new("en");
    let sheet =
        machine_sheet(conf(&game), &game.name, &en, SheetOptions::default()).expect("sheet");
    let text = format!("{:?}", sheet.blocks());
    assert!(
        phrases.iter().filter(|p| text.contains(p.as_str())).count() > 3,
        "{text}"
    );
}

#[test]
fn the_resolution_panel_and_list_name_each_resolution_in_german() {
    let game = played();
    let de = feldherr::i18n::Texts::new("de");
    let en = feldherr::i18n::Texts::new("en");
    let list = game.game.resolutions();
    let phrases = english_phrases();
    for index in 0..list.count() {
        let resolution = list.resolution_at(index).expect("saved");
        let german = ResolutionWords::of(&de, list, index, resolution);
        let english = ResolutionWords::of(&en, list, index, resolution);
        // The German words differ from the English ones and carry no
        // English phrase.
        assert_ne!(german.title, english.title);
        let outcome = german.outcome.clone().expect("finished");
        assert_ne!(Some(&outcome), english.outcome.as_ref());
        for phrase in &phrases {
            assert!(
                !german.title.contains(phrase.as_str()) && !outcome.contains(phrase.as_str()),
                "{phrase:?} in {german:?}"
            );
        }
    }
}
