//! Why a document could not be read or written.

use std::fmt;
use std::path::PathBuf;

/// Everything that can go wrong with a document file. Every variant says
/// what is wrong and where, so that the error dialog can tell the user.
#[derive(Debug)]
pub enum DocumentError {
    /// The file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The file is not JSON (or is cut off).
    Syntax {
        /// Where it came from.
        source_name: String,
        /// Line, 1-based.
        line: usize,
        /// Column, 1-based.
        column: usize,
        /// What the parser said.
        message: String,
    },
    /// The file is JSON but not a Feldherr document.
    NotADocument {
        /// Where it came from.
        source_name: String,
        /// What is missing or wrong.
        message: String,
    },
    /// The file was written by a newer Feldherr.
    TooNew {
        /// Where it came from.
        source_name: String,
        /// The file's schema version.
        found: u32,
        /// The newest this build reads.
        supported: u32,
    },
    /// A field has the wrong type or value.
    Field {
        /// Where it came from.
        source_name: String,
        /// Path of the field, e.g. `table.pieces[2].shape.radius`.
        path: String,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for DocumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io { path, source } => write!(f, "{}: {source}", path.display()),
            Self::Syntax {
                source_name,
                line,
                column,
                message,
            } => write!(
                f,
                "{source_name}: not valid JSON at line {line}, column {column}: {message}"
            ),
            Self::NotADocument {
                source_name,
                message,
            } => write!(f, "{source_name}: not a Feldherr document ({message})"),
            Self::TooNew {
                source_name,
                found,
                supported,
            } => write!(
                f,
                "{source_name}: written by a newer Feldherr (schema version {found}; this version reads up to {supported}). Nothing was changed."
            ),
            Self::Field {
                source_name,
                path,
                message,
            } => write!(f, "{source_name}: field `{path}`: {message}"),
        }
    }
}

impl DocumentError {
    /// For a refused unknown key: the path of the object that holds it
    /// (empty at the top) and the key. serde reports it as ``unknown field
    /// `key`, expected ...`` at the key's path; a rule system's game adds
    /// its inner path to the message (`inner.path: unknown field`).
    pub fn unknown_key(&self) -> Option<(String, String)> {
        let Self::Field { path, message, .. } = self else {
            return None;
        };
        let (inner, rest) = match message.split_once(": unknown field `") {
            Some((inner, rest)) => (inner, rest),
            None => ("", message.strip_prefix("unknown field `")?),
        };
        let key = rest.split_once('`')?.0.to_owned();
        let join = |a: &str, b: &str| match (a, b) {
            ("" | ".", b) => b.to_owned(),
            (a, "" | ".") => a.to_owned(),
            (a, b) if b.starts_with('[') => format!("{a}{b}"),
            (a, b) => format!("{a}.{b}"),
        };
        // serde_path_to_error ends the path with the key itself.
        let full = join(path, inner);
        let parent = if full == key {
            String::new()
        } else {
            full.strip_suffix(&format!(".{key}"))
                .map_or(full.clone(), str::to_owned)
        };
        Some((parent, key))
    }
}

impl std::error::Error for DocumentError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
