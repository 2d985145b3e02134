//! An event hosts games whose reports feed it: the New Year event's sled
//! race, played as a game of `feldherr-sled-race`, gives the event its
//! finish order (N6) without retyping.

use feldherr_host::document::{Document, DocumentEdit, EventDoc, EventEdit, GameEdit};
use feldherr_host::registry::{SystemEvent, SystemEventEdit, SystemGame};
use feldherr_play::{Game, Role, Seat};
use feldherr_wfb_newyear::EventEdit as NewYearEdit;
use feldherr_wfb_newyear::Player;

const RACE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../fixtures/sled-race/example_race.json"
);

fn event_with_players() -> Document {
    let mut doc = Document::Event(EventDoc::new(
        SystemEvent::new_of("wfb_newyear", "Neujahr").expect("the New Year event"),
    ));
    for (id, name, on_foot) in [
        ("anna", "Anna", true),
        ("ben", "Ben", true),
        ("carl", "Carl", true),
        ("dora", "Dora", false),
    ] {
        let player = Player::new(id, name, "Club", "Army", on_foot);
        DocumentEdit::Event(EventEdit::Event(SystemEventEdit::NewYear(
            NewYearEdit::AddPlayer(player),
        )))
        .apply(&mut doc)
        .expect("player added");
    }
    doc
}

fn new_year(doc: &Document) -> &feldherr_wfb_newyear::Event {
    match doc {
        Document::Event(EventDoc {
            event: SystemEvent::NewYear(event),
            ..
        }) => event,
        _ => panic!("a New Year event"),
    }
}

#[test]
fn the_sled_race_feeds_the_event() {
    let mut doc = event_with_players();
    // The event offers one hosted game: its sled race.
    let Document::Event(event) = &doc else {
        panic!("an event")
    };
    let slots = event.event.slots();
    assert_eq!(slots.len(), 1);
    assert_eq!(slots[0].role, feldherr_wfb_newyear::SLED_RACE_ROLE);
    assert_eq!(slots[0].role.to_string(), "sled_race");
    assert_eq!(slots[0].system, "sled_race");
    assert_eq!(slots[0].names(), ["Anna", "Ben", "Carl"]);
    assert_eq!(slots[0].players[0], Seat::new("anna", "Anna"));

    DocumentEdit::Event(EventEdit::Host {
        role: feldherr_wfb_newyear::SLED_RACE_ROLE,
        name: "Schlittenrennen".into(),
    })
    .apply(&mut doc)
    .expect("hosted");
    // Hosting twice is refused, and so is a role the event does not have.
    assert!(
        DocumentEdit::Event(EventEdit::Host {
            role: feldherr_wfb_newyear::SLED_RACE_ROLE,
            name: "again".into(),
        })
        .apply(&mut doc)
        .is_err()
    );
    let err = DocumentEdit::Event(EventEdit::Host {
        role: Role::shared("chess"),
        name: "x".into(),
    })
    .apply(&mut doc)
    .unwrap_err();
    assert!(err.to_string().contains("chess"), "{err}");

    // Put the example race (played to its end) in the hosted game.
    let race: feldherr_sled_race::Race =
        serde_json::from_str(&std::fs::read_to_string(RACE).expect("fixture")).expect("race");
    let report = race.report().expect("a finished race reports");
    assert!(report.finished, "{report:?}");
    if let Document::Event(event) = &mut doc {
        event.hosted[0].game.game = SystemGame::SledRace(Box::new(race));
    }
    assert!(new_year(&doc).sled_race.is_none());
    // Any change to the hosted game feeds its report to the event.
    DocumentEdit::Event(EventEdit::Hosted {
        role: feldherr_wfb_newyear::SLED_RACE_ROLE,
        edit: GameEdit::SetNotes("ran on the big table".into()),
    })
    .apply(&mut doc)
    .expect("fed");
    let fed = new_year(&doc).sled_race.clone().expect("the race result");
    let placed: Vec<(String, Option<u32>)> = report
        .sides
        .iter()
        .map(|s| (s.player.clone(), s.placing))
        .collect();
    assert!(!fed.finishers.is_empty(), "{fed:?}");
    // The event's finish order is the race's, by player.
    for (i, finisher) in fed.finishers.iter().enumerate() {
        let player = new_year(&doc)
            .players
            .iter()
            .find(|p| p.id == finisher.player)
            .expect("a player");
        let placing = placed
            .iter()
            .find(|(name, _)| *name == player.name)
            .and_then(|(_, p)| *p);
        assert_eq!(placing, Some(i as u32 + 1), "{fed:?} vs {placed:?}");
    }
    // The document round-trips with its hosted game.
    let text = feldherr_host::document::to_json(&doc);
    assert_eq!(
        feldherr_host::document::parse(&text, "event.json").expect("parses"),
        doc
    );
    // The event itself is sound; the race was moved onto a bare table, and
    // the hosted game says so (S1) with its path.
    // The example race also lists Dora, whom the event does not seat in
    // the race (her character is mounted): that is no problem.
    let problems = doc.problems();
    assert!(
        problems
            .iter()
            .all(|p| p.path.starts_with("hosted[0].game.game.state.track")),
        "{problems:?}"
    );

    // The hosted game keeps its seats: the players' ids in the event.
    let seats = |doc: &Document| match doc {
        Document::Event(event) => event.hosted[0].seats.clone(),
        Document::Game(_) => panic!("an event"),
    };
    assert_eq!(seats(&doc), slots[0].players);

    // Renamed in the event after the race was seated: the seat keeps her
    // id, so nothing differs and the race still feeds her result (issue
    // 21; schema 2 warned here and lost her result).
    let anna = new_year(&doc).player("anna").expect("anna").clone();
    update_player(&mut doc, &anna.name, "Anna Berg", true);
    assert!(
        doc.problems()
            .iter()
            .all(|p| p.path != "hosted[0].game" && p.path != "hosted[0].seats"),
        "{:?}",
        doc.problems()
    );
    DocumentEdit::Event(EventEdit::Hosted {
        role: feldherr_wfb_newyear::SLED_RACE_ROLE,
        edit: GameEdit::SetNotes("fed again after the rename".into()),
    })
    .apply(&mut doc)
    .expect("fed by id");
    assert_eq!(new_year(&doc).sled_race.as_ref(), Some(&fed));
}

/// Renames the player `name` to `new_name` and sets his character on foot.
fn update_player(doc: &mut Document, name: &str, new_name: &str, on_foot: bool) {
    let mut player = new_year(doc)
        .players
        .iter()
        .find(|p| p.name == name)
        .expect("player")
        .clone();
    player.character_on_foot = on_foot;
    player.name = new_name.into();
    DocumentEdit::Event(EventEdit::Event(SystemEventEdit::NewYear(
        NewYearEdit::UpdatePlayer {
            id: player.id.clone(),
            player,
        },
    )))
    .apply(doc)
    .expect("updated");
}

#[test]
fn a_schema_2_event_gets_its_seats_on_load() {
    let mut doc = event_with_players();
    DocumentEdit::Event(EventEdit::Host {
        role: feldherr_wfb_newyear::SLED_RACE_ROLE,
        name: "Schlittenrennen".into(),
    })
    .apply(&mut doc)
    .expect("hosted");
    let mut json: serde_json::Value =
        serde_json::from_str(&feldherr_host::document::to_json(&doc)).expect("json");
    assert_eq!(json["schema_version"], 3);
    json["schema_version"] = 2.into();
    let seats = json["hosted"][0]
        .as_object_mut()
        .expect("hosted")
        .remove("seats")
        .expect("saved with seats");
    assert_eq!(seats[0], serde_json::json!({"id": "anna", "name": "Anna"}));
    let old = feldherr_host::document::parse(&json.to_string(), "old.json").expect("migrates");
    assert_eq!(old, doc);
    // Ben's character turns out mounted: the event no longer seats him in
    // the race the game was seated with, and the document warns.
    update_player(&mut doc, "Ben", "Ben", false);
    let problems = doc.problems();
    let differ: Vec<_> = problems
        .iter()
        .filter(|p| p.path == "hosted[0].seats")
        .collect();
    assert_eq!(differ.len(), 1, "{problems:?}");
    assert!(!differ[0].is_error(), "{:?}", differ[0]);
    assert_eq!(
        differ[0].message,
        "the event now seats nobody in \"sled_race\" where the game was seated with Ben"
    );
    // A role that is no role is refused with its path.
    json["hosted"][0]["role"] = "Runde 1".into();
    let err = feldherr_host::document::parse(&json.to_string(), "old.json").unwrap_err();
    assert!(
        err.to_string().contains("hosted[0].role") && err.to_string().contains("Runde 1"),
        "{err}"
    );
}

/// A Warmaster tournament of two players with prescribed terms, round 1
/// paired.
fn tournament_with_terms() -> Document {
    use feldherr_warmaster::{GameTerms, GuardiansOptions, TournamentEdit};
    let mut doc = Document::Event(EventDoc::new(
        SystemEvent::new_of("warmaster_tournament", "Guardians Cup").expect("a tournament"),
    ));
    let edits = [
        TournamentEdit::AddPlayer {
            id: "a".into(),
            name: "Anna".into(),
        },
        TournamentEdit::AddPlayer {
            id: "b".into(),
            name: "Bernd".into(),
        },
        TournamentEdit::SetTerms {
            terms: GameTerms {
                game_size: 1250,
                options: GuardiansOptions {
                    dying_race: false,
                    arrogant: true,
                    destructive: true,
                },
            },
        },
        TournamentEdit::PairRound { round: 1 },
    ];
    for edit in edits {
        DocumentEdit::Event(EventEdit::Event(SystemEventEdit::WarmasterTournament(edit)))
            .apply(&mut doc)
            .expect("tournament edit");
    }
    doc
}

#[test]
fn a_hosted_game_takes_the_terms_its_tournament_prescribes() {
    // The contract's HostedSlot carries the terms; the host seats the game
    // with them (Game::seat_with), so the game is played under the
    // tournament's size and options (text line 266).
    let mut doc = tournament_with_terms();
    let Document::Event(event) = &doc else {
        panic!("an event")
    };
    let slot = event.event.slots().remove(0);
    assert_eq!(slot.names(), ["Anna", "Bernd"]);
    assert!(slot.terms.is_some());
    DocumentEdit::Event(EventEdit::Host {
        role: slot.role.clone(),
        name: "Round 1".into(),
    })
    .apply(&mut doc)
    .expect("hosted");
    let Document::Event(event) = &doc else {
        panic!("an event")
    };
    let SystemGame::Warmaster(game) = &event.hosted(&slot.role).expect("hosted").game.game else {
        panic!("a Warmaster game")
    };
    assert_eq!(game.settings.game_size, 1250);
    assert!(game.settings.options.arrogant && game.settings.options.destructive);
    assert_eq!(game.prescribed.map(|t| t.game_size), Some(1250));
    assert_eq!(game.player(feldherr_warmaster::Player::A).name, "Anna");
}

#[test]
fn terms_a_system_cannot_read_are_refused_naming_the_field() {
    let mut game = feldherr_warmaster::WarmasterGame::new_game();
    let mut table = feldherr_warmaster::WarmasterGame::default_table();
    let error = game
        .seat_with(
            &["Anna".into(), "Bernd".into()],
            Some(&serde_json::json!({"game_size": "big"})),
            &mut table,
        )
        .expect_err("refused");
    assert!(error.to_string().contains("terms"), "{error}");
    // No terms: seated as by `seat`.
    game.seat_with(&["Anna".into(), "Bernd".into()], None, &mut table)
        .expect("seated");
    assert_eq!(game.player(feldherr_warmaster::Player::B).name, "Bernd");
}

#[test]
fn a_table_that_breaks_the_clearances_is_a_warning_not_an_error_p37() {
    use feldherr_host::document::GameDoc;
    use feldherr_host::registry::SystemEdit;
    use feldherr_warmaster::{TerrainType, WarmasterEdit};
    let mut doc = GameDoc::new("Close woods", "warmaster").expect("system");
    // Two woods 25 cm apart centre to centre, placed together (not
    // alternately): W1 wants 12 cm edge to edge.
    for x in [60.0, 85.0] {
        GameEdit::System(SystemEdit::Warmaster(WarmasterEdit::PlaceTerrain {
            player: None,
            terrain: TerrainType::Wood,
            at: feldherr_table::geometry::Point::new(x, 60.0),
            shape: None,
            name: None,
        }))
        .apply_in_place(&mut doc)
        .expect("placed together: allowed (PW12)");
    }
    let problems = doc.problems();
    assert!(
        !problems.iter().any(feldherr_play::Problem::is_error),
        "{problems:?}"
    );
    assert!(
        problems.iter().any(|w| !w.is_error()
            && w.path.starts_with("game")
            && w.rule.as_deref() == Some("W1")),
        "{problems:?}"
    );
    let whole = Document::Game(doc);
    assert!(whole.problems().iter().any(|p| !p.is_error()));
}

#[test]
fn a_result_typed_over_a_hosted_games_is_a_warning() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/documents/warmaster-tournament.json"
    );
    let text = std::fs::read_to_string(path).expect("fixture");
    let doc = feldherr_host::document::parse(&text, "cup.json").expect("loads");
    // The example: round 1 table 1 is hosted and its result is the game's.
    assert!(
        doc.problems()
            .iter()
            .all(|p| !p.path.starts_with("hosted[0]")),
        "{:?}",
        doc.problems()
    );
    // Typed over: 500 VP where the game reports 605.
    let mut json: serde_json::Value = serde_json::from_str(&text).expect("json");
    let vp = &mut json["event"]["round_list"][0]["pairings"][0]["result"]["a"]["vp"];
    assert_eq!(*vp, 605);
    *vp = 500.into();
    let typed = feldherr_host::document::parse(&json.to_string(), "cup.json").expect("loads");
    let problems = typed.problems();
    let differs: Vec<_> = problems
        .iter()
        .filter(|p| p.path == "hosted[0].game")
        .collect();
    assert_eq!(differs.len(), 1, "{problems:?}");
    assert!(!differs[0].is_error());
    assert_eq!(
        differs[0].message,
        "the event's result for \"round-1/table-1\" is not the one the game reports; \
         any change to the game takes the game's result in"
    );
}
