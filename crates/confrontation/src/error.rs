//! The crate's one error type.

use std::fmt;

use feldherr_dice::DiceError;
use feldherr_dice::step::Message;
use feldherr_geometry::GeometryError;

/// Everything that can go wrong in the Confrontation rules engine.
#[derive(Debug, Clone, PartialEq)]
pub enum ConfrontationError {
    /// A value is outside what the rules allow; names the field.
    InvalidValue {
        /// The field, as on the card ("STR", "RES", "SP").
        field: &'static str,
        /// The value given.
        value: i64,
        /// What is allowed.
        expected: &'static str,
    },
    /// A value the rules need is missing, or one is present that must not be.
    Inconsistent {
        /// The field concerned ("SP", "GEW", "crew").
        field: &'static str,
        /// Why the card or situation is inconsistent.
        reason: String,
        /// The reason as a catalogue message (`conf.game.refusal.…`), so
        /// the app says it in the interface language.
        message: Option<Message>,
    },
    /// An action the rules forbid in this situation (e.g. moving and firing
    /// an immobile machine); names the rule id.
    NotAllowed {
        /// The rule or ruling that forbids it ("C3", "C9").
        rule: &'static str,
        /// What was attempted and why it is refused.
        reason: String,
        /// The reason as a catalogue message (`conf.game.refusal.…`), so
        /// the app says it in the interface language.
        message: Option<Message>,
    },
    /// A dice problem: a typed-in face out of range, a wrong count.
    Dice(DiceError),
    /// A geometry problem: a non-finite position, a degenerate line of fire.
    Geometry(GeometryError),
}

impl fmt::Display for ConfrontationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidValue {
                field,
                value,
                expected,
            } => write!(f, "{field}: {value} is not allowed ({expected})"),
            Self::Inconsistent { field, reason, .. } => write!(f, "{field}: {reason}"),
            Self::NotAllowed { rule, reason, .. } => write!(f, "not allowed ({rule}): {reason}"),
            Self::Dice(e) => write!(f, "{e}"),
            Self::Geometry(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ConfrontationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Dice(e) => Some(e),
            Self::Geometry(e) => Some(e),
            _ => None,
        }
    }
}

impl From<DiceError> for ConfrontationError {
    fn from(e: DiceError) -> Self {
        Self::Dice(e)
    }
}

impl From<GeometryError> for ConfrontationError {
    fn from(e: GeometryError) -> Self {
        Self::Geometry(e)
    }
}

impl ConfrontationError {
    /// The same problem as a dice error, so that it can stop a roller or a
    /// step-by-step resolution.
    pub fn into_dice_error(self) -> DiceError {
        match self {
            Self::Dice(e) => e,
            Self::InvalidValue {
                field,
                value,
                expected,
            } => DiceError::InvalidParameter {
                field,
                value,
                expected,
            },
            other => DiceError::UnexpectedAnswer {
                expected: other.to_string(),
            },
        }
    }
}

/// Checks `value` against `min..=max`, naming `field`.
pub(crate) fn check_range(
    field: &'static str,
    value: i64,
    min: i64,
    max: i64,
    expected: &'static str,
) -> Result<(), ConfrontationError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(ConfrontationError::InvalidValue {
            field,
            value,
            expected,
        })
    }
}

/// Checks a distance in centimetres: finite and 0 or more.
pub(crate) fn check_cm(field: &'static str, value: f64) -> Result<(), ConfrontationError> {
    if value.is_finite() && value >= 0.0 {
        Ok(())
    } else {
        Err(crate::game::refusal::inconsistent(
            field,
            crate::game::refusal::say("error.not_a_distance").text("value", value.to_string()),
        ))
    }
}

/// Checks a dice parameter against `min..=max`, naming `field`, as a dice
/// error (the roll mechanics report through any [`feldherr_dice::Roller`]).
pub(crate) fn check_dice_range(
    field: &'static str,
    value: i64,
    min: i64,
    max: i64,
    expected: &'static str,
) -> Result<(), DiceError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(DiceError::InvalidParameter {
            field,
            value,
            expected,
        })
    }
}
