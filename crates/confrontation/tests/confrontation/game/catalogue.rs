//! The game module's message catalogue: same keys in both languages, and
//! every key its logs use renders.

use feldherr_confrontation::{ConfrontationGame, ConfrontationKind};
use feldherr_play::{Catalogue, Game, Lang};

use super::support::{
    FELSSPALTER, GOBLIN_A, GOBLIN_B, GOBLIN_C, MINE, PANZER, PANZERWAGEN, example_game, order,
};

#[test]
fn both_catalogues_have_the_same_keys_and_every_used_key_renders() {
    let en = Catalogue::parse("game.en", ConfrontationGame::messages(Lang::En)).expect("en");
    let de = Catalogue::parse("game.de", ConfrontationGame::messages(Lang::De)).expect("de");
    assert_eq!(en.keys().collect::<Vec<_>>(), de.keys().collect::<Vec<_>>());
    for answers in [&[&[4u32][..], &[6, 5], &[6, 5], &[2, 5]][..], &[&[1]]] {
        let mut game = example_game();
        let inputs = game
            .game
            .shot_inputs(&game.table, &order(PANZER, GOBLIN_B))
            .expect("shot");
        let id = game.resolve(ConfrontationKind::Shot(inputs), answers);
        let log = game
            .game
            .resolution(id)
            .expect("resolution")
            .resolution()
            .log();
        let ours: Vec<_> = log
            .iter()
            .filter_map(|s| s.message.as_ref())
            .filter(|m| m.key.starts_with("conf.log.fer."))
            .collect();
        // One line says why the FER test ended as it did.
        assert_eq!(ours.len(), 1, "{log:?}");
        for catalogue in [&en, &de] {
            for m in &ours {
                assert!(catalogue.render(m).is_some(), "{m:?}");
            }
        }
    }
    let de_line = de
        .render(
            &feldherr_dice::step::Message::new("conf.game.fer_test")
                .key("result", "conf.game.fire.hit"),
        )
        .expect("renders");
    assert_eq!(de_line, "FER-Test: Treffer");
}

/// Every message in `m` (nested ones too), by key.
fn keys_of(m: &feldherr_dice::step::Message, out: &mut std::collections::BTreeSet<String>) {
    out.insert(m.key.clone());
    for (_, arg) in &m.args {
        match arg {
            feldherr_dice::step::MessageArg::Nested(inner) => keys_of(inner, out),
            feldherr_dice::step::MessageArg::Key(key) => {
                out.insert(key.clone());
            }
            _ => {}
        }
    }
}

#[test]
fn titles_and_outcomes_render_in_both_languages_and_german_is_german() {
    use feldherr_confrontation::Impetus;
    let en = Catalogue::parse("en", ConfrontationGame::messages(Lang::En)).expect("en");
    let de = Catalogue::parse("de", ConfrontationGame::messages(Lang::De)).expect("de");
    let mut game = example_game();
    let mut ids = Vec::new();
    // A zone shot with hits on figures and a machine (C6).
    let zone = game
        .game
        .shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_A))
        .expect("shot");
    ids.push(game.resolve(
        ConfrontationKind::Shot(zone),
        &[&[4], &[3, 4], &[3], &[1, 2]],
    ));
    // A deviated zone shot that spares Goblin C.
    let missed = game
        .game
        .shot_inputs(&game.table, &order(FELSSPALTER, GOBLIN_C))
        .expect("shot");
    ids.push(game.resolve(
        ConfrontationKind::Shot(missed),
        &[&[6], &[1], &[1], &[1], &[2]],
    ));
    // A penetrating shot down the line (C7).
    let line = game
        .game
        .shot_inputs(&game.table, &order(PANZER, GOBLIN_B))
        .expect("shot");
    ids.push(game.resolve(
        ConfrontationKind::Shot(line),
        &[&[4], &[6, 5], &[6, 5], &[2, 5]],
    ));
    // A ramming and a mine.
    let ram = game
        .game
        .ramming_inputs(
            &game.table,
            PANZERWAGEN,
            Impetus::Distance(23.0),
            &[GOBLIN_C],
            &[],
        )
        .expect("ramming");
    ids.push(game.resolve(ConfrontationKind::Ramming(ram), &[&[1, 1]]));
    let mine = game.game.mine_inputs(&game.table, MINE).expect("mine");
    let hits = mine.victims.len();
    let dice: Vec<&[u32]> = (0..hits).map(|_| &[1u32, 1][..]).collect();
    ids.push(game.resolve(ConfrontationKind::Hits(mine), &dice));
    let mut used = std::collections::BTreeSet::new();
    for id in ids {
        let saved = game.game.resolution(id).expect("resolution");
        let title = saved.kind().title_message();
        let lines = saved.outcome().expect("finished").lines(saved.kind());
        assert!(!lines.is_empty());
        for m in std::iter::once(&title).chain(&lines) {
            keys_of(m, &mut used);
            let (e, d) = (en.render(m), de.render(m));
            assert!(e.is_some() && d.is_some(), "{m:?}");
        }
        let (e, d) = (en.render(&title), de.render(&title));
        assert_ne!(e, d, "the German title is German");
    }
    for key in [
        "conf.game.hit.line",
        "conf.game.hit.line_str",
        "conf.game.hit.missed",
        "conf.game.hit.sp",
        "conf.game.shot.stuck",
        "conf.game.title.mine",
    ] {
        assert!(used.contains(key), "{key} never produced: {used:?}");
    }
}

/// Every refusal of a charge the Charge and fear tab shows renders from
/// the catalogue: in English as the crate's own sentence, in German in
/// German, naming the charger by name.
#[test]
fn charge_refusals_render_in_both_languages() {
    use feldherr_confrontation::game::ChargeRefusal;
    use feldherr_table::geometry::FacingArc;
    let en = Catalogue::parse("en", ConfrontationGame::messages(Lang::En)).expect("en");
    let de = Catalogue::parse("de", ConfrontationGame::messages(Lang::De)).expect("de");
    let name = || "Thallion".to_owned();
    let mut refusals = vec![
        ChargeRefusal::UnknownStrength,
        ChargeRefusal::CrewMovingMachine(name()),
        ChargeRefusal::LeftVehicle(name()),
        ChargeRefusal::WreckSurvivor(name()),
        ChargeRefusal::Immobile(name()),
        ChargeRefusal::NotAnEnemy(name()),
    ];
    for arc in [
        FacingArc::Front,
        FacingArc::Left,
        FacingArc::Right,
        FacingArc::Rear,
    ] {
        refusals.push(ChargeRefusal::ClosedSide {
            arc,
            strength: 5,
            res: 8,
        });
    }
    for why in &refusals {
        let english = en.render(&why.message()).expect("en renders");
        let german = de.render(&why.message()).expect("de renders");
        assert_eq!(english, why.to_string());
        assert_ne!(german, english);
        assert!(!german.contains('{'), "{german}");
    }
    let closed = ChargeRefusal::ClosedSide {
        arc: FacingArc::Rear,
        strength: 5,
        res: 8,
    };
    assert_eq!(
        de.render(&closed.message()).as_deref(),
        Some(
            "Geschwindigkeitsmarker: kein Angriff ins Heck, außer STÄ 5 ist größer als WK 8 (Unaufhaltsam)"
        )
    );
}

/// Every refusal of a captor or a capture the Crew and capture tab shows
/// renders from the catalogue: in English as the crate's own sentence, in
/// German in German.
#[test]
fn capture_refusals_render_in_both_languages() {
    use feldherr_confrontation::game::{CaptorRefusal, CaptureRefusal};
    let en = Catalogue::parse("en", ConfrontationGame::messages(Lang::En)).expect("en");
    let de = Catalogue::parse("de", ConfrontationGame::messages(Lang::De)).expect("de");
    let n = || "Thallion".to_owned();
    let m = || "Felsspalter".to_owned();
    let captors = [
        CaptorRefusal::NoValues(n()),
        CaptorRefusal::Dead(n()),
        CaptorRefusal::HoldersSide(n()),
        CaptorRefusal::MixedSides(n()),
        CaptorRefusal::NotTouching {
            name: n(),
            machine: m(),
        },
        CaptorRefusal::Engaged(n()),
        CaptorRefusal::Requirement {
            name: n(),
            machine: m(),
        },
        CaptorRefusal::AlreadyCrew {
            name: n(),
            machine: m(),
        },
    ];
    let captures = [
        CaptureRefusal::Destroyed(m()),
        CaptureRefusal::NoBes(m()),
        CaptureRefusal::HolderNear {
            name: n(),
            side: "Zwerge".into(),
            tenths_cm: 45,
            machine: m(),
        },
        CaptureRefusal::StillTouches {
            name: n(),
            machine: m(),
        },
        CaptureRefusal::Unplaced {
            name: n(),
            side: "Zwerge".into(),
        },
        CaptureRefusal::TooFew {
            qualified: 0,
            machine: m(),
            needed: 1,
        },
    ];
    let messages = captors
        .iter()
        .map(|c| (c.message(), c.to_string()))
        .chain(captures.iter().map(|c| (c.message(), c.to_string())));
    for (message, english) in messages {
        assert_eq!(en.render(&message), Some(english.clone()));
        let german = de.render(&message).expect("de renders");
        assert_ne!(german, english);
        assert!(!german.contains('{'), "{german}");
    }
}

/// Why a crew figure may not shoot with its own weapon (text line 408),
/// in both languages: English as the crate's sentence, German in German.
#[test]
fn crew_shot_refusals_render_in_both_languages() {
    use feldherr_confrontation::game::CrewShotRefusal;
    let en = Catalogue::parse("en", ConfrontationGame::messages(Lang::En)).expect("en");
    let de = Catalogue::parse("de", ConfrontationGame::messages(Lang::De)).expect("de");
    for why in [
        CrewShotRefusal::Unknown(feldherr_play::Id(9)),
        CrewShotRefusal::Served("Guigne".into()),
        CrewShotRefusal::Engaged("Guigne".into()),
        CrewShotRefusal::Dead("Guigne".into()),
    ] {
        assert_eq!(en.render(&why.message()), Some(why.to_string()));
        let german = de.render(&why.message()).expect("de renders");
        assert_ne!(german, why.to_string());
    }
    assert_eq!(
        de.render(&CrewShotRefusal::Served("Guigne".into()).message())
            .as_deref(),
        Some("Guigne hat in dieser Runde seine Maschine bedient")
    );
}
