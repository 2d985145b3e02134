//! Rules cards: each game of the event summarised for the players, in the
//! catalogue's language. Printed with the slips, too.

use eframe::egui;

use feldherr_wfb_newyear::RULE_CARDS;

use crate::i18n::Texts;

/// Title and body lines of card `index`, in the interface language.
fn rule_card_text(texts: &Texts, index: usize) -> Option<(String, Vec<String>)> {
    let (title, body) = RULE_CARDS.get(index)?;
    Some((
        texts.t(title).to_owned(),
        texts.t(body).lines().map(str::to_owned).collect(),
    ))
}

/// Draws all cards.
pub fn show(ui: &mut egui::Ui, texts: &Texts) {
    for index in 0..RULE_CARDS.len() {
        let Some((title, lines)) = rule_card_text(texts, index) else {
            continue;
        };
        egui::Frame::group(ui.style())
            .inner_margin(egui::Margin::same(12))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(egui::RichText::new(title).strong().size(18.0));
                for line in lines {
                    ui.label(format!("•  {line}"));
                }
            });
        ui.add_space(8.0);
    }
}
