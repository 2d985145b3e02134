//! Reading and writing documents.

use std::path::Path;

use serde::de::DeserializeOwned;

use feldherr_play::Problem;

use super::{Document, EventDoc, FORMAT, GameDoc, SCHEMA_VERSION};
use crate::HostError;
use crate::atomic::{MAX_DOCUMENT_BYTES, read_bounded, write_atomic};

/// Parses a document from JSON text; `source_name` names it in errors.
/// A key this version does not know is refused, naming the key and its
/// path (see [`parse_dropping_unknown`] for the app's read-only opening).
pub fn parse(text: &str, source_name: &str) -> Result<Document, HostError> {
    let (kind, body) = untyped(text, source_name)?;
    typed_document(&kind, body, source_name)
}

/// Most unknown keys [`parse_dropping_unknown`] leaves out before it gives
/// up (each one costs a typed pass over the document).
pub const MAX_DROPPED_KEYS: usize = 64;

/// Parses a document, leaving out the keys this version does not know:
/// the document and the paths of the keys left out (e.g.
/// `event.players[0].nick`), in the order found. Every other error is
/// refused as by [`parse`], and so are more than [`MAX_DROPPED_KEYS`]
/// unknown keys. For the app's "open read-only"; the command line keeps
/// refusing unknown keys.
pub fn parse_dropping_unknown(
    text: &str,
    source_name: &str,
) -> Result<(Document, Vec<String>), HostError> {
    let (kind, mut body) = untyped(text, source_name)?;
    let mut dropped = Vec::new();
    loop {
        match typed_document(&kind, body.clone(), source_name) {
            Ok(document) => return Ok((document, dropped)),
            Err(error) => {
                let Some((path, key)) = error.unknown_key() else {
                    return Err(error);
                };
                if dropped.len() >= MAX_DROPPED_KEYS || !remove_key(&mut body, &path, &key) {
                    return Err(error);
                }
                dropped.push(if path.is_empty() {
                    key
                } else {
                    format!("{path}.{key}")
                });
            }
        }
    }
}

/// Reads a document from a file as [`parse_dropping_unknown`] does.
pub fn load_dropping_unknown(path: &Path) -> Result<(Document, Vec<String>), HostError> {
    let text = read_bounded(path, MAX_DOCUMENT_BYTES).map_err(|source| HostError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_dropping_unknown(&text, &path.display().to_string())
}

/// Removes `key` from the object at `path` (dotted keys and `[i]`
/// indices, as serde_path_to_error writes them) in `body`; `false` if
/// there is no such object or key.
fn remove_key(body: &mut serde_json::Value, path: &str, key: &str) -> bool {
    let mut node = body;
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (name, indices) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if !name.is_empty() {
            let Some(next) = node.get_mut(name) else {
                return false;
            };
            node = next;
        }
        for index in indices.split(['[', ']']).filter(|i| !i.is_empty()) {
            let Some(next) = index.parse::<usize>().ok().and_then(|i| node.get_mut(i)) else {
                return false;
            };
            node = next;
        }
    }
    node.as_object_mut()
        .is_some_and(|object| object.remove(key).is_some())
}

/// The checked header and the body of a document (migrated to the
/// current schema), not yet typed.
fn untyped(text: &str, source_name: &str) -> Result<(String, serde_json::Value), HostError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| HostError::Syntax {
        source_name: source_name.to_owned(),
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })?;
    let not_a_document = |message: &str| HostError::NotADocument {
        source_name: source_name.to_owned(),
        message: message.to_owned(),
    };
    let object = value
        .as_object()
        .ok_or_else(|| not_a_document("the top level is not an object"))?;
    match object.get("format").and_then(|f| f.as_str()) {
        Some(FORMAT) => {}
        Some(other) => return Err(not_a_document(&format!("format is \"{other}\""))),
        None => return Err(not_a_document("no \"format\": \"feldherr\" field")),
    }
    let version = object
        .get("schema_version")
        .and_then(serde_json::Value::as_u64)
        .ok_or_else(|| not_a_document("no whole-number \"schema_version\" field"))?;
    let version = u32::try_from(version).unwrap_or(u32::MAX);
    if version > SCHEMA_VERSION {
        return Err(HostError::TooNew {
            source_name: source_name.to_owned(),
            found: version,
            supported: SCHEMA_VERSION,
        });
    }
    let kind = object
        .get("kind")
        .and_then(|k| k.as_str())
        .ok_or_else(|| not_a_document("no \"kind\" field (\"game\" or \"event\")"))?
        .to_owned();
    let mut body = object.clone();
    for key in ["format", "schema_version", "kind"] {
        body.remove(key);
    }
    let body = super::migrate::migrate(version, &kind, body).map_err(|(path, message)| {
        HostError::Field {
            source_name: source_name.to_owned(),
            path,
            message: format!("cannot migrate from schema {version}: {message}"),
        }
    })?;
    Ok((kind, serde_json::Value::Object(body)))
}

/// The typed document of kind `kind`.
fn typed_document(
    kind: &str,
    body: serde_json::Value,
    source_name: &str,
) -> Result<Document, HostError> {
    match kind {
        "game" => typed::<GameDoc>(body, source_name).map(Document::Game),
        "event" => typed::<EventDoc>(body, source_name).map(Document::Event),
        other => Err(HostError::Field {
            source_name: source_name.to_owned(),
            path: "kind".to_owned(),
            message: format!("\"{other}\" is neither \"game\" nor \"event\""),
        }),
    }
}

/// Deserialises the body, keeping the path of a bad field for the error.
fn typed<T: DeserializeOwned>(body: serde_json::Value, source_name: &str) -> Result<T, HostError> {
    serde_path_to_error::deserialize(body).map_err(|e| HostError::Field {
        source_name: source_name.to_owned(),
        path: e.path().to_string(),
        message: e.inner().to_string(),
    })
}

/// Reads a document from a file.
pub fn load(path: &Path) -> Result<Document, HostError> {
    // Bounded before anything is read: no FIFO, device or huge file.
    let text = read_bounded(path, MAX_DOCUMENT_BYTES).map_err(|source| HostError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse(&text, &path.display().to_string())
}

/// The document in `path`, or a bare event file of a known kind (an event
/// saved without the document wrapper, as older versions and other tools
/// write it) taken in as an event document that hosts no games.
pub fn load_or_import(path: &Path) -> Result<Document, HostError> {
    let text = read_bounded(path, MAX_DOCUMENT_BYTES).map_err(|source| HostError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_or_import(&text, &path.display().to_string())
}

/// [`parse`], or a bare event file of a known kind taken in as an event
/// document (see [`load_or_import`]).
pub fn parse_or_import(text: &str, name: &str) -> Result<Document, HostError> {
    match parse(text, name) {
        Err(HostError::NotADocument {
            source_name,
            message,
        }) => match crate::registry::SystemEvent::from_bare(text) {
            Some(Ok(event)) => Ok(Document::Event(super::EventDoc::new(event))),
            Some(Err(HostError::Field { path, message, .. })) => Err(HostError::Field {
                source_name,
                path,
                message,
            }),
            Some(Err(other)) => Err(other),
            None => Err(HostError::NotADocument {
                source_name,
                message,
            }),
        },
        other => other,
    }
}

/// The document as pretty JSON, with format, version and kind.
pub fn to_json(document: &Document) -> String {
    let body = match document {
        Document::Game(game) => serde_json::to_value(game),
        Document::Event(event) => serde_json::to_value(event),
    };
    let mut object = serde_json::Map::new();
    object.insert("format".into(), FORMAT.into());
    object.insert("schema_version".into(), SCHEMA_VERSION.into());
    object.insert("kind".into(), document.kind().into());
    if let Ok(serde_json::Value::Object(fields)) = body {
        object.extend(fields);
    }
    // Serialising plain data with string keys cannot fail.
    serde_json::to_string_pretty(&serde_json::Value::Object(object)).unwrap_or_default()
}

/// Saves a document atomically (see [`write_atomic`]).
pub fn save(path: &Path, document: &Document) -> Result<(), HostError> {
    let mut text = to_json(document);
    text.push('\n');
    write_atomic(path, text.as_bytes()).map_err(|source| HostError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Checks a document's text (or a bare event file's, as every command
/// reads those too): the document's own problems (empty when sound).
///
/// # Errors
/// The document cannot be read at all (see [`parse_or_import`]).
pub fn check_text(text: &str, source_name: &str) -> Result<Vec<Problem>, HostError> {
    parse_or_import(text, source_name).map(|document| document.problems())
}
