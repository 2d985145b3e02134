//! A typed standings table on screen: the one table every kind of event
//! prints, exports and shows on the projector
//! (`feldherr_scoring::StandingsTable`).

use eframe::egui;
use feldherr_scoring::{Cell, StandingsTable};

/// Draws `table` with text of `size` points: headings, then one row per
/// competitor (a dropped one struck through), then the notes.
pub fn show(ui: &mut egui::Ui, table: &StandingsTable, size: f32) {
    let text = |s: String| egui::RichText::new(s).size(size);
    #[expect(clippy::cast_possible_truncation, reason = "an id salt")]
    let salt = size as i32;
    // Columns apart by about a character of the text's size, so large
    // projector text does not run its columns together.
    egui::Grid::new(("standings.view", table.title.as_str(), salt))
        .striped(true)
        .spacing(egui::vec2(size * 0.8, size * 0.25))
        .num_columns(table.columns.len())
        .show(ui, |ui| {
            for column in &table.columns {
                ui.label(text(column.label.clone()).strong());
            }
            ui.end_row();
            for row in &table.rows {
                for cell in &row.cells {
                    let shown = text(cell.to_string());
                    let shown = match cell {
                        Cell::Place { .. } => shown.strong(),
                        _ if row.dropped => shown.strikethrough(),
                        _ => shown,
                    };
                    ui.label(shown);
                }
                ui.end_row();
            }
        });
    for note in &table.notes {
        ui.colored_label(ui.visuals().warn_fg_color, text(note.clone()));
    }
}
