//! The command line: opens the app, or runs a headless subcommand.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use feldherr_dice::{DiceExpr, Fraction, IntDist};
use feldherr_host::HostError;
use feldherr_host::commands;
use feldherr_host::export::{ExportFormat, Progress, export_with};
use feldherr_host::standings::{CsvOptions, Separator, StandingsFormat};
use feldherr_play::{Lang, OddsCommand};
use feldherr_sheet::{PageSize, SheetOptions};

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
        /// With --csv: start with a UTF-8 byte-order mark and end lines
        /// with CR LF, as spreadsheet programs expect (German Excel: add
        /// `--separator semicolon`).
        #[arg(long, requires = "csv")]
        excel: bool,
        /// With --csv: the field separator.
        #[arg(long, value_enum, default_value = "comma", requires = "csv")]
        separator: CsvSeparator,
        /// Language of the headings (a catalogue code such as en or de).
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Share an event on the club's network: pairings, live standings and
    /// result entry from the players' phones, with a code per table. Runs
    /// until interrupted (Ctrl-C); every accepted result is saved to the
    /// file at once.
    Serve {
        /// The event (a Feldherr event document).
        event: PathBuf,
        /// The address to listen on: this machine's address on the local
        /// network, or 127.0.0.1 (default: the LAN address, port 8080).
        #[arg(long)]
        addr: Option<std::net::SocketAddr>,
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

/// Field separator of `feldherr standings --csv`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CsvSeparator {
    /// `,`
    Comma,
    /// `;` (German Excel)
    Semicolon,
    /// A tab.
    Tab,
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
    /// A rule system's own odds (one subcommand per system command of
    /// the registry, added when the command line is built).
    #[command(skip)]
    System {
        /// The system's command.
        command: &'static OddsCommand,
        /// Its values, in the order of its parameters (flags 0 or 1).
        values: Vec<i64>,
    },
}

/// The command line with every rule system's odds subcommands (from the
/// registry) under `odds`.
pub fn command() -> clap::Command {
    Cli::command().mut_subcommand("odds", |odds| {
        feldherr_host::registry::odds_commands()
            .fold(odds, |odds, (_, c)| odds.subcommand(system_odds_command(c)))
    })
}

/// A system's odds command as a clap subcommand: one `--name` per
/// parameter, whole numbers (negative allowed) or flags.
fn system_odds_command(c: &'static OddsCommand) -> clap::Command {
    c.params
        .iter()
        .fold(clap::Command::new(c.name).about(c.about), |sub, p| {
            let arg = clap::Arg::new(p.name).long(p.name).help(p.help);
            sub.arg(if p.flag {
                arg.action(clap::ArgAction::SetTrue)
            } else {
                arg.required(true)
                    .allow_negative_numbers(true)
                    .value_parser(clap::value_parser!(i64))
            })
        })
}

/// Parses a command line (the program name first).
///
/// # Errors
/// Clap's error for a command line that does not parse (help and version
/// come as errors too, to be printed).
pub fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let matches = command().try_get_matches_from(args)?;
    if let Some(("odds", odds)) = matches.subcommand()
        && let Some((name, sub)) = odds.subcommand()
        && let Some((_, c)) = feldherr_host::registry::odds_commands().find(|(_, c)| c.name == name)
    {
        let values = c
            .params
            .iter()
            .map(|p| {
                if p.flag {
                    i64::from(sub.get_flag(p.name))
                } else {
                    sub.get_one::<i64>(p.name).copied().unwrap_or_default()
                }
            })
            .collect();
        return Ok(Cli {
            file: None,
            command: Some(Command::Odds {
                what: Odds::System { command: c, values },
                json: odds.get_flag("json"),
            }),
        });
    }
    Cli::from_arg_matches(&matches)
}

/// Parses the command line and runs what it asks for.
pub fn main() -> ExitCode {
    let cli = match parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
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
/// or a document that cannot be read (exit code 2); problems found in
/// documents give exit code 1.
///
/// # Errors
/// The message to print (see above).
pub fn run(command: Command, out: &mut dyn Write) -> Result<ExitCode, String> {
    let io = |e: std::io::Error| e.to_string();
    let text = |e: HostError| e.to_string();
    let lang = |code: &str| {
        Lang::from_code(code).ok_or_else(|| {
            format!(
                "--lang: {code} is not a language of Feldherr (known: {})",
                Lang::ALL.map(Lang::code).join(", ")
            )
        })
    };
    match command {
        Command::Check { files } => {
            let mut bad = false;
            for file in files {
                let name = file.display().to_string();
                match commands::check(&file) {
                    Ok(problems) if problems.is_empty() => {
                        writeln!(out, "{name}: ok").map_err(io)?;
                    }
                    Ok(problems) => {
                        // Warnings are printed; only errors fail the check.
                        bad |= problems.iter().any(feldherr_play::Problem::is_error);
                        for p in problems {
                            writeln!(out, "{name}: {p}").map_err(io)?;
                        }
                    }
                    Err(e) => {
                        bad = true;
                        writeln!(out, "{e}").map_err(io)?;
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
            lang: code,
            force,
        } => {
            let document = commands::load_checked(&event).map_err(text)?;
            let options = SheetOptions {
                page: match page {
                    SheetPage::A4 => PageSize::A4,
                    SheetPage::A4Landscape => PageSize::A4Landscape,
                    SheetPage::A5 => PageSize::A5,
                    SheetPage::Letter => PageSize::Letter,
                },
                dpi,
            };
            let sheets = commands::sheets(&document, lang(&code)?, options).map_err(text)?;
            let format = match format {
                SheetFormat::Png => ExportFormat::Png,
                SheetFormat::Pdf => ExportFormat::Pdf,
            };
            let files =
                export_with(&sheets, &dir, format, &Progress::default(), force).map_err(text)?;
            for file in &files {
                writeln!(out, "{}", file.display()).map_err(io)?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Standings {
            event,
            json,
            csv,
            excel,
            separator,
            lang: code,
        } => {
            let name = event.display().to_string();
            let document = commands::load_checked(&event).map_err(text)?;
            let format = if json {
                StandingsFormat::Json
            } else if csv {
                StandingsFormat::Csv(CsvOptions {
                    bom: excel,
                    crlf: excel,
                    separator: match separator {
                        CsvSeparator::Comma => Separator::Comma,
                        CsvSeparator::Semicolon => Separator::Semicolon,
                        CsvSeparator::Tab => Separator::Tab,
                    },
                })
            } else {
                StandingsFormat::Text
            };
            let printed =
                commands::standings(&document, &name, lang(&code)?, format).map_err(text)?;
            write!(out, "{printed}").map_err(io)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Serve { event, addr } => {
            serve(&event, addr, out)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Odds { what, json } => {
            let (title, dist, exact) = match what {
                Odds::Dice { expression } => {
                    let expr = DiceExpr::parse(&expression).map_err(|e| e.to_string())?;
                    let dist = expr.distribution().map_err(|e| e.to_string())?;
                    (expr.to_string(), dist, expr.exact_mean())
                }
                Odds::System { command, values } => {
                    let (title, dist) = (command.run)(&values).map_err(|e| e.to_string())?;
                    (title, IntDist::from_dist(&dist), None)
                }
            };
            if json {
                write_odds_json(out, &title, &dist, exact).map_err(io)?;
            } else {
                write!(out, "{}", odds_table(&title, &dist, exact)).map_err(io)?;
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// `feldherr serve`: starts the server on the event in `path` (refused
/// when the file breaks the rules, as every command refuses it), prints
/// the address, its QR code and the current round's table codes, and
/// serves until the process is interrupted.
fn serve(
    path: &std::path::Path,
    addr: Option<std::net::SocketAddr>,
    out: &mut dyn Write,
) -> Result<(), String> {
    use std::sync::{Arc, Mutex};

    let io = |e: std::io::Error| e.to_string();
    commands::load_checked(path).map_err(|e| e.to_string())?;
    let open = feldherr_host::history::OpenDocument::open(path).map_err(|e| e.to_string())?;
    let doc = Arc::new(Mutex::new(open));
    let addr = addr.unwrap_or_else(|| feldherr_serve::default_addr(feldherr_serve::DEFAULT_PORT));
    let server =
        feldherr_serve::Server::start(Arc::clone(&doc), &feldherr_serve::ServeOptions::new(addr))
            .map_err(|e| e.to_string())?;
    let url = server.url();
    writeln!(out, "Serving {} on {url}", path.display()).map_err(io)?;
    if let Some(qr) = feldherr_serve::qr_text(&url) {
        writeln!(out, "{qr}").map_err(io)?;
    }
    {
        let open = doc.lock().map_err(|_| "the event is locked".to_owned())?;
        if let feldherr_host::document::Document::Event(event) = open.document() {
            let round = event.current_round();
            writeln!(out, "Table codes (give each table its own):").map_err(io)?;
            for code in event
                .sharing
                .codes
                .iter()
                .filter(|c| Some(&c.round) == round.as_ref())
            {
                writeln!(out, "  table {:>3}  {}", code.table, code.code).map_err(io)?;
            }
        }
    }
    writeln!(out, "Press Ctrl-C to stop.").map_err(io)?;
    out.flush().map_err(io)?;
    server.wait();
    Ok(())
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
    let mut bytes = Vec::new();
    // Writing into memory cannot fail.
    let _ = write_odds_json(&mut bytes, title, dist, exact_mean);
    String::from_utf8(bytes).unwrap_or_default()
}

/// Writes [`odds_json`]'s JSON to `out` as it goes: the outcomes are
/// serialised one by one from the distribution, never gathered into a
/// JSON tree first, so a distribution of millions of values costs no more
/// memory than the distribution itself.
pub fn write_odds_json(
    out: &mut dyn Write,
    title: &str,
    dist: &IntDist,
    exact_mean: Option<Fraction>,
) -> std::io::Result<()> {
    /// The document, keys in the order the tree used to print them.
    #[derive(serde::Serialize)]
    struct OddsJson<'a> {
        mean: f64,
        mean_exact: Option<String>,
        outcomes: Outcomes<'a>,
        title: &'a str,
    }

    /// The outcomes, serialised straight from the distribution.
    struct Outcomes<'a>(&'a IntDist);

    impl serde::Serialize for Outcomes<'_> {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            /// One outcome.
            #[derive(serde::Serialize)]
            struct Outcome {
                probability: f64,
                value: i64,
            }
            serializer.collect_seq(
                self.0
                    .iter()
                    .map(|(value, probability)| Outcome { probability, value }),
            )
        }
    }

    let document = OddsJson {
        mean: exact_mean.map_or_else(|| dist.mean(), Fraction::to_f64),
        mean_exact: exact_mean.map(|m| m.to_string()),
        outcomes: Outcomes(dist),
        title,
    };
    let mut buffered = std::io::BufWriter::new(out);
    serde_json::to_writer_pretty(&mut buffered, &document).map_err(std::io::Error::other)?;
    buffered.write_all(b"\n")?;
    buffered.flush()
}
