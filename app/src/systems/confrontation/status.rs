//! The machine status panel: SP bar with the start value, the C2 penalty,
//! markers (speed, jam, repair, steam and naphtha), crew in contact,
//! destroyed. Every change comes back as a new state (one undoable edit).

use eframe::egui;

use feldherr_play::Id;
use feldherr_table::Table;

use super::{ConfrontationEdit, ConfrontationGame, GameMachine};
use crate::i18n::Texts;

/// Draws the status of one machine; a changed state or crew status goes
/// to `out` (one undoable edit each). The crew figures' contact and
/// engagement come from the table when they have a piece there.
pub fn show(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &ConfrontationGame,
    table: &Table,
    machine: &GameMachine,
    out: &mut Vec<ConfrontationEdit>,
) {
    let (card, state, sp_history) = (&machine.card, &machine.state, &machine.sp_history);
    let mut next = state.clone();
    ui.label(
        egui::RichText::new(texts.f("conf.status.heading", &[("name", &card.spec().name)]))
            .strong(),
    );
    let start = card.sp();
    let left = state.sp_left(card);
    let sp_text = texts.f(
        "conf.status.sp",
        &[("left", &left.to_string()), ("start", &start.to_string())],
    );
    ui.label(sp_text);
    if start > 0 {
        ui.add(egui::ProgressBar::new(left as f32 / start as f32).desired_width(220.0));
    }
    match state.penalty(card) {
        Ok(p) => {
            ui.label(texts.f("conf.status.penalty", &[("penalty", &p.to_string())]));
        }
        Err(e) => {
            ui.colored_label(ui.visuals().error_fg_color, e.to_string());
        }
    }
    if state.destroyed {
        ui.colored_label(
            ui.visuals().error_fg_color,
            texts.t("conf.status.is_destroyed"),
        );
    }
    if !sp_history.is_empty() {
        let history: Vec<String> = sp_history.iter().map(ToString::to_string).collect();
        ui.weak(texts.f("conf.status.history", &[("history", &history.join(", "))]));
    }
    ui.horizontal(|ui| {
        if ui
            .add_enabled(left > 0, egui::Button::new(texts.t("conf.status.lose")))
            .clicked()
        {
            next.lose_sp(card, 1);
        }
        if ui
            .add_enabled(
                state.sp_lost > 0,
                egui::Button::new(texts.t("conf.status.regain")),
            )
            .clicked()
        {
            next.regain_sp(1);
            if next.sp_left(card) > 0 {
                next.destroyed = false;
            }
        }
        if ui.button(texts.t("conf.status.new_round")).clicked() {
            next.new_round();
        }
    });
    ui.label(egui::RichText::new(texts.t("conf.status.markers")).strong());
    ui.checkbox(&mut next.speed_marker, texts.t("conf.status.speed_marker"));
    ui.checkbox(&mut next.jammed, texts.t("conf.status.jammed"));
    ui.checkbox(&mut next.repair_tried, texts.t("conf.status.repair_tried"));
    ui.checkbox(&mut next.destroyed, texts.t("conf.status.destroyed"));
    ui.label(egui::RichText::new(texts.t("conf.status.steam")).strong());
    ui.checkbox(&mut next.steam.overheat, texts.t("conf.steam.overheat"));
    ui.checkbox(&mut next.steam.leak, texts.t("conf.steam.leak"));
    ui.checkbox(&mut next.steam.cracked, texts.t("conf.steam.cracked"));
    ui.checkbox(
        &mut next.steam.damaged_valve,
        texts.t("conf.steam.damaged_valve"),
    );
    ui.checkbox(
        &mut next.steam.total_failure,
        texts.t("conf.steam.total_failure"),
    );
    ui.checkbox(&mut next.steam.exploded, texts.t("conf.steam.exploded"));
    let crew: Vec<_> = game.crew_of(machine.id).collect();
    if !crew.is_empty() {
        ui.label(egui::RichText::new(texts.t("conf.status.crew")).strong());
        for (i, figure) in crew.iter().enumerate() {
            let n = (i + 1).to_string();
            let args = [("n", n.as_str()), ("name", figure.name())];
            let status = game.crew_status(table, figure);
            let (mut in_contact, mut engaged, mut fleeing) =
                (status.in_contact, status.engaged, status.fleeing);
            let mut changed = false;
            ui.horizontal_wrapped(|ui| {
                // Measured on the table: contact and engagement are the
                // table's, only fleeing is stated.
                for (value, key, enabled) in [
                    (&mut in_contact, "conf.status.crew_member", !status.measured),
                    (&mut engaged, "conf.status.crew_engaged", !status.measured),
                    (&mut fleeing, "conf.status.crew_fleeing", true),
                ] {
                    changed |= ui
                        .add_enabled(enabled, egui::Checkbox::new(value, texts.f(key, &args)))
                        .changed();
                }
            });
            if changed {
                out.push(ConfrontationEdit::SetCrew {
                    crew: figure.id,
                    in_contact: if status.measured {
                        figure.in_contact
                    } else {
                        in_contact
                    },
                    engaged: if status.measured {
                        figure.engaged
                    } else {
                        engaged
                    },
                    fleeing,
                });
            }
        }
    }
    if !card.is_mobile() {
        ui.label(move_text(texts, game, table, machine.id));
    }
    if next != *state {
        out.push(ConfrontationEdit::SetMachineState {
            machine: machine.id,
            state: next,
        });
    }
}

/// How far the crew may move an immobile machine (C3): the crate's mover
/// rule (in contact, neither engaged nor fleeing, at most as many as may
/// touch it).
pub fn move_text(texts: &Texts, game: &ConfrontationGame, table: &Table, machine: Id) -> String {
    match game.crew_allowance(table, machine) {
        None => texts.t("conf.move.no_crew").to_owned(),
        Some(Ok(allowance)) => texts.f(
            "conf.move.allowed",
            &[
                ("walk", &allowance.walk_cm.to_string()),
                ("run", &allowance.run_cm.to_string()),
                ("x", &allowance.penalty.to_string()),
                ("movers", &game.movers(table, machine).len().to_string()),
            ],
        ),
        Some(Err(e)) => e.to_string(),
    }
}
