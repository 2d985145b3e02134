//! The turn tracker (H5): each group's remaining activations as the viewer
//! may know them, whose choice it is, the acting group's activations
//! (short or full actions), its squad order, Solos joining, and the end of
//! the group and of the turn.

use eframe::egui;
use feldherr_play::Id;
use feldherr_warheim::{
    ActionPlan, FullAction, ShortAction, Source, TurnView, Warheim, WarheimEdit,
};

use super::{error_line, fighter_name, player_label, try_edit, wh};
use crate::i18n::Texts;
use crate::systems::GameContext;

const SHORT: [ShortAction; 16] = [
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

const FULL: [FullAction; 12] = [
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
#[derive(Debug)]
pub struct TurnTracker {
    fighter: Option<Id>,
    source: Source,
    full: bool,
    first: ShortAction,
    second: Option<ShortAction>,
    full_action: FullAction,
    order_first: ShortAction,
    order_second: ShortAction,
    error: Option<String>,
    /// Fighters of the other players who saw the acting group's model
    /// this activation: they may declare reactions (H5).
    pub seen: std::collections::BTreeSet<Id>,
}

impl Default for TurnTracker {
    fn default() -> Self {
        Self {
            fighter: None,
            source: Source::Pool,
            full: false,
            first: ShortAction::Move,
            second: Some(ShortAction::Attack),
            full_action: FullAction::Charge,
            order_first: ShortAction::Move,
            order_second: ShortAction::Attack,
            error: None,
            seen: std::collections::BTreeSet::new(),
        }
    }
}

fn short_combo(ui: &mut egui::Ui, texts: &Texts, id: &str, label: &str, value: &mut ShortAction) {
    egui::ComboBox::new(id, label)
        .selected_text(texts.t(&short_key(*value)))
        .show_ui(ui, |ui| {
            for a in SHORT {
                ui.selectable_value(value, a, texts.t(&short_key(a)));
            }
        });
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
            self.fighter = None;
            self.seen.clear();
        }
        ui.separator();
        if let Some(active) = view.active.and_then(|i| turn.groups.get(i)) {
            self.active_group(ui, ctx, game, active, viewer);
        } else if turn.finished() {
            ui.label(texts.t("wh.turn.all_spent"));
        }
        ui.horizontal_wrapped(|ui| {
            if view.active.is_some() && ui.button(texts.t("wh.turn.end_group")).clicked() {
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
        ui.strong(texts.t("wh.turn.activation"));
        ui.label(texts.f(
            "wh.turn.pool",
            &[
                ("pool", &group.pool.to_string()),
                ("own", &group.own.len().to_string()),
            ],
        ));
        if self.fighter.is_none_or(|f| !group.fighters.contains(&f)) {
            self.fighter = group.fighters.first().copied();
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(texts.t("wh.turn.fighter"));
            for f in &group.fighters {
                ui.selectable_value(&mut self.fighter, Some(*f), fighter_name(game, *f));
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(texts.t("wh.turn.source"));
            ui.selectable_value(&mut self.source, Source::Pool, texts.t("wh.source.pool"));
            ui.selectable_value(&mut self.source, Source::Own, texts.t("wh.source.own"));
            // Only the owner (and the referee) know the extra activation;
            // using it reveals the commander (H5).
            if group.commander_extra && viewer.is_none_or(|v| v == group.player) {
                ui.selectable_value(
                    &mut self.source,
                    Source::CommanderExtra,
                    texts.t("wh.source.commander"),
                );
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(&mut self.full, false, texts.t("wh.turn.short"));
            ui.selectable_value(&mut self.full, true, texts.t("wh.turn.full"));
        });
        ui.horizontal_wrapped(|ui| {
            if self.full {
                egui::ComboBox::new("wh.turn.full_action", texts.t("wh.turn.full_action"))
                    .selected_text(texts.t(&full_key(self.full_action)))
                    .show_ui(ui, |ui| {
                        for a in FULL {
                            ui.selectable_value(&mut self.full_action, a, texts.t(&full_key(a)));
                        }
                    });
            } else {
                short_combo(
                    ui,
                    texts,
                    "wh.turn.first",
                    texts.t("wh.turn.first"),
                    &mut self.first,
                );
                let shown = self.second.map_or_else(
                    || texts.t("wh.turn.nothing").to_owned(),
                    |a| texts.t(&short_key(a)).to_owned(),
                );
                egui::ComboBox::new("wh.turn.second", texts.t("wh.turn.second"))
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut self.second, None, texts.t("wh.turn.nothing"));
                        for a in SHORT {
                            ui.selectable_value(&mut self.second, Some(a), texts.t(&short_key(a)));
                        }
                    });
            }
        });
        if ui.button(texts.t("wh.turn.activate")).clicked() {
            self.error = match self.fighter {
                None => Some(texts.t("wh.turn.pick_fighter").to_owned()),
                Some(fighter) => {
                    let plan = if self.full {
                        ActionPlan::Full(self.full_action)
                    } else {
                        ActionPlan::Short(self.first, self.second)
                    };
                    try_edit(
                        ctx.doc,
                        ctx.commands,
                        ctx.texts,
                        WarheimEdit::Activate {
                            fighter,
                            source: self.source,
                            plan,
                        },
                    )
                    .err()
                }
            };
            if self.source == Source::CommanderExtra {
                self.source = Source::Pool;
            }
        }
        // Who saw the active model: only they react (H5).
        ui.horizontal_wrapped(|ui| {
            ui.label(texts.t("wh.turn.saw"));
            for (p, r) in game.rosters.iter().enumerate() {
                if p == group.player {
                    continue;
                }
                for f in r.fighters.iter().filter(|f| !f.down()) {
                    let mut on = self.seen.contains(&f.id);
                    if ui.checkbox(&mut on, &f.name).changed() {
                        if on {
                            self.seen.insert(f.id);
                        } else {
                            self.seen.remove(&f.id);
                        }
                    }
                }
            }
        });
        if !self.seen.is_empty() {
            let names: Vec<String> = self.seen.iter().map(|f| fighter_name(game, *f)).collect();
            ui.label(texts.f("wh.turn.may_react", &[("names", &names.join(", "))]));
        }
        if group.squad_order {
            ui.horizontal_wrapped(|ui| {
                ui.label(texts.t("wh.turn.squad_order"));
                short_combo(
                    ui,
                    texts,
                    "wh.order.first",
                    texts.t("wh.turn.first"),
                    &mut self.order_first,
                );
                short_combo(
                    ui,
                    texts,
                    "wh.order.second",
                    texts.t("wh.turn.second"),
                    &mut self.order_second,
                );
                if ui.button(texts.t("wh.turn.give_order")).clicked() {
                    self.error = try_edit(
                        ctx.doc,
                        ctx.commands,
                        ctx.texts,
                        WarheimEdit::SquadOrder {
                            first: self.order_first,
                            second: self.order_second,
                        },
                    )
                    .err();
                }
            });
        }
        // Solos outside any group may join the acting group at its start.
        if !group.started {
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
