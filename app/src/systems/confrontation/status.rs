//! The machine status panel: SP bar with the start value, the C2 penalty,
//! markers (speed, jam, repair, steam and naphtha), crew in contact,
//! destroyed. Every change comes back as a new state (one undoable edit).

use eframe::egui;

use super::{ConfrontationEdit, GameMachine};
use crate::i18n::Texts;

/// Draws the status of one machine; a changed state or crew status goes
/// to `out` (one undoable edit each).
pub fn show(
    ui: &mut egui::Ui,
    texts: &Texts,
    machine: &GameMachine,
    out: &mut Vec<ConfrontationEdit>,
) {
    let (card, state, sp_history) = (&machine.card, &machine.state, &machine.sp_history);
    let mut next = state.clone();
    let mut engaged = machine.crew_engaged.clone();
    let mut fleeing = machine.crew_fleeing.clone();
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
    let crew = &card.spec().crew;
    if !crew.is_empty() {
        ui.label(egui::RichText::new(texts.t("conf.status.crew")).strong());
        for (i, figure) in crew.iter().enumerate() {
            let n = (i + 1).to_string();
            let args = [("n", n.as_str()), ("name", figure.name.as_str())];
            ui.horizontal_wrapped(|ui| {
                for (list, key) in [
                    (&mut next.crew_in_contact, "conf.status.crew_member"),
                    (&mut engaged, "conf.status.crew_engaged"),
                    (&mut fleeing, "conf.status.crew_fleeing"),
                ] {
                    let mut on = list.contains(&i);
                    if ui.checkbox(&mut on, texts.f(key, &args)).changed() {
                        if on {
                            list.push(i);
                            list.sort_unstable();
                        } else {
                            list.retain(|c| *c != i);
                        }
                    }
                }
            });
        }
    }
    if !card.is_mobile() {
        ui.label(move_text(texts, machine));
    }
    if next != *state {
        out.push(ConfrontationEdit::SetMachineState {
            machine: machine.id,
            state: next,
        });
    } else if engaged != machine.crew_engaged || fleeing != machine.crew_fleeing {
        out.push(ConfrontationEdit::SetCrewStatus {
            machine: machine.id,
            engaged,
            fleeing,
            contact_limit: machine.contact_limit,
        });
    }
}

/// How far the crew may move an immobile machine (C3): the crate's mover
/// rule (in contact, neither engaged nor fleeing, at most as many as may
/// touch it).
pub fn move_text(texts: &Texts, machine: &GameMachine) -> String {
    match machine.crew_allowance() {
        None => texts.t("conf.move.no_crew").to_owned(),
        Some(Ok(allowance)) => texts.f(
            "conf.move.allowed",
            &[
                ("walk", &allowance.walk_cm.to_string()),
                ("run", &allowance.run_cm.to_string()),
                ("x", &allowance.penalty.to_string()),
                ("movers", &machine.movers().len().to_string()),
            ],
        ),
        Some(Err(e)) => e.to_string(),
    }
}
