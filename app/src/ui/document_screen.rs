//! The screen of the active document: a game or an event.

use eframe::egui;
use feldherr_dice::Dice;

use crate::app::Command;
use crate::document::Document;
use crate::i18n::Texts;
use crate::session::OpenDocument;
use crate::systems::EventUi;
use crate::ui::game::GameScreen;

/// Runtime state of the document screen (reset when another document
/// becomes active).
#[derive(Debug, Default)]
pub struct DocumentScreen {
    game: GameScreen,
    event: Option<Box<dyn EventUi>>,
}

impl DocumentScreen {
    /// Draws the active document.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        open: &OpenDocument,
        dice: &mut Dice,
        commands: &mut Vec<Command>,
    ) {
        if let Some((original, keys)) = open.read_only() {
            read_only_banner(ui, texts, original, keys);
        }
        match open.document() {
            Document::Game(game) => {
                self.game
                    .show(ui, texts, game, open.revision(), dice, commands)
            }
            Document::Event(event) => {
                let screen = self.event.get_or_insert_with(|| event.event.ui());
                screen.set_location(open.path());
                screen.show(ui, texts, event, open.revision(), commands);
            }
        }
    }
}

/// The banner over a document opened read-only: which file, which unknown
/// keys were left out, and that "Save as" another file is the way on.
fn read_only_banner(ui: &mut egui::Ui, texts: &Texts, original: &std::path::Path, keys: &[String]) {
    let file = original.display().to_string();
    let keys = keys.join(", ");
    egui::Frame::new()
        .fill(ui.visuals().warn_fg_color.gamma_multiply(0.15))
        .stroke(egui::Stroke::new(1.0, ui.visuals().warn_fg_color))
        .inner_margin(egui::Margin::same(8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.strong(texts.t("read_only.banner_title"));
            ui.add(
                egui::Label::new(texts.f(
                    "read_only.banner",
                    &[("file", file.as_str()), ("keys", keys.as_str())],
                ))
                .wrap(),
            );
        });
    ui.add_space(4.0);
}
