//! Confrontation "Fortification": war machines on the table. The Machines
//! tab (card editor, status, actions), the damage form, the overlays of
//! shots and paths, the damage-table tool and the record sheet.

mod actions;
mod card_editor;
pub mod cli;
mod damage_table;
mod figures;
mod game;
mod machines_panel;
pub mod model;
pub mod on_table;
mod repair;
mod sheet;
mod status;

pub use card_editor::{CardEditor, EXAMPLES, EditorAction, example};
pub use damage_table::DamageTableScreen;
pub use game::{
    ConfrontationEdit, ConfrontationGame, GameMachine, ResolutionKind, Saved, SavedResolution,
    conf, conf_mut,
};
pub use machines_panel::{MachinesPanel, PathRequest, apply_button};
pub use sheet::machine_sheet;

use eframe::egui;
use feldherr_table::TableEdit;
use feldherr_table::geometry::Point;

use crate::app::Command;
use crate::document::{DocumentEdit, GameDoc, GameEdit};
use crate::i18n::Texts;
use crate::systems::{GameContext, StartTool, SystemEdit, SystemInfo, SystemUi, Tab, View};
use crate::ui::table_canvas::{Overlay, PathEvent};

/// What the start screen and the sheets know of Confrontation.
pub const INFO: SystemInfo = SystemInfo {
    id: "confrontation",
    key: "system.confrontation",
    playable: true,
    tools: &[StartTool {
        id: "damage_table",
        label: "tool.damage.open",
    }],
    catalogues: &[
        ("en", include_str!("i18n/en.json")),
        ("de", include_str!("i18n/de.json")),
    ],
    messages: |code| feldherr_play::Lang::from_code(code).map(feldherr_confrontation::messages),
    record_sheet: Some(record_sheet),
    tool_screen: Some(|tool| match tool {
        "damage_table" => Some(Box::new(DamageTableScreen::default())),
        _ => None,
    }),
};

fn record_sheet(texts: &Texts, doc: &GameDoc) -> Result<feldherr_sheet::Document, String> {
    machine_sheet(texts, doc, crate::sheets::SheetOptions::default())
}

/// Pushes a Confrontation edit.
pub fn edit(commands: &mut Vec<Command>, edit: ConfrontationEdit) {
    commands.push(Command::Edit(DocumentEdit::Game(GameEdit::System(
        SystemEdit::Confrontation(edit),
    ))));
}

/// A movement path being drawn for a machine.
#[derive(Debug)]
struct PathSession {
    request: PathRequest,
    points: Vec<Point>,
    message: Option<String>,
}

/// The Confrontation screens of one open game.
#[derive(Debug)]
pub struct ConfrontationUi {
    machines: MachinesPanel,
    strength: String,
    resilience: String,
    sacred: bool,
    form_error: Option<String>,
    show_on_table: bool,
    path: Option<PathSession>,
}

impl Default for ConfrontationUi {
    fn default() -> Self {
        Self {
            machines: MachinesPanel::default(),
            strength: "10".into(),
            resilience: "14".into(),
            sacred: false,
            form_error: None,
            show_on_table: true,
            path: None,
        }
    }
}

const TABS: &[Tab] = &[Tab {
    id: "machines",
    label: "conf.view.machines",
}];

impl SystemUi for ConfrontationUi {
    fn tabs(&self) -> &'static [Tab] {
        TABS
    }

    fn show_tab(&mut self, _tab: &'static str, ui: &mut egui::Ui, ctx: &mut GameContext<'_>) {
        self.machines.show(ui, ctx.texts, ctx.doc, ctx.commands);
        if let Some(request) = self.machines.path_request.take()
            && let Some((start, facing)) = on_table::machine_start(ctx.doc, request.machine)
        {
            ctx.canvas.start_path(start, Some(facing));
            self.path = Some(PathSession {
                request,
                points: vec![start],
                message: None,
            });
            *ctx.view = View::Table;
        }
    }

    fn side_panel(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_>) {
        self.damage_form(ui, ctx.texts, ctx.commands);
    }

    fn resolution_header(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_>, index: usize) {
        apply_button(ui, ctx.texts, ctx.doc, index, ctx.commands);
    }

    fn table_header(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_>) -> Overlay {
        let texts = ctx.texts;
        let game = ctx.doc;
        let mut overlay = Overlay::default();
        if let Some(path) = &mut self.path {
            let check = on_table::check_path(&path.request.rules, &path.points);
            let name = conf(game)
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
                ctx.canvas.cancel_path();
                self.path = None;
            }
        } else if let Some(saved) = ctx.selected.and_then(|i| conf(game).resolutions.get(i)) {
            let shown = on_table::resolution_overlay(saved);
            if !shown.items.is_empty() || !shown.highlights.is_empty() {
                ui.checkbox(
                    &mut self.show_on_table,
                    texts.f(
                        "conf.show_on_table",
                        &[("n", &(ctx.selected.unwrap_or(0) + 1).to_string())],
                    ),
                );
                if self.show_on_table {
                    overlay = shown;
                }
            }
        }
        overlay
    }

    fn path_event(&mut self, event: PathEvent, ctx: &mut GameContext<'_>) {
        match event {
            PathEvent::Changed(points) => {
                if let Some(path) = &mut self.path {
                    path.points = points;
                    path.message = None;
                }
            }
            PathEvent::Finished(points) => self.finish_path(ctx, points),
            PathEvent::Cancelled => self.path = None,
        }
    }
}

impl ConfrontationUi {
    /// Moves the machine's piece to the end of a legal path, facing along
    /// its last leg; an illegal path stays on the table with its problems.
    fn finish_path(&mut self, ctx: &mut GameContext<'_>, points: Vec<Point>) {
        let game = ctx.doc;
        let Some(path) = &mut self.path else {
            return;
        };
        path.points = points.clone();
        match on_table::check_path(&path.request.rules, &points) {
            Some(Ok(check)) if check.is_legal() => {
                let piece = conf(game)
                    .machines
                    .get(path.request.machine)
                    .and_then(|m| m.piece);
                let touched = on_table::blade_touches(game, path.request.machine, &points);
                if !touched.is_empty() {
                    self.machines
                        .blades_touched(game, path.request.machine, &touched);
                    *ctx.view = View::System("machines");
                }
                if let (Some(id), [.., from, to]) = (piece, points.as_slice()) {
                    let table = |edit| Command::Edit(DocumentEdit::Game(GameEdit::Table(edit)));
                    ctx.commands.push(table(TableEdit::Move { id, to: *to }));
                    if let Some(facing) = (*to - *from).angle() {
                        ctx.commands.push(table(TableEdit::Rotate { id, facing }));
                    }
                }
                self.path = None;
            }
            Some(Ok(_)) => {
                path.message = Some(ctx.texts.t("conf.move.illegal").to_owned());
                path.points = vec![points[0]];
                if let Some((start, facing)) = on_table::machine_start(game, path.request.machine) {
                    ctx.canvas.start_path(start, Some(facing));
                }
            }
            Some(Err(e)) => path.message = Some(e),
            None => self.path = None,
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
                    let kind = ResolutionKind::ConfrontationDamage {
                        strength,
                        resilience,
                        sacred: self.sacred,
                        machine: None,
                        applied: false,
                    };
                    match kind.check(&[]) {
                        Ok(()) => {
                            self.form_error = None;
                            edit(commands, ConfrontationEdit::AddResolution(kind));
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
