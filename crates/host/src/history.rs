//! Open documents at runtime: edit history (undo/redo) and saving after
//! every change.

use std::path::{Path, PathBuf};

use crate::HostError;
use crate::document::{self, Document, DocumentEdit};

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
        };
        open.save_now();
        open
    }

    /// Opens a document from `path`.
    pub fn open(path: &Path) -> Result<Self, HostError> {
        let document = document::load(path)?;
        Ok(Self {
            document,
            path: Some(path.to_path_buf()),
            autosave_path: None,
            past: Vec::new(),
            future: Vec::new(),
            revision: 0,
            last_save_error: None,
            read_only: None,
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
        document::save(path, &self.document)?;
        self.read_only = None;
        if let Some(old) = self.autosave_path.take() {
            let _ = std::fs::remove_file(old);
        }
        self.path = Some(path.to_path_buf());
        self.last_save_error = None;
        Ok(())
    }

    fn changed(&mut self) {
        self.revision += 1;
        self.save_now();
    }

    /// Writes the document to where it lives (atomically).
    pub fn save_now(&mut self) {
        let Some(target) = self.location().map(Path::to_path_buf) else {
            return;
        };
        if let Some(folder) = target.parent() {
            let _ = std::fs::create_dir_all(folder);
        }
        self.last_save_error = document::save(&target, &self.document)
            .err()
            .map(|e| e.to_string());
    }
}

/// Whether `a` and `b` name the same file (compared canonically when both
/// exist, else as written).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}
