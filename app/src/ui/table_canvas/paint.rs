//! Drawing the table, its pieces and the tool overlays with egui's painter.

use eframe::egui::{
    self, Align2, Color32, FontId, Mesh, Painter, Pos2, Rect, Stroke, StrokeKind, Vec2, pos2,
};
use feldherr_table::geometry::{Point, Shape};
use feldherr_table::{Layer, Piece, Table, TableRules, facing_tick};

use super::overlay::Tone;
use super::view::View;
use crate::i18n::Texts;

/// The colours of one frame, taken from the theme.
#[derive(Debug, Clone, Copy)]
pub(super) struct Palette {
    pub surface: Color32,
    pub border: Color32,
    pub grid: Color32,
    pub grid_text: Color32,
    pub selection: Color32,
    pub error: Color32,
    pub ruler: Color32,
    pub text_bg: Color32,
    pub text: Color32,
    /// Overlay tones (see [`Tone`]).
    pub aim: Color32,
    pub hit: Color32,
    pub miss: Color32,
    pub path: Color32,
}

impl Palette {
    pub fn from_visuals(visuals: &egui::Visuals) -> Palette {
        let surface = if visuals.dark_mode {
            Color32::from_rgb(52, 60, 48)
        } else {
            Color32::from_rgb(232, 226, 204)
        };
        Palette {
            surface,
            border: visuals.widgets.noninteractive.fg_stroke.color,
            grid: visuals
                .weak_text_color()
                .gamma_multiply(if visuals.dark_mode { 0.5 } else { 0.3 }),
            grid_text: visuals.weak_text_color(),
            selection: visuals.selection.stroke.color,
            error: visuals.error_fg_color,
            ruler: visuals.hyperlink_color,
            text_bg: visuals.extreme_bg_color.gamma_multiply(0.85),
            text: visuals.strong_text_color(),
            aim: pick(visuals, [250, 200, 60], [176, 112, 0]),
            hit: pick(visuals, [255, 100, 150], [190, 20, 90]),
            miss: pick(visuals, [200, 200, 212], [86, 86, 98]),
            path: pick(visuals, [110, 215, 130], [16, 130, 60]),
        }
    }

    /// The colour of an overlay tone.
    pub fn tone(&self, tone: Tone) -> Color32 {
        match tone {
            Tone::Aim => self.aim,
            Tone::Hit => self.hit,
            Tone::Miss => self.miss,
            Tone::Path => self.path,
            Tone::Violation => self.error,
            Tone::Info => self.ruler,
        }
    }
}

/// The dark or the light variant of a colour, for the theme.
fn pick(visuals: &egui::Visuals, dark: [u8; 3], light: [u8; 3]) -> Color32 {
    rgb(if visuals.dark_mode { dark } else { light })
}

/// The table surface, its border and the grid (labelled every step along
/// the bottom and left edges).
pub(super) fn table_surface(
    painter: &Painter,
    view: &View,
    table: &Table,
    palette: &Palette,
    texts: &Texts,
) {
    let lower_left = view.screen_of(Point::ORIGIN);
    let upper_right = view.screen_of(Point::new(table.width(), table.depth()));
    let rect = Rect::from_two_pos(lower_left, upper_right);
    painter.rect_filled(rect, 2.0, palette.surface);
    let step = table.grid_step();
    // Label every line unless they crowd: then every 2nd or 5th.
    let spacing = view.len(step);
    let every = if spacing >= 28.0 {
        1
    } else if spacing >= 14.0 {
        2
    } else {
        5
    };
    let font = FontId::proportional(11.0);
    let grid = Stroke::new(1.0, palette.grid);
    let label = |n: u32| texts.short_decimal(f64::from(n) * step, 1);
    let mut n = 1_u32;
    while f64::from(n) * step < table.width() {
        let x = f64::from(n) * step;
        let a = view.screen_of(Point::new(x, 0.0));
        let b = view.screen_of(Point::new(x, table.depth()));
        painter.line_segment([a, b], grid);
        if n.is_multiple_of(every) {
            painter.text(
                // Along the table edge, or the canvas edge when that is off screen.
                pos2(a.x, (a.y + 3.0).min(view.rect.bottom() - 16.0)),
                Align2::CENTER_TOP,
                label(n),
                font.clone(),
                palette.grid_text,
            );
        }
        n += 1;
    }
    let mut n = 1_u32;
    while f64::from(n) * step < table.depth() {
        let y = f64::from(n) * step;
        let a = view.screen_of(Point::new(0.0, y));
        let b = view.screen_of(Point::new(table.width(), y));
        painter.line_segment([a, b], grid);
        if n.is_multiple_of(every) {
            painter.text(
                pos2((a.x - 4.0).max(view.rect.left() + 30.0), a.y),
                Align2::RIGHT_CENTER,
                label(n),
                font.clone(),
                palette.grid_text,
            );
        }
        n += 1;
    }
    // The origin with the unit.
    painter.text(
        lower_left + Vec2::new(-4.0, 3.0),
        Align2::RIGHT_TOP,
        texts.length(0.0, table.unit()),
        font,
        palette.grid_text,
    );
    painter.rect_stroke(
        rect,
        2.0,
        Stroke::new(1.5, palette.border),
        StrokeKind::Outside,
    );
}

/// How a piece is to be emphasised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Emphasis {
    pub selected: bool,
    pub violating: bool,
    pub ghost: bool,
    /// The seat of the player a marker (an area such as a deployment
    /// zone) belongs to: it is filled in his colour, translucent, instead
    /// of its type's (issue #27: every player's zone looked the same).
    pub owner: Option<usize>,
}

fn rgb(c: [u8; 3]) -> Color32 {
    Color32::from_rgb(c[0], c[1], c[2])
}

fn darker(c: Color32) -> Color32 {
    Color32::from_rgb(
        u8::try_from(u16::from(c.r()) * 11 / 20).unwrap_or(0),
        u8::try_from(u16::from(c.g()) * 11 / 20).unwrap_or(0),
        u8::try_from(u16::from(c.b()) * 11 / 20).unwrap_or(0),
    )
}

/// Black or white, whichever reads better on `c`.
fn ink_on(c: Color32) -> Color32 {
    let luma = 0.299 * f32::from(c.r()) + 0.587 * f32::from(c.g()) + 0.114 * f32::from(c.b());
    if luma > 140.0 {
        Color32::from_rgb(20, 20, 20)
    } else {
        Color32::WHITE
    }
}

/// The screen outline of a shape (circles as a polygon, for hit tests and
/// concave fills; drawing uses real circles).
pub(super) fn screen_points(shape: &Shape, view: &View) -> Vec<Pos2> {
    match shape {
        Shape::Circle(c) => {
            let center = view.screen_of(c.center());
            let r = view.len(c.radius());
            (0..48)
                .map(|i| {
                    #[allow(clippy::cast_precision_loss)]
                    let a = i as f32 * std::f32::consts::TAU / 48.0;
                    center + r * Vec2::angled(a)
                })
                .collect()
        }
        Shape::Rect(r) => r.corners().iter().map(|&p| view.screen_of(p)).collect(),
        Shape::Polygon(p) => p.vertices().iter().map(|&v| view.screen_of(v)).collect(),
    }
}

/// Draws one piece: filled with its type colour, outlined, its facing as a
/// tick, its name, and the selection or violation outline.
pub(super) fn piece(
    painter: &Painter,
    view: &View,
    rules: &TableRules,
    piece: &Piece,
    emphasis: Emphasis,
    palette: &Palette,
) {
    let base = match emphasis.owner {
        Some(seat) if piece.layer == Layer::Marker => crate::ui::palette::player_colour(seat),
        _ => rgb(rules.colour_of(&piece.kind)),
    };
    let alpha: u8 = match (emphasis.ghost, piece.layer) {
        (true, _) => 90,
        (false, Layer::Marker) => 120,
        (false, _) => 235,
    };
    let fill = Color32::from_rgba_unmultiplied(base.r(), base.g(), base.b(), alpha);
    let outline = Stroke::new(1.5, darker(base));
    let emphasis_stroke = if emphasis.violating {
        Some(Stroke::new(3.5, palette.error))
    } else if emphasis.selected {
        Some(Stroke::new(3.0, palette.selection))
    } else {
        None
    };
    match &piece.shape {
        Shape::Circle(c) => {
            let center = view.screen_of(c.center());
            let r = view.len(c.radius()).max(1.0);
            painter.circle(center, r, fill, outline);
            if let Some(stroke) = emphasis_stroke {
                painter.circle_stroke(center, r + stroke.width / 2.0, stroke);
            }
            if emphasis.selected && emphasis.violating {
                painter.circle_stroke(center, r + 5.0, Stroke::new(2.0, palette.selection));
            }
        }
        shape => {
            let points = screen_points(shape, view);
            fill_polygon(painter, &points, fill);
            painter.add(egui::Shape::closed_line(points.clone(), outline));
            if let Some(stroke) = emphasis_stroke {
                painter.add(egui::Shape::closed_line(points.clone(), stroke));
            }
            if emphasis.selected && emphasis.violating {
                let center = view.screen_of(piece.center());
                let grown: Vec<Pos2> = points
                    .iter()
                    .map(|&p| p + (p - center).normalized() * 5.0)
                    .collect();
                painter.add(egui::Shape::closed_line(
                    grown,
                    Stroke::new(2.0, palette.selection),
                ));
            }
        }
    }
    if rules.shows_facing(piece)
        && let Some((from, to)) = facing_tick(piece)
    {
        let (a, b) = (view.screen_of(from), view.screen_of(to));
        painter.line_segment([a, b], Stroke::new(2.5, ink_on(base)));
        painter.line_segment([a, b], Stroke::new(1.2, darker(base)));
        // An arrow head at the front.
        let dir = (b - a).normalized();
        let side = dir.rot90() * 4.0;
        painter.add(egui::Shape::convex_polygon(
            vec![b + dir * 3.0, b - dir * 4.0 + side, b - dir * 4.0 - side],
            darker(base),
            Stroke::NONE,
        ));
    }
}

/// A player's mark (circle, square, triangle or diamond) filled in the
/// player's colour with a light rim, centred at `at`.
pub(super) fn player_mark(painter: &Painter, at: Pos2, r: f32, seat: usize) {
    use crate::ui::palette::{PlayerMark, player_colour, player_mark as mark_of};
    let fill = player_colour(seat);
    let rim = Stroke::new(1.2, Color32::WHITE);
    let poly = |points: Vec<Pos2>| egui::Shape::convex_polygon(points, fill, rim);
    match mark_of(seat) {
        PlayerMark::Circle => {
            painter.circle(at, r, fill, rim);
        }
        PlayerMark::Square => {
            painter.add(poly(vec![
                at + Vec2::new(-r, -r),
                at + Vec2::new(r, -r),
                at + Vec2::new(r, r),
                at + Vec2::new(-r, r),
            ]));
        }
        PlayerMark::Triangle => {
            painter.add(poly(vec![
                at + Vec2::new(0.0, -r * 1.2),
                at + Vec2::new(r * 1.1, r * 0.8),
                at + Vec2::new(-r * 1.1, r * 0.8),
            ]));
        }
        PlayerMark::Diamond => {
            painter.add(poly(vec![
                at + Vec2::new(0.0, -r * 1.25),
                at + Vec2::new(r * 1.25, 0.0),
                at + Vec2::new(0.0, r * 1.25),
                at + Vec2::new(-r * 1.25, 0.0),
            ]));
        }
    }
}

/// Text with an optional background box.
pub(super) fn label(
    painter: &Painter,
    pos: Pos2,
    align: Align2,
    text: &str,
    ink: Color32,
    bg: Option<Color32>,
    size: f32,
) -> Rect {
    let galley = painter.layout_no_wrap(text.to_owned(), FontId::proportional(size), ink);
    let rect = align.anchor_size(pos, galley.size());
    if let Some(bg) = bg {
        painter.rect_filled(rect.expand(3.0), 3.0, bg);
    }
    painter.galley(rect.min, galley, ink);
    rect
}

/// Fills a simple polygon, convex or not, by ear clipping.
pub(super) fn fill_polygon(painter: &Painter, points: &[Pos2], fill: Color32) {
    let mut mesh = Mesh::default();
    for &p in points {
        mesh.colored_vertex(p, fill);
    }
    for [a, b, c] in triangulate(points) {
        if let (Ok(a), Ok(b), Ok(c)) = (u32::try_from(a), u32::try_from(b), u32::try_from(c)) {
            mesh.add_triangle(a, b, c);
        }
    }
    painter.add(egui::Shape::mesh(mesh));
}

fn cross(a: Pos2, b: Pos2, c: Pos2) -> f32 {
    (b - a).x * (c - a).y - (b - a).y * (c - a).x
}

/// 1.0 if the corners of a simple polygon run counter-clockwise in the
/// painter's coordinates (positive shoelace area), else -1.0.
pub(super) fn winding(points: &[Pos2]) -> f32 {
    let n = points.len();
    let area: f32 = (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum();
    if area >= 0.0 { 1.0 } else { -1.0 }
}

/// Triangles (vertex indices) covering a simple polygon.
fn triangulate(points: &[Pos2]) -> Vec<[usize; 3]> {
    let n = points.len();
    if n < 3 {
        return Vec::new();
    }
    let sign = winding(points);
    let mut idx: Vec<usize> = (0..n).collect();
    let mut out = Vec::with_capacity(n - 2);
    while idx.len() > 3 {
        let m = idx.len();
        let ear = (0..m).find(|&i| {
            let (a, b, c) = (idx[(i + m - 1) % m], idx[i], idx[(i + 1) % m]);
            let (pa, pb, pc) = (points[a], points[b], points[c]);
            if cross(pa, pb, pc) * sign <= 0.0 {
                return false;
            }
            !idx.iter().any(|&j| {
                j != a && j != b && j != c && {
                    let p = points[j];
                    cross(pa, pb, p) * sign >= 0.0
                        && cross(pb, pc, p) * sign >= 0.0
                        && cross(pc, pa, p) * sign >= 0.0
                }
            })
        });
        let Some(i) = ear else {
            // Rounding made every corner look reflex: fan the rest.
            for k in 1..m - 1 {
                out.push([idx[0], idx[k], idx[k + 1]]);
            }
            return out;
        };
        out.push([idx[(i + m - 1) % m], idx[i], idx[(i + 1) % m]]);
        idx.remove(i);
    }
    out.push([idx[0], idx[1], idx[2]]);
    out
}

/// The ruler: a line between the measured points with the distance.
pub(super) fn ruler(painter: &Painter, from: Pos2, to: Pos2, text: &str, palette: &Palette) {
    let stroke = Stroke::new(2.0, palette.ruler);
    painter.line_segment([from, to], stroke);
    for p in [from, to] {
        painter.circle(p, 3.5, palette.ruler, Stroke::NONE);
    }
    let mid = pos2((from.x + to.x) / 2.0, (from.y + to.y) / 2.0);
    label(
        painter,
        mid - Vec2::new(0.0, 6.0),
        Align2::CENTER_BOTTOM,
        text,
        palette.ruler,
        Some(palette.text_bg),
        14.0,
    );
}

/// A polygon being drawn: its corners, the edges so far and the edge to
/// the pointer.
pub(super) fn draft(
    painter: &Painter,
    view: &View,
    points: &[Point],
    pointer: Option<Pos2>,
    palette: &Palette,
) {
    let screen: Vec<Pos2> = points.iter().map(|&p| view.screen_of(p)).collect();
    let stroke = Stroke::new(2.0, palette.selection);
    if screen.len() >= 2 {
        painter.add(egui::Shape::line(screen.clone(), stroke));
    }
    if let (Some(last), Some(pointer)) = (screen.last(), pointer) {
        painter.line_segment([*last, pointer], Stroke::new(1.0, palette.selection));
    }
    for p in screen {
        painter.circle(p, 4.0, palette.selection, Stroke::NONE);
    }
}

/// A drag handle.
pub(super) fn handle(painter: &Painter, at: Pos2, palette: &Palette, round: bool) {
    let stroke = Stroke::new(1.5, palette.selection);
    if round {
        painter.circle(at, 6.0, palette.text_bg, stroke);
    } else {
        painter.rect(
            Rect::from_center_size(at, Vec2::splat(10.0)),
            1.0,
            palette.text_bg,
            stroke,
            StrokeKind::Middle,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangulates_a_concave_polygon() {
        // A U shape: 8 corners, 6 triangles, total area 6 * 4 - 2 * 2 = 20.
        let u = [
            (0.0, 0.0),
            (6.0, 0.0),
            (6.0, 4.0),
            (4.0, 4.0),
            (4.0, 2.0),
            (2.0, 2.0),
            (2.0, 4.0),
            (0.0, 4.0),
        ]
        .map(|(x, y)| pos2(x, y));
        let tris = triangulate(&u);
        assert_eq!(tris.len(), 6);
        let area: f32 = tris
            .iter()
            .map(|&[a, b, c]| cross(u[a], u[b], u[c]).abs() / 2.0)
            .sum();
        assert!((area - 20.0).abs() < 1e-4, "{area}");
    }
}
