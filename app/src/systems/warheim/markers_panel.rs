//! The Markers tab: hiding (refused while an enemy sees him, measured on
//! the table, line 181), spotting a marker with a Prec test (line 175),
//! revealing it with a shot (line 199), the intuitive attack of a
//! Berzerker or a Frenzied fighter at a hidden enemy (line 207), and the
//! delayed reaction against an activating marker (lines 37-41). In an
//! activation the actor and the declared marker are filled in.

use super::fighter;
use eframe::egui;
use feldherr_play::Id;
use feldherr_table::Table;
use feldherr_warheim::activation::ReactionDecl;
use feldherr_warheim::{
    AttackOrder, Condition, Fighter, ReactionChoice, SkillKind, TargetOrder, Warheim, WarheimEdit,
    WeaponKind,
};

use super::{fighter_name, wh};
use crate::i18n::Texts;
use crate::systems::{GameContext, View};

/// The Markers tab's form.
#[derive(Debug, Default)]
pub struct MarkersPanel {
    hider: Option<Id>,
    hide_overrule: bool,
    spotter: Option<Id>,
    marker: Option<Id>,
    spot_overrule: bool,
    weapon: usize,
    prefilled: Option<String>,
}

fn all(game: &Warheim) -> impl Iterator<Item = &Fighter> {
    game.rosters.iter().flat_map(|r| &r.fighters)
}

fn side_of(game: &Warheim, id: Id) -> Option<usize> {
    game.rosters.iter().position(|r| r.fighter(id).is_some())
}

/// A combo of fighters by name.
fn pick(
    ui: &mut egui::Ui,
    texts: &Texts,
    id: &str,
    label: &str,
    value: &mut Option<Id>,
    options: &[&Fighter],
) {
    let shown = value
        .and_then(|v| options.iter().find(|f| f.id == v))
        .map_or_else(
            || texts.t("wh.attack.choose").to_owned(),
            |f| f.name.clone(),
        );
    egui::ComboBox::new(id, label)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for f in options {
                ui.selectable_value(value, Some(f.id), &f.name);
            }
        });
}

impl MarkersPanel {
    /// Fills the form from the activation: the actor looks, the declared
    /// target is the marker.
    fn prefill(&mut self, game: &Warheim) {
        let Some(a) = game.activation() else {
            self.prefilled = None;
            return;
        };
        let key = format!("{:?}/{:?}/{:?}", a.fighter, a.phase, a.first);
        if self.prefilled.as_ref() == Some(&key) {
            return;
        }
        self.prefilled = Some(key);
        self.hider = Some(a.fighter);
        self.spotter = Some(a.fighter);
        if let Some(d) = &a.first {
            if let Some(t) = d.targets.first() {
                self.marker = Some(*t);
            }
            if let Some(w) = d.weapon {
                self.weapon = w;
            }
        }
    }

    /// The shot at the marker: the weapon's attacks at the measured line.
    fn shot(&self, game: &Warheim, table: &Table) -> Option<AttackOrder> {
        let (spotter, marker) = (self.spotter?, self.marker?);
        let f = fighter(game, spotter)?;
        let w = f.weapons.get(self.weapon)?;
        let target = game
            .target_order(table, spotter, marker, ReactionChoice::None)
            .ok()
            .flatten()
            .map_or_else(
                || TargetOrder::new(marker, w.attacks, 6.0, ReactionChoice::None),
                |mut t| {
                    t.dice = w.attacks;
                    t
                },
            );
        Some(AttackOrder::new(spotter, self.weapon, vec![target]))
    }

    /// Draws the tab.
    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, Warheim>) {
        let texts = ctx.texts;
        let game = wh(ctx.doc);
        let table = ctx.table();
        self.prefill(game);
        let why = |e: &feldherr_play::PlayError| texts.error(e);
        // Hide (line 181).
        ui.heading(texts.t("wh.markers.hide_title"));
        let able: Vec<&Fighter> = all(game)
            .filter(|f| !f.down() && !f.has(Condition::Hidden))
            .collect();
        if self.hider.is_some_and(|h| !able.iter().any(|f| f.id == h)) {
            self.hider = None;
        }
        ui.horizontal_wrapped(|ui| {
            pick(
                ui,
                texts,
                "wh.markers.hider",
                texts.t("wh.markers.fighter"),
                &mut self.hider,
                &able,
            );
            ui.checkbox(&mut self.hide_overrule, texts.t("wh.markers.overrule"))
                .on_hover_text(texts.t("wh.markers.overrule_hint"));
        });
        if let Some(h) = self.hider {
            let seen: Vec<String> = game
                .seen_by(&table, h)
                .unwrap_or_default()
                .into_iter()
                .map(|id| fighter_name(game, id))
                .collect();
            ui.label(if seen.is_empty() {
                texts.f("wh.markers.unseen", &[("fighter", &fighter_name(game, h))])
            } else {
                texts.f(
                    "wh.markers.seen",
                    &[
                        ("fighter", &fighter_name(game, h)),
                        ("by", &seen.join(", ")),
                    ],
                )
            });
            ctx.edit_button(
                ui,
                texts.t("wh.markers.hide"),
                WarheimEdit::Hide {
                    fighter: h,
                    overrule: self.hide_overrule,
                },
                &why,
            );
        }
        ui.separator();
        // Spot and reveal (lines 175, 199).
        ui.heading(texts.t("wh.markers.spot_title"));
        let markers: Vec<&Fighter> = all(game).filter(|f| f.has(Condition::Hidden)).collect();
        if markers.is_empty() {
            ui.label(texts.t("wh.markers.none"));
        }
        // Who may spot: the same able, unhidden fighters as may hide.
        let spotters = &able;
        ui.horizontal_wrapped(|ui| {
            pick(
                ui,
                texts,
                "wh.markers.spotter",
                texts.t("wh.markers.spotter"),
                &mut self.spotter,
                spotters,
            );
            let enemy: Vec<&Fighter> = markers
                .iter()
                .copied()
                .filter(|m| {
                    self.spotter
                        .is_none_or(|s| side_of(game, s) != side_of(game, m.id))
                })
                .collect();
            pick(
                ui,
                texts,
                "wh.markers.marker",
                texts.t("wh.markers.marker"),
                &mut self.marker,
                &enemy,
            );
            ui.checkbox(&mut self.spot_overrule, texts.t("wh.markers.spot_overrule"))
                .on_hover_text(texts.t("wh.markers.overrule_hint"));
        });
        if let (Some(s), Some(m)) = (self.spotter, self.marker) {
            if let Some(f) = fighter(game, s) {
                ui.label(texts.f(
                    "wh.markers.spot_line",
                    &[
                        ("fighter", &f.name),
                        ("prec", &f.profile.prec.to_string()),
                        ("marker", &fighter_name(game, m)),
                    ],
                ));
            }
            ui.horizontal_wrapped(|ui| {
                if ctx.edit_button(
                    ui,
                    texts.t("wh.markers.spot"),
                    WarheimEdit::Spot {
                        spotter: s,
                        target: m,
                        overrule: self.spot_overrule,
                    },
                    &why,
                ) {
                    *ctx.view = View::Resolution;
                }
            });
            // Reveal: the spot, then a shot with a ranged weapon.
            let ranged: Vec<(usize, String)> = fighter(game, s)
                .map(|f| {
                    f.weapons
                        .iter()
                        .enumerate()
                        .filter(|(_, w)| w.kind == WeaponKind::Ranged)
                        .map(|(i, w)| (i, w.name.clone()))
                        .collect()
                })
                .unwrap_or_default();
            ui.horizontal_wrapped(|ui| {
                if !ranged.iter().any(|(i, _)| *i == self.weapon)
                    && let Some((i, _)) = ranged.first()
                {
                    self.weapon = *i;
                }
                let shown = ranged
                    .iter()
                    .find(|(i, _)| *i == self.weapon)
                    .map_or_else(|| texts.t("wh.roster.none").to_owned(), |(_, n)| n.clone());
                egui::ComboBox::new("wh.markers.weapon", texts.t("wh.attack.weapon"))
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        for (i, name) in &ranged {
                            ui.selectable_value(&mut self.weapon, *i, name);
                        }
                    });
                match self.shot(game, &table) {
                    Some(order) => {
                        if ctx.edit_button(
                            ui,
                            texts.t("wh.markers.reveal"),
                            WarheimEdit::Reveal(order),
                            &why,
                        ) {
                            *ctx.view = View::Resolution;
                        }
                    }
                    None => {
                        crate::ui::checked_button::checked_button(
                            ui,
                            texts.t("wh.markers.reveal"),
                            Some(texts.t("wh.markers.no_ranged")),
                        );
                    }
                }
            });
            // The intuitive attack (line 207): Berzerker or Frenzy strike
            // at a hidden enemy in contact.
            if let Some(f) = fighter(game, s)
                && (f.skill(SkillKind::Berzerker) > 0 || f.skill(SkillKind::Frenzy) > 0)
            {
                let melee = f
                    .weapons
                    .iter()
                    .position(|w| w.kind == WeaponKind::Melee)
                    .unwrap_or(0);
                let dice = f.weapons.get(melee).map_or(1, |w| w.attacks);
                let target = game
                    .target_order(&table, s, m, ReactionChoice::None)
                    .ok()
                    .flatten()
                    .map_or_else(
                        || TargetOrder::new(m, dice, 0.0, ReactionChoice::None),
                        |mut t| {
                            t.dice = dice;
                            t
                        },
                    );
                let mut order = AttackOrder::new(s, melee, vec![target]);
                order.intuitive = true;
                if ctx.edit_button(
                    ui,
                    texts.t("wh.markers.intuitive"),
                    WarheimEdit::Attack(order),
                    &why,
                ) {
                    *ctx.view = View::Resolution;
                }
            }
        }
        ui.separator();
        self.delayed(ui, ctx);
    }

    /// The delayed reaction (lines 37-41): every enemy who saw an
    /// activating marker may wait for him to show himself.
    fn delayed(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, Warheim>) {
        let texts = ctx.texts;
        let game = wh(ctx.doc);
        ui.heading(texts.t("wh.markers.delay_title"));
        let Some(a) = game.activation().filter(|a| a.marker) else {
            ui.label(texts.t("wh.markers.delay_hint"));
            return;
        };
        ui.label(texts.f(
            "wh.markers.delay_for",
            &[("marker", &fighter_name(game, a.fighter))],
        ));
        let why = |e: &feldherr_play::PlayError| texts.error(e);
        for seer in a.seers() {
            ui.horizontal_wrapped(|ui| {
                let name = fighter_name(game, seer);
                match a.reaction_of(seer) {
                    Some(ReactionDecl::Delay) => {
                        ui.label(texts.f("wh.markers.delaying", &[("fighter", &name)]));
                    }
                    Some(_) => {
                        ui.label(texts.f("wh.markers.reacted", &[("fighter", &name)]));
                    }
                    None => {
                        ui.label(&name);
                        ctx.edit_button(
                            ui,
                            &texts.f("wh.markers.delay", &[("fighter", &name)]),
                            WarheimEdit::React {
                                fighter: seer,
                                reaction: ReactionDecl::Delay,
                            },
                            &why,
                        );
                    }
                }
            });
        }
    }
}
