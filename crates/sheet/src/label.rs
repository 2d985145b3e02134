//! Words over a caller's picture: the names on a table map, the numbers of
//! its scale bar, the names of its legend.

use crate::font::Fonts;
use crate::layout::TextItem;
use crate::raster::{GlyphBitmap, GlyphCache};
use crate::style::Rgb;
use crate::{Align, Image, SheetError, TextStyle, Weight};

/// The smallest label size accepted, in pixels per em: smaller text is not
/// readable on screen or paper.
pub const MIN_LABEL_SIZE: f32 = 6.0;

/// The largest label size accepted, in pixels per em.
pub const MAX_LABEL_SIZE: f32 = 200.0;

/// At most this many labels are drawn onto one picture.
pub const MAX_LABELS: usize = 5_000;

/// At most this many characters per label.
pub const MAX_LABEL_CHARS: usize = 200;

/// Ink of labels: near black.
const INK: [u8; 3] = [20, 20, 20];
/// Ink of muted labels.
const MUTED: [u8; 3] = [Rgb::MUTED.0, Rgb::MUTED.1, Rgb::MUTED.2];
/// The default halo: a warm white.
const HALO: [u8; 3] = [255, 253, 245];

/// One line of text to draw over a picture, positioned in the picture's
/// pixels: `(x, y)` is the middle of the text's left end, middle or right
/// end ([`Align`]), vertically the middle between ascent and descent.
///
/// By default the text is regular, near black, with no halo; a halo is a
/// light rim a few pixels wide around every letter, so the text reads on
/// any colour underneath.
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    text: String,
    x: f32,
    y: f32,
    size: f32,
    align: Align,
    weight: Weight,
    colour: [u8; 3],
    halo: Option<[u8; 3]>,
}

impl Label {
    /// `text` centred on `(x, y)` at `size` pixels per em. Checked when
    /// drawn: see [`LabelFont::draw`].
    #[must_use]
    pub fn new(text: impl Into<String>, x: f32, y: f32, size: f32) -> Self {
        Self {
            text: text.into(),
            x,
            y,
            size,
            align: Align::Centre,
            weight: Weight::Regular,
            colour: INK,
            halo: None,
        }
    }

    /// Which end of the text `(x, y)` is (centred by default).
    #[must_use]
    pub fn align(mut self, align: Align) -> Self {
        self.align = align;
        self
    }

    /// Bold text.
    #[must_use]
    pub fn bold(mut self) -> Self {
        self.weight = Weight::Bold;
        self
    }

    /// Text in `rgb`.
    #[must_use]
    pub fn colour(mut self, rgb: [u8; 3]) -> Self {
        self.colour = rgb;
        self
    }

    /// Muted grey text (notes).
    #[must_use]
    pub fn muted(self) -> Self {
        self.colour(MUTED)
    }

    /// A light halo around the letters (for text over a map).
    #[must_use]
    pub fn halo(mut self) -> Self {
        self.halo = Some(HALO);
        self
    }

    /// The text.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    fn check(&self, index: usize) -> Result<(), SheetError> {
        let bad = |field: &'static str, value: String, reason: &'static str| {
            Err(SheetError::InvalidLabel {
                index,
                field,
                value,
                reason,
            })
        };
        if self.text.trim().is_empty() {
            return bad("text", format!("{:?}", self.text), "must not be empty");
        }
        if self.text.chars().count() > MAX_LABEL_CHARS {
            return bad(
                "text",
                format!("{} characters", self.text.chars().count()),
                "at most 200 characters",
            );
        }
        if self.text.contains('\n') {
            return bad("text", format!("{:?}", self.text), "one line only");
        }
        if !self.x.is_finite() {
            return bad("x", self.x.to_string(), "must be a finite number");
        }
        if !self.y.is_finite() {
            return bad("y", self.y.to_string(), "must be a finite number");
        }
        if !(MIN_LABEL_SIZE..=MAX_LABEL_SIZE).contains(&self.size) {
            return bad("size", self.size.to_string(), "must be 6..=200 pixels");
        }
        Ok(())
    }
}

/// The embedded fonts for labels: measures text and draws [`Label`]s onto
/// an [`Image`]. Keeps the glyphs it has rasterised, so one `LabelFont`
/// for many labels is quicker than one per label.
///
/// ```
/// use feldherr_sheet::{Align, Image, Label, LabelFont, Weight};
///
/// let mut font = LabelFont::new()?;
/// let map = Image::from_rgba(200, 80, [226, 218, 190, 255].repeat(200 * 80))?;
/// let width = font.width("Hügel 1", 20.0, Weight::Regular);
/// assert!(width > 50.0 && width < 100.0);
/// let labelled = font.draw(
///     &map,
///     &[
///         Label::new("Hügel 1", 100.0, 30.0, 20.0).halo(),
///         Label::new("0", 10.0, 65.0, 12.0).align(Align::Left),
///     ],
/// )?;
/// assert_eq!((labelled.width(), labelled.height()), (200, 80));
/// assert_ne!(labelled.rgba(), map.rgba());
/// // Bad input is refused, naming the label and the field.
/// let err = font.draw(&map, &[Label::new("x", f32::NAN, 0.0, 12.0)]);
/// assert_eq!(
///     err.map(|_| ()).map_err(|e| e.to_string()),
///     Err("label 0 x NaN invalid: must be a finite number".to_owned())
/// );
/// # Ok::<(), feldherr_sheet::SheetError>(())
/// ```
#[derive(Debug)]
pub struct LabelFont {
    glyphs: GlyphCache,
}

impl LabelFont {
    /// Loads the embedded fonts.
    ///
    /// # Errors
    ///
    /// [`SheetError::Font`] if an embedded font cannot be parsed (a build
    /// defect).
    pub fn new() -> Result<Self, SheetError> {
        Ok(Self {
            glyphs: GlyphCache::new()?,
        })
    }

    fn fonts(&self) -> &Fonts {
        self.glyphs.fonts()
    }

    /// The advance width of `text` at `size` pixels per em, in pixels.
    #[must_use]
    pub fn width(&self, text: &str, size: f32, weight: Weight) -> f32 {
        self.fonts().width(text, style(weight, size))
    }

    /// `image` with `labels` drawn over it, in order (a later label over an
    /// earlier one): first every halo of a label, then its letters,
    /// anti-aliased. Text running off the picture is clipped.
    ///
    /// # Errors
    ///
    /// [`SheetError::InvalidLabel`] naming the first bad label (by index)
    /// and field: empty or multi-line text, text over
    /// [`MAX_LABEL_CHARS`], a non-finite position, a size outside
    /// [`MIN_LABEL_SIZE`]`..=`[`MAX_LABEL_SIZE`];
    /// [`SheetError::TooManyLabels`] beyond [`MAX_LABELS`]. Nothing is
    /// drawn then.
    pub fn draw(&mut self, image: &Image, labels: &[Label]) -> Result<Image, SheetError> {
        if labels.len() > MAX_LABELS {
            return Err(SheetError::TooManyLabels {
                count: labels.len(),
                max: MAX_LABELS,
            });
        }
        for (i, label) in labels.iter().enumerate() {
            label.check(i)?;
        }
        let mut rgba = image.rgba().to_vec();
        let (w, h) = (image.width() as usize, image.height() as usize);
        for label in labels {
            self.draw_one(&mut rgba, w, h, label);
        }
        Image::from_rgba(image.width(), image.height(), rgba)
    }

    fn draw_one(&mut self, rgba: &mut [u8], width: usize, height: usize, label: &Label) {
        let style = style(label.weight, label.size);
        let (glyphs, advance) = self.fonts().shape(&label.text, style);
        let face = self.fonts().face(label.weight);
        let (ascent, descent) = (face.ascent, face.descent);
        let left = match label.align {
            Align::Left => label.x,
            Align::Centre => label.x - advance / 2.0,
            Align::Right => label.x - advance,
        };
        let baseline = label.y + (ascent - descent) / 2.0 * label.size;
        let item = TextItem {
            x: left,
            y: baseline,
            text: label.text.clone(),
            style,
            color: Rgb(label.colour[0], label.colour[1], label.colour[2]),
            glyphs,
            width: advance,
        };
        // Collect the glyph bitmaps into one coverage mask with room for
        // the halo around it.
        let mut placed: Vec<(i32, i32, usize, Vec<u8>)> = Vec::new();
        self.glyphs.place(&item, 1.0, |x, base, b: &GlyphBitmap| {
            placed.push((x + b.left, base + b.top, b.width, b.coverage.clone()));
        });
        let halo_r: i32 = if label.halo.is_some() {
            (label.size / 7.0).round().clamp(1.0, 4.0) as i32
        } else {
            0
        };
        let Some(x0) = placed.iter().map(|p| p.0).min() else {
            return;
        };
        let y0 = placed.iter().map(|p| p.1).min().unwrap_or(0);
        let x1 = placed.iter().map(|p| p.0 + p.2 as i32).max().unwrap_or(x0);
        let y1 = placed
            .iter()
            .map(|p| p.1 + (p.3.len() / p.2.max(1)) as i32)
            .max()
            .unwrap_or(y0);
        let (ox, oy) = (x0 - halo_r, y0 - halo_r);
        let mw = (x1 - x0 + 2 * halo_r).max(1) as usize;
        let mh = (y1 - y0 + 2 * halo_r).max(1) as usize;
        let mut mask = vec![0u8; mw * mh];
        for (gx, gy, gw, cov) in &placed {
            for (row, line) in cov.chunks_exact((*gw).max(1)).enumerate() {
                for (col, &c) in line.iter().enumerate() {
                    let mx = (gx - ox) as usize + col;
                    let my = (gy - oy) as usize + row;
                    if let Some(m) = mask.get_mut(my * mw + mx) {
                        *m = (*m).max(c);
                    }
                }
            }
        }
        let mut paint = |m: &[u8], colour: [u8; 3], opacity: f32| {
            for my in 0..mh {
                let py = oy + my as i32;
                if py < 0 || py >= height as i32 {
                    continue;
                }
                for mx in 0..mw {
                    let px = ox + mx as i32;
                    let c = m[my * mw + mx];
                    if c == 0 || px < 0 || px >= width as i32 {
                        continue;
                    }
                    let at = (py as usize * width + px as usize) * 4;
                    if let Some(dst) = rgba.get_mut(at..at + 4) {
                        over(dst, colour, f32::from(c) / 255.0 * opacity);
                    }
                }
            }
        };
        if let Some(halo) = label.halo {
            paint(&dilate(&mask, mw, mh, halo_r), halo, 0.9);
        }
        paint(&mask, label.colour, 1.0);
    }
}

fn style(weight: Weight, size: f32) -> TextStyle {
    match weight {
        Weight::Regular => TextStyle::regular(size),
        Weight::Bold => TextStyle::bold(size),
    }
}

/// The largest coverage within `r` pixels (a disc) of each mask pixel.
fn dilate(mask: &[u8], w: usize, h: usize, r: i32) -> Vec<u8> {
    let offsets: Vec<(i32, i32)> = (-r..=r)
        .flat_map(|dy| (-r..=r).map(move |dx| (dx, dy)))
        .filter(|(dx, dy)| dx * dx + dy * dy <= r * r + r)
        .collect();
    let mut out = vec![0u8; mask.len()];
    for y in 0..h as i32 {
        for x in 0..w as i32 {
            let mut best = 0u8;
            for (dx, dy) in &offsets {
                let (sx, sy) = (x + dx, y + dy);
                if sx >= 0 && sy >= 0 && (sx as usize) < w && (sy as usize) < h {
                    best = best.max(mask[sy as usize * w + sx as usize]);
                    if best == 255 {
                        break;
                    }
                }
            }
            out[y as usize * w + x as usize] = best;
        }
    }
    out
}

/// `colour` at opacity `a` over the straight-alpha pixel `dst`.
fn over(dst: &mut [u8], colour: [u8; 3], a: f32) {
    let da = f32::from(dst[3]) / 255.0;
    let oa = a + da * (1.0 - a);
    if oa <= 0.0 {
        return;
    }
    for (d, &s) in dst.iter_mut().zip(&colour) {
        let v = (f32::from(s) * a + f32::from(*d) * da * (1.0 - a)) / oa;
        *d = v.round().clamp(0.0, 255.0) as u8;
    }
    dst[3] = (oa * 255.0).round().clamp(0.0, 255.0) as u8;
}
