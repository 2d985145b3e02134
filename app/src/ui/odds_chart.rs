//! A small chart of exact odds: one row per outcome with its percentage
//! and a bar.

use eframe::egui;
use feldherr_dice::OddsLine;

use crate::i18n::Texts;

/// Draws `odds` as labelled bars; the bar of the likeliest outcome is full
/// width so that small differences stay visible; percentages in the
/// language's way ("41,67 %").
pub fn show(ui: &mut egui::Ui, texts: &Texts, id: &str, odds: &[OddsLine]) {
    let max = odds
        .iter()
        .map(|l| l.probability)
        .fold(0.0_f64, f64::max)
        .max(f64::EPSILON);
    let bar_colour = ui.visuals().selection.bg_fill;
    egui::Grid::new(id)
        .num_columns(3)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            for line in odds {
                ui.label(&line.label);
                ui.label(egui::RichText::new(texts.percent(line.probability, 2)).monospace());
                let width = 160.0;
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(width, 12.0), egui::Sense::hover());
                let filled = rect.with_max_x(rect.min.x + (line.probability / max) as f32 * width);
                ui.painter()
                    .rect_filled(rect, 2.0, ui.visuals().extreme_bg_color);
                ui.painter().rect_filled(filled, 2.0, bar_colour);
                ui.end_row();
            }
        });
}
