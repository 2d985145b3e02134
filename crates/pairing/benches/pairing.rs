//! Draw time for large fields (bounded search, then the greedy fallback).

use criterion::{Criterion, criterion_group, criterion_main};
use feldherr_pairing::{Entrant, History, Method, draw};
use std::hint::black_box;

fn field(n: usize) -> Vec<Entrant> {
    (0..n)
        .map(|i| {
            Entrant::new(
                format!("p{i}"),
                format!("Player {i}"),
                format!("Club {}", i % 5),
                (i % 11) as i64,
            )
        })
        .collect()
}

fn pairing(c: &mut Criterion) {
    for n in [24, 121, 1_000] {
        let entrants = field(n);
        let mut history = History::default();
        for pair in entrants.chunks(2) {
            if let [a, b] = pair {
                history.add_game(&a.id, &b.id);
            }
        }
        c.bench_function(&format!("draw {n} by standings"), |b| {
            b.iter(|| draw(black_box(&entrants), &history, Method::ByStandings, 1))
        });
    }
}

criterion_group!(benches, pairing);
criterion_main!(benches);
