//! The fast path for PNG pages: a page with only grey rules and grey text
//! (no pictures) is painted into one reused 8-bit greyscale buffer and
//! encoded from it, instead of a fresh RGBA pixmap per page.
//!
//! An A4 page at 300 DPI is 8.7 million pixels: 35 MB as RGBA, allocated,
//! faulted in and filled for every page, then copied to grey for the
//! encoder. The grey buffer is a quarter of that, kept per thread and
//! reused, so after the first page no memory is allocated or faulted in.
//! The pixels are the same as the RGBA path's: rectangles are snapped to
//! whole pixels without anti-aliasing, glyph coverage is blended with the
//! same integer rounding.

use std::cell::RefCell;

use crate::grey_rows::GreyRows;
use crate::layout::{Item, Layout, Page, RectItem, TextItem};
use crate::page_size::POINTS_PER_INCH;
use crate::raster::{GlyphCache, max_pixels_error};
use crate::style::Rgb;
use crate::{PageSize, SheetError};

thread_local! {
    /// The reused page buffer of this thread.
    static BUFFER: RefCell<PageBuffer> = const { RefCell::new(PageBuffer::new()) };
}

/// A thread's page buffer: white except for the rows the last page
/// painted, which are whitened again before the next page (a text page
/// leaves most rows white, so most of the 8.7 million bytes of an A4 page
/// at 300 DPI are not written twice).
#[derive(Debug)]
struct PageBuffer {
    /// The pixels, `width * height` of the last page.
    pixels: Vec<u8>,
    /// Per row of the last page: whether anything was painted on it.
    dirty: Vec<bool>,
    /// The width in pixels of the last page.
    width: usize,
}

impl PageBuffer {
    const fn new() -> Self {
        Self {
            pixels: Vec::new(),
            dirty: Vec::new(),
            width: 0,
        }
    }

    /// A white page of `width` x `height` pixels.
    fn white(&mut self, width: usize, height: usize) {
        if width == self.width && height == self.dirty.len() {
            for (row, dirty) in self.dirty.iter_mut().enumerate() {
                if std::mem::take(dirty) {
                    self.pixels[row * width..(row + 1) * width].fill(255);
                }
            }
        } else {
            self.pixels.clear();
            self.pixels.resize(width * height, 255);
            self.dirty.clear();
            self.dirty.resize(height, false);
            self.width = width;
        }
    }
}

/// A greyscale page being painted: one byte per pixel, rows top to bottom.
#[derive(Debug)]
pub(crate) struct GreyCanvas<'a> {
    pixels: &'a mut [u8],
    dirty: &'a mut [bool],
    width: usize,
    height: usize,
    scale: f32,
}

/// The grey level of a colour, if it is grey.
fn grey(c: Rgb) -> Option<u8> {
    (c.0 == c.1 && c.1 == c.2).then_some(c.0)
}

/// Whether the grey path can paint `page` exactly.
pub(crate) fn is_grey(page: &Page) -> bool {
    page.blocks
        .iter()
        .flat_map(|b| b.items.iter())
        .all(|item| match item {
            Item::Rect(r) => grey(r.color).is_some(),
            Item::Text(t) => grey(t.color).is_some(),
            Item::Image(_) => false,
        })
}

/// Paints a grey page into this thread's buffer and encodes it as PNG.
pub(crate) fn grey_png(
    layout: &Layout,
    page: &Page,
    glyphs: &mut GlyphCache,
) -> Result<Vec<u8>, SheetError> {
    let size = PageSize::Custom {
        width: layout.width,
        height: layout.height,
    };
    let (w, h) = size.size_px(layout.dpi)?;
    max_pixels_error(w, h)?;
    BUFFER.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        let buffer = &mut *buffer;
        buffer.white(w as usize, h as usize);
        let mut canvas = GreyCanvas {
            pixels: &mut buffer.pixels,
            dirty: &mut buffer.dirty,
            width: w as usize,
            height: h as usize,
            scale: layout.dpi as f32 / POINTS_PER_INCH,
        };
        for item in page.blocks.iter().flat_map(|b| b.items.iter()) {
            match item {
                Item::Rect(r) => canvas.rect(r),
                Item::Text(t) => canvas.text(t, glyphs),
                Item::Image(_) => {}
            }
        }
        GreyRows {
            pixels: &buffer.pixels,
            painted: &buffer.dirty,
            width: w as usize,
            dpi: layout.dpi,
        }
        .to_png()
    })
}

impl GreyCanvas<'_> {
    /// Fills a rectangle snapped to whole pixels (at least one pixel in each
    /// direction), clipped to the page.
    fn rect(&mut self, r: &RectItem) {
        let Some(level) = grey(r.color) else { return };
        let s = self.scale;
        let x0 = (r.x * s).round();
        let y0 = (r.y * s).round();
        let x1 = ((r.x + r.w) * s).round().max(x0 + 1.0);
        let y1 = ((r.y + r.h) * s).round().max(y0 + 1.0);
        let clip = |v: f32, max: usize| v.clamp(0.0, max as f32) as usize;
        let (x0, x1) = (clip(x0, self.width), clip(x1, self.width));
        let (y0, y1) = (clip(y0, self.height), clip(y1, self.height));
        if x0 == x1 {
            return;
        }
        for row in y0..y1 {
            let start = row * self.width;
            self.pixels[start + x0..start + x1].fill(level);
            self.dirty[row] = true;
        }
    }

    /// Draws a line of text from the shared glyph cache.
    fn text(&mut self, t: &TextItem, glyphs: &mut GlyphCache) {
        let Some(level) = grey(t.color) else { return };
        let (width, height) = (self.width, self.height);
        let (pixels, dirty) = (&mut *self.pixels, &mut *self.dirty);
        let level = u32::from(level);
        glyphs.place(t, self.scale, |ix, baseline, bitmap| {
            // The bitmap's columns that fall on the page, the same for
            // every row.
            let left = i64::from(ix) + i64::from(bitmap.left);
            let first = (-left).clamp(0, bitmap.width as i64) as usize;
            let last = (width as i64 - left).clamp(0, bitmap.width as i64) as usize;
            if first >= last {
                return;
            }
            let x0 = (left + first as i64) as usize;
            for (row, line) in bitmap.coverage.chunks_exact(bitmap.width).enumerate() {
                let py = baseline + bitmap.top + row as i32;
                if py < 0 || py >= height as i32 {
                    continue;
                }
                let start = py as usize * width + x0;
                let target = &mut pixels[start..start + (last - first)];
                // No test for empty coverage: with `a` 0 the sum below
                // gives `d` back exactly, and a loop without branches is
                // vectorised.
                for (d, &c) in target.iter_mut().zip(&line[first..last]) {
                    let a = u32::from(c);
                    let v = u32::from(*d) * (255 - a) + level * a;
                    *d = ((v + 127) / 255) as u8;
                }
                dirty[py as usize] = true;
            }
        });
    }
}
