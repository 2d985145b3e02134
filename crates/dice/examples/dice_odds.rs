//! Prints the exact odds of dice expressions as JSON lines, with the time
//! of evaluating each (parse, cost and distribution) in-process.
//!
//! `cargo run --release -p feldherr-dice --example dice_odds -- [--time] [--budget STEPS] EXPR...`
//!
//! With `--time`, every expression is evaluated repeatedly (warm) for about
//! half a second, at least 5 times, and the minimum and median are printed
//! in milliseconds.
//!
//! `--serve` answers JSON requests on standard input, one per line, for
//! `scripts/compare-icepool.py`: `{"values": EXPR}` gives the odds (or the
//! error), `{"time": EXPR, "seconds": S}` the median and minimum time of
//! repeated evaluations for about `S` seconds (at least 3).

use std::io::BufRead;
use std::time::{Duration, Instant};

use feldherr_dice::DiceExpr;

fn main() {
    let mut time = false;
    let mut budget = feldherr_dice::WORK_BUDGET;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--time" => time = true,
            "--budget" => {
                budget = args.next().and_then(|b| b.parse().ok()).unwrap_or(budget);
            }
            "--serve" => return serve(budget),
            _ => println!("{}", run(&arg, time, budget)),
        }
    }
}

fn eval(text: &str, budget: u64) -> Result<(DiceExpr, feldherr_dice::IntDist), String> {
    DiceExpr::parse(text)
        .and_then(|e| e.distribution_within(budget).map(|d| (e, d)))
        .map_err(|e| e.to_string())
}

/// Minimum and median milliseconds of evaluating `text` for about
/// `seconds` (at least `at_least` times).
fn timing(text: &str, budget: u64, seconds: f64, at_least: usize) -> (f64, f64) {
    let mut samples = Vec::new();
    let start = Instant::now();
    while samples.len() < at_least || start.elapsed() < Duration::from_secs_f64(seconds) {
        let t = Instant::now();
        let _ = std::hint::black_box(eval(text, budget));
        samples.push(t.elapsed().as_secs_f64() * 1000.0);
        if samples.len() >= 1_000_000 {
            break;
        }
    }
    samples.sort_by(f64::total_cmp);
    (samples[0], samples[samples.len() / 2])
}

fn values(text: &str, budget: u64) -> serde_json::Value {
    match eval(text, budget) {
        Ok((expr, dist)) => {
            let outcomes: Vec<(i64, f64)> = dist.iter().collect();
            serde_json::json!({
                "expression": text,
                "mean": dist.mean(),
                "exact_mean": expr.exact_mean().map(|m| m.to_string()),
                "total": dist.total(),
                "outcomes": outcomes,
            })
        }
        Err(e) => serde_json::json!({"expression": text, "error": e}),
    }
}

fn run(text: &str, time: bool, budget: u64) -> String {
    let mut answer = values(text, budget);
    if time && answer.get("error").is_none() {
        let (min, median) = timing(text, budget, 0.5, 5);
        answer["min_ms"] = min.into();
        answer["median_ms"] = median.into();
    }
    answer.to_string()
}

fn serve(budget: u64) {
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { return };
        let request: serde_json::Value = match serde_json::from_str(&line) {
            Ok(r) => r,
            Err(e) => {
                println!("{}", serde_json::json!({"error": e.to_string()}));
                continue;
            }
        };
        let answer = if let Some(text) = request["values"].as_str() {
            values(text, budget)
        } else if let Some(text) = request["time"].as_str() {
            let seconds = request["seconds"].as_f64().unwrap_or(0.05);
            let (min, median) = timing(text, budget, seconds, 3);
            serde_json::json!({"expression": text, "ms": median, "min_ms": min})
        } else {
            serde_json::json!({"error": "expected {\"values\": EXPR} or {\"time\": EXPR}"})
        };
        println!("{answer}");
    }
}
