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

/// Encoded files (pages, PDFs) waiting for the writer thread at most (a
/// few MB): the cores wait when the disk falls behind rather than fill the
/// memory.
const FILES_IN_FLIGHT: usize = 32;

/// Lays out and encodes every sheet on all cores and writes the files into
/// `dir` (created if missing) as one set: each file to a temporary as soon
/// as it is made, all published at the end, the folder synced once.
/// Returns the files written, in the order of the sheets and their pages
/// (`all-sheets.pdf` last).
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
    let writer = SetWriter::new(dir, replace).map_err(|e| io_error(e, &[]))?;
    // A writer thread puts each file into its synced temporary while the
    // cores make the next ones: the disk's time overlaps the drawing
    // instead of following it. Each file comes with its sheet and page, to
    // return the files in order (they arrive as they are done).
    let (files, receive) =
        std::sync::mpsc::sync_channel::<(usize, usize, SetFile)>(FILES_IN_FLIGHT);
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
        let send = |sheet: usize, page: usize, name: String, bytes: Vec<u8>| {
            // A closed channel: the writer stopped on an error, which it
            // says when joined.
            files
                .send((sheet, page, SetFile { name, bytes }))
                .map_err(|_| HostError::Io {
                    path: dir.to_path_buf(),
                    source: std::io::Error::other("the export stopped writing"),
                })
        };
        let docs: Vec<&feldherr_sheet::Document> = sheets.iter().map(|s| &s.sheet).collect();
        let made = match format {
            ExportFormat::Png => feldherr_sheet::png_each(
                &docs,
                |e| sheet_error(0, e),
                |sheet, encoded| {
                    for (page, bytes) in encoded.into_iter().enumerate() {
                        send(sheet, page, page_file(&stems[sheet], page, format), bytes)?;
                    }
                    progress.done.fetch_add(1, Ordering::Relaxed);
                    Ok(())
                },
            ),
            ExportFormat::Pdf => feldherr_sheet::pdf_each(
                &docs,
                |e| sheet_error(0, e),
                |sheet, pdf| {
                    send(sheet, 0, page_file(&stems[sheet], 0, format), pdf)?;
                    progress.done.fetch_add(1, Ordering::Relaxed);
                    Ok(())
                },
            )
            .and_then(|all| {
                // After every sheet's own file.
                if sheets.is_empty() {
                    Ok(())
                } else {
                    send(sheets.len(), 0, "all-sheets.pdf".into(), all)
                }
            }),
        };
        drop(files);
        let written = writing.join().unwrap_or_else(|_| {
            Err((
                std::io::Error::other("the thread writing the files failed"),
                String::new(),
            ))
        });
        match (made, written) {
            (_, Err((e, name))) => Err(io_error(e, &[name])),
            (Err(e), Ok(_)) => Err(e),
            (Ok(()), Ok(done)) => Ok(done),
        }
    })?;
    let order: Vec<(usize, usize)> = written.iter().map(|(s, p, _)| (*s, *p)).collect();
    let names: Vec<String> = written.into_iter().map(|(_, _, name)| name).collect();
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
    let published = writer.publish().map_err(|e| io_error(e, &names))?;
    let mut files: Vec<((usize, usize), PathBuf)> = order.into_iter().zip(published).collect();
    files.sort_unstable_by_key(|(key, _)| *key);
    let written: Vec<PathBuf> = files.into_iter().map(|(_, path)| path).collect();
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

    /// The files come back in the order of the sheets and their pages,
    /// `all-sheets.pdf` last, however the cores finished them; the progress
    /// counts every sheet.
    #[test]
    fn files_come_back_in_sheet_order() {
        let sheets = vec![sheet("c", 2), sheet("a", 1), sheet("b", 2)];
        for (format, expected) in [
            (
                ExportFormat::Png,
                vec!["c.png", "c-p2.png", "a.png", "b.png", "b-p2.png"],
            ),
            (
                ExportFormat::Pdf,
                vec!["c.pdf", "a.pdf", "b.pdf", "all-sheets.pdf"],
            ),
        ] {
            let dir = temp(&format!("order-{format:?}"));
            let progress = Progress::default();
            let files = export(&sheets, &dir, format, &progress).expect("exported");
            let names: Vec<String> = files
                .iter()
                .map(|f| f.file_name().expect("name").to_string_lossy().into_owned())
                .collect();
            assert_eq!(names, expected, "{format:?}");
            assert_eq!(progress.get(), (3, 3), "{format:?}");
            let _ = std::fs::remove_dir_all(&dir);
        }
    }

    /// A sheet that cannot be laid out stops the export: the error names
    /// the sheet, and the folder keeps no file of it, not even a
    /// temporary, in either format.
    #[test]
    fn a_failing_sheet_leaves_nothing_behind() {
        let mut bad = sheet("broken", 1);
        bad.sheet = bad.sheet.with_page_size(feldherr_sheet::PageSize::Custom {
            width: -5.0,
            height: 100.0,
        });
        let sheets = vec![sheet("fine", 2), bad, sheet("also fine", 1)];
        for format in [ExportFormat::Png, ExportFormat::Pdf] {
            let dir = temp(&format!("failing-{format:?}"));
            std::fs::create_dir_all(&dir).expect("dir");
            let err = export(&sheets, &dir, format, &Progress::default()).expect_err("fails");
            assert!(
                matches!(&err, HostError::Sheet { sheet, .. } if sheet == "broken"),
                "{format:?}: {err}"
            );
            let left: Vec<_> = std::fs::read_dir(&dir).expect("dir").flatten().collect();
            assert!(left.is_empty(), "{format:?}: {left:?}");
            let _ = std::fs::remove_dir_all(&dir);
        }
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
