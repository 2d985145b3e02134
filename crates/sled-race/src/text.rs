//! Catalogue messages: every log line and prompt is a key with arguments;
//! the English text is rendered from the crate's own English catalogue.

use std::collections::HashMap;
use std::sync::OnceLock;

use feldherr_dice::step::{LogStep, Message, MessageArg};

/// The English catalogue.
pub const EN: &str = include_str!("../messages/en.json");
/// The German catalogue.
pub const DE: &str = include_str!("../messages/de.json");

fn english() -> &'static HashMap<String, String> {
    static MAP: OnceLock<HashMap<String, String>> = OnceLock::new();
    MAP.get_or_init(|| serde_json::from_str(EN).unwrap_or_default())
}

/// The English rendering of `message` (the key itself if it is missing,
/// which the catalogue test forbids).
pub fn render(message: &Message) -> String {
    let lookup = |k: &str| english().get(k).map(String::as_str);
    message
        .render(&lookup)
        .unwrap_or_else(|| message.key.clone())
}

/// A message with integer arguments.
pub fn msg(key: &str, args: &[(&str, i64)]) -> Message {
    let mut m = Message::new(key);
    for (name, v) in args {
        m = m.int(*name, *v);
    }
    m
}

/// A rule log step for `message` under `rule`, with its numbers.
pub fn rule_step(rule: &str, message: Message) -> LogStep {
    let mut step = LogStep::rule(rule, render(&message));
    for (name, arg) in &message.args {
        if let MessageArg::Int(v) = arg {
            step = step.number(name.clone(), *v);
        }
    }
    step.with_message(message)
}
