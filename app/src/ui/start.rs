//! The start screen: the rule systems and the event.

use eframe::egui;

use crate::app::{Command, Screen};
use crate::i18n::{Texts, catalogues};
use crate::settings::Settings;

/// A rule system on the start screen, with its tools.
struct System {
    key: &'static str,
    tools: &'static [(&'static str, Screen)],
}

const SYSTEMS: &[System] = &[
    System {
        key: "system.wfb",
        tools: &[],
    },
    System {
        key: "system.warmaster",
        tools: &[],
    },
    System {
        key: "system.warheim",
        tools: &[],
    },
    System {
        key: "system.confrontation",
        tools: &[("tool.damage.open", Screen::DamageTable)],
    },
    System {
        key: "system.wh40k",
        tools: &[],
    },
];

/// Draws the start screen.
pub fn show(ui: &mut egui::Ui, texts: &Texts, settings: &Settings, commands: &mut Vec<Command>) {
    egui::Panel::top("start.top").show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.heading(texts.t("app.title"));
            ui.label(texts.t("app.tagline"));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                settings_controls(ui, texts, settings, commands);
            });
        });
    });
    egui::CentralPanel::default().show(ui, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.add_space(8.0);
            ui.heading(texts.t("start.heading"));
            ui.add_space(8.0);
            for system in SYSTEMS {
                system_card(ui, texts, system, commands);
                ui.add_space(6.0);
            }
        });
    });
}

fn system_card(ui: &mut egui::Ui, texts: &Texts, system: &System, commands: &mut Vec<Command>) {
    egui::Frame::group(ui.style())
        .inner_margin(egui::Margin::same(12))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                egui::RichText::new(texts.t(&format!("{}.name", system.key)))
                    .strong()
                    .size(18.0),
            );
            ui.label(texts.t(&format!("{}.about", system.key)));
            ui.horizontal(|ui| {
                if system.tools.is_empty() {
                    ui.weak(texts.t("start.later"));
                }
                for (label, screen) in system.tools {
                    if ui.button(texts.t(label)).clicked() {
                        commands.push(Command::Show(*screen));
                    }
                }
            });
        });
}

fn settings_controls(
    ui: &mut egui::Ui,
    texts: &Texts,
    settings: &Settings,
    commands: &mut Vec<Command>,
) {
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
    let mut language = settings.language.clone();
    let all = catalogues();
    let current = all
        .iter()
        .find(|c| c.code() == language)
        .map_or(language.clone(), |c| c.name().to_owned());
    egui::ComboBox::new("language", texts.t("start.language"))
        .selected_text(current)
        .show_ui(ui, |ui| {
            for catalogue in &all {
                ui.selectable_value(&mut language, catalogue.code().to_owned(), catalogue.name());
            }
        });
    if language != settings.language {
        commands.push(Command::SetLanguage(language));
    }
}
