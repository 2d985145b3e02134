//! Warmaster Revolution "Guardians": the screens of `feldherr-warmaster`.
//!
//! - The side panel guides the game stage by stage (`guide.rs`): roll-offs,
//!   the alternating terrain, scenario, special rule, layout, sides, the
//!   turns with their prompts, the end.
//! - Tabs: Armies (settings with the W11 options, both armies, the text
//!   import, problems and break points), Battle (turn tracker: control per
//!   objective, EP table and chart, units lost), Result (the W8 lines), Clock
//!   (W9, with a full-screen view).
//! - The table header places terrain, stands and moves markers with live
//!   distance checks (`placing.rs`).
//! - The record sheet is the crate's (`feldherr_warmaster::game_report`).
//! - The Warmaster tournament as a kind of event ([`TournamentScreen`]).
//!
//! No rule is decided here: every action is a [`WarmasterEdit`] checked by
//! the engine, and every roll a saved resolution driven by the generic
//! resolution view.

mod armies;
mod battle;
mod clock;
mod guide;
mod placing;
mod result;
mod tournament;

pub use clock::{clock_now, now_ms, set_fake_now};
pub use feldherr_warmaster::words::{name, names};
pub use tournament::{TournamentScreen, from_game_file};

use eframe::egui;
use feldherr_host::document::GameDoc;
use feldherr_warmaster::{WarmasterEdit, WarmasterGame};

use super::{GameCommand, GameContext, SystemScreens, Tab, View, game_of};
use crate::ui::table_canvas::{Overlay, PathEvent};

/// The Warmaster game of a document (`None` for another system).
pub fn wm(doc: &GameDoc) -> Option<&WarmasterGame> {
    game_of::<WarmasterGame>(doc)
}

/// Pushes a Warmaster edit.
pub fn edit(commands: &mut Vec<GameCommand>, edit: WarmasterEdit) {
    commands.push(GameCommand::edit::<WarmasterGame>(edit));
}

const TABS: &[Tab] = &[
    Tab {
        id: "armies",
        label: "wm.tab.armies",
    },
    Tab {
        id: "battle",
        label: "wm.tab.battle",
    },
    Tab {
        id: "result",
        label: "wm.tab.result",
    },
    Tab {
        id: "clock",
        label: "wm.tab.clock",
    },
];

/// The Warmaster screens of one open game.
#[derive(Debug, Default)]
pub struct WarmasterUi {
    armies: armies::ArmiesTab,
    battle: battle::BattleTab,
    clock: clock::ClockTab,
    placing: placing::Placing,
    guide: guide::Guide,
}

impl SystemScreens for WarmasterUi {
    type Game = WarmasterGame;
    const CATALOGUES: &'static [(&'static str, &'static str)] = &[
        ("en", include_str!("i18n/en.json")),
        ("de", include_str!("i18n/de.json")),
    ];
    const PLAYABLE: bool = true;

    fn tabs(&self) -> &'static [Tab] {
        TABS
    }

    fn full_screen(&self) -> bool {
        self.clock.is_full()
    }

    fn show_tab(
        &mut self,
        tab: &'static str,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, WarmasterGame>,
    ) {
        let game = ctx.game();
        match tab {
            "armies" => self.armies.show(ui, ctx.texts, game, ctx.commands),
            "battle" => {
                let table = ctx.doc.table_or_default();
                self.battle
                    .show(ui, ctx.texts, game, &table, ctx.commands, ctx.view);
            }
            "result" => result::show(ui, ctx.texts, game),
            "clock" => self.clock.show(ui, ctx.texts, game, ctx.commands),
            _ => {}
        }
    }

    fn side_panel(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, WarmasterGame>) {
        let game = ctx.game();
        let table = ctx.doc.table_or_default();
        self.guide
            .show(ui, ctx.texts, game, &table, ctx.commands, ctx.view);
    }

    fn resolution_header(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, WarmasterGame>,
        index: usize,
    ) {
        let game = ctx.game();
        guide::apply_button(ui, ctx.texts, game, index, ctx.commands);
    }

    fn table_header(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, WarmasterGame>,
    ) -> Overlay {
        let game = ctx.game();
        let table = ctx.doc.table_or_default();
        self.placing
            .show(ui, ctx.texts, game, &table, ctx.canvas, ctx.commands)
    }

    fn path_event(&mut self, event: PathEvent, ctx: &mut GameContext<'_, WarmasterGame>) {
        self.placing.path_event(event, ctx.canvas);
        if *ctx.view != View::Table {
            *ctx.view = View::Table;
        }
    }
}
