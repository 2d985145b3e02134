//! Event day, second pass (issue 26): results saved or visibly not, late
//! arrivals and byes, drafts that go stale, drop-out points, corrections
//! after a later draw, the sled tab's one source, plausible results, the
//! band edges on the preview, the pairings wall sheet, default names.

use feldherr_play::{Catalogue, EventRules, GameReport, Lang, Role, SideReport};
use feldherr_scoring::Side;
use feldherr_wfb_newyear::{
    BandNoteKind, BattleKind, BattleResult, DraftChange, DroppedAfter, Event, EventEdit, EventGame,
    EventWarning, Finisher, HostedPlayerReason, NewYearError, Pairing, Player, SLED_RACE_ROLE,
    Seat, SideResult, SledPlace, SledRace, SledSource, catalogue, standings_rows,
};

use crate::event::event;

const RW: BattleKind = BattleKind::RaeuberWarhammer;
const NYS: BattleKind = BattleKind::NewYearScenario;

const NAMES: [&str; 10] = [
    "Anna Berger",
    "Bernd Krause",
    "Clara Vogt",
    "Dieter Schulz",
    "Emil Engel",
    "Frieda Albers",
    "Gerd Maier",
    "Hanna Lutz",
    "Ingo Roth",
    "Jana Wolf",
];

/// An event with the first `n` players of [`NAMES`], ids `p1`, `p2`, ...
fn players(n: usize) -> Event {
    let mut e = Event::new("Neujahr 2027");
    for i in 0..n.min(NAMES.len()) {
        add(&mut e, i);
    }
    e
}

fn add(e: &mut Event, i: usize) {
    let club = ["Ulm", "Kassel", "Bamberg", "Freiburg", ""][i % 5];
    ok(
        e,
        EventEdit::AddPlayer(Player::new(
            format!("p{}", i + 1),
            NAMES[i],
            club,
            "Dwarfs",
            true,
        )),
    );
}

fn ok(e: &mut Event, edit: EventEdit) {
    e.apply(&edit)
        .unwrap_or_else(|err| panic!("{edit:?}: {err}"));
}

fn refused(e: &mut Event, edit: EventEdit) -> NewYearError {
    let before = e.clone();
    let err = e.apply(&edit).expect_err("refused");
    assert_eq!(*e, before, "a refused edit changes nothing");
    err
}

fn result(vp_a: i64, vp_b: i64) -> Option<BattleResult> {
    Some(BattleResult {
        a: SideResult::new(vp_a, 0),
        b: SideResult::new(vp_b, 0),
    })
}

fn set_result(e: &mut Event, game: BattleKind, table: u32, vp_a: i64, vp_b: i64) {
    ok(
        e,
        EventEdit::SetResult {
            game,
            table,
            result: result(vp_a, vp_b),
        },
    );
}

/// Draws and confirms `game` with `seed`.
fn draw(e: &mut Event, game: BattleKind, seed: u64) {
    let draft = e.draft(game, seed).expect("draft");
    ok(e, EventEdit::ConfirmDraft(draft));
}

fn render(catalogue: &Catalogue, message: &feldherr_dice::step::Message) -> String {
    catalogue
        .render(message)
        .expect("every key in the catalogue")
}

#[test]
fn tables_without_a_result_are_named_for_the_standings_and_the_projector() {
    let mut e = players(6);
    assert_eq!(e.warnings().expect("warnings"), []);
    draw(&mut e, RW, 1);
    set_result(&mut e, RW, 2, 900, 100);
    let progress = e.progress();
    assert_eq!(progress.games[0].tables, 3);
    assert_eq!(progress.games[0].with_result, 1);
    assert_eq!(progress.games[0].without_result, [1, 3]);
    assert_eq!(progress.tables_without_result(), 2);
    assert!(!progress.is_final());
    let warnings = e.warnings().expect("warnings");
    assert_eq!(
        warnings,
        [EventWarning::MissingResults {
            game: RW,
            tables: vec![1, 3]
        }]
    );
    assert_eq!(
        render(&catalogue(Lang::En), &warnings[0].message()),
        "Raeuber-Warhammer: 2 tables without a result (tables 1, 3)"
    );
    assert_eq!(
        render(&catalogue(Lang::De), &warnings[0].message()),
        "Räuber-Warhammer: 2 Tische ohne Ergebnis (Tische 1, 3)"
    );
    set_result(&mut e, RW, 1, 900, 100);
    let warnings = e.warnings().expect("warnings");
    assert_eq!(
        render(&catalogue(Lang::En), &warnings[0].message()),
        "Raeuber-Warhammer: 1 table without a result (table 3)"
    );
    set_result(&mut e, RW, 3, 900, 100);
    assert_eq!(e.warnings().expect("warnings"), []);
    assert!(e.progress().games[0].complete());
    // The fixture is complete: nothing provisional.
    assert!(event().progress().is_final());
}

#[test]
fn a_late_arrival_takes_the_bye_slot() {
    let mut e = players(5);
    draw(&mut e, RW, 3);
    let bye = e.raeuber_warhammer.byes[0].clone();
    let bye_name = e.player_name(&bye);
    add(&mut e, 5);
    assert_eq!(
        refused(
            &mut e,
            EventEdit::PairBye {
                game: RW,
                bye: "p6".into(),
                late: bye.clone()
            }
        )
        .to_string(),
        format!("Raeuber-Warhammer: {bye_name} has a table or a bye already")
    );
    let seated = e.raeuber_warhammer.pairings[0].player_a.clone();
    assert_eq!(
        refused(
            &mut e,
            EventEdit::PairBye {
                game: RW,
                bye: seated.clone(),
                late: "p6".into()
            }
        )
        .to_string(),
        format!("Raeuber-Warhammer: {} has no bye", e.player_name(&seated))
    );
    ok(
        &mut e,
        EventEdit::PairBye {
            game: RW,
            bye: bye.clone(),
            late: "p6".into(),
        },
    );
    let battle = e.game(RW);
    assert!(battle.byes.is_empty());
    assert_eq!(battle.pairings.len(), 3);
    assert_eq!(battle.pairings[2], Pairing::new(3, bye, "p6"));
    assert_eq!(e.warnings().expect("warnings").len(), 1);
    // A player who dropped out with his bye keeps it, but gets no opponent.
    let mut f = players(5);
    draw(&mut f, RW, 3);
    let bye = f.raeuber_warhammer.byes[0].clone();
    ok(
        &mut f,
        EventEdit::SetDropped {
            id: bye.clone(),
            dropped: true,
        },
    );
    assert_eq!(
        f.player(&bye).expect("bye").dropped_after,
        Some(DroppedAfter::RaeuberWarhammer),
        "a bye counts as played"
    );
    add(&mut f, 5);
    assert!(matches!(
        refused(
            &mut f,
            EventEdit::PairBye {
                game: RW,
                bye,
                late: "p6".into()
            }
        ),
        NewYearError::DroppedPlayer { .. }
    ));
    // A dropped player cannot take a seat.
    add(&mut e, 6);
    ok(
        &mut e,
        EventEdit::SetDropped {
            id: "p7".into(),
            dropped: true,
        },
    );
    assert_eq!(
        refused(
            &mut e,
            EventEdit::AddBye {
                game: RW,
                player: "p7".into()
            }
        )
        .to_string(),
        "Gerd Maier has dropped out and gets no new pairing"
    );
}

#[test]
fn a_bye_is_removed_and_given_by_hand() {
    let mut e = players(5);
    draw(&mut e, RW, 3);
    let bye = e.raeuber_warhammer.byes[0].clone();
    ok(
        &mut e,
        EventEdit::RemoveBye {
            game: RW,
            player: bye.clone(),
        },
    );
    assert!(e.raeuber_warhammer.byes.is_empty());
    let sheet = e.pairings_sheet(RW);
    let row = sheet
        .by_name
        .iter()
        .find(|r| r.name == e.player_name(&bye))
        .expect("listed");
    assert_eq!(row.seat, Seat::NotSeated);
    assert!(matches!(
        refused(
            &mut e,
            EventEdit::RemoveBye {
                game: RW,
                player: bye.clone()
            }
        ),
        NewYearError::NoBye { .. }
    ));
    ok(
        &mut e,
        EventEdit::AddBye {
            game: RW,
            player: bye.clone(),
        },
    );
    assert_eq!(e.raeuber_warhammer.byes, [bye]);
}

#[test]
fn a_redraw_keeps_the_tables_with_a_result() {
    let mut e = players(8);
    draw(&mut e, RW, 11);
    set_result(&mut e, RW, 1, 1000, 200);
    set_result(&mut e, RW, 3, 450, 500);
    let kept: Vec<Pairing> = e
        .raeuber_warhammer
        .pairings
        .iter()
        .filter(|p| p.result.is_some())
        .cloned()
        .collect();
    // A late arrival: nine players, four of them at kept tables.
    add(&mut e, 8);
    let draft = e.draft(RW, 12).expect("draft");
    assert_eq!(draft.kept_tables, [1, 3]);
    assert_eq!(draft.drawn_for.len(), 5);
    assert!(draft.drawn_for.iter().any(|d| d.player == "p9"));
    let numbers: Vec<u32> = draft.draft.tables.iter().map(|t| t.number).collect();
    assert_eq!(numbers, [2, 4], "numbered around the kept tables");
    assert!(draft.draft.bye.is_some());
    ok(&mut e, EventEdit::ConfirmDraft(draft));
    let battle = e.game(RW);
    for pairing in &kept {
        assert_eq!(battle.at_table(pairing.table), Some(pairing));
    }
    assert_eq!(battle.pairings.len(), 4);
    assert_eq!(battle.byes.len(), 1);
    assert_eq!(battle.seed, Some(12));
    assert_eq!(battle.tables_without_result(), [2, 4]);
}

#[test]
fn a_stale_draft_is_refused_with_every_change_and_kept_by_the_caller() {
    let mut e = players(6);
    draw(&mut e, RW, 5);
    let draft = e.draft(RW, 6).expect("draft");
    assert_eq!(draft.changes(&e).expect("changes"), []);
    // Meanwhile: a late arrival, a drop-out and a result at table 2.
    add(&mut e, 6);
    let table2 = e.raeuber_warhammer.at_table(2).expect("table 2").clone();
    set_result(&mut e, RW, 2, 700, 100);
    let leaving = e
        .players
        .iter()
        .find(|p| p.id != table2.player_a && p.id != table2.player_b && p.id != "p7")
        .expect("another")
        .id
        .clone();
    ok(
        &mut e,
        EventEdit::SetDropped {
            id: leaving.clone(),
            dropped: true,
        },
    );
    let changes = draft.changes(&e).expect("changes");
    let name = |id: &str| e.player_name(id);
    // Tables first, then who joined, then who left (in the draw's order).
    assert_eq!(changes[0], DraftChange::ResultEntered { table: 2 });
    assert_eq!(
        changes[1],
        DraftChange::Joined {
            name: "Gerd Maier".into()
        }
    );
    for id in [&table2.player_a, &table2.player_b, &leaving] {
        assert!(
            changes[2..].contains(&DraftChange::Left { name: name(id) }),
            "{id}"
        );
    }
    assert_eq!(changes.len(), 5);
    let before = e.clone();
    let err = e
        .apply(&EventEdit::ConfirmDraft(draft.clone()))
        .expect_err("stale");
    assert_eq!(e, before);
    let text = err.to_string();
    assert!(text.starts_with("Raeuber-Warhammer: the draft no longer fits the event ("));
    assert!(
        text.contains("table 2 has a result now and is kept"),
        "{text}"
    );
    assert!(
        text.contains("Gerd Maier is to be paired but was not drawn"),
        "{text}"
    );
    for id in ["p1", "p2", "p3", "p4", "p5", "p6", "p7"] {
        assert!(!text.contains(&format!("{id} ")), "{text}");
    }
    let en = catalogue(Lang::En);
    let de = catalogue(Lang::De);
    assert_eq!(
        render(&de, &changes[1].message()),
        "Gerd Maier muss gepaart werden, war aber nicht in der Auslosung"
    );
    assert_eq!(
        render(&en, &changes[0].message()),
        "table 2 has a result now"
    );
    // Drawn again, it fits.
    draw(&mut e, RW, 6);
    assert_eq!(
        e.raeuber_warhammer.at_table(2),
        Some(&{
            let mut t = table2;
            t.result = result(700, 100);
            t
        })
    );
}

#[test]
fn a_draft_altered_by_hand_is_refused() {
    let mut e = players(4);
    let mut draft = e.draft(RW, 1).expect("draft");
    draft.draft.tables[1].a = draft.draft.tables[0].a.clone();
    let err = refused(&mut e, EventEdit::ConfirmDraft(draft));
    assert!(matches!(err, NewYearError::DraftSeats { .. }), "{err}");
    // Swapping through the draft keeps it whole.
    let mut draft = e.draft(RW, 1).expect("draft");
    let (x, y) = (
        draft.draft.tables[0].a.clone(),
        draft.draft.tables[1].b.clone(),
    );
    draft.swap(&x, &y, &e).expect("swap");
    ok(&mut e, EventEdit::ConfirmDraft(draft));
    assert_eq!(e.raeuber_warhammer.pairings[1].player_b, x);
}

#[test]
fn the_bare_confirm_refuses_a_draw_without_a_late_arrival() {
    let mut e = players(4);
    let draft = e.draw(RW, 2).expect("draw");
    add(&mut e, 4);
    let err = refused(&mut e, EventEdit::ConfirmDraw { game: RW, draft });
    assert_eq!(
        err,
        NewYearError::StaleDraft {
            game: RW,
            changes: vec![DraftChange::Joined {
                name: "Emil Engel".into()
            }]
        }
    );
}

#[test]
fn a_drop_out_records_when_and_the_standings_keep_it() {
    let mut e = players(4);
    draw(&mut e, RW, 1);
    set_result(&mut e, RW, 1, 800, 100);
    set_result(&mut e, RW, 2, 800, 100);
    let leaving = e.raeuber_warhammer.pairings[0].player_a.clone();
    ok(
        &mut e,
        EventEdit::SetDropped {
            id: leaving.clone(),
            dropped: true,
        },
    );
    let player = e.player(&leaving).expect("player").clone();
    assert_eq!(player.dropped_after, Some(DroppedAfter::RaeuberWarhammer));
    let rows = standings_rows(&e).expect("rows");
    let row = rows
        .iter()
        .find(|r| r.points.player == leaving)
        .expect("row");
    assert_eq!(row.dropped_after, Some(DroppedAfter::RaeuberWarhammer));
    assert_eq!(
        row.name_label(&catalogue(Lang::En)),
        format!("{} (dropped after game 1: Raeuber-Warhammer)", player.name)
    );
    assert_eq!(
        row.name_label(&catalogue(Lang::De)),
        format!(
            "{} (ausgestiegen nach Spiel 1: Räuber-Warhammer)",
            player.name
        )
    );
    // He is not drawn for the scenario.
    let draft = e.draft(NYS, 1).expect("draft");
    assert!(draft.drawn_for.iter().all(|d| d.player != leaving));
    // Before the first game is impossible with a result in game 1.
    let err = refused(
        &mut e,
        EventEdit::DropOutAfter {
            id: leaving.clone(),
            after: DroppedAfter::Registration,
        },
    );
    assert_eq!(
        err.to_string(),
        format!(
            "{} dropped out before the first game but has a result in the Raeuber-Warhammer \
             game; correct when he dropped out first (PN5)",
            player.name
        )
    );
    // A result after the drop-out point is refused too (loaded or edited).
    let mut later = e.clone();
    later.new_year_scenario.pairings.push(
        Pairing::new(
            1,
            leaving.clone(),
            e.raeuber_warhammer.pairings[1].player_a.clone(),
        )
        .with_result(SideResult::new(100, 0), SideResult::new(100, 0)),
    );
    let issue = later.issues().into_iter().next().expect("an issue");
    assert_eq!(issue.path, "new_year_scenario.pairings[0].result");
    assert_eq!(
        issue.error,
        NewYearError::AfterDropOut {
            player: player.name.clone(),
            dropped_after: DroppedAfter::RaeuberWarhammer,
            game: EventGame::NewYearScenario,
        }
    );
    // Back in: the point goes.
    ok(
        &mut e,
        EventEdit::SetDropped {
            id: leaving.clone(),
            dropped: false,
        },
    );
    assert_eq!(e.player(&leaving).expect("player").dropped_after, None);
    // Dropping before any result: before the first game.
    add(&mut e, 4);
    ok(
        &mut e,
        EventEdit::SetDropped {
            id: "p5".into(),
            dropped: true,
        },
    );
    assert_eq!(
        e.player("p5").expect("p5").dropped_after,
        Some(DroppedAfter::Registration)
    );
}

#[test]
fn a_correction_after_the_next_draw_is_reported() {
    let mut e = players(4);
    draw(&mut e, RW, 1);
    set_result(&mut e, RW, 1, 800, 100); // difference 700: 3 / 6
    set_result(&mut e, RW, 2, 500, 0); // difference 500: 2 / 4
    draw(&mut e, NYS, 2);
    assert_eq!(e.new_year_scenario.drawn_from.len(), 4);
    let waiting = EventWarning::MissingResults {
        game: NYS,
        tables: vec![1, 2],
    };
    assert_eq!(
        e.warnings().expect("warnings"),
        std::slice::from_ref(&waiting)
    );
    // A correction that changes nothing the draw used: no warning.
    let same = e.apply_reporting(&EventEdit::SetResult {
        game: RW,
        table: 2,
        result: result(500, 0),
    });
    assert_eq!(same, Ok(vec![]));
    // Table 1 corrected to 1000 - 100: a difference of 900, 4 / 8 (N1).
    let table1 = e.raeuber_warhammer.pairings[0].clone();
    let new = e
        .apply_reporting(&EventEdit::SetResult {
            game: RW,
            table: 1,
            result: result(1000, 100),
        })
        .expect("corrected");
    let (a, b) = (
        e.player_name(&table1.player_a),
        e.player_name(&table1.player_b),
    );
    let [EventWarning::StandingsChangedSinceDraw { game, changes }] = new.as_slice() else {
        panic!("{new:?}");
    };
    assert_eq!(*game, NYS);
    assert_eq!(changes.len(), 2);
    for change in [
        DraftChange::StandingChanged {
            name: a.clone(),
            points_before: 3,
            points_now: 4,
            vp_before: 700,
            vp_now: 900,
        },
        DraftChange::StandingChanged {
            name: b.clone(),
            points_before: 6,
            points_now: 8,
            vp_before: -700,
            vp_now: -900,
        },
    ] {
        assert!(changes.contains(&change), "{change}");
    }
    assert_eq!(
        e.warnings().expect("warnings"),
        [waiting.clone(), new[0].clone()]
    );
    let text = render(&catalogue(Lang::En), &new[0].message());
    assert!(
        text.starts_with("The New Year scenario was drawn by standings that a corrected result has changed since: "),
        "{text}"
    );
    assert!(text.contains(&a) && text.contains(&b), "{text}");
    // The organiser keeps the pairings: the warning goes.
    ok(&mut e, EventEdit::KeepDrawnPairings { game: NYS });
    assert_eq!(e.warnings().expect("warnings"), [waiting]);
}

#[test]
fn the_sled_place_is_empty_before_the_race_and_tells_dnf_from_dns() {
    let mut e = players(4);
    let en = catalogue(Lang::En);
    let de = catalogue(Lang::De);
    let rows = standings_rows(&e).expect("rows");
    assert!(
        rows.iter()
            .all(|r| r.points.sled_place == SledPlace::NotRun)
    );
    assert!(rows.iter().all(|r| r.sled_place_cell(&en).is_empty()));
    let mut no_character = e.player("p4").expect("p4").clone();
    no_character.character_on_foot = false;
    ok(
        &mut e,
        EventEdit::UpdatePlayer {
            id: "p4".into(),
            player: no_character,
        },
    );
    ok(
        &mut e,
        EventEdit::SetSledRace(Some(SledRace {
            finishers: vec![Finisher::new("p2", 6), Finisher::new("p1", 7)],
            did_not_finish: vec!["p3".into()],
            did_not_start: vec!["p4".into()],
        })),
    );
    assert_eq!(e.sled_source(), Some(SledSource::Typed));
    let rows = standings_rows(&e).expect("rows");
    let cell = |id: &str, catalogue: &Catalogue| {
        rows.iter()
            .find(|r| r.points.player == id)
            .expect("row")
            .sled_place_cell(catalogue)
    };
    assert_eq!(cell("p2", &en), "1");
    assert_eq!(cell("p1", &en), "2");
    assert_eq!(cell("p3", &en), "did not finish");
    assert_eq!(cell("p4", &en), "did not start");
    assert_eq!(cell("p3", &de), "nicht im Ziel");
    assert_eq!(cell("p4", &de), "nicht gestartet");
    let p1 = rows.iter().find(|r| r.points.player == "p1").expect("p1");
    assert_eq!(
        p1.points.sled_place,
        SledPlace::Placed {
            placing: 2,
            round: 7
        }
    );
}

#[test]
fn the_sled_tab_has_one_source() {
    let mut e = players(3);
    // Clearing before anything was entered decides nothing.
    ok(&mut e, EventEdit::SetSledRace(None));
    assert_eq!(e.sled_source(), None);
    let race = SledRace {
        finishers: vec![Finisher::new("p1", 5)],
        did_not_finish: vec!["p2".into(), "p3".into()],
        did_not_start: vec![],
    };
    ok(&mut e, EventEdit::SetSledRace(Some(race.clone())));
    assert_eq!(e.sled_source, Some(SledSource::Typed));
    let err = refused(&mut e, EventEdit::FeedSledRace(Some(race.clone())));
    assert_eq!(
        err,
        NewYearError::SledSourceClash {
            source: SledSource::Typed,
            attempted: SledSource::Hosted
        }
    );
    // The same source again keeps the result; switching discards it.
    ok(&mut e, EventEdit::SetSledSource(SledSource::Typed));
    assert_eq!(e.sled_race.as_ref(), Some(&race));
    ok(&mut e, EventEdit::SetSledSource(SledSource::Hosted));
    assert_eq!(e.sled_race, None);
    assert_eq!(e.progress().sled_source, Some(SledSource::Hosted));
    // The race run in the event feeds its result; a taken-back step clears it.
    let side = |name: &str, placing: Option<u32>, round: Option<u32>| SideReport {
        placing,
        finished_round: round,
        ..SideReport::new(name)
    };
    let report = GameReport {
        finished: true,
        sides: vec![
            side("Clara Vogt", Some(1), Some(6)),
            side("Anna Berger", None, None),
            side("Bernd Krause", Some(2), Some(6)),
        ],
    };
    let seats = e.slots().remove(0).players;
    let fed = EventRules::feed(&e, &SLED_RACE_ROLE, &seats, &report)
        .expect("feed")
        .expect("edit");
    ok(&mut e, fed);
    let points = e.player_points().expect("points");
    assert_eq!(points[2].sled_race, 10);
    assert_eq!(points[0].sled_place, SledPlace::DidNotFinish);
    let back = EventRules::feed(
        &e,
        &SLED_RACE_ROLE,
        &seats,
        &GameReport {
            finished: false,
            ..report
        },
    )
    .expect("feed")
    .expect("edit");
    ok(&mut e, back);
    assert!(
        e.player_points()
            .expect("points")
            .iter()
            .all(|p| p.sled_race == 0 && p.sled_place == SledPlace::NotRun)
    );
    assert_eq!(e.sled_source(), Some(SledSource::Hosted));
}

#[test]
fn implausible_results_are_refused_naming_field_table_and_players() {
    let mut e = players(2);
    ok(
        &mut e,
        EventEdit::AddPairing {
            game: RW,
            pairing: Pairing::new(4, "p1", "p2"),
        },
    );
    let typo = Some(BattleResult {
        a: SideResult::new(800, 0),
        b: SideResult::new(999_999_999, 37),
    });
    let err = refused(
        &mut e,
        EventEdit::SetResult {
            game: RW,
            table: 4,
            result: typo,
        },
    );
    assert_eq!(
        err.to_string(),
        "Raeuber-Warhammer, table 4, Bernd Krause against Anna Berger: b.victory_points \
         999999999 of Bernd Krause is more VP than an army of the event's size can give (1500 \
         at most) (PN1)"
    );
    assert_eq!(err.rule(), Some("PN1"));
    let mut saved = e.clone();
    saved.raeuber_warhammer.pairings[0].result = typo;
    let issues = saved.issues();
    let paths: Vec<&str> = issues.iter().map(|i| i.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "raeuber_warhammer.pairings[0].result.b.victory_points",
            "raeuber_warhammer.pairings[0].result.b.standards_captured"
        ]
    );
    assert_eq!(
        issues[1].error.to_string(),
        "Raeuber-Warhammer, table 4, Bernd Krause against Anna Berger: b.standards_captured 37 \
         of Bernd Krause is more standards than an army of the event's size carries (30 at \
         most) (PN2)"
    );
    // Exactly the bounds pass: 1500 VP, 30 standards.
    ok(
        &mut e,
        EventEdit::SetResult {
            game: RW,
            table: 4,
            result: Some(BattleResult {
                a: SideResult::new(1500, 30),
                b: SideResult::new(0, 0),
            }),
        },
    );
    // A larger army size allows more; a smaller one must fit the results
    // and the armies.
    ok(&mut e, EventEdit::SetArmySize(2000));
    ok(
        &mut e,
        EventEdit::SetResult {
            game: RW,
            table: 4,
            result: result(1800, 0),
        },
    );
    // Armies built to the old size follow it; a smaller list keeps its
    // points, and one above the new size is refused by name.
    assert!(e.players.iter().all(|p| p.army_points == 2000));
    let mut small = e.player("p2").expect("p2").clone();
    small.army_points = 1200;
    ok(
        &mut e,
        EventEdit::UpdatePlayer {
            id: "p2".into(),
            player: small,
        },
    );
    let err = refused(&mut e, EventEdit::SetArmySize(1000));
    assert_eq!(
        err.to_string(),
        "Bernd Krause's army of 1200 points is larger than the event's army size of 1000 (N7)"
    );
    ok(
        &mut e,
        EventEdit::SetResult {
            game: RW,
            table: 4,
            result: result(900, 0),
        },
    );
    ok(&mut e, EventEdit::SetArmySize(1300));
    assert_eq!(e.player("p1").expect("p1").army_points, 1300);
    assert_eq!(e.player("p2").expect("p2").army_points, 1200);
    assert_eq!(
        e.new_player("p3", "Clara Vogt", "", "", true).army_points,
        1300
    );
    let err = refused(&mut e, EventEdit::SetArmySize(800));
    assert!(
        matches!(
            err,
            NewYearError::ArmyOverSize { .. } | NewYearError::Implausible { .. }
        ),
        "{err}"
    );
    ok(&mut e, EventEdit::SetArmySize(2000));
    let mut big = e.player("p1").expect("p1").clone();
    big.army_points = 2500;
    assert!(matches!(
        refused(
            &mut e,
            EventEdit::UpdatePlayer {
                id: "p1".into(),
                player: big
            }
        ),
        NewYearError::ArmyOverSize { points: 2500, .. }
    ));
    assert!(matches!(
        refused(&mut e, EventEdit::SetArmySize(0)),
        NewYearError::InvalidValue { .. }
    ));
}

#[test]
fn the_preview_names_the_band_edges_the_rulings_decide() {
    let side = |vp| SideResult::new(vp, 0);
    let rw = RW.preview(&side(1300), &side(0)).expect("1300");
    assert_eq!(rw.notes.len(), 1);
    assert_eq!(rw.notes[0].kind, BandNoteKind::OpenBoundary);
    assert_eq!(rw.outcome.event_points(Side::B), 10);
    assert_eq!(
        render(&catalogue(Lang::En), &rw.notes[0].message()),
        "A difference of exactly 1300: the rules print \">1300\"; it counts in the band from \
         1300 (N1)."
    );
    assert_eq!(
        render(&catalogue(Lang::De), &rw.notes[0].message()),
        "Differenz genau 1300: die Regeln drucken „>1300“; sie zählt zur Stufe ab 1300 (N1)."
    );
    let nys = NYS.preview(&side(1200), &side(0)).expect("1200");
    assert_eq!(
        (nys.notes[0].kind, nys.notes[0].rule, nys.notes[0].band_min),
        (BandNoteKind::OpenBoundary, "N3", 1200)
    );
    assert_eq!(nys.outcome.event_points(Side::A), 6);
    let gap = RW.preview(&side(950), &side(0)).expect("950");
    assert_eq!(gap.notes[0].kind, BandNoteKind::PrintedGap);
    assert_eq!(gap.outcome.event_points(Side::B), 8);
    for (game, vp) in [(RW, 1299), (RW, 1301), (RW, 999), (NYS, 1199), (NYS, 1300)] {
        assert!(
            game.preview(&side(vp), &side(0))
                .expect("preview")
                .notes
                .is_empty(),
            "{game} {vp}"
        );
    }
    // The standards bonus counts: 1200 + 100 against 0 is 1300.
    let bonus = RW
        .preview(&SideResult::new(1200, 1), &side(0))
        .expect("bonus");
    assert_eq!(bonus.notes[0].difference, 1300);
}

#[test]
fn bye_points_are_the_organisers_bounded_decision() {
    let mut e = players(3);
    let en = catalogue(Lang::En);
    assert_eq!(
        render(&en, &e.bye_points_note(NYS)),
        "A bye scores 0 event points in the New Year scenario. The rules say nothing about byes: \
         the organiser decides (0 unless set, P21; at most 12, PN3)."
    );
    ok(
        &mut e,
        EventEdit::SetByePoints {
            game: RW,
            points: 10,
        },
    );
    assert_eq!(
        refused(
            &mut e,
            EventEdit::SetByePoints {
                game: RW,
                points: 11
            }
        )
        .to_string(),
        "raeuber_warhammer.bye_points: 11 is not allowed (at most 10, the most \
         Raeuber-Warhammer gives (PN3))"
    );
    assert!(
        render(&catalogue(Lang::De), &e.bye_points_note(RW))
            .starts_with("Ein Freilos bringt im Räuber-Warhammer 10 Turnierpunkte.")
    );
}

#[test]
fn the_pairings_wall_sheet_by_table_and_by_name() {
    let mut e = players(5);
    draw(&mut e, RW, 9);
    add(&mut e, 5); // a late arrival, not seated yet
    add(&mut e, 6);
    ok(
        &mut e,
        EventEdit::SetDropped {
            id: "p7".into(),
            dropped: true,
        },
    );
    let sheet = e.pairings_sheet(RW);
    assert_eq!(sheet.game, RW);
    let tables: Vec<u32> = sheet.by_table.iter().map(|t| t.table).collect();
    assert_eq!(tables, [1, 2]);
    for row in &sheet.by_table {
        let pairing = e.raeuber_warhammer.at_table(row.table).expect("table");
        assert_eq!(row.a, e.player_name(&pairing.player_a));
        assert_eq!(row.b, e.player_name(&pairing.player_b));
        assert!(!row.has_result);
    }
    let bye = e.player_name(&e.raeuber_warhammer.byes[0]);
    assert_eq!(sheet.byes, std::slice::from_ref(&bye));
    // By surname; the drop-out without a seat is left out.
    let names: Vec<&str> = sheet.by_name.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Frieda Albers",
            "Anna Berger",
            "Emil Engel",
            "Bernd Krause",
            "Dieter Schulz",
            "Clara Vogt"
        ]
    );
    let seat = |name: &str| {
        sheet
            .by_name
            .iter()
            .find(|r| r.name == name)
            .expect("row")
            .seat
            .clone()
    };
    assert_eq!(seat("Frieda Albers"), Seat::NotSeated);
    assert_eq!(seat(&bye), Seat::Bye);
    let de = catalogue(Lang::De);
    let t1 = &sheet.by_table[0];
    assert_eq!(
        render(&de, &seat(&t1.a).message()),
        format!("Tisch 1 gegen {}", t1.b)
    );
    assert_eq!(render(&de, &Seat::Bye.message()), "Freilos");
    assert_eq!(
        render(&catalogue(Lang::En), &Seat::NotSeated.message()),
        "no table yet"
    );
    // The printed wall sheet: among the event's sheets (the print view and
    // `feldherr sheet`), by table on page 1, by name on page 2.
    let sheets =
        feldherr_wfb_newyear::event_sheets(&de, &e, feldherr_sheet::SheetOptions::default())
            .expect("sheets");
    assert_eq!(sheets[0].name, "pairings-raeuber");
    assert!(
        sheets.iter().all(|s| s.name != "pairings-newyear"),
        "no pairings yet"
    );
    let layout = sheets[0].sheet.layout().expect("layout");
    assert_eq!(layout.page_count(), 2);
    let outline = layout.text_outline();
    assert!(outline.contains("Paarungen: Räuber-Warhammer"), "{outline}");
    assert!(outline.contains("Nach Tisch"), "{outline}");
    assert!(outline.contains(&t1.a), "{outline}");
    assert!(
        outline.contains(&format!("Tisch 1 gegen {}", t1.b)),
        "{outline}"
    );
    assert!(outline.contains("Freilos"), "{outline}");
}

#[test]
fn default_names_follow_the_language_and_are_the_users_afterwards() {
    let mut e = Event::new_in(Lang::De);
    assert_eq!(e.name, "Neujahrsereignis");
    assert_eq!(Event::new_in(Lang::En).name, "New Year event");
    EventRules::rename(&mut e, "Neujahr in Ulm").expect("rename");
    assert_eq!(e.name, "Neujahr in Ulm");
    assert_eq!(
        feldherr_wfb_newyear::default_event_name(Lang::En),
        "New Year event"
    );
}

#[test]
fn a_hosted_race_is_checked_against_its_slot() {
    let mut e = players(5);
    ok(
        &mut e,
        EventEdit::AddPlayer(Player::new("p9", "Anna Berger", "Kassel", "Skaven", true)),
    );
    let mut no_character = e.player("p3").expect("p3").clone();
    no_character.character_on_foot = false;
    ok(
        &mut e,
        EventEdit::UpdatePlayer {
            id: "p3".into(),
            player: no_character,
        },
    );
    ok(
        &mut e,
        EventEdit::SetDropped {
            id: "p4".into(),
            dropped: true,
        },
    );
    let drivers: Vec<String> = [
        "Bernd Krause",
        "Anna Berger",
        "Clara Vogt",
        "Dieter Schulz",
        "Hans Meier",
        "Bernd Krause",
        "Emil Engel",
    ]
    .map(String::from)
    .to_vec();
    let issues = e.hosted_issues(&SLED_RACE_ROLE, &drivers).expect("issues");
    let got: Vec<(String, HostedPlayerReason)> = issues
        .iter()
        .map(|i| match &i.error {
            NewYearError::HostedPlayer { reason, .. } => (i.path.clone(), *reason),
            other => panic!("{other}"),
        })
        .collect();
    assert_eq!(
        got,
        [
            ("players[1]".to_owned(), HostedPlayerReason::Ambiguous),
            (
                "players[2]".to_owned(),
                HostedPlayerReason::NoCharacterOnFoot
            ),
            ("players[3]".to_owned(), HostedPlayerReason::DroppedOut),
            ("players[4]".to_owned(), HostedPlayerReason::NotAPlayer),
            ("players[5]".to_owned(), HostedPlayerReason::Twice),
        ]
    );
    assert_eq!(
        issues[2].error.to_string(),
        "hosted game \"sled_race\": Dieter Schulz has dropped out"
    );
    let seventeen: Vec<String> = (0..17).map(|_| "Emil Engel".to_owned()).collect();
    assert!(matches!(
        e.hosted_issues(&SLED_RACE_ROLE, &seventeen)
            .expect("issues")[0]
            .error,
        NewYearError::HostedTooMany {
            count: 17,
            limit: 16,
            ..
        }
    ));
    assert!(
        e.hosted_issues(&Role::Table { round: 3, table: 1 }, &drivers)
            .is_err()
    );
    assert_eq!(
        e.hosted_issues(&SLED_RACE_ROLE, &["Emil Engel".to_owned()])
            .expect("fits"),
        []
    );
}

#[test]
fn every_new_message_is_in_both_catalogues() {
    let en = catalogue(Lang::En);
    let de = catalogue(Lang::De);
    let keys: Vec<&str> = en.keys().collect();
    assert_eq!(keys, de.keys().collect::<Vec<_>>());
    for key in keys {
        assert!(!de.get(key).unwrap_or_default().is_empty(), "{key}");
    }
    for game in EventGame::ALL {
        for catalogue in [&en, &de] {
            render(catalogue, &DroppedAfter::game(game).message());
        }
    }
    for place in [SledPlace::DidNotFinish, SledPlace::DidNotStart] {
        render(&de, &place.message().expect("a cell"));
    }
    assert_eq!(SledPlace::NotRun.message(), None);
}

/// The pairing draw's refusals carry a catalogue message (issue #27):
/// a swap of a player not in the draft, a player entered twice and too
/// many players read in German and English, naming players by name and
/// numbers as each language writes them.
#[test]
fn the_pairing_draws_refusals_read_in_both_languages() {
    use feldherr_pairing::{MAX_ENTRANTS, PairingError};
    // The crate's words with the numbers' marks a host adds.
    let with_marks = |lang| {
        let mut c = catalogue(lang);
        c.extend(Catalogue::parse("step", feldherr_play::step_messages(lang)).expect("step"));
        c
    };
    let (en, de) = (with_marks(Lang::En), with_marks(Lang::De));
    let e = players(4);
    let mut draft = e.draft(BattleKind::RaeuberWarhammer, 7).expect("draft");
    let seated = draft.draft.tables[0].a.clone();
    let error = draft
        .swap("ghost", &seated, &e)
        .expect_err("not in the draft");
    let said = error.message().expect("a message");
    assert_eq!(render(&en, &said), "a player to swap is not in this draft");
    assert_eq!(
        render(&de, &said),
        "ein Spieler zum Tauschen ist nicht in diesem Entwurf"
    );
    let twice = NewYearError::Pairing(PairingError::DuplicateEntrant {
        name: "Anna".into(),
    });
    let said = twice.message().expect("a message");
    assert_eq!(render(&en, &said), "\"Anna\" is entered twice");
    assert_eq!(render(&de, &said), "„Anna“ ist zweimal gemeldet");
    let many = NewYearError::Pairing(PairingError::TooManyEntrants {
        count: MAX_ENTRANTS + 12_345,
    });
    let said = many.message().expect("a message");
    assert_eq!(
        render(&en, &said),
        "14,345 players are more than the 2000 a draw takes"
    );
    assert_eq!(
        render(&de, &said),
        "14.345 Spieler sind mehr als die 2000, die eine Auslosung aufnimmt"
    );
    // The host's error carries the same message.
    let play = feldherr_play::PlayError::from(many);
    assert_eq!(play.message(), Some(&said));
    // Other errors keep their English sentence.
    assert!(NewYearError::NoSuchPlayer.message().is_none());
}
