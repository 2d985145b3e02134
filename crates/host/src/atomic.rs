//! Safe file access for documents and sheets.
//!
//! * [`write_atomic`]: a reader (or a crash) sees the old file or the new
//!   one, never a mix. The temporary file is created exclusively under a
//!   random name, so a planted file or symlink can never be written through;
//!   temporaries left by a killed run are removed on the next write to that
//!   folder; an overwritten file keeps its permissions.
//! * [`read_bounded`]: reads a text file of at most a given size, refusing
//!   special files (FIFOs, devices) before reading a byte.

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use rand::TryRngCore;
use rand::rngs::OsRng;

/// Every temporary file of [`write_atomic`] starts with this, followed by
/// random hex digits; it is how leftovers of a killed run are recognised.
pub const TEMP_PREFIX: &str = ".feldherr-tmp-";

/// A temporary file older than this is taken to be left over by a killed
/// run and is removed by the next [`write_atomic`] into its folder. A write
/// in progress finishes well within it (its temporary is seconds old).
pub const STALE_TEMP_AGE: Duration = Duration::from_secs(60);

/// The default cap on a document's size for [`read_bounded`]: 64 MiB. The
/// largest real documents (an event with hundreds of players, a game with
/// a full table) are well under 1 MiB.
pub const MAX_DOCUMENT_BYTES: u64 = 64 * 1024 * 1024;

/// How many random names are tried before giving up (each collision means
/// someone else created that exact name first).
const NAME_ATTEMPTS: usize = 16;

/// Writes `bytes` to `path` atomically: write a temporary file in the same
/// folder, flush and sync it, rename it over `path`, then sync the folder so
/// that the rename itself survives a power cut.
///
/// The temporary file is created with `create_new` (`O_CREAT | O_EXCL`)
/// under a name of `TEMP_PREFIX` and 128 random bits from the operating
/// system: creation fails rather than follow a symlink or reuse a file that
/// is already there, and another name is tried. When `path` already is a
/// file, the new file gets its permissions. Temporaries in the folder that
/// are older than `STALE_TEMP_AGE` are removed first (best effort).
///
/// # Errors
/// Any I/O error; the temporary file is then removed and `path` is
/// untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    remove_stale_temps(&folder, name, SystemTime::now());
    let keep = kept_permissions(path);
    let (temp, file) = create_temp(&folder)?;
    let result = fill(file, bytes, keep).and_then(|()| {
        replace(&temp, path)?;
        sync_folder(&folder);
        Ok(())
    });
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

/// The permissions a file written over `path` keeps: those of the regular
/// file there (looked at without following a symlink: a planted link
/// lends nothing), without setuid, setgid or sticky bits; none for
/// anything else.
fn kept_permissions(path: &Path) -> Option<fs::Permissions> {
    let meta = fs::symlink_metadata(path)
        .ok()
        .filter(fs::Metadata::is_file)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        Some(fs::Permissions::from_mode(
            meta.permissions().mode() & 0o777,
        ))
    }
    #[cfg(not(unix))]
    {
        Some(meta.permissions())
    }
}

/// One file of a set written by [`write_set`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetFile {
    /// The file's name in the folder (no separators).
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// Whether [`write_set`] may replace files that are there already.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replace {
    /// Refuse: nothing is written when any file is there (checked before
    /// the first write), and a file that appears meanwhile (another export
    /// into the same folder) is never replaced.
    Never,
    /// Replace existing files (atomically, file by file).
    Existing,
}

/// Writes a set of files into `folder` (created if missing): every file
/// to a temporary first and synced, then all published, then the folder
/// synced once. One scan of the folder removes old temporaries and finds
/// the files there.
///
/// With [`Replace::Never`] the names are checked before anything is
/// written, and each file is published without replacing (a hard link of
/// the temporary, which fails on an existing name), so two exports into
/// one folder never replace each other's files: the second is refused and
/// takes back what it published. Without hard links (some file systems)
/// it falls back to a check just before the rename.
///
/// # Errors
/// [`io::ErrorKind::AlreadyExists`] naming the first file already there
/// (with [`Replace::Never`]), [`io::ErrorKind::InvalidInput`] for a name
/// that is not a plain file name, or any I/O error; the temporaries are
/// removed then.
pub fn write_set(folder: &Path, files: &[SetFile], replace: Replace) -> io::Result<Vec<PathBuf>> {
    for file in files {
        plain_name(&file.name)?;
    }
    let mut writer = SetWriter::new(folder, replace)?;
    if replace == Replace::Never {
        for file in files {
            let path = folder.join(&file.name);
            if fs::symlink_metadata(&path).is_ok() {
                return Err(exists(&path));
            }
        }
    }
    for file in files {
        writer.add(file)?;
    }
    writer.publish()
}

/// `name` as a plain file name: no separators, not hidden.
fn plain_name(name: &str) -> io::Result<()> {
    let plain = Path::new(name).file_name().is_some_and(|n| n == name);
    if !plain || name.starts_with('.') {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{name:?} is not a plain file name"),
        ));
    }
    Ok(())
}

/// A set of files written one by one as they are made, then published
/// together: what [`write_set`] does, for a caller that has the files one
/// at a time (an export writes each page while the next are encoded, so
/// the disk works while the cores do). Each file goes to a synced
/// temporary in [`SetWriter::add`]; [`SetWriter::publish`] gives them their
/// names and syncs the folder once. Dropped before `publish` (an error, a
/// cancelled export), it removes its temporaries: nothing is published.
#[derive(Debug)]
pub struct SetWriter {
    folder: PathBuf,
    replace: Replace,
    /// Each temporary written, with the path it is published as.
    temps: Vec<(PathBuf, PathBuf)>,
}

impl SetWriter {
    /// A writer into `folder` (created if missing); temporaries left there
    /// by a killed run are removed first.
    ///
    /// # Errors
    /// The folder cannot be created.
    pub fn new(folder: &Path, replace: Replace) -> io::Result<Self> {
        fs::create_dir_all(folder)?;
        remove_stale_temps(folder, std::ffi::OsStr::new(""), SystemTime::now());
        Ok(Self {
            folder: folder.to_path_buf(),
            replace,
            temps: Vec::new(),
        })
    }

    /// Writes `file` to a synced temporary, to be published under its name.
    ///
    /// # Errors
    /// [`io::ErrorKind::InvalidInput`] for a name that is not a plain file
    /// name, [`io::ErrorKind::AlreadyExists`] when the file is there
    /// already and the writer may not replace it, or any I/O error.
    pub fn add(&mut self, file: &SetFile) -> io::Result<()> {
        plain_name(&file.name)?;
        let path = self.folder.join(&file.name);
        let keep = match self.replace {
            Replace::Existing => kept_permissions(&path),
            Replace::Never => {
                if fs::symlink_metadata(&path).is_ok() {
                    return Err(exists(&path));
                }
                None
            }
        };
        let (temp, handle) = create_temp(&self.folder)?;
        self.temps.push((temp, path));
        fill(handle, &file.bytes, keep)
    }

    /// Publishes every file added, then syncs the folder once. With
    /// [`Replace::Never`] a file that appeared meanwhile is not replaced:
    /// the set is refused and what it published is taken back.
    ///
    /// # Errors
    /// [`io::ErrorKind::AlreadyExists`] naming the file there already, or
    /// any I/O error; the temporaries are removed then.
    pub fn publish(mut self) -> io::Result<Vec<PathBuf>> {
        let mut published = Vec::with_capacity(self.temps.len());
        for (temp, path) in &self.temps {
            let result = match self.replace {
                Replace::Existing => fs::rename(temp, path),
                Replace::Never => publish_new(temp, path),
            };
            if let Err(e) = result {
                // Take back what this call published: the set is all or
                // nothing for the other export that got there first.
                if self.replace == Replace::Never {
                    for p in &published {
                        let _ = fs::remove_file(p);
                    }
                }
                return Err(e);
            }
            published.push(path.clone());
        }
        if let Ok(dir) = File::open(&self.folder) {
            let _ = dir.sync_all();
        }
        // A renamed temporary has no name left to remove (2,000 needless
        // unlinks took 0.16 s at the end of an export); a hard-linked one
        // keeps its temporary name, which `drop` removes.
        if self.replace == Replace::Existing {
            self.temps.clear();
        }
        Ok(published)
    }
}

impl Drop for SetWriter {
    fn drop(&mut self) {
        for (temp, _) in &self.temps {
            // Published temporaries are gone already (renamed) or are the
            // second name of a hard link; either way the temporary name
            // goes.
            let _ = fs::remove_file(temp);
        }
    }
}

/// Publishes `temp` as `path` without replacing anything there.
fn publish_new(temp: &Path, path: &Path) -> io::Result<()> {
    match fs::hard_link(temp, path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(exists(path)),
        // No hard links here: check, then rename (a narrow window).
        Err(_) => {
            if fs::symlink_metadata(path).is_ok() {
                return Err(exists(path));
            }
            fs::rename(temp, path)
        }
    }
}

/// The refusal of a file that is there already.
fn exists(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("{} already exists", path.display()),
    )
}

/// Writes `bytes` into the fresh temporary `file`, gives it the kept
/// permissions and syncs it; the file is closed before the rename (Windows
/// cannot rename an open file).
fn fill(mut file: File, bytes: &[u8], keep: Option<fs::Permissions>) -> io::Result<()> {
    if let Some(permissions) = keep {
        file.set_permissions(permissions)?;
    }
    file.write_all(bytes)?;
    file.flush()?;
    file.sync_all()
}

/// How long [`write_atomic`] waits before each new try when Windows refuses
/// to replace a file that another program holds open (about 1 s in all).
/// Virus scanners, the search indexer, cloud sync and Explorer's preview
/// open a freshly written file for a moment; a program that keeps the file
/// open without allowing it to be replaced (Excel does) still makes the
/// write fail, with the old file untouched.
#[cfg(windows)]
pub const REPLACE_RETRY_DELAYS: [Duration; 8] = [
    Duration::from_millis(10),
    Duration::from_millis(20),
    Duration::from_millis(40),
    Duration::from_millis(80),
    Duration::from_millis(160),
    Duration::from_millis(200),
    Duration::from_millis(200),
    Duration::from_millis(300),
];

/// Renames `temp` over `path`. `std::fs::rename` is `rename(2)` on Unix
/// and, on Windows, `MoveFileExW` with `MOVEFILE_REPLACE_EXISTING`, which
/// falls back to a POSIX-semantics rename (`SetFileInformationByHandle`
/// with `FileRenameInfoEx`) when the target is open with delete sharing or
/// read-only. Windows refuses the replace while another program has the
/// target open without delete sharing (`ERROR_SHARING_VIOLATION`,
/// `ERROR_ACCESS_DENIED`, `ERROR_LOCK_VIOLATION`): that is retried for
/// [`REPLACE_RETRY_DELAYS`], then reported.
fn replace(temp: &Path, path: &Path) -> io::Result<()> {
    #[cfg(windows)]
    for delay in REPLACE_RETRY_DELAYS {
        match fs::rename(temp, path) {
            // ERROR_ACCESS_DENIED, ERROR_SHARING_VIOLATION, ERROR_LOCK_VIOLATION.
            Err(e) if matches!(e.raw_os_error(), Some(5 | 32 | 33)) => std::thread::sleep(delay),
            other => return other,
        }
    }
    fs::rename(temp, path)
}

/// Makes a rename in `folder` durable (best effort). Unix: `fsync` on the
/// folder. Windows opens a folder only with `FILE_FLAG_BACKUP_SEMANTICS`
/// and flushes it (`FlushFileBuffers`) only through a handle with write
/// access; NTFS journals the rename in any case.
fn sync_folder(folder: &Path) {
    #[cfg(windows)]
    let dir = {
        use std::os::windows::fs::OpenOptionsExt;
        const FILE_FLAG_BACKUP_SEMANTICS: u32 = 0x0200_0000;
        OpenOptions::new()
            .write(true)
            .custom_flags(FILE_FLAG_BACKUP_SEMANTICS)
            .open(folder)
    };
    #[cfg(not(windows))]
    let dir = File::open(folder);
    if let Ok(dir) = dir {
        let _ = dir.sync_all();
    }
}

/// Creates a new, empty temporary file in `folder` under an unpredictable
/// name, never opening anything that already exists.
fn create_temp(folder: &Path) -> io::Result<(PathBuf, File)> {
    let mut last = None;
    for _ in 0..NAME_ATTEMPTS {
        let mut random = [0u8; 16];
        OsRng
            .try_fill_bytes(&mut random)
            .map_err(|e| io::Error::other(format!("no random numbers from the system: {e}")))?;
        let suffix: String = random.iter().map(|b| format!("{b:02x}")).collect();
        let temp = folder.join(format!("{TEMP_PREFIX}{suffix}"));
        let mut options = OpenOptions::new();
        // `create_new` is O_CREAT | O_EXCL: it fails on any existing entry,
        // a symlink (even a dangling one) included, and never follows it.
        options.write(true).create_new(true);
        match options.open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("could not create a temporary file")))
}

/// Removes temporary files left by killed runs: regular files (never
/// symlinks or folders) in `folder` older than `STALE_TEMP_AGE` named
/// `TEMP_PREFIX``…`, or `.<name>.<digits>.tmp` (the fixed name older
/// versions used for the file being written). Best effort: errors are
/// ignored, the write goes ahead.
fn remove_stale_temps(folder: &Path, name: &std::ffi::OsStr, now: SystemTime) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    let mut old_style = OsString::from(".");
    old_style.push(name);
    old_style.push(".");
    let old_style = old_style.to_string_lossy().into_owned();
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        let ours = file_name.starts_with(TEMP_PREFIX)
            || file_name
                .strip_prefix(old_style.as_str())
                .and_then(|rest| rest.strip_suffix(".tmp"))
                .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()));
        if !ours {
            continue;
        }
        // `DirEntry::metadata` does not follow symlinks.
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        let stale = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .is_some_and(|age| age > STALE_TEMP_AGE);
        if meta.is_file() && stale {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Reads the text file at `path`, refusing it before reading a byte when it
/// is not a regular file (a FIFO, a device such as `/dev/zero`, a folder) or
/// is larger than `max_bytes`; never reads more than `max_bytes + 1` bytes,
/// even if the file grows meanwhile. Use [`MAX_DOCUMENT_BYTES`] for
/// documents.
///
/// # Errors
/// * [`io::ErrorKind::InvalidInput`] for a file that is not a regular file;
/// * [`io::ErrorKind::FileTooLarge`] for a file over the cap (the message
///   names the size and the cap);
/// * [`io::ErrorKind::InvalidData`] for text that is not UTF-8;
/// * any other I/O error from opening or reading.
pub fn read_bounded(path: &Path, max_bytes: u64) -> io::Result<String> {
    // Checked before opening: opening a FIFO for reading would block until
    // someone writes to it.
    check_regular(path, &fs::metadata(path)?, max_bytes)?;
    let file = File::open(path)?;
    // Checked again on what was opened, in case the path was swapped.
    check_regular(path, &file.metadata()?, max_bytes)?;
    let mut bytes = Vec::new();
    file.take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        return Err(too_large(path, "more than", max_bytes));
    }
    String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{} is not UTF-8 text: {e}", path.display()),
        )
    })
}

fn check_regular(path: &Path, meta: &fs::Metadata, max_bytes: u64) -> io::Result<()> {
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} is not a regular file (a folder, pipe or device); only files can be read",
                path.display()
            ),
        ));
    }
    if meta.len() > max_bytes {
        return Err(too_large(path, &meta.len().to_string(), max_bytes));
    }
    Ok(())
}

fn too_large(path: &Path, size: &str, max_bytes: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!(
            "{} has {size} bytes; the limit is {max_bytes} bytes",
            path.display()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh empty folder for one test.
    fn folder(test: &str) -> PathBuf {
        let mut random = [0u8; 8];
        OsRng.try_fill_bytes(&mut random).expect("random");
        let suffix: String = random.iter().map(|b| format!("{b:02x}")).collect();
        let dir = std::env::temp_dir().join(format!("feldherr-atomic-{test}-{suffix}"));
        fs::create_dir_all(&dir).expect("temp folder");
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .expect("read folder")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn writes_and_replaces_leaving_no_temporary() {
        let dir = folder("replace");
        let path = dir.join("game.json");
        write_atomic(&path, b"one").expect("first write");
        write_atomic(&path, b"two").expect("second write");
        assert_eq!(fs::read(&path).expect("read"), b"two");
        assert_eq!(names(&dir), ["game.json"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn temporary_names_are_random_and_never_reused() {
        let dir = folder("names");
        let (a, fa) = create_temp(&dir).expect("first");
        let (b, fb) = create_temp(&dir).expect("second");
        drop((fa, fb));
        assert_ne!(a, b);
        for t in [&a, &b] {
            let name = t.file_name().expect("name").to_string_lossy().into_owned();
            let suffix = name.strip_prefix(TEMP_PREFIX).expect("prefix");
            assert_eq!(suffix.len(), 32, "{name}");
            assert!(suffix.bytes().all(|c| c.is_ascii_hexdigit()), "{name}");
        }
        let _ = fs::remove_dir_all(&dir);
    }

    /// Issue 16, 4: a symlink planted in the folder, at the old predictable
    /// temp name and under the new prefix, never makes a write go through
    /// it to another file.
    #[cfg(unix)]
    #[test]
    fn planted_symlinks_are_never_written_through() {
        use std::os::unix::fs::symlink;
        let dir = folder("symlink");
        let victim_dir = folder("victim");
        let victim = victim_dir.join("victim.txt");
        fs::write(&victim, b"precious").expect("victim");
        let path = dir.join("sheet.pdf");
        // The fixed name the old writer used, for every plausible pid...
        for pid in [std::process::id(), 1, 2] {
            symlink(&victim, dir.join(format!(".sheet.pdf.{pid}.tmp"))).expect("plant");
        }
        // ...and links under our prefix.
        for i in 0..32 {
            symlink(&victim, dir.join(format!("{TEMP_PREFIX}{i:032x}"))).expect("plant");
        }
        write_atomic(&path, b"sheet").expect("write");
        assert_eq!(fs::read(&victim).expect("victim"), b"precious");
        assert_eq!(fs::read(&path).expect("sheet"), b"sheet");
        // The symlinks are left alone: they are not ours to delete.
        assert!(
            fs::symlink_metadata(dir.join(format!("{TEMP_PREFIX}{:032x}", 0)))
                .expect("link")
                .file_type()
                .is_symlink()
        );
        // An exclusive create refuses an existing symlink outright.
        let link = dir.join("link");
        symlink(&victim, &link).expect("plant");
        let refused = OpenOptions::new().write(true).create_new(true).open(&link);
        assert_eq!(
            refused.expect_err("must refuse").kind(),
            io::ErrorKind::AlreadyExists
        );
        assert_eq!(fs::read(&victim).expect("victim"), b"precious");
        let _ = fs::remove_dir_all(&dir);
        let _ = fs::remove_dir_all(&victim_dir);
    }

    /// Issue 16, 4: temporaries left by a killed run are removed on the
    /// next write; fresh ones (a write in progress) and other files stay.
    #[test]
    fn stale_temporaries_are_cleaned_on_the_next_write() {
        let dir = folder("stale");
        let old = SystemTime::now() - Duration::from_secs(3600);
        let stale = [
            format!("{TEMP_PREFIX}0123456789abcdef0123456789abcdef"),
            ".game.json.4242.tmp".to_owned(),
        ];
        for name in &stale {
            let f = File::create(dir.join(name)).expect("leftover");
            f.set_modified(old).expect("age it");
        }
        File::create(dir.join(format!("{TEMP_PREFIX}fresh"))).expect("fresh temp");
        for other in ["notes.tmp", ".other.json.4242.tmp", ".game.json.x1.tmp"] {
            let f = File::create(dir.join(other)).expect("other");
            f.set_modified(old).expect("age it");
        }
        write_atomic(&dir.join("game.json"), b"{}").expect("write");
        assert_eq!(
            names(&dir),
            [
                ".feldherr-tmp-fresh",
                ".game.json.x1.tmp",
                ".other.json.4242.tmp",
                "game.json",
                "notes.tmp"
            ]
        );
        let _ = fs::remove_dir_all(&dir);
    }

    /// Issue 16, 4: overwriting keeps the file's permissions.
    #[cfg(unix)]
    #[test]
    fn overwriting_keeps_the_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = folder("mode");
        let path = dir.join("event.json");
        fs::write(&path, b"old").expect("old");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).expect("chmod");
        write_atomic(&path, b"new").expect("write");
        let mode = fs::metadata(&path).expect("meta").permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert_eq!(fs::read(&path).expect("read"), b"new");
        // A new file gets the mode a plain create gives.
        let fresh = dir.join("fresh.json");
        write_atomic(&fresh, b"x").expect("write");
        let plain = dir.join("plain.json");
        fs::write(&plain, b"x").expect("write");
        let mode = |p: &Path| fs::metadata(p).expect("meta").permissions().mode() & 0o777;
        assert_eq!(mode(&fresh), mode(&plain));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = folder("fail");
        let path = dir.join("game.json");
        fs::write(&path, b"old").expect("old");
        // Renaming a file over a non-empty folder fails.
        let blocked = dir.join("blocked");
        fs::create_dir(&blocked).expect("folder");
        fs::write(blocked.join("x"), b"x").expect("content");
        assert!(write_atomic(&blocked, b"new").is_err());
        assert_eq!(fs::read(&path).expect("read"), b"old");
        assert_eq!(names(&dir), ["blocked", "game.json"]);
        let _ = fs::remove_dir_all(&dir);
    }

    /// Issue 31: names with spaces, umlauts and a dash are written and
    /// replaced like any other (on Windows: through the UTF-16 API).
    #[test]
    fn names_with_spaces_and_umlauts() {
        let dir = folder("umlauts").join("Vereinsabend Köln");
        fs::create_dir_all(&dir).expect("folder");
        let path = dir.join("Übungsrunde 1 – Grüße.json");
        write_atomic(&path, b"eins").expect("first write");
        write_atomic(&path, b"zwei").expect("second write");
        assert_eq!(read_bounded(&path, 10).expect("read"), "zwei");
        assert_eq!(names(&dir), ["Übungsrunde 1 – Grüße.json"]);
        let _ = fs::remove_dir_all(dir.parent().expect("parent"));
    }

    /// Issue 31: on Windows a document that another program reads while
    /// allowing delete sharing (as every Rust program does) is replaced on
    /// Windows 10 and 11 with NTFS (the POSIX-semantics rename), and that
    /// program keeps reading the old text; Wine 8 and older file systems
    /// refuse (access denied) after the retries. Either way the reader sees
    /// the old text, the file is the old or the new one, never a mix, and
    /// no temporary is left.
    #[cfg(windows)]
    #[test]
    fn windows_replaces_a_file_open_with_delete_sharing_or_refuses_cleanly() {
        let dir = folder("shared");
        let path = dir.join("event.json");
        fs::write(&path, b"old").expect("old");
        let mut reader = File::open(&path).expect("reader");
        let result = write_atomic(&path, b"new");
        let mut seen = Vec::new();
        reader.read_to_end(&mut seen).expect("old handle");
        assert_eq!(seen, b"old");
        drop(reader);
        match result {
            Ok(()) => assert_eq!(fs::read(&path).expect("read"), b"new"),
            Err(e) => {
                assert_eq!(e.raw_os_error(), Some(5), "{e:?}");
                assert_eq!(fs::read(&path).expect("read"), b"old");
            }
        }
        assert_eq!(names(&dir), ["event.json"]);
        let _ = fs::remove_dir_all(&dir);
    }

    /// Issue 31: a program that holds the document open without delete
    /// sharing (as Excel holds a CSV it shows) makes the write fail after
    /// the retries: the old file stays as it was, no temporary is left, and
    /// the next write after that program lets go succeeds.
    #[cfg(windows)]
    #[test]
    fn windows_refuses_while_another_program_holds_the_file() {
        use std::os::windows::fs::OpenOptionsExt;
        const FILE_SHARE_READ: u32 = 0x1;
        let dir = folder("locked");
        let path = dir.join("standings.csv");
        fs::write(&path, b"old").expect("old");
        let holder = OpenOptions::new()
            .read(true)
            .share_mode(FILE_SHARE_READ)
            .open(&path)
            .expect("holder");
        let e = write_atomic(&path, b"new").expect_err("the file is held");
        // ERROR_ACCESS_DENIED or ERROR_SHARING_VIOLATION.
        assert!(matches!(e.raw_os_error(), Some(5 | 32)), "{e:?}");
        drop(holder);
        assert_eq!(fs::read(&path).expect("read"), b"old");
        assert_eq!(names(&dir), ["standings.csv"]);
        write_atomic(&path, b"new").expect("after the holder closed it");
        assert_eq!(fs::read(&path).expect("read"), b"new");
        let _ = fs::remove_dir_all(&dir);
    }

    /// Issue 31: on Windows a read-only document is replaced as on Linux
    /// and stays read-only (the attribute is what Windows keeps of
    /// permissions).
    #[cfg(windows)]
    #[test]
    fn windows_overwriting_keeps_read_only() {
        let dir = folder("readonly");
        let path = dir.join("event.json");
        fs::write(&path, b"old").expect("old");
        let mut permissions = fs::metadata(&path).expect("meta").permissions();
        permissions.set_readonly(true);
        fs::set_permissions(&path, permissions).expect("read-only");
        write_atomic(&path, b"new").expect("write");
        assert_eq!(fs::read(&path).expect("read"), b"new");
        assert!(fs::metadata(&path).expect("meta").permissions().readonly());
        assert_eq!(names(&dir), ["event.json"]);
        let mut permissions = fs::metadata(&path).expect("meta").permissions();
        #[expect(
            clippy::permissions_set_readonly_false,
            reason = "Windows: clears the attribute to clean up"
        )]
        permissions.set_readonly(false);
        fs::set_permissions(&path, permissions).expect("writable");
        let _ = fs::remove_dir_all(&dir);
    }

    /// Issue 31: a hold of a moment (a virus scanner, the search indexer)
    /// is waited out: the write succeeds once it ends.
    #[cfg(windows)]
    #[test]
    fn windows_waits_out_a_brief_hold() {
        use std::os::windows::fs::OpenOptionsExt;
        let dir = folder("brief");
        let path = dir.join("game.json");
        fs::write(&path, b"old").expect("old");
        let holder = OpenOptions::new()
            .read(true)
            .share_mode(0)
            .open(&path)
            .expect("holder");
        let (held, release) = std::sync::mpsc::channel();
        let scanner = std::thread::spawn(move || {
            held.send(()).expect("signal");
            std::thread::sleep(Duration::from_millis(100));
            drop(holder);
        });
        release.recv().expect("holder ready");
        write_atomic(&path, b"new").expect("written after the hold");
        scanner.join().expect("scanner");
        assert_eq!(fs::read(&path).expect("read"), b"new");
        assert_eq!(names(&dir), ["game.json"]);
        let _ = fs::remove_dir_all(&dir);
    }

    /// Issue 16, 5: a file one byte over the cap is refused, one at the cap
    /// is read.
    #[test]
    fn read_bounded_refuses_one_byte_over_the_cap() {
        let dir = folder("cap");
        let at = dir.join("at.json");
        fs::write(&at, b"0123456789").expect("write");
        assert_eq!(read_bounded(&at, 10).expect("at the cap"), "0123456789");
        let over = dir.join("over.json");
        fs::write(&over, b"0123456789x").expect("write");
        let e = read_bounded(&over, 10).expect_err("over the cap");
        assert_eq!(e.kind(), io::ErrorKind::FileTooLarge);
        assert!(e.to_string().contains("11 bytes"), "{e}");
        assert!(e.to_string().contains("limit is 10 bytes"), "{e}");
        let bad = dir.join("bad.json");
        fs::write(&bad, [0xff, 0xfe]).expect("write");
        assert_eq!(
            read_bounded(&bad, 10).expect_err("not text").kind(),
            io::ErrorKind::InvalidData
        );
        assert_eq!(
            read_bounded(&dir, 10).expect_err("folder").kind(),
            io::ErrorKind::InvalidInput
        );
        let _ = fs::remove_dir_all(&dir);
    }

    /// Issue 16, 5: a FIFO and /dev/zero are refused at once, without
    /// opening or reading them (the FIFO has no writer: opening it would
    /// block forever).
    #[cfg(unix)]
    #[test]
    fn read_bounded_refuses_fifos_and_devices() {
        let dir = folder("fifo");
        let fifo = dir.join("game.json");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let e = read_bounded(&fifo, MAX_DOCUMENT_BYTES).expect_err("a FIFO");
        assert_eq!(e.kind(), io::ErrorKind::InvalidInput);
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let e = read_bounded(Path::new("/dev/zero"), MAX_DOCUMENT_BYTES).expect_err("a device");
        assert_eq!(e.kind(), io::ErrorKind::InvalidInput);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_default_cap_is_64_mib() {
        assert_eq!(MAX_DOCUMENT_BYTES, 67_108_864);
    }
}
