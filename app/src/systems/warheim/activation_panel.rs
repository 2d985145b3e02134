//! An activation as one flow (lines 31-43, PH26) in the Turn tab: the
//! fighter begins (only those with an activation left are offered), he
//! declares his first short action or his whole full action (weapon,
//! spell, targets chosen by name), his move is drawn as a path on the
//! table and measured against his Speeds and the zones before it is made,
//! the enemies who saw him (computed from the table, each with a tick box
//! to overrule) declare their reactions, he declares his second action,
//! each declared action is resolved in its tab, and the activation ends.
//! On the table: the drawn move with its length, the seers ringed and
//! labelled, the move and charge reach and the declared weapon's range
//! bands around the active fighter.

use super::fighter;
use eframe::egui;
use feldherr_play::{Id, PlayError};
use feldherr_table::Table;
use feldherr_table::geometry::{Point, Shape};
use feldherr_warheim::activation::{
    Action, Activation, Declaration, OrderedAction, Phase, ReactionDecl, Sighting, Slot,
};
use feldherr_warheim::on_table::{MoveKind, MovePath};
use feldherr_warheim::turn::GroupTurn;
use feldherr_warheim::{FullAction, ShortAction, Source, Warheim, WarheimEdit};

use super::attack_panel::terrain_key;
use super::turn_tracker::{FULL, SHORT, full_key, short_key};
use super::{error_line, fighter_name, player_label, wh};
use crate::i18n::Texts;
use crate::systems::{GameContext, View};
use crate::ui::palette::player_colour;
use crate::ui::table_canvas::{Overlay, OverlayItem, PathEvent, Tone};

/// The short actions a seer may react with (line 31).
const REACTIONS: [ShortAction; 10] = [
    ShortAction::Attack,
    ShortAction::Shoot,
    ShortAction::AmbushStrike,
    ShortAction::AmbushShot,
    ShortAction::Channel,
    ShortAction::Dodge,
    ShortAction::Block,
    ShortAction::Turn,
    ShortAction::Overcome,
    ShortAction::Spot,
];

/// What an action uses and aims at, as a form holds it: the same fields
/// for the active model's declaration and for the model he orders.
#[derive(Debug, Clone, Default)]
struct Aim {
    weapon: Option<usize>,
    spell: Option<usize>,
    targets: Vec<Id>,
    /// A special ability's name, as the army sheet names it.
    ability: String,
}

impl Aim {
    /// The ability's name for a special ability's declaration.
    fn ability(&self, action: Action) -> Option<String> {
        let name = self.ability.trim();
        (action == Action::Short(ShortAction::Special) && !name.is_empty()).then(|| name.to_owned())
    }
}

/// One declaration being filled in.
#[derive(Debug, Clone)]
struct DeclForm {
    full: bool,
    short: ShortAction,
    full_action: FullAction,
    aim: Aim,
    ordered: Option<Id>,
    ordered_action: ShortAction,
    /// What the ordered model uses and aims at (line 203).
    ordered_aim: Aim,
}

impl DeclForm {
    fn new(short: ShortAction) -> Self {
        Self {
            full: false,
            short,
            full_action: FullAction::Charge,
            aim: Aim::default(),
            ordered: None,
            ordered_action: ShortAction::Move,
            ordered_aim: Aim::default(),
        }
    }

    fn action(&self) -> Action {
        if self.full {
            Action::Full(self.full_action)
        } else {
            Action::Short(self.short)
        }
    }

    fn declaration(&self) -> Declaration {
        let action = self.action();
        let mut d = match action {
            Action::Full(a) => Declaration::full(a),
            Action::Short(a) => Declaration::short(a),
        };
        d.weapon = self.aim.weapon;
        d.spell = self.aim.spell;
        d.targets.clone_from(&self.aim.targets);
        d.ability = self.aim.ability(action);
        if action == Action::Full(FullAction::Order) {
            let aim = &self.ordered_aim;
            d.ordered = self.ordered.map(|fighter| OrderedAction {
                fighter,
                action: self.ordered_action,
                weapon: aim.weapon,
                spell: aim.spell,
                targets: aim.targets.clone(),
                ability: aim.ability(Action::Short(self.ordered_action)),
            });
        }
        d
    }
}

/// A move being drawn on the table.
#[derive(Debug, Clone)]
struct Drawing {
    fighter: Id,
    kind: MoveKind,
    /// The start (his base's centre) and the points clicked since.
    points: Vec<Point>,
}

impl Drawing {
    fn path(&self) -> MovePath {
        MovePath {
            kind: self.kind,
            points: self.points.iter().skip(1).copied().collect(),
            rise: 0.0,
            facing: None,
        }
    }
}

/// What a seer's reaction form holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answer {
    React,
    Pass,
    Delay,
}

/// The activation flow of the Turn tab.
#[derive(Debug)]
pub struct ActivationPanel {
    fighter: Option<Id>,
    source: Source,
    first: DeclForm,
    second: DeclForm,
    mover: Option<Id>,
    drawing: Option<Drawing>,
    reactor: Option<Id>,
    answer: Answer,
    reaction: ShortAction,
    against: Option<Id>,
    reaction_weapon: Option<usize>,
    reaction_spell: Option<usize>,
    error: Option<String>,
    /// A declared action the tab that resolves it is to start from (the
    /// Attack, Magic or Actions tab).
    pub request: Option<Slot>,
}

impl Default for ActivationPanel {
    fn default() -> Self {
        Self {
            fighter: None,
            source: Source::Pool,
            first: DeclForm::new(ShortAction::Move),
            second: DeclForm::new(ShortAction::Attack),
            mover: None,
            drawing: None,
            reactor: None,
            answer: Answer::React,
            reaction: ShortAction::Attack,
            against: None,
            reaction_weapon: Some(0),
            reaction_spell: None,
            error: None,
            request: None,
        }
    }
}

fn player_of(game: &Warheim, id: Id) -> Option<usize> {
    game.rosters.iter().position(|r| r.fighter(id).is_some())
}

/// The action's words ("attack", "charge").
fn action_words(texts: &Texts, action: Action) -> String {
    match action {
        Action::Short(a) => texts.t(&short_key(a)).to_owned(),
        Action::Full(a) => texts.t(&full_key(a)).to_owned(),
    }
}

/// The declaration's words: "attack with Sword at Upper orc, Lower orc".
fn declaration_words(texts: &Texts, game: &Warheim, actor: Id, d: &Declaration) -> String {
    let mut out = action_words(texts, d.action);
    let who = fighter(game, actor);
    if let Some(w) = d.weapon.and_then(|w| who.and_then(|f| f.weapons.get(w))) {
        out.push_str(&texts.f("wh.flow.with", &[("what", &w.name)]));
    }
    if let Some(s) = d.spell.and_then(|s| who.and_then(|f| f.spells.get(s))) {
        out.push_str(&texts.f("wh.flow.with", &[("what", &s.name)]));
    }
    if !d.targets.is_empty() {
        let names: Vec<String> = d.targets.iter().map(|t| fighter_name(game, *t)).collect();
        out.push_str(&texts.f("wh.flow.at", &[("names", &names.join(", "))]));
    }
    if let Some(ability) = &d.ability {
        out.push_str(&texts.f("wh.flow.ability_named", &[("name", ability)]));
    }
    if let Some(o) = &d.ordered {
        // His own action in the same words: weapon, targets, ability.
        let action = declaration_words(texts, game, o.fighter, &o.declaration());
        out.push_str(&texts.f(
            "wh.flow.ordered",
            &[
                ("name", &fighter_name(game, o.fighter)),
                ("action", &action),
            ],
        ));
    }
    out
}

/// The tab that resolves `action`, if any (the moves are drawn here;
/// dodge, block and turn are answered inside the attack they meet).
pub fn resolve_tab(action: Action) -> Option<&'static str> {
    use FullAction as F;
    use ShortAction as S;
    match action {
        Action::Short(S::Attack | S::Shoot | S::AmbushStrike | S::AmbushShot)
        | Action::Full(
            F::Charge | F::Manoeuvre | F::ShootReload | F::IntuitiveAttack | F::Volley,
        ) => Some("attack"),
        Action::Short(S::Channel | S::Overcome) | Action::Full(F::CastSpell) => Some("magic"),
        Action::Short(S::Hide | S::Spot) | Action::Full(F::Reveal) => Some("markers"),
        Action::Short(S::Reload | S::Special | S::Throw) => Some("actions"),
        _ => None,
    }
}

/// The move `mover` draws for his declared action now, if it moves him.
pub fn move_kind(a: &Activation, mover: Id) -> Option<MoveKind> {
    let second_half = a.phase == Phase::SecondHalf;
    let ordered = a
        .first
        .as_ref()
        .and_then(|d| d.ordered.as_ref())
        .filter(|o| o.fighter == mover);
    let action = if let Some(o) = ordered {
        Action::Short(o.action)
    } else if mover == a.fighter || a.squad.contains(&mover) {
        let d = if second_half { &a.second } else { &a.first };
        d.as_ref()?.action
    } else {
        return None;
    };
    if a.phase == Phase::Begun {
        return None;
    }
    Some(match action {
        Action::Short(ShortAction::Move) if second_half => MoveKind::SecondMove,
        Action::Short(ShortAction::Move) => MoveKind::Move,
        Action::Short(ShortAction::SecondMove) => MoveKind::SecondMove,
        Action::Full(FullAction::Charge) => MoveKind::Charge,
        Action::Full(FullAction::Climb) => MoveKind::Climb,
        Action::Full(FullAction::Jump { up: false }) => MoveKind::Jump,
        Action::Full(FullAction::Jump { up: true }) => MoveKind::JumpUp,
        Action::Full(FullAction::StealthMove) => MoveKind::Stealth,
        Action::Full(FullAction::Manoeuvre) => MoveKind::Aside,
        _ => return None,
    })
}

/// What `actor`'s action uses and aims at: his weapons and spells by name,
/// the able enemies of `player` by name in their colours, and a special
/// ability's name. Drawn for the active model's declaration and for the
/// model he orders (`named`: the labels name him).
#[expect(
    clippy::too_many_arguments,
    reason = "one set of fields, drawn for the actor and the ordered model"
)]
fn aim_fields(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &Warheim,
    player: usize,
    actor: Id,
    action: Action,
    salt: impl std::hash::Hash + std::fmt::Debug + Copy,
    aim: &mut Aim,
    named: bool,
) {
    let who = fighter(game, actor);
    let label = |plain: &str, of: &str| {
        if named {
            texts.f(of, &[("name", &fighter_name(game, actor))])
        } else {
            texts.t(plain).to_owned()
        }
    };
    ui.horizontal_wrapped(|ui| {
        if let Some(f) = who.filter(|f| !f.weapons.is_empty()) {
            super::pick_or_none(
                ui,
                ("wh.flow.weapon", salt),
                &label("wh.flow.weapon", "wh.flow.weapon_of"),
                texts.t("wh.flow.no_weapon"),
                &mut aim.weapon,
                f.weapons
                    .iter()
                    .enumerate()
                    .map(|(i, w)| (i, w.name.clone())),
            );
        }
        if let Some(f) = who.filter(|f| !f.spells.is_empty()) {
            super::pick_or_none(
                ui,
                ("wh.flow.spell", salt),
                &label("wh.flow.spell", "wh.flow.spell_of"),
                texts.t("wh.flow.no_spell"),
                &mut aim.spell,
                f.spells
                    .iter()
                    .enumerate()
                    .map(|(i, s)| (i, s.name.clone())),
            );
        }
    });
    if action == Action::Short(ShortAction::Special) {
        ui.horizontal_wrapped(|ui| {
            super::text_field(
                ui,
                label("wh.flow.ability", "wh.flow.ability_of"),
                &mut aim.ability,
                160.0,
            );
        });
    }
    // Targets: the able enemies, by name, in their player's colour.
    ui.horizontal_wrapped(|ui| {
        ui.label(label("wh.flow.targets", "wh.flow.targets_of"));
        let ticked = enemy_ticks(
            ui,
            game,
            player,
            true,
            |f| aim.targets.contains(&f.id),
            |f| {
                (
                    f.name.clone(),
                    Some(texts.f("wh.flow.target_hover", &[("name", &f.name)])),
                )
            },
        );
        match ticked {
            Some((id, true)) => aim.targets.push(id),
            Some((id, false)) => aim.targets.retain(|t| *t != id),
            None => {}
        }
    });
}

/// A tick box per able enemy of `player`, named by `words` (the text, a
/// hover) in his player's colour, ticked where `on` says; the one the
/// user changed, if any.
fn enemy_ticks(
    ui: &mut egui::Ui,
    game: &Warheim,
    player: usize,
    enabled: bool,
    on: impl Fn(&feldherr_warheim::Fighter) -> bool,
    words: impl Fn(&feldherr_warheim::Fighter) -> (String, Option<String>),
) -> Option<(Id, bool)> {
    let mut changed = None;
    for (p, f) in super::able_enemies(game, player) {
        let mut ticked = on(f);
        let (text, hover) = words(f);
        let text = egui::RichText::new(text).color(player_colour(p));
        let mut response = ui.add_enabled(enabled, egui::Checkbox::new(&mut ticked, text));
        if let Some(hover) = hover {
            response = response.on_hover_text(hover);
        }
        if response.changed() {
            changed = Some((f.id, ticked));
        }
    }
    changed
}

fn base_radius(piece: &feldherr_table::Piece) -> f64 {
    match &piece.shape {
        Shape::Circle(c) => c.radius(),
        other => {
            let b = other.bounds();
            (b.max.x - b.min.x) / 2.0
        }
    }
}

fn refusal(texts: &Texts, e: &PlayError) -> String {
    texts.error(e)
}

impl ActivationPanel {
    /// The fighter whose move is being drawn, if any.
    pub fn drawing(&self) -> Option<Id> {
        self.drawing.as_ref().map(|d| d.fighter)
    }

    /// Draws the flow for the acting group `group`.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        group: &GroupTurn,
        viewer: Option<usize>,
    ) {
        let game = wh(ctx.doc);
        match game.activation() {
            None => self.begin_form(ui, ctx, game, group, viewer),
            Some(a) => {
                let a = a.clone();
                self.running(ui, ctx, game, &a);
            }
        }
        error_line(ui, self.error.as_ref());
    }

    fn begin_form(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        game: &Warheim,
        group: &GroupTurn,
        viewer: Option<usize>,
    ) {
        let texts = ctx.texts;
        self.drawing = None;
        self.first = DeclForm::new(self.first.short);
        ui.strong(texts.t("wh.turn.activation"));
        ui.label(texts.f(
            "wh.turn.pool",
            &[
                ("pool", &group.pool.to_string()),
                ("own", &group.own.len().to_string()),
            ],
        ));
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
        // Only fighters the engine would let begin are offered.
        let able: Vec<Id> = group
            .fighters
            .iter()
            .copied()
            .filter(|f| {
                ctx.check(&WarheimEdit::BeginActivation {
                    fighter: *f,
                    source: self.source,
                })
                .is_ok()
            })
            .collect();
        if self.fighter.is_none_or(|f| !able.contains(&f)) {
            self.fighter = able.first().copied();
        }
        ui.horizontal_wrapped(|ui| {
            ui.label(texts.t("wh.turn.fighter"));
            for f in &able {
                ui.selectable_value(&mut self.fighter, Some(*f), fighter_name(game, *f));
            }
            if able.is_empty() {
                ui.weak(texts.t("wh.flow.nobody"));
            }
        });
        if let Some(f) = self.fighter {
            let label = texts.f("wh.flow.begin", &[("name", &fighter_name(game, f))]);
            let edit = WarheimEdit::BeginActivation {
                fighter: f,
                source: self.source,
            };
            if ctx.edit_button(ui, &label, edit, &|e| refusal(texts, e)) {
                self.error = None;
                if self.source == Source::CommanderExtra {
                    self.source = Source::Pool;
                }
            }
        }
        if group.squad_order {
            ctx.edit_button(
                ui,
                texts.t("wh.flow.squad_order"),
                WarheimEdit::BeginSquadOrder,
                &|e| refusal(texts, e),
            );
        }
    }

    fn running(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        game: &Warheim,
        a: &Activation,
    ) {
        let texts = ctx.texts;
        let name = fighter_name(game, a.fighter);
        ui.horizontal_wrapped(|ui| {
            ui.label(
                egui::RichText::new(if a.squad.is_empty() {
                    texts.f("wh.flow.title", &[("name", &name)])
                } else {
                    let names: Vec<String> =
                        a.squad.iter().map(|f| fighter_name(game, *f)).collect();
                    texts.f("wh.flow.squad_title", &[("names", &names.join(", "))])
                })
                .strong()
                .color(player_colour(a.player)),
            );
            ui.label(texts.f(
                "wh.flow.of",
                &[("player", &player_label(texts, game, a.player))],
            ));
        });
        let phase = match a.phase {
            Phase::Begun => "wh.flow.phase.begun",
            Phase::FirstHalf => "wh.flow.phase.first",
            Phase::SecondHalf => "wh.flow.phase.second",
        };
        ui.label(texts.t(phase));
        ui.separator();
        // 1. The first action (or the full action).
        match &a.first {
            None => {
                ui.strong(texts.t("wh.flow.step.declare"));
                let actor = a.fighter;
                let mut form = self.first.clone();
                self.decl_form(ui, texts, game, a, actor, &mut form, true);
                self.first = form;
                let edit = WarheimEdit::Declare(self.first.declaration());
                if ctx.edit_button(ui, texts.t("wh.flow.declare"), edit, &|e| refusal(texts, e)) {
                    self.second = DeclForm::new(ShortAction::Attack);
                }
            }
            Some(d) => {
                ui.label(texts.f(
                    "wh.flow.first_declared",
                    &[("what", &declaration_words(texts, game, a.fighter, d))],
                ));
            }
        }
        if a.phase == Phase::Begun {
            self.end_button(ui, ctx);
            return;
        }
        // 2. The moves of this half, drawn on the table.
        self.moves(ui, ctx, game, a);
        if a.charge_failed {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                texts.f("wh.flow.charge_failed", &[("name", &name)]),
            );
        }
        ui.separator();
        // 3. Who saw, and their reactions.
        self.seers(ui, ctx, game, a);
        self.reactions(ui, ctx, game, a);
        ui.separator();
        // 4. The second short action.
        let short_first = matches!(a.first.as_ref().map(|d| d.action), Some(Action::Short(_)));
        if short_first {
            match &a.second {
                None if a.phase == Phase::FirstHalf && !a.reactions_complete() => {
                    ui.strong(texts.t("wh.flow.step.second"));
                    ui.weak(texts.t("wh.flow.answer_first"));
                }
                None if a.phase == Phase::FirstHalf => {
                    ui.strong(texts.t("wh.flow.step.second"));
                    let mut form = self.second.clone();
                    form.full = false;
                    self.decl_form(ui, texts, game, a, a.fighter, &mut form, false);
                    self.second = form;
                    let edit = WarheimEdit::DeclareSecond(self.second.declaration());
                    ctx.edit_button(ui, texts.t("wh.flow.declare_second"), edit, &|e| {
                        refusal(texts, e)
                    });
                }
                Some(d) => {
                    ui.label(texts.f(
                        "wh.flow.second_declared",
                        &[("what", &declaration_words(texts, game, a.fighter, d))],
                    ));
                }
                None => {}
            }
            ui.separator();
        }
        // 5. The resolutions, in the text's order.
        self.resolutions(ui, ctx, game, a);
        ui.separator();
        self.end_button(ui, ctx);
    }

    fn end_button(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, Warheim>) {
        let texts = ctx.texts;
        if ctx.edit_button(
            ui,
            texts.t("wh.flow.end"),
            WarheimEdit::EndActivation,
            &|e| refusal(texts, e),
        ) {
            self.drawing = None;
            self.mover = None;
            self.reactor = None;
            self.error = None;
            ctx.canvas.cancel_path();
        }
    }

    /// The fields of a declaration for `actor`.
    #[expect(
        clippy::too_many_arguments,
        reason = "one form, drawn for the first and the second action"
    )]
    fn decl_form(
        &self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &Warheim,
        a: &Activation,
        actor: Id,
        form: &mut DeclForm,
        first: bool,
    ) {
        let salt = if first { "first" } else { "second" };
        if first {
            ui.horizontal_wrapped(|ui| {
                ui.selectable_value(&mut form.full, false, texts.t("wh.turn.short"));
                ui.selectable_value(&mut form.full, true, texts.t("wh.turn.full"));
            });
        }
        ui.horizontal_wrapped(|ui| {
            if form.full {
                egui::ComboBox::new(("wh.flow.full", salt), texts.t("wh.turn.full_action"))
                    .selected_text(texts.t(&full_key(form.full_action)))
                    .show_ui(ui, |ui| {
                        for x in FULL {
                            ui.selectable_value(&mut form.full_action, x, texts.t(&full_key(x)));
                        }
                    });
            } else {
                let label = if first {
                    texts.t("wh.flow.first_action")
                } else {
                    texts.t("wh.flow.second_action")
                };
                egui::ComboBox::new(("wh.flow.short", salt), label)
                    .selected_text(texts.t(&short_key(form.short)))
                    .show_ui(ui, |ui| {
                        for x in SHORT {
                            ui.selectable_value(&mut form.short, x, texts.t(&short_key(x)));
                        }
                    });
            }
        });
        let action = form.action();
        // An order's weapon and targets are the ordered model's.
        if action != Action::Full(FullAction::Order) {
            aim_fields(
                ui,
                texts,
                game,
                a.player,
                actor,
                action,
                salt,
                &mut form.aim,
                false,
            );
        }
        if form.action() == Action::Full(FullAction::Order) {
            ui.horizontal_wrapped(|ui| {
                let mates: Vec<Id> = game
                    .rosters
                    .get(a.player)
                    .and_then(|r| r.group_of(actor))
                    .map(|g| g.members.clone())
                    .unwrap_or_default();
                let shown = form.ordered.map_or_else(
                    || texts.t("wh.attack.choose").to_owned(),
                    |f| fighter_name(game, f),
                );
                egui::ComboBox::new(("wh.flow.ordered", salt), texts.t("wh.flow.ordered_model"))
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        for m in mates.into_iter().filter(|m| *m != actor) {
                            ui.selectable_value(&mut form.ordered, Some(m), fighter_name(game, m));
                        }
                    });
                egui::ComboBox::new(
                    ("wh.flow.ordered_action", salt),
                    texts.t("wh.flow.ordered_action"),
                )
                .selected_text(texts.t(&short_key(form.ordered_action)))
                .show_ui(ui, |ui| {
                    for x in SHORT {
                        ui.selectable_value(&mut form.ordered_action, x, texts.t(&short_key(x)));
                    }
                });
            });
            // The ordered model's own weapon, spell, targets or ability:
            // he acts with what he carries (line 203).
            if let Some(ordered) = form.ordered {
                let salt = ("ordered", salt);
                let action = Action::Short(form.ordered_action);
                aim_fields(
                    ui,
                    texts,
                    game,
                    a.player,
                    ordered,
                    action,
                    salt,
                    &mut form.ordered_aim,
                    true,
                );
            }
        }
    }

    /// The moves of the acting models: a draw button per model whose
    /// declared action moves him, the measured path while it is drawn,
    /// and the moves made.
    fn moves(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        game: &Warheim,
        a: &Activation,
    ) {
        let texts = ctx.texts;
        let table = ctx.table();
        for m in &a.moves {
            ui.horizontal_wrapped(|ui| {
                let name = fighter_name(game, m.fighter);
                ui.label(texts.f(
                    "wh.flow.moved",
                    &[
                        ("name", &name),
                        ("length", &texts.decimal(m.length, 2)),
                        ("allowance", &texts.decimal(m.allowance, 2)),
                    ],
                ));
                // Taken back and drawn again from where he stood (PH26),
                // while the crate allows it (no reaction to it declared,
                // nothing resolved).
                let edit = WarheimEdit::TakeBackMove { fighter: m.fighter };
                let label = texts.f("wh.flow.take_back", &[("name", &name)]);
                let kind = move_kind(a, m.fighter);
                if ctx.check(&edit).is_ok()
                    && let (Some(kind), Some(&start)) = (kind, m.path.first())
                {
                    let hover = texts.f("wh.flow.take_back_hover", &[("name", &name)]);
                    if ui.button(label).on_hover_text(hover).clicked() {
                        ctx.edit(edit);
                        let facing = m
                            .from_facing
                            .and_then(|f| feldherr_table::geometry::Angle::from_degrees(f).ok());
                        ctx.canvas.start_path(start, facing);
                        self.drawing = Some(Drawing {
                            fighter: m.fighter,
                            kind,
                            points: vec![start],
                        });
                        self.mover = Some(m.fighter);
                        self.error = None;
                        *ctx.view = View::Table;
                    }
                }
            });
        }
        for mover in a.actors() {
            let Some(kind) = move_kind(a, mover) else {
                continue;
            };
            let Some(piece) = game.piece_of(&table, mover) else {
                continue;
            };
            let second_half = a.phase == Phase::SecondHalf;
            let done = a.moves.iter().any(|m| {
                m.fighter == mover
                    && matches!(m.slot, Slot::Second | Slot::Squad(_, true)) == second_half
            });
            if done || a.charge_failed {
                continue;
            }
            let label = texts.f("wh.flow.draw", &[("name", &fighter_name(game, mover))]);
            if ui.button(label).clicked() {
                ctx.canvas.start_path(piece.center(), piece.facing_angle());
                self.drawing = Some(Drawing {
                    fighter: mover,
                    kind,
                    points: vec![piece.center()],
                });
                self.mover = Some(mover);
                *ctx.view = View::Table;
            }
        }
        if let Some(d) = &self.drawing {
            measured_lines(ui, texts, game, &table, d, ctx);
        }
    }

    /// Who saw the acting models (computed by the engine from the table),
    /// each with a tick box that overrules it (SeenBy).
    fn seers(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        game: &Warheim,
        a: &Activation,
    ) {
        let texts = ctx.texts;
        ui.strong(texts.t("wh.flow.step.seen"));
        ui.label(texts.t(if a.seen_overruled {
            "wh.flow.seen_overruled"
        } else {
            "wh.flow.seen_table"
        }));
        let editable = a.phase == Phase::FirstHalf && a.reactions.is_empty();
        let seers = a.seers();
        let change = ui
            .horizontal_wrapped(|ui| {
                enemy_ticks(
                    ui,
                    game,
                    a.player,
                    editable,
                    |f| seers.contains(&f.id),
                    |f| (texts.f("wh.flow.saw", &[("name", &f.name)]), None),
                )
            })
            .inner;
        if let Some((id, on)) = change {
            let mut list: Vec<Sighting> = a.sightings.clone();
            if on {
                list.push(Sighting {
                    fighter: id,
                    saw: vec![a.fighter],
                });
            } else {
                list.retain(|s| s.fighter != id);
            }
            let edit = WarheimEdit::SeenBy(list);
            self.error = match ctx.check(&edit) {
                Ok(()) => {
                    ctx.edit(edit);
                    None
                }
                Err(e) => Some(refusal(texts, &e)),
            };
        }
        if a.seers().is_empty() {
            ui.weak(texts.t("wh.flow.nobody_saw"));
        }
    }

    /// Each seer's answer (React), one per seer.
    fn reactions(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        game: &Warheim,
        a: &Activation,
    ) {
        let texts = ctx.texts;
        ui.strong(texts.t("wh.flow.step.react"));
        for r in &a.reactions {
            let who = fighter_name(game, r.fighter);
            let what = match &r.decl {
                ReactionDecl::Pass => texts.t("wh.flow.passes").to_owned(),
                ReactionDecl::Delay => texts.t("wh.flow.delays").to_owned(),
                ReactionDecl::React {
                    action,
                    against,
                    weapon,
                    ..
                } => {
                    let mut s = texts.f(
                        "wh.flow.reacts",
                        &[
                            ("action", texts.t(&short_key(*action))),
                            ("against", &fighter_name(game, *against)),
                        ],
                    );
                    if let Some(w) =
                        weapon.and_then(|w| fighter(game, r.fighter).and_then(|f| f.weapons.get(w)))
                    {
                        s.push_str(&texts.f("wh.flow.with", &[("what", &w.name)]));
                    }
                    s
                }
            };
            ui.label(format!("{who}: {what}"));
        }
        let waiting: Vec<Id> = a
            .seers()
            .into_iter()
            .filter(|s| a.reaction_of(*s).is_none())
            .collect();
        let delayed: Vec<Id> = a
            .reactions
            .iter()
            .filter(|r| r.decl == ReactionDecl::Delay)
            .map(|r| r.fighter)
            .collect();
        if waiting.is_empty() && delayed.is_empty() {
            if !a.seers().is_empty() {
                ui.label(texts.t("wh.flow.all_answered"));
            }
            return;
        }
        if !waiting.is_empty() {
            let names: Vec<String> = waiting.iter().map(|f| fighter_name(game, *f)).collect();
            ui.label(texts.f("wh.flow.waiting", &[("names", &names.join(", "))]));
        }
        if self
            .reactor
            .is_none_or(|r| a.reaction_of(r).is_some_and(|d| *d != ReactionDecl::Delay))
        {
            self.reactor = waiting.first().or(delayed.first()).copied();
        }
        let actors = a.actors();
        if self.against.is_none_or(|x| !actors.contains(&x)) {
            self.against = actors.first().copied();
        }
        // Every able enemy can be chosen: the engine says who may not.
        ui.horizontal_wrapped(|ui| {
            let shown = self.reactor.map_or_else(
                || texts.t("wh.attack.choose").to_owned(),
                |f| fighter_name(game, f),
            );
            let before = self.reactor;
            egui::ComboBox::new("wh.flow.reactor", texts.t("wh.flow.reactor"))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for (_, f) in super::able_enemies(game, a.player) {
                        ui.selectable_value(&mut self.reactor, Some(f.id), &f.name);
                    }
                });
            if self.reactor != before {
                self.reaction_spell = None;
                self.reaction_weapon = self
                    .reactor
                    .and_then(|r| fighter(game, r))
                    .filter(|f| !f.weapons.is_empty())
                    .map(|_| 0);
            }
            ui.selectable_value(
                &mut self.answer,
                Answer::React,
                texts.t("wh.flow.answer.react"),
            );
            ui.selectable_value(
                &mut self.answer,
                Answer::Pass,
                texts.t("wh.flow.answer.pass"),
            );
            if a.marker {
                ui.selectable_value(
                    &mut self.answer,
                    Answer::Delay,
                    texts.t("wh.flow.answer.delay"),
                );
            }
        });
        if self.answer == Answer::React {
            ui.horizontal_wrapped(|ui| {
                egui::ComboBox::new("wh.flow.reaction", texts.t("wh.flow.reaction"))
                    .selected_text(texts.t(&short_key(self.reaction)))
                    .show_ui(ui, |ui| {
                        for x in REACTIONS {
                            ui.selectable_value(&mut self.reaction, x, texts.t(&short_key(x)));
                        }
                    });
                let shown = self
                    .against
                    .map_or_else(String::new, |f| fighter_name(game, f));
                egui::ComboBox::new("wh.flow.against", texts.t("wh.flow.against"))
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        for x in &actors {
                            ui.selectable_value(
                                &mut self.against,
                                Some(*x),
                                fighter_name(game, *x),
                            );
                        }
                    });
                if let Some(f) = self
                    .reactor
                    .and_then(|r| fighter(game, r))
                    .filter(|f| !f.weapons.is_empty())
                {
                    super::pick_or_none(
                        ui,
                        "wh.flow.reaction_weapon",
                        texts.t("wh.flow.reaction_weapon"),
                        texts.t("wh.flow.no_weapon"),
                        &mut self.reaction_weapon,
                        f.weapons
                            .iter()
                            .enumerate()
                            .map(|(i, w)| (i, w.name.clone())),
                    );
                }
                if let Some(f) = self
                    .reactor
                    .and_then(|r| fighter(game, r))
                    .filter(|f| !f.spells.is_empty())
                {
                    super::pick_or_none(
                        ui,
                        "wh.flow.reaction_spell",
                        texts.t("wh.flow.reaction_spell"),
                        texts.t("wh.flow.no_spell"),
                        &mut self.reaction_spell,
                        f.spells
                            .iter()
                            .enumerate()
                            .map(|(i, s)| (i, s.name.clone())),
                    );
                }
            });
        }
        let Some(reactor) = self.reactor else {
            return;
        };
        let decl = match self.answer {
            Answer::Pass => ReactionDecl::Pass,
            Answer::Delay => ReactionDecl::Delay,
            Answer::React => ReactionDecl::React {
                action: self.reaction,
                against: self.against.unwrap_or(a.fighter),
                weapon: self.reaction_weapon,
                spell: self.reaction_spell,
            },
        };
        let label = texts.f(
            "wh.flow.declare_reaction",
            &[("name", &fighter_name(game, reactor))],
        );
        let edit = WarheimEdit::React {
            fighter: reactor,
            reaction: decl,
        };
        if ctx.edit_button(ui, &label, edit, &|e| refusal(texts, e)) {
            self.reactor = None;
        }
    }

    /// The declared actions in the text's order (line 43: the actions,
    /// then the reactions they meet are part of them), each with a button
    /// to its resolution.
    fn resolutions(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        game: &Warheim,
        a: &Activation,
    ) {
        let texts = ctx.texts;
        ui.strong(texts.t("wh.flow.step.resolve"));
        // The slots in the text's order: the first action (each squad
        // member's), the ordered model's, the reactions, the second.
        let squad = |second: bool| -> Vec<Slot> {
            if a.squad.is_empty() {
                vec![if second { Slot::Second } else { Slot::First }]
            } else {
                a.squad.iter().map(|f| Slot::Squad(*f, second)).collect()
            }
        };
        let mut slots = squad(false);
        slots.push(Slot::Ordered);
        slots.extend(a.reactions.iter().map(|r| Slot::Reaction(r.fighter)));
        slots.extend(squad(true));
        let rows: Vec<(Slot, Id, Action, String)> = slots
            .into_iter()
            .filter_map(|slot| {
                let (actor, d) = a.declared(slot)?;
                let words = declaration_words(texts, game, actor, &d);
                let words = if matches!(slot, Slot::Reaction(_)) {
                    texts.f("wh.flow.reaction_row", &[("what", &words)])
                } else {
                    words
                };
                Some((slot, actor, d.action, words))
            })
            .collect();
        let answered = a.reactions_complete();
        for (i, (slot, actor, action, words)) in rows.into_iter().enumerate() {
            ui.horizontal_wrapped(|ui| {
                let used = a.is_done(slot);
                let text = format!("{}. {}: {}", i + 1, fighter_name(game, actor), words);
                let colour = player_of(game, actor).map(player_colour);
                match colour {
                    Some(c) => ui.colored_label(c, text),
                    None => ui.label(text),
                };
                if used {
                    ui.weak(texts.t("wh.flow.done"));
                } else if matches!(slot, Slot::Reaction(_)) && resolve_tab(action).is_none() {
                    // A dodge, block or turn: answered inside what it meets.
                    ui.weak(texts.t("wh.flow.met_inside"));
                } else if let Some(tab) = resolve_tab(action) {
                    let label = texts.f("wh.flow.resolve", &[("name", &fighter_name(game, actor))]);
                    let response = ui.add_enabled(answered, egui::Button::new(label));
                    if !answered {
                        response.on_disabled_hover_text(texts.t("wh.flow.answer_first"));
                    } else if response.clicked() {
                        self.request = Some(slot);
                        *ctx.view = View::System(tab);
                    }
                }
            });
        }
    }

    /// A path drawn on the canvas changed: measured; when finished, made
    /// if the engine takes it.
    pub fn path_event(&mut self, event: PathEvent, ctx: &mut GameContext<'_, Warheim>) {
        let Some(d) = self.drawing.as_mut() else {
            return;
        };
        match event {
            PathEvent::Changed(points) => d.points = points,
            PathEvent::Finished(points) => {
                d.points = points;
                let edit = WarheimEdit::DrawMove {
                    fighter: d.fighter,
                    path: d.path(),
                };
                match ctx.check(&edit) {
                    Ok(()) => {
                        ctx.edit(edit);
                        self.drawing = None;
                        self.error = None;
                    }
                    Err(e) => self.error = Some(refusal(ctx.texts, &e)),
                }
            }
            PathEvent::Cancelled => self.drawing = None,
        }
    }

    /// Above the table: the activation in a line, the measured move while
    /// it is drawn; over the table: the move, the seers, the reach.
    pub fn table_header(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        overlay: &mut Overlay,
    ) {
        let texts = ctx.texts;
        let game = wh(ctx.doc);
        let table = ctx.table();
        let Some(a) = game.activation() else {
            self.drawing = None;
            return;
        };
        let name = fighter_name(game, a.fighter);
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(
                player_colour(a.player),
                texts.f("wh.flow.title", &[("name", &name)]),
            );
            let names: Vec<String> = a.seers().iter().map(|f| fighter_name(game, *f)).collect();
            if !names.is_empty() {
                ui.label(texts.f("wh.flow.seen_by", &[("names", &names.join(", "))]));
            }
            if let Some(w) = declared_weapon(game, a) {
                ui.label(bands_words(texts, w));
            }
        });
        if let Some(d) = &self.drawing {
            measured_lines(ui, texts, game, &table, d, ctx);
        }
        error_line(ui, self.error.as_ref());
        self.overlay(texts, game, &table, a, ctx.canvas.zoom(), overlay);
    }

    fn overlay(
        &self,
        texts: &Texts,
        game: &Warheim,
        table: &Table,
        a: &Activation,
        zoom: f32,
        overlay: &mut Overlay,
    ) {
        let Some(piece) = game.piece_of(table, a.fighter) else {
            return;
        };
        let center = piece.center();
        let r = base_radius(piece);
        overlay.highlight(piece.id, Tone::Path);
        // The reach of his move and of a charge, base edge to base edge.
        if let Some(f) = fighter(game, a.fighter)
            && a.moves.is_empty()
        {
            let [s1, s2] = f.profile.speed.map(f64::from);
            overlay.push(
                OverlayItem::circle(center, s1 + r, Tone::Info)
                    .dashed()
                    .labelled(texts.f("wh.flow.reach_move", &[("n", &texts.decimal(s1, 1))])),
            );
            overlay.push(
                OverlayItem::circle(center, s1 + s2 + r, Tone::Aim)
                    .dashed()
                    .labelled(
                        texts.f("wh.flow.reach_charge", &[("n", &texts.decimal(s1 + s2, 1))]),
                    ),
            );
        }
        // The declared weapon's range bands.
        if let Some(w) = declared_weapon(game, a) {
            let bands: Vec<_> = w.bands.iter().filter(|b| b.up_to > 0.0).collect();
            for (i, b) in bands.iter().enumerate() {
                let circle = OverlayItem::circle(center, b.up_to + r, Tone::Miss).dashed();
                // One label, on the outermost band, says them all, where
                // the circle is large enough on the screen not to crowd
                // the bases (the line above the table says it always).
                let large = f64::from(zoom) * (b.up_to + r) >= 60.0;
                overlay.push(if i + 1 == bands.len() && large {
                    circle.labelled(bands_words(texts, w))
                } else {
                    circle
                });
            }
        }
        // The moves made, and the one being drawn.
        for m in &a.moves {
            overlay.push(
                OverlayItem::line(m.path.clone(), Tone::Path)
                    .arrow()
                    .labelled(texts.f(
                        "wh.flow.path_label",
                        &[
                            ("length", &texts.decimal(m.length, 2)),
                            ("allowance", &texts.decimal(m.allowance, 2)),
                        ],
                    )),
            );
        }
        if let Some(d) = &self.drawing
            && d.points.len() > 1
            && let Ok(m) = game.measure_move(table, d.fighter, &d.path())
        {
            let tone = if m.within_reach() && m.blocked.is_empty() {
                Tone::Path
            } else {
                Tone::Violation
            };
            overlay.push(
                OverlayItem::line(d.points.clone(), tone)
                    .dashed()
                    .labelled(texts.f(
                        "wh.flow.path_label",
                        &[
                            ("length", &texts.decimal(m.length, 2)),
                            ("allowance", &texts.decimal(m.allowance, 2)),
                        ],
                    )),
            );
        }
        // The seers: ringed, a label beside each base (not over it).
        for s in &a.sightings {
            let Some(p) = game.piece_of(table, s.fighter) else {
                continue;
            };
            overlay.highlight(p.id, Tone::Aim);
            let pr = base_radius(p);
            let saw: Vec<String> = s.saw.iter().map(|x| fighter_name(game, *x)).collect();
            let at = p.center();
            overlay.push(OverlayItem::line(vec![at, center], Tone::Aim).dashed());
            let text = texts.f(
                "wh.flow.seer_label",
                &[
                    ("name", &fighter_name(game, s.fighter)),
                    ("saw", &saw.join(", ")),
                ],
            );
            overlay.push(OverlayItem::about_piece(at, pr, text, Tone::Aim));
        }
    }
}

/// The weapon the activation's declarations use, if any.
fn declared_weapon<'g>(game: &'g Warheim, a: &Activation) -> Option<&'g feldherr_warheim::Weapon> {
    [&a.first, &a.second]
        .into_iter()
        .flatten()
        .find_map(|d| d.weapon)
        .and_then(|w| fighter(game, a.fighter).and_then(|f| f.weapons.get(w)))
}

/// A weapon's range bands in words: "Sword: in contact +3, up to 1.0 in +0".
fn bands_words(texts: &Texts, w: &feldherr_warheim::Weapon) -> String {
    let words: Vec<String> = w
        .bands
        .iter()
        .map(|b| {
            texts.f(
                if b.up_to > 0.0 {
                    "wh.flow.band"
                } else {
                    "wh.flow.band_contact"
                },
                &[
                    ("n", &texts.decimal(b.up_to, 1)),
                    ("modifier", &format!("{:+}", b.modifier)),
                ],
            )
        })
        .collect();
    format!("{}: {}", w.name, words.join(", "))
}

/// The measured move being drawn: its length against the Speeds, the
/// zones it crosses, and the engine's refusal before it is made.
fn measured_lines(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &Warheim,
    table: &Table,
    d: &Drawing,
    ctx: &GameContext<'_, Warheim>,
) {
    let name = fighter_name(game, d.fighter);
    let speeds = fighter(game, d.fighter).map_or([0, 0], |f| f.profile.speed);
    ui.label(texts.f(
        "wh.flow.drawing",
        &[
            ("name", &name),
            ("kind", texts.t(&format!("wh.movekind.{:?}", d.kind))),
            ("s1", &speeds[0].to_string()),
            ("s2", &speeds[1].to_string()),
        ],
    ));
    if d.points.len() < 2 {
        ui.weak(texts.t("wh.flow.click_points"));
        return;
    }
    match game.measure_move(table, d.fighter, &d.path()) {
        Ok(m) => {
            ui.label(texts.f(
                "wh.flow.measured",
                &[
                    ("length", &texts.decimal(m.length, 2)),
                    ("allowance", &texts.decimal(m.allowance, 2)),
                ],
            ));
            if !m.zones.is_empty() {
                let zones: Vec<String> = m
                    .zones
                    .iter()
                    .map(|z| texts.t(&terrain_key(*z)).to_owned())
                    .collect();
                ui.label(texts.f("wh.flow.zones", &[("zones", &zones.join(", "))]));
            }
            if d.kind == MoveKind::Charge && !m.within_reach() {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    texts.f("wh.flow.charge_short", &[("name", &name)]),
                );
            }
            if let Some(h) = m.fall {
                ui.label(texts.f("wh.flow.fall", &[("height", &texts.decimal(h, 1))]));
            }
        }
        Err(e) => {
            ui.colored_label(ui.visuals().error_fg_color, texts.error(&e.into()));
        }
    }
    let edit = WarheimEdit::DrawMove {
        fighter: d.fighter,
        path: d.path(),
    };
    if let Err(e) = ctx.check(&edit) {
        ui.colored_label(ui.visuals().error_fg_color, texts.error(&e));
    } else {
        ui.label(texts.t("wh.flow.finish_hint"));
    }
}
