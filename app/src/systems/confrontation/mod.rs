//! Confrontation "Fortification": war machines on the table. The Machines
//! tab (card editor, status, actions), the damage form, the overlays of
//! shots and paths, the damage-table tool and the record sheet.

mod actions;
mod card_editor;
mod charge_panel;
mod crew_panel;
mod damage_table;
mod figure_card;
mod figures;
mod machines_panel;
mod melee_panel;
pub mod on_table;
mod repair;
mod sides;
mod status;

pub use card_editor::{CardEditor, EXAMPLES, EditorAction, example};
pub use damage_table::DamageTableScreen;
pub use feldherr_confrontation::ConfrontationGame;
pub use feldherr_confrontation::game::{
    ConfrontationEdit, ConfrontationKind, ConfrontationOutcome, Effect, FigureStats, GameMachine,
};
pub use machines_panel::{MachinesPanel, PathRequest, apply_button};

use eframe::egui;
use feldherr_host::document::GameDoc;
use feldherr_play::{Game, ResolutionKind as _};
use feldherr_table::geometry::Point;

use crate::i18n::Texts;
use crate::systems::{
    GameCommand, GameContext, StartTool, SystemScreens, Tab, ToolScreen, View, game_of,
};
use crate::ui::table_canvas::{Overlay, PathEvent};

static NO_GAME: std::sync::LazyLock<ConfrontationGame> =
    std::sync::LazyLock::new(ConfrontationGame::new_game);

/// The Confrontation game of a document (an empty one for another system).
pub fn conf(doc: &GameDoc) -> &ConfrontationGame {
    game_of::<ConfrontationGame>(doc).unwrap_or(&NO_GAME)
}

/// A refusal of the crate in the interface language (its catalogue
/// message, English where it has none): a refusal under a rule reads
/// "not allowed (C10): …"; anything else as the crate says it.
pub fn refusal(texts: &Texts, e: &feldherr_play::PlayError) -> String {
    match e {
        feldherr_play::PlayError::Refused {
            rule: Some(rule), ..
        } => texts.f(
            "conf.refused",
            &[("rule", rule), ("reason", &texts.error_reason(e))],
        ),
        // A reason that names its field says it all.
        feldherr_play::PlayError::Invalid {
            field,
            reason,
            message: None,
            ..
        } if reason.starts_with(field) => reason.clone(),
        other => texts.error(other),
    }
}

/// Pushes a Confrontation edit.
pub fn edit(commands: &mut Vec<GameCommand>, edit: ConfrontationEdit) {
    commands.push(GameCommand::edit::<ConfrontationGame>(edit));
}

/// A movement path being drawn for a machine.
#[derive(Debug)]
struct PathSession {
    request: PathRequest,
    points: Vec<Point>,
    message: Option<String>,
    /// Unaufhaltsam: the owner takes the speed marker when the path earns
    /// it (ticked unless declined).
    take_marker: bool,
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
    sides: sides::SidesPanel,
    crew: crew_panel::CrewPanel,
    charge: charge_panel::ChargePanel,
    melee: melee_panel::MeleePanel,
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
            sides: sides::SidesPanel::default(),
            crew: crew_panel::CrewPanel::default(),
            charge: charge_panel::ChargePanel::default(),
            melee: melee_panel::MeleePanel::default(),
        }
    }
}

const TABS: &[Tab] = &[
    Tab {
        id: "machines",
        label: "conf.view.machines",
    },
    Tab {
        id: "sides",
        label: "conf.view.sides",
    },
    Tab {
        id: "crew",
        label: "conf.view.crew",
    },
    Tab {
        id: "charge",
        label: "conf.view.charge",
    },
    Tab {
        id: "melee",
        label: "conf.view.melee",
    },
];

impl SystemScreens for ConfrontationUi {
    type Game = ConfrontationGame;
    const CATALOGUES: &'static [(&'static str, &'static str)] = &[
        ("en", include_str!("i18n/en.json")),
        ("de", include_str!("i18n/de.json")),
    ];
    const PLAYABLE: bool = true;
    const TOOLS: &'static [StartTool] = &[StartTool {
        id: "damage_table",
        label: "tool.damage.open",
    }];

    fn tool_screen(tool: &str) -> Option<Box<dyn ToolScreen>> {
        match tool {
            "damage_table" => Some(Box::new(DamageTableScreen::default())),
            _ => None,
        }
    }

    fn tabs(&self) -> &'static [Tab] {
        TABS
    }

    fn show_tab(
        &mut self,
        tab: &'static str,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, ConfrontationGame>,
    ) {
        match tab {
            "sides" => return self.sides.show(ui, ctx),
            "crew" => return self.crew.show(ui, ctx),
            "charge" => return self.charge.show(ui, ctx),
            "melee" => return self.melee.show(ui, ctx),
            _ => {}
        }
        self.machines.show(ui, ctx.texts, ctx.doc, ctx.commands);
        if let Some(request) = self.machines.path_request.take()
            && let Some((start, facing)) =
                conf(ctx.doc).machine_start(&ctx.doc.table_or_default(), request.machine)
        {
            ctx.canvas.start_path(start, Some(facing));
            self.path = Some(PathSession {
                request,
                points: vec![start],
                message: None,
                take_marker: true,
            });
            *ctx.view = View::Table;
        }
    }

    fn side_panel(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, ConfrontationGame>) {
        self.damage_form(ui, ctx.texts, ctx.commands);
    }

    fn resolution_header(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, ConfrontationGame>,
        index: usize,
    ) {
        apply_button(ui, ctx.texts, ctx.doc, index, ctx.commands);
    }

    fn table_header(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, ConfrontationGame>,
    ) -> Overlay {
        let texts = ctx.texts;
        let game = conf(ctx.doc);
        let table = ctx.doc.table_or_default();
        let mut overlay = Overlay::default();
        if let Some(path) = &mut self.path {
            let check = game.check_path(
                &table,
                path.request.machine,
                &path.request.rules,
                &path.points,
            );
            let name = game
                .machine(path.request.machine)
                .map_or("?", GameMachine::name);
            ui.horizontal_wrapped(|ui| {
                ui.strong(texts.f("conf.move.drawing", &[("name", name)]));
                match &check {
                    None => {
                        ui.label(texts.t("conf.move.click"));
                    }
                    Some(Ok(report)) => {
                        let c = &report.check;
                        ui.label(texts.f(
                            "conf.move.length",
                            &[
                                ("length", &texts.decimal(c.length_cm, 1)),
                                ("max", &format!("{:.0}", path.request.rules.max_cm())),
                                ("turns", &c.turns.len().to_string()),
                            ],
                        ));
                        if c.is_legal() {
                            ui.label(texts.t("conf.move.legal"));
                        }
                        // The speed marker, offered when this path earns it
                        // at the machine's activation (Unaufhaltsam).
                        if drives(game, path.request.machine)
                            && earns_marker(game, path.request.machine, c.length_cm)
                        {
                            ui.checkbox(
                                &mut path.take_marker,
                                texts.f("conf.move.take_marker", &[("name", name)]),
                            );
                        }
                    }
                    Some(Err(e)) => {
                        ui.colored_label(ui.visuals().error_fg_color, e.to_string());
                    }
                }
                if ui.button(texts.t("conf.move.cancel")).clicked() {
                    path.points.clear();
                }
            });
            if let Some(Ok(report)) = &check {
                let mut crossed = report.crossed.iter();
                for v in &report.check.violations {
                    // P36 names the piece run over, not its index.
                    if let feldherr_confrontation::MoveViolation::CrossesModel { segment, .. } = v {
                        let name = crossed
                            .next()
                            .and_then(|id| table.piece(*id))
                            .map_or("?", |p| p.name.as_str());
                        ui.colored_label(
                            ui.visuals().error_fg_color,
                            texts.f(
                                "conf.move.crosses",
                                &[("segment", &segment.to_string()), ("name", name)],
                            ),
                        );
                        continue;
                    }
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
            overlay = on_table::path_overlay(
                texts,
                &path.points,
                check.as_ref().and_then(|c| c.as_ref().ok()),
            );
            if path.points.is_empty() {
                ctx.canvas.cancel_path();
                self.path = None;
            }
        } else if let Some(saved) = ctx.selected.and_then(|i| game.resolutions.get(i)) {
            let shown = on_table::resolution_overlay(texts, saved);
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
        on_table::cross_out_dead(texts, &mut overlay, game, &table);
        owner_colours(&mut overlay, game);
        overlay
    }

    fn path_event(&mut self, event: PathEvent, ctx: &mut GameContext<'_, ConfrontationGame>) {
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

/// Every machine, crew figure and figure with a piece outlined in the
/// colour (and with the mark) of the side holding it (a captured machine
/// in its captor's).
fn owner_colours(overlay: &mut Overlay, game: &ConfrontationGame) {
    let seat = |side| sides::side_seat(game, side);
    for m in &game.machines {
        if let Some(p) = m.piece {
            overlay.owner(p, seat(m.controller()));
        }
    }
    for c in game.crew.iter().filter(|c| !c.dead) {
        if let Some(p) = c.piece {
            overlay.owner(p, seat(c.side));
        }
    }
    for (p, f) in &game.figures {
        if game.crew_on(*p).is_none() && !game.is_dead(*p) {
            overlay.owner(*p, seat(f.side));
        }
    }
}

/// Whether a finished path drives machine `machine` (its activation in the
/// movement phase) rather than only putting its piece somewhere.
fn drives(game: &ConfrontationGame, machine: feldherr_play::Id) -> bool {
    game.round.phase == feldherr_confrontation::game::Phase::Movement
        && game.round.is_active(machine)
}

/// Whether a drive of `length_cm` earns machine `machine` a speed marker
/// it does not have yet (Unaufhaltsam: further than its BEW).
fn earns_marker(game: &ConfrontationGame, machine: feldherr_play::Id, length_cm: f64) -> bool {
    game.machine(machine).is_some_and(|m| {
        !m.state.speed_marker
            && feldherr_confrontation::SpeedMarker::earned(&m.card, length_cm).unwrap_or(false)
    })
}

impl ConfrontationUi {
    /// Moves the machine's piece to the end of a legal path, facing along
    /// its last leg (one edit, one undo step); an illegal path stays on the
    /// table with its problems.
    fn finish_path(&mut self, ctx: &mut GameContext<'_, ConfrontationGame>, points: Vec<Point>) {
        let game = conf(ctx.doc);
        let table = ctx.doc.table_or_default();
        let Some(path) = &mut self.path else {
            return;
        };
        path.points = points.clone();
        let machine = path.request.machine;
        match game.check_path(&table, machine, &path.request.rules, &points) {
            Some(Ok(report)) if report.check.is_legal() => {
                let touched = game.blade_touches(&table, machine, &points);
                if !touched.is_empty() {
                    self.machines.blades_touched(ctx.doc, machine, &touched);
                    *ctx.view = View::System("machines");
                }
                // At its activation in the movement phase the machine
                // drives (motion, speed marker, movers: the crate's);
                // otherwise its piece is put there (set-up, correction).
                let drive = drives(game, machine);
                let follow_up = path
                    .request
                    .follow_up
                    .filter(|_| game.round.phase == feldherr_confrontation::game::Phase::Melee);
                if let Some(distance_cm) = follow_up {
                    let e = ConfrontationEdit::FollowUp {
                        machine,
                        path: points.clone(),
                        distance_cm,
                    };
                    if let Err(e) = ctx.check(&e) {
                        path.message = Some(refusal(ctx.texts, &e));
                        return;
                    }
                    edit(ctx.commands, e);
                } else if drive {
                    let e = ConfrontationEdit::DriveMachine {
                        machine,
                        path: points.clone(),
                        take_marker: path.take_marker
                            && earns_marker(game, machine, report.check.length_cm),
                        movers: None,
                    };
                    if let Err(e) = ctx.check(&e) {
                        path.message = Some(refusal(ctx.texts, &e));
                        return;
                    }
                    edit(ctx.commands, e);
                } else if let [.., from, to] = points.as_slice() {
                    edit(
                        ctx.commands,
                        ConfrontationEdit::MoveMachine {
                            machine,
                            to: *to,
                            facing: (*to - *from).angle(),
                        },
                    );
                }
                self.path = None;
            }
            Some(Ok(_)) => {
                path.message = Some(ctx.texts.t("conf.move.illegal").to_owned());
                path.points = vec![points[0]];
                if let Some((start, facing)) = game.machine_start(&table, machine) {
                    ctx.canvas.start_path(start, Some(facing));
                }
            }
            Some(Err(e)) => path.message = Some(e.to_string()),
            None => self.path = None,
        }
    }

    fn damage_form(&mut self, ui: &mut egui::Ui, texts: &Texts, commands: &mut Vec<GameCommand>) {
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
                    let kind = ConfrontationKind::Damage {
                        strength,
                        resilience,
                        sacred: self.sacred,
                        machine: None,
                    };
                    match kind.replay(&[]).map_err(|e| e.to_string()) {
                        Ok(_) => {
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
