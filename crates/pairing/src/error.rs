//! The crate's one error type.

use std::fmt;

/// Why a draw or a swap was refused. Entrants are named by their names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairingError {
    /// More entrants than [`crate::MAX_ENTRANTS`].
    TooManyEntrants {
        /// How many were given.
        count: usize,
    },
    /// Two entrants with the same id.
    DuplicateEntrant {
        /// The name of the second one.
        name: String,
    },
    /// A swap names a player who is not in the draft.
    NotInDraft {
        /// The id given.
        id: String,
    },
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooManyEntrants { count } => write!(
                f,
                "pairing: {count} players are more than the {} a draw takes",
                crate::MAX_ENTRANTS
            ),
            Self::DuplicateEntrant { name } => {
                write!(f, "pairing: \"{name}\" is entered twice")
            }
            Self::NotInDraft { id } => {
                let _ = id;
                f.write_str("pairing: a player to swap is not in this draft")
            }
        }
    }
}

impl std::error::Error for PairingError {}
