//! The crate's one error type.

use std::fmt;

/// Everything that can go wrong when building a band table, rounding or
/// ranking.
///
/// Every variant names the field or entry at fault and the offending value,
/// so an organiser who typed a wrong number sees what to correct.
#[derive(Debug, Clone, PartialEq)]
pub enum ScoringError {
    /// A band table without any band.
    EmptyTable,
    /// Some victory-point differences fall into no band.
    Gap {
        /// First uncovered difference.
        from: u64,
        /// Last uncovered difference.
        to: u64,
    },
    /// Some victory-point differences fall into two bands.
    Overlap {
        /// First difference covered twice.
        from: u64,
        /// Last difference covered twice.
        to: u64,
    },
    /// A band whose upper bound lies below its lower bound.
    BandReversed {
        /// Position of the band in the table (from 0).
        band: usize,
        /// The band's lower bound.
        min: u64,
        /// The band's upper bound.
        max: u64,
    },
    /// An open-ended band (no upper bound) that is not the last band.
    OpenBandNotLast {
        /// Position of the band in the table (from 0).
        band: usize,
    },
    /// The last band has an upper bound, so larger differences fall into no
    /// band.
    LastBandClosed {
        /// The last band's upper bound.
        max: u64,
    },
    /// The band that holds a difference of 0 gives the winner and the loser
    /// different points, although a difference of 0 has no winner.
    UnequalDrawPoints {
        /// Points for the winner in that band.
        winner: u32,
        /// Points for the loser in that band.
        loser: u32,
    },
    /// A value outside what is allowed.
    InvalidValue {
        /// The field, as the user sees it (`bands[2].min`, `value`).
        field: String,
        /// The value given, as text.
        value: String,
        /// What is allowed.
        expected: &'static str,
    },
    /// Two competitors with the same id.
    DuplicateCompetitor {
        /// The id given twice.
        id: String,
    },
    /// Two tie-breakers with the same key.
    DuplicateTieBreaker {
        /// The key given twice.
        key: String,
    },
    /// A competitor lacks the value of a tie-breaker.
    MissingTieValue {
        /// The competitor's id.
        id: String,
        /// The tie-breaker's key.
        key: String,
    },
    /// A competitor's total does not fit into a 64-bit integer.
    TotalOverflow {
        /// The competitor's id.
        id: String,
    },
}

impl fmt::Display for ScoringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::EmptyTable => write!(f, "bands: a band table needs at least one band"),
            Self::Gap { from, to } => write!(
                f,
                "bands: gap in the band table, VP differences {from}-{to} are in no band"
            ),
            Self::Overlap { from, to } => write!(
                f,
                "bands: overlap in the band table, VP differences {from}-{to} are in two bands"
            ),
            Self::BandReversed { band, min, max } => {
                write!(f, "bands[{band}].max: {max} is below the band's min {min}")
            }
            Self::OpenBandNotLast { band } => write!(
                f,
                "bands[{band}].max: missing, but only the last band may be open-ended"
            ),
            Self::LastBandClosed { max } => write!(
                f,
                "bands: the last band ends at max {max}, so larger VP differences are in no band; \
                 leave its max out to make it open-ended"
            ),
            Self::UnequalDrawPoints { winner, loser } => write!(
                f,
                "bands[0]: winner {winner} and loser {loser} differ, but a VP difference of 0 \
                 has no winner, so both must get the same points"
            ),
            Self::InvalidValue {
                field,
                value,
                expected,
            } => write!(f, "{field}: {value} is not allowed ({expected})"),
            Self::DuplicateCompetitor { id } => {
                write!(f, "competitors: id \"{id}\" appears twice")
            }
            Self::DuplicateTieBreaker { key } => {
                write!(f, "tie_breakers: key \"{key}\" appears twice")
            }
            Self::MissingTieValue { id, key } => {
                write!(f, "competitor \"{id}\": no value for tie-breaker \"{key}\"")
            }
            Self::TotalOverflow { id } => write!(
                f,
                "competitor \"{id}\": the total of the game points is too large"
            ),
        }
    }
}

impl std::error::Error for ScoringError {}
