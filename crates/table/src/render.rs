//! A picture of the table without any GUI: tiny-skia raster, PNG bytes.

use std::collections::HashSet;

use feldherr_geometry::{Point, Shape};
use serde::{Deserialize, Serialize};
use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, Transform};

use crate::error::positive;
use crate::{Layer, Piece, Table, TableError, TableRules};

/// The largest picture side, in pixels, [`render_rgba`] will draw.
pub const MAX_PICTURE_SIDE: u32 = 16_384;

/// The longest side, in pixels, of a table's picture on a printed sheet
/// (issue #28): a picture placed about 460 points wide needs under 2,000
/// pixels even at 300 DPI, so a long table is drawn smaller instead of
/// failing at [`MAX_PICTURE_SIDE`].
pub const SHEET_PICTURE_SIDE: u32 = 4_096;

/// `preferred` pixels per native unit, or fewer so that the longer side
/// of `table` is at most `max_side` pixels: the scale a sheet draws
/// `table` at. Every table (at most [`MAX_TABLE_SIDE`](crate::MAX_TABLE_SIDE)
/// on a side) gets a positive scale.
///
/// ```
/// use feldherr_table::{Table, fitting_scale};
/// use feldherr_geometry::Unit;
/// let long = Table::new(180.0, 4074.0, Unit::Centimetre).expect("a table");
/// assert_eq!(fitting_scale(&long, 4.0, 4096), (4096.0 / 4074.0) as f32);
/// let usual = Table::new(180.0, 120.0, Unit::Centimetre).expect("a table");
/// assert_eq!(fitting_scale(&usual, 4.0, 4096), 4.0);
/// ```
#[must_use]
pub fn fitting_scale(table: &Table, preferred: f32, max_side: u32) -> f32 {
    let longest = table.width().max(table.depth());
    let fit = f64::from(max_side) / longest;
    if fit < f64::from(preferred) {
        #[allow(clippy::cast_possible_truncation, reason = "below `preferred`, an f32")]
        let fit = fit as f32;
        fit
    } else {
        preferred
    }
}

/// The table's background in pictures (parchment, so every terrain colour
/// stands out).
pub const BACKGROUND: [u8; 3] = [226, 218, 190];

/// Outline colour of pieces that break a placement rule.
pub const VIOLATION: [u8; 3] = [210, 30, 30];

/// An RGBA picture, 8 bits per channel, not premultiplied, rows top to
/// bottom.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RgbaImage {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height * 4` bytes: red, green, blue, alpha per pixel.
    pub pixels: Vec<u8>,
}

impl RgbaImage {
    /// The pixel at column `x`, row `y` (row 0 at the top), if inside.
    #[must_use]
    pub fn pixel(&self, x: u32, y: u32) -> Option<[u8; 4]> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let i = (usize::try_from(y).ok()? * usize::try_from(self.width).ok()?
            + usize::try_from(x).ok()?)
            * 4;
        let p = self.pixels.get(i..i + 4)?;
        Some([p[0], p[1], p[2], p[3]])
    }
}

/// Maps table coordinates (y up) to pixels (y down).
#[derive(Clone, Copy)]
pub(crate) struct View {
    pub(crate) scale: f32,
    pub(crate) depth: f64,
}

impl View {
    #[allow(clippy::cast_possible_truncation)]
    pub(crate) fn px(self, p: Point) -> (f32, f32) {
        (
            p.x as f32 * self.scale,
            (self.depth - p.y) as f32 * self.scale,
        )
    }

    #[allow(clippy::cast_possible_truncation)]
    fn len(self, d: f64) -> f32 {
        d as f32 * self.scale
    }
}

pub(crate) fn paint(rgb: [u8; 3], alpha: u8) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color_rgba8(rgb[0], rgb[1], rgb[2], alpha);
    paint.anti_alias = true;
    paint
}

/// `rgb` darkened for outlines.
pub(crate) fn darker(rgb: [u8; 3]) -> [u8; 3] {
    rgb.map(|c| u8::try_from(u16::from(c) * 11 / 20).unwrap_or(c))
}

pub(crate) fn shape_path(shape: &Shape, view: View) -> Option<Path> {
    match shape {
        Shape::Circle(c) => {
            let (x, y) = view.px(c.center());
            PathBuilder::from_circle(x, y, view.len(c.radius()).max(0.5))
        }
        Shape::Rect(r) => polygon_path(&r.corners(), view),
        Shape::Polygon(p) => polygon_path(p.vertices(), view),
    }
}

fn polygon_path(points: &[Point], view: View) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let (first, rest) = points.split_first()?;
    let (x, y) = view.px(*first);
    pb.move_to(x, y);
    for p in rest {
        let (x, y) = view.px(*p);
        pb.line_to(x, y);
    }
    pb.close();
    pb.finish()
}

pub(crate) fn line_path(a: (f32, f32), b: (f32, f32)) -> Option<Path> {
    let mut pb = PathBuilder::new();
    pb.move_to(a.0, a.1);
    pb.line_to(b.0, b.1);
    pb.finish()
}

/// The facing tick of a piece: from its centre out past its front.
#[must_use]
pub fn facing_tick(piece: &Piece) -> Option<(Point, Point)> {
    let facing = piece.facing_angle()?;
    let center = piece.center();
    let bounds = piece.shape.bounds();
    let reach = match &piece.shape {
        Shape::Circle(c) => c.radius() * 1.4,
        Shape::Rect(r) => r.length() / 2.0 + r.length().min(r.width()) * 0.4,
        Shape::Polygon(_) => bounds.width().max(bounds.height()) * 0.7,
    };
    Some((center, center + facing.direction().scale(reach)))
}

/// Draws `table` with the piece types and placement rules of `rules` at
/// `pixels_per_unit` pixels per native unit: background, a grid line every
/// [`Table::grid_step`] (6 in or 10 cm), terrain filled with its type
/// colour and outlined, markers translucent, models opaque, facings (where
/// [`TableRules::shows_facing`]) as a tick from the centre out past the
/// front, and the pieces that break a
/// placement rule outlined in [`VIOLATION`] red. Names are not drawn.
///
/// # Errors
/// [`TableError::NotFinite`] / [`TableError::NotPositive`] naming
/// `pixels_per_unit`; [`TableError::PictureTooLarge`] beyond
/// [`MAX_PICTURE_SIDE`] pixels on a side.
pub fn render_rgba(
    table: &Table,
    rules: &TableRules,
    pixels_per_unit: f32,
) -> Result<RgbaImage, TableError> {
    let (width, height) = table_size_px(table, pixels_per_unit)?;
    let too_large = || TableError::PictureTooLarge {
        width: f64::from(width),
        height: f64::from(height),
    };
    let mut pixmap = Pixmap::new(width, height).ok_or_else(too_large)?;
    draw_table(&mut pixmap, table, rules, pixels_per_unit);
    Ok(to_image(&pixmap))
}

/// The picture size of `table` at `pixels_per_unit`, checked against
/// [`MAX_PICTURE_SIDE`].
pub(crate) fn table_size_px(table: &Table, pixels_per_unit: f32) -> Result<(u32, u32), TableError> {
    let scale = positive("pixels_per_unit", f64::from(pixels_per_unit))?;
    let (w, h) = (
        (table.width() * scale).ceil(),
        (table.depth() * scale).ceil(),
    );
    let max = f64::from(MAX_PICTURE_SIDE);
    if !(w <= max && h <= max) {
        return Err(TableError::PictureTooLarge {
            width: w,
            height: h,
        });
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Ok((w.max(1.0) as u32, h.max(1.0) as u32))
}

/// Draws the table into the top-left corner of `pixmap` (background, grid,
/// pieces), as [`render_rgba`] describes.
pub(crate) fn draw_table(
    pixmap: &mut Pixmap,
    table: &Table,
    rules: &TableRules,
    pixels_per_unit: f32,
) {
    let view = View {
        scale: pixels_per_unit,
        depth: table.depth(),
    };
    let id = Transform::identity();
    // Whole pixels, as `table_size_px` counts them.
    let scale = f64::from(pixels_per_unit);
    #[allow(clippy::cast_possible_truncation)]
    let area = Rect::from_xywh(
        0.0,
        0.0,
        (table.width() * scale).ceil().max(1.0) as f32,
        (table.depth() * scale).ceil().max(1.0) as f32,
    );
    if let Some(area) = area {
        pixmap.fill_rect(area, &paint(BACKGROUND, 255), id, None);
    }

    // Grid.
    let grid = paint([60, 60, 50], 70);
    let thin = Stroke {
        width: 1.0,
        ..Stroke::default()
    };
    let step = table.grid_step();
    let mut k = 1.0;
    while k * step < table.width() {
        let x = k * step;
        let line = line_path(
            view.px(Point::new(x, 0.0)),
            view.px(Point::new(x, table.depth())),
        );
        if let Some(line) = line {
            pixmap.stroke_path(&line, &grid, &thin, id, None);
        }
        k += 1.0;
    }
    let mut k = 1.0;
    while k * step < table.depth() {
        let y = k * step;
        let line = line_path(
            view.px(Point::new(0.0, y)),
            view.px(Point::new(table.width(), y)),
        );
        if let Some(line) = line {
            pixmap.stroke_path(&line, &grid, &thin, id, None);
        }
        k += 1.0;
    }

    let outline = Stroke {
        width: (pixels_per_unit * 0.06).clamp(1.0, 4.0),
        ..Stroke::default()
    };
    let offending: HashSet<u64> = table
        .violations(rules)
        .iter()
        .flat_map(crate::Violation::piece_ids)
        .collect();
    for piece in table.draw_order() {
        let Some(path) = shape_path(&piece.shape, view) else {
            continue;
        };
        let colour = rules.colour_of(&piece.kind);
        let alpha = if piece.layer == Layer::Marker {
            110
        } else {
            255
        };
        pixmap.fill_path(&path, &paint(colour, alpha), FillRule::Winding, id, None);
        pixmap.stroke_path(&path, &paint(darker(colour), 255), &outline, id, None);
        if rules.shows_facing(piece)
            && let Some((from, to)) = facing_tick(piece)
            && let Some(tick) = line_path(view.px(from), view.px(to))
        {
            let stroke = Stroke {
                width: outline.width * 1.5,
                ..Stroke::default()
            };
            pixmap.stroke_path(&tick, &paint([20, 20, 20], 255), &stroke, id, None);
        }
        if offending.contains(&piece.id) {
            let stroke = Stroke {
                width: outline.width * 2.5,
                ..Stroke::default()
            };
            pixmap.stroke_path(&path, &paint(VIOLATION, 255), &stroke, id, None);
        }
    }
}

/// The straight-alpha RGBA bytes of `pixmap`.
pub(crate) fn to_image(pixmap: &Pixmap) -> RgbaImage {
    let pixels = pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    RgbaImage {
        width: pixmap.width(),
        height: pixmap.height(),
        pixels,
    }
}

/// Encodes `image` as PNG bytes (8-bit RGBA).
///
/// # Errors
/// [`TableError::Png`] when `pixels` does not hold `width * height * 4`
/// bytes or the encoder fails.
pub fn encode_png(image: &RgbaImage) -> Result<Vec<u8>, TableError> {
    let expected = u64::from(image.width) * u64::from(image.height) * 4;
    if u64::try_from(image.pixels.len()).ok() != Some(expected) || expected == 0 {
        return Err(TableError::Png {
            message: format!(
                "a {} x {} picture needs {expected} bytes, got {}",
                image.width,
                image.height,
                image.pixels.len()
            ),
        });
    }
    let png_err = |e: png::EncodingError| TableError::Png {
        message: e.to_string(),
    };
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, image.width, image.height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(png_err)?;
        writer.write_image_data(&image.pixels).map_err(png_err)?;
        writer.finish().map_err(png_err)?;
    }
    Ok(out)
}
