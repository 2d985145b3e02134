//! The "Charge and fear" tab: a charge against a machine declared from the
//! pieces on the table (the side it meets, whether it is allowed, the
//! charge penalties, the collision of an Unaufhaltsam machine) with the
//! counter-fire (Gegenschuss) offered when the target is artillery; fear on
//! mobile machines; the direct wounds of spells and miracles.

use eframe::egui;
use feldherr_confrontation::WoundLevel;
use feldherr_confrontation::game::{ChargeOrder, Charger, Subject};
use feldherr_play::Id;
use feldherr_table::geometry::Point;

use super::sides::{checked_button, side_text};
use super::{ConfrontationEdit, ConfrontationGame};
use crate::systems::GameContext;

/// The state of the tab.
#[derive(Debug, Default)]
pub struct ChargePanel {
    charger: Option<Charger>,
    target: Option<Id>,
    from_x: String,
    from_y: String,
    wound_target: Option<Subject>,
    wound: Option<WoundLevel>,
    descent_piece: Option<u64>,
    descent_from: String,
    descent_to: String,
}

const WOUNDS: [(WoundLevel, &str); 4] = [
    (WoundLevel::Light, "conf.wound.light"),
    (WoundLevel::Serious, "conf.wound.serious"),
    (WoundLevel::Critical, "conf.wound.critical"),
    (WoundLevel::Killed, "conf.wound.killed"),
];

impl ChargePanel {
    /// Draws the tab.
    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, ConfrontationGame>) {
        egui::ScrollArea::vertical()
            .id_salt("conf.charge")
            .show(ui, |ui| {
                self.charge(ui, ctx);
                ui.separator();
                fear(ui, ctx);
                ui.separator();
                self.direct_wound(ui, ctx);
                ui.separator();
                self.descent(ui, ctx);
            });
    }

    fn charger_name(game: &ConfrontationGame, table: &feldherr_table::Table, c: Charger) -> String {
        match c {
            Charger::Figure(p) => table
                .piece(p)
                .map_or_else(|| "?".into(), |p| p.name.clone()),
            Charger::Machine(id) => game.machine(id).map_or("?", |m| m.name()).to_owned(),
        }
    }

    fn charge(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, ConfrontationGame>) {
        let texts = ctx.texts;
        let game = ctx.game();
        let table = ctx.table();
        ui.label(egui::RichText::new(texts.t("conf.charge.heading")).strong());
        ui.weak(texts.t("conf.charge.help"));
        // Chargers: living figures with values, mobile machines on the
        // table; targets: standing machines on the table.
        let mut chargers: Vec<Charger> = game
            .figures
            .keys()
            .filter(|p| table.piece(**p).is_some() && !game.is_dead(**p))
            .map(|p| Charger::Figure(*p))
            .collect();
        chargers.extend(
            game.machines
                .iter()
                .filter(|m| m.card.is_mobile() && m.piece.is_some() && !m.state.destroyed)
                .map(|m| Charger::Machine(m.id)),
        );
        let name_of = |c: Option<Charger>| {
            c.map_or_else(
                || texts.t("conf.charge.choose").to_owned(),
                |c| Self::charger_name(game, &table, c),
            )
        };
        let before = self.charger;
        egui::Grid::new("conf.charge.form")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label(texts.t("conf.charge.charger"));
                egui::ComboBox::from_id_salt("conf.charge.charger")
                    .selected_text(name_of(self.charger))
                    .show_ui(ui, |ui| {
                        for c in &chargers {
                            ui.selectable_value(
                                &mut self.charger,
                                Some(*c),
                                Self::charger_name(game, &table, *c),
                            );
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                let label = ui.label(texts.t("conf.charge.target"));
                let target_name = self.target.and_then(|t| game.machine(t)).map_or_else(
                    || texts.t("conf.charge.choose").to_owned(),
                    |m| m.name().to_owned(),
                );
                egui::ComboBox::from_id_salt("conf.charge.target")
                    .selected_text(target_name)
                    .show_ui(ui, |ui| {
                        for m in game
                            .machines
                            .iter()
                            .filter(|m| m.piece.is_some() && !m.state.destroyed)
                        {
                            ui.selectable_value(&mut self.target, Some(m.id), m.name());
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                let label = ui.label(texts.t("conf.charge.from_x"));
                ui.add(egui::TextEdit::singleline(&mut self.from_x).desired_width(60.0))
                    .labelled_by(label.id);
                ui.end_row();
                let label = ui.label(texts.t("conf.charge.from_y"));
                ui.add(egui::TextEdit::singleline(&mut self.from_y).desired_width(60.0))
                    .labelled_by(label.id);
                ui.end_row();
            });
        // A charger just chosen: it starts where its piece stands now.
        if self.charger != before
            && let Some(c) = self.charger
        {
            let piece = match c {
                Charger::Figure(p) => Some(p),
                Charger::Machine(id) => game.machine(id).and_then(|m| m.piece),
            };
            if let Some(p) = piece.and_then(|p| table.piece(p)) {
                self.from_x = format!("{:.1}", p.center().x);
                self.from_y = format!("{:.1}", p.center().y);
            }
        }
        let (Some(charger), Some(target)) = (self.charger, self.target) else {
            return;
        };
        let parse = |field: &str, v: &str| {
            v.trim().replace(',', ".").parse::<f64>().map_err(|_| {
                texts.f(
                    "damage.not_number",
                    &[("field", field), ("value", v.trim())],
                )
            })
        };
        let from = match (
            parse(texts.t("conf.charge.from_x"), &self.from_x),
            parse(texts.t("conf.charge.from_y"), &self.from_y),
        ) {
            (Ok(x), Ok(y)) => Point::new(x, y),
            (Err(e), _) | (_, Err(e)) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
                return;
            }
        };
        let order = ChargeOrder {
            charger,
            target,
            from,
            first_sight: None,
        };
        let name = Self::charger_name(game, &table, charger);
        let machine = game.machine(target).map_or("?", |m| m.name());
        let report = match game.charge(&table, &order) {
            Ok(r) => r,
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, super::refusal(texts, &e));
                return;
            }
        };
        let args = [("name", name.as_str()), ("machine", machine)];
        ui.horizontal_wrapped(|ui| {
            ui.label(texts.f(
                "conf.charge.arc",
                &[
                    ("name", &name),
                    ("machine", machine),
                    ("arc", texts.t(arc_key(report.arc))),
                ],
            ));
            if let Some(m) = game.machine(target) {
                ui.label(side_text(game, m.controller()));
            }
        });
        match &report.allowed {
            Ok(()) => {
                ui.label(texts.f("conf.charge.allowed", &args));
            }
            Err(why) => {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    texts.f(
                        "conf.charge.refused",
                        &[("name", &name), ("reason", &texts.message(&why.message()))],
                    ),
                );
            }
        }
        ui.label(if report.penalties_apply {
            texts.t("conf.charge.penalties")
        } else {
            texts.t("conf.charge.no_penalties")
        });
        if let Some(c) = report.collision {
            ui.label(texts.f(
                "conf.charge.collision",
                &[("machine", machine), ("str", &c.to_string())],
            ));
        }
        match &report.counter_fire {
            Ok(offer) => {
                ui.label(texts.f(
                    "conf.charge.counter_fire",
                    &[
                        ("name", &name),
                        ("machine", machine),
                        ("x", &texts.decimal(offer.placed.x, 1)),
                        ("y", &texts.decimal(offer.placed.y, 1)),
                        ("cm", &texts.decimal(offer.distance_cm, 1)),
                    ],
                ));
                match game.counter_fire_inputs(&table, &order, None, None) {
                    Ok(kind) => {
                        let label = texts.f("conf.charge.fire_back", &args);
                        checked_button(ui, ctx, &label, ConfrontationEdit::AddResolution(kind));
                    }
                    Err(e) => {
                        ui.colored_label(ui.visuals().error_fg_color, e.to_string());
                    }
                }
            }
            Err(problem) => {
                ui.weak(texts.f(
                    "conf.charge.no_counter_fire",
                    &[("machine", machine), ("reason", &problem.to_string())],
                ));
            }
        }
    }

    fn direct_wound(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, ConfrontationGame>) {
        let texts = ctx.texts;
        let game = ctx.game();
        let table = ctx.table();
        ui.label(egui::RichText::new(texts.t("conf.wound_form.heading")).strong());
        ui.weak(texts.t("conf.wound_form.help"));
        let mut subjects: Vec<(Subject, String)> = game
            .machines
            .iter()
            .filter(|m| !m.state.destroyed)
            .map(|m| (Subject::Machine(m.id), m.name().to_owned()))
            .collect();
        subjects.extend(
            game.figures
                .keys()
                .filter(|p| !game.is_dead(**p))
                .filter_map(|p| {
                    table
                        .piece(*p)
                        .map(|x| (Subject::Figure(*p), x.name.clone()))
                }),
        );
        let shown = self
            .wound_target
            .and_then(|s| subjects.iter().find(|(x, _)| *x == s))
            .map_or_else(
                || texts.t("conf.charge.choose").to_owned(),
                |(_, n)| n.clone(),
            );
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(texts.t("conf.wound_form.target"));
            egui::ComboBox::from_id_salt("conf.wound.target")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for (s, n) in &subjects {
                        ui.selectable_value(&mut self.wound_target, Some(*s), n);
                    }
                })
                .response
                .labelled_by(label.id);
            for (level, key) in WOUNDS {
                ui.radio_value(&mut self.wound, Some(level), texts.t(key));
            }
        });
        if let (Some(target), Some(wound)) = (self.wound_target, self.wound) {
            let name = subjects
                .iter()
                .find(|(x, _)| *x == target)
                .map_or("?", |(_, n)| n.as_str());
            let label = texts.f("conf.wound_form.apply", &[("name", name)]);
            checked_button(
                ui,
                ctx,
                &label,
                ConfrontationEdit::DirectWound { target, wound },
            );
        }
    }
}

impl ChargePanel {
    /// Schutzwall/X: whether a figure may come down from a higher level
    /// near a machine with it (measured on the table).
    fn descent(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, ConfrontationGame>) {
        let texts = ctx.texts;
        let game = ctx.game();
        let table = ctx.table();
        let ramparts: Vec<_> = game
            .machines
            .iter()
            .filter(|m| m.card.rampart().is_some() && !m.state.destroyed)
            .collect();
        if ramparts.is_empty() {
            return;
        }
        ui.label(egui::RichText::new(texts.t("conf.descent.heading")).strong());
        let figures: Vec<(u64, String)> = game
            .figures
            .keys()
            .filter_map(|p| table.piece(*p).map(|x| (*p, x.name.clone())))
            .collect();
        let shown = self
            .descent_piece
            .and_then(|p| figures.iter().find(|(x, _)| *x == p))
            .map_or_else(
                || texts.t("conf.charge.choose").to_owned(),
                |(_, n)| n.clone(),
            );
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(texts.t("conf.descent.figure"));
            egui::ComboBox::from_id_salt("conf.descent.figure")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for (p, n) in &figures {
                        ui.selectable_value(&mut self.descent_piece, Some(*p), n);
                    }
                })
                .response
                .labelled_by(label.id);
            let label = ui.label(texts.t("conf.descent.from"));
            ui.add(egui::TextEdit::singleline(&mut self.descent_from).desired_width(30.0))
                .labelled_by(label.id);
            let label = ui.label(texts.t("conf.descent.to"));
            ui.add(egui::TextEdit::singleline(&mut self.descent_to).desired_width(30.0))
                .labelled_by(label.id);
        });
        let (Some(piece), Ok(from), Ok(to)) = (
            self.descent_piece,
            self.descent_from.trim().parse::<i32>(),
            self.descent_to.trim().parse::<i32>(),
        ) else {
            return;
        };
        for m in ramparts {
            match game.descent_check(&table, m.id, piece, from, to) {
                Ok(()) => {
                    ui.label(texts.f("conf.descent.ok", &[("machine", m.name())]));
                }
                Err(e) => {
                    ui.colored_label(ui.visuals().error_fg_color, super::refusal(texts, &e));
                }
            }
        }
    }
}

/// The catalogue key of a machine's side.
fn arc_key(arc: feldherr_table::geometry::FacingArc) -> &'static str {
    use feldherr_table::geometry::FacingArc;
    match arc {
        FacingArc::Front => "conf.side.front",
        FacingArc::Left => "conf.side.left",
        FacingArc::Right => "conf.side.right",
        FacingArc::Rear => "conf.side.rear",
    }
}

/// Fear on mobile machines: frightened (stops, loses its speed marker, no
/// shots) or rallied.
fn fear(ui: &mut egui::Ui, ctx: &mut GameContext<'_, ConfrontationGame>) {
    let texts = ctx.texts;
    let game = ctx.game();
    ui.label(egui::RichText::new(texts.t("conf.fear.heading")).strong());
    ui.weak(texts.t("conf.fear.help"));
    for m in game
        .machines
        .iter()
        .filter(|m| m.card.is_mobile() && !m.state.destroyed)
    {
        let frightened = m.state.frightened;
        let key = if frightened {
            "conf.fear.rally"
        } else {
            "conf.fear.frighten"
        };
        let label = texts.f(
            key,
            &[
                ("name", m.name()),
                ("side", &game.side_name(m.controller())),
            ],
        );
        checked_button(
            ui,
            ctx,
            &label,
            ConfrontationEdit::SetFrightened {
                machine: m.id,
                frightened: !frightened,
            },
        );
    }
}
