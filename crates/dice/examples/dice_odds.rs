//! Prints the exact odds of dice expressions as JSON lines, with the median
//! time of evaluating each (parse, cost and distribution) in-process.
//!
//! `cargo run --release -p feldherr-dice --example dice_odds -- [--time] [--budget STEPS] EXPR...`
//!
//! Used by `scripts/compare-icepool.py`. With `--time`, every expression is
//! evaluated repeatedly (warm) for about half a second, at least 5 times,
//! and the median is printed in milliseconds.

use std::time::{Duration, Instant};

use feldherr_dice::DiceExpr;

fn main() {
    let mut time = false;
    let mut budget = feldherr_dice::WORK_BUDGET;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--time" {
            time = true;
            continue;
        }
        if arg == "--budget" {
            budget = args.next().and_then(|b| b.parse().ok()).unwrap_or(budget);
            continue;
        }
        println!("{}", run(&arg, time, budget));
    }
}

fn run(text: &str, time: bool, budget: u64) -> String {
    let eval = || DiceExpr::parse(text).and_then(|e| e.distribution_within(budget).map(|d| (e, d)));
    let (expr, dist) = match eval() {
        Ok(v) => v,
        Err(e) => {
            return serde_json::json!({"expression": text, "error": e.to_string()}).to_string();
        }
    };
    let mut median_ms = None;
    if time {
        let mut samples = Vec::new();
        let start = Instant::now();
        while samples.len() < 5 || start.elapsed() < Duration::from_millis(500) {
            let t = Instant::now();
            let _ = std::hint::black_box(eval());
            samples.push(t.elapsed().as_secs_f64() * 1000.0);
            if samples.len() >= 100_000 {
                break;
            }
        }
        samples.sort_by(f64::total_cmp);
        median_ms = Some(samples[samples.len() / 2]);
    }
    let outcomes: Vec<(i64, f64)> = dist.iter().collect();
    serde_json::json!({
        "expression": text,
        "mean": dist.mean(),
        "exact_mean": expr.exact_mean().map(|m| m.to_string()),
        "total": dist.total(),
        "outcomes": outcomes,
        "median_ms": median_ms,
    })
    .to_string()
}
