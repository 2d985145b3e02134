//! The repair form (C10): a Mechaniker's X, checked against the machine's
//! state (once per round, not at 0 SP), saved as a resolution with the
//! machine's SP at the start.

use eframe::egui;
use feldherr_confrontation::{CrewAbility, MachineCard, MachineState, Repair};

use super::game::ResolutionKind;
use crate::i18n::Texts;

/// The typed X and the last problem.
#[derive(Debug, Default)]
pub struct RepairForm {
    x: String,
    for_machine: Option<usize>,
    error: Option<String>,
}

/// The best Mechaniker X among the crew, if any.
fn mechaniker(card: &MachineCard) -> Option<u32> {
    card.spec()
        .crew
        .iter()
        .flat_map(|c| &c.abilities)
        .filter_map(|a| match a {
            CrewAbility::Mechaniker(x) => Some(*x),
            _ => None,
        })
        .min()
}

impl RepairForm {
    /// Draws the form for machine `index`; returns a new resolution.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        index: usize,
        card: &MachineCard,
        state: &MachineState,
    ) -> Option<ResolutionKind> {
        if self.for_machine != Some(index) {
            self.for_machine = Some(index);
            self.x = mechaniker(card).unwrap_or(4).to_string();
            self.error = None;
        }
        ui.label(egui::RichText::new(texts.t("conf.repair.heading")).strong());
        let mut added = None;
        ui.horizontal(|ui| {
            let label = ui.label(texts.t("conf.repair.x"));
            ui.add(egui::TextEdit::singleline(&mut self.x).desired_width(40.0))
                .labelled_by(label.id);
            if ui.button(texts.t("conf.repair.add")).clicked() {
                match self.resolution(texts, index, card, state) {
                    Ok(saved) => {
                        self.error = None;
                        added = Some(saved);
                    }
                    Err(e) => self.error = Some(e),
                }
            }
        });
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        added
    }

    fn resolution(
        &self,
        texts: &Texts,
        index: usize,
        card: &MachineCard,
        state: &MachineState,
    ) -> Result<ResolutionKind, String> {
        let x = self.x.trim().parse::<u32>().map_err(|_| {
            texts.f(
                "conf.card.not_number",
                &[("field", "Mechaniker X"), ("value", self.x.trim())],
            )
        })?;
        if state.destroyed {
            return Err(texts.t("conf.repair.destroyed").to_owned());
        }
        Repair::check_once(state.repair_tried).map_err(|e| e.to_string())?;
        let lost = state.sp_lost.min(card.sp());
        Repair::new(x, card.sp(), lost).map_err(|e| e.to_string())?;
        let saved = ResolutionKind::ConfrontationRepair {
            machine: index,
            x,
            start_sp: card.sp(),
            lost,
            applied: false,
        };
        saved.check(&[])?;
        Ok(saved)
    }
}
