//! Prints, for each dice expression, the cost estimate of the budget, the
//! time one evaluation takes and the nanoseconds per unit of estimated
//! work: the check that the cost model counts what really costs.
//!
//! `cargo run --profile bench -p feldherr-dice --example cost_check -- EXPR...`
//!
//! Times are CPU time of this thread (from `/proc/thread-self/schedstat`
//! on Linux, wall time elsewhere), so a loaded machine does not inflate
//! them much; the best of a few runs is printed.

use std::time::Instant;

/// Nanoseconds this thread has run on a CPU, if the system says.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Seconds `f` takes: CPU time where known, wall time otherwise.
fn seconds(f: impl FnOnce()) -> f64 {
    let (wall, cpu) = (Instant::now(), cpu_ns());
    f();
    let wall = wall.elapsed().as_secs_f64();
    match (cpu, cpu_ns()) {
        // The kernel's count moves in scheduler ticks: trust it only for
        // longer runs.
        (Some(a), Some(b)) if wall > 0.02 => (b - a) as f64 * 1e-9,
        _ => wall,
    }
}

use feldherr_dice::DiceExpr;

fn main() {
    println!(
        "{:<28} {:>14} {:>14} {:>12} {:>10}",
        "expression", "cost", "counted", "ms", "ns/unit"
    );
    for text in std::env::args().skip(1) {
        let expr = match DiceExpr::parse(&text) {
            Ok(e) => e,
            Err(e) => {
                println!("{text:<28} {e}");
                continue;
            }
        };
        let cost = match expr.cost_within(u64::MAX) {
            Ok(c) => c,
            Err(e) => {
                println!("{text:<28} {e}");
                continue;
            }
        };
        let refused = expr.cost().is_err();
        let counted = expr
            .distribution_counted(u64::MAX)
            .map(|(_, w)| w)
            .unwrap_or(0);
        let mut best = f64::INFINITY;
        let start = Instant::now();
        let mut runs = 0;
        while runs < 3 || (start.elapsed().as_secs_f64() < 0.3 && runs < 1000) {
            let t = seconds(|| {
                let d = expr.distribution_within(u64::MAX);
                std::hint::black_box(&d);
            });
            best = best.min(t);
            runs += 1;
            if best > 2.0 {
                break;
            }
        }
        println!(
            "{text:<28} {cost:>14} {counted:>14} {:>12.3} {:>10.3}{}",
            best * 1e3,
            best * 1e9 / counted.max(1) as f64,
            if refused { "  (over budget)" } else { "" }
        );
    }
}
