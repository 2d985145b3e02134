//! The side panel: the selected piece's exact values, the ruler's
//! distance, placement violations and the list of pieces.

use eframe::egui::{self, Key, RichText};
use feldherr_table::geometry::{Angle, Shape, TableEdge};
use feldherr_table::{Against, Piece, PieceSize, Table, TableEdit, TableRules, Violation};

use super::overlay::Overlay;
use super::paint::Palette;
use super::{CanvasOutput, TableCanvas, kind_label, type_label};
use crate::i18n::Texts;

/// The typed values of the selected piece.
#[derive(Debug, Clone, Default)]
pub(super) struct Fields {
    /// The piece as it was when the fields were filled in.
    source: Option<Piece>,
    name: String,
    x: String,
    y: String,
    radius: String,
    width: String,
    length: String,
    scale: String,
    facing: String,
    /// Why the typed values were refused.
    pub error: Option<String>,
}

/// A number for a text field: at most two decimals, no trailing zeros.
pub(super) fn number(v: f64) -> String {
    let text = format!("{v:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_owned()
    } else {
        text.to_owned()
    }
}

impl Fields {
    fn fill(&mut self, piece: &Piece) {
        *self = Fields {
            source: Some(piece.clone()),
            name: piece.name.clone(),
            x: number(piece.center().x),
            y: number(piece.center().y),
            scale: "1".to_owned(),
            facing: piece
                .facing_angle()
                .map(|a| number(a.degrees()))
                .unwrap_or_default(),
            ..Fields::default()
        };
        match &piece.shape {
            Shape::Circle(c) => self.radius = number(c.radius()),
            Shape::Rect(r) => {
                self.width = number(r.width());
                self.length = number(r.length());
            }
            Shape::Polygon(_) => {}
        }
    }

    /// The edits that make `piece` match the fields; an error naming the
    /// field for a value that is not a number or not allowed.
    fn edits(&self, texts: &Texts, piece: &Piece) -> Result<Vec<TableEdit>, String> {
        let Some(source) = &self.source else {
            return Ok(Vec::new());
        };
        let id = piece.id;
        let parse = |key: &str, text: &str| -> Result<f64, String> {
            let cleaned = text.trim().replace(',', ".");
            cleaned
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| {
                    texts.f(
                        "canvas.not_number",
                        &[("field", texts.t(key)), ("value", text.trim())],
                    )
                })
        };
        let positive = |key: &str, text: &str| -> Result<f64, String> {
            let v = parse(key, text)?;
            if v > 0.0 {
                Ok(v)
            } else {
                Err(texts.f(
                    "canvas.not_positive",
                    &[("field", texts.t(key)), ("value", text.trim())],
                ))
            }
        };
        // Unchanged text means an unchanged value (no rounding noise).
        let changed = |now: &str, before: &str| now.trim() != before.trim();
        let before = {
            let mut f = Fields::default();
            f.fill(source);
            f
        };
        let mut edits = Vec::new();
        if self.name != piece.name {
            edits.push(TableEdit::Rename {
                id,
                name: self.name.clone(),
            });
        }
        match &piece.shape {
            Shape::Circle(_) => {
                let r = positive("canvas.field.radius", &self.radius)?;
                if changed(&self.radius, &before.radius) {
                    edits.push(TableEdit::Resize {
                        id,
                        size: PieceSize::Radius(r),
                    });
                }
            }
            Shape::Rect(_) => {
                let width = positive("canvas.field.width", &self.width)?;
                let length = positive("canvas.field.length", &self.length)?;
                if changed(&self.width, &before.width) || changed(&self.length, &before.length) {
                    edits.push(TableEdit::Resize {
                        id,
                        size: PieceSize::Rect { width, length },
                    });
                }
            }
            Shape::Polygon(_) => {
                let scale = positive("canvas.field.scale", &self.scale)?;
                if changed(&self.scale, &before.scale) && (scale - 1.0).abs() > 1e-12 {
                    edits.push(TableEdit::Resize {
                        id,
                        size: PieceSize::Scale(scale),
                    });
                }
            }
        }
        if !self.facing.trim().is_empty() && changed(&self.facing, &before.facing) {
            let degrees = parse("canvas.field.facing", &self.facing)?;
            let facing = Angle::from_degrees(degrees).map_err(|e| e.to_string())?;
            edits.push(TableEdit::Rotate { id, facing });
        }
        let x = parse("canvas.field.x", &self.x)?;
        let y = parse("canvas.field.y", &self.y)?;
        if changed(&self.x, &before.x) || changed(&self.y, &before.y) {
            let center = piece.center();
            let to = feldherr_table::geometry::Point::new(
                if changed(&self.x, &before.x) {
                    x
                } else {
                    center.x
                },
                if changed(&self.y, &before.y) {
                    y
                } else {
                    center.y
                },
            );
            edits.push(TableEdit::Move { id, to });
        }
        Ok(edits)
    }
}

/// A text field with its label; true when Enter was pressed in it.
fn field(ui: &mut egui::Ui, label: &str, text: &mut String, id: &str) -> bool {
    let label = ui.label(label);
    let response = ui
        .add(
            egui::TextEdit::singleline(text)
                .id_salt(id)
                .desired_width(110.0),
        )
        .labelled_by(label.id);
    ui.end_row();
    response.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter))
}

/// A violation in the current language.
pub(super) fn explain(texts: &Texts, v: &Violation) -> String {
    let distance = texts.length(v.distance.abs(), v.unit);
    let required = texts.length(v.required, v.unit);
    let edge_name = |edge: TableEdge| {
        texts
            .t(match edge {
                TableEdge::Left => "canvas.edge.left",
                TableEdge::Right => "canvas.edge.right",
                TableEdge::Bottom => "canvas.edge.bottom",
                TableEdge::Top => "canvas.edge.top",
            })
            .to_owned()
    };
    match &v.against {
        Against::Edge(edge) => {
            let key = if v.is_off_table() {
                "canvas.violation.off_table"
            } else {
                "canvas.violation.edge"
            };
            texts.f(
                key,
                &[
                    ("piece", &v.name),
                    ("distance", &distance),
                    ("edge", &edge_name(*edge)),
                    ("required", &required),
                ],
            )
        }
        Against::Piece { name, .. } => texts.f(
            "canvas.violation.pieces",
            &[
                ("piece", &v.name),
                ("other", name),
                ("distance", &distance),
                ("required", &required),
            ],
        ),
    }
}

impl TableCanvas {
    pub(super) fn side_panel(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        table: &Table,
        rules: &TableRules,
        overlay: &Overlay,
        out: &mut CanvasOutput,
    ) {
        ui.add_space(4.0);
        self.path_panel(ui, texts, table, out);
        ui.heading(texts.t("canvas.selected"));
        let piece = self.selected.and_then(|id| table.piece(id));
        match piece {
            None => {
                self.fields = Fields::default();
                ui.weak(texts.t("canvas.nothing_selected"));
            }
            Some(piece) => self.piece_fields(ui, texts, table, rules, piece, out),
        }
        if let Some(message) = &self.message {
            ui.colored_label(ui.visuals().error_fg_color, message);
        }

        if overlay.labels().next().is_some() {
            ui.separator();
            ui.label(RichText::new(texts.t("canvas.overlay")).strong());
            let palette = Palette::from_visuals(ui.visuals());
            for (text, tone) in overlay.labels() {
                ui.colored_label(palette.tone(tone), text);
            }
        }

        ui.separator();
        ui.label(RichText::new(texts.t("canvas.measurement")).strong());
        match self.measurement(table) {
            Some(m) => {
                let distance = texts.length(m.distance, table.unit());
                ui.label(texts.f("canvas.distance", &[("distance", &distance)]));
                let describe = |end: &super::RulerEnd| match end {
                    super::RulerEnd::Piece(id) => {
                        table.piece(*id).map(|p| p.name.clone()).unwrap_or_default()
                    }
                    super::RulerEnd::Point(p) => {
                        format!(
                            "({}; {})",
                            texts.short_decimal(p.x, 2),
                            texts.short_decimal(p.y, 2)
                        )
                    }
                };
                if let [a, b] = self.ruler.as_slice() {
                    ui.weak(texts.f(
                        "canvas.between",
                        &[("from", &describe(a)), ("to", &describe(b))],
                    ));
                }
            }
            None => {
                ui.weak(texts.t("canvas.ruler_hint"));
            }
        }

        ui.separator();
        ui.label(RichText::new(texts.t("canvas.placement")).strong());
        if rules.placement.is_none() {
            // Not the rules' name: it is the crate's, in English.
            ui.weak(texts.t("canvas.no_placement_rule"));
        } else {
            let violations = table.violations(rules);
            if violations.is_empty() {
                ui.label(texts.t("canvas.placement_ok"));
            } else {
                // Clearances are guidelines, never a refusal (P37).
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    texts.f("canvas.violations", &[("n", &violations.len().to_string())]),
                );
                for v in &violations {
                    let text = RichText::new(explain(texts, v)).color(ui.visuals().warn_fg_color);
                    if ui
                        .selectable_label(self.selected == Some(v.piece), text)
                        .clicked()
                    {
                        self.selected = Some(v.piece);
                    }
                }
            }
        }

        ui.separator();
        egui::CollapsingHeader::new(
            texts.f("canvas.pieces", &[("n", &table.pieces().len().to_string())]),
        )
        .id_salt("table_canvas.pieces")
        .default_open(true)
        .show(ui, |ui| {
            if table.pieces().is_empty() {
                ui.weak(texts.t("canvas.no_pieces"));
            }
            for piece in table.pieces() {
                let text = format!("{} ({})", piece.name, kind_label(texts, rules, &piece.kind));
                if ui
                    .selectable_label(self.selected == Some(piece.id), text)
                    .clicked()
                {
                    self.selected = Some(piece.id);
                }
            }
        });
    }

    fn piece_fields(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        table: &Table,
        rules: &TableRules,
        piece: &Piece,
        out: &mut CanvasOutput,
    ) {
        if self.fields.source.as_ref() != Some(piece) {
            self.fields.fill(piece);
        }
        let unit = texts.unit(table.unit());
        let with_unit = |key: &str| format!("{} ({unit})", texts.t(key));
        let mut submit = false;
        let mut new_kind = None;
        egui::Grid::new("table_canvas.fields")
            .num_columns(2)
            .spacing([8.0, 4.0])
            .show(ui, |ui| {
                let f = &mut self.fields;
                submit |= field(
                    ui,
                    texts.t("canvas.field.name"),
                    &mut f.name,
                    "table_canvas.name",
                );
                let label = ui.label(texts.t("canvas.field.type"));
                let response = egui::ComboBox::from_id_salt("table_canvas.kind")
                    .selected_text(kind_label(texts, rules, &piece.kind))
                    .show_ui(ui, |ui| {
                        for t in &rules.types {
                            if ui
                                .selectable_label(t.id == piece.kind, type_label(texts, t))
                                .clicked()
                                && t.id != piece.kind
                            {
                                new_kind = Some((t.id.clone(), t.layer));
                            }
                        }
                    })
                    .response;
                response.labelled_by(label.id);
                ui.end_row();
                submit |= field(ui, &with_unit("canvas.field.x"), &mut f.x, "table_canvas.x");
                submit |= field(ui, &with_unit("canvas.field.y"), &mut f.y, "table_canvas.y");
                match &piece.shape {
                    Shape::Circle(_) => {
                        submit |= field(
                            ui,
                            &with_unit("canvas.field.radius"),
                            &mut f.radius,
                            "table_canvas.radius",
                        );
                    }
                    Shape::Rect(_) => {
                        submit |= field(
                            ui,
                            &with_unit("canvas.field.width"),
                            &mut f.width,
                            "table_canvas.width",
                        );
                        submit |= field(
                            ui,
                            &with_unit("canvas.field.length"),
                            &mut f.length,
                            "table_canvas.length",
                        );
                    }
                    Shape::Polygon(_) => {
                        submit |= field(
                            ui,
                            texts.t("canvas.field.scale"),
                            &mut f.scale,
                            "table_canvas.scale",
                        );
                    }
                }
                submit |= field(
                    ui,
                    &format!("{} (°)", texts.t("canvas.field.facing")),
                    &mut f.facing,
                    "table_canvas.facing",
                );
            });
        ui.horizontal(|ui| {
            if ui.button(texts.t("canvas.apply")).clicked() {
                submit = true;
            }
            if ui.button(texts.t("canvas.delete")).clicked() {
                self.emit(texts, table, out, vec![TableEdit::Delete { id: piece.id }]);
            }
        });
        if let Some((kind, layer)) = new_kind {
            let edit = TableEdit::SetKind {
                id: piece.id,
                kind,
                layer,
            };
            self.emit(texts, table, out, vec![edit]);
        }
        if submit {
            match self.fields.edits(texts, piece) {
                Ok(edits) => {
                    self.fields.error = None;
                    self.emit(texts, table, out, edits);
                }
                Err(message) => self.fields.error = Some(message),
            }
        }
        if let Some(error) = &self.fields.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
    }
}
