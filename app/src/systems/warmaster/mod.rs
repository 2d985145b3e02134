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
//! - The record sheet ([`game_report`], `sheet.rs`).
//! - The Warmaster tournament as a kind of event ([`TournamentScreen`],
//!   `EventHeadless` for `feldherr_warmaster::WarmasterTournament`).
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
mod sheet;
mod tournament;

pub use clock::{now_ms, set_fake_now};
pub use sheet::game_report;
pub use tournament::{TournamentScreen, from_game_file};

use eframe::egui;
use feldherr_play::{Game, Lang};
use feldherr_warmaster::{Player, WarmasterEdit};

use super::{GameContext, SystemEdit, SystemGame, SystemInfo, SystemUi, Tab, View};
use crate::app::Command;
use crate::document::{DocumentEdit, GameDoc, GameEdit};
use crate::i18n::Texts;
use crate::ui::table_canvas::{Overlay, PathEvent};

/// A Warmaster game.
pub type WarmasterGame = feldherr_warmaster::WarmasterGame;

/// What the start screen and the sheets know of Warmaster.
pub const INFO: SystemInfo = SystemInfo {
    id: "warmaster",
    key: "system.warmaster",
    playable: true,
    tools: &[],
    catalogues: &[
        ("en", include_str!("i18n/en.json")),
        ("de", include_str!("i18n/de.json")),
    ],
    messages: |code| Lang::from_code(code).map(WarmasterGame::messages),
    record_sheet: Some(record_sheet),
    tool_screen: None,
};

fn record_sheet(texts: &Texts, doc: &GameDoc) -> Result<feldherr_sheet::Document, String> {
    game_report(texts, doc, crate::sheets::SheetOptions::default())
}

/// The Warmaster game of a document (`None` for another system).
pub fn wm(doc: &GameDoc) -> Option<&WarmasterGame> {
    match &doc.game {
        SystemGame::Warmaster(game) => Some(game),
        _ => None,
    }
}

/// Pushes a Warmaster edit.
pub fn edit(commands: &mut Vec<Command>, edit: WarmasterEdit) {
    commands.push(Command::Edit(DocumentEdit::Game(GameEdit::System(
        SystemEdit::Warmaster(edit),
    ))));
}

/// A player's name as the game knows it.
pub fn name(game: &WarmasterGame, player: Player) -> &str {
    &game.player(player).name
}

/// Both names (A, B), for the engine's messages.
pub fn names(game: &WarmasterGame) -> [String; 2] {
    Player::BOTH.map(|p| game.player(p).name.clone())
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

impl SystemUi for WarmasterUi {
    fn tabs(&self) -> &'static [Tab] {
        TABS
    }

    fn full_screen(&self) -> bool {
        self.clock.is_full()
    }

    fn show_tab(&mut self, tab: &'static str, ui: &mut egui::Ui, ctx: &mut GameContext<'_>) {
        let Some(game) = wm(ctx.doc) else {
            return;
        };
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

    fn side_panel(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_>) {
        let Some(game) = wm(ctx.doc) else {
            return;
        };
        let table = ctx.doc.table_or_default();
        self.guide
            .show(ui, ctx.texts, game, &table, ctx.commands, ctx.view);
    }

    fn resolution_header(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_>, index: usize) {
        let Some(game) = wm(ctx.doc) else {
            return;
        };
        guide::apply_button(ui, ctx.texts, game, index, ctx.commands);
    }

    fn table_header(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_>) -> Overlay {
        let Some(game) = wm(ctx.doc) else {
            return Overlay::default();
        };
        let table = ctx.doc.table_or_default();
        self.placing
            .show(ui, ctx.texts, game, &table, ctx.canvas, ctx.commands)
    }

    fn path_event(&mut self, event: PathEvent, ctx: &mut GameContext<'_>) {
        self.placing.path_event(event, ctx.canvas);
        if *ctx.view != View::Table {
            *ctx.view = View::Table;
        }
    }
}
