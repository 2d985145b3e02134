//! Reading and writing documents.

use std::marker::PhantomData;
use std::path::Path;

use serde::de::{DeserializeOwned, MapAccess, Visitor};
use serde::{Deserialize, Serialize};

use feldherr_dice::step::Message;
use feldherr_play::{PlayError, Problem};

use super::scan::ScanError;
use super::{Document, EventDoc, FORMAT, GameDoc, SCHEMA_VERSION};
use crate::HostError;
use crate::atomic::{MAX_DOCUMENT_BYTES, read_bounded, write_atomic};

/// Parses a document from JSON text; `source_name` names it in errors.
/// A key this version does not know is refused, naming the key and its
/// path (see [`parse_dropping_unknown`] for the app's read-only opening).
///
/// A document of the current schema is read in one streaming pass after
/// the header scan; an older one goes through its migration first.
pub fn parse(text: &str, source_name: &str) -> Result<Document, HostError> {
    let (kind, version) = header(text, source_name)?;
    if version == SCHEMA_VERSION {
        return streamed(&kind, text, source_name);
    }
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
    pointer(path)
        .and_then(|p| body.pointer_mut(&p))
        .and_then(serde_json::Value::as_object_mut)
        .is_some_and(|object| object.remove(key).is_some())
}

/// `path` (dotted keys and `[i]` indices, as serde_path_to_error writes
/// them) as a JSON pointer (RFC 6901); `None` for an index that is no
/// number.
fn pointer(path: &str) -> Option<String> {
    let mut out = String::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (name, indices) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if !name.is_empty() {
            out.push('/');
            out.push_str(&name.replace('~', "~0").replace('/', "~1"));
        }
        for index in indices.split(['[', ']']).filter(|i| !i.is_empty()) {
            out.push('/');
            out.push_str(&index.parse::<usize>().ok()?.to_string());
        }
    }
    Some(out)
}

/// The header of a document, checked: its kind and schema version. One
/// streaming pass over the text (see [`super::scan`]) that also refuses a
/// key given twice in any object, with its path.
fn header(text: &str, source_name: &str) -> Result<(String, u32), HostError> {
    let header = super::scan::scan(text).map_err(|error| match error {
        ScanError::Syntax {
            message,
            line,
            column,
        } => HostError::Syntax {
            source_name: source_name.to_owned(),
            line,
            column,
            message,
        },
        ScanError::Duplicate { path, key } => HostError::Field {
            source_name: source_name.to_owned(),
            path: if path.is_empty() {
                key
            } else {
                format!("{path}.{key}")
            },
            message: DUPLICATE_KEY.to_owned(),
        },
    })?;
    let not_a_document = |message: &str| HostError::NotADocument {
        source_name: source_name.to_owned(),
        message: message.to_owned(),
    };
    if !header.object {
        return Err(not_a_document("the top level is not an object"));
    }
    match header.format.as_deref() {
        Some(FORMAT) => {}
        Some(other) => return Err(not_a_document(&format!("format is \"{other}\""))),
        None => return Err(not_a_document("no \"format\": \"feldherr\" field")),
    }
    let version = header
        .schema_version
        .ok_or_else(|| not_a_document("no whole-number \"schema_version\" field"))?;
    let version = u32::try_from(version).unwrap_or(u32::MAX);
    if version > SCHEMA_VERSION {
        return Err(HostError::TooNew {
            source_name: source_name.to_owned(),
            found: version,
            supported: SCHEMA_VERSION,
        });
    }
    let kind = header
        .kind
        .ok_or_else(|| not_a_document("no \"kind\" field (\"game\" or \"event\")"))?;
    Ok((kind, version))
}

/// The message of a key given twice in one object.
pub(crate) const DUPLICATE_KEY: &str =
    "this key is given twice in one object (JSON would silently keep only the last value)";

/// The header keys, left out of the body.
const HEADER_KEYS: &[&str] = &["format", "schema_version", "kind"];

/// The checked header and the body of a document (migrated to the
/// current schema), as a tree: for older schemas and the read-only
/// opening, which edit the tree.
fn untyped(text: &str, source_name: &str) -> Result<(String, serde_json::Value), HostError> {
    let (kind, version) = header(text, source_name)?;
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| HostError::Syntax {
        source_name: source_name.to_owned(),
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })?;
    let serde_json::Value::Object(mut body) = value else {
        return Err(HostError::NotADocument {
            source_name: source_name.to_owned(),
            message: "the top level is not an object".to_owned(),
        });
    };
    for key in HEADER_KEYS {
        body.remove(*key);
    }
    let body = super::migrate::migrate(version, &kind, body).map_err(|(path, reason)| {
        let said = crate::registry::schema_v1::cannot_migrate(version, reason);
        HostError::Refused {
            source_name: source_name.to_owned(),
            path,
            message: crate::registry::schema_v1::english(&said),
            said: Box::new(said),
        }
    })?;
    Ok((kind, serde_json::Value::Object(body)))
}

/// A document of the current schema typed straight from its text, with no
/// tree in between: memory grows with the typed document, not twice.
fn streamed(kind: &str, text: &str, source_name: &str) -> Result<Document, HostError> {
    match kind {
        "game" => from_text::<GameDoc>(text, source_name).map(Document::Game),
        "event" => from_text::<EventDoc>(text, source_name).map(seated),
        other => Err(HostError::Field {
            source_name: source_name.to_owned(),
            path: "kind".to_owned(),
            message: format!("\"{other}\" is neither \"game\" nor \"event\""),
        }),
    }
}

/// Reads the top-level object of `text`, header keys left out, as a `T`,
/// keeping the path of a bad field for the error.
fn from_text<T: DeserializeOwned>(text: &str, source_name: &str) -> Result<T, HostError> {
    /// The body of the top-level object as a `T`.
    struct Body<T>(PhantomData<T>);

    impl<'de, T: Deserialize<'de>> Visitor<'de> for Body<T> {
        type Value = T;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a Feldherr document")
        }

        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
            super::stream::rest_as(map, HEADER_KEYS)
        }
    }

    let mut de = serde_json::Deserializer::from_str(text);
    let mut track = serde_path_to_error::Track::new();
    let result = serde::Deserializer::deserialize_map(
        serde_path_to_error::Deserializer::new(&mut de, &mut track),
        Body(PhantomData),
    );
    let result = result.and_then(|value| de.end().map(|()| value));
    result.map_err(|e| {
        let error = HostError::Field {
            source_name: source_name.to_owned(),
            path: track.path().to_string(),
            message: e.to_string(),
        };
        // Only now, on the way out, a tree of the text: a game's own load
        // check says its refusal as a message.
        match serde_json::from_str::<serde_json::Value>(text) {
            Ok(tree) => said_by_the_game(error, &tree),
            Err(_) => error,
        }
    })
}

/// A field error at a saved game that the game's own load check refused
/// ([`crate::registry::SystemGame::load_refusal`]) as
/// [`HostError::Refused`], with the check's catalogue message; any other
/// error as it is. `body` is the document the error's path points into.
fn said_by_the_game(error: HostError, body: &serde_json::Value) -> HostError {
    let HostError::Field {
        source_name,
        path,
        message,
    } = error
    else {
        return error;
    };
    let said = value_at(body, &path)
        .and_then(crate::registry::SystemGame::load_refusal)
        .and_then(|refusal| {
            let reason = refusal.message()?.clone();
            Some(match refusal {
                PlayError::Invalid { field, value, .. } => Message::new(LOAD_INVALID)
                    .text("field", field)
                    .text("value", value)
                    .nested("reason", reason),
                _ => reason,
            })
        });
    match said {
        Some(said) => HostError::Refused {
            source_name,
            path,
            message,
            said: Box::new(said),
        },
        None => HostError::Field {
            source_name,
            path,
            message,
        },
    }
}

/// The catalogue key of a game's bad value refused on loading: the field
/// (its path in the game), the value and the game's reason.
const LOAD_INVALID: &str = "host.load.invalid";

/// The value at `path` (dotted keys and `[i]` indices, as
/// serde_path_to_error writes them) in `body`.
fn value_at<'a>(body: &'a serde_json::Value, path: &str) -> Option<&'a serde_json::Value> {
    body.pointer(&pointer(path)?)
}

/// The typed document of kind `kind`.
fn typed_document(
    kind: &str,
    body: serde_json::Value,
    source_name: &str,
) -> Result<Document, HostError> {
    match kind {
        "game" => typed::<GameDoc>(body, source_name).map(Document::Game),
        "event" => typed::<EventDoc>(body, source_name).map(seated),
        other => Err(HostError::Field {
            source_name: source_name.to_owned(),
            path: "kind".to_owned(),
            message: format!("\"{other}\" is neither \"game\" nor \"event\""),
        }),
    }
}

/// An event whose hosted games all have their seats (schema 3).
fn seated(mut event: EventDoc) -> Document {
    event.seat_unseated();
    Document::Event(event)
}

/// Deserialises the body, keeping the path of a bad field for the error.
fn typed<T: DeserializeOwned>(body: serde_json::Value, source_name: &str) -> Result<T, HostError> {
    serde_path_to_error::deserialize(&body).map_err(|e| {
        let error = HostError::Field {
            source_name: source_name.to_owned(),
            path: e.path().to_string(),
            message: e.inner().to_string(),
        };
        said_by_the_game(error, &body)
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

/// The document as pretty JSON: format, version and kind first, then the
/// body, each system's or event's tag first within it (so that reading
/// types it straight from the text).
pub fn to_json(document: &Document) -> String {
    /// The header, then the document's own fields.
    #[derive(Serialize)]
    struct WithHeader<'a, T> {
        format: &'a str,
        schema_version: u32,
        kind: &'a str,
        #[serde(flatten)]
        body: &'a T,
    }

    fn text<T: Serialize>(kind: &str, body: &T) -> String {
        let document = WithHeader {
            format: FORMAT,
            schema_version: SCHEMA_VERSION,
            kind,
            body,
        };
        // Serialising plain data with string keys cannot fail.
        serde_json::to_string_pretty(&document).unwrap_or_default()
    }

    match document {
        Document::Game(game) => text(document.kind(), game),
        Document::Event(event) => text(document.kind(), event),
    }
}

/// The document as its file holds it: [`to_json`] and a final newline.
pub fn file_text(document: &Document) -> String {
    let mut text = to_json(document);
    text.push('\n');
    text
}

/// Saves a document atomically (see [`write_atomic`]).
pub fn save(path: &Path, document: &Document) -> Result<(), HostError> {
    let text = file_text(document);
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
