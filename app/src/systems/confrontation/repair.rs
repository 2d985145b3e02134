//! The repair form (C10): which Mechaniker repairs (a crew figure
//! deployed with the machine, touching it, no enemy; his X); the crate
//! checks him against the machine (damaged, once per round, not destroyed)
//! and saves the machine's SP at the start.

use eframe::egui;
use feldherr_confrontation::ConfrontationGame;
use feldherr_play::Id;
use feldherr_table::Table;

use super::{ConfrontationKind, GameMachine};
use crate::i18n::Texts;

/// The chosen Mechaniker and the last problem.
#[derive(Debug, Default)]
pub struct RepairForm {
    mechanic: Option<Id>,
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
        table: &Table,
        m: &GameMachine,
    ) -> Option<ConfrontationKind> {
        let mechanics = game.mechanics(table, m.id);
        if self.for_machine != Some(m.id)
            || self
                .mechanic
                .is_none_or(|id| !mechanics.iter().any(|(c, _)| *c == id))
        {
            self.for_machine = Some(m.id);
            self.mechanic = mechanics.first().map(|(c, _)| *c);
            self.error = None;
        }
        ui.label(egui::RichText::new(texts.t("conf.repair.heading")).strong());
        let name_of = |id: Id, x: u32| {
            let name = game.crew_figure(id).map_or("?", |c| c.name());
            format!("{name} ({} {x})", texts.t("conf.repair.x"))
        };
        let mut added = None;
        ui.horizontal(|ui| {
            if mechanics.is_empty() {
                ui.weak(texts.t("conf.repair.no_mechanic"));
            } else {
                let chosen = mechanics
                    .iter()
                    .find(|(c, _)| Some(*c) == self.mechanic)
                    .map(|(c, x)| name_of(*c, *x))
                    .unwrap_or_default();
                egui::ComboBox::from_label(texts.t("conf.repair.mechanic"))
                    .selected_text(chosen)
                    .show_ui(ui, |ui| {
                        for (c, x) in &mechanics {
                            ui.selectable_value(&mut self.mechanic, Some(*c), name_of(*c, *x));
                        }
                    });
            }
            if ui.button(texts.t("conf.repair.add")).clicked() {
                match self.resolution(texts, game, table, m) {
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
        table: &Table,
        m: &GameMachine,
    ) -> Result<ConfrontationKind, String> {
        if m.state.destroyed {
            return Err(texts.t("conf.repair.destroyed").to_owned());
        }
        let Some(mechanic) = self.mechanic else {
            return Err(texts.t("conf.repair.no_mechanic").to_owned());
        };
        game.repair_inputs(table, m.id, mechanic)
            .map_err(|e| super::refusal(texts, &e))
    }
}
