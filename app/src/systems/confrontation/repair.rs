//! The repair form (C10): a Mechaniker's X; the crate checks it against
//! the machine (damaged, once per round, not destroyed) and saves the
//! machine's SP at the start.

use eframe::egui;
use feldherr_confrontation::ConfrontationGame;
use feldherr_confrontation::game::mechaniker;
use feldherr_play::Id;

use super::{ConfrontationKind, GameMachine};
use crate::i18n::Texts;

/// The typed X and the last problem.
#[derive(Debug, Default)]
pub struct RepairForm {
    x: String,
    for_machine: Option<Id>,
    error: Option<String>,
}

impl RepairForm {
    /// Draws the form for machine `m`; returns a new resolution.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &ConfrontationGame,
        m: &GameMachine,
    ) -> Option<ConfrontationKind> {
        if self.for_machine != Some(m.id) {
            self.for_machine = Some(m.id);
            self.x = mechaniker(&m.card).unwrap_or(4).to_string();
            self.error = None;
        }
        ui.label(egui::RichText::new(texts.t("conf.repair.heading")).strong());
        let mut added = None;
        ui.horizontal(|ui| {
            let label = ui.label(texts.t("conf.repair.x"));
            ui.add(egui::TextEdit::singleline(&mut self.x).desired_width(40.0))
                .labelled_by(label.id);
            if ui.button(texts.t("conf.repair.add")).clicked() {
                match self.resolution(texts, game, m) {
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
        game: &ConfrontationGame,
        m: &GameMachine,
    ) -> Result<ConfrontationKind, String> {
        let x = self.x.trim().parse::<u32>().map_err(|_| {
            texts.f(
                "conf.card.not_number",
                &[("field", "Mechaniker X"), ("value", self.x.trim())],
            )
        })?;
        if m.state.destroyed {
            return Err(texts.t("conf.repair.destroyed").to_owned());
        }
        game.repair_inputs(m.id, x)
            .map_err(|e| super::refusal(texts, &e))
    }
}
