//! The crate's one error type.

use std::fmt;

use crate::Die;

/// Everything that can go wrong when rolling, typing in or evaluating dice.
///
/// Every variant names the field or purpose and the offending value, so that
/// a user who typed a wrong number sees what to correct.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiceError {
    /// A die needs at least two faces.
    InvalidDie {
        /// Number of faces asked for.
        sides: u32,
    },
    /// A typed-in or scripted value is not a face of the die.
    FaceOutOfRange {
        /// What the roll was for.
        purpose: String,
        /// The die that was rolled.
        die: Die,
        /// The value that was given.
        value: u32,
    },
    /// A scripted source ran out of values.
    ScriptExhausted {
        /// What the missing roll was for.
        purpose: String,
        /// The die that was asked for.
        die: Die,
    },
    /// A roll answered with the wrong number of dice.
    WrongDiceCount {
        /// What the roll was for.
        purpose: String,
        /// How many dice were asked for.
        expected: usize,
        /// How many values were given.
        got: usize,
    },
    /// A parameter of a mechanic is outside what the rules allow.
    InvalidParameter {
        /// Name of the field, as the user sees it.
        field: &'static str,
        /// The value given.
        value: i64,
        /// What is allowed.
        expected: &'static str,
    },
    /// A choice answered with an option that is not on offer.
    ChoiceOutOfRange {
        /// The question asked.
        question: String,
        /// The option index given.
        index: usize,
        /// How many options there are.
        options: usize,
    },
    /// An answer of the wrong kind: dice where a choice was asked, or the
    /// other way round.
    UnexpectedAnswer {
        /// What the prompt asked for.
        expected: String,
    },
    /// The resolution is finished and takes no more answers.
    AlreadyFinished,
    /// A dice expression could not be read.
    BadExpression {
        /// The expression as given.
        expression: String,
        /// Character position (0-based, spaces removed) of the problem.
        position: usize,
        /// What is wrong.
        message: String,
    },
    /// A dice expression would take more work than the budget allows; it
    /// is refused before any work is done.
    OverBudget {
        /// The expression as given.
        expression: String,
        /// The part that costs the most on its own (spaces removed); the
        /// whole expression when no smaller part dominates.
        part: String,
        /// Estimated work of the whole expression, in units of the budget.
        work: u64,
        /// Estimated work of that part alone.
        part_work: u64,
        /// The budget ([`crate::WORK_BUDGET`] unless another was given).
        budget: u64,
    },
    /// A part of a dice expression has more possible values than the
    /// budget allows; it is refused before any work is done.
    TooManyOutcomes {
        /// The expression as given.
        expression: String,
        /// The widest part (spaces removed).
        part: String,
        /// Its number of values from lowest to highest.
        outcomes: u64,
        /// The limit ([`crate::OUTCOME_BUDGET`]).
        limit: u64,
    },
    /// A distribution was conditioned on an outcome that cannot happen.
    ImpossibleCondition {
        /// What the condition was.
        condition: String,
    },
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidDie { sides } => {
                write!(f, "die sides: {sides} is not a die (at least 2 faces)")
            }
            Self::FaceOutOfRange {
                purpose,
                die,
                value,
            } => write!(
                f,
                "{purpose}: {value} is not a face of a {die} (allowed 1 to {})",
                die.sides()
            ),
            Self::ScriptExhausted { purpose, die } => {
                write!(f, "{purpose}: no typed-in value left for the {die}")
            }
            Self::WrongDiceCount {
                purpose,
                expected,
                got,
            } => write!(f, "{purpose}: expected {expected} dice, got {got}"),
            Self::InvalidParameter {
                field,
                value,
                expected,
            } => write!(f, "{field}: {value} is not allowed ({expected})"),
            Self::ChoiceOutOfRange {
                question,
                index,
                options,
            } => write!(
                f,
                "{question}: option {} does not exist (choose 1 to {options})",
                index + 1
            ),
            Self::UnexpectedAnswer { expected } => {
                write!(f, "wrong kind of answer: expected {expected}")
            }
            Self::AlreadyFinished => write!(f, "the resolution is finished"),
            Self::BadExpression {
                expression,
                position,
                message,
            } => write!(
                f,
                "dice expression \"{expression}\": {message} (at character {})",
                position + 1
            ),
            Self::OverBudget {
                expression,
                part,
                work,
                part_work,
                budget,
            } => {
                write!(
                    f,
                    "dice expression \"{expression}\" needs about {} steps, over the budget of {} \
                     steps (about 1 second)",
                    steps(*work),
                    steps(*budget)
                )?;
                let whole: String = expression
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<String>()
                    .to_lowercase();
                if part_work < work && *part != whole {
                    write!(f, "; '{part}' alone needs {}", steps(*part_work))?;
                }
                write!(
                    f,
                    "; use fewer dice, fewer sides, keep fewer dice or a smaller explosion depth"
                )
            }
            Self::TooManyOutcomes {
                expression,
                part,
                outcomes,
                limit,
            } => write!(
                f,
                "dice expression \"{expression}\": '{part}' has {} possible values, over the \
                 budget of {} values; use fewer dice or fewer sides",
                steps(*outcomes),
                steps(*limit)
            ),
            Self::ImpossibleCondition { condition } => {
                write!(f, "condition '{condition}' has probability zero")
            }
        }
    }
}

impl std::error::Error for DiceError {}

/// A large count for messages: exact below 10^6, else like `3.1e10`.
fn steps(n: u64) -> String {
    if n < 1_000_000 {
        n.to_string()
    } else {
        format!("{:.1e}", n as f64)
    }
}

/// Checks that `value` lies in `min..=max`, naming `field` otherwise.
pub(crate) fn check_range(
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
