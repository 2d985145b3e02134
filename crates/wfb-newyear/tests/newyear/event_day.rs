//! Event day (issue 10): registration, drop-outs, pairings by draw,
//! standings sorted by any column with the deciding values, the treasure
//! line on the event's table and the recovery range from positions.

use feldherr_geometry::{Angle, Circle, OrientedRect, Point, Shape};
use feldherr_play::Lang;
use feldherr_wfb_newyear::{
    BattleKind, DecidedBy, EnemyUnit, EventEdit, EventTieBreaker, NewYearError, Pairing, Player,
    PlayerUse, PlayingTable, StandingsColumn, UnitKind, catalogue, eligible_enemy_within_3_in,
    sort_rows, standings_rows,
};

use crate::event::event;

fn apply(event: &mut feldherr_wfb_newyear::Event, edit: EventEdit) -> Result<(), String> {
    event.apply(&edit).map_err(|e| e.to_string())
}

#[test]
fn editing_a_player_shows_everywhere() {
    let mut e = event();
    let mut jonas = e.player("jonas").cloned().expect("jonas");
    jonas.name = "Jonas Albrecht-Weiß".into();
    jonas.club = "Zinnfiguren Ulm".into();
    jonas.army = "Dwarfs (Karak Kadrin)".into();
    apply(
        &mut e,
        EventEdit::UpdatePlayer {
            id: "jonas".into(),
            player: Player {
                id: "ignored".into(),
                ..jonas
            },
        },
    )
    .expect("update");
    // The id stays; pairings, points, standings and errors use the new name.
    assert_eq!(e.players[0].id, "jonas");
    let rows = standings_rows(&e).expect("rows");
    let row = rows
        .iter()
        .find(|r| r.points.player == "jonas")
        .expect("row");
    assert_eq!(row.points.name, "Jonas Albrecht-Weiß");
    assert_eq!(row.club, "Zinnfiguren Ulm");
    assert_eq!(row.army, "Dwarfs (Karak Kadrin)");
    let mut bad = e.clone();
    bad.new_year_scenario.pairings[3].player_a = "jonas".into();
    assert_eq!(
        bad.validate().expect_err("paired twice").to_string(),
        "New Year scenario: player \"Jonas Albrecht-Weiß\" is paired twice, at table 1 and at \
         table 4"
    );
    // An empty name is refused and changes nothing.
    let mut empty = e.players[1].clone();
    empty.name = " ".into();
    assert_eq!(
        apply(
            &mut e,
            EventEdit::UpdatePlayer {
                id: "lena".into(),
                player: empty
            }
        ),
        Err("players[1].name: must not be empty".into())
    );
    assert_eq!(e.players[1].name, "Lena Brandt");
}

#[test]
fn removing_a_player_in_pairings_is_refused_with_what_depends_on_him() {
    let mut e = event();
    let before = e.clone();
    let err = e
        .apply(&EventEdit::RemovePlayer("lena".into()))
        .expect_err("lena is paired");
    assert_eq!(
        err,
        NewYearError::PlayerInUse {
            player: "Lena Brandt".into(),
            uses: vec![
                PlayerUse::Pairing {
                    game: BattleKind::RaeuberWarhammer,
                    table: 1,
                    opponent: "Jonas Albrecht".into()
                },
                PlayerUse::Pairing {
                    game: BattleKind::NewYearScenario,
                    table: 2,
                    opponent: "Uwe Hartmann".into()
                },
                PlayerUse::SledRace,
            ]
        }
    );
    assert_eq!(
        err.to_string(),
        "Lena Brandt cannot be removed: Raeuber-Warhammer, table 1 against Jonas Albrecht, New \
         Year scenario, table 2 against Uwe Hartmann, the sled race result refer to him; mark \
         him as dropped instead"
    );
    assert_eq!(e, before);
    // A player nobody refers to goes.
    apply(
        &mut e,
        EventEdit::AddPlayer(Player::new("hans", "Hans Meier", "", "Skaven", false)),
    )
    .expect("add");
    apply(&mut e, EventEdit::RemovePlayer("hans".into())).expect("remove");
    assert_eq!(e, before);
    assert_eq!(
        apply(&mut e, EventEdit::RemovePlayer("hans".into())),
        Err("the player to change is not registered".into())
    );
}

#[test]
fn a_drop_out_keeps_his_results_and_gets_no_new_pairing() {
    let mut e = event();
    let total_before = e
        .player_points()
        .expect("points")
        .iter()
        .find(|p| p.player == "uwe")
        .map(|p| p.total());
    apply(
        &mut e,
        EventEdit::SetDropped {
            id: "uwe".into(),
            dropped: true,
        },
    )
    .expect("drop");
    // Results and the race stay; the standings mark him.
    let rows = standings_rows(&e).expect("rows");
    let uwe = rows.iter().find(|r| r.points.player == "uwe").expect("uwe");
    assert!(uwe.dropped);
    assert_eq!(Some(uwe.points.total()), total_before);
    assert_eq!(
        uwe.name_label(&catalogue(Lang::De)),
        "Uwe Hartmann (ausgestiegen nach Spiel 3: Schlittenrennen)"
    );
    // No new pairing, and the draw leaves him out.
    e.new_year_scenario.pairings.retain(|p| p.table != 2);
    assert_eq!(
        apply(
            &mut e,
            EventEdit::AddPairing {
                game: BattleKind::NewYearScenario,
                pairing: Pairing::new(9, "lena", "uwe")
            }
        ),
        Err("Uwe Hartmann has dropped out and gets no new pairing".into())
    );
    let draft = e.draw(BattleKind::NewYearScenario, 1).expect("draw");
    assert!(draft.tables.iter().all(|t| t.a != "uwe" && t.b != "uwe"));
    assert_ne!(draft.bye.as_deref(), Some("uwe"));
    // A player who drops before the race need not be in its result.
    let mut race = e.sled_race.clone().expect("race");
    race.finishers.retain(|f| f.player != "uwe");
    apply(&mut e, EventEdit::SetSledRace(Some(race))).expect("race without uwe");
}

#[test]
fn duplicate_names_warn_and_messages_never_show_ids() {
    use feldherr_play::EventRules;
    let mut e = event();
    apply(
        &mut e,
        EventEdit::AddPlayer(Player::new(
            "p9",
            "Lena Brandt",
            "Würfelrunde Kassel",
            "Skaven",
            false,
        )),
    )
    .expect("a second Lena is allowed");
    let problems = e.problems();
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].path, "players[8].name");
    assert!(
        problems[0]
            .message
            .starts_with("Lena Brandt is registered more than once")
    );
    // Errors about known players carry names, never their ids.
    let mut bad = e.clone();
    bad.raeuber_warhammer.pairings[0].player_b = "jonas".into();
    bad.new_year_scenario.byes.push("sabine".into());
    for problem in bad.problems() {
        for id in ["\"jonas\"", "\"sabine\"", "p9"] {
            assert!(!problem.message.contains(id), "{problem}");
        }
    }
}

#[test]
fn drawing_and_confirming_pairings() {
    let mut e = event();
    // Results exist: a new draw would overwrite them.
    let draft = e.draw(BattleKind::NewYearScenario, 5).expect("draw");
    assert_eq!(
        apply(
            &mut e,
            EventEdit::ConfirmDraw {
                game: BattleKind::NewYearScenario,
                draft: draft.clone()
            }
        ),
        Err(
            "New Year scenario: the pairings have results already; clear them before a new draw"
                .into()
        )
    );
    for table in 1..=4 {
        apply(
            &mut e,
            EventEdit::SetResult {
                game: BattleKind::NewYearScenario,
                table,
                result: None,
            },
        )
        .expect("clear");
    }
    // Eight players after Raeuber-Warhammer: no rematch, tables 1-4.
    let mut draft = e.draw(BattleKind::NewYearScenario, 5).expect("draw");
    let entrants = e.entrants(BattleKind::NewYearScenario).expect("entrants");
    let history = e.history(BattleKind::NewYearScenario);
    assert!(
        draft
            .compromises
            .iter()
            .all(|c| !matches!(c, feldherr_pairing::Compromise::Rematch { .. }))
    );
    // The organiser swaps two players, then confirms.
    let (x, y) = (draft.tables[0].a.clone(), draft.tables[1].a.clone());
    draft.swap(&x, &y, &entrants, &history).expect("swap");
    apply(
        &mut e,
        EventEdit::ConfirmDraw {
            game: BattleKind::NewYearScenario,
            draft: draft.clone(),
        },
    )
    .expect("confirm");
    let game = e.game(BattleKind::NewYearScenario);
    assert_eq!(game.seed, Some(5));
    assert_eq!(game.pairings[0].player_a, y);
    assert_eq!(
        game.pairings.iter().map(|p| p.table).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    assert_eq!(
        apply(
            &mut e,
            EventEdit::RemovePairing {
                game: BattleKind::NewYearScenario,
                table: 9
            }
        ),
        Err("New Year scenario: table 9 has no pairing".into())
    );
}

#[test]
fn standings_sort_by_every_column_and_show_the_deciding_values() {
    let e = event();
    let rows = standings_rows(&e).expect("rows");
    // Lena and Uwe both have 21; treasures decide (2 vs 0), the saved first
    // tie-breaker.
    assert_eq!(
        rows[0].decided_by,
        DecidedBy::TieBreaker {
            tie_breaker: EventTieBreaker::TreasuresRecovered,
            value: 2.0,
            versus: 0.0
        }
    );
    let en = catalogue(Lang::En);
    let de = catalogue(Lang::De);
    assert_eq!(rows[0].cells(&en)[8], "treasures 2 vs 0");
    assert_eq!(rows[0].cells(&de)[8], "Schätze 2 gegen 0");
    // VP difference signed.
    let mut by_vp = e.clone();
    by_vp.tie_breakers = vec![EventTieBreaker::VpDifference];
    let rows = standings_rows(&by_vp).expect("rows");
    assert_eq!(rows[0].points.player, "lena");
    assert_eq!(rows[0].cells(&en)[8], "VP difference -600 vs -1000");
    let dieter = rows
        .iter()
        .find(|r| r.points.player == "dieter")
        .expect("dieter");
    assert_eq!(dieter.cells(&en)[8], "VP difference +1060 vs +240");
    assert_eq!(dieter.cells(&de)[8], "SP-Differenz +1060 gegen +240");

    let ids = |rows: &[feldherr_wfb_newyear::StandingsRow]| -> Vec<String> {
        rows.iter().map(|r| r.points.player.clone()).collect()
    };
    let mut rows = standings_rows(&e).expect("rows");
    // Surnames: Albrecht, Brandt, Hartmann, Köhler, Lehmann, Neumann,
    // Schulz, Vogt.
    sort_rows(&mut rows, StandingsColumn::Name, false);
    assert_eq!(
        ids(&rows),
        [
            "jonas", "lena", "uwe", "matthias", "katrin", "petra", "dieter", "sabine"
        ]
    );
    sort_rows(
        &mut rows,
        StandingsColumn::TieBreaker(EventTieBreaker::VpDifference),
        true,
    );
    assert_eq!(ids(&rows)[..3], ["jonas", "dieter", "katrin"]);
    sort_rows(&mut rows, StandingsColumn::SledRace, true);
    assert_eq!(ids(&rows)[0], "uwe");
    sort_rows(&mut rows, StandingsColumn::Club, false);
    assert_eq!(rows[0].club, "Drachenhort Bamberg");
    sort_rows(&mut rows, StandingsColumn::Army, false);
    assert_eq!(rows[0].army, "Bretonnia");
    for column in [
        StandingsColumn::RaeuberWarhammer,
        StandingsColumn::NewYearScenario,
        StandingsColumn::Total,
        StandingsColumn::TieBreaker(EventTieBreaker::SledPlacing),
        StandingsColumn::TieBreaker(EventTieBreaker::TreasuresRecovered),
        StandingsColumn::DecidedBy,
    ] {
        sort_rows(&mut rows, column, false);
        assert_eq!(rows.len(), 8);
    }
    // Decided by: totals first (sabine), then by tie-breaker in N7's order:
    // VP difference (petra, dieter), treasures (the other five).
    sort_rows(&mut rows, StandingsColumn::DecidedBy, false);
    let decided: Vec<String> = rows.iter().map(|r| r.cells(&en)[8].clone()).collect();
    assert_eq!(decided[0], "total");
    assert!(decided[1].starts_with("VP difference"), "{decided:?}");
    assert!(decided[2].starts_with("VP difference"), "{decided:?}");
    assert!(decided[7].starts_with("treasures"), "{decided:?}");
    sort_rows(&mut rows, StandingsColumn::Place, false);
    assert_eq!(ids(&rows), ids(&standings_rows(&e).expect("rows")));
}

#[test]
fn treasure_line_on_the_events_table() {
    let mut e = event();
    // The default table (G2): 72 x 48, the text's example (N4).
    let line = e.treasure_line(3, 9).expect("line");
    assert_eq!((line.line_y, line.cards[0].x), (18.0, 18.0));
    apply(
        &mut e,
        EventEdit::SetTable(PlayingTable::new(60.0, 44.0).expect("table")),
    )
    .expect("table");
    let line = e.treasure_line(3, 9).expect("line");
    assert_eq!(
        (line.line_y, line.cards.map(|c| c.x)),
        (16.0, [15.0, 30.0, 45.0])
    );
    // A shift off the event's table is refused (N4).
    assert!(e.treasure_line(0, 22).is_err());
    assert_eq!(
        apply(
            &mut e,
            EventEdit::SetTable(PlayingTable {
                width: 0.0,
                depth: 48.0
            })
        ),
        Err("table.width: 0 is not allowed (a positive number of inches)".into())
    );
}

/// N5: "innerhalb von 3 Zoll" — an eligible enemy at exactly 3 in blocks
/// the recovery; just beyond does not.
#[test]
fn recovery_range_boundary_n5() {
    let up = Angle::from_degrees(90.0).expect("angle");
    // Card 2 x 3 in centred at (36, 24): x from 35 to 37.
    let card = Shape::from(OrientedRect::new(Point::new(36.0, 24.0), 2.0, 3.0, up).expect("card"));
    let unit = |x: f64, strength: u32, kind: UnitKind| EnemyUnit {
        shape: Shape::from(OrientedRect::new(Point::new(x, 24.0), 2.0, 5.0, up).expect("unit")),
        unit_strength: strength,
        kind,
    };
    // Near edge at x = 40: exactly 3 in.
    assert_eq!(
        eligible_enemy_within_3_in(&card, &[unit(41.0, 10, UnitKind::Regular)]),
        Some(0)
    );
    assert_eq!(
        eligible_enemy_within_3_in(&card, &[unit(41.001, 10, UnitKind::Regular)]),
        None
    );
    assert_eq!(
        eligible_enemy_within_3_in(&card, &[unit(40.0, 10, UnitKind::Regular)]),
        Some(0)
    );
    // Ineligible enemies never block: strength 4, a character, flyers.
    for (strength, kind) in [
        (4, UnitKind::Regular),
        (10, UnitKind::Character),
        (10, UnitKind::Flyer),
        (10, UnitKind::LightCavalry),
    ] {
        assert_eq!(
            eligible_enemy_within_3_in(&card, &[unit(38.5, strength, kind)]),
            None
        );
    }
    // The nearest eligible one is named; a round base measures edge to edge.
    let round = EnemyUnit {
        shape: Shape::from(Circle::new(Point::new(36.0, 29.0), 1.0).expect("base")),
        unit_strength: 5,
        kind: UnitKind::Regular,
    };
    // Card top edge at y = 25.5; base bottom at 28: 2.5 in.
    assert_eq!(
        eligible_enemy_within_3_in(&card, &[unit(41.0, 10, UnitKind::Regular), round]),
        Some(1)
    );
}
