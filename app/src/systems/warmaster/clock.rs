//! The Clock tab: the chess clock of W9 with large times, space or a click
//! on the running face to switch, P to pause and resume for a combat
//! phase (the turn shown), a flash (and an optional tone) under 5 minutes,
//! and a full-screen view for a tablet or second screen. The clock is saved as timestamps in the
//! document, so it survives a restart; the time comes from [`now_ms`],
//! which tests replace with [`set_fake_now`].

use std::cell::Cell;

use eframe::egui;
use feldherr_warmaster::{
    ClockEdit, ClockView, Player, Stage, WARNING_MS, WarmasterEdit, WarmasterGame,
};

use super::battle::player_colour;
use feldherr_warmaster::words::format_ms;

use super::{edit, name};
use crate::i18n::Texts;
use crate::sound::Tone;
use crate::systems::GameCommand;

thread_local! {
    static FAKE_NOW: Cell<Option<u64>> = const { Cell::new(None) };
}

/// Replaces the wall clock for this thread (tests), or restores it with
/// `None`.
pub fn set_fake_now(now_ms: Option<u64>) {
    FAKE_NOW.with(|f| f.set(now_ms));
}

/// Milliseconds since the Unix epoch (or the fake time of
/// [`set_fake_now`]).
pub fn now_ms() -> u64 {
    FAKE_NOW.with(Cell::get).unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    })
}

/// The time to give with an edit that may end the game or hand the clock
/// on: now while the chess clock runs or is paused (the engine refuses
/// such an edit without it, W9), else `None`.
pub fn clock_now(game: &WarmasterGame) -> Option<u64> {
    (game.settings.clock && game.clock.live()).then(now_ms)
}

/// Runtime state of the Clock tab.
#[derive(Debug, Default)]
pub struct ClockTab {
    full: bool,
    /// Per player: under five minutes already when last seen (so the
    /// warning tone sounds once, when the time falls under).
    warned: Option<[bool; 2]>,
    /// The run-out was already seen.
    rang_out: bool,
}

impl ClockTab {
    /// Whether the clock fills the screen.
    pub fn is_full(&self) -> bool {
        self.full
    }
}

impl ClockTab {
    /// Draws the tab (and the full-screen view when on).
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &WarmasterGame,
        commands: &mut Vec<GameCommand>,
    ) {
        if !game.settings.clock {
            ui.weak(texts.t("wm.clock.off"));
            return;
        }
        let now = now_ms();
        let view = game.clock.view(now);
        self.tones(game, &view, commands);
        if view.ran_out.is_some() && game.clock.ran_out.is_none() {
            // The face shows zero: record the run-out (W6 ends the game).
            edit(
                commands,
                WarmasterEdit::Clock(ClockEdit::Tick { now_ms: now }),
            );
        }
        if view.running.is_some() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(250));
        }
        self.handle_keys(ui, game, commands, now);
        if !self.full {
            ui.horizontal_wrapped(|ui| {
                self.buttons(ui, texts, game, commands, now);
            });
        }
        if self.full {
            let screen = ui.ctx().content_rect();
            egui::Area::new(egui::Id::unique("wm.clock.full"))
                .order(egui::Order::Foreground)
                .fixed_pos(screen.min)
                .show(ui.ctx(), |ui| {
                    ui.set_min_size(screen.size());
                    ui.painter()
                        .rect_filled(screen, 0.0, ui.visuals().panel_fill);
                    let (faces, bar) = split_bar(screen);
                    self.faces(ui, texts, game, commands, now, faces);
                    ui.scope_builder(egui::UiBuilder::new().max_rect(bar), |ui| {
                        ui.horizontal_wrapped(|ui| {
                            self.buttons(ui, texts, game, commands, now);
                        });
                    });
                });
        } else {
            let rect = ui.available_rect_before_wrap();
            let (faces, _) = split_bar(rect);
            self.faces(
                ui,
                texts,
                game,
                commands,
                now,
                rect.with_max_y(faces.max.y + 40.0),
            );
        }
    }

    /// The optional tones of W9: two beeps when a running clock falls
    /// under five minutes, a long one when a clock runs out. What was
    /// already so when the tab first looked (a reopened game) stays quiet.
    fn tones(&mut self, game: &WarmasterGame, view: &ClockView, commands: &mut Vec<GameCommand>) {
        let out = view.ran_out.is_some();
        let Some(warned) = &mut self.warned else {
            self.warned = Some(view.warning);
            self.rang_out = out;
            return;
        };
        let sound = game.settings.clock_sound;
        for p in Player::BOTH {
            let now = view.warning[p.index()];
            if now && !warned[p.index()] && sound && !out {
                commands.push(GameCommand::PlaySound(Tone::Warning));
            }
            warned[p.index()] = now;
        }
        if out && !self.rang_out && sound {
            commands.push(GameCommand::PlaySound(Tone::TimeUp));
        }
        self.rang_out = out;
    }

    fn set_full(&mut self, ctx: &egui::Context, full: bool) {
        self.full = full;
        ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(full));
    }

    fn handle_keys(
        &mut self,
        ui: &mut egui::Ui,
        game: &WarmasterGame,
        commands: &mut Vec<GameCommand>,
        now: u64,
    ) {
        let ctx = ui.ctx();
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        let (space, p, escape) = ctx.input(|i| {
            (
                i.key_pressed(egui::Key::Space),
                i.key_pressed(egui::Key::P),
                i.key_pressed(egui::Key::Escape),
            )
        });
        if space {
            switch(game, commands, now);
        }
        if p {
            pause_or_resume(game, commands, now);
        }
        if escape && self.full {
            self.set_full(ctx, false);
        }
    }

    fn buttons(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &WarmasterGame,
        commands: &mut Vec<GameCommand>,
        now: u64,
    ) {
        let clock = &game.clock;
        if !clock.started() && clock.ran_out.is_none() {
            let starting = game.starting_player.unwrap_or(Player::A);
            if ui
                .button(texts.f("wm.clock.start", &[("name", name(game, starting))]))
                .clicked()
            {
                edit(
                    commands,
                    WarmasterEdit::Clock(ClockEdit::Start {
                        player: starting,
                        now_ms: now,
                    }),
                );
            }
        }
        if clock.running.is_some() && ui.button(texts.t("wm.clock.switch")).clicked() {
            switch(game, commands, now);
        }
        if clock.running.is_some() && ui.button(texts.t("wm.clock.pause")).clicked() {
            pause_or_resume(game, commands, now);
        }
        if clock.paused.is_some() && ui.button(texts.t("wm.clock.resume")).clicked() {
            pause_or_resume(game, commands, now);
        }
        if (clock.running.is_some() || clock.paused.is_some())
            && ui.button(texts.t("wm.clock.stop")).clicked()
        {
            edit(
                commands,
                WarmasterEdit::Clock(ClockEdit::Stop { now_ms: now }),
            );
        }
        let full = if self.full {
            texts.t("wm.clock.leave_full")
        } else {
            texts.t("wm.clock.full")
        };
        if ui.button(full).clicked() {
            let next = !self.full;
            self.set_full(ui.ctx(), next);
        }
        let mut sound = game.settings.clock_sound;
        if ui
            .checkbox(&mut sound, texts.t("wm.clock.sound"))
            .on_hover_text(texts.t("wm.clock.sound.hover"))
            .changed()
        {
            edit(commands, WarmasterEdit::SetClockSound(sound));
        }
        ui.weak(texts.t("wm.clock.keys"));
    }

    fn faces(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &WarmasterGame,
        commands: &mut Vec<GameCommand>,
        now: u64,
        rect: egui::Rect,
    ) {
        let view = game.clock.view(now);
        let status_h = 36.0;
        let faces = rect.with_max_y((rect.max.y - status_h).max(rect.min.y + 60.0));
        let wide = faces.width() >= faces.height();
        let halves = if wide {
            let mid = faces.center().x;
            [faces.with_max_x(mid - 4.0), faces.with_min_x(mid + 4.0)]
        } else {
            let mid = faces.center().y;
            [faces.with_max_y(mid - 4.0), faces.with_min_y(mid + 4.0)]
        };
        let blink = (now / 500).is_multiple_of(2);
        for p in Player::BOTH {
            let half = halves[p.index()];
            let left = view.remaining_ms[p.index()];
            let running = view.running == Some(p);
            let out = view.ran_out.is_some_and(|o| o.player == p);
            let warning = left < WARNING_MS;
            let visuals = ui.visuals();
            let mut fill = if running {
                player_colour(p).gamma_multiply(0.35)
            } else {
                visuals.faint_bg_color
            };
            if out {
                fill = egui::Color32::from_rgb(120, 0, 0);
            } else if warning && running && blink {
                fill = egui::Color32::from_rgb(200, 30, 30);
            }
            ui.painter().rect_filled(half, 12.0, fill);
            if running {
                ui.painter().rect_stroke(
                    half,
                    12.0,
                    egui::Stroke::new(4.0, player_colour(p)),
                    egui::StrokeKind::Inside,
                );
            }
            let size = (half.height() * 0.45)
                .min(half.width() * 0.22)
                .clamp(24.0, 400.0);
            let response = ui.interact(
                half,
                egui::Id::unique(("wm.clock.face", p.index())),
                egui::Sense::click(),
            );
            if response.clicked() && running {
                switch(game, commands, now);
            }
            ui.scope_builder(egui::UiBuilder::new().max_rect(half), |ui| {
                ui.vertical_centered(|ui| {
                    ui.add_space((half.height() - size * 1.7).max(0.0) / 2.0);
                    ui.label(
                        egui::RichText::new(name(game, p))
                            .size((size * 0.3).clamp(14.0, 60.0))
                            .strong(),
                    );
                    let time = egui::RichText::new(format_ms(left)).size(size).monospace();
                    let time = if warning {
                        time.color(egui::Color32::WHITE)
                    } else {
                        time.color(ui.visuals().strong_text_color())
                    };
                    ui.label(time);
                    if warning && !out {
                        ui.label(texts.t("wm.clock.warning"));
                    }
                    if out {
                        ui.label(texts.t("wm.clock.ran_out"));
                    }
                });
            });
        }
        let status = rect.with_min_y(faces.max.y + 4.0);
        ui.scope_builder(egui::UiBuilder::new().max_rect(status), |ui| {
            ui.vertical_centered(|ui| {
                let text = if let Some(pause) = view.paused {
                    texts.f(
                        "wm.clock.paused",
                        &[
                            ("round", &pause.round.to_string()),
                            ("name", name(game, pause.player)),
                        ],
                    )
                } else if let Stage::Turn { round, player, .. } = game.stage() {
                    texts.f(
                        "wm.clock.turn",
                        &[("round", &round.to_string()), ("name", name(game, player))],
                    )
                } else {
                    String::new()
                };
                ui.label(egui::RichText::new(text).size(20.0).strong());
            });
        });
    }
}

/// The faces and, under them, a bar for the buttons.
fn split_bar(rect: egui::Rect) -> (egui::Rect, egui::Rect) {
    let bar = 40.0;
    (
        rect.with_max_y(rect.max.y - bar),
        rect.with_min_y(rect.max.y - bar),
    )
}

/// Switches the clock to the other player.
fn switch(game: &WarmasterGame, commands: &mut Vec<GameCommand>, now: u64) {
    if game.clock.running.is_some() {
        edit(
            commands,
            WarmasterEdit::Clock(ClockEdit::Switch { now_ms: now }),
        );
    }
}

/// Pauses for a combat phase, or resumes.
fn pause_or_resume(game: &WarmasterGame, commands: &mut Vec<GameCommand>, now: u64) {
    if game.clock.paused.is_some() {
        edit(
            commands,
            WarmasterEdit::Clock(ClockEdit::Resume { now_ms: now }),
        );
    } else if game.clock.running.is_some() {
        edit(
            commands,
            WarmasterEdit::Clock(ClockEdit::Pause { now_ms: now }),
        );
    }
}
