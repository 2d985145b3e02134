//! Sentences as catalogue keys with arguments, so that a resolution's log
//! can be shown and printed in any language.

use serde::{Deserialize, Serialize};

/// The key of [`Message::verbatim`]: its `text` argument, untranslated.
pub const VERBATIM: &str = "verbatim";

/// The catalogue key of a language's decimal mark (`.` in English, `,` in
/// German), which [`MessageArg::Decimal`] is written with.
pub const DECIMAL_MARK: &str = "number.decimal_mark";

/// The catalogue key of a language's thousands separator (`,` in English,
/// `.` in German), put between groups of numbers of five digits or more.
pub const GROUP_MARK: &str = "number.group_mark";

/// `units` / 10^`places` written with `decimal_mark` and, from 10,000 on,
/// thousands separated by `group_mark`: `format_decimal(225, 1, ",", ".")`
/// is `22,5`, `format_decimal(1234567, 2, ",", ".")` is `12.345,67`.
pub fn format_decimal(units: i64, places: u8, decimal_mark: &str, group_mark: &str) -> String {
    let scale = 10u64.saturating_pow(u32::from(places));
    let magnitude = units.unsigned_abs();
    let (whole, fraction) = (magnitude / scale, magnitude % scale);
    let digits = whole.to_string();
    let mut out = String::new();
    if units < 0 {
        out.push('-');
    }
    if whole >= 10_000 {
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push_str(group_mark);
            }
            out.push(c);
        }
    } else {
        out.push_str(&digits);
    }
    if places > 0 {
        out.push_str(decimal_mark);
        out.push_str(&format!("{fraction:0width$}", width = usize::from(places)));
    }
    out
}

/// One argument of a [`Message`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MessageArg {
    /// A whole number, from 10,000 on with its thousands separated by
    /// the language's [`GROUP_MARK`]: "12,345" in English, "12.345" in
    /// German ("9999" stays as it is).
    Int(i64),
    /// Text printed as is (a name typed by the user).
    Text(String),
    /// Another catalogue key, translated before it is put in.
    Key(String),
    /// A whole message, rendered before it is put in.
    Nested(Box<Message>),
    /// A decimal number, `units` / 10^`places`, written with the
    /// language's decimal mark ([`DECIMAL_MARK`]): "22.5" or "22,5".
    Decimal {
        /// The number times 10^`places`, rounded.
        units: i64,
        /// How many digits after the decimal mark.
        places: u8,
    },
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

    /// Adds a whole-number argument, which each language groups its own
    /// way from 10,000 on ("12,345" / "12.345"); a number that is a name
    /// (a year, an id) goes in as [`Message::text`].
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

    /// Adds a decimal number with `places` digits after the decimal mark,
    /// which each language writes its own way (rounded half away from
    /// zero; a value beyond ±9.2e18 units saturates).
    pub fn decimal(mut self, name: impl Into<String>, value: f64, places: u8) -> Self {
        let scaled = value * 10f64.powi(i32::from(places));
        // Rounded first; `as` saturates out of range and maps NaN to 0.
        let units = scaled.round() as i64;
        self.args
            .push((name.into(), MessageArg::Decimal { units, places }));
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
                MessageArg::Int(n) => format_decimal(*n, 0, "", lookup(GROUP_MARK).unwrap_or(",")),
                MessageArg::Text(t) => t.clone(),
                MessageArg::Key(k) => lookup(k)?.to_owned(),
                MessageArg::Nested(m) => m.render(lookup)?,
                MessageArg::Decimal { units, places } => format_decimal(
                    *units,
                    *places,
                    lookup(DECIMAL_MARK).unwrap_or("."),
                    lookup(GROUP_MARK).unwrap_or(","),
                ),
            };
            text = text.replace(&format!("{{{name}}}"), &value);
        }
        Some(text)
    }
}

#[cfg(test)]
mod decimal_tests {
    use super::*;

    #[test]
    fn decimals_are_written_in_the_language_s_way() {
        let en = |key: &str| match key {
            "d" => Some("{x} cm"),
            DECIMAL_MARK => Some("."),
            GROUP_MARK => Some(","),
            _ => None,
        };
        let de = |key: &str| match key {
            "d" => Some("{x} cm"),
            DECIMAL_MARK => Some(","),
            GROUP_MARK => Some("."),
            _ => None,
        };
        let m = Message::new("d").decimal("x", 47.56, 1);
        assert_eq!(m.render(&en).as_deref(), Some("47.6 cm"));
        assert_eq!(m.render(&de).as_deref(), Some("47,6 cm"));
        // Without marks in the catalogue: English.
        assert_eq!(
            m.render(&|k| (k == "d").then_some("{x} cm")).as_deref(),
            Some("47.6 cm")
        );
        let cases = [
            (0, 1, "0,0"),
            (-5, 1, "-0,5"),
            (225, 1, "22,5"),
            (99_999, 0, "99.999"),
            (9_999, 0, "9999"),
            (123_456_789, 2, "1.234.567,89"),
            (i64::MIN, 0, "-9.223.372.036.854.775.808"),
        ];
        for (units, places, expected) in cases {
            assert_eq!(format_decimal(units, places, ",", "."), expected, "{units}");
        }
        // Whole numbers are grouped the same way, from 10,000 on.
        let n = Message::new("d").int("x", 12_345).int("y", 9_999);
        let en_n = |key: &str| match key {
            "d" => Some("{x} and {y}"),
            GROUP_MARK => Some(","),
            _ => None,
        };
        let de_n = |key: &str| match key {
            "d" => Some("{x} und {y}"),
            GROUP_MARK => Some("."),
            _ => None,
        };
        assert_eq!(n.render(&en_n).as_deref(), Some("12,345 and 9999"));
        assert_eq!(n.render(&de_n).as_deref(), Some("12.345 und 9999"));
        let negative = Message::new("d").int("x", -1_234_567).int("y", 0);
        assert_eq!(negative.render(&de_n).as_deref(), Some("-1.234.567 und 0"));
        // Saved and read back as it was.
        let json = serde_json::to_string(&m).expect("json");
        assert_eq!(serde_json::from_str::<Message>(&json).expect("back"), m);
    }
}
