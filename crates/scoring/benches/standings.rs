//! Standings of large fields (issue 16: 40,000 players took 8 s; issue
//! 29: ranking 2,000 players within twice the time of reading them from
//! their JSON, both measured here).

use criterion::{Criterion, criterion_group, criterion_main};
use feldherr_scoring::{Competitor, Standings, TieBreaker};
use std::hint::black_box;

fn field(n: i64) -> Vec<Competitor> {
    (0..n)
        .map(|i| {
            Competitor::new(format!("p{i}"), format!("P {i}"), vec![i % 50, i % 7])
                .with_tie_value("vp", (i % 13) as f64)
        })
        .collect()
}

fn standings(c: &mut Criterion) {
    let tie_breakers = [TieBreaker::higher("vp", "VP difference")];
    for n in [120, 2_000, 40_000] {
        let players = field(n);
        c.bench_function(&format!("standings {n} players"), |b| {
            b.iter(|| Standings::rank(black_box(&players), &tie_breakers))
        });
    }
}

fn parse_against_rank(c: &mut Criterion) {
    let tie_breakers = [TieBreaker::higher("vp", "VP difference")];
    let json = match serde_json::to_string(&field(2_000)) {
        Ok(j) => j,
        Err(e) => panic!("{e}"),
    };
    c.bench_function("parse 2000 players from JSON", |b| {
        b.iter(|| serde_json::from_str::<Vec<Competitor>>(black_box(&json)).is_ok())
    });
    c.bench_function("parse and rank 2000 players", |b| {
        b.iter(|| {
            serde_json::from_str::<Vec<Competitor>>(black_box(&json))
                .ok()
                .map(|players| Standings::rank(&players, &tie_breakers).is_ok())
        })
    });
}

criterion_group!(benches, standings, parse_against_rank);
criterion_main!(benches);
