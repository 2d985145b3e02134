//! Result sheets of an event, built with `feldherr-sheet`, and their export
//! to PNG or PDF files. Shared by `feldherr sheet` and the app's export.

mod confrontation;
mod export;
mod newyear;

pub use confrontation::machine_sheet;
pub use export::{ExportFormat, Progress, export};
pub use newyear::{NamedSheet, SheetOptions, event_sheets};
