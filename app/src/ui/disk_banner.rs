//! The banners above a document about its file: changed on disk by
//! someone else (nothing is written until the user decides), or open in
//! another window too.

use eframe::egui;
use feldherr_host::disk::Comparison;
use feldherr_host::history::OpenDocument;

use crate::app::Command;
use crate::i18n::Texts;

/// Draws the banners `open` needs, if any. `comparison` is the last
/// comparison with the file, shown under the banner.
pub fn show(
    ui: &mut egui::Ui,
    texts: &Texts,
    open: &OpenDocument,
    comparison: Option<&Result<Comparison, String>>,
    commands: &mut Vec<Command>,
) {
    let file = open
        .location()
        .map_or_else(String::new, |p| p.display().to_string());
    if open.changed_on_disk() {
        let warn = ui.visuals().warn_fg_color;
        egui::Frame::new()
            .fill(warn.gamma_multiply(0.15))
            .stroke(egui::Stroke::new(1.0, warn))
            .inner_margin(egui::Margin::same(8))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.strong(texts.f("disk.changed", &[("file", &file)]));
                ui.label(texts.t("disk.changed.what"));
                ui.horizontal_wrapped(|ui| {
                    if ui
                        .button(texts.t("disk.reload"))
                        .on_hover_text(texts.t("disk.reload.hint"))
                        .clicked()
                    {
                        commands.push(Command::ReloadFromDisk);
                    }
                    if ui
                        .button(texts.t("disk.keep_mine"))
                        .on_hover_text(texts.t("disk.keep_mine.hint"))
                        .clicked()
                    {
                        commands.push(Command::KeepMine);
                    }
                    if ui.button(texts.t("disk.save_as")).clicked() {
                        commands.push(Command::SaveAsDialog);
                    }
                    let label = if comparison.is_some() {
                        texts.t("disk.compare.hide")
                    } else {
                        texts.t("disk.compare")
                    };
                    if ui.button(label).clicked() {
                        commands.push(Command::CompareWithDisk);
                    }
                });
                match comparison {
                    Some(Ok(comparison)) => differences(ui, texts, comparison),
                    Some(Err(e)) => {
                        ui.colored_label(ui.visuals().error_fg_color, e);
                    }
                    None => {}
                }
            });
    } else if open.open_elsewhere() {
        egui::Frame::new()
            .inner_margin(egui::Margin::symmetric(8, 4))
            .show(ui, |ui| {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    texts.f("disk.open_elsewhere", &[("file", &file)]),
                );
            });
    }
}

fn differences(ui: &mut egui::Ui, texts: &Texts, comparison: &Comparison) {
    if comparison.differences.is_empty() {
        ui.label(texts.t("disk.compare.same"));
        return;
    }
    let none = texts.t("disk.compare.absent");
    egui::ScrollArea::vertical()
        .max_height(180.0)
        .id_salt("disk.differences")
        .show(ui, |ui| {
            egui::Grid::new("disk.differences.grid")
                .striped(true)
                .show(ui, |ui| {
                    ui.strong(texts.t("disk.compare.where"));
                    ui.strong(texts.t("disk.compare.mine"));
                    ui.strong(texts.t("disk.compare.disk"));
                    ui.end_row();
                    for d in &comparison.differences {
                        ui.monospace(&d.path);
                        ui.label(d.mine.as_deref().unwrap_or(none));
                        ui.label(d.disk.as_deref().unwrap_or(none));
                        ui.end_row();
                    }
                });
            if comparison.more > 0 {
                ui.weak(texts.f("disk.compare.more", &[("n", &comparison.more.to_string())]));
            }
        });
}
