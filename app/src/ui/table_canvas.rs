//! The table canvas: a reusable widget that draws a [`Table`] and lets the
//! referee place, select, move, rotate, resize and delete terrain, markers
//! and models, measure with a ruler and see placement violations live.
//!
//! # Integration
//!
//! The screen owns the document (`Table` and the rule system's
//! [`TableRules`]) and a [`TableCanvas`] (runtime state only: view, tool,
//! selection, ruler, drag). Each frame:
//!
//! ```ignore
//! let output = self.canvas.show(ui, texts, &self.table, &self.rules);
//! for edit in output.edits {
//!     // one place for undo snapshots and autosave
//!     self.table.apply(edit)?;
//! }
//! if output.export_requested {
//!     let picture = feldherr_table::render_rgba(&self.table, &self.rules, 4.0)?;
//!     let png = feldherr_table::encode_png(&picture)?;
//!     // save `png` where the user chooses
//! }
//! ```
//!
//! The canvas never changes the table itself: it returns [`TableEdit`]s
//! (checked against a copy of the table, so applying them succeeds) in a
//! [`CanvasOutput`]. Drags are previewed while they last and emitted as one
//! edit when the pointer is released, so one drag is one undo step.
//!
//! # Controls
//!
//! * Pan: drag with the middle mouse button, space + drag, drag on empty
//!   table with the Select tool, or the Pan tool. Zoom: scroll wheel or
//!   ctrl + scroll around the pointer, or the + / - buttons. "Fit" shows
//!   the whole table (done automatically at first and when the table size
//!   changes).
//! * Select: click a piece; drag it to move it; drag the round handle to
//!   turn it, the square handle to resize a circle or rectangle. Delete
//!   or the "Delete piece" button removes it. The side panel edits exact
//!   values (Enter or "Apply").
//! * Place: choose type and shape, click on the table. Polygons: click the
//!   corners, double-click or Enter to finish, Escape to cancel.
//! * Ruler: click a piece or a point, then another: edge-to-edge (or
//!   point) distance in the table's unit, drawn and shown in the side panel
//!   as "Distance: 12.3 in".
//! * Path (only while the host has started a path with
//!   [`TableCanvas::start_path`]): each click adds a point; the leg to the
//!   pointer shows its length and its turn from the previous leg (from the
//!   start facing for the first leg; without a facing its heading).
//!   Shift snaps it to straight on or 45 degrees either way (to multiples
//!   of 45 degrees without a heading). Backspace removes the last point,
//!   Enter or double-click finishes, Escape cancels; dragging pans. The
//!   side panel lists the points and takes the next leg typed as "length,
//!   turn" in the table's unit and degrees, counter-clockwise (left)
//!   positive ("10, 45"; with decimal commas "7,5; 45"), then "Add leg".
//!   Other tools can be used meanwhile; the path stays until finished or
//!   cancelled.
//!
//! # Overlays and paths
//!
//! A host resolving shots or moves passes an [`Overlay`] each frame with
//! [`TableCanvas::show_with`]: circles (templates), lines (lines of fire,
//! deviations, movement legs), labels and ringed pieces, each in a
//! [`Tone`] coloured from the theme. They are drawn above the pieces and
//! below the selection handles and the ruler, and never become edits.
//!
//! ```ignore
//! self.canvas.start_path(piece.center(), piece.facing_angle());
//! // each frame:
//! let output = self.canvas.show_with(ui, texts, &self.table, &self.rules, &self.overlay);
//! match output.path {
//!     Some(PathEvent::Changed(points)) => self.overlay = self.check_legs(&points),
//!     Some(PathEvent::Finished(points)) => self.move_along(points),
//!     Some(PathEvent::Cancelled) => self.overlay = Overlay::default(),
//!     None => {}
//! }
//! ```
//!
//! The canvas checks no rules for a path: the host validates each
//! [`PathEvent::Changed`] and shows its verdict as overlay lines, e.g.
//! [`Tone::Path`] for legal legs and [`Tone::Violation`] for illegal ones.

mod labels;
mod overlay;
mod paint;
mod panel;
mod path;
mod view;

use eframe::egui::{self, Key, PointerButton, Pos2, Sense, Vec2};
use feldherr_table::geometry::{Angle, OrientedRect, Point, Polygon, Shape, Vector};
use feldherr_table::{
    Measurement, Piece, PieceSize, ShapeKind, Table, TableEdit, TableRules, TypeDef,
};

use crate::i18n::Texts;
pub use overlay::{HandleEvent, Overlay, OverlayHandle, OverlayItem, Tone};
use paint::{Emphasis, Palette};
use panel::Fields;
use path::PathDraft;
pub use path::PathEvent;
use view::View;

/// The size of the pieces' names, in points.
const LABEL_SIZE: f32 = 12.0;
/// The room a player's mark takes in front of a name.
const LABEL_MARK: f32 = 10.0;

/// What the canvas asks of its caller after a frame.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CanvasOutput {
    /// Edits to apply to the table, in order. Each was checked against a
    /// copy of the table the canvas was shown with, so applying them in
    /// order succeeds.
    pub edits: Vec<TableEdit>,
    /// The user pressed "Export picture": the caller renders the table
    /// (`feldherr_table::render_rgba` + `encode_png`) and saves it.
    pub export_requested: bool,
    /// What happened to the path being drawn (see
    /// [`TableCanvas::start_path`]), if anything. Several changes in one
    /// frame are reported as the last one.
    pub path: Option<PathEvent>,
    /// Where an overlay handle was dragged this frame, if one was.
    pub handle: Option<HandleEvent>,
}

/// The tool the primary mouse button uses on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tool {
    /// Select, move, rotate and resize pieces.
    #[default]
    Select,
    /// Drag to pan the view.
    Pan,
    /// Place new pieces of the chosen type and shape.
    Place,
    /// Measure between pieces or points.
    Ruler,
    /// Add points to the path the host started with
    /// [`TableCanvas::start_path`]; only available while a path is being
    /// drawn.
    Path,
}

impl Tool {
    const ALL: [Tool; 5] = [
        Tool::Select,
        Tool::Pan,
        Tool::Place,
        Tool::Ruler,
        Tool::Path,
    ];

    fn key(self) -> &'static str {
        match self {
            Tool::Select => "canvas.tool.select",
            Tool::Pan => "canvas.tool.pan",
            Tool::Place => "canvas.tool.place",
            Tool::Ruler => "canvas.tool.ruler",
            Tool::Path => "canvas.tool.path",
        }
    }
}

/// One end of the ruler.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RulerEnd {
    /// A piece, measured edge to edge.
    Piece(u64),
    /// A point on the table.
    Point(Point),
}

/// A drag in progress; previewed, emitted on release.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Drag {
    Pan,
    Move {
        id: u64,
        grab: Vector,
        to: Point,
    },
    Rotate {
        id: u64,
        facing: Angle,
    },
    Resize {
        id: u64,
        size: PieceSize,
    },
    /// An overlay handle of the host (never a table edit).
    Handle {
        id: u64,
        to: Point,
    },
}

impl Drag {
    fn edit(self) -> Option<TableEdit> {
        match self {
            Drag::Pan | Drag::Handle { .. } => None,
            Drag::Move { id, to, .. } => Some(TableEdit::Move { id, to }),
            Drag::Rotate { id, facing } => Some(TableEdit::Rotate { id, facing }),
            Drag::Resize { id, size } => Some(TableEdit::Resize { id, size }),
        }
    }
}

/// The handles of the selected piece.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Handle {
    Rotate,
    Resize,
}

/// Handles are grabbed within this many points.
const HANDLE_GRAB: f32 = 9.0;

/// Runtime state of the table canvas (nothing here is saved with the
/// table).
#[derive(Debug, Clone)]
pub struct TableCanvas {
    view: View,
    needs_fit: bool,
    fitted_for: Option<(f64, f64)>,
    /// The view as the last fit left it: while the user has not panned or
    /// zoomed since, a resized area (a maximised window) is fitted again.
    fitted_view: Option<View>,
    tool: Tool,
    place_kind: Option<String>,
    place_shape: ShapeKind,
    draft: Vec<Point>,
    selected: Option<u64>,
    ruler: Vec<RulerEnd>,
    drag: Option<Drag>,
    fields: Fields,
    message: Option<String>,
    shown: bool,
    path: Option<PathDraft>,
    labels: Vec<(u64, egui::Rect)>,
    /// Where the overlay's texts were drawn in the last frame.
    overlay_labels: Vec<egui::Rect>,
    /// Whether the side panel shows: `None` follows the width (see
    /// [`TableCanvas::side_open`]), `Some` is the user's choice.
    side: Option<bool>,
    /// Whether the side panel showed in the last frame.
    side_was_open: Option<bool>,
}

impl Default for TableCanvas {
    fn default() -> Self {
        TableCanvas {
            view: View::default(),
            needs_fit: true,
            fitted_for: None,
            fitted_view: None,
            tool: Tool::Select,
            place_kind: None,
            place_shape: ShapeKind::Circle,
            draft: Vec::new(),
            selected: None,
            ruler: Vec::new(),
            drag: None,
            fields: Fields::default(),
            message: None,
            shown: false,
            path: None,
            labels: Vec::new(),
            overlay_labels: Vec::new(),
            side: None,
            side_was_open: None,
        }
    }
}

/// The label of a piece type in the current language.
fn type_label<'a>(texts: &'a Texts, t: &'a TypeDef) -> &'a str {
    match &t.label_key {
        Some(key) => {
            let text = texts.t(key);
            if text == key { &t.label } else { text }
        }
        None => &t.label,
    }
}

/// The label of `kind` under `rules`, or the bare id.
fn kind_label<'a>(texts: &'a Texts, rules: &'a TableRules, kind: &'a str) -> &'a str {
    rules.type_def(kind).map_or(kind, |t| type_label(texts, t))
}

/// Below this canvas width (points) the side panel shows only while it
/// has something to say, and narrower (issue #26: at 1024 x 700 it took
/// a race track's room).
const SIDE_PANEL_FROM_WIDTH: f32 = 900.0;

impl TableCanvas {
    /// A canvas with the Select tool that fits the table on first show.
    pub fn new() -> Self {
        Self::default()
    }

    /// The active tool.
    pub fn tool(&self) -> Tool {
        self.tool
    }

    /// Switches tool, dropping an unfinished polygon or drag (the ruler
    /// stays until Escape or a new measurement, a path being drawn until it
    /// is finished or cancelled). [`Tool::Path`] is only taken while a
    /// path is being drawn; start one with [`TableCanvas::start_path`].
    pub fn set_tool(&mut self, tool: Tool) {
        if tool == Tool::Path && self.path.is_none() {
            return;
        }
        if tool != self.tool {
            self.tool = tool;
            self.draft.clear();
            self.drag = None;
            self.message = None;
        }
    }

    /// The selected piece's id.
    pub fn selected(&self) -> Option<u64> {
        self.selected
    }

    /// Selects a piece (or nothing).
    pub fn select(&mut self, id: Option<u64>) {
        self.selected = id;
    }

    /// The ruler's ends so far (0, 1 or 2).
    pub fn ruler(&self) -> &[RulerEnd] {
        &self.ruler
    }

    /// Fits the whole table into the canvas in the next frame.
    pub fn fit(&mut self) {
        self.needs_fit = true;
    }

    /// Screen position of a table point in the last frame drawn (`None`
    /// before the first frame). For hosts and tests that click on the
    /// table.
    pub fn screen_pos(&self, p: Point) -> Option<Pos2> {
        self.shown.then(|| self.view.screen_of(p))
    }

    /// The table point under a screen position in the last frame drawn.
    pub fn table_pos(&self, s: Pos2) -> Option<Point> {
        self.shown.then(|| self.view.table_of(s))
    }

    /// Screen points per native unit in the last frame drawn.
    pub fn zoom(&self) -> f32 {
        self.view.scale
    }

    /// The ruler's measurement on `table`, once both ends are set.
    pub fn measurement(&self, table: &Table) -> Option<Measurement> {
        let [a, b] = self.ruler.as_slice() else {
            return None;
        };
        let shape = |id: u64| table.piece(id).map(|p| &p.shape);
        Some(match (*a, *b) {
            (RulerEnd::Piece(a), RulerEnd::Piece(b)) => Measurement::between(shape(a)?, shape(b)?),
            (RulerEnd::Piece(a), RulerEnd::Point(p)) => Measurement::shape_point(shape(a)?, p),
            (RulerEnd::Point(p), RulerEnd::Piece(b)) => {
                let m = Measurement::shape_point(shape(b)?, p);
                Measurement {
                    from: m.to,
                    to: m.from,
                    distance: m.distance,
                }
            }
            (RulerEnd::Point(a), RulerEnd::Point(b)) => Measurement::points(a, b),
        })
    }

    /// The message shown under the side panel's values (a refused edit or
    /// a polygon that could not be closed), if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref().or(self.fields.error.as_deref())
    }

    /// Shows why the host refused an edit the canvas gave (in the side
    /// panel, as a refused drag is), until the next edit or tool.
    pub fn refuse(&mut self, message: String) {
        self.message = Some(message);
    }

    /// Draws the canvas with its toolbar and side panel into `ui` and
    /// returns what the caller should do: the edits to apply to `table`
    /// and whether a picture was asked for. `rules` supplies the piece
    /// types, colours and placement rules. The same as
    /// [`TableCanvas::show_with`] with an empty [`Overlay`].
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        table: &Table,
        rules: &TableRules,
    ) -> CanvasOutput {
        self.show_with(ui, texts, table, rules, &Overlay::default())
    }

    /// [`TableCanvas::show`] with the host's `overlay` drawn over the
    /// pieces (below the selection handles and the ruler) and its labels
    /// listed in the side panel. The overlay is only drawn: it never
    /// becomes an edit.
    pub fn show_with(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        table: &Table,
        rules: &TableRules,
        overlay: &Overlay,
    ) -> CanvasOutput {
        let mut out = CanvasOutput::default();
        if self
            .place_kind
            .as_deref()
            .and_then(|k| rules.type_def(k))
            .is_none()
        {
            self.place_kind = rules.types.first().map(|t| t.id.clone());
        }
        if self.selected.is_some_and(|id| table.piece(id).is_none()) {
            self.selected = None;
        }
        self.ruler.retain(|end| match end {
            RulerEnd::Piece(id) => table.piece(*id).is_some(),
            RulerEnd::Point(_) => true,
        });
        if self.fitted_for != Some((table.width(), table.depth())) {
            self.needs_fit = true;
        }
        self.keyboard(ui, texts, table, rules, &mut out);

        let wide = ui.available_width() >= SIDE_PANEL_FROM_WIDTH;
        // Broken placement rules are something to say: the panel lists them.
        let broken = rules.placement.is_some() && !table.violations(rules).is_empty();
        let open = self.side_open(wide || broken);
        if self.side_was_open != Some(open) {
            // The canvas takes (or gives) the panel's room in the next
            // frame: draw it, so a fitted view is fitted to that room.
            self.side_was_open = Some(open);
            ui.ctx().request_repaint();
        }
        egui::Panel::top("table_canvas.toolbar").show(ui, |ui| {
            self.toolbar(ui, texts, rules, (wide, open), &mut out);
        });
        if open {
            egui::Panel::right("table_canvas.side")
                .resizable(true)
                .default_size(if wide { 300.0 } else { 200.0 })
                .min_size(if wide { 220.0 } else { 160.0 })
                .show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("table_canvas.side.scroll")
                        .show(ui, |ui| {
                            self.side_panel(ui, texts, table, rules, overlay, &mut out);
                        });
                });
        }
        egui::CentralPanel::default().show(ui, |ui| {
            self.canvas(ui, texts, table, rules, overlay, &mut out);
        });
        out
    }

    /// Whether the side panel shows this frame: the user's choice once
    /// made (the toolbar's toggle); until then always on a `wide` canvas,
    /// and on a narrow one only while it has something to say (a selected
    /// piece, a ruler, a path being drawn, a refused edit, a broken
    /// placement rule), so the table gets the room.
    fn side_open(&self, wide: bool) -> bool {
        self.side.unwrap_or_else(|| {
            wide || self.selected.is_some()
                || !self.ruler.is_empty()
                || self.path.is_some()
                || self.message.is_some()
                || self.fields.error.is_some()
        })
    }

    /// Adds `edits` to the output if they apply cleanly after the edits
    /// already there; otherwise shows why and drops them.
    fn emit(
        &mut self,
        texts: &Texts,
        table: &Table,
        out: &mut CanvasOutput,
        edits: Vec<TableEdit>,
    ) {
        if edits.is_empty() {
            return;
        }
        let mut check = table.clone();
        let result = out
            .edits
            .iter()
            .chain(&edits)
            .try_for_each(|e| check.apply(e.clone()));
        match result {
            Ok(()) => {
                self.message = None;
                out.edits.extend(edits);
            }
            Err(e) => {
                self.message = Some(texts.f("canvas.not_applied", &[("error", &e.to_string())]));
            }
        }
    }

    fn keyboard(
        &mut self,
        ui: &egui::Ui,
        texts: &Texts,
        table: &Table,
        rules: &TableRules,
        out: &mut CanvasOutput,
    ) {
        if ui.ctx().text_edit_focused() {
            return;
        }
        let (delete, escape, enter, backspace) = ui.input(|i| {
            (
                i.key_pressed(Key::Delete),
                i.key_pressed(Key::Escape),
                i.key_pressed(Key::Enter),
                i.key_pressed(Key::Backspace),
            )
        });
        if delete && let Some(id) = self.selected {
            self.emit(texts, table, out, vec![TableEdit::Delete { id }]);
        }
        if self.tool == Tool::Path {
            if backspace {
                self.undo_path_point(out);
            }
            if escape {
                self.abort_path(out);
            } else if enter {
                self.finish_path(out);
            }
            return;
        }
        if escape {
            if !self.draft.is_empty() {
                self.draft.clear();
            } else if self.drag.is_some() {
                self.drag = None;
            } else if !self.ruler.is_empty() {
                self.ruler.clear();
            } else {
                self.selected = None;
            }
        }
        if enter && self.tool == Tool::Place && self.place_shape == ShapeKind::Polygon {
            self.finish_polygon(texts, table, rules, out);
        }
    }

    fn toolbar(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        rules: &TableRules,
        (wide, side_open): (bool, bool),
        out: &mut CanvasOutput,
    ) {
        let hint = match self.tool {
            Tool::Select => texts.t("canvas.hint.select").to_owned(),
            Tool::Pan => texts.t("canvas.hint.pan").to_owned(),
            Tool::Place if self.place_shape == ShapeKind::Polygon => texts.f(
                "canvas.hint.polygon",
                &[("n", &self.draft.len().to_string())],
            ),
            Tool::Place => texts.t("canvas.hint.place").to_owned(),
            Tool::Ruler => texts.t("canvas.hint.ruler").to_owned(),
            Tool::Path => texts.t("canvas.hint.path").to_owned(),
        };
        // On a narrow canvas the long hints of Select and Pan are the
        // tool's hover only: the table keeps their lines.
        let hint_line = wide || !matches!(self.tool, Tool::Select | Tool::Pan);
        ui.add_space(2.0);
        ui.horizontal_wrapped(|ui| {
            for tool in Tool::ALL {
                if tool == Tool::Path && self.path.is_none() {
                    continue;
                }
                let mut button = ui.selectable_label(self.tool == tool, texts.t(tool.key()));
                if self.tool == tool && !hint_line {
                    button = button.on_hover_text(&hint);
                }
                if button.clicked() {
                    self.set_tool(tool);
                }
            }
            ui.separator();
            let rect = self.view.rect;
            if zoom_button(ui, "+", texts.t("canvas.zoom_in")).clicked() {
                self.view.zoom_at(1.25, rect.center());
            }
            if zoom_button(ui, "\u{2212}", texts.t("canvas.zoom_out")).clicked() {
                self.view.zoom_at(0.8, rect.center());
            }
            if ui
                .button(texts.t("canvas.fit"))
                .on_hover_text(texts.t("canvas.fit_hint"))
                .clicked()
            {
                self.needs_fit = true;
            }
            ui.separator();
            if ui.button(texts.t("canvas.export")).clicked() {
                out.export_requested = true;
            }
            ui.separator();
            let hint = texts.t(if side_open {
                "canvas.side.hide_hint"
            } else {
                "canvas.side.show_hint"
            });
            if ui
                .selectable_label(side_open, texts.t("canvas.side"))
                .on_hover_text(hint)
                .clicked()
            {
                self.side = Some(!side_open);
            }
        });
        if self.tool == Tool::Place {
            ui.horizontal_wrapped(|ui| {
                let current = self
                    .place_kind
                    .as_deref()
                    .and_then(|k| rules.type_def(k))
                    .map_or("", |t| type_label(texts, t));
                egui::ComboBox::from_label(texts.t("canvas.place_type"))
                    .selected_text(current)
                    .show_ui(ui, |ui| {
                        for t in &rules.types {
                            let chosen = self.place_kind.as_deref() == Some(t.id.as_str());
                            if ui.selectable_label(chosen, type_label(texts, t)).clicked() {
                                self.place_kind = Some(t.id.clone());
                                self.place_shape = t.shape.kind();
                                self.draft.clear();
                            }
                        }
                    });
                ui.separator();
                for kind in ShapeKind::ALL {
                    if ui
                        .selectable_label(self.place_shape == kind, texts.t(shape_key(kind)))
                        .clicked()
                    {
                        self.place_shape = kind;
                        self.draft.clear();
                    }
                }
            });
        }
        if hint_line {
            ui.weak(hint);
        }
        ui.add_space(2.0);
    }

    /// The table as it looks with the current drag applied.
    fn preview(&self, table: &Table) -> Option<Table> {
        let edit = self.drag?.edit()?;
        let mut preview = table.clone();
        preview.apply(edit).ok()?;
        Some(preview)
    }

    fn canvas(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        table: &Table,
        rules: &TableRules,
        overlay: &Overlay,
        out: &mut CanvasOutput,
    ) {
        let size = ui.available_size().max(Vec2::splat(50.0));
        let (response, painter) = ui.allocate_painter(size, Sense::click_and_drag());
        let name = texts.t("canvas.table").to_owned();
        response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, ui.is_enabled(), &name));
        let rect = response.rect;
        if self.needs_fit || !self.shown {
            self.view.fit(table, rect);
            self.needs_fit = false;
            self.fitted_for = Some((table.width(), table.depth()));
            self.fitted_view = Some(self.view);
        } else if rect != self.view.rect {
            if self.fitted_view == Some(self.view) {
                // Neither panned nor zoomed since the fit: the whole table
                // stays in view and takes the new room.
                self.view.fit(table, rect);
                self.fitted_view = Some(self.view);
            } else {
                // Keep the same table point in the middle when the area
                // resizes.
                self.view.rect = rect;
            }
        }
        self.shown = true;

        // Zoom with the wheel (or ctrl + wheel / pinch) around the pointer.
        if let Some(pointer) = response.hover_pos() {
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
            let factor = zoom * (scroll / 200.0).exp();
            if (factor - 1.0).abs() > 1e-4 {
                self.view.zoom_at(factor, pointer);
            }
        }

        self.pointer(ui, &response, texts, (table, rules, overlay), out);

        let palette = Palette::from_visuals(ui.visuals());
        let painter = painter.with_clip_rect(rect);
        let preview = self.preview(table);
        let shown = preview.as_ref().unwrap_or(table);
        paint::table_surface(&painter, &self.view, shown, &palette, texts);
        let offending: std::collections::HashSet<u64> = shown
            .violations(rules)
            .iter()
            .flat_map(feldherr_table::Violation::piece_ids)
            .collect();
        for piece in shown.draw_order() {
            let emphasis = Emphasis {
                selected: self.selected == Some(piece.id),
                violating: offending.contains(&piece.id),
                ghost: false,
                owner: overlay
                    .owners
                    .iter()
                    .find(|(id, _)| *id == piece.id)
                    .map(|(_, seat)| *seat),
            };
            paint::piece(&painter, &self.view, rules, piece, emphasis, &palette);
        }
        self.paint_path_legs(&painter, &self.view, &palette);
        let names = self.layout_labels(&painter, shown, overlay, rect);
        let mut placed: Vec<egui::Rect> = names.iter().map(|l| l.rect).collect();
        let bodies = self.model_boxes(shown);
        overlay::paint(
            &painter,
            &self.view,
            shown,
            overlay,
            &palette,
            &mut placed,
            (&bodies, rect.shrink(2.0)),
        );
        self.overlay_labels = placed.split_off(names.len());
        self.paint_labels(&painter, shown, overlay, &names, &palette);
        if let Some(pointer) = response.hover_pos()
            && let Some(piece) = shown.piece_at(self.view.table_of(pointer))
        {
            let text = overlay.piece_label(piece);
            if !text.is_empty() {
                response.clone().on_hover_text_at_pointer(text);
            }
        }
        if self.tool == Tool::Select
            && let Some(piece) = self.selected.and_then(|id| shown.piece(id))
        {
            for (handle, at) in self.handles(piece) {
                paint::handle(&painter, at, &palette, handle == Handle::Rotate);
            }
        }
        let hover = response.hover_pos();
        let shift = ui.input(|i| i.modifiers.shift);
        self.paint_path_tool(&painter, &self.view, &palette, texts, table, (hover, shift));
        if self.tool == Tool::Place {
            if self.place_shape == ShapeKind::Polygon {
                paint::draft(&painter, &self.view, &self.draft, hover, &palette);
            } else if let Some(at) = hover
                && let Some(ghost) = self.new_piece(texts, table, rules, self.view.table_of(at))
            {
                let emphasis = Emphasis {
                    selected: false,
                    violating: false,
                    ghost: true,
                    owner: None,
                };
                paint::piece(&painter, &self.view, rules, &ghost, emphasis, &palette);
            }
        }
        if let Some(m) = self.measurement(shown) {
            let text = texts.length(m.distance, table.unit());
            paint::ruler(
                &painter,
                self.view.screen_of(m.from),
                self.view.screen_of(m.to),
                &text,
                &palette,
            );
        } else if let [RulerEnd::Point(p)] = self.ruler.as_slice() {
            let from = self.view.screen_of(*p);
            painter.circle(from, 3.5, palette.ruler, egui::Stroke::NONE);
            if let Some(hover) = hover {
                painter.line_segment([from, hover], egui::Stroke::new(1.0, palette.ruler));
            }
        }
    }

    /// Where the pieces' names go this frame (see [`labels::layout`]):
    /// models first, then markers, then terrain; a model's name beside it,
    /// a terrain's inside it when it fits.
    fn layout_labels(
        &mut self,
        painter: &egui::Painter,
        table: &Table,
        overlay: &Overlay,
        bounds: egui::Rect,
    ) -> Vec<labels::PlacedLabel> {
        use feldherr_table::Layer;
        let screen_box = |piece: &Piece| {
            let b = piece.shape.bounds();
            egui::Rect::from_two_pos(self.view.screen_of(b.min), self.view.screen_of(b.max))
        };
        let bodies = self.model_boxes(table);
        let mut requests = Vec::new();
        for layer in [Layer::Model, Layer::Marker, Layer::Terrain] {
            for piece in table.pieces().iter().filter(|p| p.layer == layer) {
                let text = overlay.piece_label(piece);
                if text.is_empty() {
                    continue;
                }
                let owned = overlay.owners.iter().any(|(id, _)| *id == piece.id);
                let size = painter
                    .layout_no_wrap(
                        text,
                        egui::FontId::proportional(LABEL_SIZE),
                        egui::Color32::WHITE,
                    )
                    .size()
                    + egui::Vec2::new(if owned { 6.0 + LABEL_MARK } else { 6.0 }, 4.0);
                requests.push(labels::LabelRequest {
                    piece: piece.id,
                    anchor: screen_box(piece),
                    size,
                    inside: layer == Layer::Terrain,
                });
            }
        }
        let placed = labels::layout(&requests, &bodies, bounds.shrink(2.0));
        self.labels = placed.iter().map(|l| (l.piece, l.rect)).collect();
        placed
    }

    /// Draws the pieces' names where [`Self::layout_labels`] put them: a
    /// box, a leader line to a name set apart, and for a player's piece
    /// the player's mark and a frame in the player's colour.
    fn paint_labels(
        &self,
        painter: &egui::Painter,
        table: &Table,
        overlay: &Overlay,
        names: &[labels::PlacedLabel],
        palette: &Palette,
    ) {
        for l in names {
            let Some(piece) = table.piece(l.piece) else {
                continue;
            };
            let owner = overlay
                .owners
                .iter()
                .find(|(id, _)| *id == l.piece)
                .map(|(_, seat)| *seat);
            if let Some((from, to)) = l.leader {
                painter.line_segment([from, to], egui::Stroke::new(1.0, palette.text));
            }
            painter.rect_filled(l.rect, 3.0, palette.text_bg);
            let mut text_at = l.rect.min + egui::Vec2::new(3.0, 2.0);
            if let Some(seat) = owner {
                let colour = crate::ui::palette::player_colour(seat);
                painter.rect_stroke(
                    l.rect,
                    3.0,
                    egui::Stroke::new(1.5, colour),
                    egui::StrokeKind::Inside,
                );
                paint::player_mark(
                    painter,
                    egui::pos2(l.rect.min.x + 3.0 + LABEL_MARK / 2.0, l.rect.center().y),
                    3.5,
                    seat,
                );
                text_at.x += LABEL_MARK;
            }
            let galley = painter.layout_no_wrap(
                overlay.piece_label(piece),
                egui::FontId::proportional(LABEL_SIZE),
                palette.text,
            );
            painter.galley(text_at, galley, palette.text);
        }
    }

    /// Where each piece's name was drawn in the last frame (screen
    /// points); a piece whose name found no room is not listed.
    pub fn label_rects(&self) -> &[(u64, egui::Rect)] {
        &self.labels
    }

    /// Where the overlay's texts (a planned move's, a zone's) were drawn
    /// in the last frame, each box with its background margin (screen
    /// points); a text that found no room is not listed.
    pub fn overlay_label_rects(&self) -> &[egui::Rect] {
        &self.overlay_labels
    }

    /// The screen boxes of the model pieces of `table` (what no label may
    /// cover).
    fn model_boxes(&self, table: &Table) -> Vec<egui::Rect> {
        table
            .pieces()
            .iter()
            .filter(|p| p.layer == feldherr_table::Layer::Model)
            .map(|piece| {
                let b = piece.shape.bounds();
                egui::Rect::from_two_pos(self.view.screen_of(b.min), self.view.screen_of(b.max))
            })
            .collect()
    }

    /// The screen box of a point of the table in the last frame, for
    /// tests that check what covers what.
    pub fn screen_rect_of(&self, min: Point, max: Point) -> egui::Rect {
        egui::Rect::from_two_pos(self.view.screen_of(min), self.view.screen_of(max))
    }

    /// The handles of `piece` with their screen positions: turning (round)
    /// for rectangles, polygons and pieces with a facing; resizing (square)
    /// for circles and rectangles.
    fn handles(&self, piece: &Piece) -> Vec<(Handle, Pos2)> {
        let mut out = Vec::new();
        let center = self.view.screen_of(piece.center());
        let bounds = piece.shape.bounds();
        let reach = self.view.len(bounds.width().hypot(bounds.height()) / 2.0);
        let turnable = !matches!(piece.shape, Shape::Circle(_)) || piece.facing.is_some();
        if turnable {
            let facing = piece.facing_angle().unwrap_or(Angle::ZERO);
            let dir = View::dir(facing.direction());
            out.push((Handle::Rotate, center + dir * (reach + 18.0)));
        }
        match &piece.shape {
            Shape::Circle(c) => out.push((
                Handle::Resize,
                self.view
                    .screen_of(c.center() + Vector::new(c.radius(), 0.0)),
            )),
            Shape::Rect(r) => out.push((Handle::Resize, self.view.screen_of(r.front_left()))),
            Shape::Polygon(_) => {}
        }
        out
    }

    fn handle_at(&self, table: &Table, at: Pos2) -> Option<(Handle, u64)> {
        let piece = self.selected.and_then(|id| table.piece(id))?;
        self.handles(piece)
            .into_iter()
            .filter(|(_, p)| p.distance(at) <= HANDLE_GRAB)
            .min_by(|a, b| a.1.distance(at).total_cmp(&b.1.distance(at)))
            .map(|(h, _)| (h, piece.id))
    }

    /// The overlay handle under `at`, if any (the nearest).
    fn overlay_handle_at(&self, overlay: &Overlay, at: Pos2) -> Option<(u64, Point)> {
        overlay
            .handles
            .iter()
            .map(|h| (h, self.view.screen_of(h.at).distance(at)))
            .filter(|(_, d)| *d <= HANDLE_GRAB + 2.0)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(h, _)| (h.id, h.at))
    }

    /// Clicks and drags on the canvas.
    fn pointer(
        &mut self,
        ui: &egui::Ui,
        response: &egui::Response,
        texts: &Texts,
        (table, rules, overlay): (&Table, &TableRules, &Overlay),
        out: &mut CanvasOutput,
    ) {
        let space = !ui.ctx().text_edit_focused() && ui.input(|i| i.key_down(Key::Space));
        let shift = ui.input(|i| i.modifiers.shift);

        // Panning with the middle button works with every tool.
        if response.dragged_by(PointerButton::Middle) {
            self.view.pan(response.drag_delta());
        }

        if response.drag_started_by(PointerButton::Primary) {
            let origin = ui
                .input(|i| i.pointer.press_origin())
                .or(response.interact_pointer_pos());
            // The host's handles come first, with every tool but Pan.
            let handle = origin
                .filter(|_| !space && self.tool != Tool::Pan)
                .and_then(|o| self.overlay_handle_at(overlay, o));
            self.drag = match origin {
                _ if handle.is_some() => handle.map(|(id, to)| Drag::Handle { id, to }),
                _ if space || matches!(self.tool, Tool::Pan | Tool::Path) => Some(Drag::Pan),
                Some(origin) if self.tool == Tool::Select => self.start_select_drag(table, origin),
                _ => None,
            };
        }
        if response.dragged_by(PointerButton::Primary)
            && let Some(drag) = self.drag
        {
            let pointer = response
                .interact_pointer_pos()
                .map(|p| self.view.table_of(p));
            self.drag = match (drag, pointer) {
                (Drag::Pan, _) => {
                    self.view.pan(response.drag_delta());
                    Some(Drag::Pan)
                }
                (Drag::Move { id, grab, .. }, Some(p)) => Some(Drag::Move {
                    id,
                    grab,
                    to: p + grab,
                }),
                (Drag::Rotate { id, facing }, Some(p)) => {
                    let center = table.piece(id).map(Piece::center);
                    let turned = center
                        .and_then(|c| (p - c).angle())
                        .map(|a| if shift { snap(a, 15.0) } else { a });
                    Some(Drag::Rotate {
                        id,
                        facing: turned.unwrap_or(facing),
                    })
                }
                (Drag::Resize { id, size }, Some(p)) => Some(Drag::Resize {
                    id,
                    size: table
                        .piece(id)
                        .and_then(|piece| resize_to(piece, p))
                        .unwrap_or(size),
                }),
                (Drag::Handle { id, .. }, Some(to)) => {
                    out.handle = Some(HandleEvent::Moved { id, to });
                    Some(Drag::Handle { id, to })
                }
                (other, None) => Some(other),
            };
        }
        if response.drag_stopped()
            && let Some(drag) = self.drag.take()
        {
            if let Drag::Handle { id, to } = drag {
                out.handle = Some(HandleEvent::Released { id, to });
            } else if let Some(edit) = drag.edit() {
                self.emit(texts, table, out, vec![edit]);
            }
        }

        let clicked_at = response
            .interact_pointer_pos()
            .map(|p| self.view.table_of(p));
        if response.double_clicked() {
            if self.tool == Tool::Place && self.place_shape == ShapeKind::Polygon {
                self.finish_polygon(texts, table, rules, out);
            } else if self.tool == Tool::Path {
                self.finish_path(out);
            }
        } else if response.clicked()
            && !space
            && let Some(at) = clicked_at
        {
            if self.tool == Tool::Path {
                self.path_click(at, shift, out);
            } else {
                self.click(texts, table, rules, at, out);
            }
        }
    }

    fn start_select_drag(&mut self, table: &Table, origin: Pos2) -> Option<Drag> {
        if let Some((handle, id)) = self.handle_at(table, origin) {
            let piece = table.piece(id)?;
            return Some(match handle {
                Handle::Rotate => Drag::Rotate {
                    id,
                    facing: piece.facing_angle().unwrap_or(Angle::ZERO),
                },
                Handle::Resize => Drag::Resize {
                    id,
                    size: current_size(piece)?,
                },
            });
        }
        let at = self.view.table_of(origin);
        match table.piece_at(at) {
            Some(piece) => {
                self.selected = Some(piece.id);
                Some(Drag::Move {
                    id: piece.id,
                    grab: piece.center() - at,
                    to: piece.center(),
                })
            }
            None => Some(Drag::Pan),
        }
    }

    fn click(
        &mut self,
        texts: &Texts,
        table: &Table,
        rules: &TableRules,
        at: Point,
        out: &mut CanvasOutput,
    ) {
        match self.tool {
            Tool::Select => {
                self.selected = table.piece_at(at).map(|p| p.id);
            }
            Tool::Pan | Tool::Path => {}
            Tool::Place => {
                if !on_table(table, at) {
                    return;
                }
                if self.place_shape == ShapeKind::Polygon {
                    if self.draft.last() != Some(&at) {
                        self.draft.push(at);
                    }
                } else if let Some(piece) = self.new_piece(texts, table, rules, at) {
                    self.selected = Some(piece.id);
                    self.emit(texts, table, out, vec![TableEdit::Add(piece)]);
                }
            }
            Tool::Ruler => {
                let end = table
                    .piece_at(at)
                    .map_or(RulerEnd::Point(at), |p| RulerEnd::Piece(p.id));
                if self.ruler.len() >= 2 {
                    self.ruler.clear();
                }
                self.ruler.push(end);
            }
        }
    }

    /// A new piece of the chosen type and shape centred on `at` (not yet on
    /// the table), named after its type with the next free number.
    fn new_piece(
        &self,
        texts: &Texts,
        table: &Table,
        rules: &TableRules,
        at: Point,
    ) -> Option<Piece> {
        let t = rules.type_def(self.place_kind.as_deref()?)?;
        let mut piece = t.piece(table.next_id(), "", at).ok()?;
        let template = t.shape.as_kind(self.place_shape);
        piece.shape = template
            .at(at, piece.facing_angle().unwrap_or(Angle::ZERO))
            .ok()?;
        piece.name = next_name(table, type_label(texts, t));
        Some(piece)
    }

    fn finish_polygon(
        &mut self,
        texts: &Texts,
        table: &Table,
        rules: &TableRules,
        out: &mut CanvasOutput,
    ) {
        if self.draft.is_empty() {
            return;
        }
        let Some(t) = self.place_kind.as_deref().and_then(|k| rules.type_def(k)) else {
            return;
        };
        match Polygon::new(self.draft.clone()) {
            Ok(polygon) => {
                let mut piece = Piece::new(
                    table.next_id(),
                    next_name(table, type_label(texts, t)),
                    t.id.clone(),
                    t.layer,
                    Shape::Polygon(polygon),
                );
                if t.facing {
                    piece.facing = Some(Angle::ZERO);
                }
                self.selected = Some(piece.id);
                self.draft.clear();
                self.emit(texts, table, out, vec![TableEdit::Add(piece)]);
            }
            Err(e) => {
                self.message = Some(texts.f("canvas.bad_polygon", &[("error", &e.to_string())]));
            }
        }
    }
}

/// "+" and "−" with a spoken name.
fn zoom_button(ui: &mut egui::Ui, text: &str, name: &str) -> egui::Response {
    let response = ui.button(text).on_hover_text(name);
    let name = name.to_owned();
    let enabled = ui.is_enabled();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &name));
    response
}

fn shape_key(kind: ShapeKind) -> &'static str {
    match kind {
        ShapeKind::Circle => "canvas.shape.circle",
        ShapeKind::Rect => "canvas.shape.rect",
        ShapeKind::Polygon => "canvas.shape.polygon",
    }
}

fn on_table(table: &Table, p: Point) -> bool {
    (0.0..=table.width()).contains(&p.x) && (0.0..=table.depth()).contains(&p.y)
}

/// `label` with the lowest number from 1 no piece is named with yet.
fn next_name(table: &Table, label: &str) -> String {
    (1_u32..)
        .map(|n| format!("{label} {n}"))
        .find(|name| table.pieces().iter().all(|p| &p.name != name))
        .unwrap_or_else(|| label.to_owned())
}

/// `angle` rounded to a multiple of `step` degrees.
fn snap(angle: Angle, step: f64) -> Angle {
    Angle::from_degrees((angle.degrees() / step).round() * step).unwrap_or(angle)
}

/// The size of a circle or rectangle, for resize drags.
fn current_size(piece: &Piece) -> Option<PieceSize> {
    match &piece.shape {
        Shape::Circle(c) => Some(PieceSize::Radius(c.radius())),
        Shape::Rect(r) => Some(PieceSize::Rect {
            width: r.width(),
            length: r.length(),
        }),
        Shape::Polygon(_) => None,
    }
}

/// The size that puts a circle's edge or a rectangle's corner at `p`.
fn resize_to(piece: &Piece, p: Point) -> Option<PieceSize> {
    const MIN: f64 = 0.1;
    match &piece.shape {
        Shape::Circle(c) => Some(PieceSize::Radius(c.center().distance_to(p).max(MIN))),
        Shape::Rect(r) => {
            let r: &OrientedRect = r;
            let d = p - r.center();
            Some(PieceSize::Rect {
                width: (2.0 * d.dot(r.left()).abs()).max(MIN),
                length: (2.0 * d.dot(r.forward()).abs()).max(MIN),
            })
        }
        Shape::Polygon(_) => None,
    }
}
