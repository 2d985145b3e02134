//! The roster editor: one roster per player, each fighter's profile, move
//! type and speeds, model types, discipline, skills with levels, weapons
//! (user data, H6) and groups. Saving checks the roster with the engine and
//! shows its message; another player's view hides the commander until his
//! extra activation reveals him (H5).

use std::collections::BTreeMap;
use std::fmt::Display;
use std::str::FromStr;

use eframe::egui;
use feldherr_play::Id;
use feldherr_warheim::skill::{Skill, SkillKind};
use feldherr_warheim::{
    DamageType, Discipline, Fighter, Group, ModelType, MoveType, Profile, RangeBand, Roster,
    Template, Warheim, WarheimEdit, Weapon, WeaponKind,
};

use feldherr_warheim::words::profile_line;

use super::{error_line, player_label, try_edit, wh};
use crate::i18n::Texts;
use crate::systems::GameContext;

/// The example rosters of the text (PH1): (button key, JSON).
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "wh.roster.load_hunter",
        include_str!("../../../../fixtures/warheim/witch_hunter.json"),
    ),
    (
        "wh.roster.load_orcs",
        include_str!("../../../../fixtures/warheim/orcs.json"),
    ),
    (
        "wh.roster.load_wizard",
        include_str!("../../../../fixtures/warheim/bright_wizard.json"),
    ),
];

const SKILLS: [SkillKind; 9] = [
    SkillKind::Martial,
    SkillKind::Regeneration,
    SkillKind::Leadership,
    SkillKind::Tactician,
    SkillKind::Strategist,
    SkillKind::Duelist,
    SkillKind::Veteran,
    SkillKind::Berzerker,
    SkillKind::Frenzy,
];

const MOVES: [MoveType; 5] = [
    MoveType::Foot,
    MoveType::Jump,
    MoveType::Glide,
    MoveType::Float,
    MoveType::Flight,
];

/// Text buffers of the number fields, and their parse errors, by field key.
#[derive(Debug, Default)]
pub(super) struct Fields {
    pub(super) text: BTreeMap<String, String>,
    pub(super) bad: BTreeMap<String, String>,
}

impl Fields {
    pub(super) fn clear(&mut self) {
        self.text.clear();
        self.bad.clear();
    }

    /// A labelled number field: the value changes only when the text
    /// parses; otherwise the field's error is kept until it does.
    pub(super) fn number<T: FromStr + Display + Copy>(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        key: &str,
        label: &str,
        value: &mut T,
    ) {
        let text = self
            .text
            .entry(key.to_owned())
            .or_insert_with(|| value.to_string());
        let l = ui.label(label);
        let response = ui
            .add(egui::TextEdit::singleline(text).desired_width(44.0))
            .labelled_by(l.id);
        if response.changed() {
            match text.trim().parse::<T>() {
                Ok(v) => {
                    *value = v;
                    self.bad.remove(key);
                }
                Err(_) => {
                    self.bad.insert(
                        key.to_owned(),
                        texts.f("wh.not_number", &[("field", label), ("value", text.trim())]),
                    );
                }
            }
        }
    }
}

/// Range bands as typed: "0:+3; 1:0; 2:-3" (up to inches : modifier).
pub fn bands_text(bands: &[RangeBand]) -> String {
    bands
        .iter()
        .map(|b| format!("{}:{:+}", b.up_to, b.modifier))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Parses range bands typed as "0:+3; 1:0; 2:-3".
pub fn parse_bands(text: &str) -> Result<Vec<RangeBand>, String> {
    text.split(';')
        .filter(|p| !p.trim().is_empty())
        .map(|part| {
            let (up_to, modifier) = part.split_once(':').ok_or_else(|| part.trim().to_owned())?;
            let up_to = up_to
                .trim()
                .replace(',', ".")
                .parse::<f64>()
                .map_err(|_| part.trim().to_owned())?;
            let modifier = modifier
                .trim()
                .trim_start_matches('+')
                .parse::<i32>()
                .map_err(|_| part.trim().to_owned())?;
            Ok(RangeBand { up_to, modifier })
        })
        .collect()
}

pub(super) fn enum_combo<T: PartialEq + Copy + std::fmt::Debug>(
    ui: &mut egui::Ui,
    texts: &Texts,
    id: &str,
    label: &str,
    prefix: &str,
    value: &mut T,
    options: &[T],
) {
    egui::ComboBox::new(id, label)
        .selected_text(texts.t(&format!("{prefix}.{value:?}")))
        .show_ui(ui, |ui| {
            for o in options {
                ui.selectable_value(value, *o, texts.t(&format!("{prefix}.{o:?}")));
            }
        });
}

/// The roster editor of the Rosters tab.
#[derive(Debug, Default)]
pub struct RosterEditor {
    player: usize,
    draft: Option<Roster>,
    fighter: usize,
    weapon: usize,
    spell: usize,
    fields: Fields,
    error: Option<String>,
    saved: bool,
}

impl RosterEditor {
    fn load(&mut self, game: &Warheim, player: usize) {
        self.player = player;
        self.draft = Some(
            game.rosters
                .get(player)
                .cloned()
                .unwrap_or_else(|| Roster::new("", Vec::new())),
        );
        self.fighter = 0;
        self.weapon = 0;
        self.spell = 0;
        self.fields.clear();
        self.error = None;
        self.saved = false;
    }

    /// Draws the tab.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, Warheim>,
        viewer: Option<usize>,
    ) {
        let texts = ctx.texts;
        let game = wh(ctx.doc);
        if self.draft.is_none() {
            self.load(game, self.player.min(game.rosters.len()));
        }
        ui.horizontal_wrapped(|ui| {
            for p in 0..game.rosters.len() {
                // The tab in the player's colour, as his fighters on the
                // table (issue #27).
                let label = egui::RichText::new(player_label(texts, game, p))
                    .color(crate::ui::palette::player_colour(p));
                if ui.selectable_label(self.player == p, label).clicked() {
                    self.load(game, p);
                }
            }
            let count = game.rosters.len();
            if count < 3
                && ui
                    .selectable_label(self.player == count, texts.t("wh.roster.new_player"))
                    .clicked()
            {
                self.load(game, count);
            }
            if count > 0
                && game.turn.is_none()
                && ui.button(texts.t("wh.roster.remove_last")).clicked()
            {
                self.error = try_edit(
                    ctx.doc,
                    ctx.commands,
                    ctx.texts,
                    WarheimEdit::RemoveLastRoster,
                )
                .err();
                self.draft = None;
                self.player = 0;
            }
        });
        ui.separator();
        let own = viewer.is_none_or(|v| v == self.player);
        if !own {
            if let Some(roster) = game.rosters.get(self.player) {
                opponent_view(ui, texts, game, self.player, viewer.unwrap_or(0), roster);
            }
            return;
        }
        self.editor(ui, ctx);
    }

    fn editor(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, Warheim>) {
        let texts = ctx.texts;
        let game = wh(ctx.doc);
        let Some(draft) = &mut self.draft else {
            return;
        };
        ui.horizontal_wrapped(|ui| {
            super::text_field(ui, texts.t("wh.roster.player"), &mut draft.player, 180.0);
            for (key, json) in EXAMPLES {
                if ui.button(texts.t(key)).clicked()
                    && let Ok(mut example) = serde_json::from_str::<Roster>(json)
                {
                    renumber(game, self.player, &mut example);
                    *draft = example;
                    self.fighter = 0;
                    self.weapon = 0;
                    self.spell = 0;
                    self.fields.clear();
                }
            }
        });
        ui.add_space(4.0);
        // The fighters.
        ui.horizontal_wrapped(|ui| {
            ui.strong(texts.t("wh.roster.fighters"));
            for (i, f) in draft.fighters.iter().enumerate() {
                let name = if f.name.is_empty() {
                    f.id.to_string()
                } else {
                    f.name.clone()
                };
                if ui.selectable_label(self.fighter == i, name).clicked() {
                    self.fighter = i;
                    self.weapon = 0;
                    self.spell = 0;
                }
            }
            if ui.button(texts.t("wh.roster.add_fighter")).clicked() {
                let id = next_fighter_id(game, self.player, draft);
                let profile = Profile {
                    ws: 10,
                    prec: 10,
                    ph: 10,
                    t: 5,
                    arm: 0,
                    mor: 10,
                    her: 0,
                    movement: MoveType::Foot,
                    speed: [4, 2],
                    wip: None,
                };
                draft.fighters.push(Fighter::new(id, "", profile));
                self.fighter = draft.fighters.len() - 1;
                self.weapon = 0;
                self.spell = 0;
            }
            if !draft.fighters.is_empty()
                && ui.button(texts.t("wh.roster.remove_fighter")).clicked()
            {
                let i = self.fighter.min(draft.fighters.len() - 1);
                let id = draft.fighters.remove(i).id;
                for g in &mut draft.groups {
                    g.members.retain(|m| *m != id);
                }
                if draft.commander == Some(id) {
                    draft.commander = None;
                }
                self.fighter = 0;
                self.fields.clear();
            }
        });
        if let Some(i) =
            (!draft.fighters.is_empty()).then(|| self.fighter.min(draft.fighters.len() - 1))
        {
            self.fighter = i;
            fighter_form(ui, texts, &mut self.fields, draft, i, &mut self.weapon);
            if let Some(f) = draft.fighters.get_mut(i) {
                super::spells_form::magic_form(ui, texts, &mut self.fields, f, i, &mut self.spell);
            }
        }
        ui.separator();
        groups_form(ui, texts, draft);
        ui.separator();
        let saved_roster = game.rosters.get(self.player);
        let mut revert = false;
        let player = self.player;
        let fields = &self.fields;
        let error = &mut self.error;
        let saved = &mut self.saved;
        ui.horizontal_wrapped(|ui| {
            if ui.button(texts.t("wh.roster.save")).clicked() {
                *error = match fields.bad.values().next() {
                    Some(e) => Some(e.clone()),
                    None => draft
                        .check()
                        .map_err(|e| e.to_string())
                        .and_then(|()| {
                            try_edit(
                                ctx.doc,
                                ctx.commands,
                                ctx.texts,
                                WarheimEdit::SetRoster {
                                    player,
                                    roster: draft.clone(),
                                },
                            )
                        })
                        .err(),
                };
                *saved = error.is_none();
            }
            if saved_roster.is_some_and(|r| r.commander_lost)
                && ui.button(texts.t("wh.roster.appoint")).clicked()
            {
                *error = match draft.commander {
                    None => Some(texts.t("wh.roster.no_commander").to_owned()),
                    Some(c) => try_edit(
                        ctx.doc,
                        ctx.commands,
                        ctx.texts,
                        WarheimEdit::AppointCommander {
                            player,
                            commander: c,
                            groups: draft.groups.clone(),
                        },
                    )
                    .err(),
                };
            }
            if ui.button(texts.t("wh.roster.revert")).clicked() {
                revert = true;
            }
        });
        if revert {
            self.load(game, player);
            return;
        }
        if saved_roster.is_some_and(|r| r.commander_lost) {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                texts.t("wh.roster.commander_lost"),
            );
        }
        if self.saved && self.error.is_none() {
            ui.label(texts.t("wh.roster.saved"));
        }
        error_line(ui, self.error.as_ref());
    }
}

/// Gives `roster`'s fighters ids no other player uses.
fn renumber(game: &Warheim, player: usize, roster: &mut Roster) {
    let taken: Vec<Id> = game
        .rosters
        .iter()
        .enumerate()
        .filter(|(p, _)| *p != player)
        .flat_map(|(_, r)| r.fighters.iter().map(|f| f.id))
        .collect();
    let mut next = Id::next_after(
        taken
            .iter()
            .copied()
            .chain(roster.fighters.iter().map(|f| f.id)),
    );
    for i in 0..roster.fighters.len() {
        let old = roster.fighters[i].id;
        if taken.contains(&old) {
            let new = next;
            next = Id::next_after([next]);
            roster.fighters[i].id = new;
            for g in &mut roster.groups {
                for m in &mut g.members {
                    if *m == old {
                        *m = new;
                    }
                }
            }
            if roster.commander == Some(old) {
                roster.commander = Some(new);
            }
        }
    }
}

fn next_fighter_id(game: &Warheim, player: usize, draft: &Roster) -> Id {
    Id::next_after(
        game.rosters
            .iter()
            .enumerate()
            .filter(|(p, _)| *p != player)
            .flat_map(|(_, r)| r.fighters.iter().map(|f| f.id))
            .chain(draft.fighters.iter().map(|f| f.id)),
    )
}

fn fighter_form(
    ui: &mut egui::Ui,
    texts: &Texts,
    fields: &mut Fields,
    draft: &mut Roster,
    i: usize,
    weapon: &mut usize,
) {
    let Some(f) = draft.fighters.get_mut(i) else {
        return;
    };
    let k = |name: &str| format!("f{i}.{name}");
    ui.horizontal_wrapped(|ui| {
        super::text_field(ui, texts.t("wh.fighter.name"), &mut f.name, 160.0);
        ui.label(f.id.to_string());
    });
    ui.horizontal_wrapped(|ui| {
        let p = &mut f.profile;
        fields.number(ui, texts, &k("WS"), "WS", &mut p.ws);
        fields.number(ui, texts, &k("Prec"), "Prec", &mut p.prec);
        fields.number(ui, texts, &k("Ph"), "Ph", &mut p.ph);
        fields.number(ui, texts, &k("T"), "T", &mut p.t);
        fields.number(ui, texts, &k("Arm"), "Arm", &mut p.arm);
        fields.number(ui, texts, &k("Mor"), "Mor", &mut p.mor);
        fields.number(ui, texts, &k("Her"), "Her", &mut p.her);
    });
    ui.horizontal_wrapped(|ui| {
        enum_combo(
            ui,
            texts,
            &k("move"),
            texts.t("wh.fighter.move"),
            "wh.move",
            &mut f.profile.movement,
            &MOVES,
        );
        fields.number(
            ui,
            texts,
            &k("speed1"),
            texts.t("wh.fighter.speed1"),
            &mut f.profile.speed[0],
        );
        fields.number(
            ui,
            texts,
            &k("speed2"),
            texts.t("wh.fighter.speed2"),
            &mut f.profile.speed[1],
        );
        enum_combo(
            ui,
            texts,
            &k("discipline"),
            texts.t("wh.fighter.discipline"),
            "wh.discipline",
            &mut f.discipline,
            &[
                Discipline::Disciplined,
                Discipline::Undisciplined,
                Discipline::Disorganized,
            ],
        );
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(texts.t("wh.fighter.types"));
        for ty in ModelType::ALL {
            let mut on = f.is(ty);
            if ui
                .checkbox(&mut on, texts.t(&format!("wh.type.{ty:?}")))
                .changed()
            {
                if on {
                    f.types.push(ty);
                } else {
                    f.types.retain(|t| *t != ty);
                }
            }
        }
    });
    if f.is(ModelType::Warband) || f.company.is_some() {
        ui.horizontal(|ui| {
            let mut company = f.company.clone().unwrap_or_default();
            let l = ui.label(texts.t("wh.fighter.company"));
            if ui
                .add(egui::TextEdit::singleline(&mut company).desired_width(140.0))
                .labelled_by(l.id)
                .changed()
            {
                f.company = Some(company);
            }
            if !f.is(ModelType::Warband) && ui.button(texts.t("wh.fighter.no_company")).clicked() {
                f.company = None;
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(texts.t("wh.fighter.skills"));
        for kind in SKILLS {
            let mut level = f.skill(kind);
            let before = level;
            let label = texts.t(&format!("wh.skill.{kind:?}")).to_owned();
            fields.number(
                ui,
                texts,
                &k(&format!("skill.{kind:?}")),
                &label,
                &mut level,
            );
            if level != before {
                f.skills.retain(|s| s.kind != kind);
                if level > 0 {
                    f.skills.push(Skill { kind, level });
                }
            }
        }
    });
    // Weapons (H6).
    ui.horizontal_wrapped(|ui| {
        ui.strong(texts.t("wh.weapon.title"));
        for (w, weapon_) in f.weapons.iter().enumerate() {
            let name = if weapon_.name.is_empty() {
                format!("{}", w + 1)
            } else {
                weapon_.name.clone()
            };
            if ui.selectable_label(*weapon == w, name).clicked() {
                *weapon = w;
            }
        }
        if ui.button(texts.t("wh.weapon.add")).clicked() {
            f.weapons.push(Weapon {
                name: String::new(),
                kind: WeaponKind::Melee,
                attacks: 1,
                bands: vec![
                    RangeBand {
                        up_to: 0.0,
                        modifier: 0,
                    },
                    RangeBand {
                        up_to: 1.0,
                        modifier: 0,
                    },
                ],
                ..Weapon::default()
            });
            *weapon = f.weapons.len() - 1;
        }
        if !f.weapons.is_empty() && ui.button(texts.t("wh.weapon.remove")).clicked() {
            f.weapons.remove((*weapon).min(f.weapons.len() - 1));
            *weapon = 0;
            fields.clear();
        }
    });
    if f.weapons.is_empty() {
        return;
    }
    let w = (*weapon).min(f.weapons.len() - 1);
    *weapon = w;
    let wp = &mut f.weapons[w];
    let k = |name: &str| format!("f{i}.w{w}.{name}");
    ui.horizontal_wrapped(|ui| {
        super::text_field(ui, texts.t("wh.weapon.name"), &mut wp.name, 120.0);
        enum_combo(
            ui,
            texts,
            &k("kind"),
            texts.t("wh.weapon.kind"),
            "wh.weapon_kind",
            &mut wp.kind,
            &[WeaponKind::Melee, WeaponKind::Ranged],
        );
        fields.number(
            ui,
            texts,
            &k("attacks"),
            texts.t("wh.weapon.attacks"),
            &mut wp.attacks,
        );
        fields.number(
            ui,
            texts,
            &k("strength"),
            texts.t("wh.weapon.strength"),
            &mut wp.strength_bonus,
        );
        fields.number(
            ui,
            texts,
            &k("damage"),
            texts.t("wh.weapon.damage"),
            &mut wp.damage_bonus,
        );
    });
    ui.horizontal_wrapped(|ui| {
        let key = k("bands");
        let text = fields
            .text
            .entry(key.clone())
            .or_insert_with(|| bands_text(&wp.bands));
        let label = texts.t("wh.weapon.bands");
        let l = ui.label(label);
        if ui
            .add(egui::TextEdit::singleline(text).desired_width(180.0))
            .labelled_by(l.id)
            .on_hover_text(texts.t("wh.weapon.bands_hint"))
            .changed()
        {
            match parse_bands(text) {
                Ok(bands) => {
                    wp.bands = bands;
                    fields.bad.remove(&key);
                }
                Err(part) => {
                    fields
                        .bad
                        .insert(key, texts.f("wh.weapon.bad_band", &[("part", &part)]));
                }
            }
        }
        enum_combo(
            ui,
            texts,
            &k("damage_type"),
            texts.t("wh.weapon.damage_type"),
            "wh.damage_type",
            &mut wp.damage_type,
            &[DamageType::Normal, DamageType::Da, DamageType::Ep],
        );
    });
    ui.horizontal_wrapped(|ui| {
        super::pick_or_none(
            ui,
            k("template"),
            texts.t("wh.weapon.template"),
            texts.t("wh.template.none"),
            &mut wp.template,
            [
                Template::Blast,
                Template::LargeBlast,
                Template::Teardrop,
                Template::LargeTeardrop,
            ]
            .map(|t| (t, texts.t(&format!("wh.template.{t:?}")).to_owned())),
        );
        ui.checkbox(&mut wp.reload, texts.t("wh.weapon.reload"));
        ui.checkbox(&mut wp.bow, texts.t("wh.weapon.bow"));
        let mut natural = wp.natural.is_some();
        if ui
            .checkbox(&mut natural, texts.t("wh.weapon.natural"))
            .changed()
        {
            wp.natural = natural.then_some(feldherr_warheim::NaturalAttack::Unarmed);
        }
        fields.number(
            ui,
            texts,
            &k("shield"),
            texts.t("wh.weapon.shield"),
            &mut wp.shield_arm,
        );
    });
}

fn groups_form(ui: &mut egui::Ui, texts: &Texts, draft: &mut Roster) {
    ui.horizontal_wrapped(|ui| {
        ui.strong(texts.t("wh.group.title"));
        if ui.button(texts.t("wh.group.add")).clicked() {
            let id = Id::next_after(draft.groups.iter().map(|g| g.id));
            draft.groups.push(Group {
                id,
                name: texts.f("wh.group.default_name", &[("n", &id.to_string())]),
                members: Vec::new(),
            });
        }
    });
    let mut remove = None;
    let fighters: Vec<(Id, String)> = draft
        .fighters
        .iter()
        .map(|f| (f.id, f.name.clone()))
        .collect();
    for (g, group) in draft.groups.iter_mut().enumerate() {
        ui.horizontal_wrapped(|ui| {
            super::text_field(
                ui,
                texts.f("wh.group.name", &[("n", &(g + 1).to_string())]),
                &mut group.name,
                120.0,
            );
            for (id, name) in &fighters {
                let mut on = group.members.contains(id);
                if ui.checkbox(&mut on, name).changed() {
                    if on {
                        group.members.push(*id);
                    } else {
                        group.members.retain(|m| m != id);
                    }
                }
            }
            if ui.button(texts.t("wh.group.remove")).clicked() {
                remove = Some(g);
            }
        });
    }
    if let Some(g) = remove {
        draft.groups.remove(g);
    }
    ui.horizontal_wrapped(|ui| {
        let shown = draft
            .commander
            .and_then(|c| draft.fighter(c))
            .map_or_else(|| texts.t("wh.roster.none").to_owned(), |f| f.name.clone());
        egui::ComboBox::new("wh.commander", texts.t("wh.roster.commander"))
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut draft.commander, None, texts.t("wh.roster.none"));
                for (id, name) in &fighters {
                    ui.selectable_value(&mut draft.commander, Some(*id), name);
                }
            });
        ui.label(texts.t("wh.roster.commander_secret"));
    });
}

/// A roster as another player sees it: profiles, weapons and groups, the
/// commander only once revealed.
fn opponent_view(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &Warheim,
    player: usize,
    viewer: usize,
    roster: &Roster,
) {
    ui.label(texts.f(
        "wh.roster.seen_by",
        &[("name", &player_label(texts, game, viewer))],
    ));
    let commander = game.commander_seen(player, viewer);
    ui.label(match commander {
        Some(c) => texts.f(
            "wh.roster.commander_is",
            &[("name", &super::fighter_name(game, c))],
        ),
        None => texts.t("wh.roster.commander_hidden").to_owned(),
    });
    egui::Grid::new(("wh.opponent", player))
        .striped(true)
        .show(ui, |ui| {
            for h in [
                "wh.fighter.name",
                "wh.sheet.profile",
                "wh.weapon.title",
                "wh.group.title",
            ] {
                ui.strong(texts.t(h));
            }
            ui.end_row();
            for f in &roster.fighters {
                ui.label(&f.name);
                ui.label(profile_line(&f.profile));
                ui.label(
                    f.weapons
                        .iter()
                        .map(|w| w.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                );
                ui.label(roster.group_of(f.id).map_or("-", |g| g.name.as_str()));
                ui.end_row();
            }
        });
}
