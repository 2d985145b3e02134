//! Noticing that a document's file was written by someone else: another
//! program, or the same file open in a second Feldherr window.
//!
//! An open document remembers its file as it last read or wrote it (its
//! length, modification time and a hash of the bytes).
//! Before every write, and whenever the app asks (on focus), the file is
//! looked at again; if it now holds other bytes, nothing is written until
//! the user decides (reload, keep mine, save mine elsewhere), and
//! [`compare`] lists what differs.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;
use std::time::SystemTime;

use crate::atomic::{MAX_DOCUMENT_BYTES, read_bounded};
use crate::document::{self, Document};

/// How many differences [`compare`] lists before it only counts.
pub const COMPARE_LIMIT: usize = 60;

/// A value shown in a [`Difference`] is cut to this many characters.
const VALUE_CHARS: usize = 80;

/// A file as this session last read or wrote it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DiskStamp {
    len: u64,
    modified: Option<SystemTime>,
    hash: u64,
}

impl DiskStamp {
    /// The stamp of `path`, whose bytes were just read or written.
    pub(crate) fn of(path: &Path, bytes: &[u8]) -> Option<Self> {
        let meta = std::fs::metadata(path).ok()?;
        Some(Self {
            len: meta.len(),
            modified: meta.modified().ok(),
            hash: hash(bytes),
        })
    }

    /// Whether `path` now holds other bytes than when stamped. The same
    /// length and time count as unchanged without reading; otherwise the
    /// bytes decide (a file touched or copied over with the same content is
    /// no change, and the stamp takes its new time). A file that is gone is
    /// no change: writing recreates it and nobody's content is lost.
    pub(crate) fn changed(&mut self, path: &Path) -> bool {
        let Ok(meta) = std::fs::metadata(path) else {
            return false;
        };
        let modified = meta.modified().ok();
        if meta.len() == self.len && modified == self.modified {
            return false;
        }
        match read_bounded(path, MAX_DOCUMENT_BYTES) {
            Ok(text) if hash(text.as_bytes()) == self.hash => {
                self.len = meta.len();
                self.modified = modified;
                false
            }
            _ => true,
        }
    }
}

fn hash(bytes: &[u8]) -> u64 {
    let mut hasher = DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

/// One value that differs between the document open in the window and
/// the file on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// Where, as a JSON path (`event.players[2].name`).
    pub path: String,
    /// The value in the window (`None`: not there).
    pub mine: Option<String>,
    /// The value in the file (`None`: not there).
    pub disk: Option<String>,
}

/// What differs between two versions of a document, value by value.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Comparison {
    /// The first [`COMPARE_LIMIT`] differences, in document order.
    pub differences: Vec<Difference>,
    /// How many more differ beyond those listed.
    pub more: usize,
}

/// Compares `mine` with `disk`, value by value (the saved JSON of each).
pub fn compare(mine: &Document, disk: &Document) -> Comparison {
    let value = |d: &Document| {
        serde_json::from_str::<serde_json::Value>(&document::to_json(d))
            .unwrap_or(serde_json::Value::Null)
    };
    let mut out = Comparison::default();
    diff(&value(mine), &value(disk), String::new(), &mut out);
    out
}

fn diff(mine: &serde_json::Value, disk: &serde_json::Value, at: String, out: &mut Comparison) {
    use serde_json::Value;
    match (mine, disk) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, value) in a {
                let path = join(&at, key);
                match b.get(key) {
                    Some(other) => diff(value, other, path, out),
                    None => push(out, path, Some(value), None),
                }
            }
            for (key, value) in b {
                if !a.contains_key(key) {
                    push(out, join(&at, key), None, Some(value));
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for i in 0..a.len().max(b.len()) {
                let path = format!("{at}[{i}]");
                match (a.get(i), b.get(i)) {
                    (Some(x), Some(y)) => diff(x, y, path, out),
                    (x, y) => push(out, path, x, y),
                }
            }
        }
        (a, b) if a == b => {}
        (a, b) => push(out, at, Some(a), Some(b)),
    }
}

fn join(at: &str, key: &str) -> String {
    if at.is_empty() {
        key.to_owned()
    } else {
        format!("{at}.{key}")
    }
}

fn push(
    out: &mut Comparison,
    path: String,
    mine: Option<&serde_json::Value>,
    disk: Option<&serde_json::Value>,
) {
    if out.differences.len() >= COMPARE_LIMIT {
        out.more += 1;
        return;
    }
    let show = |v: &serde_json::Value| {
        let text = v.to_string();
        match text.char_indices().nth(VALUE_CHARS) {
            Some((cut, _)) => format!("{}…", &text[..cut]),
            None => text,
        }
    };
    out.differences.push(Difference {
        path: if path.is_empty() { ".".into() } else { path },
        mine: mine.map(show),
        disk: disk.map(show),
    });
}
