//! Result sheets built with `feldherr-sheet`, and their export to PNG or
//! PDF files. Shared by `feldherr sheet` and the app's export. Each
//! system's sheets live in its folder under `systems/`.

mod export;
mod options;
pub mod table_picture;

pub use export::{ExportFormat, Progress, export, export_with};
pub use options::{NamedSheet, SheetOptions};
