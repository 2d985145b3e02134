//! Writing sheets to files, with progress for the app's progress bar.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use feldherr_sheet::NamedSheet;

use crate::HostError;
use crate::atomic::write_atomic;

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
/// returns the files written. Files are written atomically. An existing
/// file is never overwritten: this is [`export_with`] without `force`.
///
/// # Errors
/// [`HostError::Exists`] for a file that already exists, else the error of
/// the sheet or file.
pub fn export(
    sheets: &[NamedSheet],
    dir: &Path,
    format: ExportFormat,
    progress: &Progress,
) -> Result<Vec<PathBuf>, HostError> {
    export_with(sheets, dir, format, progress, false)
}

/// Lays out and writes every sheet into `dir` (created if missing);
/// returns the files written. Files are written atomically.
///
/// Unless `force` is true an existing file is refused (issue 16): the names
/// known before rendering (`name.png` / `name.pdf`, `all-sheets.pdf`) are
/// checked before anything is written, further PNG pages just before each
/// is written. The command line passes `force` from `--force`; the app asks
/// for a confirmation and passes `true` once it is given.
///
/// # Errors
/// [`HostError::Exists`] for a file that already exists, else the error of
/// the sheet or file.
pub fn export_with(
    sheets: &[NamedSheet],
    dir: &Path,
    format: ExportFormat,
    progress: &Progress,
    force: bool,
) -> Result<Vec<PathBuf>, HostError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| HostError::Io { path, source }
    };
    let sheet_error = |name: &str| {
        let sheet = name.to_owned();
        move |source| HostError::Sheet { sheet, source }
    };
    if !force {
        let mut first_files: Vec<PathBuf> = sheets
            .iter()
            .map(|sheet| match format {
                ExportFormat::Png => dir.join(format!("{}.png", sheet.name)),
                ExportFormat::Pdf => dir.join(format!("{}.pdf", sheet.name)),
            })
            .collect();
        if format == ExportFormat::Pdf && !sheets.is_empty() {
            first_files.push(dir.join("all-sheets.pdf"));
        }
        for path in &first_files {
            refuse_existing(path)?;
        }
    }
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    progress.total.store(sheets.len(), Ordering::Relaxed);
    progress.done.store(0, Ordering::Relaxed);
    let write = |path: PathBuf, bytes: &[u8], written: &mut Vec<PathBuf>| {
        if !force {
            refuse_existing(&path)?;
        }
        write_atomic(&path, bytes).map_err(io(&path))?;
        written.push(path);
        Ok::<(), HostError>(())
    };
    let mut written = Vec::new();
    let mut layouts = Vec::new();
    for sheet in sheets {
        let layout = sheet.sheet.layout().map_err(sheet_error(&sheet.name))?;
        match format {
            ExportFormat::Png => {
                let pages = layout.to_png_pages().map_err(sheet_error(&sheet.name))?;
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
                let pdf = layout.to_pdf().map_err(sheet_error(&sheet.name))?;
                write(dir.join(format!("{}.pdf", sheet.name)), &pdf, &mut written)?;
                layouts.push(layout);
            }
        }
        progress.done.fetch_add(1, Ordering::Relaxed);
    }
    if format == ExportFormat::Pdf && !layouts.is_empty() {
        let all = feldherr_sheet::render_pdf_set(&layouts).map_err(sheet_error("all-sheets"))?;
        write(dir.join("all-sheets.pdf"), &all, &mut written)?;
    }
    Ok(written)
}

/// The refusal to overwrite `path` when something (a file, a folder, even a
/// dangling symlink) is already there.
fn refuse_existing(path: &Path) -> Result<(), HostError> {
    if std::fs::symlink_metadata(path).is_ok() {
        Err(HostError::Exists {
            path: path.to_path_buf(),
        })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use feldherr_sheet::{Document, Paragraph, SheetOptions, Title};

    /// One small sheet, at 72 DPI.
    fn one_sheet() -> Vec<NamedSheet> {
        let options = SheetOptions {
            dpi: 72,
            ..SheetOptions::default()
        };
        vec![NamedSheet {
            name: "standings".into(),
            sheet: Document::new()
                .with_page_size(options.page)
                .with_dpi(options.dpi)
                .block(Title::new("Standings"))
                .block(Paragraph::new("1. Anna")),
        }]
    }

    /// Issue 16, 4: an existing sheet is not overwritten without `force`
    /// (`--force` / the app's confirmation); with it, it is replaced.
    #[test]
    fn overwriting_a_sheet_needs_force() {
        let sheets = one_sheet();
        assert_eq!(sheets.len(), 1);
        let dir = std::env::temp_dir().join(format!(
            "feldherr-export-force-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        let progress = Progress::default();
        for format in [ExportFormat::Png, ExportFormat::Pdf] {
            let first = export_with(&sheets, &dir, format, &progress, false).expect("first export");
            assert!(!first.is_empty());
            let before: Vec<Vec<u8>> = first
                .iter()
                .map(|f| std::fs::read(f).expect("written"))
                .collect();
            // Mark the files so a rewrite would show.
            for f in &first {
                std::fs::write(f, b"mine").expect("mark");
            }
            let refused = export(&sheets, &dir, format, &progress).expect_err("refused");
            assert!(matches!(refused, HostError::Exists { .. }), "{refused}");
            assert!(refused.to_string().contains("--force"), "{refused}");
            for f in &first {
                assert_eq!(std::fs::read(f).expect("kept"), b"mine", "{}", f.display());
            }
            let again = export_with(&sheets, &dir, format, &progress, true).expect("forced");
            assert_eq!(again, first);
            let after: Vec<Vec<u8>> = again
                .iter()
                .map(|f| std::fs::read(f).expect("rewritten"))
                .collect();
            for (a, b) in after.iter().zip(&before) {
                assert_ne!(a.as_slice(), b"mine");
                assert_eq!(a.get(..4), b.get(..4), "same kind of file");
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
