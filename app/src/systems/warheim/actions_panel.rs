//! The Actions tab: one form for each action of the text that has an
//! edit of its own: reload (each weapon's loaded state shown, line 177),
//! a special ability (a Mor test, line 165), a throw (line 155, the
//! distance measured against the second Speed), a fall (line 191, the
//! height read from the fighter's elevation), the moves that are not plain
//! steps (climb, jump, jump up, stealth move: a straight path measured by
//! the crate), the special shots and strikes (volley, manoeuvre, snap
//! fire, shoot and reload) and the template on the table. In an
//! activation the actor and his declared weapon, target and ability are
//! filled in.

use super::fighter;
use eframe::egui;
use feldherr_play::Id;
use feldherr_table::Table;
use feldherr_table::geometry::Point;
use feldherr_warheim::activation::Slot;
use feldherr_warheim::on_table::{MoveKind, MovePath};
use feldherr_warheim::{
    AttackOrder, Fighter, ReactionChoice, TargetOrder, Warheim, WarheimEdit, WeaponKind,
};

use super::template_tool::TemplateTool;
use super::{fighter_name, wh};
use crate::i18n::Texts;
use crate::systems::{GameContext, View};

/// The special attacks the form offers (each an `AttackOrder` flag).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Special {
    Volley,
    Manoeuvre,
    SnapFire,
    ShootReload,
}

const SPECIALS: [Special; 4] = [
    Special::Volley,
    Special::Manoeuvre,
    Special::SnapFire,
    Special::ShootReload,
];

const MOVES: [MoveKind; 4] = [
    MoveKind::Climb,
    MoveKind::Jump,
    MoveKind::JumpUp,
    MoveKind::Stealth,
];

/// The Actions tab's forms.
#[derive(Debug)]
pub struct ActionsPanel {
    fighter: Option<Id>,
    target: Option<Id>,
    weapon: usize,
    ability: String,
    height: String,
    special: Special,
    move_kind: MoveKind,
    to_x: String,
    to_y: String,
    rise: String,
    prefilled: Option<String>,
    /// The declared action the flow's Resolve button named.
    pub pending: Option<Slot>,
    error: Option<String>,
}

impl Default for ActionsPanel {
    fn default() -> Self {
        Self {
            fighter: None,
            target: None,
            weapon: 0,
            ability: String::new(),
            height: "0".into(),
            special: Special::Volley,
            move_kind: MoveKind::Climb,
            to_x: String::new(),
            to_y: String::new(),
            rise: "0".into(),
            prefilled: None,
            pending: None,
            error: None,
        }
    }
}

fn special_key(s: Special) -> &'static str {
    match s {
        Special::Volley => "wh.full.Volley",
        Special::Manoeuvre => "wh.full.Manoeuvre",
        Special::SnapFire => "wh.actions.snap_fire",
        Special::ShootReload => "wh.full.ShootReload",
    }
}

fn move_key(m: MoveKind) -> &'static str {
    match m {
        MoveKind::Climb => "wh.full.Climb",
        MoveKind::Jump => "wh.full.Jump",
        MoveKind::JumpUp => "wh.full.JumpUp",
        _ => "wh.full.StealthMove",
    }
}

fn parse(texts: &Texts, key: &str, value: &str) -> Result<f64, String> {
    value
        .trim()
        .replace(',', ".")
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| {
            texts.f(
                "wh.not_number",
                &[("field", texts.t(key)), ("value", value.trim())],
            )
        })
}

impl ActionsPanel {
    /// Picks `id` as the fighter: his height above the table and the
    /// place he stands are read from the game.
    fn choose(&mut self, game: &Warheim, table: &Table, id: Id) {
        self.fighter = Some(id);
        self.height = format!("{}", game.elevation_of(id));
        if let Some(p) = game.piece_of(table, id) {
            let c = p.center();
            self.to_x = format!("{:.1}", c.x);
            self.to_y = format!("{:.1}", c.y);
        }
    }

    /// Fills the form from the activation: the actor, his declared
    /// weapon, target and ability.
    fn prefill(&mut self, game: &Warheim, table: &Table) {
        let Some(a) = game.activation() else {
            self.prefilled = None;
            self.pending = None;
            return;
        };
        // The declared action the flow's Resolve button named (the
        // ordered model's reload, ability or throw), else the first.
        let slot = self.pending.unwrap_or(Slot::First);
        let declared = a.declared(slot);
        let key = format!("{:?}/{:?}/{slot:?}/{declared:?}", a.fighter, a.phase);
        if self.prefilled.as_ref() == Some(&key) {
            return;
        }
        self.prefilled = Some(key);
        let (actor, d) = declared.map_or((a.fighter, None), |(x, d)| (x, Some(d)));
        self.choose(game, table, actor);
        if let Some(d) = d {
            if let Some(w) = d.weapon {
                self.weapon = w;
            }
            if let Some(t) = d.targets.first() {
                self.target = Some(*t);
            }
            if let Some(ab) = &d.ability {
                self.ability.clone_from(ab);
            }
        }
    }

    /// Draws the tab.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        template: &mut TemplateTool,
    ) {
        let texts = ctx.texts;
        let game = wh(ctx.doc);
        let table = ctx.table();
        self.prefill(game, &table);
        if let Some(a) = game.activation() {
            ui.label(texts.f(
                "wh.magic.from_activation",
                &[("fighter", &fighter_name(game, a.fighter))],
            ));
        }
        ui.horizontal_wrapped(|ui| {
            let shown = self.fighter.map_or_else(
                || texts.t("wh.attack.choose").to_owned(),
                |f| fighter_name(game, f),
            );
            let mut picked = None;
            egui::ComboBox::new("wh.actions.fighter", texts.t("wh.actions.fighter"))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for f in game.rosters.iter().flat_map(|r| &r.fighters) {
                        if ui
                            .selectable_label(self.fighter == Some(f.id), &f.name)
                            .clicked()
                        {
                            picked = Some(f.id);
                        }
                    }
                });
            if let Some(id) = picked {
                self.choose(game, &table, id);
            }
            let actor = self.fighter;
            super::pick_or_none(
                ui,
                "wh.actions.target",
                texts.t("wh.actions.target"),
                texts.t("wh.roster.none"),
                &mut self.target,
                game.rosters
                    .iter()
                    .flat_map(|r| &r.fighters)
                    .filter(|f| Some(f.id) != actor && !f.down())
                    .map(|f| (f.id, fighter_name(game, f.id))),
            );
        });
        let why = |e: &feldherr_play::PlayError| texts.error(e);
        if let Some(f) = self.fighter.and_then(|id| fighter(game, id)) {
            let f = f.clone();
            self.reload(ui, ctx, &f, &why);
            ui.separator();
            self.ability_and_throw(ui, ctx, &f, &table, &why);
            ui.separator();
            self.fall_and_moves(ui, ctx, &f, &why);
            ui.separator();
            self.special_attack(ui, ctx, &f, &table, &why);
        } else {
            ui.label(texts.t("wh.actions.pick"));
        }
        crate::systems::warheim::error_line(ui, self.error.as_ref());
        ui.separator();
        ui.heading(texts.t("wh.template.title"));
        template.form(ui, texts, game, &table);
    }

    /// Reload (line 177): each reloading weapon with its state.
    fn reload(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        f: &Fighter,
        why: &dyn Fn(&feldherr_play::PlayError) -> String,
    ) {
        let texts = ctx.texts;
        ui.strong(texts.t("wh.actions.reload_title"));
        let reloading: Vec<_> = f
            .weapons
            .iter()
            .enumerate()
            .filter(|(_, w)| w.reload)
            .collect();
        if reloading.is_empty() {
            ui.label(texts.f("wh.actions.no_reload", &[("fighter", &f.name)]));
        }
        for (i, w) in reloading {
            ui.horizontal_wrapped(|ui| {
                let state = if f.loaded(i) {
                    texts.t("wh.actions.loaded")
                } else {
                    texts.t("wh.actions.unloaded")
                };
                ui.label(format!("{}: {state}", w.name));
                ctx.edit_button(
                    ui,
                    &texts.f("wh.actions.reload", &[("weapon", &w.name)]),
                    WarheimEdit::Reload {
                        fighter: f.id,
                        weapon: i,
                    },
                    why,
                );
            });
        }
    }

    /// A special ability (line 165) and a throw (line 155).
    fn ability_and_throw(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        f: &Fighter,
        table: &Table,
        why: &dyn Fn(&feldherr_play::PlayError) -> String,
    ) {
        let texts = ctx.texts;
        let game = wh(ctx.doc);
        ui.horizontal_wrapped(|ui| {
            ui.strong(texts.t("wh.actions.special_title"));
            super::text_field(ui, texts.t("wh.actions.ability"), &mut self.ability, 160.0);
            ui.label(texts.f(
                "wh.actions.mor_test",
                &[("value", &f.current().mor.to_string())],
            ));
            if ctx.edit_button(
                ui,
                texts.t("wh.actions.test_ability"),
                WarheimEdit::Special {
                    fighter: f.id,
                    ability: self.ability.clone(),
                },
                why,
            ) {
                *ctx.view = View::Resolution;
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.strong(texts.t("wh.actions.throw_title"));
            let Some(t) = self.target else {
                ui.label(texts.t("wh.actions.pick_target"));
                return;
            };
            if let Some(line) = game
                .target_order(table, f.id, t, ReactionChoice::None)
                .ok()
                .flatten()
            {
                ui.label(texts.f(
                    "wh.actions.throw_line",
                    &[
                        ("distance", &texts.short_decimal(line.distance, 2)),
                        ("second", &f.profile.speed[1].to_string()),
                    ],
                ));
            }
            if ctx.edit_button(
                ui,
                &texts.f("wh.actions.throw", &[("target", &fighter_name(game, t))]),
                WarheimEdit::Throw {
                    fighter: f.id,
                    target: t,
                },
                why,
            ) {
                *ctx.view = View::Resolution;
            }
        });
    }

    /// A fall (line 191) and the moves that are not plain steps.
    fn fall_and_moves(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        f: &Fighter,
        why: &dyn Fn(&feldherr_play::PlayError) -> String,
    ) {
        let texts = ctx.texts;
        ui.horizontal_wrapped(|ui| {
            ui.strong(texts.t("wh.actions.fall_title"));
            super::text_field(ui, texts.t("wh.actions.height"), &mut self.height, 40.0);
            ui.label(texts.f(
                "wh.actions.fall_hint",
                &[("second", &f.profile.speed[1].to_string())],
            ));
            match parse(texts, "wh.actions.height", &self.height) {
                Ok(height) => {
                    if ctx.edit_button(
                        ui,
                        texts.t("wh.actions.fall"),
                        WarheimEdit::Fall {
                            fighter: f.id,
                            height,
                        },
                        why,
                    ) {
                        *ctx.view = View::Resolution;
                    }
                }
                Err(e) => {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            egui::ComboBox::new("wh.actions.move", texts.t("wh.actions.move"))
                .selected_text(texts.t(move_key(self.move_kind)))
                .show_ui(ui, |ui| {
                    for m in MOVES {
                        ui.selectable_value(&mut self.move_kind, m, texts.t(move_key(m)));
                    }
                });
            for (key, value) in [
                ("wh.place.x", &mut self.to_x),
                ("wh.place.y", &mut self.to_y),
                ("wh.actions.rise", &mut self.rise),
            ] {
                super::text_field(ui, texts.t(key), value, 44.0);
            }
            let path = (|| -> Result<MovePath, String> {
                Ok(MovePath {
                    kind: self.move_kind,
                    points: vec![Point::new(
                        parse(texts, "wh.place.x", &self.to_x)?,
                        parse(texts, "wh.place.y", &self.to_y)?,
                    )],
                    rise: parse(texts, "wh.actions.rise", &self.rise)?,
                    facing: None,
                })
            })();
            match path {
                Ok(path) => {
                    ctx.edit_button(
                        ui,
                        texts.t("wh.actions.do_move"),
                        WarheimEdit::DrawMove {
                            fighter: f.id,
                            path,
                        },
                        why,
                    );
                }
                Err(e) => {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
            }
        });
    }

    /// Volley, manoeuvre, snap fire, shoot and reload: an attack with the
    /// action's flag, at the measured line.
    fn special_attack(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        f: &Fighter,
        table: &Table,
        why: &dyn Fn(&feldherr_play::PlayError) -> String,
    ) {
        let texts = ctx.texts;
        let game = wh(ctx.doc);
        ui.horizontal_wrapped(|ui| {
            egui::ComboBox::new("wh.actions.special", texts.t("wh.actions.special"))
                .selected_text(texts.t(special_key(self.special)))
                .show_ui(ui, |ui| {
                    for s in SPECIALS {
                        ui.selectable_value(&mut self.special, s, texts.t(special_key(s)));
                    }
                });
            let wanted = match self.special {
                Special::Manoeuvre => WeaponKind::Melee,
                _ => WeaponKind::Ranged,
            };
            if f.weapons.get(self.weapon).is_none_or(|w| w.kind != wanted)
                && let Some(i) = f.weapons.iter().position(|w| w.kind == wanted)
            {
                self.weapon = i;
            }
            let shown = f
                .weapons
                .get(self.weapon)
                .map_or_else(|| texts.t("wh.roster.none").to_owned(), |w| w.name.clone());
            egui::ComboBox::new("wh.actions.weapon", texts.t("wh.attack.weapon"))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for (i, w) in f.weapons.iter().enumerate() {
                        ui.selectable_value(&mut self.weapon, i, &w.name);
                    }
                });
            let Some(t) = self.target else {
                ui.label(texts.t("wh.actions.pick_target"));
                return;
            };
            let Some(w) = f.weapons.get(self.weapon) else {
                return;
            };
            let dice = match self.special {
                Special::Volley => w.attacks * 2,
                _ => w.attacks,
            };
            let target = game
                .target_order(table, f.id, t, ReactionChoice::None)
                .ok()
                .flatten()
                .map_or_else(
                    || TargetOrder::new(t, dice, 0.0, ReactionChoice::None),
                    |mut o| {
                        o.dice = dice;
                        o
                    },
                );
            let mut order = AttackOrder::new(f.id, self.weapon, vec![target]);
            match self.special {
                Special::Volley => order.volley = true,
                Special::Manoeuvre => order.manoeuvre = true,
                Special::SnapFire => order.snap_fire = true,
                Special::ShootReload => order.reload_after = true,
            }
            // The pool is the crate's: the dice it would roll.
            let order = match order.pool_size(f) {
                Ok(n) => {
                    order.targets[0].dice = n;
                    order
                }
                Err(_) => order,
            };
            if ctx.edit_button(
                ui,
                texts.t("wh.actions.attack"),
                WarheimEdit::Attack(order),
                why,
            ) {
                *ctx.view = View::Resolution;
            }
        });
    }
}
