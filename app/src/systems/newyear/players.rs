//! Event name, date and players: register, edit after adding, mark
//! drop-outs, remove (or drop instead when he is in use), duplicate-name
//! warnings (issue 10).

use eframe::egui;
use feldherr_wfb_newyear::{BattleKind, DroppedAfter, Event, Player, PlayerUse};

use super::event_edit;
use crate::app::Command;
use crate::i18n::Texts;
use feldherr_host::document::DocumentEdit;
use feldherr_wfb_newyear::EventEdit;

/// When a player can have dropped out, in order (PN5).
const DROP_POINTS: [DroppedAfter; 4] = [
    DroppedAfter::Registration,
    DroppedAfter::RaeuberWarhammer,
    DroppedAfter::NewYearScenario,
    DroppedAfter::SledRace,
];

/// A player being edited: his id and the typed name, club, army.
#[derive(Debug, Clone, PartialEq)]
struct Editing {
    id: String,
    /// Name, club, army and army points as typed.
    fields: [String; 4],
}

/// Fields being typed on the players tab.
#[derive(Debug, Default)]
pub struct PlayersTab {
    name: String,
    date: String,
    new_player: [String; 3],
    new_on_foot: bool,
    error: Option<String>,
    editing: Option<Editing>,
    /// The player whose removal waits for the organiser's answer because
    /// something refers to him.
    removing: Option<String>,
    /// The army size as typed, and why the last one was refused.
    army_size: String,
    army_error: Option<String>,
}

/// The name of a battle game in the interface language.
pub fn game_label(texts: &Texts, game: BattleKind) -> &str {
    texts.t(match game {
        BattleKind::RaeuberWarhammer => "event.tab.raeuber",
        BattleKind::NewYearScenario => "event.tab.newyear",
    })
}

/// What refers to a player, in the interface language.
pub fn use_text(texts: &Texts, u: &PlayerUse) -> String {
    match u {
        PlayerUse::Pairing {
            game,
            table,
            opponent,
        } => texts.f(
            "event.use.pairing",
            &[
                ("game", game_label(texts, *game)),
                ("table", &table.to_string()),
                ("opponent", opponent),
            ],
        ),
        PlayerUse::Bye { game } => texts.f("event.use.bye", &[("game", game_label(texts, *game))]),
        PlayerUse::SledRace => texts.t("event.use.sled").to_owned(),
    }
}

impl PlayersTab {
    /// Sends the typed army size when it is a whole number the event
    /// takes (checked on a copy first); otherwise says why.
    fn take_army_size(
        &mut self,
        texts: &Texts,
        event: &Event,
        commands: &mut Vec<Command>,
    ) -> Option<String> {
        let typed = self.army_size.trim();
        let Ok(size) = typed.parse::<u32>() else {
            return Some(texts.f("event.army_size.bad", &[("value", typed)]));
        };
        if size == event.army_size {
            return None;
        }
        let edit = EventEdit::SetArmySize(size);
        match event.clone().apply(&edit) {
            Ok(()) => {
                commands.push(event_edit(edit));
                None
            }
            Err(e) => Some(texts.f(
                "event.army_size.refused",
                &[("value", typed), ("reason", &e.to_string())],
            )),
        }
    }

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
            self.army_size = event.army_size.to_string();
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
                // The army size every player builds to (N7); it bounds
                // every result (PN1, PN2).
                let label = ui.label(texts.t("event.army_size"));
                ui.horizontal(|ui| {
                    let field = ui
                        .add(egui::TextEdit::singleline(&mut self.army_size).desired_width(60.0))
                        .labelled_by(label.id);
                    if field.lost_focus() {
                        self.army_error = self.take_army_size(texts, event, commands);
                    }
                    ui.weak(texts.t("event.army_size.help"));
                });
                ui.end_row();
            });
        if let Some(e) = &self.army_error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        ui.add_space(8.0);
        let dropped = event.players.iter().filter(|p| p.dropped).count();
        ui.label(
            egui::RichText::new(texts.f(
                "event.players.count_dropped",
                &[
                    ("n", &event.players.len().to_string()),
                    ("dropped", &dropped.to_string()),
                ],
            ))
            .strong(),
        );
        for (_, name) in event.duplicate_names() {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                texts.f("event.duplicate_name", &[("name", &name)]),
            );
        }
        self.removal_question(ui, texts, event, commands);
        egui::Grid::new("event.players")
            .striped(true)
            .num_columns(8)
            .show(ui, |ui| {
                for key in [
                    "event.player",
                    "event.club",
                    "event.army",
                    "event.points",
                    "event.on_foot",
                    "event.dropped",
                ] {
                    ui.label(egui::RichText::new(texts.t(key)).strong());
                }
                ui.end_row();
                for player in &event.players {
                    self.player_row(ui, texts, event, player, commands);
                    ui.end_row();
                }
            });
        ui.add_space(8.0);
        self.new_player(ui, texts, event, commands);
    }

    fn player_row(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        player: &Player,
        commands: &mut Vec<Command>,
    ) {
        let editing = self.editing.as_mut().filter(|e| e.id == player.id);
        let editing_points = if let Some(editing) = editing {
            let [name, club, army, points] = &mut editing.fields;
            for (text, key, width) in [
                (name, "event.edit.name", 130.0),
                (club, "event.edit.club", 130.0),
                (army, "event.edit.army", 130.0),
                (points, "event.edit.army_points", 60.0),
            ] {
                let label = texts.f(key, &[("name", &player.name)]);
                let response = ui.add(egui::TextEdit::singleline(text).desired_width(width));
                response
                    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, &label));
                response.on_hover_text(&label);
            }
            true
        } else {
            let name = if player.dropped {
                egui::RichText::new(texts.f("event.name_dropped", &[("name", &player.name)]))
                    .strikethrough()
            } else {
                egui::RichText::new(&player.name)
            };
            ui.label(name);
            ui.label(&player.club);
            ui.label(&player.army);
            false
        };
        if !editing_points {
            ui.label(player.army_points.to_string());
        }
        let mut on_foot = player.character_on_foot;
        if ui
            .checkbox(&mut on_foot, "")
            .on_hover_text(texts.f("event.on_foot_of", &[("name", &player.name)]))
            .changed()
        {
            commands.push(event_edit(EventEdit::UpdatePlayer {
                id: player.id.clone(),
                player: Player {
                    character_on_foot: on_foot,
                    ..player.clone()
                },
            }));
        }
        let mut dropped = player.dropped;
        ui.horizontal(|ui| {
            if ui
                .checkbox(&mut dropped, "")
                .on_hover_text(texts.f("event.dropped_of", &[("name", &player.name)]))
                .changed()
            {
                commands.push(event_edit(EventEdit::SetDropped {
                    id: player.id.clone(),
                    dropped,
                }));
            }
            // When he dropped out (PN5): recorded from his last game,
            // to be corrected here; shown and printed with the standings.
            if player.dropped {
                let label = texts.f("event.dropped_after_of", &[("name", &player.name)]);
                let shown = player
                    .dropped_after
                    .map_or_else(String::new, |after| texts.message(&after.message()));
                let mut chosen = player.dropped_after;
                // Narrow, cut short with "…" (the whole text on hover), so
                // the row's buttons stay inside a 1024 px window.
                egui::ComboBox::from_id_salt(("dropped_after", player.id.as_str()))
                    .selected_text(shown.clone())
                    .width(120.0)
                    .truncate()
                    .show_ui(ui, |ui| {
                        for after in DROP_POINTS {
                            ui.selectable_value(
                                &mut chosen,
                                Some(after),
                                texts.message(&after.message()),
                            );
                        }
                    })
                    .response
                    .on_hover_text(shown)
                    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, &label));
                if chosen != player.dropped_after
                    && let Some(after) = chosen
                {
                    commands.push(event_edit(EventEdit::DropOutAfter {
                        id: player.id.clone(),
                        after,
                    }));
                }
            }
        });
        ui.horizontal(|ui| {
            if self.editing.as_ref().is_some_and(|e| e.id == player.id) {
                if ui.small_button(texts.t("event.edit.save")).clicked()
                    && let Some(editing) = self.editing.take()
                {
                    let [name, club, army, points] = &editing.fields;
                    let parsed = points.trim().parse::<u32>();
                    let problem = if name.trim().is_empty() {
                        Some(texts.t("event.name_missing").to_owned())
                    } else if parsed.is_err() {
                        Some(texts.f(
                            "event.army_points.bad",
                            &[("name", &player.name), ("value", points.trim())],
                        ))
                    } else {
                        None
                    };
                    let edit = EventEdit::UpdatePlayer {
                        id: player.id.clone(),
                        player: Player {
                            name: name.trim().to_owned(),
                            club: club.trim().to_owned(),
                            army: army.trim().to_owned(),
                            army_points: parsed.unwrap_or(player.army_points),
                            ..player.clone()
                        },
                    };
                    // Checked on a copy first: an army above the event's
                    // size is named here, the typed values kept (N7).
                    let problem =
                        problem.or_else(|| {
                            event.clone().apply(&edit).err().map(|e| {
                                texts.f("event.edit.refused", &[("reason", &e.to_string())])
                            })
                        });
                    match problem {
                        Some(problem) => {
                            self.error = Some(problem);
                            self.editing = Some(editing);
                        }
                        None => {
                            commands.push(event_edit(edit));
                            self.error = None;
                        }
                    }
                }
                if ui.small_button(texts.t("event.edit.cancel")).clicked() {
                    self.editing = None;
                }
            } else {
                if named(
                    ui.small_button(texts.t("event.edit")),
                    &texts.f("event.edit_of", &[("name", &player.name)]),
                )
                .clicked()
                {
                    self.editing = Some(Editing {
                        id: player.id.clone(),
                        fields: [
                            player.name.clone(),
                            player.club.clone(),
                            player.army.clone(),
                            player.army_points.to_string(),
                        ],
                    });
                }
                if named(
                    ui.small_button(texts.t("event.remove")),
                    &texts.f("event.remove_of", &[("name", &player.name)]),
                )
                .clicked()
                {
                    if event.uses_of(&player.id).is_empty() {
                        commands.push(event_edit(EventEdit::RemovePlayer(player.id.clone())));
                    } else {
                        self.removing = Some(player.id.clone());
                    }
                }
            }
        });
    }

    /// Asks what to do with a player who is in pairings: he cannot be
    /// removed; dropping him keeps his results.
    fn removal_question(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        commands: &mut Vec<Command>,
    ) {
        let Some(id) = self.removing.clone() else {
            return;
        };
        let Some(player) = event.player(&id) else {
            self.removing = None;
            return;
        };
        let uses = event.uses_of(&id);
        if uses.is_empty() {
            self.removing = None;
            return;
        }
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                texts.f("event.remove.in_use", &[("name", &player.name)]),
            );
            for u in &uses {
                ui.label(format!("•  {}", use_text(texts, u)));
            }
            ui.label(texts.t("event.remove.offer"));
            ui.horizontal(|ui| {
                if !player.dropped && ui.button(texts.t("event.remove.drop")).clicked() {
                    commands.push(event_edit(EventEdit::SetDropped {
                        id: id.clone(),
                        dropped: true,
                    }));
                    self.removing = None;
                }
                if ui.button(texts.t("event.remove.keep")).clicked() {
                    self.removing = None;
                }
            });
        });
        ui.add_space(6.0);
    }

    fn new_player(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        commands: &mut Vec<Command>,
    ) {
        ui.horizontal_wrapped(|ui| {
            // Enter in any of the three fields adds the player too.
            let mut entered = false;
            for (text, key) in self.new_player.iter_mut().zip([
                "event.new.player",
                "event.new.club",
                "event.new.army",
            ]) {
                let label = ui.label(texts.t(key));
                let field = ui
                    .add(egui::TextEdit::singleline(text).desired_width(130.0))
                    .labelled_by(label.id);
                entered |= field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            }
            ui.checkbox(&mut self.new_on_foot, texts.t("event.new.on_foot"));
            if ui.button(texts.t("event.add_player")).clicked() || entered {
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

/// A row's small button named for its player (screen readers and tests
/// tell the rows apart), with the same text on hover.
fn named(response: egui::Response, name: &str) -> egui::Response {
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
    response.on_hover_text(name)
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
