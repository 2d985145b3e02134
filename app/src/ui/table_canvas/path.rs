//! The path tool: the host starts a path at a point (with the mover's
//! facing, if it has one); the referee adds legs by clicking or by typing
//! "length, turn"; every change is reported as a [`PathEvent`]. The canvas
//! checks no rules: the host validates the path and shows the result as an
//! [`Overlay`](super::Overlay).

use eframe::egui::{self, Align2, Key, Painter, Pos2, Stroke, Vec2};
use feldherr_table::Table;
use feldherr_table::geometry::{Angle, Point, Unit, Vector};

use super::overlay::{LineStyle, polyline};
use super::paint::{self, Palette};
use super::view::View;
use super::{CanvasOutput, TableCanvas, Tool};
use crate::i18n::Texts;

/// What happened to the path in a frame.
#[derive(Debug, Clone, PartialEq)]
pub enum PathEvent {
    /// A point was added or removed: every point so far, the start first.
    Changed(Vec<Point>),
    /// The referee finished the path (Enter, double-click or "Finish
    /// path"): every point, the start first. The path tool is done.
    Finished(Vec<Point>),
    /// The referee dropped the path (Escape or "Cancel path").
    Cancelled,
}

/// A path being drawn.
#[derive(Debug, Clone, Default)]
pub(super) struct PathDraft {
    /// The start (given by the host) and the points added since.
    pub points: Vec<Point>,
    /// The mover's facing at the start, if it has one.
    pub facing: Option<Angle>,
    /// The typed next leg.
    leg: String,
    /// Why the typed leg was refused.
    error: Option<String>,
}

impl PathDraft {
    fn new(start: Point, facing: Option<Angle>) -> PathDraft {
        PathDraft {
            points: vec![start],
            facing,
            ..PathDraft::default()
        }
    }

    fn last(&self) -> Point {
        self.points.last().copied().unwrap_or(Point::ORIGIN)
    }

    /// The heading the next leg turns from: that of the last leg of
    /// non-zero length, or the facing before the first leg.
    pub fn heading(&self) -> Option<Angle> {
        heading_before(&self.points, self.facing, self.points.len())
    }

    /// The end of a leg from the last point towards `pointer`. With `snap`
    /// the leg keeps the heading or turns 45 degrees either way (any
    /// multiple of 45 degrees when there is no heading), ending level with
    /// the pointer.
    pub fn leg_to(&self, pointer: Point, snap: bool) -> Point {
        let last = self.last();
        if !snap {
            return pointer;
        }
        let v = pointer - last;
        let candidates: Vec<f64> = match self.heading() {
            Some(h) => vec![h.degrees() - 45.0, h.degrees(), h.degrees() + 45.0],
            None => (0..8).map(|i| f64::from(i) * 45.0).collect(),
        };
        candidates
            .into_iter()
            .filter_map(|d| Angle::from_degrees(d).ok())
            .map(Angle::direction)
            .max_by(|a, b| v.dot(*a).total_cmp(&v.dot(*b)))
            .map_or(pointer, |dir| last + dir * v.dot(dir).max(0.0))
    }

    /// The end of a leg of `length` from the last point, turned `turn`
    /// degrees (counter-clockwise positive) from the heading, or heading
    /// `turn` degrees when there is no heading yet.
    pub fn typed_leg(&self, length: f64, turn: f64) -> Option<Point> {
        let base = self.heading().map_or(0.0, Angle::degrees);
        let heading = Angle::from_degrees(base + turn).ok()?;
        Some(self.last() + heading.direction() * length).filter(|p| p.is_finite())
    }
}

/// The heading before leg `i` (the leg ending at `points[i]`): that of the
/// last leg of non-zero length before it, or `facing`.
fn heading_before(points: &[Point], facing: Option<Angle>, i: usize) -> Option<Angle> {
    points[..i.min(points.len())]
        .windows(2)
        .rev()
        .find_map(|w| (w[1] - w[0]).angle())
        .or(facing)
}

/// Degrees with a sign, at most one decimal: "+45", "-12.5", "0".
fn signed_degrees(v: f64) -> String {
    let text = format!("{v:+.1}");
    let text = text.strip_suffix(".0").unwrap_or(&text);
    match text {
        "+0" | "-0" => "0".to_owned(),
        t => t.to_owned(),
    }
}

/// Degrees in [0, 360) without a sign, at most one decimal.
fn plain_degrees(v: f64) -> String {
    let text = format!("{v:.1}");
    let text = text.strip_suffix(".0").unwrap_or(&text);
    if text == "360" {
        "0".to_owned()
    } else {
        text.to_owned()
    }
}

/// "12.3 cm, turn +30°" for a leg after `heading`, or "12.3 cm, heading
/// 30°" when there is no heading to turn from.
fn describe_leg(
    texts: &Texts,
    unit: Unit,
    heading: Option<Angle>,
    from: Point,
    to: Point,
) -> String {
    let v: Vector = to - from;
    let length = texts.length(v.length(), unit);
    match (heading, v.angle()) {
        (Some(h), Some(a)) => texts.f(
            "canvas.path.leg_turn",
            &[
                ("length", &length),
                ("turn", &signed_degrees(Angle::signed_between(h, a))),
            ],
        ),
        (None, Some(a)) => texts.f(
            "canvas.path.leg_heading",
            &[
                ("length", &length),
                ("heading", &plain_degrees(a.degrees())),
            ],
        ),
        (_, None) => length,
    }
}

/// Splits a typed leg into its numbers: on ";" if there is one; else on
/// the one comma if there is exactly one ("10, 45", "10,45"); else on
/// commas followed by a space and on spaces, so decimal commas work too
/// ("10,5 45", "10,5, -30").
fn split_leg(text: &str) -> Vec<String> {
    let text = text.trim();
    if text.is_empty() {
        return Vec::new();
    }
    let parts: Vec<String> = if text.contains(';') {
        text.split(';').map(str::to_owned).collect()
    } else if text.matches(',').count() == 1 {
        text.split(',').map(str::to_owned).collect()
    } else {
        text.replace(", ", " ")
            .split_whitespace()
            .map(str::to_owned)
            .collect()
    };
    parts.into_iter().map(|p| p.trim().to_owned()).collect()
}

/// Length and turn (degrees) of a typed leg; a missing turn is 0. The
/// error names the field and the value, in the current language.
fn parse_leg(texts: &Texts, text: &str, turn_key: &str) -> Result<(f64, f64), String> {
    let number = |key: &str, part: &str| -> Result<f64, String> {
        part.replace(',', ".")
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| {
                texts.f(
                    "canvas.not_number",
                    &[("field", texts.t(key)), ("value", part)],
                )
            })
    };
    let parts = split_leg(text);
    let (length, turn) = match parts.as_slice() {
        [length] => (length.as_str(), None),
        [length, turn] => (length.as_str(), Some(turn.as_str())),
        _ => {
            return Err(texts.f("canvas.path.bad_leg", &[("value", text.trim())]));
        }
    };
    let l = number("canvas.field.length", length)?;
    if l <= 0.0 {
        return Err(texts.f(
            "canvas.not_positive",
            &[("field", texts.t("canvas.field.length")), ("value", length)],
        ));
    }
    let t = turn.map_or(Ok(0.0), |t| number(turn_key, t))?;
    Ok((l, t))
}

impl TableCanvas {
    /// Starts a path at `start` for a mover facing `facing` (if it has a
    /// facing) and switches to [`Tool::Path`]. A path already being drawn
    /// is dropped without an event. Each change is then reported in
    /// [`CanvasOutput::path`].
    pub fn start_path(&mut self, start: Point, facing: Option<Angle>) {
        self.path = Some(PathDraft::new(start, facing));
        self.set_tool(Tool::Path);
    }

    /// The path's points so far, the start first (empty when no path is
    /// being drawn).
    pub fn path(&self) -> &[Point] {
        self.path.as_ref().map_or(&[], |p| p.points.as_slice())
    }

    /// True while a path is being drawn (started and neither finished nor
    /// cancelled).
    pub fn path_active(&self) -> bool {
        self.path.is_some()
    }

    /// Drops the path without an event (the host knows) and goes back to
    /// the Select tool if the path tool was active.
    pub fn cancel_path(&mut self) {
        self.path = None;
        if self.tool == Tool::Path {
            self.set_tool(Tool::Select);
        }
    }

    /// Adds a point (unless it repeats the last one) and reports the path.
    fn push_path_point(&mut self, p: Point, out: &mut CanvasOutput) {
        if let Some(path) = &mut self.path
            && path.points.last() != Some(&p)
            && p.is_finite()
        {
            path.points.push(p);
            out.path = Some(PathEvent::Changed(path.points.clone()));
        }
    }

    /// Removes the last point; the start stays.
    pub(super) fn undo_path_point(&mut self, out: &mut CanvasOutput) {
        if let Some(path) = &mut self.path
            && path.points.len() > 1
        {
            path.points.pop();
            out.path = Some(PathEvent::Changed(path.points.clone()));
        }
    }

    pub(super) fn finish_path(&mut self, out: &mut CanvasOutput) {
        if let Some(path) = self.path.take() {
            out.path = Some(PathEvent::Finished(path.points));
            self.cancel_path();
        }
    }

    pub(super) fn abort_path(&mut self, out: &mut CanvasOutput) {
        if self.path.is_some() {
            out.path = Some(PathEvent::Cancelled);
            self.cancel_path();
        }
    }

    /// A click on the table with the path tool.
    pub(super) fn path_click(&mut self, at: Point, shift: bool, out: &mut CanvasOutput) {
        if let Some(path) = &self.path {
            let p = path.leg_to(at, shift);
            self.push_path_point(p, out);
        }
    }

    /// Adds the typed leg, or shows why it cannot be added.
    fn add_typed_leg(&mut self, texts: &Texts, out: &mut CanvasOutput) {
        let Some(path) = &mut self.path else {
            return;
        };
        let turn_key = if path.heading().is_some() {
            "canvas.path.turn"
        } else {
            "canvas.path.heading"
        };
        match parse_leg(texts, &path.leg, turn_key) {
            Ok((length, turn)) => match path.typed_leg(length, turn) {
                Some(p) => {
                    path.leg.clear();
                    path.error = None;
                    self.push_path_point(p, out);
                }
                None => {
                    path.error = Some(texts.f("canvas.path.bad_leg", &[("value", &path.leg)]));
                }
            },
            Err(e) => path.error = Some(e),
        }
    }

    /// The path section of the side panel: the points with their legs, the
    /// typed next leg and the buttons.
    pub(super) fn path_panel(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        table: &Table,
        out: &mut CanvasOutput,
    ) {
        let Some(path) = &mut self.path else {
            return;
        };
        let unit = table.unit();
        ui.heading(texts.t("canvas.path.title"));
        let total: f64 = path.points.windows(2).map(|w| w[0].distance_to(w[1])).sum();
        ui.label(texts.f(
            "canvas.path.total",
            &[("length", &texts.length(total, unit))],
        ));
        for (i, p) in path.points.iter().enumerate() {
            let at = format!(
                "({}; {})",
                texts.short_decimal(p.x, 2),
                texts.short_decimal(p.y, 2)
            );
            let text = if i == 0 {
                texts.f("canvas.path.start", &[("at", &at)])
            } else {
                let heading = heading_before(&path.points, path.facing, i);
                let leg = describe_leg(texts, unit, heading, path.points[i - 1], *p);
                format!("{i}. {at}: {leg}")
            };
            ui.label(text);
        }
        let mut add = false;
        ui.horizontal(|ui| {
            let label = ui.label(texts.t("canvas.path.next_leg"));
            let response = ui
                .add(
                    egui::TextEdit::singleline(&mut path.leg)
                        .id_salt("table_canvas.path.leg")
                        .desired_width(110.0),
                )
                .labelled_by(label.id);
            if response.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
                // Enter here adds the leg: it is used up, so that it does
                // not also finish the path, and the field keeps the focus
                // for the next leg.
                ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, Key::Enter));
                response.request_focus();
                add = true;
            }
            if ui.button(texts.t("canvas.path.add")).clicked() {
                add = true;
            }
        });
        let hint = if path.heading().is_some() {
            "canvas.path.leg_hint_turn"
        } else {
            "canvas.path.leg_hint_heading"
        };
        ui.weak(texts.f(hint, &[("unit", &unit.to_string())]));
        if let Some(error) = &path.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        let can_undo = path.points.len() > 1;
        let (mut undo, mut finish, mut cancel) = (false, false, false);
        ui.horizontal_wrapped(|ui| {
            undo = ui
                .add_enabled(can_undo, egui::Button::new(texts.t("canvas.path.undo")))
                .clicked();
            finish = ui.button(texts.t("canvas.path.finish")).clicked();
            cancel = ui.button(texts.t("canvas.path.cancel")).clicked();
        });
        if add {
            self.add_typed_leg(texts, out);
        }
        if undo {
            self.undo_path_point(out);
        }
        if finish {
            self.finish_path(out);
        } else if cancel {
            self.abort_path(out);
        }
        ui.separator();
    }

    /// The path's legs so far, thin, under the host's overlay (which
    /// usually draws them again in the colours of its verdict).
    pub(super) fn paint_path_legs(&self, painter: &Painter, view: &View, palette: &Palette) {
        if let Some(path) = &self.path {
            let screen: Vec<Pos2> = path.points.iter().map(|&p| view.screen_of(p)).collect();
            if screen.len() >= 2 {
                painter.add(egui::Shape::line(
                    screen,
                    Stroke::new(1.5, palette.selection),
                ));
            }
        }
    }

    /// The path's points and, with the path tool, the leg to the pointer
    /// with its length and turn next to it.
    pub(super) fn paint_path_tool(
        &self,
        painter: &Painter,
        view: &View,
        palette: &Palette,
        texts: &Texts,
        table: &Table,
        (pointer, shift): (Option<Pos2>, bool),
    ) {
        let Some(path) = &self.path else {
            return;
        };
        for (i, &p) in path.points.iter().enumerate() {
            let r = if i == 0 { 5.0 } else { 3.5 };
            painter.circle(
                view.screen_of(p),
                r,
                palette.selection,
                Stroke::new(1.0, palette.text_bg),
            );
        }
        if self.tool != Tool::Path {
            return;
        }
        let Some(pointer) = pointer else {
            return;
        };
        let from = path.last();
        let to = path.leg_to(view.table_of(pointer), shift);
        let (a, b) = (view.screen_of(from), view.screen_of(to));
        polyline(
            painter,
            &[a, b],
            palette.selection,
            LineStyle {
                width: 1.5,
                arrow: true,
                dashed: true,
            },
            palette,
        );
        if from.distance_to(to) > 0.0 {
            let text = describe_leg(texts, table.unit(), path.heading(), from, to);
            paint::label(
                painter,
                b + Vec2::new(14.0, -10.0),
                Align2::LEFT_BOTTOM,
                &text,
                palette.selection,
                Some(palette.text_bg),
                13.0,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Point, b: Point) -> bool {
        a.distance_to(b) < 1e-9
    }

    #[test]
    fn splits_typed_legs() {
        assert_eq!(split_leg("10, 45"), ["10", "45"]);
        assert_eq!(split_leg("10,45"), ["10", "45"]);
        assert_eq!(split_leg("10.5 -30"), ["10.5", "-30"]);
        assert_eq!(split_leg("10,5; -30"), ["10,5", "-30"]);
        assert_eq!(split_leg("10,5, -30"), ["10,5", "-30"]);
        assert_eq!(split_leg(" 12 "), ["12"]);
        assert!(split_leg("  ").is_empty());
    }

    #[test]
    fn parses_or_names_the_field() {
        let texts = Texts::new("en");
        let turn = "canvas.path.turn";
        assert_eq!(parse_leg(&texts, "10, 45", turn), Ok((10.0, 45.0)));
        assert_eq!(parse_leg(&texts, "7,5; -30", turn), Ok((7.5, -30.0)));
        assert_eq!(parse_leg(&texts, "12", turn), Ok((12.0, 0.0)));
        assert_eq!(
            parse_leg(&texts, "ten, 45", turn),
            Err("Length: \"ten\" is not a number".to_owned())
        );
        assert_eq!(
            parse_leg(&texts, "10, left", turn),
            Err("Turn: \"left\" is not a number".to_owned())
        );
        assert!(
            parse_leg(&texts, "-3, 0", turn)
                .unwrap_err()
                .contains("Length")
        );
        assert!(
            parse_leg(&texts, "1 2 3", turn)
                .unwrap_err()
                .contains("\"1 2 3\"")
        );
        assert!(parse_leg(&texts, "", turn).is_err());
        assert!(parse_leg(&texts, "inf, 0", turn).is_err());
    }

    #[test]
    fn legs_turn_from_the_heading() {
        let mut path = PathDraft::new(Point::ORIGIN, Some(Angle::ZERO));
        assert_eq!(path.heading(), Some(Angle::ZERO));
        let first = path.typed_leg(10.0, 90.0).unwrap();
        assert!(close(first, Point::new(0.0, 10.0)));
        path.points.push(first);
        // Now heading 90: a turn of -90 runs along +x again.
        let second = path.typed_leg(5.0, -90.0).unwrap();
        assert!(close(second, Point::new(5.0, 10.0)), "{second:?}");
        // Without a facing the first "turn" is the absolute heading.
        let free = PathDraft::new(Point::ORIGIN, None);
        assert!(close(
            free.typed_leg(2.0, 180.0).unwrap(),
            Point::new(-2.0, 0.0)
        ));
        // Too far to represent: refused, not a point at infinity.
        let far = PathDraft::new(Point::new(f64::MAX, 0.0), None);
        assert_eq!(far.typed_leg(f64::MAX, 0.0), None);
    }

    #[test]
    fn shift_snaps_to_straight_on_or_45_degrees() {
        let path = PathDraft::new(Point::ORIGIN, Some(Angle::ZERO));
        // Slightly off straight on: straight on, level with the pointer.
        assert!(close(
            path.leg_to(Point::new(10.0, 1.0), true),
            Point::new(10.0, 0.0)
        ));
        // Closer to a 45 degree turn left.
        let p = path.leg_to(Point::new(10.0, 8.0), true);
        assert!((p.x - p.y).abs() < 1e-9 && p.x > 0.0, "{p:?}");
        // Behind: no further than the start.
        assert!(close(
            path.leg_to(Point::new(-10.0, 0.0), true),
            Point::ORIGIN
        ));
        // Unsnapped: the pointer itself.
        assert!(close(
            path.leg_to(Point::new(3.0, 4.0), false),
            Point::new(3.0, 4.0)
        ));
    }

    #[test]
    fn describes_legs() {
        let texts = Texts::new("en");
        let unit = Unit::Centimetre;
        let (a, b) = (Point::ORIGIN, Point::new(10.0, 10.0));
        assert_eq!(
            describe_leg(&texts, unit, Some(Angle::ZERO), a, b),
            "14.1 cm, turn +45°"
        );
        assert_eq!(
            describe_leg(&texts, unit, None, a, b),
            "14.1 cm, heading 45°"
        );
        assert_eq!(signed_degrees(-0.01), "0");
        assert_eq!(signed_degrees(-12.5), "-12.5");
    }
}
