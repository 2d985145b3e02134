//! The generated events `fixtures/wfb-newyear/event-24.json` (a drop-out,
//! a bye and a tie) and `event-120.json` (for the projector and the print
//! benchmark), and `event-64.json` (the projector check). The committed files must equal what the generator makes;
//! set `FELDHERR_WRITE_FIXTURES=1` to write them anew.

use feldherr_wfb_newyear::{
    BattleKind, BattleResult, Event, EventEdit, Finisher, Player, SideResult, SledRace,
    standings_rows,
};

const FIRST: [&str; 12] = [
    "Jonas", "Lena", "Matthias", "Sabine", "Uwe", "Katrin", "Dieter", "Petra", "Anke", "Bernd",
    "Clara", "Emil",
];
const LAST: [&str; 10] = [
    "Albrecht", "Brandt", "Köhler", "Vogt", "Hartmann", "Lehmann", "Schulz", "Neumann", "Zander",
    "Engel",
];
const CLUBS: [&str; 5] = [
    "Zinnsoldaten Ulm",
    "Tabletop-Club Freiburg",
    "Würfelrunde Kassel",
    "Drachenhort Bamberg",
    "",
];
const ARMIES: [&str; 8] = [
    "Dwarfs",
    "Orcs & Goblins",
    "The Empire",
    "High Elves",
    "Vampire Counts",
    "Bretonnia",
    "Hordes of Chaos",
    "Skaven",
];

fn apply(event: &mut Event, edit: EventEdit) {
    event
        .apply(&edit)
        .unwrap_or_else(|e| panic!("{edit:?}: {e}"));
}

/// Plays one battle game: draw with `seed`, confirm, enter results.
fn play(event: &mut Event, game: BattleKind, seed: u64) {
    let draft = event.draw(game, seed).expect("a draw");
    apply(event, EventEdit::ConfirmDraw { game, draft });
    let tables: Vec<u32> = event.game(game).pairings.iter().map(|p| p.table).collect();
    for table in tables {
        let t = i64::from(table);
        let treasures = match game {
            BattleKind::RaeuberWarhammer => (0, 0),
            BattleKind::NewYearScenario => (t % 2, (t + 1) % 3 % 2),
        };
        // Tables 1 and 2 (and 3 and 4) get mirrored results, so equal
        // totals occur.
        let base = (t + 1) / 2;
        // VP within the 1500-point armies (PN1): both sides lowered alike
        // where one would be above (the difference stays, or stays in the
        // top band where it was more than 1500).
        let (a, b) = ((base * 337 + 250) % 1800, (base * 521 + 100) % 1800);
        let over = (a.max(b) - 1500).max(0);
        let result = BattleResult {
            a: SideResult::new((a - over).max(0), t % 3).with_treasures(treasures.0),
            b: SideResult::new((b - over).max(0), t % 2).with_treasures(treasures.1),
        };
        apply(
            event,
            EventEdit::SetResult {
                game,
                table,
                result: Some(result),
            },
        );
    }
}

/// An event of `n` players; player `drop` (if any) drops out after
/// Raeuber-Warhammer.
pub(crate) fn generate(n: usize, drop: Option<usize>) -> Event {
    let mut event = Event::new(format!("WFB-Neujahrs-Event {n}"));
    apply(&mut event, EventEdit::SetDate("2027-01-02".into()));
    for i in 0..n {
        let name = format!(
            "{} {}{}",
            FIRST[i % FIRST.len()],
            LAST[(i / FIRST.len() + i) % LAST.len()],
            if i >= FIRST.len() * LAST.len() {
                format!(" {}", i / (FIRST.len() * LAST.len()) + 1)
            } else {
                String::new()
            }
        );
        let player = Player::new(
            format!("p{:03}", i + 1),
            name,
            CLUBS[i % CLUBS.len()],
            ARMIES[(i * 3) % ARMIES.len()],
            i % 7 != 5,
        );
        apply(&mut event, EventEdit::AddPlayer(player));
    }
    for (game, points) in [
        (BattleKind::RaeuberWarhammer, 2),
        (BattleKind::NewYearScenario, 3),
    ] {
        apply(&mut event, EventEdit::SetByePoints { game, points });
    }
    play(&mut event, BattleKind::RaeuberWarhammer, 2027);
    if let Some(drop) = drop {
        let id = event.players[drop].id.clone();
        apply(&mut event, EventEdit::SetDropped { id, dropped: true });
    }
    play(&mut event, BattleKind::NewYearScenario, 2028);
    let racers: Vec<&Player> = event
        .players
        .iter()
        .filter(|p| p.character_on_foot && !p.dropped)
        .collect();
    let mut race = SledRace::default();
    for (i, p) in racers.iter().enumerate() {
        // One race takes 16 drivers (PN6); the others do not start.
        if i >= feldherr_wfb_newyear::MAX_SLED_ENTRANTS {
            race.did_not_start.push(p.id.clone());
        } else if i % 9 == 8 {
            race.did_not_finish.push(p.id.clone());
        } else {
            race.finishers.push(Finisher::new(
                p.id.clone(),
                6 + u32::try_from(i / 6).unwrap_or(0),
            ));
        }
    }
    apply(&mut event, EventEdit::SetSledRace(Some(race)));
    event
}

fn path(name: &str) -> String {
    format!(
        "{}/../../fixtures/wfb-newyear/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn check_fixture(name: &str, event: &Event) {
    let json = event.to_json().expect("json") + "\n";
    if std::env::var_os("FELDHERR_WRITE_FIXTURES").is_some() {
        std::fs::write(path(name), &json).expect("write fixture");
    }
    let saved = std::fs::read_to_string(path(name)).expect("fixture");
    assert_eq!(saved, json, "{name} differs from the generator's output");
    assert_eq!(&Event::from_json(&saved).expect("loads"), event);
}

#[test]
fn event_24_with_a_drop_out_a_bye_and_a_tie() {
    let event = generate(24, Some(23));
    check_fixture("event-24.json", &event);
    let dropped = &event.players[23];
    assert!(dropped.dropped);
    // He keeps his Raeuber-Warhammer game and gets no new one.
    let rw = event.game(BattleKind::RaeuberWarhammer);
    let nys = event.game(BattleKind::NewYearScenario);
    assert_eq!(rw.pairings.len(), 12);
    assert!(
        rw.pairings
            .iter()
            .any(|p| p.player_a == dropped.id || p.player_b == dropped.id)
    );
    assert!(
        !nys.pairings
            .iter()
            .any(|p| p.player_a == dropped.id || p.player_b == dropped.id)
    );
    // 23 players: 11 tables and a bye worth the setting.
    assert_eq!(nys.pairings.len(), 11);
    assert_eq!(nys.byes.len(), 1);
    let bye = &nys.byes[0];
    let points = event.player_points().expect("points");
    let bye_points = points
        .iter()
        .find(|p| p.player == *bye)
        .expect("bye player");
    assert_eq!(bye_points.new_year_scenario, 3);
    // No rematch in the second game.
    for p in &nys.pairings {
        assert!(
            !rw.pairings
                .iter()
                .any(|q| (q.player_a == p.player_a && q.player_b == p.player_b)
                    || (q.player_a == p.player_b && q.player_b == p.player_a)),
            "rematch at table {}",
            p.table
        );
    }
    let rows = standings_rows(&event).expect("rows");
    assert!(rows.iter().any(|r| r.shared), "a tie (shared place)");
    assert!(
        rows.iter()
            .any(|r| r.dropped && r.points.player == dropped.id)
    );
    // The stored seed repeats the draw.
    let mut again = event.clone();
    again.new_year_scenario.pairings.clear();
    again.new_year_scenario.byes.clear();
    let seed = event.new_year_scenario.seed.expect("seed stored");
    let draft = again.draw(BattleKind::NewYearScenario, seed).expect("draw");
    let tables: Vec<(String, String)> = draft
        .tables
        .iter()
        .map(|t| (t.a.clone(), t.b.clone()))
        .collect();
    let saved: Vec<(String, String)> = nys
        .pairings
        .iter()
        .map(|p| (p.player_a.clone(), p.player_b.clone()))
        .collect();
    assert_eq!(tables, saved);
}

#[test]
fn event_120() {
    let event = generate(120, Some(57));
    check_fixture("event-120.json", &event);
    assert_eq!(event.players.len(), 120);
    assert_eq!(event.game(BattleKind::NewYearScenario).byes.len(), 1);
    assert_eq!(standings_rows(&event).expect("rows").len(), 120);
}

/// The 64-player event for the app's projector check (issue 10).
#[test]
fn event_64() {
    let event = generate(64, Some(40));
    check_fixture("event-64.json", &event);
    assert_eq!(standings_rows(&event).expect("rows").len(), 64);
    assert!(event.players[40].dropped);
}

/// Issue 16: the standings of the most players an event takes (40,000
/// took 8 s before the limit); runs in a debug build, no timing asserted.
#[test]
fn standings_of_2000_players() {
    let mut event = Event::new("Großes Neujahr");
    for i in 0..feldherr_wfb_newyear::MAX_PLAYERS {
        event.players.push(Player::new(
            format!("p{i}"),
            format!("Player {i}"),
            CLUBS[i % CLUBS.len()],
            "Dwarfs",
            false,
        ));
    }
    event.raeuber_warhammer.pairings = (0..1_000_u32)
        .map(|t| {
            let i = t as usize * 2;
            feldherr_wfb_newyear::Pairing::new(t + 1, format!("p{i}"), format!("p{}", i + 1))
                .with_result(
                    SideResult::new(i64::from(t % 1500), 0),
                    SideResult::new(i64::from(t % 1300), 0),
                )
        })
        .collect();
    event.tie_breakers = vec![feldherr_wfb_newyear::EventTieBreaker::VpDifference];
    let rows = standings_rows(&event).expect("rows");
    assert_eq!(rows.len(), 2_000);
    assert!(rows.windows(2).all(|w| w[0].place <= w[1].place));
}
