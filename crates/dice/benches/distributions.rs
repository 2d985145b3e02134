//! Speed of the exact distributions resolvers show before a roll.
//! (Confrontation's rolls and their benchmark live with the Confrontation
//! crate: this crate must not depend on a crate above it.)

#![expect(clippy::unwrap_used, reason = "benchmark inputs are constants")]
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use feldherr_dice::mechanics::{OpposedRoll, Pool};
use std::hint::black_box;

fn opposed_pools(c: &mut Criterion) {
    let roll = OpposedRoll::new(Pool::new(4, 17).unwrap(), Pool::new(3, 15).unwrap());
    c.bench_function("warheim opposed 4 vs 3 dice", |b| {
        b.iter(|| black_box(roll).distribution())
    });
}

criterion_group!(benches, opposed_pools);
criterion_main!(benches);
