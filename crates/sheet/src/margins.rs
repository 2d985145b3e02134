//! Page margins.

use crate::{SheetError, mm};

/// Page margins in points; the default is 15 mm on every side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Margins {
    /// Top margin in points.
    pub top: f32,
    /// Right margin in points.
    pub right: f32,
    /// Bottom margin in points (the footer sits inside the content area,
    /// above it).
    pub bottom: f32,
    /// Left margin in points.
    pub left: f32,
}

impl Default for Margins {
    fn default() -> Self {
        Self::uniform(mm(15.0))
    }
}

impl Margins {
    /// The same margin on all four sides, in points.
    #[must_use]
    pub fn uniform(points: f32) -> Self {
        Self {
            top: points,
            right: points,
            bottom: points,
            left: points,
        }
    }

    /// Margins in millimetres, clockwise from the top like CSS.
    #[must_use]
    pub fn from_mm(top: f32, right: f32, bottom: f32, left: f32) -> Self {
        Self {
            top: mm(top),
            right: mm(right),
            bottom: mm(bottom),
            left: mm(left),
        }
    }

    pub(crate) fn validate(&self) -> Result<(), SheetError> {
        for (side, value) in [
            ("top", self.top),
            ("right", self.right),
            ("bottom", self.bottom),
            ("left", self.left),
        ] {
            if !value.is_finite() || value < 0.0 {
                return Err(SheetError::InvalidMargin { side, value });
            }
        }
        Ok(())
    }
}
