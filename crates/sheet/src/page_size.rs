//! Page sizes and the point/millimetre/pixel conversions.

use crate::SheetError;

/// Points per inch: the crate's unit is the PostScript point, 1/72 in.
pub const POINTS_PER_INCH: f32 = 72.0;

/// Millimetres to points: `mm(15.0)` is a 15 mm margin (about 42.52 pt).
#[must_use]
pub fn mm(millimetres: f32) -> f32 {
    millimetres * POINTS_PER_INCH / 25.4
}

/// The largest page side PDF allows: 14400 pt (200 in).
pub(crate) const MAX_PAGE_SIDE: f32 = 14_400.0;

/// A page size. A4 portrait is the default.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum PageSize {
    /// ISO A4 portrait, 210 x 297 mm.
    #[default]
    A4,
    /// ISO A4 landscape, 297 x 210 mm.
    A4Landscape,
    /// ISO A5 portrait, 148 x 210 mm (half an A4: result slips).
    A5,
    /// ISO A5 landscape, 210 x 148 mm.
    A5Landscape,
    /// US Letter portrait, 8.5 x 11 in.
    Letter,
    /// US Letter landscape, 11 x 8.5 in.
    LetterLandscape,
    /// Any size, in points (1/72 in); each side finite, above 0 and at most
    /// 14400 pt.
    Custom {
        /// Width in points.
        width: f32,
        /// Height in points.
        height: f32,
    },
}

impl PageSize {
    /// Width and height in points.
    #[must_use]
    pub fn size_pt(self) -> (f32, f32) {
        match self {
            Self::A4 => (mm(210.0), mm(297.0)),
            Self::A4Landscape => (mm(297.0), mm(210.0)),
            Self::A5 => (mm(148.0), mm(210.0)),
            Self::A5Landscape => (mm(210.0), mm(148.0)),
            Self::Letter => (612.0, 792.0),
            Self::LetterLandscape => (792.0, 612.0),
            Self::Custom { width, height } => (width, height),
        }
    }

    /// Width and height in whole pixels at `dpi` (rounded to the nearest
    /// pixel): A4 at 300 DPI is 2480 x 3508 px.
    ///
    /// # Errors
    ///
    /// [`SheetError::DpiOutOfRange`] outside `72..=1200`,
    /// [`SheetError::InvalidPageSize`] for a bad custom size.
    pub fn size_px(self, dpi: u32) -> Result<(u32, u32), SheetError> {
        check_dpi(dpi)?;
        self.validate()?;
        let (w, h) = self.size_pt();
        let scale = dpi as f32 / POINTS_PER_INCH;
        Ok((to_px(w * scale), to_px(h * scale)))
    }

    /// Checks a custom size; the named sizes are always valid.
    pub(crate) fn validate(self) -> Result<(), SheetError> {
        let (width, height) = self.size_pt();
        let ok = |v: f32| v.is_finite() && v > 0.0 && v <= MAX_PAGE_SIDE;
        if ok(width) && ok(height) {
            Ok(())
        } else {
            Err(SheetError::InvalidPageSize { width, height })
        }
    }
}

/// Rounds a validated, positive pixel length; at least 1 px.
fn to_px(v: f32) -> u32 {
    // Validated inputs: at most 14400 pt * 1200/72 = 240000 px.
    (v.round() as u32).max(1)
}

/// Checks the raster resolution range `72..=1200`.
pub(crate) fn check_dpi(dpi: u32) -> Result<(), SheetError> {
    if (72..=1200).contains(&dpi) {
        Ok(())
    } else {
        Err(SheetError::DpiOutOfRange { dpi })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pixel_sizes() {
        assert_eq!(PageSize::A4.size_px(300), Ok((2480, 3508)));
        assert_eq!(PageSize::A4Landscape.size_px(300), Ok((3508, 2480)));
        assert_eq!(PageSize::A5.size_px(300), Ok((1748, 2480)));
        assert_eq!(PageSize::Letter.size_px(300), Ok((2550, 3300)));
        assert_eq!(PageSize::A4.size_px(72), Ok((595, 842)));
        assert_eq!(
            PageSize::A4.size_px(50),
            Err(SheetError::DpiOutOfRange { dpi: 50 })
        );
    }
}
