//! Sentences as catalogue keys with arguments, so that a resolution's log
//! can be shown and printed in any language.

use serde::{Deserialize, Serialize};

/// The key of [`Message::verbatim`]: its `text` argument, untranslated.
pub const VERBATIM: &str = "verbatim";

/// One argument of a [`Message`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MessageArg {
    /// A whole number, printed as is.
    Int(i64),
    /// Text printed as is (a name typed by the user).
    Text(String),
    /// Another catalogue key, translated before it is put in.
    Key(String),
    /// A whole message, rendered before it is put in.
    Nested(Box<Message>),
}

/// A user-visible sentence as a catalogue key plus named arguments.
///
/// The catalogue entry for `key` holds the sentence with `{name}`
/// placeholders. A rule crate logs messages; the app and the sheets
/// translate them, so a German sheet is German throughout.
///
/// ```
/// use feldherr_dice::step::Message;
/// let m = Message::new("demo.hit").int("str", 9).key("zone", "demo.zone.front");
/// let lookup = |key: &str| match key {
///     "demo.hit" => Some("hit of strength {str} from the {zone}"),
///     "demo.zone.front" => Some("front"),
///     _ => None,
/// };
/// assert_eq!(m.render(&lookup).as_deref(), Some("hit of strength 9 from the front"));
/// assert_eq!(Message::new("missing").render(&lookup), None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    /// The catalogue key, e.g. `conf.log.damage_row`.
    pub key: String,
    /// Named arguments, in the order they were added.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<(String, MessageArg)>,
}

impl Message {
    /// A message without arguments.
    pub fn new(key: impl Into<String>) -> Self {
        Self {
            key: key.into(),
            args: Vec::new(),
        }
    }

    /// Adds a whole-number argument.
    pub fn int(mut self, name: impl Into<String>, value: impl Into<i64>) -> Self {
        self.args.push((name.into(), MessageArg::Int(value.into())));
        self
    }

    /// Adds a text argument, printed untranslated.
    pub fn text(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.args
            .push((name.into(), MessageArg::Text(value.into())));
        self
    }

    /// Adds an argument that is itself a catalogue key.
    pub fn key(mut self, name: impl Into<String>, key: impl Into<String>) -> Self {
        self.args.push((name.into(), MessageArg::Key(key.into())));
        self
    }

    /// Adds an argument that is a whole message.
    pub fn nested(mut self, name: impl Into<String>, message: Message) -> Self {
        self.args
            .push((name.into(), MessageArg::Nested(Box::new(message))));
        self
    }

    /// A message that is the given text in every language (a name typed by
    /// the user, or a sentence no catalogue has yet).
    pub fn verbatim(text: &str) -> Self {
        Message::new(VERBATIM).text("text", text)
    }

    /// The sentence with its arguments filled in, looking keys up with
    /// `lookup`; `None` when `lookup` knows the message's key or one of its
    /// key arguments not.
    pub fn render<'a>(&self, lookup: &dyn Fn(&str) -> Option<&'a str>) -> Option<String> {
        let mut text = if self.key == VERBATIM {
            "{text}".to_owned()
        } else {
            lookup(&self.key)?.to_owned()
        };
        for (name, arg) in &self.args {
            let value = match arg {
                MessageArg::Int(n) => n.to_string(),
                MessageArg::Text(t) => t.clone(),
                MessageArg::Key(k) => lookup(k)?.to_owned(),
                MessageArg::Nested(m) => m.render(lookup)?,
            };
            text = text.replace(&format!("{{{name}}}"), &value);
        }
        Some(text)
    }
}
