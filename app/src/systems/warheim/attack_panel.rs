//! The attack panel: attacker, weapon, targets and the dice split between
//! them, every modifier of the text as a control (range measured on the
//! table, facing from the bases, cover, wall, zones, template, dodge), each
//! target's reaction, and the exact odds of the hits on each side before
//! the attack is declared and resolved step by step. Below it the morale
//! tests: flight tests when a friend died, a test declared by hand, and the
//! loss of the commander.

use eframe::egui;
use feldherr_play::Id;
use feldherr_warheim::activation::{Action, ReactionDecl, Slot};
use feldherr_warheim::modifiers::{Facing, Terrain};
use feldherr_warheim::on_table::ZONES;
use feldherr_warheim::skill::SkillKind;
use feldherr_warheim::{
    AttackOrder, FullAction, MartialUse, MoraleKind, ReactionChoice, ShortAction, TargetOdds,
    TargetOrder, Warheim, WarheimEdit, WarheimKind,
};

use feldherr_warheim::words::{morale_kind_key, outcome_lines};

use super::template_tool::TemplateTool;
use super::{error_line, fighter_name, player_label, try_edit, wh};
use crate::i18n::Texts;
use crate::systems::{GameContext, View};

/// One target line of the form, with the typed numbers.
#[derive(Debug, Clone)]
struct TargetForm {
    order: TargetOrder,
    dice: String,
    distance: String,
    measured: bool,
}

/// The attack panel of the Attack tab.
#[derive(Debug)]
pub struct AttackPanel {
    order: AttackOrder,
    has_attacker: bool,
    targets: Vec<TargetForm>,
    odds: Option<(AttackOrder, Result<Vec<TargetOdds>, String>)>,
    error: Option<String>,
    morale_fighter: Option<Id>,
    morale_kind: MoraleKind,
    morale_penalty: String,
    morale_error: Option<String>,
    /// A declared action of the running activation to start from.
    pub pending: Option<Slot>,
    /// The declared action the form was last filled from.
    from: Option<(Id, Slot)>,
}

impl Default for AttackPanel {
    fn default() -> Self {
        Self {
            order: AttackOrder::new(Id(0), 0, Vec::new()),
            has_attacker: false,
            targets: Vec::new(),
            odds: None,
            error: None,
            morale_fighter: None,
            morale_kind: MoraleKind::Nerves,
            morale_penalty: "0".into(),
            morale_error: None,
            pending: None,
            from: None,
        }
    }
}

fn martial_combo(
    ui: &mut egui::Ui,
    texts: &Texts,
    id: impl std::hash::Hash + std::fmt::Debug,
    label: &str,
    value: &mut Option<MartialUse>,
) {
    let shown = |m: Option<MartialUse>| {
        texts.t(match m {
            None => "wh.martial.none",
            Some(MartialUse::Dice) => "wh.martial.dice",
            Some(MartialUse::Strength) => "wh.martial.strength",
        })
    };
    egui::ComboBox::new(id, label)
        .selected_text(shown(*value))
        .show_ui(ui, |ui| {
            for m in [None, Some(MartialUse::Dice), Some(MartialUse::Strength)] {
                ui.selectable_value(value, m, shown(m));
            }
        });
}

fn facing_key(f: Facing) -> &'static str {
    match f {
        Facing::Front => "wh.facing.front",
        Facing::Flank => "wh.facing.flank",
        Facing::Rear => "wh.facing.rear",
    }
}

/// The catalogue key of a zone.
pub fn terrain_key(t: Terrain) -> String {
    format!("wh.terrain.{t:?}")
}

impl AttackPanel {
    /// Measures target `i` from the table, if both are placed (PH12).
    fn measure(&mut self, game: &Warheim, table: &feldherr_table::Table, i: usize) -> bool {
        let attacker = self.order.attacker;
        let Some(t) = self.targets.get_mut(i) else {
            return false;
        };
        let Some(line) = game.line(table, attacker, t.order.target) else {
            return false;
        };
        t.order.distance = line.distance;
        t.distance = format!("{:.2}", line.distance);
        t.order.facing = line.facing;
        t.order.terrain = line.terrain;
        t.order.wall = line.wall;
        t.measured = true;
        true
    }

    /// The order as typed, or the first field that does not parse.
    fn build(&self, texts: &Texts) -> Result<AttackOrder, String> {
        if !self.has_attacker {
            return Err(texts.t("wh.attack.pick_attacker").to_owned());
        }
        if self.targets.is_empty() {
            return Err(texts.t("wh.attack.pick_target").to_owned());
        }
        let mut order = self.order.clone();
        order.targets.clear();
        for t in &self.targets {
            let mut o = t.order.clone();
            o.dice = t.dice.trim().parse().map_err(|_| {
                texts.f(
                    "wh.not_number",
                    &[
                        ("field", texts.t("wh.attack.dice_field")),
                        ("value", t.dice.trim()),
                    ],
                )
            })?;
            o.distance = t.distance.trim().replace(',', ".").parse().map_err(|_| {
                texts.f(
                    "wh.not_number",
                    &[
                        ("field", texts.t("wh.attack.distance_field")),
                        ("value", t.distance.trim()),
                    ],
                )
            })?;
            order.targets.push(o);
        }
        Ok(order)
    }

    /// Draws the tab.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        viewer: Option<usize>,
        template: &TemplateTool,
    ) {
        let texts = ctx.texts;
        let game = wh(ctx.doc);
        let table = ctx.doc.table_or_default();
        ui.heading(texts.t("wh.attack.title"));
        if game.rosters.len() < 2 {
            ui.label(texts.t("wh.attack.need_rosters"));
            return;
        }
        self.declared(ui, texts, game, &table);
        self.attacker_form(ui, texts, game, &table);
        ui.separator();
        self.template_targets(ui, texts, game, &table, template);
        self.targets_form(ui, texts, game, &table);
        ui.separator();
        // The odds, exact, before any die.
        match self.build(texts) {
            Err(e) => {
                ui.label(e);
            }
            Ok(order) => {
                if self.odds.as_ref().is_none_or(|(o, _)| *o != order) {
                    let odds = game.preview(&order).map_err(|e| texts.error(&e.into()));
                    self.odds = Some((order.clone(), odds));
                }
                if let Some((_, odds)) = &self.odds {
                    match odds {
                        Ok(odds) => show_odds(ui, texts, game, odds),
                        Err(e) => {
                            ui.colored_label(ui.visuals().error_fg_color, e);
                        }
                    }
                }
                if ui.button(texts.t("wh.attack.declare")).clicked() {
                    self.error =
                        try_edit(ctx.doc, ctx.commands, ctx.texts, WarheimEdit::Attack(order))
                            .err();
                    if self.error.is_none() {
                        // The next attack starts from a clean target list.
                        self.targets.clear();
                        *ctx.view = View::Resolution;
                    }
                }
            }
        }
        error_line(ui, self.error.as_ref());
        ui.separator();
        self.morale(ui, ctx, viewer);
    }

    /// A template weapon (lines 215-221, PH9, PH21): the fighters under
    /// the template laid on the table become the targets, each with no
    /// dice (a template rolls none) and the dodge or turn he declared
    /// against the attacker (line 217).
    fn template_targets(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &Warheim,
        table: &feldherr_table::Table,
        template: &TemplateTool,
    ) {
        let attacker = self.order.attacker;
        let weapon = feldherr_warheim::attack_order::find(&game.rosters, attacker)
            .ok()
            .and_then(|(_, f)| f.weapons.get(self.order.weapon));
        if !self.has_attacker || weapon.is_none_or(|w| w.template.is_none()) {
            return;
        }
        let Some(placement) = template.placement else {
            ui.label(texts.t("wh.attack.lay_template"));
            return;
        };
        let under: Vec<Id> = template
            .under(game, table)
            .into_iter()
            .filter(|id| *id != attacker)
            .collect();
        let names: Vec<String> = under.iter().map(|id| fighter_name(game, *id)).collect();
        let label = texts.f(
            "wh.attack.template_targets",
            &[
                ("count", &under.len().to_string()),
                ("names", &names.join(", ")),
            ],
        );
        let impact = weapon.and_then(feldherr_warheim::Weapon::template_use)
            == Some(feldherr_warheim::TemplateUse::Impact);
        if ui
            .add_enabled(!under.is_empty(), egui::Button::new(label))
            .clicked()
        {
            // Impact X (line 219): the whole pool at the fighter aimed at
            // (the first target in the form, as declared, else the first
            // under it); the template hits the others only if that roll
            // succeeds.
            self.order.impact = impact
                .then(|| {
                    let aimed = self
                        .targets
                        .first()
                        .map(|t| t.order.target)
                        .or_else(|| under.first().copied())?;
                    let pool = feldherr_warheim::attack_order::find(&game.rosters, attacker)
                        .ok()
                        .and_then(|(_, f)| self.order.pool_size(f).ok())?;
                    let mut t = game
                        .target_order(table, attacker, aimed, ReactionChoice::None)
                        .ok()
                        .flatten()?;
                    t.dice = pool;
                    Some(t)
                })
                .flatten();
            self.targets.clear();
            self.order.template = Some(placement);
            for id in under {
                self.add_target(game, table, id, game.template_reaction(id, attacker));
                if let Some(t) = self.targets.last_mut() {
                    t.dice = "0".into();
                }
            }
            self.odds = None;
        }
    }

    /// Adds `target` with `reaction`, measured on the table where both
    /// stand (`target_order`: distance, facing, cover, wall, zones, whether
    /// he saw the attacker), the dice left of the pool.
    fn add_target(
        &mut self,
        game: &Warheim,
        table: &feldherr_table::Table,
        target: Id,
        reaction: ReactionChoice,
    ) {
        let attacker = self.order.attacker;
        let pool = feldherr_warheim::attack_order::find(&game.rosters, attacker)
            .ok()
            .and_then(|(_, f)| self.order.pool_size(f).ok())
            .unwrap_or(1);
        let used: u32 = self
            .targets
            .iter()
            .filter_map(|t| t.dice.trim().parse::<u32>().ok())
            .sum();
        let measured = game
            .target_order(table, attacker, target, reaction)
            .ok()
            .flatten();
        // Off the table: whether he saw comes from the activation's seers.
        let saw = game
            .activation()
            .is_none_or(|a| a.seers().contains(&target));
        let order = measured.clone().unwrap_or(TargetOrder {
            saw_active: saw,
            ..TargetOrder::new(target, 0, 0.0, reaction)
        });
        self.targets.push(TargetForm {
            dice: pool.saturating_sub(used).to_string(),
            distance: format!("{:.2}", order.distance),
            order,
            measured: measured.is_some(),
        });
    }

    /// Fills the form from a declared action of the running activation:
    /// the attacker, his weapon, the kind of attack, the targets with the
    /// reactions they declared, each line measured on the table.
    pub fn load_declared(&mut self, game: &Warheim, table: &feldherr_table::Table, slot: Slot) {
        let Some(a) = game.activation() else {
            return;
        };
        let Some((attacker, d)) = a.declared(slot) else {
            return;
        };
        let (action, weapon, targets) = (d.action, d.weapon, d.targets);
        let mut order = AttackOrder::new(attacker, weapon.unwrap_or(0), Vec::new());
        order.charge = action == Action::Full(FullAction::Charge);
        order.ambush = matches!(
            action,
            Action::Short(ShortAction::AmbushStrike | ShortAction::AmbushShot)
        );
        order.manoeuvre = action == Action::Full(FullAction::Manoeuvre);
        order.volley = action == Action::Full(FullAction::Volley);
        order.reload_after = action == Action::Full(FullAction::ShootReload);
        order.intuitive = action == Action::Full(FullAction::IntuitiveAttack);
        order.squad_order = matches!(slot, Slot::Squad(..));
        order.as_reaction = matches!(slot, Slot::Reaction(_));
        self.order = order;
        self.has_attacker = true;
        self.targets.clear();
        self.odds = None;
        self.error = None;
        for t in targets {
            // The target's own declared reaction against the attacker.
            let reaction = match a.reaction_of(t) {
                Some(ReactionDecl::React {
                    action,
                    weapon,
                    against,
                    ..
                }) if !matches!(slot, Slot::Reaction(_)) && *against == attacker => {
                    match action {
                        ShortAction::Dodge => ReactionChoice::Dodge,
                        ShortAction::Block => ReactionChoice::Block,
                        ShortAction::Turn => ReactionChoice::Turn,
                        // A blow or a shot back (the crate takes a
                        // declared shot as the counter-shot).
                        ShortAction::Attack | ShortAction::AmbushStrike | ShortAction::Shoot => {
                            ReactionChoice::Attack {
                                weapon: weapon.unwrap_or(0),
                                martial: None,
                            }
                        }
                        _ => ReactionChoice::None,
                    }
                }
                _ => ReactionChoice::None,
            };
            self.add_target(game, table, t, reaction);
        }
        // The pool split evenly, the odd dice to the first targets.
        let pool = feldherr_warheim::attack_order::find(&game.rosters, attacker)
            .ok()
            .and_then(|(_, f)| self.order.pool_size(f).ok())
            .unwrap_or(1);
        let n = u32::try_from(self.targets.len()).unwrap_or(u32::MAX).max(1);
        for (i, t) in (0u32..).zip(self.targets.iter_mut()) {
            t.dice = (pool / n + u32::from(i < pool % n)).to_string();
        }
        self.from = Some((a.fighter, slot));
    }

    /// The declared actions of the running activation this tab resolves:
    /// the one asked for is loaded; the others offered by a button.
    fn declared(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &Warheim,
        table: &feldherr_table::Table,
    ) {
        let Some(a) = game.activation() else {
            self.from = None;
            return;
        };
        let mut slots: Vec<Slot> = Vec::new();
        let attack = |x: Action| super::activation_panel::resolve_tab(x) == Some("attack");
        if a.first.as_ref().is_some_and(|d| attack(d.action)) {
            if a.squad.is_empty() {
                slots.push(Slot::First);
            } else {
                slots.extend(a.squad.iter().map(|f| Slot::Squad(*f, false)));
            }
        }
        if a.first
            .as_ref()
            .and_then(|d| d.ordered.as_ref())
            .is_some_and(|o| attack(Action::Short(o.action)))
        {
            slots.push(Slot::Ordered);
        }
        for r in &a.reactions {
            if let ReactionDecl::React { action, .. } = r.decl
                && attack(Action::Short(action))
            {
                slots.push(Slot::Reaction(r.fighter));
            }
        }
        if a.second.as_ref().is_some_and(|d| attack(d.action)) {
            if a.squad.is_empty() {
                slots.push(Slot::Second);
            } else {
                slots.extend(a.squad.iter().map(|f| Slot::Squad(*f, true)));
            }
        }
        slots.retain(|s| !a.used.contains(s));
        if let Some(slot) = self.pending.take() {
            self.load_declared(game, table, slot);
        } else if self
            .from
            .is_none_or(|(f, s)| f != a.fighter || !slots.contains(&s))
            && let Some(first) = slots.first()
        {
            // The attack starts from the declared action.
            self.load_declared(game, table, *first);
        }
        if slots.is_empty() {
            return;
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(texts.t("wh.attack.declared"));
            for s in slots {
                let who = match s {
                    Slot::Reaction(id) | Slot::Squad(id, _) => id,
                    Slot::Ordered => a
                        .first
                        .as_ref()
                        .and_then(|d| d.ordered.as_ref())
                        .map_or(a.fighter, |o| o.fighter),
                    Slot::First | Slot::Second => a.fighter,
                };
                let key = match s {
                    Slot::Second | Slot::Squad(_, true) => "wh.attack.from_second",
                    Slot::Reaction(_) => "wh.attack.from_reaction",
                    _ => "wh.attack.from_first",
                };
                let on = self.from == Some((a.fighter, s));
                if ui
                    .selectable_label(on, texts.f(key, &[("name", &fighter_name(game, who))]))
                    .clicked()
                {
                    self.load_declared(game, table, s);
                }
            }
        });
        ui.separator();
    }

    fn attacker_form(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &Warheim,
        table: &feldherr_table::Table,
    ) {
        let attacker = self
            .has_attacker
            .then(|| {
                game.rosters
                    .iter()
                    .find_map(|r| r.fighter(self.order.attacker))
            })
            .flatten();
        ui.horizontal_wrapped(|ui| {
            let shown = attacker.map_or_else(
                || texts.t("wh.attack.choose").to_owned(),
                |f| f.name.clone(),
            );
            let mut picked = None;
            egui::ComboBox::new("wh.attack.attacker", texts.t("wh.attack.attacker"))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for (p, r) in game.rosters.iter().enumerate() {
                        for f in r.fighters.iter().filter(|f| !f.down()) {
                            let label = format!("{} ({})", f.name, p + 1);
                            if ui
                                .selectable_label(
                                    self.order.attacker == f.id && self.has_attacker,
                                    label,
                                )
                                .clicked()
                            {
                                picked = Some(f.id);
                            }
                        }
                    }
                });
            if let Some(id) = picked {
                self.order.attacker = id;
                self.order.weapon = 0;
                self.order.martial = None;
                self.has_attacker = true;
                self.targets.clear();
            }
        });
        let Some(attacker) = attacker else {
            return;
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(texts.t("wh.attack.weapon"));
            for (i, w) in attacker.weapons.iter().enumerate() {
                let text = format!("{} ({} A, +{})", w.name, w.attacks, w.strength_bonus);
                ui.selectable_value(&mut self.order.weapon, i, text);
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut self.order.charge, texts.t("wh.attack.charge"));
            ui.checkbox(&mut self.order.ambush, texts.t("wh.attack.ambush"));
            ui.checkbox(
                &mut self.order.squad_order,
                texts.t("wh.attack.squad_order"),
            );
            ui.checkbox(
                &mut self.order.as_reaction,
                texts.t("wh.attack.as_reaction"),
            );
            ui.checkbox(
                &mut self.order.attacker_cover,
                texts.t("wh.attack.attacker_cover"),
            );
            if attacker.skill(SkillKind::Martial) > 0 {
                martial_combo(
                    ui,
                    texts,
                    "wh.attack.martial",
                    texts.t("wh.attack.martial"),
                    &mut self.order.martial,
                );
            }
        });
        match self.order.pool_size(attacker) {
            Ok(pool) => {
                let split: u32 = self
                    .targets
                    .iter()
                    .filter_map(|t| t.dice.trim().parse::<u32>().ok())
                    .sum();
                ui.label(texts.f(
                    "wh.attack.pool",
                    &[("pool", &pool.to_string()), ("split", &split.to_string())],
                ));
            }
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e.to_string());
            }
        }
        let _ = table;
    }

    fn targets_form(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &Warheim,
        table: &feldherr_table::Table,
    ) {
        if !self.has_attacker {
            return;
        }
        let Ok((side, _)) =
            feldherr_warheim::attack_order::find(&game.rosters, self.order.attacker)
        else {
            return;
        };
        let mut add = None;
        ui.horizontal_wrapped(|ui| {
            egui::ComboBox::new("wh.attack.add_target", texts.t("wh.attack.targets"))
                .selected_text(texts.t("wh.attack.add_target"))
                .show_ui(ui, |ui| {
                    for (p, f) in super::able_enemies(game, side) {
                        if self.targets.iter().any(|t| t.order.target == f.id) {
                            continue;
                        }
                        if ui
                            .selectable_label(false, format!("{} ({})", f.name, p + 1))
                            .clicked()
                        {
                            add = Some(f.id);
                        }
                    }
                });
        });
        if let Some(target) = add {
            self.add_target(game, table, target, ReactionChoice::None);
        }
        let mut remove = None;
        for i in 0..self.targets.len() {
            let id = self.targets[i].order.target;
            let name = fighter_name(game, id);
            let target = game.rosters.iter().find_map(|r| r.fighter(id));
            ui.push_id(("wh.target", id.0), |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.strong(&name);
                    if ui
                        .button(texts.f("wh.attack.remove_target", &[("name", &name)]))
                        .clicked()
                    {
                        remove = Some(i);
                    }
                    let placed = game.line(table, self.order.attacker, id).is_some();
                    if placed
                        && ui
                            .button(texts.f("wh.attack.measure", &[("name", &name)]))
                            .clicked()
                    {
                        self.measure(game, table, i);
                    }
                });
                let t = &mut self.targets[i];
                ui.horizontal_wrapped(|ui| {
                    super::text_field(
                        ui,
                        texts.f("wh.attack.dice", &[("name", &name)]),
                        &mut t.dice,
                        36.0,
                    );
                    super::text_field(
                        ui,
                        texts.f("wh.attack.distance", &[("name", &name)]),
                        &mut t.distance,
                        48.0,
                    );
                    if t.measured {
                        ui.label(texts.t("wh.attack.measured"));
                    }
                    ui.label(texts.t("wh.attack.facing"));
                    for f in [Facing::Front, Facing::Flank, Facing::Rear] {
                        ui.selectable_value(&mut t.order.facing, f, texts.t(facing_key(f)));
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    ui.checkbox(
                        &mut t.order.cover,
                        texts.f("wh.attack.cover", &[("name", &name)]),
                    );
                    ui.checkbox(
                        &mut t.order.wall,
                        texts.f("wh.attack.wall", &[("name", &name)]),
                    );
                    for z in ZONES {
                        let mut on = t.order.terrain.contains(&z);
                        if ui.checkbox(&mut on, texts.t(&terrain_key(z))).changed() {
                            if on {
                                t.order.terrain.push(z);
                                t.order.terrain.sort();
                            } else {
                                t.order.terrain.retain(|x| *x != z);
                            }
                        }
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    ui.checkbox(
                        &mut t.order.saw_active,
                        texts.f("wh.attack.saw", &[("name", &name)]),
                    );
                });
                ui.horizontal_wrapped(|ui| {
                    let reaction_text = |r: &ReactionChoice| match r {
                        ReactionChoice::None => texts.t("warheim.reaction.none").to_owned(),
                        ReactionChoice::Attack { weapon, .. } => {
                            let w = target
                                .and_then(|f| f.weapons.get(*weapon))
                                .map_or("?", |w| w.name.as_str());
                            texts.f("wh.reaction.strike", &[("weapon", w)])
                        }
                        ReactionChoice::Dodge => texts.t("warheim.reaction.dodge").to_owned(),
                        ReactionChoice::Block => texts.t("warheim.reaction.block").to_owned(),
                        ReactionChoice::Turn => texts.t("warheim.reaction.turn").to_owned(),
                    };
                    let mut options = vec![ReactionChoice::None];
                    for w in 0..target.map_or(0, |f| f.weapons.len()) {
                        let martial = match t.order.reaction {
                            ReactionChoice::Attack { martial, .. } => martial,
                            _ => None,
                        };
                        options.push(ReactionChoice::Attack { weapon: w, martial });
                    }
                    options.extend([
                        ReactionChoice::Dodge,
                        ReactionChoice::Block,
                        ReactionChoice::Turn,
                    ]);
                    egui::ComboBox::new(
                        "reaction",
                        texts.f("wh.attack.reaction", &[("name", &name)]),
                    )
                    .selected_text(reaction_text(&t.order.reaction))
                    .show_ui(ui, |ui| {
                        for o in options {
                            let text = reaction_text(&o);
                            ui.selectable_value(&mut t.order.reaction, o, text);
                        }
                    });
                    if let ReactionChoice::Attack { martial, .. } = &mut t.order.reaction
                        && target.is_some_and(|f| f.skill(SkillKind::Martial) > 0)
                    {
                        martial_combo(
                            ui,
                            texts,
                            "reaction.martial",
                            &texts.f("wh.attack.reaction_martial", &[("name", &name)]),
                            martial,
                        );
                    }
                });
            });
            ui.add_space(4.0);
        }
        if let Some(i) = remove {
            self.targets.remove(i);
        }
    }

    fn morale(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        viewer: Option<usize>,
    ) {
        let texts = ctx.texts;
        let game = wh(ctx.doc);
        ui.heading(texts.t("wh.morale.title"));
        // Nerves tests are queued by the engine when an attack is applied
        // (PH11); the open ones are listed here.
        for (i, r) in game.resolutions.iter().enumerate() {
            if let WarheimKind::Morale(spec) = r.kind()
                && !r.applied()
            {
                ui.label(texts.f(
                    "wh.morale.open",
                    &[
                        ("n", &(i + 1).to_string()),
                        ("name", &spec.name),
                        ("test", texts.t(morale_kind_key(spec.kind))),
                    ],
                ));
            }
        }
        // Flight tests due: friends of a fighter killed by the last applied
        // attack who have not tested since; measured on the table where he
        // has a piece (PH32), else the players judge (PH11).
        let table = ctx.doc.table_or_default();
        for (dead, candidates) in game.flight_tests_due(&table) {
            ui.label(texts.f(
                "wh.morale.friend_died",
                &[("name", &fighter_name(game, dead))],
            ));
            ui.horizontal_wrapped(|ui| {
                for c in candidates {
                    if ui
                        .button(
                            texts.f("wh.morale.flight_for", &[("name", &fighter_name(game, c))]),
                        )
                        .clicked()
                    {
                        self.morale_error = try_edit(
                            ctx.doc,
                            ctx.commands,
                            ctx.texts,
                            WarheimEdit::Morale {
                                fighter: c,
                                kind: MoraleKind::Flight,
                                penalty: 0,
                            },
                        )
                        .err();
                        if self.morale_error.is_none() {
                            *ctx.view = View::Resolution;
                        }
                    }
                }
            });
        }
        for (p, r) in game.rosters.iter().enumerate() {
            if r.commander_lost {
                let seen =
                    viewer.is_none_or(|v| v == p) || r.commander_revealed || r.commander_lost;
                if seen {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        texts.f(
                            "wh.morale.commander_lost",
                            &[("player", &player_label(texts, game, p))],
                        ),
                    );
                }
            }
        }
        // A test by hand.
        ui.horizontal_wrapped(|ui| {
            let shown = self.morale_fighter.map_or_else(
                || texts.t("wh.attack.choose").to_owned(),
                |f| fighter_name(game, f),
            );
            egui::ComboBox::new("wh.morale.fighter", texts.t("wh.morale.fighter"))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for r in &game.rosters {
                        for f in r.fighters.iter().filter(|f| !f.down()) {
                            ui.selectable_value(&mut self.morale_fighter, Some(f.id), &f.name);
                        }
                    }
                });
            for k in [MoraleKind::Nerves, MoraleKind::Flight] {
                ui.selectable_value(&mut self.morale_kind, k, texts.t(morale_kind_key(k)));
            }
            super::text_field(
                ui,
                texts.t("wh.morale.penalty"),
                &mut self.morale_penalty,
                36.0,
            );
            if ui.button(texts.t("wh.morale.declare")).clicked() {
                self.morale_error = match (
                    self.morale_fighter,
                    self.morale_penalty.trim().parse::<i32>(),
                ) {
                    (None, _) => Some(texts.t("wh.morale.pick").to_owned()),
                    (_, Err(_)) => Some(texts.f(
                        "wh.not_number",
                        &[
                            ("field", texts.t("wh.morale.penalty")),
                            ("value", self.morale_penalty.trim()),
                        ],
                    )),
                    (Some(fighter), Ok(penalty)) => try_edit(
                        ctx.doc,
                        ctx.commands,
                        ctx.texts,
                        WarheimEdit::Morale {
                            fighter,
                            kind: self.morale_kind,
                            penalty,
                        },
                    )
                    .err(),
                };
                if self.morale_error.is_none() {
                    *ctx.view = View::Resolution;
                }
            }
        });
        error_line(ui, self.morale_error.as_ref());
    }
}

/// The exact odds of each target's exchange: hits on the target and on
/// the attacker.
fn show_odds(ui: &mut egui::Ui, texts: &Texts, game: &Warheim, odds: &[TargetOdds]) {
    ui.strong(texts.t("wh.odds.title"));
    for t in odds {
        let name = fighter_name(game, t.target);
        ui.label(texts.f("wh.odds.at", &[("name", &name)]));
        let lines: Vec<feldherr_dice::OddsLine> = t
            .hits
            .iter()
            .map(|(h, p)| feldherr_dice::OddsLine {
                label: texts.f(
                    "wh.odds.line",
                    &[
                        ("target", &h.a.to_string()),
                        ("attacker", &h.b.to_string()),
                        ("name", &name),
                    ],
                ),
                probability: p,
            })
            .collect();
        crate::ui::odds_chart::show(ui, texts, &format!("wh.odds.{}", t.target), &lines);
    }
}

/// The apply button above a finished resolution, with the typed outcome.
pub fn apply_button(ui: &mut egui::Ui, ctx: &mut GameContext<'_, Warheim>, index: usize) {
    let texts = ctx.texts;
    let game = wh(ctx.doc);
    let Some(saved) = game.resolutions.get(index) else {
        return;
    };
    let Some(outcome) = saved.outcome() else {
        return;
    };
    for line in outcome_lines(texts, game, saved.kind(), outcome) {
        ui.label(line);
    }
    if saved.applied() {
        ui.label(texts.t("wh.applied"));
    } else if ui.button(texts.t("wh.apply")).clicked()
        && let Err(e) = try_edit(
            ctx.doc,
            ctx.commands,
            ctx.texts,
            WarheimEdit::Apply(saved.id()),
        )
    {
        ctx.show_error(e);
    }
}
