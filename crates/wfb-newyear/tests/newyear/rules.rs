//! The event behind the contract (issue 9): kind, rename, edits, problems,
//! the hosted sled race; the catalogues and rules cards.

use feldherr_play::{Catalogue, EventRules, GameReport, Lang, PlayError, Role, Seat, SideReport};
use feldherr_wfb_newyear::{
    DecidedBy, Event, EventEdit, EventTieBreaker, RULE_CARDS, SLED_RACE_ROLE, SledPlace,
    SledSource, catalogue, messages, rule_card_text,
};

use crate::event::event;

fn side(name: &str, placing: Option<u32>, round: Option<u32>) -> SideReport {
    SideReport {
        placing,
        finished_round: round,
        ..SideReport::new(name)
    }
}

#[test]
fn kind_rename_and_edits() {
    let mut e = event();
    assert_eq!(<Event as EventRules>::KIND, "wfb_newyear");
    assert!(matches!(e.rename("  "), Err(PlayError::Invalid { .. })));
    assert!(e.rename(&"x".repeat(201)).is_err());
    e.rename("Neujahr 2027").expect("rename");
    assert_eq!(EventRules::name(&e), "Neujahr 2027");
    EventRules::apply(&mut e, &EventEdit::SetDate("2027-01-02".into())).expect("date");
    assert_eq!(e.date, "2027-01-02");
    let err = EventRules::apply(
        &mut e,
        &EventEdit::SetTieBreakers(vec![
            EventTieBreaker::SledPlacing,
            EventTieBreaker::SledPlacing,
        ]),
    )
    .expect_err("twice");
    assert_eq!(
        err.to_string(),
        "tie_breakers: sled placing is chosen twice (N7)"
    );
    assert!(e.problems().is_empty());
}

#[test]
fn problems_have_paths_and_rules() {
    let mut e = event();
    e.tie_breakers.push(EventTieBreaker::VpDifference);
    if let Some(r) = &mut e.new_year_scenario.pairings[1].result {
        r.b.treasures_recovered = 2;
    }
    let problems: Vec<String> = e.problems().iter().map(ToString::to_string).collect();
    assert_eq!(
        problems,
        [
            "tie_breakers[3]: tie_breakers: VP difference is chosen twice (N7)",
            "new_year_scenario.pairings[1].result: New Year scenario, table 2: \
             treasures_recovered: A 2 + B 2 = 4, but there are 3 treasures and each can be \
             recovered only once (N3)",
        ]
    );
}

#[test]
fn the_sled_race_is_a_hosted_game() {
    let typed = event();
    // The fixture's result was typed in (saved before schema 3: PN7), so
    // the race run in the event is refused until the organiser switches.
    assert_eq!(typed.sled_source(), Some(SledSource::Typed));
    let err = typed
        .feed(
            &SLED_RACE_ROLE,
            &[],
            &GameReport {
                finished: false,
                sides: Vec::new(),
            },
        )
        .expect_err("typed");
    assert_eq!(
        err.to_string(),
        "sled race: the result comes from the typed finish order, not from the race run in the \
         event; switch the source first (PN7)"
    );
    let mut e = typed.clone();
    EventRules::apply(&mut e, &EventEdit::SetSledSource(SledSource::Hosted)).expect("switch");
    assert_eq!(e.sled_race, None, "switching discards the typed result");
    let slots = e.slots();
    assert_eq!(slots.len(), 1);
    assert_eq!(
        (slots[0].role.to_string().as_str(), slots[0].system),
        ("sled_race", "sled_race")
    );
    // Katrin has no character on foot (N6).
    assert_eq!(slots[0].players.len(), 7);
    assert!(!slots[0].players.iter().any(|s| s.name == "Katrin Lehmann"));
    assert!(slots[0].players.contains(&Seat::new("lena", "Lena Brandt")));
    let seats = slots[0].players.clone();

    let report = GameReport {
        finished: true,
        sides: vec![
            side("Lena Brandt", Some(2), Some(6)),
            side("Uwe Hartmann", Some(1), Some(5)),
            side("Sabine Vogt", Some(3), Some(7)),
            side("Jonas Albrecht", None, None),
        ],
    };
    let edit = e
        .feed(&SLED_RACE_ROLE, &seats, &report)
        .expect("feed")
        .expect("an edit");
    let EventEdit::FeedSledRace(Some(race)) = &edit else {
        panic!("{edit:?}");
    };
    let order: Vec<(&str, u32)> = race
        .finishers
        .iter()
        .map(|f| (f.player.as_str(), f.round))
        .collect();
    assert_eq!(order, [("uwe", 5), ("lena", 6), ("sabine", 7)]);
    // Lena renamed after the race was seated: her seat's id still finds
    // her, so the race feeds the same result (issue 21).
    let mut renamed = e.clone();
    let mut lena = renamed
        .players
        .iter()
        .find(|p| p.id == "lena")
        .expect("lena")
        .clone();
    lena.name = "Lena Brandt-Hofer".into();
    EventRules::apply(
        &mut renamed,
        &EventEdit::UpdatePlayer {
            id: "lena".into(),
            player: lena,
        },
    )
    .expect("rename");
    assert_eq!(
        renamed.feed(&SLED_RACE_ROLE, &seats, &report),
        Ok(Some(edit.clone()))
    );
    // Without the seats the race's name matches nobody any more.
    assert!(renamed.feed(&SLED_RACE_ROLE, &[], &report).is_err());
    assert_eq!(race.did_not_finish, ["jonas"]);
    assert_eq!(race.did_not_start, ["matthias", "dieter", "petra"]);
    let mut fed = e.clone();
    EventRules::apply(&mut fed, &edit).expect("the fed result is valid");
    assert_eq!(fed.player_points().expect("points")[4].sled_race, 10);

    // Running: nothing to take yet.
    let running = GameReport {
        finished: false,
        ..report.clone()
    };
    assert_eq!(e.feed(&SLED_RACE_ROLE, &seats, &running), Ok(None));
    // A step taken back after the finish: the race runs again, and its
    // points leave the standings (issue 26).
    let taken_back = fed
        .feed(&SLED_RACE_ROLE, &seats, &running)
        .expect("feed")
        .expect("the result goes");
    assert_eq!(taken_back, EventEdit::FeedSledRace(None));
    EventRules::apply(&mut fed, &taken_back).expect("cleared");
    assert_eq!(fed.player_points().expect("points")[4].sled_race, 0);
    assert_eq!(
        fed.player_points().expect("points")[4].sled_place,
        SledPlace::NotRun
    );
    assert_eq!(fed.sled_source(), Some(SledSource::Hosted));
    // A typed finish order cannot clash with the race run in the event.
    let err = EventRules::apply(&mut fed, &EventEdit::SetSledRace(typed.sled_race.clone()))
        .expect_err("hosted");
    assert!(err.to_string().contains("(PN7)"), "{err}");
    // A fresh event: the first hosted step makes the race the source.
    let mut fresh = typed.clone();
    fresh.sled_race = None;
    assert_eq!(fresh.sled_source(), None);
    let first = fresh
        .feed(&SLED_RACE_ROLE, &seats, &running)
        .expect("feed")
        .expect("the source is decided");
    EventRules::apply(&mut fresh, &first).expect("hosted");
    assert_eq!(fresh.sled_source(), Some(SledSource::Hosted));
    // Unknown names are refused by name; so are unknown roles.
    let mut stranger = report.clone();
    stranger.sides.push(side("Hans Meier", Some(4), Some(8)));
    assert_eq!(
        e.feed(&SLED_RACE_ROLE, &seats, &stranger)
            .expect_err("stranger")
            .to_string(),
        "sled race report: Hans Meier is not a player of this event"
    );
    let mut unround = report.clone();
    unround.sides[0].finished_round = None;
    assert_eq!(
        e.feed(&SLED_RACE_ROLE, &seats, &unround)
            .expect_err("no round")
            .to_string(),
        "sled race report: Lena Brandt is placed but has no finishing round"
    );
    let mut same = report;
    same.sides[1].placing = Some(2);
    assert_eq!(
        e.feed(&SLED_RACE_ROLE, &seats, &same)
            .expect_err("same place")
            .to_string(),
        "sled race report: place 2 is reported twice (Lena Brandt and Uwe Hartmann)"
    );
    assert!(
        e.feed(
            &Role::Table { round: 3, table: 1 },
            &seats,
            &GameReport {
                finished: true,
                sides: vec![]
            }
        )
        .is_err()
    );
}

#[test]
fn catalogues_have_the_same_keys_and_every_message_renders() {
    let en = Catalogue::parse("en", messages(Lang::En)).expect("en");
    let de = Catalogue::parse("de", messages(Lang::De)).expect("de");
    assert_eq!(en.keys().collect::<Vec<_>>(), de.keys().collect::<Vec<_>>());
    let mut used: Vec<String> = RULE_CARDS
        .iter()
        .flat_map(|(t, b)| [t.to_string(), b.to_string()])
        .collect();
    for column in [
        "place",
        "player",
        "club",
        "army",
        "raeuber_warhammer",
        "new_year_scenario",
        "sled_race",
        "total",
        "decided_by",
    ] {
        used.push(format!("newyear.column.{column}"));
    }
    used.push("newyear.dropped".into());
    used.push("newyear.warning.duplicate_name".into());
    for lang in Lang::ALL {
        let c = catalogue(lang);
        for key in &used {
            assert!(c.get(key).is_some(), "{lang:?}: {key}");
        }
        let mut decided = vec![DecidedBy::Total, DecidedBy::Shared];
        for tie_breaker in EventTieBreaker::ALL {
            decided.push(DecidedBy::TieBreaker {
                tie_breaker,
                value: 1.0,
                versus: 0.0,
            });
        }
        for d in decided {
            let text = c
                .render(&d.message())
                .unwrap_or_else(|| panic!("{lang:?}: {d:?}"));
            assert!(!text.contains('{'), "{text}");
        }
        for index in 0..RULE_CARDS.len() {
            let (title, lines) = rule_card_text(lang, index).expect("card");
            assert!(!title.is_empty() && lines.len() >= 3);
        }
    }
    // Same text as the app's cards had.
    let (title, lines) = rule_card_text(Lang::En, 0).expect("card");
    assert_eq!(title, "Raeuber-Warhammer: lose big to win");
    assert_eq!(lines.len(), 8);
}
