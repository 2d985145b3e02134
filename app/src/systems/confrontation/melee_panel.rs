//! The "Figures in melee" tab: a roll of a figure, a crew figure or a
//! mobile machine with everything the game knows (its value, wound or SP
//! penalty, Fechtmeister, Von den Göttern geliebt/verdammt, Gegenangriff,
//! withdrawal by INI or by strength against the enemies touching it), a
//! courage or rally test (fear), and the new abilities spent at the table:
//! Konzentration, Schlagabfolge and Finte. Every button asks the game
//! first and says why it is disabled.

use eframe::egui;
use feldherr_confrontation::game::{
    Characteristic, FigureRollOrder, MoraleTest, RollPurpose, Subject,
};

use super::sides::checked_button;
use super::{ConfrontationEdit, ConfrontationGame, refusal};
use crate::i18n::Texts;
use crate::systems::GameContext;

const CHARACTERISTICS: [Characteristic; 9] = [
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

/// What the roll form rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum RollKind {
    /// A roll of the figure rules.
    Roll(RollPurpose),
    /// A courage or rally test (fear).
    Morale(MoraleTest),
    /// Nothing chosen yet.
    #[default]
    None,
}

const KINDS: [(RollKind, &str); 8] = [
    (RollKind::Roll(RollPurpose::Attack), "conf.roll.attack"),
    (RollKind::Roll(RollPurpose::Defence), "conf.roll.defence"),
    (
        RollKind::Roll(RollPurpose::CounterAttack),
        "conf.roll.counter",
    ),
    (
        RollKind::Roll(RollPurpose::WithdrawalByInitiative),
        "conf.roll.withdraw_ini",
    ),
    (
        RollKind::Roll(RollPurpose::WithdrawalByStrength),
        "conf.roll.withdraw_str",
    ),
    (RollKind::Roll(RollPurpose::Test), "conf.roll.test"),
    (RollKind::Morale(MoraleTest::Courage), "conf.roll.courage"),
    (RollKind::Morale(MoraleTest::Rally), "conf.roll.rally"),
];

/// The state of the tab.
#[derive(Debug)]
pub struct MeleePanel {
    subject: Option<Subject>,
    kind: RollKind,
    characteristic: Characteristic,
    difficulty: String,
    against: Option<u64>,
    value: String,
    points: String,
    successful: String,
    opp_att: String,
    opp_def: String,
    base_attacks: String,
    card: super::figure_card::FigureCard,
}

impl Default for MeleePanel {
    fn default() -> Self {
        Self {
            subject: None,
            kind: RollKind::None,
            characteristic: Characteristic::Att,
            difficulty: "5".into(),
            against: None,
            value: String::new(),
            points: "1".into(),
            successful: "1".into(),
            opp_att: "2".into(),
            opp_def: "2".into(),
            base_attacks: "1".into(),
            card: super::figure_card::FigureCard::default(),
        }
    }
}

/// Who may roll: mobile machines, crew figures without a piece, living
/// figures on the table; each with its name.
fn subjects(game: &ConfrontationGame, table: &feldherr_table::Table) -> Vec<(Subject, String)> {
    let mut out: Vec<(Subject, String)> = game
        .figures
        .keys()
        .filter(|p| !game.is_dead(**p))
        .filter_map(|p| {
            table
                .piece(*p)
                .map(|x| (Subject::Figure(*p), x.name.clone()))
        })
        .collect();
    out.extend(
        game.crew
            .iter()
            .filter(|c| !c.dead && c.piece.is_none())
            .map(|c| {
                let machine = game.machine(c.machine).map_or("?", |m| m.name());
                (Subject::Crew(c.id), format!("{} ({machine})", c.name()))
            }),
    );
    out.extend(
        game.machines
            .iter()
            .filter(|m| m.card.is_mobile() && !m.state.destroyed)
            .map(|m| (Subject::Machine(m.id), m.name().to_owned())),
    );
    out
}

fn number(texts: &Texts, field: &str, value: &str) -> Result<i32, String> {
    value.trim().parse::<i32>().map_err(|_| {
        texts.f(
            "damage.not_number",
            &[("field", field), ("value", value.trim())],
        )
    })
}

impl MeleePanel {
    /// Draws the tab.
    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, ConfrontationGame>) {
        egui::ScrollArea::vertical()
            .id_salt("conf.melee")
            .show(ui, |ui| {
                self.roll(ui, ctx);
                ui.separator();
                self.abilities(ui, ctx);
            });
    }

    fn roll(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, ConfrontationGame>) {
        let texts = ctx.texts;
        let game = ctx.game();
        let table = ctx.table();
        let subjects = subjects(game, &table);
        let name_of = |s: Option<Subject>| {
            s.and_then(|s| subjects.iter().find(|(x, _)| *x == s))
                .map_or_else(
                    || texts.t("conf.charge.choose").to_owned(),
                    |(_, n)| n.clone(),
                )
        };
        ui.label(egui::RichText::new(texts.t("conf.roll.heading")).strong());
        ui.weak(texts.t("conf.roll.help"));
        ui.horizontal_wrapped(|ui| {
            ui.label(texts.t("conf.roll.what"));
            for (kind, key) in KINDS {
                ui.radio_value(&mut self.kind, kind, texts.t(key));
            }
        });
        egui::Grid::new("conf.roll.form")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label(texts.t("conf.roll.who"));
                egui::ComboBox::from_id_salt("conf.roll.who")
                    .selected_text(name_of(self.subject))
                    .show_ui(ui, |ui| {
                        for (s, n) in &subjects {
                            ui.selectable_value(&mut self.subject, Some(*s), n);
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                if matches!(
                    self.kind,
                    RollKind::Roll(RollPurpose::Attack | RollPurpose::Defence | RollPurpose::Test)
                ) {
                    let label = ui.label(texts.t("conf.roll.characteristic"));
                    egui::ComboBox::from_id_salt("conf.roll.characteristic")
                        .selected_text(self.characteristic.abbr())
                        .show_ui(ui, |ui| {
                            for c in CHARACTERISTICS {
                                ui.selectable_value(&mut self.characteristic, c, c.abbr());
                            }
                        })
                        .response
                        .labelled_by(label.id);
                    ui.end_row();
                }
                let label = ui.label(texts.t("conf.roll.difficulty"));
                ui.add(egui::TextEdit::singleline(&mut self.difficulty).desired_width(50.0))
                    .labelled_by(label.id);
                ui.end_row();
                if let RollKind::Roll(_) = self.kind {
                    let label = ui.label(texts.t("conf.roll.against"));
                    let against = self.against.map(Subject::Figure);
                    let shown = if self.against.is_none() {
                        texts.t("conf.roll.nobody").to_owned()
                    } else {
                        name_of(against)
                    };
                    egui::ComboBox::from_id_salt("conf.roll.against")
                        .selected_text(shown)
                        .show_ui(ui, |ui| {
                            ui.selectable_value(
                                &mut self.against,
                                None,
                                texts.t("conf.roll.nobody"),
                            );
                            for (s, n) in &subjects {
                                if let Subject::Figure(p) = s {
                                    ui.selectable_value(&mut self.against, Some(*p), n);
                                }
                            }
                        })
                        .response
                        .labelled_by(label.id);
                    ui.end_row();
                    let label = ui.label(texts.t("conf.roll.value"));
                    ui.add(egui::TextEdit::singleline(&mut self.value).desired_width(50.0))
                        .labelled_by(label.id);
                    ui.end_row();
                }
            });
        let Some(subject) = self.subject else {
            return;
        };
        let difficulty = match number(texts, texts.t("conf.roll.difficulty"), &self.difficulty) {
            Ok(d) => d,
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
                return;
            }
        };
        let kind = match self.kind {
            RollKind::None => return,
            RollKind::Morale(test) => game.morale_inputs(&table, subject, test, difficulty),
            RollKind::Roll(purpose) => {
                let value = if self.value.trim().is_empty() {
                    None
                } else {
                    match number(texts, texts.t("conf.roll.value"), &self.value) {
                        Ok(v) => Some(v),
                        Err(e) => {
                            ui.colored_label(ui.visuals().error_fg_color, e);
                            return;
                        }
                    }
                };
                game.figure_roll_inputs(
                    &table,
                    &FigureRollOrder {
                        subject,
                        purpose,
                        characteristic: self.characteristic,
                        difficulty,
                        against: self.against,
                        value,
                    },
                )
            }
        };
        let label = texts.f("conf.roll.go", &[("name", &name_of(Some(subject)))]);
        match kind {
            Ok(kind) => {
                checked_button(ui, ctx, &label, ConfrontationEdit::AddResolution(kind));
            }
            Err(e) => {
                ui.add_enabled(false, egui::Button::new(label));
                ui.colored_label(ui.visuals().error_fg_color, refusal(texts, &e));
            }
        }
    }

    /// Konzentration, Schlagabfolge and Finte of the figure chosen above.
    fn abilities(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, ConfrontationGame>) {
        let texts = ctx.texts;
        let game = ctx.game();
        let table = ctx.table();
        ui.label(egui::RichText::new(texts.t("conf.ability.heading")).strong());
        let Some(Subject::Figure(piece)) = self.subject else {
            ui.weak(texts.t("conf.ability.choose"));
            return;
        };
        self.card.show(ui, ctx, piece);
        let name = table.piece(piece).map_or("?", |p| p.name.as_str());
        // Meisterbogen-/armbrustschütze: its ranged attacks.
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(texts.t("conf.ability.base_attacks"));
            ui.add(egui::TextEdit::singleline(&mut self.base_attacks).desired_width(30.0))
                .labelled_by(label.id);
            if let Ok(base) = self.base_attacks.trim().parse::<u32>() {
                match game.ranged_attacks(&table, piece, base) {
                    Ok(n) => {
                        ui.label(texts.f(
                            "conf.ability.attacks",
                            &[("name", name), ("n", &n.to_string())],
                        ));
                    }
                    Err(e) => {
                        ui.colored_label(ui.visuals().error_fg_color, refusal(texts, &e));
                    }
                }
            }
        });
        // Konzentration: points on the characteristic chosen above.
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(texts.t("conf.ability.points"));
            ui.add(egui::TextEdit::singleline(&mut self.points).desired_width(40.0))
                .labelled_by(label.id);
        });
        let c = self.characteristic;
        let bonus = game.concentration_bonus(piece, c);
        ui.label(texts.f(
            "conf.ability.bonus",
            &[("name", name), ("c", c.abbr()), ("n", &bonus.to_string())],
        ));
        if let Ok(points) = self.points.trim().parse::<u32>() {
            let label = texts.f(
                "conf.ability.concentrate",
                &[("name", name), ("c", c.abbr()), ("n", &points.to_string())],
            );
            checked_button(
                ui,
                ctx,
                &label,
                ConfrontationEdit::SpendConcentration {
                    piece,
                    characteristic: c,
                    points,
                },
            );
        }
        let label = texts.f("conf.ability.used", &[("name", name), ("c", c.abbr())]);
        checked_button(
            ui,
            ctx,
            &label,
            ConfrontationEdit::ConcentrationUsed {
                piece,
                characteristic: c,
            },
        );
        // Schlagabfolge: its cost, then the purchase.
        match game.extra_die_cost(&table, piece) {
            Ok(cost) => {
                let label = texts.f(
                    "conf.ability.extra_die",
                    &[("name", name), ("cost", &cost.to_string())],
                );
                checked_button(ui, ctx, &label, ConfrontationEdit::BuyExtraDie(piece));
            }
            Err(e) => {
                ui.weak(refusal(texts, &e));
            }
        }
        // Finte against the opponent chosen above.
        if let Some(opponent) = self.against {
            let opp = table.piece(opponent).map_or("?", |p| p.name.as_str());
            ui.horizontal_wrapped(|ui| {
                for (key, value) in [
                    ("conf.ability.successful", &mut self.successful),
                    ("conf.ability.opp_att", &mut self.opp_att),
                    ("conf.ability.opp_def", &mut self.opp_def),
                ] {
                    let label = ui.label(texts.t(key));
                    ui.add(egui::TextEdit::singleline(value).desired_width(30.0))
                        .labelled_by(label.id);
                }
            });
            let parsed = (
                self.successful.trim().parse::<u32>(),
                self.opp_att.trim().parse::<u32>(),
                self.opp_def.trim().parse::<u32>(),
            );
            if let (Ok(successful), Ok(opp_att), Ok(opp_def)) = parsed {
                let label = texts.f("conf.ability.feint", &[("name", name), ("opp", opp)]);
                checked_button(
                    ui,
                    ctx,
                    &label,
                    ConfrontationEdit::StartFeint {
                        piece,
                        opponent,
                        successful,
                        opp_att,
                        opp_def,
                    },
                );
            }
            if let Some(f) = game.round.figures.get(&piece).and_then(|f| f.feint) {
                ui.label(texts.f(
                    "conf.ability.feint_state",
                    &[
                        ("left", &f.feint.attacks_left().to_string()),
                        ("opp", opp),
                        ("att", &f.feint.opponent_attack().to_string()),
                        ("def", &f.feint.opponent_defence().to_string()),
                    ],
                ));
                let label = texts.f("conf.ability.cancel_def", &[("opp", opp)]);
                checked_button(
                    ui,
                    ctx,
                    &label,
                    ConfrontationEdit::Feint {
                        piece,
                        defence: true,
                    },
                );
                let label = texts.f("conf.ability.cancel_att", &[("opp", opp)]);
                checked_button(
                    ui,
                    ctx,
                    &label,
                    ConfrontationEdit::Feint {
                        piece,
                        defence: false,
                    },
                );
                let label = texts.f("conf.ability.end_feint", &[("name", name)]);
                checked_button(ui, ctx, &label, ConfrontationEdit::EndFeint(piece));
            }
        }
    }
}
