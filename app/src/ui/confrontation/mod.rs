//! Confrontation "Fortification" screens: the machines of a game (card
//! editor, status panel), their resolutions (repair, C10) and applying a
//! finished resolution's result to its machine. Every change is a
//! [`GameEdit`], so it can be undone and is saved at once.

mod actions;
mod card_editor;
mod figures;
mod repair;
mod status;

pub use card_editor::{CardEditor, EXAMPLES, EditorAction, example};

use eframe::egui;

use crate::app::Command;
use crate::document::{DocumentEdit, GameDoc, GameEdit};
use crate::i18n::Texts;

fn edit(commands: &mut Vec<Command>, edit: GameEdit) {
    commands.push(Command::Edit(DocumentEdit::Game(edit)));
}

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
        let count = game.machines.len();
        if self.known.is_some_and(|k| count > k) {
            self.selected = count.checked_sub(1);
        }
        self.known = Some(count);
        if self.selected.is_none_or(|s| s >= count) {
            self.selected = count.checked_sub(1);
        }
        if self.selected != self.loaded {
            self.loaded = self.selected;
            if let Some(m) = self.selected.and_then(|s| game.machines.get(s)) {
                self.editor.load(&m.card);
            }
        }
        egui::ScrollArea::vertical()
            .id_salt("conf.machines")
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(texts.t("conf.machines")).strong());
                    if !game.machines.is_empty()
                        && ui.button(texts.t("conf.sheet.export")).clicked()
                    {
                        commands.push(Command::ExportMachineSheet);
                    }
                });
                if game.machines.is_empty() {
                    ui.weak(texts.t("conf.no_machines"));
                }
                ui.horizontal_wrapped(|ui| {
                    for (i, m) in game.machines.iter().enumerate() {
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
                    edit(commands, GameEdit::RemoveMachine(i));
                }
                ui.separator();
                ui.columns(2, |columns| {
                    match self
                        .editor
                        .show(&mut columns[0], texts, self.selected.is_some())
                    {
                        Some(EditorAction::Add(card)) => edit(commands, GameEdit::AddMachine(card)),
                        Some(EditorAction::Save(card)) => {
                            if let Some(index) = self.selected {
                                edit(commands, GameEdit::UpdateMachineCard { index, card });
                            }
                        }
                        None => {}
                    }
                    let ui = &mut columns[1];
                    if let Some(index) = self.selected
                        && let Some(m) = game.machines.get(index)
                    {
                        if let Some(state) =
                            status::show(ui, texts, &m.card, &m.state, &m.sp_history)
                        {
                            edit(commands, GameEdit::SetMachineState { index, state });
                        }
                        ui.separator();
                        if let Some(saved) = self.repair.show(ui, texts, index, &m.card, &m.state) {
                            edit(commands, GameEdit::AddResolution(saved));
                        }
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

/// Above a resolution of a machine: applies its finished result to the
/// machine (one undoable edit), or says it was applied.
pub fn apply_button(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &GameDoc,
    index: usize,
    commands: &mut Vec<Command>,
) {
    let Some(saved) = game.resolutions.get(index) else {
        return;
    };
    let machines = saved.resolver.machines();
    if machines.is_empty() {
        return;
    }
    // Name the machines the result changes (the acting one first).
    let mut affected: Vec<usize> = saved.resolver.machine().into_iter().collect();
    if let Ok(effects) = saved.effects() {
        affected.extend(effects.iter().map(|e| e.machine()));
    }
    let mut names: Vec<&str> = Vec::new();
    for m in affected {
        if let Some(machine) = game.machines.get(m)
            && !names.contains(&machine.card.spec().name.as_str())
        {
            names.push(&machine.card.spec().name);
        }
    }
    let name = names.join(", ");
    let name = name.as_str();
    if saved.resolver.applied() {
        ui.weak(texts.f("conf.applied", &[("name", name)]));
    } else if saved.effects().is_ok()
        && ui
            .button(texts.f("conf.apply", &[("name", name)]))
            .clicked()
    {
        edit(commands, GameEdit::ApplyResult(index));
    }
}
