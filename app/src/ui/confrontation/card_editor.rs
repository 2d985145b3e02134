//! The machine card editor: every value of a card as typed text, checked
//! by `MachineCard::new` (errors name the field), and the text's example
//! cards from the fixtures.

use eframe::egui;
use feldherr_confrontation::{MachineCard, MachineSpec, Mobility, Size};

use crate::i18n::Texts;

/// The example cards of the fixtures, by name.
const FIXTURES: &str = include_str!("../../../../fixtures/confrontation/machine_cards.json");

/// The examples offered: the movement example's Panzerwagen, the crew
/// example's Ballista, the Felsspalter and the damage chapter's 8-SP tank.
pub const EXAMPLES: [&str; 4] = ["Panzerwagen", "Ballista", "Felsspalter", "Panzer"];

/// The example card named `name`, from the fixtures.
pub fn example(name: &str) -> Option<MachineCard> {
    let value: serde_json::Value = serde_json::from_str(FIXTURES).ok()?;
    value
        .get("cards")?
        .as_array()?
        .iter()
        .filter_map(|entry| entry.get("card"))
        .find(|card| card.get("name").and_then(|n| n.as_str()) == Some(name))
        .and_then(|card| serde_json::from_value(card.clone()).ok())
}

/// What the editor asks the panel to do.
#[derive(Debug, Clone, PartialEq)]
pub enum EditorAction {
    /// Add the card as a new machine.
    Add(MachineCard),
    /// Replace the card of the selected machine.
    Save(MachineCard),
}

/// The typed text of a card.
#[derive(Debug, Clone)]
pub struct CardEditor {
    name: String,
    mobility: Mobility,
    carried: bool,
    sp: String,
    gew: String,
    bes: String,
    res: String,
    bew: String,
    courage: String,
    discipline: String,
    size: Size,
    artillery: String,
    abilities: String,
    crew: String,
    auxiliary: String,
    error: Option<String>,
}

impl Default for CardEditor {
    fn default() -> Self {
        Self {
            name: String::new(),
            mobility: Mobility::Mobile,
            carried: false,
            sp: String::new(),
            gew: String::new(),
            bes: String::new(),
            res: String::new(),
            bew: String::new(),
            courage: String::new(),
            discipline: String::new(),
            size: Size::VeryLarge,
            artillery: String::new(),
            abilities: "[]".into(),
            crew: "[]".into(),
            auxiliary: String::new(),
            error: None,
        }
    }
}

fn number_text(value: Option<u32>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

fn json_text<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

fn typed_value<T: serde::de::DeserializeOwned>(
    texts: &Texts,
    field: &str,
    value: serde_json::Value,
) -> Result<T, String> {
    serde_json::from_value(value).map_err(|e| {
        texts.f(
            "conf.card.bad_json",
            &[("field", field), ("error", &e.to_string())],
        )
    })
}

impl CardEditor {
    /// Fills the fields from a card.
    pub fn load(&mut self, card: &MachineCard) {
        let spec = card.spec();
        self.name = spec.name.clone();
        self.mobility = spec.mobility;
        self.carried = spec.carried_by_owner;
        self.sp = number_text(spec.sp);
        self.gew = number_text(spec.gew);
        self.bes = number_text(spec.bes);
        self.res = spec.res.to_string();
        self.bew = number_text(spec.bew);
        self.courage = number_text(spec.courage);
        self.discipline = number_text(spec.discipline);
        self.size = spec.size;
        self.artillery = spec.artillery.as_ref().map(json_text).unwrap_or_default();
        self.abilities = json_text(&spec.abilities);
        self.crew = json_text(&spec.crew);
        self.auxiliary = spec.auxiliary.as_ref().map(json_text).unwrap_or_default();
        self.error = None;
    }

    /// The checked card, or the problem naming the field.
    pub fn card(&self, texts: &Texts) -> Result<MachineCard, String> {
        let number = |field: &str, value: &str| -> Result<Option<u32>, String> {
            let value = value.trim();
            if value.is_empty() || value == "-" {
                return Ok(None);
            }
            value.parse::<u32>().map(Some).map_err(|_| {
                texts.f(
                    "conf.card.not_number",
                    &[("field", field), ("value", value)],
                )
            })
        };
        let json = |field: &str, value: &str, empty: &str| -> Result<serde_json::Value, String> {
            let value = if value.trim().is_empty() {
                empty
            } else {
                value.trim()
            };
            serde_json::from_str(value).map_err(|e| {
                texts.f(
                    "conf.card.bad_json",
                    &[("field", field), ("error", &e.to_string())],
                )
            })
        };
        let res = number("RES", &self.res)?
            .ok_or_else(|| texts.f("conf.card.required", &[("field", "RES")]))?;
        let spec = MachineSpec {
            name: self.name.trim().to_owned(),
            mobility: self.mobility,
            carried_by_owner: self.carried,
            sp: number("SP", &self.sp)?,
            gew: number("GEW", &self.gew)?,
            bes: number("BES", &self.bes)?,
            res,
            bew: number("BEW", &self.bew)?,
            courage: number("courage", &self.courage)?,
            discipline: number("discipline", &self.discipline)?,
            size: self.size,
            artillery: typed_value(
                texts,
                "artillery",
                json("artillery", &self.artillery, "null")?,
            )?,
            abilities: typed_value(
                texts,
                "abilities",
                json("abilities", &self.abilities, "[]")?,
            )?,
            crew: typed_value(texts, "crew", json("crew", &self.crew, "[]")?)?,
            auxiliary: typed_value(
                texts,
                "auxiliary",
                json("auxiliary", &self.auxiliary, "null")?,
            )?,
        };
        if spec.name.is_empty() {
            return Err(texts.f("conf.card.required", &[("field", "name")]));
        }
        MachineCard::new(spec).map_err(|e| e.to_string())
    }

    /// Draws the editor; `selected` is whether a machine is selected (then
    /// its card can be saved).
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        selected: bool,
    ) -> Option<EditorAction> {
        ui.label(egui::RichText::new(texts.t("conf.card.heading")).strong());
        ui.horizontal_wrapped(|ui| {
            ui.label(texts.t("conf.card.examples"));
            for name in EXAMPLES {
                if ui
                    .button(texts.f("conf.card.load_example", &[("name", name)]))
                    .clicked()
                    && let Some(card) = example(name)
                {
                    self.load(&card);
                }
            }
        });
        egui::Grid::new("conf.card").num_columns(2).show(ui, |ui| {
            let text = |ui: &mut egui::Ui, key: &str, value: &mut String, width: f32| {
                let label = ui.label(texts.t(key));
                ui.add(egui::TextEdit::singleline(value).desired_width(width))
                    .labelled_by(label.id);
                ui.end_row();
            };
            text(ui, "conf.card.name", &mut self.name, 180.0);
            ui.label(texts.t("conf.card.mobility"));
            ui.horizontal(|ui| {
                ui.selectable_value(
                    &mut self.mobility,
                    Mobility::Mobile,
                    texts.t("conf.card.mobile"),
                );
                ui.selectable_value(
                    &mut self.mobility,
                    Mobility::Immobile,
                    texts.t("conf.card.immobile"),
                );
            });
            ui.end_row();
            ui.label("");
            ui.checkbox(&mut self.carried, texts.t("conf.card.carried"));
            ui.end_row();
            text(ui, "conf.card.sp", &mut self.sp, 60.0);
            text(ui, "conf.card.gew", &mut self.gew, 60.0);
            text(ui, "conf.card.bes", &mut self.bes, 60.0);
            text(ui, "conf.card.res", &mut self.res, 60.0);
            text(ui, "conf.card.bew", &mut self.bew, 60.0);
            text(ui, "conf.card.courage", &mut self.courage, 60.0);
            text(ui, "conf.card.discipline", &mut self.discipline, 60.0);
            ui.label(texts.t("conf.card.size"));
            ui.horizontal_wrapped(|ui| {
                for (size, key) in [
                    (Size::Small, "conf.size.small"),
                    (Size::Normal, "conf.size.normal"),
                    (Size::Large, "conf.size.large"),
                    (Size::VeryLarge, "conf.size.very_large"),
                ] {
                    ui.selectable_value(&mut self.size, size, texts.t(key));
                }
            });
            ui.end_row();
            text(ui, "conf.card.artillery", &mut self.artillery, 260.0);
            text(ui, "conf.card.abilities", &mut self.abilities, 260.0);
            text(ui, "conf.card.crew", &mut self.crew, 260.0);
            text(ui, "conf.card.auxiliary", &mut self.auxiliary, 260.0);
        });
        ui.weak(texts.t("conf.card.json_hint"));
        let mut action = None;
        ui.horizontal(|ui| {
            if ui.button(texts.t("conf.card.add")).clicked() {
                action = self.checked(texts).map(EditorAction::Add);
            }
            if ui
                .add_enabled(selected, egui::Button::new(texts.t("conf.card.save")))
                .clicked()
            {
                action = self.checked(texts).map(EditorAction::Save);
            }
        });
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        action
    }

    fn checked(&mut self, texts: &Texts) -> Option<MachineCard> {
        match self.card(texts) {
            Ok(card) => {
                self.error = None;
                Some(card)
            }
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_loads() {
        for name in EXAMPLES {
            let card = example(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(card.spec().name, name);
        }
        assert_eq!(example("Panzer").map(|c| c.sp()), Some(8));
    }

    #[test]
    fn a_loaded_card_reads_back_the_same() {
        let texts = Texts::new("en");
        for name in EXAMPLES {
            let card = example(name).expect("example");
            let mut editor = CardEditor::default();
            editor.load(&card);
            assert_eq!(editor.card(&texts), Ok(card));
        }
    }
}
