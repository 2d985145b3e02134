//! The turn tracker (H5): each group's remaining activations as the viewer
//! may know them, whose choice it is, the acting group's activation as
//! one flow ([`super::activation_panel`]), its squad order, Solos joining,
//! and the end of the group and of the turn.

use eframe::egui;
use feldherr_play::Id;
use feldherr_warheim::{FullAction, ShortAction, TurnView, Warheim, WarheimEdit};

use super::activation_panel::ActivationPanel;
use super::{error_line, fighter_name, player_label, try_edit, wh};
use crate::i18n::Texts;
use crate::systems::GameContext;

pub(super) const SHORT: [ShortAction; 16] = [
    ShortAction::Move,
    ShortAction::SecondMove,
    ShortAction::Dodge,
    ShortAction::Throw,
    ShortAction::Turn,
    ShortAction::Block,
    ShortAction::Attack,
    ShortAction::Shoot,
    ShortAction::Special,
    ShortAction::AmbushStrike,
    ShortAction::AmbushShot,
    ShortAction::Channel,
    ShortAction::Overcome,
    ShortAction::Spot,
    ShortAction::Reload,
    ShortAction::Hide,
];

pub(super) const FULL: [FullAction; 12] = [
    FullAction::CastSpell,
    FullAction::Climb,
    FullAction::Jump { up: false },
    FullAction::Jump { up: true },
    FullAction::StealthMove,
    FullAction::Charge,
    FullAction::Reveal,
    FullAction::Manoeuvre,
    FullAction::Order,
    FullAction::ShootReload,
    FullAction::IntuitiveAttack,
    FullAction::Volley,
];

/// The catalogue key of a short action.
pub fn short_key(a: ShortAction) -> String {
    format!("wh.short.{a:?}")
}

/// The catalogue key of a full action.
pub fn full_key(a: FullAction) -> String {
    match a {
        FullAction::Jump { up: true } => "wh.full.JumpUp".to_owned(),
        FullAction::Jump { up: false } => "wh.full.Jump".to_owned(),
        other => format!("wh.full.{other:?}"),
    }
}

/// The turn tracker of the Turn tab.
#[derive(Debug, Default)]
pub struct TurnTracker {
    error: Option<String>,
    /// The running activation, as one flow.
    pub activation: ActivationPanel,
}

/// One line per group: owner, name, fighters, activations left.
fn groups_grid(ui: &mut egui::Ui, texts: &Texts, game: &Warheim, view: &TurnView) -> Option<usize> {
    let mut chosen = None;
    egui::Grid::new("wh.turn.groups")
        .striped(true)
        .num_columns(5)
        .show(ui, |ui| {
            for h in [
                "wh.turn.player",
                "wh.turn.group",
                "wh.turn.fighters",
                "wh.turn.remaining",
                "",
            ] {
                ui.strong(if h.is_empty() { "" } else { texts.t(h) });
            }
            ui.end_row();
            for g in &view.groups {
                let roster = game.rosters.get(g.player);
                ui.label(player_label(texts, game, g.player));
                let name = g
                    .group
                    .and_then(|id| roster.and_then(|r| r.groups.iter().find(|x| x.id == id)))
                    .map_or_else(|| texts.t("wh.turn.alone").to_owned(), |x| x.name.clone());
                if view.active == Some(g.index) {
                    ui.strong(format!("» {name}"));
                } else {
                    ui.label(&name);
                }
                let names: Vec<String> =
                    g.fighters.iter().map(|f| fighter_name(game, *f)).collect();
                ui.label(names.join(", "));
                ui.label(
                    egui::RichText::new(texts.f(
                        "wh.turn.left",
                        &[("group", &name), ("n", &g.remaining.to_string())],
                    ))
                    .monospace(),
                );
                if view.active.is_none()
                    && g.player == view.chooser
                    && g.remaining > 0
                    && ui
                        .button(texts.f("wh.turn.choose", &[("group", &name)]))
                        .clicked()
                {
                    chosen = Some(g.index);
                } else {
                    ui.label("");
                }
                ui.end_row();
            }
        });
    chosen
}

impl TurnTracker {
    /// Draws the tab.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        viewer: Option<usize>,
    ) {
        let texts = ctx.texts;
        let game = wh(ctx.doc);
        ui.label(texts.f("wh.turn.played", &[("n", &game.turns_played.to_string())]));
        let Some(turn) = &game.turn else {
            if ui.button(texts.t("wh.turn.start")).clicked() {
                self.error =
                    try_edit(ctx.doc, ctx.commands, ctx.texts, WarheimEdit::StartTurn).err();
            }
            error_line(ui, self.error.as_ref());
            return;
        };
        // A player sees what he may know; the referee sees everything.
        let Some(mut view) = game.turn_view(viewer.unwrap_or(turn.chooser)) else {
            return;
        };
        if viewer.is_none() {
            for g in &mut view.groups {
                g.remaining = turn.groups.get(g.index).map_or(0, |t| t.remaining());
            }
        }
        ui.heading(texts.f("wh.turn.number", &[("n", &view.number.to_string())]));
        let chooser = player_label(texts, game, view.chooser);
        ui.label(match view.active {
            None => texts.f("wh.turn.chooses", &[("player", &chooser)]),
            Some(_) => texts.f("wh.turn.acting", &[("player", &chooser)]),
        });
        if let Some(index) = groups_grid(ui, texts, game, &view) {
            self.error = try_edit(
                ctx.doc,
                ctx.commands,
                ctx.texts,
                WarheimEdit::ChooseGroup {
                    player: view.chooser,
                    group: index,
                },
            )
            .err();
        }
        ui.separator();
        if let Some(active) = view.active.and_then(|i| turn.groups.get(i)) {
            self.active_group(ui, ctx, game, active, viewer);
        } else if turn.finished() {
            ui.label(texts.t("wh.turn.all_spent"));
        }
        ui.horizontal_wrapped(|ui| {
            // An activation running ends first (its own button).
            if view.active.is_some()
                && game.activation().is_none()
                && ui.button(texts.t("wh.turn.end_group")).clicked()
            {
                self.error =
                    try_edit(ctx.doc, ctx.commands, ctx.texts, WarheimEdit::EndGroup).err();
            }
            if ui.button(texts.t("wh.turn.end_turn")).clicked() {
                self.error = try_edit(ctx.doc, ctx.commands, ctx.texts, WarheimEdit::EndTurn).err();
            }
        });
        error_line(ui, self.error.as_ref());
    }

    fn active_group(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        game: &Warheim,
        group: &feldherr_warheim::turn::GroupTurn,
        viewer: Option<usize>,
    ) {
        let texts = ctx.texts;
        self.activation.show(ui, ctx, group, viewer);
        // Solos outside any group may join the acting group at its start.
        if !group.started && game.activation().is_none() {
            let solos: Vec<Id> = game
                .rosters
                .get(group.player)
                .map(|r| {
                    r.fighters
                        .iter()
                        .filter(|f| {
                            f.is(feldherr_warheim::ModelType::Solo)
                                && r.group_of(f.id).is_none()
                                && !group.fighters.contains(&f.id)
                        })
                        .map(|f| f.id)
                        .collect()
                })
                .unwrap_or_default();
            for s in solos {
                if ui
                    .button(texts.f("wh.turn.solo_joins", &[("name", &fighter_name(game, s))]))
                    .clicked()
                {
                    self.error =
                        try_edit(ctx.doc, ctx.commands, ctx.texts, WarheimEdit::SoloJoins(s)).err();
                }
            }
        }
    }
}
