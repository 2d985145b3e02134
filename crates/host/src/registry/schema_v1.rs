//! Schema 1 documents as the rule systems read them: schema 1 had one
//! game shape for every system, with Confrontation's machines, figures and
//! resolutions beside the table, and only the New Year event. The document
//! layer's `migrate` calls these; they live here because they name systems.

use serde_json::{Map, Value};

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
pub fn game_v1_to_v2(mut body: Map<String, Value>) -> Result<Map<String, Value>, (String, String)> {
    let bad = |path: &str, message: String| (path.to_owned(), message);
    let system = body
        .remove("system")
        .ok_or_else(|| bad("system", "missing".into()))?;
    let id = system
        .as_str()
        .and_then(system_v1)
        .ok_or_else(|| bad("system", format!("{system} is not a rule system")))?;
    let mut game = Map::new();
    game.insert("system".into(), Value::from(id));
    let resolutions = match body.remove("resolutions") {
        Some(Value::Array(list)) => list,
        None | Some(Value::Null) => Vec::new(),
        Some(other) => return Err(bad("resolutions", format!("{other} is not a list"))),
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
        .map_err(|e| match e {
            feldherr_play::PlayError::Invalid {
                field,
                value,
                reason,
                ..
            } => (field, format!("{value}: {reason}")),
            other => ("game".to_owned(), other.to_string()),
        })?;
        match serde_json::to_value(&converted) {
            Ok(Value::Object(fields)) => game.extend(fields),
            Ok(_) | Err(_) => {
                return Err(bad("game", "the migrated game cannot be written".into()));
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
            return Err(bad(
                "resolutions",
                format!("a {id} game of schema 1 cannot carry Confrontation resolutions over"),
            ));
        }
        if !empty(&machines) || !empty(&figures) {
            return Err(bad(
                "machines",
                format!("a {id} game of schema 1 cannot carry war machines or figures over"),
            ));
        }
    }
    body.insert("game".into(), Value::Object(game));
    Ok(body)
}

/// Schema 1 events were always the New Year event, under `new_year`;
/// schema 2 keeps any kind of event under `event`, tagged with `event`.
pub fn event_v1_to_v2(
    mut body: Map<String, Value>,
) -> Result<Map<String, Value>, (String, String)> {
    let Some(Value::Object(mut event)) = body.remove("new_year") else {
        return Err(("new_year".into(), "missing or not an object".into()));
    };
    event.insert("event".into(), Value::from("wfb_newyear"));
    body.insert("event".into(), Value::Object(event));
    Ok(body)
}
