//! The magic part of a fighter in the roster editor: his WIP (a mage has
//! one), the schools he knows with their levels, and his spells as user
//! data (H6), each with its school, level, intuitive flag and the effect
//! roll when the effect is an attack. The engine checks it all on save
//! (`Spell::check`, `Fighter::check`).

use eframe::egui;
use feldherr_warheim::{DamageType, Fighter, SchoolLevel, Spell, SpellEffect, Stat, Template};

use super::roster_editor::{Fields, bands_text, enum_combo, parse_bands};
use crate::i18n::Texts;

/// Draws fighter `i`'s WIP, schools and spells; `spell` is the spell
/// shown.
pub fn magic_form(
    ui: &mut egui::Ui,
    texts: &Texts,
    fields: &mut Fields,
    f: &mut Fighter,
    i: usize,
    spell: &mut usize,
) {
    let k = |name: &str| format!("f{i}.magic.{name}");
    ui.horizontal_wrapped(|ui| {
        ui.strong(texts.t("wh.magic.title"));
        let mut mage = f.profile.wip.is_some();
        if ui
            .checkbox(&mut mage, texts.t("wh.magic.is_mage"))
            .on_hover_text(texts.t("wh.magic.is_mage_hint"))
            .changed()
        {
            f.profile.wip = mage.then_some(f.profile.mor);
            fields.text.remove(&k("wip"));
        }
        if let Some(wip) = &mut f.profile.wip {
            fields.number(ui, texts, &k("wip"), "WIP", wip);
        }
    });
    // The schools (line 227).
    let mut remove = None;
    for (s, school) in f.schools.iter_mut().enumerate() {
        ui.horizontal_wrapped(|ui| {
            super::text_field(
                ui,
                texts.f("wh.magic.school_n", &[("n", &(s + 1).to_string())]),
                &mut school.school,
                120.0,
            );
            fields.number(
                ui,
                texts,
                &k(&format!("school{s}.level")),
                texts.t("wh.magic.school_level"),
                &mut school.level,
            );
            if ui.button(texts.t("wh.magic.remove_school")).clicked() {
                remove = Some(s);
            }
        });
    }
    if let Some(s) = remove {
        f.schools.remove(s);
        fields.clear();
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button(texts.t("wh.magic.add_school")).clicked() {
            f.schools.push(SchoolLevel {
                school: String::new(),
                level: 1,
            });
        }
        ui.label(texts.t("wh.spell.title"));
        for (n, sp) in f.spells.iter().enumerate() {
            let name = if sp.name.is_empty() {
                format!("{}", n + 1)
            } else {
                sp.name.clone()
            };
            if ui.selectable_label(*spell == n, name).clicked() {
                *spell = n;
            }
        }
        if ui.button(texts.t("wh.spell.add")).clicked() {
            let school = f
                .schools
                .first()
                .map(|s| s.school.clone())
                .unwrap_or_default();
            f.spells.push(Spell {
                name: String::new(),
                school,
                level: 1,
                intuitive: false,
                effect: None,
                text: String::new(),
            });
            *spell = f.spells.len() - 1;
        }
        if !f.spells.is_empty() && ui.button(texts.t("wh.spell.remove")).clicked() {
            f.spells.remove((*spell).min(f.spells.len() - 1));
            *spell = 0;
            fields.clear();
        }
    });
    if f.spells.is_empty() {
        return;
    }
    let n = (*spell).min(f.spells.len() - 1);
    *spell = n;
    let sp = &mut f.spells[n];
    let k = |name: &str| format!("f{i}.s{n}.{name}");
    ui.horizontal_wrapped(|ui| {
        super::text_field(ui, texts.t("wh.spell.name"), &mut sp.name, 120.0);
        super::text_field(ui, texts.t("wh.spell.school"), &mut sp.school, 100.0);
        fields.number(
            ui,
            texts,
            &k("level"),
            texts.t("wh.spell.level"),
            &mut sp.level,
        );
        ui.checkbox(&mut sp.intuitive, texts.t("wh.spell.intuitive"))
            .on_hover_text(texts.t("wh.spell.intuitive_hint"));
        let mut rolls = sp.effect.is_some();
        if ui
            .checkbox(&mut rolls, texts.t("wh.spell.effect"))
            .on_hover_text(texts.t("wh.spell.effect_hint"))
            .changed()
        {
            sp.effect = rolls.then(|| SpellEffect {
                stat: Stat::Wip,
                attacks: 1,
                bands: vec![feldherr_warheim::RangeBand {
                    up_to: 12.0,
                    modifier: 0,
                }],
                strength: 10,
                damage_bonus: 0,
                damage_type: DamageType::Normal,
                template: None,
                template_use: None,
            });
            fields.text.remove(&k("bands"));
        }
    });
    ui.horizontal_wrapped(|ui| {
        super::text_field(ui, texts.t("wh.spell.text"), &mut sp.text, 360.0);
    });
    let Some(e) = &mut sp.effect else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        egui::ComboBox::new(k("stat"), texts.t("wh.spell.stat"))
            .selected_text(e.stat.label())
            .show_ui(ui, |ui| {
                for s in [Stat::Wip, Stat::Prec, Stat::Ws] {
                    ui.selectable_value(&mut e.stat, s, s.label());
                }
            });
        fields.number(
            ui,
            texts,
            &k("attacks"),
            texts.t("wh.weapon.attacks"),
            &mut e.attacks,
        );
        fields.number(
            ui,
            texts,
            &k("strength"),
            texts.t("wh.spell.strength"),
            &mut e.strength,
        );
        fields.number(
            ui,
            texts,
            &k("damage"),
            texts.t("wh.weapon.damage"),
            &mut e.damage_bonus,
        );
        enum_combo(
            ui,
            texts,
            &k("damage_type"),
            texts.t("wh.weapon.damage_type"),
            "wh.damage_type",
            &mut e.damage_type,
            &[DamageType::Normal, DamageType::Da, DamageType::Ep],
        );
    });
    ui.horizontal_wrapped(|ui| {
        let key = k("bands");
        let text = fields
            .text
            .entry(key.clone())
            .or_insert_with(|| bands_text(&e.bands));
        let l = ui.label(texts.t("wh.weapon.bands"));
        if ui
            .add(egui::TextEdit::singleline(text).desired_width(180.0))
            .labelled_by(l.id)
            .on_hover_text(texts.t("wh.weapon.bands_hint"))
            .changed()
        {
            match parse_bands(text) {
                Ok(bands) => {
                    e.bands = bands;
                    fields.bad.remove(&key);
                }
                Err(part) => {
                    fields
                        .bad
                        .insert(key, texts.f("wh.weapon.bad_band", &[("part", &part)]));
                }
            }
        }
        super::pick_or_none(
            ui,
            k("template"),
            texts.t("wh.weapon.template"),
            texts.t("wh.template.none"),
            &mut e.template,
            [
                Template::Blast,
                Template::LargeBlast,
                Template::Teardrop,
                Template::LargeTeardrop,
            ]
            .map(|t| (t, texts.t(&format!("wh.template.{t:?}")).to_owned())),
        );
    });
}
