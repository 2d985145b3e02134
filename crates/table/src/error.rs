//! The crate's single error type.

use std::fmt;

use feldherr_geometry::GeometryError;

/// Everything that can be wrong with a table, an edit or a picture request.
///
/// Every variant names the offending field (for example `width`, `to.x` or
/// `pixels_per_unit`) or piece id and carries the rejected value, so the
/// referee can be told exactly what to fix.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum TableError {
    /// A number was NaN or infinite.
    NotFinite {
        /// Name of the offending field.
        field: String,
        /// The rejected value.
        value: f64,
    },
    /// A size that must be greater than zero (table width or depth, a
    /// radius, a rectangle side, a scale factor, a picture scale) was zero
    /// or negative.
    NotPositive {
        /// Name of the offending field.
        field: String,
        /// The rejected value.
        value: f64,
    },
    /// A table side beyond [`MAX_TABLE_SIDE`](crate::MAX_TABLE_SIDE).
    TooLarge {
        /// Name of the offending field (`width` or `depth`).
        field: String,
        /// The rejected value.
        value: f64,
    },
    /// An edit named a piece that is not on the table.
    UnknownPiece {
        /// The id that was not found.
        id: u64,
    },
    /// A piece was added (or a table loaded) with an id already in use.
    DuplicateId {
        /// The id used twice.
        id: u64,
    },
    /// The geometry crate rejected a shape built by an edit (for example a
    /// polygon that a resize made degenerate).
    InvalidShape {
        /// What was being built, for example `piece 3 shape`.
        field: String,
        /// The geometry error, which names the shape's own field and value.
        source: GeometryError,
    },
    /// A resize gave a size that does not fit the piece's shape (a radius
    /// for a rectangle, a width and length for a circle).
    SizeMismatch {
        /// The piece.
        id: u64,
        /// The kind of size given: `radius` or `width/length`.
        size: &'static str,
        /// The piece's shape: `circle`, `rect` or `polygon`.
        shape: &'static str,
    },
    /// The requested picture would be larger than
    /// [`MAX_PICTURE_SIDE`](crate::MAX_PICTURE_SIDE) pixels on a side.
    PictureTooLarge {
        /// Requested width in pixels.
        width: f64,
        /// Requested height in pixels.
        height: f64,
    },
    /// The pixel buffer does not match the picture size, or the PNG encoder
    /// failed.
    Png {
        /// What went wrong.
        message: String,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotFinite { field, value } => {
                write!(f, "`{field}` must be a finite number, got {value}")
            }
            Self::NotPositive { field, value } => {
                write!(f, "`{field}` must be greater than zero, got {value}")
            }
            Self::TooLarge { field, value } => write!(
                f,
                "`{field}` must be at most {} (a table side), got {value:e}",
                crate::MAX_TABLE_SIDE
            ),
            Self::UnknownPiece { id } => write!(f, "`id`: there is no piece {id} on the table"),
            Self::DuplicateId { id } => {
                write!(f, "`id`: piece id {id} is already used on this table")
            }
            Self::InvalidShape { field, source } => write!(f, "{field}: {source}"),
            Self::SizeMismatch { id, size, shape } => write!(
                f,
                "`size`: piece {id} is a {shape}, it cannot be given a {size}"
            ),
            Self::PictureTooLarge { width, height } => write!(
                f,
                "`pixels_per_unit`: the picture would be {width:.0} x {height:.0} pixels; at most {} on a side is allowed",
                crate::MAX_PICTURE_SIDE
            ),
            Self::Png { message } => write!(f, "`png`: {message}"),
        }
    }
}

impl std::error::Error for TableError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::InvalidShape { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Checks that `value` is finite.
pub(crate) fn finite(field: &str, value: f64) -> Result<f64, TableError> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(TableError::NotFinite {
            field: field.to_owned(),
            value,
        })
    }
}

/// Checks that `value` is finite and strictly positive.
pub(crate) fn positive(field: &str, value: f64) -> Result<f64, TableError> {
    finite(field, value)?;
    if value > 0.0 {
        Ok(value)
    } else {
        Err(TableError::NotPositive {
            field: field.to_owned(),
            value,
        })
    }
}

/// Checks that a table side is finite, positive and at most
/// [`MAX_TABLE_SIDE`](crate::MAX_TABLE_SIDE).
pub(crate) fn table_side(field: &str, value: f64) -> Result<f64, TableError> {
    positive(field, value)?;
    if value <= crate::MAX_TABLE_SIDE {
        Ok(value)
    } else {
        Err(TableError::TooLarge {
            field: field.to_owned(),
            value,
        })
    }
}

/// Wraps a geometry error with what was being built.
pub(crate) fn shape_error(field: impl Into<String>) -> impl FnOnce(GeometryError) -> TableError {
    let field = field.into();
    move |source| TableError::InvalidShape { field, source }
}
