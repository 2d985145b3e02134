//! Writing sheets to files, with progress for the app's progress bar.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use feldherr_sheet::NamedSheet;

use crate::HostError;
use crate::atomic::{Replace, SetFile, SetWriter};

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

/// The longest file stem an export writes, in bytes: with `-p999.png`
/// a name stays well under the 255 bytes every file system allows. A
/// longer sheet name is shortened (its sheet still shows the whole name).
pub const MAX_STEM_BYTES: usize = 120;

/// `name` as a file stem of at most [`MAX_STEM_BYTES`] bytes: cut at a
/// character boundary, with a short hash of the whole name so two long
/// names that start alike stay apart.
pub fn safe_stem(name: &str) -> String {
    if name.len() <= MAX_STEM_BYTES {
        return name.to_owned();
    }
    // FNV-1a of the whole name: stable across runs and platforms.
    let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    let keep = MAX_STEM_BYTES - 9;
    let mut cut = keep;
    while !name.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}-{:08x}", &name[..cut], hash & 0xffff_ffff)
}

/// The file of page `page` (0-based) of sheet `stem`.
fn page_file(stem: &str, page: usize, format: ExportFormat) -> String {
    match (format, page) {
        (ExportFormat::Png, 0) => format!("{stem}.png"),
        (ExportFormat::Png, p) => format!("{stem}-p{}.png", p + 1),
        (ExportFormat::Pdf, _) => format!("{stem}.pdf"),
    }
}

/// Whether `file` is one of `stem`'s files in `format` (its first page or
/// any later one).
/// The stems `file` can be a file of: `name.pdf` of `name`; `name.png` of
/// `name`; `name-p2.png` of `name-p2` (a stem may end so) and of `name`.
fn stems_of(file: &str, format: ExportFormat) -> [Option<&str>; 2] {
    match format {
        ExportFormat::Pdf => [file.strip_suffix(".pdf"), None],
        ExportFormat::Png => {
            let Some(whole) = file.strip_suffix(".png") else {
                return [None, None];
            };
            let page = whole.rsplit_once("-p").and_then(|(stem, n)| {
                (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).then_some(stem)
            });
            [Some(whole), page]
        }
    }
}

/// The files in `dir` an export of `sheets` would write over or leave
/// stale: every page of every sheet (`name.png`, `name-p2.png`, ...),
/// each PDF and `all-sheets.pdf`. One scan of the folder.
pub fn existing(sheets: &[NamedSheet], dir: &Path, format: ExportFormat) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    // A set of stems: a re-export of 2,000 sheets into their folder looks
    // up each of its files once instead of against every stem.
    let stems: std::collections::HashSet<String> =
        sheets.iter().map(|s| safe_stem(&s.name)).collect();
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            (format == ExportFormat::Pdf && !sheets.is_empty() && name == "all-sheets.pdf")
                || stems_of(&name, format)
                    .into_iter()
                    .flatten()
                    .any(|stem| stems.contains(stem))
        })
        .map(|e| e.path())
        .collect();
    found.sort();
    found
}

/// Lays out and writes every sheet into `dir` (created if missing);
/// returns the files written. An existing file is never overwritten: this
/// is [`export_with`] without `force`.
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

/// Encoded pages waiting for the writer thread at most (a few MB): the
/// cores wait when the disk falls behind rather than fill the memory.
const PAGES_IN_FLIGHT: usize = 32;

/// Lays out and encodes every sheet on all cores, then writes the files
/// into `dir` (created if missing) as one set: each file to a temporary,
/// all published, the folder synced once. Returns the files written.
///
/// Unless `force` is true nothing is written when any of the export's
/// files is there already, every page included (checked before the first
/// write), and a file another export writes meanwhile is never replaced
/// (issue 16, 28). With `force` the files are replaced and the pages an
/// earlier, longer export left behind (`name-p5.png` of a sheet that has
/// four pages now) are removed. The command line passes `force` from
/// `--force`; the app asks first and passes `true` once it is given.
///
/// # Errors
/// [`HostError::Exists`] for a file that already exists, else the error of
/// the sheet (named) or file.
pub fn export_with(
    sheets: &[NamedSheet],
    dir: &Path,
    format: ExportFormat,
    progress: &Progress,
    force: bool,
) -> Result<Vec<PathBuf>, HostError> {
    let stems: Vec<String> = sheets.iter().map(|s| safe_stem(&s.name)).collect();
    if !force && let Some(path) = existing(sheets, dir, format).into_iter().next() {
        return Err(HostError::Exists { path });
    }
    progress.total.store(sheets.len(), Ordering::Relaxed);
    progress.done.store(0, Ordering::Relaxed);
    let sheet_error = |index: usize, source: feldherr_sheet::SheetError| {
        // The set names its failing sheet by index: name it by its name.
        let (index, source) = match source {
            feldherr_sheet::SheetError::InSheet { sheet, error } => (index + sheet, *error),
            other => (index, other),
        };
        HostError::Sheet {
            sheet: sheets
                .get(index)
                .map_or_else(String::new, |s| s.name.clone()),
            source,
        }
    };
    let replace = if force {
        Replace::Existing
    } else {
        Replace::Never
    };
    let io_error = |source: std::io::Error, names: &[String]| {
        if source.kind() == std::io::ErrorKind::AlreadyExists {
            let path = names
                .iter()
                .map(|n| dir.join(n))
                .find(|p| source.to_string().contains(&p.display().to_string()))
                .unwrap_or_else(|| dir.to_path_buf());
            HostError::Exists { path }
        } else {
            HostError::Io {
                path: dir.to_path_buf(),
                source,
            }
        }
    };
    let mut names: Vec<String> = Vec::new();
    // For PNG: the sheet and page of each file in the order written (the
    // sheets come in as they are done), to return the files in order.
    let mut order: Option<Vec<(usize, usize)>> = None;
    let writer = SetWriter::new(dir, replace).map_err(|e| io_error(e, &names))?;
    let writer = match format {
        ExportFormat::Png => {
            // A writer thread puts each page into its synced temporary
            // while the cores draw the next sheets: the disk's time
            // overlaps the drawing instead of following it.
            let (pages, receive) =
                std::sync::mpsc::sync_channel::<(usize, usize, SetFile)>(PAGES_IN_FLIGHT);
            let (writer, written) = std::thread::scope(|scope| {
                let writing = scope.spawn(move || {
                    let mut writer = writer;
                    let mut written = Vec::new();
                    for (sheet, page, file) in receive {
                        writer.add(&file).map_err(|e| (e, file.name.clone()))?;
                        written.push((sheet, page, file.name));
                    }
                    Ok::<_, (std::io::Error, String)>((writer, written))
                });
                let docs: Vec<&feldherr_sheet::Document> =
                    sheets.iter().map(|s| &s.sheet).collect();
                let encoded = feldherr_sheet::png_each(
                    &docs,
                    |e| sheet_error(0, e),
                    |sheet, encoded| {
                        for (page, bytes) in encoded.into_iter().enumerate() {
                            let name = page_file(&stems[sheet], page, format);
                            // A closed channel: the writer stopped on an
                            // error, which it says when joined.
                            if pages.send((sheet, page, SetFile { name, bytes })).is_err() {
                                return Err(HostError::Io {
                                    path: dir.to_path_buf(),
                                    source: std::io::Error::other("the export stopped writing"),
                                });
                            }
                        }
                        progress.done.fetch_add(1, Ordering::Relaxed);
                        Ok(())
                    },
                );
                drop(pages);
                let written = writing.join().unwrap_or_else(|_| {
                    Err((
                        std::io::Error::other("the thread writing the pages failed"),
                        String::new(),
                    ))
                });
                match (encoded, written) {
                    (_, Err((e, name))) => Err(io_error(e, &[name])),
                    (Err(e), Ok(_)) => Err(e),
                    (Ok(()), Ok(done)) => Ok(done),
                }
            })?;
            order = Some(written.iter().map(|(s, p, _)| (*s, *p)).collect());
            names = written.into_iter().map(|(_, _, name)| name).collect();
            writer
        }
        ExportFormat::Pdf => {
            let docs: Vec<&feldherr_sheet::Document> = sheets.iter().map(|s| &s.sheet).collect();
            let set = feldherr_sheet::pdf_set(&docs).map_err(|e| sheet_error(0, e))?;
            let mut files: Vec<SetFile> = stems
                .iter()
                .zip(set.sheets)
                .map(|(stem, bytes)| SetFile {
                    name: page_file(stem, 0, format),
                    bytes,
                })
                .collect();
            if !sheets.is_empty() {
                files.push(SetFile {
                    name: "all-sheets.pdf".into(),
                    bytes: set.all,
                });
            }
            names = files.iter().map(|f| f.name.clone()).collect();
            progress.done.store(sheets.len(), Ordering::Relaxed);
            let mut writer = writer;
            for file in &files {
                writer.add(file).map_err(|e| io_error(e, &names))?;
            }
            writer
        }
    };
    let stale: Vec<PathBuf> = if force {
        let writing: std::collections::HashSet<&str> = names.iter().map(String::as_str).collect();
        existing(sheets, dir, format)
            .into_iter()
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| !writing.contains(n.to_string_lossy().as_ref()))
            })
            .collect()
    } else {
        Vec::new()
    };
    let mut written = writer.publish().map_err(|e| io_error(e, &names))?;
    if let Some(order) = order {
        let mut files: Vec<((usize, usize), PathBuf)> = order.into_iter().zip(written).collect();
        files.sort_unstable_by_key(|(key, _)| *key);
        written = files.into_iter().map(|(_, path)| path).collect();
    }
    for path in stale {
        let _ = std::fs::remove_file(path);
    }
    Ok(written)
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

#[cfg(test)]
mod set_tests {
    use super::*;
    use feldherr_sheet::{Document, Paragraph, Title};

    /// A sheet named `name` with `pages` pages (long paragraphs push the
    /// text over).
    fn sheet(name: &str, pages: usize) -> NamedSheet {
        let mut doc = Document::new()
            .with_dpi(72)
            .block(Title::new(name.to_owned()));
        for i in 0..pages.saturating_sub(1) * 60 {
            doc = doc.block(Paragraph::new(format!("line {i} of a long list")));
        }
        NamedSheet {
            name: name.to_owned(),
            sheet: doc,
        }
    }

    fn temp(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "feldherr-export-{tag}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// Issue 28, 5: a later page there already refuses the export before
    /// page 1 is written.
    #[test]
    fn every_page_is_checked_before_the_first_write() {
        let dir = temp("pages");
        std::fs::create_dir_all(&dir).expect("dir");
        std::fs::write(dir.join("long-p2.png"), b"mine").expect("plant");
        let err = export(
            &[sheet("long", 2)],
            &dir,
            ExportFormat::Png,
            &Progress::default(),
        )
        .expect_err("refused");
        assert!(matches!(err, HostError::Exists { .. }), "{err}");
        assert!(!dir.join("long.png").exists(), "nothing written");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Issue 28, 5: `force` with fewer pages removes the old later pages.
    #[test]
    fn force_removes_the_pages_a_longer_export_left() {
        let dir = temp("stale");
        let first = export(
            &[sheet("long", 3)],
            &dir,
            ExportFormat::Png,
            &Progress::default(),
        )
        .expect("first");
        assert!(first.len() >= 3, "{first:?}");
        let again = export_with(
            &[sheet("long", 1)],
            &dir,
            ExportFormat::Png,
            &Progress::default(),
            true,
        )
        .expect("forced");
        assert_eq!(again.len(), 1);
        let left: Vec<_> = std::fs::read_dir(&dir)
            .expect("dir")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(left, ["long.png"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Issue 28, 5: two exports into one folder at once without `force`:
    /// never both succeed, and neither replaces the other's files.
    #[test]
    fn two_exports_at_once_never_replace_each_other() {
        for round in 0..10 {
            let dir = temp(&format!("race-{round}"));
            std::fs::create_dir_all(&dir).expect("dir");
            let a = vec![sheet("standings", 1), sheet("slips", 1)];
            let b = vec![sheet("standings", 1), sheet("slips", 1)];
            let (ra, rb) = std::thread::scope(|s| {
                let ta = s.spawn(|| export(&a, &dir, ExportFormat::Pdf, &Progress::default()));
                let tb = s.spawn(|| export(&b, &dir, ExportFormat::Pdf, &Progress::default()));
                (ta.join().expect("a"), tb.join().expect("b"))
            });
            assert!(
                ra.is_ok() != rb.is_ok(),
                "exactly one export wins: {ra:?} {rb:?}"
            );
            let _ = std::fs::remove_dir_all(&dir);
        }
    }

    /// A sheet name too long for a file system is shortened, stays apart
    /// from a similar one, and a short one is kept as it is.
    #[test]
    fn long_names_are_shortened_safely() {
        let long = "Ä".repeat(200);
        let other = format!("{}x", "Ä".repeat(199));
        let (a, b) = (safe_stem(&long), safe_stem(&other));
        assert!(a.len() <= MAX_STEM_BYTES && b.len() <= MAX_STEM_BYTES);
        assert_ne!(a, b);
        assert_eq!(safe_stem("standings"), "standings");
        let dir = temp("long");
        let files = export(
            &[sheet(&long, 1)],
            &dir,
            ExportFormat::Png,
            &Progress::default(),
        )
        .expect("written");
        assert_eq!(files.len(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Issue 28, 5: `--force` over a planted symlink replaces the link and
    /// takes nothing from its target (no setuid, no world-writable mode).
    #[cfg(unix)]
    #[test]
    fn a_planted_symlink_lends_no_mode() {
        use std::os::unix::fs::{PermissionsExt, symlink};
        let dir = temp("link");
        std::fs::create_dir_all(&dir).expect("dir");
        let target = dir.join("target");
        std::fs::write(&target, b"secret").expect("target");
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o4777)).expect("mode");
        symlink(&target, dir.join("standings.pdf")).expect("link");
        export_with(
            &[sheet("standings", 1)],
            &dir,
            ExportFormat::Pdf,
            &Progress::default(),
            true,
        )
        .expect("forced");
        let meta = std::fs::symlink_metadata(dir.join("standings.pdf")).expect("written");
        assert!(meta.is_file(), "the link itself was replaced");
        assert_eq!(meta.permissions().mode() & 0o7000, 0, "no setuid/setgid");
        assert_ne!(meta.permissions().mode() & 0o777, 0o777);
        assert_eq!(std::fs::read(&target).expect("target"), b"secret");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
