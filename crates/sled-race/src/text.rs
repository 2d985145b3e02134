//! Catalogue messages: every log line and prompt is a key with arguments;
//! the English text is rendered from the crate's own English catalogue.

use std::collections::HashMap;
use std::sync::OnceLock;

use feldherr_dice::step::{LogStep, Message, MessageArg};

/// The English catalogue.
pub const EN: &str = include_str!("../messages/en.json");
/// The German catalogue.
pub const DE: &str = include_str!("../messages/de.json");

/// A small, fast hasher for the catalogue's keys (short ASCII strings
/// known at build time; no untrusted input is hashed).
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
}

type Keys = std::hash::BuildHasherDefault<KeyHasher>;

fn english() -> &'static HashMap<String, String, Keys> {
    static MAP: OnceLock<HashMap<String, String, Keys>> = OnceLock::new();
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
/// same result as [`Message::render`], with one allocation per message
/// instead of one per argument.
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
            Some((_, MessageArg::Nested(inner))) => out.push_str(&fast_render(inner, lookup)?),
            Some((_, MessageArg::Decimal { units, places })) => {
                out.push_str(&feldherr_dice::step::format_decimal(
                    *units,
                    *places,
                    lookup(feldherr_dice::step::DECIMAL_MARK).unwrap_or("."),
                    lookup(feldherr_dice::step::GROUP_MARK).unwrap_or(","),
                ));
            }
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

/// A message with integer arguments (room for three more, which most
/// messages add: names, keys, nested lengths).
pub fn msg(key: &str, args: &[(&str, i64)]) -> Message {
    let mut m = Message {
        key: key.to_owned(),
        args: Vec::with_capacity(args.len() + 3),
    };
    for (name, v) in args {
        m.args.push(((*name).to_owned(), MessageArg::Int(*v)));
    }
    m
}

/// A rule log step for `message` under `rule`, with its numbers.
pub fn rule_step(rule: &str, message: Message) -> LogStep {
    let numbers = message
        .args
        .iter()
        .filter_map(|(name, arg)| match arg {
            MessageArg::Int(v) => Some((name.clone(), *v)),
            _ => None,
        })
        .collect();
    let mut step = LogStep::rule(rule, render(&message));
    step.numbers = numbers;
    step.with_message(message)
}
