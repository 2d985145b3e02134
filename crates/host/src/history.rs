//! Open documents at runtime: edit history (undo/redo) and saving after
//! every change.

use std::path::{Path, PathBuf};

use crate::HostError;
use crate::atomic::{MAX_DOCUMENT_BYTES, read_bounded, write_atomic};
use crate::disk::{self, Comparison, DiskStamp};
use crate::document::{self, Document, DocumentEdit};
use crate::file_claim::{self, Claim, FileClaim};

/// How many edits undo reaches back.
pub const HISTORY_LIMIT: usize = 500;

/// A document open in the app.
#[derive(Debug)]
pub struct OpenDocument {
    document: Document,
    /// Where the user saved it; `None` until the first "Save as".
    path: Option<PathBuf>,
    /// Where it is autosaved while it has no path of its own.
    autosave_path: Option<PathBuf>,
    past: Vec<Document>,
    future: Vec<Document>,
    /// Revision counter, bumped by every change (edits, undo, redo).
    revision: u64,
    last_save_error: Option<String>,
    /// Opened read-only from this file, leaving out these unknown keys
    /// (issue 16): never saved there; "Save as" another file makes it an
    /// ordinary document.
    read_only: Option<(PathBuf, Vec<String>)>,
    /// The file where it lives as this session last read or wrote it.
    disk: Option<DiskStamp>,
    /// The file was changed by someone else: nothing is written until the
    /// user reloads, keeps his version or saves it elsewhere.
    changed_on_disk: bool,
    /// Claims on the file, so a second window is told (see
    /// [`Self::claim_in`]).
    claims: Claims,
}

/// Where an open document claims its file, and what it found.
#[derive(Debug, Default)]
struct Claims {
    dir: Option<PathBuf>,
    held: Option<FileClaim>,
    elsewhere: bool,
}

impl OpenDocument {
    /// A document that is not on disk yet; autosaved to `autosave_path`.
    pub fn new(document: Document, autosave_path: Option<PathBuf>) -> Self {
        let mut open = Self {
            document,
            path: None,
            autosave_path,
            past: Vec::new(),
            future: Vec::new(),
            revision: 0,
            last_save_error: None,
            read_only: None,
            disk: None,
            changed_on_disk: false,
            claims: Claims::default(),
        };
        open.save_now();
        open
    }

    /// Opens a document from `path`.
    pub fn open(path: &Path) -> Result<Self, HostError> {
        let (document, disk) = read(path)?;
        Ok(Self {
            document,
            path: Some(path.to_path_buf()),
            autosave_path: None,
            past: Vec::new(),
            future: Vec::new(),
            revision: 0,
            last_save_error: None,
            read_only: None,
            disk,
            changed_on_disk: false,
            claims: Claims::default(),
        })
    }

    /// Opens a document whose file has keys this version does not know,
    /// read-only and without those keys (see
    /// [`document::load_dropping_unknown`]). It has no path, is not
    /// autosaved, takes no edits, and cannot be saved over `path`.
    pub fn open_read_only(path: &Path) -> Result<Self, HostError> {
        let (document, dropped) = document::load_dropping_unknown(path)?;
        Ok(Self {
            document,
            path: None,
            autosave_path: None,
            past: Vec::new(),
            future: Vec::new(),
            revision: 0,
            last_save_error: None,
            read_only: Some((path.to_path_buf(), dropped)),
            disk: None,
            changed_on_disk: false,
            claims: Claims::default(),
        })
    }

    /// For a document opened read-only: the file it came from and the
    /// unknown keys left out.
    pub fn read_only(&self) -> Option<(&Path, &[String])> {
        self.read_only
            .as_ref()
            .map(|(path, keys)| (path.as_path(), keys.as_slice()))
    }

    /// Opens an autosaved, never-named document: it keeps autosaving there
    /// and "Save" asks for a name.
    pub fn open_autosave(path: &Path) -> Result<Self, HostError> {
        let mut open = Self::open(path)?;
        open.autosave_path = open.path.take();
        Ok(open)
    }

    /// The document.
    pub fn document(&self) -> &Document {
        &self.document
    }

    /// The user's path, if saved.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Where the document lives on disk now (its path, else the autosave).
    pub fn location(&self) -> Option<&Path> {
        self.path.as_deref().or(self.autosave_path.as_deref())
    }

    /// Changes with every edit, undo and redo.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The error of the last automatic save, if it failed.
    pub fn save_error(&self) -> Option<&str> {
        self.last_save_error.as_deref()
    }

    /// Applies an edit once, in place: the document before it (the one
    /// clone an edit makes) goes on the undo stack, the redo stack is
    /// cleared, and the document is saved at once. An edit that is refused
    /// changes nothing; one that changes nothing leaves the history alone.
    ///
    /// # Errors
    /// What the edit's rules refuse.
    pub fn edit(&mut self, edit: &DocumentEdit) -> Result<(), HostError> {
        let before = edit.apply_keeping(&mut self.document)?;
        if before == self.document {
            return Ok(());
        }
        self.past.push(before);
        if self.past.len() > HISTORY_LIMIT {
            self.past.remove(0);
        }
        self.future.clear();
        self.changed();
        Ok(())
    }

    /// Applies an edit as part of the last change: no undo step of its
    /// own, so undoing the last change undoes both (the table codes an
    /// event shared on the network gives the round just drawn, issue 30:
    /// one undo takes the round and its codes away together). The redo
    /// stack is cleared and the document saved at once, as by
    /// [`Self::edit`]; with no change before it, it is an ordinary edit.
    ///
    /// # Errors
    /// What the edit's rules refuse; nothing changes then.
    pub fn amend(&mut self, edit: &DocumentEdit) -> Result<(), HostError> {
        if self.past.is_empty() {
            return self.edit(edit);
        }
        let before = edit.apply_keeping(&mut self.document)?;
        if before == self.document {
            return Ok(());
        }
        self.future.clear();
        self.changed();
        Ok(())
    }

    /// Whether there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }

    /// Whether there is an edit to redo.
    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }

    /// Undoes the last edit.
    pub fn undo(&mut self) -> bool {
        match self.past.pop() {
            Some(previous) => {
                let current = std::mem::replace(&mut self.document, previous);
                self.future.push(current);
                self.changed();
                true
            }
            None => false,
        }
    }

    /// Redoes the last undone edit.
    pub fn redo(&mut self) -> bool {
        match self.future.pop() {
            Some(next) => {
                let current = std::mem::replace(&mut self.document, next);
                self.past.push(current);
                self.changed();
                true
            }
            None => false,
        }
    }

    /// Saves under a new path (Save as); autosaving goes there from now on.
    pub fn save_as(&mut self, path: &Path) -> Result<(), HostError> {
        if let Some((original, _)) = &self.read_only
            && same_file(original, path)
        {
            return Err(HostError::Io {
                path: path.to_path_buf(),
                source: std::io::Error::new(
                    std::io::ErrorKind::PermissionDenied,
                    "opened read-only: saving over it would lose its unknown keys",
                ),
            });
        }
        self.disk = write(path, &self.document)?;
        self.changed_on_disk = false;
        self.read_only = None;
        if let Some(old) = self.autosave_path.take() {
            let _ = std::fs::remove_file(old);
        }
        self.path = Some(path.to_path_buf());
        self.last_save_error = None;
        if let Some(dir) = self.claims.dir.take() {
            self.claim_in(&dir);
        }
        Ok(())
    }

    /// Claims the document's file in the claims folder `dir` (the app's
    /// data folder holds one), now and after every "Save as", so that
    /// [`Self::open_elsewhere`] tells whether another window has the same
    /// file open. A claim that cannot be made (a read-only data folder)
    /// is left out: the check before every write still guards the file.
    pub fn claim_in(&mut self, dir: &Path) {
        self.claims = Claims {
            dir: Some(dir.to_path_buf()),
            held: None,
            elsewhere: false,
        };
        if let Some(location) = self.location() {
            match file_claim::claim(dir, location) {
                Ok(Claim::Ours(claim)) => self.claims.held = Some(claim),
                Ok(Claim::Elsewhere) => self.claims.elsewhere = true,
                Err(_) => {}
            }
        }
    }

    /// Whether another window had the document's file open when this one
    /// claimed it (see [`Self::claim_in`]).
    pub fn open_elsewhere(&self) -> bool {
        self.claims.elsewhere
    }

    fn changed(&mut self) {
        self.revision += 1;
        self.save_now();
    }

    /// Writes the document to where it lives (atomically), unless the
    /// file was changed there by someone else since this session last read
    /// or wrote it: then nothing is written, [`Self::changed_on_disk`]
    /// holds and the save error says so, until the user decides
    /// ([`Self::reload`], [`Self::keep_mine`] or [`Self::save_as`]).
    pub fn save_now(&mut self) {
        let Some(target) = self.location().map(Path::to_path_buf) else {
            return;
        };
        if self.check_disk() {
            self.last_save_error = Some(HostError::ChangedOnDisk { path: target }.to_string());
            return;
        }
        if let Some(folder) = target.parent() {
            let _ = std::fs::create_dir_all(folder);
        }
        match write(&target, &self.document) {
            Ok(stamp) => {
                self.disk = stamp;
                self.last_save_error = None;
            }
            Err(e) => self.last_save_error = Some(e.to_string()),
        }
    }

    /// Looks at the file again: whether someone else has written it since
    /// this session last read or wrote it (the app asks before every write
    /// and when its window gets the focus). Once true it stays true until
    /// the user decides.
    pub fn check_disk(&mut self) -> bool {
        if !self.changed_on_disk
            && let Some(location) = self.location().map(Path::to_path_buf)
            && let Some(stamp) = &mut self.disk
        {
            self.changed_on_disk = stamp.changed(&location);
        }
        self.changed_on_disk
    }

    /// Whether the file was changed by someone else and nothing is written
    /// until the user decides (see [`Self::check_disk`]).
    pub fn changed_on_disk(&self) -> bool {
        self.changed_on_disk
    }

    /// What differs between this document and its file on disk.
    ///
    /// # Errors
    /// The file cannot be read or is not a document.
    pub fn compare_with_disk(&self) -> Result<Comparison, HostError> {
        let location = self.location_or_err()?;
        let (disk, _) = read(&location)?;
        Ok(disk::compare(&self.document, &disk))
    }

    /// Takes the file's version: it replaces the document in the window,
    /// whose version stays one undo away (undoing writes it back).
    ///
    /// # Errors
    /// The file cannot be read or is not a document: nothing changes.
    pub fn reload(&mut self) -> Result<(), HostError> {
        let location = self.location_or_err()?;
        let (document, stamp) = read(&location)?;
        let mine = std::mem::replace(&mut self.document, document);
        if mine != self.document {
            self.past.push(mine);
            if self.past.len() > HISTORY_LIMIT {
                self.past.remove(0);
            }
            self.future.clear();
            self.revision += 1;
        }
        self.disk = stamp;
        self.changed_on_disk = false;
        self.last_save_error = None;
        Ok(())
    }

    /// Keeps the window's version: writes it over the file changed by
    /// someone else.
    ///
    /// # Errors
    /// The write fails: the file is left as it was.
    pub fn keep_mine(&mut self) -> Result<(), HostError> {
        let location = self.location_or_err()?;
        self.disk = write(&location, &self.document)?;
        self.changed_on_disk = false;
        self.last_save_error = None;
        Ok(())
    }

    fn location_or_err(&self) -> Result<PathBuf, HostError> {
        self.location()
            .map(Path::to_path_buf)
            .ok_or_else(|| HostError::Io {
                path: PathBuf::new(),
                source: std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    "the document has no file",
                ),
            })
    }
}

/// Reads a document and stamps its file.
fn read(path: &Path) -> Result<(Document, Option<DiskStamp>), HostError> {
    let text = read_bounded(path, MAX_DOCUMENT_BYTES).map_err(|source| HostError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let document = document::parse(&text, &path.display().to_string())?;
    Ok((document, DiskStamp::of(path, text.as_bytes())))
}

/// Writes a document atomically and stamps its file.
fn write(path: &Path, document: &Document) -> Result<Option<DiskStamp>, HostError> {
    let text = document::file_text(document);
    write_atomic(path, text.as_bytes()).map_err(|source| HostError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(DiskStamp::of(path, text.as_bytes()))
}

/// Whether `a` and `b` name the same file (compared canonically when both
/// exist, else as written).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}
