//! One streaming pass over a document's text before it is read: every
//! object is checked for a key given twice (JSON allows it, the last value
//! would silently win), and the header fields are picked up. No tree of
//! the document is built: memory grows with the nesting depth and the
//! keys of the object being read, never with the document.

use std::collections::HashSet;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

/// What the scan found at the top level of a document.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Header {
    /// Whether the top level is a JSON object.
    pub object: bool,
    /// `format`, when a string.
    pub format: Option<String>,
    /// `schema_version`, when a whole number.
    pub schema_version: Option<u64>,
    /// `kind`, when a string.
    pub kind: Option<String>,
}

/// Why a scan stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScanError {
    /// A key given twice in one object, with the object's path.
    Duplicate {
        /// The path of the object (`game.machines[2]`; empty at the top).
        path: String,
        /// The key.
        key: String,
    },
    /// Not JSON: the parser's message, line and column.
    Syntax {
        /// What the parser said.
        message: String,
        /// Line, 1-based.
        line: usize,
        /// Column, 1-based.
        column: usize,
    },
}

/// Scans `text`: the header of its top-level object, or the first key
/// given twice, or why it is not JSON.
pub fn scan(text: &str) -> Result<Header, ScanError> {
    let mut header = Header::default();
    let mut path = Vec::new();
    let mut duplicate = None;
    let mut de = serde_json::Deserializer::from_str(text);
    let result = Node {
        path: &mut path,
        duplicate: &mut duplicate,
        header: Some(&mut header),
    }
    .deserialize(&mut de)
    .and_then(|()| de.end());
    if let Some(found) = duplicate {
        return Err(found);
    }
    match result {
        Ok(()) => Ok(header),
        Err(e) => Err(ScanError::Syntax {
            message: e.to_string(),
            line: e.line(),
            column: e.column(),
        }),
    }
}

/// A step of a path: a key or an index.
enum Step {
    Key(String),
    Index(usize),
}

/// The path as serde_path_to_error writes it: `a.b[2].c`.
fn path_text(path: &[Step]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            Step::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Step::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// One value of the document being scanned; the top level also fills the
/// header.
struct Node<'a> {
    path: &'a mut Vec<Step>,
    duplicate: &'a mut Option<ScanError>,
    header: Option<&'a mut Header>,
}

/// The error a duplicate stops the parser with (the real one is kept in
/// `duplicate`).
fn stop<E: de::Error>() -> E {
    E::custom("a key given twice")
}

impl<'de> DeserializeSeed<'de> for Node<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Node<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut index = 0;
        loop {
            self.path.push(Step::Index(index));
            let next = seq.next_element_seed(Node {
                path: self.path,
                duplicate: self.duplicate,
                header: None,
            });
            self.path.pop();
            if next?.is_none() {
                return Ok(());
            }
            index += 1;
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let Node {
            path,
            duplicate,
            mut header,
        } = self;
        if let Some(h) = header.as_deref_mut() {
            h.object = true;
        }
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                *duplicate = Some(ScanError::Duplicate {
                    path: path_text(path),
                    key,
                });
                return Err(stop());
            }
            match (header.as_deref_mut(), key.as_str()) {
                (Some(h), "format") => {
                    h.format = map.next_value::<serde_json::Value>()?.as_str().map(str::to_owned);
                }
                (Some(h), "schema_version") => {
                    h.schema_version = map.next_value::<serde_json::Value>()?.as_u64();
                }
                (Some(h), "kind") => {
                    h.kind = map.next_value::<serde_json::Value>()?.as_str().map(str::to_owned);
                }
                _ => {
                    path.push(Step::Key(key));
                    let result = map.next_value_seed(Node {
                        path,
                        duplicate,
                        header: None,
                    });
                    path.pop();
                    result?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_given_twice_is_found_with_its_path() {
        let text = r#"{"format":"feldherr","game":{"machines":[{"sp":1},{"sp":2,"sp":3}]}}"#;
        assert_eq!(
            scan(text),
            Err(ScanError::Duplicate {
                path: "game.machines[1]".into(),
                key: "sp".into()
            })
        );
        let top = r#"{"name":"a","name":"b"}"#;
        assert_eq!(
            scan(top),
            Err(ScanError::Duplicate {
                path: String::new(),
                key: "name".into()
            })
        );
    }

    #[test]
    fn the_header_is_read_and_a_sound_document_passes() {
        let text = r#"{"format":"feldherr","schema_version":2,"kind":"game","game":{"a":[1,2,{"b":null}]}}"#;
        let header = scan(text).expect("sound");
        assert_eq!(header.format.as_deref(), Some("feldherr"));
        assert_eq!(header.schema_version, Some(2));
        assert_eq!(header.kind.as_deref(), Some("game"));
        assert!(header.object);
        // The same key in different objects is fine.
        assert!(scan(r#"{"a":{"x":1},"b":{"x":2}}"#).is_ok());
        assert!(!scan("[1,2]").expect("an array").object);
        assert!(matches!(scan("{\"a\":"), Err(ScanError::Syntax { .. })));
        assert!(matches!(scan("{} x"), Err(ScanError::Syntax { .. })));
    }
}
