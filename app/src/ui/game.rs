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
use crate::ui::confrontation::PathRequest;
use crate::ui::confrontation::on_table;
use crate::ui::resolution_panel::{PanelOutcome, ResolutionPanel};
use crate::ui::table_canvas::{Overlay, PathEvent, TableCanvas};
use feldherr_table::TableEdit;
use feldherr_table::geometry::Point;

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
    show_on_table: bool,
    path: Option<PathSession>,
}

/// A movement path being drawn for a machine.
#[derive(Debug)]
struct PathSession {
    request: PathRequest,
    points: Vec<Point>,
    message: Option<String>,
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
            self.show_on_table = true;
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
                GameView::Table => self.table_view(ui, texts, game, commands),
                GameView::Machines => {
                    self.machines.show(ui, texts, game, commands);
                    if let Some(request) = self.machines.path_request.take()
                        && let Some((start, facing)) =
                            on_table::machine_start(game, request.machine)
                    {
                        self.canvas.start_path(start, Some(facing));
                        self.path = Some(PathSession {
                            request,
                            points: vec![start],
                            message: None,
                        });
                        self.view = GameView::Table;
                    }
                }
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

    /// The table canvas with the selected resolution or the path being
    /// drawn on top.
    fn table_view(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &GameDoc,
        commands: &mut Vec<Command>,
    ) {
        let table = game.table_or_default();
        let rules = game.system.table_rules();
        let mut overlay = Overlay::default();
        if let Some(path) = &mut self.path {
            let check = on_table::check_path(&path.request.rules, &path.points);
            let name = game
                .machines
                .get(path.request.machine)
                .map_or("?", |m| m.card.spec().name.as_str());
            ui.horizontal_wrapped(|ui| {
                ui.strong(texts.f("conf.move.drawing", &[("name", name)]));
                match &check {
                    None => {
                        ui.label(texts.t("conf.move.click"));
                    }
                    Some(Ok(c)) => {
                        ui.label(texts.f(
                            "conf.move.length",
                            &[
                                ("length", &format!("{:.1}", c.length_cm)),
                                ("max", &format!("{:.0}", path.request.rules.max_cm())),
                                ("turns", &c.turns.len().to_string()),
                            ],
                        ));
                        if c.is_legal() {
                            ui.label(texts.t("conf.move.legal"));
                        }
                    }
                    Some(Err(e)) => {
                        ui.colored_label(ui.visuals().error_fg_color, e);
                    }
                }
                if ui.button(texts.t("conf.move.cancel")).clicked() {
                    path.points.clear();
                }
            });
            if let Some(Ok(c)) = &check {
                for v in &c.violations {
                    let text = v.to_string();
                    let text = if text.contains(v.rule()) {
                        text
                    } else {
                        format!("{text} ({})", v.rule())
                    };
                    ui.colored_label(ui.visuals().error_fg_color, text);
                }
            }
            if let Some(m) = &path.message {
                ui.colored_label(ui.visuals().error_fg_color, m);
            }
            overlay =
                on_table::path_overlay(&path.points, check.as_ref().and_then(|c| c.as_ref().ok()));
            if path.points.is_empty() {
                self.canvas.cancel_path();
                self.path = None;
            }
        } else if let Some(saved) = self.selected.and_then(|i| game.resolutions.get(i)) {
            let shown = on_table::resolution_overlay(saved);
            if !shown.items.is_empty() || !shown.highlights.is_empty() {
                ui.checkbox(
                    &mut self.show_on_table,
                    texts.f(
                        "conf.show_on_table",
                        &[("n", &(self.selected.unwrap_or(0) + 1).to_string())],
                    ),
                );
                if self.show_on_table {
                    overlay = shown;
                }
            }
        }
        let output = self.canvas.show_with(ui, texts, &table, &rules, &overlay);
        for edit in output.edits {
            commands.push(Command::Edit(DocumentEdit::Game(GameEdit::Table(edit))));
        }
        if output.export_requested {
            commands.push(Command::ExportTablePicture);
        }
        match output.path {
            Some(PathEvent::Changed(points)) => {
                if let Some(path) = &mut self.path {
                    path.points = points;
                    path.message = None;
                }
            }
            Some(PathEvent::Finished(points)) => self.finish_path(texts, game, points, commands),
            Some(PathEvent::Cancelled) => self.path = None,
            None => {}
        }
    }

    /// Moves the machine's piece to the end of a legal path, facing along
    /// its last leg; an illegal path stays on the table with its problems.
    fn finish_path(
        &mut self,
        texts: &Texts,
        game: &GameDoc,
        points: Vec<Point>,
        commands: &mut Vec<Command>,
    ) {
        let Some(path) = &mut self.path else {
            return;
        };
        path.points = points.clone();
        match on_table::check_path(&path.request.rules, &points) {
            Some(Ok(check)) if check.is_legal() => {
                let piece = game
                    .machines
                    .get(path.request.machine)
                    .and_then(|m| m.piece);
                let touched = on_table::blade_touches(game, path.request.machine, &points);
                if !touched.is_empty() {
                    self.machines
                        .blades_touched(game, path.request.machine, &touched);
                    self.view = GameView::Machines;
                }
                if let (Some(id), [.., from, to]) = (piece, points.as_slice()) {
                    commands.push(Command::Edit(DocumentEdit::Game(GameEdit::Table(
                        TableEdit::Move { id, to: *to },
                    ))));
                    if let Some(facing) = (*to - *from).angle() {
                        commands.push(Command::Edit(DocumentEdit::Game(GameEdit::Table(
                            TableEdit::Rotate { id, facing },
                        ))));
                    }
                }
                self.path = None;
            }
            Some(Ok(_)) => {
                path.message = Some(texts.t("conf.move.illegal").to_owned());
                path.points = vec![points[0]];
                if let Some((start, facing)) = on_table::machine_start(game, path.request.machine) {
                    self.canvas.start_path(start, Some(facing));
                }
            }
            Some(Err(e)) => path.message = Some(e),
            None => self.path = None,
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
