//! The game screen: the game's resolutions (each driven step by step in
//! the resolution panel), new resolutions, notes.

use eframe::egui;
use feldherr_dice::Dice;
use feldherr_dice::step::Resolution;

use crate::app::Command;
use crate::document::{
    DocumentEdit, GameDoc, GameEdit, ResolutionKind, RuleSystem, SavedResolution,
};
use crate::i18n::Texts;
use crate::ui::resolution_panel::{PanelOutcome, ResolutionPanel};
use crate::ui::table_canvas::TableCanvas;

/// What the central area of the game screen shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum GameView {
    /// The table canvas.
    #[default]
    Table,
    /// The selected resolution.
    Resolution,
    /// The war machines of a Confrontation game.
    Machines,
}

/// Runtime state of the game screen.
#[derive(Debug, Default)]
pub struct GameScreen {
    revision: Option<u64>,
    drivers: Vec<Result<Box<dyn Resolution>, String>>,
    selected: Option<usize>,
    panel: ResolutionPanel,
    name: String,
    notes: String,
    strength: String,
    resilience: String,
    sacred: bool,
    form_error: Option<String>,
    view: GameView,
    canvas: TableCanvas,
    machines: crate::ui::confrontation::MachinesPanel,
}

impl GameScreen {
    fn sync(&mut self, game: &GameDoc, revision: u64) {
        if self.revision == Some(revision) {
            return;
        }
        let grew = game.resolutions.len() > self.drivers.len() && self.revision.is_some();
        self.revision = Some(revision);
        self.drivers = game
            .resolutions
            .iter()
            .map(SavedResolution::driver)
            .collect();
        self.name = game.name.clone();
        self.notes = game.notes.clone();
        if self.strength.is_empty() {
            self.strength = "10".into();
            self.resilience = "14".into();
        }
        if grew || self.selected.is_none_or(|s| s >= self.drivers.len()) {
            self.selected = self.drivers.len().checked_sub(1);
        }
        if grew {
            self.view = GameView::Resolution;
        }
    }

    /// Draws the game.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &GameDoc,
        revision: u64,
        dice: &mut Dice,
        commands: &mut Vec<Command>,
    ) {
        self.sync(game, revision);
        egui::Panel::left("game.side")
            .resizable(true)
            .default_size(320.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    self.side(ui, texts, game, commands);
                });
            });
        let selected = self.selected;
        let mut action = None;
        egui::CentralPanel::default().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.view, GameView::Table, texts.t("game.view.table"));
                ui.selectable_value(
                    &mut self.view,
                    GameView::Resolution,
                    texts.t("game.view.resolution"),
                );
                if game.system == RuleSystem::Confrontation {
                    ui.selectable_value(
                        &mut self.view,
                        GameView::Machines,
                        texts.t("conf.view.machines"),
                    );
                }
            });
            ui.separator();
            match self.view {
                GameView::Table => {
                    let table = game.table_or_default();
                    let rules = game.system.table_rules();
                    let output = self.canvas.show(ui, texts, &table, &rules);
                    for edit in output.edits {
                        commands.push(Command::Edit(DocumentEdit::Game(GameEdit::Table(edit))));
                    }
                    if output.export_requested {
                        commands.push(Command::ExportTablePicture);
                    }
                }
                GameView::Machines => self.machines.show(ui, texts, game, commands),
                GameView::Resolution => {
                    if let Some(index) = selected {
                        crate::ui::confrontation::apply_button(ui, texts, game, index, commands);
                    }
                    let driver = selected.and_then(|i| self.drivers.get(i));
                    action = match driver {
                        Some(Ok(driver)) => self.panel.show(ui, texts, driver.as_ref()),
                        Some(Err(problem)) => {
                            ui.colored_label(ui.visuals().error_fg_color, problem);
                            None
                        }
                        None => {
                            ui.weak(texts.t("game.no_resolution"));
                            None
                        }
                    };
                }
            }
        });
        if let (Some(action), Some(index)) = (action, selected)
            && let Some(Ok(driver)) = self.drivers.get(index)
        {
            match self.panel.resolve(ui.ctx(), action, driver.as_ref(), dice) {
                Some(PanelOutcome::Answer(answer)) => {
                    commands.push(Command::Edit(DocumentEdit::Game(GameEdit::Answer {
                        index,
                        answer,
                    })));
                }
                Some(PanelOutcome::TakeBack) => {
                    commands.push(Command::Edit(DocumentEdit::Game(GameEdit::TakeBack {
                        index,
                    })));
                }
                None => {}
            }
        }
    }

    fn side(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &GameDoc,
        commands: &mut Vec<Command>,
    ) {
        ui.add_space(6.0);
        ui.label(egui::RichText::new(texts.t(&format!("{}.name", game.system.key()))).weak());
        let label = ui.label(texts.t("doc.name"));
        let name = ui
            .text_edit_singleline(&mut self.name)
            .labelled_by(label.id);
        if name.lost_focus() && self.name != game.name {
            commands.push(Command::Edit(DocumentEdit::Rename(self.name.clone())));
        }
        ui.separator();
        ui.label(egui::RichText::new(texts.t("game.resolutions")).strong());
        if self.drivers.is_empty() {
            ui.weak(texts.t("game.no_resolution"));
        }
        for (i, driver) in self.drivers.iter().enumerate() {
            let title = match driver {
                Ok(d) => {
                    let state = d
                        .outcome_text()
                        .unwrap_or_else(|| texts.t("game.open").to_owned());
                    format!("{}. {}: {state}", i + 1, d.title())
                }
                Err(e) => format!("{}. {e}", i + 1),
            };
            if ui
                .selectable_label(self.selected == Some(i), title)
                .clicked()
            {
                self.selected = Some(i);
                self.panel.reset();
            }
        }
        if game.system == RuleSystem::Confrontation {
            ui.separator();
            self.damage_form(ui, texts, commands);
        }
        ui.separator();
        let label = ui.label(texts.t("game.notes"));
        let notes = ui
            .add(egui::TextEdit::multiline(&mut self.notes).desired_rows(4))
            .labelled_by(label.id);
        if notes.lost_focus() && self.notes != game.notes {
            commands.push(Command::Edit(DocumentEdit::Game(GameEdit::SetNotes(
                self.notes.clone(),
            ))));
        }
    }

    fn damage_form(&mut self, ui: &mut egui::Ui, texts: &Texts, commands: &mut Vec<Command>) {
        ui.label(egui::RichText::new(texts.t("game.new_damage")).strong());
        egui::Grid::new("game.damage")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label(texts.t("damage.strength"));
                ui.add(egui::TextEdit::singleline(&mut self.strength).desired_width(60.0))
                    .labelled_by(label.id);
                ui.end_row();
                let label = ui.label(texts.t("damage.resilience"));
                ui.add(egui::TextEdit::singleline(&mut self.resilience).desired_width(60.0))
                    .labelled_by(label.id);
                ui.end_row();
            });
        ui.checkbox(&mut self.sacred, texts.t("damage.sacred"));
        if ui.button(texts.t("game.add_damage")).clicked() {
            let number = |field: &str, value: &str| {
                value.trim().parse::<i32>().map_err(|_| {
                    texts.f(
                        "damage.not_number",
                        &[("field", field), ("value", value.trim())],
                    )
                })
            };
            let parsed = number("STR", &self.strength)
                .and_then(|s| Ok((s, number("RES", &self.resilience)?)));
            match parsed {
                Ok((strength, resilience)) => {
                    let saved = SavedResolution {
                        resolver: ResolutionKind::ConfrontationDamage {
                            strength,
                            resilience,
                            sacred: self.sacred,
                            machine: None,
                            applied: false,
                        },
                        answers: Vec::new(),
                    };
                    match saved.check() {
                        Ok(()) => {
                            self.form_error = None;
                            self.panel.reset();
                            commands.push(Command::Edit(DocumentEdit::Game(
                                GameEdit::AddResolution(saved),
                            )));
                        }
                        Err(e) => self.form_error = Some(e),
                    }
                }
                Err(e) => self.form_error = Some(e),
            }
        }
        if let Some(e) = &self.form_error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }
}
