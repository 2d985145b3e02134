//! The treasure-line helper (N4): where the three treasure cards go on the
//! table, after the shift by the players' fastest eligible Movement, drawn
//! on the table canvas.

use eframe::egui;
use feldherr_scoring::Side;
use feldherr_table::geometry::{Angle, OrientedRect, Point, Shape, Unit};
use feldherr_table::{Layer, Piece, Table};
use feldherr_wfb_newyear::{PlayingTable, TreasureLine};

use crate::i18n::Texts;
use crate::ui::table_canvas::TableCanvas;

/// Treasure cards are drawn at playing-card size, in inches.
const CARD: (f64, f64) = (2.5, 3.5);

/// The helper's state.
#[derive(Debug, Default)]
pub struct TreasureHelper {
    movement_a: String,
    movement_b: String,
    canvas: TableCanvas,
}

/// The table with the treasure line and its three cards.
pub fn treasure_table(line: &TreasureLine) -> Result<Table, String> {
    let width = line.table.width;
    let depth = line.table.depth;
    let mut pieces = Vec::new();
    let strip = OrientedRect::new(
        Point::new(width / 2.0, line.line_y),
        0.3,
        width,
        Angle::from_degrees(0.0).map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    pieces.push(Piece {
        id: 1,
        name: "Treasure line".into(),
        kind: "zone".into(),
        layer: Layer::Marker,
        shape: Shape::Rect(strip),
        facing: None,
    });
    for (i, card) in line.cards.iter().enumerate() {
        let rect = OrientedRect::new(
            Point::new(card.x, card.y),
            CARD.0,
            CARD.1,
            Angle::from_degrees(90.0).map_err(|e| e.to_string())?,
        )
        .map_err(|e| e.to_string())?;
        pieces.push(Piece {
            id: 2 + i as u64,
            name: format!("Treasure {}", i + 1),
            kind: "objective".into(),
            layer: Layer::Marker,
            shape: Shape::Rect(rect),
            facing: None,
        });
    }
    Table::with_pieces(width, depth, Unit::Inch, pieces).map_err(|e| e.to_string())
}

impl TreasureHelper {
    pub fn show(&mut self, ui: &mut egui::Ui, texts: &Texts) {
        egui::CollapsingHeader::new(texts.t("treasure.heading"))
            .default_open(false)
            .show(ui, |ui| {
                ui.label(texts.t("treasure.help"));
                ui.horizontal(|ui| {
                    for (text, key) in [
                        (&mut self.movement_a, "treasure.movement_a"),
                        (&mut self.movement_b, "treasure.movement_b"),
                    ] {
                        let label = ui.label(texts.t(key));
                        ui.add(egui::TextEdit::singleline(text).desired_width(40.0))
                            .labelled_by(label.id);
                    }
                });
                let parse = |text: &str, key: &str| {
                    text.trim().parse::<u32>().map_err(|_| {
                        texts.f(
                            "treasure.bad_movement",
                            &[("field", texts.t(key)), ("value", text.trim())],
                        )
                    })
                };
                if self.movement_a.trim().is_empty() || self.movement_b.trim().is_empty() {
                    return;
                }
                let line = parse(&self.movement_a, "treasure.movement_a")
                    .and_then(|a| Ok((a, parse(&self.movement_b, "treasure.movement_b")?)))
                    .and_then(|(a, b)| {
                        TreasureLine::place(PlayingTable::default(), a, b)
                            .map_err(|e| e.to_string())
                    });
                let line = match line {
                    Ok(line) => line,
                    Err(e) => {
                        ui.colored_label(ui.visuals().error_fg_color, e);
                        return;
                    }
                };
                let from_a = format!("{:.0}", line.line_y);
                let shift = format!("{:.0}", line.shift);
                ui.label(match line.towards {
                    None => texts.f("treasure.centre", &[("y", &from_a)]),
                    Some(Side::A) => {
                        texts.f("treasure.towards_a", &[("y", &from_a), ("shift", &shift)])
                    }
                    Some(Side::B) => {
                        texts.f("treasure.towards_b", &[("y", &from_a), ("shift", &shift)])
                    }
                });
                let cards: Vec<String> = line
                    .cards
                    .iter()
                    .map(|c| format!("({:.0} in, {:.0} in)", c.x, c.y))
                    .collect();
                ui.label(texts.f("treasure.cards", &[("cards", &cards.join(", "))]));
                match treasure_table(&line) {
                    Ok(table) => {
                        ui.allocate_ui(egui::vec2(ui.available_width(), 420.0), |ui| {
                            // A picture to look at: edits are not kept.
                            let _ = self.canvas.show(
                                ui,
                                texts,
                                &table,
                                &super::wfb_table::wfb_table_rules(),
                            );
                        });
                    }
                    Err(e) => {
                        ui.colored_label(ui.visuals().error_fg_color, e);
                    }
                }
            });
    }
}
