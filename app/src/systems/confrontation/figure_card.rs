//! A figure's army card at the table: its type, size, whether it is a
//! character, the printed values the text's rules ask about (STR, ATT,
//! DEF, FER, MUT, DIS) and its abilities (Fechtmeister, Finte,
//! Konzentration/X, Meisterschütze, Gegenangriff, Schlagabfolge, Von den
//! Göttern geliebt/verdammt, Instabil/X, Sprung, Resistent, Angst/X).
//! Saved as one `SetFigureStats`, checked before the click.

use eframe::egui;
use feldherr_confrontation::game::{Characteristic, FigureAbility, FigureStats};

use super::sides::checked_button;
use super::{ConfrontationEdit, ConfrontationGame};
use crate::i18n::Texts;
use crate::systems::GameContext;

/// The abilities without a number, with their names as on the cards.
const FLAGS: [(FigureAbility, &str); 9] = [
    (FigureAbility::Fechtmeister, "Fechtmeister"),
    (FigureAbility::Finte, "Finte"),
    (FigureAbility::Meisterschuetze, "Meisterschütze"),
    (FigureAbility::Gegenangriff, "Gegenangriff"),
    (FigureAbility::Schlagabfolge, "Schlagabfolge"),
    (FigureAbility::Geliebt, "Von den Göttern geliebt"),
    (FigureAbility::Verdammt, "Von den Göttern verdammt"),
    (FigureAbility::Sprung, "Sprung"),
    (FigureAbility::Resistent, "Resistent"),
];

/// The typed fields of one figure's card.
#[derive(Debug, Default)]
pub struct FigureCard {
    piece: Option<u64>,
    card: String,
    character: bool,
    values: [String; 6],
    flags: [bool; 9],
    instabil: String,
    fear: String,
    concentration: String,
    bold: String,
}

const VALUE_KEYS: [&str; 6] = ["STR", "ATT", "VER", "FER", "MUT", "DIS"];

fn opt(v: Option<i32>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

impl FigureCard {
    fn load(&mut self, piece: u64, s: &FigureStats) {
        self.piece = Some(piece);
        self.card = s.card.clone().unwrap_or_default();
        self.character = s.character;
        self.values = [
            opt(s.str),
            opt(s.att),
            opt(s.def),
            opt(s.fer.and_then(|v| i32::try_from(v).ok())),
            opt(s.courage),
            opt(s.dis.and_then(|v| i32::try_from(v).ok())),
        ];
        for (i, (a, _)) in FLAGS.iter().enumerate() {
            self.flags[i] = s.has(a);
        }
        self.instabil = s.instabil().map(|x| x.to_string()).unwrap_or_default();
        self.fear = s.fear().map(|x| x.to_string()).unwrap_or_default();
        self.concentration.clear();
        self.bold.clear();
        for a in &s.abilities {
            if let FigureAbility::Konzentration { x, bold } = a {
                self.concentration = x.to_string();
                let names: Vec<&str> = bold.iter().map(|c| c.abbr()).collect();
                self.bold = names.join(", ");
            }
        }
    }

    /// The stats the fields say, or the first field that is not a number
    /// (named, with its value).
    fn parse(&self, texts: &Texts, base: &FigureStats) -> Result<FigureStats, String> {
        let bad = |field: &str, value: &str| {
            texts.f(
                "damage.not_number",
                &[("field", field), ("value", value.trim())],
            )
        };
        let int = |i: usize| -> Result<Option<i32>, String> {
            let v = self.values[i].trim();
            if v.is_empty() {
                return Ok(None);
            }
            v.parse::<i32>()
                .map(Some)
                .map_err(|_| bad(VALUE_KEYS[i], v))
        };
        let unsigned = |i: usize| -> Result<Option<u32>, String> {
            let v = self.values[i].trim();
            if v.is_empty() {
                return Ok(None);
            }
            v.parse::<u32>()
                .map(Some)
                .map_err(|_| bad(VALUE_KEYS[i], v))
        };
        let x = |field: &str, v: &str| -> Result<Option<u32>, String> {
            if v.trim().is_empty() {
                return Ok(None);
            }
            v.trim().parse::<u32>().map(Some).map_err(|_| bad(field, v))
        };
        let mut s = base.clone();
        s.card = Some(self.card.trim().to_owned()).filter(|c| !c.is_empty());
        s.character = self.character;
        s.str = int(0)?;
        s.att = int(1)?;
        s.def = int(2)?;
        s.fer = unsigned(3)?;
        s.courage = int(4)?;
        s.dis = unsigned(5)?;
        let mut abilities: Vec<FigureAbility> = FLAGS
            .iter()
            .zip(self.flags)
            .filter(|(_, on)| *on)
            .map(|((a, _), _)| a.clone())
            .collect();
        if let Some(x) = x("Instabil/X", &self.instabil)? {
            abilities.push(FigureAbility::Instabil(x));
        }
        if let Some(x) = x("Angst", &self.fear)? {
            abilities.push(FigureAbility::Angst(x));
        }
        if let Some(x) = x("Konzentration/X", &self.concentration)? {
            let mut bold = Vec::new();
            for name in self
                .bold
                .split(',')
                .map(str::trim)
                .filter(|n| !n.is_empty())
            {
                let c = ALL
                    .iter()
                    .find(|c| c.abbr().eq_ignore_ascii_case(name))
                    .ok_or_else(|| texts.f("conf.figcard.bad_bold", &[("value", name)]))?;
                bold.push(*c);
            }
            abilities.push(FigureAbility::Konzentration { x, bold });
        }
        s.abilities = abilities;
        Ok(s)
    }

    /// Draws the card of the figure on `piece` (loading it when another
    /// figure is chosen).
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, ConfrontationGame>,
        piece: u64,
    ) {
        let texts = ctx.texts;
        let game = ctx.game();
        let table = ctx.table();
        let Some(stats) = game.figures.get(&piece) else {
            return;
        };
        if self.piece != Some(piece) {
            self.load(piece, stats);
        }
        let name = table.piece(piece).map_or("?", |p| p.name.as_str());
        egui::CollapsingHeader::new(texts.f("conf.figcard.heading", &[("name", name)]))
            .id_salt("conf.figcard")
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    let label = ui.label(texts.t("conf.figcard.card"));
                    ui.add(egui::TextEdit::singleline(&mut self.card).desired_width(120.0))
                        .labelled_by(label.id);
                    ui.checkbox(&mut self.character, texts.t("conf.figcard.character"));
                });
                ui.horizontal_wrapped(|ui| {
                    for (i, key) in VALUE_KEYS.iter().enumerate() {
                        let label = ui.label(*key);
                        ui.add(egui::TextEdit::singleline(&mut self.values[i]).desired_width(30.0))
                            .labelled_by(label.id);
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    for (i, (_, label)) in FLAGS.iter().enumerate() {
                        ui.checkbox(&mut self.flags[i], *label);
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    for (label, value) in [
                        ("Instabil/X", &mut self.instabil),
                        ("Angst", &mut self.fear),
                        ("Konzentration/X", &mut self.concentration),
                    ] {
                        let l = ui.label(label);
                        ui.add(egui::TextEdit::singleline(value).desired_width(30.0))
                            .labelled_by(l.id);
                    }
                    let l = ui.label(texts.t("conf.figcard.bold"));
                    ui.add(egui::TextEdit::singleline(&mut self.bold).desired_width(100.0))
                        .labelled_by(l.id);
                });
                match self.parse(texts, stats) {
                    Ok(next) if next != *stats => {
                        let label = texts.f("conf.figcard.save", &[("name", name)]);
                        checked_button(
                            ui,
                            ctx,
                            &label,
                            ConfrontationEdit::SetFigureStats {
                                piece,
                                stats: Some(next),
                            },
                        );
                    }
                    Ok(_) => {}
                    Err(e) => {
                        ui.colored_label(ui.visuals().error_fg_color, e);
                    }
                }
            });
    }
}

const ALL: [Characteristic; 9] = [
    Characteristic::Bew,
    Characteristic::Ini,
    Characteristic::Att,
    Characteristic::Str,
    Characteristic::Def,
    Characteristic::Res,
    Characteristic::Fer,
    Characteristic::Mut,
    Characteristic::Dis,
];
