//! Telling a second window that a file is open in another one.
//!
//! Each Feldherr process that opens a document file takes an operating
//! system lock on a small claim file in its data folder (`open/`, one per
//! document, named by a hash of the document's full path). A second
//! process opening the same document finds the lock held and says so. The
//! lock goes with the process: closing the document, quitting or a crash
//! releases it, so a stale claim never blocks anybody.

use std::fs::{File, TryLockError};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// This process's claim on a document file; released when dropped.
#[derive(Debug)]
pub struct FileClaim {
    /// Held open for the lock.
    _lock: File,
    document: PathBuf,
}

impl FileClaim {
    /// The document file claimed.
    pub fn document(&self) -> &Path {
        &self.document
    }
}

/// What [`claim`] found.
#[derive(Debug)]
pub enum Claim {
    /// This process holds the claim now.
    Ours(FileClaim),
    /// Another window (another Feldherr process, or another document of
    /// this one) has the file open.
    Elsewhere,
}

/// Claims `document` in the claims folder `dir` (created when missing).
///
/// # Errors
/// The claim file cannot be created or locked for another reason than
/// being held (a read-only data folder): the caller opens the document
/// unclaimed.
pub fn claim(dir: &Path, document: &Path) -> io::Result<Claim> {
    let full = std::fs::canonicalize(document).unwrap_or_else(|_| document.to_path_buf());
    let mut hasher = DefaultHasher::new();
    full.hash(&mut hasher);
    std::fs::create_dir_all(dir)?;
    let path = dir.join(format!("{:016x}.lock", hasher.finish()));
    let mut file = File::options()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => return Ok(Claim::Elsewhere),
        Err(TryLockError::Error(e)) => return Err(e),
    }
    // For a person looking into the folder: which document this is.
    file.set_len(0)?;
    writeln!(file, "{}", full.display())?;
    Ok(Claim::Ours(FileClaim {
        _lock: file,
        document: full,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(test: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("feldherr-claim-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp folder");
        dir
    }

    #[test]
    fn a_second_claim_on_one_file_finds_it_held_until_the_first_goes() {
        let dir = folder("second");
        let document = dir.join("Vereinsabend Köln.json");
        std::fs::write(&document, "{}").expect("document");
        let claims = dir.join("open");
        let Claim::Ours(first) = claim(&claims, &document).expect("claim") else {
            panic!("the first claim is ours");
        };
        // The same file by another spelling of its path is the same file.
        let other_spelling = dir.join(".").join("Vereinsabend Köln.json");
        assert!(matches!(
            claim(&claims, &other_spelling).expect("claim"),
            Claim::Elsewhere
        ));
        // Another document is free.
        let other = dir.join("other.json");
        std::fs::write(&other, "{}").expect("document");
        assert!(matches!(
            claim(&claims, &other).expect("claim"),
            Claim::Ours(_)
        ));
        drop(first);
        assert!(matches!(
            claim(&claims, &document).expect("claim"),
            Claim::Ours(_)
        ));
    }
}
