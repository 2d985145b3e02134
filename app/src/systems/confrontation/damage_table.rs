//! The Confrontation damage-table screen (C1): enter STR and RES, see the
//! exact odds of SP lost, then resolve step by step.

use eframe::egui;
use feldherr_confrontation::{ConfrontationError, DamageRoll};
use feldherr_dice::Dice;
use feldherr_dice::step::Driver;

use crate::app::{Command, Screen};
use crate::i18n::Texts;
use crate::systems::ToolScreen;
use crate::ui::odds_chart;
use crate::ui::resolution_panel::{PanelAction, ResolutionPanel, ResolutionWords};

/// The screen's state.
#[derive(Debug)]
pub struct DamageTableScreen {
    strength: String,
    resilience: String,
    sacred: bool,
    driver: Option<Driver<DamageRoll>>,
    panel: ResolutionPanel,
}

impl Default for DamageTableScreen {
    fn default() -> Self {
        let mut screen = Self {
            strength: "10".into(),
            resilience: "14".into(),
            sacred: false,
            driver: None,
            panel: ResolutionPanel::default(),
        };
        screen.restart(&Texts::new(crate::i18n::FALLBACK));
        screen
    }
}

impl DamageTableScreen {
    /// The running resolution, if the inputs are valid.
    pub fn driver(&self) -> Option<&Driver<DamageRoll>> {
        self.driver.as_ref()
    }

    fn inputs(&self, texts: &Texts) -> Result<DamageRoll, String> {
        let number = |field: &str, value: &str| {
            value.trim().parse::<i32>().map_err(|_| {
                texts.f(
                    "damage.not_number",
                    &[("field", field), ("value", value.trim())],
                )
            })
        };
        let strength = number("STR", &self.strength)?;
        let resilience = number("RES", &self.resilience)?;
        DamageRoll::new(strength, resilience)
            .map(|roll| roll.sacred(self.sacred))
            .map_err(|e: ConfrontationError| e.to_string())
    }

    fn restart(&mut self, texts: &Texts) {
        self.panel.reset();
        self.driver = self.inputs(texts).ok().map(Driver::new);
    }

    /// Draws the screen.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        dice: &mut Dice,
        commands: &mut Vec<Command>,
    ) {
        egui::Panel::top("damage.top").show(ui, |ui| {
            ui.horizontal(|ui| {
                if ui.button(texts.t("nav.back")).clicked() {
                    commands.push(Command::Show(Screen::Start));
                }
                ui.heading(texts.t("damage.heading"));
            });
        });
        let mut changed = false;
        egui::Panel::left("damage.inputs")
            .resizable(true)
            .default_size(360.0)
            .show(ui, |ui| {
                ui.add_space(6.0);
                ui.label(texts.t("damage.intro"));
                ui.add_space(8.0);
                egui::Grid::new("damage.fields")
                    .num_columns(2)
                    .show(ui, |ui| {
                        let label = ui.label(texts.t("damage.strength"));
                        changed |= ui
                            .add(egui::TextEdit::singleline(&mut self.strength).desired_width(60.0))
                            .labelled_by(label.id)
                            .changed();
                        ui.end_row();
                        let label = ui.label(texts.t("damage.resilience"));
                        changed |= ui
                            .add(
                                egui::TextEdit::singleline(&mut self.resilience)
                                    .desired_width(60.0),
                            )
                            .labelled_by(label.id)
                            .changed();
                        ui.end_row();
                    });
                changed |= ui
                    .checkbox(&mut self.sacred, texts.t("damage.sacred"))
                    .changed();
                ui.add_space(8.0);
                match self.inputs(texts) {
                    Err(message) => {
                        ui.colored_label(ui.visuals().error_fg_color, message);
                    }
                    Ok(roll) => {
                        ui.label(egui::RichText::new(texts.t("damage.odds")).strong());
                        let odds: Vec<_> = roll
                            .distribution()
                            .iter()
                            .map(|(sp, p)| feldherr_dice::OddsLine {
                                label: texts.f("damage.sp_lost", &[("n", &sp.to_string())]),
                                probability: p,
                            })
                            .collect();
                        odds_chart::show(ui, texts, "damage.odds", &odds);
                    }
                }
                ui.add_space(8.0);
                if ui.button(texts.t("damage.new")).clicked() {
                    changed = true;
                }
                if let Some(seed) = dice.seed() {
                    ui.weak(texts.f("panel.seed", &[("seed", &seed.to_string())]));
                }
            });
        if changed {
            self.restart(texts);
        }
        let action: Option<PanelAction> = egui::CentralPanel::default()
            .show(ui, |ui| {
                let driver = self.driver.as_ref()?;
                self.panel
                    .show(ui, texts, driver, &ResolutionWords::plain(driver))
            })
            .inner;
        // Applied after the panel is drawn, never while it is.
        if let (Some(action), Some(driver)) = (action, self.driver.as_mut()) {
            self.panel.apply(ui.ctx(), action, driver, dice);
        }
    }
}

impl ToolScreen for DamageTableScreen {
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        dice: &mut Dice,
        commands: &mut Vec<Command>,
    ) {
        DamageTableScreen::show(self, ui, texts, dice, commands);
    }
}
