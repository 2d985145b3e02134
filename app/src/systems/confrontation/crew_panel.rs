//! The "Crew and capture" tab: for each machine, how many figures may
//! touch it (PC3) and how many do, its crew figures with their status
//! (in contact, engaged, fleeing, dead; measured on the table when they
//! have a piece), crew moving to another machine of its type, figures
//! joining as crew or auxiliaries, auxiliaries leaving, and the capture
//! (or recapture) offered as soon as the table shows an enemy touching it.
//! Every button asks the game first and says why it is disabled.

use std::collections::BTreeMap;

use eframe::egui;
use feldherr_confrontation::crew::Role;
use feldherr_confrontation::game::{MarkerKind, Phase};
use feldherr_play::{Id, PlayError};

use super::sides::{checked_button, checked_button_with, side_colour, side_text};
use super::{ConfrontationEdit, ConfrontationGame, GameMachine};
use crate::systems::GameContext;

/// The state of the tab: the referee's "holders without a piece are
/// farther than 10 cm" per machine, and the contact limit being typed for
/// a machine whose explanation card gives its own.
#[derive(Debug, Default)]
pub struct CrewPanel {
    holders_far: BTreeMap<Id, bool>,
    limits: BTreeMap<Id, u32>,
}

impl CrewPanel {
    /// Draws the tab.
    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, ConfrontationGame>) {
        let game = ctx.game();
        egui::ScrollArea::vertical()
            .id_salt("conf.crew")
            .show(ui, |ui| {
                if game.machines.is_empty() {
                    ui.weak(ctx.texts.t("conf.no_machines"));
                }
                for m in &game.machines {
                    egui::Frame::group(ui.style())
                        .stroke(egui::Stroke::new(1.5, side_colour(game, m.controller())))
                        .show(ui, |ui| {
                            ui.set_width(ui.available_width());
                            self.machine(ui, ctx, m);
                        });
                }
            });
    }

    fn machine(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, ConfrontationGame>,
        m: &GameMachine,
    ) {
        let texts = ctx.texts;
        let game = ctx.game();
        let table = ctx.table();
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(m.name()).strong().size(16.0));
            ui.label(side_text(game, m.controller()));
            if m.held_by.is_some() {
                ui.label(texts.f(
                    "conf.crew.captured_from",
                    &[("side", &game.side_name(m.side))],
                ));
            }
        });
        // The contact limit (PC3) against the figures touching it now.
        let servers = game.servers(&table, m.id);
        let touching = servers.iter().filter(|s| s.in_contact).count();
        let max = game.max_contact(m.id);
        let text = texts.f(
            "conf.crew.contact",
            &[("n", &touching.to_string()), ("max", &max.to_string())],
        );
        if u32::try_from(touching).unwrap_or(u32::MAX) > max {
            ui.colored_label(ui.visuals().error_fg_color, text);
        } else {
            ui.label(text);
        }
        self.contact_limit(ui, ctx, m, max);
        for c in game.crew_of(m.id) {
            let status = game.crew_status(&table, c);
            let mut words = Vec::new();
            if c.role == Role::Auxiliary {
                words.push(texts.t("conf.crew.auxiliary"));
            }
            words.push(if status.in_contact {
                texts.t("conf.crew.in_contact")
            } else {
                texts.t("conf.crew.away")
            });
            if status.engaged {
                words.push(texts.t("conf.crew.engaged"));
            }
            if status.fleeing {
                words.push(texts.t("conf.crew.fleeing"));
            }
            if status.moved {
                words.push(texts.t("conf.crew.moved"));
            }
            if status.measured {
                words.push(texts.t("conf.crew.measured"));
            }
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(c.name()).color(side_colour(game, c.side)));
                ui.label(words.join(", "));
                let mut fleeing = status.fleeing;
                let label = texts.f("conf.crew.flees", &[("name", c.name())]);
                if ui.checkbox(&mut fleeing, label).changed() {
                    let edit = ConfrontationEdit::SetCrew {
                        crew: c.id,
                        in_contact: c.in_contact,
                        engaged: c.engaged,
                        fleeing,
                    };
                    ctx.edit(edit);
                }
                if !status.measured {
                    let mut contact = c.in_contact;
                    let label = texts.f("conf.crew.touches", &[("name", c.name())]);
                    if ui.checkbox(&mut contact, label).changed() {
                        ctx.edit(ConfrontationEdit::SetCrew {
                            crew: c.id,
                            in_contact: contact,
                            engaged: c.engaged,
                            fleeing: c.fleeing,
                        });
                    }
                    let mut engaged = c.engaged;
                    let label = texts.f("conf.crew.engaged_with", &[("name", c.name())]);
                    if ui.checkbox(&mut engaged, label).changed() {
                        ctx.edit(ConfrontationEdit::SetCrew {
                            crew: c.id,
                            in_contact: c.in_contact,
                            engaged,
                            fleeing: c.fleeing,
                        });
                    }
                }
            });
            ui.indent(("conf.crew.row", c.id), |ui| {
                if game.round.running() {
                    let mut moved = c.moved;
                    let label = texts.f("conf.crew.moved_box", &[("name", c.name())]);
                    if ui.checkbox(&mut moved, label).changed() {
                        ctx.edit(ConfrontationEdit::CrewMoved { crew: c.id, moved });
                    }
                }
                // At deployment: the mines, decoys and barricades on the
                // table this figure may have laid (Minenleger, Pionier).
                if game.round.phase == Phase::Deployment {
                    for p in table
                        .pieces()
                        .iter()
                        .filter(|p| !game.markers.contains_key(&p.id))
                    {
                        let kind = match p.kind.as_str() {
                            "mine" => MarkerKind::Mine,
                            "decoy" => MarkerKind::Decoy,
                            "barricade" => MarkerKind::Barricade,
                            _ => continue,
                        };
                        let edit = ConfrontationEdit::LayMarker {
                            crew: c.id,
                            piece: p.id,
                            kind,
                        };
                        if ctx.check(&edit).is_ok() {
                            let label = texts
                                .f("conf.crew.lay", &[("name", c.name()), ("marker", &p.name)]);
                            checked_button(ui, ctx, &label, edit);
                        }
                    }
                }
                // Its own ranged weapon (text line 408).
                if c.piece.is_some() && game.round.running() {
                    match game.crew_may_shoot(&table, c.id) {
                        Ok(()) => {
                            ui.weak(texts.f("conf.crew.may_shoot", &[("name", c.name())]));
                        }
                        Err(why) => {
                            ui.weak(texts.message(&why.message()));
                        }
                    }
                }
                if c.piece.is_none() {
                    let label = texts.f("conf.crew.killed", &[("name", c.name())]);
                    checked_button(ui, ctx, &label, ConfrontationEdit::CrewKilled(c.id));
                }
                if c.role == Role::Auxiliary {
                    let label = texts.f(
                        "conf.crew.release",
                        &[("name", c.name()), ("machine", m.name())],
                    );
                    checked_button(ui, ctx, &label, ConfrontationEdit::ReleaseAuxiliary(c.id));
                } else {
                    // Another machine of its type and side, at that
                    // machine's activation.
                    for other in game.machines.iter().filter(|o| {
                        o.id != m.id
                            && o.controller() == c.side
                            && o.card.spec().name == m.card.spec().name
                            && game.round.is_active(o.id)
                    }) {
                        let label = texts.f(
                            "conf.crew.transfer",
                            &[("name", c.name()), ("machine", other.name())],
                        );
                        let edit = ConfrontationEdit::TransferCrew {
                            crew: c.id,
                            to: other.id,
                        };
                        checked_button(ui, ctx, &label, edit);
                    }
                }
            });
        }
        // Figures of its side touching it may join at its activation.
        if game.round.is_active(m.id) {
            let near = game.models_within(&table, m.id, m.controller(), 0.5);
            for (piece, _) in near {
                if !game.figures.contains_key(&piece) || game.crew_on(piece).is_some() {
                    continue;
                }
                let name = table.piece(piece).map_or("?", |p| p.name.as_str());
                let args = [("name", name), ("machine", m.name())];
                let label = texts.f("conf.crew.join", &args);
                checked_button(
                    ui,
                    ctx,
                    &label,
                    ConfrontationEdit::JoinCrew {
                        piece,
                        machine: m.id,
                    },
                );
                let label = texts.f("conf.crew.auxiliary_join", &args);
                checked_button(
                    ui,
                    ctx,
                    &label,
                    ConfrontationEdit::AddAuxiliary {
                        piece,
                        machine: m.id,
                    },
                );
            }
        }
        fear_tests(ui, ctx, m);
        self.capture(ui, ctx, m);
    }

    /// The machine's own contact limit, when its explanation card gives
    /// one (PC3): typed, checked by the game first, or back to what its
    /// size allows. The crew's engaged and fleeing notes stay as they are.
    fn contact_limit(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, ConfrontationGame>,
        m: &GameMachine,
        max: u32,
    ) {
        let texts = ctx.texts;
        let game = ctx.game();
        let engaged: Vec<usize> = game
            .crew_of(m.id)
            .enumerate()
            .filter(|(_, c)| c.engaged)
            .map(|(i, _)| i)
            .collect();
        let fleeing: Vec<usize> = game
            .crew_of(m.id)
            .enumerate()
            .filter(|(_, c)| c.fleeing)
            .map(|(i, _)| i)
            .collect();
        let draft = self.limits.entry(m.id).or_insert(max);
        let args = [("machine", m.name())];
        let mut back_to_size = false;
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(texts.f("conf.crew.limit", &args));
            ui.add(egui::DragValue::new(draft).speed(0.1))
                .labelled_by(label.id);
            let edit = ConfrontationEdit::SetCrewStatus {
                machine: m.id,
                engaged: engaged.clone(),
                fleeing: fleeing.clone(),
                contact_limit: Some(*draft),
            };
            checked_button(ui, ctx, &texts.f("conf.crew.limit_set", &args), edit);
            if m.contact_limit.is_some() {
                let edit = ConfrontationEdit::SetCrewStatus {
                    machine: m.id,
                    engaged,
                    fleeing,
                    contact_limit: None,
                };
                back_to_size =
                    checked_button(ui, ctx, &texts.f("conf.crew.limit_size", &args), edit);
            }
        });
        if back_to_size {
            self.limits.remove(&m.id);
        }
    }

    /// The capture, offered when enemies with values touch the machine.
    fn capture(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &mut GameContext<'_, ConfrontationGame>,
        m: &GameMachine,
    ) {
        let texts = ctx.texts;
        let game = ctx.game();
        let table = ctx.table();
        let Some(piece) = m.piece.filter(|p| table.piece(*p).is_some()) else {
            return;
        };
        if m.state.destroyed {
            return;
        }
        let captors: Vec<u64> = game
            .enemies_touching(&table, piece, m.controller(), &[])
            .into_iter()
            .filter(|p| game.figures.contains_key(p) && game.crew_on(*p).is_none())
            .collect();
        if captors.is_empty() {
            return;
        }
        let far = self.holders_far.entry(m.id).or_default();
        let Ok(check) = game.capture_check(&table, m.id, &captors, *far) else {
            return;
        };
        ui.label(
            egui::RichText::new(texts.f(
                "conf.crew.capture_heading",
                &[
                    ("machine", m.name()),
                    ("side", &game.side_name(m.controller())),
                ],
            ))
            .strong(),
        );
        for c in &check.captors {
            match &c.verdict {
                Ok(()) => {
                    ui.label(texts.f("conf.crew.captor_ok", &[("name", &c.name)]));
                }
                Err(why) => {
                    ui.colored_label(ui.visuals().error_fg_color, texts.message(&why.message()));
                }
            }
        }
        if !check.holders_unplaced.is_empty() {
            ui.checkbox(
                far,
                texts.f(
                    "conf.crew.holders_far",
                    &[("side", &game.side_name(m.controller()))],
                ),
            );
        }
        let label = match check.captor_side {
            Some(side) => texts.f(
                "conf.crew.capture",
                &[("machine", m.name()), ("side", &game.side_name(side))],
            ),
            None => texts.f("conf.crew.capture", &[("machine", m.name()), ("side", "?")]),
        };
        let edit = ConfrontationEdit::Capture {
            machine: m.id,
            captors,
            holders_far: *far,
        };
        // The capture's own refusal (Übernahme) in the interface's language.
        let verdict = check.verdict.clone();
        checked_button_with(ui, ctx, &label, edit, &|e| match (e, &verdict) {
            (
                PlayError::Refused {
                    rule: Some(rule), ..
                },
                Err(why),
            ) if rule == "Übernahme" => {
                let reason = texts.message(&why.message());
                texts.f("conf.refused", &[("rule", rule), ("reason", &reason)])
            }
            _ => super::refusal(texts, e),
        });
    }
}

/// The crew who must test their courage when a fear-causing figure comes:
/// only those touching it (text line 506), each with its courage test
/// against the fear value.
fn fear_tests(ui: &mut egui::Ui, ctx: &mut GameContext<'_, ConfrontationGame>, m: &GameMachine) {
    let texts = ctx.texts;
    let game = ctx.game();
    let table = ctx.table();
    for (source, stats) in &game.figures {
        let Some(fear) = stats.fear() else {
            continue;
        };
        if stats.side == m.controller() || game.is_dead(*source) {
            continue;
        }
        let crew = game.crew_to_test(&table, m.id, *source);
        if crew.is_empty() {
            continue;
        }
        let name = table.piece(*source).map_or("?", |p| p.name.as_str());
        ui.label(texts.f(
            "conf.crew.fear",
            &[("source", name), ("x", &fear.to_string())],
        ));
        for id in crew {
            let Some(c) = game.crew_figure(id) else {
                continue;
            };
            let kind = game.morale_inputs(
                &table,
                feldherr_confrontation::game::Subject::Crew(id),
                feldherr_confrontation::game::MoraleTest::Courage,
                i32::try_from(fear).unwrap_or(i32::MAX),
            );
            let label = texts.f("conf.crew.fear_test", &[("name", c.name())]);
            match kind {
                Ok(kind) => {
                    checked_button(ui, ctx, &label, ConfrontationEdit::AddResolution(kind));
                }
                Err(e) => {
                    ui.colored_label(ui.visuals().error_fg_color, super::refusal(texts, &e));
                }
            }
        }
    }
}
