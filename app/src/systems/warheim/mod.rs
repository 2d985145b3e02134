//! Warheim: the screens of `feldherr-warheim` games. The Rosters tab (one
//! editor per player, the commander hidden from the other players' view),
//! the Turn tab (groups, each activation as one flow: declare, the move
//! drawn on the table, who saw, reactions, resolutions; squad orders), the
//! Attack tab (started from the declared action: every modifier and its
//! exact odds, morale tests), the fighters' states in the side panel, the
//! fighters on the table with their facing, heights, the move, the seers
//! and the reach, and the skirmish report. The Magic, Markers and Actions
//! tabs (`magic_panel`, `markers_panel`, `actions_panel`) carry the other
//! edits of the text; `template_tool` lays a template on the table.

mod actions_panel;
mod activation_panel;
mod attack_panel;
mod magic_panel;
mod markers_panel;
mod on_table;
mod roster_editor;
mod spells_form;
mod states;
mod template_tool;
mod turn_tracker;

use std::sync::LazyLock;

use eframe::egui;
use feldherr_host::document::GameDoc;
use feldherr_play::Game;
use feldherr_warheim::{Warheim, WarheimEdit};

pub use attack_panel::AttackPanel;
pub use feldherr_warheim::words::{fighter_name, player_label};
pub use roster_editor::RosterEditor;
pub use turn_tracker::TurnTracker;

use super::{GameCommand, GameContext, SystemScreens, Tab, check_edit, game_of};
use crate::i18n::Texts;
use crate::ui::table_canvas::{Overlay, PathEvent};

static NO_GAME: LazyLock<Warheim> = LazyLock::new(Warheim::new_game);

/// The Warheim game of `doc` (an empty one for another system's document).
pub fn wh(doc: &GameDoc) -> &Warheim {
    game_of::<Warheim>(doc).unwrap_or(&NO_GAME)
}

/// Sends `edit` when the engine would take it; otherwise returns the
/// engine's message in the interface language (shown beside the form).
pub fn try_edit(
    doc: &GameDoc,
    commands: &mut Vec<GameCommand>,
    texts: &Texts,
    edit: WarheimEdit,
) -> Result<(), String> {
    check_edit::<Warheim>(doc, &edit).map_err(|e| texts.error(&e))?;
    commands.push(GameCommand::edit::<Warheim>(edit));
    Ok(())
}

/// Shows `error` in the error colour, if any.
pub(crate) fn error_line(ui: &mut egui::Ui, error: Option<&String>) {
    if let Some(e) = error {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
}

/// The fighter `id` of any roster.
pub(crate) fn fighter(game: &Warheim, id: feldherr_play::Id) -> Option<&feldherr_warheim::Fighter> {
    game.rosters.iter().find_map(|r| r.fighter(id))
}

/// A one-line text field of `width` points with its label before it (the
/// label names the field for screen readers and the window tests).
pub(crate) fn text_field(
    ui: &mut egui::Ui,
    label: impl Into<egui::WidgetText>,
    value: &mut String,
    width: f32,
) -> egui::Response {
    let l = ui.label(label);
    ui.add(egui::TextEdit::singleline(value).desired_width(width))
        .labelled_by(l.id)
}

/// The able fighters (not down) of every player but `player`, each with
/// his player.
pub(crate) fn able_enemies(
    game: &Warheim,
    player: usize,
) -> impl Iterator<Item = (usize, &feldherr_warheim::Fighter)> {
    game.rosters
        .iter()
        .enumerate()
        .filter(move |(p, _)| *p != player)
        .flat_map(|(p, r)| r.fighters.iter().filter(|f| !f.down()).map(move |f| (p, f)))
}

/// A pick of one of `options` (value and name) or none (`none` names it),
/// shown as a drop-down labelled `label`: the fighter, weapon or spell
/// forms of the tabs.
pub(crate) fn pick_or_none<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    label: &str,
    none: &str,
    value: &mut Option<T>,
    options: impl IntoIterator<Item = (T, String)>,
) {
    let options: Vec<(T, String)> = options.into_iter().collect();
    let shown = value
        .and_then(|v| options.iter().find(|(o, _)| *o == v))
        .map_or_else(|| none.to_owned(), |(_, name)| name.clone());
    egui::ComboBox::new(id, label)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            ui.selectable_value(value, None, none);
            for (option, name) in options {
                ui.selectable_value(value, Some(option), name);
            }
        });
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
    Tab {
        id: "magic",
        label: "wh.tab.magic",
    },
    Tab {
        id: "markers",
        label: "wh.tab.markers",
    },
    Tab {
        id: "actions",
        label: "wh.tab.actions",
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
    magic: magic_panel::MagicPanel,
    markers: markers_panel::MarkersPanel,
    actions: actions_panel::ActionsPanel,
    template: template_tool::TemplateTool,
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
                    texts.f("wh.view.player", &[("name", &player_label(texts, game, p))]),
                );
            }
        });
        if self.viewer.is_some_and(|p| p >= game.rosters.len()) {
            self.viewer = None;
        }
    }
}

impl SystemScreens for WarheimUi {
    type Game = Warheim;
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
        ctx: &mut GameContext<'_, Warheim>,
    ) {
        let game = wh(ctx.doc);
        self.view_switch(ui, ctx.texts, game);
        ui.separator();
        egui::ScrollArea::vertical()
            .id_salt(("wh.tab", tab))
            .auto_shrink([false, false])
            .show(ui, |ui| match tab {
                "rosters" => self.rosters.show(ui, ctx, self.viewer),
                "turn" => self.turn.show(ui, ctx, self.viewer),
                "magic" => {
                    if let Some(slot) = self.turn.activation.request.take() {
                        self.magic.pending = Some(slot);
                    }
                    self.magic.show(ui, ctx, &mut self.template);
                }
                "markers" => self.markers.show(ui, ctx),
                "actions" => {
                    if let Some(slot) = self.turn.activation.request.take() {
                        self.actions.pending = Some(slot);
                    }
                    self.actions.show(ui, ctx, &mut self.template);
                }
                _ => {
                    if let Some(slot) = self.turn.activation.request.take() {
                        self.attack.pending = Some(slot);
                    }
                    self.attack.show(ui, ctx, self.viewer, &self.template);
                }
            });
    }

    fn side_panel(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, Warheim>) {
        states::show(ui, ctx, self.viewer, &mut self.states_error);
    }

    fn resolution_header(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        index: usize,
    ) {
        attack_panel::apply_button(ui, ctx, index);
    }

    fn table_header(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, Warheim>) -> Overlay {
        let mut overlay = on_table::header(ui, ctx, self.viewer, &mut self.place);
        self.turn.activation.table_header(ui, ctx, &mut overlay);
        let table = ctx.table();
        self.template
            .overlay(&mut overlay, ctx.texts, ctx.game(), &table);
        overlay
    }

    fn handle_event(
        &mut self,
        event: crate::ui::table_canvas::HandleEvent,
        _ctx: &mut GameContext<'_, Warheim>,
    ) {
        self.template.handle(event);
    }

    fn path_event(&mut self, event: PathEvent, ctx: &mut GameContext<'_, Warheim>) {
        self.turn.activation.path_event(event, ctx);
    }
}
