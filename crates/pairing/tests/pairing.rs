//! The draw: rematches and same-club games avoided where possible, byes
//! rotated, seeded, bounded for large fields; swaps before confirming.

use feldherr_pairing::{Compromise, Draft, Entrant, History, Method, PairingError, draw};

/// `id:club:score` specs.
fn field(specs: &[&str]) -> Vec<Entrant> {
    specs
        .iter()
        .map(|spec| {
            let mut parts = spec.split(':');
            let id = parts.next().unwrap_or_default();
            let club = parts.next().unwrap_or_default();
            let score = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
            Entrant::new(id, format!("Name {id}"), club, score)
        })
        .collect()
}

/// The draft as text: `1 a-b; 2 c-d; bye e; compromises`.
fn text(draft: &Draft) -> String {
    let mut parts: Vec<String> = draft
        .tables
        .iter()
        .map(|t| format!("{} {}-{}", t.number, t.a, t.b))
        .collect();
    if let Some(bye) = &draft.bye {
        parts.push(format!("bye {bye}"));
    }
    for c in &draft.compromises {
        parts.push(c.to_string());
    }
    parts.join("; ")
}

fn check(entrants: &[Entrant], history: &History, method: Method, seed: u64, expected: &str) {
    let draft = draw(entrants, history, method, seed).expect("a draw");
    assert_eq!(text(&draft), expected);
}

#[test]
fn best_against_best_without_constraints() {
    let entrants = field(&["a::8", "b::6", "c::4", "d::2"]);
    check(
        &entrants,
        &History::default(),
        Method::ByStandings,
        1,
        "1 a-b; 2 c-d",
    );
}

#[test]
fn no_rematch_when_one_is_avoidable() {
    let entrants = field(&["a::8", "b::6", "c::4", "d::2"]);
    let mut history = History::default();
    history.add_game("a", "b");
    history.add_game("c", "d");
    check(&entrants, &history, Method::ByStandings, 1, "1 a-c; 2 b-d");
    // The top pair (a-c) forces b-d; when b-d is a rematch too, a-d and b-c.
    history.add_game("b", "d");
    check(&entrants, &history, Method::ByStandings, 1, "1 a-d; 2 b-c");
}

#[test]
fn an_unavoidable_rematch_is_reported_by_name() {
    let entrants = field(&["a::8", "b::6"]);
    let mut history = History::default();
    history.add_game("b", "a");
    check(
        &entrants,
        &history,
        Method::ByStandings,
        1,
        "1 a-b; table 1: Name a and Name b have played each other before",
    );
}

#[test]
fn same_club_avoided_where_possible() {
    // Random first game: whatever the seed, no Ulm-Ulm or Kassel-Kassel game.
    let entrants = field(&[
        "a:Ulm",
        "b:Ulm",
        "c:Kassel",
        "d:Kassel",
        "e:Ulm",
        "f:Bamberg",
    ]);
    for seed in 0..50 {
        let draft = draw(&entrants, &History::default(), Method::Random, seed).unwrap();
        assert!(
            !draft
                .compromises
                .iter()
                .any(|c| matches!(c, Compromise::SameClub { .. })),
            "seed {seed}: {}",
            text(&draft)
        );
        assert_eq!(draft.tables.len(), 3);
    }
    // By standings the top player skips his clubmate; rematches weigh more
    // than same club.
    let entrants = field(&["a:Ulm:9", "b:Ulm:8", "c:Kassel:7", "d::6"]);
    check(
        &entrants,
        &History::default(),
        Method::ByStandings,
        1,
        "1 a-c; 2 b-d",
    );
    let mut history = History::default();
    history.add_game("a", "c");
    history.add_game("a", "d");
    check(
        &entrants,
        &history,
        Method::ByStandings,
        1,
        "1 a-b; 2 c-d; table 1: Name a and Name b are both of Ulm",
    );
    // Clubs compare without case and surrounding spaces; no club is no club.
    let entrants = field(&["a: ulm :9", "b:ULM:8", "c::7", "d::6"]);
    check(
        &entrants,
        &History::default(),
        Method::ByStandings,
        1,
        "1 a-c; 2 b-d",
    );
}

#[test]
fn the_bye_goes_to_a_different_player_each_game() {
    let entrants = field(&["a::9", "b::8", "c::7", "d::6", "e::5"]);
    let mut history = History::default();
    let mut byes = Vec::new();
    for game in 0..5 {
        let draft = draw(&entrants, &history, Method::ByStandings, game).unwrap();
        let bye = draft.bye.clone().unwrap();
        assert!(!byes.contains(&bye), "game {game}: {bye} had a bye already");
        history.add_bye(&bye);
        for t in &draft.tables {
            history.add_game(&t.a, &t.b);
        }
        byes.push(bye);
    }
    // Lowest in the standings first.
    assert_eq!(byes[0], "e");
    // A sixth game: everybody had one, so a repeated bye is reported.
    let draft = draw(&entrants, &history, Method::ByStandings, 9).unwrap();
    assert!(
        draft
            .compromises
            .iter()
            .any(|c| matches!(c, Compromise::RepeatedBye { .. }))
    );
    // The random first game draws the bye too, and rotates it.
    let mut history = History::default();
    history.add_bye("c");
    for seed in 0..20 {
        let draft = draw(&entrants, &history, Method::Random, seed).unwrap();
        assert_ne!(draft.bye.as_deref(), Some("c"));
    }
}

#[test]
fn the_same_seed_repeats_the_draw() {
    let entrants: Vec<Entrant> = (0..24)
        .map(|i| Entrant::new(format!("p{i}"), format!("P {i}"), format!("C{}", i % 4), 0))
        .collect();
    let history = History::default();
    let one = draw(&entrants, &history, Method::Random, 2027).unwrap();
    let two = draw(&entrants, &history, Method::Random, 2027).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.seed, 2027);
    let other = draw(&entrants, &history, Method::Random, 2028).unwrap();
    assert_ne!(one.tables, other.tables);
    // Equal scores are shuffled with the seed too.
    let a = draw(&entrants, &history, Method::ByStandings, 5).unwrap();
    assert_eq!(
        a,
        draw(&entrants, &history, Method::ByStandings, 5).unwrap()
    );
    let numbers: Vec<u32> = a.tables.iter().map(|t| t.number).collect();
    assert_eq!(numbers, (1..=12).collect::<Vec<_>>());
}

#[test]
fn large_fields_finish_with_a_bounded_search() {
    // 121 players in 5 clubs after one game: the exact search or the
    // fallback, but no rematch and every player seated once.
    let n = 121;
    let entrants: Vec<Entrant> = (0..n)
        .map(|i| {
            Entrant::new(
                format!("p{i}"),
                format!("P {i}"),
                format!("C{}", i % 5),
                (i % 11) as i64,
            )
        })
        .collect();
    let mut history = History::default();
    let first = draw(&entrants, &history, Method::Random, 1).unwrap();
    assert!(first.compromises.is_empty(), "{:?}", first.compromises);
    for t in &first.tables {
        history.add_game(&t.a, &t.b);
    }
    history.add_bye(first.bye.as_deref().unwrap());
    let second = draw(&entrants, &history, Method::ByStandings, 2).unwrap();
    assert!(
        !second.compromises.iter().any(|c| matches!(
            c,
            Compromise::Rematch { .. } | Compromise::RepeatedBye { .. }
        )),
        "{:?}",
        second.compromises
    );
    let mut seated: Vec<&str> = second
        .tables
        .iter()
        .flat_map(|t| [t.a.as_str(), t.b.as_str()])
        .chain(second.bye.as_deref())
        .collect();
    seated.sort_unstable();
    seated.dedup();
    assert_eq!(seated.len(), n);

    // Everybody in one club and everybody has played everybody in the top
    // half: the exact search runs out of budget and the greedy fallback
    // answers, listing what it could not avoid.
    let entrants: Vec<Entrant> = (0..400)
        .map(|i| Entrant::new(format!("p{i}"), format!("P {i}"), "Ulm", 0))
        .collect();
    let mut history = History::default();
    for i in 0..200 {
        for j in i + 1..200 {
            history.add_game(&format!("p{i}"), &format!("p{j}"));
        }
    }
    let draft = draw(&entrants, &history, Method::ByStandings, 3).unwrap();
    assert_eq!(draft.tables.len(), 200);
    assert!(
        !draft
            .compromises
            .iter()
            .any(|c| matches!(c, Compromise::Rematch { .. })),
        "the swaps pair the top half with the bottom half"
    );
}

#[test]
fn swapping_two_players_before_confirming() {
    let entrants = field(&["a:Ulm:9", "b::8", "c:Ulm:7", "d::6", "e::5"]);
    let history = History::default();
    let mut draft = draw(&entrants, &history, Method::ByStandings, 1).unwrap();
    assert_eq!(text(&draft), "1 a-b; 2 c-d; bye e");
    draft.swap("b", "c", &entrants, &history).unwrap();
    assert_eq!(
        text(&draft),
        "1 a-c; 2 b-d; bye e; table 1: Name a and Name c are both of Ulm"
    );
    draft.swap("e", "a", &entrants, &history).unwrap();
    assert_eq!(text(&draft), "1 e-c; 2 b-d; bye a");
    assert_eq!(
        draft.swap("a", "zz", &entrants, &history),
        Err(PairingError::NotInDraft { id: "zz".into() })
    );
}

#[test]
fn bad_input_is_refused() {
    let entrants = field(&["a", "a"]);
    let err = draw(&entrants, &History::default(), Method::Random, 1).unwrap_err();
    assert_eq!(err.to_string(), "pairing: \"Name a\" is entered twice");
    let many: Vec<Entrant> = (0..2_001)
        .map(|i| Entrant::new(format!("p{i}"), "x", "", 0))
        .collect();
    let err = draw(&many, &History::default(), Method::Random, 1).unwrap_err();
    assert_eq!(
        err.to_string(),
        "pairing: 2001 players are more than the 2000 a draw takes"
    );
    // Nobody and one player are fine: no tables, perhaps a bye.
    assert_eq!(
        text(&draw(&[], &History::default(), Method::Random, 1).unwrap()),
        ""
    );
    assert_eq!(
        text(&draw(&field(&["a"]), &History::default(), Method::Random, 1).unwrap()),
        "bye a"
    );
}
