//! The machine status panel: SP bar with the start value, the C2 penalty,
//! markers (speed, jam, repair, steam and naphtha), crew in contact,
//! destroyed. Every change comes back as a new state (one undoable edit).

use eframe::egui;
use feldherr_confrontation::crew::{MoveAllowance, immobile_move};
use feldherr_confrontation::{MachineCard, MachineState};

use crate::i18n::Texts;

/// Draws the status of one machine; returns the changed state, if any.
pub fn show(
    ui: &mut egui::Ui,
    texts: &Texts,
    card: &MachineCard,
    state: &MachineState,
    sp_history: &[u32],
) -> Option<MachineState> {
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
    let crew = &card.spec().crew;
    if !crew.is_empty() {
        ui.label(egui::RichText::new(texts.t("conf.status.crew")).strong());
        for (i, figure) in crew.iter().enumerate() {
            let mut in_contact = next.crew_in_contact.contains(&i);
            let label = texts.f(
                "conf.status.crew_member",
                &[("n", &(i + 1).to_string()), ("name", &figure.name)],
            );
            if ui.checkbox(&mut in_contact, label).changed() {
                if in_contact {
                    next.crew_in_contact.push(i);
                    next.crew_in_contact.sort_unstable();
                } else {
                    next.crew_in_contact.retain(|c| *c != i);
                }
            }
        }
    }
    if !card.is_mobile() {
        ui.label(move_text(texts, card, state));
    }
    (next != *state).then_some(next)
}

/// What the crew in contact may do with an immobile machine (C3); `None`
/// when no crew is in contact.
pub fn crew_allowance(
    card: &MachineCard,
    state: &MachineState,
) -> Option<Result<MoveAllowance, feldherr_confrontation::ConfrontationError>> {
    let crew = &card.spec().crew;
    let bew: Vec<u32> = state
        .crew_in_contact
        .iter()
        .filter_map(|&i| crew.get(i).map(|c| c.bew))
        .collect();
    if bew.is_empty() {
        return None;
    }
    Some(immobile_move(
        card.spec().gew.unwrap_or(0),
        &bew,
        crew.len() as u32,
    ))
}

/// How far the crew in contact may move an immobile machine (C3).
pub fn move_text(texts: &Texts, card: &MachineCard, state: &MachineState) -> String {
    match crew_allowance(card, state) {
        None => texts.t("conf.move.no_crew").to_owned(),
        Some(Ok(allowance)) => texts.f(
            "conf.move.allowed",
            &[
                ("walk", &allowance.walk_cm.to_string()),
                ("run", &allowance.run_cm.to_string()),
                ("x", &allowance.penalty.to_string()),
                ("movers", &state.crew_in_contact.len().to_string()),
            ],
        ),
        Some(Err(e)) => e.to_string(),
    }
}
