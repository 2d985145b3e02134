//! Warheim: the screens of `feldherr-warheim` games. The Rosters tab (one
//! editor per player, the commander hidden from the other players' view),
//! the Turn tab (groups, activations, squad orders), the Attack tab (the
//! attack with every modifier and its exact odds, morale tests), the
//! fighters' states in the side panel, the fighters on the table with their
//! facing, and the skirmish report.

mod attack_panel;
mod on_table;
mod roster_editor;
mod sheet;
mod states;
mod turn_tracker;

use std::sync::LazyLock;

use eframe::egui;
use feldherr_play::{Game, Lang};
use feldherr_warheim::{Warheim, WarheimEdit};

pub use attack_panel::AttackPanel;
pub use roster_editor::RosterEditor;
pub use sheet::skirmish_report;
pub use turn_tracker::TurnTracker;

use super::{GameContext, SystemInfo, SystemUi, Tab};
use crate::app::Command;
use crate::document::{DocumentEdit, GameDoc, GameEdit};
use crate::i18n::Texts;
use crate::systems::SystemEdit;
use crate::ui::table_canvas::Overlay;

/// A Warheim game.
pub type WarheimGame = feldherr_warheim::Warheim;

/// What the start screen and the sheets know of Warheim.
pub const INFO: SystemInfo = SystemInfo {
    id: "warheim",
    key: "system.warheim",
    playable: true,
    tools: &[],
    catalogues: &[
        ("en", include_str!("i18n/en.json")),
        ("de", include_str!("i18n/de.json")),
    ],
    messages: |code| Lang::from_code(code).map(WarheimGame::messages),
    record_sheet: Some(record_sheet),
    tool_screen: None,
};

fn record_sheet(texts: &Texts, doc: &GameDoc) -> Result<feldherr_sheet::Document, String> {
    skirmish_report(texts, doc, crate::sheets::SheetOptions::default())
}

static NO_GAME: LazyLock<Warheim> = LazyLock::new(Warheim::new_game);

/// The Warheim game of `doc` (an empty one for another system's document).
pub fn wh(doc: &GameDoc) -> &Warheim {
    match &doc.game {
        crate::systems::SystemGame::Warheim(game) => game,
        _ => &NO_GAME,
    }
}

/// The Warheim game of `doc`, to change (tests).
pub fn wh_mut(doc: &mut GameDoc) -> Option<&mut Warheim> {
    match &mut doc.game {
        crate::systems::SystemGame::Warheim(game) => Some(game),
        _ => None,
    }
}

/// A Warheim edit as a document edit.
pub fn game_edit(edit: WarheimEdit) -> GameEdit {
    GameEdit::System(SystemEdit::Warheim(edit))
}

/// Tries `edit` on a copy of the game: on success pushes it as a command,
/// otherwise returns the engine's message (shown beside the form).
pub fn try_edit(
    doc: &GameDoc,
    commands: &mut Vec<Command>,
    edit: WarheimEdit,
) -> Result<(), String> {
    let mut game = wh(doc).clone();
    let mut table = doc.table_or_default();
    game.apply(&edit, &mut table).map_err(|e| e.to_string())?;
    commands.push(Command::Edit(DocumentEdit::Game(game_edit(edit))));
    Ok(())
}

/// Shows `error` in the error colour, if any.
pub(crate) fn error_line(ui: &mut egui::Ui, error: Option<&String>) {
    if let Some(e) = error {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
}

/// "Player 2: Orcs" as the views and lists name a player.
pub(crate) fn player_label(texts: &Texts, game: &Warheim, player: usize) -> String {
    let name = game.rosters.get(player).map_or("", |r| r.player.as_str());
    texts.f(
        "wh.player",
        &[("n", &(player + 1).to_string()), ("name", name)],
    )
}

/// A fighter's name by id ("#12" when unknown).
pub(crate) fn fighter_name(game: &Warheim, id: feldherr_play::Id) -> String {
    game.rosters
        .iter()
        .find_map(|r| r.fighter(id))
        .map_or_else(|| id.to_string(), |f| f.name.clone())
}

const TABS: &[Tab] = &[
    Tab {
        id: "rosters",
        label: "wh.tab.rosters",
    },
    Tab {
        id: "turn",
        label: "wh.tab.turn",
    },
    Tab {
        id: "attack",
        label: "wh.tab.attack",
    },
];

/// The Warheim screens of one open game.
#[derive(Debug, Default)]
pub struct WarheimUi {
    /// Whose eyes the screens show: `None` the referee (everything),
    /// `Some(p)` player `p` (the other players' commanders hidden until
    /// revealed).
    viewer: Option<usize>,
    rosters: RosterEditor,
    turn: TurnTracker,
    attack: AttackPanel,
    states_error: Option<String>,
    place: on_table::PlaceForm,
}

impl WarheimUi {
    fn view_switch(&mut self, ui: &mut egui::Ui, texts: &Texts, game: &Warheim) {
        ui.horizontal_wrapped(|ui| {
            ui.label(texts.t("wh.view_as"));
            ui.selectable_value(&mut self.viewer, None, texts.t("wh.view.referee"));
            for p in 0..game.rosters.len() {
                ui.selectable_value(
                    &mut self.viewer,
                    Some(p),
                    texts.f("wh.view.player", &[("n", &(p + 1).to_string())]),
                );
            }
        });
        if self.viewer.is_some_and(|p| p >= game.rosters.len()) {
            self.viewer = None;
        }
    }
}

impl SystemUi for WarheimUi {
    fn tabs(&self) -> &'static [Tab] {
        TABS
    }

    fn show_tab(&mut self, tab: &'static str, ui: &mut egui::Ui, ctx: &mut GameContext<'_>) {
        let game = wh(ctx.doc);
        self.view_switch(ui, ctx.texts, game);
        ui.separator();
        egui::ScrollArea::vertical()
            .id_salt(("wh.tab", tab))
            .auto_shrink([false, false])
            .show(ui, |ui| match tab {
                "rosters" => self.rosters.show(ui, ctx, self.viewer),
                "turn" => self.turn.show(ui, ctx, self.viewer),
                _ => self.attack.show(ui, ctx, self.viewer, &self.turn.seen),
            });
    }

    fn side_panel(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_>) {
        states::show(ui, ctx, self.viewer, &mut self.states_error);
    }

    fn resolution_header(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_>, index: usize) {
        attack_panel::apply_button(ui, ctx, index);
    }

    fn table_header(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_>) -> Overlay {
        on_table::header(ui, ctx, self.viewer, &mut self.place)
    }
}
