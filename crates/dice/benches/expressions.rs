//! Speed of exact dice-expression odds: parse, cost and distribution, as
//! `feldherr odds dice` does them, in-process.
//!
//! The rows of issues #15 and #29 (icepool's figures for comparison come
//! from `scripts/compare-icepool.py`, which times both side by side). The
//! large rows take a shorter measurement so the whole run stays a few
//! minutes on a shared machine:
//! `cargo bench -p feldherr-dice --bench expressions`.

#![expect(clippy::unwrap_used, reason = "benchmark inputs are constants")]
#![allow(missing_docs)]

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use feldherr_dice::DiceExpr;
use std::hint::black_box;

const SMALL: [&str; 14] = [
    "2d6+3",
    "20d10",
    "3d20kh1",
    "50d6",
    "100d6",
    "200d6",
    "500d6",
    "10d20kh3",
    "20d20kh5",
    "4d6dl1",
    "8d10!",
    "10d6r<3",
    "3d20<12",
    "20d{0,0,1,1,2,3}",
];
const LARGE: [&str; 2] = ["50d1000", "50d1000kh25"];

fn odds(text: &str) -> f64 {
    DiceExpr::parse(text)
        .unwrap()
        .distribution()
        .unwrap()
        .total()
}

fn small(c: &mut Criterion) {
    let mut group = c.benchmark_group("odds");
    for text in SMALL {
        group.bench_function(text, |b| b.iter(|| odds(black_box(text))));
    }
    group.finish();
}

fn large(c: &mut Criterion) {
    let mut group = c.benchmark_group("odds");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    for text in LARGE {
        group.bench_function(text, |b| b.iter(|| odds(black_box(text))));
    }
    group.finish();
}

criterion_group!(benches, small, large);
criterion_main!(benches);
