//! The bar at the top of every screen: home, open documents, undo/redo,
//! save.

use eframe::egui;

use crate::app::{Command, Screen};
use crate::i18n::Texts;
use crate::settings::Settings;
use feldherr_host::history::OpenDocument;

/// Draws the top bar. `titles` are the open documents (name, unsaved).
pub fn show(
    ui: &mut egui::Ui,
    texts: &Texts,
    _settings: &Settings,
    titles: &[(String, bool)],
    active: Option<usize>,
    document: Option<&OpenDocument>,
    commands: &mut Vec<Command>,
) {
    egui::Panel::top("top_bar").show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            if ui
                .selectable_label(active.is_none(), texts.t("nav.home"))
                .on_hover_text(texts.t("nav.home.hint"))
                .clicked()
            {
                commands.push(Command::Show(Screen::Start));
            }
            ui.separator();
            for (i, (title, unsaved)) in titles.iter().enumerate() {
                let label = if *unsaved {
                    format!("{title} ({})", texts.t("doc.unsaved"))
                } else {
                    title.clone()
                };
                if ui.selectable_label(active == Some(i), label).clicked() {
                    commands.push(Command::Activate(i));
                }
                if ui
                    .small_button("x")
                    .on_hover_text(texts.f("doc.close", &[("name", title)]))
                    .clicked()
                {
                    commands.push(Command::Close(i));
                }
            }
            if let (Some(open), Some(_)) = (document, active) {
                ui.separator();
                if ui
                    .add_enabled(open.can_undo(), egui::Button::new(texts.t("doc.undo")))
                    .on_hover_text("Ctrl+Z")
                    .clicked()
                {
                    commands.push(Command::Undo);
                }
                if ui
                    .add_enabled(open.can_redo(), egui::Button::new(texts.t("doc.redo")))
                    .on_hover_text("Ctrl+Shift+Z / Ctrl+Y")
                    .clicked()
                {
                    commands.push(Command::Redo);
                }
                if ui
                    .button(texts.t("doc.save"))
                    .on_hover_text("Ctrl+S")
                    .clicked()
                {
                    commands.push(Command::Save);
                }
                if ui
                    .button(texts.t("doc.save_as"))
                    .on_hover_text("Ctrl+Shift+S")
                    .clicked()
                {
                    commands.push(Command::SaveAsDialog);
                }
                let status = match (open.save_error(), open.location()) {
                    _ if open.changed_on_disk() => texts.t("doc.changed_on_disk").to_owned(),
                    (Some(_), _) => texts.t("doc.save_failed").to_owned(),
                    (None, Some(path)) => {
                        texts.f("doc.saved_to", &[("path", &path.display().to_string())])
                    }
                    (None, None) => texts.t("doc.not_saved").to_owned(),
                };
                ui.weak(status);
            }
        });
    });
}
