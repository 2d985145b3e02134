//! The command line: opens the app, or runs a headless subcommand.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use feldherr_confrontation::DamageRoll;
use feldherr_dice::{DiceExpr, Dist};

use crate::document;

/// Feldherr: the referee's and organiser's desk for tabletop wargames.
///
/// Without a subcommand it opens the desktop app, with FILE opened if given.
#[derive(Debug, Parser)]
#[command(name = "feldherr", version, about)]
pub struct Cli {
    /// A game or event to open in the app.
    pub file: Option<PathBuf>,
    /// What to do instead of opening the app.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Headless subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate saved documents and report problems (exit code 1 if any).
    Check {
        /// The documents to check.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print the exact distribution of a dice expression or a resolver.
    Odds {
        /// What to compute.
        #[command(subcommand)]
        what: Odds,
        /// Print JSON instead of a table.
        #[arg(long, global = true)]
        json: bool,
    },
}

/// What `feldherr odds` computes.
#[derive(Debug, Subcommand)]
pub enum Odds {
    /// A dice expression such as 2d6+3, d20-1 or 4d6kh3.
    Dice {
        /// The expression.
        expression: String,
    },
    /// SP lost on the Confrontation damage table (C1).
    Damage {
        /// Attacker's strength (STR).
        #[arg(long = "str", allow_negative_numbers = true)]
        strength: i32,
        /// Machine's resilience (RES).
        #[arg(long = "res", allow_negative_numbers = true)]
        resilience: i32,
        /// The hit is from a sacred weapon (doubles kill instantly).
        #[arg(long)]
        sacred: bool,
    },
}

/// Parses the command line and runs what it asks for.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = std::io::stdout().lock();
    match cli.command {
        None => match crate::run_gui(cli.file) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("feldherr: {e:#}");
                ExitCode::FAILURE
            }
        },
        Some(command) => match run(command, &mut out) {
            Ok(code) => code,
            Err(message) => {
                eprintln!("feldherr: {message}");
                ExitCode::from(2)
            }
        },
    }
}

/// Runs a headless subcommand, writing to `out`. `Err` is a usage problem
/// (exit code 2); problems found in documents give exit code 1.
pub fn run(command: Command, out: &mut dyn Write) -> Result<ExitCode, String> {
    let io = |e: std::io::Error| e.to_string();
    match command {
        Command::Check { files } => {
            let mut bad = false;
            for file in files {
                let name = file.display().to_string();
                let problems = match std::fs::read_to_string(&file) {
                    Ok(text) => document::check_text(&text, &name),
                    Err(e) => vec![format!("{name}: {e}")],
                };
                if problems.is_empty() {
                    writeln!(out, "{name}: ok").map_err(io)?;
                } else {
                    bad = true;
                    for p in problems {
                        writeln!(out, "{p}").map_err(io)?;
                    }
                }
            }
            Ok(if bad {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            })
        }
        Command::Odds { what, json } => {
            let (title, dist) = match what {
                Odds::Dice { expression } => {
                    let expr = DiceExpr::parse(&expression).map_err(|e| e.to_string())?;
                    (expr.to_string(), expr.distribution())
                }
                Odds::Damage {
                    strength,
                    resilience,
                    sacred,
                } => {
                    let roll = DamageRoll::new(strength, resilience)
                        .map_err(|e| e.to_string())?
                        .sacred(sacred);
                    let title = format!(
                        "SP lost, damage table (C1), STR {strength} against RES {resilience}{}",
                        if sacred { ", sacred weapon" } else { "" }
                    );
                    (title, roll.distribution().map(|&sp| i64::from(sp)))
                }
            };
            let text = if json {
                odds_json(&title, &dist)
            } else {
                odds_table(&title, &dist)
            };
            write!(out, "{text}").map_err(io)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// A distribution as a text table: value, probability, at least, at most.
pub fn odds_table(title: &str, dist: &Dist<i64>) -> String {
    let mut text = format!(
        "{title}\n{:>8}  {:>12}  {:>10}  {:>10}\n",
        "value", "probability", "at least", "at most"
    );
    let mut below = 0.0;
    for (value, p) in dist.iter() {
        let at_least = 1.0 - below;
        below += p;
        text.push_str(&format!(
            "{value:>8}  {:>10.4} %  {:>8.2} %  {:>8.2} %\n",
            p * 100.0,
            at_least * 100.0,
            below.min(1.0) * 100.0
        ));
    }
    text.push_str(&format!("mean {:.4}\n", dist.mean_i64()));
    text
}

/// A distribution as JSON with exact probabilities.
pub fn odds_json(title: &str, dist: &Dist<i64>) -> String {
    let outcomes: Vec<serde_json::Value> = dist
        .iter()
        .map(|(v, p)| serde_json::json!({"value": v, "probability": p}))
        .collect();
    let value = serde_json::json!({
        "title": title,
        "outcomes": outcomes,
        "mean": dist.mean_i64(),
    });
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}

trait MeanI64 {
    fn mean_i64(&self) -> f64;
}

impl MeanI64 for Dist<i64> {
    fn mean_i64(&self) -> f64 {
        self.iter().map(|(v, p)| *v as f64 * p).sum()
    }
}
