//! The one error type of the host.

use std::fmt;
use std::path::PathBuf;

use feldherr_dice::step::Message;
use feldherr_play::PlayError;
use feldherr_sheet::SheetError;

/// Everything the host can refuse: a document file that cannot be read,
/// parsed or written, an edit the rules refuse, a sheet that cannot be
/// made or written. Every variant says what is wrong and where, so that
/// the error dialog can tell the user; callers branch on the variant,
/// never on the text.
#[derive(Debug)]
pub enum HostError {
    /// The file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The file is not JSON (or is cut off).
    Syntax {
        /// Where it came from.
        source_name: String,
        /// Line, 1-based.
        line: usize,
        /// Column, 1-based.
        column: usize,
        /// What the parser said.
        message: String,
    },
    /// The file is JSON but not a Feldherr document.
    NotADocument {
        /// Where it came from.
        source_name: String,
        /// What is missing or wrong.
        message: String,
    },
    /// The file was written by a newer Feldherr.
    TooNew {
        /// Where it came from.
        source_name: String,
        /// The file's schema version.
        found: u32,
        /// The newest this build reads.
        supported: u32,
    },
    /// A field has the wrong type or value.
    Field {
        /// Where it came from.
        source_name: String,
        /// Path of the field, e.g. `table.pieces[2].shape.radius`.
        path: String,
        /// What is wrong.
        message: String,
    },
    /// A field whose value is refused as the document is read, said also
    /// as a catalogue message: a saved game the rules refuse on loading
    /// (its own check names the field by its path inside the game), or an
    /// older document that cannot be carried over to the current schema.
    /// `Display` reads as [`HostError::Field`]; a host with screens says
    /// `said` in the interface language.
    Refused {
        /// Where it came from.
        source_name: String,
        /// Path of the field, e.g. `game` or `resolutions[0].resolver`.
        path: String,
        /// What is wrong, in English.
        message: String,
        /// What is wrong as a catalogue message (naming the value).
        said: Box<Message>,
    },
    /// The rules (of a game, an event, or the table) refused a change.
    Rules(PlayError),
    /// The change does not fit the document: an event edit for a game, a
    /// system edit for another system's game.
    WrongKind {
        /// What the change is for, e.g. "an event".
        expected: String,
        /// What the document is, e.g. "a game".
        found: String,
    },
    /// A name that must not be empty is.
    EmptyName,
    /// The event has no hosted-game role like this.
    NoSuchRole {
        /// The role.
        role: feldherr_play::Role,
    },
    /// The event hosts a game in this role already.
    AlreadyHosted {
        /// The role.
        role: feldherr_play::Role,
    },
    /// The event hosts no game in this role.
    NotHosted {
        /// The role.
        role: feldherr_play::Role,
    },
    /// No rule system or kind of event has this id.
    UnknownSystem {
        /// The id asked for.
        id: String,
    },
    /// The system keeps no record sheet of a game.
    NoRecordSheet {
        /// The system's id.
        system: String,
    },
    /// A command that needs an event got a game, or the other way round.
    NotAnEvent {
        /// Where it came from.
        source_name: String,
    },
    /// There is nothing to take back.
    NothingToTakeBack,
    /// An export would overwrite a file that is already there.
    Exists {
        /// The file.
        path: PathBuf,
    },
    /// A sheet could not be laid out or drawn.
    Sheet {
        /// The sheet's file name (without extension).
        sheet: String,
        /// What the sheet crate said.
        source: SheetError,
    },
    /// A file was changed on disk by another program (or window) since it
    /// was read; the write was not done.
    ChangedOnDisk {
        /// The file.
        path: PathBuf,
    },
    /// The document loads but breaks the rules: states the rules cannot
    /// reach, broken references (every command refuses what `check`
    /// refuses).
    Problems {
        /// Where it came from.
        source_name: String,
        /// Every error found (warnings left out), with its path and rule.
        problems: Vec<feldherr_play::Problem>,
    },
    /// An option of a command is out of its range.
    Option {
        /// The option, e.g. `--dpi`.
        option: &'static str,
        /// The value given.
        value: String,
        /// What is allowed.
        expected: &'static str,
    },
}

impl From<PlayError> for HostError {
    fn from(e: PlayError) -> Self {
        Self::Rules(e)
    }
}

impl fmt::Display for HostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io { path, source } => write!(f, "{}: {source}", path.display()),
            Self::Syntax {
                source_name,
                line,
                column,
                message,
            } => write!(
                f,
                "{source_name}: not valid JSON at line {line}, column {column}: {message}"
            ),
            Self::NotADocument {
                source_name,
                message,
            } => write!(f, "{source_name}: not a Feldherr document ({message})"),
            Self::TooNew {
                source_name,
                found,
                supported,
            } => write!(
                f,
                "{source_name}: written by a newer Feldherr (schema version {found}; this version reads up to {supported}). Nothing was changed."
            ),
            Self::Field {
                source_name,
                path,
                message,
            }
            | Self::Refused {
                source_name,
                path,
                message,
                ..
            } if path.is_empty() || path == "." => {
                write!(f, "{source_name}: at the top level: {message}")
            }
            Self::Field {
                source_name,
                path,
                message,
            }
            | Self::Refused {
                source_name,
                path,
                message,
                ..
            } => write!(f, "{source_name}: field `{path}`: {message}"),
            Self::Rules(e) => write!(f, "{e}"),
            Self::WrongKind { expected, found } => {
                write!(f, "this change is for {expected}, not for {found}")
            }
            Self::EmptyName => f.write_str("name: must not be empty"),
            Self::NoSuchRole { role } => write!(f, "the event has no place for {role}"),
            Self::AlreadyHosted { role } => write!(f, "the event hosts {role} already"),
            Self::NotHosted { role } => write!(f, "the event hosts no game as {role}"),
            Self::UnknownSystem { id } => {
                write!(f, "\"{id}\" is not a rule system or kind of event")
            }
            Self::NoRecordSheet { system } => write!(f, "a {system} game has no record sheet"),
            Self::NotAnEvent { source_name } => {
                write!(f, "{source_name}: this is a game, not an event")
            }
            Self::NothingToTakeBack => f.write_str("nothing to take back"),
            Self::Exists { path } => write!(
                f,
                "{} already exists; not overwritten (use --force, or confirm in the app)",
                path.display()
            ),
            Self::Sheet { sheet, source } => write!(f, "{sheet}: {source}"),
            Self::ChangedOnDisk { path } => write!(
                f,
                "{} was changed by another program since it was opened; nothing was written",
                path.display()
            ),
            Self::Problems {
                source_name,
                problems,
            } => {
                write!(f, "{source_name}: refused, it breaks the rules:")?;
                for p in problems {
                    write!(f, "\n{source_name}: {p}")?;
                }
                Ok(())
            }
            Self::Option {
                option,
                value,
                expected,
            } => write!(f, "{option}: {value} is out of range ({expected})"),
        }
    }
}

impl HostError {
    /// For a refused unknown key: the path of the object that holds it
    /// (empty at the top) and the key. serde reports it as ``unknown field
    /// `key`, expected ...`` at the key's path; a rule system's game adds
    /// its inner path to the message (`inner.path: unknown field`).
    pub fn unknown_key(&self) -> Option<(String, String)> {
        let Self::Field { path, message, .. } = self else {
            return None;
        };
        let (inner, rest) = match message.split_once(": unknown field `") {
            Some((inner, rest)) => (inner, rest),
            None => ("", message.strip_prefix("unknown field `")?),
        };
        let key = rest.split_once('`')?.0.to_owned();
        let join = |a: &str, b: &str| match (a, b) {
            ("" | ".", b) => b.to_owned(),
            (a, "" | ".") => a.to_owned(),
            (a, b) if b.starts_with('[') => format!("{a}{b}"),
            (a, b) => format!("{a}.{b}"),
        };
        // serde_path_to_error ends the path with the key itself.
        let full = join(path, inner);
        let parent = if full == key {
            String::new()
        } else {
            full.strip_suffix(&format!(".{key}"))
                .map_or(full.clone(), str::to_owned)
        };
        Some((parent, key))
    }
}

impl std::error::Error for HostError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io { source, .. } => Some(source),
            Self::Rules(e) => Some(e),
            Self::Sheet { source, .. } => Some(source),
            _ => None,
        }
    }
}
