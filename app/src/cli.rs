//! The command line.

use clap::Parser;

/// Feldherr: the referee's and organiser's desk for tabletop wargames.
///
/// Without arguments it opens the desktop app.
#[derive(Debug, Parser)]
#[command(name = "feldherr", version, about)]
pub struct Cli {}

/// Parses the command line and runs what it asks for.
pub fn main() -> anyhow::Result<()> {
    let _cli = Cli::parse();
    crate::run_gui()
}
