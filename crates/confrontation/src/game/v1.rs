//! Reading the Confrontation parts of a version 1 app document (machines
//! by index, `applied` inside each resolution, `confrontation_…` resolver
//! names) into a [`ConfrontationGame`], for the host's v1 → v2 migration.

use feldherr_dice::step::{Answer, Message};
use feldherr_play::{Id, PlayError, SavedResolution};
use serde_json::{Map, Value, json};

use super::refusal::say;
use super::{ConfrontationGame, ConfrontationKind};

/// A bad value of the old file: the English `reason` (the host's
/// migration error quotes it) and the sentence as a catalogue message
/// (issue #27).
fn bad(
    field: impl Into<String>,
    value: impl std::fmt::Display,
    reason: &str,
    message: Message,
) -> PlayError {
    PlayError::invalid(field, value, reason).with_message(message)
}

/// What cannot be read, said with the reader's (English) error.
fn unreadable(
    field: impl Into<String>,
    value: impl std::fmt::Display,
    error: &dyn std::fmt::Display,
    message: Message,
) -> PlayError {
    let error = error.to_string();
    bad(field, value, &error, message.text("error", error.clone()))
}

/// The id a v1 machine index becomes: index 0 is machine #1.
fn machine_id(field: &str, value: &Value) -> Result<Value, PlayError> {
    let index = value.as_u64().ok_or_else(|| {
        bad(
            field,
            value,
            "a machine index must be a whole number",
            say("v1.machine_index").text("value", value.to_string()),
        )
    })?;
    Ok(json!(index.saturating_add(1)))
}

/// Renames `machine` (an index or null) to an id in `object`.
fn map_machine(at: &str, object: &mut Map<String, Value>) -> Result<(), PlayError> {
    if let Some(m) = object.get_mut("machine")
        && !m.is_null()
    {
        *m = machine_id(&format!("{at}.machine"), m)?;
    }
    if let Some(Value::Array(refs)) = object.get_mut("refs") {
        for (i, r) in refs.iter_mut().enumerate() {
            if let Some(r) = r.as_object_mut() {
                map_machine(&format!("{at}.refs[{i}]"), r)?;
            }
        }
    }
    Ok(())
}

/// A v1 `hits` resolution caused by a destroyed vehicle becomes a
/// `passengers` one (the crate's `PassengerWounds`): STR is the vehicle's
/// RES; the passengers' sizes were not kept in v1 and do not change the
/// wounds (they are read as normal).
fn passengers_of(at: &str, object: &Map<String, Value>) -> Result<Value, PlayError> {
    let machine = object
        .get("machine")
        .filter(|m| !m.is_null())
        .cloned()
        .ok_or_else(|| {
            bad(
                format!("{at}.machine"),
                Value::Null,
                "passengers need their vehicle",
                say("v1.passengers_vehicle"),
            )
        })?;
    let strength = object.get("strength").cloned().unwrap_or(Value::Null);
    let victims = object
        .get("victims")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let passengers = victims
        .iter()
        .map(|v| json!({"name": v["name"], "size": "normal", "res": v["res"]}))
        .collect::<Vec<_>>();
    Ok(json!({"machine": machine, "vehicle_res": strength, "passengers": passengers}))
}

impl ConfrontationGame {
    /// The game of a version 1 app document, from its `machines`,
    /// `figures` and `resolutions` values (absent ones as `null`). Machine
    /// `i` gets id `i + 1`, resolution `i` id `i + 1`; every answer is
    /// replayed. Sides, round and crew figures as PC1 says. An error names the path of what does not fit (a repair at
    /// full SP, which C10 now refuses, among them).
    pub fn from_v1(
        machines: &Value,
        figures: &Value,
        resolutions: &Value,
    ) -> Result<Self, PlayError> {
        let mut old = Vec::new();
        for (i, m) in machines.as_array().into_iter().flatten().enumerate() {
            let mut m = m.clone();
            if let Some(object) = m.as_object_mut() {
                object.insert("id".into(), json!(i + 1));
            }
            // Each machine on its own first, so that an error names it.
            serde_json::from_value::<super::repr::MachineRepr>(m.clone()).map_err(|e| {
                unreadable(
                    format!("machines[{i}]"),
                    "machine",
                    &e,
                    say("v1.machine_unreadable"),
                )
            })?;
            old.push(m);
        }
        let figures = if figures.is_null() {
            json!({})
        } else {
            figures.clone()
        };
        // The old form (no sides): PC1 brings it up to date.
        let mut game: ConfrontationGame =
            serde_json::from_value(json!({"machines": old, "figures": figures}))
                .map_err(|e| unreadable("figures", "figures", &e, say("v1.figures_unreadable")))?;
        for (i, r) in resolutions.as_array().into_iter().flatten().enumerate() {
            let at = format!("resolutions[{i}]");
            let (name, inputs) = r
                .get("resolver")
                .and_then(Value::as_object)
                .and_then(|o| o.iter().next())
                .ok_or_else(|| {
                    bad(
                        format!("{at}.resolver"),
                        r,
                        "no resolver",
                        say("v1.no_resolver"),
                    )
                })?;
            let mut inputs = inputs.as_object().cloned().ok_or_else(|| {
                bad(
                    format!("{at}.resolver"),
                    r,
                    "no inputs",
                    say("v1.no_inputs"),
                )
            })?;
            let applied = inputs
                .remove("applied")
                .and_then(|a| a.as_bool())
                .unwrap_or(false);
            map_machine(&at, &mut inputs)?;
            let kind = name.strip_prefix("confrontation_").unwrap_or(name);
            let value = match kind {
                "hits" if inputs.get("cause") == Some(&json!("passengers")) => {
                    json!({"passengers": passengers_of(&at, &inputs)?})
                }
                _ => json!({kind: inputs}),
            };
            let kind: ConfrontationKind = serde_json::from_value(value).map_err(|e| {
                unreadable(
                    format!("{at}.resolver"),
                    name,
                    &e,
                    say("v1.resolver_unreadable").text("name", name.clone()),
                )
            })?;
            let answers: Vec<Answer> = match r.get("answers") {
                None | Some(Value::Null) => Vec::new(),
                Some(a) => serde_json::from_value(a.clone()).map_err(|e| {
                    unreadable(
                        format!("{at}.answers"),
                        "answers",
                        &e,
                        say("v1.answers_unreadable"),
                    )
                })?,
            };
            let id = Id(u64::try_from(i).unwrap_or(u64::MAX).saturating_add(1));
            let saved = SavedResolution::with_answers(id, kind, answers, applied).map_err(|e| {
                let why = e
                    .message()
                    .cloned()
                    .unwrap_or_else(|| Message::verbatim(&e.to_string()));
                bad(
                    at.clone(),
                    "resolution",
                    &e.to_string(),
                    say("v1.resolution_replay").nested("error", why),
                )
            })?;
            game.resolutions.push(saved);
        }
        Ok(game)
    }
}
