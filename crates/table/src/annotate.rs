//! The table picture with words (issue #10): piece labels, a scale bar and
//! a legend, laid out without drawing a single letter.
//!
//! [`annotated_picture`] draws the table as [`render_rgba`](crate::render_rgba)
//! does and adds a strip underneath with the scale bar (its bar and ticks)
//! and the legend swatches. Every word of the picture comes back as a
//! [`PictureLabel`]: text, position in pixels, size and anchor. Drawing the
//! letters is the caller's job (the app hands the labels to
//! `feldherr-sheet`, which has the fonts); this crate only needs to know how
//! wide a text is, through [`PictureText`].

use std::collections::{BTreeSet, HashMap};

use feldherr_geometry::{Point, Unit};
use serde::{Deserialize, Serialize};
use tiny_skia::{FillRule, PathBuilder, Pixmap, PixmapPaint, Rect, Stroke, Transform};

use crate::render::{View, darker, draw_table, line_path, paint, table_size_px, to_image};
use crate::{
    Layer, MAX_PICTURE_SIDE, RgbaImage, ShapeKind, Table, TableError, TableRules, TypeDef, measure,
};

/// The smallest text size of an annotated picture, in pixels per em: below
/// this a label is not readable, so small pictures keep this size.
pub const MIN_LABEL_PX: f32 = 12.0;

/// The largest text size of an annotated picture, in pixels per em.
pub const MAX_LABEL_PX: f32 = 30.0;

/// At most this many piece labels are placed; the rest are left out (and
/// counted in [`AnnotatedPicture::left_out`]).
pub const MAX_PIECE_LABELS: usize = 300;

/// A label longer than this many characters is cut to this many, the
/// last one `…`.
pub const MAX_LABEL_CHARS: usize = 32;

/// Pieces of one name are grouped under one label only in groups of at
/// most this many (bounds the pairwise distance checks).
const MAX_GROUP: usize = 200;

/// Strip background: white, so the legend reads like a printed key.
const STRIP: [u8; 3] = [255, 255, 255];
/// Scale bar ink.
const INK: [u8; 3] = [35, 35, 35];

/// What the layout needs to know about text: how wide it is, and the words
/// of the legend. `feldherr-sheet`'s label font measures exactly;
/// [`ApproxText`] estimates (for tests and callers without fonts).
pub trait PictureText {
    /// The advance width, in pixels, of `text` at `size` pixels per em.
    fn width(&self, text: &str, size: f32) -> f32;

    /// The legend's name for a type (its English [`TypeDef::label`] unless
    /// the caller translates it).
    fn type_name(&self, def: &TypeDef) -> String {
        def.label.clone()
    }

    /// The unit after the scale bar's numbers (its symbol, `in` or `cm`,
    /// unless the caller translates it).
    fn unit_name(&self, unit: Unit) -> String {
        unit.symbol().to_owned()
    }

    /// The note under the legend when `count` piece labels found no room.
    fn left_out(&self, count: usize) -> String {
        format!("{count} labels left out (no room)")
    }
}

/// A text measure without a font: every character is 0.6 em wide (a little
/// wider than DejaVu Sans on average, so boxes err on the roomy side).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ApproxText;

impl PictureText for ApproxText {
    fn width(&self, text: &str, size: f32) -> f32 {
        #[allow(clippy::cast_precision_loss)]
        let chars = text.chars().count() as f32;
        chars * 0.6 * size
    }
}

/// Where a label's point is on its text: the left end, the middle or the
/// right end of the line, always at the text's vertical middle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LabelAnchor {
    /// The point is the middle of the text's left end.
    Left,
    /// The point is the middle of the text.
    Centre,
    /// The point is the middle of the text's right end.
    Right,
}

/// What a label names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum LabelRole {
    /// The name of these pieces (one piece, or the stands of one unit that
    /// share a name and stand together).
    Piece {
        /// The pieces, in table order.
        ids: Vec<u64>,
    },
    /// A number under a tick of the scale bar.
    ScaleNumber,
    /// The unit after the scale bar's numbers.
    ScaleUnit,
    /// A legend entry's type name.
    Legend {
        /// The type id.
        kind: String,
    },
    /// The note that some piece labels were left out.
    LeftOut,
}

/// An axis-aligned rectangle in picture pixels (y down).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PixelRect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl PixelRect {
    /// Whether the two rectangles share inner area.
    #[must_use]
    pub fn overlaps(&self, other: &PixelRect) -> bool {
        self.x < other.x + other.w
            && other.x < self.x + self.w
            && self.y < other.y + other.h
            && other.y < self.y + self.h
    }

    /// Whether `(x, y)` is inside (edges included).
    #[must_use]
    pub fn contains(&self, x: f32, y: f32) -> bool {
        x >= self.x && x <= self.x + self.w && y >= self.y && y <= self.y + self.h
    }

    /// Whether `other` lies wholly inside.
    #[must_use]
    pub fn encloses(&self, other: &PixelRect) -> bool {
        self.contains(other.x, other.y) && self.contains(other.x + other.w, other.y + other.h)
    }
}

/// One word (or line) of the picture, to be drawn by the caller.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PictureLabel {
    /// The text, one line, never empty.
    pub text: String,
    /// The anchor point, pixels from the picture's left edge.
    pub x: f32,
    /// The anchor point, pixels from the picture's top edge: the text's
    /// vertical middle.
    pub y: f32,
    /// Text size in pixels per em.
    pub size: f32,
    /// Which point of the text `(x, y)` is.
    pub anchor: LabelAnchor,
    /// Whether the text needs a light halo (it sits on the table, over any
    /// terrain colour); strip texts sit on white and need none.
    pub halo: bool,
    /// Whether the text is muted (the left-out note).
    pub muted: bool,
    /// What it names.
    pub role: LabelRole,
    /// The box the layout kept free for it: `width` from [`PictureText`]
    /// by one line height (1.25 em).
    pub bounds: PixelRect,
}

/// The scale bar in the strip.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScaleBar {
    /// Its length in the table's unit (a round number: 18 in, 50 cm).
    pub length: f64,
    /// The table's unit.
    pub unit: Unit,
    /// The bar's left end, in pixels.
    pub x: f32,
    /// The bar's top edge, in pixels.
    pub y: f32,
    /// The bar's length in pixels: `length` times the pixels per unit.
    pub pixels: f32,
    /// The bar's thickness in pixels.
    pub thickness: f32,
    /// Where the ticks are, in the table's unit from the left end (0 and
    /// `length` included); one number label under each.
    pub ticks: Vec<f64>,
}

/// One legend entry: a swatch in a type's colour and outline style, and
/// its name (a [`LabelRole::Legend`] label).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LegendEntry {
    /// The type id.
    pub kind: String,
    /// The name shown.
    pub name: String,
    /// Where the swatch is drawn.
    pub swatch: PixelRect,
}

/// The table picture with its strip, and the words to write on it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AnnotatedPicture {
    /// The table on top, the strip underneath (scale bar and legend
    /// swatches drawn, no text).
    pub image: RgbaImage,
    /// The table's part of the image (top, as wide as the image).
    pub table_area: PixelRect,
    /// The strip's part of the image (below the table).
    pub strip: PixelRect,
    /// Pixels per table unit.
    pub pixels_per_unit: f32,
    /// Text size of every label, pixels per em.
    pub text_size: f32,
    /// The scale bar.
    pub scale_bar: ScaleBar,
    /// One entry per piece type on the table, in the rules' type order
    /// (types the rules do not know last, by id).
    pub legend: Vec<LegendEntry>,
    /// Every word to draw: piece labels, scale numbers and unit, legend
    /// names, the left-out note.
    pub labels: Vec<PictureLabel>,
    /// The pieces whose label found no free room (or came after
    /// [`MAX_PIECE_LABELS`]), in table order.
    pub left_out: Vec<u64>,
}

/// Draws `table` as [`render_rgba`](crate::render_rgba) does at
/// `pixels_per_unit`, adds a white strip underneath with a scale bar and a
/// legend, and lays out every word: each named piece's label at its centre
/// (the stands of a unit, sharing a name and standing within one text
/// height of each other, get one label at their middle), the scale bar's
/// numbers and unit, the legend's type names.
///
/// Text size is the picture width / 80, kept within [`MIN_LABEL_PX`] and
/// [`MAX_LABEL_PX`]. Labels never overlap: a piece label that would is
/// moved up or down by a line, and left out (listed in
/// [`AnnotatedPicture::left_out`] and counted in a note under the legend)
/// when no place is free. Pieces without a name get no label. Names
/// longer than [`MAX_LABEL_CHARS`] are cut.
///
/// # Errors
/// As [`render_rgba`](crate::render_rgba): [`TableError::NotFinite`] /
/// [`TableError::NotPositive`] naming `pixels_per_unit`,
/// [`TableError::PictureTooLarge`] when the table and strip together
/// exceed [`MAX_PICTURE_SIDE`] pixels on a side.
pub fn annotated_picture(
    table: &Table,
    rules: &TableRules,
    pixels_per_unit: f32,
    text: &dyn PictureText,
) -> Result<AnnotatedPicture, TableError> {
    let (width, table_h) = table_size_px(table, pixels_per_unit)?;
    #[allow(clippy::cast_precision_loss)]
    let (wf, thf) = (width as f32, table_h as f32);
    let size = (wf / 80.0).clamp(MIN_LABEL_PX, MAX_LABEL_PX);
    let line = size * 1.25;
    let table_area = PixelRect {
        x: 0.0,
        y: 0.0,
        w: wf,
        h: thf,
    };
    let view = View {
        scale: pixels_per_unit,
        depth: table.depth(),
    };

    let (mut labels, left_out) = piece_labels(table, view, table_area, size, text);

    // The strip: scale bar on the left, legend to its right (or under it
    // on a narrow picture), the left-out note last.
    let pad = size;
    let top = thf + pad;
    let scale_bar = scale_bar(table, pixels_per_unit, wf, pad, top, size);
    let scale_labels = scale_labels(&scale_bar, size, text);
    let scale_right = scale_labels
        .iter()
        .map(|l| l.bounds.x + l.bounds.w)
        .fold(scale_bar.x + scale_bar.pixels, f32::max);
    let scale_bottom = scale_labels
        .iter()
        .map(|l| l.bounds.y + l.bounds.h)
        .fold(scale_bar.y + scale_bar.thickness, f32::max);
    labels.extend(scale_labels);

    let swatch = size * 1.3;
    let entry_h = line.max(swatch) + size * 0.5;
    let mut legend_left = scale_right + 2.0 * pad;
    let mut y = top;
    if wf - pad - legend_left < 10.0 * size {
        legend_left = pad;
        y = scale_bottom + pad;
    }
    let legend_width = (wf - pad - legend_left).max(size);
    let mut x = legend_left;
    let mut legend = Vec::new();
    let mut rows_used = false;
    for (kind, def) in types_present(table, rules) {
        let name_full = def.map_or_else(|| kind.clone(), |d| text.type_name(d));
        let room = (legend_width - swatch - size * 0.5).max(size);
        let name = fit(&name_full, size, room, text);
        if name.is_empty() {
            continue;
        }
        let w_text = text.width(&name, size);
        let entry_w = swatch + size * 0.5 + w_text;
        if x > legend_left && x + entry_w > legend_left + legend_width {
            x = legend_left;
            y += entry_h;
        }
        rows_used = true;
        let swatch_rect = PixelRect {
            x,
            y: y + (entry_h - swatch) / 2.0 - size * 0.25,
            w: swatch,
            h: swatch,
        };
        let ty = swatch_rect.y + swatch / 2.0;
        let tx = x + swatch + size * 0.5;
        labels.push(label(
            name.clone(),
            tx,
            ty,
            size,
            LabelAnchor::Left,
            LabelRole::Legend { kind: kind.clone() },
            text,
        ));
        legend.push(LegendEntry {
            kind,
            name,
            swatch: swatch_rect,
        });
        x += entry_w + size * 1.5;
    }
    let mut bottom = scale_bottom;
    if rows_used {
        y += entry_h;
        bottom = bottom.max(y);
    }
    if !left_out.is_empty() {
        let note = fit(&text.left_out(left_out.len()), size, legend_width, text);
        if !note.is_empty() {
            let ny = bottom.max(y) + line / 2.0;
            let mut l = label(
                note,
                legend_left,
                ny,
                size,
                LabelAnchor::Left,
                LabelRole::LeftOut,
                text,
            );
            l.muted = true;
            bottom = l.bounds.y + l.bounds.h;
            labels.push(l);
        }
    }
    let total_h = (bottom + pad).ceil();
    if total_h > MAX_PICTURE_SIDE as f32 || !total_h.is_finite() {
        return Err(TableError::PictureTooLarge {
            width: f64::from(width),
            height: f64::from(total_h),
        });
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let height = total_h as u32;
    let too_large = || TableError::PictureTooLarge {
        width: f64::from(width),
        height: f64::from(height),
    };
    let mut pixmap = Pixmap::new(width, height).ok_or_else(too_large)?;
    pixmap.fill(tiny_skia::Color::from_rgba8(
        STRIP[0], STRIP[1], STRIP[2], 255,
    ));
    // The table in a pixmap of its own, so that pieces reaching over its
    // edge stay off the strip.
    let mut table_pixmap = Pixmap::new(width, table_h).ok_or_else(too_large)?;
    draw_table(&mut table_pixmap, table, rules, pixels_per_unit);
    let id = Transform::identity();
    pixmap.draw_pixmap(
        0,
        0,
        table_pixmap.as_ref(),
        &PixmapPaint::default(),
        id,
        None,
    );
    // A rule between table and strip.
    if let Some(r) = Rect::from_xywh(0.0, thf, wf, 1.0) {
        pixmap.fill_rect(r, &paint([150, 150, 150], 255), id, None);
    }
    draw_scale_bar(&mut pixmap, &scale_bar, pixels_per_unit);
    for entry in &legend {
        draw_swatch(&mut pixmap, entry, rules, table);
    }
    Ok(AnnotatedPicture {
        image: to_image(&pixmap),
        table_area,
        strip: PixelRect {
            x: 0.0,
            y: thf,
            w: wf,
            #[allow(clippy::cast_precision_loss)]
            h: height as f32 - thf,
        },
        pixels_per_unit,
        text_size: size,
        scale_bar,
        legend,
        labels,
        left_out,
    })
}

/// A label with its box.
fn label(
    words: String,
    x: f32,
    y: f32,
    size: f32,
    anchor: LabelAnchor,
    role: LabelRole,
    text: &dyn PictureText,
) -> PictureLabel {
    let w = text.width(&words, size);
    let h = size * 1.25;
    let left = match anchor {
        LabelAnchor::Left => x,
        LabelAnchor::Centre => x - w / 2.0,
        LabelAnchor::Right => x - w,
    };
    PictureLabel {
        text: words,
        x,
        y,
        size,
        anchor,
        halo: false,
        muted: false,
        role,
        bounds: PixelRect {
            x: left,
            y: y - h / 2.0,
            w,
            h,
        },
    }
}

/// `s` trimmed, cut to [`MAX_LABEL_CHARS`] and to `room` pixels wide (with
/// `…` when cut); empty when nothing fits.
fn fit(s: &str, size: f32, room: f32, text: &dyn PictureText) -> String {
    let clean: String = s
        .trim()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut chars: Vec<char> = clean.chars().collect();
    let mut cut = false;
    if chars.len() > MAX_LABEL_CHARS {
        chars.truncate(MAX_LABEL_CHARS - 1);
        cut = true;
    }
    loop {
        let mut candidate: String = chars.iter().collect::<String>().trim_end().to_owned();
        if cut {
            candidate.push('…');
        }
        if text.width(&candidate, size) <= room || chars.is_empty() {
            return if chars.is_empty() {
                String::new()
            } else {
                candidate
            };
        }
        chars.pop();
        cut = true;
    }
}

/// The piece labels, placed without overlap, and the pieces left out.
fn piece_labels(
    table: &Table,
    view: View,
    area: PixelRect,
    size: f32,
    text: &dyn PictureText,
) -> (Vec<PictureLabel>, Vec<u64>) {
    let line = size * 1.25;
    let groups = name_groups(table, f64::from(line / view.scale));
    let mut placed: Vec<PictureLabel> = Vec::new();
    let mut left_out = Vec::new();
    for group in groups {
        let ids: Vec<u64> = group.iter().map(|p| p.id).collect();
        let Some(first) = group.first() else { continue };
        let name = fit(&first.name, size, area.w, text);
        if name.is_empty() {
            left_out.extend(ids);
            continue;
        }
        if placed.len() >= MAX_PIECE_LABELS {
            left_out.extend(ids);
            continue;
        }
        #[allow(clippy::cast_precision_loss)]
        let n = group.len() as f64;
        let centre = group.iter().fold(Point::new(0.0, 0.0), |acc, p| {
            let c = p.center();
            Point::new(acc.x + c.x / n, acc.y + c.y / n)
        });
        let (cx, cy) = view.px(centre);
        let mut spot = None;
        for dy in [0.0, -1.0, 1.0, -2.0, 2.0] {
            let mut l = label(
                name.clone(),
                cx,
                cy + dy * line,
                size,
                LabelAnchor::Centre,
                LabelRole::Piece { ids: ids.clone() },
                text,
            );
            // Keep it on the table: shift in from the edges.
            let shift_x = (area.x - l.bounds.x).max(0.0)
                - (l.bounds.x + l.bounds.w - (area.x + area.w)).max(0.0);
            let shift_y = (area.y - l.bounds.y).max(0.0)
                - (l.bounds.y + l.bounds.h - (area.y + area.h)).max(0.0);
            l.x += shift_x;
            l.bounds.x += shift_x;
            l.y += shift_y;
            l.bounds.y += shift_y;
            if !area.encloses(&l.bounds) {
                continue;
            }
            if placed.iter().all(|p| !p.bounds.overlaps(&l.bounds)) {
                spot = Some(l);
                break;
            }
        }
        match spot {
            Some(mut l) => {
                l.halo = true;
                placed.push(l);
            }
            None => left_out.extend(ids),
        }
    }
    left_out.sort_unstable_by_key(|id| {
        table
            .pieces()
            .iter()
            .position(|p| p.id == *id)
            .unwrap_or(usize::MAX)
    });
    (placed, left_out)
}

/// The named pieces in label order (models, then markers, then terrain,
/// each in table order), grouped: pieces of the same name and type within
/// `near` units of each other (edge to edge, chained) share one label.
fn name_groups(table: &Table, near: f64) -> Vec<Vec<&crate::Piece>> {
    let mut named: Vec<&crate::Piece> = table
        .pieces()
        .iter()
        .filter(|p| !p.name.trim().is_empty())
        .collect();
    named.sort_by_key(|p| std::cmp::Reverse(p.layer));
    let mut by_name: HashMap<(&str, &str), Vec<usize>> = HashMap::new();
    for (i, p) in named.iter().enumerate() {
        by_name
            .entry((p.name.trim(), p.kind.as_str()))
            .or_default()
            .push(i);
    }
    // Union-find over the pieces of each name.
    let mut parent: Vec<usize> = (0..named.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for members in by_name.values() {
        if members.len() < 2 || members.len() > MAX_GROUP {
            continue;
        }
        for (k, &a) in members.iter().enumerate() {
            for &b in &members[k + 1..] {
                if measure(named[a], named[b]) <= near {
                    let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                    if ra != rb {
                        parent[ra.max(rb)] = ra.min(rb);
                    }
                }
            }
        }
    }
    let mut groups: Vec<Vec<&crate::Piece>> = Vec::new();
    let mut slot: HashMap<usize, usize> = HashMap::new();
    for (i, piece) in named.iter().enumerate() {
        let r = root(&mut parent, i);
        let g = *slot.entry(r).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(*piece);
    }
    groups
}

/// The kinds on the table, each with its type: the rules' types in their
/// order, then unknown kinds by id.
fn types_present<'a>(table: &Table, rules: &'a TableRules) -> Vec<(String, Option<&'a TypeDef>)> {
    let kinds: BTreeSet<&str> = table.pieces().iter().map(|p| p.kind.as_str()).collect();
    let mut out: Vec<(String, Option<&TypeDef>)> = rules
        .types
        .iter()
        .filter(|t| kinds.contains(t.id.as_str()))
        .map(|t| (t.id.clone(), Some(t)))
        .collect();
    for k in kinds {
        if rules.type_def(k).is_none() {
            out.push((k.to_owned(), None));
        }
    }
    out
}

/// Round bar lengths and their tick steps, per unit.
const INCH_BARS: [(f64, f64); 8] = [
    (1.0, 0.5),
    (2.0, 1.0),
    (3.0, 1.0),
    (6.0, 2.0),
    (12.0, 3.0),
    (18.0, 6.0),
    (24.0, 6.0),
    (36.0, 12.0),
];
const CM_BARS: [(f64, f64); 8] = [
    (1.0, 0.5),
    (2.0, 1.0),
    (5.0, 1.0),
    (10.0, 2.0),
    (20.0, 5.0),
    (30.0, 10.0),
    (50.0, 10.0),
    (100.0, 20.0),
];

/// The longest round bar at most 30 % of the picture wide and no longer
/// than the table (the shortest one if none is).
fn scale_bar(table: &Table, ppu: f32, width: f32, x: f32, y: f32, size: f32) -> ScaleBar {
    let bars = match table.unit() {
        Unit::Inch => &INCH_BARS,
        Unit::Centimetre => &CM_BARS,
    };
    let limit = f64::from(width) * 0.3;
    let (length, step) = bars
        .iter()
        .rev()
        .find(|(l, _)| *l * f64::from(ppu) <= limit && *l <= table.width())
        .or(bars.first())
        .copied()
        .unwrap_or((1.0, 0.5));
    let n = (length / step).round();
    let mut ticks = Vec::new();
    let mut k = 0.0;
    while k <= n {
        ticks.push(k * step);
        k += 1.0;
    }
    #[allow(clippy::cast_possible_truncation)]
    let pixels = (length * f64::from(ppu)) as f32;
    ScaleBar {
        length,
        unit: table.unit(),
        x,
        y: y + size * 0.2,
        pixels,
        thickness: (size * 0.45).max(4.0),
        ticks,
    }
}

/// `v` without a trailing `.0`.
fn number(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

/// A number under each tick and the unit after the last one.
fn scale_labels(bar: &ScaleBar, size: f32, text: &dyn PictureText) -> Vec<PictureLabel> {
    let ny = bar.y + bar.thickness + size * 0.35 + size * 0.625;
    let mut out: Vec<PictureLabel> = bar
        .ticks
        .iter()
        .map(|&t| {
            #[allow(clippy::cast_possible_truncation)]
            let x = bar.x + (t / bar.length) as f32 * bar.pixels;
            label(
                number(t),
                x,
                ny,
                size,
                LabelAnchor::Centre,
                LabelRole::ScaleNumber,
                text,
            )
        })
        .collect();
    let after = out
        .last()
        .map_or(bar.x + bar.pixels, |l| l.bounds.x + l.bounds.w);
    let unit = fit(&text.unit_name(bar.unit), size, size * 8.0, text);
    if !unit.is_empty() {
        out.push(label(
            unit,
            after + size * 0.3,
            ny,
            size,
            LabelAnchor::Left,
            LabelRole::ScaleUnit,
            text,
        ));
    }
    out
}

/// The bar in alternating dark and white segments with an outline, and a
/// tick down at each number.
fn draw_scale_bar(pixmap: &mut Pixmap, bar: &ScaleBar, ppu: f32) {
    let id = Transform::identity();
    let dark = paint(INK, 255);
    for (i, pair) in bar.ticks.windows(2).enumerate() {
        if i % 2 == 1 {
            continue;
        }
        #[allow(clippy::cast_possible_truncation)]
        let (a, b) = (pair[0] as f32 * ppu, pair[1] as f32 * ppu);
        // Snapped to whole pixels, at least one wide: a segment under two
        // pixels wide across a pixel edge trips tiny-skia's anti-aliased
        // fill (a debug assertion; issue #28: a Warmaster table 49,172 cm
        // wide, drawn at 0.08 pixels per cm).
        let x0 = (bar.x + a).round();
        let x1 = (bar.x + b).round().max(x0 + 1.0);
        let y0 = bar.y.round();
        let y1 = (bar.y + bar.thickness).round().max(y0 + 1.0);
        if let Some(r) = Rect::from_ltrb(x0, y0, x1, y1) {
            pixmap.fill_rect(r, &dark, id, None);
        }
    }
    let stroke = Stroke {
        width: (bar.thickness / 5.0).max(1.0),
        ..Stroke::default()
    };
    if let Some(r) = Rect::from_xywh(bar.x, bar.y, bar.pixels, bar.thickness) {
        let path = PathBuilder::from_rect(r);
        pixmap.stroke_path(&path, &dark, &stroke, id, None);
    }
    for &t in &bar.ticks {
        #[allow(clippy::cast_possible_truncation)]
        let x = bar.x + t as f32 * ppu;
        if let Some(tick) = line_path((x, bar.y), (x, bar.y + bar.thickness + bar.thickness * 0.6))
        {
            pixmap.stroke_path(&tick, &dark, &stroke, id, None);
        }
    }
}

/// A swatch in the type's colour and outline kind, translucent for
/// markers as on the table.
fn draw_swatch(pixmap: &mut Pixmap, entry: &LegendEntry, rules: &TableRules, table: &Table) {
    let id = Transform::identity();
    let def = rules.type_def(&entry.kind);
    let colour = rules.colour_of(&entry.kind);
    let sample = table.pieces().iter().find(|p| p.kind == entry.kind);
    let layer = def.map_or_else(|| sample.map_or(Layer::Terrain, |p| p.layer), |d| d.layer);
    let shape = def.map_or_else(
        || sample.map_or(ShapeKind::Rect, crate::Piece::shape_kind),
        |d| d.shape.kind(),
    );
    let alpha = if layer == Layer::Marker { 110 } else { 255 };
    let r = entry.swatch;
    let path = match shape {
        ShapeKind::Circle => PathBuilder::from_circle(r.x + r.w / 2.0, r.y + r.h / 2.0, r.w / 2.0),
        ShapeKind::Rect => {
            Rect::from_xywh(r.x, r.y + r.h * 0.2, r.w, r.h * 0.6).map(PathBuilder::from_rect)
        }
        ShapeKind::Polygon => {
            let mut pb = PathBuilder::new();
            let (cx, cy, rad) = (r.x + r.w / 2.0, r.y + r.h / 2.0, r.w / 2.0);
            for i in 0..6 {
                let a = std::f32::consts::PI / 3.0 * i as f32;
                let (px, py) = (cx + rad * a.cos(), cy + rad * a.sin());
                if i == 0 {
                    pb.move_to(px, py);
                } else {
                    pb.line_to(px, py);
                }
            }
            pb.close();
            pb.finish()
        }
    };
    if let Some(path) = path {
        pixmap.fill_path(&path, &paint(colour, alpha), FillRule::Winding, id, None);
        let stroke = Stroke {
            width: (r.w / 12.0).max(1.0),
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, &paint(darker(colour), 255), &stroke, id, None);
    }
}
