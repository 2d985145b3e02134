//! Schema 1 documents as the rule systems read them: schema 1 had one
//! game shape for every system, with Confrontation's machines, figures and
//! resolutions beside the table, and only the New Year event. The document
//! layer's `migrate` calls these; they live here because they name systems.
//!
//! What cannot be carried over is said as a `host.migrate.*` catalogue
//! message (the host's `i18n/*.json`) naming the field's value, so the
//! app says it in the interface language; the English sentence is the
//! same message through the English catalogue.

use feldherr_dice::step::Message;
use feldherr_play::{Lang, PlayError};
use serde_json::{Map, Value};

feldherr_play::refusals!("host.migrate", || crate::Texts::new(Lang::En).catalogue().clone(); say, english);

/// Why a document of an older schema cannot be carried over: the path of
/// the field and the reason as a catalogue message.
pub(crate) type Unmigrated = (String, Message);

/// The whole reason a document of schema `version` cannot be migrated,
/// `reason` nested: "cannot migrate from schema 1: …".
pub(crate) fn cannot_migrate(version: u32, reason: Message) -> Message {
    say("failed")
        .text("version", version.to_string())
        .nested("reason", reason)
}

/// A rule system by its name in the interface language (its catalogue
/// key `<key>.name`), or its id when it has none.
fn system_name(message: Message, id: &str) -> Message {
    match crate::registry::info(id) {
        Some(info) => message.key("system", format!("{}.name", info.key)),
        None => message.text("system", id),
    }
}

/// A rule crate's error in reading its schema 1 data, said with its own
/// catalogue message where it gives one.
fn crate_error(e: PlayError) -> Unmigrated {
    match e {
        PlayError::Invalid {
            field,
            value,
            reason,
            message,
        } => {
            // The crate's message names the value itself.
            let said = message.map_or_else(
                || {
                    say("value_reason")
                        .text("value", value)
                        .nested("reason", Message::verbatim(&reason))
                },
                |m| *m,
            );
            (field, said)
        }
        other => {
            let said = other
                .message()
                .cloned()
                .unwrap_or_else(|| Message::verbatim(&other.to_string()));
            ("game".to_owned(), said)
        }
    }
}

/// The rule-system ids of schema 1 and what they are now.
fn system_v1(id: &str) -> Option<&'static str> {
    Some(match id {
        "wfb_new_year" => "wfb_newyear",
        "warmaster" => "warmaster",
        "warheim" => "warheim",
        "confrontation" => "confrontation",
        "wh40k" => "wh40k_ffa",
        _ => return None,
    })
}

/// Schema 1 kept a game's system and its Confrontation data (machines,
/// figures, resolutions) next to its name and table; schema 2 keeps them
/// in `game`, tagged with `system`, and gives every resolution an id.
pub fn game_v1_to_v2(mut body: Map<String, Value>) -> Result<Map<String, Value>, Unmigrated> {
    let bad = |path: &str, message: Message| (path.to_owned(), message);
    let system = body
        .remove("system")
        .ok_or_else(|| bad("system", say("missing")))?;
    let id = system.as_str().and_then(system_v1).ok_or_else(|| {
        bad(
            "system",
            say("not_a_system").text("value", system.to_string()),
        )
    })?;
    let mut game = Map::new();
    game.insert("system".into(), Value::from(id));
    let resolutions = match body.remove("resolutions") {
        Some(Value::Array(list)) => list,
        None | Some(Value::Null) => Vec::new(),
        Some(other) => {
            return Err(bad(
                "resolutions",
                say("not_a_list").text("value", other.to_string()),
            ));
        }
    };
    let machines = body.remove("machines");
    let figures = body.remove("figures");
    if id == "confrontation" {
        // The crate reads its own v1 data: machine indices become ids,
        // `confrontation_…` resolvers its kinds, every answer replayed.
        let null = Value::Null;
        let converted = feldherr_confrontation::ConfrontationGame::from_v1(
            machines.as_ref().unwrap_or(&null),
            figures.as_ref().unwrap_or(&null),
            &Value::Array(resolutions),
        )
        .map_err(crate_error)?;
        match serde_json::to_value(&converted) {
            Ok(Value::Object(fields)) => game.extend(fields),
            Ok(_) | Err(_) => {
                return Err(bad("game", say("unwritable")));
            }
        }
    } else {
        let empty = |v: &Option<Value>| match v {
            None | Some(Value::Null) => true,
            Some(Value::Array(a)) => a.is_empty(),
            Some(Value::Object(o)) => o.is_empty(),
            Some(_) => false,
        };
        if !resolutions.is_empty() {
            return Err(bad("resolutions", system_name(say("resolutions"), id)));
        }
        if !empty(&machines) || !empty(&figures) {
            return Err(bad("machines", system_name(say("machines"), id)));
        }
    }
    body.insert("game".into(), Value::Object(game));
    Ok(body)
}

/// Schema 1 events were always the New Year event, under `new_year`;
/// schema 2 keeps any kind of event under `event`, tagged with `event`.
pub fn event_v1_to_v2(mut body: Map<String, Value>) -> Result<Map<String, Value>, Unmigrated> {
    let Some(Value::Object(mut event)) = body.remove("new_year") else {
        return Err(("new_year".into(), say("no_event")));
    };
    event.insert("event".into(), Value::from("wfb_newyear"));
    body.insert("event".into(), Value::Object(event));
    Ok(body)
}
