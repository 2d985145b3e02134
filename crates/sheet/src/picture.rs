//! Pictures: a caller's RGBA image (table map, chart) at a given width.

use crate::font::Fonts;
use crate::layout::{ImageItem, Item};
use crate::pager::{Chunk, ContentBox, Flow};
use crate::style::Rgb;
use crate::{Align, Image, SheetError, TextStyle};

/// Caption style: 8.5 pt regular, muted.
const CAPTION: TextStyle = TextStyle::regular(8.5);
/// Frame line width, in points.
const FRAME: f32 = 0.4;

/// A picture: an [`Image`] scaled to a width in points, keeping its aspect
/// ratio, centred by default, with an optional caption underneath. A
/// picture wider than the content area is narrowed to it, one taller than a
/// page is shrunk to fit; it is never split.
#[derive(Debug, Clone, PartialEq)]
pub struct Picture {
    image: Image,
    width: f32,
    align: Align,
    caption: Option<String>,
    frame: bool,
    space_after: f32,
}

impl Picture {
    /// A picture `width` points wide (finite and above 0; checked when the
    /// document is laid out).
    #[must_use]
    pub fn new(image: Image, width: f32) -> Self {
        Self {
            image,
            width,
            align: Align::Centre,
            caption: None,
            frame: false,
            space_after: 12.0,
        }
    }

    /// Sets the horizontal alignment (centred by default).
    #[must_use]
    pub fn align(mut self, align: Align) -> Self {
        self.align = align;
        self
    }

    /// Sets a caption, shown under the picture in the picture's alignment.
    #[must_use]
    pub fn caption(mut self, caption: impl Into<String>) -> Self {
        self.caption = Some(caption.into());
        self
    }

    /// Draws a thin grey frame around the picture (for pictures with a
    /// light or white edge).
    #[must_use]
    pub fn framed(mut self, frame: bool) -> Self {
        self.frame = frame;
        self
    }

    /// Space below the picture, in points (12 unless set; 0 stacks
    /// pictures edge to edge, e.g. two A5 slips on an A4 page).
    #[must_use]
    pub fn space_after(mut self, points: f32) -> Self {
        self.space_after = points;
        self
    }

    pub(crate) fn validate(&self, block: usize) -> Result<(), SheetError> {
        if !self.space_after.is_finite() || self.space_after < 0.0 {
            return Err(SheetError::InvalidLength {
                what: "picture space after",
                block,
                value: self.space_after,
            });
        }
        if !self.width.is_finite() || self.width <= 0.0 {
            return Err(SheetError::InvalidLength {
                what: "picture width",
                block,
                value: self.width,
            });
        }
        Ok(())
    }

    pub(crate) fn flow(&self, fonts: &Fonts, content: &ContentBox) -> Flow {
        let (clh, cbase) = fonts.line_box(CAPTION, 1.3);
        let captions = self
            .caption
            .as_ref()
            .map(|c| fonts.wrap(c, CAPTION, content.width))
            .unwrap_or_default();
        let caption_h = if captions.is_empty() {
            0.0
        } else {
            4.0 + captions.len() as f32 * clh
        };
        let mut w = self.width.min(content.width);
        let max_h = (content.height() - caption_h).max(1.0);
        if w * self.image.aspect() > max_h {
            w = max_h / self.image.aspect();
        }
        let h = w * self.image.aspect();
        let x = match self.align {
            Align::Left => content.x,
            Align::Centre => content.x + (content.width - w) / 2.0,
            Align::Right => content.x + content.width - w,
        };
        let mut chunk = Chunk::new(h + caption_h);
        chunk.items.push(Item::Image(ImageItem {
            x,
            y: 0.0,
            w,
            h,
            image: self.image.clone(),
        }));
        if self.frame {
            // A hairline frame drawn over the picture's edge.
            let t = FRAME;
            chunk.rect(x, 0.0, w, t, Rgb::RULE);
            chunk.rect(x, h - t, w, t, Rgb::RULE);
            chunk.rect(x, 0.0, t, h, Rgb::RULE);
            chunk.rect(x + w - t, 0.0, t, h, Rgb::RULE);
        }
        for (i, line) in captions.iter().enumerate() {
            let y = h + 4.0 + i as f32 * clh + cbase;
            let (cx, cw) = match self.align {
                Align::Left => (content.x, content.width),
                Align::Centre | Align::Right => (x, w),
            };
            chunk.text(fonts, line, CAPTION, Rgb::MUTED, cx, cw, self.align, y);
        }
        Flow {
            kind: "picture",
            body: vec![chunk],
            space_after: self.space_after,
            ..Flow::default()
        }
    }
}
