//! The game screen of any rule system: the table, the resolutions (each
//! driven step by step in the resolution panel), the system's own tabs and
//! side panel (through [`SystemUi`]), and notes.

use eframe::egui;
use feldherr_dice::Dice;

use crate::app::Command;
use crate::i18n::Texts;
use crate::systems::{GameCommand, ScreenContext, SystemUi, View};
use crate::ui::resolution_panel::{PanelOutcome, ResolutionPanel, ResolutionWords};
use crate::ui::table_canvas::TableCanvas;
use feldherr_host::document::{DocumentEdit, GameDoc, GameEdit};

/// Runtime state of the game screen.
#[derive(Debug, Default)]
pub struct GameScreen {
    revision: Option<u64>,
    count: usize,
    selected: Option<usize>,
    panel: ResolutionPanel,
    name: String,
    notes: String,
    view: View,
    canvas: TableCanvas,
    system: Option<(&'static str, Box<dyn SystemUi>)>,
    players: Vec<String>,
}

impl GameScreen {
    /// Whether the system's own view fills the window.
    pub fn full_screen(&self) -> bool {
        self.system.as_ref().is_some_and(|(_, s)| s.full_screen())
    }

    /// The players an event names for the game it hosts here (see
    /// [`crate::systems::GameContext::players`]).
    pub fn set_players(&mut self, players: Vec<String>) {
        self.players = players;
    }

    fn sync(&mut self, game: &GameDoc, revision: u64) {
        if self
            .system
            .as_ref()
            .is_none_or(|(id, _)| *id != game.system())
        {
            let screens = crate::systems::screens(game.system());
            let Some(screens) = screens else {
                return;
            };
            self.system = Some((game.system(), (screens.make)()));
        }
        if self.revision == Some(revision) {
            return;
        }
        let count = game.game.resolutions().count();
        let grew = count > self.count && self.revision.is_some();
        self.revision = Some(revision);
        self.count = count;
        self.name = game.name.clone();
        self.notes = game.notes.clone();
        if grew || self.selected.is_none_or(|s| s >= count) {
            self.selected = count.checked_sub(1);
        }
        if grew {
            self.view = View::Resolution;
            self.panel.reset();
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
        let Some((_, mut system)) = self.system.take() else {
            return;
        };
        // The side panel keeps its width (the user can drag it): a wide
        // table of a system scrolls sideways instead of squeezing the
        // table canvas.
        let side_max = (ui.available_width() * 0.45).max(260.0);
        egui::Panel::left("game.side")
            .resizable(true)
            .default_size(320.0)
            .max_size(side_max)
            .show(ui, |ui| {
                egui::ScrollArea::both().show(ui, |ui| {
                    self.side(ui, texts, game, system.as_mut(), dice, commands);
                });
            });
        let mut action = None;
        egui::CentralPanel::default().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.view, View::Table, texts.t("game.view.table"));
                ui.selectable_value(
                    &mut self.view,
                    View::Resolution,
                    texts.t("game.view.resolution"),
                );
                for tab in system.tabs() {
                    ui.selectable_value(&mut self.view, View::System(tab.id), texts.t(tab.label));
                }
            });
            ui.separator();
            let selected = self.selected;
            let mut own = Vec::new();
            let mut ctx = ScreenContext {
                texts,
                doc: game,
                commands: &mut own,
                dice,
                canvas: &mut self.canvas,
                view: &mut self.view,
                selected,
                players: &self.players,
            };
            match *ctx.view {
                View::Table => {
                    let overlay = system.table_header(ui, &mut ctx);
                    let table = game.table_or_default();
                    let rules = game.game.table_rules();
                    let output = ctx.canvas.show_with(ui, texts, &table, &rules, &overlay);
                    // A hand edit the game refuses (a race's track
                    // once it runs) is said on the canvas, not sent.
                    for edit in output.edits {
                        match game.game.check_table_edit(&edit, &table) {
                            Ok(()) => ctx.commands.push(GameCommand::Edit(GameEdit::Table(edit))),
                            Err(e) => ctx.canvas.refuse(texts.error(&e)),
                        }
                    }
                    if output.export_requested {
                        commands.push(Command::ExportTablePicture);
                    }
                    if let Some(event) = output.path {
                        system.path_event(event, &mut ctx);
                    }
                    if let Some(event) = output.handle {
                        system.handle_event(event, &mut ctx);
                    }
                }
                View::System(tab) => system.show_tab(tab, ui, &mut ctx),
                View::Resolution => {
                    if let Some(index) = selected {
                        system.resolution_header(ui, &mut ctx, index);
                    }
                    let resolutions = game.game.resolutions();
                    action = match selected.and_then(|i| resolutions.resolution_at(i)) {
                        Some(resolution) => {
                            let index = selected.unwrap_or_default();
                            let words = ResolutionWords::of(texts, resolutions, index, resolution);
                            self.panel.show(ui, texts, resolution, &words)
                        }
                        None => {
                            ui.weak(texts.t("game.no_resolution"));
                            None
                        }
                    };
                }
            }
            commands.extend(own.into_iter().map(into_command));
        });
        if let (Some(action), Some(index)) = (action, self.selected)
            && let Some(resolution) = game.game.resolutions().resolution_at(index)
        {
            match self.panel.resolve(ui.ctx(), action, resolution, dice) {
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
        self.system = Some((game.system(), system));
    }

    fn side(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &GameDoc,
        system: &mut dyn SystemUi,
        dice: &mut Dice,
        commands: &mut Vec<Command>,
    ) {
        ui.add_space(6.0);
        let key = game.game.info().key;
        ui.label(egui::RichText::new(texts.t(&format!("{key}.name"))).weak());
        let label = ui.label(texts.t("doc.name"));
        let name = ui
            .text_edit_singleline(&mut self.name)
            .labelled_by(label.id);
        if name.lost_focus() && self.name != game.name {
            commands.push(Command::Edit(DocumentEdit::Rename(self.name.clone())));
        }
        if game.game.has_record_sheet() && ui.button(texts.t("game.export_sheet")).clicked() {
            commands.push(Command::ExportRecordSheet);
        }
        ui.separator();
        ui.label(egui::RichText::new(texts.t("game.resolutions")).strong());
        let resolutions = game.game.resolutions();
        if resolutions.count() == 0 {
            ui.weak(texts.t("game.no_resolution"));
        }
        for i in 0..resolutions.count() {
            let Some(resolution) = resolutions.resolution_at(i) else {
                continue;
            };
            let words = ResolutionWords::of(texts, resolutions, i, resolution);
            let state = words
                .outcome
                .unwrap_or_else(|| texts.t("game.open").to_owned());
            let title = format!("{}. {}: {state}", i + 1, words.title);
            if ui
                .selectable_label(self.selected == Some(i), title)
                .clicked()
            {
                self.selected = Some(i);
                self.panel.reset();
            }
        }
        ui.separator();
        let mut own = Vec::new();
        let mut ctx = ScreenContext {
            texts,
            doc: game,
            commands: &mut own,
            dice,
            canvas: &mut self.canvas,
            view: &mut self.view,
            selected: self.selected,
            players: &self.players,
        };
        system.side_panel(ui, &mut ctx);
        commands.extend(own.into_iter().map(into_command));
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
}

/// What a system's screens asked, as a command of the app.
fn into_command(command: GameCommand) -> Command {
    match command {
        GameCommand::Edit(edit) => Command::Edit(DocumentEdit::Game(edit)),
        GameCommand::PlaySound(tone) => Command::PlaySound(tone),
        GameCommand::ShowError(message) => Command::ShowError(message),
    }
}
