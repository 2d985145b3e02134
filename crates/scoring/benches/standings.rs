//! Standings of large fields (issue 16: 40,000 players took 8 s).

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
    for n in [120, 40_000] {
        let players = field(n);
        c.bench_function(&format!("standings {n} players"), |b| {
            b.iter(|| Standings::rank(black_box(&players), &tie_breakers))
        });
    }
}

criterion_group!(benches, standings);
criterion_main!(benches);
