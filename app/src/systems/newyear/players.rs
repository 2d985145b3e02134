//! Event name, date and players.

use eframe::egui;
use feldherr_wfb_newyear::{Event, Player};

use super::{NewYearEdit as EventEdit, event_edit};
use crate::app::Command;
use crate::document::DocumentEdit;
use crate::i18n::Texts;

/// Fields being typed on the players tab.
#[derive(Debug, Default)]
pub struct PlayersTab {
    name: String,
    date: String,
    new_player: [String; 3],
    new_on_foot: bool,
    error: Option<String>,
}

impl PlayersTab {
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        changed: bool,
        commands: &mut Vec<Command>,
    ) {
        if changed {
            self.name = event.name.clone();
            self.date = event.date.clone();
        }
        egui::Grid::new("event.fields")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label(texts.t("doc.name"));
                let name = ui
                    .text_edit_singleline(&mut self.name)
                    .labelled_by(label.id);
                if name.lost_focus() && self.name != event.name {
                    commands.push(Command::Edit(DocumentEdit::Rename(self.name.clone())));
                }
                ui.end_row();
                let label = ui.label(texts.t("event.date"));
                let date = ui
                    .text_edit_singleline(&mut self.date)
                    .labelled_by(label.id);
                if date.lost_focus() && self.date != event.date {
                    commands.push(event_edit(EventEdit::SetDate(self.date.clone())));
                }
                ui.end_row();
            });
        ui.add_space(8.0);
        ui.label(
            egui::RichText::new(texts.f(
                "event.players.count",
                &[("n", &event.players.len().to_string())],
            ))
            .strong(),
        );
        egui::Grid::new("event.players")
            .striped(true)
            .num_columns(6)
            .show(ui, |ui| {
                for key in [
                    "event.player",
                    "event.club",
                    "event.army",
                    "event.points",
                    "event.on_foot",
                ] {
                    ui.label(egui::RichText::new(texts.t(key)).strong());
                }
                ui.end_row();
                for (i, player) in event.players.iter().enumerate() {
                    ui.label(&player.name);
                    ui.label(&player.club);
                    ui.label(&player.army);
                    ui.label(player.army_points.to_string());
                    let mut on_foot = player.character_on_foot;
                    if ui
                        .checkbox(&mut on_foot, "")
                        .on_hover_text(texts.t("event.on_foot"))
                        .changed()
                    {
                        let mut updated = player.clone();
                        updated.character_on_foot = on_foot;
                        commands.push(event_edit(EventEdit::UpdatePlayer {
                            index: i,
                            player: updated,
                        }));
                    }
                    if ui
                        .small_button(texts.t("event.remove"))
                        .on_hover_text(&player.name)
                        .clicked()
                    {
                        commands.push(event_edit(EventEdit::RemovePlayer(i)));
                    }
                    ui.end_row();
                }
            });
        ui.add_space(8.0);
        ui.horizontal_wrapped(|ui| {
            for (text, key) in self.new_player.iter_mut().zip([
                "event.new.player",
                "event.new.club",
                "event.new.army",
            ]) {
                let label = ui.label(texts.t(key));
                ui.add(egui::TextEdit::singleline(text).desired_width(130.0))
                    .labelled_by(label.id);
            }
            ui.checkbox(&mut self.new_on_foot, texts.t("event.new.on_foot"));
            if ui.button(texts.t("event.add_player")).clicked() {
                let [name, club, army] = &self.new_player;
                if name.trim().is_empty() {
                    self.error = Some(texts.t("event.name_missing").to_owned());
                } else {
                    let id = unique_id(name, event.players.iter().map(|p| p.id.as_str()));
                    let player =
                        Player::new(id, name.trim(), club.trim(), army.trim(), self.new_on_foot);
                    commands.push(event_edit(EventEdit::AddPlayer(player)));
                    self.new_player = Default::default();
                    self.new_on_foot = false;
                    self.error = None;
                }
            }
        });
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }
}

/// A player id from the name, made unique among `taken`.
pub fn unique_id<'a>(name: &str, taken: impl Iterator<Item = &'a str> + Clone) -> String {
    let base: String = name
        .trim()
        .to_lowercase()
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let mut id = base.clone();
    let mut n = 2;
    while taken.clone().any(|t| t == id) {
        id = format!("{base}-{n}");
        n += 1;
    }
    id
}
