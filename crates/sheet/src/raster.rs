//! The raster backend: a page painted into RGBA pixels, encoded as PNG.

use std::collections::HashMap;

use ab_glyph::{Font as _, GlyphId, point};
use tiny_skia::{Color, FilterQuality, IntSize, Paint, Pixmap, PixmapPaint, Rect, Transform};

use crate::font::{Face, Fonts};
use crate::layout::{ImageItem, Item, Layout, Page, RectItem, TextItem};
use crate::page_size::POINTS_PER_INCH;
use crate::{PageSize, SheetError, Weight};

/// The largest page rasterised, in pixels (about A3 at 1200 DPI; 1.2 GB
/// of RGBA).
const MAX_PIXELS: u64 = 300_000_000;

/// Subpixel positions per pixel for glyph placement.
const SUBPIXEL: f32 = 4.0;

/// A page rendered to pixels at a DPI: opaque RGBA, 8 bits per channel,
/// rows top to bottom.
#[derive(Debug, Clone)]
pub struct RasterPage {
    pixmap: Pixmap,
    dpi: u32,
}

impl RasterPage {
    /// Width in pixels.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    /// Height in pixels.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// The resolution the page was rendered at.
    #[must_use]
    pub fn dpi(&self) -> u32 {
        self.dpi
    }

    /// The RGBA bytes (opaque, so straight and premultiplied alpha agree).
    #[must_use]
    pub fn rgba(&self) -> &[u8] {
        self.pixmap.data()
    }

    /// The RGBA value of one pixel, `None` outside the page.
    #[must_use]
    pub fn pixel(&self, x: u32, y: u32) -> Option<[u8; 4]> {
        if x >= self.width() || y >= self.height() {
            return None;
        }
        self.pixmap
            .pixel(x, y)
            .map(|p| [p.red(), p.green(), p.blue(), p.alpha()])
    }

    /// Encodes the page as PNG: 8-bit greyscale when every pixel is grey,
    /// else 8-bit RGB (pages are opaque), fast compression, and a pHYs
    /// chunk with the DPI in pixels per metre so the page prints at true
    /// size.
    ///
    /// # Errors
    ///
    /// [`SheetError::Png`] when the encoder fails.
    pub fn to_png(&self) -> Result<Vec<u8>, SheetError> {
        let (color, data) = match grey_bytes(self.rgba()) {
            Some(grey) => (png::ColorType::Grayscale, grey),
            None => (png::ColorType::Rgb, rgb_bytes(self.rgba())),
        };
        encode_png(&data, self.width(), self.height(), self.dpi, color)
    }
}

/// Encodes 8-bit pixels of `color` type as PNG with fast compression and
/// the DPI in a pHYs chunk.
pub(crate) fn encode_png(
    data: &[u8],
    width: u32,
    height: u32,
    dpi: u32,
    color: png::ColorType,
) -> Result<Vec<u8>, SheetError> {
    let mut out = Vec::with_capacity(data.len() / 16);
    let mut writer = png_encoder(&mut out, width, height, dpi, color)
        .write_header()
        .map_err(png_error)?;
    writer.write_image_data(data).map_err(png_error)?;
    writer.finish().map_err(png_error)?;
    Ok(out)
}

/// The encoder every sheet PNG comes from: 8-bit `color`, fast
/// compression, "Up" on every row, the DPI in a pHYs chunk.
pub(crate) fn png_encoder<W: std::io::Write>(
    out: W,
    width: u32,
    height: u32,
    dpi: u32,
    color: png::ColorType,
) -> png::Encoder<'static, W> {
    let mut encoder = png::Encoder::new(out, width, height);
    encoder.set_color(color);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    // One filter for every row: the adaptive choice tried all five per row
    // and took a third of a page's time (issue #29); on sheets (white rows,
    // text) "Up" compresses about as well.
    encoder.set_filter(png::Filter::Up);
    let ppm = pixels_per_metre(dpi);
    encoder.set_pixel_dims(Some(png::PixelDimensions {
        xppu: ppm,
        yppu: ppm,
        unit: png::Unit::Meter,
    }));
    encoder
}

/// The png crate's error as the sheet's.
pub(crate) fn png_error(e: png::EncodingError) -> SheetError {
    SheetError::Png(e.to_string())
}

/// [`SheetError::RasterTooLarge`] for pages beyond [`MAX_PIXELS`].
pub(crate) fn max_pixels_error(width: u32, height: u32) -> Result<(), SheetError> {
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(SheetError::RasterTooLarge { width, height });
    }
    Ok(())
}

/// DPI to pixels per metre, rounded: 300 DPI is 11811 px/m.
#[must_use]
pub fn pixels_per_metre(dpi: u32) -> u32 {
    (f64::from(dpi) / 0.0254).round() as u32
}

/// One byte per pixel if every pixel is grey.
fn grey_bytes(rgba: &[u8]) -> Option<Vec<u8>> {
    let mut grey = Vec::with_capacity(rgba.len() / 4);
    for px in rgba.chunks_exact(4) {
        if px[0] != px[1] || px[1] != px[2] {
            return None;
        }
        grey.push(px[0]);
    }
    Some(grey)
}

/// Drops the (opaque) alpha channel.
fn rgb_bytes(rgba: &[u8]) -> Vec<u8> {
    let mut rgb = Vec::with_capacity(rgba.len() / 4 * 3);
    for px in rgba.chunks_exact(4) {
        rgb.extend_from_slice(&px[..3]);
    }
    rgb
}

/// Renders one page of a layout.
pub(crate) fn render(layout: &Layout, page: &Page) -> Result<RasterPage, SheetError> {
    with_glyphs(|glyphs| render_with(layout, page, glyphs))
}

thread_local! {
    /// The glyphs this thread has rasterised, kept across pages and
    /// exports (each worker of a parallel export has its own).
    static GLYPHS: std::cell::RefCell<Option<GlyphCache>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with this thread's glyph cache (made on first use).
pub(crate) fn with_glyphs<T>(
    f: impl FnOnce(&mut GlyphCache) -> Result<T, SheetError>,
) -> Result<T, SheetError> {
    GLYPHS.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.is_none() {
            *cell = Some(GlyphCache::new()?);
        }
        match cell.as_mut() {
            Some(glyphs) => f(glyphs),
            None => Err(SheetError::Font("the glyph cache could not be made".into())),
        }
    })
}

/// Encodes one page as PNG: grey pages (the usual case) through one
/// reused greyscale buffer per thread, pages with pictures or colour
/// through RGBA.
pub(crate) fn page_png(layout: &Layout, page: &Page) -> Result<Vec<u8>, SheetError> {
    with_glyphs(|glyphs| {
        if crate::grey_canvas::is_grey(page) {
            crate::grey_canvas::grey_png(layout, page, glyphs)
        } else {
            render_with(layout, page, glyphs)?.to_png()
        }
    })
}

/// Renders one page of a layout with a glyph cache shared across pages.
pub(crate) fn render_with(
    layout: &Layout,
    page: &Page,
    glyphs: &mut GlyphCache,
) -> Result<RasterPage, SheetError> {
    let size = PageSize::Custom {
        width: layout.width,
        height: layout.height,
    };
    let (w, h) = size.size_px(layout.dpi)?;
    max_pixels_error(w, h)?;
    let mut pixmap = Pixmap::new(w, h).ok_or(SheetError::RasterTooLarge {
        width: w,
        height: h,
    })?;
    pixmap.fill(Color::WHITE);
    let mut painter = Painter {
        pixmap,
        scale: layout.dpi as f32 / POINTS_PER_INCH,
        glyphs,
    };
    for item in page.blocks.iter().flat_map(|b| b.items.iter()) {
        match item {
            Item::Rect(r) => painter.rect(r),
            Item::Image(i) => painter.image(i),
            Item::Text(t) => painter.text(t),
        }
    }
    Ok(RasterPage {
        pixmap: painter.pixmap,
        dpi: layout.dpi,
    })
}

/// A glyph's coverage bitmap, placed relative to its pen position.
#[derive(Debug)]
pub(crate) struct GlyphBitmap {
    pub left: i32,
    pub top: i32,
    pub width: usize,
    pub coverage: Vec<u8>,
}

/// Glyph cache key: weight, glyph id, pixel size bits, subpixel offset.
type GlyphKey = (Weight, u16, u32, u8);

/// The fonts and the glyphs rasterised so far, shared by the pages of a
/// layout.
pub(crate) struct GlyphCache {
    fonts: Fonts,
    glyphs: HashMap<GlyphKey, Option<GlyphBitmap>>,
}

impl std::fmt::Debug for GlyphCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GlyphCache")
            .field("glyphs", &self.glyphs.len())
            .finish_non_exhaustive()
    }
}

impl GlyphCache {
    /// Loads the fonts; no glyph rasterised yet.
    pub fn new() -> Result<Self, SheetError> {
        Ok(Self {
            fonts: Fonts::load(false)?,
            glyphs: HashMap::new(),
        })
    }

    /// The fonts.
    pub fn fonts(&self) -> &Fonts {
        &self.fonts
    }

    /// Calls `paint(x, baseline, bitmap)` for every glyph of `t` with an
    /// outline, at `scale` pixels per point.
    pub fn place(
        &mut self,
        t: &TextItem,
        scale: f32,
        mut paint: impl FnMut(i32, i32, &GlyphBitmap),
    ) {
        let s = scale;
        let em_px = t.style.size * s;
        let baseline = (t.y * s).round() as i32;
        let face = self.fonts.face(t.style.weight);
        for g in &t.glyphs {
            let x = (t.x + g.x) * s;
            let mut ix = x.floor();
            let mut sub = ((x - ix) * SUBPIXEL).round();
            if sub >= SUBPIXEL {
                ix += 1.0;
                sub = 0.0;
            }
            let key = (t.style.weight, g.id, em_px.to_bits(), sub as u8);
            let bitmap = self
                .glyphs
                .entry(key)
                .or_insert_with(|| rasterise(face, g.id, em_px, sub / SUBPIXEL));
            if let Some(bitmap) = bitmap {
                paint(ix as i32, baseline, bitmap);
            }
        }
    }
}

struct Painter<'a> {
    pixmap: Pixmap,
    scale: f32,
    glyphs: &'a mut GlyphCache,
}

impl Painter<'_> {
    /// Fills a rectangle snapped to whole pixels (at least one pixel in each
    /// direction), so rules stay crisp.
    fn rect(&mut self, r: &RectItem) {
        let s = self.scale;
        let x0 = (r.x * s).round();
        let y0 = (r.y * s).round();
        let x1 = ((r.x + r.w) * s).round().max(x0 + 1.0);
        let y1 = ((r.y + r.h) * s).round().max(y0 + 1.0);
        let Some(rect) = Rect::from_ltrb(x0, y0, x1, y1) else {
            return;
        };
        let mut paint = Paint::default();
        paint.set_color_rgba8(r.color.0, r.color.1, r.color.2, 255);
        paint.anti_alias = false;
        self.pixmap
            .fill_rect(rect, &paint, Transform::identity(), None);
    }

    /// Draws a picture scaled into its rectangle, over white.
    fn image(&mut self, i: &ImageItem) {
        let img = &i.image;
        let mut data = img.rgba().to_vec();
        for px in data.chunks_exact_mut(4) {
            let a = u16::from(px[3]);
            for c in &mut px[..3] {
                *c = ((u16::from(*c) * a + 127) / 255) as u8;
            }
        }
        let Some(size) = IntSize::from_wh(img.width(), img.height()) else {
            return;
        };
        let Some(src) = Pixmap::from_vec(data, size) else {
            return;
        };
        let s = self.scale;
        let sx = i.w * s / img.width() as f32;
        let sy = i.h * s / img.height() as f32;
        let paint = PixmapPaint {
            quality: FilterQuality::Bicubic,
            ..PixmapPaint::default()
        };
        let transform = Transform::from_row(sx, 0.0, 0.0, sy, i.x * s, i.y * s);
        self.pixmap
            .draw_pixmap(0, 0, src.as_ref(), &paint, transform, None);
    }

    /// Draws a line of text with cached, anti-aliased glyph coverage.
    fn text(&mut self, t: &TextItem) {
        let color = [t.color.0, t.color.1, t.color.2];
        let pixmap = &mut self.pixmap;
        self.glyphs.place(t, self.scale, |x, baseline, bitmap| {
            blend(pixmap, bitmap, x, baseline, color);
        });
    }
}

/// Rasterises one glyph at `em_px` pixels per em with its pen at
/// `(offset, 0)`; `None` for glyphs without outline (spaces).
fn rasterise(face: &Face, id: u16, em_px: f32, offset: f32) -> Option<GlyphBitmap> {
    let px_scale = em_px * face.font.height_unscaled() / face.upem;
    let glyph = GlyphId(id).with_scale_and_position(px_scale, point(offset, 0.0));
    let outlined = face.font.outline_glyph(glyph)?;
    let bounds = outlined.px_bounds();
    let width = bounds.width() as usize;
    let height = bounds.height() as usize;
    if width == 0 || height == 0 {
        return None;
    }
    let mut coverage = vec![0u8; width * height];
    outlined.draw(|x, y, c| {
        if let Some(v) = coverage.get_mut(y as usize * width + x as usize) {
            *v = (c.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
        }
    });
    Some(GlyphBitmap {
        left: bounds.min.x as i32,
        top: bounds.min.y as i32,
        width,
        coverage,
    })
}

/// Blends a coverage bitmap in `color` onto the opaque pixmap with the pen
/// at `(x, baseline)`.
fn blend(pixmap: &mut Pixmap, bitmap: &GlyphBitmap, x: i32, baseline: i32, color: [u8; 3]) {
    let pw = pixmap.width() as i32;
    let ph = pixmap.height() as i32;
    let data = pixmap.data_mut();
    for (row, line) in bitmap.coverage.chunks_exact(bitmap.width).enumerate() {
        let py = baseline + bitmap.top + row as i32;
        if py < 0 || py >= ph {
            continue;
        }
        for (col, &c) in line.iter().enumerate() {
            let px = x + bitmap.left + col as i32;
            if c == 0 || px < 0 || px >= pw {
                continue;
            }
            let at = (py as usize * pw as usize + px as usize) * 4;
            let Some(dst) = data.get_mut(at..at + 3) else {
                continue;
            };
            let a = u32::from(c);
            for (d, &s) in dst.iter_mut().zip(&color) {
                let v = u32::from(*d) * (255 - a) + u32::from(s) * a;
                *d = ((v + 127) / 255) as u8;
            }
        }
    }
}
