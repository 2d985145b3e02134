//! Confrontation "Fortification" screens: the machines of a game (card
//! editor, status panel), their resolutions (repair, C10) and applying a
//! finished resolution's result to its machine. Every change is a
//! [`GameEdit`], so it can be undone and is saved at once.

use super::card_editor::{CardEditor, EditorAction};
use super::{actions, figures, repair, status};

use eframe::egui;
use feldherr_play::Id;

use super::{ConfrontationEdit, conf};
use crate::i18n::Texts;
use crate::systems::GameCommand;
use feldherr_host::document::GameDoc;

use super::edit;

/// Runtime state of the machines view.
#[derive(Debug, Default)]
pub struct MachinesPanel {
    selected: Option<Id>,
    known: Option<Id>,
    loaded: Option<Id>,
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
    pub machine: Id,
    /// The rules the path is checked against.
    pub rules: feldherr_confrontation::MovePath,
    /// A follow-up after a melee (P18) of this many cm, not a drive.
    pub follow_up: Option<f64>,
}

impl MachinesPanel {
    /// Draws the machines of `game`: list, card editor, status, repair.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &GameDoc,
        commands: &mut Vec<GameCommand>,
    ) {
        let machines = &conf(game).machines;
        // A machine just added (a new highest id) is shown at once.
        let newest = machines.iter().map(|m| m.id).max();
        if newest.is_some_and(|n| self.known.is_none_or(|k| n > k)) && self.known.is_some() {
            self.selected = newest;
        }
        self.known = Some(newest.unwrap_or(Id(0)));
        if self
            .selected
            .is_none_or(|s| !machines.iter().any(|m| m.id == s))
        {
            self.selected = machines.last().map(|m| m.id);
        }
        if self.selected != self.loaded {
            self.loaded = self.selected;
            if let Some(m) = self.selected.and_then(|s| conf(game).machine(s)) {
                self.editor.load(&m.card);
            }
        }
        egui::ScrollArea::vertical()
            .id_salt("conf.machines")
            .show(ui, |ui| {
                ui.label(egui::RichText::new(texts.t("conf.machines")).strong());
                // The round and its phase: resolutions belong to their
                // phase (PC2), so the referee moves the game on here.
                ui.horizontal(|ui| {
                    let round = &conf(game).round;
                    ui.label(texts.f(
                        "conf.round",
                        &[
                            ("n", &round.number.to_string()),
                            ("phase", texts.t(round.phase.message_key())),
                        ],
                    ));
                    if ui.button(texts.t("conf.next_phase")).clicked() {
                        edit(commands, ConfrontationEdit::NextPhase);
                    }
                });
                if conf(game).machines.is_empty() {
                    ui.weak(texts.t("conf.no_machines"));
                }
                ui.horizontal_wrapped(|ui| {
                    for m in &conf(game).machines {
                        let label = egui::RichText::new(format!("{}. {}", m.id.0, m.name()))
                            .color(super::sides::side_colour(conf(game), m.controller()));
                        if ui
                            .selectable_label(self.selected == Some(m.id), label)
                            .clicked()
                        {
                            self.selected = Some(m.id);
                        }
                    }
                });
                if let Some(machine) = self.selected
                    && ui.button(texts.t("conf.remove_machine")).clicked()
                {
                    edit(commands, ConfrontationEdit::RemoveMachine(machine));
                }
                ui.separator();
                // Two columns only where both fit; narrower windows
                // (1024 x 700) stack them, so no text is cut.
                if ui.available_width() >= WIDE {
                    ui.columns(2, |columns| {
                        let (left, right) = columns.split_at_mut(1);
                        self.editor_column(&mut left[0], texts, commands);
                        self.machine_column(&mut right[0], texts, game, commands);
                    });
                } else {
                    self.editor_column(ui, texts, commands);
                    ui.separator();
                    self.machine_column(ui, texts, game, commands);
                }
                ui.separator();
                let mut edits = Vec::new();
                self.figures.show(ui, texts, game, &mut edits);
                for e in edits {
                    edit(commands, e);
                }
            });
    }
}

/// The width (points) from which the card editor and the machine's
/// status stand side by side.
const WIDE: f32 = 800.0;

impl MachinesPanel {
    /// The card editor: add a machine or save the selected one's card.
    fn editor_column(&mut self, ui: &mut egui::Ui, texts: &Texts, commands: &mut Vec<GameCommand>) {
        match self.editor.show(ui, texts, self.selected.is_some()) {
            Some(EditorAction::Add(card)) => edit(commands, ConfrontationEdit::AddMachine(card)),
            Some(EditorAction::Save(card)) => {
                if let Some(machine) = self.selected {
                    edit(
                        commands,
                        ConfrontationEdit::UpdateMachineCard { machine, card },
                    );
                }
            }
            None => {}
        }
    }

    /// The selected machine: status, repair, movement and actions.
    fn machine_column(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &GameDoc,
        commands: &mut Vec<GameCommand>,
    ) {
        let Some(machine) = self.selected else {
            return;
        };
        let Some(m) = conf(game).machine(machine) else {
            return;
        };
        let mut edits = Vec::new();
        let table = game.table_or_default();
        status::show(ui, texts, conf(game), &table, m, &mut edits);
        ui.separator();
        if let Some(saved) = self.repair.show(ui, texts, conf(game), &table, m) {
            edits.push(ConfrontationEdit::AddResolution(saved));
        }
        ui.separator();
        self.movement(ui, texts, game, machine);
        ui.separator();
        self.actions.show(ui, texts, game, machine, &mut edits);
        for e in edits {
            edit(commands, e);
        }
    }

    /// The movement section: draw a path (C4) or a follow-up move (P18).
    fn movement(&mut self, ui: &mut egui::Ui, texts: &Texts, game: &GameDoc, index: Id) {
        let Some(m) = conf(game).machine(index) else {
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
            let facing = conf(game)
                .machine_start(&game.table_or_default(), index)
                .map(|(_, f)| f);
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
    pub fn blades_touched(&mut self, game: &GameDoc, index: Id, pieces: &[u64]) {
        if let Some(m) = conf(game).machine(index) {
            self.selected = Some(index);
            self.actions.preset_touched(m, pieces);
        }
    }

    /// Keeps the rules of a path to draw, or why there are none.
    fn request_path(
        &mut self,
        machine: Id,
        rules: Result<feldherr_confrontation::MovePath, String>,
    ) {
        match rules {
            Ok(rules) => {
                self.path_error = None;
                let follow_up = if self.follow_up {
                    self.follow_up_cm.trim().parse::<f64>().ok()
                } else {
                    None
                };
                self.path_request = Some(PathRequest {
                    machine,
                    rules,
                    follow_up,
                });
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
    fn crew_movement(&mut self, ui: &mut egui::Ui, texts: &Texts, game: &GameDoc, index: Id) {
        let Some(m) = conf(game).machine(index) else {
            return;
        };
        ui.label(egui::RichText::new(texts.t("conf.move.crew_heading")).strong());
        if ui
            .horizontal(|ui| ui.button(texts.t("conf.move.crew_draw")).clicked())
            .inner
        {
            let table = game.table_or_default();
            let start = conf(game).machine_start(&table, index);
            let result = match (start, conf(game).crew_allowance(&table, index)) {
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

/// Above a resolution of a machine: applies its finished result (one
/// undoable edit), or says it was applied. The machines named are those
/// the crate's typed effects change, the acting one first.
pub fn apply_button(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &GameDoc,
    index: usize,
    commands: &mut Vec<GameCommand>,
) {
    let game = conf(game);
    let Some(saved) = game.resolutions.get(index) else {
        return;
    };
    let effects = game.effects(saved.id());
    let killed = effects.as_ref().map_or(0, |e| {
        e.iter()
            .filter(|e| matches!(e, super::Effect::FigureKilled { .. }))
            .count()
    });
    let mut affected: Vec<Id> = saved.kind().machine().into_iter().collect();
    if let Ok(effects) = &effects {
        affected.extend(effects.iter().filter_map(super::Effect::machine));
    }
    if affected.is_empty() && killed == 0 {
        return;
    }
    let mut names: Vec<&str> = Vec::new();
    for m in affected {
        if let Some(machine) = game.machine(m)
            && !names.contains(&machine.name())
        {
            names.push(machine.name());
        }
    }
    let name = if names.is_empty() {
        texts.f("conf.apply.figures", &[("n", &killed.to_string())])
    } else {
        names.join(", ")
    };
    let name = name.as_str();
    if saved.applied() {
        ui.weak(texts.f("conf.applied", &[("name", name)]));
    } else if effects.is_ok()
        && ui
            .button(texts.f("conf.apply", &[("name", name)]))
            .clicked()
    {
        edit(commands, ConfrontationEdit::ApplyResult(saved.id()));
    }
}
