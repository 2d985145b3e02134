//! Rendering speed of the New Year event's sheets.
//!
//! `standings_64` renders the standings sheet of a 64-player event at
//! A4/300 DPI and encodes it as PNG; `all_sheets_64` does every sheet of
//! that event (64 slips per battle game, race, standings, rules cards).
//! `standings_2000` reads a 2,000-player event from its JSON and ranks it,
//! each apart (issue 29: the ranking within twice the reading).

#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use feldherr_host::Texts;
use feldherr_play::Lang;
use feldherr_sheet::SheetOptions;
use feldherr_wfb_newyear::event_sheets;
use feldherr_wfb_newyear::{
    BattleKind, BattleResult, Event, EventTieBreaker, Finisher, Pairing, Player, SideResult,
    SledRace,
};

/// A complete 64-player event with results everywhere.
fn event_64() -> Event {
    event_of(64)
}

/// A complete event of `n` players (even, at most 2,000) with results
/// everywhere.
fn event_of(n: usize) -> Event {
    let mut event = Event::new(format!("Benchmark-Event {n}"));
    event.date = "2027-01-02".into();
    for i in 0..n {
        event.players.push(Player::new(
            format!("p{i:02}"),
            format!("Spieler Nummer {i:02}"),
            format!("Verein {}", i % 9),
            ["Zwerge", "Imperium", "Hochelfen", "Orks & Goblins"][i % 4],
            i % 5 != 0,
        ));
    }
    for (kind, shift) in [
        (BattleKind::RaeuberWarhammer, 1),
        (BattleKind::NewYearScenario, 3),
    ] {
        let game = match kind {
            BattleKind::RaeuberWarhammer => &mut event.raeuber_warhammer,
            BattleKind::NewYearScenario => &mut event.new_year_scenario,
        };
        for t in 0..n / 2 {
            let a = (2 * t) % n;
            let b = (2 * t + shift) % n;
            let side = |vp: i64, treasures: i64| SideResult {
                victory_points: vp,
                standards_captured: vp % 3,
                treasures_recovered: if kind == BattleKind::NewYearScenario {
                    treasures
                } else {
                    0
                },
            };
            game.pairings.push(Pairing {
                table: t as u32 + 1,
                player_a: format!("p{a:02}"),
                player_b: format!("p{b:02}"),
                result: Some(BattleResult {
                    // At most the army's 1500 points (PN1).
                    a: side((200 + 37 * t as i64) % 1300, 1),
                    b: side((900 - 11 * t as i64).rem_euclid(1300), 1),
                }),
            });
        }
    }
    // One race takes 16 sleds at most (PN6): the first 16 players on foot
    // race, everybody else does not start.
    let racers: Vec<&Player> = event
        .players
        .iter()
        .filter(|p| p.character_on_foot)
        .take(16)
        .collect();
    event.sled_race = Some(SledRace {
        finishers: racers
            .iter()
            .enumerate()
            .map(|(i, p)| Finisher::new(p.id.clone(), 5 + i as u32 / 12))
            .collect(),
        did_not_finish: Vec::new(),
        did_not_start: event
            .players
            .iter()
            .filter(|p| !racers.iter().any(|r| r.id == p.id))
            .map(|p| p.id.clone())
            .collect(),
    });
    event.tie_breakers = vec![EventTieBreaker::VpDifference];
    event
}

fn standings_64(c: &mut Criterion) {
    let event = event_64();
    event.validate().expect("a valid event");
    let texts = Texts::new(Lang::De);
    let sheets = event_sheets(&texts, &event, SheetOptions::default()).expect("sheets");
    let standings = sheets
        .into_iter()
        .find(|s| s.name == "standings")
        .expect("standings");
    c.bench_function("standings sheet, 64 players, A4/300 DPI, PNG", |b| {
        b.iter(|| {
            let layout = standings.sheet.layout().expect("layout");
            layout.to_png_pages().expect("png")
        })
    });
}

fn all_sheets_64(c: &mut Criterion) {
    let event = event_64();
    let texts = Texts::new(Lang::De);
    let mut group = c.benchmark_group("all sheets");
    group.sample_size(10);
    group.bench_function("every sheet of a 64-player event, A4/300 DPI, PNG", |b| {
        b.iter(|| {
            let sheets = event_sheets(&texts, &event, SheetOptions::default()).expect("sheets");
            let mut bytes = 0;
            for sheet in &sheets {
                for png in sheet
                    .sheet
                    .layout()
                    .expect("layout")
                    .to_png_pages()
                    .expect("png")
                {
                    bytes += png.len();
                }
            }
            bytes
        })
    });
    group.finish();
}

fn standings_2000(c: &mut Criterion) {
    let event = event_of(2_000);
    event.validate().expect("a valid event");
    let json = serde_json::to_string(&event).expect("json");
    let mut group = c.benchmark_group("2000-player event");
    group.bench_function("parse the event JSON", |b| {
        b.iter(|| serde_json::from_str::<Event>(std::hint::black_box(&json)).expect("parse"))
    });
    group.bench_function("standings", |b| {
        b.iter(|| std::hint::black_box(&event).standings().expect("standings"))
    });
    group.finish();
}

criterion_group!(benches, standings_64, all_sheets_64, standings_2000);
criterion_main!(benches);
