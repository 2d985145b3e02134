//! What `feldherr sheet EVENT --format png|pdf --out DIR --force` does
//! (A4, 300 DPI, English), without the app: load and check the document,
//! make its sheets, export them. Prints the seconds of each part, so the
//! sheets of a large event (issue 29; `scripts/gen-event.py`) can be timed
//! without building the window.
//!
//! `cargo run --release -p feldherr-host --example sheet_export -- EVENT DIR png`

use std::path::PathBuf;
use std::time::Instant;

use feldherr_host::commands;
use feldherr_host::export::{ExportFormat, Progress, export_with};
use feldherr_play::Lang;
use feldherr_sheet::SheetOptions;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [event, dir, format] = args.as_slice() else {
        return Err("usage: sheet_export EVENT DIR png|pdf".into());
    };
    let format = match format.as_str() {
        "png" => ExportFormat::Png,
        "pdf" => ExportFormat::Pdf,
        other => return Err(format!("format {other}: png or pdf").into()),
    };
    let start = Instant::now();
    let document = commands::load_checked(&PathBuf::from(event))?;
    let loaded = start.elapsed();
    let sheets = commands::sheets(&document, Lang::En, SheetOptions::default())?;
    let made = start.elapsed();
    let files = export_with(
        &sheets,
        &PathBuf::from(dir),
        format,
        &Progress::default(),
        true,
    )?;
    let done = start.elapsed();
    println!(
        "{} sheets, {} files: load {:.3} s, sheets {:.3} s, export {:.3} s, total {:.3} s",
        sheets.len(),
        files.len(),
        loaded.as_secs_f64(),
        (made - loaded).as_secs_f64(),
        (done - made).as_secs_f64(),
        done.as_secs_f64()
    );
    Ok(())
}
