//! The 40K free-for-all for 3-4 players: the screens of
//! `feldherr-wh40k-ffa`. The Players tab sets the players and their
//! armies (and the mission's zone sizes), the table canvas leads through
//! the deployment choice (F1), the Rounds tab keeps the dice bag and the
//! turn order (F2), the Combat tab offers the turn's close combats from
//! the units' state and enters multi-sided combats (F3, F4) that the
//! resolution panel then drives step by step, the Units tab shows every
//! unit's state and history (PF1-PF3), and the record sheet prints the
//! game. No rule lives here: every check and every
//! result comes from the crate.

mod combat;
pub mod deployment;
mod players;
mod rounds;
mod units;

use eframe::egui;
use feldherr_host::document::GameDoc;
use feldherr_play::PlayError;
use feldherr_wh40k_ffa::words::name_of;
use feldherr_wh40k_ffa::{FfaEdit, FfaOutcome, FfaResolution, FreeForAll};

use crate::systems::{GameCommand, GameContext, SystemScreens, Tab, View, check_edit, game_of};
use crate::ui::table_canvas::Overlay;

static NO_GAME: std::sync::LazyLock<FreeForAll> =
    std::sync::LazyLock::new(<FreeForAll as feldherr_play::Game>::new_game);

/// The free-for-all game of a document (an empty one for another system).
pub fn ffa(doc: &GameDoc) -> &FreeForAll {
    game_of::<FreeForAll>(doc).unwrap_or(&NO_GAME)
}

/// The command that applies a free-for-all edit to the open game.
pub fn command(edit: FfaEdit) -> GameCommand {
    GameCommand::edit::<FreeForAll>(edit)
}

/// Whether `edit` would be taken: the engine's refusal, if any, before
/// anything is sent.
pub fn try_edit(doc: &GameDoc, edit: &FfaEdit) -> Result<(), PlayError> {
    check_edit::<FreeForAll>(doc, edit)
}

/// A player's mark in his colour (the shape is the second cue for
/// greyscale and colour-blind readers), the size of a line of text.
fn swatch(ui: &mut egui::Ui, seat: feldherr_wh40k_ffa::Seat) {
    use crate::ui::palette::{PlayerMark, player_colour, player_mark};
    let size = ui.text_style_height(&egui::TextStyle::Body);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let colour = player_colour(seat);
    let c = rect.center();
    let r = size * 0.4;
    let painter = ui.painter();
    match player_mark(seat) {
        PlayerMark::Circle => {
            painter.circle_filled(c, r, colour);
        }
        PlayerMark::Square => {
            painter.rect_filled(
                egui::Rect::from_center_size(c, egui::vec2(r * 1.8, r * 1.8)),
                0.0,
                colour,
            );
        }
        PlayerMark::Triangle => {
            painter.add(egui::Shape::convex_polygon(
                vec![
                    c + egui::vec2(0.0, -r),
                    c + egui::vec2(r, r),
                    c + egui::vec2(-r, r),
                ],
                colour,
                egui::Stroke::NONE,
            ));
        }
        PlayerMark::Diamond => {
            painter.add(egui::Shape::convex_polygon(
                vec![
                    c + egui::vec2(0.0, -r),
                    c + egui::vec2(r, 0.0),
                    c + egui::vec2(0.0, r),
                    c + egui::vec2(-r, 0.0),
                ],
                colour,
                egui::Stroke::NONE,
            ));
        }
    }
}

/// Shows an error line in the theme's error colour.
fn error_line(ui: &mut egui::Ui, text: &str) {
    ui.colored_label(ui.visuals().error_fg_color, text);
}

/// The tabs of a free-for-all game.
const TABS: &[Tab] = &[
    Tab {
        id: "players",
        label: "ffa.tab.players",
    },
    Tab {
        id: "rounds",
        label: "ffa.tab.rounds",
    },
    Tab {
        id: "combat",
        label: "ffa.tab.combat",
    },
    Tab {
        id: "units",
        label: "ffa.tab.units",
    },
];

/// The free-for-all screens of one open game.
#[derive(Debug, Default)]
pub struct FfaUi {
    players: players::PlayersTab,
    rounds: rounds::RoundsTab,
    combat: combat::CombatTab,
    units: units::UnitsTab,
}

impl SystemScreens for FfaUi {
    type Game = FreeForAll;
    const CATALOGUES: &'static [(&'static str, &'static str)] = &[
        ("en", include_str!("i18n/en.json")),
        ("de", include_str!("i18n/de.json")),
    ];
    const PLAYABLE: bool = true;

    fn tabs(&self) -> &'static [Tab] {
        TABS
    }

    fn show_tab(
        &mut self,
        tab: &'static str,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, FreeForAll>,
    ) {
        egui::ScrollArea::vertical()
            .id_salt(("ffa", tab))
            .auto_shrink([false, false])
            .show(ui, |ui| match tab {
                "players" => self.players.show(ui, ctx),
                "rounds" => self.rounds.show(ui, ctx),
                "combat" => self.combat.show(ui, ctx),
                "units" => self.units.show(ui, ctx),
                _ => {}
            });
    }

    fn side_panel(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, FreeForAll>) {
        side_summary(ui, ctx);
    }

    fn resolution_header(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, FreeForAll>,
        index: usize,
    ) {
        let game = ffa(ctx.doc);
        let Some(saved) = game.saved().get(index) else {
            return;
        };
        match saved.kind() {
            FfaResolution::Combat(c) => {
                combat::combat_header(ui, ctx.texts, c, saved.outcome());
                if let (false, Some(FfaOutcome::Combat(o))) = (saved.applied(), saved.outcome()) {
                    ui.label(egui::RichText::new(ctx.texts.t("ffa.apply.will")).strong());
                    for line in combat::apply_lines(ctx.texts, c, o) {
                        ui.label(line);
                    }
                }
            }
            FfaResolution::RollOff(_) | FfaResolution::Draw(_) => {}
        }
        next_step(ui, ctx, index);
        apply_row(ui, ctx, index);
        ui.separator();
    }

    fn table_header(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, FreeForAll>,
    ) -> Overlay {
        deployment::table_header(ui, ctx)
    }
}

/// The current prompt of resolution `index` in the current language (the
/// panel below shows the engine's own words and the odds).
fn next_step(ui: &mut egui::Ui, ctx: &mut GameContext<'_, FreeForAll>, index: usize) {
    use feldherr_dice::step::Prompt;
    let texts = ctx.texts;
    let resolutions = ctx.doc.game.resolutions();
    let Some(prompt) = resolutions.resolution_at(index).and_then(|r| r.prompt()) else {
        return;
    };
    let text = match &prompt {
        Prompt::Roll(request) => request.message.as_ref().map(|m| texts.message(m)),
        Prompt::Choice(request) => request.message.as_ref().map(|m| {
            let options: Vec<String> = request
                .options
                .iter()
                .map(|o| {
                    o.message
                        .as_ref()
                        .map_or_else(|| o.label.clone(), |m| texts.message(m))
                })
                .collect();
            format!("{} ({})", texts.message(m), options.join(" / "))
        }),
    };
    if let Some(text) = text {
        ui.label(egui::RichText::new(texts.f("ffa.next_step", &[("prompt", &text)])).strong());
    }
}

/// The apply button of a finished resolution, or the note that it is
/// applied.
fn apply_row(ui: &mut egui::Ui, ctx: &mut GameContext<'_, FreeForAll>, index: usize) {
    let texts = ctx.texts;
    let game = ffa(ctx.doc);
    let Some(saved) = game.saved().get(index) else {
        return;
    };
    let Some(outcome) = saved.outcome() else {
        ui.weak(texts.t("ffa.apply.unfinished"));
        return;
    };
    let (button, done) = match outcome {
        FfaOutcome::RollOff(w) => (
            texts.f("ffa.apply.roll_off", &[("player", &w.name)]),
            texts.f("ffa.applied.roll_off", &[("player", &w.name)]),
        ),
        FfaOutcome::Draw(d) => (
            texts.f(
                "ffa.apply.draw",
                &[("player", &d.name), ("round", &d.round.to_string())],
            ),
            texts.f(
                "ffa.applied.draw",
                &[("player", &d.name), ("round", &d.round.to_string())],
            ),
        ),
        FfaOutcome::Combat(_) => (
            texts.t("ffa.apply.combat").to_owned(),
            texts.t("ffa.applied.combat").to_owned(),
        ),
    };
    if saved.applied() {
        ui.label(egui::RichText::new(done).strong());
        return;
    }
    let edit = FfaEdit::Apply(saved.id());
    let check = try_edit(ctx.doc, &edit);
    if ui
        .add_enabled(check.is_ok(), egui::Button::new(button))
        .clicked()
    {
        ctx.commands.push(command(edit));
    }
    if let Err(e) = check {
        error_line(ui, &rounds::refusal_text(texts, &e));
    }
}

/// The side panel: the round, whose turn it is and where to go next.
fn side_summary(ui: &mut egui::Ui, ctx: &mut GameContext<'_, FreeForAll>) {
    let texts = ctx.texts;
    let game = ffa(ctx.doc);
    ui.label(egui::RichText::new(texts.t("ffa.side.title")).strong());
    if game.players().is_empty() {
        ui.weak(texts.t("ffa.side.no_players"));
        if ui.button(texts.t("ffa.side.go_players")).clicked() {
            *ctx.view = View::System("players");
        }
        return;
    }
    // Each player in his colour, with his units still in the fight and
    // those fleeing (the Units tab has the details).
    for (seat, player) in game.players().iter().enumerate() {
        let colour = crate::ui::palette::player_colour(seat);
        let rows: Vec<_> = game
            .unit_rows()
            .into_iter()
            .filter(|r| r.seat == seat)
            .collect();
        let fighting = rows.iter().filter(|r| r.status.active()).count();
        let fleeing = rows
            .iter()
            .filter(|r| matches!(r.status, feldherr_wh40k_ffa::UnitStatus::Fleeing { .. }))
            .count();
        ui.horizontal_wrapped(|ui| {
            swatch(ui, seat);
            ui.label(egui::RichText::new(&player.name).color(colour).strong());
            ui.weak(texts.f(
                "ffa.side.units",
                &[
                    ("fighting", &fighting.to_string()),
                    ("of", &rows.len().to_string()),
                    ("fleeing", &fleeing.to_string()),
                ],
            ));
        });
    }
    if let Some(step) = game.deployment_step() {
        ui.label(texts.f(
            "ffa.side.deploying",
            &[("player", &name_of(game, texts, step.seat))],
        ));
        if ui.button(texts.t("ffa.side.go_table")).clicked() {
            *ctx.view = View::Table;
        }
    }
    match game.current_turn() {
        Some((round, seat)) => {
            ui.label(
                egui::RichText::new(texts.f(
                    "ffa.turn.now",
                    &[
                        ("round", &round.to_string()),
                        ("player", &name_of(game, texts, seat)),
                    ],
                ))
                .strong(),
            );
        }
        None => {
            ui.weak(texts.t("ffa.turn.before_roll_off"));
        }
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button(texts.t("ffa.side.go_rounds")).clicked() {
            *ctx.view = View::System("rounds");
        }
        if ui.button(texts.t("ffa.side.go_combat")).clicked() {
            *ctx.view = View::System("combat");
        }
        if ui.button(texts.t("ffa.side.go_units")).clicked() {
            *ctx.view = View::System("units");
        }
    });
}
