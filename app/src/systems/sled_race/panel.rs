//! The running race in the side panel: turn and round, whose move it is,
//! every sled's speed, wounds and remaining movement dice (S2), and the
//! button that opens the next step (draws, a move with its facing, a turn
//! attempt with its angle). Facing and turn angles are typed in, set by
//! dragging a grip on the table (an overlay handle on a line from the
//! sled's centre) or aimed by clicking; the planned path of the next move
//! is drawn before it starts.

use eframe::egui;
use feldherr_play::Id;
use feldherr_sled_race::{NextStep, PlannedInch, Race, RaceEdit, SledStatus, StepInput};
use feldherr_table::geometry::Point;

use super::{bearing, edit, on_table, race, sled_to_act, trial};
use crate::i18n::Texts;
use crate::systems::{GameContext, View};
use crate::ui::table_canvas::{HandleEvent, Overlay, OverlayHandle, PathEvent, Tone};

/// Which angle is being aimed on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AngleFor {
    /// The new facing of a standing sled (phase 1).
    Facing,
    /// The turn attempt after a move (phase 4).
    Turn,
}

/// The state of the race panel between frames.
#[derive(Debug, Default)]
pub struct StepPanel {
    selected: Option<Id>,
    facing: String,
    turn: String,
    inches: String,
    step: Option<NextStep>,
    aiming: Option<(AngleFor, Point)>,
    aim: Option<f64>,
    error: Option<String>,
}

fn decimal(texts: &Texts, field: &str, value: &str) -> Result<f64, String> {
    value
        .trim()
        .replace(',', ".")
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| {
            texts.f(
                "race.form.not_number",
                &[("field", field), ("value", value.trim())],
            )
        })
}

fn status_text(texts: &Texts, status: &SledStatus) -> String {
    match status {
        SledStatus::Racing => texts.t("race.status.racing").to_owned(),
        SledStatus::Finished { round, .. } => {
            texts.f("race.status.finished", &[("round", &round.to_string())])
        }
        SledStatus::Out { round } => texts.f("race.status.out", &[("round", &round.to_string())]),
    }
}

/// The name of sled `id`'s driver.
pub fn driver_name(race: &Race, id: Id) -> String {
    race.state()
        .and_then(|s| s.sled(id))
        .map_or_else(|| id.to_string(), |s| s.driver.name.clone())
}

impl StepPanel {
    fn sync(&mut self, race: &Race) {
        let step = race.next_step();
        if step == self.step {
            return;
        }
        self.step = step;
        self.error = None;
        self.aim = None;
        let Some(st) = race.state() else {
            return;
        };
        if let Some(sled) = sled_to_act(race).and_then(|id| st.sled(id)) {
            self.selected = Some(sled.id);
            self.facing = format!("{:.0}", sled.facing.degrees());
            self.turn = "0".into();
            let die = sled.dice.iter().copied().max().unwrap_or(0);
            let inches = if sled.speed == 0 {
                die
            } else {
                sled.speed.unsigned_abs()
            };
            self.inches = inches.to_string();
        }
    }

    /// Whether the newest resolution is still open (not applied).
    fn open_resolution(race: &Race) -> Option<usize> {
        let last = race.resolutions.len().checked_sub(1)?;
        (!race.resolutions[last].applied()).then_some(last)
    }

    /// Draws the race panel.
    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, Race>) {
        let texts = ctx.texts;
        let Some(race) = race(ctx.doc) else {
            return;
        };
        self.sync(race);
        let Some(st) = race.state() else {
            return;
        };
        ui.label(egui::RichText::new(texts.t("race.status")).strong());
        ui.label(texts.f(
            "race.status.round",
            &[
                ("turn", &st.turn.to_string()),
                ("round", &st.round.to_string()),
                ("race_round", &st.race_round().to_string()),
            ],
        ));
        let next = match race.next_step() {
            Some(NextStep::StartDraw) => texts.t("race.next.start_draw").to_owned(),
            Some(NextStep::TurnDice) => texts.t("race.next.turn_dice").to_owned(),
            Some(NextStep::RoundOrder) => texts.t("race.next.round_order").to_owned(),
            Some(NextStep::Move(id)) => {
                texts.f("race.next.move", &[("name", &driver_name(race, id))])
            }
            Some(NextStep::Turn(id)) => {
                texts.f("race.next.turn", &[("name", &driver_name(race, id))])
            }
            Some(NextStep::Over) | None => texts.t("race.next.over").to_owned(),
        };
        ui.label(egui::RichText::new(next).strong());
        if !st.order.is_empty() {
            let order: Vec<String> = st.order.iter().map(|id| driver_name(race, *id)).collect();
            ui.weak(texts.f("race.status.order", &[("order", &order.join(", "))]));
        }
        egui::Grid::new("race.sleds")
            .striped(true)
            .num_columns(5)
            .show(ui, |ui| {
                for key in [
                    "race.col.driver",
                    "race.col.speed",
                    "race.col.wounds",
                    "race.col.dice",
                    "race.col.status",
                ] {
                    ui.label(egui::RichText::new(texts.t(key)).strong());
                }
                ui.end_row();
                for s in &st.sleds {
                    let dice: Vec<String> = s.dice.iter().map(u32::to_string).collect();
                    if ui
                        .selectable_label(self.selected == Some(s.id), &s.driver.name)
                        .on_hover_text(texts.t("race.col.driver.hover"))
                        .clicked()
                    {
                        self.selected = Some(s.id);
                    }
                    ui.label(s.speed.to_string());
                    ui.label(texts.f(
                        "race.col.wounds.value",
                        &[
                            ("sled", &s.sled_wounds.to_string()),
                            ("driver", &s.driver_wounds.to_string()),
                            ("max", &s.driver.wounds.to_string()),
                        ],
                    ));
                    let dice = if dice.is_empty() {
                        "-".to_owned()
                    } else {
                        dice.join(" ")
                    };
                    ui.label(dice)
                        .on_hover_text(texts.f("race.col.dice.for", &[("name", &s.driver.name)]));
                    ui.label(status_text(texts, &s.status));
                    ui.end_row();
                }
            });
        ui.weak(texts.t("race.table.legend"));
        ui.separator();
        if *ctx.view == View::Table {
            ui.weak(texts.t("race.step.above"));
        } else if let Some(index) = Self::open_resolution(race) {
            ui.label(texts.t("race.step.open"));
            if race.resolutions[index].finished() {
                if ui.button(texts.t("race.step.apply")).clicked() {
                    ctx.commands
                        .push(edit(RaceEdit::Apply(race.resolutions[index].id())));
                    *ctx.view = View::Table;
                }
            } else if ui.button(texts.t("race.step.show")).clicked() {
                *ctx.view = View::Resolution;
            }
        } else {
            self.step_controls(ui, ctx, race);
        }
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            let undo = RaceEdit::Undo;
            if ui
                .add_enabled(
                    trial(ctx.doc, texts, &undo).is_ok(),
                    egui::Button::new(texts.t("race.undo")),
                )
                .on_hover_text(texts.t("race.undo.hover"))
                .clicked()
            {
                ctx.commands.push(edit(undo));
            }
            if !race.ended
                && ui
                    .button(texts.t("race.end"))
                    .on_hover_text(texts.t("race.end.hover"))
                    .clicked()
            {
                ctx.commands.push(edit(RaceEdit::End));
            }
        });
        let order = st.finish_order();
        if !order.is_empty() {
            ui.separator();
            ui.label(egui::RichText::new(texts.t("race.finish_order")).strong());
            for (i, (id, round)) in order.iter().enumerate() {
                ui.label(texts.f(
                    "race.finish_order.line",
                    &[
                        ("place", &(i + 1).to_string()),
                        ("name", &driver_name(race, *id)),
                        ("round", &round.to_string()),
                    ],
                ));
            }
        }
    }

    fn open(&mut self, ctx: &mut GameContext<'_, Race>, input: StepInput) {
        let change = RaceEdit::Open(input);
        match trial(ctx.doc, ctx.texts, &change) {
            Ok(()) => {
                self.error = None;
                ctx.commands.push(edit(change));
            }
            Err(e) => self.error = Some(e),
        }
    }

    fn aim_button(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Race>,
        race: &Race,
        what: AngleFor,
    ) {
        let texts = ctx.texts;
        let key = match what {
            AngleFor::Facing => "race.aim.facing",
            AngleFor::Turn => "race.aim.turn",
        };
        let Some(sled) = sled_to_act(race).and_then(|id| race.state()?.sled(id)) else {
            return;
        };
        if ui
            .button(texts.t(key))
            .on_hover_text(texts.t("race.aim.hover"))
            .clicked()
        {
            ctx.canvas.start_path(sled.center, Some(sled.facing));
            self.aiming = Some((what, sled.center));
            *ctx.view = View::Table;
        }
    }

    fn step_controls(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, Race>, race: &Race) {
        let texts = ctx.texts;
        let Some(step) = race.next_step() else {
            return;
        };
        match step {
            NextStep::StartDraw | NextStep::TurnDice | NextStep::RoundOrder => {
                let key = match step {
                    NextStep::StartDraw => "race.draw.start",
                    NextStep::TurnDice => "race.draw.dice",
                    _ => "race.draw.order",
                };
                if ui.button(texts.t(key)).clicked() {
                    self.open(ctx, StepInput::Draw);
                }
            }
            NextStep::Move(id) => {
                let Some(sled) = race.state().and_then(|s| s.sled(id)) else {
                    return;
                };
                let standing = sled.speed == 0;
                if standing {
                    ui.horizontal(|ui| {
                        let label = ui.label(texts.t("race.facing"));
                        ui.add(egui::TextEdit::singleline(&mut self.facing).desired_width(50.0))
                            .labelled_by(label.id);
                    });
                    self.aim_button(ui, ctx, race, AngleFor::Facing);
                } else {
                    ui.weak(texts.t("race.facing.moving"));
                }
                ui.horizontal(|ui| {
                    let label = ui.label(texts.t("race.plan.inches"));
                    ui.add(egui::TextEdit::singleline(&mut self.inches).desired_width(40.0))
                        .labelled_by(label.id);
                });
                for inch in self.plan(race).iter().filter(|i| !i.terrain.is_empty()) {
                    let names: Vec<String> = inch
                        .terrain
                        .iter()
                        .map(|k| texts.t(&k.key()).to_owned())
                        .collect();
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        texts.f(
                            "race.plan.inch",
                            &[
                                ("n", &inch.inch.to_string()),
                                ("terrain", &names.join(", ")),
                            ],
                        ),
                    );
                }
                let name = sled.driver.name.clone();
                if ui
                    .button(texts.f("race.move.start", &[("name", &name)]))
                    .clicked()
                {
                    let facing = if standing {
                        match decimal(texts, texts.t("race.facing"), &self.facing) {
                            Ok(f) => Some(f),
                            Err(e) => {
                                self.error = Some(e);
                                return;
                            }
                        }
                    } else {
                        None
                    };
                    self.open(ctx, StepInput::Move { facing });
                }
            }
            NextStep::Turn(id) => {
                let name = driver_name(race, id);
                ui.horizontal(|ui| {
                    let label = ui.label(texts.t("race.turn.angle"));
                    ui.add(egui::TextEdit::singleline(&mut self.turn).desired_width(50.0))
                        .labelled_by(label.id);
                });
                self.aim_button(ui, ctx, race, AngleFor::Turn);
                ui.horizontal_wrapped(|ui| {
                    if ui
                        .button(texts.f("race.turn.try", &[("name", &name)]))
                        .clicked()
                    {
                        match decimal(texts, texts.t("race.turn.angle"), &self.turn) {
                            Ok(angle) => self.open(ctx, StepInput::Turn { angle }),
                            Err(e) => self.error = Some(e),
                        }
                    }
                    if ui.button(texts.t("race.turn.none")).clicked() {
                        self.open(ctx, StepInput::Turn { angle: 0.0 });
                    }
                });
            }
            NextStep::Over => {
                ui.label(texts.t("race.over"));
            }
        }
    }

    /// The planned path of the next move, if one is next and no step is
    /// open.
    fn plan(&self, race: &Race) -> Vec<PlannedInch> {
        let Some(NextStep::Move(id)) = race.next_step() else {
            return Vec::new();
        };
        if Self::open_resolution(race).is_some() {
            return Vec::new();
        }
        let Some(sled) = race.state().and_then(|s| s.sled(id)) else {
            return Vec::new();
        };
        let facing = if sled.speed == 0 {
            self.facing.trim().replace(',', ".").parse::<f64>().ok()
        } else {
            None
        };
        let inches = self.inches.trim().parse::<u32>().unwrap_or(0);
        race.plan(id, facing, inches)
    }

    /// The line above the table and the overlay of the race.
    pub fn table_header(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Race>,
        race: &Race,
    ) -> Overlay {
        let texts = ctx.texts;
        self.sync(race);
        if race.state().is_none() {
            ui.weak(texts.t("race.terrain.help"));
            return Overlay::default();
        }
        if let Some((what, _)) = self.aiming {
            ui.horizontal_wrapped(|ui| {
                ui.strong(texts.t(match what {
                    AngleFor::Facing => "race.aim.facing.doing",
                    AngleFor::Turn => "race.aim.turn.doing",
                }));
                if ui.button(texts.t("race.aim.cancel")).clicked() {
                    ctx.canvas.cancel_path();
                    self.aiming = None;
                    self.aim = None;
                }
            });
        } else if let Some(index) = Self::open_resolution(race) {
            ui.horizontal_wrapped(|ui| {
                ui.label(texts.t("race.step.open"));
                if race.resolutions[index].finished() {
                    if ui.button(texts.t("race.step.apply")).clicked() {
                        ctx.commands
                            .push(edit(RaceEdit::Apply(race.resolutions[index].id())));
                    }
                } else if ui.button(texts.t("race.step.show")).clicked() {
                    *ctx.view = View::Resolution;
                }
            });
        } else {
            ui.horizontal_wrapped(|ui| {
                if let Some(step) = race.next_step() {
                    let next = match step {
                        NextStep::Move(id) => {
                            texts.f("race.next.move", &[("name", &driver_name(race, id))])
                        }
                        NextStep::Turn(id) => {
                            texts.f("race.next.turn", &[("name", &driver_name(race, id))])
                        }
                        _ => String::new(),
                    };
                    if !next.is_empty() {
                        ui.strong(next);
                    }
                }
                self.step_controls(ui, ctx, race);
            });
            if let Some(e) = &self.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
        }
        let moved = ctx
            .selected
            .and_then(|i| race.resolutions.get(i))
            .and_then(|r| r.outcome())
            .map(|o| o.path.clone());
        let aim = self
            .aiming
            .and_then(|(_, from)| self.aim.map(|b| (from, b)));
        let mut overlay = on_table::race_overlay(
            texts,
            race,
            self.selected,
            &self.plan(race),
            aim,
            moved.as_deref(),
        );
        if let Some((_, center, bearing)) = self.angle_grip(race) {
            overlay.handle(OverlayHandle {
                id: on_table::ANGLE_HANDLE,
                at: on_table::at(center, bearing, on_table::ANGLE_HANDLE_REACH),
                anchor: Some(center),
                tone: Tone::Aim,
            });
        }
        overlay
    }

    /// The angle the next step asks for, when it can be set by dragging
    /// the grip: what it is for, the sled's centre and the bearing the
    /// typed value points to (the sled's facing while it does not parse).
    fn angle_grip(&self, race: &Race) -> Option<(AngleFor, Point, f64)> {
        if self.aiming.is_some() || Self::open_resolution(race).is_some() {
            return None;
        }
        let typed = |text: &str| text.trim().replace(',', ".").parse::<f64>().ok();
        match race.next_step()? {
            NextStep::Move(id) => {
                let sled = race.state()?.sled(id)?;
                (sled.speed == 0).then(|| {
                    let b = typed(&self.facing).unwrap_or(sled.facing.degrees());
                    (AngleFor::Facing, sled.center, b)
                })
            }
            NextStep::Turn(id) => {
                let sled = race.state()?.sled(id)?;
                let turn = typed(&self.turn).unwrap_or(0.0);
                Some((AngleFor::Turn, sled.center, sled.facing.degrees() + turn))
            }
            _ => None,
        }
    }

    /// The facing or turn grip was dragged: its bearing from the sled's
    /// centre fills the angle field (whole degrees).
    pub fn handle_event(&mut self, event: HandleEvent, race: &Race) {
        let (HandleEvent::Moved { id, to } | HandleEvent::Released { id, to }) = event;
        if id != on_table::ANGLE_HANDLE {
            return;
        }
        let Some((what, center, _)) = self.angle_grip(race) else {
            return;
        };
        if let Some(b) = bearing(center, to) {
            self.set_angle(what, b, race);
        }
    }

    /// Fills the facing or turn field from a bearing aimed on the table.
    fn set_angle(&mut self, what: AngleFor, b: f64, race: &Race) {
        match what {
            AngleFor::Facing => self.facing = format!("{b:.0}"),
            AngleFor::Turn => {
                if let Some(sled) = sled_to_act(race).and_then(|id| race.state()?.sled(id)) {
                    self.turn = format!("{:.0}", on_table::turn_between(sled.facing, b));
                }
            }
        }
    }

    /// A facing or turn aimed on the table: the first leg's bearing fills
    /// the angle field.
    pub fn path_event(&mut self, event: PathEvent, race: &Race, ctx: &mut GameContext<'_, Race>) {
        let Some((what, _)) = self.aiming else {
            return;
        };
        let points = match event {
            PathEvent::Changed(points) => points,
            PathEvent::Finished(points) => {
                self.aiming = None;
                points
            }
            PathEvent::Cancelled => {
                self.aiming = None;
                self.aim = None;
                return;
            }
        };
        let Some(b) = points
            .first()
            .zip(points.get(1))
            .and_then(|(a, b)| bearing(*a, *b))
        else {
            return;
        };
        self.aim = Some(b);
        self.set_angle(what, b, race);
        if self.aiming.is_none() {
            ctx.canvas.cancel_path();
        }
    }
}

/// The apply button above a finished step in the resolution view.
pub fn apply_button(ui: &mut egui::Ui, ctx: &mut GameContext<'_, Race>, index: usize) {
    let texts = ctx.texts;
    let Some(race) = race(ctx.doc) else {
        return;
    };
    let Some(r) = race.resolutions.get(index) else {
        return;
    };
    if r.applied() {
        ui.weak(texts.t("race.applied"));
    } else if r.finished() && index + 1 == race.resolutions.len() {
        if ui.button(texts.t("race.apply")).clicked() {
            ctx.commands.push(edit(RaceEdit::Apply(r.id())));
            *ctx.view = View::Table;
        }
    } else if !r.finished() {
        ui.weak(texts.t("race.step.answer"));
    }
    ui.separator();
}
