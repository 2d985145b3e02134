//! The role of a game an event hosts: which table of which round, or the
//! one game of a kind the whole event shares (the New Year sled race).

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::PlayError;

/// The longest name a shared role may have, in characters.
pub const MAX_ROLE_NAME: usize = 40;

/// Where a hosted game sits in its event.
///
/// Saved as text, `round-2/table-3` or the shared game's name
/// (`sled_race`), so documents of every schema read the same; the text is
/// read once, here, and nowhere else.
///
/// ```
/// use feldherr_play::Role;
///
/// let role: Role = "round-2/table-3".parse()?;
/// assert_eq!(role, Role::Table { round: 2, table: 3 });
/// assert_eq!(role.to_string(), "round-2/table-3");
/// assert_eq!("sled_race".parse::<Role>()?, Role::shared("sled_race"));
/// assert!("round-0/table-1".parse::<Role>().is_err());
/// # Ok::<(), feldherr_play::PlayError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// The game at `table` in `round`, both counted from 1.
    Table {
        /// The round, from 1.
        round: u32,
        /// The table, from 1.
        table: u32,
    },
    /// The one game of its kind the event shares, by its name: lowercase
    /// ASCII letters, digits and `_`, starting with a letter, at most
    /// [`MAX_ROLE_NAME`] characters.
    Shared(Cow<'static, str>),
}

impl Role {
    /// The shared game named `name`, for an event crate's constant. The
    /// name is not checked here (this is `const`); the event crate's
    /// tests read each of its constants back with [`Role::from_str`].
    #[must_use]
    pub const fn shared(name: &'static str) -> Self {
        Role::Shared(Cow::Borrowed(name))
    }

    /// The round and table of a table's game; `None` for a shared game.
    #[must_use]
    pub fn table(&self) -> Option<(u32, u32)> {
        match self {
            Role::Table { round, table } => Some((*round, *table)),
            Role::Shared(_) => None,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Role::Table { round, table } => write!(f, "round-{round}/table-{table}"),
            Role::Shared(name) => f.write_str(name),
        }
    }
}

impl FromStr for Role {
    type Err = PlayError;

    fn from_str(text: &str) -> Result<Self, PlayError> {
        let refuse = || {
            let shown: String = text.chars().take(MAX_ROLE_NAME + 2).collect();
            PlayError::invalid(
                "role",
                format!("\"{shown}\""),
                format!(
                    "round-N/table-M (N and M from 1) or a name of at most \
                     {MAX_ROLE_NAME} lowercase letters, digits and _"
                ),
            )
        };
        if let Some(rest) = text.strip_prefix("round-") {
            let (round, table) = rest.split_once("/table-").ok_or_else(refuse)?;
            let number = |digits: &str| -> Option<u32> {
                let ok = !digits.is_empty()
                    && digits.bytes().all(|b| b.is_ascii_digit())
                    && !digits.starts_with('0');
                ok.then(|| digits.parse().ok()).flatten()
            };
            return match (number(round), number(table)) {
                (Some(round), Some(table)) => Ok(Role::Table { round, table }),
                _ => Err(refuse()),
            };
        }
        let mut bytes = text.bytes();
        let ok = text.len() <= MAX_ROLE_NAME
            && bytes.next().is_some_and(|b| b.is_ascii_lowercase())
            && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        if ok {
            Ok(Role::Shared(Cow::Owned(text.to_owned())))
        } else {
            Err(refuse())
        }
    }
}

impl Serialize for Role {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Role {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Cow::<'de, str>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, expected: Option<Role>) {
        let parsed = text.parse::<Role>().ok();
        assert_eq!(parsed, expected, "{text}");
        if let Some(role) = parsed {
            assert_eq!(role.to_string(), text, "round trip of {text}");
        }
    }

    #[test]
    fn roles_read_and_print_the_same() {
        check("round-1/table-1", Some(Role::Table { round: 1, table: 1 }));
        check(
            "round-12/table-30",
            Some(Role::Table {
                round: 12,
                table: 30,
            }),
        );
        check("sled_race", Some(Role::shared("sled_race")));
        check("final2", Some(Role::shared("final2")));
    }

    #[test]
    fn malformed_roles_are_refused() {
        for bad in [
            "",
            "round-0/table-1",
            "round-1/table-0",
            "round-01/table-1",
            "round-1/table-",
            "round-1",
            "round-+1/table-1",
            "round-4294967296/table-1",
            "Sled_Race",
            "_sled",
            "2nd",
            "sled race",
            "round-1/table-1/x",
        ] {
            check(bad, None);
        }
        let long = "a".repeat(MAX_ROLE_NAME + 1);
        check(&long, None);
        check(
            &"a".repeat(MAX_ROLE_NAME),
            Some(Role::Shared("a".repeat(MAX_ROLE_NAME).into())),
        );
    }

    #[test]
    fn a_refused_role_names_the_field_and_the_value() {
        let err = "Runde 2".parse::<Role>().unwrap_err();
        assert!(
            matches!(&err, PlayError::Invalid { field, value, .. }
            if field == "role" && value == "\"Runde 2\""),
            "{err:?}"
        );
        let err = serde_json::from_str::<Role>("\"round-0/table-1\"").unwrap_err();
        assert!(err.to_string().contains("round-0/table-1"), "{err}");
    }

    #[test]
    fn a_role_is_saved_as_its_text() {
        let role = Role::Table { round: 2, table: 3 };
        assert_eq!(serde_json::to_string(&role).unwrap(), "\"round-2/table-3\"");
        assert_eq!(
            serde_json::from_str::<Role>("\"round-2/table-3\"").unwrap(),
            role
        );
    }
}
