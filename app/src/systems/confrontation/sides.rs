//! The "Sides and round" tab: the players and their sides (add, rename,
//! their colour), who fields and who holds each machine and figure, the
//! round with its phases, the checks a phase waits for (the total
//! failure's 4+ at the start, Instabil and the speed marker in contact at
//! the end) and the army deck of the movement phase (activate a machine's
//! card with its crew and auxiliaries, end the activation). Every button
//! asks the game first (`ctx.check`) and says why it is disabled.

use std::collections::BTreeSet;

use eframe::egui;
use feldherr_confrontation::game::{Pending, Phase, RoundCheck, RoundEvent, Subject};
use feldherr_play::Id;

use super::{ConfrontationEdit, ConfrontationGame, refusal};
use crate::i18n::Texts;
use crate::systems::GameContext;
use crate::ui::palette::player_colour;

/// The seat of side `side`: its place in the game's side list (0-based).
pub fn side_seat(game: &ConfrontationGame, side: Id) -> usize {
    game.sides.iter().position(|s| s.id == side).unwrap_or(0)
}

/// The colour of side `side` (its seat in the game's side list).
pub fn side_colour(game: &ConfrontationGame, side: Id) -> egui::Color32 {
    player_colour(side_seat(game, side))
}

/// A side's name in its colour.
pub fn side_text(game: &ConfrontationGame, side: Id) -> egui::RichText {
    egui::RichText::new(game.side_name(side))
        .color(side_colour(game, side))
        .strong()
}

/// A button that is enabled only when the game would accept `edit`; the
/// refusal is shown beside it (and in its hover) before any click.
pub fn checked_button(
    ui: &mut egui::Ui,
    ctx: &mut GameContext<'_, ConfrontationGame>,
    label: &str,
    edit: ConfrontationEdit,
) -> bool {
    let texts = ctx.texts;
    checked_button_with(ui, ctx, label, edit, &|e| refusal(texts, e))
}

/// A button of the round moving on (Next phase, End the round): when the
/// round waits for a roll, its refusal names it in the interface's
/// language (the crate's `pending_message`).
fn round_button(
    ui: &mut egui::Ui,
    ctx: &mut GameContext<'_, ConfrontationGame>,
    label: &str,
    edit: ConfrontationEdit,
) -> bool {
    let texts = ctx.texts;
    let game = ctx.game();
    let table = ctx.table();
    let waits = game.pending().first().copied();
    checked_button_with(ui, ctx, label, edit, &|e| match (e, waits) {
        (
            feldherr_play::PlayError::Refused {
                rule: Some(rule), ..
            },
            Some(p),
        ) if rule == p.rule() => {
            let reason = texts.message(&game.pending_message(&table, p));
            texts.f("conf.refused", &[("rule", rule), ("reason", &reason)])
        }
        _ => refusal(texts, e),
    })
}

/// [`checked_button`] with the refusal said by `why`.
pub fn checked_button_with(
    ui: &mut egui::Ui,
    ctx: &mut GameContext<'_, ConfrontationGame>,
    label: &str,
    edit: ConfrontationEdit,
    why: &dyn Fn(&feldherr_play::PlayError) -> String,
) -> bool {
    ui.horizontal_wrapped(|ui| ctx.edit_button(ui, label, edit, why))
        .inner
}

/// The state of the "Sides and round" tab.
#[derive(Debug, Default)]
pub struct SidesPanel {
    new_side: String,
    names: std::collections::BTreeMap<Id, String>,
    /// Machines the referee says touch an enemy at the end of the round
    /// although the table cannot tell (no piece).
    touching: BTreeSet<Id>,
    /// The facing typed for a re-aim, in degrees.
    facing: String,
    /// The game settings as typed (contact limits small, normal, large,
    /// very large; the template's diameter), with the settings they were
    /// loaded from.
    settings: Option<([String; 5], feldherr_confrontation::game::GameSettings)>,
}

impl SidesPanel {
    /// Draws the tab.
    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, ConfrontationGame>) {
        egui::ScrollArea::vertical()
            .id_salt("conf.sides")
            .show(ui, |ui| {
                self.round(ui, ctx);
                ui.separator();
                self.sides(ui, ctx);
                ui.separator();
                self.owners(ui, ctx);
                ui.separator();
                self.settings(ui, ctx);
            });
    }

    fn round(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, ConfrontationGame>) {
        let texts = ctx.texts;
        let game = ctx.game();
        let table = ctx.table();
        let round = &game.round;
        ui.heading(texts.f(
            "conf.round",
            &[
                ("n", &round.number.to_string()),
                ("phase", texts.t(round.phase.message_key())),
            ],
        ));
        ui.weak(texts.t(phase_help(round.phase)));
        for event in &round.events {
            let (key, machine) = match event {
                RoundEvent::SpeedMarkerLost { machine } => ("conf.sides.marker_lost", *machine),
                RoundEvent::SpeedMarkerNotMoved { machine } => {
                    ("conf.sides.marker_not_moved", *machine)
                }
            };
            ui.label(machine_text(texts, key, game, machine));
        }
        // What the phase waits for, each with the button that rolls it.
        let pending = game.pending();
        if !pending.is_empty() {
            ui.label(egui::RichText::new(texts.t("conf.sides.pending")).strong());
        }
        for Pending::Check(check) in pending {
            let (label, kind) = match check {
                RoundCheck::TotalFailure(id) => (
                    machine_text(texts, "conf.sides.roll_total_failure", game, id),
                    game.total_failure_inputs(id),
                ),
                RoundCheck::Instabil(Subject::Machine(id)) => (
                    machine_text(texts, "conf.sides.roll_instabil", game, id),
                    game.instabil_inputs(id),
                ),
                RoundCheck::Instabil(subject) => (
                    texts.f(
                        "conf.sides.roll_instabil",
                        &[
                            ("name", &game.subject_name(subject)),
                            ("side", &subject_side(game, &table, subject)),
                        ],
                    ),
                    game.instabil_figure_inputs(&table, subject),
                ),
            };
            match kind {
                Ok(kind) => {
                    checked_button(ui, ctx, &label, ConfrontationEdit::AddResolution(kind));
                }
                Err(e) => {
                    ui.colored_label(ui.visuals().error_fg_color, refusal(texts, &e));
                }
            }
        }
        // The end of the round: who loses the speed marker in contact.
        if round.phase == Phase::End {
            for m in game.machines.iter().filter(|m| m.state.speed_marker) {
                match game.machine_touches_enemy(&table, m.id) {
                    Some(true) => {
                        ui.label(machine_text(
                            texts,
                            "conf.sides.will_lose_marker",
                            game,
                            m.id,
                        ));
                    }
                    Some(false) => {}
                    None => {
                        let mut on = self.touching.contains(&m.id);
                        if ui
                            .checkbox(
                                &mut on,
                                machine_text(texts, "conf.sides.touches_enemy", game, m.id),
                            )
                            .changed()
                        {
                            if on {
                                self.touching.insert(m.id);
                            } else {
                                self.touching.remove(&m.id);
                            }
                        }
                    }
                }
            }
            let touching: Vec<Id> = self.touching.iter().copied().collect();
            if round_button(
                ui,
                ctx,
                texts.t("conf.sides.end_round"),
                ConfrontationEdit::EndRound { touching },
            ) {
                self.touching.clear();
            }
        } else {
            round_button(
                ui,
                ctx,
                texts.t("conf.next_phase"),
                ConfrontationEdit::NextPhase,
            );
        }
        // The army deck: the current activation and each side's cards.
        let game = ctx.game();
        if let Some(active) = game.round.active {
            ui.label(texts.f(
                "conf.sides.active",
                &[
                    (
                        "name",
                        game.machine(active.machine).map_or("?", |m| m.name()),
                    ),
                    ("side", &game.side_name(active.side)),
                ],
            ));
            if let Some(m) = game.machine(active.machine) {
                ui.weak(texts.t("conf.sides.drive_help"));
                if m.card.is_mobile() {
                    let label = machine_text(texts, "conf.sides.stop", game, m.id);
                    checked_button(ui, ctx, &label, ConfrontationEdit::StopMachine(m.id));
                }
                ui.horizontal(|ui| {
                    let label = ui.label(texts.t("conf.sides.facing"));
                    ui.add(egui::TextEdit::singleline(&mut self.facing).desired_width(50.0))
                        .labelled_by(label.id);
                });
                let facing = self
                    .facing
                    .trim()
                    .replace(',', ".")
                    .parse::<f64>()
                    .ok()
                    .and_then(|d| feldherr_table::geometry::Angle::from_degrees(d).ok());
                if let Some(facing) = facing {
                    let label = machine_text(texts, "conf.sides.reaim", game, m.id);
                    checked_button(
                        ui,
                        ctx,
                        &label,
                        ConfrontationEdit::ReaimMachine {
                            machine: m.id,
                            facing,
                        },
                    );
                }
            }
            checked_button(
                ui,
                ctx,
                texts.t("conf.sides.end_activation"),
                ConfrontationEdit::EndActivation,
            );
        } else if round.phase == Phase::Movement {
            for side in &game.sides {
                let options = game.activation_options(side.id);
                ui.horizontal_wrapped(|ui| {
                    ui.label(side_text(game, side.id));
                    if options.is_empty() {
                        ui.weak(texts.t("conf.sides.all_activated"));
                    }
                });
                for a in options {
                    let label = texts.f(
                        "conf.sides.activate",
                        &[
                            ("name", game.machine(a.machine).map_or("?", |m| m.name())),
                            ("side", &side.name),
                        ],
                    );
                    checked_button(
                        ui,
                        ctx,
                        &label,
                        ConfrontationEdit::Activate {
                            machine: a.machine,
                            side: a.side,
                        },
                    );
                }
            }
        }
    }

    fn sides(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, ConfrontationGame>) {
        let texts = ctx.texts;
        let game = ctx.game();
        ui.label(egui::RichText::new(texts.t("conf.sides.heading")).strong());
        for side in &game.sides {
            let name = self
                .names
                .entry(side.id)
                .or_insert_with(|| side.name.clone());
            ui.horizontal(|ui| {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
                ui.painter()
                    .rect_filled(rect, 2.0, side_colour(game, side.id));
                let label = texts.f("conf.sides.name_of", &[("side", &side.name)]);
                ui.add(egui::TextEdit::singleline(name).desired_width(160.0))
                    .labelled_by(ui.label(label).id);
            });
            if *name != side.name {
                let label = texts.f("conf.sides.rename", &[("side", &side.name)]);
                let edit = ConfrontationEdit::RenameSide {
                    side: side.id,
                    name: name.clone(),
                };
                checked_button(ui, ctx, &label, edit);
            }
        }
        ui.horizontal(|ui| {
            let label = ui.label(texts.t("conf.sides.new"));
            ui.add(egui::TextEdit::singleline(&mut self.new_side).desired_width(160.0))
                .labelled_by(label.id);
        });
        if !self.new_side.trim().is_empty()
            && checked_button(
                ui,
                ctx,
                texts.t("conf.sides.add"),
                ConfrontationEdit::AddSide(self.new_side.trim().to_owned()),
            )
        {
            self.new_side.clear();
        }
    }

    /// Who fields and holds each machine (changed at deployment; later by
    /// capture) and which side each figure fights for.
    fn owners(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, ConfrontationGame>) {
        let texts = ctx.texts;
        let game = ctx.game();
        let table = ctx.table();
        ui.label(egui::RichText::new(texts.t("conf.sides.machines")).strong());
        for m in &game.machines {
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(m.name()).strong());
                ui.label(texts.t("conf.sides.fielded_by"));
                ui.label(side_text(game, m.side));
                if let Some(h) = m.held_by {
                    ui.label(texts.t("conf.sides.held_by"));
                    ui.label(side_text(game, h));
                }
                if m.state.destroyed {
                    ui.weak(texts.t("conf.status.is_destroyed"));
                }
            });
            if game.round.phase == Phase::Deployment {
                for side in game.sides.iter().filter(|s| s.id != m.side) {
                    let label = texts.f(
                        "conf.sides.give",
                        &[("name", m.name()), ("side", &side.name)],
                    );
                    checked_button(
                        ui,
                        ctx,
                        &label,
                        ConfrontationEdit::SetMachineSide {
                            machine: m.id,
                            side: side.id,
                        },
                    );
                }
            }
        }
        ui.label(egui::RichText::new(texts.t("conf.sides.figures")).strong());
        if game.figures.is_empty() {
            ui.weak(texts.t("conf.sides.no_figures"));
        }
        for (piece, stats) in &game.figures {
            let name = table.piece(*piece).map_or_else(
                || texts.t("conf.sides.off_table").to_owned(),
                |p| p.name.clone(),
            );
            ui.horizontal_wrapped(|ui| {
                ui.label(&name);
                for side in &game.sides {
                    let mine = stats.side == side.id;
                    let text = egui::RichText::new(&side.name).color(side_colour(game, side.id));
                    let response = ui.selectable_label(mine, text).on_hover_text(texts.f(
                        "conf.sides.figure_side",
                        &[("name", &name), ("side", &side.name)],
                    ));
                    if response.clicked() && !mine {
                        let mut next = stats.clone();
                        next.side = side.id;
                        let edit = ConfrontationEdit::SetFigureStats {
                            piece: *piece,
                            stats: Some(next),
                        };
                        match ctx.check(&edit) {
                            Ok(()) => ctx.edit(edit),
                            Err(e) => ctx.show_error(refusal(texts, &e)),
                        }
                    }
                }
            });
        }
    }
}

impl SidesPanel {
    /// The game's own data: how many figures may touch a model of each
    /// size (PC3) and the zone template's diameter (C6).
    fn settings(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, ConfrontationGame>) {
        let texts = ctx.texts;
        let now = ctx.game().settings;
        if self.settings.as_ref().is_none_or(|(_, from)| *from != now) {
            let c = now.contact;
            self.settings = Some((
                [
                    c.small.to_string(),
                    c.normal.to_string(),
                    c.large.to_string(),
                    c.very_large.to_string(),
                    now.template_cm.to_string(),
                ],
                now,
            ));
        }
        let Some((fields, _)) = &mut self.settings else {
            return;
        };
        ui.label(egui::RichText::new(texts.t("conf.settings.heading")).strong());
        let keys = [
            "conf.size.small",
            "conf.size.normal",
            "conf.size.large",
            "conf.size.very_large",
            "conf.act.template",
        ];
        ui.horizontal_wrapped(|ui| {
            for (key, value) in keys.iter().zip(fields.iter_mut()) {
                let label = ui.label(texts.t(key));
                ui.add(egui::TextEdit::singleline(value).desired_width(40.0))
                    .labelled_by(label.id);
            }
        });
        let parsed = (|| {
            let n = |i: usize| {
                fields[i].trim().parse::<u32>().map_err(|_| {
                    texts.f(
                        "damage.not_number",
                        &[("field", texts.t(keys[i])), ("value", fields[i].trim())],
                    )
                })
            };
            let mut next = now;
            next.contact.small = n(0)?;
            next.contact.normal = n(1)?;
            next.contact.large = n(2)?;
            next.contact.very_large = n(3)?;
            next.template_cm = fields[4]
                .trim()
                .replace(',', ".")
                .parse::<f64>()
                .map_err(|_| {
                    texts.f(
                        "damage.not_number",
                        &[("field", texts.t(keys[4])), ("value", fields[4].trim())],
                    )
                })?;
            Ok::<_, String>(next)
        })();
        match parsed {
            Ok(next) if next != now => {
                checked_button(
                    ui,
                    ctx,
                    texts.t("conf.settings.save"),
                    ConfrontationEdit::SetSettings(next),
                );
            }
            Ok(_) => {}
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
        }
    }
}

/// Message `key` filled with a machine's name and the side holding it.
pub fn machine_text(texts: &Texts, key: &str, game: &ConfrontationGame, machine: Id) -> String {
    let m = game.machine(machine);
    let name = m.map_or_else(|| "?".into(), |m| m.name().to_owned());
    let side = m.map_or_else(String::new, |m| game.side_name(m.controller()));
    texts.f(key, &[("name", &name), ("side", &side)])
}

fn subject_side(
    game: &ConfrontationGame,
    _table: &feldherr_table::Table,
    subject: Subject,
) -> String {
    match subject {
        Subject::Machine(id) => game
            .machine(id)
            .map_or_else(String::new, |m| game.side_name(m.controller())),
        Subject::Crew(id) => game
            .crew_figure(id)
            .map_or_else(String::new, |c| game.side_name(c.side)),
        Subject::Figure(p) => game
            .figures
            .get(&p)
            .map_or_else(String::new, |f| game.side_name(f.side)),
    }
}

/// What a player does in a phase, in a line.
fn phase_help(phase: Phase) -> &'static str {
    match phase {
        Phase::Deployment => "conf.sides.help.deployment",
        Phase::Start => "conf.sides.help.start",
        Phase::Movement => "conf.sides.help.movement",
        Phase::Ranged => "conf.sides.help.ranged",
        Phase::Melee => "conf.sides.help.melee",
        Phase::End => "conf.sides.help.end",
    }
}
