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
    fast_render(message, &lookup).unwrap_or_else(|| {
        message
            .render(&lookup)
            .unwrap_or_else(|| message.key.clone())
    })
}

/// One pass over the template, filling `{name}` from the arguments: the
/// same result as [`Message::render`] for messages without nested
/// messages, with one allocation instead of one per argument.
fn fast_render<'a>(message: &Message, lookup: &dyn Fn(&str) -> Option<&'a str>) -> Option<String> {
    use std::fmt::Write;
    let template = lookup(&message.key)?;
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            rest = "";
            break;
        };
        let name = &after[..close];
        match message.args.iter().find(|(n, _)| n == name) {
            Some((_, MessageArg::Int(v))) => {
                let _ = write!(out, "{v}");
            }
            Some((_, MessageArg::Text(t))) => out.push_str(t),
            Some((_, MessageArg::Key(k))) => out.push_str(lookup(k)?),
            Some((_, MessageArg::Nested(_))) => return None,
            None => {
                out.push('{');
                out.push_str(name);
                out.push('}');
            }
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    Some(out)
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
