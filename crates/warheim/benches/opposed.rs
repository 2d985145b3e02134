//! Speed of the exact odds of an opposed roll (H3), shown before the dice.

#![expect(clippy::unwrap_used, reason = "benchmark inputs are constants")]
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use feldherr_warheim::d20::{OpposedRoll, Pool};
use std::hint::black_box;

fn opposed_pools(c: &mut Criterion) {
    let roll = OpposedRoll::new(Pool::new(4, 17).unwrap(), Pool::new(3, 15).unwrap());
    c.bench_function("warheim opposed 4 vs 3 dice", |b| {
        b.iter(|| black_box(roll).distribution())
    });
}

criterion_group!(benches, opposed_pools);
criterion_main!(benches);
