//! The command line: opens the app, or runs a headless subcommand.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use feldherr_dice::{DiceExpr, Fraction, IntDist};

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
    /// Write every result sheet of an event (slips, sled race, standings,
    /// rules cards), or the record sheet of a game, into a folder.
    Sheet {
        /// The event or game (a Feldherr document, or a bare event file).
        event: PathBuf,
        /// The folder to write into (created if missing).
        #[arg(long)]
        out: PathBuf,
        /// File format.
        #[arg(long, value_enum, default_value = "png")]
        format: SheetFormat,
        /// Resolution of PNG pages in dots per inch (72 to 1200).
        #[arg(long, default_value_t = 300)]
        dpi: u32,
        /// Page size.
        #[arg(long, value_enum, default_value = "a4")]
        page: SheetPage,
        /// Language of the sheets (a catalogue code such as en or de).
        #[arg(long, default_value = "en")]
        lang: String,
        /// Overwrite sheets that already exist in the folder (without it,
        /// an existing file is reported and nothing is written).
        #[arg(long)]
        force: bool,
    },
    /// Print the standings of an event.
    Standings {
        /// The event (a Feldherr event document, or a bare event file).
        event: PathBuf,
        /// Print JSON.
        #[arg(long, conflicts_with = "csv")]
        json: bool,
        /// Print CSV (comma-separated, with a header line).
        #[arg(long)]
        csv: bool,
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

/// File format of `feldherr sheet`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SheetFormat {
    /// PNG pages carrying their DPI.
    Png,
    /// One PDF per sheet plus all-sheets.pdf.
    Pdf,
}

/// Page size of `feldherr sheet`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SheetPage {
    /// A4 portrait.
    A4,
    /// A4 landscape.
    A4Landscape,
    /// A5 portrait.
    A5,
    /// US Letter portrait.
    Letter,
}

/// What `feldherr odds` computes.
#[derive(Debug, Subcommand)]
pub enum Odds {
    /// A dice expression such as 2d6+3, d20-1, 4d6dl1, 10d6>=4 or d6c.
    ///
    /// Notation (case and spaces ignored; see the user guide):
    ///   2d6, d20, d%, dF          dice (d% = D100, dF = Fudge die -1/0/+1)
    ///   d{0,0,1,1,2,3}            a die with these faces
    ///   3d6r1, 3d6r<3             re-roll once each die showing 1 (below 3)
    ///   d6!, d6!5                 exploding: the top face rolls again and adds,
    ///                             at most 20 (5) extra dice, the last counts as rolled
    ///   d6c, d6c5                 open-ended D6 (ruling C2): a 6 rolls again and adds; a 1 on
    ///                             the first die or any re-roll is a fumble, shown as 0;
    ///                             at most 20 (5) re-rolls
    ///   4d6kh3, 2d20kl1           keep highest / lowest
    ///   4d6dl1, 4d6dh1            drop lowest / highest
    ///   10d6>=4, 3d20<12          count dice meeting the target (>=, >, <=, <, =)
    ///   + - * / ( ) and -x        arithmetic; / rounds towards zero
    ///
    /// Every expression is costed first; one over the budget (about 1 second
    /// of work, or 2 million possible values) is refused, naming the part.
    #[command(verbatim_doc_comment)]
    Dice {
        /// The expression (may start with '-', e.g. -d6+3).
        #[arg(allow_hyphen_values = true)]
        expression: String,
    },
    /// A rule system's own odds.
    #[command(flatten)]
    System(crate::systems::SystemOdds),
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
                let problems = match document::read_bounded(&file, document::MAX_DOCUMENT_BYTES) {
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
        Command::Sheet {
            event,
            out: dir,
            format,
            dpi,
            page,
            lang,
            force,
        } => {
            let document = load_headless(&event)?;
            let texts = crate::i18n::Texts::new(&lang);
            let options = crate::sheets::SheetOptions {
                page: match page {
                    SheetPage::A4 => feldherr_sheet::PageSize::A4,
                    SheetPage::A4Landscape => feldherr_sheet::PageSize::A4Landscape,
                    SheetPage::A5 => feldherr_sheet::PageSize::A5,
                    SheetPage::Letter => feldherr_sheet::PageSize::Letter,
                },
                dpi,
            };
            if !(72..=1200).contains(&dpi) {
                return Err(format!("--dpi: {dpi} is out of range (72 to 1200)"));
            }
            let sheets = match document {
                document::Document::Event(event) => event.event.sheets(&texts, options)?,
                document::Document::Game(game) => {
                    let record = crate::systems::info(game.system())
                        .and_then(|s| s.record_sheet)
                        .ok_or_else(|| format!("a {} game has no record sheet", game.system()))?;
                    vec![crate::sheets::NamedSheet {
                        name: format!("{}-record", file_stem(&game.name)),
                        sheet: record(&texts, &game)?,
                    }]
                }
            };
            let format = match format {
                SheetFormat::Png => crate::sheets::ExportFormat::Png,
                SheetFormat::Pdf => crate::sheets::ExportFormat::Pdf,
            };
            let files = crate::sheets::export_with(
                &sheets,
                &dir,
                format,
                &crate::sheets::Progress::default(),
                force,
            )?;
            for file in &files {
                writeln!(out, "{}", file.display()).map_err(io)?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Standings { event, json, csv } => {
            let name = event.display().to_string();
            let document::Document::Event(event) = load_headless(&event)? else {
                return Err(format!("{name}: this is a game, not an event"));
            };
            let texts = crate::i18n::Texts::new(crate::i18n::FALLBACK);
            let format = if json {
                crate::systems::StandingsFormat::Json
            } else if csv {
                crate::systems::StandingsFormat::Csv
            } else {
                crate::systems::StandingsFormat::Table
            };
            let text = event.event.standings(&texts, format)?;
            write!(out, "{text}").map_err(io)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Odds { what, json } => {
            let (title, dist, exact) = match what {
                Odds::Dice { expression } => {
                    let expr = DiceExpr::parse(&expression).map_err(|e| e.to_string())?;
                    let dist = expr.distribution().map_err(|e| e.to_string())?;
                    (expr.to_string(), dist, expr.exact_mean())
                }
                Odds::System(odds) => {
                    let (title, dist) = odds.run()?;
                    (title, IntDist::from_dist(&dist), None)
                }
            };
            let text = if json {
                odds_json(&title, &dist, exact)
            } else {
                odds_table(&title, &dist, exact)
            };
            write!(out, "{text}").map_err(io)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// A distribution as a text table: value, probability, at least, at most.
/// The mean is the exact fraction where known (`mean 10`, `mean 7/2 =
/// 3.5`), else the float to 4 decimals.
pub fn odds_table(title: &str, dist: &IntDist, exact_mean: Option<Fraction>) -> String {
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
    text.push_str(&format!("mean {}\n", mean_text(dist, exact_mean)));
    text
}

/// The mean for people: an exact whole number or simple fraction (with its
/// decimal), else the float to 4 decimals.
fn mean_text(dist: &IntDist, exact: Option<Fraction>) -> String {
    match exact.filter(|m| m.denominator() <= 1_000_000) {
        Some(m) if m.denominator() == 1 => m.to_string(),
        Some(m) => format!("{m} = {:.4}", m.to_f64()),
        None => format!("{:.4}", dist.mean()),
    }
}

/// A distribution as JSON with exact probabilities; `mean_exact` is the
/// mean as a fraction string where known.
pub fn odds_json(title: &str, dist: &IntDist, exact_mean: Option<Fraction>) -> String {
    let outcomes: Vec<serde_json::Value> = dist
        .iter()
        .map(|(v, p)| serde_json::json!({"value": v, "probability": p}))
        .collect();
    let value = serde_json::json!({
        "title": title,
        "outcomes": outcomes,
        "mean": exact_mean.map_or_else(|| dist.mean(), Fraction::to_f64),
        "mean_exact": exact_mean.map(|m| m.to_string()),
    });
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}

/// Reads a document for a headless command: a Feldherr document, or a
/// bare event file of a kind the registry knows.
pub fn load_headless(path: &std::path::Path) -> Result<document::Document, String> {
    document::load_or_import(path).map_err(|e| e.to_string())
}

/// A file name made of `name`: letters, digits and dashes.
fn file_stem(name: &str) -> String {
    let stem: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let stem = stem.trim_matches('-');
    if stem.is_empty() {
        "game".into()
    } else {
        stem.to_owned()
    }
}
