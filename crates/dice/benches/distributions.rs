//! Speed of the exact distributions resolvers show before a roll.
//!
//! `sp_loss_all` computes the Confrontation damage-table distribution of SP
//! lost for every STR 0..=20 against every RES 0..=20 (441 distributions).

#![expect(clippy::unwrap_used, reason = "benchmark inputs are constants")]
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use feldherr_confrontation::DamageRoll;
use feldherr_dice::mechanics::{ConfrontationRoll, OpposedRoll, Pool};
use std::hint::black_box;

fn sp_loss_all(c: &mut Criterion) {
    c.bench_function("sp_loss_all STR 0..20 x RES 0..20", |b| {
        b.iter(|| {
            let mut total = 0.0;
            for strength in 0..=20 {
                for resilience in 0..=20 {
                    let d = DamageRoll::new(black_box(strength), black_box(resilience))
                        .unwrap()
                        .distribution();
                    total += d.total();
                }
            }
            total
        })
    });
}

fn confrontation_roll(c: &mut Criterion) {
    c.bench_function("confrontation beloved roll distribution", |b| {
        b.iter(|| black_box(ConfrontationRoll::beloved()).distribution())
    });
}

fn opposed_pools(c: &mut Criterion) {
    let roll = OpposedRoll::new(Pool::new(4, 17).unwrap(), Pool::new(3, 15).unwrap());
    c.bench_function("warheim opposed 4 vs 3 dice", |b| {
        b.iter(|| black_box(roll).distribution())
    });
}

criterion_group!(benches, sp_loss_all, confrontation_roll, opposed_pools);
criterion_main!(benches);
