//! Caller-supplied RGBA images.

use std::sync::Arc;

use crate::SheetError;

/// The largest image side accepted, in pixels.
const MAX_SIDE: u32 = 20_000;

/// An RGBA image: 8 bits per channel, straight (not premultiplied) alpha,
/// rows top to bottom. Cloning is cheap (the pixels are shared).
#[derive(Clone, PartialEq, Eq)]
pub struct Image {
    width: u32,
    height: u32,
    rgba: Arc<[u8]>,
}

impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Image")
            .field("width", &self.width)
            .field("height", &self.height)
            .finish_non_exhaustive()
    }
}

impl Image {
    /// An image from its size in pixels and `width * height * 4` RGBA bytes.
    ///
    /// # Errors
    ///
    /// [`SheetError::ImageDimensions`] for a zero side or one above
    /// 20000 px, [`SheetError::ImageByteLength`] when the byte length does
    /// not match.
    pub fn from_rgba(width: u32, height: u32, rgba: Vec<u8>) -> Result<Self, SheetError> {
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(SheetError::ImageDimensions { width, height });
        }
        let expected = u64::from(width) * u64::from(height) * 4;
        if rgba.len() as u64 != expected {
            return Err(SheetError::ImageByteLength {
                width,
                height,
                expected,
                found: rgba.len(),
            });
        }
        Ok(Self {
            width,
            height,
            rgba: rgba.into(),
        })
    }

    /// Width in pixels.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The RGBA bytes.
    #[must_use]
    pub fn rgba(&self) -> &[u8] {
        &self.rgba
    }

    /// Height over width.
    pub(crate) fn aspect(&self) -> f32 {
        self.height as f32 / self.width as f32
    }
}
