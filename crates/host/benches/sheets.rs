//! Rendering speed of the New Year event's sheets.
//!
//! `standings_64` renders the standings sheet of a 64-player event at
//! A4/300 DPI and encodes it as PNG; `all_sheets_64` does every sheet of
//! that event (64 slips per battle game, race, standings, rules cards).

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
    let mut event = Event::new("Benchmark-Event 64");
    event.date = "2027-01-02".into();
    for i in 0..64 {
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
        for t in 0..32 {
            let a = (2 * t) % 64;
            let b = (2 * t + shift) % 64;
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
                    a: side(200 + 37 * t as i64, 1),
                    b: side(900 - 11 * t as i64, 1),
                }),
            });
        }
    }
    let racers: Vec<&Player> = event
        .players
        .iter()
        .filter(|p| p.character_on_foot)
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
            .filter(|p| !p.character_on_foot)
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

criterion_group!(benches, standings_64, all_sheets_64);
criterion_main!(benches);
