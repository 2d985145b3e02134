//! The start screen: the rule systems and the event, opening files,
//! recent files and the last session.

use std::path::PathBuf;

use eframe::egui;

use crate::app::{Command, Screen};
use crate::i18n::{Texts, languages};
use crate::settings::{Draft, Settings};
use crate::systems::{SCREENS, ScreensInfo};
use feldherr_host::registry::EVENT_KINDS;

/// Draws the start screen. `open_path` is the typed path field's text.
pub fn show(
    ui: &mut egui::Ui,
    texts: &Texts,
    settings: &Settings,
    open_path: &mut String,
    nothing_open: bool,
    drafts: &[Draft],
    commands: &mut Vec<Command>,
) {
    egui::Panel::right("start.files")
        .resizable(true)
        .default_size(340.0)
        .show(ui, |ui| {
            ui.add_space(8.0);
            settings_controls(ui, texts, settings, commands);
            ui.separator();
            files(ui, texts, settings, open_path, nothing_open, commands);
            drafts_list(ui, texts, drafts, commands);
        });
    egui::CentralPanel::default().show(ui, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.add_space(8.0);
            ui.label(
                egui::RichText::new(texts.t("app.title"))
                    .size(28.0)
                    .strong(),
            );
            ui.label(texts.t("app.tagline"));
            ui.add_space(12.0);
            ui.heading(texts.t("start.heading"));
            ui.add_space(8.0);
            for system in SCREENS.iter() {
                system_card(ui, texts, system, commands);
                ui.add_space(6.0);
            }
        });
    });
}

/// A system's card: its name, what it is, what works today and what does
/// not yet, and its buttons.
fn system_card(
    ui: &mut egui::Ui,
    texts: &Texts,
    system: &ScreensInfo,
    commands: &mut Vec<Command>,
) {
    let key = system.id.info().key;
    let id = system.id.tag();
    egui::Frame::group(ui.style())
        .inner_margin(egui::Margin::same(12))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    egui::RichText::new(texts.t(&format!("{key}.name")))
                        .strong()
                        .size(18.0),
                );
                if !system.playable {
                    ui.label(
                        egui::RichText::new(texts.t("start.table_only"))
                            .small()
                            .color(ui.visuals().warn_fg_color),
                    );
                }
            });
            ui.label(texts.t(&format!("{key}.about")));
            ui.label(
                egui::RichText::new(
                    texts.f("start.works", &[("what", texts.t(&format!("{key}.works")))]),
                )
                .small(),
            );
            let missing_key = format!("{key}.missing");
            let missing = texts.t(&missing_key);
            if !missing.is_empty() {
                ui.label(
                    egui::RichText::new(texts.f("start.missing", &[("what", missing)]))
                        .small()
                        .weak(),
                );
            }
            ui.horizontal(|ui| {
                let new_game = texts.f(
                    "start.new_game",
                    &[("system", texts.t(&format!("{key}.name")))],
                );
                if ui
                    .button(texts.t("start.new_game.short"))
                    .on_hover_text(new_game)
                    .clicked()
                {
                    commands.push(Command::NewGame(id));
                }
                for kind in EVENT_KINDS {
                    if kind.offered_by == id && ui.button(texts.t("start.new_event")).clicked() {
                        commands.push(Command::NewEvent(kind.id));
                    }
                }
                for tool in system.tools {
                    if ui.button(texts.t(tool.label)).clicked() {
                        commands.push(Command::Show(Screen::Tool(id, tool.id)));
                    }
                }
            });
        });
}

fn files(
    ui: &mut egui::Ui,
    texts: &Texts,
    settings: &Settings,
    open_path: &mut String,
    nothing_open: bool,
    commands: &mut Vec<Command>,
) {
    ui.heading(texts.t("start.files"));
    if nothing_open && !settings.last_session.is_empty() {
        let label = match settings.last_session.len() {
            1 => texts.t("start.reopen.one").to_owned(),
            n => texts.f("start.reopen", &[("n", &n.to_string())]),
        };
        if ui.button(label).clicked() {
            commands.push(Command::ReopenLastSession);
        }
    }
    if ui
        .button(texts.t("start.open"))
        .on_hover_text("Ctrl+O")
        .clicked()
    {
        commands.push(Command::OpenDialog);
    }
    ui.horizontal(|ui| {
        let label = ui.label(texts.t("start.path"));
        let field = ui
            .add(egui::TextEdit::singleline(open_path).desired_width(180.0))
            .labelled_by(label.id);
        let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if (ui.button(texts.t("start.open_path")).clicked() || enter)
            && !open_path.trim().is_empty()
        {
            commands.push(Command::Open(PathBuf::from(open_path.trim())));
        }
    });
    ui.weak(texts.t("start.drop_hint"));
    ui.add_space(8.0);
    ui.label(egui::RichText::new(texts.t("start.recent")).strong());
    if settings.recent.is_empty() {
        ui.weak(texts.t("start.recent.none"));
    }
    for path in &settings.recent {
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        if ui
            .link(name)
            .on_hover_text(path.display().to_string())
            .clicked()
        {
            commands.push(Command::Open(path.clone()));
        }
    }
}

/// Changed documents closed without a file of their own: open one, or
/// delete it for good.
fn drafts_list(ui: &mut egui::Ui, texts: &Texts, drafts: &[Draft], commands: &mut Vec<Command>) {
    if drafts.is_empty() {
        return;
    }
    ui.add_space(8.0);
    ui.label(egui::RichText::new(texts.t("start.drafts")).strong())
        .on_hover_text(texts.t("start.drafts.hint"));
    for draft in drafts {
        ui.horizontal(|ui| {
            if ui
                .link(&draft.name)
                .on_hover_text(draft.path.display().to_string())
                .clicked()
            {
                commands.push(Command::OpenDraft(draft.path.clone()));
            }
            if ui
                .small_button(texts.t("start.drafts.delete"))
                .on_hover_text(texts.f("start.drafts.delete.hint", &[("name", &draft.name)]))
                .clicked()
            {
                commands.push(Command::DeleteDraft(draft.path.clone()));
            }
        });
    }
}

fn settings_controls(
    ui: &mut egui::Ui,
    texts: &Texts,
    settings: &Settings,
    commands: &mut Vec<Command>,
) {
    let mut language = settings.language.clone();
    let all = languages();
    let current = all
        .iter()
        .find(|(code, _)| *code == language)
        .map_or(language.clone(), |(_, name)| name.clone());
    egui::ComboBox::new("language", texts.t("start.language"))
        .selected_text(current)
        .show_ui(ui, |ui| {
            for (code, name) in &all {
                ui.selectable_value(&mut language, (*code).to_owned(), name);
            }
        });
    if language != settings.language {
        commands.push(Command::SetLanguage(language));
    }
    let mut dark = settings.dark;
    egui::ComboBox::new("theme", texts.t("start.theme"))
        .selected_text(if dark {
            texts.t("start.theme.dark")
        } else {
            texts.t("start.theme.light")
        })
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut dark, true, texts.t("start.theme.dark"));
            ui.selectable_value(&mut dark, false, texts.t("start.theme.light"));
        });
    if dark != settings.dark {
        commands.push(Command::SetDark(dark));
    }
}
