//! The running race in the side panel: turn and round, whose move it is,
//! every sled's speed, wounds and remaining movement dice (S2), and the
//! button that opens the next step (draws, a move with its facing, a turn
//! attempt with its angle). Facing and turn angles are typed in, set by
//! dragging a grip on the table (an overlay handle on a line from the
//! sled's centre) or aimed by clicking; the planned path of the next move
//! is drawn before it starts.

use eframe::egui;
use feldherr_dice::step::{Answer, Prompt};
use feldherr_host::document::GameEdit;
use feldherr_play::Id;
use feldherr_sled_race::{NextStep, PlannedInch, Race, RaceEdit, SledStatus, SpeedOption};
use feldherr_table::geometry::Point;

use super::{bearing, edit, flow, on_table, race, sled_to_act, trial};
use crate::i18n::Texts;
use crate::systems::{GameCommand, GameContext, View};
use crate::ui::table_canvas::{HandleEvent, Overlay, OverlayHandle, PathEvent, Tone, Tool};

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
    /// The speed whose path is drawn before the move (the fastest option,
    /// or the one under the pointer).
    preview: Option<i32>,
    /// The turn attempt planned with the move in progress.
    pending_turn: flow::TurnPlan,
    /// Typed faces of the open roll.
    typed: Vec<String>,
    /// The numbers typed for a draw from the cup.
    draw_typed: String,
    /// Each racing driver's typed movement dice.
    dice_typed: Vec<String>,
    /// The first field of a new draw or dice step takes the keyboard.
    focus_first: bool,
    /// An action of the flow was sent: the table stays in view (the game
    /// screen shows each new step's resolution otherwise).
    back_to_table: bool,
    /// Whether the strip above the table shows the drivers in two blocks
    /// side by side (when both fit the width; else one under the other).
    strip_two: bool,
    /// Whether the drivers' table above the track is open: `None` follows
    /// the room (folded to one line when it would leave less than
    /// [`TRACK_ROOM`] for the rest), `Some` is the user's choice.
    strip_open: Option<bool>,
    /// The Place tool was refused during the race (the note stays until
    /// dismissed).
    place_refused: bool,
    /// The dice field that takes the keyboard next (the one after a
    /// driver's completed dice), from the next frame on.
    focus_dice: Option<usize>,
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

/// A sled's status in a few words: racing, its place and round once
/// finished, the round it went out.
/// What the drivers' table above the track must leave of the game view's
/// height (screen points) to be open by default: the next step's lines and
/// the canvas toolbar (about 120) and 400 for the track. With less it
/// folds to one line (issue 26: ten drivers at 1024 x 700 left the track
/// about 270 points).
pub const TRACK_ROOM: f32 = 520.0;

fn status_short(texts: &Texts, status: &SledStatus, place: Option<usize>) -> String {
    match (status, place) {
        (SledStatus::Racing, _) => texts.t("race.status.racing").to_owned(),
        (SledStatus::Finished { round, .. }, Some(p)) => texts.f(
            "race.status.placed",
            &[
                ("place", &(p + 1).to_string()),
                ("round", &round.to_string()),
            ],
        ),
        (SledStatus::Finished { round, .. }, None) => {
            texts.f("race.status.finished", &[("round", &round.to_string())])
        }
        (SledStatus::Out { round }, _) => {
            texts.f("race.status.out", &[("round", &round.to_string())])
        }
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
        self.focus_dice = None;
        self.focus_first = matches!(
            step,
            Some(NextStep::StartDraw | NextStep::RoundOrder | NextStep::TurnDice)
        );
        let Some(st) = race.state() else {
            return;
        };
        if let Some(sled) = sled_to_act(race).and_then(|id| st.sled(id)) {
            self.selected = Some(sled.id);
            self.facing = format!("{:.0}", sled.facing.degrees());
            if !matches!(step, Some(NextStep::Turn(_))) {
                self.turn = "0".into();
            }
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
        if std::mem::take(&mut self.back_to_table) && *ctx.view == View::Resolution {
            *ctx.view = View::Table;
        }
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
        if *ctx.view != View::Table {
            self.status_strip(ui, texts, race, 1);
        }
        ui.weak(texts.t("race.table.legend"));
        ui.separator();
        if *ctx.view == View::Table {
            ui.weak(texts.t("race.step.above"));
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
    }

    /// The race state in view: every driver's number in the race list,
    /// speed, wounds, dice left and status, in `halves` side-by-side
    /// blocks (two above the table, one in the side panel), then the
    /// finish order so far. Every cell is short; the long meaning is on
    /// hover.
    pub fn status_strip(&mut self, ui: &mut egui::Ui, texts: &Texts, race: &Race, halves: usize) {
        let Some(st) = race.state() else {
            return;
        };
        let order = st.finish_order();
        let halves = halves.max(1);
        let rows = st.sleds.len().div_ceil(halves);
        let out = egui::ScrollArea::horizontal()
            .id_salt(("race.strip", halves))
            .show(ui, |ui| {
                egui::Grid::new(("race.sleds", halves))
                    .striped(true)
                    .spacing([6.0, 2.0])
                    .num_columns(6 * halves)
                    .show(ui, |ui| {
                        for h in 0..halves {
                            for (key, hover) in [
                                ("race.col.no", "race.col.no.hover"),
                                ("race.col.driver", "race.col.driver.hover"),
                                ("race.col.speed", "race.col.speed.hover"),
                                ("race.col.wounds", "race.col.wounds.hover"),
                                ("race.col.dice", "race.col.dice.hover"),
                                ("race.col.status", "race.col.status.hover"),
                            ] {
                                let text = egui::RichText::new(texts.t(key)).strong();
                                let text = if h > 0 && key == "race.col.no" {
                                    egui::RichText::new(format!("   {}", texts.t(key))).strong()
                                } else {
                                    text
                                };
                                ui.label(text).on_hover_text(texts.t(hover));
                            }
                        }
                        ui.end_row();
                        for r in 0..rows {
                            for h in 0..halves {
                                let Some((n, s)) = st.sleds.iter().enumerate().nth(h * rows + r)
                                else {
                                    continue;
                                };
                                let no = if h > 0 {
                                    format!("   {}", n + 1)
                                } else {
                                    (n + 1).to_string()
                                };
                                ui.label(no);
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
                                let dice: Vec<String> = s.dice.iter().map(u32::to_string).collect();
                                let dice = if dice.is_empty() {
                                    "-".to_owned()
                                } else {
                                    dice.join(" ")
                                };
                                ui.label(dice).on_hover_text(
                                    texts.f("race.col.dice.for", &[("name", &s.driver.name)]),
                                );
                                let place = order.iter().position(|(id, _)| *id == s.id);
                                ui.label(status_short(texts, &s.status, place));
                            }
                            ui.end_row();
                        }
                    });
            });
        // Two blocks only while they fit: every column stays readable.
        let width = out.inner_rect.width();
        let content = out.content_size.x;
        if halves == 2 && content > width + 0.5 {
            self.strip_two = false;
            ui.ctx().request_repaint();
        } else if halves == 1 && 2.0 * content + 24.0 <= width && st.sleds.len() > 4 {
            self.strip_two = true;
            ui.ctx().request_repaint();
        }
        finish_order_line(ui, texts, race);
    }

    /// The drivers' table above the track, or (folded) one line: a button
    /// to open it and the acting (or selected) driver's speed, wounds, dice
    /// and status; the finish order so far in both cases. `room` is the
    /// height the game view had for the header and the track.
    fn strip_or_line(&mut self, ui: &mut egui::Ui, texts: &Texts, race: &Race, room: f32) {
        let Some(st) = race.state() else {
            return;
        };
        let rows = st.sleds.len().div_ceil(if self.strip_two { 2 } else { 1 });
        let row = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
        let strip = (rows + 1) as f32 * row;
        let open = self.strip_open.unwrap_or(room - strip >= TRACK_ROOM);
        ui.horizontal_wrapped(|ui| {
            let (key, hover) = if open {
                ("race.strip.hide", "race.strip.hide.hover")
            } else {
                ("race.strip.show", "race.strip.show.hover")
            };
            if ui
                .small_button(texts.f(key, &[("n", &st.sleds.len().to_string())]))
                .on_hover_text(texts.t(hover))
                .clicked()
            {
                self.strip_open = Some(!open);
            }
            if open {
                return;
            }
            let who = self.selected.or_else(|| super::sled_to_act(race));
            if let Some(s) = who.and_then(|id| st.sled(id)) {
                let order = st.finish_order();
                let place = order.iter().position(|(id, _)| *id == s.id);
                let dice: Vec<String> = s.dice.iter().map(u32::to_string).collect();
                let dice = if dice.is_empty() {
                    "-".to_owned()
                } else {
                    dice.join(" ")
                };
                let wounds = texts.f(
                    "race.col.wounds.value",
                    &[
                        ("sled", &s.sled_wounds.to_string()),
                        ("driver", &s.driver_wounds.to_string()),
                        ("max", &s.driver.wounds.to_string()),
                    ],
                );
                ui.label(texts.f(
                    "race.strip.line",
                    &[
                        ("name", &s.driver.name),
                        ("speed", &s.speed.to_string()),
                        ("wounds", &wounds),
                        ("dice", &dice),
                        ("status", &status_short(texts, &s.status, place)),
                    ],
                ));
            }
        });
        if open {
            let halves = if self.strip_two { 2 } else { 1 };
            self.status_strip(ui, texts, race, halves);
        } else {
            finish_order_line(ui, texts, race);
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

    /// The next step's controls: one action per sled in the common case
    /// (see [`super::flow`]). Digits choose a die (or an option), Enter
    /// goes on, while no text field has the keyboard.
    fn step_controls(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, Race>, race: &Race) {
        let texts = ctx.texts;
        let free = ui.memory(|m| m.focused().is_none());
        let enter =
            free && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter));
        let digit = if free {
            ui.input_mut(|i| {
                (1..=9u32).find(|d| i.consume_key(egui::Modifiers::NONE, digit_key(*d)))
            })
        } else {
            None
        };
        if let Some(index) = Self::open_resolution(race) {
            self.open_step(ui, ctx, race, index, enter, digit);
            return;
        }
        let Some(step) = race.next_step() else {
            return;
        };
        match step {
            NextStep::StartDraw | NextStep::RoundOrder => {
                self.draw_controls(ui, ctx, race, step, enter)
            }
            NextStep::TurnDice => self.dice_controls(ui, ctx, race, enter),
            NextStep::Move(id) => self.move_controls(ui, ctx, race, id, enter, digit),
            NextStep::Turn(id) => {
                let name = driver_name(race, id);
                ui.horizontal_wrapped(|ui| {
                    let label = ui.label(texts.t("race.turn.angle"));
                    ui.add(egui::TextEdit::singleline(&mut self.turn).desired_width(50.0))
                        .labelled_by(label.id);
                    self.aim_button(ui, ctx, race, AngleFor::Turn);
                    if ui
                        .button(texts.f("race.turn.try", &[("name", &name)]))
                        .clicked()
                    {
                        match decimal(texts, texts.t("race.turn.angle"), &self.turn) {
                            Ok(angle) => self.run(ctx, race, |sim| {
                                sim.edit_open_turn(angle)?;
                                sim.settle(None)
                            }),
                            Err(e) => self.error = Some(e),
                        }
                    }
                    if ui
                        .button(texts.t("race.turn.none"))
                        .on_hover_text(texts.t("race.key.enter"))
                        .clicked()
                        || enter
                    {
                        self.run(ctx, race, |sim| {
                            sim.edit_open_turn(0.0)?;
                            sim.settle(None)
                        });
                    }
                });
            }
            NextStep::Over => {
                ui.label(texts.t("race.over"));
            }
        }
    }

    /// Plays `action` on a copy of the race; sends its edits, or shows why
    /// it was refused (and sends nothing).
    fn run(
        &mut self,
        ctx: &mut GameContext<'_, Race>,
        race: &Race,
        action: impl FnOnce(&mut flow::Sim) -> Result<(), flow::FlowError>,
    ) {
        let mut sim = flow::Sim::new(race, ctx.table());
        match action(&mut sim) {
            Ok(()) => {
                self.error = None;
                self.typed.clear();
                self.draw_typed.clear();
                self.dice_typed.clear();
                self.back_to_table = true;
                ctx.commands.append(&mut sim.commands);
            }
            Err(e) => self.error = Some(self.flow_error(ctx.texts, &e)),
        }
    }

    fn flow_error(&self, texts: &Texts, e: &flow::FlowError) -> String {
        match e {
            flow::FlowError::Play(e) => texts.error(e),
            flow::FlowError::Typed(key, args) => {
                let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
                texts.f(key, &args)
            }
        }
    }

    /// The open step: its roll (typed or rolled), its choice (digits), or
    /// applying it once finished (Enter).
    fn open_step(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Race>,
        race: &Race,
        index: usize,
        enter: bool,
        digit: Option<u32>,
    ) {
        let texts = ctx.texts;
        let r = &race.resolutions[index];
        let turn = self.pending_turn;
        match r.resolution().prompt().cloned() {
            Some(Prompt::Roll(request)) => {
                let dice = request.dice.len();
                ui.label(
                    egui::RichText::new(
                        texts.message_or(request.message.as_ref(), &request.purpose),
                    )
                    .strong(),
                );
                if let Some(rule) = &request.rule {
                    ui.weak(format!("{}: {rule}", texts.t("panel.rule")));
                }
                if !request.odds.is_empty() {
                    crate::ui::odds_chart::show(ui, texts, "race.flow.odds", &request.odds);
                }
                self.typed.resize(dice, String::new());
                let mut submit = enter;
                ui.horizontal_wrapped(|ui| {
                    for (i, text) in self.typed.iter_mut().enumerate() {
                        let name = match request.owners.get(i) {
                            Some(owner) => texts.f("panel.die_of", &[("owner", owner)]),
                            None => texts.f("panel.die_field", &[("n", &(i + 1).to_string())]),
                        };
                        let label = ui.label(name);
                        let response = ui
                            .add(egui::TextEdit::singleline(text).desired_width(32.0))
                            .labelled_by(label.id);
                        submit |= response.lost_focus()
                            && ui.input(|input| input.key_pressed(egui::Key::Enter));
                    }
                    submit |= ui.button(texts.t("panel.enter")).clicked();
                    if ui.button(texts.t("panel.roll")).clicked() {
                        let dice = &mut *ctx.dice;
                        let mut sim = flow::Sim::new(race, ctx.doc.table_or_default());
                        let result = flow::rolled(dice, &request)
                            .and_then(|faces| sim.answer(Answer::Dice(faces)))
                            .and_then(|()| sim.settle(turn));
                        match result {
                            Ok(()) => {
                                self.error = None;
                                self.typed.clear();
                                self.back_to_table = true;
                                ctx.commands.append(&mut sim.commands);
                            }
                            Err(e) => self.error = Some(self.flow_error(texts, &e)),
                        }
                        submit = false;
                    }
                });
                if submit {
                    let typed: Result<Vec<u32>, String> = self
                        .typed
                        .iter()
                        .map(|t| t.trim().parse::<u32>().map_err(|_| t.trim().to_owned()))
                        .collect();
                    match typed {
                        Ok(faces) => self.run(ctx, race, |sim| {
                            sim.answer(Answer::Dice(faces))?;
                            sim.settle(turn)
                        }),
                        Err(value) => {
                            self.error = Some(texts.f("race.flow.not_die", &[("value", &value)]));
                        }
                    }
                }
            }
            Some(Prompt::Choice(request)) => {
                ui.label(
                    egui::RichText::new(
                        texts.message_or(request.message.as_ref(), &request.question),
                    )
                    .strong(),
                );
                let mut chosen = digit
                    .and_then(|d| (d as usize).checked_sub(1))
                    .filter(|i| *i < request.options.len());
                ui.horizontal_wrapped(|ui| {
                    for (i, option) in request.options.iter().enumerate() {
                        let text = format!("[{}] {}", i + 1, texts.choice_option(option));
                        if ui.button(text).clicked() {
                            chosen = Some(i);
                        }
                    }
                });
                if let Some(i) = chosen {
                    self.run(ctx, race, |sim| {
                        sim.answer(Answer::Choice(i))?;
                        sim.settle(turn)
                    });
                }
            }
            None => {
                ui.horizontal_wrapped(|ui| {
                    ui.label(texts.t("race.flow.finished"));
                    if ui
                        .button(texts.t("race.step.apply"))
                        .on_hover_text(texts.t("race.key.enter"))
                        .clicked()
                        || enter
                    {
                        self.run(ctx, race, |sim| sim.settle(turn));
                    }
                    if ui
                        .button(texts.t("race.flow.discard"))
                        .on_hover_text(texts.t("race.flow.discard.hover"))
                        .clicked()
                    {
                        ctx.commands
                            .push(GameCommand::Edit(GameEdit::RemoveResolution(index)));
                    }
                });
            }
        }
        if ui.small_button(texts.t("race.step.show")).clicked() {
            *ctx.view = View::Resolution;
        }
    }

    /// A draw from the cup (start positions, move order): the numbers of
    /// the race list typed in the order drawn, one entry; or drawn by the
    /// app's dice.
    fn draw_controls(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Race>,
        race: &Race,
        step: NextStep,
        enter: bool,
    ) {
        let texts = ctx.texts;
        let Some(st) = race.state() else {
            return;
        };
        let list: Vec<Id> = st.sleds.iter().map(|s| s.id).collect();
        let left: Vec<Id> = if step == NextStep::StartDraw {
            list.clone()
        } else {
            st.racing().map(|s| s.id).collect()
        };
        let key = if step == NextStep::StartDraw {
            "race.draw.start"
        } else {
            "race.draw.order"
        };
        let mut submit = enter;
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(texts.t("race.flow.drawn"));
            let id = egui::Id::unique("race.flow.drawn");
            let response = ui
                .add(
                    egui::TextEdit::singleline(&mut self.draw_typed)
                        .id(id)
                        .desired_width(160.0),
                )
                .labelled_by(label.id)
                .on_hover_text(texts.t("race.flow.drawn.hover"));
            if std::mem::take(&mut self.focus_first) {
                response.request_focus();
            }
            submit |= response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            submit |= ui.button(texts.t("panel.enter")).clicked();
            if self.roll_button(ui, ctx, race, key) {
                submit = false;
            }
        });
        if submit {
            let typed = match flow::numbers(&self.draw_typed) {
                Ok(n) => n,
                Err(value) => {
                    self.error = Some(texts.f("race.flow.not_number", &[("value", &value)]));
                    return;
                }
            };
            let faces = match flow::draw_faces(&list, &left, &typed) {
                Ok(f) => f,
                Err(e) => {
                    self.error = Some(self.flow_error(texts, &e));
                    return;
                }
            };
            self.run(ctx, race, |sim| {
                let mut faces = faces.into_iter();
                sim.play_draw(|_, _| Ok(faces.next().into_iter().collect()))
            });
        }
    }

    /// The button that rolls the draw's dice in the app: plays them on a
    /// copy of the race and sends its edits, or says why not. True when
    /// clicked.
    fn roll_button(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Race>,
        race: &Race,
        key: &str,
    ) -> bool {
        let texts = ctx.texts;
        if !ui
            .button(texts.t(key))
            .on_hover_text(texts.t("race.flow.roll.hover"))
            .clicked()
        {
            return false;
        }
        let dice = &mut *ctx.dice;
        let mut sim = flow::Sim::new(race, ctx.doc.table_or_default());
        match sim.play_draw(|_, request| flow::rolled(dice, request)) {
            Ok(()) => {
                self.error = None;
                self.back_to_table = true;
                ctx.commands.append(&mut sim.commands);
            }
            Err(e) => self.error = Some(self.flow_error(texts, &e)),
        }
        true
    }

    /// The movement dice of a new turn (S2): one field per driver, his
    /// Toughness in dice ("654"), all sent with one Enter; or rolled.
    fn dice_controls(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Race>,
        race: &Race,
        enter: bool,
    ) {
        let texts = ctx.texts;
        let Some(st) = race.state() else {
            return;
        };
        let racing: Vec<(String, u32)> = st
            .racing()
            .map(|s| (s.driver.name.clone(), s.driver.toughness))
            .collect();
        self.dice_typed.resize(racing.len(), String::new());
        let mut submit = enter;
        ui.label(texts.t("race.flow.dice"));
        ui.horizontal_wrapped(|ui| {
            let field = |i: usize| egui::Id::unique(("race.flow.dice", i));
            let mut next_focus = None;
            for (i, ((name, t), text)) in racing.iter().zip(self.dice_typed.iter_mut()).enumerate()
            {
                let label = ui.label(texts.f(
                    "race.flow.dice_of",
                    &[("name", name), ("count", &t.to_string())],
                ));
                let response = ui
                    .add(
                        egui::TextEdit::singleline(text)
                            .id(field(i))
                            .desired_width(12.0 * *t as f32 + 12.0),
                    )
                    .labelled_by(label.id);
                if (i == 0 && std::mem::take(&mut self.focus_first)) || self.focus_dice == Some(i) {
                    self.focus_dice = None;
                    response.request_focus();
                }
                // A driver's dice complete: the next driver's field takes
                // the keyboard, so a turn's dice are typed in one go.
                let complete = text.trim().len() == *t as usize
                    && text.trim().chars().all(|c| c.is_ascii_digit());
                if response.changed() && complete && i + 1 < racing.len() {
                    next_focus = Some(i + 1);
                }
                submit |= response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            }
            if next_focus.is_some() {
                self.focus_dice = next_focus;
            }
            submit |= ui.button(texts.t("panel.enter")).clicked();
            if self.roll_button(ui, ctx, race, "race.draw.dice") {
                submit = false;
            }
        });
        if submit {
            let mut all = Vec::new();
            for ((name, t), text) in racing.iter().zip(&self.dice_typed) {
                match flow::numbers(text) {
                    Ok(faces) if faces.len() == *t as usize => all.push(faces),
                    Ok(faces) => {
                        self.error = Some(texts.f(
                            "race.flow.dice_count",
                            &[
                                ("name", name),
                                ("count", &t.to_string()),
                                ("typed", &faces.len().to_string()),
                            ],
                        ));
                        return;
                    }
                    Err(value) => {
                        self.error = Some(
                            texts.f("race.flow.dice_bad", &[("name", name), ("value", &value)]),
                        );
                        return;
                    }
                }
            }
            self.run(ctx, race, |sim| {
                sim.play_draw(|k, _| Ok(all.get(k).cloned().unwrap_or_default()))
            });
        }
    }

    /// A sled's move in one action: its facing (standing) and the turn
    /// after the move are set first (0: it keeps its facing); each die
    /// button shows the speed the sled then moves at (slope modifier
    /// included), equal dice once; a digit chooses the die of that face,
    /// Enter the fastest.
    fn move_controls(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Race>,
        race: &Race,
        id: Id,
        enter: bool,
        digit: Option<u32>,
    ) {
        let texts = ctx.texts;
        let Some(sled) = race.state().and_then(|s| s.sled(id)) else {
            return;
        };
        let standing = sled.speed == 0;
        let name = sled.driver.name.clone();
        ui.horizontal_wrapped(|ui| {
            if standing {
                let label = ui.label(texts.t("race.facing"));
                ui.add(egui::TextEdit::singleline(&mut self.facing).desired_width(40.0))
                    .labelled_by(label.id);
                self.aim_button(ui, ctx, race, AngleFor::Facing);
            } else {
                ui.weak(texts.t("race.facing.kept"))
                    .on_hover_text(texts.t("race.facing.moving"));
            }
            let label = ui.label(texts.t("race.flow.then_turn"));
            ui.add(egui::TextEdit::singleline(&mut self.turn).desired_width(40.0))
                .labelled_by(label.id)
                .on_hover_text(texts.t("race.flow.then_turn.hover"));
        });
        let facing = if standing {
            match decimal(texts, texts.t("race.facing"), &self.facing) {
                Ok(f) => Some(f),
                Err(e) => {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                    return;
                }
            }
        } else {
            None
        };
        let options = race.speed_options(id, facing);
        let mut chosen: Option<Option<SpeedOption>> = None;
        self.preview = options.first().map(|o| o.speed);
        ui.horizontal_wrapped(|ui| {
            if options.is_empty() {
                let speed = sled.speed;
                if ui
                    .button(texts.f("race.flow.go", &[("name", &name)]))
                    .on_hover_text(texts.f("race.flow.go.hover", &[("speed", &speed.to_string())]))
                    .clicked()
                    || enter
                {
                    chosen = Some(None);
                }
                self.preview = Some(speed);
            }
            for o in &options {
                let label = match o.round_up {
                    None => texts.f(
                        "race.flow.die",
                        &[
                            ("face", &o.face.to_string()),
                            ("speed", &o.speed.to_string()),
                        ],
                    ),
                    Some(true) => texts.f(
                        "race.flow.die.up",
                        &[
                            ("face", &o.face.to_string()),
                            ("speed", &o.speed.to_string()),
                        ],
                    ),
                    Some(false) => texts.f(
                        "race.flow.die.down",
                        &[
                            ("face", &o.face.to_string()),
                            ("speed", &o.speed.to_string()),
                        ],
                    ),
                };
                let response = ui.button(label).on_hover_text(
                    texts.f("race.flow.die.hover", &[("face", &o.face.to_string())]),
                );
                if response.hovered() {
                    self.preview = Some(o.speed);
                }
                if response.clicked() {
                    chosen = Some(Some(*o));
                }
            }
        });
        if chosen.is_none() && !options.is_empty() {
            if let Some(d) = digit {
                match options.iter().find(|o| o.face == d) {
                    Some(o) => chosen = Some(Some(*o)),
                    None => {
                        self.error = Some(texts.f(
                            "race.flow.no_die",
                            &[("name", &name), ("face", &d.to_string())],
                        ));
                    }
                }
            } else if enter {
                chosen = options.first().map(|o| Some(*o));
            }
        }
        // The inches that cross terrain, on one line (ten lines pushed the
        // track out of a 700 pt window).
        let crossings: Vec<String> = self
            .plan(race)
            .iter()
            .filter(|i| !i.terrain.is_empty())
            .map(|inch| {
                let names: Vec<String> = inch
                    .terrain
                    .iter()
                    .map(|k| texts.t(&k.key()).to_owned())
                    .collect();
                texts.f(
                    "race.plan.inch",
                    &[
                        ("n", &inch.inch.to_string()),
                        ("terrain", &names.join(", ")),
                    ],
                )
            })
            .collect();
        if !crossings.is_empty() {
            ui.colored_label(ui.visuals().warn_fg_color, crossings.join("; "));
        }
        if let Some(option) = chosen {
            let angle = match decimal(texts, texts.t("race.flow.then_turn"), &self.turn) {
                Ok(a) => a,
                Err(e) => {
                    self.error = Some(e);
                    return;
                }
            };
            self.pending_turn = Some((id, angle));
            self.run(ctx, race, |sim| sim.play_move(id, facing, option, angle));
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
        let inches = self.preview.unwrap_or(sled.speed).unsigned_abs();
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
        // The height the header and the track share.
        let room = ui.available_height();
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
        } else {
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
            if let Some(e) = &self.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
        }
        // The track is frozen at the start (S1): no terrain is placed
        // during the race; the Place tool is refused before a click.
        if ctx.canvas.tool() == Tool::Place {
            ctx.canvas.set_tool(Tool::Select);
            self.place_refused = true;
        }
        if self.place_refused {
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(ui.visuals().warn_fg_color, texts.t("race.place.refused"));
                if ui.small_button(texts.t("race.place.refused.ok")).clicked() {
                    self.place_refused = false;
                }
            });
        }
        self.strip_or_line(ui, texts, race, room);
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

/// The key of digit `d` (1 to 9).
fn digit_key(d: u32) -> egui::Key {
    match d {
        1 => egui::Key::Num1,
        2 => egui::Key::Num2,
        3 => egui::Key::Num3,
        4 => egui::Key::Num4,
        5 => egui::Key::Num5,
        6 => egui::Key::Num6,
        7 => egui::Key::Num7,
        8 => egui::Key::Num8,
        _ => egui::Key::Num9,
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

/// The finish order so far in one line (nothing before the first sled
/// finishes).
fn finish_order_line(ui: &mut egui::Ui, texts: &Texts, race: &Race) {
    let order = race.state().map(|s| s.finish_order()).unwrap_or_default();
    if !order.is_empty() {
        let line: Vec<String> = order
            .iter()
            .enumerate()
            .map(|(i, (id, round))| {
                texts.f(
                    "race.finish_order.line",
                    &[
                        ("place", &(i + 1).to_string()),
                        ("name", &driver_name(race, *id)),
                        ("round", &round.to_string()),
                    ],
                )
            })
            .collect();
        ui.label(
            egui::RichText::new(format!(
                "{}: {}",
                texts.t("race.finish_order"),
                line.join(" · ")
            ))
            .strong(),
        );
    }
}
