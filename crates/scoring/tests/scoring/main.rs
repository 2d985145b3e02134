//! Band tables (N1, N3 and organiser tables), match scores, bonuses,
//! rounding and standings, data-driven through one `check` helper.

use feldherr_scoring::{
    Band, BandTable, Bonus, Bonuses, Competitor, Decision, MatchScore, ScoringError, Side,
    Standings, TieBreaker, round_half_up, round_to_nearest_5,
};

/// One thing to evaluate; `check` turns its result into text.
#[derive(Debug)]
enum Input<'a> {
    /// Look up a VP difference in the Raeuber-Warhammer table (N1).
    N1(u64),
    /// Look up a VP difference in the New Year scenario table (N3).
    N3(u64),
    /// Score two VP totals with a table.
    Match(&'a BandTable, i64, i64),
    /// Parse an organiser's table from JSON.
    TableJson(&'a str),
    /// Round to the nearest multiple of 5.
    Round5(f64),
    /// Round to a whole number, halves up.
    HalfUp(f64),
    /// Rank competitors with tie-breakers.
    Rank(&'a [Competitor], &'a [TieBreaker]),
}

fn band_text(band: &Band) -> String {
    format!("{band}: winner {}, loser {}", band.winner, band.loser)
}

fn error_text(error: &dyn std::error::Error) -> String {
    let text = error.to_string();
    // serde_json appends the position; the message itself is what we check.
    let message = text.split(" at line ").next().unwrap_or(&text);
    format!("error: {message}")
}

fn rank_text(standings: &Standings) -> String {
    standings
        .rows()
        .iter()
        .map(|row| {
            let decided = match &row.decided_by {
                Decision::Total => "total".to_owned(),
                Decision::TieBreaker { key, .. } => key.clone(),
                Decision::Shared => "shared".to_owned(),
            };
            format!("{} {} ({decided})", row.place, row.id)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Evaluates `input` and compares its text with `expected`.
fn check(input: Input<'_>, expected: &str) {
    let got = match &input {
        Input::N1(difference) => band_text(BandTable::raeuber_warhammer().lookup(*difference)),
        Input::N3(difference) => band_text(BandTable::new_year_scenario().lookup(*difference)),
        Input::Match(table, a, b) => MatchScore::new(table, *a, *b).to_string(),
        Input::TableJson(json) => match serde_json::from_str::<BandTable>(json) {
            Ok(table) => table.bands().map(band_text).collect::<Vec<_>>().join(" | "),
            Err(e) => error_text(&e),
        },
        Input::Round5(value) => match round_to_nearest_5(*value) {
            Ok(rounded) => rounded.to_string(),
            Err(e) => error_text(&e),
        },
        Input::HalfUp(value) => match round_half_up(*value) {
            Ok(rounded) => rounded.to_string(),
            Err(e) => error_text(&e),
        },
        Input::Rank(competitors, tie_breakers) => {
            let borrowed = Standings::rank(competitors, tie_breakers);
            // Moving the competitors in must rank exactly as lending them.
            let owned = Standings::rank_owned(competitors.to_vec(), tie_breakers);
            assert_eq!(
                format!("{borrowed:?}"),
                format!("{owned:?}"),
                "rank_owned differs for {input:?}"
            );
            match borrowed {
                Ok(standings) => rank_text(&standings),
                Err(e) => error_text(&e),
            }
        }
    };
    assert_eq!(got, expected, "input: {input:?}");
}

#[test]
fn raeuber_warhammer_band_edges_n1() {
    let cases = [
        (0, "0-399: winner 0, loser 0"),
        (1, "0-399: winner 0, loser 0"),
        (399, "0-399: winner 0, loser 0"),
        (400, "400-599: winner 2, loser 4"),
        (401, "400-599: winner 2, loser 4"),
        (599, "400-599: winner 2, loser 4"),
        (600, "600-899: winner 3, loser 6"),
        (601, "600-899: winner 3, loser 6"),
        (899, "600-899: winner 3, loser 6"),
        // N1: the text's "999-1299" leaves 900-998 uncovered; they belong here.
        (900, "900-1299: winner 4, loser 8"),
        (901, "900-1299: winner 4, loser 8"),
        (950, "900-1299: winner 4, loser 8"),
        (998, "900-1299: winner 4, loser 8"),
        (999, "900-1299: winner 4, loser 8"),
        (1299, "900-1299: winner 4, loser 8"),
        // N1: ">1300" means 1300 and more.
        (1300, "1300+: winner 5, loser 10"),
        (1301, "1300+: winner 5, loser 10"),
        (5000, "1300+: winner 5, loser 10"),
        (u64::MAX, "1300+: winner 5, loser 10"),
    ];
    for (difference, expected) in cases {
        check(Input::N1(difference), expected);
    }
}

#[test]
fn new_year_scenario_band_edges_n3() {
    let cases = [
        (0, "0-399: winner 3, loser 3"),
        (399, "0-399: winner 3, loser 3"),
        (400, "400-799: winner 4, loser 2"),
        (401, "400-799: winner 4, loser 2"),
        (799, "400-799: winner 4, loser 2"),
        (800, "800-1199: winner 5, loser 1"),
        (801, "800-1199: winner 5, loser 1"),
        (1199, "800-1199: winner 5, loser 1"),
        (1200, "1200+: winner 6, loser 0"),
        (1201, "1200+: winner 6, loser 0"),
        (9999, "1200+: winner 6, loser 0"),
    ];
    for (difference, expected) in cases {
        check(Input::N3(difference), expected);
    }
}

#[test]
fn match_scores_leader_draw_and_sides() {
    let n1 = BandTable::raeuber_warhammer();
    let n3 = BandTable::new_year_scenario();
    let cases = [
        (
            Input::Match(&n1, 1350, 700),
            "A 1350 - B 700: A leads by 650 (band 600-899), event points A 3, B 6",
        ),
        (
            Input::Match(&n1, 700, 1350),
            "A 700 - B 1350: B leads by 650 (band 600-899), event points A 6, B 3",
        ),
        // 0-399 gives nothing, but the leader is still reported.
        (
            Input::Match(&n1, 710, 450),
            "A 710 - B 450: A leads by 260 (band 0-399), event points A 0, B 0",
        ),
        (
            Input::Match(&n1, 500, 500),
            "A 500 - B 500: draw (band 0-399), event points A 0, B 0",
        ),
        (
            Input::Match(&n3, 500, 500),
            "A 500 - B 500: draw (band 0-399), event points A 3, B 3",
        ),
        (
            Input::Match(&n3, 0, 1200),
            "A 0 - B 1200: B leads by 1200 (band 1200+), event points A 0, B 6",
        ),
    ];
    for (input, expected) in cases {
        check(input, expected);
    }
    let score = MatchScore::new(&n1, 100, 1500);
    assert_eq!(score.points(Side::A), 10);
    assert_eq!(score.points(Side::B), 5);
    assert_eq!(score.margin(Side::A), -1400);
    assert_eq!(score.margin(Side::B), 1400);
}

#[test]
fn organiser_tables_from_json() {
    let cases = [
        (
            r#"{"name": "Club", "bands": [{"min": 0, "max": 99, "winner": 10, "loser": 10}, {"min": 100, "winner": 15, "loser": 5}]}"#,
            "0-99: winner 10, loser 10 | 100+: winner 15, loser 5",
        ),
        // The rule text's printed N1 table: 900-998 fall into no band.
        (
            r#"{"bands": [
                {"min": 0, "max": 399, "winner": 0, "loser": 0},
                {"min": 400, "max": 599, "winner": 2, "loser": 4},
                {"min": 600, "max": 899, "winner": 3, "loser": 6},
                {"min": 999, "max": 1299, "winner": 4, "loser": 8},
                {"min": 1300, "winner": 5, "loser": 10}]}"#,
            "error: bands: gap in the band table, VP differences 900-998 are in no band",
        ),
        (
            r#"{"bands": [{"min": 0, "max": 599, "winner": 0, "loser": 0}, {"min": 550, "winner": 2, "loser": 4}]}"#,
            "error: bands: overlap in the band table, VP differences 550-599 are in two bands",
        ),
        (
            r#"{"bands": [{"min": 0, "max": 599, "winner": 0, "loser": 0}, {"min": 550, "max": 560, "winner": 2, "loser": 4}, {"min": 561, "winner": 2, "loser": 4}]}"#,
            "error: bands: overlap in the band table, VP differences 550-560 are in two bands",
        ),
        (
            r#"{"bands": [{"min": 100, "winner": 0, "loser": 0}]}"#,
            "error: bands: gap in the band table, VP differences 0-99 are in no band",
        ),
        (
            r#"{"bands": []}"#,
            "error: bands: a band table needs at least one band",
        ),
        (
            r#"{"bands": [{"min": 0, "max": 399, "winner": 0, "loser": 0}, {"min": 400, "max": 999, "winner": 2, "loser": 4}]}"#,
            "error: bands: the last band ends at max 999, so larger VP differences are in no band; leave its max out to make it open-ended",
        ),
        (
            r#"{"bands": [{"min": 0, "winner": 0, "loser": 0}, {"min": 400, "winner": 2, "loser": 4}]}"#,
            "error: bands[0].max: missing, but only the last band may be open-ended",
        ),
        (
            r#"{"bands": [{"min": 0, "max": 399, "winner": 0, "loser": 0}, {"min": 400, "max": 300, "winner": 2, "loser": 4}, {"min": 301, "winner": 2, "loser": 4}]}"#,
            "error: bands[1].max: 300 is below the band's min 400",
        ),
        (
            r#"{"bands": [{"min": 0, "max": 399, "winner": 2, "loser": 0}, {"min": 400, "winner": 2, "loser": 4}]}"#,
            "error: bands[0]: winner 2 and loser 0 differ, but a VP difference of 0 has no winner, so both must get the same points",
        ),
        (
            r#"{"bands": [{"min": 0, "max": 399, "winner": 0, "loser": 0}, {"min": 400, "winner": 2, "loser": -4}]}"#,
            "error: bands[1].loser: -4 is not allowed (event points from 0 to 4294967295)",
        ),
        (
            r#"{"bands": [{"min": -10, "max": 399, "winner": 0, "loser": 0}, {"min": 400, "winner": 2, "loser": 4}]}"#,
            "error: bands[0].min: -10 is not allowed (a VP difference of 0 or more)",
        ),
    ];
    for (json, expected) in cases {
        check(Input::TableJson(json), expected);
    }
}

#[test]
fn shipped_tables_round_trip_through_json() {
    for table in [
        BandTable::raeuber_warhammer(),
        BandTable::new_year_scenario(),
    ] {
        let json = serde_json::to_string(&table).unwrap();
        let back: BandTable = serde_json::from_str(&json).unwrap();
        assert_eq!(back, table);
        // The shipped tables pass the same validation as organiser tables.
        let rebuilt = BandTable::new(table.name(), table.bands().copied().collect()).unwrap();
        assert_eq!(rebuilt, table);
        assert!(!table.is_empty());
    }
    assert_eq!(BandTable::raeuber_warhammer().len(), 5);
    assert_eq!(BandTable::new_year_scenario().len(), 4);
}

#[test]
fn table_errors_from_the_constructor() {
    let overflow = BandTable::new(
        "max",
        vec![Band::closed(0, u64::MAX, 0, 0), Band::open(5, 1, 1)],
    );
    assert_eq!(
        overflow,
        Err(ScoringError::Overlap {
            from: 5,
            to: u64::MAX
        })
    );
}

#[test]
fn rounding_to_5_and_half_up() {
    let fives = [
        (32.5, "35"),
        (32.0, "30"),
        (37.5, "40"),
        (32.4, "30"),
        (32.6, "35"),
        (2.5, "5"),
        (0.0, "0"),
        (2.4, "0"),
        (35.0, "35"),
        // Negative: halves go up, towards positive infinity.
        (-32.5, "-30"),
        (-32.6, "-35"),
        (-37.5, "-35"),
        (-2.5, "0"),
        (-33.0, "-35"),
        (
            f64::NAN,
            "error: value: NaN is not allowed (a finite number of magnitude below 9e18)",
        ),
        (
            f64::INFINITY,
            "error: value: inf is not allowed (a finite number of magnitude below 9e18)",
        ),
    ];
    for (value, expected) in fives {
        check(Input::Round5(value), expected);
    }
    let halves = [
        (2.5, "3"),
        (2.4999, "2"),
        (2.0, "2"),
        (0.5, "1"),
        (0.49999999999999994, "0"),
        (-2.5, "-2"),
        (-2.6, "-3"),
        (-0.5, "0"),
        (
            1e19,
            "error: value: 10000000000000000000 is not allowed (a finite number of magnitude below 9e18)",
        ),
    ];
    for (value, expected) in halves {
        check(Input::HalfUp(value), expected);
    }
}

#[test]
fn bonuses_per_side() {
    let mut bonuses = Bonuses::new();
    bonuses.extend_with(Bonus::to_side_with_more("more standards", 100, 3, 1));
    bonuses.extend_with(Bonus::to_side_with_more("more standards", 100, 2, 2));
    bonuses.push(Bonus::new("painting", Side::B, 25));
    bonuses.push(Bonus::new("late", Side::B, -10));
    assert_eq!(bonuses.total(Side::A), 100);
    assert_eq!(bonuses.total(Side::B), 15);
    assert_eq!(bonuses.iter().count(), 3);
    let texts: Vec<String> = bonuses.iter().map(ToString::to_string).collect();
    assert_eq!(
        texts,
        [
            "+100 for A (more standards)",
            "+25 for B (painting)",
            "-10 for B (late)"
        ]
    );
    let json = serde_json::to_string(&bonuses).unwrap();
    assert_eq!(serde_json::from_str::<Bonuses>(&json).unwrap(), bonuses);
}

fn field(specs: &[(&str, [i64; 2], [f64; 3])]) -> Vec<Competitor> {
    specs
        .iter()
        .map(|(id, games, [a, b, c])| {
            Competitor::new(*id, id.to_uppercase(), games.to_vec())
                .with_tie_value("vp", *a)
                .with_tie_value("treasures", *b)
                .with_tie_value("placing", *c)
        })
        .collect()
}

#[test]
fn standings_shared_places_and_each_tie_breaker() {
    let vp = TieBreaker::higher("vp", "VP difference");
    let treasures = TieBreaker::higher("treasures", "treasures");
    let placing = TieBreaker::lower("placing", "placing");
    let players = field(&[
        ("a", [10, 5], [300.0, 1.0, 4.0]),
        ("b", [8, 7], [500.0, 1.0, 3.0]),
        ("c", [20, 0], [0.0, 0.0, 1.0]),
        ("d", [15, 0], [500.0, 2.0, 2.0]),
        ("e", [1, 1], [0.0, 0.0, 5.0]),
    ]);
    let cases: [(&[TieBreaker], &str); 5] = [
        (
            &[],
            "1 c (total); 2 a (shared); 2 b (shared); 2 d (shared); 5 e (total)",
        ),
        // VP difference separates a from b and d, but b and d stay equal.
        (
            std::slice::from_ref(&vp),
            "1 c (total); 2 b (shared); 2 d (shared); 4 a (vp); 5 e (total)",
        ),
        // VP, then treasures: d beats b on treasures, a was out by VP.
        (
            &[vp.clone(), treasures.clone()],
            "1 c (total); 2 d (treasures); 3 b (treasures); 4 a (vp); 5 e (total)",
        ),
        // Treasures first: d on treasures; a and b tied on treasures, placing decides.
        (
            &[treasures.clone(), placing.clone()],
            "1 c (total); 2 d (treasures); 3 b (placing); 4 a (placing); 5 e (total)",
        ),
        // Lower placing is better.
        (
            std::slice::from_ref(&placing),
            "1 c (total); 2 d (placing); 3 b (placing); 4 a (placing); 5 e (total)",
        ),
    ];
    for (tie_breakers, expected) in cases {
        check(Input::Rank(&players, tie_breakers), expected);
    }
}

#[test]
fn standings_errors() {
    let vp = TieBreaker::higher("vp", "VP difference");
    let twice = [
        Competitor::new("a", "A", vec![1]),
        Competitor::new("a", "A again", vec![2]),
    ];
    check(
        Input::Rank(&twice, &[]),
        "error: competitors: id \"a\" appears twice",
    );
    let lacking = [Competitor::new("a", "A", vec![1])];
    check(
        Input::Rank(&lacking, std::slice::from_ref(&vp)),
        "error: competitor \"a\": no value for tie-breaker \"vp\"",
    );
    let nan = [Competitor::new("a", "A", vec![1]).with_tie_value("vp", f64::NAN)];
    check(
        Input::Rank(&nan, std::slice::from_ref(&vp)),
        "error: competitor \"a\": tie_values.vp: NaN is not allowed (a finite number)",
    );
    check(
        Input::Rank(&lacking, &[vp.clone(), vp.clone()]),
        "error: tie_breakers: key \"vp\" appears twice",
    );
    let huge = [Competitor::new("a", "A", vec![i64::MAX, 1])];
    check(
        Input::Rank(&huge, &[]),
        "error: competitor \"a\": the total of the game points is too large",
    );
}

#[test]
fn standings_zero_and_negative_zero_are_equal() {
    let vp = TieBreaker::higher("vp", "VP difference");
    let players = [
        Competitor::new("a", "A", vec![5]).with_tie_value("vp", 0.0),
        Competitor::new("b", "B", vec![5]).with_tie_value("vp", -0.0),
    ];
    check(Input::Rank(&players, &[vp]), "1 a (shared); 1 b (shared)");
}

#[test]
fn standings_text_table() {
    let players = field(&[
        ("anna", [10, 5], [300.0, 1.0, 4.0]),
        ("bernd", [8, 7], [500.0, 1.0, 3.0]),
        ("clara", [20, 0], [0.0, 0.0, 1.0]),
        ("dora", [8, 7], [500.0, 1.0, 3.0]),
    ]);
    let standings = Standings::rank(
        &players,
        &[
            TieBreaker::higher("vp", "VP difference"),
            TieBreaker::lower("placing", "placing"),
        ],
    )
    .unwrap();
    insta::assert_snapshot!(standings.to_string());
    let json = serde_json::to_string(&standings).unwrap();
    assert_eq!(serde_json::from_str::<Standings>(&json).unwrap(), standings);
    assert_eq!(standings.row_of("anna").map(|r| r.place), Some(4));
    assert_eq!(standings.tie_breakers().len(), 2);
}

#[test]
fn standings_decision_carries_the_deciding_values() {
    let vp = TieBreaker::higher("vp", "VP difference");
    let players = [
        Competitor::new("a", "A", vec![20]).with_tie_value("vp", 200.0),
        Competitor::new("b", "B", vec![20]).with_tie_value("vp", 450.0),
        Competitor::new("c", "C", vec![20]).with_tie_value("vp", -50.0),
        Competitor::new("d", "D", vec![9]).with_tie_value("vp", 0.0),
    ];
    let standings = Standings::rank(&players, &[vp]).unwrap();
    let decided: Vec<String> = standings
        .rows()
        .iter()
        .map(|row| match &row.decided_by {
            Decision::TieBreaker {
                key, value, versus, ..
            } => format!("{} {key} {value:+} vs {versus:+}", row.id),
            other => format!("{} {other:?}", row.id),
        })
        .collect();
    // The first of a group is compared with the one below him, every other
    // with the one above him.
    assert_eq!(
        decided,
        [
            "b vp +450 vs +200",
            "a vp +200 vs +450",
            "c vp -50 vs +200",
            "d Total"
        ]
    );
}

#[test]
fn standings_unknown_keys_are_refused_with_their_name() {
    let json = r#"{"id": "a", "name": "A", "game_points": [1], "tie_value": {}}"#;
    let err = serde_json::from_str::<Competitor>(json).unwrap_err();
    assert!(
        err.to_string().contains("unknown field `tie_value`"),
        "{err}"
    );
    let json = r#"{"key": "vp", "label": "VP", "better": "higher", "worse": "lower"}"#;
    let err = serde_json::from_str::<TieBreaker>(json).unwrap_err();
    assert!(err.to_string().contains("unknown field `worse`"), "{err}");
    let json = r#"{"name": "x", "bands": [{"min": 0, "winner": 1, "loser": 1, "extra": 2}]}"#;
    let err = serde_json::from_str::<BandTable>(json).unwrap_err();
    assert!(err.to_string().contains("unknown field `extra`"), "{err}");
}

/// Issue 16: 40,000 players took 8 s (the "decided by" pass compared every
/// pair). The ranking is O(n log n) now; tests never assert timings, the
/// bench `standings` measures them.
#[test]
fn standings_of_40000_players_with_ties() {
    let players: Vec<Competitor> = (0..40_000_i64)
        .map(|i| {
            Competitor::new(format!("p{i}"), format!("P {i}"), vec![i % 50, i % 7])
                .with_tie_value("vp", (i % 13) as f64)
        })
        .collect();
    let standings =
        Standings::rank(&players, &[TieBreaker::higher("vp", "VP difference")]).unwrap();
    assert_eq!(standings.rows().len(), 40_000);
    let first = &standings.rows()[0];
    assert_eq!((first.place, first.total), (1, 49 + 6));
    // Places never decrease and equal rows share them.
    for pair in standings.rows().windows(2) {
        assert!(pair[0].place <= pair[1].place);
        if pair[0].total == pair[1].total && pair[0].tie_values == pair[1].tie_values {
            assert_eq!(pair[0].place, pair[1].place);
            assert_eq!(pair[1].decided_by, Decision::Shared);
        }
    }
}

/// Issue 16: a name longer than 65,535 characters made the text table
/// panic ("Formatting argument out of range"); it prints now.
#[test]
fn standings_text_table_with_a_huge_name() {
    let long = "N".repeat(70_000);
    let players = [
        Competitor::new("a", long.clone(), vec![3]).with_tie_value("v".repeat(70_000), 1.0),
        Competitor::new("b", "B", vec![3]).with_tie_value("v".repeat(70_000), 2.0),
    ];
    let label = "L".repeat(70_000);
    let standings =
        Standings::rank(&players, &[TieBreaker::higher("v".repeat(70_000), label)]).unwrap();
    let text = standings.to_string();
    assert!(text.contains(&long));
    assert_eq!(text.lines().count(), 3);
}
