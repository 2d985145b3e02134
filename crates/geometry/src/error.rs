//! The crate's single error type.

use std::fmt;

use crate::Point;

/// Everything that can be wrong with input handed to this crate.
///
/// Every variant names the offending field (for example `radius`,
/// `vertices[2].x` or `direction_face`) and carries the rejected value, so a
/// caller can show the referee exactly what to fix.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum GeometryError {
    /// A number was NaN or infinite.
    NotFinite {
        /// Name of the offending field.
        field: String,
        /// The rejected value.
        value: f64,
    },
    /// A quantity that may be zero but not negative (radius, distance,
    /// placement minimum) was negative.
    Negative {
        /// Name of the offending field.
        field: String,
        /// The rejected value.
        value: f64,
    },
    /// A quantity that must be strictly positive (rectangle or table size)
    /// was zero or negative.
    NotPositive {
        /// Name of the offending field.
        field: String,
        /// The rejected value.
        value: f64,
    },
    /// A polygon or polyline had too few points.
    TooFewPoints {
        /// Name of the offending field.
        field: String,
        /// How many points were given.
        count: usize,
        /// How many points are needed at least.
        minimum: usize,
    },
    /// A polygon or polyline repeated the previous point, giving an edge of
    /// zero length.
    RepeatedVertex {
        /// Name of the offending field.
        field: String,
        /// Index of the point that repeats its predecessor.
        index: usize,
        /// The repeated point.
        point: Point,
    },
    /// A polygon encloses no area (all vertices on one line).
    ZeroArea {
        /// Name of the offending field.
        field: String,
        /// The (near-zero) area that was computed.
        area: f64,
    },
    /// A polygon's boundary crosses or touches itself.
    SelfIntersecting {
        /// Name of the offending field.
        field: String,
        /// Index of the first edge involved (edge `i` runs from vertex `i` to
        /// vertex `i + 1`).
        first_edge: usize,
        /// Index of the second edge involved.
        second_edge: usize,
    },
    /// A die result was not a face of a six-sided die.
    DieFaceOutOfRange {
        /// Name of the offending field.
        field: String,
        /// The rejected value.
        value: u8,
    },
    /// Two points that must differ (for example shooter and target) were the
    /// same, so no direction can be derived from them.
    CoincidentPoints {
        /// Name of the first field.
        field: String,
        /// Name of the second field.
        other: String,
        /// The common position.
        point: Point,
    },
}

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotFinite { field, value } => {
                write!(f, "`{field}` must be a finite number, got {value}")
            }
            Self::Negative { field, value } => {
                write!(f, "`{field}` must not be negative, got {value}")
            }
            Self::NotPositive { field, value } => {
                write!(f, "`{field}` must be greater than zero, got {value}")
            }
            Self::TooFewPoints {
                field,
                count,
                minimum,
            } => write!(f, "`{field}` needs at least {minimum} points, got {count}"),
            Self::RepeatedVertex {
                field,
                index,
                point,
            } => write!(
                f,
                "`{field}`: point {index} repeats the previous point {point}, giving an edge of zero length"
            ),
            Self::ZeroArea { field, area } => {
                write!(f, "`{field}` encloses no area (area {area})")
            }
            Self::SelfIntersecting {
                field,
                first_edge,
                second_edge,
            } => write!(
                f,
                "`{field}` is self-intersecting: edge {first_edge} meets edge {second_edge}"
            ),
            Self::DieFaceOutOfRange { field, value } => {
                write!(f, "`{field}` must be a die face from 1 to 6, got {value}")
            }
            Self::CoincidentPoints {
                field,
                other,
                point,
            } => write!(
                f,
                "`{field}` and `{other}` must be different points, both are {point}"
            ),
        }
    }
}

impl std::error::Error for GeometryError {}

/// Checks that `value` is finite.
pub(crate) fn finite(field: &str, value: f64) -> Result<f64, GeometryError> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(GeometryError::NotFinite {
            field: field.to_owned(),
            value,
        })
    }
}

/// Checks that `value` is finite and not negative.
pub(crate) fn non_negative(field: &str, value: f64) -> Result<f64, GeometryError> {
    finite(field, value)?;
    if value < 0.0 {
        Err(GeometryError::Negative {
            field: field.to_owned(),
            value,
        })
    } else {
        Ok(value)
    }
}

/// Checks that `value` is finite and strictly positive.
pub(crate) fn positive(field: &str, value: f64) -> Result<f64, GeometryError> {
    finite(field, value)?;
    if value > 0.0 {
        Ok(value)
    } else {
        Err(GeometryError::NotPositive {
            field: field.to_owned(),
            value,
        })
    }
}

/// Checks that both coordinates of `point` are finite, naming them
/// `field.x` and `field.y`.
pub(crate) fn finite_point(field: &str, point: Point) -> Result<Point, GeometryError> {
    finite(&format!("{field}.x"), point.x)?;
    finite(&format!("{field}.y"), point.y)?;
    Ok(point)
}
