//! Confrontation "Fortification" screens: the machines of a game (card
//! editor, status panel), their resolutions (repair, C10) and applying a
//! finished resolution's result to its machine. Every change is a
//! [`GameEdit`], so it can be undone and is saved at once.

use super::card_editor::{CardEditor, EditorAction};
use super::on_table;
use super::{actions, figures, repair, status};

use eframe::egui;

use super::game::{ConfrontationEdit, Saved, conf};
use crate::app::Command;
use crate::document::GameDoc;
use crate::i18n::Texts;

use super::edit;

/// Runtime state of the machines view.
#[derive(Debug, Default)]
pub struct MachinesPanel {
    selected: Option<usize>,
    known: Option<usize>,
    loaded: Option<usize>,
    editor: CardEditor,
    repair: repair::RepairForm,
    actions: actions::ActionForms,
    figures: figures::FiguresPanel,
    touching_enemy: bool,
    follow_up: bool,
    follow_up_cm: String,
    path_error: Option<String>,
    /// A movement path the user asked to draw; the game screen takes it.
    pub path_request: Option<PathRequest>,
}

/// A request to draw the movement path of a machine on the table.
#[derive(Debug, Clone, PartialEq)]
pub struct PathRequest {
    /// Which machine.
    pub machine: usize,
    /// The rules the path is checked against.
    pub rules: feldherr_confrontation::MovePath,
}

impl MachinesPanel {
    /// Draws the machines of `game`: list, card editor, status, repair.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &GameDoc,
        commands: &mut Vec<Command>,
    ) {
        let count = conf(game).machines.len();
        if self.known.is_some_and(|k| count > k) {
            self.selected = count.checked_sub(1);
        }
        self.known = Some(count);
        if self.selected.is_none_or(|s| s >= count) {
            self.selected = count.checked_sub(1);
        }
        if self.selected != self.loaded {
            self.loaded = self.selected;
            if let Some(m) = self.selected.and_then(|s| conf(game).machines.get(s)) {
                self.editor.load(&m.card);
            }
        }
        egui::ScrollArea::vertical()
            .id_salt("conf.machines")
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(texts.t("conf.machines")).strong());
                    if !conf(game).machines.is_empty()
                        && ui.button(texts.t("conf.sheet.export")).clicked()
                    {
                        commands.push(Command::ExportRecordSheet);
                    }
                });
                if conf(game).machines.is_empty() {
                    ui.weak(texts.t("conf.no_machines"));
                }
                ui.horizontal_wrapped(|ui| {
                    for (i, m) in conf(game).machines.iter().enumerate() {
                        let label = format!("{}. {}", i + 1, m.card.spec().name);
                        if ui
                            .selectable_label(self.selected == Some(i), label)
                            .clicked()
                        {
                            self.selected = Some(i);
                        }
                    }
                });
                if let Some(i) = self.selected
                    && ui.button(texts.t("conf.remove_machine")).clicked()
                {
                    edit(commands, ConfrontationEdit::RemoveMachine(i));
                }
                ui.separator();
                ui.columns(2, |columns| {
                    match self
                        .editor
                        .show(&mut columns[0], texts, self.selected.is_some())
                    {
                        Some(EditorAction::Add(card)) => {
                            edit(commands, ConfrontationEdit::AddMachine(card))
                        }
                        Some(EditorAction::Save(card)) => {
                            if let Some(index) = self.selected {
                                edit(
                                    commands,
                                    ConfrontationEdit::UpdateMachineCard { index, card },
                                );
                            }
                        }
                        None => {}
                    }
                    let ui = &mut columns[1];
                    if let Some(index) = self.selected
                        && let Some(m) = conf(game).machines.get(index)
                    {
                        if let Some(state) =
                            status::show(ui, texts, &m.card, &m.state, &m.sp_history)
                        {
                            edit(
                                commands,
                                ConfrontationEdit::SetMachineState { index, state },
                            );
                        }
                        ui.separator();
                        if let Some(saved) = self.repair.show(ui, texts, index, &m.card, &m.state) {
                            edit(commands, ConfrontationEdit::AddResolution(saved));
                        }
                        ui.separator();
                        self.movement(ui, texts, game, index);
                        ui.separator();
                        let mut edits = Vec::new();
                        self.actions.show(ui, texts, game, index, &mut edits);
                        for e in edits {
                            edit(commands, e);
                        }
                    }
                });
                ui.separator();
                let mut edits = Vec::new();
                self.figures.show(ui, texts, game, &mut edits);
                for e in edits {
                    edit(commands, e);
                }
            });
    }
}

impl MachinesPanel {
    /// The movement section: draw a path (C4) or a follow-up move (P18).
    fn movement(&mut self, ui: &mut egui::Ui, texts: &Texts, game: &GameDoc, index: usize) {
        let Some(m) = conf(game).machines.get(index) else {
            return;
        };
        if !m.card.is_mobile() {
            self.crew_movement(ui, texts, game, index);
            return;
        }
        ui.label(egui::RichText::new(texts.t("conf.move.heading")).strong());
        ui.checkbox(&mut self.touching_enemy, texts.t("conf.move.touching"));
        ui.horizontal(|ui| {
            ui.checkbox(&mut self.follow_up, texts.t("conf.move.follow_up"));
            if self.follow_up {
                let label = ui.label(texts.t("conf.move.follow_up_cm"));
                ui.add(egui::TextEdit::singleline(&mut self.follow_up_cm).desired_width(40.0))
                    .labelled_by(label.id);
            }
        });
        if ui
            .horizontal(|ui| ui.button(texts.t("conf.move.draw")).clicked())
            .inner
        {
            let facing = on_table::machine_start(game, index).map(|(_, f)| f);
            let result = match facing {
                None => Err(texts.t("conf.act.no_link").to_owned()),
                Some(facing) if self.follow_up => self
                    .follow_up_cm
                    .trim()
                    .parse::<f64>()
                    .map_err(|_| {
                        texts.f(
                            "conf.card.not_number",
                            &[
                                ("field", texts.t("conf.move.follow_up_cm")),
                                ("value", self.follow_up_cm.trim()),
                            ],
                        )
                    })
                    .and_then(|cm| {
                        feldherr_confrontation::MovePath::follow_up(
                            &m.card,
                            &m.state,
                            facing,
                            cm,
                            self.touching_enemy,
                        )
                        .map_err(|e| e.to_string())
                    }),
                Some(facing) => feldherr_confrontation::MovePath::new(
                    &m.card,
                    &m.state,
                    facing,
                    self.touching_enemy,
                )
                .map_err(|e| e.to_string()),
            };
            self.request_path(index, result);
        }
        self.show_path_error(ui);
    }
}

impl MachinesPanel {
    /// Shows machine `index` with the figures its blades touched on its
    /// last path ticked in the Sichel form.
    pub fn blades_touched(&mut self, game: &GameDoc, index: usize, pieces: &[u64]) {
        if let Some(m) = conf(game).machines.get(index) {
            self.selected = Some(index);
            self.actions.preset_touched(m, index, pieces);
        }
    }

    /// Keeps the rules of a path to draw, or why there are none.
    fn request_path(
        &mut self,
        machine: usize,
        rules: Result<feldherr_confrontation::MovePath, String>,
    ) {
        match rules {
            Ok(rules) => {
                self.path_error = None;
                self.path_request = Some(PathRequest { machine, rules });
            }
            Err(e) => self.path_error = Some(e),
        }
    }

    fn show_path_error(&self, ui: &mut egui::Ui) {
        if let Some(e) = &self.path_error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }

    /// An immobile machine moved by the crew in contact (C3).
    fn crew_movement(&mut self, ui: &mut egui::Ui, texts: &Texts, game: &GameDoc, index: usize) {
        let Some(m) = conf(game).machines.get(index) else {
            return;
        };
        ui.label(egui::RichText::new(texts.t("conf.move.crew_heading")).strong());
        if ui
            .horizontal(|ui| ui.button(texts.t("conf.move.crew_draw")).clicked())
            .inner
        {
            let start = on_table::machine_start(game, index);
            let result = match (start, status::crew_allowance(&m.card, &m.state)) {
                (None, _) => Err(texts.t("conf.act.no_link").to_owned()),
                (_, None) => Err(texts.t("conf.move.no_crew").to_owned()),
                (_, Some(Err(e))) => Err(e.to_string()),
                (Some((_, facing)), Some(Ok(allowance))) => {
                    feldherr_confrontation::MovePath::crew_moved(
                        &m.card, &m.state, facing, allowance,
                    )
                    .map_err(|e| e.to_string())
                }
            };
            self.request_path(index, result);
        }
        self.show_path_error(ui);
    }
}

/// Above a resolution of a machine: applies its finished result to the
/// machine (one undoable edit), or says it was applied.
pub fn apply_button(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &GameDoc,
    index: usize,
    commands: &mut Vec<Command>,
) {
    let Some(saved) = conf(game).resolutions.get(index) else {
        return;
    };
    let machines = saved.resolver().machines();
    if machines.is_empty() {
        return;
    }
    // Name the machines the result changes (the acting one first).
    let mut affected: Vec<usize> = saved.resolver().machine().into_iter().collect();
    if let Ok(effects) = saved.effects() {
        affected.extend(effects.iter().map(|e| e.machine()));
    }
    let mut names: Vec<&str> = Vec::new();
    for m in affected {
        if let Some(machine) = conf(game).machines.get(m)
            && !names.contains(&machine.card.spec().name.as_str())
        {
            names.push(&machine.card.spec().name);
        }
    }
    let name = names.join(", ");
    let name = name.as_str();
    if saved.resolver().applied() {
        ui.weak(texts.f("conf.applied", &[("name", name)]));
    } else if saved.effects().is_ok()
        && ui
            .button(texts.f("conf.apply", &[("name", name)]))
            .clicked()
    {
        edit(commands, ConfrontationEdit::ApplyResult(index));
    }
}
