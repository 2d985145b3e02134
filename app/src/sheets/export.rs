//! Writing sheets to files, with progress for the app's progress bar.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::document::write_atomic;

use super::NamedSheet;

/// The file format of an export.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ExportFormat {
    /// One PNG per page (with its DPI), `name.png`, `name-p2.png`, ...
    #[default]
    Png,
    /// One PDF per sheet, plus `all-sheets.pdf` with every sheet.
    Pdf,
}

/// How far an export has come: sheets done out of the total.
#[derive(Debug, Clone, Default)]
pub struct Progress {
    done: Arc<AtomicUsize>,
    total: Arc<AtomicUsize>,
}

impl Progress {
    /// Sheets done and the total.
    pub fn get(&self) -> (usize, usize) {
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }

    /// The fraction done, 0 to 1.
    pub fn fraction(&self) -> f32 {
        let (done, total) = self.get();
        if total == 0 {
            0.0
        } else {
            done as f32 / total as f32
        }
    }
}

/// Lays out and writes every sheet into `dir` (created if missing);
/// returns the files written. Files are written atomically.
pub fn export(
    sheets: &[NamedSheet],
    dir: &Path,
    format: ExportFormat,
    progress: &Progress,
) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    progress.total.store(sheets.len(), Ordering::Relaxed);
    progress.done.store(0, Ordering::Relaxed);
    let write = |path: PathBuf, bytes: &[u8], written: &mut Vec<PathBuf>| {
        write_atomic(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        written.push(path);
        Ok::<(), String>(())
    };
    let mut written = Vec::new();
    let mut layouts = Vec::new();
    for sheet in sheets {
        let layout = sheet
            .sheet
            .layout()
            .map_err(|e| format!("{}: {e}", sheet.name))?;
        match format {
            ExportFormat::Png => {
                let pages = layout
                    .to_png_pages()
                    .map_err(|e| format!("{}: {e}", sheet.name))?;
                for (i, png) in pages.iter().enumerate() {
                    let file = if i == 0 {
                        format!("{}.png", sheet.name)
                    } else {
                        format!("{}-p{}.png", sheet.name, i + 1)
                    };
                    write(dir.join(file), png, &mut written)?;
                }
            }
            ExportFormat::Pdf => {
                let pdf = layout
                    .to_pdf()
                    .map_err(|e| format!("{}: {e}", sheet.name))?;
                write(dir.join(format!("{}.pdf", sheet.name)), &pdf, &mut written)?;
                layouts.push(layout);
            }
        }
        progress.done.fetch_add(1, Ordering::Relaxed);
    }
    if format == ExportFormat::Pdf && !layouts.is_empty() {
        let all = feldherr_sheet::render_pdf_set(&layouts).map_err(|e| e.to_string())?;
        write(dir.join("all-sheets.pdf"), &all, &mut written)?;
    }
    Ok(written)
}
