//! Event standings rows for large fields (issue 16: 40,000 players took
//! 8 s; an event now takes at most 2,000) and a draw for 120 players.

use criterion::{Criterion, criterion_group, criterion_main};
use feldherr_wfb_newyear::{
    BattleKind, Event, EventTieBreaker, Pairing, Player, SideResult, standings_rows,
};
use std::hint::black_box;

fn event(n: usize) -> Event {
    let mut event = Event::new("Bench");
    for i in 0..n {
        event.players.push(Player::new(
            format!("p{i}"),
            format!("Player {i}"),
            format!("Club {}", i % 7),
            "Dwarfs",
            false,
        ));
    }
    event.raeuber_warhammer.pairings = (0..n / 2)
        .map(|t| {
            let i = t * 2;
            let t = t as u32;
            Pairing::new(t + 1, format!("p{i}"), format!("p{}", i + 1)).with_result(
                SideResult::new(i64::from(t % 1500), 0),
                SideResult::new(i64::from(t % 1300), 0),
            )
        })
        .collect();
    event.tie_breakers = vec![EventTieBreaker::VpDifference];
    event
}

fn benches(c: &mut Criterion) {
    for n in [120, feldherr_wfb_newyear::MAX_PLAYERS] {
        let e = event(n);
        c.bench_function(&format!("standings rows {n} players"), |b| {
            b.iter(|| standings_rows(black_box(&e)))
        });
    }
    let e = event(120);
    c.bench_function("draw New Year scenario 120 players", |b| {
        b.iter(|| e.draw(BattleKind::NewYearScenario, black_box(7)))
    });
}

criterion_group!(group, benches);
criterion_main!(group);
