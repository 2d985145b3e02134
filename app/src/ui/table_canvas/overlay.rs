//! Overlays: what the host draws over the table for one frame (templates,
//! lines of fire, deviation arrows, validated movement legs, labels) and
//! which pieces it wants ringed.
//!
//! An [`Overlay`] is not part of the table: the canvas draws it above the
//! pieces and below the selection handles and the ruler, lists its labels
//! in the side panel, and never turns it into edits. Lengths and positions
//! are in the table's native unit. The host builds a fresh overlay each
//! frame (it is cheap) from whatever it is resolving:
//!
//! ```
//! use feldherr::ui::table_canvas::{Overlay, OverlayItem, Tone};
//! use feldherr_table::geometry::Point;
//! let (aim, landed) = (Point::new(50.0, 40.0), Point::new(54.0, 40.0));
//! let mut overlay = Overlay::default();
//! overlay.push(OverlayItem::circle(aim, 3.0, Tone::Aim).dashed().labelled("Aim"));
//! overlay.push(OverlayItem::line(vec![aim, landed], Tone::Miss).arrow());
//! overlay.push(OverlayItem::circle(landed, 3.0, Tone::Hit).labelled("Template"));
//! overlay.highlight(7, Tone::Hit); // the piece with id 7 gets a ring
//! // Each frame: `canvas.show_with(ui, texts, &table, &rules, &overlay)`.
//! let labels: Vec<&str> = overlay.labels().map(|(text, _)| text).collect();
//! assert_eq!(labels, ["Aim", "Template"]);
//! assert_eq!(overlay.highlights, [(7, Tone::Hit)]);
//! ```

use eframe::egui::{self, Align2, Color32, Painter, Pos2, Stroke, Vec2};
use feldherr_table::Table;
use feldherr_table::geometry::{Point, Shape};

use super::paint::{self, Palette, screen_points};
use super::view::View;

/// The meaning of an overlay item, which picks its colour (from the theme,
/// so it reads in dark and light mode).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Tone {
    /// Where something is aimed: a template before it deviates, a target.
    Aim,
    /// What is hit: the template where it landed, models under it.
    Hit,
    /// What is missed or no longer matters: a deviation, a spent shot.
    Miss,
    /// A legal movement path or leg.
    Path,
    /// Something against the rules: an illegal leg, a blocked line.
    Violation,
    /// Anything else worth pointing at.
    #[default]
    Info,
}

impl Tone {
    /// Every tone, in declaration order.
    pub const ALL: [Tone; 6] = [
        Tone::Aim,
        Tone::Hit,
        Tone::Miss,
        Tone::Path,
        Tone::Violation,
        Tone::Info,
    ];
}

/// One thing drawn over the table.
#[derive(Debug, Clone, PartialEq)]
pub enum OverlayItem {
    /// A circle (a blast template, a range), lightly filled in its tone.
    Circle {
        /// The centre.
        center: Point,
        /// The radius in the table's unit.
        radius: f64,
        /// Its colour.
        tone: Tone,
        /// Dashed outline (for example an aim before deviation).
        dashed: bool,
        /// Text shown above the circle and in the side panel.
        label: Option<String>,
    },
    /// An open polyline (a line of fire, a deviation, movement legs).
    Line {
        /// At least two points; fewer draw nothing.
        points: Vec<Point>,
        /// Its colour.
        tone: Tone,
        /// An arrow head at the last point.
        arrow: bool,
        /// Dashed.
        dashed: bool,
        /// Text shown halfway along and in the side panel.
        label: Option<String>,
    },
    /// Text at a table point (also listed in the side panel).
    Label {
        /// Where the text is centred.
        at: Point,
        /// The text.
        text: String,
        /// Its colour.
        tone: Tone,
        /// When set, `at` is the centre of a piece of this radius (in the
        /// table's unit) the text is about: the text goes beside the piece
        /// like its name, farther out with a leader line when crowded.
        around: Option<f64>,
    },
}

impl OverlayItem {
    /// A solid, unlabelled circle.
    pub fn circle(center: Point, radius: f64, tone: Tone) -> OverlayItem {
        OverlayItem::Circle {
            center,
            radius,
            tone,
            dashed: false,
            label: None,
        }
    }

    /// A solid, unlabelled polyline without an arrow head.
    pub fn line(points: Vec<Point>, tone: Tone) -> OverlayItem {
        OverlayItem::Line {
            points,
            tone,
            arrow: false,
            dashed: false,
            label: None,
        }
    }

    /// Text at a table point.
    pub fn label(at: Point, text: impl Into<String>, tone: Tone) -> OverlayItem {
        OverlayItem::Label {
            at,
            text: text.into(),
            tone,
            around: None,
        }
    }

    /// Text about the round piece at `center` of `radius` (a fighter's
    /// state): placed beside the piece, never over it or another name.
    pub fn about_piece(
        center: Point,
        radius: f64,
        text: impl Into<String>,
        tone: Tone,
    ) -> OverlayItem {
        OverlayItem::Label {
            at: center,
            text: text.into(),
            tone,
            around: Some(radius),
        }
    }

    /// The same item drawn dashed (labels stay as they are).
    #[must_use]
    pub fn dashed(mut self) -> OverlayItem {
        match &mut self {
            OverlayItem::Circle { dashed, .. } | OverlayItem::Line { dashed, .. } => {
                *dashed = true;
            }
            OverlayItem::Label { .. } => {}
        }
        self
    }

    /// The same line with an arrow head at its end (other items stay as
    /// they are).
    #[must_use]
    pub fn arrow(mut self) -> OverlayItem {
        if let OverlayItem::Line { arrow, .. } = &mut self {
            *arrow = true;
        }
        self
    }

    /// The same circle or line with a label (a label item gets new text).
    #[must_use]
    pub fn labelled(mut self, text: impl Into<String>) -> OverlayItem {
        let text = text.into();
        match &mut self {
            OverlayItem::Circle { label, .. } | OverlayItem::Line { label, .. } => {
                *label = Some(text);
            }
            OverlayItem::Label { text: old, .. } => *old = text,
        }
        self
    }

    /// The item's tone.
    pub fn tone(&self) -> Tone {
        match self {
            OverlayItem::Circle { tone, .. }
            | OverlayItem::Line { tone, .. }
            | OverlayItem::Label { tone, .. } => *tone,
        }
    }

    /// The item's text, if it has one.
    pub fn text(&self) -> Option<&str> {
        match self {
            OverlayItem::Circle { label, .. } | OverlayItem::Line { label, .. } => label.as_deref(),
            OverlayItem::Label { text, .. } => Some(text),
        }
    }
}

/// A point the user can drag (an angle's tip, for example): drawn as a
/// round grip, tied to its anchor by a line. The canvas reports where it
/// is dragged to as a [`HandleEvent`]; the host moves it by building the
/// next overlay with the new position.
#[derive(Debug, Clone, PartialEq)]
pub struct OverlayHandle {
    /// The host's id, reported back in [`HandleEvent`]s.
    pub id: u64,
    /// Where the grip is.
    pub at: Point,
    /// Where its line starts (the centre it turns around), if it has one.
    pub anchor: Option<Point>,
    /// Its colour.
    pub tone: Tone,
}

/// A drag of an [`OverlayHandle`], in table coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum HandleEvent {
    /// The handle is being dragged and is now at `to`.
    Moved {
        /// The handle's id.
        id: u64,
        /// Where it is.
        to: Point,
    },
    /// The handle was let go at `to`.
    Released {
        /// The handle's id.
        id: u64,
        /// Where it was let go.
        to: Point,
    },
}

/// What the host draws over the table this frame. The default is empty.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Overlay {
    /// Drawn in order, later items on top.
    pub items: Vec<OverlayItem>,
    /// Pieces (by id) ringed in a tone; ids not on the table are ignored.
    pub highlights: Vec<(u64, Tone)>,
    /// Grips the user can drag, drawn above everything else.
    pub handles: Vec<OverlayHandle>,
    /// Pieces (by id) that belong to a player: (piece, the player's seat,
    /// 0-based). The canvas outlines each in the player's colour, puts the
    /// player's mark beside it and frames its name in that colour
    /// ([`crate::ui::palette`]); a marker (an area such as a deployment
    /// zone) is also filled in that colour, translucent.
    pub owners: Vec<(u64, usize)>,
    /// Words that follow a piece's name in its label (piece, text): the
    /// name and its caption are placed as one label, beside the piece and
    /// clear of the other names (with a leader line when set apart), so a
    /// crowd of pieces (ten side by side in a line) never gets a second,
    /// overlapping label each. A label that finds no room is left out;
    /// the piece's hover shows it whole.
    pub captions: Vec<(u64, String)>,
}

impl Overlay {
    /// An empty overlay.
    pub fn new() -> Overlay {
        Overlay::default()
    }

    /// True when there is nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
            && self.highlights.is_empty()
            && self.handles.is_empty()
            && self.owners.is_empty()
            && self.captions.is_empty()
    }

    /// Puts `text` after piece `id`'s name in its label.
    pub fn caption(&mut self, id: u64, text: impl Into<String>) -> &mut Overlay {
        self.captions.push((id, text.into()));
        self
    }

    /// The label of `piece`: its name, and its caption if it has one.
    pub fn piece_label(&self, piece: &feldherr_table::Piece) -> String {
        match self.captions.iter().find(|(id, _)| *id == piece.id) {
            Some((_, caption)) if piece.name.is_empty() => caption.clone(),
            Some((_, caption)) => format!("{} · {caption}", piece.name),
            None => piece.name.clone(),
        }
    }

    /// Marks piece `id` as belonging to the player in seat `seat`.
    pub fn owner(&mut self, id: u64, seat: usize) -> &mut Overlay {
        self.owners.push((id, seat));
        self
    }

    /// Adds a grip the user can drag.
    pub fn handle(&mut self, handle: OverlayHandle) -> &mut Overlay {
        self.handles.push(handle);
        self
    }

    /// Adds an item on top of the others.
    pub fn push(&mut self, item: OverlayItem) -> &mut Overlay {
        self.items.push(item);
        self
    }

    /// Rings piece `id` in `tone`.
    pub fn highlight(&mut self, id: u64, tone: Tone) -> &mut Overlay {
        self.highlights.push((id, tone));
        self
    }

    /// The items' texts with their tones, in drawing order (for the side
    /// panel).
    pub fn labels(&self) -> impl Iterator<Item = (&str, Tone)> {
        self.items
            .iter()
            .filter_map(|item| item.text().map(|t| (t, item.tone())))
    }
}

/// The margin around an overlay text inside its box, in screen points (its
/// background is drawn that far around the text).
const LABEL_MARGIN: f32 = 3.0;

/// Draws the owners' outlines, the highlight rings and the items; the
/// items' texts keep clear of `placed` (the pieces' names) and of
/// `bodies` (the model pieces' boxes), stay inside `bounds`, and are
/// added to `placed`.
pub(super) fn paint(
    painter: &Painter,
    view: &View,
    table: &Table,
    overlay: &Overlay,
    palette: &Palette,
    placed: &mut Vec<egui::Rect>,
    (bodies, bounds): (&[egui::Rect], egui::Rect),
) {
    for &(id, seat) in &overlay.owners {
        if let Some(piece) = table.piece(id) {
            owner_outline(painter, view, &piece.shape, seat);
        }
    }
    for &(id, tone) in &overlay.highlights {
        if let Some(piece) = table.piece(id) {
            ring(painter, view, &piece.shape, palette.tone(tone), palette);
        }
    }
    // Shapes first, then every text on top of them.
    for item in &overlay.items {
        match item {
            OverlayItem::Circle {
                center,
                radius,
                tone,
                dashed,
                ..
            } => circle(
                painter,
                view,
                (*center, *radius),
                palette.tone(*tone),
                *dashed,
                palette,
            ),
            OverlayItem::Line {
                points,
                tone,
                arrow,
                dashed,
                ..
            } => {
                let screen: Vec<Pos2> = points.iter().map(|&p| view.screen_of(p)).collect();
                polyline(
                    painter,
                    &screen,
                    palette.tone(*tone),
                    LineStyle {
                        width: 2.5,
                        arrow: *arrow,
                        dashed: *dashed,
                    },
                    palette,
                );
            }
            OverlayItem::Label { .. } => {}
        }
    }
    for handle in &overlay.handles {
        let at = view.screen_of(handle.at);
        let colour = palette.tone(handle.tone);
        if let Some(anchor) = handle.anchor {
            let from = view.screen_of(anchor);
            painter.line_segment([from, at], Stroke::new(5.0, palette.text_bg));
            painter.line_segment([from, at], Stroke::new(2.5, colour));
        }
        painter.circle(at, 8.0, palette.text_bg, Stroke::new(2.5, colour));
        painter.circle_filled(at, 3.0, colour);
    }
    // Texts never cover each other nor a model piece (issue 26: the
    // texts of a planned move piled up by the moving piece): they are laid
    // out like the pieces' names, wanted place first, then five rings of
    // places around it with a leader line; a text with no room is left
    // out (the side panel says it too).
    let mut requests = Vec::new();
    let mut texts = Vec::new();
    for item in &overlay.items {
        let Some(text) = item.text() else {
            continue;
        };
        // A ring's text (a fighter's state, a commander) is placed around
        // the ring itself, like a piece's name: beside it first, farther
        // out with a leader line (it was placed around the box above the
        // ring, so a crowded ring sent its text a label's width away with
        // no line to it).
        let around = match item {
            OverlayItem::Circle { center, radius, .. }
            | OverlayItem::Label {
                at: center,
                around: Some(radius),
                ..
            } => Some((*center, *radius)),
            _ => None,
        };
        let size = text_size(painter, text);
        // A ring's text goes around the ring; another text tries its
        // wanted box first (an area's name inside its area), then the rings
        // around that box.
        let (anchor, inside) = match (item, around) {
            (_, Some((center, radius))) => (
                egui::Rect::from_center_size(
                    view.screen_of(center),
                    Vec2::splat(2.0 * view.len(radius.max(0.0))),
                ),
                false,
            ),
            (OverlayItem::Line { points, .. }, None) => {
                let screen: Vec<Pos2> = points.iter().map(|&p| view.screen_of(p)).collect();
                let Some(mid) = halfway(&screen) else {
                    continue;
                };
                (
                    Align2::CENTER_BOTTOM.anchor_size(mid - Vec2::new(0.0, 6.0), size),
                    true,
                )
            }
            (OverlayItem::Label { at, .. }, None) => (
                Align2::CENTER_CENTER.anchor_size(view.screen_of(*at), size),
                true,
            ),
            (OverlayItem::Circle { .. }, None) => continue,
        };
        requests.push(super::labels::LabelRequest {
            piece: requests.len() as u64,
            anchor,
            size,
            inside,
        });
        texts.push((text, item.tone()));
    }
    let laid = super::labels::layout_among(&requests, bodies, placed, bounds, false);
    for label in laid {
        let Some(&(text, tone)) = usize::try_from(label.piece).ok().and_then(|i| texts.get(i))
        else {
            continue;
        };
        if let Some((from, to)) = label.leader {
            painter.line_segment([from, to], Stroke::new(1.0, palette.tone(tone)));
        }
        paint::label(
            painter,
            label.rect.min + Vec2::splat(LABEL_MARGIN),
            Align2::LEFT_TOP,
            text,
            palette.tone(tone),
            Some(palette.text_bg),
            13.0,
        );
        placed.push(label.rect);
    }
}

/// The box of an overlay text with its margin.
fn text_size(painter: &Painter, text: &str) -> Vec2 {
    painter
        .layout_no_wrap(
            text.to_owned(),
            egui::FontId::proportional(13.0),
            Color32::WHITE,
        )
        .size()
        + Vec2::splat(2.0 * LABEL_MARGIN)
}

/// A piece's outline in its player's colour, with the player's mark at its
/// upper left corner (the second cue for greyscale and colour-blind
/// readers).
fn owner_outline(painter: &Painter, view: &View, shape: &Shape, seat: usize) {
    let colour = crate::ui::palette::player_colour(seat);
    let stroke = Stroke::new(2.5, colour);
    let corner = match shape {
        Shape::Circle(c) => {
            let center = view.screen_of(c.center());
            let r = view.len(c.radius()).max(1.0);
            painter.circle_stroke(center, r + 1.0, stroke);
            center + Vec2::new(-r, -r) * std::f32::consts::FRAC_1_SQRT_2
        }
        shape => {
            let points = screen_points(shape, view);
            let Some(first) = points.first().copied() else {
                return;
            };
            painter.add(egui::Shape::closed_line(points.clone(), stroke));
            points
                .iter()
                .copied()
                .min_by(|a, b| (a.x + a.y).total_cmp(&(b.x + b.y)))
                .unwrap_or(first)
        }
    };
    paint::player_mark(painter, corner, 4.5, seat);
}

/// A clearly visible ring just outside a piece's outline: a halo in the
/// text background colour under a thick stroke in `colour`.
fn ring(painter: &Painter, view: &View, shape: &Shape, colour: Color32, palette: &Palette) {
    const GAP: f32 = 4.0;
    match shape {
        Shape::Circle(c) => {
            let center = view.screen_of(c.center());
            let r = view.len(c.radius()).max(1.0) + GAP;
            painter.circle_stroke(center, r, Stroke::new(6.0, palette.text_bg));
            painter.circle_stroke(center, r, Stroke::new(3.0, colour));
        }
        shape => {
            let grown = grow(&screen_points(shape, view), GAP);
            if grown.len() < 3 {
                return;
            }
            painter.add(egui::Shape::closed_line(
                grown.clone(),
                Stroke::new(6.0, palette.text_bg),
            ));
            painter.add(egui::Shape::closed_line(grown, Stroke::new(3.0, colour)));
        }
    }
}

/// A simple polygon in screen points grown by `gap` on every side: each
/// corner pushed out along its bisector (concave corners included).
fn grow(points: &[Pos2], gap: f32) -> Vec<Pos2> {
    let n = points.len();
    if n < 3 {
        return Vec::new();
    }
    // `rot90` turns an edge outward when the corners run this way round.
    let outward = paint::winding(points);
    (0..n)
        .map(|i| {
            let (prev, p, next) = (points[(i + n - 1) % n], points[i], points[(i + 1) % n]);
            let n1 = (p - prev).normalized().rot90() * outward;
            let n2 = (next - p).normalized().rot90() * outward;
            let bisector = (n1 + n2).normalized();
            let cos = bisector.dot(n1).max(0.3);
            p + bisector * (gap / cos)
        })
        .collect()
}

fn circle(
    painter: &Painter,
    view: &View,
    (center, radius): (Point, f64),
    colour: Color32,
    dashed: bool,
    palette: &Palette,
) {
    let c = view.screen_of(center);
    let r = view.len(radius.max(0.0));
    painter.circle_filled(c, r, colour.gamma_multiply(0.18));
    if dashed {
        #[allow(clippy::cast_precision_loss)]
        let points: Vec<Pos2> = (0..=72)
            .map(|i| c + r * Vec2::angled(i as f32 * std::f32::consts::TAU / 72.0))
            .collect();
        painter.extend(egui::Shape::dashed_line(
            &points,
            Stroke::new(2.0, colour),
            6.0,
            4.0,
        ));
    } else {
        painter.circle_stroke(c, r, Stroke::new(4.0, palette.text_bg));
        painter.circle_stroke(c, r, Stroke::new(2.0, colour));
    }
    painter.circle_filled(c, 2.5, colour);
}

/// How to stroke a polyline.
#[derive(Debug, Clone, Copy)]
pub(super) struct LineStyle {
    pub width: f32,
    pub arrow: bool,
    pub dashed: bool,
}

/// A polyline in screen points with a halo, optionally dashed and with an
/// arrow head at its end.
pub(super) fn polyline(
    painter: &Painter,
    screen: &[Pos2],
    colour: Color32,
    style: LineStyle,
    palette: &Palette,
) {
    if screen.len() < 2 {
        return;
    }
    let stroke = Stroke::new(style.width, colour);
    if style.dashed {
        painter.extend(egui::Shape::dashed_line(screen, stroke, 8.0, 5.0));
    } else {
        painter.add(egui::Shape::line(
            screen.to_vec(),
            Stroke::new(style.width + 2.5, palette.text_bg),
        ));
        painter.add(egui::Shape::line(screen.to_vec(), stroke));
    }
    if style.arrow
        && let [.., a, b] = screen
        && (*b - *a).length() > 1e-3
    {
        let dir = (*b - *a).normalized();
        let side = dir.rot90() * (3.0 + style.width * 1.2);
        let back = dir * (6.0 + style.width * 2.0);
        painter.add(egui::Shape::convex_polygon(
            vec![*b, *b - back + side, *b - back - side],
            colour,
            Stroke::new(1.0, palette.text_bg),
        ));
    }
}

/// The point halfway along a polyline.
fn halfway(screen: &[Pos2]) -> Option<Pos2> {
    let total: f32 = screen.windows(2).map(|w| w[0].distance(w[1])).sum();
    let mut left = total / 2.0;
    for w in screen.windows(2) {
        let d = w[0].distance(w[1]);
        if d >= left && d > 0.0 {
            return Some(w[0] + (w[1] - w[0]) * (left / d));
        }
        left -= d;
    }
    screen.first().copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builders_and_labels() {
        let mut overlay = Overlay::new();
        assert!(overlay.is_empty());
        overlay
            .push(
                OverlayItem::circle(Point::new(1.0, 2.0), 3.0, Tone::Aim)
                    .dashed()
                    .labelled("Aim"),
            )
            .push(OverlayItem::line(vec![Point::ORIGIN, Point::new(1.0, 0.0)], Tone::Miss).arrow())
            .push(OverlayItem::label(Point::ORIGIN, "Note", Tone::Info))
            .highlight(7, Tone::Hit);
        assert!(matches!(
            &overlay.items[0],
            OverlayItem::Circle { dashed: true, label: Some(l), .. } if l == "Aim"
        ));
        assert!(matches!(
            &overlay.items[1],
            OverlayItem::Line {
                arrow: true,
                dashed: false,
                label: None,
                ..
            }
        ));
        let labels: Vec<_> = overlay.labels().collect();
        assert_eq!(labels, vec![("Aim", Tone::Aim), ("Note", Tone::Info)]);
        assert_eq!(overlay.highlights, vec![(7, Tone::Hit)]);
    }

    #[test]
    fn grows_outward_either_way_round() {
        let square = [
            Pos2::new(0.0, 0.0),
            Pos2::new(10.0, 0.0),
            Pos2::new(10.0, 10.0),
            Pos2::new(0.0, 10.0),
        ];
        let mut reversed = square;
        reversed.reverse();
        for corners in [square, reversed] {
            let grown = grow(&corners, 2.0);
            let xs: Vec<f32> = grown.iter().map(|p| p.x).collect();
            let (lo, hi) = (
                xs.iter().copied().fold(f32::MAX, f32::min),
                xs.iter().copied().fold(f32::MIN, f32::max),
            );
            assert!(
                (lo + 2.0).abs() < 1e-4 && (hi - 12.0).abs() < 1e-4,
                "{grown:?}"
            );
        }
    }

    #[test]
    fn halfway_along_a_bend() {
        let pts = [
            Pos2::new(0.0, 0.0),
            Pos2::new(10.0, 0.0),
            Pos2::new(10.0, 30.0),
        ];
        assert_eq!(halfway(&pts), Some(Pos2::new(10.0, 10.0)));
    }
}
