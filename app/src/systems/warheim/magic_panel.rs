//! The Magic tab: a cast (caster, spell and target chosen by name), the
//! target's answer to it (dispel: -3 per school level of difference,
//! opposed to the caster's WIP; or overpowering), intuitive spells without
//! the WIP roll, template spells laid on the table, the exact odds that
//! the spell goes off before the click, and the mage's nerves on WIP. In
//! an activation the form starts from what was declared: the actor, the
//! spell, the target and his declared answer.

use super::fighter;
use eframe::egui;
use feldherr_play::Id;
use feldherr_table::Table;
use feldherr_warheim::activation::{ReactionDecl, Slot};
use feldherr_warheim::attack_order::Context;
use feldherr_warheim::on_table::TemplatePlacement;
use feldherr_warheim::{
    CastOrder, Counter, Fighter, MoraleKind, ReactionChoice, ShortAction, Spell, TargetOrder,
    TemplateUse, Warheim, WarheimEdit,
};

use super::template_tool::TemplateTool;
use super::{error_line, fighter_name, wh};
use crate::i18n::Texts;
use crate::systems::{GameContext, View};

/// A spell the caster may be asked to cast: his own (by index) or one
/// another fighter knows (the form says why he cannot).
#[derive(Debug, Clone, PartialEq)]
enum SpellPick {
    Own(usize),
    Other(Id, usize),
}

/// The Magic tab's form.
#[derive(Debug)]
pub struct MagicPanel {
    caster: Option<Id>,
    spell: Option<SpellPick>,
    target: Option<Id>,
    counter: Counter,
    /// The target's reaction to the effect (instead of an answer to the
    /// cast: one reaction, PH18).
    reaction: ReactionChoice,
    as_reaction: bool,
    overrule: bool,
    distance: String,
    nerves_penalty: String,
    /// The activation the form was last filled from.
    prefilled: Option<String>,
    /// The declared action the flow's Resolve button named.
    pub pending: Option<Slot>,
    error: Option<String>,
}

impl Default for MagicPanel {
    fn default() -> Self {
        Self {
            caster: None,
            spell: None,
            target: None,
            counter: Counter::None,
            reaction: ReactionChoice::None,
            as_reaction: false,
            overrule: false,
            distance: "6".into(),
            nerves_penalty: "0".into(),
            prefilled: None,
            pending: None,
            error: None,
        }
    }
}

fn counter_key(c: Counter) -> &'static str {
    match c {
        Counter::None => "wh.magic.counter.none",
        Counter::Dispel => "wh.magic.counter.dispel",
        Counter::Overpower => "wh.magic.counter.overpower",
    }
}

impl MagicPanel {
    /// Fills the form from the activation open in the game, once per
    /// declaration (players never type what the game knows).
    fn prefill(&mut self, game: &Warheim) {
        let Some(a) = game.activation() else {
            self.prefilled = None;
            self.pending = None;
            return;
        };
        // The declared action the flow's Resolve button named (the
        // ordered model's, a reactor's), else the first.
        let slot = self.pending.unwrap_or(Slot::First);
        let Some((actor, first)) = a.declared(slot) else {
            return;
        };
        let key = format!("{:?}/{:?}/{slot:?}/{first:?}", a.fighter, a.phase);
        if self.prefilled.as_ref() == Some(&key) {
            return;
        }
        self.prefilled = Some(key);
        let Some(spell) = first.spell else {
            return;
        };
        self.caster = Some(actor);
        self.spell = Some(SpellPick::Own(spell));
        self.as_reaction = matches!(slot, Slot::Reaction(_));
        self.target = first.targets.first().copied();
        let declared = self.target.and_then(|t| a.reaction_of(t));
        self.counter = match declared {
            Some(ReactionDecl::React {
                action: ShortAction::Overcome,
                against,
                ..
            }) if *against == actor => Counter::Dispel,
            _ => Counter::None,
        };
        self.reaction = match declared {
            Some(ReactionDecl::React { action, .. }) => match action {
                ShortAction::Dodge => ReactionChoice::Dodge,
                ShortAction::Block => ReactionChoice::Block,
                ShortAction::Turn => ReactionChoice::Turn,
                _ => ReactionChoice::None,
            },
            _ => ReactionChoice::None,
        };
    }

    /// The spell picked, from the caster's own list or another fighter's.
    fn spell<'g>(&self, game: &'g Warheim, caster: &'g Fighter) -> Option<&'g Spell> {
        match self.spell.as_ref()? {
            SpellPick::Own(i) => caster.spells.get(*i),
            SpellPick::Other(id, i) => fighter(game, *id)?.spells.get(*i),
        }
    }

    /// The order as the form holds it; `Err` says what is missing or why
    /// the caster cannot cast it, before the engine is asked.
    fn order(
        &self,
        texts: &Texts,
        game: &Warheim,
        table: &Table,
        template: &TemplateTool,
    ) -> Result<CastOrder, String> {
        let caster_id = self.caster.ok_or_else(|| texts.t("wh.magic.pick_caster"))?;
        let caster = fighter(game, caster_id).ok_or_else(|| texts.t("wh.magic.pick_caster"))?;
        let spell = self
            .spell(game, caster)
            .ok_or_else(|| texts.t("wh.magic.pick_spell"))?;
        let index = match self.spell {
            Some(SpellPick::Own(i)) => i,
            _ => {
                // A spell he does not carry: the roster check says why
                // (he lacks the school or its level, line 227).
                let mut tried = caster.clone();
                tried.spells.push(spell.clone());
                return Err(match tried.check() {
                    Err(e) => texts.error(&e.into()),
                    Ok(()) => texts.f(
                        "wh.magic.not_his",
                        &[("fighter", &caster.name), ("spell", &spell.name)],
                    ),
                });
            }
        };
        let uses_template = spell.effect.as_ref().and_then(|e| e.template).is_some();
        let distance: f64 = self
            .distance
            .trim()
            .replace(',', ".")
            .parse()
            .map_err(|_| {
                texts.f(
                    "wh.not_number",
                    &[
                        ("field", texts.t("wh.attack.distance_field")),
                        ("value", self.distance.trim()),
                    ],
                )
            })?;
        let line = |id: Id, dice: u32, reaction: ReactionChoice| -> TargetOrder {
            game.target_order(table, caster_id, id, reaction)
                .ok()
                .flatten()
                .map(|mut t| {
                    t.dice = dice;
                    t
                })
                .unwrap_or_else(|| TargetOrder::new(id, dice, distance, reaction))
        };
        let dice = spell.effect.as_ref().map_or(0, |e| e.attacks);
        let (target, others) = if uses_template {
            let mut under: Vec<Id> = template
                .under(game, table)
                .into_iter()
                .filter(|id| *id != caster_id)
                .collect();
            if under.is_empty() {
                return Err(texts.t("wh.magic.lay_template").to_owned());
            }
            // The aimed fighter first.
            if let Some(t) = self.target
                && let Some(pos) = under.iter().position(|id| *id == t)
            {
                under.swap(0, pos);
            }
            // No dice at anyone (a template rolls none, PH9); each
            // answers as he declared (line 217): the aimed one as the
            // form says, the others their declared dodge or turn.
            let mut lines = under.into_iter().map(|id| {
                let reaction = if Some(id) == self.target && self.counter == Counter::None {
                    self.reaction
                } else {
                    game.template_reaction(id, caster_id)
                };
                line(id, 0, reaction)
            });
            let first = lines.next();
            (first, lines.collect())
        } else {
            (
                self.target.map(|t| {
                    let mut l = line(t, dice, ReactionChoice::None);
                    // One reaction: the answer to the cast or to its effect.
                    if self.counter == Counter::None {
                        l.reaction = self.reaction;
                    }
                    l
                }),
                Vec::new(),
            )
        };
        if spell.effect.is_some() && target.is_none() {
            return Err(texts.t("wh.magic.pick_target").to_owned());
        }
        Ok(CastOrder {
            caster: caster_id,
            spell: index,
            target,
            others,
            counter: self.counter,
            as_reaction: self.as_reaction,
            overrule: self.overrule,
        })
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
        self.prefill(game);
        ui.heading(texts.t("wh.magic.cast_title"));
        if let Some(a) = game.activation() {
            ui.label(texts.f(
                "wh.magic.from_activation",
                &[("fighter", &fighter_name(game, a.fighter))],
            ));
        }
        // The caster: the mages first, then every other able fighter
        // (asked to cast, the form says why he cannot).
        let mut casters: Vec<&Fighter> = game
            .rosters
            .iter()
            .flat_map(|r| &r.fighters)
            .filter(|f| !f.down())
            .collect();
        casters.sort_by_key(|f| f.spells.is_empty() && f.profile.wip.is_none());
        if !casters
            .iter()
            .any(|f| !f.spells.is_empty() || f.profile.wip.is_some())
        {
            ui.label(texts.t("wh.magic.no_mages"));
        }
        ui.horizontal_wrapped(|ui| {
            let shown = self.caster.map_or_else(
                || texts.t("wh.attack.choose").to_owned(),
                |c| fighter_name(game, c),
            );
            egui::ComboBox::new("wh.magic.caster", texts.t("wh.magic.caster"))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for f in &casters {
                        if ui
                            .selectable_label(self.caster == Some(f.id), &f.name)
                            .clicked()
                        {
                            self.caster = Some(f.id);
                            self.spell = None;
                        }
                    }
                });
            let caster = self.caster.and_then(|c| fighter(game, c));
            let shown = caster.and_then(|c| self.spell(game, c)).map_or_else(
                || texts.t("wh.attack.choose").to_owned(),
                |s| s.name.clone(),
            );
            egui::ComboBox::new("wh.magic.spell", texts.t("wh.magic.spell"))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    let Some(caster) = caster else {
                        return;
                    };
                    for (i, s) in caster.spells.iter().enumerate() {
                        let pick = SpellPick::Own(i);
                        if ui
                            .selectable_label(self.spell.as_ref() == Some(&pick), &s.name)
                            .clicked()
                        {
                            self.spell = Some(pick);
                        }
                    }
                    // Spells the other fighters know, by name: he may be
                    // asked to cast one; the form says why he cannot.
                    let mut seen: Vec<&str> =
                        caster.spells.iter().map(|s| s.name.as_str()).collect();
                    for other in game.rosters.iter().flat_map(|r| &r.fighters) {
                        for (i, s) in other.spells.iter().enumerate() {
                            if seen.contains(&s.name.as_str()) {
                                continue;
                            }
                            seen.push(&s.name);
                            let pick = SpellPick::Other(other.id, i);
                            let label = texts.f(
                                "wh.magic.spell_of",
                                &[("spell", &s.name), ("fighter", &other.name)],
                            );
                            if ui
                                .selectable_label(self.spell.as_ref() == Some(&pick), label)
                                .clicked()
                            {
                                self.spell = Some(pick);
                            }
                        }
                    }
                });
        });
        let caster = self.caster.and_then(|c| fighter(game, c));
        let spell = caster.and_then(|c| self.spell(game, c)).cloned();
        if let (Some(c), Some(s)) = (caster, &spell) {
            ui.label(spell_line(texts, c, s));
        }
        // The target, by name.
        ui.horizontal_wrapped(|ui| {
            let caster = self.caster;
            super::pick_or_none(
                ui,
                "wh.magic.target",
                texts.t("wh.magic.target"),
                texts.t("wh.roster.none"),
                &mut self.target,
                game.rosters
                    .iter()
                    .flat_map(|r| &r.fighters)
                    .filter(|f| !f.down() && Some(f.id) != caster)
                    .map(|f| (f.id, fighter_name(game, f.id))),
            );
            let measured = self.caster.zip(self.target).and_then(|(c, t)| {
                game.target_order(&table, c, t, ReactionChoice::None)
                    .ok()
                    .flatten()
            });
            match measured {
                Some(t) => {
                    ui.label(texts.f(
                        "wh.magic.measured",
                        &[("distance", &texts.short_decimal(t.distance, 2))],
                    ));
                }
                None if self.target.is_some() => {
                    let name = self
                        .target
                        .map(|t| fighter_name(game, t))
                        .unwrap_or_default();
                    super::text_field(
                        ui,
                        texts.f("wh.attack.distance", &[("name", &name)]),
                        &mut self.distance,
                        40.0,
                    );
                }
                None => {}
            }
            egui::ComboBox::new("wh.magic.counter", texts.t("wh.magic.counter"))
                .selected_text(texts.t(counter_key(self.counter)))
                .show_ui(ui, |ui| {
                    for c in [Counter::None, Counter::Dispel, Counter::Overpower] {
                        ui.selectable_value(&mut self.counter, c, texts.t(counter_key(c)));
                    }
                });
            if let Some(t) = self.target
                && self.counter == Counter::None
                && spell.as_ref().is_some_and(|s| s.effect.is_some())
            {
                let label = |r: ReactionChoice| {
                    texts.t(match r {
                        ReactionChoice::Dodge => "warheim.reaction.dodge",
                        ReactionChoice::Block => "warheim.reaction.block",
                        ReactionChoice::Turn => "warheim.reaction.turn",
                        _ => "warheim.reaction.none",
                    })
                };
                egui::ComboBox::new(
                    "wh.magic.reaction",
                    texts.f("wh.attack.reaction", &[("name", &fighter_name(game, t))]),
                )
                .selected_text(label(self.reaction))
                .show_ui(ui, |ui| {
                    for r in [
                        ReactionChoice::None,
                        ReactionChoice::Dodge,
                        ReactionChoice::Block,
                        ReactionChoice::Turn,
                    ] {
                        ui.selectable_value(&mut self.reaction, r, label(r));
                    }
                });
            }
            ui.checkbox(&mut self.as_reaction, texts.t("wh.attack.as_reaction"));
            ui.checkbox(&mut self.overrule, texts.t("wh.magic.overrule"))
                .on_hover_text(texts.t("wh.magic.overrule_hint"));
        });
        if let (Some(t), Some(c)) = (self.target.and_then(|t| fighter(game, t)), caster)
            && self.counter != Counter::None
            && let Some(s) = &spell
        {
            ui.label(counter_line(texts, self.counter, c, t, s));
        }
        // A template spell: laid on the table, the fighters under it hit.
        if let (Some(c), Some(s)) = (caster, &spell)
            && let Some(t) = s.effect.as_ref().and_then(|e| e.template)
        {
            ui.horizontal_wrapped(|ui| {
                ui.label(texts.f(
                    "wh.magic.template_spell",
                    &[("template", texts.t(&format!("wh.template.{t:?}")))],
                ));
                let at_firer = s
                    .effect
                    .as_ref()
                    .and_then(|e| e.template_use)
                    .is_none_or(|u| u == TemplateUse::AtFirer)
                    && matches!(
                        t,
                        feldherr_warheim::Template::Teardrop
                            | feldherr_warheim::Template::LargeTeardrop
                    );
                if ui.button(texts.t("wh.magic.lay_at_caster")).clicked() {
                    let body = game.body(&table, c.id);
                    let aim = self.target.and_then(|t| game.body(&table, t));
                    let placement = match (body, aim) {
                        (Some(b), Some(a)) if at_firer => {
                            let d = a.center() - b.center();
                            TemplatePlacement::at_firer(t, &b, d.y.atan2(d.x).to_degrees()).ok()
                        }
                        (Some(b), None) if at_firer => {
                            TemplatePlacement::at_firer(t, &b, b.facing.degrees()).ok()
                        }
                        (_, Some(a)) => Some(TemplatePlacement {
                            template: t,
                            at: a.center(),
                            direction: 0.0,
                        }),
                        _ => None,
                    };
                    match placement {
                        Some(p) if at_firer => template.lay_at(p, c.id, true),
                        Some(p) => template.lay(p),
                        None => self.error = Some(texts.t("wh.magic.place_first").to_owned()),
                    }
                }
            });
            if template.placement.is_some() {
                template.under_list(ui, texts, game, &table);
            }
        }
        ui.separator();
        // The odds and the button: checked before the click.
        match self.order(texts, game, &table, template) {
            Err(why) => {
                crate::ui::checked_button::checked_button(ui, texts.t("wh.magic.cast"), Some(&why));
            }
            Ok(order) => {
                let context = Context {
                    joined: game.joined(),
                    hidden_targets: false,
                    marker: None,
                };
                if let Ok(spec) = order.build_in(&game.rosters, context) {
                    let odds = spec.cast_odds();
                    ui.label(texts.f(
                        "wh.magic.odds",
                        &[("p", &texts.percent(odds.prob_of(&true), 2))],
                    ));
                }
                let refused = ctx.check(&WarheimEdit::Cast(order.clone())).err();
                let why = refused.as_ref().map(|e| texts.error(e));
                if crate::ui::checked_button::checked_button(
                    ui,
                    texts.t("wh.magic.cast"),
                    why.as_deref(),
                ) {
                    ctx.edit(WarheimEdit::Cast(order));
                    *ctx.view = View::Resolution;
                }
            }
        }
        error_line(ui, self.error.as_ref());
        ui.separator();
        self.nerves(ui, ctx);
    }

    /// Nerves of a mage: tested on WIP, not Mor (line 251).
    fn nerves(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, Warheim>) {
        let texts = ctx.texts;
        let game = wh(ctx.doc);
        ui.strong(texts.t("wh.magic.nerves_title"));
        let Some(c) = self.caster.and_then(|c| fighter(game, c)) else {
            ui.label(texts.t("wh.magic.nerves_hint"));
            return;
        };
        let stat = c.profile.nerves_stat();
        ui.label(texts.f(
            "wh.magic.nerves_on",
            &[
                ("fighter", &c.name),
                ("stat", stat.label()),
                ("value", &c.profile.get(stat).to_string()),
            ],
        ));
        ui.horizontal_wrapped(|ui| {
            super::text_field(
                ui,
                texts.t("wh.morale.penalty"),
                &mut self.nerves_penalty,
                32.0,
            );
            match self.nerves_penalty.trim().parse::<i32>() {
                Ok(penalty) => {
                    let edit = WarheimEdit::Morale {
                        fighter: c.id,
                        kind: MoraleKind::Nerves,
                        penalty,
                    };
                    if ctx.edit_button(ui, texts.t("wh.magic.nerves"), edit, &|e| texts.error(e)) {
                        *ctx.view = View::Resolution;
                    }
                }
                Err(_) => {
                    ui.colored_label(
                        ui.visuals().error_fg_color,
                        texts.f(
                            "wh.not_number",
                            &[
                                ("field", texts.t("wh.morale.penalty")),
                                ("value", self.nerves_penalty.trim()),
                            ],
                        ),
                    );
                }
            }
        });
    }
}

/// What the spell is and costs: its school and level, the caster's WIP
/// and level in it, the action it takes.
fn spell_line(texts: &Texts, caster: &Fighter, spell: &Spell) -> String {
    let level = caster
        .schools
        .iter()
        .filter(|s| s.school == spell.school)
        .map(|s| s.level)
        .max()
        .unwrap_or(0);
    let kind = if spell.intuitive {
        texts.t("wh.magic.intuitive")
    } else if spell.is_full_action() {
        texts.t("wh.magic.full")
    } else {
        texts.t("wh.magic.short")
    };
    let wip = caster
        .profile
        .wip
        .map_or_else(|| "-".to_owned(), |w| w.to_string());
    let mut line = texts.f(
        "wh.magic.spell_line",
        &[
            ("spell", &spell.name),
            ("school", &spell.school),
            ("need", &spell.level.to_string()),
            ("fighter", &caster.name),
            ("level", &level.to_string()),
            ("wip", &wip),
            ("kind", kind),
        ],
    );
    if !spell.text.is_empty() {
        line.push_str(": ");
        line.push_str(&spell.text);
    }
    line
}

/// The answer's numbers: the value the target rolls against (dispel: -3
/// per level the caster knows the school better; overpowering: minus the
/// caster's level).
fn counter_line(
    texts: &Texts,
    counter: Counter,
    caster: &Fighter,
    target: &Fighter,
    spell: &Spell,
) -> String {
    let level_of = |f: &Fighter| {
        f.schools
            .iter()
            .filter(|s| s.school == spell.school)
            .map(|s| i32::try_from(s.level).unwrap_or(0))
            .max()
            .unwrap_or(0)
    };
    let (mine, theirs) = (level_of(caster), level_of(target));
    let stat = target.profile.nerves_stat();
    let base = target.profile.get(stat);
    let penalty = match counter {
        Counter::Dispel => -3 * (mine - theirs).max(0),
        Counter::Overpower | Counter::None => -mine,
    };
    texts.f(
        match counter {
            Counter::Overpower => "wh.magic.overpower_line",
            _ => "wh.magic.dispel_line",
        },
        &[
            ("target", &target.name),
            ("stat", stat.label()),
            ("base", &base.to_string()),
            ("penalty", &penalty.to_string()),
            ("value", &(base + penalty).to_string()),
            ("caster", &caster.name),
        ],
    )
}
