//! Migrations of older documents to the current schema, on the JSON
//! before it is typed. A migrated document is saved in the new schema the
//! next time it changes; the file on disk is not touched by opening it.

use serde_json::{Map, Value};

/// Migrates the body of a document of schema `version` and kind `kind` to
/// the current schema. The error names the field that cannot be carried
/// over and says why as a catalogue message.
pub fn migrate(
    version: u32,
    kind: &str,
    mut body: Map<String, Value>,
) -> Result<Map<String, Value>, crate::registry::schema_v1::Unmigrated> {
    if version < 2 {
        body = match kind {
            "game" => crate::registry::schema_v1::game_v1_to_v2(body)?,
            "event" => crate::registry::schema_v1::event_v1_to_v2(body)?,
            _ => body,
        };
    }
    // Schema 2 to 3 adds `hosted[].seats`: nothing to change in the
    // JSON; the seats come from the typed event (EventDoc::seat_unseated,
    // called on every event read).
    Ok(body)
}
